//! Completion against brute force: every solution of the board, filtered by the givens.

use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use queens::{
    Completion, Diagonal, Error, Outcome,
    complete::{
        Export, GivenConflict, NotCompletion, SolverAnswer, excluded_diagonals, export,
        parse_completion, parse_solver_answer,
    },
    reference, validate,
};

/// Whether `columns` keeps every given queen of `problem` where it stands.
fn keeps_givens(problem: &Completion, columns: &[u32]) -> bool {
    problem
        .queens()
        .iter()
        .all(|&(r, c)| columns[r as usize] == c)
}

/// The completions of `problem` by brute force: all solutions, in order, that keep the
/// given queens and avoid every closed square and diagonal.
fn brute_force(problem: &Completion) -> Vec<Vec<u32>> {
    let n = problem.n();
    reference::solutions(n)
        .into_iter()
        .filter(|s| {
            keeps_givens(problem, s)
                && problem.blocked().iter().all(|&(r, c)| s[r as usize] != c)
                && problem
                    .diagonals()
                    .iter()
                    .all(|d| s.iter().zip(0..).all(|(&c, r)| !d.contains(n, r, c)))
        })
        .collect()
}

/// Checks every way of answering `problem` against brute force.
fn agrees_with_brute_force(problem: &Completion) {
    if let Err(conflict) = problem.check() {
        assert_eq!(problem.count(), Err(Error::Givens(conflict.clone())));
        assert_eq!(problem.find(None), Err(Error::Givens(conflict)));
        return;
    }
    let expected = brute_force(problem);
    let listed: Vec<Vec<u32>> = problem.iter().unwrap().map(|p| p.into_columns()).collect();
    assert_eq!(listed, expected, "{problem:?}");
    assert_eq!(
        problem.count().unwrap(),
        expected.len() as u128,
        "{problem:?}"
    );
    assert_eq!(
        problem.first().unwrap().map(|p| p.into_columns()),
        expected.first().cloned()
    );
    match problem.find(None).unwrap() {
        Outcome::Completed(p) => assert!(expected.contains(&p.into_columns()), "{problem:?}"),
        Outcome::Impossible => assert!(expected.is_empty(), "{problem:?}"),
        Outcome::Unknown => panic!("no deadline, yet unknown: {problem:?}"),
    }
}

/// A problem on an n × n board: givens drawn from a solution half the time (so that most
/// are satisfiable), anywhere otherwise.
fn problem() -> impl Strategy<Value = Completion> {
    (0usize..=10)
        .prop_flat_map(|n| {
            let m = n.max(1) as u32;
            let square = (0..m, 0..m);
            (
                Just(n),
                any::<bool>(),
                prop::collection::vec(square.clone(), 0..4),
                prop::collection::vec(square, 0..6),
                prop::collection::vec((0..2 * m - 1, any::<bool>()), 0..8),
            )
        })
        .prop_map(|(n, from_solution, queens, blocked, diagonals)| {
            let solutions = reference::solutions(n);
            let mut problem = Completion::new(n);
            for (i, &(r, c)) in queens.iter().enumerate() {
                problem = match solutions.get(i * 7 % solutions.len().max(1)) {
                    Some(s) if from_solution && (r as usize) < s.len() => {
                        problem.queen(r, s[r as usize])
                    }
                    _ => problem.queen(r, c),
                };
            }
            for (r, c) in blocked {
                problem = problem.block(r, c);
            }
            for (d, sum) in diagonals {
                problem = problem.exclude(if sum {
                    Diagonal::Sum(d)
                } else {
                    Diagonal::Difference(d)
                });
            }
            problem
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_answer_agrees_with_brute_force(problem in problem()) {
        agrees_with_brute_force(&problem);
    }

    #[test]
    fn essence_export_reads_back_as_the_same_problem(problem in problem()) {
        prop_assume!(problem.check().is_ok());
        let mut text = Vec::new();
        export(&problem, Export::Essence, &mut text).unwrap();
        let back = parse_completion(std::str::from_utf8(&text).unwrap()).unwrap();
        prop_assert_eq!(back.n(), problem.n());
        prop_assert_eq!(back.queens(), problem.queens());
        prop_assert_eq!(back.blocked(), problem.blocked());
        prop_assert_eq!(brute_force(&back), brute_force(&problem));
    }

    #[test]
    fn checking_an_answer_agrees_with_brute_force(problem in problem()) {
        let completions = if problem.check().is_ok() { brute_force(&problem) } else { Vec::new() };
        for s in reference::solutions(problem.n()) {
            let queens: Vec<(u32, u32)> = (0u32..).zip(s.iter().copied()).collect();
            prop_assert_eq!(
                problem.check_completion(&queens).is_ok(),
                completions.contains(&s),
                "{:?} on {:?}", s, problem
            );
        }
    }

    #[test]
    fn every_export_counts_its_own_lines(problem in problem()) {
        prop_assume!(problem.check().is_ok());
        let mut cnf = Vec::new();
        export(&problem, Export::Dimacs, &mut cnf).unwrap();
        let cnf = String::from_utf8(cnf).unwrap();
        let header = cnf.lines().find(|l| l.starts_with("p cnf ")).unwrap();
        let numbers: Vec<usize> = header[6..].split(' ').map(|v| v.parse().unwrap()).collect();
        let clauses: Vec<&str> = cnf.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')).collect();
        prop_assert_eq!(clauses.len(), numbers[1]);
        let top = clauses.iter().flat_map(|c| c.split(' ')).map(|l| l.parse::<i64>().unwrap().unsigned_abs()).max().unwrap_or(0);
        prop_assert!(top as usize <= numbers[0]);
        prop_assert!(clauses.iter().all(|c| c.ends_with(" 0") || *c == "0"));
    }

    #[test]
    fn generated_instances_agree_with_brute_force(n in 4usize..=10, seed in any::<u64>(), cut in 0usize..40) {
        let instance = excluded_diagonals(n, seed).unwrap();
        agrees_with_brute_force(&instance.completion(cut));
    }
}

#[test]
fn nauck_b4_d5_has_exactly_two_completions() {
    // From a8: b4 is row 4, column 1; d5 is row 3, column 3.
    let nauck = Completion::new(8).queen(4, 1).queen(3, 3);
    assert_eq!(nauck.count().unwrap(), 2);
    agrees_with_brute_force(&nauck);
}

#[test]
fn givens_alone_can_be_the_whole_answer() {
    let full = Completion::new(4)
        .queen(0, 1)
        .queen(1, 3)
        .queen(2, 0)
        .queen(3, 2);
    assert_eq!(full.count().unwrap(), 1);
    assert_eq!(full.first().unwrap().unwrap().columns(), &[1, 3, 0, 2]);
    agrees_with_brute_force(&Completion::new(0));
}

#[test]
fn conflicting_givens_are_named() {
    let cases = [
        (
            Completion::new(8).queen(0, 0).queen(0, 5),
            "the given queens at (0, 0) and (0, 5) share a row",
        ),
        (
            Completion::new(8).queen(0, 2).queen(6, 2),
            "the given queens at (0, 2) and (6, 2) share a column",
        ),
        (
            Completion::new(8).queen(2, 2).queen(2, 2),
            "the queen at (2, 2) is given twice",
        ),
        (
            Completion::new(8).queen(8, 1),
            "the square (8, 1) is outside the 8×8 board (rows and columns 0 to 7)",
        ),
        (
            Completion::new(8).block(1, 9),
            "the square (1, 9) is outside the 8×8 board (rows and columns 0 to 7)",
        ),
        (
            Completion::new(8).exclude(Diagonal::Sum(15)),
            "diagonal number 15 does not exist on a 8×8 board (0 to 14)",
        ),
        (
            Completion::new(8)
                .queen(3, 5)
                .exclude(Diagonal::Difference(5)),
            "the given queen at (3, 5) stands on the diagonal r - c = -2, which is excluded",
        ),
    ];
    for (problem, message) in cases {
        assert_eq!(problem.check().unwrap_err().to_string(), message);
        assert_eq!(problem.find(None).unwrap_err().to_string(), message);
    }
    assert_eq!(
        Completion::new(5).queen(1, 1).block(1, 1).check(),
        Err(GivenConflict::Blocked { queen: (1, 1) })
    );
}

#[test]
fn generated_instances_keep_four_open_squares_per_line() {
    for seed in 0..20 {
        let instance = excluded_diagonals(12, seed).unwrap();
        let n = instance.n;
        let lines_ok = |closed: &[Diagonal]| {
            let open = |r: u32, c: u32| !closed.iter().any(|d| d.contains(n, r, c));
            (0..n as u32).all(|line| {
                (0..n as u32).filter(|&c| open(line, c)).count() >= 4
                    && (0..n as u32).filter(|&r| open(r, line)).count() >= 4
            })
        };
        assert!(lines_ok(&instance.diagonals), "seed {seed}");
        // The draw went as far as it could: closing any diagonal left out breaks the rule.
        for d in 0..2 * n as u32 - 1 {
            for extra in [Diagonal::Sum(d), Diagonal::Difference(d)] {
                if !instance.diagonals.contains(&extra) {
                    let more = [&instance.diagonals[..], &[extra]].concat();
                    assert!(!lines_ok(&more), "seed {seed}: {extra:?} could be added");
                }
            }
        }
        assert_eq!(
            parse_completion(&instance.to_string()).unwrap().diagonals(),
            &instance.diagonals[..]
        );
    }
}

#[test]
fn boards_past_32_queens_search_exactly() {
    for n in [33, 47, 64] {
        let problem = excluded_diagonals(n, 1).unwrap().completion(n / 2);
        let Outcome::Completed(p) = problem.find(None).unwrap() else {
            panic!("{n} queens with {} diagonals closed complete", n / 2);
        };
        assert!(validate(p.columns()).is_ok());
        assert!(
            p.columns()
                .iter()
                .zip(0..)
                .all(|(&c, r)| { problem.diagonals().iter().all(|d| !d.contains(n, r, c)) })
        );
        // Fewer sum diagonals left open than queens: no completion.
        let closed = (0..n as u32).fold(Completion::new(n), |p, d| p.exclude(Diagonal::Sum(d)));
        assert_eq!(closed.find(None).unwrap(), Outcome::Impossible);
    }
}

#[test]
fn large_boards_complete_by_local_search() {
    let n = 300;
    let base: Vec<u32> = queens::construct(n).unwrap().unwrap().collect();
    let mut problem = Completion::new(n);
    for r in (0..n).step_by(10) {
        problem = problem.queen(r as u32, base[r]);
    }
    problem = problem
        .block(1, 1)
        .block(2, 2)
        .exclude(Diagonal::Sum(0))
        .exclude(Diagonal::Difference(598));
    let Outcome::Completed(p) = problem.find(None).unwrap() else {
        panic!("300 queens with 30 givens complete");
    };
    assert!(validate(p.columns()).is_ok());
    assert!(keeps_givens(&problem, p.columns()));
    assert!(
        p.columns()[1] != 1
            && p.columns()[2] != 2
            && p.columns()[0] != 0
            && p.columns()[299] != 299
    );
    assert!(matches!(
        problem.count(),
        Err(Error::NotExact {
            n: 300,
            open: 270,
            max: 64
        })
    ));
}

#[test]
fn large_boards_with_few_queens_missing_are_decided_exactly() {
    let n = 200;
    let base: Vec<u32> = queens::construct(n).unwrap().unwrap().collect();
    // Every row given but twelve: the open 12 × 12 board is searched exactly.
    let open = [3, 17, 40, 41, 42, 90, 120, 150, 151, 170, 198, 199];
    let mut problem = Completion::new(n);
    for r in (0..n).filter(|r| !open.contains(r)) {
        problem = problem.queen(r as u32, base[r]);
    }
    let Outcome::Completed(p) = problem.find(None).unwrap() else {
        panic!("the construction itself completes it");
    };
    assert!(validate(p.columns()).is_ok());
    assert!(keeps_givens(&problem, p.columns()));
    // Row 3 closed to every open column: no completion, proved without a deadline (local
    // search, which served here before, could only have run until one).
    let row = open[0];
    let mut closed = problem.clone();
    for &other in &open {
        closed = closed.block(row as u32, base[other]);
    }
    assert_eq!(closed.find(None).unwrap(), Outcome::Impossible);
    assert_eq!(closed.count().unwrap(), 0);
    // Counting and listing walk the same open board, in order.
    let listed: Vec<Vec<u32>> = problem.iter().unwrap().map(|p| p.into_columns()).collect();
    assert!(listed.contains(&base));
    assert!(listed.windows(2).all(|w| w[0] < w[1]));
    for columns in &listed {
        assert!(validate(columns).is_ok());
        assert!(keeps_givens(&problem, columns));
    }
    assert_eq!(problem.count().unwrap(), listed.len() as u128);
    assert_eq!(problem.first().unwrap().unwrap().into_columns(), listed[0]);
}

#[test]
fn a_deadline_gives_unknown_never_a_wrong_answer() {
    // A fully blocked row above the bitboards' limit: local search can only give up.
    let mut blocked = Completion::new(100);
    for c in 0..100 {
        blocked = blocked.block(50, c);
    }
    let soon = Instant::now() + Duration::from_millis(200);
    assert_eq!(blocked.find(Some(soon)).unwrap(), Outcome::Unknown);
    // Hard generated instances with no time at all: unknown, or the right answer.
    for seed in 0..5 {
        let problem = excluded_diagonals(30, seed).unwrap().completion(40);
        match problem.find(Some(Instant::now())).unwrap() {
            Outcome::Unknown => {}
            Outcome::Completed(p) => assert!(validate(p.columns()).is_ok()),
            Outcome::Impossible => {
                assert_eq!(
                    problem.find(None).unwrap(),
                    Outcome::Impossible,
                    "seed {seed}"
                );
            }
        }
    }
}

#[test]
fn shares_split_the_search_without_losing_or_repeating_a_completion() {
    let mut unique = 0;
    for n in 8..=12 {
        for seed in 0..8 {
            for cut in [n - 4, n, n + 4] {
                let problem = excluded_diagonals(n, seed)
                    .unwrap()
                    .completion(cut)
                    .threads(NonZeroUsize::MIN);
                let expected = brute_force(&problem);
                for of in [1, 2, 3, 7] {
                    let of = NonZeroUsize::new(of).unwrap();
                    let found: Vec<Vec<u32>> = (0..of.get())
                        .filter_map(|i| match problem.find_share(None, i, of).unwrap() {
                            Outcome::Completed(p) => Some(p.into_columns()),
                            Outcome::Impossible => None,
                            Outcome::Unknown => panic!("no deadline, yet unknown"),
                        })
                        .collect();
                    assert!(found.iter().all(|p| expected.contains(p)), "{problem:?}");
                    assert_eq!(found.is_empty(), expected.is_empty(), "{problem:?}");
                    // A lone completion lies in one subtree, so in exactly one share.
                    if expected.len() == 1 {
                        assert_eq!(found.len(), 1, "{problem:?}, {of} shares");
                        unique += 1;
                    }
                }
            }
        }
    }
    assert!(unique > 0, "no instance with a lone completion was met");
}

#[test]
fn shares_that_do_not_exist_are_refused() {
    let problem = Completion::new(8);
    let three = NonZeroUsize::new(3).unwrap();
    assert_eq!(
        problem.find_share(None, 3, three),
        Err(Error::NoSuchShare { index: 3, of: 3 })
    );
    assert_eq!(
        Error::NoSuchShare { index: 3, of: 3 }.to_string(),
        "share 3 does not exist: the shares of 3 are numbered 0 to 2"
    );
    assert_eq!(
        problem.find_share(None, 1, NonZeroUsize::MIN),
        Err(Error::NoSuchShare { index: 1, of: 1 })
    );
    assert_eq!(
        Error::NoSuchShare { index: 1, of: 1 }.to_string(),
        "share 1 does not exist: with one share there is only share 0"
    );
    assert_eq!(
        Error::NoSuchShare { index: 0, of: 0 }.to_string(),
        "share 0 does not exist: there are no shares"
    );
    assert!(matches!(
        Completion::new(100).find_share(None, 0, three),
        Err(Error::CannotSplit { n: 100, max: 64 })
    ));
}

#[test]
fn solver_answers_are_read_in_each_form() {
    let nauck = Completion::new(8).queen(4, 1).queen(3, 3);
    let columns = [4u32, 0, 7, 3, 1, 6, 2, 5];
    let queens: Vec<(u32, u32)> = (0u32..).zip(columns).collect();
    let literals: Vec<String> = (0..8u32)
        .flat_map(|r| (0..8u32).map(move |c| (r, c)))
        .map(|(r, c)| {
            let v = (r * 8 + c + 1) as i64;
            (if columns[r as usize] == c { v } else { -v }).to_string()
        })
        .collect();
    let sat = format!(
        "c a comment\ns SATISFIABLE\nv {}\nv 65 -66 0\n",
        literals.join(" ")
    );
    let bare = format!("{} 0\n", literals.join(" "));
    for text in [
        sat.as_str(),
        bare.as_str(),
        "q = [4, 0, 7, 3, 1, 6, 2, 5];\n----------\n",
        "[4, 0, 7, 3, 1, 6, 2, 5]\n",
    ] {
        let answer = parse_solver_answer(8, text).unwrap();
        assert_eq!(answer, SolverAnswer::Queens(queens.clone()), "{text}");
        assert_eq!(nauck.check_completion(&queens), Ok(()));
    }
    for text in ["s UNSATISFIABLE\n", "=====UNSATISFIABLE=====\n"] {
        assert_eq!(
            parse_solver_answer(8, text).unwrap(),
            SolverAnswer::Unsatisfiable
        );
    }
    assert!(parse_solver_answer(8, "q = [4, x];\n").is_err());
    assert!(parse_solver_answer(8, "nothing here\n").is_err());
    let no_model = parse_solver_answer(8, "s SATISFIABLE\n").unwrap_err();
    assert!(
        no_model.to_string().contains("prints no v lines"),
        "{no_model}"
    );
}

#[test]
fn wrong_answers_are_named() {
    let p = Completion::new(4).queen(0, 1).exclude(Diagonal::Sum(3));
    let answer = |c: &[u32]| -> Vec<(u32, u32)> { (0u32..).zip(c.iter().copied()).collect() };
    assert_eq!(
        p.check_completion(&answer(&[2, 0, 3, 1])),
        Err(NotCompletion::GivenMoved {
            given: (0, 1),
            found: 2
        })
    );
    assert!(matches!(
        p.check_completion(&answer(&[1, 3, 0])),
        Err(NotCompletion::Invalid(_))
    ));
    assert!(matches!(
        p.check_completion(&[(0, 1), (0, 3), (2, 0), (3, 2)]),
        Err(NotCompletion::Invalid(_))
    ));
    let blocked = Completion::new(4).block(2, 0);
    assert_eq!(
        blocked
            .check_completion(&answer(&[1, 3, 0, 2]))
            .unwrap_err()
            .to_string(),
        "the queen at (2, 0) stands on a closed square"
    );
    let excluded = Completion::new(4).exclude(Diagonal::Difference(4));
    assert_eq!(
        excluded
            .check_completion(&answer(&[1, 3, 0, 2]))
            .unwrap_err()
            .to_string(),
        "the queen at (3, 2) stands on the diagonal r - c = 1, which is closed"
    );
}

#[test]
fn exports_refuse_what_they_cannot_write() {
    let off = Completion::new(4).queen(4, 0);
    assert!(matches!(
        export(&off, Export::Dimacs, Vec::new()),
        Err(Error::Givens(_))
    ));
    let big = Completion::new(1001);
    assert!(matches!(
        export(&big, Export::Minizinc, Vec::new()),
        Err(Error::TooLarge { .. })
    ));
    // Givens that attack each other are a problem with no completion, and are written.
    let clash = Completion::new(4).queen(0, 0).queen(1, 1);
    assert!(export(&clash, Export::Dimacs, Vec::new()).is_ok());
    assert_eq!("minizinc".parse::<Export>(), Ok(Export::Minizinc));
    assert!("smt".parse::<Export>().is_err());
}
