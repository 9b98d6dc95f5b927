//! Python arguments checked and turned into the library's types: a `ValueError` that says
//! what is allowed for a value out of range, a `TypeError` for a value of the wrong type.

use std::num::NonZeroUsize;

use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;
use queens::ErrorKind;
use queens::limits::{COUNT_MAX_MEMORY, COUNT_MIN_MEMORY, MAX_THREADS};

/// An integer argument: anything with `__index__` (`int`, numpy's integers), a
/// `ValueError` when it does not fit 64 bits.
pub(crate) fn int(value: &Bound<'_, PyAny>, name: &str) -> PyResult<i64> {
    value.extract::<i64>().map_err(|err| {
        if value.is_instance_of::<PyInt>() {
            PyValueError::new_err(format!("{name} = {value} is too large"))
        } else {
            err
        }
    })
}

/// An integer argument from `0` to `max`, where `what` says what `max` is.
pub(crate) fn bounded(
    value: &Bound<'_, PyAny>,
    name: &str,
    max: usize,
    what: &str,
) -> PyResult<usize> {
    let v = int(value, name)?;
    usize::try_from(v)
        .ok()
        .filter(|&v| v <= max)
        .ok_or_else(|| PyValueError::new_err(format!("{name} = {v} is out of range: {what}")))
}

/// A board size from 0 to `max` queens for `what` ("a count", "solve").
pub(crate) fn board_size(value: &Bound<'_, PyAny>, max: usize, what: &str) -> PyResult<usize> {
    bounded(value, "n", max, &format!("{what} takes n from 0 to {max}"))
}

/// The `threads` argument: `None` for one per core, else 1 to `MAX_THREADS`.
pub(crate) fn threads(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<NonZeroUsize>> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let t = bounded(
        value,
        "threads",
        MAX_THREADS,
        &format!("threads must be from 1 to {MAX_THREADS}, or None for one per core"),
    )?;
    NonZeroUsize::new(t).map(Some).ok_or_else(|| {
        PyValueError::new_err(format!(
            "threads = 0 is out of range: threads must be from 1 to {MAX_THREADS}, or None for one per core"
        ))
    })
}

/// The `memory` argument of a count, in bytes: `None` for the default.
pub(crate) fn memory(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let bytes = int(value, "memory")?;
    u64::try_from(bytes)
        .ok()
        .filter(|b| (COUNT_MIN_MEMORY..=COUNT_MAX_MEMORY).contains(b))
        .and_then(|b| usize::try_from(b).ok())
        .map(Some)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "memory = {bytes} is out of range: a count's memory must be from {COUNT_MIN_MEMORY} bytes (256 MiB) to {COUNT_MAX_MEMORY} (64 TiB)"
            ))
        })
}

/// The library's error as a Python exception: what the caller asked for is wrong
/// (`ValueError`), the input could not be read (`OSError`), or the machine failed
/// (`RuntimeError`).
pub(crate) fn error(err: queens::Error) -> PyErr {
    match err.kind() {
        ErrorKind::Io => PyOSError::new_err(describe(&err)),
        ErrorKind::System => PyRuntimeError::new_err(describe(&err)),
        _ => PyValueError::new_err(err.to_string()),
    }
}

/// An error with its causes, as one line.
fn describe(err: &dyn std::error::Error) -> String {
    let mut line = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        line.push_str(": ");
        line.push_str(&cause.to_string());
        source = cause.source();
    }
    line
}
