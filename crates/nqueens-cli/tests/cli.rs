//! Black-box tests of the `nqueens` binary.

use crate::common::{assert_usage_error, nqueens, spawn_piped, stdout_of};
use predicates::prelude::*;
use std::io::{Read, Write};

#[test]
fn solve_prints_each_format_exactly() {
    let cases = [
        (
            "board",
            ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n",
        ),
        ("line", ".Q.. ...Q Q... ..Q.\n..Q. Q... ...Q .Q..\n"),
        ("columns", "[1, 3, 0, 2]\n[2, 0, 3, 1]\n"),
        (
            "leetcode",
            "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n",
        ),
        (
            "json",
            "{\"n\":4,\"index\":0,\"columns\":[1,3,0,2]}\n{\"n\":4,\"index\":1,\"columns\":[2,0,3,1]}\n",
        ),
    ];
    for (format, expected) in cases {
        assert_eq!(
            stdout_of(&["solve", "4", "--format", format]),
            expected,
            "{format}"
        );
    }
    assert_eq!(
        stdout_of(&["solve", "4"]),
        cases[0].1,
        "board is the default"
    );
    let unicode = stdout_of(&["solve", "4", "-f", "unicode"]);
    assert_eq!(unicode.matches('♛').count(), 8);
    assert!(
        unicode.starts_with("╔════════════╗\n║   ░♛░   ░░░║\n"),
        "{unicode}"
    );
}

#[test]
fn solve_limit_and_empty_answers() {
    assert_eq!(
        stdout_of(&["solve", "8", "-f", "columns", "--limit", "2"]),
        "[0, 4, 7, 5, 2, 6, 1, 3]\n[0, 5, 7, 2, 6, 3, 1, 4]\n"
    );
    assert_eq!(
        stdout_of(&["solve", "8", "--limit", "0", "-f", "leetcode"]),
        "[]\n"
    );
    for n in ["2", "3"] {
        assert_eq!(stdout_of(&["solve", n, "-f", "leetcode"]), "[]\n");
        for f in ["board", "line", "columns", "json", "unicode"] {
            assert_eq!(stdout_of(&["solve", n, "-f", f]), "", "{n} {f}");
        }
    }
    assert_eq!(stdout_of(&["solve", "0", "-f", "columns"]), "[]\n");
    assert_eq!(
        stdout_of(&["solve", "8", "-f", "columns"]).lines().count(),
        92
    );
}

#[test]
fn count_prints_a_bare_integer_or_json() {
    assert_eq!(stdout_of(&["count", "8"]), "92\n");
    assert_eq!(stdout_of(&["count", "0"]), "1\n");
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&["count", "10", "--json"])).unwrap();
    assert_eq!(json["n"], 10);
    assert_eq!(json["total"], 724);
    assert!(json["seconds"].as_f64().unwrap() >= 0.0);
}

#[test]
fn every_format_verifies_after_solving() {
    for f in ["board", "line", "columns", "leetcode", "json", "unicode"] {
        let out = stdout_of(&["solve", "6", "-f", f]);
        nqueens()
            .arg("verify")
            .write_stdin(out)
            .assert()
            .success()
            .stdout("solution 0: ok\nsolution 1: ok\nsolution 2: ok\nsolution 3: ok\n")
            .stderr(predicate::str::contains(
                "4 placements read from standard input: 4 valid, 0 invalid",
            ));
    }
}

#[test]
fn verify_names_what_is_wrong_and_exits_1() {
    let input = "[1, 3, 0, 2]\n[0, 1, 2, 3]\n[1, 3, 0, 3]\n[1, 3, 0, 7]\n[3, 1, 2, 0]\n";
    nqueens()
        .arg("verify")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(
            "solution 0: ok\n\
             solution 1: queens in rows 0 and 1 share a diagonal\n\
             solution 2: queens in rows 1 and 3 share column 3\n\
             solution 3: the queen in row 3 is in column 7, outside the 4×4 board (columns 0 to 3)\n\
             solution 4: queens in rows 1 and 2 share a diagonal\n",
        );
    nqueens()
        .arg("verify")
        .write_stdin("Q..\n...\n..Q\n")
        .assert()
        .code(1)
        .stdout("solution 0: row 1 has no queen\n");
    // A reader gone before the verdicts (`| head -0` under pipefail) leaves the failure in
    // the exit code.
    let code = crate::common::code_with_stdout_closed(["verify", "-"], b"[0, 1, 2, 3]\n");
    assert_eq!(code, Some(1));
}

#[test]
fn verify_reads_a_file() {
    let dir = std::env::temp_dir().join(format!("nqueens-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("eight.txt");
    std::fs::write(&file, stdout_of(&["solve", "8", "-f", "line"])).unwrap();
    nqueens()
        .arg("verify")
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("solution 91: ok"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_are_one_line_usage_errors() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["solve", "abc"],
            "'abc' is not a number of queens: expected a whole number from 0 to 64",
        ),
        (
            &["solve", "-3"],
            "'-3' is negative: expected a whole number from 0 to 64",
        ),
        (
            &["solve", "65"],
            "n = 65 is too large: at most 64 queens are supported",
        ),
        (
            &["count", "100000000000000000000000000000000000000000"],
            "too large",
        ),
        (&["count", "4.5"], "not a number of queens"),
        (
            &["solve", "8", "--format", "xml"],
            "possible values: board, line, columns, leetcode, json, unicode",
        ),
        (&["solve", "8", "--limit", "-1"], "--limit"),
        (&["solve"], "<N>"),
        (&["frobnicate"], "unrecognized subcommand"),
        (
            &["verify", "/nonexistent/file.txt"],
            "cannot read '/nonexistent/file.txt'",
        ),
        (&["verify", "a", "b"], "unexpected argument"),
    ];
    for (args, needle) in cases {
        assert_usage_error(nqueens().args(*args), needle);
    }
}

#[test]
fn unparseable_verify_input_is_a_usage_error_with_its_line() {
    assert_usage_error(
        nqueens()
            .arg("verify")
            .write_stdin("[1, 3, 0, 2]\n[1, 3, x, 2]\n"),
        "line 2: unexpected 'x' in a column array",
    );
    assert_usage_error(
        nqueens().arg("verify").write_stdin("hello\n"),
        "cannot tell the format",
    );
    assert_usage_error(
        nqueens().arg("verify").write_stdin(vec![0xff, 0xfe, b'Q']),
        "not UTF-8",
    );
}

#[test]
fn interactive_mode_asks_and_prints_boards() {
    nqueens()
        .write_stdin("4\n")
        .assert()
        .success()
        .stdout(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n")
        .stderr(
            predicate::str::starts_with("How many queens?")
                .and(predicate::str::ends_with("2 solutions\n")),
        );
    nqueens()
        .write_stdin("1")
        .assert()
        .success()
        .stdout("Q\n")
        .stderr(predicate::str::ends_with("1 solution\n"));
}

#[test]
fn interactive_mode_rejects_bad_answers() {
    assert_usage_error(
        nqueens().write_stdin(""),
        "no number of queens given on standard input",
    );
    assert_usage_error(
        nqueens().write_stdin("\n"),
        "no number of queens given on standard input",
    );
    assert_usage_error(
        nqueens().write_stdin("eight\n"),
        "'eight' is not a number of queens",
    );
    assert_usage_error(nqueens().write_stdin("-8\n"), "'-8' is negative");
    assert_usage_error(nqueens().write_stdin("99\n"), "at most 64");
}

#[test]
fn help_and_version() {
    for sub in ["solve", "count", "verify"] {
        nqueens()
            .args([sub, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Usage: nqueens"));
    }
    nqueens()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("[default: board]").and(predicate::str::contains("leetcode")),
        );
    nqueens()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("nqueens "));
}

/// `nqueens solve 12 | head -c 100`: the reader leaves early, and that is a success.
#[test]
fn closed_pipe_exits_quietly() {
    let mut child = spawn_piped(["solve", "12"]);
    let mut head = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // Dropping our end of the pipe makes the next write fail with EPIPE.
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "exit {status:?}, stderr {err}");
    assert_eq!(err, "");
    let _ = std::io::stdout().flush();
}

#[test]
fn count_unique_and_json_with_classes() {
    assert_eq!(stdout_of(&["count", "8", "--unique"]), "12\n");
    assert_eq!(stdout_of(&["count", "10", "-u"]), "92\n");
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&["count", "8", "--json", "-j", "2"])).unwrap();
    assert_eq!(json["total"], 92);
    assert_eq!(json["unique"], 12);
    assert_eq!(
        json["classes"],
        serde_json::json!({"8": 11, "4": 1, "2": 0, "1": 0})
    );
    assert_eq!(json["threads"], 2);
    assert!(json["units"].as_u64().unwrap() > 1);
    let one: serde_json::Value =
        serde_json::from_str(&stdout_of(&["count", "1", "--json"])).unwrap();
    assert_eq!(
        one["classes"],
        serde_json::json!({"8": 0, "4": 0, "2": 0, "1": 1})
    );
}

#[test]
fn thread_count_never_changes_the_answer() {
    for t in ["1", "2", "5"] {
        assert_eq!(
            stdout_of(&["count", "12", "--threads", t]),
            "14200\n",
            "{t} threads"
        );
        assert_eq!(
            stdout_of(&["solve", "9", "-u", "-f", "columns", "-j", t])
                .lines()
                .count(),
            46
        );
    }
}

#[test]
fn progress_stays_off_stderr_when_it_is_not_a_terminal() {
    nqueens()
        .args(["count", "13"])
        .assert()
        .success()
        .stdout("73712\n")
        .stderr("");
    nqueens()
        .args(["count", "13", "--quiet"])
        .assert()
        .success()
        .stderr("");
}

#[test]
fn solve_unique_prints_smallest_representatives_in_order() {
    let reps = stdout_of(&["solve", "8", "--unique", "-f", "columns"]);
    let rows: Vec<&str> = reps.lines().collect();
    assert_eq!(rows.len(), 12);
    assert_eq!(rows[0], "[0, 4, 7, 5, 2, 6, 1, 3]");
    let mut sorted = rows.clone();
    sorted.sort();
    assert_eq!(rows, sorted, "lexicographic order");
    assert_eq!(
        stdout_of(&["solve", "6", "-u", "-f", "line"]),
        ".Q.... ...Q.. .....Q Q..... ..Q... ....Q.\n"
    );
    assert_eq!(
        stdout_of(&["solve", "8", "-u", "--limit", "3", "-f", "columns"])
            .lines()
            .count(),
        3
    );
    for f in ["board", "leetcode", "json", "unicode"] {
        let out = stdout_of(&["solve", "7", "-u", "-f", f]);
        nqueens()
            .arg("verify")
            .write_stdin(out)
            .assert()
            .success()
            .stdout(predicate::str::contains("solution 5: ok"));
    }
}

#[test]
fn bad_thread_counts_are_usage_errors() {
    assert_usage_error(
        nqueens().args(["count", "8", "--threads", "0"]),
        "--threads",
    );
    assert_usage_error(nqueens().args(["count", "8", "-j", "many"]), "--threads");
}

#[test]
fn one_constructs_a_solution_for_any_n() {
    assert_eq!(stdout_of(&["one", "8"]), "[1, 3, 5, 7, 2, 0, 6, 4]\n");
    assert_eq!(
        stdout_of(&["one", "4", "-f", "line"]),
        ".Q.. ...Q Q... ..Q.\n"
    );
    for n in ["1", "5", "1000", "99999"] {
        let out = stdout_of(&["one", n, "-f", "json"]);
        nqueens()
            .arg("verify")
            .write_stdin(out)
            .assert()
            .success()
            .stdout("solution 0: ok\n");
    }
    for n in ["2", "3"] {
        nqueens()
            .args(["one", n])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains("no solution"));
    }
}

#[test]
fn one_random_is_reproducible_and_reports_its_seed() {
    let a = nqueens()
        .args(["one", "50", "--random", "--seed", "9"])
        .assert()
        .success()
        .stderr("seed: 9\n");
    let a = a.get_output().stdout.clone();
    let b = nqueens()
        .args(["one", "50", "-r", "-s", "9"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(a, b);
    nqueens().arg("verify").write_stdin(a).assert().success();
    nqueens()
        .args(["one", "50", "-r"])
        .assert()
        .success()
        .stderr(predicate::str::starts_with("seed: "));
}

#[test]
fn one_refuses_what_it_cannot_do() {
    assert_usage_error(
        nqueens().args(["one", "20000", "-f", "board"]),
        "use --format columns or json",
    );
    assert_usage_error(
        nqueens().args(["one", "1000000001"]),
        "at most 1000000000 queens",
    );
    assert_usage_error(
        nqueens().args(["one", "200000000", "--random"]),
        "too large for --random",
    );
    assert_usage_error(
        nqueens().args(["one", "8", "--seed", "3"]),
        "--seed only applies",
    );
    assert_usage_error(nqueens().args(["one", "-5"]), "negative");
}

#[test]
fn nth_and_uniform() {
    assert_eq!(
        stdout_of(&["solve", "8", "--nth", "2", "-f", "json"]),
        "{\"n\":8,\"index\":2,\"columns\":[0,6,3,5,7,1,4,2]}\n"
    );
    let all = stdout_of(&["solve", "10", "-f", "columns"]);
    assert_eq!(
        stdout_of(&["solve", "10", "--nth", "500", "-f", "columns"]),
        format!("{}\n", all.lines().nth(500).unwrap())
    );
    assert_usage_error(
        nqueens().args(["solve", "8", "--nth", "92"]),
        "past the last solution: n = 8 has 92",
    );
    assert_usage_error(
        nqueens().args(["solve", "1", "--nth", "1"]),
        "past the last solution: n = 1 has one, numbered 0",
    );
    assert_usage_error(nqueens().args(["solve", "22", "--nth", "0"]), "at most 21");
    // From n = 14 the join ranks, on the threads asked for; they change only the time.
    let on = |threads: &str| {
        stdout_of(&[
            "solve", "15", "--nth", "1139592", "-f", "columns", "-j", threads,
        ])
    };
    assert_eq!(
        on("1"),
        "[7, 9, 0, 2, 4, 1, 8, 11, 14, 12, 3, 5, 13, 10, 6]\n"
    );
    assert_eq!(on("3"), on("1"));
    let a = nqueens()
        .args(["one", "9", "--uniform", "--seed", "4"])
        .assert()
        .success()
        .stderr("seed: 4\n");
    let a = a.get_output().stdout.clone();
    assert_eq!(
        a,
        nqueens()
            .args(["one", "9", "-u", "-s", "4"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    );
    nqueens().arg("verify").write_stdin(a).assert().success();
    // The empty board's one solution, drawn as surely as listed.
    assert_eq!(stdout_of(&["one", "0", "--uniform", "-s", "1"]), "[]\n");
    assert_usage_error(nqueens().args(["one", "22", "--uniform"]), "at most 21");
    assert_usage_error(
        nqueens().args(["one", "9", "--uniform", "--random"]),
        "cannot be used with",
    );
}

#[test]
fn verify_streams_column_files_with_the_same_verdicts() {
    let dir = std::env::temp_dir().join(format!("nqueens-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("columns.txt");
    let text = "[1, 3, 0, 2]\n[0, 1, 2, 3]\n\n[1, 3, 0, 7]\n[3, 1, 2, 0]\n[1, 3, 0, 3]\n";
    std::fs::write(&file, text).unwrap();
    let from_file = nqueens()
        .arg("verify")
        .arg(&file)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let from_stdin = nqueens()
        .arg("verify")
        .write_stdin(text)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert_eq!(from_file, from_stdin);
    std::fs::write(&file, stdout_of(&["one", "200000"])).unwrap();
    nqueens()
        .arg("verify")
        .arg(&file)
        .assert()
        .success()
        .stdout("solution 0: ok\n");
    std::fs::write(&file, "[1, 3, 0, 2]\n[1, 3, x]\n").unwrap();
    assert_usage_error(nqueens().arg("verify").arg(&file), "line 2: unexpected 'x'");
    std::fs::remove_dir_all(&dir).unwrap();
}
