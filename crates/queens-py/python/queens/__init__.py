"""Solve, count and verify the n-queens puzzle and its completion problems.

The work is done by the Rust library ``queens``; this package is its Python face. Long
counts and searches release the GIL, so other Python threads keep running, and stop on
Ctrl-C (``KeyboardInterrupt``) within a fraction of a second. Bad arguments raise
``ValueError`` with a message that says what is allowed.

>>> import queens
>>> queens.count(8)
92
>>> queens.count(8, unique=True)
12
>>> next(queens.solutions(4))
(1, 3, 0, 2)
>>> queens.solve(6).shape
(4, 6)
>>> queens.is_solution([1, 3, 0, 2])
True
>>> queens.verify([0, 1, 2, 3])
'queens in rows 0 and 1 share a diagonal'
>>> queens.Completion(8).queen(4, 1).queen(3, 3).count()
2
"""

from __future__ import annotations

import html
from typing import Callable, Iterable, Optional, Union

from . import _queens
from ._queens import (
    CONSTRUCT_MAX_N,
    COUNT_MAX_N,
    INSTANCE_MAX_N,
    MAX_N,
    RANDOM_MAX_N,
    RANK_MAX_N,
    SYMMETRIES,
    Board,
    Completion,
    Completions,
    Outcome,
    Solutions,
    Tally,
    __version__,
    conflicts,
    instance,
    is_solution,
    one,
    read_problem,
    solution_index,
    solutions,
    solve,
    verify,
)

__all__ = [
    "CONSTRUCT_MAX_N",
    "COUNT_MAX_N",
    "INSTANCE_MAX_N",
    "MAX_N",
    "RANDOM_MAX_N",
    "RANK_MAX_N",
    "SYMMETRIES",
    "Board",
    "Completion",
    "Completions",
    "Gallery",
    "Outcome",
    "Solutions",
    "Tally",
    "__version__",
    "conflicts",
    "count",
    "gallery",
    "instance",
    "is_solution",
    "one",
    "read_problem",
    "solution_index",
    "solutions",
    "solve",
    "tally",
    "verify",
]

Progress = Union[bool, Callable[[int, int], object], None]


class Gallery(list):  # type: ignore[type-arg]
    """A list of boards that a notebook shows side by side, each with its columns.

    ``Board.images()`` returns one; ``gallery(boards)`` makes one of any boards or column
    arrays. It is a plain list otherwise: its ``repr`` is the list's.

    >>> g = gallery(solutions(4))
    >>> g
    [Board([1, 3, 0, 2]), Board([2, 0, 3, 1])]
    >>> '<svg' in g._repr_html_()
    True
    """

    #: The most boards a gallery draws; the others are counted below it.
    DRAWN = 64
    #: The width in pixels of each board.
    PIXELS = 160

    def _repr_html_(self) -> str:
        cells = []
        for i, board in enumerate(self[: self.DRAWN]):
            svg = board.svg(pixels=self.PIXELS) if board.n <= 10_000 else ""
            cells.append(
                '<figure style="margin:0 8px 8px 0;text-align:center">'
                f'{svg}<figcaption style="font:12px monospace;max-width:{self.PIXELS}px;'
                f'overflow-wrap:anywhere">{i}: {html.escape(repr(board))}</figcaption></figure>'
            )
        more = len(self) - self.DRAWN
        if more > 0:
            cells.append(f'<p style="font:13px sans-serif">… and {more} more</p>')
        return '<div style="display:flex;flex-wrap:wrap;align-items:flex-start">' + "".join(cells) + "</div>"


def gallery(boards: Iterable[object]) -> Gallery:
    """The boards (``Board``s or column arrays) as a :class:`Gallery`, drawn side by side
    in a notebook: ``gallery(solutions(6))``, ``gallery(board.images())``."""
    try:
        items = iter(boards)
    except TypeError:
        raise TypeError(
            f"gallery takes an iterable of boards or column arrays, got {type(boards).__name__}"
        ) from None
    return Gallery(b if isinstance(b, Board) else Board(b) for b in items)


def _progress_hook(progress: Progress, n: int):
    """The callback the native count calls with (done, of), and a function that
    closes whatever it opened. ``True`` draws a ``tqdm`` bar."""
    if progress is None or progress is False:
        return None, lambda: None
    if progress is True:
        try:
            from tqdm.auto import tqdm
        except ImportError as err:
            raise ImportError(
                "progress=True draws a tqdm bar: install tqdm (pip install tqdm), "
                "or pass a function progress(done, of)"
            ) from err
        bar = tqdm(total=None, desc=f"count({n})", unit="work", unit_scale=True)

        def update(done: int, of: int) -> None:
            if bar.total != of:
                bar.total = of
            bar.update(done - bar.n)

        return update, bar.close
    if callable(progress):
        return progress, lambda: None
    raise ValueError(
        f"progress = {progress!r} is not allowed: expected True (a tqdm bar), "
        "a function progress(done, of), or None"
    )


def tally(
    n: int,
    *,
    threads: Optional[int] = None,
    memory: Optional[int] = None,
    progress: Progress = None,
) -> Tally:
    """The full count of an ``n`` × ``n`` board (n ≤ ``COUNT_MAX_N``): ``total``
    (OEIS A000170), ``unique`` (A002562) and ``classes``, the number of symmetry classes
    with 8, 4, 2 and 1 members.

    ``threads`` defaults to one per core and never changes the answer; ``memory``
    (bytes, 2 GiB by default) bounds what the count holds. ``progress`` is ``True`` for
    a ``tqdm`` bar or a function called as ``progress(done, of)`` from the calling
    thread, in units of expected work.

    >>> t = tally(8)
    >>> (t.total, t.unique, t.classes)
    (92, 12, {1: 0, 2: 0, 4: 1, 8: 11})
    """
    hook, close = _progress_hook(progress, n)
    try:
        return _queens.tally(n, threads=threads, memory=memory, progress=hook)
    finally:
        close()


def count(
    n: int,
    *,
    unique: bool = False,
    threads: Optional[int] = None,
    memory: Optional[int] = None,
    progress: Progress = None,
) -> int:
    """The number of solutions of an ``n`` × ``n`` board (OEIS A000170), or with
    ``unique`` the number of classes under rotation and reflection (A002562). The
    other arguments are those of :func:`tally`.

    >>> count(10), count(10, unique=True)
    (724, 92)
    """
    hook, close = _progress_hook(progress, n)
    try:
        return _queens.count(
            n, unique=unique, threads=threads, memory=memory, progress=hook
        )
    finally:
        close()
