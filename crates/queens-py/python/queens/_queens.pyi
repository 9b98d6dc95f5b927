"""Type stubs of the native module: the Rust library ``queens`` seen from Python."""

from __future__ import annotations

from os import PathLike
from typing import (
    Any,
    Callable,
    Iterable,
    Iterator,
    Literal,
    Optional,
    Sequence,
    Union,
    final,
    overload,
)

import numpy as np
import numpy.typing as npt

from queens import Gallery

__all__ = [
    "__version__",
    "MAX_N",
    "COUNT_MAX_N",
    "CONSTRUCT_MAX_N",
    "INSTANCE_MAX_N",
    "RANDOM_MAX_N",
    "RANK_MAX_N",
    "SYMMETRIES",
    "Board",
    "Tally",
    "Solutions",
    "Completion",
    "Outcome",
    "Completions",
    "count",
    "tally",
    "solutions",
    "solve",
    "one",
    "verify",
    "is_solution",
    "solution_index",
    "conflicts",
    "read_problem",
    "instance",
]

__version__: str
"""The package's version."""
MAX_N: int
"""The largest board that is searched exactly: 64 queens."""
COUNT_MAX_N: int
"""The largest board that is counted: 32 queens."""
CONSTRUCT_MAX_N: int
"""The largest board ``one`` builds: 10**9 queens."""
INSTANCE_MAX_N: int
"""The largest board ``instance`` draws: 64 queens."""
RANDOM_MAX_N: int
"""The largest board ``one(random=True)`` searches: 10**8 queens."""
RANK_MAX_N: int
"""The largest board ``one(uniform=True)`` and ``solution_index`` rank: 21 queens."""
SYMMETRIES: list[str]
"""The names of the 8 symmetries of the square, in the order ``Board.images`` uses."""

_Columns = Union["Board", Sequence[int], npt.NDArray[np.integer[Any]], Iterable[int]]
_Dtype = Union[npt.DTypeLike, None]
"""int8, int16, int32 (the default) or int64, in either byte order, as anything ``numpy.dtype`` takes."""
_ColumnArray = npt.NDArray[np.signedinteger[Any]]
_Symmetry = Literal[
    "identity",
    "rotate90",
    "rotate180",
    "rotate270",
    "flip_columns",
    "flip_rows",
    "transpose",
    "anti_transpose",
]

@final
class Board:
    """A placement of one queen per row: row r holds a queen in column ``columns[r]``.

    It need not be a solution (``verify`` says why not), but every queen is on the
    board. Boards compare, sort (lexicographically) and hash by their columns. Its
    ``repr`` is short (``Board([1, 3, 0, 2])``), ``str`` is the drawing of ``Q`` and
    ``.``, and in a notebook it draws itself, sized by n, with a red line joining each
    pair of queens that attack each other.
    """

    def __new__(cls, columns: _Columns) -> Board: ...
    @property
    def n(self) -> int:
        """The board size, one row per queen."""
    @property
    def columns(self) -> tuple[int, ...]:
        """The column of each row's queen."""
    @property
    def class_size(self) -> int:
        """How many distinct images the board has under the 8 symmetries: 8, 4, 2 or 1."""
    def to_numpy(self, *, dtype: _Dtype = None) -> _ColumnArray:
        """The columns as an ``int32`` array (or ``dtype``)."""
    def __array__(self, dtype: _Dtype = None, copy: Optional[bool] = None) -> npt.NDArray[Any]:
        """``np.asarray(board)``: the columns, ``int32`` unless ``dtype`` says otherwise."""
    def rows(self) -> list[str]:
        """The rows as strings of ``Q`` and ``.``: LeetCode's ``solveNQueens`` form."""
    def svg(
        self, *, coords: bool = False, pixels: Optional[int] = None, conflicts: bool = True
    ) -> str:
        """The board as an SVG picture, with row and column numbers if ``coords``, a red
        line joining each attacking pair if ``conflicts``."""
    def is_solution(self) -> bool:
        """Whether no two queens attack each other."""
    def verify(self) -> Optional[str]:
        """``None`` for a solution, else the first conflict, named."""
    def conflicts(self) -> npt.NDArray[np.int32]:
        """The pairs of rows whose queens attack each other, shape (k, 2): empty for a solution."""
    def transform(self, symmetry: _Symmetry) -> Board:
        """The board under one of the 8 symmetries (see ``SYMMETRIES``)."""
    def images(self) -> Gallery:
        """The board's 8 images, in the order of ``SYMMETRIES`` (equal images repeat)."""
    def canonical(self) -> Board:
        """The lexicographically smallest image: the same for a whole symmetry class."""
    def __len__(self) -> int: ...
    def __getitem__(self, row: int, /) -> int: ...
    def __iter__(self) -> Iterator[int]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Board, /) -> bool: ...
    def __le__(self, other: Board, /) -> bool: ...
    def __gt__(self, other: Board, /) -> bool: ...
    def __ge__(self, other: Board, /) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def _repr_html_(self) -> Optional[str]: ...

@final
class Tally:
    """The numbers of a full count."""

    @property
    def n(self) -> int:
        """The board size."""
    @property
    def total(self) -> int:
        """All solutions (OEIS A000170)."""
    @property
    def unique(self) -> int:
        """Solutions up to rotation and reflection (OEIS A002562)."""
    @property
    def classes(self) -> dict[int, int]:
        """How many symmetry classes have 8, 4, 2 and 1 distinct members."""

@final
class Solutions(Iterator[Union[tuple[int, ...], Board]]):
    """A lazy iterator over solutions, in lexicographic order. It has no ``len()``:
    ``count(n)`` counts them."""

    def __iter__(self) -> Solutions: ...
    def __next__(self) -> Union[tuple[int, ...], Board]: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...

@final
class Outcome:
    """What ``Completion.find`` found; true when it found a completion."""

    @property
    def status(self) -> Literal["completed", "impossible", "unknown"]:
        """``completed`` (see ``board``), ``impossible`` (proved) or ``unknown`` (out of time)."""
    @property
    def board(self) -> Optional[Board]:
        """The completed board, when ``status`` is ``completed``."""
    @property
    def reason(self) -> Optional[str]:
        """Why there is no board: the givens' conflict, the search's proof, or the timeout."""
    def __bool__(self) -> bool: ...
    def _repr_html_(self) -> str: ...

@final
class Completions(Iterator[Board]):
    """A lazy iterator over the completions of a problem, in lexicographic order."""

    def __iter__(self) -> Completions: ...
    def __next__(self) -> Board: ...

@final
class Completion:
    """A completion problem: an n × n board, queens that must stay, closed squares and
    closed diagonals. The builder methods change the problem and return it, so that
    they chain::

        Completion(8).queen(4, 1).queen(3, 3).count()   # Nauck's puzzle: 2
    """

    def __new__(cls, n: int) -> Completion: ...
    @property
    def n(self) -> int:
        """The board size."""
    @property
    def queens(self) -> list[tuple[int, int]]:
        """The queens that must stay, as (row, column) pairs."""
    @property
    def blocked(self) -> list[tuple[int, int]]:
        """The closed squares, as (row, column) pairs."""
    @property
    def diagonals(self) -> list[tuple[Literal["sum", "difference"], int]]:
        """The closed diagonals: ("sum", s) for row + column = s, ("difference", d) for row - column = d."""
    @property
    def conflict(self) -> Optional[str]:
        """Why no completion can exist before any search (givens that attack each other,
        or one on a closed square or diagonal), or ``None``."""
    @property
    def is_exact(self) -> bool:
        """Whether answers are exact: up to 64 queens, or at most 64 rows without a given queen."""
    def queen(self, row: int, column: int) -> Completion:
        """Adds a queen that must stay on (row, column), 0-based; one that attacks another
        given queen makes the problem impossible (see ``conflict``)."""
    def block(self, row: int, column: int) -> Completion:
        """Closes the square (row, column) to every queen."""
    def exclude_sum(self, s: int) -> Completion:
        """Closes the diagonal row + column = s, from 0 to 2n - 2."""
    def exclude_difference(self, d: int) -> Completion:
        """Closes the diagonal row - column = d, from -(n - 1) to n - 1."""
    def find(self, *, timeout: Optional[float] = None, threads: Optional[int] = None) -> Outcome:
        """One completion, a proof that there is none, or ``unknown`` after ``timeout`` seconds."""
    def count(self, *, threads: Optional[int] = None) -> int:
        """The number of completions."""
    def first(self) -> Optional[Board]:
        """The lexicographically first completion, or ``None``."""
    def solutions(self) -> Completions:
        """Every completion, lazily, in lexicographic order."""
    def _repr_html_(self) -> str: ...

def tally(
    n: int,
    *,
    threads: Optional[int] = None,
    memory: Optional[int] = None,
    progress: Optional[Callable[[int, int], object]] = None,
) -> Tally:
    """The full count of an n × n board; ``progress(done, of)`` is called as it goes."""

def count(
    n: int,
    *,
    unique: bool = False,
    threads: Optional[int] = None,
    memory: Optional[int] = None,
    progress: Optional[Callable[[int, int], object]] = None,
) -> int:
    """The number of solutions, or with ``unique`` of symmetry classes."""

@overload
def solutions(n: int, *, unique: bool = False, boards: Literal[False] = False) -> Iterator[tuple[int, ...]]: ...
@overload
def solutions(n: int, *, unique: bool = False, boards: Literal[True]) -> Iterator[Board]: ...
@overload
def solutions(n: int, *, unique: bool = False, boards: bool) -> Iterator[Union[tuple[int, ...], Board]]: ...
def solve(
    n: int, *, limit: Optional[int] = None, unique: bool = False, dtype: _Dtype = None
) -> _ColumnArray:
    """The solutions as an ``int32`` array (or ``dtype``) of shape (k, n), in lexicographic order."""

def one(
    n: int,
    *,
    random: bool = False,
    uniform: bool = False,
    seed: Optional[int] = None,
    dtype: _Dtype = None,
) -> Optional[_ColumnArray]:
    """One solution as an ``int32`` array (or ``dtype``), or ``None`` for n = 2 and 3."""

def verify(columns: _Columns) -> Optional[str]:
    """``None`` when ``columns`` is a solution, else its first conflict, named; a column
    off the board raises ``ValueError``. Test with ``is_solution``, not ``if verify(x)``."""

def solution_index(columns: _Columns) -> Optional[int]:
    """Where the solution stands in the order of ``solutions(n)``, from 0, found by
    counting (n up to ``RANK_MAX_N``); ``None`` when it is no solution."""

def is_solution(columns: _Columns) -> bool:
    """Whether no two queens attack each other; a column off the board raises ``ValueError``."""

def conflicts(columns: _Columns) -> npt.NDArray[np.int32]:
    """The pairs of rows whose queens attack each other, shape (k, 2), earlier row first."""

def read_problem(source: Union[str, bytes, PathLike[str]]) -> Completion:
    """A completion problem from a file or from its text, in any format ``nqueens complete``
    reads: a ``str`` with a line break is the text, anything else names a file."""

def instance(n: int, *, seed: Optional[int] = None, diagonals: Optional[int] = None) -> Completion:
    """A random Excluded Diagonals instance with its first ``diagonals`` diagonals closed."""
