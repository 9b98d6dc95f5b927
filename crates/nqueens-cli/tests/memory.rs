//! Streaming keeps memory flat: peak RSS of `solve` stays small however many solutions it
//! writes. Each command runs under GNU time (`/usr/bin/time -f %M`), which reports the
//! peak of that command alone: a child's own `ru_maxrss`, read by the process that
//! spawned it, starts at the size of its spawner (with `posix_spawn` the whole address
//! space the test process ever reached), which made these bounds depend on what else the
//! test process had done. GNU time is a small spawner of its own.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The most a child of these tests may hold, in KiB.
const FLAT_KIB: i64 = 20 * 1024;

/// The most `solve` may hold, in KiB: its search threads each keep a few blocks of
/// solutions, and the table of last rows is built once.
const SOLVE_KIB: i64 = 32 * 1024;

/// One test at a time, so that no test's children run beside another's and each peak is
/// one command's alone.
fn alone() -> MutexGuard<'static, ()> {
    static ONE: Mutex<()> = Mutex::new(());
    ONE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `nqueens ARGS` under GNU time, which writes the command's peak RSS in KiB to the
/// returned file.
fn measured(args: &[&str]) -> (Command, PathBuf) {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let report = std::env::temp_dir().join(format!(
        "nqueens-memory-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let mut command = Command::new("/usr/bin/time");
    command
        .args(["-f", "%M", "-o"])
        .arg(&report)
        .arg(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args);
    (command, report)
}

/// Waits for `child`, run by [`measured`] with `report`, and returns its exit code (GNU
/// time exits with the command's) and the largest resident set it had, in KiB.
fn reap(mut child: Child, report: PathBuf) -> (Option<i32>, i64) {
    let code = child.wait().unwrap().code();
    let text = std::fs::read_to_string(&report).unwrap();
    std::fs::remove_file(&report).unwrap();
    // GNU time puts "Command exited with non-zero status N" first when it did.
    let peak = text.lines().last().unwrap().trim().parse().unwrap();
    (code, peak)
}

#[test]
fn streaming_formats_keep_memory_flat() {
    let _alone = alone();
    // n = 14 has 365,596 solutions: kept as strings they would take 17 MB as columns and
    // over 70 MB as boards.
    for format in ["leetcode", "columns", "board"] {
        let (mut command, report) = measured(&["solve", "14", "-j", "2", "--format", format]);
        let child = command.stdout(Stdio::null()).spawn().unwrap();
        let (code, peak) = reap(child, report);
        assert_eq!(code, Some(0));
        assert!(peak < SOLVE_KIB, "{format}: peak RSS {peak} KiB");
    }
}

#[test]
fn a_slow_reader_holds_the_search_back() {
    let _alone = alone();
    // Nothing is read for a second, time enough for the search to find every solution:
    // the threads must wait for the reader rather than keep the answer (some 90 MB of
    // boards) until it comes.
    let (mut command, report) = measured(&["solve", "14", "-j", "2", "--format", "leetcode"]);
    let mut child = command.stdout(Stdio::piped()).spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    std::thread::sleep(std::time::Duration::from_secs(1));
    let read = std::io::copy(&mut stdout, &mut std::io::sink()).unwrap();
    let (code, peak) = reap(child, report);
    assert_eq!(code, Some(0));
    assert!(read > 50_000_000, "only {read} bytes read");
    assert!(peak < SOLVE_KIB, "peak RSS {peak} KiB");
}

/// The exit code and peak RSS of `nqueens ARGS` fed `chunk` `times` times, then `tail`,
/// on a pipe: input far larger than anything the command may hold, never held by the
/// test either.
fn fed(args: &[&str], chunk: &[u8], times: usize, tail: &[u8]) -> (Option<i32>, i64) {
    use std::io::Write;
    let (mut command, report) = measured(args);
    let mut child = command
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
    reap(child, report)
}

#[test]
fn blank_bytes_before_the_content_take_no_memory() {
    let _alone = alone();
    // 64 MB of blank bytes, piped, then one placement: the blanks are counted, not held.
    for blank in [b' ', b'\n', b'\r'] {
        let (code, peak) = fed(&["verify"], &vec![blank; 1 << 20], 64, b"[1, 3, 0, 2]\n");
        assert_eq!(code, Some(0));
        assert!(peak < FLAT_KIB, "verify: peak RSS {peak} KiB");
    }
    // The same before a completion problem, which is read whole.
    for blank in [b'\n', b'\r'] {
        let (code, peak) = fed(
            &["complete", "--count"],
            &vec![blank; 1 << 20],
            64,
            b"letting n be 4\n",
        );
        assert_eq!(code, Some(0));
        assert!(peak < FLAT_KIB, "complete: peak RSS {peak} KiB");
    }
}

#[test]
fn verify_holds_no_verdict_per_invalid_line() {
    let _alone = alone();
    // 2,000,000 invalid placements (a queen off a 1×1 board): kept in memory, their
    // verdicts alone would take some 80 MB; past the first 65,536 they are spilled.
    let chunk = "1\n".repeat(100_000);
    let (code, peak) = fed(&["verify"], chunk.as_bytes(), 20, b"");
    assert_eq!(code, Some(1));
    assert!(peak < FLAT_KIB, "peak RSS {peak} KiB");
}
