//! Pricing a count before it runs: a few of its plan's units counted and timed, the time
//! of the rest projected from them.

use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::plan::{Plan, Unit, UnitKind};
use super::tally::Share;
use crate::{Counter, Error};

/// What counting a few of a plan's units says of the time the whole plan takes on one
/// thread.
///
/// The halves units are drawn with probability proportional to their cost
/// ([`Unit::cost`], the joins each runs), systematically: the `k` draws are the units at
/// the midpoints of `k` equal slices of the plan's cost, laid out in id order, so that the
/// draws spread over every part of the plan. A draw's seconds per unit of cost, times the
/// halves units' whole cost, estimates their time (drawn independently, unbiasedly:
/// Hansen and Hurwitz, 1943); [`seconds`](Self::seconds) is the mean of the `k` of them,
/// and their spread over `√k` the [`standard_error`](Self::standard_error), as if the
/// draws were independent (systematic draws over a plan whose cost per unit drifts
/// smoothly vary less than that). The symmetric unit, the one of
/// its kind, is always counted and its time added as measured.
///
/// Three things keep the samples' seconds those of a whole count:
/// * a draw whose unit takes less than a tenth of a second goes on with the units after
///   it (up to the next draw) until it has counted that long, and its seconds per cost
///   are those of the run (a ratio over the run, no longer strictly unbiased), so that a
///   stall of a moment weighs little;
/// * each draw's neighbour in the plan is counted first on its thread, untimed: alone, a
///   unit of a millisecond runs a quarter to a third slower, with cold caches and fresh
///   lists;
/// * the seconds are the thread's CPU time where the system tells it (Unix), as a whole
///   count's CPU time leaves out what else ran on the cores meanwhile.
///
/// Not counted: setting up the half boards' tables, once per process (about a second at
/// n = 22).
///
/// ```
/// use std::num::NonZeroUsize;
///
/// let plan = queens::counting::plan(14)?;
/// let samples = NonZeroUsize::new(8).unwrap();
/// let estimate = queens::Counter::new().estimate(&plan, samples, |_, _| {})?;
/// assert_eq!((estimate.samples, estimate.units), (8, plan.units().len()));
/// assert!(estimate.seconds > 0.0 && estimate.standard_error.unwrap() >= 0.0);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// The board size.
    pub n: usize,
    /// Halves units drawn (a unit drawn twice counts twice here, and is counted once).
    pub samples: usize,
    /// Distinct units drawn.
    pub distinct: usize,
    /// Units in the plan.
    pub units: usize,
    /// Units counted and timed: the distinct draws, the units after them that a short
    /// draw went on to, and the symmetric unit.
    pub counted: usize,
    /// The projected seconds of one thread for every unit of the plan.
    pub seconds: f64,
    /// One standard error of [`seconds`](Self::seconds); `None` from a single draw.
    pub standard_error: Option<f64>,
    /// The seconds of one thread the counted units took.
    pub counted_seconds: f64,
}

/// The draws: indices into `halves`, in order, a unit as often as the slices' midpoints
/// fall on it.
fn draws(halves: &[&Unit], k: usize) -> Vec<usize> {
    let ends: Vec<u128> = halves
        .iter()
        .scan(0u128, |sum, u| {
            *sum += u128::from(u.cost());
            Some(*sum)
        })
        .collect();
    let total = ends.last().copied().unwrap_or(0);
    let k = k as u128;
    (0..k)
        .map(|j| {
            // The midpoint of slice j, a point of the cost line `0..total`.
            let point = (2 * j + 1) * total / (2 * k);
            ends.partition_point(|&end| end <= point)
        })
        .collect()
}

/// The CPU time of the calling thread where the system tells it (Unix), else the time
/// since `origin`. A unit of a millisecond timed by the wall clock takes in whatever else
/// ran on its core meanwhile, which a whole count's CPU time leaves out.
fn thread_time(origin: Instant) -> Duration {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `clock_gettime` writes only into `t`, which outlives the call.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return Duration::new(t.tv_sec as u64, t.tv_nsec as u32);
        }
    }
    origin.elapsed()
}

impl Counter {
    /// Counts `samples` halves units of `plan`, drawn as [`Estimate`] says, and the
    /// symmetric unit, and projects from their times the time of the whole plan on one
    /// thread. `progress(done, of)` is called after each draw, `of` the distinct draws
    /// and the symmetric unit. The samples run on the counter's threads, as a count
    /// would.
    ///
    /// A plan with no halves units (a board below
    /// [`SPLIT_MIN_N`](crate::counting::SPLIT_MIN_N)), or fewer than `samples`, is
    /// refused with [`Error::Samples`].
    pub fn estimate(
        &self,
        plan: &Plan,
        samples: NonZeroUsize,
        progress: impl Fn(u64, u64) + Sync,
    ) -> Result<Estimate, Error> {
        let k = samples.get();
        let halves: Vec<&Unit> = plan
            .units()
            .iter()
            .filter(|u| matches!(u.kind(), UnitKind::Halves { .. }))
            .collect();
        if k > halves.len() {
            return Err(Error::Samples {
                samples: k,
                n: plan.n(),
                units: halves.len(),
            });
        }
        let drawn = draws(&halves, k);
        let mut distinct = drawn.clone();
        distinct.dedup();
        let symmetric: Vec<Unit> = plan
            .units()
            .iter()
            .filter(|u| matches!(u.kind(), UnitKind::Symmetric))
            .copied()
            .collect();
        // A task per distinct draw, each counting from its unit up to the next draw's at
        // most, and one for the symmetric unit.
        let tasks: Vec<Task> = distinct
            .iter()
            .enumerate()
            .map(|(d, &i)| Task::Draw {
                first: i,
                end: distinct.get(d + 1).copied().unwrap_or(halves.len()),
            })
            .chain(symmetric.iter().map(|&u| Task::Symmetric(u)))
            .collect();

        let finished = AtomicU64::new(0);
        let done = || {
            progress(
                finished.fetch_add(1, Ordering::Relaxed) + 1,
                tasks.len() as u64,
            )
        };
        // Per task: units counted, their cost and their seconds.
        let runs = Mutex::new(Vec::with_capacity(tasks.len()));
        let origin = Instant::now();
        let seconds_since =
            |start: Duration| thread_time(origin).saturating_sub(start).as_secs_f64();
        self.each(plan.units(), &tasks, |task, count| {
            let run = match *task {
                Task::Symmetric(unit) => {
                    let start = thread_time(origin);
                    count(&unit)?;
                    Run {
                        task: *task,
                        units: 1,
                        cost: 0,
                        seconds: seconds_since(start),
                    }
                }
                Task::Draw { first, end } => {
                    // A unit counted alone runs with cold caches and fresh lists, up to a
                    // third slower than among its neighbours in a whole count (n = 18 to
                    // 20, where units take a millisecond or a few): its neighbour first,
                    // untimed.
                    let before = if first > 0 { first - 1 } else { first + 1 };
                    if let Some(&unit) = halves.get(before) {
                        count(unit)?;
                    }
                    let start = thread_time(origin);
                    let mut run = Run {
                        task: *task,
                        units: 0,
                        cost: 0,
                        seconds: 0.0,
                    };
                    for &unit in &halves[first..end] {
                        count(unit)?;
                        run.units += 1;
                        run.cost += unit.cost();
                        run.seconds = seconds_since(start);
                        if run.seconds >= MIN_DRAW_SECONDS {
                            break;
                        }
                    }
                    run
                }
            };
            runs.lock().unwrap_or_else(|e| e.into_inner()).push(run);
            done();
            Some(Share::default())
        })?;
        let runs: Vec<Run> = runs.into_inner().unwrap_or_else(|e| e.into_inner());

        let halves_cost: f64 = halves.iter().map(|u| u.cost() as f64).sum();
        // The draws' runs by their first unit, for a lookup per draw that stays cheap
        // when the draws are hundreds of thousands.
        let by_first: std::collections::HashMap<usize, &Run> = runs
            .iter()
            .filter_map(|r| match r.task {
                Task::Draw { first, .. } => Some((first, r)),
                Task::Symmetric(_) => None,
            })
            .collect();
        let run_of = |i: usize| by_first[&i];
        let per_draw: Vec<f64> = drawn
            .iter()
            .map(|&i| {
                let run = run_of(i);
                run.seconds / run.cost.max(1) as f64 * halves_cost
            })
            .collect();
        let mean = per_draw.iter().sum::<f64>() / k as f64;
        let standard_error = (k > 1).then(|| {
            let variance =
                per_draw.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (k - 1) as f64;
            (variance / k as f64).sqrt()
        });
        let symmetric: f64 = runs
            .iter()
            .filter(|r| matches!(r.task, Task::Symmetric(_)))
            .map(|r| r.seconds)
            .sum();
        Ok(Estimate {
            n: plan.n(),
            samples: k,
            distinct: distinct.len(),
            units: plan.units().len(),
            counted: runs.iter().map(|r| r.units).sum(),
            seconds: mean + symmetric,
            standard_error,
            counted_seconds: runs.iter().map(|r| r.seconds).sum(),
        })
    }
}

/// A draw counts units for at least this long, its unit and those after it, so that a
/// moment's stall of a shared machine, or of the caches, weighs little beside it; units
/// longer than this are counted alone.
const MIN_DRAW_SECONDS: f64 = 0.1;

/// What a task of an estimate counts: from a drawn unit (an index of the halves units) up
/// to `end` at most, or the symmetric unit.
#[derive(Debug, Clone, Copy)]
enum Task {
    Draw { first: usize, end: usize },
    Symmetric(Unit),
}

/// What a task counted, and how long it took its thread.
#[derive(Debug)]
struct Run {
    task: Task,
    units: usize,
    cost: u64,
    seconds: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_draws_run_on_to_the_next_one() {
        // At n = 14 a unit takes microseconds: each draw counts every unit up to the next
        // draw, the last one to the end of the plan.
        let plan = crate::counting::plan(14).unwrap();
        let halves: Vec<&Unit> = plan.units().iter().skip(1).collect();
        let k = NonZeroUsize::new(6).unwrap();
        let first = draws(&halves, k.get())[0];
        let estimate = Counter::new().estimate(&plan, k, |_, _| {}).unwrap();
        assert_eq!(estimate.distinct, 6);
        assert_eq!(estimate.counted, halves.len() - first + 1);
        assert!(estimate.counted_seconds > 0.0);
    }

    #[test]
    fn draws_spread_by_cost_and_repeat_only_what_is_larger_than_a_slice() {
        let plan = crate::counting::plan(16).unwrap();
        let halves: Vec<&Unit> = plan.units().iter().skip(1).collect();
        for k in [1, 2, 7, 32, halves.len()] {
            let d = draws(&halves, k);
            assert_eq!(d.len(), k);
            assert!(d.windows(2).all(|w| w[0] <= w[1]), "in order");
            assert!(d.iter().all(|&i| i < halves.len()));
        }
        // Equal costs, as many draws as units: each unit once.
        let units: Vec<Unit> = (0..5).map(|i| Unit::for_test(i, 10)).collect();
        let refs: Vec<&Unit> = units.iter().collect();
        assert_eq!(draws(&refs, 5), [0, 1, 2, 3, 4]);
        // One unit as costly as the rest together takes half the draws.
        let units: Vec<Unit> = [40, 10, 10, 10, 10]
            .iter()
            .enumerate()
            .map(|(i, &c)| Unit::for_test(i, c))
            .collect();
        let refs: Vec<&Unit> = units.iter().collect();
        assert_eq!(draws(&refs, 4), [0, 0, 2, 4]);
    }
}
