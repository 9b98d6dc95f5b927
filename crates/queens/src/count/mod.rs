//! Counting solutions without listing them, on as many threads as asked.
//!
//! [`Counter`] (here) chooses the method and adds up a [`Tally`]: up to n = 17 it joins half
//! boards held in memory ([`join`]); beyond, and whenever a count must survive a kill or
//! be shared out, it runs the [`plan`]'s deterministic list of work units, whose
//! tallies add up. [`rank`] counts below a prefix to find the solution at
//! a given position or a uniformly random one. The search kernel they all run is
//! `crate::bitboard`; the classes come from `crate::symmetry`.

pub(crate) mod join;
pub mod plan;
pub(crate) mod rank;
mod tally;

pub use tally::Tally;

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::Symmetry::{Rotate90, Rotate180};
use crate::threads::on_threads;
use crate::{Error, count_fixed};
use join::{JOIN_MAX_N, JOIN_MIN_N, Join};
use plan::{Plan, Unit, plan};

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

/// Configures and runs a count.
///
/// ```
/// use std::num::NonZeroUsize;
///
/// let counts = queens::Counter::new().threads(NonZeroUsize::new(2).unwrap()).count(10)?;
/// assert_eq!(counts.total, 724);
/// assert_eq!(counts.unique(), 92);
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
    pub fn count(&self, n: usize) -> Result<Tally, Error> {
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
    ) -> Result<Tally, Error> {
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
            return Ok(Tally::from_fixed(total, fixed?));
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
    ) -> Result<Tally, Error> {
        self.run(plan.units(), done)
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
