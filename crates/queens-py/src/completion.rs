//! Completion problems: the `Completion` builder, its answers, and the readers of the
//! published formats.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyFileNotFoundError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use queens::Diagonal;
use queens::complete::{Completions, GivenConflict};
use queens::formats::problem_svg;
use queens::limits::{COMPLETION_MAX_N, DRAWN_MAX_N, INPUT_MAX_BYTES};

use crate::args;
use crate::board::{Board, figure, notebook_pixels, scoped};
use crate::run::interruptible;

/// A completion problem: an `n × n` board, queens that must stay, squares where no queen
/// may go, and diagonals that must stay empty. The builder methods change the problem
/// and return it, so that they chain.
#[pyclass(module = "queens")]
#[derive(Debug, Clone)]
pub(crate) struct Completion {
    problem: queens::Completion,
}

impl Completion {
    fn square(&self, row: &Bound<'_, PyAny>, column: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
        let n = self.problem.n();
        let what = format!("rows and columns are from 0 to {}", n.saturating_sub(1));
        let last = n.saturating_sub(1);
        let r = args::bounded(row, "row", last, &what)?;
        let c = args::bounded(column, "column", last, &what)?;
        if n == 0 {
            return Err(PyValueError::new_err("the 0 × 0 board has no squares"));
        }
        Ok((r as u32, c as u32))
    }

    fn with(
        mut slf: PyRefMut<'_, Self>,
        change: impl FnOnce(queens::Completion) -> queens::Completion,
    ) -> PyRefMut<'_, Self> {
        slf.problem = change(std::mem::take(&mut slf.problem));
        slf
    }

    /// Why the givens cannot all stand in one solution (two given queens attack each
    /// other, or one stands on a closed square or diagonal): the problem is impossible
    /// before any search.
    fn given_conflict(&self) -> Option<String> {
        match self.problem.check() {
            Err(
                e @ (GivenConflict::Attack { .. }
                | GivenConflict::Blocked { .. }
                | GivenConflict::Excluded { .. }),
            ) => Some(e.to_string()),
            _ => None,
        }
    }

    fn with_threads(&self, threads: Option<&Bound<'_, PyAny>>) -> PyResult<queens::Completion> {
        Ok(match args::threads(threads)? {
            Some(t) => self.problem.clone().threads(t),
            None => self.problem.clone(),
        })
    }
}

#[pymethods]
impl Completion {
    /// An empty `n × n` board.
    #[new]
    fn new(n: &Bound<'_, PyAny>) -> PyResult<Completion> {
        let n = args::board_size(n, COMPLETION_MAX_N, "a completion problem")?;
        Ok(Completion {
            problem: queens::Completion::new(n),
        })
    }

    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.problem.n()
    }

    /// The queens that must stay, as (row, column) pairs.
    #[getter]
    fn queens(&self) -> Vec<(u32, u32)> {
        self.problem.queens().to_vec()
    }

    /// The closed squares, as (row, column) pairs.
    #[getter]
    fn blocked(&self) -> Vec<(u32, u32)> {
        self.problem.blocked().to_vec()
    }

    /// The closed diagonals: `("sum", s)` for the squares with row + column = s,
    /// `("difference", d)` for those with row - column = d.
    #[getter]
    fn diagonals(&self) -> Vec<(&'static str, i64)> {
        let n = self.problem.n();
        self.problem
            .diagonals()
            .iter()
            .map(|&d| match d {
                Diagonal::Sum(_) => ("sum", d.constant(n)),
                Diagonal::Difference(_) => ("difference", d.constant(n)),
            })
            .collect()
    }

    /// Whether `find` can prove that there is no completion, and `count`, `first` and
    /// `solutions` work: up to 64 queens, or with at most 64 rows lacking a given queen.
    #[getter]
    fn is_exact(&self) -> bool {
        self.problem.is_exact()
    }

    /// Why no completion can exist before any search, or `None`: two given queens
    /// attack each other, or one stands on a closed square or diagonal. `find` then
    /// answers "impossible", `count` 0, `first` `None`.
    #[getter]
    fn conflict(&self) -> Option<String> {
        self.given_conflict()
    }

    /// Adds a queen that must stay on (`row`, `column`), 0-based; the same square given
    /// again changes nothing. A queen that attacks another given one is accepted: the
    /// problem is then impossible, and `conflict` says why.
    fn queen<'py>(
        slf: PyRefMut<'py, Self>,
        row: &Bound<'py, PyAny>,
        column: &Bound<'py, PyAny>,
    ) -> PyResult<PyRefMut<'py, Self>> {
        let (r, c) = slf.square(row, column)?;
        if slf.problem.queens().contains(&(r, c)) {
            return Ok(slf);
        }
        Ok(Completion::with(slf, |p| p.queen(r, c)))
    }

    /// Closes the square (`row`, `column`) to every queen.
    fn block<'py>(
        slf: PyRefMut<'py, Self>,
        row: &Bound<'py, PyAny>,
        column: &Bound<'py, PyAny>,
    ) -> PyResult<PyRefMut<'py, Self>> {
        let (r, c) = slf.square(row, column)?;
        Ok(Completion::with(slf, |p| p.block(r, c)))
    }

    /// Closes the diagonal of the squares with row + column = `s`, from 0 to 2n - 2.
    fn exclude_sum<'py>(
        slf: PyRefMut<'py, Self>,
        s: &Bound<'py, PyAny>,
    ) -> PyResult<PyRefMut<'py, Self>> {
        let n = slf.problem.n();
        if n == 0 {
            return Err(PyValueError::new_err("the 0 × 0 board has no diagonals"));
        }
        let diagonal = args::in_range(
            s,
            "s",
            |s| Diagonal::with_sum(n, s),
            &format!("a sum diagonal is from 0 to {}", 2 * n - 2),
        )?;
        Ok(Completion::with(slf, |p| p.exclude(diagonal)))
    }

    /// Closes the diagonal of the squares with row - column = `d`, from -(n - 1) to n - 1.
    fn exclude_difference<'py>(
        slf: PyRefMut<'py, Self>,
        d: &Bound<'py, PyAny>,
    ) -> PyResult<PyRefMut<'py, Self>> {
        let n = slf.problem.n();
        if n == 0 {
            return Err(PyValueError::new_err("the 0 × 0 board has no diagonals"));
        }
        let diagonal = args::in_range(
            d,
            "d",
            |d| Diagonal::with_difference(n, d),
            &format!(
                "a difference diagonal is from {} to {}",
                1 - n as i64,
                n - 1
            ),
        )?;
        Ok(Completion::with(slf, |p| p.exclude(diagonal)))
    }

    /// Searches for one completion, on every core (or `threads`), for at most `timeout`
    /// seconds: an `Outcome` whose `status` is "completed" (with its `board`),
    /// "impossible" (a proof that there is none) or "unknown" (out of time).
    #[pyo3(signature = (*, timeout = None, threads = None))]
    fn find(
        &self,
        py: Python<'_>,
        timeout: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Outcome> {
        // A deadline past what the clock can hold is no deadline.
        let deadline = args::seconds(timeout, "timeout")?
            .and_then(|t| Duration::try_from_secs_f64(t).ok())
            .and_then(|d| Instant::now().checked_add(d));
        let problem = self.with_threads(threads)?;
        let given = self.problem.clone();
        if let Some(reason) = self.given_conflict() {
            return Ok(Outcome {
                status: "impossible",
                board: None,
                reason: Some(reason),
                given,
            });
        }
        let outcome = interruptible(py, None, |cancel, _| {
            problem.cancel_on(cancel.clone()).find(deadline)
        })?
        .map_err(args::error)?;
        Ok(match outcome {
            queens::Outcome::Completed(p) => Outcome {
                status: "completed",
                board: Some(Board::from_columns(p.into_columns())),
                reason: None,
                given,
            },
            queens::Outcome::Impossible => Outcome {
                status: "impossible",
                board: None,
                reason: Some("the search proved that no completion exists".to_owned()),
                given,
            },
            _ => Outcome {
                status: "unknown",
                board: None,
                reason: Some("the search ran out of time".to_owned()),
                given,
            },
        })
    }

    /// The number of completions, on every core (or `threads`).
    #[pyo3(signature = (*, threads = None))]
    fn count(&self, py: Python<'_>, threads: Option<&Bound<'_, PyAny>>) -> PyResult<u128> {
        let problem = self.with_threads(threads)?;
        if self.given_conflict().is_some() {
            return Ok(0);
        }
        interruptible(py, None, |cancel, _| {
            problem.cancel_on(cancel.clone()).count()
        })?
        .map_err(args::error)
    }

    /// The lexicographically first completion, or `None` when there is none.
    fn first(&self, py: Python<'_>) -> PyResult<Option<Board>> {
        if self.given_conflict().is_some() {
            return Ok(None);
        }
        let first = py.detach(|| self.problem.first()).map_err(args::error)?;
        Ok(first.map(|p| Board::from_columns(p.into_columns())))
    }

    /// Every completion, lazily, in lexicographic order, as `Board`s.
    fn solutions(&self) -> PyResult<CompletionIter> {
        let completions = match self.given_conflict() {
            Some(_) => None,
            None => Some(self.problem.iter().map_err(args::error)?),
        };
        Ok(CompletionIter { completions })
    }

    /// Jupyter's rich form: the board with its given queens, closed squares (crossed)
    /// and closed diagonals (dashed), and a caption.
    fn _repr_html_(&self) -> String {
        let p = &self.problem;
        let mut caption = format!(
            "{n}×{n} board: {} given, {} closed, {} closed",
            plural(p.queens().len(), "queen"),
            plural(p.blocked().len(), "square"),
            plural(p.diagonals().len(), "diagonal"),
            n = p.n()
        );
        if let Some(reason) = self.given_conflict() {
            caption.push_str(&format!("; impossible: {}", escape(&reason)));
        }
        problem_figure(p, &caption)
    }

    fn __repr__(&self) -> String {
        let diagonals: Vec<String> = self
            .diagonals()
            .iter()
            .map(|(kind, d)| format!("('{kind}', {d})"))
            .collect();
        format!(
            "Completion(n={}, queens={:?}, blocked={:?}, diagonals=[{}])",
            self.problem.n(),
            self.problem.queens(),
            self.problem.blocked(),
            diagonals.join(", ")
        )
    }
}

/// What `Completion.find` found.
#[pyclass(frozen, module = "queens")]
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    /// "completed", "impossible" or "unknown".
    #[pyo3(get)]
    status: &'static str,
    /// The completed board, when `status` is "completed".
    #[pyo3(get)]
    board: Option<Board>,
    /// Why there is no board: the givens' conflict, the search's proof, or the timeout.
    #[pyo3(get)]
    reason: Option<String>,
    /// The problem, drawn when there is no board.
    given: queens::Completion,
}

/// A notebook's figure of a problem: its givens, closed squares and diagonals; the
/// caption alone on boards too large to draw.
fn problem_figure(problem: &queens::Completion, caption: &str) -> String {
    if problem.n() > DRAWN_MAX_N {
        return format!("<p style=\"font:13px sans-serif\">{caption}</p>");
    }
    figure(
        &scoped(
            &problem_svg(problem, notebook_pixels(problem.n()).unwrap_or(480)),
            &["squares", "queen"],
        ),
        caption,
    )
}

#[pymethods]
impl Outcome {
    /// True when a completion was found.
    fn __bool__(&self) -> bool {
        self.board.is_some()
    }

    fn __repr__(&self) -> String {
        match (&self.board, &self.reason) {
            (Some(b), _) => format!("Outcome(status='completed', board={})", b.__repr__()),
            (None, Some(reason)) => format!("Outcome(status='{}', reason={reason:?})", self.status),
            (None, None) => format!("Outcome(status='{}')", self.status),
        }
    }

    /// Jupyter's rich form: the completed board, or the problem with the status and its
    /// reason.
    fn _repr_html_(&self) -> String {
        let caption = format!(
            "<b>{}</b>{}",
            self.status,
            self.reason
                .as_deref()
                .map(|r| format!(": {}", escape(r)))
                .unwrap_or_default()
        );
        match &self.board {
            Some(b) => b._repr_html_().unwrap_or_else(|| escape(&b.__repr__())),
            None => problem_figure(&self.given, &caption),
        }
    }
}

/// `1 queen`, `2 queens`.
fn plural(k: usize, what: &str) -> String {
    if k == 1 {
        format!("1 {what}")
    } else {
        format!("{k} {what}s")
    }
}

/// Text made safe for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A lazy iterator over the completions of a problem, as `Board`s.
#[pyclass(module = "queens", name = "Completions")]
#[derive(Debug)]
pub(crate) struct CompletionIter {
    /// `None` for a problem whose givens conflict: it has no completions.
    completions: Option<Completions>,
}

#[pymethods]
impl CompletionIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<Board> {
        self.completions
            .as_mut()?
            .next_columns()
            .map(|c| Board::from_columns(c.to_vec()))
    }
}

/// A completion problem read from a file or from the text itself, in any format
/// `nqueens complete` reads: a partial board of `Q`, `.` and `x`, or the CSPLib
/// parameter files of n-queens completion, blocked n-queens and Excluded Diagonals.
///
/// The rule, with no guessing: a `str` that is empty or has a line break is the
/// problem's text; any other `str`, `bytes` and any `os.PathLike` name a file, and a
/// file that is not there is a `FileNotFoundError`.
#[pyfunction]
pub(crate) fn read_problem(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Completion> {
    let text = match source.extract::<String>() {
        Ok(text) if text.is_empty() || text.contains(['\n', '\r']) => text,
        _ => {
            // bytes name a file as the file system encodes names.
            let path: PathBuf = if source.is_instance_of::<PyBytes>() {
                py.import("os")?
                    .call_method1("fsdecode", (source,))?
                    .extract()?
            } else {
                source.extract()?
            };
            let size = match std::fs::metadata(&path) {
                Ok(meta) => meta.len(),
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                    let rule = if source.is_instance_of::<PyString>() {
                        "a str without a line break names a file; a problem's text has its line breaks"
                    } else if source.is_instance_of::<PyBytes>() {
                        "bytes name a file; pass a problem's text as a str"
                    } else {
                        "a path names a file; pass a problem's text as a str"
                    };
                    return Err(PyFileNotFoundError::new_err((
                        2,
                        format!("No such file or directory ({rule})"),
                        path.display().to_string(),
                    )));
                }
                Err(err) => return Err(os_error(err, &path)),
            };
            if size > INPUT_MAX_BYTES {
                return Err(PyValueError::new_err(format!(
                    "{} holds {size} bytes: a problem is read whole, and at most {INPUT_MAX_BYTES} bytes are",
                    path.display()
                )));
            }
            match py.detach(|| std::fs::read_to_string(&path)) {
                Ok(text) => text,
                Err(err) if err.kind() == std::io::ErrorKind::InvalidData => {
                    return Err(PyValueError::new_err(format!(
                        "{} is not UTF-8 text: a problem is text",
                        path.display()
                    )));
                }
                Err(err) => return Err(os_error(err, &path)),
            }
        }
    };
    let problem = py
        .detach(|| queens::complete::parse_completion(&text))
        .map_err(args::error)?;
    // As the builder: a square given twice is given once; a square or diagonal off the
    // board is no problem at all, refused now rather than at the first search.
    let mut unique = queens::Completion::new(problem.n());
    let mut seen = std::collections::HashSet::new();
    for &(r, c) in problem.queens() {
        if seen.insert((r, c)) {
            unique = unique.queen(r, c);
        }
    }
    for &(r, c) in problem.blocked() {
        unique = unique.block(r, c);
    }
    for &d in problem.diagonals() {
        unique = unique.exclude(d);
    }
    if let Err(e @ (GivenConflict::OffBoard { .. } | GivenConflict::NoSuchDiagonal { .. })) =
        unique.check()
    {
        return Err(PyValueError::new_err(e.to_string()));
    }
    Ok(Completion { problem: unique })
}

/// The error as Python's own `OSError` of a file (`IsADirectoryError`,
/// `PermissionError`, …), its `filename` the path.
fn os_error(err: std::io::Error, path: &std::path::Path) -> PyErr {
    let errno = err.raw_os_error().unwrap_or(0);
    // io::Error's text ends with "(os error N)", which Python shows as [Errno N] itself.
    let text = err.to_string();
    let text = text.split(" (os error").next().unwrap_or(&text).to_owned();
    pyo3::exceptions::PyOSError::new_err((errno, text, path.display().to_string()))
}

/// A random Excluded Diagonals instance, the same for the same `n` and `seed`, with its
/// first `diagonals` diagonals closed (all it drew by default), as `nqueens instance`
/// writes it.
#[pyfunction]
#[pyo3(signature = (n, *, seed = None, diagonals = None))]
pub(crate) fn instance(
    n: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    diagonals: Option<&Bound<'_, PyAny>>,
) -> PyResult<Completion> {
    let n = args::board_size(n, queens::limits::INSTANCE_MAX_N, "instance")?;
    let seed = match seed.filter(|s| !s.is_none()) {
        Some(s) => args::seed(s)?,
        None => 0,
    };
    let drawn = queens::complete::excluded_diagonals(n, seed).map_err(args::error)?;
    let count = match diagonals.filter(|d| !d.is_none()) {
        Some(d) => args::bounded(
            d,
            "diagonals",
            drawn.diagonals.len(),
            &format!(
                "diagonals is from 0 to {}, the diagonals this instance drew",
                drawn.diagonals.len()
            ),
        )?,
        None => drawn.diagonals.len(),
    };
    Ok(Completion {
        problem: drawn.completion(count),
    })
}
