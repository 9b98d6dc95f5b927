//! Ranking and exact uniform sampling, checked against the enumeration.

use queens::{
    Cancel, Solutions,
    counting::{Ranker, count_prefix, nth_solution, solution_index, uniform_solution},
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn nth_matches_the_enumeration_for_every_rank() {
    for n in 0..=9 {
        let all: Vec<Vec<u32>> = Solutions::new(n)
            .unwrap()
            .map(|p| p.into_columns())
            .collect();
        for (k, s) in all.iter().enumerate() {
            let got = nth_solution(n, k as u128)
                .unwrap()
                .map(|p| p.into_columns());
            assert_eq!(got.as_ref(), Some(s), "n = {n}, k = {k}");
            assert_eq!(
                solution_index(s).unwrap(),
                Some(k as u128),
                "n = {n}, k = {k}"
            );
        }
        assert_eq!(nth_solution(n, all.len() as u128).unwrap(), None, "n = {n}");
    }
}

#[test]
fn nth_matches_the_enumeration_at_twelve() {
    let all: Vec<Vec<u32>> = Solutions::new(12)
        .unwrap()
        .map(|p| p.into_columns())
        .collect();
    for k in [0, 1, 999, 7100, 14199] {
        assert_eq!(
            nth_solution(12, k as u128).unwrap().unwrap().columns(),
            &all[k][..]
        );
        assert_eq!(solution_index(&all[k]).unwrap(), Some(k as u128));
    }
    let mut not_one = all[5].clone();
    not_one.swap(0, 1);
    assert_eq!(solution_index(&not_one).unwrap(), None);
}

#[test]
fn prefix_counts_add_up() {
    for n in 4..=11 {
        let total: u128 = (0..n as u32).map(|c| count_prefix(n, &[c]).unwrap()).sum();
        assert_eq!(total, queens::count(n).unwrap(), "n = {n}");
        let a = count_prefix(n, &[1, 3]).unwrap();
        let b = Solutions::with_prefix(n, &[1, 3]).map_or(0, |s| s.count() as u128);
        assert_eq!(a, b, "n = {n}");
    }
    assert_eq!(count_prefix(8, &[0, 0]).unwrap(), 0);
}

/// Pearson's chi-square over all 92 solutions of n = 8, from one seeded stream: with
/// 91 degrees of freedom the statistic exceeds 135.8 with probability 0.001 when the
/// draws are uniform. A biased sampler (local search, say) fails it by far.
#[test]
fn uniform_draws_pass_a_chi_square_test() {
    let all: Vec<Vec<u32>> = Solutions::new(8)
        .unwrap()
        .map(|p| p.into_columns())
        .collect();
    let draws = 92 * 60;
    let mut seen = vec![0u32; all.len()];
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    for _ in 0..draws {
        let s = uniform_solution(8, &mut rng)
            .unwrap()
            .unwrap()
            .into_columns();
        seen[all.binary_search(&s).unwrap()] += 1;
    }
    let expected = f64::from(draws) / all.len() as f64;
    let chi2: f64 = seen
        .iter()
        .map(|&o| (f64::from(o) - expected).powi(2) / expected)
        .sum();
    assert!(
        chi2 < 135.8,
        "chi-square {chi2:.1} over 91 degrees of freedom"
    );
    assert!(uniform_solution(3, &mut rng).unwrap().is_none());
    let empty = uniform_solution(0, &mut rng).unwrap().unwrap();
    assert!(
        empty.columns().is_empty(),
        "n = 0 has one solution, the empty board"
    );
    assert_eq!(
        uniform_solution(1, &mut rng).unwrap().unwrap().columns(),
        [0]
    );
}

/// From n = 14 the first rows are ranked by joining half boards: even and odd boards,
/// the first and last solutions and others spread over the order, against the listing.
#[test]
fn nth_by_the_join_matches_the_enumeration() {
    for n in [14, 15] {
        let all: Vec<Vec<u32>> = Solutions::new(n)
            .unwrap()
            .map(|p| p.into_columns())
            .collect();
        let ranker = Ranker::new(n).unwrap();
        let last = all.len() - 1;
        for k in [0, 1, last / 7, last / 2, last / 2 + 1, 5 * last / 6, last] {
            let got = ranker.nth(k as u128).unwrap().unwrap();
            assert_eq!(got.columns(), &all[k][..], "n = {n}, k = {k}");
        }
        for k in (0..all.len()).step_by(all.len() / 25) {
            assert_eq!(ranker.index(&all[k]).unwrap(), Some(k as u128), "n = {n}");
        }
        assert_eq!(ranker.nth(all.len() as u128).unwrap(), None);
        assert_eq!(
            ranker.index(&all[0][1..]).unwrap(),
            None,
            "another board's size"
        );
    }
}

#[test]
fn a_cancelled_ranking_says_so() {
    let cancel = Cancel::new();
    cancel.cancel();
    let ranker = Ranker::new(16).unwrap().cancel_on(cancel);
    assert!(matches!(ranker.nth(0), Err(queens::Error::Cancelled)));
    let ranker = Ranker::new(10).unwrap().cancel_on(Cancel::new());
    assert_eq!(
        ranker.nth(0).unwrap().unwrap().columns(),
        [0, 2, 5, 7, 9, 4, 8, 1, 3, 6]
    );
}

#[test]
fn debug_names_the_ranker_not_its_tables() {
    // From n = 14 a ranker holds the join's tables: megabytes at n = 18.
    let ranker = Ranker::new(16).unwrap();
    ranker.nth(1_000_000).unwrap();
    let shown = format!("{ranker:?}");
    assert!(shown.len() < 1000, "{} bytes: {shown:.300}", shown.len());
    assert!(
        shown.starts_with("Ranker { n: 16, joins_halves: true"),
        "{shown}"
    );
}

/// From n = 14 a draw is a number among the column sets' solutions, not a rank: Pearson's
/// chi-square of 7,000 draws of n = 14 by their first queen's column, against each
/// column's share of the solutions. With 13 degrees of freedom the statistic exceeds 34.5
/// with probability 0.001 when the draws are uniform.
#[test]
fn draws_by_the_column_sets_are_uniform_by_first_column_and_reproducible() {
    let n = 14;
    let ranker = Ranker::new(n).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let draws = 7_000u32;
    let mut seen = vec![0u32; n];
    for _ in 0..draws {
        let s = ranker.uniform(&mut rng).unwrap().unwrap();
        assert!(s.validate().is_ok());
        seen[s.columns()[0] as usize] += 1;
    }
    // The draws' counts, kept, are the total too (OEIS A000170).
    let total = ranker.total().unwrap();
    assert_eq!(total, 365_596);
    let chi2: f64 = seen
        .iter()
        .enumerate()
        .map(|(c, &o)| {
            let share = count_prefix(n, &[c as u32]).unwrap() as f64 / total as f64;
            let expected = f64::from(draws) * share;
            (f64::from(o) - expected).powi(2) / expected
        })
        .sum();
    assert!(
        chi2 < 34.5,
        "chi-square {chi2:.1} over 13 degrees of freedom"
    );
    let again = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        uniform_solution(15, &mut rng)
            .unwrap()
            .unwrap()
            .into_columns()
    };
    assert_eq!(again(7), again(7));
}
