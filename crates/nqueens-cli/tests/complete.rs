//! `nqueens complete` and `nqueens instance` as users run them.

use crate::common::{assert_usage_error, nqueens, stdout};
use predicates::prelude::*;

/// Nauck's puzzle: queens on b4 and d5 of an 8×8 board, drawn from a8.
const NAUCK: &str =
    "........\n........\n........\n...Q....\n.Q......\n........\n........\n........\n";

/// The standard output of a successful run with `stdin` as input.
fn stdout_with(args: &[&str], stdin: &str) -> Vec<u8> {
    stdout(nqueens().args(args).write_stdin(stdin)).into_bytes()
}

/// Asserts a usage error for `complete` with each (arguments, stdin, message).
fn complete_usage_errors(cases: &[(&[&str], &str, &str)]) {
    for &(args, input, message) in cases {
        assert_usage_error(
            nqueens().arg("complete").args(args).write_stdin(input),
            message,
        );
    }
}

#[test]
fn nauck_has_two_completions_in_order() {
    nqueens()
        .args(["complete", "--all", "--format", "columns"])
        .write_stdin(NAUCK)
        .assert()
        .success()
        .stdout("[4, 0, 7, 3, 1, 6, 2, 5]\n[4, 6, 0, 3, 1, 7, 5, 2]\n");
    nqueens()
        .args(["complete", "--count"])
        .write_stdin(NAUCK)
        .assert()
        .success()
        .stdout("2\n");
}

#[test]
fn one_completion_keeps_the_givens_in_every_format() {
    for format in ["board", "line", "columns", "leetcode", "json", "unicode"] {
        let out = stdout_with(&["complete", "--format", format], NAUCK);
        // Whatever the format, verify reads it back as a solution.
        nqueens().arg("verify").write_stdin(out).assert().success();
    }
    let columns = nqueens()
        .args(["complete", "--format", "columns"])
        .write_stdin(NAUCK)
        .output()
        .unwrap()
        .stdout;
    let text = String::from_utf8(columns).unwrap();
    assert!(
        text.starts_with("[4, 0, 7, 3, 1, 6, 2, 5]")
            || text.starts_with("[4, 6, 0, 3, 1, 7, 5, 2]"),
        "{text}"
    );
}

#[test]
fn every_input_format_is_read() {
    let cases = [
        ("Q...\n..x.\n....\n....\n", "no completion"),
        ("..x. .... .... ....", ""),
        (
            "language ESSENCE' 1.0\n$ Nauck\nletting n be 8\nletting init be [[4, 1], [3, 3]]\n",
            "",
        ),
        ("letting n = 8;\nletting init = [[4, 1], [3, 3]];\n", ""),
        ("n = 6\nnumdiags = 2\ndiags = [[5, 1], [5, 0]]\n", ""),
        ("n = 4;\nm = 3;\nrow = [1,2,4];\ncol = [1,2,3];\n", ""),
        ("board(4).\nblock(2,1).\nblock(2,2).\nblock(4,2).\n", ""),
    ];
    for (input, stderr) in cases {
        let assert = nqueens()
            .args(["complete", "-f", "columns"])
            .write_stdin(input)
            .assert();
        if stderr.is_empty() {
            let out = assert.success().get_output().stdout.clone();
            nqueens().arg("verify").write_stdin(out).assert().success();
        } else {
            assert.code(1).stdout("").stderr(format!("{stderr}\n"));
        }
    }
    // The published blocked-queens sample, as ASP facts and as CSPLib 080's parameters
    // (with the trailing comma of the ASP competition's files): its one answer, 1-based
    // (1,3) (2,1) (3,4) (4,2).
    for sample in [
        "board(4).\nblock(1,1).\nblock(2,2).\nblock(4,3).\n",
        "letting n = 4\nletting blocks = [[1,1],\n[2,2],\n[4,3],\n]\n",
    ] {
        nqueens()
            .args(["complete", "-f", "columns"])
            .write_stdin(sample)
            .assert()
            .success()
            .stdout("[2, 0, 3, 1]\n");
    }
}

#[test]
fn diagonals_are_cut_with_diags() {
    // r + c = 4 and r - c = 0 closed: the 5×5 solutions avoiding both.
    let instance = "n = 5\nnumdiags = 3\ndiags = [[4, 1], [4, 0], [3, 1]]\n";
    let count = |extra: &[&str]| {
        let out = nqueens()
            .args(["complete", "--count"])
            .args(extra)
            .write_stdin(instance)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(count(&["--diags", "0"]), "10\n");
    let one = count(&["--diags", "1"]);
    let two = count(&["--diags", "2"]);
    assert!(one.trim().parse::<u32>().unwrap() < 10);
    assert!(two.trim().parse::<u32>().unwrap() <= one.trim().parse::<u32>().unwrap());
    assert_usage_error(
        nqueens()
            .args(["complete", "--diags", "4"])
            .write_stdin(instance),
        "--diags 4: the instance lists only 3 excluded diagonals",
    );
}

#[test]
fn no_completion_exits_1() {
    nqueens()
        .args(["complete", "--n", "6", "--queens", "0,0"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("no completion\n");
    nqueens()
        .args([
            "complete", "--n", "6", "--queens", "0,0", "--all", "-f", "leetcode",
        ])
        .assert()
        .code(1)
        .stdout("");
    nqueens()
        .args(["complete", "--n", "6", "--queens", "0,0", "--count"])
        .assert()
        .success()
        .stdout("0\n");
}

#[test]
fn conflicting_givens_are_named_with_exit_2() {
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["--n", "8", "--queens", "1,3 4,6"],
            "",
            "the given queens at (1, 3) and (4, 6) share a diagonal",
        ),
        (
            &[],
            "Q..Q\n....\n....\n....\n",
            "the given queens at (0, 0) and (0, 3) share a row",
        ),
        (
            &[],
            "letting n = 8\nletting init = [[9, 1]]\n",
            "the square (9, 1) is outside the 8×8 board",
        ),
        (
            &[],
            "n = 4\ninit = [[0, 1]]\ndiags = [[1, 1]]\n",
            "the given queen at (0, 1) stands on the diagonal r + c = 1, which is excluded",
        ),
    ];
    complete_usage_errors(&cases);
    assert_usage_error(
        nqueens()
            .arg("complete")
            .write_stdin("n = 4\ndiags = [[7, 1]]\n"),
        "diagonal number 7 does not exist on a 4×4 board (0 to 6)",
    );
    assert_usage_error(
        nqueens().args(["complete", "--n", "4", "--queens", "0,1 0,1"]),
        "the queen at (0, 1) is given twice",
    );
}

#[test]
fn bad_input_is_a_assert_usage_error() {
    let cases: [(&[&str], &str, &str); 7] = [
        (&[], "", "the input is empty"),
        (
            &[],
            "Q..\n...\n..\n",
            "line 3: row 2 has 2 squares, but the board has 3 rows",
        ),
        (&[], "Q.a\n...\n...\n", "unexpected 'a' on a board"),
        (&[], "n = 4\nfoo = 1\n", "line 2: unknown parameter 'foo'"),
        (&[], "n = 5\ndiags = [[4, 2]]\n", "diagonal kind 2"),
        (
            &["--n", "8", "--queens", "1;2"],
            "",
            "--queens: '1;2' is not a square",
        ),
        (
            &["--timeout", "-1", "--n", "8"],
            "",
            "is not a number of seconds",
        ),
    ];
    complete_usage_errors(&cases);
    assert_usage_error(
        nqueens().args(["complete", "--n", "100", "--count"]),
        "n = 100 with 100 rows open is too large to list or count completions",
    );
    assert_usage_error(nqueens().args(["complete", "--queens", "0,0"]), "--n");
    assert_usage_error(
        nqueens().args(["complete", "--all", "--count", "--n", "4"]),
        "cannot be used with",
    );
    assert_usage_error(
        nqueens().args(["complete", "/no/such/file"]),
        "cannot read '/no/such/file'",
    );
}

#[test]
fn timeout_answers_unknown_with_exit_3() {
    // Every column of row 50 closed: local search can never finish, and must not claim
    // that there is no completion.
    let mut board = vec![".".repeat(100); 100];
    board[50] = "x".repeat(100);
    nqueens()
        .args(["complete", "--timeout", "0.3"])
        .write_stdin(board.join("\n"))
        .assert()
        .code(3)
        .stdout("unknown\n");
}

#[test]
fn large_boards_complete_by_local_search() {
    let out = nqueens()
        .args([
            "complete",
            "--n",
            "2000",
            "--queens",
            "0,0 1,2 500,700 1999,1998",
            "-f",
            "columns",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out.clone()).unwrap();
    assert!(text.starts_with("[0, 2, "), "{}", &text[..20]);
    nqueens().arg("verify").write_stdin(out).assert().success();
}

#[test]
fn instance_is_reproducible_and_read_back() {
    let draw = |seed: &str| {
        let out = nqueens()
            .args(["instance", "12", "--seed", seed])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let text = draw("5");
    assert_eq!(text, draw("5"));
    assert_ne!(text, draw("6"));
    assert!(text.starts_with("n = 12\nnumdiags = "));
    nqueens()
        .args(["complete", "--diags", "3", "-f", "columns"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("["));
    assert_usage_error(nqueens().args(["instance", "65"]), "n = 65");
}

#[test]
fn pictures_of_completions() {
    let svg = stdout_with(&["complete", "--all", "-f", "svg"], NAUCK);
    let text = String::from_utf8(svg).unwrap();
    assert!(text.starts_with("<svg"));
    assert_eq!(text.matches("<use").count(), 16, "two boards of 8 queens");
}

#[test]
fn shares_split_one_search() {
    // Nauck's two completions: some share prints one, the others say they hold none.
    let (mut completed, mut empty) = (0, 0);
    for i in 0..4 {
        let out = nqueens()
            .args(["complete", "--format", "columns", "--index"])
            .arg(i.to_string())
            .args(["--of", "4"])
            .write_stdin(NAUCK)
            .output()
            .unwrap();
        match out.status.code() {
            Some(0) => {
                let printed = String::from_utf8(out.stdout).unwrap();
                assert!(
                    ["[4, 0, 7, 3, 1, 6, 2, 5]\n", "[4, 6, 0, 3, 1, 7, 5, 2]\n"]
                        .contains(&printed.as_str()),
                    "{printed}"
                );
                completed += 1;
            }
            Some(1) => {
                assert!(out.stdout.is_empty());
                let said = format!("no completion in share {i} of 4\n");
                assert_eq!(String::from_utf8(out.stderr).unwrap(), said);
                empty += 1;
            }
            code => panic!("share {i} exited with {code:?}"),
        }
    }
    assert!(completed >= 1 && empty >= 1, "{completed} {empty}");
    // One share of one is the whole search.
    nqueens()
        .args([
            "complete", "--n", "6", "--queens", "0,0", "-i", "0", "--of", "1",
        ])
        .assert()
        .code(1)
        .stderr("no completion in share 0 of 1\n");
}

#[test]
fn bad_shares_are_usage_errors() {
    let cases: [(&[&str], &str, &str); 6] = [
        (
            &["--index", "4", "--of", "4"],
            NAUCK,
            "share 4 does not exist: the shares of 4 are numbered 0 to 3",
        ),
        (
            &["--index", "0", "--of", "0"],
            NAUCK,
            "is not a number of shares",
        ),
        (&["--index", "0", "--of", "4097"], NAUCK, "from 1 to 4096"),
        (&["--index", "1"], NAUCK, "--of"),
        (
            &["--index", "0", "--of", "2", "--count"],
            NAUCK,
            "cannot be used with",
        ),
        (
            &["--n", "100", "--index", "0", "--of", "2"],
            "",
            "the search of n = 100 cannot be split into shares",
        ),
    ];
    complete_usage_errors(&cases);
}

#[test]
fn large_boards_with_few_rows_open_are_decided_exactly() {
    // The paper's reduction of a published Excluded Diagonals instance: 2544 queens, all
    // but 10 given, no completion. Local search would print "unknown" after its 60 s; the
    // exact search proves it at once.
    let data = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../queens/tests/data/csplib-079/"
    );
    nqueens()
        .args([
            "complete",
            &format!("{data}diag-10-4-1-cut7-as-completion.param"),
        ])
        .timeout(std::time::Duration::from_secs(30))
        .assert()
        .code(1)
        .stdout("")
        .stderr("no completion\n");
    let out = stdout(nqueens().args([
        "complete",
        "-f",
        "columns",
        &format!("{data}diag-10-4-1-cut6-as-completion.param"),
    ]));
    nqueens()
        .arg("verify")
        .write_stdin(out.clone())
        .assert()
        .success();
    // Listing and counting walk the same open board: the completion found is among them.
    let cut6 = format!("{data}diag-10-4-1-cut6-as-completion.param");
    let all = stdout(nqueens().args(["complete", "--all", "-f", "columns", &cut6]));
    let count = stdout(nqueens().args(["complete", "--count", &cut6]));
    assert_eq!(count.trim(), all.lines().count().to_string());
    assert!(all.lines().any(|line| out.trim() == line), "{out}");
    let cut7 = format!("{data}diag-10-4-1-cut7-as-completion.param");
    assert_eq!(
        stdout(nqueens().args(["complete", "--count", &cut7])),
        "0\n"
    );
}

#[test]
fn exports_write_the_problem_for_other_solvers() {
    let cnf = String::from_utf8(stdout_with(&["complete", "--export", "dimacs"], NAUCK)).unwrap();
    assert!(cnf.starts_with("c n-queens completion exported by nqueens"));
    assert!(cnf.lines().any(|l| l == "c given queen at (4, 1)"));
    assert!(cnf.lines().any(|l| l.starts_with("p cnf ")));
    assert!(
        cnf.lines().any(|l| l == "34 0"),
        "row 4, column 1 is variable 4·8 + 1 + 1"
    );
    let mzn = String::from_utf8(stdout_with(&["complete", "--export", "minizinc"], NAUCK)).unwrap();
    assert!(mzn.contains("constraint q[4] = 1;") && mzn.contains("solve satisfy;"));
    // The Essence′ parameters read back as the same problem.
    let essence = stdout_with(&["complete", "--export", "essence"], NAUCK);
    assert_eq!(
        stdout_with(
            &["complete", "--count"],
            std::str::from_utf8(&essence).unwrap()
        ),
        b"2\n"
    );
}

#[test]
fn instances_cut_and_export() {
    let cut = String::from_utf8(stdout_with(
        &["instance", "10", "--seed", "7", "--diags", "3"],
        "",
    ))
    .unwrap();
    assert!(cut.starts_with("n = 10\nnumdiags = 3\n"), "{cut}");
    let essence = String::from_utf8(stdout_with(
        &[
            "instance", "10", "--seed", "7", "--diags", "3", "--export", "essence",
        ],
        "",
    ))
    .unwrap();
    assert!(essence.contains("letting numsum be ") && essence.contains("letting diffdiags be "));
    // Both forms are the same problem.
    assert_eq!(
        stdout_with(&["complete", "--count"], &cut),
        stdout_with(&["complete", "--count"], &essence)
    );
}

#[test]
fn verify_checks_another_solvers_answer() {
    let dir = tempfile_dir();
    let problem = dir.join("nauck.txt");
    std::fs::write(&problem, NAUCK).unwrap();
    let problem = problem.to_str().unwrap();
    let check = |answer: &str| {
        nqueens()
            .args(["verify", "--problem", problem])
            .write_stdin(answer.to_string())
            .assert()
    };
    check("q = [4, 0, 7, 3, 1, 6, 2, 5];\n----------\n")
        .success()
        .stdout("ok: a completion\n");
    check("q = [0, 4, 7, 5, 2, 6, 1, 3];\n")
        .code(1)
        .stdout("not a completion: the given queen at (3, 3) is missing: row 3 holds its queen in column 5\n");
    check("s UNSATISFIABLE\n")
        .code(1)
        .stdout(predicate::str::starts_with("wrong: standard input says there is no completion, but [4, 0, 7, 3, 1, 6, 2, 5] is one"));
    let none = dir.join("none.txt");
    std::fs::write(&none, "Q...\n.Q..\n....\n....\n").unwrap();
    nqueens()
        .args(["verify", "--problem", none.to_str().unwrap()])
        .write_stdin("=====UNSATISFIABLE=====\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("ok: no completion"));
    assert_usage_error(
        nqueens()
            .args(["verify", "--problem", problem])
            .write_stdin("what\n"),
        "standard input: line 1",
    );
}

#[test]
fn export_errors_are_usage_errors() {
    complete_usage_errors(&[
        (
            &["--export", "smt"],
            NAUCK,
            "'smt' is not an export format: expected dimacs, minizinc or essence",
        ),
        (
            &["--export", "dimacs", "--count"],
            NAUCK,
            "cannot be used with",
        ),
        (
            &["--n", "1001", "--export", "dimacs"],
            "",
            "cannot export to dimacs: n = 1001 is too large: at most 1000",
        ),
        (
            &["--export", "minizinc"],
            "letting n be 4\nletting init be [[5, 0]]\n",
            "cannot export to minizinc",
        ),
    ]);
    assert_usage_error(
        nqueens().args(["instance", "10", "--diags", "99"]),
        "--diags 99: instance 0 of n = 10 drew only",
    );
}

/// A fresh folder under the target directory for this test's files.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
