//! One solution for any n: the construction and the random local search.

use proptest::prelude::*;
use queens::{construct, random_solution, reference, validate};

#[test]
fn construction_is_valid_for_every_n_up_to_2000() {
    assert!(construct(2).unwrap().is_none() && construct(3).unwrap().is_none());
    for n in (0..=2000usize).filter(|&n| n != 2 && n != 3) {
        let columns: Vec<u32> = construct(n).unwrap().unwrap().collect();
        assert_eq!(columns.len(), n);
        assert_eq!(validate(&columns), Ok(()), "n = {n}");
    }
}

#[test]
fn construction_agrees_with_the_reference_check_on_small_boards() {
    for n in (1..=40usize).filter(|&n| n != 2 && n != 3) {
        let columns: Vec<u32> = construct(n).unwrap().unwrap().collect();
        assert!(reference::is_solution(&columns), "n = {n}");
    }
}

#[test]
fn random_solutions_are_valid_reproducible_and_seed_dependent() {
    assert!(random_solution(2, 1).unwrap().is_none() && random_solution(3, 1).unwrap().is_none());
    for n in [
        0usize, 1, 4, 5, 8, 10, 20, 31, 32, 33, 50, 100, 1000, 100_000,
    ] {
        let a = random_solution(n, 42).unwrap().unwrap().into_columns();
        assert_eq!(validate(&a), Ok(()), "n = {n}");
        assert_eq!(
            a,
            random_solution(n, 42).unwrap().unwrap().into_columns(),
            "n = {n} is not reproducible"
        );
        if n >= 10 {
            let others: Vec<Vec<u32>> = (43..46)
                .map(|s| random_solution(n, s).unwrap().unwrap().into_columns())
                .collect();
            assert!(
                others.iter().any(|b| *b != a),
                "n = {n}: seeds 42..46 all gave one solution"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::WithSource("regressions"))),
        cases: 12,
        ..ProptestConfig::default()
    })]

    #[test]
    fn construction_is_valid_for_random_large_n(n in 4usize..=10_000_000) {
        let columns: Vec<u32> = construct(n).unwrap().unwrap().collect();
        prop_assert_eq!(validate(&columns), Ok(()));
    }

    #[test]
    fn random_solutions_are_valid_for_random_n(n in 4usize..=20_000, seed in any::<u64>()) {
        let s = random_solution(n, seed).unwrap().unwrap().into_columns();
        prop_assert_eq!(s.len(), n);
        prop_assert_eq!(validate(&s), Ok(()));
    }
}

#[test]
fn boards_past_the_construction_limit_are_refused() {
    use queens::limits::CONSTRUCT_MAX_N;
    if let Ok(n) = usize::try_from(u64::from(u32::MAX) + 1) {
        assert!(construct(n).is_err());
        // Above RANDOM_MAX_N, a board too large for local search is an error, not "none".
        assert!(random_solution(n, 1).is_err());
    }
    assert!(matches!(
        construct(CONSTRUCT_MAX_N + 1),
        Err(queens::Error::TooLarge {
            max: CONSTRUCT_MAX_N,
            ..
        })
    ));
    assert_eq!(
        construct(CONSTRUCT_MAX_N).unwrap().map(|c| c.n()),
        Some(CONSTRUCT_MAX_N)
    );
}

#[test]
fn instances_past_their_limit_are_refused() {
    use queens::limits::INSTANCE_MAX_N;
    assert!(queens::complete::excluded_diagonals(INSTANCE_MAX_N, 1).is_ok());
    assert!(matches!(
        queens::complete::excluded_diagonals(INSTANCE_MAX_N + 1, 1),
        Err(queens::Error::TooLarge {
            max: INSTANCE_MAX_N,
            ..
        })
    ));
}
