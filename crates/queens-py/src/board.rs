//! `Board`: a placement of one queen per row that shows itself as text and as SVG.

use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use queens::limits::DRAWN_MAX_N;
use queens::{formats::Picture, symmetry::Symmetry};

use crate::args;

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

/// How many columns a board's `repr` shows at each end before eliding the middle.
const REPR_ENDS: usize = 8;

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

    /// The columns as a numpy array of `uint32`.
    fn to_numpy<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_slice(py, &self.columns)
    }

    fn __len__(&self) -> usize {
        self.columns.len()
    }

    fn __getitem__(&self, row: isize) -> PyResult<u32> {
        let n = self.columns.len() as isize;
        let i = if row < 0 { row + n } else { row };
        usize::try_from(i)
            .ok()
            .and_then(|i| self.columns.get(i).copied())
            .ok_or_else(|| {
                pyo3::exceptions::PyIndexError::new_err(format!(
                    "row {row} is not on a board of {n} rows"
                ))
            })
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

    /// IPython's text form: the drawing.
    fn _repr_pretty_(&self, p: &Bound<'_, PyAny>, _cycle: bool) -> PyResult<()> {
        p.call_method1("text", (self.__str__(),))?;
        Ok(())
    }

    /// Jupyter's picture: the library's SVG, for boards up to 10,000 queens.
    fn _repr_svg_(&self) -> Option<String> {
        (self.columns.len() <= DRAWN_MAX_N).then(|| self.svg(false, None))
    }

    /// The board as an SVG picture, with row and column numbers if `coords`, `pixels`
    /// wide.
    #[pyo3(signature = (*, coords = false, pixels = None))]
    fn svg(&self, coords: bool, pixels: Option<usize>) -> String {
        let mut picture = Picture::new().coords(coords);
        if let Some(p) = pixels {
            picture = picture.pixels(p);
        }
        let mut out = Vec::new();
        picture
            .write(&mut out, &[&self.columns])
            .expect("writing to memory cannot fail");
        String::from_utf8(out).expect("the picture is UTF-8")
    }

    /// Whether no two queens attack each other.
    fn is_solution(&self) -> bool {
        queens::validate(&self.columns).is_ok()
    }

    /// `None` for a solution, else the first conflict, named.
    fn verify(&self) -> Option<String> {
        queens::validate(&self.columns).err().map(|c| c.to_string())
    }

    /// The board under one of the 8 symmetries (see `queens.SYMMETRIES`).
    fn transform(&self, symmetry: &str) -> PyResult<Board> {
        let s = Board::symmetry(symmetry)?;
        self.check_permutation()?;
        Ok(Board::from_columns(s.apply(&self.columns)))
    }

    /// The board's 8 images, in the order of `queens.SYMMETRIES` (equal images repeat).
    fn images(&self) -> PyResult<Vec<Board>> {
        self.check_permutation()?;
        Ok(Symmetry::ALL
            .iter()
            .map(|s| Board::from_columns(s.apply(&self.columns)))
            .collect())
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
    from_array!(u8, u16, u32, u64, i8, i16, i32, i64);
    if let Ok(array) = value.cast::<numpy::PyUntypedArray>() {
        return Err(PyValueError::new_err(format!(
            "expected a 1-D array of integers, got a {}-D array of {}",
            array.ndim(),
            array.dtype()
        )));
    }
    value
        .try_iter()?
        .enumerate()
        .map(|(row, item)| column(row, i128::from(args::int(&item?, "a column")?)))
        .collect()
}

fn column(row: usize, c: i128) -> PyResult<u32> {
    u32::try_from(c).map_err(|_| {
        PyValueError::new_err(format!(
            "the queen in row {row} is in column {c}: a column is from 0 to n - 1"
        ))
    })
}
