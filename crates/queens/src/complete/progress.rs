//! Where a long exact search stands, kept as it runs, so that a search stopped part way
//! (a kill, a deadline, a cluster's time limit) goes on from there instead of from the
//! start.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::Error;

/// A completion search's progress, kept as it runs: which of its subtrees are proved to
/// hold no completion, and where each unfinished one paused. Give a clone to
/// [`Completion::progress`](crate::Completion::progress), take a
/// [`checkpoint`](Progress::checkpoint) from any thread while it runs, and save it; a later
/// search of the same problem (and share) given [`Progress::resume`] of it skips what was
/// searched. A search of hours that is stopped then loses at most the subtrees its threads
/// were searching since their last pause (each pause comes after at most 2^26 nodes, tens
/// of seconds).
///
/// Only the exact bitboard search, up to [`MAX_N`](crate::limits::MAX_N) queens, keeps
/// it; a checkpoint is the search's own path through the tree, so it fits only the same
/// problem and share searched by the same version of this crate, and a search refuses
/// one that does not fit ([`Error::Progress`]). Like every saved proof, it is trusted: a
/// subtree wrongly listed as empty hides the completions in it.
///
/// ```
/// use std::time::Instant;
/// use queens::complete::Progress;
/// use queens::{Completion, Outcome};
///
/// // n = 30 and its first 10 rows as the lexicographic walk asks them: no completion.
/// let rows = [0, 2, 4, 1, 3, 8, 10, 12, 14, 5];
/// let problem = (0..).zip(rows).fold(Completion::new(30), |p, (r, c)| p.queen(r, c));
///
/// // Stopped at once, then resumed from its checkpoint.
/// let progress = Progress::new();
/// let stopped = problem.clone().progress(progress.clone()).find(Some(Instant::now()))?;
/// assert_eq!(stopped, Outcome::Unknown);
/// let saved = progress.checkpoint();
/// assert!(saved.subtrees >= 64 && !saved.paused.is_empty());
/// let resumed = problem.progress(Progress::resume(saved)).find(None)?;
/// assert_eq!(resumed, Outcome::Impossible);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Progress(Arc<Mutex<Inner>>);

#[derive(Debug, Default)]
struct Inner {
    subtrees: Vec<Subtree>,
    /// The checkpoint resumed from, until the search starts and checks that it fits:
    /// only then is its count of subtrees known to be the search's, and not a number
    /// too large to allocate.
    resumed: Option<Checkpoint>,
}

/// A snapshot of a [`Progress`], to save and to [`resume`](Progress::resume) from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checkpoint {
    /// How many subtrees the search (or its share) is cut into; 0 before it starts.
    pub subtrees: usize,
    /// The subtrees proved to hold no completion, by number, in increasing order.
    pub empty: Vec<usize>,
    /// The subtrees searched part way, by number, each with the squares that the
    /// branching nodes on its path, from the top down, have still to try (as masks of
    /// the line branched on).
    pub paused: Vec<(usize, Vec<u64>)>,
}

/// Where one subtree stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Subtree {
    /// Not searched yet.
    Fresh,
    /// Searched part way: what its branching nodes have still to try.
    Paused(Vec<u64>),
    /// Proved to hold no completion.
    Empty,
}

impl Progress {
    /// Progress of a search not started yet.
    pub fn new() -> Progress {
        Progress::default()
    }

    /// Progress that starts where `checkpoint` stood.
    pub fn resume(checkpoint: Checkpoint) -> Progress {
        // The checkpoint of a search not started yet.
        if checkpoint == Checkpoint::default() {
            return Progress::new();
        }
        Progress(Arc::new(Mutex::new(Inner {
            subtrees: Vec::new(),
            resumed: Some(checkpoint),
        })))
    }

    /// Where the search stands now: every subtree as of its last pause.
    pub fn checkpoint(&self) -> Checkpoint {
        let inner = self.lock();
        if let Some(resumed) = &inner.resumed {
            return resumed.clone();
        }
        let mut checkpoint = Checkpoint {
            subtrees: inner.subtrees.len(),
            ..Checkpoint::default()
        };
        for (i, s) in inner.subtrees.iter().enumerate() {
            match s {
                Subtree::Fresh => {}
                Subtree::Paused(left) => checkpoint.paused.push((i, left.clone())),
                Subtree::Empty => checkpoint.empty.push(i),
            }
        }
        checkpoint
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The subtrees of a search cut into `count`: all fresh for a new search, else as
    /// saved, if the checkpoint is of a search cut the same way.
    pub(super) fn start(&self, count: usize) -> Result<Vec<Subtree>, Error> {
        let mut inner = self.lock();
        if let Some(resumed) = &inner.resumed {
            inner.subtrees = fitted(resumed, count).map_err(Error::Progress)?;
            inner.resumed = None;
        } else if inner.subtrees.is_empty() {
            inner.subtrees = vec![Subtree::Fresh; count];
        } else if inner.subtrees.len() != count {
            return Err(Error::Progress(format!(
                "it has {} subtrees where this search has {count}",
                inner.subtrees.len()
            )));
        }
        Ok(inner.subtrees.clone())
    }

    /// Records where subtree `i` stands.
    pub(super) fn record(&self, i: usize, subtree: Subtree) {
        if let Some(slot) = self.lock().subtrees.get_mut(i) {
            *slot = subtree;
        }
    }
}

/// The subtrees of a search cut into `count` as `checkpoint` has them, or why it does not
/// fit such a search.
fn fitted(checkpoint: &Checkpoint, count: usize) -> Result<Vec<Subtree>, String> {
    if checkpoint.subtrees != count {
        return Err(format!(
            "it has {} subtrees where this search has {count}",
            checkpoint.subtrees
        ));
    }
    let mut subtrees = vec![Subtree::Fresh; count];
    let paused = checkpoint
        .paused
        .iter()
        .map(|(i, left)| (*i, Subtree::Paused(left.clone())));
    let empty = checkpoint.empty.iter().map(|&i| (i, Subtree::Empty));
    for (i, s) in empty.chain(paused) {
        match subtrees.get_mut(i) {
            Some(slot @ Subtree::Fresh) => *slot = s,
            Some(_) => return Err(format!("subtree {i} is listed twice")),
            None => return Err(format!("subtree {i} is not among its {count}")),
        }
    }
    Ok(subtrees)
}

impl Checkpoint {
    /// How many subtrees are proved empty.
    pub fn done(&self) -> usize {
        self.empty.len()
    }
}

/// Two handles are equal when they are clones of one another.
impl PartialEq for Progress {
    fn eq(&self, other: &Progress) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Progress {}

#[cfg(test)]
mod tests {
    use std::num::NonZeroUsize;
    use std::time::Instant;

    use super::*;
    use crate::{Completion, Outcome};

    /// Searches `problem` in slices of a few thousand nodes, each resumed from the
    /// checkpoint the one before left, saved and read back.
    fn in_slices(problem: &Completion) -> (Outcome, usize) {
        let mut saved = Checkpoint::default();
        // A search that lost its place would run forever, slice after slice.
        for slices in 1..=10_000 {
            let progress = Progress::resume(saved);
            let outcome = problem
                .clone()
                .progress(progress.clone())
                .find(Some(Instant::now()))
                .unwrap();
            if outcome != Outcome::Unknown {
                return (outcome, slices);
            }
            saved = progress.checkpoint();
        }
        panic!("no answer in 10,000 slices")
    }

    #[test]
    fn a_search_resumed_slice_by_slice_answers_as_one_run() {
        // Questions of the lexicographic walk: the first rows of n = 36's first solution.
        let first = [0, 2, 4, 1, 3, 8, 10, 12, 14, 5, 7, 18];
        for (n, rows) in [(30, 10), (32, 11), (34, 10), (38, 11)] {
            let problem = (0..)
                .zip(&first[..rows])
                .fold(Completion::new(n), |p, (r, &c)| p.queen(r, c))
                .threads(NonZeroUsize::MIN);
            let whole = problem.find(None).unwrap();
            let (outcome, slices) = in_slices(&problem);
            assert!(slices > 3, "n {n}, {rows} rows: {slices} slices");
            match (&whole, &outcome) {
                (Outcome::Completed(_), Outcome::Completed(p)) => {
                    assert!(p.validate().is_ok() && p.columns()[..rows] == first[..rows]);
                }
                _ => assert_eq!(whole, outcome, "n {n}, {rows} rows"),
            }
        }
    }

    #[test]
    fn a_checkpoint_is_trusted_and_must_fit() {
        let rows = [0, 2, 4, 1, 3, 8, 10, 12, 14, 5, 7];
        let problem = (0..)
            .zip(rows)
            .fold(Completion::new(32), |p, (r, c)| p.queen(r, c));
        let progress = Progress::new();
        let stopped = problem.clone().progress(progress.clone());
        assert_eq!(
            stopped.find(Some(Instant::now())).unwrap(),
            Outcome::Unknown
        );
        let saved = progress.checkpoint();
        let resumed = Progress::resume(saved.clone()).checkpoint();
        assert_eq!(resumed, saved);

        // Every subtree listed as empty: believed without a search.
        let all = Checkpoint {
            subtrees: saved.subtrees,
            empty: (0..saved.subtrees).collect(),
            paused: Vec::new(),
        };
        let believed = problem.clone().progress(Progress::resume(all)).find(None);
        assert_eq!(believed.unwrap(), Outcome::Impossible);

        let misfits = [
            Checkpoint {
                subtrees: saved.subtrees + 1,
                ..saved.clone()
            },
            // Refused, not allocated.
            Checkpoint {
                subtrees: usize::MAX,
                ..saved.clone()
            },
            Checkpoint {
                empty: vec![saved.subtrees],
                ..saved.clone()
            },
            Checkpoint {
                paused: vec![(0, vec![0]), (0, vec![0])],
                ..saved.clone()
            },
            // Untried squares that no branching node of the search has.
            Checkpoint {
                paused: vec![(0, vec![u64::MAX])],
                ..saved.clone()
            },
        ];
        for misfit in misfits {
            let refused = problem
                .clone()
                .progress(Progress::resume(misfit.clone()))
                .find(None);
            assert!(
                matches!(refused, Err(Error::Progress(_))),
                "{misfit:?}: {refused:?}"
            );
        }
    }
}
