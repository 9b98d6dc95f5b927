//! Python arguments checked and turned into the library's types: a `ValueError` that says
//! what is allowed for a value out of range, a `TypeError` for a value of the wrong type.

use std::num::NonZeroUsize;

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use queens::ErrorKind;
use queens::limits::{COUNT_MAX_MEMORY, COUNT_MIN_MEMORY, MAX_THREADS};
use rayon::prelude::*;

/// An integer argument: anything with `__index__` (`int`, numpy's integers) but a
/// `bool`, which is a flag, not a number; a `ValueError` when it does not fit 64 bits.
pub(crate) fn int(value: &Bound<'_, PyAny>, name: &str) -> PyResult<i64> {
    in_range(value, name, Some, "it must fit in 64 bits")
}

/// An integer argument that `check` takes, where `what` says which ones it takes: a
/// `ValueError` naming `what` for any other integer, however large, and a `TypeError`
/// for what is not an integer.
pub(crate) fn in_range<T>(
    value: &Bound<'_, PyAny>,
    name: &str,
    check: impl FnOnce(i64) -> Option<T>,
    what: &str,
) -> PyResult<T> {
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name} = {value} is a bool: expected an int"
        )));
    }
    let v = match value.extract::<i64>() {
        Ok(v) => Some(v),
        // An int beyond 64 bits is out of every range.
        Err(_) if value.is_instance_of::<PyInt>() => None,
        // As does any index beyond them; an `__index__` that fails says why itself.
        Err(_) if value.hasattr("__index__")? => {
            value
                .py()
                .import("operator")?
                .call_method1("index", (value,))?;
            None
        }
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "{name} = {} is a {}: expected an int",
                value.repr()?,
                value.get_type().name()?
            )));
        }
    };
    v.and_then(check)
        .ok_or_else(|| PyValueError::new_err(format!("{name} = {value} is out of range: {what}")))
}

/// A seed: an int from 0 to 2**64 − 1, the seeds the command line takes, so that each
/// draws the same there and here.
pub(crate) fn seed(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if !value.is_instance_of::<PyBool>()
        && let Ok(v) = value.extract::<u64>()
    {
        return Ok(v);
    }
    in_range(value, "seed", |_| None, "seed must be from 0 to 2**64 - 1")
}

/// An integer argument from `0` to `max`, where `what` says what `max` is.
pub(crate) fn bounded(
    value: &Bound<'_, PyAny>,
    name: &str,
    max: usize,
    what: &str,
) -> PyResult<usize> {
    in_range(
        value,
        name,
        |v| usize::try_from(v).ok().filter(|&v| v <= max),
        what,
    )
}

/// A flag argument: `True` or `False` (numpy's `bool_` too). Anything else is a
/// `TypeError`, not taken for true as Python's `if` would take `1` or `"no"`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Flag(pub(crate) bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;

    fn extract(value: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Flag> {
        value.extract::<bool>().map(Flag).map_err(|_| {
            let shown = value.repr().map_or_else(|_| "?".into(), |r| r.to_string());
            PyTypeError::new_err(format!(
                "expected True or False, got {shown}: a flag is a bool"
            ))
        })
    }
}

/// A number of seconds, `int` or `float`, above 0 and finite; `None` for no limit.
pub(crate) fn seconds(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<f64>> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let what = format!("{name} is a positive number of seconds, or None");
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name} = {value} is a bool: {what}"
        )));
    }
    let t: f64 = value.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "{name} = {} is a {}: {what}",
            value.repr().map_or_else(|_| "?".into(), |r| r.to_string()),
            value
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    if !(t.is_finite() && t > 0.0) {
        return Err(PyValueError::new_err(format!(
            "{name} = {t} is out of range: {what}"
        )));
    }
    Ok(Some(t))
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
    let range = COUNT_MIN_MEMORY..=COUNT_MAX_MEMORY;
    in_range(
        value,
        "memory",
        |b| {
            u64::try_from(b)
                .ok()
                .filter(|b| range.contains(b))
                .and_then(|b| usize::try_from(b).ok())
                .map(Some)
        },
        &format!(
            "a count's memory must be from {COUNT_MIN_MEMORY} bytes (256 MiB) to {COUNT_MAX_MEMORY} (64 TiB)"
        ),
    )
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

/// The integer type of the arrays of columns: signed, so that the differences of columns
/// and rows, the usual diagonal test, never wrap; in either byte order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Dtype {
    int: Int,
    /// Not the machine's byte order (`">i4"` on a little-endian machine): the array is
    /// filled in the machine's, then its bytes are swapped where it lies.
    swapped: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Int {
    I8,
    I16,
    I32,
    I64,
}

impl std::fmt::Display for Dtype {
    /// The type's name (`int32`), or numpy's code with its byte order (`>i4`) where it
    /// is not the machine's.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.swapped {
            return f.write_str(self.name());
        }
        let order = if cfg!(target_endian = "little") {
            '>'
        } else {
            '<'
        };
        write!(f, "{order}i{}", self.width())
    }
}

impl Dtype {
    /// `int32` in the machine's byte order, the default.
    pub(crate) const INT32: Dtype = Dtype {
        int: Int::I32,
        swapped: false,
    };

    /// The `dtype` argument, anything `numpy.dtype` takes (`np.int16`, `"int64"`, `int`,
    /// `">i4"`): `int32` by default, wide enough for every board up to 10^9 queens.
    pub(crate) fn of(value: Option<&Bound<'_, PyAny>>) -> PyResult<Dtype> {
        let Some(value) = value.filter(|v| !v.is_none()) else {
            return Ok(Dtype::INT32);
        };
        let py = value.py();
        let dtype = py.import("numpy")?.getattr("dtype")?.call1((value,))?;
        let name: String = dtype.getattr("name")?.extract()?;
        let native: bool = dtype.getattr("isnative")?.extract()?;
        let int = match name.as_str() {
            "int8" => Int::I8,
            "int16" => Int::I16,
            "int32" => Int::I32,
            "int64" => Int::I64,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "dtype = {name} is not allowed: columns are int8, int16, int32 (the default) or int64, signed so that differences of columns do not wrap"
                )));
            }
        };
        Ok(Dtype {
            int,
            swapped: !native,
        })
    }

    /// `array`, filled in the machine's byte order, in this type's: its bytes swapped
    /// where they lie, and its dtype set to say so, the array still owning its data.
    fn in_order<'py>(self, array: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if !self.swapped {
            return Ok(array);
        }
        array.call_method1("byteswap", (true,))?;
        let swapped = array.getattr("dtype")?.call_method0("newbyteorder")?;
        array.setattr("dtype", swapped)?;
        Ok(array)
    }

    /// The largest column the type holds: signed, all its bits but one.
    fn max(self) -> u64 {
        u64::MAX >> (65 - 8 * self.width())
    }

    /// Checks that the columns of a board of `n` queens fit, for `what` ("one(300)").
    pub(crate) fn check(self, n: usize, what: &str) -> PyResult<Dtype> {
        if (n as u64).saturating_sub(1) <= self.max() {
            return Ok(self);
        }
        Err(PyValueError::new_err(format!(
            "dtype = {self} holds columns up to {}: {what} needs a wider type",
            self.max()
        )))
    }

    /// Bytes a column takes.
    pub(crate) fn width(self) -> usize {
        match self.int {
            Int::I8 => 1,
            Int::I16 => 2,
            Int::I32 => 4,
            Int::I64 => 8,
        }
    }

    fn name(self) -> &'static str {
        match self.int {
            Int::I8 => "int8",
            Int::I16 => "int16",
            Int::I32 => "int32",
            Int::I64 => "int64",
        }
    }

    /// An array of this type, `n` columns a row, holding the `rows` rows of the
    /// concatenation of `pieces`, a byte a column, each known to fit, then the mirror
    /// images of its first `mirrored` rows (each column c as n − 1 − c) in reverse order.
    /// numpy allocates the array, and it is filled on every core: numpy asks the kernel for huge pages for an array this
    /// large, which fault in several times faster than the 4 KB pages of a `Vec`
    /// (`solve(16)`'s `int32` array is 945 MB), and the pieces are copied once, not
    /// joined first.
    pub(crate) fn rows<'py>(
        self,
        py: Python<'py>,
        pieces: &[Vec<u8>],
        [rows, n]: [usize; 2],
        mirrored: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        fn fill<'py, U: numpy::Element + TryFrom<u8> + Into<i64> + Copy + Send + Sync>(
            py: Python<'py>,
            pieces: &[Vec<u8>],
            [rows, n]: [usize; 2],
            mirrored: usize,
            name: &str,
        ) -> PyResult<Bound<'py, PyAny>> {
            let listed = pieces.iter().map(Vec::len).sum::<usize>();
            assert!(
                listed == rows * n && mirrored <= rows,
                "the pieces hold the rows"
            );
            // numpy.empty, whose failure to allocate is a MemoryError.
            let array = py
                .import("numpy")?
                .getattr("empty")?
                .call1(((rows + mirrored, n), name))?
                .cast_into::<PyArray2<U>>()?;
            // SAFETY: the array is new, so nothing else views its data.
            let out = unsafe { array.as_slice_mut() }.expect("a new array is contiguous");
            let (head, tail) = out.split_at_mut(listed);
            let fits = "a column below n fits the type checked for n";
            let column = |c: u8| U::try_from(c).ok().expect(fits);
            let mut parts = Vec::with_capacity(pieces.len());
            let mut rest = &mut *head;
            for piece in pieces {
                let (part, after) = rest.split_at_mut(piece.len());
                parts.push((piece, part));
                rest = after;
            }
            py.detach(|| {
                parts.into_par_iter().for_each(|(piece, part)| {
                    for (to, &c) in part.iter_mut().zip(piece) {
                        *to = column(c);
                    }
                });
            });
            if mirrored == 0 {
                return Ok(array.into_any());
            }
            let last = (n - 1) as i64;
            // Rows mirrored by one task.
            const TASK: usize = 4096;
            py.detach(|| {
                tail.par_chunks_mut(n * TASK)
                    .enumerate()
                    .for_each(|(task, rows)| {
                        for (i, row) in rows.chunks_exact_mut(n).enumerate() {
                            let from = mirrored - 1 - (task * TASK + i);
                            for (to, &c) in row.iter_mut().zip(&head[from * n..(from + 1) * n]) {
                                *to = column((last - c.into()) as u8);
                            }
                        }
                    });
            });
            Ok(array.into_any())
        }
        self.in_order(match self.int {
            Int::I8 => fill::<i8>(py, pieces, [rows, n], mirrored, self.name()),
            Int::I16 => fill::<i16>(py, pieces, [rows, n], mirrored, self.name()),
            Int::I32 => fill::<i32>(py, pieces, [rows, n], mirrored, self.name()),
            Int::I64 => fill::<i64>(py, pieces, [rows, n], mirrored, self.name()),
        }?)
    }

    /// A 1-D array of this type holding `cells`, each known to fit. A `Vec` of a type of
    /// the same size (`u32` to `int32`) is converted where it lies, without a second copy.
    pub(crate) fn array<'py, T: Copy + Into<u64> + Send>(
        self,
        py: Python<'py>,
        cells: Vec<T>,
    ) -> PyResult<Bound<'py, PyAny>> {
        fn cast<'py, U: numpy::Element + TryFrom<u64> + Send, T: Copy + Into<u64> + Send>(
            py: Python<'py>,
            cells: Vec<T>,
        ) -> Bound<'py, PyAny> {
            let fits = "a column below n fits the type checked for n";
            // On every core: at n = 16 this is 236 million cells.
            let wide: Vec<U> = py.detach(|| {
                cells
                    .into_par_iter()
                    .map(|c| U::try_from(c.into()).ok().expect(fits))
                    .collect()
            });
            PyArray1::from_vec(py, wide).into_any()
        }
        self.in_order(match self.int {
            Int::I8 => cast::<i8, T>(py, cells),
            Int::I16 => cast::<i16, T>(py, cells),
            Int::I32 => cast::<i32, T>(py, cells),
            Int::I64 => cast::<i64, T>(py, cells),
        })
    }
}
