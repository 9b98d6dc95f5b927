//! OEIS A000170 (all solutions) and A002562 (up to symmetry), one named test per n.
//! The tables live here and only here: the library computes, the tests know.

use std::num::NonZeroUsize;

/// A000170(n) for n = 0..=17.
const A000170: [u128; 18] = [
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104,
];

/// A002562(n) for n = 0..=17 (n = 0: the empty board, one class).
const A002562: [u128; 18] = [
    1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939,
];

macro_rules! known_counts {
    ($($name:ident: $n:expr,)*) => {$(
        #[test]
        fn $name() {
            let counts = queens::Counter::new().count($n).unwrap();
            assert_eq!(counts.total, A000170[$n], "total({})", $n);
            assert_eq!(counts.unique(), A002562[$n], "unique({})", $n);
            let by_class = 8 * counts.classes_of_8 + 4 * counts.classes_of_4
                + 2 * counts.classes_of_2 + counts.classes_of_1;
            assert_eq!(by_class, counts.total, "classes({})", $n);
        }
    )*};
}

known_counts! {
    n_0: 0, n_1: 1, n_2: 2, n_3: 3, n_4: 4, n_5: 5, n_6: 6, n_7: 7, n_8: 8, n_9: 9,
    n_10: 10, n_11: 11, n_12: 12, n_13: 13, n_14: 14, n_15: 15, n_16: 16, n_17: 17,
}

/// The plan's units, one at a time through `Unit::count` and at the finest split (one
/// column set per unit), add up to the known counts.
#[test]
fn plan_units_yield_known_counts() {
    for n in 0..=15 {
        let plan = queens::counting::plan_split(n, 1).unwrap();
        let sum: queens::counting::Share = plan.units().iter().map(|u| u.count()).sum();
        let counts = sum.tally(n).unwrap();
        assert_eq!(counts.total, A000170[n], "total({n})");
        assert_eq!(counts.unique(), A002562[n], "unique({n})");
    }
}

/// n = 18 (about 7 core-seconds in a release build): `cargo test --release -- --ignored`.
#[test]
#[ignore = "n = 18 takes seconds in a release build and minutes in a debug one"]
fn n_18() {
    let counts = queens::Counter::new().count(18).unwrap();
    assert_eq!(counts.total, 666_090_624);
    assert_eq!(counts.unique(), 83_263_591);
}

/// The single-threaded entry point agrees, for the sizes CI can afford twice.
#[test]
fn count_on_one_thread() {
    for (n, &expected) in A000170.iter().enumerate().take(16) {
        assert_eq!(queens::count(n).unwrap(), expected, "count({n})");
    }
}

/// The enumerator is a second, independent path to the same numbers.
#[test]
fn enumerator_yields_known_counts() {
    for (n, &expected) in A000170.iter().enumerate().take(13) {
        let mut solutions = queens::Solutions::new(n).unwrap();
        let mut found = 0u128;
        while solutions.next_columns().is_some() {
            found += 1;
        }
        assert_eq!(found, expected, "Solutions::new({n})");
    }
}

#[test]
fn unique_enumerator_yields_known_counts() {
    for (n, &expected) in A002562.iter().enumerate().take(13) {
        assert_eq!(
            queens::UniqueSolutions::new(n).unwrap().count() as u128,
            expected,
            "n = {n}"
        );
    }
}

#[test]
fn thread_counts_agree_at_14() {
    let one = queens::Counter::new()
        .threads(NonZeroUsize::MIN)
        .count(14)
        .unwrap();
    for t in [2, 3, 7] {
        let many = queens::Counter::new()
            .threads(NonZeroUsize::new(t).unwrap())
            .count(14)
            .unwrap();
        assert_eq!(many, one, "{t} threads");
    }
}
