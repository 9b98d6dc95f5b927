"""Listing, one solution and verifying."""

import numpy as np
import pytest

import queens
from conftest import A000170, A002562, attacks, brute_force


@pytest.mark.parametrize("n", range(9))
def test_solutions_in_lexicographic_order(n):
    assert list(queens.solutions(n)) == list(brute_force(n))


@pytest.mark.parametrize("n", range(13))
def test_every_solution_is_valid_and_in_order(n):
    all_ = list(queens.solutions(n))
    assert len(all_) == A000170[n]
    assert all_ == sorted(set(all_))
    assert all(len(s) == n and sorted(s) == list(range(n)) and not attacks(s) for s in all_)


@pytest.mark.parametrize("n", range(11))
def test_unique_gives_the_smallest_image_of_each_class(n):
    reps = list(queens.solutions(n, unique=True, boards=True))
    assert len(reps) == A002562[n]
    assert all(b == b.canonical() for b in reps)
    classes = {queens.Board(s).canonical() for s in queens.solutions(n)}
    assert set(reps) == classes


def test_boards_or_tuples():
    first = next(queens.solutions(4, boards=True))
    assert isinstance(first, queens.Board) and first.columns == (1, 3, 0, 2)
    assert next(queens.solutions(4)) == (1, 3, 0, 2)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 8, 10])
def test_solve_is_an_array_of_the_solutions(n):
    a = queens.solve(n)
    assert a.dtype == np.uint8
    assert a.shape == (A000170[n], n)
    assert [tuple(int(c) for c in row) for row in a] == list(queens.solutions(n))


def test_solve_limit_and_unique():
    assert queens.solve(8, limit=5).shape == (5, 8)
    assert queens.solve(8, limit=0).shape == (0, 8)
    assert queens.solve(8, limit=1000).shape == (92, 8)
    u = queens.solve(10, unique=True)
    assert u.shape == (92, 10)
    assert [tuple(map(int, r)) for r in u] == list(queens.solutions(10, unique=True))


@pytest.mark.parametrize("n", [1, 4, 5, 8, 9, 100, 1001, 12345])
def test_one_is_a_solution(n):
    a = queens.one(n)
    assert a.dtype == np.uint32 and a.shape == (n,)
    assert queens.verify(a) is None


def test_one_has_none_for_two_and_three():
    assert queens.one(2) is None and queens.one(3) is None


def test_random_and_uniform_are_reproducible():
    a = queens.one(200, random=True, seed=7)
    assert queens.verify(a) is None
    assert np.array_equal(a, queens.one(200, random=True, seed=7))
    u = queens.one(10, uniform=True, seed=1)
    assert queens.verify(u) is None
    assert np.array_equal(u, queens.one(10, uniform=True, seed=1))


def test_one_of_ten_million_is_valid():
    a = queens.one(10**7)
    assert a.shape == (10**7,)
    assert queens.verify(a) is None


def test_verify_names_the_conflict():
    assert queens.verify([1, 3, 0, 2]) is None
    assert queens.verify((0, 1, 2, 3)) == "queens in rows 0 and 1 share a diagonal"
    assert queens.verify([2, 0, 2]) == "queens in rows 0 and 2 share column 2"
    assert queens.verify(np.array([1, 3, 0, 9], dtype=np.int64)) == (
        "the queen in row 3 is in column 9, outside the 4×4 board (columns 0 to 3)"
    )
    assert queens.verify(queens.Board([1, 3, 0, 2])) is None
    assert queens.verify([]) is None


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: queens.solutions(65), "solutions takes n from 0 to 64"),
        (lambda: queens.solve(-2), "solve takes n from 0 to 64"),
        (lambda: queens.solve(8, limit=-1), "limit must be 0 or more"),
        (lambda: queens.one(10**9 + 1), "one takes n from 0 to 1000000000"),
        (lambda: queens.one(10**8 + 1, random=True), "random=True takes n from 0 to 100000000"),
        (lambda: queens.one(19, uniform=True), "uniform=True takes n from 0 to 18"),
        (lambda: queens.one(8, seed=1), "seed is only used with random=True"),
        (lambda: queens.one(8, random=True, uniform=True), "cannot be combined"),
        (lambda: queens.one(8, random=True, seed=-1), "seed must be from 0"),
        (lambda: queens.verify([1, -3, 0]), "row 1 is in column -3"),
        (lambda: queens.verify(np.zeros((2, 2), dtype=np.int64)), "expected a 1-D array"),
    ],
)
def test_bad_arguments_raise_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()
