//! The exact search for one completion up to [`MAX_N`](crate::limits::MAX_N) queens: the top of
//! the tree cut into subtrees for the threads and the shares, each searched depth first on
//! the tightest line.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use crate::threads::prelude::*;

use super::grid::{Board, Diagonals, Grid, Order, Portable, Scanner, State, Step, step};
#[cfg(target_arch = "x86_64")]
use super::lanes::Wide;
use super::progress::{Progress, Subtree};
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
                let step = step(&grid, &mut s, &mut columns, Order::Tightest, Portable);
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
        let progress = self.progress.as_ref();
        let saved = match progress {
            Some(p) => p.start(frontier.len())?,
            None => vec![Subtree::Fresh; frontier.len()],
        };
        let mut dives = VecDeque::new();
        for (i, ((s, columns), saved)) in frontier.into_iter().zip(saved).enumerate() {
            let dive = match saved {
                Subtree::Fresh => Dive::<Grid<D>>::new(i, s, columns),
                Subtree::Paused(untried) => Dive::replay(&grid, i, s, columns, &untried)
                    .ok_or_else(|| {
                        Error::Progress(format!(
                            "subtree {i} paused where this search has no such node"
                        ))
                    })?,
                Subtree::Empty => continue,
            };
            dives.push_back((dive, FIRST_ROUND));
        }
        let dives = Mutex::new(dives);
        let (timed_out, found) = (AtomicBool::new(false), AtomicBool::new(false));
        let one = || {
            let mut clock = Clock {
                deadline,
                nodes: 0,
                found: &found,
                cancel: self.cancel.as_ref().map(Cancel::flag),
            };
            match side_by_side(&grid, &dives, &mut clock, progress) {
                Some(Some(columns)) => {
                    found.store(true, Ordering::Relaxed);
                    Some(Placement::new(columns))
                }
                Some(None) => None,
                // The deadline, or another thread's completion (then the flag is unread).
                None => {
                    timed_out.store(true, Ordering::Relaxed);
                    None
                }
            }
        };
        let sequential = || one();
        // Every thread takes the subtrees from the one queue, and whichever finds a
        // completion first ends the search: waiting for the earlier subtrees, to return
        // the same completion as one thread would, cost minutes on hard boards whose
        // earlier subtrees hold none.
        let parallel = || {
            (0..crate::threads::available())
                .into_par_iter()
                .with_max_len(1)
                .find_map_any(|_| one())
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
    s: B::Node,
    columns: &mut [u32],
    clock: &mut Clock<'_>,
) -> Option<bool> {
    let mut dive = Dive::new(0, s, columns.to_vec());
    let outcome = match dive.resume(board, clock, u64::MAX, Portable) {
        Dived::Completed => Some(true),
        Dived::Empty => Some(false),
        Dived::Paused | Dived::Stopped => None,
    };
    columns.copy_from_slice(&dive.columns);
    outcome
}

/// How many nodes each subtree searched side by side gets in the first round; each round
/// doubles it, up to [`LONGEST_ROUND`].
const FIRST_ROUND: u64 = 1 << 10;

/// The most nodes a subtree is searched for before it goes back to the queue, tens of
/// seconds: its [`Progress`] is recorded at each pause, so this bounds what a kill loses
/// per thread.
const LONGEST_ROUND: u64 = 1 << 26;

/// Searches the subtrees of `dives` side by side: takes the first, resumes it where it
/// stopped for its number of nodes, and puts it back last with that number doubled,
/// until one finds a completion (`Some(Some(columns))`) or the queue runs dry
/// (`Some(None)`); `None` at the deadline. Threads share the queue, each taking the next
/// subtree as it is free.
///
/// One after another, a subtree holding no completion but millions of nodes keeps the
/// search from a completion a few nodes deep in the next: at n = 36 the walk's questions
/// took 53 s in all on one thread, against 15 s on two, which start far apart. Side by
/// side, a completion costs about as many nodes in every other subtree as in its own,
/// while a proof that there is none visits each node once, as before: nothing is
/// searched twice. (The idea is that of restarts against heavy-tailed search times,
/// Gomes, Selman and Kautz, "Boosting Combinatorial Search Through Randomization", AAAI
/// 1998, without the randomness and without losing the work done.)
fn side_by_side<B: Board>(
    board: &B,
    dives: &Mutex<VecDeque<(Dive<B>, u64)>>,
    clock: &mut Clock<'_>,
    progress: Option<&Progress>,
) -> Option<Option<Vec<u32>>> {
    #[cfg(target_arch = "x86_64")]
    if let Some(wide) = Wide::new() {
        // SAFETY: the running CPU has the features (`Wide::new` asked).
        return unsafe { side_by_side_avx512(board, dives, clock, progress, wide) };
    }
    #[cfg(target_arch = "x86_64")]
    if cpu::has(Feature::Bmi) {
        // SAFETY: the running CPU has the features (`cpu::has`).
        return unsafe { side_by_side_x86(board, dives, clock, progress) };
    }
    side_by_side_any(board, dives, clock, progress, Portable)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt,bmi1,bmi2")]
fn side_by_side_avx512<B: Board>(
    board: &B,
    dives: &Mutex<VecDeque<(Dive<B>, u64)>>,
    clock: &mut Clock<'_>,
    progress: Option<&Progress>,
    wide: Wide,
) -> Option<Option<Vec<u32>>> {
    side_by_side_any(board, dives, clock, progress, wide)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
fn side_by_side_x86<B: Board>(
    board: &B,
    dives: &Mutex<VecDeque<(Dive<B>, u64)>>,
    clock: &mut Clock<'_>,
    progress: Option<&Progress>,
) -> Option<Option<Vec<u32>>> {
    side_by_side_any(board, dives, clock, progress, Portable)
}

#[inline(always)]
fn side_by_side_any<B: Board, K: Scanner>(
    board: &B,
    dives: &Mutex<VecDeque<(Dive<B>, u64)>>,
    clock: &mut Clock<'_>,
    progress: Option<&Progress>,
    scanner: K,
) -> Option<Option<Vec<u32>>> {
    let queue = || dives.lock().unwrap_or_else(PoisonError::into_inner);
    let record = |dive: &Dive<B>, subtree| {
        if let Some(p) = progress {
            p.record(dive.subtree, subtree);
        }
    };
    loop {
        let Some((mut dive, nodes)) = queue().pop_front() else {
            return Some(None);
        };
        match dive.resume(board, clock, nodes, scanner) {
            Dived::Completed => return Some(Some(dive.columns)),
            Dived::Empty => record(&dive, Subtree::Empty),
            Dived::Paused => {
                record(&dive, Subtree::Paused(dive.untried()));
                queue().push_back((dive, nodes.saturating_mul(2).min(LONGEST_ROUND)));
            }
            Dived::Stopped => {
                record(&dive, Subtree::Paused(dive.untried()));
                return None;
            }
        }
    }
}

/// A depth-first search of one subtree on the tightest line that can stop after any
/// number of nodes and go on later.
struct Dive<B: Board> {
    /// The subtree's number, for its [`Progress`].
    subtree: usize,
    /// The node to look at next.
    s: B::Node,
    /// The column of each row on the way to it.
    columns: Vec<u32>,
    /// Per branching node on the path: the node, and the squares it has still to try.
    path: Vec<(B::Node, Step)>,
}

/// Where a [`Dive`] stopped.
enum Dived {
    /// A completion, in the dive's columns.
    Completed,
    /// No completion in the subtree.
    Empty,
    /// Out of nodes for this round.
    Paused,
    /// The clock stopped it.
    Stopped,
}

impl<B: Board> Dive<B> {
    fn new(subtree: usize, s: B::Node, columns: Vec<u32>) -> Self {
        Dive {
            subtree,
            s,
            columns,
            path: Vec::new(),
        }
    }

    /// What the branching nodes on the path have still to try, from the top down: with
    /// the subtree's top node, all it takes to go on from here ([`Dive::replay`]).
    fn untried(&self) -> Vec<u64> {
        self.path
            .iter()
            .filter_map(|(_, step)| step.untried())
            .collect()
    }

    /// The dive of subtree `subtree` from its top node `s` that stood where `untried`
    /// ([`Dive::untried`]) says: the path taken again, each branching node found by the
    /// search's own rule. `None` if the path is not one this search takes: each node's
    /// untried squares must be the last of its line's squares, after at least one tried.
    fn replay(
        board: &B,
        subtree: usize,
        s: B::Node,
        columns: Vec<u32>,
        untried: &[u64],
    ) -> Option<Self> {
        let mut dive = Dive::new(subtree, s, columns);
        for &left in untried {
            let step = step(
                board,
                &mut dive.s,
                &mut dive.columns,
                Order::Tightest,
                Portable,
            );
            let (r, c) = step.tried_last(left)?;
            dive.path.push((dive.s, step.leaving(left)));
            dive.columns[r] = c as u32;
            dive.s = board.place(dive.s, r, c);
        }
        Some(dive)
    }

    #[inline(always)]
    fn resume<K: Scanner>(
        &mut self,
        board: &B,
        clock: &mut Clock<'_>,
        mut nodes: u64,
        scanner: K,
    ) -> Dived {
        loop {
            if nodes == 0 {
                return Dived::Paused;
            }
            nodes -= 1;
            if !clock.tick() {
                return Dived::Stopped;
            }
            match step(
                board,
                &mut self.s,
                &mut self.columns,
                Order::Tightest,
                scanner,
            ) {
                Step::Done => return Dived::Completed,
                Step::Dead => {}
                step => self.path.push((self.s, step)),
            }
            loop {
                let Some((node, step)) = self.path.last_mut() else {
                    return Dived::Empty;
                };
                if let Some((r, c)) = step.next_square() {
                    self.columns[r] = c as u32;
                    self.s = board.place(*node, r, c);
                    break;
                }
                self.path.pop();
            }
        }
    }
}
