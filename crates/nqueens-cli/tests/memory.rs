//! Streaming keeps memory flat: peak RSS of `solve` stays small however many solutions it
//! writes. Alone in its own test binary so that RUSAGE_CHILDREN sees only this child.

use std::process::{Command, Stdio};

/// The largest resident set of any child this process has waited for, in KiB.
fn children_max_rss_kib() -> i64 {
    // SAFETY: getrusage only writes into the struct we pass, which is sized for it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(rc, 0);
    usage.ru_maxrss
}

#[test]
fn streaming_formats_keep_memory_flat() {
    // n = 13 has 73,712 solutions: kept as strings they would take well over 20 MiB.
    for format in ["leetcode", "columns", "board"] {
        let status = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
            .args(["solve", "13", "--format", format])
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    }
    let peak = children_max_rss_kib();
    assert!(peak < 20 * 1024, "peak RSS {peak} KiB");
}

/// The exit code of `nqueens ARGS` fed `chunk` `times` times, then `tail`, on a pipe:
/// input far larger than anything the command may hold, never held by the test either.
fn fed(args: &[&str], chunk: &[u8], times: usize, tail: &[u8]) -> Option<i32> {
    use std::io::Write;
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for _ in 0..times {
        stdin.write_all(chunk).unwrap();
    }
    stdin.write_all(tail).unwrap();
    drop(stdin);
    child.wait().unwrap().code()
}

#[test]
fn blank_bytes_before_the_content_take_no_memory() {
    // 64 MB of blank bytes, piped, then one placement: the blanks are counted, not held.
    for blank in [b' ', b'\n', b'\r'] {
        let code = fed(&["verify"], &vec![blank; 1 << 20], 64, b"[1, 3, 0, 2]\n");
        assert_eq!(code, Some(0));
    }
    // The same before a completion problem, which is read whole.
    for blank in [b'\n', b'\r'] {
        let code = fed(
            &["complete", "--count"],
            &vec![blank; 1 << 20],
            64,
            b"letting n be 4\n",
        );
        assert_eq!(code, Some(0));
    }
    let peak = children_max_rss_kib();
    assert!(peak < 20 * 1024, "peak RSS {peak} KiB");
}

#[test]
fn verify_holds_no_verdict_per_invalid_line() {
    // 2,000,000 invalid placements (a queen off a 1×1 board): kept in memory, their
    // verdicts alone would take some 80 MB; past the first 65,536 they are spilled.
    let chunk = "1\n".repeat(100_000);
    assert_eq!(fed(&["verify"], chunk.as_bytes(), 20, b""), Some(1));
    let peak = children_max_rss_kib();
    assert!(peak < 20 * 1024, "peak RSS {peak} KiB");
}
