//! Listing solutions (`solutions`, `solve`), one solution (`one`) and checking one
//! (`verify`).

use std::hash::{BuildHasher, RandomState};
use std::ops::ControlFlow;
use std::sync::{Mutex, mpsc};

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};
use queens::counting::Ranker;
use queens::limits::{CONSTRUCT_MAX_N, MAX_N, RANDOM_MAX_N, RANK_MAX_N};
use queens::{LexWalk, Outcome, Solutions, UniqueSolutions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::args::{self, Dtype, Flag};
use crate::board::{Board, on_board};
use crate::room::Room;
use crate::run::interruptible;

/// Every solution or one per symmetry class, in lexicographic order.
#[derive(Debug)]
enum Source {
    All(Solutions),
    Unique(UniqueSolutions),
    /// From [`PARALLEL_MIN_N`], the library's ordered listing on every core, in a thread
    /// of its own, a block at a time.
    Streamed(Stream),
    /// From n = 30, where the walk guided by completion proofs finds the first solutions
    /// far sooner than the search; the last solution it gave.
    Walk(Box<LexWalk>, Vec<u32>),
}

impl Source {
    fn new(n: usize, unique: bool) -> Result<Source, queens::Error> {
        Ok(if n >= LexWalk::FROM_N {
            let walk = LexWalk::new(n)?;
            let walk = if unique { walk.unique() } else { walk };
            Source::Walk(Box::new(walk), Vec::new())
        } else if n >= PARALLEL_MIN_N {
            Source::Streamed(Stream::new(n, unique))
        } else if unique {
            Source::Unique(UniqueSolutions::new(n)?)
        } else {
            Source::All(Solutions::new(n)?)
        })
    }

    /// The source with its walk's completion searches stopped by `cancel`.
    fn cancel_on(self, cancel: &queens::Cancel) -> Source {
        match self {
            Source::Walk(walk, last) => {
                Source::Walk(Box::new(walk.cancel_on(cancel.clone())), last)
            }
            other => other,
        }
    }

    /// Why the source ended before its last solution: its listing thread failed.
    fn failure(&mut self) -> Option<String> {
        match self {
            Source::Streamed(s) => s.failure.take(),
            _ => None,
        }
    }

    fn next_columns(&mut self) -> Option<&[u32]> {
        match self {
            Source::All(s) => s.next_columns(),
            Source::Unique(s) => s.next_columns(),
            Source::Streamed(s) => s.next_columns(),
            // Cancelled, the walk ends here: the caller raises the interrupt.
            Source::Walk(walk, last) => match walk.next_solution(None) {
                Ok(Outcome::Completed(p)) => {
                    *last = p.into_columns();
                    Some(last)
                }
                _ => None,
            },
        }
    }
}

/// The solutions of [`Solutions::for_each_block`] (or [`UniqueSolutions`]'), listed by a
/// thread of their own once the first is asked for and handed over a block at a time. The
/// thread stops when the stream is dropped: its next block finds no one to take it.
#[derive(Debug)]
struct Stream {
    n: usize,
    unique: bool,
    feed: Feed,
    /// The block being read, a byte a column, and where.
    block: Vec<u8>,
    at: usize,
    /// The solution last read, widened.
    columns: Vec<u32>,
    /// Why the listing ended early, until it is reported.
    failure: Option<String>,
}

/// Where a stream's blocks come from.
#[derive(Debug)]
enum Feed {
    /// No solution was asked for yet.
    Unstarted,
    /// The listing thread's channel, only ever used through `&mut`: the lock is there
    /// for `Sync`.
    Listing(Mutex<mpsc::Receiver<Handed>>),
    Ended,
}

/// What the listing thread hands over.
#[derive(Debug)]
enum Handed {
    /// Solutions, `n` columns each, a byte a column: a block takes a quarter of the
    /// memory of the library's, so that many can wait in the channel.
    Block(Vec<u8>),
    /// Every solution was handed over.
    End,
    Failed(String),
}

impl Stream {
    fn new(n: usize, unique: bool) -> Stream {
        Stream {
            n,
            unique,
            feed: Feed::Unstarted,
            block: Vec::new(),
            at: 0,
            columns: vec![0; n],
            failure: None,
        }
    }

    /// Waits for the next block once this one is read.
    fn refill(&mut self) {
        if self.at < self.block.len() {
            return;
        }
        self.block.clear();
        self.at = 0;
        if let Feed::Unstarted = self.feed {
            self.feed = match Stream::start(self.n, self.unique) {
                Ok(blocks) => Feed::Listing(Mutex::new(blocks)),
                Err(why) => return self.end(Some(why)),
            };
        }
        let Feed::Listing(blocks) = &mut self.feed else {
            return;
        };
        let blocks = blocks.get_mut().expect("no thread panics holding it");
        match blocks.recv() {
            Ok(Handed::Block(block)) => self.block = block,
            Ok(Handed::End) => self.end(None),
            Ok(Handed::Failed(why)) => self.end(Some(why)),
            Err(_) => self.end(Some(
                "the listing thread stopped before the last solution".to_string(),
            )),
        }
    }

    fn end(&mut self, failure: Option<String>) {
        self.feed = Feed::Ended;
        self.failure = failure;
    }

    fn next_columns(&mut self) -> Option<&[u32]> {
        self.refill();
        let bytes = self.block.get(self.at..self.at + self.n)?;
        self.at += self.n;
        for (column, &byte) in self.columns.iter_mut().zip(bytes) {
            *column = u32::from(byte);
        }
        Some(&self.columns)
    }

    fn start(n: usize, unique: bool) -> Result<mpsc::Receiver<Handed>, String> {
        let (hand, blocks) = mpsc::sync_channel(AHEAD_BLOCKS);
        std::thread::Builder::new()
            .name(format!("queens-solutions-{n}"))
            .spawn(move || {
                // A column is below n < 256.
                let copy = |block: &[u32]| block.iter().map(|&c| c as u8).collect::<Vec<u8>>();
                let hand_over = |_: &[u32], block| match hand.send(Handed::Block(block)) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                };
                let listed = if unique {
                    UniqueSolutions::for_each_block(n, None, copy, hand_over)
                } else {
                    Solutions::for_each_block(n, None, copy, hand_over)
                };
                // No one may be left to tell.
                let _ = hand.send(match listed {
                    Ok(_) => Handed::End,
                    Err(e) => {
                        Handed::Failed(format!("listing the solutions of n = {n} failed: {e}"))
                    }
                });
            })
            .map_err(|e| {
                format!("cannot start the thread that lists the solutions of n = {n}: {e}")
            })?;
        Ok(blocks)
    }
}

/// Blocks the listing thread may hand over ahead of the reader. The joined halves list a
/// pass of solutions (n = 16: about 70 ms on two cores) between two runs of blocks, and
/// the reader should have that long of solutions to read meanwhile: at Python's pace of
/// about 150 ns a tuple, half a million, 230 blocks. The blocks hold at most 8 MB at
/// n = 16, whatever the pace of the reader; the pass being listed (up to 32 MB of codes)
/// comes on top. Two blocks ahead made `for s in solutions(16)` a fifth slower.
const AHEAD_BLOCKS: usize = 256;

/// The board size from which `solve` lists every solution on every core, and
/// `solutions` streams them from a thread: below it, starting the threads costs more
/// than it saves.
const PARALLEL_MIN_N: usize = 10;

/// Up to `limit` solutions of `source` as rows of `u8` columns, and how many; stops
/// early once `cancel` is cancelled, fails when the source's listing thread did, and
/// stops with a `MemoryError` once the rows would outgrow `room`, where there is one.
fn take(
    source: &mut Source,
    limit: usize,
    cancel: &queens::Cancel,
    room: Option<&Room>,
) -> PyResult<(Vec<u8>, usize)> {
    let mut cells = Vec::new();
    let mut k = 0;
    while k < limit {
        let Some(columns) = source.next_columns() else {
            break;
        };
        // A column is below n ≤ 64.
        cells.extend(columns.iter().map(|&c| c as u8));
        k += 1;
        if k % 4096 == 0 {
            if cancel.is_cancelled() {
                break;
            }
            if let Some(room) = room {
                room.check(k)?;
            }
        }
    }
    match source.failure() {
        Some(why) => Err(PyRuntimeError::new_err(why)),
        None => Ok((cells, k)),
    }
}

/// A lazy iterator over solutions: column tuples, or `Board`s.
#[pyclass(module = "queens", name = "Solutions")]
#[derive(Debug)]
pub(crate) struct SolutionIter {
    source: Source,
    boards: bool,
    /// The columns' `int`s, made once: a tuple then takes a reference to each where
    /// making them anew cost a call per column (`for s in solutions(16)` a sixth of
    /// its time).
    ints: Vec<Py<PyAny>>,
}

#[pymethods]
impl SolutionIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// Refuses, saying why: the solutions are found as they are asked for.
    fn __len__(&self) -> PyResult<usize> {
        Err(PyTypeError::new_err(
            "queens.solutions(n) finds its solutions one by one and has no len(): queens.count(n) counts them (unique=True for the classes), len(queens.solve(n)) lists them all first",
        ))
    }

    /// An iterator is true, as `object`s are: `__len__` must not decide it.
    fn __bool__(&self) -> bool {
        true
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        // The wait for a block, at most a pass of the listing, holds the GIL, as the
        // search below n = 10 does: an iterator shared by threads is read by one at a time.
        let Some(columns) = self.source.next_columns() else {
            return match self.source.failure() {
                Some(why) => Err(PyRuntimeError::new_err(why)),
                None => Ok(None),
            };
        };
        Ok(Some(if self.boards {
            Bound::new(py, Board::from_columns(columns.to_vec()))?.into_any()
        } else {
            PyTuple::new(py, columns.iter().map(|&c| &self.ints[c as usize]))?.into_any()
        }))
    }
}

/// Every solution of an `n × n` board (or with `unique` the smallest of each symmetry
/// class), lazily, in lexicographic order: tuples of columns, or `Board`s.
#[pyfunction]
#[pyo3(signature = (n, *, unique = Flag(false), boards = Flag(false)), text_signature = "(n, *, unique=False, boards=False)")]
pub(crate) fn solutions(
    n: &Bound<'_, PyAny>,
    unique: Flag,
    boards: Flag,
) -> PyResult<SolutionIter> {
    let (unique, boards, py) = (unique.0, boards.0, n.py());
    let n = args::board_size(n, MAX_N, "solutions")?;
    Ok(SolutionIter {
        source: Source::new(n, unique).map_err(args::error)?,
        boards,
        ints: (0..n)
            .map(|c| PyInt::new(py, c).into_any().unbind())
            .collect(),
    })
}

/// The solutions (or with `unique` one per class) as an array of shape (k, n) of
/// `dtype` (`int32` by default), row i holding solution i's columns, in lexicographic
/// order; at most `limit` of them.
#[pyfunction]
#[pyo3(signature = (n, *, limit = None, unique = Flag(false), dtype = None), text_signature = "(n, *, limit=None, unique=False, dtype=None)")]
pub(crate) fn solve<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    limit: Option<&Bound<'py, PyAny>>,
    unique: Flag,
    dtype: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let unique = unique.0;
    let n = args::board_size(n, MAX_N, "solve")?;
    let dtype = Dtype::of(dtype)?.check(n, &format!("solve({n})"))?;
    let limit = match limit.filter(|l| !l.is_none()) {
        // An int past 64 bits is more than any board has: all of them.
        Some(l) if l.is_instance_of::<pyo3::types::PyInt>() && l.gt(i64::MAX)? => usize::MAX,
        Some(l) => args::bounded(l, "limit", usize::MAX, "limit must be 0 or more, or None")?,
        None => usize::MAX,
    };
    // Fails here, before any thread starts, on a bad n.
    let source = Source::new(n, unique).map_err(args::error)?;
    let every = limit == usize::MAX && n >= PARALLEL_MIN_N;
    // Below PARALLEL_MIN_N every list is a few kilobytes: no call there reads what is
    // free, which would cost a small call a third of its time.
    let room = if n >= PARALLEL_MIN_N {
        Room::new(n, dtype, every && !unique, unique)?
    } else {
        None
    };
    let (pieces, k, mirrored) = interruptible(py, None, |cancel, _| {
        let mut source = source.cancel_on(cancel);
        if !every {
            let listed = take(&mut source, limit, cancel, room.as_ref());
            return listed.map(|(cells, k)| (vec![cells], k, 0));
        }
        // All of them: the library's ordered listing on every core, each block turned
        // into bytes on the thread that found it.
        let mut blocks = Vec::new();
        let mut rows = 0;
        let mut full = Ok(());
        let bytes = |block: &[u32]| block.iter().map(|&c| c as u8).collect::<Vec<u8>>();
        let keep = |_: &[u32], bytes: Vec<u8>| {
            rows += bytes.len() / n;
            blocks.push(bytes);
            full = room.as_ref().map_or(Ok(()), |room| room.check(rows));
            match full {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            }
        };
        // The solutions right of the middle column are the mirror images of those left
        // of it in reverse order (`Solutions::for_each_block_in`): only the left half and
        // the middle column are searched, and the rest is mirrored into place.
        let listed = if unique {
            UniqueSolutions::for_each_block_until(n, None, cancel, bytes, keep)
        } else {
            let columns = 0..(n as u32).div_ceil(2);
            Solutions::for_each_block_in(n, columns, None, cancel, bytes, keep)
        };
        match listed {
            Ok(_) => full?,
            // Cancelled by an interrupt, within the pass being joined: the exception is
            // the answer.
            Err(queens::Error::Cancelled) => return Ok((Vec::new(), 0, 0)),
            Err(e) => panic!("n was checked, and the default thread count is valid: {e}"),
        }
        let mirrored = match unique {
            true => 0,
            false => left_of_middle(&blocks, n),
        };
        Ok((blocks, rows, mirrored))
    })??;
    dtype.rows(py, &pieces, [k, n], mirrored)
}

/// How many of the rows of `blocks` (in order, `n` bytes a row) have their first queen
/// left of the middle column: for odd n the middle column's rows come after them.
fn left_of_middle(blocks: &[Vec<u8>], n: usize) -> usize {
    let half = (n / 2) as u8;
    let mut rows = 0;
    for block in blocks {
        let within = block.len() / n;
        let left = match block[(within - 1) * n] < half {
            true => within,
            false => (0..within).take_while(|&i| block[i * n] < half).count(),
        };
        rows += left;
        if left < within {
            break;
        }
    }
    rows
}

/// One solution of an `n × n` board as an array of `dtype` (`int32` by default), or
/// `None` when there is none (n = 2 and 3): the explicit construction up to 10^9 queens;
/// with `random`, min-conflicts local search from a random start (up to 10^8); with
/// `uniform`, each solution equally likely (up to 21). `seed` makes the random ones
/// reproducible.
#[pyfunction]
#[pyo3(signature = (n, *, random = Flag(false), uniform = Flag(false), seed = None, dtype = None), text_signature = "(n, *, random=False, uniform=False, seed=None, dtype=None)")]
pub(crate) fn one<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    random: Flag,
    uniform: Flag,
    seed: Option<&Bound<'py, PyAny>>,
    dtype: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let (random, uniform) = (random.0, uniform.0);
    let (max, what) = match (random, uniform) {
        (true, true) => {
            return Err(PyValueError::new_err(
                "random=True and uniform=True cannot be combined: choose one",
            ));
        }
        (true, false) => (RANDOM_MAX_N, "one with random=True"),
        (false, true) => (RANK_MAX_N, "one with uniform=True"),
        (false, false) => (CONSTRUCT_MAX_N, "one"),
    };
    let n = args::board_size(n, max, what)?;
    // Checked before a board of up to 10^9 queens is built.
    let dtype = Dtype::of(dtype)?.check(n, &format!("one({n})"))?;
    let seed = match seed.filter(|s| !s.is_none()) {
        Some(_) if !random && !uniform => {
            return Err(PyValueError::new_err(
                "seed is only used with random=True or uniform=True",
            ));
        }
        Some(s) => args::seed(s)?,
        None => RandomState::new().hash_one(std::time::SystemTime::now()),
    };
    let columns = if random {
        py.detach(|| {
            queens::random_solution(n, seed).map(|p| p.map(queens::Placement::into_columns))
        })
        .map_err(args::error)?
    } else if uniform {
        interruptible(py, None, |cancel, _| {
            Ranker::new(n)?
                .cancel_on(cancel.clone())
                .uniform(&mut ChaCha8Rng::seed_from_u64(seed))
                .map(|p| p.map(queens::Placement::into_columns))
        })?
        .map_err(args::error)?
    } else {
        py.detach(|| queens::construct(n).map(|c| c.map(Iterator::collect)))
            .map_err(args::error)?
    };
    columns.map(|c| dtype.array(py, c)).transpose()
}

/// `None` when `columns` (a sequence, a 1-D array or a `Board`) is a solution, else
/// its first conflict, named. A column off the board is a `ValueError`: that is no
/// board.
#[pyfunction]
pub(crate) fn verify(py: Python<'_>, columns: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let columns = on_board(columns)?;
    Ok(py.detach(|| queens::validate(&columns).err().map(|c| c.to_string())))
}

/// Where the solution `columns` (a sequence, a 1-D array or a `Board`) stands in the
/// lexicographic order of `solutions(n)`, from 0, found by counting the solutions before
/// it rather than listing them (n up to 21); `None` when it is no solution.
#[pyfunction]
pub(crate) fn solution_index(py: Python<'_>, columns: &Bound<'_, PyAny>) -> PyResult<Option<u128>> {
    let columns = on_board(columns)?;
    let n = columns.len();
    if n > RANK_MAX_N {
        return Err(PyValueError::new_err(format!(
            "solution_index takes boards of 0 to {RANK_MAX_N} queens, not {n}: it counts the solutions before the board's"
        )));
    }
    interruptible(py, None, |cancel, _| {
        Ranker::new(n)?.cancel_on(cancel.clone()).index(&columns)
    })?
    .map_err(args::error)
}

/// Whether `columns` is a solution: no two queens attack each other.
#[pyfunction]
pub(crate) fn is_solution(py: Python<'_>, columns: &Bound<'_, PyAny>) -> PyResult<bool> {
    let columns = on_board(columns)?;
    Ok(py.detach(|| queens::validate(&columns).is_ok()))
}

/// The pairs of rows whose queens attack each other, as an array of shape (k, 2), the
/// earlier row first, in lexicographic order, as `int32`: empty for a solution.
#[pyfunction]
pub(crate) fn conflicts<'py>(
    py: Python<'py>,
    columns: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    conflict_array(py, &on_board(columns)?)
}

/// The most attacking pairs `conflicts` lists: 80 MB of pairs.
const CONFLICTS_MAX: u64 = 10_000_000;

/// The attacking pairs of a board as an `int32` array of shape (k, 2).
pub(crate) fn conflict_array<'py>(py: Python<'py>, columns: &[u32]) -> PyResult<Bound<'py, PyAny>> {
    let count = py.detach(|| queens::count_conflicts(columns));
    if count > CONFLICTS_MAX {
        return Err(PyValueError::new_err(format!(
            "the board has {count} attacking pairs, more than the {CONFLICTS_MAX} conflicts() lists: verify() names the first"
        )));
    }
    let pairs = py.detach(|| queens::conflicts(columns));
    let k = pairs.len();
    let flat: Vec<u64> = pairs
        .into_iter()
        .flat_map(|(a, b)| [a as u64, b as u64])
        .collect();
    Dtype::INT32
        .array(py, flat)?
        .call_method1("reshape", ((k, 2),))
}
