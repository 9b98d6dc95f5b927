//! `solve N --limit 1 --proof FILE` and `verify --first N FILE`: the certificate of a first
//! solution, written as the walk proves, resumed after a kill, and checked by the plain
//! search so that a wrong one is refused.

use std::ffi::OsStr;
use std::path::Path;

use crate::common::{code_with_stdout_closed, nqueens, spawn_piped};

/// Runs `solve n --limit 1 --proof path`; its exit code, stdout and stderr.
fn prove(n: usize, path: &Path, more: &[&str]) -> (Option<i32>, String, String) {
    let out = nqueens()
        .args([
            "solve",
            &n.to_string(),
            "--limit",
            "1",
            "-f",
            "columns",
            "--proof",
        ])
        .arg(path)
        .args(more)
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// Runs `verify --first n path` and the options `more`; its exit code and stdout.
fn verify(n: usize, path: &Path, more: &[&str]) -> (Option<i32>, String) {
    let out = nqueens()
        .args(["verify", "--first", &n.to_string()])
        .arg(path)
        .args(more)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

/// `text`, a progress file, edited by `edit` and given the checksum nqueens gives it: what
/// a forger who read the source can write.
fn forged(text: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    use sha2::{Digest, Sha256};
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    let nums = |v: &serde_json::Value| -> Vec<u64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect()
    };
    let completions: Vec<(Vec<u64>, Vec<u64>)> = v["completions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (nums(&p[0]), nums(&p[1])))
        .collect();
    let question = v.get("question").map(|q| {
        let paused: Vec<(u64, Vec<u64>)> = q["paused"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_u64().unwrap(), nums(&p[1])))
            .collect();
        let subtrees = q["subtrees"].as_u64().unwrap();
        format!(
            "{:?}|{subtrees}|{:?}|{paused:?}",
            nums(&q["prefix"]),
            nums(&q["empty"])
        )
    });
    let share = v
        .get("share")
        .map(|s| (s[0].as_u64().unwrap(), s[1].as_u64().unwrap()));
    let signed = format!(
        "nqueens-progress|{}|{share:?}|{completions:?}|{question:?}|{}",
        v["n"],
        v["version"].as_str().unwrap()
    );
    v["checksum"] = hex::encode(&Sha256::digest(signed.as_bytes())[..8]).into();
    serde_json::to_string(&v).unwrap()
}

#[test]
fn a_proof_is_written_resumed_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("first-20.jsonl");
    let (code, printed, said) = prove(20, &path, &[]);
    assert_eq!(code, Some(0), "{said}");
    let first = queens::Solutions::new(20).unwrap().next().unwrap();
    assert_eq!(printed, format!("{:?}\n", first.columns()));
    assert!(
        said.contains("check it with 'nqueens verify --first 20"),
        "{said}"
    );
    let (code, ok) = verify(20, &path, &[]);
    assert_eq!(code, Some(0));
    assert!(ok.starts_with("ok: "), "{ok}");
    // A share reads standard input as it reads the file, and names every byte it read
    // by its SHA-256, a last line cut short too, as `sha256sum` does.
    let share = |input: &[u8]| {
        let out = nqueens()
            .args(["verify", "--first", "20", "-", "--index", "1", "--of", "2"])
            .write_stdin(input)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let sha256 = |bytes: &[u8]| {
        use sha2::{Digest, Sha256};
        hex::encode(Sha256::digest(bytes))
    };
    let bytes = std::fs::read(&path).unwrap();
    let cut_short = [bytes.as_slice(), b"{\"checksum\":\"ab"].concat();
    let sum = sha256(&cut_short);
    assert_eq!(
        share(&bytes),
        verify(20, &path, &["--index", "1", "--of", "2"])
    );
    let (code, said) = share(&cut_short);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.starts_with(&format!(
            "ok: share 1 of 2 of the certificate with SHA-256 {sum} "
        )),
        "{said}"
    );
    // `-` reads the certificate from standard input, with the same verdict.
    nqueens()
        .args(["verify", "--first", "20", "-"])
        .pipe_stdin(&path)
        .unwrap()
        .assert()
        .code(0)
        .stdout(ok.clone());
    nqueens()
        .args(["verify", "--first", "20", "-"])
        .write_stdin("{\"n\":21}\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr("nqueens: standard input is a proof for n = 21, not n = 20\n");
    // Not the lines a run writes: ends of line that are not `\n`, and a line without
    // end, which is not read to its end.
    for (input, message) in [
        (
            bytes
                .iter()
                .map(|&b| if b == b'\n' { b'\r' } else { b })
                .collect(),
            "standard input holds no whole line: a proof's lines end with a line break",
        ),
        (
            vec![b'x'; 70_000],
            "standard input line 1: 65536 bytes without a line break",
        ),
    ] {
        nqueens()
            .args(["verify", "--first", "20", "-"])
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(message));
    }
    // A share that does not exist is a usage error, before the certificate is read.
    for (index, of, message) in [
        ("1", "1", "with one share there is only share 0"),
        ("3", "3", "the shares of 3 are numbered 0 to 2"),
    ] {
        nqueens()
            .args(["verify", "--first", "20", "--index", index, "--of", of])
            .arg(&path)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "nqueens: share {index} does not exist: {message}\n"
            ));
    }
    // Each share names the certificate it checked by the SHA-256 `sha256sum` gives.
    let sha256 = sha256(&bytes);
    for i in 0..3 {
        let (code, said) = verify(20, &path, &["--index", &i.to_string(), "--of", "3"]);
        assert_eq!(code, Some(0), "{said}");
        let claim = format!(
            "ok: share {i} of 3 of the certificate with SHA-256 {sha256} holds that {:?} is the first solution",
            first.columns()
        );
        assert!(said.starts_with(&claim), "{said}");
        assert!(
            said.ends_with("the certificate holds when all 3 shares do\n"),
            "{said}"
        );
    }

    // A kill in the middle of a line: the next run drops the cut line, reads the
    // refutations before it, proves the rest and completes the file.
    let whole = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = whole.lines().collect();
    assert!(lines.len() >= 4, "{whole}");
    let cut = format!("{}\n{}\n{}", lines[0], lines[1], &lines[2][..5]);
    std::fs::write(&path, cut).unwrap();
    let (code, again, said) = prove(20, &path, &[]);
    assert_eq!((code, &again), (Some(0), &printed));
    assert!(said.contains("1 read from it"), "{said}");
    assert_eq!(verify(20, &path, &[]).0, Some(0));
    let resumed = std::fs::read_to_string(&path).unwrap();
    assert_eq!(resumed.lines().count(), lines.len(), "{resumed}");

    // A deadline leaves the refutations so far, exit 3, and the same command resumes.
    let slow = dir.path().join("first-40.jsonl");
    let (code, printed, said) = prove(40, &slow, &["--timeout", "0.5"]);
    assert_eq!((code, printed.as_str()), (Some(3), ""), "{said}");
    assert!(
        said.contains("the same command resumes from them"),
        "{said}"
    );
    assert!(
        std::fs::read_to_string(&slow)
            .unwrap()
            .starts_with("{\"n\":40}\n")
    );
}

#[test]
fn a_wrong_proof_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("first-20.jsonl");
    assert_eq!(prove(20, &path, &[]).0, Some(0));
    let good = std::fs::read_to_string(&path).unwrap();
    let all: Vec<Vec<u32>> = queens::Solutions::new(20)
        .unwrap()
        .take(2)
        .map(|p| p.into_columns())
        .collect();
    let json = |s: &[u32]| serde_json::to_string(s).unwrap();
    let refutations: Vec<&str> = good.lines().filter(|l| l.contains("refuted")).collect();
    let cases = [
        // A refutation removed.
        (
            good.replace(&format!("{}\n", refutations[0]), ""),
            "not proved: no refutation of the prefix",
        ),
        // A later solution with the refutations of the first: the plain search below
        // the rows they cover finds the first.
        (
            good.replace(&json(&all[0]), &json(&all[1])),
            "not proved: below the rows [0, 2, 4, 1, 3, 12] the plain search finds",
        ),
        // A board that is no solution.
        (
            good.replace(&json(&all[0]), &json(&[0; 20])),
            "not proved: the claimed first solution is not a solution",
        ),
    ];
    for (text, message) in cases {
        std::fs::write(&path, &text).unwrap();
        let (code, said) = verify(20, &path, &[]);
        assert_eq!(code, Some(1), "{text}");
        assert!(said.starts_with(message), "{said}\n{text}");
    }
    // Refutations of prefixes that have solutions, with the checksums nqueens gives them:
    // the first in order is named with its first solution, on any number of threads,
    // though the threads prove the pieces of every prefix side by side.
    let refuted = |prefix: &[u32]| {
        use sha2::{Digest, Sha256};
        let signed = format!("nqueens-proof|20|{prefix:?}");
        let checksum = hex::encode(&Sha256::digest(signed.as_bytes())[..8]);
        format!(
            "{{\"refuted\":{},\"checksum\":\"{checksum}\"}}\n",
            json(prefix)
        )
    };
    let forged = format!("{good}{}{}", refuted(&all[1][..12]), refuted(&all[0][..9]));
    std::fs::write(&path, forged).unwrap();
    let named = format!(
        "not proved: the prefix {:?} is listed as refuted, but the solution {:?} starts with it\n",
        &all[0][..9],
        all[0]
    );
    for threads in ["1", "2", "3"] {
        assert_eq!(
            verify(20, &path, &["-j", threads]),
            (Some(1), named.clone())
        );
    }
    // A reader gone before the verdict leaves it in the exit code.
    let args = [
        "verify".as_ref(),
        "--first".as_ref(),
        "20".as_ref(),
        path.as_os_str(),
    ];
    assert_eq!(code_with_stdout_closed(args, b""), Some(1));
    // A share that does not exist is a usage error, before the certificate is read.
    nqueens()
        .args(["verify", "--first", "20", "--index", "3", "--of", "3"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("share 3 does not exist"));
    // Split over machines, a share that holds a forged prefix's subtree names it.
    let shares: Vec<(Option<i32>, String)> = (0..3)
        .map(|i| verify(20, &path, &["--index", &i.to_string(), "--of", "3"]))
        .collect();
    let forged = [&all[1][..12], &all[0][..9]].map(|p| format!("the prefix {p:?} is listed"));
    assert!(
        shares.iter().any(|(code, _)| *code == Some(1)),
        "{shares:?}"
    );
    for (code, said) in &shares {
        match code {
            Some(1) => {
                assert!(forged.iter().any(|f| said.contains(f.as_str())), "{said}");
                assert!(said.contains(" (share "), "{said}");
            }
            _ => assert!(said.starts_with("ok: share "), "{said}"),
        }
    }
    for (args, message) in [
        (
            &["solve", "20", "--proof", "p.jsonl"][..],
            "use it with --limit 1",
        ),
        (
            &["solve", "20", "-l", "2", "--proof", "p.jsonl"],
            "use it with --limit 1",
        ),
        (
            &["solve", "20", "-l", "1", "-u", "--proof", "p.jsonl"],
            "cannot be used with",
        ),
        (&["verify", "--first", "20"], "required arguments"),
        (&["verify", "-j", "2", "p.jsonl"], "required arguments"),
        (
            &["verify", "--index", "0", "--of", "2", "p.jsonl"],
            "required arguments",
        ),
        (
            &["verify", "--first", "20", "-j", "0", "p.jsonl"],
            "threads",
        ),
    ] {
        nqueens()
            .args(args)
            .current_dir(dir.path())
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(message));
    }
    std::fs::write(&path, &good).unwrap();
    nqueens()
        .args(["solve", "21", "-l", "1", "--proof"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "is a proof for n = 20, not n = 21",
        ));
    // Lines a run did not write are refused, by `verify` and by a resumed run alike:
    // trusted, a false refutation would make the run skip the first solution.
    for (line, message) in [
        (
            "{\"refuted\":\"x\",\"checksum\":\"0\"}",
            "line 2: \"refuted\" is not a list of columns",
        ),
        (
            "{\"refuted\":[]}",
            "expected {\"refuted\":[...],\"checksum\":...}",
        ),
        (
            &format!(
                "{{\"refuted\":{},\"checksum\":\"0000000000000000\"}}",
                json(&all[0][..10])
            ),
            "its checksum does not match",
        ),
        ("", "line 2: not a JSON object"),
    ] {
        std::fs::write(&path, format!("{{\"n\":20}}\n{line}\n")).unwrap();
        for args in [
            &["verify", "--first", "20"][..],
            &["solve", "20", "-l", "1", "--proof"],
        ] {
            nqueens()
                .args(args)
                .arg(&path)
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicates::str::contains(message));
        }
    }
    for missing in ["missing.jsonl", "."] {
        nqueens()
            .args(["verify", "--first", "20", missing])
            .current_dir(dir.path())
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains("cannot read"));
    }
    // A board with no solution: its certificate is the refutation of the empty board.
    let none = dir.path().join("first-3.jsonl");
    assert_eq!(prove(3, &none, &[]).0, Some(0));
    let (code, said) = verify(3, &none, &[]);
    assert_eq!(
        (code, said.as_str()),
        (
            Some(0),
            "ok: n = 3 has no solution (proved again by the plain search)\n"
        )
    );
}

#[test]
fn a_walk_split_over_shares_agrees_with_one_walk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("first-32.jsonl");
    let alone = dir.path().join("alone-32.jsonl");
    let (code, expected, said) = prove(32, &alone, &[]);
    assert_eq!(code, Some(0), "{said}");
    // Three shares at once, as three machines would run them, one thread each.
    let shares: Vec<_> = (0..3)
        .map(|i| {
            let path = path.clone();
            std::thread::spawn(move || {
                prove(
                    32,
                    &path,
                    &["--index", &i.to_string(), "--of", "3", "-j", "1"],
                )
            })
        })
        .collect();
    for (i, share) in shares.into_iter().enumerate() {
        let (code, printed, said) = share.join().unwrap();
        assert_eq!((code, &printed), (Some(0), &expected), "share {i}: {said}");
    }
    assert_eq!(verify(32, &path, &[]).0, Some(0));
    let certificate = std::fs::read_to_string(&path).unwrap();
    assert_eq!(certificate, std::fs::read_to_string(&alone).unwrap());
    // Run again, a share finds every question settled in the files and searches nothing.
    let (code, printed, said) = prove(32, &path, &["--index", "1", "--of", "3"]);
    assert_eq!((code, &printed), (Some(0), &expected), "{said}");

    // A share's "none" edited is refused rather than believed.
    let share = dir.path().join("first-32.jsonl.share-2");
    let text = std::fs::read_to_string(&share).unwrap();
    let none = text.lines().find(|l| l.contains("\"none\"")).unwrap();
    let edited = none.replacen("\"prefix\":[0", "\"prefix\":[1", 1);
    std::fs::write(&share, text.replace(none, &edited)).unwrap();
    let (code, printed, said) = prove(32, &path, &["--index", "0", "--of", "3"]);
    assert_eq!((code, printed.as_str()), (Some(2), ""), "{said}");
    assert!(said.contains("checksum"), "{said}");
    for bad in ["{}", "{\"prefix\":[0],\"stopped\":false}"] {
        std::fs::write(&share, format!("{text}{bad}\n")).unwrap();
        let (code, printed, said) = prove(32, &path, &["--index", "2", "--of", "3"]);
        assert_eq!((code, printed.as_str()), (Some(2), ""), "{bad}: {said}");
        assert!(said.contains("not an answer"), "{bad}: {said}");
        assert_eq!(said.lines().count(), 1, "{said}");
    }
    std::fs::write(&share, &text).unwrap();

    // A share already running holds its file: a second run of it is refused.
    let held = std::fs::File::open(&share).unwrap();
    held.lock().unwrap();
    let (code, printed, said) = prove(32, &path, &["--index", "2", "--of", "3"]);
    assert_eq!((code, printed.as_str()), (Some(2), ""), "{said}");
    assert!(said.contains("already running"), "{said}");
    drop(held);

    // A command refused for its certificate leaves no share file behind.
    let other = dir.path().join("other.jsonl");
    std::fs::copy(&path, &other).unwrap();
    let (code, _, said) = prove(31, &other, &["--index", "1", "--of", "2"]);
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("not n = 31"), "{said}");
    assert!(!dir.path().join("other.jsonl.share-1").exists());
}

#[test]
fn shares_are_asked_for_with_a_proof_and_a_share_that_exists() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.jsonl");
    for (args, says) in [
        (vec!["--index", "3", "--of", "3"], "numbered 0 to 2"),
        (vec!["--index", "0"], "--of"),
        (vec!["--index", "0", "--of", "0"], "--of"),
    ] {
        let (code, printed, said) = prove(32, &path, &args);
        assert_eq!((code, printed.as_str()), (Some(2), ""), "{args:?}: {said}");
        assert!(said.contains(says), "{args:?}: {said}");
        assert_eq!(said.lines().count(), 1, "{said}");
    }
    let out = nqueens()
        .args(["solve", "32", "--limit", "1", "--index", "0", "--of", "2"])
        .output()
        .unwrap();
    let said = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("--proof"), "{said}");
    assert!(out.stdout.is_empty());
}

#[test]
fn the_certificate_gets_its_solution_though_the_output_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("first-30.jsonl");
    // As `| head -0` does: the reader is gone before the solution is written.
    let args = ["solve", "30", "--limit", "1", "--proof"].map(std::ffi::OsStr::new);
    code_with_stdout_closed(args.iter().chain([&path.as_os_str()]), b"");
    nqueens()
        .args(["verify", "--first", "30"])
        .arg(&path)
        .assert()
        .success();
}

#[cfg(unix)]
#[test]
fn a_walk_without_a_certificate_ends_by_a_signal_saying_what_it_printed() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    // n = 40's walk takes a minute to its first solution; the signal comes after the
    // hint, while its spinner would be drawn on a terminal.
    let child = spawn_piped(["solve", "40", "--limit", "1", "-j", "1"]);
    let (status, said) = crate::common::signalled(
        child,
        dir.path(),
        std::time::Duration::from_millis(2500),
        &[libc::SIGTERM],
    );
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{said}");
    assert!(
        said.contains("nqueens: stopped by SIGTERM after ")
            && said.contains(": 0 solutions printed\n"),
        "{said}"
    );
}

#[cfg(unix)]
#[test]
fn a_walk_stopped_by_a_signal_saves_its_question_and_ends_by_the_signal() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("first-36.jsonl");
    let progress = dir.path().join("first-36.jsonl.progress");
    for signal in [libc::SIGTERM, libc::SIGINT] {
        // Timed saves are a minute apart: the question in flight is saved by the signal.
        let args = ["solve", "36", "--limit", "1", "-j", "1", "--proof"].map(OsStr::new);
        let child = spawn_piped(args.into_iter().chain([path.as_os_str()]));
        let (status, said) = crate::common::signalled(
            child,
            &progress,
            std::time::Duration::from_millis(300),
            &[signal],
        );
        assert_eq!(status.signal(), Some(signal), "{said}");
        assert!(said.contains("stopped by SIG"), "{said}");
        let (code, _, said) = prove(36, &path, &["-j", "1", "--timeout", "0.2"]);
        assert_eq!(code, Some(3), "{said}");
        assert!(said.contains("went on from"), "{said}");
    }
}

#[test]
fn the_question_in_flight_is_saved_and_goes_on_after_a_stop_or_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let straight = dir.path().join("straight.jsonl");
    let (code, first, said) = prove(34, &straight, &["-j", "1"]);
    assert_eq!(code, Some(0), "{said}");

    // Stopped every 0.1 s, each run going on where the one before stopped: the
    // questions answered with a completion are not searched again, and the one in
    // flight goes on, though some take longer than a run.
    let path = dir.path().join("first-34.jsonl");
    let progress = dir.path().join("first-34.jsonl.progress");
    let (code, _, said) = prove(34, &path, &["-j", "1", "--timeout", "0.5"]);
    assert_eq!(code, Some(3), "{said}");
    assert!(
        progress.exists() && said.contains("one in flight in"),
        "{said}"
    );
    // A saved question the walk never asks (here the last column of the first row)
    // does not keep the questions it asks from being saved.
    let text = std::fs::read_to_string(&progress).unwrap();
    let ahead = forged(&text, |v| v["question"]["prefix"] = serde_json::json!([33]));
    std::fs::write(&progress, ahead).unwrap();
    let mut went_on = 0;
    for _ in 0..300 {
        let (code, printed, said) = prove(34, &path, &["-j", "1", "--timeout", "0.1"]);
        went_on += usize::from(said.contains("went on from"));
        if code == Some(0) {
            assert_eq!(printed, first);
            break;
        }
        assert_eq!(code, Some(3), "{said}");
    }
    assert!(went_on > 2, "{went_on} runs went on from a saved question");
    assert!(
        !progress.exists(),
        "the answered question's progress is removed"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        std::fs::read_to_string(&straight).unwrap()
    );

    // Killed: the last save is where the next run goes on.
    let path = dir.path().join("first-36.jsonl");
    let progress = dir.path().join("first-36.jsonl.progress");
    let mut run = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args([
            "solve",
            "36",
            "--limit",
            "1",
            "-j",
            "1",
            "--save-every",
            "0.1",
            "--proof",
        ])
        .arg(&path)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let saved = std::time::Instant::now();
    while !progress.exists() && saved.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    run.kill().unwrap(); // SIGKILL: no chance to save on the way out
    run.wait().unwrap();
    let (code, _, said) = prove(36, &path, &["-j", "1", "--timeout", "0.2"]);
    assert_eq!(code, Some(3), "{said}");
    assert!(said.contains("went on from"), "{said}");

    // A file edited, of another board or another version, or no progress at all, is
    // refused before any search.
    let text = std::fs::read_to_string(&progress).unwrap();
    let other = dir.path().join("first-35.jsonl.progress");
    std::fs::write(&other, &text).unwrap();
    let versioned = text.replace(
        &format!("\"version\":\"{}\"", env!("CARGO_PKG_VERSION")),
        "\"version\":\"0.0.1\"",
    );
    for (file, bad, message) in [
        (
            &progress,
            text.replacen("\"subtrees\":", "\"subtrees\":1", 1),
            "checksum",
        ),
        (&progress, versioned, "was saved by nqueens 0.0.1"),
        (
            &progress,
            "{\"n\":36}".into(),
            "not the progress that `solve --proof` saves",
        ),
        (&other, text.clone(), "not n = 35"),
    ] {
        std::fs::write(file, &bad).unwrap();
        let n = if file == &other { 35 } else { 36 };
        let proof = file.with_extension("");
        let (code, printed, said) = prove(n, &proof, &["--timeout", "5"]);
        assert_eq!((code, printed.as_str()), (Some(2), ""), "{said}");
        assert!(
            said.contains(message) && said.lines().count() == 1,
            "{said}"
        );
    }
    // Refused before the certificate is opened: none was made for n = 35.
    assert!(!dir.path().join("first-35.jsonl").exists());
    // A saved search that does not fit its question is refused when the walk asks it,
    // and a certificate made by that run, with nothing in it, goes with the refusal.
    let fresh = dir.path().join("fresh.jsonl");
    let misfit = forged(&text, |v| {
        v["completions"] = serde_json::json!([]);
        v["question"] = serde_json::json!({
            "prefix": [], "subtrees": 1u64 << 40, "empty": [], "paused": []
        })
    });
    std::fs::write(dir.path().join("fresh.jsonl.progress"), misfit).unwrap();
    let (code, printed, said) = prove(36, &fresh, &[]);
    assert_eq!((code, printed.as_str()), (Some(2), ""), "{said}");
    assert!(
        said.contains("subtrees") && said.lines().count() == 1,
        "{said}"
    );
    assert!(!fresh.exists());
    // Saves are written to disk: not in a tight loop.
    for every in ["0.01", "0", "nan"] {
        nqueens()
            .args([
                "solve",
                "20",
                "-l",
                "1",
                "--proof",
                "p.jsonl",
                "--save-every",
                every,
            ])
            .current_dir(dir.path())
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains("--save-every"));
    }
}

/// The screen of `nqueens ARGS` run on a terminal (`script`'s pseudo-terminal), stdout and
/// stderr together, and its exit code.
fn on_a_terminal(args: &str, dir: &Path) -> (String, Option<i32>) {
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let out = std::process::Command::new("script")
        .args(["-qec", &format!("{} {args}", bin.display()), "/dev/null"])
        .current_dir(dir)
        .output()
        .expect("script, of util-linux, runs the command on a terminal");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

#[test]
fn a_slow_walk_says_on_a_terminal_where_it_is() {
    let dir = tempfile::tempdir().unwrap();
    // n = 40's walk spends minutes in row 12 on one thread: after the hint, the spinner
    // names the question in flight and its subtrees.
    let (screen, code) = on_a_terminal("solve 40 --limit 1 -j 1 --timeout 5", dir.path());
    assert_eq!(code, Some(3), "{screen}");
    assert!(
        screen.contains("still looking for the first solution of n = 40"),
        "{screen}"
    );
    assert!(screen.contains("n = 40: row "), "{screen}");
    assert!(screen.contains(" subtrees empty; "), "{screen}");
    // With a certificate, at once, and a share says which it is.
    let (screen, code) = on_a_terminal(
        "solve 40 --limit 1 -j 1 --timeout 3 --proof p.jsonl --index 1 --of 2",
        dir.path(),
    );
    assert_eq!(code, Some(3), "{screen}");
    assert!(screen.contains("n = 40, share 1 of 2: "), "{screen}");
}
