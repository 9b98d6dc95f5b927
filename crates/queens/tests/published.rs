//! Completion on published Excluded Diagonals instances, against the answers their authors
//! published (see `data/csplib-079/README.md`): an independent solver's verdicts, at sizes
//! beyond the reach of brute force.

use std::path::Path;

use queens::{Outcome, parse_completion, validate};

#[test]
fn published_instances_get_the_published_answers_at_every_cut() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/csplib-079");
    let answers = std::fs::read_to_string(dir.join("answers.txt")).unwrap();
    let (mut checked, mut completed) = (0, 0);
    for line in answers.lines().filter(|l| !l.starts_with('#')) {
        let (name, verdicts) = line.split_once(' ').unwrap();
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let whole = parse_completion(&text).unwrap();
        for (cut, verdict) in (1..).zip(verdicts.trim().chars()) {
            let problem = whole.clone().first_diagonals(cut).unwrap();
            match problem.find(None).unwrap() {
                Outcome::Completed(placement) => {
                    assert_eq!(verdict, '1', "{name} cut to {cut}: published as impossible");
                    let columns = placement.into_columns();
                    validate(&columns).unwrap();
                    for d in problem.diagonals() {
                        assert!(
                            (0..)
                                .zip(&columns)
                                .all(|(r, &c)| !d.contains(whole.n(), r, c)),
                            "{name} cut to {cut}: a queen on {d:?}"
                        );
                    }
                    completed += 1;
                }
                Outcome::Impossible => {
                    assert_eq!(
                        verdict, '0',
                        "{name} cut to {cut}: published with a completion"
                    );
                }
                Outcome::Unknown => unreachable!("no time limit was set"),
            }
            checked += 1;
        }
    }
    // Guards against an answers file that lost its lines or only ever says one thing.
    assert!(checked >= 300 && completed > 50 && checked - completed > 50);
}
