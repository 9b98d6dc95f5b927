//! The eight symmetries of the square board, canonical forms, and the solutions a
//! symmetry leaves unchanged.

use std::sync::atomic::{AtomicBool, Ordering};

/// One of the 8 rotations and reflections of the `n × n` board (the dihedral group D4).
///
/// ```
/// use queens::symmetry::Symmetry;
///
/// let s = [1, 3, 0, 2];
/// assert_eq!(Symmetry::FlipColumns.apply(&s), [2, 0, 3, 1]);
/// assert_eq!(Symmetry::Rotate90.apply(&s), s); // n = 4's solutions are quarter-turn symmetric
/// assert_eq!(Symmetry::Rotate90.apply(&[0, 4, 7, 5, 2, 6, 1, 3]), [7, 1, 3, 0, 6, 4, 2, 5]);
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn anticlockwise.
    Rotate270,
    /// The mirror image left to right: column `c` becomes `n - 1 - c`.
    FlipColumns,
    /// The mirror image top to bottom: row `r` becomes `n - 1 - r`.
    FlipRows,
    /// The reflection in the main diagonal: row and column swap.
    Transpose,
    /// The reflection in the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipColumns,
        Symmetry::FlipRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the square `(row, column)` of an `n × n` board goes.
    ///
    /// ```
    /// use queens::symmetry::Symmetry;
    ///
    /// assert_eq!(Symmetry::Rotate90.square(8, (0, 0)), (0, 7));
    /// assert_eq!(Symmetry::Transpose.square(8, (2, 5)), (5, 2));
    /// ```
    pub fn square(self, n: usize, (row, col): (usize, usize)) -> (usize, usize) {
        let m = n - 1;
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::Rotate90 => (col, m - row),
            Symmetry::Rotate180 => (m - row, m - col),
            Symmetry::Rotate270 => (m - col, row),
            Symmetry::FlipColumns => (row, m - col),
            Symmetry::FlipRows => (m - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (m - col, m - row),
        }
    }

    /// The image of a placement (row → column) with one queen in every row and column.
    ///
    /// The result is only meaningful when `columns` is a permutation, as every solution is.
    pub fn apply(self, columns: &[u32]) -> Vec<u32> {
        let n = columns.len();
        let mut image = vec![0; n];
        for (row, &col) in columns.iter().enumerate() {
            let (r, c) = self.square(n, (row, col as usize));
            image[r] = c as u32;
        }
        image
    }
}

/// The lexicographically smallest of a solution's 8 images: the representative
/// `solve --unique` prints for its class.
///
/// ```
/// assert_eq!(queens::symmetry::canonical(&[2, 0, 3, 1]), [1, 3, 0, 2]);
/// ```
pub fn canonical(columns: &[u32]) -> Vec<u32> {
    Symmetry::ALL
        .iter()
        .map(|s| s.apply(columns))
        .min()
        .unwrap_or_default()
}

/// Decides whether solutions are the smallest of their 8 images, without allocating per
/// solution: image rows are read straight off the solution and its inverse permutation,
/// and most images differ from the solution within a row or two.
#[derive(Debug, Default, Clone)]
pub(crate) struct CanonicalTest {
    /// `inverse[c]`: the row of the queen in column `c`.
    inverse: Vec<u32>,
}

impl CanonicalTest {
    /// Keeps, of the solutions `block` holds from `from` on (`n` columns each, `n ≥ 1`),
    /// those that are the smallest of their images, in order, and drops the rest from the
    /// first that `past` says ends the list: whether one did.
    pub(crate) fn retain_smallest(
        &mut self,
        block: &mut Vec<u32>,
        from: usize,
        n: usize,
        mut past: impl FnMut(&[u32]) -> bool,
    ) -> bool {
        let mut kept = from;
        let mut ended = false;
        for at in (from..block.len()).step_by(n) {
            let columns = &block[at..at + n];
            if past(columns) {
                ended = true;
                break;
            }
            if self.is_canonical(columns) {
                block.copy_within(at..at + n, kept);
                kept += n;
            }
        }
        block.truncate(kept);
        ended
    }

    /// Whether the permutation `columns` is the smallest of its images.
    pub(crate) fn is_canonical(&mut self, columns: &[u32]) -> bool {
        let n = columns.len();
        self.inverse.resize(n, 0);
        for (row, &col) in columns.iter().enumerate() {
            self.inverse[col as usize] = row as u32;
        }
        let inverse = &self.inverse;
        let m = n.saturating_sub(1) as u32;
        // Row `r` of each image: the column of the image's queen in that row.
        let image_row = |s: Symmetry, r: usize| -> u32 {
            let flip = m as usize - r;
            match s {
                Symmetry::Identity => columns[r],
                Symmetry::Rotate90 => m - inverse[r],
                Symmetry::Rotate180 => m - columns[flip],
                Symmetry::Rotate270 => inverse[flip],
                Symmetry::FlipColumns => m - columns[r],
                Symmetry::FlipRows => columns[flip],
                Symmetry::Transpose => inverse[r],
                Symmetry::AntiTranspose => m - inverse[flip],
            }
        };
        Symmetry::ALL[1..].iter().all(|&s| {
            (0..n)
                .map(|r| image_row(s, r).cmp(&columns[r]))
                .find(|o| o.is_ne())
                .is_none_or(|o| o.is_gt())
        })
    }
}

/// How many distinct images a solution has under the 8 symmetries: 8, 4 or 2 for n ≥ 2
/// (1 for the single solution of n = 1 and the empty board).
///
/// ```
/// assert_eq!(queens::symmetry::class_size(&[1, 3, 0, 2]), 2);
/// assert_eq!(queens::symmetry::class_size(&[0, 4, 7, 5, 2, 6, 1, 3]), 8);
/// ```
pub fn class_size(columns: &[u32]) -> usize {
    let mut images: Vec<Vec<u32>> = Symmetry::ALL.iter().map(|s| s.apply(columns)).collect();
    images.sort();
    images.dedup();
    images.len()
}

/// Counts the solutions that `symmetry` leaves unchanged, with a search of its own that
/// shares nothing with the counter: an independent check of the class breakdown, since
/// `F90 = 2·c2` and `F180 = 2·c2 + 4·c4` (Burnside's lemma).
///
/// Such a solution is fixed by its queens in the first rows, so the search places a whole
/// orbit of squares at a time and is far smaller than a full search.
///
/// ```
/// use queens::symmetry::{Symmetry, count_fixed};
///
/// assert_eq!(count_fixed(8, Symmetry::Rotate180)?, 4);
/// assert_eq!(count_fixed(12, Symmetry::Rotate90)?, 8);
/// assert_eq!(count_fixed(8, Symmetry::Transpose)?, 0);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn count_fixed(n: usize, symmetry: Symmetry) -> Result<u128, crate::Error> {
    count_fixed_unless(n, symmetry, None)
}

/// [`count_fixed`], giving up (with a meaningless count) as soon as `stop` is set.
pub(crate) fn count_fixed_unless(
    n: usize,
    symmetry: Symmetry,
    stop: Option<&AtomicBool>,
) -> Result<u128, crate::Error> {
    crate::bitboard::check_board(n, 0)?;
    #[derive(Clone, Copy)]
    struct State {
        rows: [u8; 64],
        filled: u64,
        cols: u64,
        sums: u128,
        diffs: u128,
    }
    const EMPTY: u8 = u8::MAX;
    fn search(n: usize, s: Symmetry, state: State, stop: Option<&AtomicBool>) -> u128 {
        if state.filled == crate::bitboard::full_mask(n) {
            return 1;
        }
        // One relaxed load per node: a few per cent of a unit that is itself about 1% of
        // a count.
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return 0;
        }
        let row = (!state.filled).trailing_zeros() as usize;
        let mut total = 0;
        'columns: for col in 0..n {
            let mut next = state;
            // Place the square's whole orbit under the powers of `s`.
            let mut square = (row, col);
            loop {
                let (r, c) = square;
                if next.rows[r] == EMPTY {
                    let (cb, sb, db) = (1u64 << c, 1u128 << (r + c), 1u128 << (r + n - 1 - c));
                    if next.cols & cb != 0 || next.sums & sb != 0 || next.diffs & db != 0 {
                        continue 'columns;
                    }
                    next.rows[r] = c as u8;
                    next.filled |= 1 << r;
                    next.cols |= cb;
                    next.sums |= sb;
                    next.diffs |= db;
                } else if next.rows[r] as usize != c {
                    continue 'columns;
                }
                square = s.square(n, square);
                if square == (row, col) {
                    break;
                }
            }
            total += search(n, s, next, stop);
        }
        total
    }
    let empty = State {
        rows: [EMPTY; 64],
        filled: 0,
        cols: 0,
        sums: 0,
        diffs: 0,
    };
    Ok(search(n, symmetry, empty, stop))
}
