//! Counting: `count` and `tally`, with the GIL released and Ctrl-C honoured.

use std::collections::BTreeMap;

use pyo3::prelude::*;
use queens::Counter;
use queens::limits::COUNT_MAX_N;

use crate::args::{self, Flag};
use crate::run::interruptible;

/// The numbers of a count: all solutions, the classes under the 8 symmetries, and how
/// many classes have 8, 4, 2 or 1 distinct members.
#[pyclass(frozen, eq, module = "queens")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tally {
    /// The board size.
    #[pyo3(get)]
    n: usize,
    tally: queens::Tally,
}

#[pymethods]
impl Tally {
    /// All solutions (OEIS A000170).
    #[getter]
    fn total(&self) -> u128 {
        self.tally.total
    }

    /// Solutions up to rotation and reflection (OEIS A002562).
    #[getter]
    fn unique(&self) -> u128 {
        self.tally.unique()
    }

    /// The number of classes with 8, 4, 2 and 1 distinct members, keyed by that size.
    #[getter]
    fn classes(&self) -> BTreeMap<u8, u128> {
        let t = &self.tally;
        BTreeMap::from([
            (8, t.classes_of_8),
            (4, t.classes_of_4),
            (2, t.classes_of_2),
            (1, t.classes_of_1),
        ])
    }

    fn __repr__(&self) -> String {
        let t = &self.tally;
        format!(
            "Tally(n={}, total={}, unique={}, classes={{8: {}, 4: {}, 2: {}, 1: {}}})",
            self.n,
            t.total,
            t.unique(),
            t.classes_of_8,
            t.classes_of_4,
            t.classes_of_2,
            t.classes_of_1
        )
    }
}

/// The counter the arguments ask for.
fn counter(
    threads: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Counter> {
    let mut counter = Counter::new();
    if let Some(t) = args::threads(threads)? {
        counter = counter.threads(t);
    }
    if let Some(m) = args::memory(memory)? {
        counter = counter.memory(m);
    }
    Ok(counter)
}

/// The tally of an `n × n` board, counted on every core (or `threads`), calling
/// `progress(done, of)` as it goes.
#[pyfunction]
#[pyo3(signature = (n, *, threads = None, memory = None, progress = None))]
pub(crate) fn tally(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Tally> {
    let n = args::board_size(n, COUNT_MAX_N, "a count")?;
    let counter = counter(threads, memory)?;
    let progress = progress.filter(|p| !p.is_none());
    let tally = interruptible(py, progress, |cancel, meter| {
        counter
            .cancel_on(cancel.clone())
            .count_with_progress(n, |done, of| meter.set(done, of))
    })?
    .map_err(args::error)?;
    Ok(Tally { n, tally })
}

/// The number of solutions of an `n × n` board, or with `unique` of classes of
/// solutions under rotation and reflection.
#[pyfunction]
#[pyo3(signature = (n, *, unique = Flag(false), threads = None, memory = None, progress = None), text_signature = "(n, *, unique=False, threads=None, memory=None, progress=None)")]
pub(crate) fn count(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    unique: Flag,
    threads: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<u128> {
    let t = tally(py, n, threads, memory, progress)?;
    Ok(if unique.0 { t.unique() } else { t.total() })
}
