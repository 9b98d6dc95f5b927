"""Counting: known values, every argument, progress, and errors."""

import numpy as np
import pytest

import queens
from conftest import A000170, A002562


@pytest.mark.parametrize("n", range(13))
def test_known_counts(n):
    assert queens.count(n) == A000170[n]
    assert queens.count(n, unique=True) == A002562[n]


@pytest.mark.parametrize("n", range(13))
def test_tally_adds_up(n):
    t = queens.tally(n)
    assert (t.n, t.total, t.unique) == (n, A000170[n], A002562[n])
    assert sum(size * k for size, k in t.classes.items()) == t.total
    assert sum(t.classes.values()) == t.unique


def test_tally_of_eight():
    t = queens.tally(8)
    assert t.classes == {8: 11, 4: 1, 2: 0, 1: 0}
    assert repr(t) == "Tally(n=8, total=92, unique=12, classes={8: 11, 4: 1, 2: 0, 1: 0})"
    assert t == queens.tally(8, threads=1)


def test_threads_and_memory_never_change_the_answer():
    for threads in (1, 2, 3):
        assert queens.count(13, threads=threads) == 73712
    assert queens.count(13, memory=256 << 20) == 73712


def test_a_numpy_integer_is_an_int():
    np = pytest.importorskip("numpy")
    assert queens.count(np.int64(8)) == 92


def test_progress_reaches_the_whole():
    seen = []
    assert queens.count(14, progress=lambda done, of: seen.append((done, of))) == 365596
    assert seen, "progress was never called"
    assert seen[-1][0] == seen[-1][1]
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))


def test_an_exception_in_progress_stops_the_count():
    def fail(done, of):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        queens.count(16, progress=fail)


def test_progress_true_draws_a_tqdm_bar(capsys):
    pytest.importorskip("tqdm")
    assert queens.count(12, progress=True) == 14200
    assert "count(12)" in capsys.readouterr().err


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: queens.count(-1), "n = -1 is out of range: a count takes n from 0 to 32"),
        (lambda: queens.count(33), "n = 33 is out of range: a count takes n from 0 to 32"),
        (lambda: queens.count(10**30), "n = 10{30} is out of range: a count takes n from 0 to 32".replace("10{30}", str(10**30))),
        (lambda: queens.count(-(2**70)), "is out of range: a count takes n from 0 to 32"),
        (lambda: queens.count(8, threads=2**64), "threads = 18446744073709551616 is out of range: threads must be from 1"),
        (lambda: queens.count(8, memory=2**80), "is out of range: a count's memory must be from"),
        (lambda: queens.count(8, threads=0), "threads must be from 1 to 1024"),
        (lambda: queens.count(8, threads=5000), "threads must be from 1 to 1024"),
        (lambda: queens.count(8, memory=1000), "memory must be from"),
        (lambda: queens.tally(8, progress="yes"), "expected True"),
    ],
)
def test_bad_arguments_raise_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_a_string_is_a_type_error():
    with pytest.raises(TypeError):
        queens.count("8")


@pytest.mark.parametrize(
    "call",
    [
        lambda: queens.count(True),
        lambda: queens.solve(False),
        lambda: queens.count(8, threads=True),
        lambda: queens.one(8, random=True, seed=True),
        lambda: queens.Completion(8).queen(True, 0),
    ],
)
def test_a_bool_is_not_a_number(call):
    with pytest.raises(TypeError, match="is a bool: expected an int"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: queens.count(8, unique=1),
        lambda: queens.solutions(8, unique="yes"),
        lambda: queens.solutions(8, boards=1),
        lambda: queens.solve(8, unique=None),
        lambda: queens.one(8, random=1),
        lambda: queens.Board([1, 3, 0, 2]).svg(coords=1),
    ],
)
def test_a_number_is_not_a_flag(call):
    with pytest.raises(TypeError, match="expected True or False, got"):
        call()
    # numpy's bool is a bool.
    assert queens.count(8, unique=np.True_) == 12
