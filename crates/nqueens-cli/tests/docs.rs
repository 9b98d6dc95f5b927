//! The shell completions and the manual pages the binary generates.

use std::process::Command as Process;

use crate::common::{assert_usage_error, nqueens, stdout_of};

#[test]
fn every_shell_gets_a_completion_script() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout_of(&["completions", shell]);
        assert!(script.contains("nqueens"), "{shell}");
        assert!(script.contains("complete"), "{shell}");
    }
    assert_usage_error(
        nqueens().args(["completions", "tcsh"]),
        "invalid value 'tcsh'",
    );
}

#[test]
fn bash_sources_the_completion_script_and_completes_subcommands() {
    let dir = std::env::temp_dir().join(format!("nqueens-completions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("nqueens.bash");
    std::fs::write(&script, stdout_of(&["completions", "bash"])).unwrap();
    // Source it, then ask the completion function what follows `nqueens so`.
    let probe = format!(
        "set -e; source '{}'; COMP_WORDS=(nqueens so); COMP_CWORD=1; COMP_LINE='nqueens so'; COMP_POINT=10; _nqueens nqueens so nqueens; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display()
    );
    let out = Process::new("bash").arg("-c").arg(&probe).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "solve");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Renders a page with `man -l`, returning its text; groff's warnings fail the test.
fn rendered(page: &str) -> String {
    let dir = std::env::temp_dir().join(format!("nqueens-man-{}-{page}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("page.1");
    let args: Vec<&str> = if page == "nqueens" {
        vec!["man"]
    } else {
        vec!["man", page]
    };
    std::fs::write(&file, stdout_of(&args)).unwrap();
    let out = Process::new("man")
        .arg("-l")
        .arg(&file)
        .env("MANWIDTH", "80")
        .output()
        .expect("man (man-db) is installed");
    std::fs::remove_dir_all(&dir).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.is_empty(),
        "{page}: {stderr}"
    );
    // Bold and underline come as overstrikes (`N\bN`): keep the letters.
    let mut text = String::new();
    for c in String::from_utf8_lossy(&out.stdout).chars() {
        if c == '\u{8}' {
            text.pop();
        } else {
            text.push(c);
        }
    }
    text
}

#[test]
fn man_renders_the_pages() {
    let top = rendered("nqueens");
    for heading in ["NAME", "SYNOPSIS", "SUBCOMMANDS"] {
        assert!(top.contains(heading), "{top}");
    }
    assert!(top.contains("nqueens-complete(1)"), "{top}");
    let complete = rendered("complete");
    assert!(complete.contains("nqueens-complete"), "{complete}");
    assert!(complete.contains("--timeout"), "{complete}");
    assert_usage_error(nqueens().args(["man", "frob"]), "no command 'frob'");
}
