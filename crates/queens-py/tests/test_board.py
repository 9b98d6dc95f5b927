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


def test_repr_svg_is_svg_with_a_queen_per_row():
    svg = queens.Board([1, 3, 0, 2])._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count('<use href="#queen"') == 4
    assert ET.fromstring(queens.Board([1, 3, 0, 2]).svg(coords=True, pixels=200)).tag.endswith("svg")


def test_sequence_protocol():
    b = queens.Board(np.array([2, 0, 3, 1], dtype=np.uint8))
    assert (len(b), b.n, b[0], b[-1], list(b), b.columns) == (4, 4, 2, 1, [2, 0, 3, 1], (2, 0, 3, 1))
    assert np.array_equal(b.to_numpy(), [2, 0, 3, 1]) and b.to_numpy().dtype == np.uint32
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
