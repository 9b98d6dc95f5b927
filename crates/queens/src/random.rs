//! A random solution for any n, by local search.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Boards below this size are solved by randomized backtracking: local search can stall
/// on them, and backtracking is instant there.
pub const LOCAL_SEARCH_MIN_N: u32 = 32;

/// A random solution of `n` queens (row → column); the same `seed` gives the same
/// solution on every machine. `None` for n = 2 and n = 3, which have none.
///
/// For n ≥ [`LOCAL_SEARCH_MIN_N`] this is the min-conflicts local search of Sosic and Gu
/// ("3,000,000 Queens in Less Than One Minute", SIGART Bulletin, 1991; QS4 in their 1994
/// paper): place queens row by row in random columns of a permutation, taking a column
/// free on both diagonals when a few random tries find one, leave the last rows random,
/// then repair by swapping the columns of a queen in conflict with a random other row
/// whenever that lowers the number of conflicts. Time is about linear in n; memory is
/// 20 bytes per queen. Smaller boards are solved by backtracking with a random column
/// order in every row. Either way the result is a uniformly *arbitrary*, not uniformly
/// *random*, solution.
///
/// ```
/// let s = queens::random_solution(1000, 7).unwrap();
/// assert!(queens::validate(&s).is_ok());
/// assert_eq!(s, queens::random_solution(1000, 7).unwrap());
/// assert_ne!(s, queens::random_solution(1000, 8).unwrap());
/// assert!(queens::random_solution(3, 7).is_none());
/// ```
pub fn random_solution(n: u32, seed: u64) -> Option<Vec<u32>> {
    if n == 2 || n == 3 {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if n < LOCAL_SEARCH_MIN_N {
        return backtrack(n, &mut rng);
    }
    loop {
        if let Some(solution) = LocalSearch::new(n, &mut rng).solve(&mut rng) {
            return Some(solution);
        }
    }
}

/// Depth-first search trying each row's free columns in a random order.
fn backtrack(n: u32, rng: &mut ChaCha8Rng) -> Option<Vec<u32>> {
    fn go(
        n: u32,
        row: u32,
        cols: u64,
        d1: u64,
        d2: u64,
        out: &mut Vec<u32>,
        rng: &mut ChaCha8Rng,
    ) -> bool {
        if row == n {
            return true;
        }
        let full = (1u64 << n) - 1;
        let mut free = full & !(cols | d1 | d2);
        let mut options = Vec::with_capacity(free.count_ones() as usize);
        while free != 0 {
            options.push(free.trailing_zeros());
            free &= free - 1;
        }
        // Fisher–Yates, so the order depends only on the seed.
        for i in (1..options.len()).rev() {
            options.swap(i, rng.random_range(0..=i));
        }
        for c in options {
            let bit = 1u64 << c;
            out.push(c);
            if go(
                n,
                row + 1,
                cols | bit,
                ((d1 | bit) << 1) & full,
                (d2 | bit) >> 1,
                out,
                rng,
            ) {
                return true;
            }
            out.pop();
        }
        false
    }
    let mut out = Vec::with_capacity(n as usize);
    go(n, 0, 0, 0, 0, &mut out, rng).then_some(out)
}

/// The state of the min-conflicts search: a permutation and how many queens stand on
/// each diagonal.
struct LocalSearch {
    n: u32,
    columns: Vec<u32>,
    /// Queens per diagonal `row + column`.
    sums: Vec<u32>,
    /// Queens per diagonal `row − column + n − 1`.
    diffs: Vec<u32>,
}

impl LocalSearch {
    /// Random tries for a conflict-free column before a row takes any column.
    const TRIES: u32 = 32;
    /// Rows at the end left wholly random: their free columns are too rare to look for.
    const RANDOM_TAIL: u32 = 64;

    fn new(n: u32, rng: &mut ChaCha8Rng) -> LocalSearch {
        let size = 2 * n as usize;
        let mut s = LocalSearch {
            n,
            columns: (0..n).collect(),
            sums: vec![0; size],
            diffs: vec![0; size],
        };
        let greedy_rows = n.saturating_sub(Self::RANDOM_TAIL);
        for row in 0..n {
            let mut pick = rng.random_range(row..n);
            if row < greedy_rows {
                for _ in 0..Self::TRIES {
                    let c = s.columns[pick as usize];
                    if s.sums[s.sum(row, c)] == 0 && s.diffs[s.diff(row, c)] == 0 {
                        break;
                    }
                    pick = rng.random_range(row..n);
                }
            }
            s.columns.swap(row as usize, pick as usize);
            s.add(row);
        }
        s
    }

    fn sum(&self, row: u32, col: u32) -> usize {
        (row + col) as usize
    }

    fn diff(&self, row: u32, col: u32) -> usize {
        (row + self.n - 1 - col) as usize
    }

    fn add(&mut self, row: u32) {
        let c = self.columns[row as usize];
        let (s, d) = (self.sum(row, c), self.diff(row, c));
        self.sums[s] += 1;
        self.diffs[d] += 1;
    }

    fn remove(&mut self, row: u32) {
        let c = self.columns[row as usize];
        let (s, d) = (self.sum(row, c), self.diff(row, c));
        self.sums[s] -= 1;
        self.diffs[d] -= 1;
    }

    /// How many other queens share a diagonal with row `row`'s queen.
    fn conflicts(&self, row: u32) -> u32 {
        let c = self.columns[row as usize];
        self.sums[self.sum(row, c)] + self.diffs[self.diff(row, c)] - 2
    }

    /// Swaps the columns of rows `i` and `j` if that lowers their conflicts.
    fn try_swap(&mut self, i: u32, j: u32) -> bool {
        let before = self.conflicts(i) + self.conflicts(j);
        self.remove(i);
        self.remove(j);
        self.columns.swap(i as usize, j as usize);
        self.add(i);
        self.add(j);
        if self.conflicts(i) + self.conflicts(j) < before {
            return true;
        }
        self.remove(i);
        self.remove(j);
        self.columns.swap(i as usize, j as usize);
        self.add(i);
        self.add(j);
        false
    }

    /// Repairs conflicts until none is left, or gives up after a budget of swaps tried
    /// (the caller then starts afresh from the same random stream).
    fn solve(mut self, rng: &mut ChaCha8Rng) -> Option<Vec<u32>> {
        let n = self.n;
        let mut budget = 64 * u64::from(n) + 100_000;
        loop {
            let mut bad: Vec<u32> = (0..n).filter(|&r| self.conflicts(r) > 0).collect();
            if bad.is_empty() {
                return Some(self.columns);
            }
            while let Some(i) = bad.pop() {
                while self.conflicts(i) > 0 {
                    if budget == 0 {
                        return None;
                    }
                    budget -= 1;
                    let j = rng.random_range(0..n);
                    if j != i && self.try_swap(i, j) && self.conflicts(j) > 0 {
                        bad.push(j);
                    }
                }
            }
        }
    }
}
