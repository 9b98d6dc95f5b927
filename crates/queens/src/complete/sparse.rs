//! Exact completion above the bitboards' limit when at most 64 queens are missing: the
//! open rows and columns make a small board of their own, on which a queen's diagonals
//! are looked up in a table of attacked squares instead of shifted.
//!
//! Gent, Jefferson & Nightingale's proof that completion is NP-complete turns an Excluded
//! Diagonals instance of n queens into a completion instance of about 40n queens with all
//! but n given; such boards are far above 64 queens, and local search cannot prove that
//! one has no completion, but what is left to decide is this small board.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::Completion;
use super::grid::Board;
use super::search::Clock;
use super::search::tightest;
use super::walk::Walk;
use crate::bitboard::{MAX_N, full_mask};

/// The open part of a board whose givens leave at most [`MAX_N`] rows without a queen.
#[derive(Debug, Clone)]
pub(super) struct Sparse {
    n: usize,
    /// The rows without a given queen, ascending; "open row i" is `rows[i]`.
    rows: Vec<u32>,
    /// The columns without a given queen, ascending.
    cols: Vec<u32>,
    /// Per open row, the open columns (by index) it may take at the start.
    start: [u64; MAX_N],
    /// At `(i * k + j) * k + i2`, the squares of open row `i2` that a queen on open row
    /// `i`, open column `j` attacks along a diagonal (`k` open lines).
    attacks: Vec<u64>,
    /// The givens, as (row, column).
    given: Vec<(u32, u32)>,
}

/// A node: what each open row may still take, and which rows and columns are open.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    options: [u64; MAX_N],
    rows: u64,
    cols: u64,
}

impl Sparse {
    /// The open board of `problem`, or `None` when more than [`MAX_N`] rows are open.
    /// The givens must have passed [`Completion::check`].
    pub(super) fn new(problem: &Completion) -> Option<Sparse> {
        if !problem.is_exact() {
            return None;
        }
        let n = problem.n;
        let (rows, cols) = problem.open_lines();
        // Diagonals by `r + c` and `r − c + n − 1`, as the local search numbers them.
        let (sums, diffs) = problem.closed_diagonals();
        let (sums, diffs): (HashSet<usize>, HashSet<usize>) =
            (sums.into_iter().collect(), diffs.into_iter().collect());
        let blocked: HashSet<(u32, u32)> = problem.blocked.iter().copied().collect();
        let k = rows.len();
        let mut start = [0; MAX_N];
        for (i, &r) in rows.iter().enumerate() {
            for (j, &c) in cols.iter().enumerate() {
                let (sum, diff) = ((r + c) as usize, r as usize + n - 1 - c as usize);
                if !blocked.contains(&(r, c)) && !sums.contains(&sum) && !diffs.contains(&diff) {
                    start[i] |= 1 << j;
                }
            }
        }
        let column = |c: i64| {
            u32::try_from(c)
                .ok()
                .and_then(|c| cols.binary_search(&c).ok())
        };
        let mut attacks = vec![0; k * k * k];
        for (i, &r) in rows.iter().enumerate() {
            for (j, &c) in cols.iter().enumerate() {
                let (r, c) = (i64::from(r), i64::from(c));
                for (i2, &r2) in rows.iter().enumerate() {
                    let r2 = i64::from(r2);
                    let hit = [column(r + c - r2), column(r2 - r + c)];
                    attacks[(i * k + j) * k + i2] =
                        hit.into_iter().flatten().fold(0, |m, j2| m | 1 << j2);
                }
            }
        }
        Some(Sparse {
            n,
            rows,
            cols,
            start,
            attacks,
            given: problem.queens.clone(),
        })
    }

    /// A completion (all n columns), `Some(None)` when there is none, or `None` at the
    /// deadline or once `cancel` is set.
    pub(super) fn find(
        &self,
        deadline: Option<Instant>,
        cancel: Option<&AtomicBool>,
    ) -> Option<Option<Vec<u32>>> {
        let found = AtomicBool::new(false);
        let mut clock = Clock {
            deadline,
            nodes: 0,
            found: &found,
            cancel,
        };
        let mut placed = [0u32; MAX_N];
        let complete = tightest(self, self.root(), &mut placed, &mut clock)?;
        Some(complete.then(|| {
            let mut columns = self.given_columns();
            for (i, &r) in self.rows.iter().enumerate() {
                columns[r as usize] = self.cols[placed[i] as usize];
            }
            columns
        }))
    }

    /// The node with only the givens placed.
    fn root(&self) -> Node {
        let all = full_mask(self.rows.len());
        Node {
            options: self.start,
            rows: all,
            cols: all,
        }
    }

    /// The board's columns with the givens in their rows (and 0 in the open ones).
    fn given_columns(&self) -> Vec<u32> {
        let mut columns = vec![0; self.n];
        for &(r, c) in &self.given {
            columns[r as usize] = c;
        }
        columns
    }

    /// Every completion in lexicographic order, lazily: open rows are filled in order,
    /// each from its smallest open column up.
    pub(super) fn walk(self) -> Walk<Sparse> {
        let (root, columns) = (self.root(), self.given_columns());
        Walk::new(self, root, columns)
    }

    /// The open rows (by index) where open column `j` can still take a queen.
    fn column_squares(&self, node: &Node, j: usize) -> u64 {
        let mut squares = 0;
        let mut rows = node.rows;
        while rows != 0 {
            let i = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            squares |= (node.options[i] >> j & 1) << i;
        }
        squares
    }
}

/// The open rows and columns, numbered by their place among the open ones, are a board
/// of at most [`MAX_N`] lines; a queen's diagonals come from the table of attacks. There
/// is no diagonal numbering cheap enough here for the diagonal-count cut, so it cuts
/// nothing.
impl Board for Sparse {
    type Node = Node;
    type Reach = ();
    const NO_REACH: () = ();

    fn last(&self) -> usize {
        self.rows.len().saturating_sub(1)
    }

    fn rows(node: &Node) -> u64 {
        node.rows
    }

    fn cols(node: &Node) -> u64 {
        node.cols
    }

    fn row_options(&self, node: &Node, i: usize) -> u64 {
        node.options[i]
    }

    fn col_options(&self, node: &Node, j: usize) -> u64 {
        self.column_squares(node, j)
    }

    fn place(&self, mut node: Node, i: usize, j: usize) -> Node {
        let k = self.rows.len();
        node.rows &= !(1 << i);
        node.cols &= !(1 << j);
        let attacks = &self.attacks[(i * k + j) * k..][..k];
        let mut rows = node.rows;
        while rows != 0 {
            let i2 = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            node.options[i2] &= !(1 << j) & !attacks[i2];
        }
        node
    }

    fn reach(&self, (): (), _: usize, _: u64) {}

    fn room((): (), _: u32) -> bool {
        true
    }

    fn record(&self, columns: &mut [u32], i: usize, j: usize) {
        columns[self.rows[i] as usize] = self.cols[j];
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::{Diagonal, reference};

    /// A random problem on a small board: givens from a solution half the time, so that
    /// both answers are common.
    fn random_problem(rng: &mut ChaCha8Rng) -> Completion {
        let n = rng.random_range(1..=9usize);
        let m = n as u32;
        let solutions = reference::solutions(n);
        let mut problem = Completion::new(n);
        let from = (!solutions.is_empty() && rng.random_bool(0.5))
            .then(|| &solutions[rng.random_range(0..solutions.len())]);
        for _ in 0..rng.random_range(0..n) {
            let r = rng.random_range(0..m);
            let c = from.map_or_else(|| rng.random_range(0..m), |s| s[r as usize]);
            problem = problem.queen(r, c);
        }
        for _ in 0..rng.random_range(0..6) {
            problem = problem.block(rng.random_range(0..m), rng.random_range(0..m));
        }
        for _ in 0..rng.random_range(0..4) {
            let d = rng.random_range(0..2 * m - 1);
            problem = problem.exclude(if rng.random_bool(0.5) {
                Diagonal::Sum(d)
            } else {
                Diagonal::Difference(d)
            });
        }
        problem
    }

    #[test]
    fn open_board_search_and_walk_agree_with_brute_force() {
        let mut rng = ChaCha8Rng::seed_from_u64(79);
        let (mut completed, mut impossible) = (0, 0);
        for _ in 0..4000 {
            let problem = random_problem(&mut rng);
            if problem.check().is_err() {
                continue;
            }
            let n = problem.n;
            let expected: Vec<Vec<u32>> = reference::solutions(n)
                .into_iter()
                .filter(|s| {
                    problem.queens.iter().all(|&(r, c)| s[r as usize] == c)
                        && problem.blocked.iter().all(|&(r, c)| s[r as usize] != c)
                        && (0..)
                            .zip(s)
                            .all(|(r, &c)| problem.diagonals.iter().all(|d| !d.contains(n, r, c)))
                })
                .collect();
            let open = Sparse::new(&problem).expect("at most 9 rows are open");
            let mut walk = open.clone().walk();
            let mut listed = Vec::new();
            while let Some(columns) = walk.next_columns() {
                listed.push(columns.to_vec());
            }
            assert_eq!(listed, expected, "{problem:?}");
            match open.find(None, None).expect("no deadline") {
                Some(columns) => {
                    assert!(expected.contains(&columns), "{problem:?}: {columns:?}");
                    completed += 1;
                }
                None => {
                    assert!(expected.is_empty(), "{problem:?}");
                    impossible += 1;
                }
            }
        }
        assert!(
            completed > 500 && impossible > 500,
            "{completed} {impossible}"
        );
    }
}
