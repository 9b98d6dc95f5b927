//! Min-conflicts local search over permutations, after Sosic and Gu ("3,000,000 Queens in
//! Less Than One Minute", SIGART Bulletin, 1991; QS4 in their 1994 paper), generalized to
//! boards where some queens are fixed and some squares or diagonals closed.

use std::collections::HashSet;
use std::time::Instant;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// What the search may change: the free rows, the columns to share among them, and what
/// stays put around them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Free {
    n: u32,
    /// The rows to fill, in order; empty for every row (no table for a board of millions).
    rows: Vec<u32>,
    /// The columns to place, one per free row.
    columns: Vec<u32>,
    /// Diagonals `r + c` and `r − c + n − 1` already occupied, once per occupant: fixed
    /// queens, and excluded diagonals as a queen that never moves.
    sums: Vec<usize>,
    diffs: Vec<usize>,
    /// Squares no queen may take.
    blocked: HashSet<(u32, u32)>,
}

impl Free {
    /// The whole empty board.
    pub(crate) fn whole_board(n: u32) -> Free {
        Free {
            n,
            columns: (0..n).collect(),
            ..Free::default()
        }
    }

    /// The board of `n` queens whose free `rows` and `columns` are left to fill, with
    /// `blocked` squares and the diagonals `sums` (`r + c`) and `diffs` (`r − c + n − 1`)
    /// closed, by fixed queens or otherwise.
    pub(crate) fn around(
        n: u32,
        (rows, columns): (Vec<u32>, Vec<u32>),
        blocked: HashSet<(u32, u32)>,
        (sums, diffs): (Vec<usize>, Vec<usize>),
    ) -> Free {
        Free {
            n,
            rows,
            columns,
            sums,
            diffs,
            blocked,
        }
    }

    /// The free rows, in order (only for a board built [`around`](Self::around) givens).
    pub(crate) fn rows(&self) -> &[u32] {
        &self.rows
    }

    /// The row of position `i`.
    fn row(&self, i: u32) -> u32 {
        if self.rows.is_empty() {
            i
        } else {
            self.rows[i as usize]
        }
    }

    /// One attempt from a fresh random start: the columns of the free rows, in order, or
    /// `None` when the attempt's budget or the deadline runs out.
    pub(crate) fn search(
        &self,
        rng: &mut ChaCha8Rng,
        deadline: Option<Instant>,
    ) -> Option<Vec<u32>> {
        LocalSearch::new(self, rng, deadline)?.solve(rng, deadline)
    }
}

/// The state of one attempt: a permutation and how many queens stand on each diagonal.
struct LocalSearch<'a> {
    free: &'a Free,
    columns: Vec<u32>,
    /// Occupants per diagonal `row + column`.
    sums: Vec<u32>,
    /// Occupants per diagonal `row − column + n − 1`.
    diffs: Vec<u32>,
}

impl<'a> LocalSearch<'a> {
    /// Random tries for a conflict-free column before a row takes any column.
    const TRIES: u32 = 32;
    /// Rows at the end left wholly random: their free columns are too rare to look for.
    const RANDOM_TAIL: u32 = 64;

    /// A greedy random start, or `None` at the deadline: on millions of rows the start
    /// alone takes seconds.
    fn new(
        free: &'a Free,
        rng: &mut ChaCha8Rng,
        deadline: Option<Instant>,
    ) -> Option<LocalSearch<'a>> {
        let size = 2 * free.n as usize;
        let mut s = LocalSearch {
            free,
            columns: free.columns.clone(),
            sums: vec![0; size],
            diffs: vec![0; size],
        };
        for &d in &free.sums {
            s.sums[d] += 1;
        }
        for &d in &free.diffs {
            s.diffs[d] += 1;
        }
        let m = s.columns.len() as u32;
        let greedy = m.saturating_sub(Self::RANDOM_TAIL);
        for i in 0..m {
            if i.is_multiple_of(65_536) && deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            let mut pick = rng.random_range(i..m);
            if i < greedy {
                for _ in 0..Self::TRIES {
                    if s.cost(i, s.columns[pick as usize]) == 0 {
                        break;
                    }
                    pick = rng.random_range(i..m);
                }
            }
            s.columns.swap(i as usize, pick as usize);
            s.add(i);
        }
        Some(s)
    }

    fn sum(&self, i: u32, col: u32) -> usize {
        (self.free.row(i) + col) as usize
    }

    fn diff(&self, i: u32, col: u32) -> usize {
        (self.free.row(i) + self.free.n - 1 - col) as usize
    }

    /// What position `i` would pay in column `col` if it were not yet on the board.
    fn cost(&self, i: u32, col: u32) -> u32 {
        self.sums[self.sum(i, col)] + self.diffs[self.diff(i, col)] + self.closed(i, col)
    }

    /// 1 on a blocked square.
    fn closed(&self, i: u32, col: u32) -> u32 {
        u32::from(
            !self.free.blocked.is_empty() && self.free.blocked.contains(&(self.free.row(i), col)),
        )
    }

    fn add(&mut self, i: u32) {
        let c = self.columns[i as usize];
        let (s, d) = (self.sum(i, c), self.diff(i, c));
        self.sums[s] += 1;
        self.diffs[d] += 1;
    }

    fn remove(&mut self, i: u32) {
        let c = self.columns[i as usize];
        let (s, d) = (self.sum(i, c), self.diff(i, c));
        self.sums[s] -= 1;
        self.diffs[d] -= 1;
    }

    /// How many others share a diagonal with position `i`'s queen, plus 1 on a blocked
    /// square.
    fn conflicts(&self, i: u32) -> u32 {
        let c = self.columns[i as usize];
        self.sums[self.sum(i, c)] + self.diffs[self.diff(i, c)] - 2 + self.closed(i, c)
    }

    /// Swaps the columns of positions `i` and `j` if that lowers their conflicts.
    fn try_swap(&mut self, i: u32, j: u32) -> bool {
        let before = self.conflicts(i) + self.conflicts(j);
        self.swap(i, j);
        if self.conflicts(i) + self.conflicts(j) < before {
            return true;
        }
        self.swap(i, j);
        false
    }

    fn swap(&mut self, i: u32, j: u32) {
        self.remove(i);
        self.remove(j);
        self.columns.swap(i as usize, j as usize);
        self.add(i);
        self.add(j);
    }

    /// Repairs conflicts until none is left, or gives up after a budget of swaps tried
    /// (the caller then starts afresh from the same random stream) or at the deadline.
    fn solve(mut self, rng: &mut ChaCha8Rng, deadline: Option<Instant>) -> Option<Vec<u32>> {
        let m = self.columns.len() as u32;
        let mut budget = 64 * u64::from(m) + 100_000;
        loop {
            let mut bad: Vec<u32> = (0..m).filter(|&i| self.conflicts(i) > 0).collect();
            if bad.is_empty() {
                return Some(self.columns);
            }
            while let Some(i) = bad.pop() {
                while self.conflicts(i) > 0 {
                    if budget == 0 {
                        return None;
                    }
                    budget -= 1;
                    if budget.is_multiple_of(65_536)
                        && deadline.is_some_and(|d| Instant::now() >= d)
                    {
                        return None;
                    }
                    let j = rng.random_range(0..m);
                    if j != i && self.try_swap(i, j) && self.conflicts(j) > 0 {
                        bad.push(j);
                    }
                }
            }
        }
    }
}
