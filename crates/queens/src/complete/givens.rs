//! The givens of a completion problem: closed diagonals, and the conflicts that make a
//! problem impossible before any search.

use std::collections::HashMap;
use std::fmt;

use super::Completion;

/// A diagonal of the board, numbered as CSPLib problem 079's Excluded Diagonals instances
/// number them: `Sum(d)` holds the squares with `r + c = d`, `Difference(d)` those with
/// `r − c = d − (n − 1)`; `d` runs from 0 to `2n − 2` either way.
///
/// ```
/// use queens::Diagonal;
///
/// assert_eq!(Diagonal::Sum(4).describe(5), "the diagonal r + c = 4");
/// assert_eq!(Diagonal::Difference(2).describe(5), "the diagonal r - c = -2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// The squares with `r + c = d`.
    Sum(u32),
    /// The squares with `r − c = d − (n − 1)`.
    Difference(u32),
}

impl Diagonal {
    /// Whether the square (`r`, `c`) of an `n × n` board lies on this diagonal.
    ///
    /// ```
    /// assert!(queens::Diagonal::Difference(4).contains(5, 3, 3)); // r − c = 4 − (5 − 1)
    /// ```
    pub fn contains(self, n: usize, r: u32, c: u32) -> bool {
        match self {
            Diagonal::Sum(d) => r + c == d,
            Diagonal::Difference(d) => r as usize + n - 1 == c as usize + d as usize,
        }
    }

    /// The diagonal of the squares with `r + c = s` on an `n × n` board, if it has one.
    ///
    /// ```
    /// use queens::Diagonal;
    ///
    /// assert_eq!(Diagonal::with_sum(5, 8), Some(Diagonal::Sum(8)));
    /// assert_eq!(Diagonal::with_sum(5, 9), None);
    /// ```
    pub fn with_sum(n: usize, s: i64) -> Option<Diagonal> {
        let last = 2 * n as i64 - 2;
        (0..=last).contains(&s).then_some(Diagonal::Sum(s as u32))
    }

    /// The diagonal of the squares with `r − c = d` on an `n × n` board, if it has one.
    ///
    /// ```
    /// use queens::Diagonal;
    ///
    /// assert_eq!(Diagonal::with_difference(5, -4), Some(Diagonal::Difference(0)));
    /// assert_eq!(Diagonal::with_difference(5, 5), None);
    /// ```
    pub fn with_difference(n: usize, d: i64) -> Option<Diagonal> {
        let last = n as i64 - 1;
        if (-last..=last).contains(&d) {
            Some(Diagonal::Difference((d + last) as u32))
        } else {
            None
        }
    }

    /// The constant of the diagonal's equation on an `n × n` board: `r + c` on a sum
    /// diagonal, `r − c` on a difference one.
    ///
    /// ```
    /// assert_eq!(queens::Diagonal::Difference(7).constant(5), 3);
    /// ```
    pub fn constant(self, n: usize) -> i64 {
        match self {
            Diagonal::Sum(s) => i64::from(s),
            Diagonal::Difference(d) => i64::from(d) - (n as i64 - 1),
        }
    }

    /// The diagonal's equation on an `n × n` board, for messages.
    ///
    /// ```
    /// assert_eq!(queens::Diagonal::Difference(7).describe(5), "the diagonal r - c = 3");
    /// ```
    pub fn describe(self, n: usize) -> String {
        let sign = match self {
            Diagonal::Sum(_) => '+',
            Diagonal::Difference(_) => '-',
        };
        format!("the diagonal r {sign} c = {}", self.constant(n))
    }

    fn index(self) -> u32 {
        match self {
            Diagonal::Sum(d) | Diagonal::Difference(d) => d,
        }
    }
}

/// Why the givens of a [`Completion`] cannot be part of any solution, before any search.
///
/// ```
/// use queens::{Completion, complete::GivenConflict};
///
/// let err = Completion::new(8).queen(1, 3).queen(4, 6).first().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "the given queens at (1, 3) and (4, 6) share a diagonal"
/// );
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GivenConflict {
    /// A given queen or blocked square lies outside the board.
    OffBoard {
        /// Its row and column.
        square: (u32, u32),
        /// The board size.
        n: usize,
    },
    /// A diagonal number is out of range.
    NoSuchDiagonal {
        /// The diagonal.
        diagonal: Diagonal,
        /// The board size.
        n: usize,
    },
    /// Two given queens attack each other (or are the same square given twice).
    Attack {
        /// The two queens, the first given first.
        queens: ((u32, u32), (u32, u32)),
        /// "row", "column" or "diagonal".
        line: &'static str,
    },
    /// A given queen stands on a blocked square.
    Blocked {
        /// The queen.
        queen: (u32, u32),
    },
    /// A given queen stands on an excluded diagonal.
    Excluded {
        /// The queen.
        queen: (u32, u32),
        /// The diagonal, described for the board.
        diagonal: String,
    },
}

impl fmt::Display for GivenConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GivenConflict::OffBoard { square: (r, c), n } => write!(
                f,
                "the square ({r}, {c}) is outside the {n}×{n} board (rows and columns 0 to {})",
                n.saturating_sub(1)
            ),
            GivenConflict::NoSuchDiagonal { diagonal, n: 0 } => write!(
                f,
                "diagonal number {} does not exist: the empty board has no diagonals",
                diagonal.index()
            ),
            GivenConflict::NoSuchDiagonal { diagonal, n } => write!(
                f,
                "diagonal number {} does not exist on a {n}×{n} board (0 to {})",
                diagonal.index(),
                2 * n - 2
            ),
            GivenConflict::Attack {
                queens: ((r1, c1), (r2, c2)),
                ..
            } if (r1, c1) == (r2, c2) => write!(f, "the queen at ({r1}, {c1}) is given twice"),
            GivenConflict::Attack {
                queens: ((r1, c1), (r2, c2)),
                line,
            } => write!(
                f,
                "the given queens at ({r1}, {c1}) and ({r2}, {c2}) share a {line}"
            ),
            GivenConflict::Blocked { queen: (r, c) } => {
                write!(
                    f,
                    "the given queen at ({r}, {c}) stands on a blocked square"
                )
            }
            GivenConflict::Excluded {
                queen: (r, c),
                diagonal,
            } => write!(
                f,
                "the given queen at ({r}, {c}) stands on {diagonal}, which is excluded"
            ),
        }
    }
}

impl std::error::Error for GivenConflict {}

impl Completion {
    /// Checks the givens: everything on the board, no two given queens attacking each
    /// other, none on a closed square or diagonal.
    ///
    /// ```
    /// use queens::{Completion, complete::GivenConflict};
    ///
    /// let c = Completion::new(4).queen(0, 0).block(0, 0);
    /// assert_eq!(c.check(), Err(GivenConflict::Blocked { queen: (0, 0) }));
    /// ```
    pub fn check(&self) -> Result<(), GivenConflict> {
        let n = self.n;
        let on_board = |&(r, c): &(u32, u32)| (r as usize) < n && (c as usize) < n;
        if let Some(&square) = self
            .queens
            .iter()
            .chain(&self.blocked)
            .find(|s| !on_board(s))
        {
            return Err(GivenConflict::OffBoard { square, n });
        }
        if let Some(&diagonal) = self
            .diagonals
            .iter()
            .find(|d| d.index() as usize + 1 >= 2 * n)
        {
            return Err(GivenConflict::NoSuchDiagonal { diagonal, n });
        }
        let mut lines: [HashMap<i64, (u32, u32)>; 4] = Default::default();
        for &(r, c) in &self.queens {
            let (row, col) = (i64::from(r), i64::from(c));
            let keys = [
                ("row", row),
                ("column", col),
                ("diagonal", row + col),
                ("diagonal", row - col),
            ];
            for (seen, (line, key)) in lines.iter_mut().zip(keys) {
                if let Some(other) = seen.insert(key, (r, c)) {
                    return Err(GivenConflict::Attack {
                        queens: (other, (r, c)),
                        line,
                    });
                }
            }
        }
        for &queen in &self.queens {
            if self.blocked.contains(&queen) {
                return Err(GivenConflict::Blocked { queen });
            }
            if let Some(d) = self
                .diagonals
                .iter()
                .find(|d| d.contains(n, queen.0, queen.1))
            {
                return Err(GivenConflict::Excluded {
                    queen,
                    diagonal: d.describe(n),
                });
            }
        }
        Ok(())
    }

    /// The rows and the columns without a given queen, ascending: what a search above the
    /// bitboards fills.
    pub(super) fn open_lines(&self) -> (Vec<u32>, Vec<u32>) {
        let (mut row_taken, mut col_taken) = (vec![false; self.n], vec![false; self.n]);
        for &(r, c) in &self.queens {
            row_taken[r as usize] = true;
            col_taken[c as usize] = true;
        }
        let open = |taken: Vec<bool>| (0..self.n as u32).filter(|&i| !taken[i as usize]).collect();
        (open(row_taken), open(col_taken))
    }

    /// Every diagonal closed to the queens still to place, by a given queen or by an
    /// exclusion, with repeats: sums `r + c`, and differences numbered `r − c + n − 1`
    /// (a [`Diagonal::Difference`]'s own number).
    pub(super) fn closed_diagonals(&self) -> (Vec<usize>, Vec<usize>) {
        let m = self.n.saturating_sub(1);
        let (mut sums, mut diffs): (Vec<usize>, Vec<usize>) = self
            .queens
            .iter()
            .map(|&(r, c)| ((r + c) as usize, r as usize + m - c as usize))
            .unzip();
        for &d in &self.diagonals {
            match d {
                Diagonal::Sum(d) => sums.push(d as usize),
                Diagonal::Difference(d) => diffs.push(d as usize),
            }
        }
        (sums, diffs)
    }
}
