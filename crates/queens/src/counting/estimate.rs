//! Pricing a count before it runs: a few of its plan's units counted and timed, the time
//! of the rest projected from them.

use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::time::Duration;

use super::counter::by_cost;
use super::plan::{Plan, Unit, UnitKind};
use crate::{Counter, Error};

/// What counting a few of a plan's units says of the time the whole plan takes on one
/// thread.
///
/// The halves units are drawn with probability proportional to their cost
/// ([`Unit::cost`], the joins each runs), systematically: the `k` draws are the units at
/// the midpoints of `k` equal slices of the plan's cost, laid out in id order, so that the
/// draws spread over every part of the plan. A draw's seconds per unit of cost, times the
/// halves units' whole cost, is an unbiased estimate of their time (Hansen and Hurwitz,
/// 1943); [`seconds`](Self::seconds) is the mean of the `k` of them, and their spread
/// over `√k` the [`standard_error`](Self::standard_error). The symmetric unit, the one of
/// its kind, is always counted and its time added as measured. Not counted: setting up
/// the half boards' tables, once per process (about a second at n = 22).
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
    /// Units in the plan.
    pub units: usize,
    /// Units counted: the distinct draws and the symmetric unit.
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

impl Counter {
    /// Counts `samples` halves units of `plan`, drawn as [`Estimate`] says, and the
    /// symmetric unit, and projects from their times the time of the whole plan on one
    /// thread. `progress(done, of)` is called after each unit, weighed by cost. The
    /// samples run on the counter's threads, as a count would.
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
        // The symmetric unit first, then each drawn unit once.
        let mut counted: Vec<Unit> = plan
            .units()
            .iter()
            .filter(|u| matches!(u.kind(), UnitKind::Symmetric))
            .copied()
            .collect();
        let symmetric = counted.len();
        let mut distinct = drawn.clone();
        distinct.dedup();
        counted.extend(distinct.iter().map(|&i| *halves[i]));

        let done = by_cost(counted.iter().map(Unit::cost).sum(), progress);
        let times = Mutex::new(Vec::with_capacity(counted.len()));
        self.run(&counted, |unit, _, took| {
            times
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((unit.id(), took));
            done(unit);
        })?;
        let times: Vec<(usize, Duration)> = times.into_inner().unwrap_or_else(|e| e.into_inner());
        let seconds = |u: &Unit| {
            times
                .iter()
                .find(|&&(id, _)| id == u.id())
                .map_or(0.0, |(_, took)| took.as_secs_f64())
        };

        let halves_cost: f64 = halves.iter().map(|u| u.cost() as f64).sum();
        let per_draw: Vec<f64> = drawn
            .iter()
            .map(|&i| seconds(halves[i]) / halves[i].cost().max(1) as f64 * halves_cost)
            .collect();
        let mean = per_draw.iter().sum::<f64>() / k as f64;
        let standard_error = (k > 1).then(|| {
            let variance =
                per_draw.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (k - 1) as f64;
            (variance / k as f64).sqrt()
        });
        let symmetric: f64 = counted[..symmetric].iter().map(seconds).sum();
        Ok(Estimate {
            n: plan.n(),
            samples: k,
            units: plan.units().len(),
            counted: counted.len(),
            seconds: mean + symmetric,
            standard_error,
            counted_seconds: counted.iter().map(seconds).sum(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
