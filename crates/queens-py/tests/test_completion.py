"""Completion problems against brute force, the readers, and errors."""

import random

import pytest

import queens
from conftest import attacks

# CSPLib's Excluded Diagonals format, as `nqueens instance` writes it.
DIAGONALS = "n = 5\nnumdiags = 2\ndiags = [[4, 1], [2, 0], [3, 1]]\n"


def brute_force(problem):
    """Every completion of `problem`, in lexicographic order, from all permutations."""
    import itertools

    n = problem.n
    sums = {d for kind, d in problem.diagonals if kind == "sum"}
    diffs = {d for kind, d in problem.diagonals if kind == "difference"}
    out = []
    for p in itertools.permutations(range(n)):
        if attacks(p):
            continue
        if any(p[r] != c for r, c in problem.queens):
            continue
        if any(p[r] == c for r, c in problem.blocked):
            continue
        if any(r + c in sums or r - c in diffs for r, c in enumerate(p)):
            continue
        out.append(p)
    return out


def random_problem(rng):
    n = rng.randint(1, 7)
    problem = queens.Completion(n)
    for _ in range(rng.randint(0, 2)):
        problem.queen(rng.randrange(n), rng.randrange(n))
    for _ in range(rng.randint(0, 4)):
        problem.block(rng.randrange(n), rng.randrange(n))
    for _ in range(rng.randint(0, 3)):
        if rng.random() < 0.5:
            problem.exclude_sum(rng.randrange(2 * n - 1))
        else:
            problem.exclude_difference(rng.randrange(-(n - 1), n))
    return problem


def test_answers_agree_with_brute_force():
    rng = random.Random(2026)
    checked = completed = 0
    for _ in range(400):
        problem = random_problem(rng)
        try:
            answers = brute_force(problem)
            outcome = problem.find()
        except ValueError:
            # Givens that attack each other or stand on a closed square: named, not searched.
            continue
        checked += 1
        assert problem.count() == len(answers), problem
        assert [b.columns for b in problem.solutions()] == answers, problem
        first = problem.first()
        assert (first.columns if first else None) == (answers[0] if answers else None), problem
        if answers:
            completed += 1
            assert outcome.status == "completed" and outcome, problem
            assert outcome.board.columns in answers, problem
        else:
            assert outcome.status == "impossible" and not outcome, problem
    assert checked > 200 and 0 < completed < checked


def test_nauck():
    nauck = queens.Completion(8).queen(4, 1).queen(3, 3)
    assert nauck.count() == 2
    assert nauck.first() == queens.Board([4, 0, 7, 3, 1, 6, 2, 5])
    assert repr(nauck) == "Completion(n=8, queens=[(4, 1), (3, 3)], blocked=[], diagonals=[])"


def test_large_boards_complete():
    outcome = queens.Completion(500).queen(10, 10).find()
    assert outcome.status == "completed" and outcome.board[10] == 10
    assert outcome.board.is_solution()


def test_timeout_gives_unknown():
    hard = queens.instance(30, seed=1, diagonals=32)
    assert hard.find(timeout=0.2, threads=1).status == "unknown"


def test_read_problem_from_text_and_file(tmp_path):
    board = queens.read_problem("....\n.x..\nQ...\n....\n")
    assert (board.n, board.queens, board.blocked) == (4, [(2, 0)], [(1, 1)])
    diags = queens.read_problem(DIAGONALS)
    assert diags.diagonals == [("sum", 4), ("difference", -2)]
    path = tmp_path / "problem.param"
    path.write_text("letting n be 8\nletting init be [[3, 1], [4, 3]]\n")
    assert queens.read_problem(path).count() == 2
    assert queens.read_problem(str(path)).count() == 2


def test_instance_refuses_boards_past_its_limit():
    assert queens.INSTANCE_MAX_N == 64
    with pytest.raises(ValueError):
        queens.instance(queens.INSTANCE_MAX_N + 1)


def test_instance_matches_its_published_form():
    problem = queens.instance(10, seed=7, diagonals=5)
    assert problem.n == 10 and len(problem.diagonals) == 5
    assert len(queens.instance(10, seed=7).diagonals) >= 5


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: queens.Completion(-1), ValueError, "a completion problem takes n from 0"),
        (lambda: queens.Completion(8).queen(8, 0), ValueError, "rows and columns are from 0 to 7"),
        (lambda: queens.Completion(8).block(0, -1), ValueError, "column = -1 is out of range"),
        (lambda: queens.Completion(8).exclude_sum(15), ValueError, "a sum diagonal is from 0 to 14"),
        (lambda: queens.Completion(8).exclude_difference(-8), ValueError, "from -7 to 7"),
        (lambda: queens.Completion(8).find(timeout=-1), ValueError, "positive number of seconds"),
        (lambda: queens.Completion(8).find(timeout=True), TypeError, "timeout = True is a bool"),
        (lambda: queens.Completion(8).find(timeout="1"), TypeError, "timeout = '1' is a str"),
        (lambda: queens.Completion(8).find(timeout=float("nan")), ValueError, "timeout = NaN is out of range"),
        (lambda: queens.read_problem("/"), IsADirectoryError, "Is a directory: '/'"),
        (lambda: queens.read_problem(b"letting n be 4\n"), FileNotFoundError, "bytes name a file; pass a problem's text as a str"),
        (lambda: queens.Completion(100).count(), ValueError, "too large to list or count"),
        (lambda: queens.read_problem("letting n be\n"), ValueError, "line 1"),
        (lambda: queens.read_problem(""), ValueError, "empty"),
        (lambda: queens.instance(65), ValueError, "instance takes n from 0 to 64"),
    ],
)
def test_bad_arguments(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_missing_file_is_file_not_found_whether_str_or_path(tmp_path):
    import pathlib

    with pytest.raises(FileNotFoundError):
        queens.read_problem(pathlib.Path(tmp_path / "missing.txt"))
    with pytest.raises(FileNotFoundError, match="a str without a line break names a file"):
        queens.read_problem(str(tmp_path / "missing.txt"))
    with pytest.raises(FileNotFoundError):
        queens.read_problem("missing.txt")
    # One line of a board is text once it ends its line.
    assert queens.read_problem("Q\n").count() == 1


@pytest.mark.parametrize(
    "problem, reason",
    [
        (lambda: queens.Completion(4).queen(0, 0).queen(1, 1), "the given queens at (0, 0) and (1, 1) share a diagonal"),
        (lambda: queens.Completion(8).queen(2, 3).queen(2, 5), "the given queens at (2, 3) and (2, 5) share a row"),
        (lambda: queens.Completion(4).queen(0, 0).block(0, 0), "the given queen at (0, 0) stands on a blocked square"),
        (lambda: queens.Completion(6).queen(1, 2).exclude_sum(3), "the given queen at (1, 2) stands on the diagonal r + c = 3, which is excluded"),
    ],
)
def test_givens_that_conflict_are_impossible_not_an_error(problem, reason):
    p = problem()
    assert p.conflict is not None and p.conflict.startswith(reason)
    outcome = p.find()
    assert (outcome.status, outcome.board, bool(outcome)) == ("impossible", None, False)
    assert outcome.reason == p.conflict
    assert p.count() == 0 and p.first() is None and list(p.solutions()) == []
    assert "impossible: " in p._repr_html_() and "impossible" in outcome._repr_html_()


def test_a_queen_given_twice_is_given_once():
    p = queens.Completion(8).queen(4, 1).queen(3, 3).queen(4, 1)
    assert p.queens == [(4, 1), (3, 3)] and p.conflict is None and p.count() == 2


def test_a_completion_draws_its_givens():
    html = queens.Completion(8).queen(4, 1).block(0, 0).exclude_sum(3).exclude_difference(-2)._repr_html_()
    assert html.count('<use href="#queen-') == 1 and html.count("stroke-dasharray") == 2
    assert "8×8 board: 1 queen given, 1 square closed, 2 diagonals closed" in html
    outcome = queens.Completion(8).queen(4, 1).find()
    assert "<svg" in outcome._repr_html_() and outcome.reason is None
    assert "ran out of time" in queens.instance(30, seed=1, diagonals=32).find(timeout=0.1, threads=1).reason


def test_read_problem_names_a_file_by_bytes_and_refuses_what_is_off_the_board(tmp_path):
    path = tmp_path / "nauck.param"
    path.write_text("letting n be 8\nletting init be [[3, 1], [4, 3]]\n")
    assert queens.read_problem(bytes(path)).count() == 2
    with pytest.raises(FileNotFoundError):
        queens.read_problem(bytes(tmp_path / "missing.txt"))
    with pytest.raises(ValueError, match=r"the square \(5, 5\) is outside the 4×4 board"):
        queens.read_problem("letting n = 4\nletting init = [[5, 5]]\n")
    twice = queens.read_problem("letting n = 4\nletting init = [[0, 1], [0, 1]]\n")
    assert twice.queens == [(0, 1)] and twice.conflict is None and twice.count() == 1


def test_a_file_that_is_not_text_is_named(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"letting n be 4\n\xff\n")
    with pytest.raises(ValueError, match="latin1.txt is not UTF-8 text"):
        queens.read_problem(path)


def test_an_outcome_without_a_board_draws_the_problem():
    import re

    # Givens that attack each other, and a given queen no solution keeps.
    for problem in (queens.Completion(4).queen(0, 0).queen(1, 1), queens.Completion(4).queen(0, 0)):
        outcome = problem.find()
        assert outcome.status == "impossible"
        html = outcome._repr_html_()
        assert "<svg" in html and "<b>impossible</b>" in html
        assert len(re.findall(r'<use href="#queen-\d+"', html)) == len(problem.queens)
