//! [`Counter`]: runs a plan's units on the threads asked for and adds up their shares.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::threads::prelude::*;

use super::halves::{Halves, Scratch};
use super::plan::{Plan, Unit, UnitKind, plan};
use super::tally::{Share, Tally};
use crate::Error;
use crate::cancel::{Cancel, cancelled};
use crate::limits::{COUNT_MAX_MEMORY, COUNT_MIN_MEMORY};
use crate::threads::on_threads;

/// The memory a count may use by default: 2 GiB, half of it for the tables of
/// placements the halves are joined from (see [`Counter::memory`]).
pub const DEFAULT_MEMORY: usize = 2 << 30;

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
    memory: Option<usize>,
    cancel: Option<Cancel>,
}

impl Counter {
    /// A counter with the defaults below.
    pub fn new() -> Self {
        Counter::default()
    }

    /// How many threads run units at once. By default, one per core (rayon's default);
    /// without the crate's `parallel` feature, one, whatever is asked.
    /// The result never depends on it. More than [`MAX_THREADS`](crate::limits::MAX_THREADS) is refused when the
    /// count starts ([`Error::TooManyThreads`]).
    pub fn threads(mut self, threads: NonZeroUsize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// About how many bytes the count may hold at once, [`DEFAULT_MEMORY`] by default.
    /// Half goes to the tables of placements the halves are joined from, shared by the
    /// threads: where they would not fit (from n = 24 on, by default) the halves are found
    /// by a slower search instead. The rest is for each thread's lists of the column set
    /// it joins, which no setting changes. The result never depends on it. Outside
    /// [`COUNT_MIN_MEMORY`](crate::limits::COUNT_MIN_MEMORY) to
    /// [`COUNT_MAX_MEMORY`](crate::limits::COUNT_MAX_MEMORY) it is refused when the count
    /// starts ([`Error::Memory`]).
    ///
    /// ```
    /// let tiny = queens::Counter::new().memory(1 << 20);
    /// assert!(matches!(tiny.count(8), Err(queens::Error::Memory { .. })));
    /// ```
    pub fn memory(mut self, bytes: usize) -> Self {
        self.memory = Some(bytes);
        self
    }

    /// Stops the count when `cancel` is cancelled: no unit starts after that, the halves
    /// units under way finish (milliseconds each up to n = 23) while the symmetric unit
    /// gives up at once, and the count returns [`Error::Cancelled`] without reporting any
    /// of them.
    pub fn cancel_on(mut self, cancel: Cancel) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// Counts the solutions of an `n × n` board, `n ≤` [`COUNT_MAX_N`](crate::limits::COUNT_MAX_N),
    /// by running the units of [`plan(n)`](plan()).
    pub fn count(&self, n: usize) -> Result<Tally, Error> {
        self.count_with_progress(n, |_, _| {})
    }

    /// Like [`count`](Counter::count), calling `progress(done, of)` each time a unit is
    /// done, with `done` and `of` in units of expected work ([`Unit::cost`]): the hook for
    /// a progress bar.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    ///
    /// for n in [11, 1] {
    ///     let (last, of) = (AtomicU64::new(0), AtomicU64::new(0));
    ///     let counts = queens::Counter::new().count_with_progress(n, |done, all| {
    ///         last.fetch_max(done, Ordering::Relaxed);
    ///         of.store(all, Ordering::Relaxed);
    ///     })?;
    ///     assert_eq!(counts.total, if n == 11 { 2680 } else { 1 });
    ///     // Every unit reported once: the last report is `of` of `of`.
    ///     assert_eq!(last.into_inner(), of.into_inner());
    /// }
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn count_with_progress(
        &self,
        n: usize,
        progress: impl Fn(u64, u64) + Sync,
    ) -> Result<Tally, Error> {
        let plan = plan(n)?;
        let done = by_cost(plan.cost(), progress);
        self.count_plan(&plan, |unit, _, _| done(unit))
    }

    /// Counts the solutions of `plan`, calling `done` after each unit with its share and
    /// how long it took (from whichever thread ran it): the hook for progress bars,
    /// checkpoints and shard records.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// let plan = queens::counting::plan(9)?;
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
        done: impl Fn(&Unit, Share, Duration) + Sync,
    ) -> Result<Tally, Error> {
        let share = self.run(plan.units(), done)?;
        share.tally(plan.n()).ok_or(Error::NotWhole { n: plan.n() })
    }

    /// Runs `units` (any subset of a plan) and adds up their shares.
    ///
    /// ```
    /// let plan = queens::counting::plan(12)?;
    /// let (a, b) = plan.units().split_at(10);
    /// let counter = queens::Counter::new();
    /// let sum = counter.run(a, |_, _, _| {})? + counter.run(b, |_, _, _| {})?;
    /// assert_eq!(sum.total, 14200);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn run(
        &self,
        units: &[Unit],
        done: impl Fn(&Unit, Share, Duration) + Sync,
    ) -> Result<Share, Error> {
        self.each(units, units, |unit, count| {
            let start = Instant::now();
            let share = count(unit)?;
            done(unit, share, start.elapsed());
            Some(share)
        })
    }

    /// Calls `task` for each of `items` on the counter's threads and adds up what the
    /// tasks return. A task counts units of the board of `units` (any subset of a plan,
    /// which sizes the halves' tables) with the function it is handed: on the calling
    /// thread, the tables shared, the thread's lists its own, `None` once the count is
    /// cancelled. A task's `None` ends the run as cancelled.
    pub(super) fn each<T: Sync>(
        &self,
        units: &[Unit],
        items: &[T],
        task: impl Fn(&T, &mut dyn FnMut(&Unit) -> Option<Share>) -> Option<Share> + Sync,
    ) -> Result<Share, Error> {
        let memory = self.memory.unwrap_or(DEFAULT_MEMORY);
        let (min, max) = (COUNT_MIN_MEMORY, COUNT_MAX_MEMORY);
        if !(min..=max).contains(&(memory as u64)) {
            return Err(Error::Memory {
                bytes: memory as u64,
                min,
                max,
            });
        }
        // The halves of the board, with their tables, set up once for every unit.
        let halves = units
            .iter()
            .find(|u| matches!(u.kind(), UnitKind::Halves { .. }))
            .map(|u| Halves::new(u.n()).with_blocks(memory / 2, self.threads));
        // The rest of the memory is shared out among the threads' lists.
        let threads = self
            .threads
            .map_or_else(crate::threads::available, |t| t.get());
        let per_thread = memory / 2 / threads.max(1);
        let stop = self.cancel.as_ref().map(Cancel::flag);
        // `None` once cancelled: the sum then stops taking units, rather than skipping
        // each of the hundreds of thousands left one task at a time.
        let one = |scratch: &mut Scratch, item: &T| {
            let mut count = |unit: &Unit| {
                if cancelled(self.cancel.as_ref()) {
                    return None;
                }
                let share = unit.count_with(halves.as_ref(), scratch, stop);
                // A unit cancelled half way may have given up: its share is dropped.
                (!cancelled(self.cancel.as_ref())).then_some(share)
            };
            task(item, &mut count)
        };
        // One item per task: units differ in size, and rayon's work stealing balances
        // them far better than fixed chunks would.
        let share = on_threads(
            self.threads,
            || {
                let mut scratch = Scratch::within(per_thread);
                items.iter().map(|item| one(&mut scratch, item)).sum()
            },
            || {
                items
                    .par_iter()
                    .with_max_len(1)
                    .map_init(|| Scratch::within(per_thread), one)
                    .try_reduce(Share::default, |a, b| Some(a + b))
            },
        )?;
        share.ok_or(Error::Cancelled)
    }
}

/// The hook that calls `progress(done, of)` after each unit, with `done` the cost of the
/// units finished so far ([`Unit::cost`]) and `of` their whole cost.
pub(super) fn by_cost(of: u64, progress: impl Fn(u64, u64) + Sync) -> impl Fn(&Unit) + Sync {
    let finished = AtomicU64::new(0);
    move |unit| {
        let cost = unit.cost();
        progress(finished.fetch_add(cost, Ordering::Relaxed) + cost, of);
    }
}
