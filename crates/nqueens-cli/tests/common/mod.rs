//! Helpers shared by the command-line test crates.

#![allow(dead_code)] // each test crate uses its own subset

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The `nqueens` binary under test.
pub(crate) fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

/// The standard output of a successful run of `cmd`.
pub(crate) fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap()
}

/// The standard output of a successful `nqueens ARGS`.
pub(crate) fn stdout_of(args: &[&str]) -> String {
    stdout(nqueens().args(args))
}

/// `nqueens ARGS` started with its stdout and stderr piped to the test, for a test that
/// reads part of its output or signals it while it runs.
pub(crate) fn spawn_piped<S: AsRef<std::ffi::OsStr>>(
    args: impl IntoIterator<Item = S>,
) -> std::process::Child {
    use std::process::Stdio;
    std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs `nqueens ARGS` with `input` on stdin and its reader gone before it writes, as
/// `| head -0` leaves it; its exit code.
pub(crate) fn code_with_stdout_closed<S: AsRef<std::ffi::OsStr>>(
    args: impl IntoIterator<Item = S>,
    input: &[u8],
) -> Option<i32> {
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, input).unwrap();
    drop(stdin);
    child.wait().unwrap().code()
}

/// Asserts a usage error: exit 2, nothing on stdout, one line on stderr starting with
/// `nqueens: ` and containing `needle`, and no panic.
pub(crate) fn assert_usage_error(cmd: &mut Command, needle: &str) {
    let out = cmd.assert().code(2).stdout("").get_output().stderr.clone();
    let err = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| !l.starts_with("How many queens?"))
        .collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].starts_with("nqueens: "), "{err}");
    assert!(lines[0].contains(needle), "wanted {needle:?} in {err}");
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
}

/// A fresh, empty scratch directory for one test, named for it and for this process.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `nqueens plan N -o DIR/planN.json`, and the plan's path.
pub(crate) fn make_plan(dir: &Path, n: &str) -> PathBuf {
    let path = dir.join(format!("plan{n}.json"));
    nqueens()
        .args(["plan", n, "-o"])
        .arg(&path)
        .assert()
        .success();
    path
}

/// Sends each of `signals` to `child`, a third of a second apart, once `file` exists and
/// `after` more has passed; returns how the child ended and what it said on stderr.
#[cfg(unix)]
pub(crate) fn signalled(
    child: std::process::Child,
    file: &Path,
    after: std::time::Duration,
    signals: &[i32],
) -> (std::process::ExitStatus, String) {
    let started = std::time::Instant::now();
    while !file.exists() && started.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(after);
    let pid = i32::try_from(child.id()).unwrap();
    for (i, &signal) in signals.iter().enumerate() {
        if i > 0 {
            std::thread::sleep(std::time::Duration::from_millis(300));
        }
        // SAFETY: kill only sends a signal to the child this test started and still holds.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    }
    let out = child.wait_with_output().unwrap();
    (out.status, String::from_utf8(out.stderr).unwrap())
}
