//! Counting solutions without listing them, on as many threads as asked.
//!
//! [`Counter`] (here) chooses the method and adds up [`Counts`]: up to n = 17 it joins half
//! boards held in memory ([`join`]); beyond, and whenever a count must survive a kill or
//! be shared out, it runs the [`plan`]'s deterministic list of work units, whose
//! [`Tally`](plan::Tally)s add up. [`rank`] counts below a prefix to find the solution at
//! a given position or a uniformly random one. The search kernel they all run is
//! `crate::bitboard`; the classes come from `crate::symmetry`.

pub(crate) mod join;
pub mod plan;
pub(crate) mod rank;

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::Symmetry::{Rotate90, Rotate180};
use crate::threads::on_threads;
use crate::{Error, count_fixed};
use join::{JOIN_MAX_N, JOIN_MIN_N, Join};
use plan::{Plan, Tally, Unit, plan};

/// The number of solutions of the n-queens puzzle (OEIS A000170), on the calling thread.
///
/// ```
/// assert_eq!(queens::count(8)?, 92);
/// assert_eq!(queens::count(0)?, 1);
/// assert_eq!(queens::count(3)?, 0);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn count(n: usize) -> Result<u128, Error> {
    Counter::new()
        .threads(NonZeroUsize::MIN)
        .count(n)
        .map(|c| c.total)
}

/// Solutions counted in full and up to symmetry, with the class breakdown.
///
/// A class of solutions (a solution and its images under the 8 rotations and reflections)
/// has 8 members, or 4 when a half turn leaves them unchanged, or 2 when a quarter turn
/// does, so `total = 8·c8 + 4·c4 + 2·c2`. For n = 0 and n = 1 the one solution is its own
/// image under every symmetry: a class of one (`c1`).
///
/// ```
/// let c = queens::Counter::new().count(8)?;
/// assert_eq!((c.total, c.unique), (92, 12));
/// assert_eq!((c.classes_of_8, c.classes_of_4, c.classes_of_2, c.classes_of_1), (11, 1, 0, 0));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Counts {
    /// The board size.
    pub n: usize,
    /// All solutions (OEIS A000170).
    pub total: u128,
    /// Solutions up to rotation and reflection (OEIS A002562).
    pub unique: u128,
    /// Classes with 8 distinct images.
    pub classes_of_8: u128,
    /// Classes with 4 distinct images (half-turn symmetric solutions).
    pub classes_of_4: u128,
    /// Classes with 2 distinct images (quarter-turn symmetric solutions).
    pub classes_of_2: u128,
    /// Classes of a single solution: only n = 0 and n = 1.
    pub classes_of_1: u128,
}

impl Counts {
    /// The counts of a board with `total` solutions, n ≥ 2, the classes from the
    /// solutions a quarter and a half turn leave unchanged: `F90 = 2·c2` and
    /// `F180 = 2·c2 + 4·c4` (no solution is its own mirror image once n ≥ 2).
    fn from_fixed(n: usize, total: u128, (quarter, half): (u128, u128)) -> Counts {
        debug_assert!(
            quarter.is_multiple_of(2)
                && (half - quarter).is_multiple_of(4)
                && (total - half).is_multiple_of(8)
        );
        let (classes_of_2, classes_of_4) = (quarter / 2, (half - quarter) / 4);
        let classes_of_8 = (total - half) / 8;
        Counts {
            n,
            total,
            unique: classes_of_8 + classes_of_4 + classes_of_2,
            classes_of_8,
            classes_of_4,
            classes_of_2,
            classes_of_1: 0,
        }
    }

    /// The counts of an `n × n` board from the sum of all its plan's unit tallies.
    ///
    /// ```
    /// let plan = queens::plan(6)?;
    /// let tally = plan.units().iter().map(|u| u.count()).sum();
    /// assert_eq!(queens::Counts::from_tally(6, tally).unique, 1);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn from_tally(n: usize, tally: Tally) -> Counts {
        Counts {
            n,
            total: tally.total,
            unique: tally.unique(),
            classes_of_8: tally.classes_of_8,
            classes_of_4: tally.classes_of_4,
            classes_of_2: tally.classes_of_2,
            classes_of_1: tally.classes_of_1,
        }
    }
}

/// Configures and runs a count.
///
/// ```
/// use std::num::NonZeroUsize;
///
/// let counts = queens::Counter::new().threads(NonZeroUsize::new(2).unwrap()).count(10)?;
/// assert_eq!(counts.total, 724);
/// assert_eq!(counts.unique, 92);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Counter {
    threads: Option<NonZeroUsize>,
}

impl Counter {
    /// A counter with the defaults below.
    pub fn new() -> Self {
        Counter::default()
    }

    /// How many threads run units at once. By default, one per core (rayon's default).
    /// The result never depends on it. More than [`MAX_THREADS`](crate::limits::MAX_THREADS) is refused when the
    /// count starts ([`Error::TooManyThreads`]).
    pub fn threads(mut self, threads: NonZeroUsize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// Counts the solutions of an `n × n` board.
    ///
    /// Up to n = 17 it joins half boards, held in memory (tens of megabytes at n = 16 and
    /// 17), and takes the classes from the solutions a quarter and a half turn leave
    /// unchanged ([`count_fixed`](crate::count_fixed)); beyond, it runs the plan's units.
    pub fn count(&self, n: usize) -> Result<Counts, Error> {
        self.count_with_progress(n, |_, _| {})
    }

    /// Like [`count`](Counter::count), calling `progress(done, of)` each time one more of
    /// its `of` units of work is done: the hook for a progress bar.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// for n in [11, 1] {
    ///     let (last, units) = (AtomicUsize::new(0), AtomicUsize::new(0));
    ///     let counts = queens::Counter::new().count_with_progress(n, |done, of| {
    ///         last.fetch_max(done, Ordering::Relaxed);
    ///         units.store(of, Ordering::Relaxed);
    ///     })?;
    ///     assert_eq!(counts.total, if n == 11 { 2680 } else { 1 });
    ///     // Every unit reported once: the last report is `of` of `of`.
    ///     assert_eq!(last.into_inner(), units.into_inner());
    /// }
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn count_with_progress(
        &self,
        n: usize,
        progress: impl Fn(usize, usize) + Sync,
    ) -> Result<Counts, Error> {
        let finished = AtomicUsize::new(0);
        let tick = |of: usize| progress(finished.fetch_add(1, Ordering::Relaxed) + 1, of);
        if (JOIN_MIN_N..=JOIN_MAX_N).contains(&n) {
            let join = Join::new(n);
            let of = join.units();
            let done = || tick(of);
            let fixed = || Ok((count_fixed(n, Rotate90)?, count_fixed(n, Rotate180)?));
            let (total, fixed) = on_threads(
                self.threads,
                || (join.count(false, &done), fixed()),
                || rayon::join(|| join.count(true, &done), fixed),
            )?;
            return Ok(Counts::from_fixed(n, total, fixed?));
        }
        let plan = plan(n)?;
        let of = plan.units().len();
        self.count_plan(&plan, |_, _, _| tick(of))
    }

    /// Counts the solutions of `plan`, calling `done` after each unit with its result and
    /// how long it took (from whichever thread ran it): the hook for progress bars,
    /// checkpoints and shard records.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// let plan = queens::plan(9)?;
    /// let finished = AtomicUsize::new(0);
    /// let counts = queens::Counter::new().count_plan(&plan, |_, _, _| {
    ///     finished.fetch_add(1, Ordering::Relaxed);
    /// })?;
    /// assert_eq!(counts.total, 352);
    /// assert_eq!(finished.into_inner(), plan.units().len());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn count_plan(
        &self,
        plan: &Plan,
        done: impl Fn(&Unit, Tally, Duration) + Sync,
    ) -> Result<Counts, Error> {
        let tally = self.run(plan.units(), done)?;
        Ok(Counts::from_tally(plan.n(), tally))
    }

    /// Runs `units` (any subset of a plan) and adds up their tallies.
    ///
    /// ```
    /// let plan = queens::plan(12)?;
    /// let (a, b) = plan.units().split_at(10);
    /// let counter = queens::Counter::new();
    /// let sum = counter.run(a, |_, _, _| {})? + counter.run(b, |_, _, _| {})?;
    /// assert_eq!(sum.total, 14200);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn run(
        &self,
        units: &[Unit],
        done: impl Fn(&Unit, Tally, Duration) + Sync,
    ) -> Result<Tally, Error> {
        let one = |unit: &Unit| {
            let start = Instant::now();
            let tally = unit.count();
            done(unit, tally, start.elapsed());
            tally
        };
        // One unit per task: units differ in size by orders of magnitude, and rayon's work
        // stealing balances them far better than fixed chunks would.
        on_threads(
            self.threads,
            || units.iter().map(one).sum(),
            || units.par_iter().with_max_len(1).map(one).sum(),
        )
    }
}
