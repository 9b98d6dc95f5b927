//! Every solution on several threads, handed on in lexicographic order.
//!
//! The solutions are split by their first rows into jobs, in order. Each thread takes the
//! next job and searches it, sending blocks of solutions down a short channel of that
//! job's own; the caller reads the channels in job order. A thread whose job is ahead of
//! the reader waits on its full channel, and a thread that has finished a job waits to
//! announce the next while `AHEAD` jobs a thread are announced and unread. So memory
//! holds a few blocks a thread whatever the size of the answer and however slowly it is
//! read, and the output is the same bytes on any number of threads.

use std::num::NonZeroUsize;
use std::ops::{ControlFlow, Range};

use super::{Solutions, UniqueSolutions};
use crate::Error;
use crate::bitboard::check_board;
use crate::cancel::{Cancel, cancelled};

/// Solutions in a block: large enough that a block's hand-over costs nothing beside its
/// search, small enough that the first one arrives at once.
const BLOCK: usize = 2048;

/// The squares a search tries before it hands on what it has found, and looks at whether
/// the reader has stopped.
const BUDGET: usize = 1 << 16;

#[cfg(feature = "parallel")]
/// The first rows that split the solutions into jobs: about a thousand jobs from n = 10.
const JOB_ROWS: usize = 3;

#[cfg(feature = "parallel")]
/// Jobs a thread may announce ahead of the reader. Most jobs fill less than a block, so a
/// full channel alone would not hold a thread back: without this bound the threads race
/// through the jobs and a slow reader (a pager, a network) leaves the whole answer in
/// memory.
const AHEAD: usize = 2;

#[cfg(feature = "parallel")]
/// Below this size one thread lists the solutions faster than several split them.
const MIN_PARALLEL_N: usize = 10;

impl Solutions {
    /// Every solution of `n`, in lexicographic order, in blocks: the search runs on
    /// `threads` threads (by default, and at most, one per core), each block is passed to
    /// `map` on the thread that found it, and `consume` receives every block with what
    /// `map` made of it, in order, on the calling thread, until it returns
    /// [`ControlFlow::Break`], whose value is returned.
    ///
    /// A block holds at least one solution, `n` columns each, read in order; n = 0 has one
    /// block, the empty solution. A block is handed on full or once its search has run a
    /// while, so the first solutions of a large board come as they are found. Work such as
    /// rendering text belongs in `map`, where it is parallel too. The solutions and their
    /// order are the same on any number of threads; where the blocks end is not. Memory
    /// holds a few blocks a thread.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    ///
    /// let mut first_columns = Vec::new();
    /// queens::Solutions::for_each_block(10, None, |block| block[0], |_, first| {
    ///     first_columns.push(first);
    ///     ControlFlow::<()>::Continue(())
    /// })?;
    /// // The first column of the first solution of each block: never decreasing.
    /// assert!(first_columns.windows(2).all(|w| w[0] <= w[1]));
    ///
    /// let mut total = 0;
    /// queens::Solutions::for_each_block(10, None, |block| block.len() / 10, |_, count| {
    ///     total += count;
    ///     ControlFlow::<()>::Continue(())
    /// })?;
    /// assert_eq!(total, 724);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn for_each_block<T: Send, B>(
        n: usize,
        threads: Option<NonZeroUsize>,
        map: impl Fn(&[u32]) -> T + Sync,
        consume: impl FnMut(&[u32], T) -> ControlFlow<B>,
    ) -> Result<Option<B>, Error> {
        in_blocks(n, (None, threads, None), Solutions::below, map, consume)
    }

    /// [`Solutions::for_each_block`], stopped from another thread: once `cancel` is
    /// cancelled no further block reaches `consume`, and the listing returns
    /// [`Error::Cancelled`] within a block's search or rendering, where `consume` alone
    /// would wait for the next block (the joined listing of n = 12 to 17 finds its
    /// solutions a range of first rows at a time, a fraction of a second a range on one
    /// thread). A listing that ends before the cancel returns as `for_each_block` does.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use std::time::Duration;
    /// use queens::{Cancel, Error, Solutions};
    ///
    /// let cancel = Cancel::new();
    /// let timer = cancel.clone();
    /// std::thread::spawn(move || {
    ///     std::thread::sleep(Duration::from_millis(50));
    ///     timer.cancel();
    /// });
    /// let mut listed = 0;
    /// let ended = Solutions::for_each_block_until(17, None, &cancel, |_| (), |block, ()| {
    ///     listed += block.len() / 17;
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// // 95,815,104 solutions take seconds: the listing stopped part of the way.
    /// assert_eq!(ended, Err(Error::Cancelled));
    /// assert!(listed < 95_815_104);
    /// ```
    pub fn for_each_block_until<T: Send, B>(
        n: usize,
        threads: Option<NonZeroUsize>,
        cancel: &Cancel,
        map: impl Fn(&[u32]) -> T + Sync,
        consume: impl FnMut(&[u32], T) -> ControlFlow<B>,
    ) -> Result<Option<B>, Error> {
        in_blocks(
            n,
            (None, threads, Some(cancel)),
            Solutions::below,
            map,
            consume,
        )
    }

    /// [`Solutions::for_each_block_until`] for the solutions whose first queen stands in
    /// one of `columns` only: a part of the list, searched on every thread. Columns from
    /// `n` on hold none, and neither does any range on the empty board (n = 0), whose one
    /// solution has no first queen.
    ///
    /// The solutions with their first queen in column `n − 1 − c` are the mirror images
    /// (each column `x` becoming `n − 1 − x`) of those in column `c`, and mirroring
    /// reverses the order, so from n = 1 the columns left of the middle give the whole
    /// list at about half the search:
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use queens::{Cancel, Solutions};
    ///
    /// let (n, cancel) = (10, Cancel::new());
    /// let list = |columns| {
    ///     let mut rows: Vec<Vec<u32>> = Vec::new();
    ///     Solutions::for_each_block_in(n, columns, None, &cancel, |_| (), |block, ()| {
    ///         rows.extend(block.chunks(n).map(<[u32]>::to_vec));
    ///         ControlFlow::<()>::Continue(())
    ///     })?;
    ///     Ok::<_, queens::Error>(rows)
    /// };
    /// let (left, right) = (list(0..5)?, list(5..10)?);
    /// let mirrored: Vec<Vec<u32>> = left
    ///     .iter()
    ///     .rev()
    ///     .map(|row| row.iter().map(|&c| n as u32 - 1 - c).collect())
    ///     .collect();
    /// assert_eq!(mirrored, right);
    /// assert_eq!(left.len() + right.len(), 724);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn for_each_block_in<T: Send, B>(
        n: usize,
        columns: Range<u32>,
        threads: Option<NonZeroUsize>,
        cancel: &Cancel,
        map: impl Fn(&[u32]) -> T + Sync,
        consume: impl FnMut(&[u32], T) -> ControlFlow<B>,
    ) -> Result<Option<B>, Error> {
        in_blocks(
            n,
            (Some(columns), threads, Some(cancel)),
            Solutions::below,
            map,
            consume,
        )
    }
}

impl UniqueSolutions {
    /// One solution per symmetry class, as [`UniqueSolutions`] lists them, in blocks on
    /// `threads` threads: everything [`Solutions::for_each_block`] says of its blocks holds
    /// here too.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    ///
    /// let mut reps = Vec::new();
    /// queens::UniqueSolutions::for_each_block(8, None, |_| (), |block, ()| {
    ///     reps.extend(block.chunks(8).map(<[u32]>::to_vec));
    ///     ControlFlow::<()>::Continue(())
    /// })?;
    /// assert_eq!(reps.len(), 12);
    /// assert_eq!(reps[0], [0, 4, 7, 5, 2, 6, 1, 3]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn for_each_block<T: Send, B>(
        n: usize,
        threads: Option<NonZeroUsize>,
        map: impl Fn(&[u32]) -> T + Sync,
        consume: impl FnMut(&[u32], T) -> ControlFlow<B>,
    ) -> Result<Option<B>, Error> {
        in_blocks(
            n,
            (None, threads, None),
            UniqueSolutions::below,
            map,
            consume,
        )
    }

    /// [`UniqueSolutions::for_each_block`], stopped from another thread as
    /// [`Solutions::for_each_block_until`] is.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use queens::{Cancel, Error, UniqueSolutions};
    ///
    /// let cancel = Cancel::new();
    /// cancel.cancel();
    /// let keep_on = |_: &[u32], ()| ControlFlow::<()>::Continue(());
    /// let ended = UniqueSolutions::for_each_block_until(16, None, &cancel, |_| (), keep_on);
    /// assert_eq!(ended, Err(Error::Cancelled));
    /// ```
    pub fn for_each_block_until<T: Send, B>(
        n: usize,
        threads: Option<NonZeroUsize>,
        cancel: &Cancel,
        map: impl Fn(&[u32]) -> T + Sync,
        consume: impl FnMut(&[u32], T) -> ControlFlow<B>,
    ) -> Result<Option<B>, Error> {
        in_blocks(
            n,
            (None, threads, Some(cancel)),
            UniqueSolutions::below,
            map,
            consume,
        )
    }
}

/// A search that hands on its solutions in blocks, in lexicographic order.
trait Fill: Send {
    /// Whether the search lists one solution per symmetry class rather than every one.
    #[cfg(feature = "parallel")]
    const ONE_PER_CLASS: bool;

    /// Appends up to `max` of the next solutions to `block`, `n` columns each, returning
    /// once about `budget` squares have been tried: how many it appended, and whether there
    /// may be more.
    fn fill(&mut self, block: &mut Vec<u32>, max: usize, budget: usize) -> (usize, bool);

    /// Whether the solutions below `prefix`, a placement of the first rows, can hold any
    /// this search lists.
    #[cfg(feature = "parallel")]
    fn lists_below(n: usize, prefix: &[u32]) -> bool;
}

impl Fill for Solutions {
    #[cfg(feature = "parallel")]
    const ONE_PER_CLASS: bool = false;

    fn fill(&mut self, block: &mut Vec<u32>, max: usize, budget: usize) -> (usize, bool) {
        Solutions::fill(self, block, max, budget)
    }

    #[cfg(feature = "parallel")]
    fn lists_below(_: usize, _: &[u32]) -> bool {
        true
    }
}

impl Fill for UniqueSolutions {
    #[cfg(feature = "parallel")]
    const ONE_PER_CLASS: bool = true;

    fn fill(&mut self, block: &mut Vec<u32>, max: usize, budget: usize) -> (usize, bool) {
        UniqueSolutions::fill(self, block, max, budget)
    }

    #[cfg(feature = "parallel")]
    fn lists_below(n: usize, prefix: &[u32]) -> bool {
        prefix
            .first()
            .is_none_or(|&c| c <= UniqueSolutions::max_first(n))
    }
}

/// The blocks of the searches `below(n, prefix, table)` make, of the whole board or with
/// the first queen in one of `columns`, split by their first rows on `threads` threads,
/// or on one, until `cancel` is cancelled.
fn in_blocks<S: Fill, T: Send, B>(
    n: usize,
    (columns, threads, cancel): (Option<Range<u32>>, Option<NonZeroUsize>, Option<&Cancel>),
    below: fn(usize, &[u32], Option<std::sync::Arc<super::Bottoms>>) -> S,
    map: impl Fn(&[u32]) -> T + Sync,
    mut consume: impl FnMut(&[u32], T) -> ControlFlow<B>,
) -> Result<Option<B>, Error> {
    check_board(n, 0)?;
    // Blocks found before the cancel but read after it go no further. The engines look
    // at the cancel too, to stop their search.
    let mut consume = |block: &[u32], made| {
        if cancelled(cancel) {
            return ControlFlow::Break(Err(Error::Cancelled));
        }
        match consume(block, made) {
            ControlFlow::Break(b) => ControlFlow::Break(Ok(b)),
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
        }
    };
    // A listing with nothing to list is cancelled all the same.
    if cancelled(cancel) {
        return Err(Error::Cancelled);
    }
    let columns = columns.map(|c| c.start..c.end.min(n as u32));
    by_engine(n, (columns, threads, cancel), below, map, &mut consume)?.transpose()
}

/// [`in_blocks`] by the engine for `n` and `threads`: the joined listing, the search
/// split over threads, or the search on the calling thread.
fn by_engine<S: Fill, T: Send, B>(
    n: usize,
    (columns, threads, cancel): (Option<Range<u32>>, Option<NonZeroUsize>, Option<&Cancel>),
    below: fn(usize, &[u32], Option<std::sync::Arc<super::Bottoms>>) -> S,
    map: impl Fn(&[u32]) -> T + Sync,
    mut consume: impl FnMut(&[u32], T) -> ControlFlow<B>,
) -> Result<Option<B>, Error> {
    // More threads than cores cannot make an ordered stream faster, and they would
    // starve the thread whose job is read next.
    let threads = crate::threads::count(threads)?.min(crate::threads::available());
    #[cfg(feature = "parallel")]
    if super::joined::lists(n) {
        let with = (S::ONE_PER_CLASS, cancel);
        let columns = columns.unwrap_or(0..n as u32);
        return super::joined::for_each_block(n, (columns, threads), with, &map, &mut consume);
    }
    #[cfg(feature = "parallel")]
    if threads > 1 && n >= MIN_PARALLEL_N {
        return parallel(n, (columns, threads, cancel), below, &map, &mut consume);
    }
    #[cfg(not(feature = "parallel"))]
    let _ = threads;
    let table = super::bottoms::shared(n);
    // The whole board (n = 0 included, whose one solution has no first queen, and so
    // lies in no range) as one search; a part of it a first column at a time.
    let Some(columns) = columns else {
        return sequential(below(n, &[], table), cancel, &map, &mut consume);
    };
    for c in columns {
        let listed = sequential(below(n, &[c], table.clone()), cancel, &map, &mut consume)?;
        if listed.is_some() {
            return Ok(listed);
        }
    }
    Ok(None)
}

/// The blocks of `solutions` on the calling thread, until `cancel` is cancelled.
fn sequential<T, B>(
    mut solutions: impl Fill,
    cancel: Option<&Cancel>,
    map: &impl Fn(&[u32]) -> T,
    consume: &mut impl FnMut(&[u32], T) -> ControlFlow<B>,
) -> Result<Option<B>, Error> {
    let mut block = Vec::new();
    loop {
        if cancelled(cancel) {
            return Err(Error::Cancelled);
        }
        block.clear();
        // A budget, so that the first solutions of a large board, far apart, are handed
        // on as they come rather than once a block is full.
        let (count, more) = solutions.fill(&mut block, BLOCK, BUDGET);
        if count > 0
            && let ControlFlow::Break(b) = consume(&block, map(&block))
        {
            return Ok(Some(b));
        }
        if !more {
            return Ok(None);
        }
    }
}

/// One job's blocks, with what `map` made of each, as its thread sends them.
#[cfg(feature = "parallel")]
type Blocks<T> = std::sync::mpsc::Receiver<(Vec<u32>, T)>;

/// The blocks of every job, searched on `threads` threads, read in job order, until
/// `cancel` is cancelled.
#[cfg(feature = "parallel")]
fn parallel<S: Fill, T: Send, B>(
    n: usize,
    (columns, threads, cancel): (Option<Range<u32>>, usize, Option<&Cancel>),
    below: fn(usize, &[u32], Option<std::sync::Arc<super::Bottoms>>) -> S,
    map: &(impl Fn(&[u32]) -> T + Sync),
    consume: &mut impl FnMut(&[u32], T) -> ControlFlow<B>,
) -> Result<Option<B>, Error> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::mpsc::sync_channel;

    let mut jobs = prefixes(n, JOB_ROWS);
    jobs.retain(|prefix| {
        columns.as_ref().is_none_or(|c| c.contains(&prefix[0])) && S::lists_below(n, prefix)
    });
    let table = super::bottoms::shared(n);
    let next_job = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    // Set by a thread that leaves a job unfinished for the cancel: the reader must not
    // read on past that job's end into the next.
    let cut_short = AtomicBool::new(false);
    let (announce, announced) = sync_channel::<(usize, Blocks<T>)>(AHEAD * threads);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let announce = announce.clone();
            let (jobs, table, next_job) = (&jobs, &table, &next_job);
            let (stopped, cut_short) = (&stopped, &cut_short);
            scope.spawn(move || {
                loop {
                    let j = next_job.fetch_add(1, Ordering::Relaxed);
                    let Some(prefix) = jobs.get(j) else { return };
                    // One block ahead of the reader, and one being searched.
                    let (send, receive) = sync_channel(2);
                    if announce.send((j, receive)).is_err() {
                        return;
                    }
                    let mut solutions = below(n, prefix, table.clone());
                    loop {
                        if stopped.load(Ordering::Relaxed) {
                            return;
                        }
                        if cancelled(cancel) {
                            cut_short.store(true, Ordering::Relaxed);
                            return;
                        }
                        let mut block = Vec::with_capacity(BLOCK * n);
                        let (count, more) = solutions.fill(&mut block, BLOCK, BUDGET);
                        if count > 0 {
                            let made = map(&block);
                            if send.send((block, made)).is_err() {
                                return;
                            }
                        }
                        if !more {
                            break;
                        }
                    }
                }
            });
        }
        drop(announce);
        let result = read(jobs.len(), announced, &cut_short, consume);
        stopped.store(true, Ordering::Relaxed);
        result
    })
}

/// Hands the blocks of jobs `0..jobs` to `consume` in order, as the threads announce
/// their channels, until a job ends `cut_short`. It owns every receiver: when it returns
/// they close, and a thread waiting to send learns that it is done.
#[cfg(feature = "parallel")]
fn read<T, B>(
    jobs: usize,
    announced: std::sync::mpsc::Receiver<(usize, Blocks<T>)>,
    cut_short: &std::sync::atomic::AtomicBool,
    consume: &mut impl FnMut(&[u32], T) -> ControlFlow<B>,
) -> Result<Option<B>, Error> {
    // A job's channel closes after its thread's last send, and the flag is set before
    // that: read once the channel is closed, it tells whether the job was whole.
    let whole = || match cut_short.load(std::sync::atomic::Ordering::Relaxed) {
        true => Err(Error::Cancelled),
        false => Ok(()),
    };
    let mut waiting = std::collections::HashMap::new();
    for j in 0..jobs {
        let blocks = loop {
            if let Some(blocks) = waiting.remove(&j) {
                break blocks;
            }
            let Ok((i, blocks)) = announced.recv() else {
                // Closed: every thread stopped for the cancel, or one panicked, which
                // the scope reports.
                whole()?;
                return Ok(None);
            };
            waiting.insert(i, blocks);
        };
        for (block, made) in blocks {
            if let ControlFlow::Break(b) = consume(&block, made) {
                return Ok(Some(b));
            }
        }
        whole()?;
    }
    Ok(None)
}

/// Every placement of queens on the first `rows` rows of an `n × n` board that attack
/// each other nowhere, in lexicographic order.
#[cfg(feature = "parallel")]
fn prefixes(n: usize, rows: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    crate::bitboard::placements(n, rows, |prefix| {
        out.push(prefix.to_vec());
        ControlFlow::Continue(())
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(n: usize, threads: usize) -> Vec<u32> {
        let mut all = Vec::new();
        let result = Solutions::for_each_block(
            n,
            NonZeroUsize::new(threads),
            |block| block.len(),
            |block, len| {
                assert!(!block.is_empty() || n == 0);
                assert_eq!(block.len(), len);
                all.extend_from_slice(block);
                ControlFlow::<()>::Continue(())
            },
        );
        assert_eq!(result.unwrap(), None);
        all
    }

    #[test]
    fn any_number_of_threads_lists_the_same_solutions_in_order() {
        for n in [0, 1, 4, 9, 10, 12] {
            let mut expected = Vec::new();
            let mut one = Solutions::new(n).unwrap();
            while let Some(c) = one.next_columns() {
                expected.extend_from_slice(c);
            }
            for threads in [1, 2, 3, 8] {
                assert_eq!(listed(n, threads), expected, "n = {n}, {threads} threads");
            }
        }
    }

    #[test]
    fn any_number_of_threads_lists_the_same_representatives_in_order() {
        for n in [0, 1, 4, 6, 9, 10, 11, 12] {
            let mut expected = Vec::new();
            let mut one = UniqueSolutions::new(n).unwrap();
            while let Some(c) = one.next_columns() {
                expected.extend_from_slice(c);
            }
            for threads in [1, 2, 3, 8] {
                let mut all = Vec::new();
                let result = UniqueSolutions::for_each_block(
                    n,
                    NonZeroUsize::new(threads),
                    |block| block.len(),
                    |block, len| {
                        assert!(!block.is_empty() || n == 0);
                        assert_eq!(block.len(), len);
                        all.extend_from_slice(block);
                        ControlFlow::<()>::Continue(())
                    },
                );
                assert_eq!(result.unwrap(), None);
                assert_eq!(all, expected, "n = {n}, {threads} threads");
            }
        }
    }

    #[test]
    fn a_range_of_first_columns_lists_that_part_of_the_list_on_every_engine() {
        // The search on one thread (n = 8), split over threads (n = 11) and the joined
        // listing (n = 13), each on one thread and on two.
        for (n, threads) in [(8, 1), (8, 2), (11, 1), (11, 2), (13, 1), (13, 2)] {
            let every = listed(n, 1);
            for columns in [
                0..0,
                0..1,
                2..5,
                0..n as u32,
                5..5,
                6..99,
                n as u32 - 1..n as u32,
            ] {
                let mut part = Vec::new();
                let ended = Solutions::for_each_block_in(
                    n,
                    columns.clone(),
                    NonZeroUsize::new(threads),
                    &Cancel::new(),
                    |_| (),
                    |block, ()| {
                        part.extend_from_slice(block);
                        ControlFlow::<()>::Continue(())
                    },
                );
                assert_eq!(ended, Ok(None));
                let expected: Vec<u32> = every
                    .chunks(n)
                    .filter(|row| columns.contains(&row[0]))
                    .flatten()
                    .copied()
                    .collect();
                assert_eq!(part, expected, "n = {n} on {threads} threads, {columns:?}");
                let cancelled = Cancel::new();
                cancelled.cancel();
                let keep_on = |_: &[u32], ()| ControlFlow::<()>::Continue(());
                let ended =
                    Solutions::for_each_block_in(n, columns, None, &cancelled, |_| (), keep_on);
                assert_eq!(
                    ended,
                    Err(Error::Cancelled),
                    "cancelled before, even with nothing to list"
                );
            }
        }
        // The empty board's one solution has no first queen.
        for columns in [0..0, 0..1, 3..99] {
            let mut blocks = 0;
            let ended = Solutions::for_each_block_in(
                0,
                columns,
                None,
                &Cancel::new(),
                |_| (),
                |_, ()| {
                    blocks += 1;
                    ControlFlow::<()>::Continue(())
                },
            );
            assert_eq!((ended, blocks), (Ok(None), 0));
        }
    }

    #[test]
    fn a_break_ends_the_search_and_returns_its_value() {
        let mut blocks = 0;
        let result = Solutions::for_each_block(
            20,
            NonZeroUsize::new(2),
            |block| block[0],
            |_, first| {
                blocks += 1;
                ControlFlow::Break(first)
            },
        );
        assert_eq!((result.unwrap(), blocks), (Some(0), 1));
    }

    /// When [`until`] cancels its listing.
    #[derive(Clone, Copy, PartialEq)]
    enum Stop {
        Before,
        AtFirstBlock,
        Never,
    }

    /// Lists `n` with a cancel handle cancelled at `stop`: how it ended, the blocks
    /// consumed, the solutions in them, and the blocks mapped.
    fn until(
        n: usize,
        threads: usize,
        unique: bool,
        stop: Stop,
    ) -> (Result<Option<()>, Error>, usize, usize, usize) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let cancel = Cancel::new();
        if stop == Stop::Before {
            cancel.cancel();
        }
        let mapped = AtomicUsize::new(0);
        let map = |_: &[u32]| {
            mapped.fetch_add(1, Ordering::Relaxed);
        };
        let (mut blocks, mut listed) = (0, 0);
        let consume = |block: &[u32], ()| {
            blocks += 1;
            listed += block.len() / n;
            if stop == Stop::AtFirstBlock {
                cancel.cancel();
            }
            ControlFlow::Continue(())
        };
        let threads = NonZeroUsize::new(threads);
        let ended = if unique {
            UniqueSolutions::for_each_block_until(n, threads, &cancel, map, consume)
        } else {
            Solutions::for_each_block_until(n, threads, &cancel, map, consume)
        };
        (ended, blocks, listed, mapped.into_inner())
    }

    #[test]
    fn a_cancel_stops_every_engine_before_the_next_block() {
        // The search on one thread and on several (one per class from n = 18, where the
        // joined listing ends), and the joined listing (n = 13).
        for (n, threads, unique) in [
            (11, 1, false),
            (11, 2, false),
            (18, 1, true),
            (18, 2, true),
            (13, 2, false),
            (13, 2, true),
        ] {
            let (ended, blocks, _, _) = until(n, threads, unique, Stop::AtFirstBlock);
            let case = format!("n = {n}, {threads} threads, unique {unique}");
            assert_eq!((ended, blocks), (Err(Error::Cancelled), 1), "{case}");
            // Cancelled before it starts, the engine searches and renders nothing: each
            // looks at the cancel between the blocks it finds, not only as it hands
            // them on.
            let (ended, blocks, _, mapped) = until(n, threads, unique, Stop::Before);
            assert_eq!(
                (ended, blocks, mapped),
                (Err(Error::Cancelled), 0, 0),
                "{case}"
            );
        }
        // Not cancelled, a listing runs to its end.
        for (n, threads, unique, all) in [(11, 2, false, 2680), (13, 2, true, 9233)] {
            let (ended, _, listed, _) = until(n, threads, unique, Stop::Never);
            assert_eq!((ended, listed), (Ok(None), all), "n = {n}");
        }
    }

    #[test]
    fn bad_sizes_and_thread_counts_are_errors() {
        let keep_on = |_: &[u32], _: ()| ControlFlow::<()>::Continue(());
        assert!(Solutions::for_each_block(65, None, |_| (), keep_on).is_err());
        let too_many = NonZeroUsize::new(crate::limits::MAX_THREADS + 1);
        assert!(Solutions::for_each_block(8, too_many, |_| (), keep_on).is_err());
    }
}
