//! Classes of solutions checked by brute force: every solution's 8 images computed here,
//! with the test's own formulas, against the counter, the unique enumerator and the
//! Burnside counts.

use std::collections::BTreeSet;

use proptest::prelude::*;
use queens::{
    Counter, UniqueSolutions,
    counting::plan,
    reference,
    symmetry::{Symmetry, count_fixed},
};

/// Where a symmetry moves square `(r, c)` of a board whose last index is `m`.
type SquareMap = fn(i64, i64, i64) -> (i64, i64);

/// The 8 images of a solution, by moving every queen `(r, c)` of the board.
fn images(s: &[u32]) -> Vec<Vec<u32>> {
    let n = s.len();
    let m = n as i64 - 1;
    let maps: [SquareMap; 8] = [
        |_, r, c| (r, c),
        |m, r, c| (c, m - r),
        |m, r, c| (m - r, m - c),
        |m, r, c| (m - c, r),
        |m, r, c| (r, m - c),
        |m, r, c| (m - r, c),
        |_, r, c| (c, r),
        |m, r, c| (m - c, m - r),
    ];
    maps.iter()
        .map(|f| {
            let mut image = vec![0; n];
            for (r, &c) in s.iter().enumerate() {
                let (r2, c2) = f(m, r as i64, c as i64);
                image[r2 as usize] = c2 as u32;
            }
            image
        })
        .collect()
}

#[test]
fn class_breakdown_and_representatives_match_brute_force() {
    for n in 0..=10 {
        let all = reference::solutions(n);
        let mut reps = BTreeSet::new();
        let mut classes = [0u128; 9];
        for s in &all {
            let imgs: BTreeSet<Vec<u32>> = images(s).into_iter().collect();
            assert!(
                imgs.iter().all(|i| reference::is_solution(i)),
                "an image of {s:?} is not a solution"
            );
            if imgs.first() == Some(s) {
                reps.insert(s.clone());
                classes[imgs.len()] += 1;
            }
            assert_eq!(queens::symmetry::class_size(s), imgs.len(), "{s:?}");
            assert_eq!(&queens::symmetry::canonical(s), imgs.first().unwrap());
        }
        // The counter, on one thread and on several.
        let one = Counter::new().threads(std::num::NonZeroUsize::MIN).count(n);
        for c in [Counter::new().count(n).unwrap(), one.unwrap()] {
            assert_eq!(
                (
                    c.classes_of_8,
                    c.classes_of_4,
                    c.classes_of_2,
                    c.classes_of_1
                ),
                (classes[8], classes[4], classes[2], classes[1]),
                "n = {n}"
            );
        }
        let listed: Vec<Vec<u32>> = UniqueSolutions::new(n)
            .unwrap()
            .map(|p| p.into_columns())
            .collect();
        assert_eq!(listed, reps.into_iter().collect::<Vec<_>>(), "n = {n}");
    }
}

/// Burnside's lemma: F90 = 2·c2 and F180 = 2·c2 + 4·c4, with the fixed counts of the
/// plan's symmetric unit checked against its slow recount (each queen placed with its
/// images, every pair checked) and the reflections fixing nothing.
#[test]
fn rotation_symmetric_counts_match_the_classes() {
    for n in 2..=14 {
        let p = plan(n).unwrap();
        let c = Counter::new().count_plan(&p, |_, _, _| {}).unwrap();
        let symmetric = p.units()[0];
        assert_eq!(symmetric.count(), symmetric.recount_slow(), "n = {n}");
        let f90 = count_fixed(n, Symmetry::Rotate90).unwrap();
        let f180 = count_fixed(n, Symmetry::Rotate180).unwrap();
        assert_eq!(f90, 2 * c.classes_of_2, "n = {n}");
        assert_eq!(f180, 2 * c.classes_of_2 + 4 * c.classes_of_4, "n = {n}");
        assert_eq!(c.unique(), (c.total + 2 * f90 + f180) / 8, "n = {n}");
        for s in [
            Symmetry::FlipColumns,
            Symmetry::FlipRows,
            Symmetry::Transpose,
            Symmetry::AntiTranspose,
        ] {
            assert_eq!(count_fixed(n, s).unwrap(), 0, "n = {n}, {s:?}");
        }
    }
}

#[test]
fn plans_are_deterministic_and_numbered() {
    for n in [0, 1, 5, 6, 11, 16] {
        let p = plan(n).unwrap();
        assert_eq!(p, plan(n).unwrap());
        assert!(
            p.units()
                .iter()
                .enumerate()
                .all(|(i, u)| u.id() == i && u.n() == n)
        );
    }
    assert!(plan(33).is_err());
    assert!(plan(65).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::WithSource("regressions"))),
        cases: 24,
        ..ProptestConfig::default()
    })]

    #[test]
    fn units_add_up_to_the_sequential_total(n in 0usize..=12) {
        let p = plan(n).unwrap();
        let sum: queens::counting::Share = p.units().iter().map(|u| u.count()).sum();
        prop_assert_eq!(sum.total, reference::count(n));
    }

    #[test]
    fn any_split_of_units_and_any_thread_count_agree(n in 6usize..=12, cut in any::<prop::sample::Index>(), threads in 1usize..=5) {
        let p = plan(n).unwrap();
        let (a, b) = p.units().split_at(cut.index(p.units().len() + 1));
        let counter = Counter::new().threads(std::num::NonZeroUsize::new(threads).unwrap());
        let sum = counter.run(a, |_, _, _| {}).unwrap() + counter.run(b, |_, _, _| {}).unwrap();
        let whole = Counter::new().count(n).unwrap();
        prop_assert_eq!(sum.tally(n), Some(whole));
    }

    #[test]
    fn shards_of_shuffled_units_merge_to_the_whole(n in 6usize..=11, order in any::<u64>(), shards in 1usize..6) {
        use rand::{SeedableRng, seq::SliceRandom};
        let p = plan(n).unwrap();
        let mut units = p.units().to_vec();
        units.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(order));
        let counter = Counter::new().threads(std::num::NonZeroUsize::MIN);
        let sum: queens::counting::Share = (0..shards)
            .map(|s| {
                let share: Vec<_> = units.iter().skip(s).step_by(shards).copied().collect();
                counter.run(&share, |_, _, _| {}).unwrap()
            })
            .sum();
        prop_assert_eq!(sum.total, reference::count(n));
    }

    /// Each unit of a plan, at any granularity, against its slow recount: the plain
    /// search of the whole board restricted to each image of its column sets.
    #[test]
    fn units_agree_with_their_slow_recount(n in 6usize..=12, sets in 1usize..=40, pick in any::<prop::sample::Index>()) {
        let p = queens::counting::plan_split(n, sets).unwrap();
        let unit = p.units()[pick.index(p.units().len())];
        prop_assert_eq!(unit.count(), unit.recount_slow(), "{}", unit.describe());
    }

    #[test]
    fn every_image_of_a_solution_is_a_solution(n in 4usize..=10, pick in any::<prop::sample::Index>()) {
        let all = reference::solutions(n);
        let s = &all[pick.index(all.len())];
        for sym in Symmetry::ALL {
            prop_assert!(queens::validate(&sym.apply(s)).is_ok(), "{:?} of {:?}", sym, s);
        }
    }
}
