//! `Board`: a placement of one queen per row that shows itself as text and as SVG.

use std::sync::atomic::{AtomicU64, Ordering};

use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyMemoryView, PyString, PyTuple};
use queens::formats::{MIN_PIXELS, Picture};
use queens::limits::DRAWN_MAX_N;
use queens::symmetry::Symmetry;

use crate::args::{self, Dtype, Flag};

/// The names of the 8 symmetries, in the order of [`Symmetry::ALL`].
pub(crate) const SYMMETRY_NAMES: [&str; 8] = [
    "identity",
    "rotate90",
    "rotate180",
    "rotate270",
    "flip_columns",
    "flip_rows",
    "transpose",
    "anti_transpose",
];

/// The widest picture `svg` draws, in pixels: far past any screen or print.
const MAX_PIXELS: usize = 1_000_000;

/// How many columns a board's `repr` shows at each end before eliding the middle.
const REPR_ENDS: usize = 8;

/// The pixels of a square in a notebook's picture of a board, and the least and most
/// pixels of the whole board: small boards are not blown up, large ones not cut off.
const NOTEBOOK_SQUARE: usize = 32;
const NOTEBOOK_MIN: usize = 128;
const NOTEBOOK_MAX: usize = 480;

/// The width in pixels of a notebook's picture of a board of `n` queens: one that grows
/// with n up to [`NOTEBOOK_MAX`], and the library's own above 240 queens, so that every
/// square still covers whole pixels.
pub(crate) fn notebook_pixels(n: usize) -> Option<usize> {
    (n <= 240).then(|| (NOTEBOOK_SQUARE * n).clamp(NOTEBOOK_MIN, NOTEBOOK_MAX))
}

/// A placement of one queen per row: row `r` holds a queen in column `columns[r]`. It
/// need not be a solution (`verify` says why not), but every queen is on the board.
#[pyclass(frozen, eq, ord, hash, module = "queens")]
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Board {
    columns: Vec<u32>,
}

impl Board {
    /// A board from columns known to be on it.
    pub(crate) fn from_columns(columns: Vec<u32>) -> Board {
        Board { columns }
    }

    /// The board as an SVG picture; see `svg`.
    fn drawn(&self, coords: bool, pixels: Option<usize>, conflicts: bool) -> String {
        let mut picture = Picture::new().coords(coords).conflicts(conflicts);
        if let Some(p) = pixels {
            picture = picture.pixels(p);
        }
        let mut out = Vec::new();
        picture
            .write(&mut out, &[&self.columns])
            .expect("writing to memory cannot fail");
        scoped(
            &String::from_utf8(out).expect("the picture is UTF-8"),
            &["squares", "queen"],
        )
    }

    /// A board from columns that may stand off it.
    fn checked(columns: Vec<u32>) -> PyResult<Board> {
        let n = columns.len();
        if let Some((row, &c)) = columns.iter().enumerate().find(|&(_, &c)| c as usize >= n) {
            return Err(PyValueError::new_err(format!(
                "the queen in row {row} is in column {c}, outside the {n}×{n} board (columns 0 to {})",
                n.saturating_sub(1)
            )));
        }
        Ok(Board { columns })
    }

    fn symmetry(name: &str) -> PyResult<Symmetry> {
        SYMMETRY_NAMES
            .iter()
            .position(|&s| s == name)
            .map(|i| Symmetry::ALL[i])
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "'{name}' is not a symmetry: expected one of {}",
                    SYMMETRY_NAMES.join(", ")
                ))
            })
    }

    /// Rotations and reflections move a queen per row to a queen per row only when every
    /// column holds one queen too.
    fn check_permutation(&self) -> PyResult<()> {
        let mut seen = vec![false; self.columns.len()];
        for &c in &self.columns {
            if std::mem::replace(&mut seen[c as usize], true) {
                return Err(PyValueError::new_err(format!(
                    "column {c} holds two queens: only a board with one queen per column can be rotated or reflected"
                )));
            }
        }
        Ok(())
    }

    fn drawing(&self) -> PyResult<Vec<String>> {
        let n = self.columns.len();
        if n > DRAWN_MAX_N {
            return Err(PyValueError::new_err(format!(
                "a board of {n} queens is too large to draw as text: at most {DRAWN_MAX_N}"
            )));
        }
        Ok(self
            .columns
            .iter()
            .map(|&c| {
                (0..n as u32)
                    .map(|i| if i == c { 'Q' } else { '.' })
                    .collect()
            })
            .collect())
    }
}

#[pymethods]
impl Board {
    /// A board from its column array: any sequence or 1-D array of ints.
    #[new]
    fn new(columns: &Bound<'_, PyAny>) -> PyResult<Board> {
        Board::checked(columns_of(columns)?)
    }

    /// The board size, one row per queen.
    #[getter]
    fn n(&self) -> usize {
        self.columns.len()
    }

    /// The column of each row's queen, as a tuple.
    #[getter]
    fn columns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.columns)
    }

    /// The columns as a numpy array of `dtype`: `int32` by default, as every array of
    /// columns in this package.
    #[pyo3(signature = (*, dtype = None))]
    fn to_numpy<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let n = self.columns.len();
        let dtype = Dtype::of(dtype)?.check(n, &format!("a board of {n} queens"))?;
        dtype.array(py, self.columns.clone())
    }

    /// numpy's conversion (`np.asarray(board)`): the columns, `int32` unless `dtype`
    /// says otherwise.
    #[pyo3(signature = (dtype = None, copy = None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if copy == Some(false) {
            return Err(PyValueError::new_err(
                "a Board keeps its columns in Rust: numpy gets them only as a copy",
            ));
        }
        // The same types as `to_numpy`: a narrower one would wrap the columns silently.
        let n = self.columns.len();
        let dtype = Dtype::of(dtype)?.check(n, &format!("a board of {n} queens"))?;
        dtype.array(py, self.columns.clone())
    }

    fn __len__(&self) -> usize {
        self.columns.len()
    }

    fn __getitem__(&self, row: &Bound<'_, PyAny>) -> PyResult<u32> {
        let n = self.columns.len() as i64;
        let off = || {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "row {row} is not on a board of {n} rows: a row is from {} to {}",
                -n,
                n - 1
            ))
        };
        let r = match args::int(row, "row") {
            Ok(r) => r,
            Err(e) if e.is_instance_of::<PyValueError>(row.py()) => return Err(off()),
            Err(e) => return Err(e),
        };
        let i = if r < 0 { r + n } else { r };
        usize::try_from(i)
            .ok()
            .and_then(|i| self.columns.get(i).copied())
            .ok_or_else(off)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.columns(py)?.as_any().try_iter()?.into_any())
    }

    pub(crate) fn __repr__(&self) -> String {
        let n = self.columns.len();
        let list = |c: &[u32]| c.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        if n <= 2 * REPR_ENDS {
            format!("Board([{}])", list(&self.columns))
        } else {
            format!(
                "Board([{}, ..., {}], n={n})",
                list(&self.columns[..REPR_ENDS]),
                list(&self.columns[n - REPR_ENDS..])
            )
        }
    }

    /// The board drawn with `Q` and `.`, one line per row (its `repr` above
    /// 10,000 queens).
    fn __str__(&self) -> String {
        match self.drawing() {
            Ok(rows) => rows.join("\n"),
            Err(_) => self.__repr__(),
        }
    }

    /// The rows as strings of `Q` and `.`: LeetCode's `solveNQueens` form of one board.
    fn rows(&self) -> PyResult<Vec<String>> {
        self.drawing()
    }

    /// Jupyter's picture: the library's SVG, for boards up to 10,000 queens, sized by
    /// n, with its conflicts marked.
    fn _repr_svg_(&self) -> Option<String> {
        (self.columns.len() <= DRAWN_MAX_N)
            .then(|| self.drawn(false, notebook_pixels(self.columns.len()), true))
    }

    /// Jupyter's rich form: the picture and a caption that says what the board is.
    pub(crate) fn _repr_html_(&self) -> Option<String> {
        let svg = self._repr_svg_()?;
        let caption = match queens::count_conflicts(&self.columns) {
            0 => format!("a solution of {} queens", self.columns.len()),
            1 => "not a solution: 1 attacking pair, joined in red".to_owned(),
            k if k <= queens::formats::MAX_CONFLICT_LINES as u64 => {
                format!("not a solution: {k} attacking pairs, joined in red")
            }
            k => format!("not a solution: {k} attacking pairs, too many to draw"),
        };
        Some(figure(&svg, &caption))
    }

    /// The board as an SVG picture, with row and column numbers if `coords`, `pixels`
    /// wide (480 by default, at least 16), with a red line joining each attacking pair if
    /// `conflicts`.
    #[pyo3(signature = (*, coords = Flag(false), pixels = None, conflicts = Flag(true)), text_signature = "($self, *, coords=False, pixels=None, conflicts=True)")]
    fn svg(
        &self,
        coords: Flag,
        pixels: Option<&Bound<'_, PyAny>>,
        conflicts: Flag,
    ) -> PyResult<String> {
        let pixels = pixels
            .filter(|p| !p.is_none())
            .map(|p| {
                args::in_range(
                    p,
                    "pixels",
                    |p| usize::try_from(p).ok().filter(|p| (MIN_PIXELS..=MAX_PIXELS).contains(p)),
                    &format!("a picture is from {MIN_PIXELS} to {MAX_PIXELS} pixels wide, or None for the default"),
                )
            })
            .transpose()?;
        Ok(self.drawn(coords.0, pixels, conflicts.0))
    }

    /// Whether no two queens attack each other.
    fn is_solution(&self) -> bool {
        queens::validate(&self.columns).is_ok()
    }

    /// `None` for a solution, else the first conflict, named.
    fn verify(&self) -> Option<String> {
        queens::validate(&self.columns).err().map(|c| c.to_string())
    }

    /// The pairs of rows whose queens attack each other, as an `int32` array of shape
    /// (k, 2): empty for a solution.
    fn conflicts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::solutions::conflict_array(py, &self.columns)
    }

    /// The board under one of the 8 symmetries (see `queens.SYMMETRIES`).
    fn transform(&self, symmetry: &Bound<'_, PyAny>) -> PyResult<Board> {
        let name: String = symmetry.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "expected a symmetry's name (one of {}), got {}",
                SYMMETRY_NAMES.join(", "),
                type_name(symmetry)
            ))
        })?;
        let s = Board::symmetry(&name)?;
        self.check_permutation()?;
        Ok(Board::from_columns(s.apply(&self.columns)))
    }

    /// The board's 8 images, in the order of `queens.SYMMETRIES` (equal images repeat),
    /// as a `queens.Gallery`: a list that a notebook shows side by side.
    fn images<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.check_permutation()?;
        let images = Symmetry::ALL
            .iter()
            .map(|s| Board::from_columns(s.apply(&self.columns)));
        gallery(&PyList::new(py, images)?)
    }

    /// The smallest of the board's images in lexicographic order: equal for every
    /// board of one symmetry class.
    fn canonical(&self) -> PyResult<Board> {
        self.check_permutation()?;
        Ok(Board::from_columns(queens::symmetry::canonical(
            &self.columns,
        )))
    }

    /// How many distinct images the board has: 8, 4, 2 or 1.
    #[getter]
    fn class_size(&self) -> PyResult<usize> {
        self.check_permutation()?;
        Ok(queens::symmetry::class_size(&self.columns))
    }
}

/// The SVG with its `ids` made unique to this picture: a notebook puts every picture in
/// one HTML page, where a second `#queen` would be drawn with the first one's glyph (a
/// crown on a small board, a solid square on a large one).
pub(crate) fn scoped(svg: &str, ids: &[&str]) -> String {
    static PICTURES: AtomicU64 = AtomicU64::new(0);
    let k = PICTURES.fetch_add(1, Ordering::Relaxed);
    let mut svg = svg.to_owned();
    for id in ids {
        for (from, to) in [("id=\"", "id=\""), ("#", "#")] {
            svg = svg.replace(&format!("{from}{id}\""), &format!("{to}{id}-{k}\""));
        }
        svg = svg.replace(&format!("url(#{id})"), &format!("url(#{id}-{k})"));
    }
    svg
}

/// A notebook's figure: a picture and its caption.
pub(crate) fn figure(svg: &str, caption: &str) -> String {
    format!(
        "<figure style=\"display:inline-block;margin:0\">{svg}<figcaption style=\"font:13px sans-serif\">{caption}</figcaption></figure>"
    )
}

/// The list as a `queens.Gallery`, the Python class that a notebook shows as a grid.
fn gallery<'py>(list: &Bound<'py, PyList>) -> PyResult<Bound<'py, PyAny>> {
    list.py()
        .import("queens")?
        .getattr("Gallery")?
        .call1((list,))
}

/// A column array that is a board: every column from 0 to n − 1, else a `ValueError`.
pub(crate) fn on_board(value: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    Board::checked(columns_of(value)?).map(|b| b.columns)
}

/// A column array from a `Board`, a 1-D numpy array of integers, or any iterable of ints.
pub(crate) fn columns_of(value: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    if let Ok(board) = value.cast::<Board>() {
        return Ok(board.get().columns.clone());
    }
    macro_rules! from_array {
        ($($t:ty),*) => {$(
            if let Ok(array) = value.cast::<PyArray1<$t>>() {
                let array = array.readonly();
                return array
                    .as_array()
                    .iter()
                    .enumerate()
                    .map(|(row, &c)| column(row, i128::from(c)))
                    .collect();
            }
        )*};
    }
    if value.hasattr("mask")?
        && value.is_instance(&value.py().import("numpy.ma")?.getattr("MaskedArray")?)?
    {
        return Err(PyTypeError::new_err(
            "expected the columns in row order, got a masked array: its masked entries are no columns; fill or compress it first",
        ));
    }
    from_array!(u8, u16, u32, u64, i8, i16, i32, i64);
    if let Ok(array) = value.cast::<numpy::PyUntypedArray>() {
        let kind: String = array.dtype().getattr("kind")?.extract()?;
        // Integers of another byte order: the same columns in the machine's.
        if array.ndim() == 1 && (kind == "i" || kind == "u") {
            return columns_of(&value.call_method1("astype", ("int64",))?);
        }
        // Python ints held as objects: read one by one, as a list's.
        if array.ndim() == 1 && kind == "O" {
            return value
                .try_iter()?
                .enumerate()
                .map(|(row, item)| column(row, i128::from(args::int(&item?, "a column")?)))
                .collect();
        }
        let message = format!(
            "expected a 1-D array of integers, got a {}-D array of {}",
            array.ndim(),
            array.dtype()
        );
        // A wrong shape is a value's fault; numbers that are not integers, a type's.
        return Err(if array.ndim() == 1 {
            PyTypeError::new_err(message)
        } else {
            PyValueError::new_err(message)
        });
    }
    unordered(value)?;
    value
        .try_iter()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "expected the columns in row order (a list, tuple, range, numpy array or Board), got {}",
                type_name(value)
            ))
        })?
        .enumerate()
        .map(|(row, item)| column(row, i128::from(args::int(&item?, "a column")?)))
        .collect()
}

/// A `TypeError` for what iterates but has no rows in order: a set (its order is the
/// hash's, `{1, 3, 0, 2}` iterates as 0, 1, 2, 3), a mapping (its keys), text and bytes
/// (characters and byte values are not columns).
fn unordered(value: &Bound<'_, PyAny>) -> PyResult<()> {
    let abc = value.py().import("collections.abc")?;
    let why = if value.is_instance(&abc.getattr("Set")?)? {
        "a set has no order of rows"
    } else if value.is_instance(&abc.getattr("Mapping")?)? {
        "a mapping's keys are not a board's columns"
    } else if value.is_instance_of::<PyString>()
        || value.is_instance_of::<PyBytes>()
        || value.is_instance_of::<PyByteArray>()
        || value.is_instance_of::<PyMemoryView>()
    {
        "characters or bytes are not a board's columns"
    } else {
        return Ok(());
    };
    Err(PyTypeError::new_err(format!(
        "expected the columns in row order (a list, tuple, range, numpy array or Board), got {}: {why}",
        type_name(value)
    )))
}

/// "an int", "a set", "None": what a value is, for messages.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    if value.is_none() {
        return "None".to_owned();
    }
    let name = value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string());
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

fn column(row: usize, c: i128) -> PyResult<u32> {
    u32::try_from(c).map_err(|_| {
        PyValueError::new_err(format!(
            "the queen in row {row} is in column {c}: a column is from 0 to n - 1"
        ))
    })
}
