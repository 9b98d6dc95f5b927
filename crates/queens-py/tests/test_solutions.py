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


@pytest.mark.parametrize("n", [11, 12])
def test_streamed_unique_are_sorted_smallest_images(n):
    reps = list(queens.solutions(n, unique=True))
    assert len(reps) == A002562[n]
    assert reps == sorted(reps)
    assert all(queens.Board(s).canonical().columns == s for s in reps)


def test_a_stream_left_early_or_run_dry_ends():
    # From n = 10 a thread lists the solutions; leaving its iterator must end it.
    for _ in range(20):
        assert next(queens.solutions(15)) == (0, 2, 4, 1, 9, 11, 13, 3, 12, 8, 5, 14, 6, 10, 7)
    it = queens.solutions(10)
    assert sum(1 for _ in it) == A000170[10]
    for _ in range(2):
        with pytest.raises(StopIteration):
            next(it)


def test_boards_or_tuples():
    first = next(queens.solutions(4, boards=True))
    assert isinstance(first, queens.Board) and first.columns == (1, 3, 0, 2)
    assert next(queens.solutions(4)) == (1, 3, 0, 2)


# From n = 10 the rows right of the middle column are the left's mirrored: 10 and 12
# even, 11 and 13 odd, 10 and 11 searched on threads, 12 and 13 by the joined listing.
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 8, 10, 11, 12, 13])
def test_solve_is_an_array_of_the_solutions(n):
    a = queens.solve(n)
    assert a.dtype == np.int32
    assert a.shape == (A000170[n], n)
    assert [tuple(int(c) for c in row) for row in a] == list(queens.solutions(n))
    for dtype in (np.int8, np.int64):
        assert np.array_equal(queens.solve(n, dtype=dtype), a)


def test_solve_limit_and_unique():
    assert queens.solve(8, limit=5).shape == (5, 8)
    assert queens.solve(8, limit=0).shape == (0, 8)
    assert queens.solve(8, limit=1000).shape == (92, 8)
    u = queens.solve(10, unique=True)
    assert u.shape == (92, 10)
    assert [tuple(map(int, r)) for r in u] == list(queens.solutions(10, unique=True))


def test_arrays_are_signed_so_the_usual_diagonal_test_works():
    for a in (queens.solve(8)[0], queens.one(8), queens.Board([0, 4, 7, 5, 2, 6, 1, 3]).to_numpy()):
        assert a.dtype == np.int32
        d = np.abs(a[:, None] - a[None, :])
        rows = np.abs(np.arange(8)[:, None] - np.arange(8)[None, :])
        assert not ((d == rows) & (rows > 0)).any()
    assert np.diff(queens.solve(8)[0]).min() < 0


@pytest.mark.parametrize("dtype", [np.int8, np.int16, "int32", np.int64, int])
def test_solve_and_one_take_a_signed_dtype(dtype):
    a = queens.solve(6, dtype=dtype)
    assert a.dtype == np.dtype(dtype) and np.array_equal(a, queens.solve(6))
    assert queens.one(100, dtype=dtype).dtype == np.dtype(dtype)
    assert queens.Board([1, 3, 0, 2]).to_numpy(dtype=dtype).dtype == np.dtype(dtype)


@pytest.mark.parametrize("order", ["<", ">"])
@pytest.mark.parametrize("code", ["i2", "i4", "i8"])
def test_arrays_come_in_the_byte_order_asked_for(order, code):
    # One of the two orders is not the machine's: its bytes are swapped, its values are
    # the same. n = 10 lists by the parallel listing, with the mirrored half.
    dtype = np.dtype(order + code)
    for n in (6, 10):
        a = queens.solve(n, dtype=dtype)
        assert a.dtype == dtype and a.tolist() == queens.solve(n).tolist()
        # The array owns its bytes, swapped where they lie: it can be resized.
        assert a.flags.owndata and a.flags.writeable and a.flags.c_contiguous
    assert queens.solve(8, limit=3, dtype=dtype).tolist() == queens.solve(8, limit=3).tolist()
    one = queens.one(300, dtype=dtype)
    assert one.dtype == dtype and one.tolist() == queens.one(300).tolist()
    board = queens.Board([1, 3, 0, 2])
    assert board.to_numpy(dtype=dtype).dtype == dtype and board.to_numpy(dtype=dtype).tolist() == [1, 3, 0, 2]
    assert np.asarray(board, dtype=dtype).tolist() == [1, 3, 0, 2]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: queens.solve(6, dtype=np.uint8), "dtype = uint8 is not allowed: columns are int8, int16"),
        (lambda: queens.solve(6, dtype=float), "dtype = float64 is not allowed"),
        (lambda: queens.one(200, dtype=np.int8), "int8 holds columns up to 127: one[(]200[)] needs a wider"),
        (lambda: queens.one(40000, dtype="int16"), "int16 holds columns up to 32767"),
    ],
)
def test_a_dtype_that_cannot_hold_the_columns_is_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("n", [1, 4, 5, 8, 9, 100, 1001, 12345])
def test_one_is_a_solution(n):
    a = queens.one(n)
    assert a.dtype == np.int32 and a.shape == (n,)
    assert queens.verify(a) is None and queens.is_solution(a)


def test_one_has_none_for_two_and_three():
    assert queens.one(2) is None and queens.one(3) is None


def test_random_and_uniform_are_reproducible():
    a = queens.one(200, random=True, seed=7)
    assert queens.verify(a) is None
    assert np.array_equal(a, queens.one(200, random=True, seed=7))
    u = queens.one(10, uniform=True, seed=1)
    assert queens.verify(u) is None
    assert np.array_equal(u, queens.one(10, uniform=True, seed=1))
    assert queens.one(0, uniform=True).shape == (0,)
    # Every seed the command line takes, drawn by the column sets from n = 14.
    top = queens.one(14, uniform=True, seed=2**64 - 1)
    assert queens.verify(top) is None
    assert np.array_equal(top, queens.one(14, uniform=True, seed=2**64 - 1))
    with pytest.raises(ValueError, match=r"seed must be from 0 to 2\*\*64 - 1"):
        queens.one(14, uniform=True, seed=2**64)
    assert queens.instance(10, seed=2**64 - 1).n == 10


def test_solution_index_numbers_the_listed_solutions():
    for n, picks in [(8, range(92)), (14, [0, 1, 99_999, 182_798, 365_595])]:
        listed = queens.solve(n)
        for k in picks:
            assert queens.solution_index(listed[k]) == k
            assert queens.solution_index(queens.Board(list(listed[k]))) == k
    assert queens.solution_index([0, 1, 2, 3]) is None
    assert queens.solution_index([]) == 0
    with pytest.raises(ValueError, match="0 to 21 queens, not 22"):
        queens.solution_index(list(queens.one(22)))


def test_one_of_ten_million_is_valid():
    a = queens.one(10**7)
    assert a.shape == (10**7,)
    assert queens.verify(a) is None


def test_verify_names_the_conflict():
    assert queens.verify([1, 3, 0, 2]) is None
    assert queens.verify((0, 1, 2, 3)) == "queens in rows 0 and 1 share a diagonal"
    assert queens.verify([2, 0, 2]) == "queens in rows 0 and 2 share column 2"
    assert queens.verify(queens.Board([1, 3, 0, 2])) is None
    assert queens.verify([]) is None


def test_is_solution_is_a_bool():
    assert queens.is_solution([1, 3, 0, 2]) is True
    assert queens.is_solution((0, 1, 2, 3)) is False
    assert queens.is_solution([]) is True
    assert queens.is_solution(queens.Board([2, 0, 3, 1])) is True


@pytest.mark.parametrize("n", range(1, 8))
def test_conflicts_are_every_attacking_pair(n):
    rng = np.random.default_rng(n)
    for _ in range(50):
        columns = rng.integers(0, n, size=n)
        pairs = [
            (i, j)
            for i in range(n)
            for j in range(i + 1, n)
            if columns[i] == columns[j] or abs(int(columns[i]) - int(columns[j])) == j - i
        ]
        got = queens.conflicts(columns)
        assert got.dtype == np.int32 and got.shape == (len(pairs), 2)
        assert [tuple(p) for p in got.tolist()] == pairs
        assert queens.Board(columns).conflicts().tolist() == got.tolist()
        assert queens.is_solution(columns) == (not pairs) == (queens.verify(columns) is None)


def test_a_column_off_the_board_is_a_value_error_everywhere():
    for check in (queens.verify, queens.is_solution, queens.conflicts, queens.Board):
        with pytest.raises(ValueError, match="row 1 is in column 5, outside the 2×2 board"):
            check([0, 5])
        with pytest.raises(ValueError, match="row 3 is in column 9, outside the 4×4 board"):
            check(np.array([1, 3, 0, 9], dtype=np.int64))
        with pytest.raises(ValueError, match="row 1 is in column -1"):
            check([0, -1])


def test_solutions_have_no_len_but_say_how_to_count():
    s = queens.solutions(8)
    with pytest.raises(TypeError, match=r"has no len\(\): queens.count\(n\) counts them"):
        len(s)
    assert bool(s) and len(list(s)) == 92


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: queens.solutions(65), "solutions takes n from 0 to 64"),
        (lambda: queens.solve(-2), "solve takes n from 0 to 64"),
        (lambda: queens.solve(8, limit=-1), "limit must be 0 or more"),
        (lambda: queens.one(10**9 + 1), "one takes n from 0 to 1000000000"),
        (lambda: queens.one(10**8 + 1, random=True), "random=True takes n from 0 to 100000000"),
        (lambda: queens.one(22, uniform=True), "uniform=True takes n from 0 to 21"),
        (lambda: queens.one(8, seed=1), "seed is only used with random=True"),
        (lambda: queens.one(8, random=True, uniform=True), "cannot be combined"),
        (lambda: queens.one(8, random=True, seed=-1), "seed must be from 0"),
        (lambda: queens.solve(8, limit=-1), "limit = -1 is out of range"),
        (lambda: queens.verify([1, -3, 0]), "row 1 is in column -3"),
        (lambda: queens.verify(np.zeros((2, 2), dtype=np.int64)), "expected a 1-D array"),
    ],
)
def test_bad_arguments_raise_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_arrays_of_any_byte_order_and_object_arrays_are_columns():
    for a in (np.array([1, 3, 0, 2], dtype=">i4"), np.array([1, 3, 0, 2], dtype=">u8"), np.array([1, 3, 0, 2], dtype=object)):
        assert queens.Board(a).columns == (1, 3, 0, 2) and queens.is_solution(a)


def test_a_board_with_too_many_attacking_pairs_is_refused_not_a_crash():
    with pytest.raises(ValueError, match="attacking pairs, more than the 10000000 conflicts"):
        queens.conflicts([0] * 5000)
    assert "too many to draw" in queens.Board([0] * 3000)._repr_html_()


def test_one_checks_its_dtype_before_building():
    import time

    started = time.perf_counter()
    with pytest.raises(ValueError, match="int8 holds columns up to 127"):
        queens.one(10**9, dtype=np.int8)
    assert time.perf_counter() - started < 1


def test_asarray_of_a_board_refuses_a_type_that_would_wrap():
    board = queens.Board(queens.one(200))
    with pytest.raises(ValueError, match="needs a wider type"):
        np.asarray(board, dtype=np.int8)
    assert np.asarray(board, dtype=np.int64).tolist() == list(board.columns)


def test_large_boards_come_from_the_walk_in_order_and_stop_on_ctrl_c():
    import os
    import signal
    import threading
    import time

    first = queens.solve(31, limit=20)
    assert first.shape == (20, 31)
    assert all(queens.is_solution(row) for row in first)
    assert [tuple(r) for r in first] == sorted({tuple(r) for r in first})
    assert tuple(first[0]) == next(iter(queens.solutions(31)))
    # One per class from the walk too: each the smallest of its class, in order.
    reps = queens.solve(34, unique=True, limit=3)
    assert reps.shape == (3, 34)
    assert [tuple(r) for r in reps] == sorted({tuple(r) for r in reps})
    assert tuple(reps[0]) == next(iter(queens.solutions(34)))
    # n = 44's first solution takes the walk far longer than this test: Ctrl-C stops it.
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        queens.solve(44, limit=1)
    assert time.perf_counter() - started < 10


def test_a_limit_past_64_bits_is_all():
    assert queens.solve(6, limit=2**70).shape == (4, 6)
