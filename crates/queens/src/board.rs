//! Placements (row → column) and their O(n) validation.

use std::fmt;

/// One queen per row: `columns()[r]` is the column of the queen in row `r`, both 0-based.
///
/// A `Placement` may be any assignment of columns, valid or not; [`Placement::validate`]
/// says whether it is a solution. Its [`Display`](fmt::Display) form is the classic board of
/// `Q` and `.`, one row per line.
///
/// ```
/// use queens::Placement;
///
/// let p = Placement::new(vec![1, 3, 0, 2]);
/// assert!(p.validate().is_ok());
/// assert_eq!(p.to_string(), ".Q..\n...Q\nQ...\n..Q.\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Placement {
    columns: Vec<u32>,
}

impl Placement {
    /// Wraps a column array; the board size is its length.
    ///
    /// ```
    /// let p = queens::Placement::new(vec![0, 2]);
    /// assert_eq!(p.n(), 2);
    /// ```
    pub fn new(columns: Vec<u32>) -> Self {
        Placement { columns }
    }

    /// The board size: the number of rows.
    ///
    /// ```
    /// assert_eq!(queens::Placement::new(vec![]).n(), 0);
    /// ```
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The column of each row's queen.
    ///
    /// ```
    /// assert_eq!(queens::Placement::new(vec![1, 3, 0, 2]).columns(), &[1, 3, 0, 2]);
    /// ```
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// Gives back the column array.
    ///
    /// ```
    /// assert_eq!(queens::Placement::new(vec![0]).into_columns(), vec![0]);
    /// ```
    pub fn into_columns(self) -> Vec<u32> {
        self.columns
    }

    /// Checks that this is a solution, reporting the first conflict found; see [`validate`].
    ///
    /// ```
    /// let p = queens::Placement::new(vec![0, 1]);
    /// assert_eq!(p.validate().unwrap_err().to_string(), "queens in rows 0 and 1 share a diagonal");
    /// ```
    pub fn validate(&self) -> Result<(), Conflict> {
        validate(&self.columns)
    }
}

impl From<Vec<u32>> for Placement {
    fn from(columns: Vec<u32>) -> Self {
        Placement::new(columns)
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n();
        for &c in &self.columns {
            let row: String = (0..n)
                .map(|x| if x == c as usize { 'Q' } else { '.' })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// Why a placement is not a solution.
///
/// ```
/// use queens::{validate, Conflict};
///
/// assert_eq!(validate(&[2, 0, 2]), Err(Conflict::SameColumn { rows: (0, 2), column: 2 }));
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Conflict {
    /// A queen stands outside the `n × n` board.
    OffBoard {
        /// Its row.
        row: usize,
        /// Its column, at least `n`.
        column: u32,
        /// The board size.
        n: usize,
    },
    /// Two queens share a column; `rows.0 < rows.1`.
    SameColumn {
        /// The two rows, the earlier first.
        rows: (usize, usize),
        /// The shared column.
        column: u32,
    },
    /// Two queens share a diagonal; `rows.0 < rows.1`.
    SameDiagonal {
        /// The two rows, the earlier first.
        rows: (usize, usize),
    },
    /// A drawn board has a row with no queen or with several (only a parser reports this).
    RowQueens {
        /// The row.
        row: usize,
        /// How many queens it holds.
        queens: usize,
    },
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Conflict::OffBoard { row, column, n } => write!(
                f,
                "the queen in row {row} is in column {column}, outside the {n}×{n} board (columns 0 to {})",
                n.saturating_sub(1)
            ),
            Conflict::SameColumn { rows, column } => write!(
                f,
                "queens in rows {} and {} share column {column}",
                rows.0, rows.1
            ),
            Conflict::SameDiagonal { rows } => {
                write!(
                    f,
                    "queens in rows {} and {} share a diagonal",
                    rows.0, rows.1
                )
            }
            Conflict::RowQueens { row, queens: 0 } => write!(f, "row {row} has no queen"),
            Conflict::RowQueens { row, queens } => {
                write!(
                    f,
                    "row {row} has {queens} queens, a solution has exactly one per row"
                )
            }
        }
    }
}

impl std::error::Error for Conflict {}

/// A fixed-size set of small integers, one bit each.
struct BitSet(Vec<u64>);

impl BitSet {
    fn new(len: usize) -> Self {
        BitSet(vec![0; len.div_ceil(64)])
    }

    /// Inserts `i`, returning whether it was already present.
    fn replace(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let present = self.0[word] & bit != 0;
        self.0[word] |= bit;
        present
    }
}

/// Checks that `columns` (row → column) places `n = columns.len()` non-attacking queens.
///
/// Runs in O(n) time with 5 bits of scratch memory per queen (a bitset for the columns and
/// one for each diagonal direction), so it handles placements of millions of queens. The
/// first conflict in row order is reported; finding its earlier partner costs one more
/// pass.
///
/// ```
/// use queens::{validate, Conflict};
///
/// assert!(validate(&[1, 3, 0, 2]).is_ok());
/// assert_eq!(validate(&[1, 3, 0, 4]), Err(Conflict::OffBoard { row: 3, column: 4, n: 4 }));
/// assert_eq!(validate(&[0, 2, 4, 1, 3, 5]), Err(Conflict::SameDiagonal { rows: (0, 5) }));
/// ```
pub fn validate(columns: &[u32]) -> Result<(), Conflict> {
    validate_rows(columns, columns.len())
}

/// Checks the first `columns.len()` rows of a board `n` columns wide: no queen off the board
/// and no two attacking each other. [`validate`] is the case of a full board.
pub(crate) fn validate_rows(columns: &[u32], n: usize) -> Result<(), Conflict> {
    let rows = columns.len();
    let mut cols = BitSet::new(n);
    let mut sums = BitSet::new(rows + n);
    let mut diffs = BitSet::new(rows + n);
    for (row, &column) in columns.iter().enumerate() {
        let c = column as usize;
        if c >= n {
            return Err(Conflict::OffBoard { row, column, n });
        }
        if cols.replace(c) {
            let earlier = partner(columns, row, |_, c2| c2 == c);
            return Err(Conflict::SameColumn {
                rows: (earlier, row),
                column,
            });
        }
        let (sum, diff) = (row + c, row + n - 1 - c);
        if sums.replace(sum) | diffs.replace(diff) {
            let earlier = partner(columns, row, |r2, c2| {
                r2 + c2 == sum || r2 + n - 1 - c2 == diff
            });
            return Err(Conflict::SameDiagonal {
                rows: (earlier, row),
            });
        }
    }
    Ok(())
}

/// The first row before `row` whose queen satisfies `clash(row, column)`.
fn partner(columns: &[u32], row: usize, clash: impl Fn(usize, usize) -> bool) -> usize {
    (0..row)
        .find(|&r| clash(r, columns[r] as usize))
        .expect("a bitset reported a clash, so an earlier queen must match it")
}
