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

use super::{Clock, Completion, Diagonal};
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
struct Node {
    options: [u64; MAX_N],
    rows: u64,
    cols: u64,
}

/// What to do at a node, as in the bitboard search.
enum Step {
    Done,
    Dead,
    /// Branch on open row `i`'s squares (column indices).
    Row(usize, u64),
    /// Branch on open column `j`'s squares (row indices).
    Column(usize, u64),
}

impl Sparse {
    /// The open board of `problem`, or `None` when more than [`MAX_N`] rows are open.
    /// The givens must have passed [`Completion::check`].
    pub(super) fn new(problem: &Completion) -> Option<Sparse> {
        if !problem.is_exact() {
            return None;
        }
        let n = problem.n;
        let (mut row_taken, mut col_taken) = (vec![false; n], vec![false; n]);
        let (mut sums, mut diffs) = (HashSet::new(), HashSet::new());
        for &(r, c) in &problem.queens {
            row_taken[r as usize] = true;
            col_taken[c as usize] = true;
            sums.insert(i64::from(r) + i64::from(c));
            diffs.insert(i64::from(r) - i64::from(c));
        }
        for &d in &problem.diagonals {
            match d {
                Diagonal::Sum(d) => sums.insert(i64::from(d)),
                Diagonal::Difference(d) => diffs.insert(i64::from(d) - (n as i64 - 1)),
            };
        }
        let open = |taken: &[bool]| -> Vec<u32> {
            (0..n as u32).filter(|&i| !taken[i as usize]).collect()
        };
        let (rows, cols) = (open(&row_taken), open(&col_taken));
        let blocked: HashSet<(u32, u32)> = problem.blocked.iter().copied().collect();
        let k = rows.len();
        let mut start = [0; MAX_N];
        for (i, &r) in rows.iter().enumerate() {
            for (j, &c) in cols.iter().enumerate() {
                let (sum, diff) = (i64::from(r) + i64::from(c), i64::from(r) - i64::from(c));
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
    /// deadline.
    pub(super) fn find(&self, deadline: Option<Instant>) -> Option<Option<Vec<u32>>> {
        let found = AtomicBool::new(false);
        let mut clock = Clock {
            deadline,
            nodes: 0,
            found: &found,
        };
        let mut placed = [0u32; MAX_N];
        let complete = self.search(self.root(), &mut placed, &mut clock)?;
        Some(complete.then(|| {
            let mut columns = self.given_columns();
            for (i, &r) in self.rows.iter().enumerate() {
                columns[r as usize] = self.cols[placed[i] as usize];
            }
            columns
        }))
    }

    /// Depth first from `node`: `Some(true)` with `placed` filled (a column index per
    /// open row), `Some(false)` without a completion, `None` at the deadline.
    fn search(&self, mut node: Node, placed: &mut [u32], clock: &mut Clock<'_>) -> Option<bool> {
        if !clock.tick() {
            return None;
        }
        let step = self.step(&mut node, placed);
        let (line, mut squares, row) = match step {
            Step::Done => return Some(true),
            Step::Dead => return Some(false),
            Step::Row(i, squares) => (i, squares, true),
            Step::Column(j, squares) => (j, squares, false),
        };
        while squares != 0 {
            let other = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            let (i, j) = if row { (line, other) } else { (other, line) };
            let mut child = node;
            self.place(&mut child, i, j);
            placed[i] = j as u32;
            if self.search(child, placed, clock)? {
                return Some(true);
            }
        }
        Some(false)
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

    /// Puts a queen on open row `i`, open column `j`.
    fn place(&self, node: &mut Node, i: usize, j: usize) {
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
    }

    /// Places every queen a line with one square left forces, then picks the line with
    /// the fewest squares left, as [`super::grid::Grid::step`] does on the bitboards.
    fn step(&self, node: &mut Node, placed: &mut [u32]) -> Step {
        'pass: loop {
            if node.rows == 0 {
                return Step::Done;
            }
            let (mut best, mut fewest) = (0, u32::MAX);
            // How many open rows each column meets, bit-sliced, stopping at 4.
            let (mut ones, mut twos, mut fours) = (0u64, 0u64, 0u64);
            let mut rows = node.rows;
            while rows != 0 {
                let i = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                let options = node.options[i];
                match options.count_ones() {
                    0 => return Step::Dead,
                    1 => {
                        let j = options.trailing_zeros() as usize;
                        self.place(node, i, j);
                        placed[i] = j as u32;
                        continue 'pass;
                    }
                    count if count < fewest => (best, fewest) = (i, count),
                    _ => {}
                }
                let carry = ones & options;
                ones ^= options;
                fours |= twos & carry;
                twos ^= carry;
            }
            if ones | twos | fours != node.cols {
                return Step::Dead;
            }
            let single = ones & !twos & !fours;
            if single != 0 {
                let j = single.trailing_zeros() as usize;
                let i = self.column_squares(node, j).trailing_zeros() as usize;
                self.place(node, i, j);
                placed[i] = j as u32;
                continue 'pass;
            }
            let two = !ones & twos & !fours;
            let three = ones & twos & !fours;
            let column = match fewest {
                0..=2 => 0,
                3 => two,
                _ if two != 0 => two,
                _ => three,
            };
            return if column != 0 {
                let j = column.trailing_zeros() as usize;
                Step::Column(j, self.column_squares(node, j))
            } else {
                Step::Row(best, node.options[best])
            };
        }
    }

    /// Every completion in lexicographic order, lazily: open rows are filled in order,
    /// each from its smallest open column up.
    pub(super) fn walk(self) -> Walk {
        let (root, columns) = (self.root(), self.given_columns());
        let mut walk = Walk {
            pending_full: self.rows.is_empty(),
            open: self,
            stack: Vec::new(),
            columns,
        };
        walk.descend(root);
        walk
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

/// The completions of an open board in lexicographic order: see [`Sparse::walk`].
#[derive(Debug, Clone)]
pub(super) struct Walk {
    open: Sparse,
    /// Per open row being filled: the node above it, the row, and its untried squares.
    stack: Vec<(Node, usize, u64)>,
    columns: Vec<u32>,
    /// No row is open: the givens are the one completion, not yet yielded.
    pending_full: bool,
}

impl Walk {
    /// The next completion's columns.
    pub(super) fn next_columns(&mut self) -> Option<&[u32]> {
        if std::mem::take(&mut self.pending_full) {
            return Some(&self.columns);
        }
        loop {
            let (node, i, squares) = self.stack.last_mut()?;
            if *squares == 0 {
                self.stack.pop();
                continue;
            }
            let j = squares.trailing_zeros() as usize;
            *squares &= *squares - 1;
            let (mut below, i) = (*node, *i);
            self.open.place(&mut below, i, j);
            self.columns[self.open.rows[i] as usize] = self.open.cols[j];
            if below.rows == 0 {
                return Some(&self.columns);
            }
            self.descend(below);
        }
    }

    /// Pushes the first open row of `node`, unless some open row has no square left.
    fn descend(&mut self, node: Node) {
        let mut rows = node.rows;
        while rows != 0 {
            let i = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            if node.options[i] == 0 {
                return;
            }
        }
        if node.rows != 0 {
            let i = node.rows.trailing_zeros() as usize;
            self.stack.push((node, i, node.options[i]));
        }
    }

    /// The board size.
    pub(super) fn n(&self) -> usize {
        self.open.n
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::reference;

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
            match open.find(None).expect("no deadline") {
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
