//! A lazy iterator over all solutions, in lexicographic order of the column array.

use crate::bitboard::{Node, check_board, full_mask};
use crate::board::validate_rows;
use crate::{Error, Placement};

/// Every solution of the n-queens puzzle, lazily, in lexicographic order of the column
/// array: row 0's column ascending, then row 1's, and so on, the order in which a row-by-row
/// backtracker finds them.
///
/// The search is an explicit-stack bitboard backtracker; it allocates its stacks once, so
/// [`Solutions::next_columns`] streams solutions with no allocation at all. The
/// [`Iterator`] implementation is the convenient form and allocates one [`Placement`] per
/// solution.
///
/// ```
/// use queens::Solutions;
///
/// let all: Vec<Vec<u32>> = Solutions::new(4)?.map(|p| p.into_columns()).collect();
/// assert_eq!(all, [[1, 3, 0, 2], [2, 0, 3, 1]]);
/// assert_eq!(Solutions::new(8)?.count(), 92);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solutions {
    n: usize,
    full: u64,
    /// The rows fixed by the caller; the search never backtracks into them.
    start: usize,
    /// The row being filled; `None` once the search is exhausted.
    row: Option<usize>,
    /// `nodes[r]`: the masks above row `r`; `free[r]`: the untried squares of row `r`.
    nodes: Vec<Node>,
    free: Vec<u64>,
    columns: Vec<u32>,
    /// The partial placement is itself complete: yield it once (n = 0, or a full prefix).
    pending_full: bool,
}

impl Solutions {
    /// All solutions for an `n × n` board; `n` is at most [`MAX_N`](crate::limits::MAX_N).
    ///
    /// ```
    /// assert_eq!(queens::Solutions::new(0)?.count(), 1); // the empty board
    /// assert_eq!(queens::Solutions::new(3)?.count(), 0);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn new(n: usize) -> Result<Self, Error> {
        Self::with_prefix(n, &[])
    }

    /// The solutions whose first rows are `prefix`, still in lexicographic order.
    ///
    /// Fails if `n` is too large, `prefix` has more than `n` rows, or the prefix's queens
    /// already attack each other or stand off the board.
    ///
    /// ```
    /// use queens::Solutions;
    ///
    /// let first: Vec<u32> = Solutions::with_prefix(8, &[7, 1])?.next().unwrap().into_columns();
    /// assert_eq!(first, [7, 1, 3, 0, 6, 4, 2, 5]);
    /// assert!(Solutions::with_prefix(8, &[0, 1]).is_err());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn with_prefix(n: usize, prefix: &[u32]) -> Result<Self, Error> {
        check_board(n, prefix.len())?;
        validate_rows(prefix, n).map_err(Error::InvalidPrefix)?;
        let full = full_mask(n);
        let mut nodes = vec![Node::default(); n + 1];
        for (row, &c) in prefix.iter().enumerate() {
            nodes[row + 1] = nodes[row].place(1 << c, full);
        }
        let start = prefix.len();
        let mut free = vec![0; n + 1];
        free[start] = nodes[start].free(full);
        let mut columns = vec![0; n];
        columns[..start].copy_from_slice(prefix);
        Ok(Solutions {
            n,
            full,
            start,
            row: (start < n).then_some(start),
            nodes,
            free,
            columns,
            pending_full: start == n,
        })
    }

    /// The board size.
    ///
    /// ```
    /// assert_eq!(queens::Solutions::new(6)?.n(), 6);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// Advances to the next solution and lends its column array, without allocating.
    ///
    /// ```
    /// let mut solutions = queens::Solutions::new(4)?;
    /// assert_eq!(solutions.next_columns(), Some(&[1, 3, 0, 2][..]));
    /// assert_eq!(solutions.next_columns(), Some(&[2, 0, 3, 1][..]));
    /// assert_eq!(solutions.next_columns(), None);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn next_columns(&mut self) -> Option<&[u32]> {
        if std::mem::take(&mut self.pending_full) {
            return Some(&self.columns);
        }
        let mut row = self.row?;
        let last = self.n - 1;
        loop {
            let free = self.free[row];
            if free == 0 {
                if row == self.start {
                    self.row = None;
                    return None;
                }
                row -= 1;
                continue;
            }
            let bit = free & free.wrapping_neg();
            self.free[row] = free ^ bit;
            self.columns[row] = bit.trailing_zeros();
            if row == last {
                self.row = Some(row);
                return Some(&self.columns);
            }
            let below = self.nodes[row].place(bit, self.full);
            row += 1;
            self.nodes[row] = below;
            self.free[row] = below.free(self.full);
        }
    }
}

impl Solutions {
    /// The solution most recently returned by [`Solutions::next_columns`].
    fn current(&self) -> &[u32] {
        &self.columns
    }
}

impl Iterator for Solutions {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        self.next_columns().map(|c| Placement::new(c.to_vec()))
    }
}

/// One solution per class of solutions equal under rotation and reflection — the
/// lexicographically smallest of its 8 images — in lexicographic order.
///
/// Only the first rows a smallest image can start with are searched (its first queen is
/// in the left half), and each solution is compared with its images without allocating.
///
/// ```
/// use queens::UniqueSolutions;
///
/// let reps: Vec<Vec<u32>> = UniqueSolutions::new(6)?.map(|p| p.into_columns()).collect();
/// assert_eq!(reps, [[1, 3, 5, 0, 2, 4]]);
/// assert_eq!(UniqueSolutions::new(8)?.count(), 12);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug)]
pub struct UniqueSolutions {
    solutions: Solutions,
    test: crate::symmetry::CanonicalTest,
    /// Row 0's column above which no smallest image starts.
    max_first: u32,
}

impl UniqueSolutions {
    /// The class representatives of an `n × n` board.
    pub fn new(n: usize) -> Result<Self, Error> {
        Self::with_prefix(n, &[])
    }

    /// The class representatives whose first rows are `prefix`; see [`Solutions::with_prefix`].
    pub fn with_prefix(n: usize, prefix: &[u32]) -> Result<Self, Error> {
        Ok(UniqueSolutions {
            solutions: Solutions::with_prefix(n, prefix)?,
            test: Default::default(),
            max_first: n.saturating_sub(1) as u32 / 2,
        })
    }

    /// Advances to the next representative and lends its column array.
    pub fn next_columns(&mut self) -> Option<&[u32]> {
        loop {
            let columns = self.solutions.next_columns()?;
            if columns.first().is_some_and(|&c| c > self.max_first) {
                // Lexicographic order: every later solution starts further right.
                return None;
            }
            if self.test.is_canonical(columns) {
                // Re-borrow: the solver's buffer still holds this solution.
                return Some(self.solutions.current());
            }
        }
    }
}

impl Iterator for UniqueSolutions {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        self.next_columns().map(|c| Placement::new(c.to_vec()))
    }
}
