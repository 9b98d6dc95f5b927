//! The Python module `queens._queens`: the `queens` library behind a Python API.
//!
//! `args` turns Python arguments into the library's, with `ValueError`s that say what is
//! allowed; `run` runs long work with the GIL released and Ctrl-C honoured; `board`
//! is the `Board` class; `count` counting; `solutions` listing, one solution and
//! verifying; `completion` the completion builder and the problem readers. The Python
//! package around it (`python/queens`) adds the `tqdm` progress bar and the type stubs.

mod args;
mod board;
mod completion;
mod count;
mod room;
mod run;
mod solutions;

use pyo3::prelude::*;

#[pymodule]
fn _queens(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // numpy's C API is looked up here, once, rather than by the first call that returns
    // an array: a Ctrl-C pending at that moment made the lookup fail, and `numpy` panics
    // on that failure.
    numpy::PyArray1::<i32>::zeros(m.py(), 0, false);
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_N", queens::limits::MAX_N)?;
    m.add("COUNT_MAX_N", queens::limits::COUNT_MAX_N)?;
    m.add("CONSTRUCT_MAX_N", queens::limits::CONSTRUCT_MAX_N)?;
    m.add("INSTANCE_MAX_N", queens::limits::INSTANCE_MAX_N)?;
    m.add("RANDOM_MAX_N", queens::limits::RANDOM_MAX_N)?;
    m.add("RANK_MAX_N", queens::limits::RANK_MAX_N)?;
    m.add("SYMMETRIES", board::SYMMETRY_NAMES)?;
    m.add_class::<board::Board>()?;
    m.add_class::<count::Tally>()?;
    m.add_class::<solutions::SolutionIter>()?;
    m.add_class::<completion::Completion>()?;
    m.add_class::<completion::Outcome>()?;
    m.add_class::<completion::CompletionIter>()?;
    m.add_function(wrap_pyfunction!(count::count, m)?)?;
    m.add_function(wrap_pyfunction!(count::tally, m)?)?;
    m.add_function(wrap_pyfunction!(solutions::solutions, m)?)?;
    m.add_function(wrap_pyfunction!(solutions::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solutions::one, m)?)?;
    m.add_function(wrap_pyfunction!(solutions::verify, m)?)?;
    m.add_function(wrap_pyfunction!(solutions::is_solution, m)?)?;
    m.add_function(wrap_pyfunction!(solutions::solution_index, m)?)?;
    m.add_function(wrap_pyfunction!(solutions::conflicts, m)?)?;
    m.add_function(wrap_pyfunction!(completion::read_problem, m)?)?;
    m.add_function(wrap_pyfunction!(completion::instance, m)?)?;
    Ok(())
}
