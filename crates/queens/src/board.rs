//! Placements (row → column) and their O(n) validation.

use std::fmt;
use std::ops::ControlFlow;

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

/// Every pair of rows whose queens attack each other (share a column or a diagonal),
/// as `(earlier, later)`, in lexicographic order: the whole of what [`validate`] reports
/// the first of. Two queens share at most one line, so no pair is listed twice.
///
/// A solution costs one pass of [`validate`]; otherwise the rows are sorted by each
/// line, in O(n log n + pairs) time.
///
/// ```
/// assert_eq!(queens::conflicts(&[1, 3, 0, 2]), vec![]);
/// assert_eq!(queens::conflicts(&[0, 1, 2]), vec![(0, 1), (0, 2), (1, 2)]);
/// assert_eq!(queens::conflicts(&[2, 0, 2, 3]), vec![(0, 2), (2, 3)]);
/// ```
pub fn conflicts(columns: &[u32]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    lines_shared(columns, |run| {
        for (i, &(_, a)) in run.iter().enumerate() {
            pairs.extend(run[i + 1..].iter().map(|&(_, b)| (a, b)));
        }
    });
    pairs.sort_unstable();
    pairs
}

/// How many pairs [`conflicts`] lists, without listing them: up to n(n − 1)/2, too many to
/// hold for a large board with every queen in one column.
///
/// ```
/// assert_eq!(queens::count_conflicts(&[0; 100_000]), 4_999_950_000);
/// assert_eq!(queens::count_conflicts(&[1, 3, 0, 2]), 0);
/// ```
pub fn count_conflicts(columns: &[u32]) -> u64 {
    let mut count = 0u64;
    lines_shared(columns, |run| {
        let k = run.len() as u64;
        count += k * (k - 1) / 2;
    });
    count
}

/// Calls `run` with the rows of each column and diagonal that holds more than one queen,
/// as `(line, row)` pairs in row order; nothing for a solution, which costs one pass.
fn lines_shared(columns: &[u32], mut run: impl FnMut(&[(i64, usize)])) {
    if validate(columns).is_ok() {
        return;
    }
    let mut lines: Vec<(i64, usize)> = Vec::with_capacity(columns.len());
    let keys: [fn(usize, u32) -> i64; 3] = [
        |_, c| i64::from(c),
        |r, c| r as i64 + i64::from(c),
        |r, c| r as i64 - i64::from(c),
    ];
    for key in keys {
        lines.clear();
        lines.extend(columns.iter().enumerate().map(|(r, &c)| (key(r, c), r)));
        lines.sort_unstable();
        for shared in lines.chunk_by(|a, b| a.0 == b.0).filter(|s| s.len() > 1) {
            run(shared);
        }
    }
}

/// A set of small integers, one bit each, growing as larger ones arrive.
#[derive(Default)]
pub(crate) struct BitSet(Vec<u64>);

impl BitSet {
    pub(crate) fn with_capacity(len: usize) -> Self {
        BitSet(vec![0; len.div_ceil(64)])
    }

    /// Inserts `i`, returning whether it was already present.
    #[inline]
    pub(crate) fn replace(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        if word >= self.0.len() {
            self.0.resize((word + 1).next_power_of_two(), 0);
        }
        let present = self.0[word] & bit != 0;
        self.0[word] |= bit;
        present
    }
}

/// Feeds a placement's columns in row order to a visitor, stopping when it breaks: a
/// slice, or a line of a file read again.
pub(crate) type Scan<'a> = dyn FnMut(&mut dyn FnMut(u32) -> ControlFlow<()>) + 'a;

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
///
/// ```
/// assert!(queens::validate_rows(&[1, 3], 8).is_ok());
/// assert!(queens::validate_rows(&[0, 1], 8).is_err()); // a shared diagonal
/// assert!(queens::validate_rows(&[8], 8).is_err()); // off the board
/// ```
pub fn validate_rows(columns: &[u32], n: usize) -> Result<(), Conflict> {
    let verdict = check_rows(
        &mut |visit| {
            for &c in columns {
                if visit(c).is_break() {
                    break;
                }
            }
        },
        n,
    );
    verdict.expect("a slice reads the same on every pass")
}

/// The rule a queen breaks first.
enum Clash {
    OffBoard(u32),
    Column(usize),
    Diagonal { sum: usize, diff: usize },
}

/// [`validate_rows`] over a scan that can be repeated: one pass finds the first broken rule
/// in row order, and only then a second finds the earlier queen it clashes with.
///
/// `None` when the second pass does not find the clash the first one saw: only a scan
/// whose columns changed between its passes (a file rewritten while it is read) does that.
pub(crate) fn check_rows(scan: &mut Scan<'_>, n: usize) -> Option<Result<(), Conflict>> {
    let mut cols = BitSet::with_capacity(n);
    let mut sums = BitSet::with_capacity(2 * n);
    let mut diffs = BitSet::with_capacity(2 * n);
    let mut row = 0;
    let mut first = None;
    scan(&mut |column| {
        let c = column as usize;
        let clash = if c >= n {
            Some(Clash::OffBoard(column))
        } else if cols.replace(c) {
            Some(Clash::Column(c))
        } else {
            let (sum, diff) = (row + c, row + n - 1 - c);
            (sums.replace(sum) | diffs.replace(diff)).then_some(Clash::Diagonal { sum, diff })
        };
        if let Some(clash) = clash {
            first = Some((row, clash));
            return ControlFlow::Break(());
        }
        row += 1;
        ControlFlow::Continue(())
    });
    let Some((row, clash)) = first else {
        return Some(Ok(()));
    };
    if let Clash::OffBoard(column) = clash {
        return Some(Err(Conflict::OffBoard { row, column, n }));
    }
    let (mut r, mut earlier) = (0, None);
    scan(&mut |column| {
        let c = column as usize;
        let hit = match clash {
            Clash::Column(c2) => c == c2,
            Clash::Diagonal { sum, diff } => r + c == sum || r + n - 1 - c == diff,
            Clash::OffBoard(_) => false,
        };
        if hit || r + 1 >= row {
            earlier = hit.then_some(r);
            return ControlFlow::Break(());
        }
        r += 1;
        ControlFlow::Continue(())
    });
    let rows = (earlier?, row);
    Some(Err(match clash {
        Clash::Column(column) => Conflict::SameColumn {
            rows,
            column: column as u32,
        },
        _ => Conflict::SameDiagonal { rows },
    }))
}
