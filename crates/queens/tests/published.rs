//! Completion on published instances, against the verdicts published with them (see the
//! READMEs in `data/csplib-079` and `data/csplib-080`): independent solvers' answers, at
//! sizes beyond the reach of brute force.

use std::path::{Path, PathBuf};

use queens::{Completion, Outcome, complete::parse_completion, validate};

fn data(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(dir)
}

/// Whether `problem` has a completion; a completion found is checked against every rule.
fn completes(problem: &Completion, name: &str) -> bool {
    match problem.find(None).unwrap() {
        Outcome::Completed(placement) => {
            let columns = placement.into_columns();
            validate(&columns).unwrap();
            for &(r, c) in problem.queens() {
                assert_eq!(
                    columns[r as usize], c,
                    "{name}: the given queen on row {r} moved"
                );
            }
            for &(r, c) in problem.blocked() {
                assert_ne!(
                    columns[r as usize], c,
                    "{name}: a queen on blocked ({r}, {c})"
                );
            }
            for d in problem.diagonals() {
                assert!(
                    (0..)
                        .zip(&columns)
                        .all(|(r, &c)| !d.contains(problem.n(), r, c)),
                    "{name}: a queen on {d:?}"
                );
            }
            true
        }
        Outcome::Impossible => false,
        Outcome::Unknown => unreachable!("no time limit was set"),
    }
}

#[test]
fn excluded_diagonals_get_the_published_verdicts_at_every_cut() {
    let dir = data("csplib-079");
    let answers = std::fs::read_to_string(dir.join("answers.txt")).unwrap();
    let (mut checked, mut completed) = (0, 0);
    for line in answers.lines().filter(|l| !l.starts_with('#')) {
        let (name, verdicts) = line.split_once(' ').unwrap();
        let whole = parse_completion(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap();
        for (cut, verdict) in (1..).zip(verdicts.trim().chars()) {
            let problem = whole.clone().first_diagonals(cut).unwrap();
            let name = format!("{name} cut to {cut}");
            let published = verdict == '1';
            assert_eq!(completes(&problem, &name), published, "{name}");
            checked += 1;
            completed += usize::from(published);
        }
    }
    // Guards against an answers file that lost its lines or only ever says one thing.
    assert!(checked >= 300 && completed > 50 && checked - completed > 50);
}

#[test]
fn blocked_queens_get_the_published_verdicts() {
    let dir = data("csplib-080");
    let verdicts = std::fs::read_to_string(dir.join("verdicts.txt")).unwrap();
    let mut seen = Vec::new();
    for line in verdicts.lines().filter(|l| !l.starts_with('#')) {
        let (name, verdict) = line.split_once(' ').unwrap();
        let problem = parse_completion(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap();
        assert!(
            problem.blocked().len() > problem.n(),
            "{name}: the blocks were not read"
        );
        let published = match verdict {
            "SATISFIABLE" => true,
            "UNSATISFIABLE" => false,
            other => panic!("{name}: unknown verdict {other}"),
        };
        assert_eq!(completes(&problem, name), published, "{name}");
        seen.push(published);
    }
    assert!(seen.len() == 8 && seen.contains(&true) && seen.contains(&false));
}

#[test]
fn excluded_diagonals_turned_into_completion_keep_their_verdicts() {
    let dir = data("csplib-079");
    let read = |name: &str| parse_completion(&std::fs::read_to_string(dir.join(name)).unwrap());
    let original = read("diag-10-4-1.param").unwrap();
    for (cut, published) in [(6, true), (7, false)] {
        let name = format!("diag-10-4-1-cut{cut}-as-completion.param");
        let reduced = read(&name).unwrap();
        assert!(reduced.n() > 2500 && reduced.queens().len() == reduced.n() - 10);
        assert_eq!(completes(&reduced, &name), published, "{name}");
        let cut_original = original.clone().first_diagonals(cut).unwrap();
        assert_eq!(completes(&cut_original, "diag-10-4-1.param"), published);
    }
}
