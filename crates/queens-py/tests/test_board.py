"""Boards: text, SVG, equality, hashing, symmetries."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest

import queens
from conftest import A002562


def test_text_forms():
    b = queens.Board([1, 3, 0, 2])
    assert repr(b) == "Board([1, 3, 0, 2])"
    assert str(b) == ".Q..\n...Q\nQ...\n..Q."
    assert b.rows() == [".Q..", "...Q", "Q...", "..Q."]
    big = queens.Board(queens.one(100))
    assert repr(big).startswith("Board([") and repr(big).endswith("], n=100)")


def test_a_list_of_boards_prints_short_and_a_board_draws_itself():
    boards = list(queens.solutions(4, boards=True))
    assert repr(boards) == "[Board([1, 3, 0, 2]), Board([2, 0, 3, 1])]"
    assert not hasattr(queens.Board([1, 3, 0, 2]), "_repr_pretty_")
    html = queens.Board([1, 3, 0, 2])._repr_html_()
    assert "<svg" in html and "a solution of 4 queens" in html


def test_a_non_solution_is_drawn_with_its_conflicts():
    bad = queens.Board([0, 1, 3, 2])
    assert bad._repr_svg_().count("<line") == 2
    assert "2 attacking pairs, joined in red" in bad._repr_html_()
    assert queens.Board([1, 3, 0, 2])._repr_svg_().count("<line") == 0
    assert bad.svg(conflicts=False).count("<line") == 0


@pytest.mark.parametrize("n, pixels", [(1, 128), (4, 128), (8, 256), (15, 480), (200, 480), (1000, 2000)])
def test_the_notebook_picture_grows_with_n(n, pixels):
    svg = queens.Board(queens.one(n))._repr_svg_()
    assert f'width="{pixels}"' in svg


def test_images_and_gallery_show_side_by_side():
    images = queens.Board([0, 4, 7, 5, 2, 6, 1, 3]).images()
    assert isinstance(images, queens.Gallery) and isinstance(images, list) and len(images) == 8
    html = images._repr_html_()
    assert html.count("<svg") == 8 and "7: Board([" in html
    g = queens.gallery(queens.solutions(8))
    assert len(g) == 92 and g._repr_html_().count("<svg") == queens.Gallery.DRAWN
    assert "and 28 more" in g._repr_html_()
    assert queens.gallery([[1, 3, 0, 2]]) == [queens.Board([1, 3, 0, 2])]


def test_numpy_sees_a_board_as_its_columns():
    b = queens.Board([1, 3, 0, 2])
    a = np.asarray(b)
    assert a.shape == (4,) and a.dtype == np.int32 and a.tolist() == [1, 3, 0, 2]
    assert np.asarray(b, dtype=np.int64).dtype == np.int64
    assert np.array([b, b]).shape == (2, 4)


def test_the_version_is_the_packages():
    from importlib.metadata import version

    assert queens.__version__ == version("nqueens-rs")


def test_repr_svg_is_svg_with_a_queen_per_row():
    svg = queens.Board([1, 3, 0, 2])._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count('<use href="#queen-') == 4
    assert ET.fromstring(queens.Board([1, 3, 0, 2]).svg(coords=True, pixels=200)).tag.endswith("svg")


def test_sequence_protocol():
    b = queens.Board(np.array([2, 0, 3, 1], dtype=np.uint8))
    assert (len(b), b.n, b[0], b[-1], list(b), b.columns) == (4, 4, 2, 1, [2, 0, 3, 1], (2, 0, 3, 1))
    assert np.array_equal(b.to_numpy(), [2, 0, 3, 1]) and b.to_numpy().dtype == np.int32
    with pytest.raises(IndexError):
        b[4]


def test_equality_hash_and_order():
    a, b = queens.Board([1, 3, 0, 2]), queens.Board((1, 3, 0, 2))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != queens.Board([2, 0, 3, 1]) and a < queens.Board([2, 0, 3, 1])
    assert a != (1, 3, 0, 2)


def test_verify_and_is_solution():
    assert queens.Board([1, 3, 0, 2]).is_solution()
    bad = queens.Board([0, 1, 2, 3])
    assert not bad.is_solution()
    assert bad.verify() == "queens in rows 0 and 1 share a diagonal"


def test_symmetries():
    s = queens.Board([0, 4, 7, 5, 2, 6, 1, 3])
    assert queens.SYMMETRIES[0] == "identity" and len(queens.SYMMETRIES) == 8
    images = s.images()
    assert images[0] == s and len(images) == 8
    assert all(i.is_solution() for i in images)
    assert s.transform("rotate90") == queens.Board([7, 1, 3, 0, 6, 4, 2, 5])
    assert s.transform("flip_columns") == queens.Board([7 - c for c in s])
    assert s.canonical() == min(images)
    assert s.class_size == len(set(images)) == 8
    assert queens.Board([1, 3, 0, 2]).class_size == 2


def test_classes_from_the_symmetries_match_the_known_count():
    for n in range(1, 10):
        classes = {queens.Board(s).canonical() for s in queens.solutions(n)}
        assert len(classes) == A002562[n]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: queens.Board([0, 4]), "outside the 2×2 board"),
        (lambda: queens.Board([0, -1]), "row 1 is in column -1"),
        (lambda: queens.Board([0, 0]).transform("rotate90"), "column 0 holds two queens"),
        (lambda: queens.Board([1, 0]).transform("spin"), "'spin' is not a symmetry"),
        (lambda: queens.Board(queens.one(10001)).rows(), "too large to draw"),
    ],
)
def test_bad_boards_raise_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_each_picture_has_ids_of_its_own():
    # A notebook is one HTML page: a large board's solid-square queen must not replace a
    # small board's crown.
    def ids(svg):
        return {e.get("id") for e in ET.fromstring(svg).iter() if e.get("id")}

    small, large = (ids(queens.Board(queens.one(n))._repr_svg_()) for n in (8, 300))
    assert small and large and not small & large


@pytest.mark.parametrize(
    "columns, why",
    [
        ({1, 3, 0, 2}, "a set has no order of rows"),
        (frozenset([1, 3, 0, 2]), "a set has no order of rows"),
        ({1: 0, 3: 1, 0: 2, 2: 3}, "a mapping's keys are not"),
        (b"\x01\x03\x00\x02", "characters or bytes are not"),
        ("1302", "characters or bytes are not"),
    ],
)
def test_what_has_no_rows_in_order_is_not_a_board(columns, why):
    for call in (queens.Board, queens.verify, queens.is_solution, queens.conflicts):
        with pytest.raises(TypeError, match=why):
            call(columns)
    # Anything else iterable in order is.
    assert queens.Board(c for c in [1, 3, 0, 2]) == queens.Board((1, 3, 0, 2))


@pytest.mark.parametrize(
    "pixels, error, message",
    [
        (-1, ValueError, "pixels = -1 is out of range: a picture is from 16 to 1000000 pixels wide"),
        (0, ValueError, "pixels = 0 is out of range"),
        (10**9, ValueError, "pixels = 1000000000 is out of range"),
        (True, TypeError, "pixels = True is a bool"),
        (480.0, TypeError, "pixels = 480.0 is a float"),
    ],
)
def test_picture_widths_out_of_range_are_refused(pixels, error, message):
    with pytest.raises(error, match=message):
        queens.Board([1, 3, 0, 2]).svg(pixels=pixels)
    assert 'width="16"' in queens.Board([1, 3, 0, 2]).svg(pixels=16)


class FailingIndex:
    def __index__(self):
        return 1 // 0


class BigIndex:
    def __index__(self):
        return 2**70

    def __str__(self):
        return "big"


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: queens.Board(None), TypeError, "got None"),
        (lambda: queens.verify(5), TypeError, "got an int"),
        (lambda: queens.Board([1, 3, 0, 2])[2**70], IndexError, "a row is from -4 to 3"),
        (lambda: queens.Board([1, 3, 0, 2])[4], IndexError, "row 4 is not on a board of 4 rows"),
        (lambda: queens.Board([1, 3, 0, 2]).transform(1), TypeError, "expected a symmetry's name"),
        (lambda: queens.gallery(5), TypeError, "gallery takes an iterable"),
        (lambda: queens.Completion(8).exclude_difference(-(2**70)), ValueError, "a difference diagonal is from -7 to 7"),
        (lambda: queens.Completion(8).exclude_sum(2**70), ValueError, "a sum diagonal is from 0 to 14"),
        (lambda: queens.instance(8, diagonals=-1), ValueError, "diagonals is from 0 to"),
        (lambda: queens.Board(np.array([1.0, 3.0, 0.0, 2.0])), TypeError, "array of float64"),
        (lambda: queens.Board(np.ma.masked_array([1, 3, 0, 2], mask=[0, 1, 0, 0])), TypeError, "masked array"),
        # An index that cannot be taken is its own error, not an out-of-range one.
        (lambda: queens.solutions(FailingIndex()), ZeroDivisionError, "by zero"),
        (lambda: queens.count(BigIndex()), ValueError, "n = big is out of range"),
    ],
)
def test_more_bad_arguments_name_what_is_allowed(call, error, message):
    with pytest.raises(error, match=message):
        call()
    assert queens.Board([1, 3, 0, 2])[-1] == 2
