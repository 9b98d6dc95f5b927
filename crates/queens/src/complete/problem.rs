//! [`Completion`], the builder that holds a problem and chooses its engine, and the
//! [`Outcome`] of a search for one completion.

use std::num::NonZeroUsize;
use std::time::Instant;

use crate::threads::prelude::*;

use super::grid::{Board, Diagonals, Grid};
use super::search::{Setup, prefixes_of};
use super::{Completions, Diagonal, local, sparse};
use crate::bitboard::{MAX_N, search_lanes};
use crate::cancel::cancelled;
use crate::limits::COMPLETION_MAX_N;
use crate::threads::on_threads;
use crate::{Cancel, Error, Placement};

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
/// and [`find`](Self::find) up to [`MAX_N`](crate::limits::MAX_N)) come from a bitboard search.
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
    pub(super) n: usize,
    pub(super) queens: Vec<(u32, u32)>,
    pub(super) blocked: Vec<(u32, u32)>,
    pub(super) diagonals: Vec<Diagonal>,
    pub(super) threads: Option<NonZeroUsize>,
    pub(super) cancel: Option<Cancel>,
    pub(super) progress: Option<super::Progress>,
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
    /// default, one per core. Without the crate's `parallel` feature, one, whatever is
    /// asked (more than [`MAX_THREADS`](crate::limits::MAX_THREADS) is still refused).
    pub fn threads(mut self, threads: NonZeroUsize) -> Completion {
        self.threads = Some(threads);
        self
    }

    /// Stops [`count`](Self::count) and [`find`](Self::find) when `cancel` is cancelled,
    /// with [`Error::Cancelled`]: within a few thousand nodes of the search (or, above
    /// [`MAX_N`](crate::limits::MAX_N) queens with local search, at its next restart).
    pub fn cancel_on(mut self, cancel: Cancel) -> Completion {
        self.cancel = Some(cancel);
        self
    }

    /// Keeps the progress of [`find`](Self::find) and [`find_share`](Self::find_share) in
    /// `progress` as they run, and starts them where it stands: see
    /// [`Progress`](super::Progress). Only the exact bitboard search, up to
    /// [`MAX_N`](crate::limits::MAX_N) queens, keeps it.
    pub fn progress(mut self, progress: super::Progress) -> Completion {
        self.progress = Some(progress);
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
    /// completion: up to [`MAX_N`](crate::limits::MAX_N) queens, or when at most `MAX_N` rows
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

    /// Above [`MAX_N`](crate::limits::MAX_N) queens, after checking the givens: the open board,
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
    pub(super) fn setup<D: Diagonals>(&self) -> Result<Setup<D>, Error> {
        self.check().map_err(Error::Givens)?;
        if self.n > MAX_N {
            return Err(Error::NotExact {
                n: self.n,
                open: self.n.saturating_sub(self.queens.len()),
                max: MAX_N,
            });
        }
        // The number cut is sound on any board but pays only on the walk's questions:
        // the first rows filled, nothing closed.
        let rows_filled = self
            .queens
            .iter()
            .map(|&(r, _)| 1u128 << r)
            .fold(0, |a, b| a | b);
        let first_rows = !self.queens.is_empty()
            && rows_filled == (1u128 << self.queens.len()) - 1
            && self.blocked.is_empty()
            && self.diagonals.is_empty();
        let grid = Grid::new(self.n, &self.blocked).cutting_by_numbers(first_rows);
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
    /// [`is_exact`](Self::is_exact) says so ([`Error::NotExact`] elsewhere); memory stays
    /// a few kilobytes however many there are (above [`MAX_N`](crate::limits::MAX_N), plus the
    /// open board's table of attacks: up to 2 MB, at 64 open rows).
    ///
    /// ```
    /// let all: Vec<_> = queens::Completion::new(5).queen(2, 2).iter()?.map(|p| p.into_columns()).collect();
    /// assert_eq!(all, [[1, 4, 2, 0, 3], [3, 0, 2, 4, 1]].map(Vec::from));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn iter(&self) -> Result<Completions, Error> {
        if let Some(open) = self.open_board()? {
            return Ok(Completions::on_open(open));
        }
        let (grid, start, given) = self.setup::<u128>()?;
        Ok(Completions::on_grid(grid, start, &given))
    }

    /// The number of completions, exact, where [`is_exact`](Self::is_exact) says so
    /// ([`Error::NotExact`] elsewhere).
    ///
    /// Up to [`MAX_N`](crate::limits::MAX_N) queens the rows are filled in order by the counter's
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
    /// let solution: Vec<u32> = queens::construct(100).unwrap().unwrap().collect();
    /// let mut most = Completion::new(100);
    /// for r in 0..90 {
    ///     most = most.queen(r, solution[r as usize]);
    /// }
    /// assert!(most.count()? >= 1);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn count(&self) -> Result<u128, Error> {
        if let Some(open) = self.open_board()? {
            return Ok(Completions::on_open(open).count() as u128);
        }
        let (grid, start, given) = self.setup::<u128>()?;
        let n = self.n;
        let masks = grid.row_masks(&start, &given);
        // The kernel wants a row of prefix above its lanes and two rows below them.
        if n < 5 {
            return Ok(Completions::on_grid(grid, start, &given).count() as u128);
        }
        let depth = (n - 4).min(3);
        let mut prefixes = Vec::new();
        prefixes_of(&masks, depth, &mut Vec::with_capacity(depth), &mut prefixes);
        let taken = vec![0; n];
        let one = |prefix: &Vec<u32>| {
            if cancelled(self.cancel.as_ref()) {
                return 0;
            }
            let mut leaves = 0u128;
            search_lanes(
                prefix,
                &masks,
                &taken,
                self.cancel.as_ref().map(Cancel::flag),
                |_| leaves += 1,
            );
            leaves
        };
        let count = on_threads(
            self.threads,
            || prefixes.iter().map(one).sum(),
            || prefixes.par_iter().with_max_len(1).map(one).sum(),
        )?;
        if cancelled(self.cancel.as_ref()) {
            return Err(Error::Cancelled);
        }
        Ok(count)
    }

    /// One completion, found as fast as the search can: at each step it fills the row or
    /// column with the fewest open squares left, and cuts a branch as soon as a line has
    /// none or too few diagonals are left. Above [`MAX_N`](crate::limits::MAX_N) queens it runs the
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
    /// Up to [`MAX_N`](crate::limits::MAX_N) queens: local search, above, cannot be shared
    /// ([`Error::CannotSplit`] for `of` > 1). `index` must be below `of`
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
        let outcome = self.find_share_until(deadline, index, of)?;
        if outcome == Outcome::Unknown && cancelled(self.cancel.as_ref()) {
            return Err(Error::Cancelled);
        }
        Ok(outcome)
    }

    fn find_share_until(
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
                return Err(Error::CannotSplit {
                    n: self.n,
                    max: MAX_N,
                });
            }
            if let Some(open) = self.open_board()? {
                return Ok(
                    match open.find(deadline, self.cancel.as_ref().map(Cancel::flag)) {
                        Some(Some(columns)) => Outcome::Completed(Placement::new(columns)),
                        Some(None) => Outcome::Impossible,
                        None => Outcome::Unknown,
                    },
                );
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::complete::excluded_diagonals;

    #[test]
    fn both_diagonal_words_find_the_same() {
        for n in 4..=14 {
            for seed in 0..6 {
                let instance = excluded_diagonals(n, seed).unwrap();
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
