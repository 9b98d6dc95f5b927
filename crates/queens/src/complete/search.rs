//! The exact search for one completion up to [`MAX_N`](crate::limits::MAX_N) queens: the top of
//! the tree cut into subtrees for the threads and the shares, each searched depth first on
//! the tightest line.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::threads::prelude::*;

use super::grid::{Board, Diagonals, Grid, Order, State, Step, step};
use super::{Completion, Outcome};
#[cfg(target_arch = "x86_64")]
use crate::cpu::{self, Feature};
use crate::threads::on_threads;
use crate::{Cancel, Error, Placement};

impl Completion {
    pub(super) fn find_with<D: Diagonals>(
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
                let step = step(&grid, &mut s, &mut columns, Order::Tightest);
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
                cancel: self.cancel.as_ref().map(Cancel::flag),
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
pub(super) type Setup<D> = (Grid<D>, State<D>, Vec<Option<u32>>);

/// How many subtrees [`Completion::find`] splits its search into, at least, for the
/// threads to share; per share with [`Completion::find_share`].
const SUBTREES: usize = 64;

/// Every way to fill the first `depth` rows from their masks, without attacks.
pub(super) fn prefixes_of(
    masks: &[u64],
    depth: usize,
    prefix: &mut Vec<u32>,
    out: &mut Vec<Vec<u32>>,
) {
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

/// Stops a search at its deadline, once another thread has found a completion, or when
/// cancelled, looking only every few thousand nodes.
pub(super) struct Clock<'a> {
    pub(super) deadline: Option<Instant>,
    pub(super) nodes: u64,
    pub(super) found: &'a AtomicBool,
    pub(super) cancel: Option<&'a AtomicBool>,
}

impl Clock<'_> {
    /// False once the deadline has passed, a completion has been found or the search
    /// was cancelled.
    #[inline(always)]
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.nodes.is_multiple_of(4096) {
            return true;
        }
        !self.found.load(Ordering::Relaxed)
            && !self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            && self.deadline.is_none_or(|d| Instant::now() < d)
    }
}

/// Depth-first search branching on the tightest line, on any [`Board`]: `Some(true)` with
/// `columns` filled (a column per row of the board), `Some(false)` when there is no
/// completion, `None` at the deadline.
///
/// Nearly all of its time is the line scan of [`step`], a popcount per line; on x86-64
/// CPUs that have the instruction it runs a copy compiled to use it.
pub(super) fn tightest<B: Board>(
    board: &B,
    s: B::Node,
    columns: &mut [u32],
    clock: &mut Clock<'_>,
) -> Option<bool> {
    #[cfg(target_arch = "x86_64")]
    if cpu::has(Feature::Bmi) {
        // SAFETY: the running CPU has the features (`cpu::has`).
        return unsafe { tightest_x86(board, s, columns, clock) };
    }
    tightest_any(board, s, columns, clock)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
fn tightest_x86<B: Board>(
    board: &B,
    s: B::Node,
    columns: &mut [u32],
    clock: &mut Clock<'_>,
) -> Option<bool> {
    tightest_any(board, s, columns, clock)
}

#[inline(always)]
fn tightest_any<B: Board>(
    board: &B,
    mut s: B::Node,
    columns: &mut [u32],
    clock: &mut Clock<'_>,
) -> Option<bool> {
    // Per branching node on the path: the node, and the squares it has still to try.
    let mut path: Vec<(B::Node, Step)> = Vec::with_capacity(board.last() + 1);
    loop {
        if !clock.tick() {
            return None;
        }
        match step(board, &mut s, columns, Order::Tightest) {
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
                s = board.place(*node, r, c);
                break;
            }
            path.pop();
        }
    }
}
