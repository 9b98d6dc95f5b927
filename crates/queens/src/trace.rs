//! The backtracking search as a stream of events, for teaching: every square tried, every
//! queen placed and taken back.

/// One step of the textbook backtracking search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// A queen goes on a square no queen above attacks.
    Place {
        /// Its row.
        row: u32,
        /// Its column.
        column: u32,
    },
    /// A square is tried and rejected: the queen in row `by` attacks it.
    Conflict {
        /// The row tried.
        row: u32,
        /// The column tried.
        column: u32,
        /// The row of the queen that attacks it.
        by: u32,
    },
    /// A queen is taken back: everything below it has been tried.
    Remove {
        /// Its row.
        row: u32,
        /// Its column.
        column: u32,
    },
    /// All `n` queens are on the board: the solution numbered `index` (from 0).
    Solution {
        /// How many solutions came before it.
        index: u64,
    },
}

/// What the search does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Trying,
    Solved,
    Backtracking,
}

/// The textbook backtracker, one [`Event`] at a time: row by row, each column from the
/// left, a queen placed where no queen above attacks, taken back when its row below runs
/// out of columns. It finds the solutions in the order of [`Solutions`](crate::Solutions)
/// and allocates one column array up front.
///
/// ```
/// use queens::{Event, Trace};
///
/// let mut trace = Trace::new(4);
/// assert_eq!(trace.next(), Some(Event::Place { row: 0, column: 0 }));
/// assert_eq!(trace.next(), Some(Event::Conflict { row: 1, column: 0, by: 0 }));
/// assert_eq!(trace.next(), Some(Event::Conflict { row: 1, column: 1, by: 0 }));
/// assert_eq!(trace.next(), Some(Event::Place { row: 1, column: 2 }));
///
/// let solutions = Trace::new(8).filter(|e| matches!(e, Event::Solution { .. })).count();
/// assert_eq!(solutions, 92);
/// ```
#[derive(Debug, Clone)]
pub struct Trace {
    n: usize,
    /// Per row, the column of its given queen, the only one the search tries there.
    given: Vec<Option<u32>>,
    columns: Vec<u32>,
    /// The next column to try in row `columns.len()`.
    next: u32,
    phase: Phase,
    solutions: u64,
}

impl Trace {
    /// The search of an `n × n` board, before its first step.
    pub fn new(n: usize) -> Trace {
        Trace::with_givens(vec![None; n])
    }

    /// The search of a board of `given.len()` rows that keeps the given queens: in a row
    /// with `Some(column)` it tries that square only, so that it finds the completions of
    /// the givens, in order, and shows why there are none when there are none. A given
    /// column off the board is never placed.
    ///
    /// ```
    /// use queens::{Event, Trace};
    ///
    /// // Nauck's puzzle of 1850: queens kept on (3, 3) and (4, 1) leave 2 of the 92.
    /// let mut given = vec![None; 8];
    /// given[3] = Some(3);
    /// given[4] = Some(1);
    /// let solutions = Trace::with_givens(given).filter(|e| matches!(e, Event::Solution { .. }));
    /// assert_eq!(solutions.count(), 2);
    /// ```
    pub fn with_givens(given: Vec<Option<u32>>) -> Trace {
        let n = given.len();
        Trace {
            n,
            given,
            columns: Vec::with_capacity(n),
            next: 0,
            phase: if n == 0 { Phase::Solved } else { Phase::Trying },
            solutions: 0,
        }
    }

    /// The queens on the board now: row `r` holds a queen in column `columns()[r]`.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// The row of the queen attacking (`row`, `column`) from above, if any.
    fn attacker(&self, row: u32, column: u32) -> Option<u32> {
        self.columns
            .iter()
            .zip(0..)
            .find_map(|(&c, r)| (c == column || c.abs_diff(column) == row - r).then_some(r))
    }
}

impl Iterator for Trace {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        loop {
            match self.phase {
                Phase::Solved => {
                    self.phase = Phase::Backtracking;
                    self.solutions += 1;
                    return Some(Event::Solution {
                        index: self.solutions - 1,
                    });
                }
                Phase::Backtracking => {
                    let column = self.columns.pop()?;
                    self.next = column + 1;
                    self.phase = Phase::Trying;
                    return Some(Event::Remove {
                        row: self.columns.len() as u32,
                        column,
                    });
                }
                Phase::Trying if self.next as usize >= self.n => self.phase = Phase::Backtracking,
                Phase::Trying => {
                    let row = self.columns.len() as u32;
                    let column = match self.given[row as usize] {
                        None => self.next,
                        Some(g) if self.next <= g && (g as usize) < self.n => g,
                        Some(_) => {
                            self.phase = Phase::Backtracking;
                            continue;
                        }
                    };
                    self.next = column + 1;
                    if let Some(by) = self.attacker(row, column) {
                        return Some(Event::Conflict { row, column, by });
                    }
                    self.columns.push(column);
                    self.next = 0;
                    if row as usize + 1 == self.n {
                        self.phase = Phase::Solved;
                    }
                    return Some(Event::Place { row, column });
                }
            }
        }
    }
}
