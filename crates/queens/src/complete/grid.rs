//! The exact search behind completion: rows, columns and both diagonal directions as
//! masks, so that the squares left to a row or a column are a few shifts and ANDs.

use crate::bitboard::{MAX_N, full_mask};

/// What stays fixed during a search: the board size and the squares no queen may take.
#[derive(Debug, Clone)]
pub(super) struct Grid {
    n: usize,
    /// Per row, the columns closed to it by blocked squares.
    row_blocked: [u64; MAX_N],
    /// Per column, the rows closed to it by blocked squares.
    col_blocked: [u64; MAX_N],
}

/// A node of the search: the rows and columns still without a queen, and the diagonals
/// taken (by a queen or by an exclusion).
///
/// Diagonals are numbered three ways so that each row and each column reads its own as a
/// shifted mask: `sums` by `r + c`, `ups` by `c − r + n − 1` and `downs` by
/// `r − c + n − 1` (the last two are the same diagonals, mirrored).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    pub(super) rows: u64,
    pub(super) cols: u64,
    sums: u128,
    ups: u128,
    downs: u128,
}

/// What to do at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// Every row has its queen.
    Done,
    /// No completion below: a row or column has no square left, or too few diagonals are
    /// left for the queens still to place.
    Dead,
    /// Branch on the squares (a column mask) left to this row.
    Row(usize, u64),
    /// Branch on the squares (a row mask) left to this column.
    Column(usize, u64),
}

impl Step {
    /// The squares a branching step tries, in order.
    pub(super) fn squares(self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (mut mask, line) = match self {
            Step::Row(line, mask) | Step::Column(line, mask) => (mask, line),
            Step::Done | Step::Dead => (0, 0),
        };
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let i = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                match self {
                    Step::Row(..) => (line, i),
                    _ => (i, line),
                }
            })
        })
    }
}

/// Which line to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Order {
    /// The first row without a queen: completions come in lexicographic order.
    Rows,
    /// The row or column with the fewest squares left (a forced one first), the
    /// "most constrained variable" rule that makes hard instances tractable.
    Tightest,
}

impl Grid {
    pub(super) fn new(n: usize, blocked: &[(u32, u32)]) -> Grid {
        let mut grid = Grid {
            n,
            row_blocked: [0; MAX_N],
            col_blocked: [0; MAX_N],
        };
        for &(r, c) in blocked {
            grid.row_blocked[r as usize] |= 1 << c;
            grid.col_blocked[c as usize] |= 1 << r;
        }
        grid
    }

    pub(super) fn n(&self) -> usize {
        self.n
    }

    /// The empty board.
    pub(super) fn start(&self) -> State {
        let full = full_mask(self.n);
        State {
            rows: full,
            cols: full,
            sums: 0,
            ups: 0,
            downs: 0,
        }
    }

    /// Closes the diagonal `r + c = d`.
    pub(super) fn exclude_sum(&self, s: State, d: usize) -> State {
        State {
            sums: s.sums | 1 << d,
            ..s
        }
    }

    /// Closes the diagonal `r − c = d − (n − 1)`.
    pub(super) fn exclude_difference(&self, s: State, d: usize) -> State {
        State {
            downs: s.downs | 1 << d,
            ups: s.ups | 1 << (2 * (self.n - 1) - d),
            ..s
        }
    }

    /// Places a queen on row `r`, column `c`.
    #[inline]
    pub(super) fn place(&self, s: State, r: usize, c: usize) -> State {
        let m = self.n - 1;
        State {
            rows: s.rows & !(1 << r),
            cols: s.cols & !(1 << c),
            sums: s.sums | 1 << (r + c),
            ups: s.ups | 1 << (c + m - r),
            downs: s.downs | 1 << (r + m - c),
        }
    }

    /// The columns where row `r` can still take a queen.
    #[inline]
    pub(super) fn row_options(&self, s: &State, r: usize) -> u64 {
        let m = self.n - 1;
        s.cols & !self.row_blocked[r] & !((s.sums >> r) as u64) & !((s.ups >> (m - r)) as u64)
    }

    /// The rows where column `c` can still take a queen.
    #[inline]
    fn col_options(&self, s: &State, c: usize) -> u64 {
        let m = self.n - 1;
        s.rows & !self.col_blocked[c] & !((s.sums >> c) as u64) & !((s.downs >> (m - c)) as u64)
    }

    /// Looks at every open line of `s` and says how to go on.
    ///
    /// Besides a row or column with no square left, it cuts a node where the open
    /// squares lie on fewer distinct diagonals (either direction) than there are queens
    /// still to place: each queen needs a diagonal of its own.
    pub(super) fn step(&self, s: &State, order: Order) -> Step {
        if s.rows == 0 {
            return Step::Done;
        }
        let m = self.n - 1;
        let queens = s.rows.count_ones();
        let (mut cover, mut sums, mut ups) = (0u64, 0u128, 0u128);
        let mut best = Step::Dead;
        let mut fewest = u32::MAX;
        let mut rows = s.rows;
        while rows != 0 {
            let r = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let options = self.row_options(s, r);
            if options == 0 {
                return Step::Dead;
            }
            cover |= options;
            sums |= u128::from(options) << r;
            ups |= u128::from(options) << (m - r);
            let size = options.count_ones();
            if size < fewest && (order == Order::Tightest || fewest == u32::MAX) {
                fewest = size;
                best = Step::Row(r, options);
            }
        }
        if cover != s.cols || sums.count_ones() < queens || ups.count_ones() < queens {
            return Step::Dead;
        }
        if order == Order::Tightest && fewest > 1 {
            let mut cols = s.cols;
            while cols != 0 {
                let c = cols.trailing_zeros() as usize;
                cols &= cols - 1;
                let options = self.col_options(s, c);
                let size = options.count_ones();
                if size < fewest {
                    fewest = size;
                    best = Step::Column(c, options);
                    if size == 1 {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The mask of squares a row-by-row search may use in each row of `s`: the square of
    /// a placed queen in its row, the open squares elsewhere.
    pub(super) fn row_masks(&self, s: &State, columns: &[Option<u32>]) -> Vec<u64> {
        (0..self.n)
            .map(|r| match columns[r] {
                Some(c) => 1 << c,
                None => self.row_options(s, r),
            })
            .collect()
    }
}
