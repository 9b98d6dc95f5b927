"""The type stubs match the native module, and the package type-checks as users use it."""

import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("mypy")


def test_stubs_match_the_module():
    out = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "queens._queens"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_typical_use_type_checks_strictly(tmp_path):
    use = tmp_path / "use.py"
    use.write_text(
        textwrap.dedent(
            """
            import queens

            total: int = queens.count(8, unique=True, threads=2)
            t: queens.Tally = queens.tally(10)
            classes: dict[int, int] = t.classes
            for columns in queens.solutions(6):
                print(columns[0] + 1)
            for b in queens.solutions(6, boards=True):
                print(b.rows())
            ok: bool = queens.is_solution([1, 3, 0, 2])
            pairs = queens.conflicts([0, 1, 2])
            print(pairs.shape, queens.solve(8, dtype="int16").shape, queens.__version__)
            g: queens.Gallery = queens.gallery(queens.solutions(4, boards=True))
            board = queens.Board([1, 3, 0, 2])
            rotated: queens.Board = board.transform("rotate90")
            conflict: str | None = queens.verify(board)
            outcome = queens.Completion(8).queen(4, 1).block(0, 0).exclude_sum(3).find(timeout=1.0)
            if outcome.board is not None:
                print(outcome.status, outcome.board.rows())
            """
        )
    )
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(use)],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
