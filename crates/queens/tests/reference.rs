//! The fast paths against the slow reference backtracker, and every answer checked.

use queens::{Solutions, reference, validate};

#[test]
fn enumeration_matches_reference_exactly_up_to_10() {
    for n in 0..=10 {
        let fast: Vec<Vec<u32>> = Solutions::new(n)
            .unwrap()
            .map(|p| p.into_columns())
            .collect();
        let slow = reference::solutions(n);
        assert_eq!(fast, slow, "n = {n}");
        // Each solution is valid by both checks, and the list is strictly increasing, so
        // lexicographic and free of duplicates.
        for s in &fast {
            assert!(validate(s).is_ok() && reference::is_solution(s), "{s:?}");
        }
        assert!(
            fast.windows(2).all(|w| w[0] < w[1]),
            "n = {n} not strictly increasing"
        );
    }
}

#[test]
fn count_matches_reference_up_to_12() {
    for n in 0..=12 {
        assert_eq!(queens::count(n).unwrap(), reference::count(n), "n = {n}");
    }
}

#[test]
fn prefix_search_yields_the_matching_slice_of_all_solutions() {
    let all: Vec<Vec<u32>> = Solutions::new(9)
        .unwrap()
        .map(|p| p.into_columns())
        .collect();
    for prefix in [
        &[][..],
        &[0],
        &[4],
        &[8, 1],
        &[2, 4, 1],
        &[0, 2, 5, 7, 1, 3, 8, 6, 4],
    ] {
        let expected: Vec<&Vec<u32>> = all.iter().filter(|s| s.starts_with(prefix)).collect();
        let got: Vec<Vec<u32>> = Solutions::with_prefix(9, prefix)
            .unwrap()
            .map(|p| p.into_columns())
            .collect();
        assert_eq!(
            got.iter().collect::<Vec<_>>(),
            expected,
            "prefix {prefix:?}"
        );
    }
}

#[test]
fn bad_prefixes_and_sizes_are_errors() {
    use queens::Error;
    assert!(matches!(
        Solutions::with_prefix(8, &[0, 1]),
        Err(Error::InvalidPrefix(_))
    ));
    assert!(matches!(
        Solutions::with_prefix(8, &[0, 0]),
        Err(Error::InvalidPrefix(_))
    ));
    assert!(matches!(
        Solutions::with_prefix(8, &[8]),
        Err(Error::InvalidPrefix(_))
    ));
    assert!(matches!(
        Solutions::with_prefix(2, &[0, 1, 0]),
        Err(Error::PrefixTooLong { .. })
    ));
    assert!(matches!(
        Solutions::new(65),
        Err(Error::TooLarge { n: 65, max: 64 })
    ));
    assert!(matches!(queens::count(65), Err(Error::TooLarge { .. })));
}

/// n = 64 uses every bit of the masks. Lexicographic search from an empty board is
/// hopeless there, so start from 60 rows of the odd-then-even solution (valid when
/// n mod 6 is not 2 or 3) and let the search finish the last four.
#[test]
fn largest_board_completes_a_prefix() {
    let n = 64u32;
    let known: Vec<u32> = (0..n / 2)
        .map(|i| 2 * i + 1)
        .chain((0..n / 2).map(|i| 2 * i))
        .collect();
    assert_eq!(validate(&known), Ok(()));
    let mut solutions = Solutions::with_prefix(64, &known[..60]).unwrap();
    let first = solutions.next_columns().map(<[u32]>::to_vec);
    assert_eq!(first.as_deref(), Some(&known[..]));
}

#[test]
fn validation_reports_the_first_conflict_with_its_partner() {
    use queens::Conflict::*;
    assert_eq!(validate(&[]), Ok(()));
    assert_eq!(validate(&[0]), Ok(()));
    assert_eq!(
        validate(&[1, 3, 0, 3]),
        Err(SameColumn {
            rows: (1, 3),
            column: 3
        })
    );
    assert_eq!(
        validate(&[0, 2, 4, 6, 1, 3, 5, 7]),
        Err(SameDiagonal { rows: (0, 7) })
    );
    assert_eq!(validate(&[3, 1, 2, 0]), Err(SameDiagonal { rows: (1, 2) }));
    assert_eq!(
        validate(&[1, 3, 0, 9]),
        Err(OffBoard {
            row: 3,
            column: 9,
            n: 4
        })
    );
}

#[test]
fn validation_handles_a_million_queens() {
    // Odd columns, then even ones: a solution whenever n mod 6 is not 2 or 3.
    let n = 1_000_000u32;
    let columns: Vec<u32> = (0..n / 2)
        .map(|i| 2 * i + 1)
        .chain((0..n / 2).map(|i| 2 * i))
        .collect();
    assert_eq!(validate(&columns), Ok(()));
    let mut broken = columns.clone();
    broken.swap(10, 500_000);
    assert!(validate(&broken).is_err());
}
