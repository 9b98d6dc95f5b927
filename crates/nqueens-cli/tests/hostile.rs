//! Hostile input: every way a file, a pipe or an argument once gave a wrong answer or ran
//! away with the machine, each as it was found, and the properties that rule the class out.

use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use crate::common::{assert_usage_error, make_plan, nqueens, scratch, stdout_of};
use predicates::prelude::*;
use proptest::prelude::*;

/// Exit code, stdout and stderr of `nqueens ARGS` given `stdin`.
fn run(args: &[&str], stdin: Stdio) -> (i32, String, String) {
    let out = Process::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdin(stdin)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `nqueens verify` over `bytes` from every source: a named file, a file redirected to
/// standard input, a pipe to standard input, `-`, and `/dev/stdin` on a pipe. Returns
/// each one's exit code, stdout and stderr with the source's name taken out.
fn verify_everywhere(dir: &Path, bytes: &[u8]) -> Vec<(&'static str, (i32, String, String))> {
    let file = dir.join("input");
    std::fs::write(&file, bytes).unwrap();
    let path = file.to_str().unwrap();
    let piped = |args: &[&str]| run_with(args, bytes);
    let unnamed = |(code, out, err): (i32, String, String)| {
        let err = err
            .replace(&format!("'{path}'"), "INPUT")
            .replace("'/dev/stdin'", "INPUT")
            .replace("standard input", "INPUT");
        (code, out, err)
    };
    vec![
        ("file", unnamed(run(&["verify", path], Stdio::null()))),
        (
            "< file",
            unnamed(run(&["verify"], Stdio::from(File::open(&file).unwrap()))),
        ),
        ("pipe", unnamed(piped(&["verify"]))),
        ("-", unnamed(piped(&["verify", "-"]))),
        ("/dev/stdin", unnamed(piped(&["verify", "/dev/stdin"]))),
    ]
}

/// Asserts that every source gives the same verdict, and returns it.
fn same_everywhere(dir: &Path, bytes: &[u8]) -> (i32, String, String) {
    let all = verify_everywhere(dir, bytes);
    for (source, result) in &all[1..] {
        assert_eq!(
            result,
            &all[0].1,
            "{source} differs from file on {:?}",
            String::from_utf8_lossy(bytes)
        );
    }
    all[0].1.clone()
}

#[test]
fn verify_reads_pipes_as_it_reads_files() {
    let dir = scratch("hostile-pipes");
    let (code, out, _) = same_everywhere(&dir, b"[0, 0, 0, 0]\n");
    assert_eq!(
        (code, out.as_str()),
        (1, "solution 0: queens in rows 0 and 1 share column 0\n")
    );
    let eight = stdout_of(&["solve", "8", "-f", "columns"]);
    let (code, out, err) = same_everywhere(&dir, eight.as_bytes());
    assert_eq!((code, out.lines().count()), (0, 92), "{err}");
    let (code, out, _) = same_everywhere(&dir, b"[1, 3, 0, 2]\n[0, 0, 0, 0]\n");
    assert_eq!((code, out.lines().count()), (1, 2));
    // The forms a file once accepted and a pipe refused, or the other way round.
    for (bytes, want) in [
        (&b"[1 3 0 2]\n"[..], 0),
        (b"[0,]\n", 2),
        (b"[1, +3, 0, 2]\n", 2),
        (b"[0]\n9\n", 1),
        (b"  \n\n[2, 0, 3, 1]\n", 0),
    ] {
        let (code, _, err) = same_everywhere(&dir, bytes);
        assert_eq!(code, want, "{:?}: {err}", String::from_utf8_lossy(bytes));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn verify_reads_a_fifo_whose_writer_has_finished() {
    let dir = scratch("hostile-fifo");
    let fifo = dir.join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path and a plain mode.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            f.write_all(b"[1, 3, 0, 2]\n[2, 0, 3, 1]\n").unwrap();
        })
    };
    nqueens()
        .arg("verify")
        .arg(&fifo)
        .timeout(Duration::from_secs(20))
        .assert()
        .success()
        .stdout("solution 0: ok\nsolution 1: ok\n");
    writer.join().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Inputs of every format, valid and not, and small mutations of them.
fn verify_inputs() -> impl Strategy<Value = Vec<u8>> {
    let seeds = prop::sample::select(vec![
        "[1, 3, 0, 2]\n[2, 0, 3, 1]\n",
        "1 3 0 2\n0,2,4,1,3\n",
        ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n",
        ".Q.. ...Q Q... ..Q.\n",
        "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]]\n",
        "{\"n\":4,\"index\":0,\"columns\":[1,3,0,2]}\n",
        "╔════════════╗\n║   ░♛░   ░░░║\n║░░░   ░░░ ♛ ║\n║ ♛ ░░░   ░░░║\n║░░░   ░♛░   ║\n╚════════════╝\n",
        "[0, 0]\n[5]\n[]\n",
    ]);
    let edit = (
        any::<prop::sample::Index>(),
        prop::sample::select(b" ,[]0123456789Q.\n-+x{\"".to_vec()),
        0..3u8,
    );
    (seeds, prop::collection::vec(edit, 0..4)).prop_map(|(seed, edits)| {
        let mut bytes = seed.as_bytes().to_vec();
        for (at, byte, kind) in edits {
            let i = at.index(bytes.len() + 1);
            match kind {
                0 => bytes.insert(i, byte),
                1 if i < bytes.len() => {
                    bytes.remove(i);
                }
                _ if i < bytes.len() => bytes[i] = byte,
                _ => {}
            }
        }
        bytes
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    /// The same bytes through a file, a redirected file, a pipe, `-` and `/dev/stdin`
    /// give the same verdict, for valid, invalid and unreadable inputs of every format.
    #[test]
    fn every_source_gives_the_same_verdict(bytes in verify_inputs()) {
        let dir = scratch("hostile-differential");
        let (code, _, err) = same_everywhere(&dir, &bytes);
        prop_assert!([0, 1, 2].contains(&code), "exit {code}: {err}");
        prop_assert!(err.lines().count() <= 1, "{err}");
        prop_assert!(!err.contains("panicked"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn completion_sizes_are_range_checked_on_every_path() {
    let cases = [
        "letting n be 4294967300\nletting init be []\n",
        "letting n be 4294967296\nletting init be []\n",
        "board(4294967300).\n",
        "n = 4294967300;\nm = 0;\nrow = [];\ncol = [];\n",
        "n = 4294967300\nnumdiags = 0\ndiags = []\n",
        "letting n be 20000000\nletting init be []\n",
    ];
    for text in cases {
        assert_usage_error(
            nqueens()
                .args(["complete", "-f", "columns"])
                .write_stdin(text),
            "is too large: at most 10000000 queens",
        );
    }
    assert_usage_error(
        nqueens().args(["complete", "--n", "10000001"]),
        "at most 10000000",
    );
    assert_usage_error(
        nqueens()
            .args(["complete"])
            .write_stdin("letting n be 99999999999999999999\n"),
        "the number 99999999999999999999 is out of range",
    );
}

#[test]
fn deeply_nested_lists_are_refused_without_recursion() {
    let text = format!(
        "letting init be {}{}\n",
        "[".repeat(50_000),
        "]".repeat(50_000)
    );
    assert_usage_error(
        nqueens().arg("complete").write_stdin(text),
        "lists nested more than 16 deep",
    );
}

#[test]
fn blocked_squares_are_reported_as_they_were_written() {
    assert_usage_error(
        nqueens()
            .arg("complete")
            .write_stdin("board(4). block(9,9)."),
        "the blocked square (9, 9) is outside the 4×4 board: blocked squares count from 1, rows and columns 1 to 4",
    );
    assert_usage_error(
        nqueens()
            .arg("complete")
            .write_stdin("letting n = 4\nletting blocks = [[0, 1]]\n"),
        "the blocked square (0, 1) is outside",
    );
}

#[test]
fn thread_counts_are_bounded() {
    for args in [
        &["count", "8", "--threads", "100000"][..],
        &["solve", "8", "-u", "--threads", "100000"],
        &["complete", "--n", "8", "-j", "100000"],
        &["count", "8", "-j", "1025"],
    ] {
        let started = Instant::now();
        assert_usage_error(
            nqueens().args(args),
            "is not a number of threads: expected a whole number from 1 to 1024",
        );
        assert!(started.elapsed() < Duration::from_secs(10), "{args:?}");
    }
    assert_eq!(stdout_of(&["count", "8", "-j", "1024"]), "92\n");
    assert_usage_error(
        nqueens().args(["count", "8", "--threads", "0"]),
        "'0' is not a number of threads",
    );
    assert_usage_error(
        nqueens().args(["count", "8", "--threads", "abc"]),
        "'abc' is not a number of threads",
    );
}

#[test]
fn the_timeout_covers_reading_and_setting_up_a_large_board() {
    let dir = scratch("hostile-large-timeout");
    // Local search on 10,000,000 queens: its greedy start alone takes seconds.
    let local = dir.join("local.param");
    std::fs::write(&local, "letting n be 10000000\nletting init be [[0, 1]]\n").unwrap();
    // 1,000,000 queens with 30 rows open: reading the 17 MB of givens takes over a second.
    let columns: Vec<u32> = queens::construct(1_000_000).unwrap().unwrap().collect();
    let pairs: Vec<String> = columns
        .iter()
        .enumerate()
        .filter(|(r, _)| r % 33_334 != 0)
        .map(|(r, c)| format!("[{r}, {c}]"))
        .collect();
    let exact = dir.join("exact.param");
    std::fs::write(
        &exact,
        format!(
            "letting n be 1000000\nletting init be [{}]\n",
            pairs.join(", ")
        ),
    )
    .unwrap();
    for (file, timeout) in [(&local, "1"), (&exact, "0.3")] {
        let started = Instant::now();
        let (code, out, err) = run(
            &[
                "complete",
                file.to_str().unwrap(),
                "--timeout",
                timeout,
                "-f",
                "columns",
            ],
            Stdio::null(),
        );
        // Either answer is honest; what must hold is that it came about when asked.
        assert!(
            code == 0 || (code == 3 && out == "unknown\n"),
            "{code}: {err}"
        );
        let limit = Duration::from_secs_f64(timeout.parse::<f64>().unwrap() + 4.0);
        assert!(started.elapsed() < limit, "took {:?}", started.elapsed());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn plans_are_bounded_before_they_are_built() {
    let dir = scratch("hostile-plan-units");
    let started = Instant::now();
    assert_usage_error(
        nqueens()
            .args(["plan", "32", "--units", "99999999999", "-o"])
            .arg(dir.join("p.json")),
        "'99999999999' is not a number of units: expected a whole number from 1 to 4000000",
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(!dir.join("p.json").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn long_lines_are_refused_and_never_echoed_whole() {
    // The prompt reads no further than an answer could be.
    let line = "7".repeat(10_000_000);
    let out = nqueens()
        .write_stdin(line.clone())
        .assert()
        .code(2)
        .stdout("");
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("longer than 1024 characters"), "{err}");
    assert!(err.len() < 300, "{} bytes of stderr", err.len());
    // A garbage line on verify's input, and a huge N, are quoted in a few dozen characters.
    for cmd in [
        nqueens()
            .arg("verify")
            .write_stdin(format!("{}\n", "Q.x".repeat(1_000_000))),
        nqueens()
            .arg("verify")
            .write_stdin(format!("[1, {line}]\n")),
        nqueens().args(["count", &line[..100_000]]),
        nqueens().args(["solve", "8", "--limit", &line[..100_000]]),
    ] {
        let out = cmd.assert().code(2).stdout("");
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.len() < 400, "{} bytes: {}", err.len(), &err[..400]);
    }
    // Bytes that are no format at all are refused at once, not read to the end.
    let (code, out, err) = run(&["verify"], Stdio::from(File::open("/dev/zero").unwrap()));
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("cannot tell the format"), "{err}");
}

#[test]
fn large_pngs_show_every_queen() {
    let dir = scratch("hostile-png");
    let path = dir.join("2000.png");
    nqueens()
        .args(["one", "2000", "-f", "png", "-o"])
        .arg(&path)
        .assert()
        .success();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(&path).unwrap()).unwrap();
    let (w, n) = (pixmap.width() as usize, 2000usize);
    assert_eq!(w, 4000);
    let square = w / n;
    let dark = |x: usize, y: usize| pixmap.pixel(x as u32, y as u32).unwrap().red() < 60;
    let queens: Vec<u32> = queens::construct(2000).unwrap().unwrap().collect();
    for (r, &c) in queens.iter().enumerate() {
        let (x, y) = (c as usize * square + square / 2, r * square + square / 2);
        assert!(dark(x, y), "the queen of row {r} is not drawn");
    }
    // Past the side limit, a PNG is refused with the way out named.
    assert_usage_error(
        nqueens()
            .args(["one", "10000", "-f", "png", "-o"])
            .arg(dir.join("big.png")),
        "over the limit of 8192 a side",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_unit_named_twice_is_counted_once() {
    let dir = scratch("hostile-units-twice");
    let plan = make_plan(&dir, "10");
    nqueens()
        .arg("shard")
        .arg(&plan)
        .args(["--units", "1,1,2,1", "-j", "4", "-q", "-o"])
        .arg(dir.join("records"))
        .assert()
        .success()
        .stderr(predicate::str::contains("2 units counted"));
    assert_usage_error(
        nqueens()
            .arg("shard")
            .arg(&plan)
            .args(["--units", "1,,2", "-o"])
            .arg(dir.join("records")),
        "'' is not a unit id: expected a whole number",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_slow_first_solution_says_why_and_what_is_fast() {
    // n = 42's first solution in lexicographic order takes minutes, even to the walk.
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["solve", "42", "--limit", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut line = Vec::new();
        let mut byte = [0u8];
        while stderr.read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
            line.push(byte[0]);
        }
        String::from_utf8(line).unwrap()
    });
    let started = Instant::now();
    while !reader.is_finished() && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let line = reader.join().unwrap();
    assert!(
        line.contains("still looking for the first solution of n = 42")
            && line.contains("'nqueens one 42'"),
        "{line}"
    );
}

#[test]
fn messages_say_what_was_wrong_and_what_is_allowed() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["one", "8", "--random", "--seed", "garbage"],
            "'garbage' is not a seed: expected a whole number from 0 to 18446744073709551615",
        ),
        (
            &["one", "8", "--random", "--seed", "-1"],
            "'-1' is not a seed",
        ),
        (
            &["solve", "2", "--nth", "0"],
            "--nth 0: n = 2 has no solutions",
        ),
        (
            &["merge", "plan.json", "dir", "--recheck", "-5"],
            "'-5' is not a percentage: expected a number from 0 to 100",
        ),
        (
            &["complete", "--n", "4", "--queens", "-1,2"],
            "--queens: '-1,2' is not a square",
        ),
        (
            &["complete", "--n", "4", "--diags", "x"],
            "'x' is not a number of diagonals",
        ),
        (
            &["plan", "8", "--units", "0", "-o", "p"],
            "'0' is not a number of units",
        ),
    ];
    for (args, needle) in cases {
        assert_usage_error(nqueens().args(*args), needle);
    }
    for (sub, max) in [("solve", 64), ("count", 32), ("plan", 32), ("instance", 64)] {
        nqueens()
            .args([sub, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("from 0 to {max}")));
    }
}

#[test]
fn merge_prints_a_recompute_command_a_shell_can_run() {
    let dir = scratch("hostile-merge quoting");
    let plan = dir.join("my plan.json");
    nqueens()
        .args(["plan", "8", "-o"])
        .arg(&plan)
        .assert()
        .success();
    let records = dir.join("my records");
    std::fs::create_dir_all(&records).unwrap();
    let out = nqueens()
        .arg("merge")
        .arg(&plan)
        .arg(&records)
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    let command = err
        .lines()
        .find_map(|l| l.strip_prefix("recompute them with: "))
        .unwrap();
    // The printed command, run by a shell, fills the records in.
    let status = Process::new("sh")
        .arg("-c")
        .arg(command.replacen(
            "nqueens",
            assert_cmd::cargo::cargo_bin("nqueens").to_str().unwrap(),
            1,
        ))
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "{command}");
    let json: serde_json::Value = serde_json::from_slice(
        &nqueens()
            .arg("merge")
            .arg(&plan)
            .arg(&records)
            .arg("--json")
            .assert()
            .success()
            .get_output()
            .stdout,
    )
    .unwrap();
    assert_eq!(json["total"], 92);
    assert!(json["threads"].as_u64().unwrap() >= 1);
    assert!(json["seconds"].as_f64().unwrap() >= 0.0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_edited_checkpoint_is_refused_until_removed() {
    let dir = scratch("hostile-edited-checkpoint");
    let cp = dir.join("cp.json");
    nqueens()
        .args(["count", "14", "--checkpoint"])
        .arg(&cp)
        .assert()
        .success()
        .stdout("365596\n");
    let good = std::fs::read_to_string(&cp).unwrap();
    let refused = |text: String, needle: &str| {
        std::fs::write(&cp, &text).unwrap();
        assert_usage_error(
            nqueens().args(["count", "14", "--checkpoint"]).arg(&cp),
            needle,
        );
        assert_eq!(
            std::fs::read_to_string(&cp).unwrap(),
            text,
            "the checkpoint was rewritten"
        );
    };
    // The first unit's total, as written: `"total":N`.
    let at = good.find("\"total\":").unwrap() + "\"total\":".len();
    let len = good[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let total: u128 = good[at..at + len].parse().unwrap();
    let with_total = |t: u128| format!("{}{t}{}", &good[..at], &good[at + len..]);
    refused(
        with_total(total + 1000),
        "is damaged or was edited (the checksum of line 2 does not match)",
    );
    refused(with_total(u128::MAX), "delete it to start the count afresh");
    let checksum = good.find("\"checksum\":\"").unwrap() + "\"checksum\":\"".len();
    refused(
        format!(
            "{}{}{}",
            &good[..checksum],
            "0".repeat(64),
            &good[checksum + 64..]
        ),
        "is damaged or was edited (its header's checksum does not match)",
    );
    std::fs::remove_file(&cp).unwrap();
    nqueens()
        .args(["count", "14", "--checkpoint"])
        .arg(&cp)
        .assert()
        .success()
        .stdout("365596\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Counting stops where the join's 64-bit patterns do; `--memory` takes sizes only.
#[test]
fn counts_past_the_join_and_bad_memory_sizes_are_usage_errors() {
    assert_usage_error(
        nqueens().args(["count", "33"]),
        "at most 32 queens can be counted",
    );
    assert_usage_error(
        nqueens().args(["plan", "40", "-o", "never.json"]),
        "at most 32 queens can be counted",
    );
    for bad in ["1x", "G", "2 G", "2GG", "-1", "1.5G"] {
        assert_usage_error(
            nqueens().args(["count", "8", "--memory", bad]),
            "is not a size",
        );
    }
    for small_or_large in ["100M", "0", "255M", "99999999T", "65T"] {
        assert_usage_error(
            nqueens().args(["count", "8", "--memory", small_or_large]),
            "is out of range: expected a size such as 512M, 2G or 16G, from 256M to 64T",
        );
    }
    assert_eq!(stdout_of(&["count", "10", "--memory", "256M"]), "724\n");
    assert_eq!(stdout_of(&["count", "10", "--memory", "1TiB"]), "724\n");
}

/// Exit code, stdout and stderr of `nqueens ARGS` reading `input` on standard input.
fn run_with(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let bytes = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `/dev/full`, checked to be the device it should be: a build that replaced devices by
/// a rename turned it into a regular file on the machine it ran on, and every test of a
/// full output would then pass or fail for the wrong reason.
fn dev_full() -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = std::fs::metadata("/dev/full").unwrap().file_type();
    assert!(
        t.is_char_device(),
        "/dev/full is not a character device on this machine: restore it with `rm /dev/full && mknod -m 666 /dev/full c 1 7`"
    );
    "/dev/full"
}

/// Exit code and stderr of a `sh -c SCRIPT` in which `$1` is the nqueens binary, for
/// redirections (`>&-`, `>/dev/full`) that only a shell makes.
fn shell(script: &str) -> (i32, String) {
    let out = Process::new("sh")
        .arg("-c")
        .arg(script)
        .arg("sh")
        .arg(assert_cmd::cargo::cargo_bin("nqueens"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts a one-line error with `code`, nothing on stdout, and `needles` in the line.
fn assert_refused((code, out, err): (i32, String, String), wanted: i32, needles: &[&str]) {
    assert_eq!(code, wanted, "{err}");
    assert_eq!(out, "", "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    for needle in needles {
        assert!(err.contains(needle), "wanted {needle:?} in {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_parameter_given_twice_is_refused_naming_both_lines() {
    let dir = scratch("hostile-twice");
    // Every parameter of every format, given twice: (problem, its name, the lines).
    let cases: [(&str, &str, &str); 12] = [
        (
            "letting n be 4\nletting init be [[0, 1]]\nletting init be [[0, 2]]\n",
            "'init'",
            "lines 2 and 3",
        ),
        (
            "n = 8\nnumdiags = 1\nnumdiags = 2\ndiags = [[3, 1], [4, 0]]\n",
            "'numdiags'",
            "lines 2 and 3",
        ),
        (
            "n = 8\ndiags = [[3, 1]]\ndiags = [[4, 0]]\n",
            "'diags'",
            "lines 2 and 3",
        ),
        (
            "letting n = 4\nletting blocks = [[1, 2]]\nletting blocks = [[2, 2]]\n",
            "'blocks'",
            "lines 2 and 3",
        ),
        (
            "letting n be 4\nletting n be 5\n",
            "board size",
            "lines 1 and 2",
        ),
        (
            "board(4).\nblock(1, 1).\nboard(5).\n",
            "board size",
            "lines 1 and 3",
        ),
        ("n = 4\nboard(5).\n", "board size", "lines 1 and 2"),
        (
            "n = 5\nm = 1\nm = 1\nrow = [1]\ncol = [1]\n",
            "'m'",
            "lines 2 and 3",
        ),
        (
            "n = 5\nrow = [1]\nrow = [2]\ncol = [1]\n",
            "'row'",
            "lines 2 and 3",
        ),
        (
            "n = 5\ncol = [1]\nrow = [1]\ncol = [1]\n",
            "'col'",
            "lines 2 and 4",
        ),
        (
            "n = 5\nnumsum = 1\nsumdiags = [3]\nnumsum = 1\n",
            "'numsum'",
            "lines 2 and 4",
        ),
        (
            "n = 5\rdiffdiags = [0]\r\ndiffdiags = [1]\r\n",
            "'diffdiags'",
            "lines 2 and 3",
        ),
    ];
    let file = dir.join("problem.txt");
    for (problem, key, lines) in cases {
        let needles = [key, "given twice", lines];
        assert_refused(
            run_with(&["complete", "-f", "columns"], problem.as_bytes()),
            2,
            &needles,
        );
        std::fs::write(&file, problem).unwrap();
        let checked = run_with(
            &["verify", "--problem", file.to_str().unwrap()],
            b"[1, 3, 0, 2]\n",
        );
        assert_refused(checked, 2, &needles);
    }
    // A list of facts is no parameter: block(…) facts add up.
    let facts = "board(4).\nblock(1, 1).\nblock(1, 2).\n";
    let (code, out, _) = run_with(&["complete", "--count"], facts.as_bytes());
    assert_eq!((code, out.as_str()), (0, "1\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_line_end_reads_the_same_in_every_format() {
    for format in ["board", "line", "columns", "leetcode", "json", "unicode"] {
        let unix = stdout_of(&["solve", "6", "-f", format]);
        let expected = run_with(&["verify"], unix.as_bytes());
        assert_eq!(expected.0, 0, "{format}: {}", expected.2);
        assert!(
            expected.2.contains("4 placements"),
            "{format}: {}",
            expected.2
        );
        for end in ["\r\n", "\r"] {
            let text = unix.replace('\n', end);
            assert_eq!(
                run_with(&["verify"], text.as_bytes()),
                expected,
                "{format} {end:?}"
            );
        }
    }
    // The issue's own example: two placements, not one of eight queens.
    let (code, out, _) = run_with(&["verify"], b"1 3 0 2\r2 0 3 1\r");
    assert_eq!(
        (code, out.as_str()),
        (0, "solution 0: ok\nsolution 1: ok\n")
    );
    // Line numbers count a lone CR as a line end too.
    assert_refused(
        run_with(&["verify"], b"[1, 3, 0, 2]\r\r[0,]\r"),
        2,
        &["line 3"],
    );
    // Completion problems and other solvers' answers follow the same rule.
    let problem = "n = 5\nnumdiags = 2\ndiags = [[3, 1], [4, 0]]\n";
    let expected = run_with(&["complete", "--count"], problem.as_bytes());
    assert_eq!(expected.0, 0);
    for end in ["\r\n", "\r"] {
        let text = problem.replace('\n', end);
        assert_eq!(
            run_with(&["complete", "--count"], text.as_bytes()),
            expected
        );
    }
    assert_eq!(
        run_with(&["complete", "--count"], b"....\r....\r....\r....\r").1,
        "2\n"
    );
}

#[test]
fn ambiguous_solver_answers_are_refused_naming_the_line() {
    let dir = scratch("hostile-answers");
    let problem = dir.join("p.txt");
    std::fs::write(&problem, "....\n....\n....\n....\n").unwrap();
    let problem = problem.to_str().unwrap();
    let check = |answer: &str| run_with(&["verify", "--problem", problem], answer.as_bytes());
    let cases = [
        (
            "q = [1, 3, 0, 2];\n----------\nq = [2, 0, 3, 1];\n",
            "line 3",
        ),
        ("s SATISFIABLE\nv 2 8 9 15 -15 0\n", "variable 15"),
        ("s SATISFIABLE\ns UNSATISFIABLE\n", "line 2"),
        ("s UNSATISFIABLE\nv 2 8 9 15 0\n", "line 2"),
        ("=====UNSATISFIABLE=====\nq = [1, 3, 0, 2];\n", "line 2"),
        ("q = [1, 3, 0, 2];\nv 2 8 9 15 0\n", "line 2"),
        ("[1, 3, 0, 2]\n[2, 0, 3, 1]\n", "line 2"),
        // A model beside a placement, in either order, or "unsatisfiable" after one.
        ("q = [1, 3, 0, 2];\n[0, 0, 0, 0]\n", "line 2"),
        ("[0, 0, 0, 0]\nq = [1, 3, 0, 2];\n", "line 1"),
        ("s SATISFIABLE\nv 2 8 9 15 0\n....\n", "line 3"),
        ("[1, 3, 0, 2]\ns UNSATISFIABLE\n", "line 1"),
        ("q = [1, 3, 0, 2];\nhello\n", "line 2"),
        ("s UNKNOWN\n", "UNKNOWN"),
    ];
    for (answer, needle) in cases {
        assert_refused(check(answer), 2, &[needle]);
    }
    // Plain answers still read, a literal repeated with the same sign included.
    let (code, out, _) = check("s SATISFIABLE\nv 2 8 8 9 15 0\n");
    assert_eq!((code, out.as_str()), (0, "ok: a completion\n"));
    assert_eq!(check("q = [2, 0, 3, 1];\n----------\n==========\n").0, 0);
    // What solvers print around their answers is no second answer.
    let cadical = "c CaDiCaL\nc\ns SATISFIABLE\nv 2 8 9 15 0\nc total 0.01 s\n";
    assert_eq!(check(cadical).0, 0);
    assert_eq!(
        check("q = [2, 0, 3, 1];\n----------\n%%%mzn-stat: nodes=3\n").0,
        0
    );
    // An answer that never ends is refused at its first byte.
    let started = Instant::now();
    let (code, _, err) = run(
        &["verify", "--problem", problem, "/dev/zero"],
        Stdio::null(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_empty_board_round_trips_where_a_format_can_write_it() {
    // `board` and `line` draw the empty board as no text at all, which cannot be told
    // from no board; every other format writes it and reads it back.
    for format in ["columns", "leetcode", "json", "unicode"] {
        let text = stdout_of(&["solve", "0", "-f", format]);
        let (code, out, err) = run_with(&["verify"], text.as_bytes());
        assert_eq!(
            (code, out.as_str()),
            (0, "solution 0: ok\n"),
            "{format}: {err}"
        );
    }
    assert_eq!(stdout_of(&["count", "0"]), "1\n");
}

#[test]
fn the_prompt_takes_an_answer_of_exactly_its_limit() {
    let exactly = format!("{}4\n", "0".repeat(1023));
    let (code, out, _) = run_with(&[], exactly.as_bytes());
    assert_eq!(
        (code, out.lines().count()),
        (0, 9),
        "two boards of 4 rows and a blank line"
    );
    let (code, out, _) = run_with(&[], exactly.replace('\n', "\r\n").as_bytes());
    assert_eq!((code, out.lines().count()), (0, 9));
    let over = format!("{}4\n", "0".repeat(1024));
    let (code, _, err) = run_with(&[], over.as_bytes());
    assert_eq!(code, 2);
    assert!(err.contains("longer than 1024"), "{err}");
}

#[test]
fn options_that_do_nothing_are_refused() {
    let dir = scratch("hostile-options");
    let problem = dir.join("p.txt");
    std::fs::write(&problem, "....\n....\n....\n....\n").unwrap();
    let p = problem.to_str().unwrap();
    for args in [
        &["complete", p, "--count", "--limit", "3"][..],
        &["complete", p, "--count", "--format", "svg"],
        &["complete", p, "--export", "dimacs", "--format", "columns"],
        &["complete", p, "--export", "dimacs", "--limit", "1"],
        &["complete", p, "--export", "dimacs", "--threads", "2"],
        &["complete", p, "--limit", "1"],
    ] {
        assert_usage_error(nqueens().args(args), "--");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn quoted_names_and_answers_are_escaped_and_cut() {
    // A name with a newline, or thousands of characters long, makes one line.
    let long = "n".repeat(3000);
    for name in ["two\nlines", "esc\u{1b}[2J", long.as_str()] {
        let out = nqueens()
            .args(["verify", name])
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8(out).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!err.contains('\u{1b}') && err.len() < 400, "{err}");
    }
    // The prompt quotes its answer by the same rule as every other message.
    let (code, _, err) = run_with(&[], b"4\x1b[2J\x00\n");
    assert_eq!(code, 2);
    assert!(err.contains(r"'4\u{1b}[2J\0'"), "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains('\0'), "{err}");
}

/// Whether `path` is a character device, a FIFO, a symbolic link or a regular file.
fn kind(path: &Path) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = std::fs::symlink_metadata(path).unwrap().file_type();
    match () {
        _ if t.is_char_device() => "device",
        _ if t.is_fifo() => "fifo",
        _ if t.is_symlink() => "link",
        _ if t.is_file() => "file",
        _ => "other",
    }
}

#[test]
fn outputs_are_written_as_what_they_are() {
    dev_full();
    let dir = scratch("hostile-outputs");
    // A device is written through and its error reported, never replaced.
    for args in [
        &["plan", "8", "-o", "/dev/full"][..],
        &["solve", "4", "-f", "svg", "-o", "/dev/full"],
    ] {
        let out = nqueens()
            .args(args)
            .assert()
            .code(4)
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8(out).unwrap();
        assert!(err.contains("No space left on device"), "{err}");
        assert_eq!(kind(Path::new("/dev/full")), "device");
    }
    nqueens()
        .args(["plan", "8", "-o", "/dev/null"])
        .assert()
        .success();
    assert_eq!(kind(Path::new("/dev/null")), "device");
    // A FIFO is written through, to whoever reads it.
    let fifo = dir.join("fifo");
    assert!(
        Process::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    nqueens()
        .args(["plan", "8", "-o"])
        .arg(&fifo)
        .assert()
        .success();
    assert!(reader.join().unwrap().contains("nqueens-plan"));
    assert_eq!(kind(&fifo), "fifo");
    // A symbolic link leads to the file written, even before that file exists; the link stays.
    let link = dir.join("link.json");
    std::os::unix::fs::symlink("target.json", &link).unwrap();
    nqueens()
        .args(["plan", "8", "-o"])
        .arg(&link)
        .assert()
        .success();
    assert_eq!(
        (kind(&link), kind(&dir.join("target.json"))),
        ("link", "file")
    );
    let checkpoint = dir.join("cp-link.json");
    std::os::unix::fs::symlink("cp.json", &checkpoint).unwrap();
    nqueens()
        .args(["count", "10", "--checkpoint"])
        .arg(&checkpoint)
        .assert()
        .success()
        .stdout("724\n");
    assert_eq!(
        (kind(&checkpoint), kind(&dir.join("cp.json"))),
        ("link", "file")
    );
    // A name at the system's limit of 255 bytes is written: its temporary name is short.
    let long = dir.join(format!("{}.json", "p".repeat(250)));
    nqueens()
        .args(["plan", "8", "-o"])
        .arg(&long)
        .assert()
        .success();
    assert_eq!(kind(&long), "file");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_or_full_output_is_a_failure_that_says_so() {
    dev_full();
    for script in [
        "\"$1\" count 8 >&-",
        "\"$1\" solve 6 -f columns >&-",
        "\"$1\" one 10 >&-",
    ] {
        let (code, err) = shell(script);
        assert_eq!(code, 4, "{script}: {err}");
        assert!(
            err.contains("cannot write standard output: it is closed"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // Redirected to /dev/null, nothing is wrong.
    assert_eq!(shell("\"$1\" count 8 >/dev/null").0, 0);
    let dir = scratch("hostile-full-export");
    let problem = dir.join("p.txt");
    std::fs::write(&problem, "....\n....\n....\n....\n").unwrap();
    let script = format!(
        "\"$1\" complete '{}' --export dimacs >/dev/full",
        problem.display()
    );
    let (code, err) = shell(&script);
    assert_eq!(code, 4, "{err}");
    assert!(
        err.contains("cannot write") && !err.contains("cannot read"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn files_read_back_are_regular_files_of_bounded_size() {
    let dir = scratch("hostile-read-back");
    let started = Instant::now();
    // Devices that never end are refused before a byte is read.
    let refused = |args: &[&str]| {
        let out = nqueens()
            .args(args)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8(out).unwrap();
        assert!(err.contains("not a regular file"), "{err}");
    };
    refused(&["count", "12", "--checkpoint", "/dev/zero"]);
    refused(&["merge", "/dev/zero", dir.to_str().unwrap()]);
    refused(&[
        "shard",
        "/dev/zero",
        "--index",
        "0",
        "--of",
        "1",
        "-o",
        dir.to_str().unwrap(),
    ]);
    // A record that is a link to /dev/zero, or a FIFO named like one, is damage, reported.
    let plan = make_plan(&dir, "8");
    let records = dir.join("records");
    nqueens()
        .arg("shard")
        .arg(&plan)
        .args(["--index", "0", "--of", "1", "-o"])
        .arg(&records)
        .assert()
        .success();
    let zero = records.join("unit-0000001.json");
    std::fs::remove_file(&zero).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let fifo = records.join("unit-0000002.json");
    std::fs::remove_file(&fifo).unwrap();
    assert!(
        Process::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let out = nqueens()
        .arg("merge")
        .arg(&plan)
        .arg(&records)
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(
        err.contains("2 damaged") && err.contains("not a regular file"),
        "{err}"
    );
    // A shard into that folder replaces them, and the merge then adds up.
    nqueens()
        .arg("shard")
        .arg(&plan)
        .args(["--index", "0", "--of", "1", "-o"])
        .arg(&records)
        .timeout(Duration::from_secs(20))
        .assert()
        .success();
    assert_eq!((kind(&zero), kind(&fifo)), ("file", "file"));
    nqueens()
        .arg("merge")
        .arg(&plan)
        .arg(&records)
        .assert()
        .success()
        .stdout("total 92\nunique 12\n");
    assert!(started.elapsed() < Duration::from_secs(60));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_names_ranges_caps_its_lists_and_prints_commands_that_run() {
    let dir = scratch("hostile-merge-ranges");
    let plan = dir.join("plan.json");
    nqueens()
        .args(["plan", "16", "--units", "3300", "-o"])
        .arg(&plan)
        .assert()
        .success();
    let records = dir.join("records");
    // Every other unit recorded: 1,650 gaps, more than one command line names.
    let even: Vec<String> = (0..3300).step_by(2).map(|u| u.to_string()).collect();
    nqueens()
        .arg("shard")
        .arg(&plan)
        .args(["--units", &even.join(","), "-q", "-o"])
        .arg(&records)
        .assert()
        .success();
    let nq = assert_cmd::cargo::cargo_bin("nqueens");
    let mut rounds = 0;
    loop {
        let out = nqueens()
            .arg("merge")
            .arg(&plan)
            .arg(&records)
            .output()
            .unwrap();
        if out.status.success() {
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                "total 14772512\nunique 1846955\n"
            );
            break;
        }
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.lines().all(|l| l.len() < 4096), "{err}");
        if rounds == 0 {
            assert!(
                err.contains("1650 of 3300 units missing: 1, 3, 5,"),
                "{err}"
            );
            assert!(err.contains("… and 1630 more ranges"), "{err}");
            assert!(err.contains("then run merge again"), "{err}");
        }
        let command = err
            .lines()
            .find_map(|l| l.split_once(" with: ").map(|(_, c)| c))
            .unwrap();
        let status = Process::new("sh")
            .arg("-c")
            .arg(command.replacen("nqueens", nq.to_str().unwrap(), 1))
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "{command}");
        rounds += 1;
        assert!(rounds <= 10, "{err}");
    }
    assert_eq!(rounds, 9, "1,650 ranges, 200 a command");
    // Ranges are read as merge prints them.
    assert_usage_error(
        nqueens()
            .arg("shard")
            .arg(&plan)
            .args(["--units", "9-3", "-o"])
            .arg(&records),
        "backwards",
    );
    // Duplicates are listed with a cap too.
    let copy = dir.join("copy");
    std::fs::create_dir_all(&copy).unwrap();
    for entry in std::fs::read_dir(&records).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, copy.join(path.file_name().unwrap())).unwrap();
    }
    let out = nqueens()
        .arg("merge")
        .arg(&plan)
        .arg(&records)
        .arg(&copy)
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(
        err.contains("3300 units recorded more than once: 0-3299"),
        "{err}"
    );
    assert!(
        err.contains("… and 3280 more units") && err.lines().count() < 30,
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_edited_plan_is_refused() {
    let dir = scratch("hostile-edited-plan");
    let plan = make_plan(&dir, "10");
    let original: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&plan).unwrap()).unwrap();
    // A unit deleted, duplicated, reordered, its kind changed.
    type Edit = fn(&mut Vec<serde_json::Value>);
    let edits: [Edit; 4] = [
        |u| {
            u.remove(3);
        },
        |u| {
            let again = u[2].clone();
            u.insert(2, again);
        },
        |u| u.swap(1, 2),
        |u| u[1]["kind"] = "halves 0x1..=0x1".into(),
    ];
    let records = dir.join("records");
    std::fs::create_dir_all(&records).unwrap();
    for edit in edits {
        let mut edited = original.clone();
        edit(edited["units"].as_array_mut().unwrap());
        std::fs::write(&plan, serde_json::to_vec(&edited).unwrap()).unwrap();
        for args in [vec!["merge"], vec!["shard"]] {
            let mut cmd = nqueens();
            cmd.args(&args).arg(&plan);
            if args[0] == "merge" {
                cmd.arg(&records);
            } else {
                cmd.args(["--index", "0", "--of", "1", "-o"]).arg(&records);
            }
            assert_usage_error(&mut cmd, "was edited");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verdicts_past_those_held_come_out_whole_and_in_order() {
    // More invalid placements than are held in memory, among valid ones: the verdicts
    // still come out whole and in order.
    let lines = 200_000;
    let text: String = (0..lines)
        .map(|i| if i % 3 == 0 { "[1, 3, 0, 2]\n" } else { "1\n" })
        .collect();
    let (code, out, err) = run_with(&["verify"], text.as_bytes());
    assert_eq!(code, 1, "{err}");
    let verdicts: Vec<&str> = out.lines().collect();
    assert_eq!(verdicts.len(), lines);
    for (i, v) in verdicts.iter().enumerate() {
        let wanted = if i % 3 == 0 {
            "ok"
        } else {
            "the queen in row 0 is in column 1, outside the 1×1 board (columns 0 to 0)"
        };
        assert_eq!(*v, format!("solution {i}: {wanted}"));
    }
    // And an unreadable line after them leaves nothing on standard output.
    let broken = format!("{text}[0,]\n");
    assert_refused(
        run_with(&["verify"], broken.as_bytes()),
        2,
        &["line 200001"],
    );
}

#[test]
fn blank_bytes_before_the_content_are_read_once() {
    // 32 MB of spaces took seconds when every read looked at all of them again; read
    // once, it is a fraction of that, and a generous bound still catches the quadratic.
    for tail in ["[1, 3, 0, 2]\n", ".Q..\n...Q\nQ...\n..Q.\n"] {
        let mut text = vec![b' '; 32 << 20];
        text.extend_from_slice(tail.as_bytes());
        let started = Instant::now();
        let (code, out, err) = run_with(&["verify"], &text);
        assert_eq!((code, out.as_str()), (0, "solution 0: ok\n"), "{err}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }
}

#[test]
fn other_parsers_positions_and_byte_order_marks_follow_the_line_rule() {
    // A LeetCode array's error is numbered by the same line rule as every other.
    let leetcode = "[\n [\".Q..\",\n  \"...Q\",\n  \"Q...\",\n  \"..Q.\"]\n,\n]\n";
    let expected = run_with(&["verify"], leetcode.as_bytes());
    assert!(expected.2.contains("line 7"), "{}", expected.2);
    for end in ["\r\n", "\r"] {
        let text = leetcode.replace('\n', end);
        assert_eq!(run_with(&["verify"], text.as_bytes()), expected, "{end:?}");
    }
    // A byte-order mark before the text is no character of it.
    assert_eq!(run_with(&["verify"], b"\xEF\xBB\xBF[1, 3, 0, 2]\n").0, 0);
    let board = b"\xEF\xBB\xBF....\n....\n....\n....\n";
    assert_eq!(run_with(&["complete", "--count"], board).1, "2\n");
    // The prompt's answer ends at a lone CR too.
    let (code, out, _) = run_with(&[], b"4\r5\n");
    assert_eq!((code, out.lines().count()), (0, 9));
}

#[test]
fn given_queens_and_a_problem_file_are_not_both_taken() {
    let dir = scratch("hostile-queens-file");
    let problem = dir.join("p.txt");
    std::fs::write(&problem, "....\n....\n....\n....\n").unwrap();
    assert_usage_error(
        nqueens()
            .arg("complete")
            .arg(&problem)
            .args(["--queens", "2,2"]),
        "--queens",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn nothing_panics_when_an_output_cannot_be_written() {
    dev_full();
    // Scripts made in memory and help text go through the same checked writes.
    for script in [
        "\"$1\" completions bash >&-",
        "\"$1\" --help >&-",
        "\"$1\" solve --help >/dev/full",
    ] {
        let (code, err) = shell(script);
        assert_eq!(code, 4, "{script}: {err}");
        assert!(
            err.contains("cannot write standard output"),
            "{script}: {err}"
        );
    }
    // A full stderr loses the message, never the exit code.
    for (script, wanted) in [
        ("\"$1\" verify /no/such/file 2>/dev/full", 2),
        ("\"$1\" solve 99 2>/dev/full", 2),
        (
            "\"$1\" solve 6 -f columns | \"$1\" verify >/dev/null 2>/dev/full",
            0,
        ),
        ("\"$1\" plan 8 -o /dev/null 2>/dev/full", 0),
    ] {
        let (code, err) = shell(script);
        assert_eq!(code, wanted, "{script}: {err}");
    }
}

#[test]
fn inputs_read_whole_are_refused_from_their_first_bytes() {
    let dir = scratch("hostile-first-bytes");
    for args in [
        &["complete", "/dev/zero"][..],
        &["complete", "/dev/urandom"],
    ] {
        let started = Instant::now();
        let out = nqueens()
            .args(args)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8(out).unwrap();
        assert!(
            err.contains("cannot tell the format") || err.contains("not UTF-8"),
            "{err}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{args:?}: {:?}",
            started.elapsed()
        );
    }
    let problem = dir.join("p.txt");
    std::fs::write(&problem, "....\n....\n....\n....\n").unwrap();
    let started = Instant::now();
    let (code, _, err) = run(
        &[
            "verify",
            "--problem",
            problem.to_str().unwrap(),
            "/dev/zero",
        ],
        Stdio::null(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // A large file that is no JSON object is refused without reading all of it.
    let sparse = dir.join("sparse.bin");
    File::create(&sparse).unwrap().set_len(900 << 20).unwrap();
    let started = Instant::now();
    let out = nqueens()
        .arg("merge")
        .arg(&sparse)
        .arg(&dir)
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(
        String::from_utf8(out)
            .unwrap()
            .contains("is not an nqueens plan file")
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_quotes_names_with_control_characters_on_one_line() {
    let dir = scratch("hostile-quoted-merge");
    let plan = make_plan(&dir, "6");
    let records = dir.join("r\nx\u{1b}[31m");
    std::fs::create_dir_all(&records).unwrap();
    let out = nqueens()
        .arg("merge")
        .arg(&plan)
        .arg(&records)
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(!err.contains('\u{1b}'), "{err}");
    let command = err
        .lines()
        .find_map(|l| l.strip_prefix("recompute them with: "))
        .unwrap();
    assert!(command.ends_with(r"/r\nx\x1b[31m'"), "{command}");
    let nq = assert_cmd::cargo::cargo_bin("nqueens");
    let status = Process::new("bash")
        .arg("-c")
        .arg(command.replacen("nqueens", nq.to_str().unwrap(), 1))
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "{command}");
    nqueens()
        .arg("merge")
        .arg(&plan)
        .arg(&records)
        .assert()
        .success()
        .stdout("total 4\nunique 1\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_part_of_a_placement_is_checked_and_placed_on_its_line() {
    // A framed grid's top edge is checked as its bottom edge is.
    let grid = stdout_of(&["solve", "4", "-f", "unicode", "--limit", "1"]);
    let rows: Vec<&str> = grid.lines().collect();
    for top in ["╔╗", "╔══════════════════════════════╗"]
    {
        let text: String = std::iter::once(top)
            .chain(rows[1..].iter().copied())
            .map(|l| format!("{l}\n"))
            .collect();
        assert_refused(
            run_with(&["verify"], text.as_bytes()),
            2,
            &["line 1:", "wide"],
        );
    }
    // A LeetCode board that is not a board is named on its own line.
    let cases: [(&str, &str); 2] = [
        ("\n\n\n[[\".Q..\",\"...Q\",\"Q...\",\"..Q\"]]\n", "line 4:"),
        (
            "\n\n\n[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],\n\n[\"x\"]]\n",
            "line 6:",
        ),
    ];
    for (text, line) in cases {
        assert_refused(run_with(&["verify"], text.as_bytes()), 2, &[line]);
    }
    // A line of JSON Lines is an object, not the same fields in an array.
    let json = b"{\"n\":4,\"columns\":[1,3,0,2]}\n[4,0,[1,3,0,2]]\n";
    assert_refused(run_with(&["verify"], json), 2, &["line 2:", "object"]);
    // A problem refused from its first character names that character's line.
    for blank in ["\n", "\r\n", "\r"] {
        let text = format!("{}#x\n", blank.repeat(3));
        assert_refused(
            run_with(&["complete"], text.as_bytes()),
            2,
            &["line 4:", "'#'"],
        );
    }
}

#[test]
fn standard_output_by_name_and_marked_answers_are_what_they_say() {
    let (code, err) = shell("\"$1\" plan 10 -o /dev/stdout >&-");
    assert_eq!(code, 4, "{err}");
    assert!(err.contains("closed"), "{err}");
    let plan = Process::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["plan", "8", "-o", "/dev/stdout"])
        .output()
        .unwrap();
    assert!(plan.status.success());
    assert!(String::from_utf8_lossy(&plan.stdout).contains("nqueens-plan"));
    // A byte-order mark before another solver's answer is skipped, as before any text.
    let dir = scratch("hostile-answer-bom");
    let problem = dir.join("p.txt");
    std::fs::write(&problem, "....\n....\n....\n....\n").unwrap();
    let answer = b"\xEF\xBB\xBFs SATISFIABLE\nv 2 8 9 15 0\n";
    let (code, out, err) = run_with(&["verify", "--problem", problem.to_str().unwrap()], answer);
    assert_eq!((code, out.as_str()), (0, "ok: a completion\n"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_leetcode_row_that_is_no_board_row_is_named_on_its_own_line() {
    // As `json.dumps(boards, indent=1)` prints it: one row a line.
    let boards: Vec<Vec<String>> =
        serde_json::from_str(&stdout_of(&["solve", "6", "-f", "leetcode"])).unwrap();
    let pretty = serde_json::to_string_pretty(&boards).unwrap();
    let rows: Vec<&str> = pretty.lines().collect();
    // Line 3 is the first board's first row; the last board's last row is third from the end.
    for (at, bad) in [
        (2, "\"Z.Q...\","),
        (2, "\"..Q..\","),
        (rows.len() - 3, "\"Z.Q...\""),
    ] {
        let mut lines = rows.clone();
        lines[at] = bad;
        let text = lines.join("\n") + "\n";
        let line = format!("line {}:", at + 1);
        assert_refused(run_with(&["verify"], text.as_bytes()), 2, &[&line]);
        assert_refused(
            run_with(&["verify"], text.replace('\n', "\r").as_bytes()),
            2,
            &[&line],
        );
    }
}

#[test]
fn solver_statuses_are_read_whatever_the_space_after_s() {
    let dir = scratch("hostile-status-space");
    let problem = dir.join("p.txt");
    std::fs::write(&problem, "....\n....\n....\n....\n").unwrap();
    let answer = b"s\tSATISFIABLE\nv 2 8 9 15 0\n";
    let (code, out, err) = run_with(&["verify", "--problem", problem.to_str().unwrap()], answer);
    assert_eq!((code, out.as_str()), (0, "ok: a completion\n"), "{err}");
    // And a problem after many blank lines is numbered from the input's first byte.
    let text = format!("{}letting n be 4\nletting n be 5\n", "\n".repeat(1000));
    assert_refused(
        run_with(&["complete"], text.as_bytes()),
        2,
        &["lines 1001 and 1002"],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
