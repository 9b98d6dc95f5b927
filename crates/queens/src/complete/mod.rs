//! Completion: finish a partly filled board, with squares and whole diagonals closed.
//!
//! One builder covers the three problems of the n-queens completion family: n-queens
//! completion (some queens given), blocked n-queens (some squares closed) and the Excluded
//! Diagonals Problem (some diagonals closed), after Gent, Jefferson and Nightingale,
//! "Complexity of n-Queens Completion" (JAIR 59, 2017), which shows them NP-complete.

mod grid;
mod local;
mod parse;
mod puzzle;
mod sparse;

use std::collections::HashMap;
use std::fmt;
use std::num::NonZeroUsize;
use std::time::Instant;

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::bitboard::{MAX_N, search_lanes};
use crate::count::on_threads;
use crate::limits::COMPLETION_MAX_N;
use crate::{Error, Placement};
use grid::{Diagonals, Grid, Order, State, Step};

pub use parse::parse_completion;
pub use puzzle::{ExcludedDiagonals, excluded_diagonals};

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

    /// The diagonal's equation on an `n × n` board, for messages.
    ///
    /// ```
    /// assert_eq!(queens::Diagonal::Difference(7).describe(5), "the diagonal r - c = 3");
    /// ```
    pub fn describe(self, n: usize) -> String {
        match self {
            Diagonal::Sum(d) => format!("the diagonal r + c = {d}"),
            Diagonal::Difference(d) => {
                format!("the diagonal r - c = {}", i64::from(d) - (n as i64 - 1))
            }
        }
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
/// use queens::{Completion, GivenConflict};
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

/// What a bounded search for one completion found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A completion: all `n` queens, the given ones among them.
    Completed(Placement),
    /// Proof that there is none (in the share searched, for
    /// [`find_share`](Completion::find_share)).
    Impossible,
    /// Neither within the time allowed (or, where only local search runs, none found in
    /// time: see [`Completion::is_exact`]).
    Unknown,
}

/// An n-queens completion problem: a board size, queens that must stay, squares where no
/// queen may go, and diagonals that must stay empty. Every row and column still needs
/// its queen.
///
/// Exact answers ([`first`](Self::first), [`iter`](Self::iter), [`count`](Self::count),
/// and [`find`](Self::find) up to [`MAX_N`](crate::MAX_N)) come from a bitboard search.
/// Above that, `find` is still exact when at most `MAX_N` rows lack a given queen;
/// otherwise it runs a local search and can only answer yes or "unknown"
/// ([`is_exact`](Self::is_exact)).
///
/// Nauck's puzzle of 1850: 8 × 8 with queens on b4 and d5 (row 4, column 1 and row 3,
/// column 3, counting from a8) has exactly two completions.
///
/// ```
/// use queens::{Completion, Diagonal, Outcome};
///
/// let nauck = Completion::new(8).queen(4, 1).queen(3, 3);
/// assert_eq!(nauck.count()?, 2);
/// assert_eq!(nauck.first()?.unwrap().columns(), &[4, 0, 7, 3, 1, 6, 2, 5]);
/// assert_eq!(nauck.iter()?.count(), 2);
///
/// // Blocked squares and excluded diagonals.
/// let closed = Completion::new(4).block(0, 1).exclude(Diagonal::Sum(5));
/// assert_eq!(closed.find(None)?, Outcome::Impossible);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Completion {
    n: usize,
    queens: Vec<(u32, u32)>,
    blocked: Vec<(u32, u32)>,
    diagonals: Vec<Diagonal>,
    threads: Option<NonZeroUsize>,
}

impl Completion {
    /// An empty `n × n` board. Boards above
    /// [`COMPLETION_MAX_N`](crate::limits::COMPLETION_MAX_N) are refused by the searches
    /// ([`Error::TooLarge`]).
    pub fn new(n: usize) -> Completion {
        Completion {
            n,
            ..Completion::default()
        }
    }

    /// Adds a queen that must stay on row `row`, column `column` (0-based).
    pub fn queen(mut self, row: u32, column: u32) -> Completion {
        self.queens.push((row, column));
        self
    }

    /// Closes the square on row `row`, column `column` to every queen.
    pub fn block(mut self, row: u32, column: u32) -> Completion {
        self.blocked.push((row, column));
        self
    }

    /// Closes a whole diagonal.
    pub fn exclude(mut self, diagonal: Diagonal) -> Completion {
        self.diagonals.push(diagonal);
        self
    }

    /// How many threads [`count`](Self::count) and [`find`](Self::find) use; by
    /// default, one per core.
    pub fn threads(mut self, threads: NonZeroUsize) -> Completion {
        self.threads = Some(threads);
        self
    }

    /// Keeps only the first `count` excluded diagonals, as the published Excluded
    /// Diagonals instances are meant to be cut; `None` if there are fewer.
    ///
    /// ```
    /// use queens::{Completion, Diagonal};
    ///
    /// let c = Completion::new(5).exclude(Diagonal::Sum(1)).exclude(Diagonal::Sum(2));
    /// assert_eq!(c.clone().first_diagonals(1).unwrap().diagonals(), &[Diagonal::Sum(1)]);
    /// assert!(c.first_diagonals(3).is_none());
    /// ```
    pub fn first_diagonals(mut self, count: usize) -> Option<Completion> {
        (count <= self.diagonals.len()).then(|| {
            self.diagonals.truncate(count);
            self
        })
    }

    /// Whether [`find`](Self::find) decides this problem, proving when there is no
    /// completion: up to [`MAX_N`](crate::MAX_N) queens, or when at most `MAX_N` rows
    /// lack a given queen. Otherwise it runs local search, which can only find one.
    ///
    /// ```
    /// use queens::Completion;
    ///
    /// assert!(Completion::new(64).is_exact());
    /// assert!(!Completion::new(65).is_exact());
    /// assert!(Completion::new(65).queen(0, 1).is_exact());
    /// ```
    pub fn is_exact(&self) -> bool {
        self.n.saturating_sub(self.queens.len()) <= MAX_N
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The given queens, as (row, column).
    pub fn queens(&self) -> &[(u32, u32)] {
        &self.queens
    }

    /// The blocked squares, as (row, column).
    pub fn blocked(&self) -> &[(u32, u32)] {
        &self.blocked
    }

    /// The excluded diagonals.
    pub fn diagonals(&self) -> &[Diagonal] {
        &self.diagonals
    }

    /// Checks the givens: everything on the board, no two given queens attacking each
    /// other, none on a closed square or diagonal.
    ///
    /// ```
    /// use queens::{Completion, GivenConflict};
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

    /// Above [`MAX_N`](crate::MAX_N) queens, after checking the givens: the open board,
    /// searched instead of the bitboards when at most `MAX_N` rows are open; `None` up to
    /// `MAX_N` queens or with more rows open.
    fn open_board(&self) -> Result<Option<sparse::Sparse>, Error> {
        if self.n <= MAX_N {
            return Ok(None);
        }
        self.check_size()?;
        self.check().map_err(Error::Givens)?;
        Ok(sparse::Sparse::new(self))
    }

    /// Refuses a board above [`COMPLETION_MAX_N`] before anything is allocated for it.
    fn check_size(&self) -> Result<(), Error> {
        if self.n > COMPLETION_MAX_N {
            return Err(Error::TooLarge {
                n: self.n,
                max: COMPLETION_MAX_N,
            });
        }
        Ok(())
    }

    /// The search's masks with the givens applied, or the reason there is none.
    fn setup<D: Diagonals>(&self) -> Result<Setup<D>, Error> {
        self.check().map_err(Error::Givens)?;
        if self.n > MAX_N {
            return Err(Error::TooLarge {
                n: self.n,
                max: MAX_N,
            });
        }
        let grid = Grid::new(self.n, &self.blocked);
        let mut state = grid.start();
        for &d in &self.diagonals {
            state = match d {
                Diagonal::Sum(d) => grid.exclude_sum(state, d as usize),
                Diagonal::Difference(d) => grid.exclude_difference(state, d as usize),
            };
        }
        let mut columns = vec![None; self.n];
        for &(r, c) in &self.queens {
            state = grid.place(state, r as usize, c as usize);
            columns[r as usize] = Some(c);
        }
        Ok((grid, state, columns))
    }

    /// The lexicographically first completion (row 0's column smallest, then row 1's…),
    /// or `None` if there is none. Exact, where [`is_exact`](Self::is_exact) says so.
    ///
    /// ```
    /// let c = queens::Completion::new(6).queen(0, 1);
    /// assert_eq!(c.first()?.unwrap().columns(), &[1, 3, 5, 0, 2, 4]);
    /// assert_eq!(queens::Completion::new(6).queen(0, 0).first()?, None);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn first(&self) -> Result<Option<Placement>, Error> {
        Ok(self.iter()?.next())
    }

    /// Every completion, lazily, in lexicographic order, where
    /// [`is_exact`](Self::is_exact) says so ([`Error::TooLarge`] elsewhere); memory stays
    /// a few kilobytes however many there are (above [`MAX_N`](crate::MAX_N), plus the
    /// open board's table of attacks: up to 2 MB, at 64 open rows).
    ///
    /// ```
    /// let all: Vec<_> = queens::Completion::new(5).queen(2, 2).iter()?.map(|p| p.into_columns()).collect();
    /// assert_eq!(all, [[1, 4, 2, 0, 3], [3, 0, 2, 4, 1]].map(Vec::from));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn iter(&self) -> Result<Completions, Error> {
        if let Some(open) = self.open_board()? {
            return Ok(Completions(Walker::Open(Box::new(open.walk()))));
        }
        let (grid, start, given) = self.setup::<u128>()?;
        Ok(Completions::new(grid, start, given))
    }

    /// The number of completions, exact, where [`is_exact`](Self::is_exact) says so
    /// ([`Error::TooLarge`] elsewhere).
    ///
    /// Up to [`MAX_N`](crate::MAX_N) queens the rows are filled in order by the counter's
    /// kernel (the lockstep lanes of [`count`](crate::count)) with each row's open squares
    /// as its mask, the subtrees below the first rows spread over the threads; above, the
    /// completions of the open rows and columns are walked one by one, on one thread.
    ///
    /// ```
    /// use queens::{Completion, Diagonal};
    ///
    /// assert_eq!(Completion::new(10).count()?, 724);
    /// // No queen on the diagonal r + c = 9:
    /// let off = queens::Solutions::new(10)?
    ///     .filter(|p| p.columns().iter().zip(0..).all(|(&c, r)| r + c != 9))
    ///     .count();
    /// assert_eq!(Completion::new(10).exclude(Diagonal::Sum(9)).count()?, off as u128);
    ///
    /// // 100 queens, rows 0 to 89 given as in a solution: the open 10 × 10 board decides.
    /// let solution: Vec<u32> = queens::construct(100).unwrap().collect();
    /// let mut most = Completion::new(100);
    /// for r in 0..90 {
    ///     most = most.queen(r, solution[r as usize]);
    /// }
    /// assert!(most.count()? >= 1);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn count(&self) -> Result<u128, Error> {
        if let Some(open) = self.open_board()? {
            let mut walk = open.walk();
            let mut count = 0;
            while walk.next_columns().is_some() {
                count += 1;
            }
            return Ok(count);
        }
        let (grid, start, given) = self.setup::<u128>()?;
        let n = self.n;
        let masks = grid.row_masks(&start, &given);
        // The kernel wants a row of prefix above its lanes and two rows below them.
        if n < 5 {
            return Ok(Completions::new(grid, start, given).count() as u128);
        }
        let depth = (n - 4).min(3);
        let mut prefixes = Vec::new();
        prefixes_of(&masks, depth, &mut Vec::with_capacity(depth), &mut prefixes);
        let taken = vec![0; n];
        let one = |prefix: &Vec<u32>| {
            let mut leaves = 0u128;
            search_lanes(prefix, &masks, &taken, |_| leaves += 1);
            leaves
        };
        on_threads(
            self.threads,
            || prefixes.iter().map(one).sum(),
            || prefixes.par_iter().with_max_len(1).map(one).sum(),
        )
    }

    /// One completion, found as fast as the search can: at each step it fills the row or
    /// column with the fewest open squares left, and cuts a branch as soon as a line has
    /// none or too few diagonals are left. Above [`MAX_N`](crate::MAX_N) queens it runs the
    /// same search on the rows and columns without a given queen when there are at most
    /// `MAX_N` of them (on one thread), and otherwise local search from a seeded random
    /// start ([`is_exact`](Self::is_exact) tells which). With `deadline`, it gives up at
    /// that instant with [`Outcome::Unknown`]; it never answers [`Outcome::Impossible`]
    /// without a proof.
    ///
    /// The threads share the search's subtrees, and the first completion any of them
    /// finds is the answer, so with several threads it can differ from run to run; with
    /// one ([`threads`](Self::threads)) it is always the same.
    ///
    /// ```
    /// use queens::{Completion, Outcome};
    ///
    /// let Outcome::Completed(p) = Completion::new(30).queen(0, 0).queen(1, 2).find(None)? else {
    ///     panic!("30 queens complete from two");
    /// };
    /// assert_eq!(&p.columns()[..2], &[0, 2]);
    /// assert!(p.validate().is_ok());
    ///
    /// let big = Completion::new(500).queen(10, 10).find(None)?;
    /// assert!(matches!(big, Outcome::Completed(p) if p.columns()[10] == 10));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn find(&self, deadline: Option<Instant>) -> Result<Outcome, Error> {
        self.find_share(deadline, 0, NonZeroUsize::MIN)
    }

    /// [`find`](Self::find) on share `index` (0-based) of `of`: the search is cut into
    /// many subtrees, the same on every machine, and this share takes every `of`-th of
    /// them, so that `of` machines can split one long search. A completion from any
    /// share completes the problem; [`Outcome::Impossible`] says only that this share
    /// holds none, and the problem has none when every share says so. All shares must
    /// run the same version of this crate, which fixes how the search is cut.
    ///
    /// Up to [`MAX_N`](crate::MAX_N) queens: local search, above, cannot be shared
    /// ([`Error::TooLarge`] for `of` > 1). `index` must be below `of`
    /// ([`Error::NoSuchShare`]).
    ///
    /// ```
    /// use std::num::NonZeroUsize;
    /// use queens::{Completion, Diagonal, Outcome};
    ///
    /// // Nauck's puzzle, split three ways: its two completions lie in one share or two.
    /// let nauck = Completion::new(8).queen(4, 1).queen(3, 3);
    /// let of = NonZeroUsize::new(3).unwrap();
    /// let mut completed = 0;
    /// for i in 0..3 {
    ///     completed += matches!(nauck.find_share(None, i, of)?, Outcome::Completed(_)) as usize;
    /// }
    /// assert!(completed >= 1);
    ///
    /// // No completion: every share says so.
    /// let none = Completion::new(4).exclude(Diagonal::Sum(3)).exclude(Diagonal::Sum(4));
    /// for i in 0..3 {
    ///     assert_eq!(none.find_share(None, i, of)?, Outcome::Impossible);
    /// }
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn find_share(
        &self,
        deadline: Option<Instant>,
        index: usize,
        of: NonZeroUsize,
    ) -> Result<Outcome, Error> {
        if index >= of.get() {
            return Err(Error::NoSuchShare {
                index,
                of: of.get(),
            });
        }
        self.check_size()?;
        if self.n > MAX_N {
            if of.get() > 1 {
                return Err(Error::TooLarge {
                    n: self.n,
                    max: MAX_N,
                });
            }
            if let Some(open) = self.open_board()? {
                return Ok(match open.find(deadline) {
                    Some(Some(columns)) => Outcome::Completed(Placement::new(columns)),
                    Some(None) => Outcome::Impossible,
                    None => Outcome::Unknown,
                });
            }
            return Ok(local::search(self, deadline)
                .map_or(Outcome::Unknown, |c| Outcome::Completed(Placement::new(c))));
        }
        // Up to 32 queens a direction's 2n − 1 diagonals fit one 64-bit word.
        if self.n <= 32 {
            self.find_with::<u64>(deadline, index, of.get())
        } else {
            self.find_with::<u128>(deadline, index, of.get())
        }
    }

    fn find_with<D: Diagonals>(
        &self,
        deadline: Option<Instant>,
        index: usize,
        of: usize,
    ) -> Result<Outcome, Error> {
        let (grid, start, given) = self.setup::<D>()?;
        let columns: Vec<u32> = given.iter().map(|c| c.unwrap_or(0)).collect();
        // Subtrees for the threads and the shares: the tree's top levels, breadth first,
        // in the order a single search meets them, so that one thread always gives the
        // same answer and every machine cuts the same subtrees.
        let mut frontier = vec![(start, columns)];
        while frontier.len() < SUBTREES.saturating_mul(of) {
            let mut next = Vec::new();
            let mut grew = false;
            for (mut s, mut columns) in frontier {
                let step = grid.step(&mut s, &mut columns, Order::Tightest);
                match step {
                    Step::Done => {
                        next.push((s, columns));
                        continue;
                    }
                    Step::Dead => continue,
                    _ => {}
                }
                grew = true;
                for (r, c) in step.squares() {
                    let mut columns = columns.clone();
                    columns[r] = c as u32;
                    next.push((grid.place(s, r, c), columns));
                }
            }
            frontier = next;
            if !grew {
                break;
            }
        }
        // Every `of`-th subtree: a hard part of the tree spans many neighbouring subtrees,
        // so taking them in turn spreads it over all the shares.
        let frontier: Vec<_> = frontier.into_iter().skip(index).step_by(of).collect();
        let (timed_out, found) = (AtomicBool::new(false), AtomicBool::new(false));
        let one = |(s, mut columns): (State<D>, Vec<u32>)| {
            let mut clock = Clock {
                deadline,
                nodes: 0,
                found: &found,
            };
            match tightest(&grid, s, &mut columns, &mut clock) {
                Some(true) => {
                    found.store(true, Ordering::Relaxed);
                    Some(Placement::new(columns))
                }
                Some(false) => None,
                // The deadline, or another thread's completion (then the flag is unread).
                None => {
                    timed_out.store(true, Ordering::Relaxed);
                    None
                }
            }
        };
        let sequential = || frontier.clone().into_iter().find_map(one);
        // Whichever thread finds a completion first ends the search: waiting for the
        // earlier subtrees, to return the same completion as one thread would, cost
        // minutes on hard boards whose earlier subtrees hold none.
        let parallel = || {
            frontier
                .clone()
                .into_par_iter()
                .with_max_len(1)
                .find_map_any(one)
        };
        let completion = on_threads(self.threads, sequential, parallel)?;
        Ok(match completion {
            Some(p) => Outcome::Completed(p),
            None if timed_out.into_inner() => Outcome::Unknown,
            None => Outcome::Impossible,
        })
    }
}

/// A search's start: the fixed masks, the node with the givens placed, and each row's
/// given column.
type Setup<D> = (Grid, State<D>, Vec<Option<u32>>);

/// How many subtrees [`Completion::find`] splits its search into, at least, for the
/// threads to share; per share with [`Completion::find_share`].
const SUBTREES: usize = 64;

/// Every way to fill the first `depth` rows from their masks, without attacks.
fn prefixes_of(masks: &[u64], depth: usize, prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    let row = prefix.len();
    if row == depth {
        out.push(prefix.clone());
        return;
    }
    let mut open = masks[row];
    while open != 0 {
        let c = open.trailing_zeros();
        open &= open - 1;
        let clear = prefix
            .iter()
            .enumerate()
            .all(|(r, &pc)| pc != c && (row - r) as u32 != pc.abs_diff(c));
        if clear {
            prefix.push(c);
            prefixes_of(masks, depth, prefix, out);
            prefix.pop();
        }
    }
}

/// Stops a search at its deadline or once another thread has found a completion,
/// looking only every few thousand nodes.
struct Clock<'a> {
    deadline: Option<Instant>,
    nodes: u64,
    found: &'a AtomicBool,
}

impl Clock<'_> {
    /// False once the deadline has passed or a completion has been found.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.nodes.is_multiple_of(4096) {
            return true;
        }
        !self.found.load(Ordering::Relaxed) && self.deadline.is_none_or(|d| Instant::now() < d)
    }
}

/// Depth-first search branching on the tightest line: `Some(true)` with `columns`
/// filled, `Some(false)` when there is no completion, `None` at the deadline.
///
/// Nearly all of its time is the line scan of [`Grid::step`], a popcount per line; on
/// x86-64 CPUs that have the instruction it runs a copy compiled to use it.
fn tightest<D: Diagonals>(
    grid: &Grid,
    s: State<D>,
    columns: &mut [u32],
    clock: &mut Clock<'_>,
) -> Option<bool> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
    {
        // SAFETY: the features were just detected on the running CPU.
        return unsafe { tightest_x86(grid, s, columns, clock) };
    }
    tightest_any(grid, s, columns, clock)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
fn tightest_x86<D: Diagonals>(
    grid: &Grid,
    s: State<D>,
    columns: &mut [u32],
    clock: &mut Clock<'_>,
) -> Option<bool> {
    tightest_any(grid, s, columns, clock)
}

#[inline(always)]
fn tightest_any<D: Diagonals>(
    grid: &Grid,
    mut s: State<D>,
    columns: &mut [u32],
    clock: &mut Clock<'_>,
) -> Option<bool> {
    // Per branching node on the path: the node, and the squares it has still to try.
    let mut path: Vec<(State<D>, Step)> = Vec::with_capacity(grid.n());
    loop {
        if !clock.tick() {
            return None;
        }
        match grid.step(&mut s, columns, Order::Tightest) {
            Step::Done => return Some(true),
            Step::Dead => {}
            step => path.push((s, step)),
        }
        loop {
            let Some((node, step)) = path.last_mut() else {
                return Some(false);
            };
            if let Some((r, c)) = step.next_square() {
                columns[r] = c as u32;
                s = grid.place(*node, r, c);
                break;
            }
            path.pop();
        }
    }
}

/// The completions of a [`Completion`], in lexicographic order: see
/// [`Completion::iter`].
#[derive(Debug, Clone)]
pub struct Completions(Walker);

/// How the completions are walked: on the bitboards, or on the open rows and columns of a
/// board above them. Both are boxed: each holds a kilobyte or so of masks, moved once into
/// the heap.
#[derive(Debug, Clone)]
enum Walker {
    Board(Box<BoardWalk>),
    Open(Box<sparse::Walk>),
}

#[derive(Debug, Clone)]
struct BoardWalk {
    grid: Grid,
    /// Per open row being filled: the node above it, the row, and its untried squares.
    stack: Vec<(State, usize, u64)>,
    columns: Vec<u32>,
    /// The givens alone complete the board: yield it once.
    pending_full: bool,
}

impl Completions {
    fn new(grid: Grid, start: State, given: Vec<Option<u32>>) -> Completions {
        let columns = given.iter().map(|c| c.unwrap_or(0)).collect();
        let mut it = BoardWalk {
            grid,
            stack: Vec::new(),
            columns,
            pending_full: false,
        };
        match it.grid.step(&mut { start }, &mut [], Order::Rows) {
            Step::Done => it.pending_full = true,
            Step::Row(r, options) => it.stack.push((start, r, options)),
            _ => {}
        }
        Completions(Walker::Board(Box::new(it)))
    }

    /// The next completion's columns, without allocating.
    pub fn next_columns(&mut self) -> Option<&[u32]> {
        match &mut self.0 {
            Walker::Board(walk) => walk.next_columns(),
            Walker::Open(walk) => walk.next_columns(),
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        match &self.0 {
            Walker::Board(walk) => walk.grid.n(),
            Walker::Open(walk) => walk.n(),
        }
    }
}

impl BoardWalk {
    fn next_columns(&mut self) -> Option<&[u32]> {
        if std::mem::take(&mut self.pending_full) {
            return Some(&self.columns);
        }
        loop {
            let (s, r, options) = self.stack.last_mut()?;
            if *options == 0 {
                self.stack.pop();
                continue;
            }
            let c = options.trailing_zeros() as usize;
            *options &= *options - 1;
            let (s, r) = (*s, *r);
            self.columns[r] = c as u32;
            let mut below = self.grid.place(s, r, c);
            match self.grid.step(&mut below, &mut [], Order::Rows) {
                Step::Done => return Some(&self.columns),
                Step::Row(next, options) => self.stack.push((below, next, options)),
                _ => {}
            }
        }
    }
}

impl Iterator for Completions {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        self.next_columns().map(|c| Placement::new(c.to_vec()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_diagonal_words_find_the_same() {
        for n in 4..=14 {
            for seed in 0..6 {
                let instance = excluded_diagonals(n, seed);
                for k in [n / 2, n, n + n / 2, instance.diagonals.len()] {
                    // One thread: with more, either search may find another completion.
                    let problem = instance.completion(k).threads(NonZeroUsize::MIN);
                    assert_eq!(
                        problem.find_with::<u64>(None, 0, 1).unwrap(),
                        problem.find_with::<u128>(None, 0, 1).unwrap(),
                        "n {n}, seed {seed}, {k} diagonals"
                    );
                }
            }
        }
    }
}
