"""Times the Python package against the command line and against plain Python.

    cargo build --release
    pip install ./crates/queens-py
    python crates/queens-py/bench/bench.py [--runs 5] [--n 16] [--nqueens target/release/nqueens]

In one run, interleaved, medians of --runs:
  * queens.count(n) called from Python, against `nqueens count n` as a process;
  * every solution of n iterated from Python (tuples), and as a numpy array
    (queens.solve), against a plain-Python bitboard backtracker that yields the same
    tuples (run once: it is slow).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time

import queens


def python_solutions(n: int):
    """Every solution in lexicographic order, by the classic bitboard backtracker."""
    full = (1 << n) - 1
    columns = [0] * n

    def place(row: int, cols: int, left: int, right: int):
        if row == n:
            yield tuple(columns)
            return
        free = full & ~(cols | left | right)
        while free:
            bit = free & -free
            free ^= bit
            columns[row] = bit.bit_length() - 1
            yield from place(row + 1, cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1)

    return place(0, 0, 0, 0)


def timed(f):
    start = time.perf_counter()
    result = f()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--n", type=int, default=16)
    parser.add_argument("--nqueens", default="target/release/nqueens")
    parser.add_argument("--skip-python", action="store_true", help="skip the plain-Python backtracker")
    args = parser.parse_args()
    n = args.n

    cli, lib = [], []
    for _ in range(args.runs):
        t, out = timed(lambda: subprocess.run([args.nqueens, "count", str(n), "--quiet"], capture_output=True, text=True, check=True).stdout)
        cli.append(t)
        t, total = timed(lambda: queens.count(n))
        lib.append(t)
        assert int(out) == total
    print(f"count({n}) = {total}")
    print(f"  nqueens count {n} (process):  median {statistics.median(cli):.3f} s  {sorted(round(x, 3) for x in cli)}")
    print(f"  queens.count({n}) (Python):   median {statistics.median(lib):.3f} s  {sorted(round(x, 3) for x in lib)}")
    print(f"  Python / command line: {statistics.median(lib) / statistics.median(cli):.3f}")

    it, arr = [], []
    for _ in range(args.runs):
        t, k = timed(lambda: sum(1 for _ in queens.solutions(n)))
        it.append(t)
        t, a = timed(lambda: queens.solve(n))
        arr.append(t)
        assert k == total == a.shape[0]
        del a
    print(f"all {total} solutions of n = {n}:")
    print(f"  for s in queens.solutions({n}):  median {statistics.median(it):.3f} s")
    print(f"  queens.solve({n}) (numpy):       median {statistics.median(arr):.3f} s")
    if not args.skip_python:
        t, k = timed(lambda: sum(1 for _ in python_solutions(n)))
        assert k == total
        print(f"  plain-Python backtracker:        {t:.3f} s (once)")
        print(f"  speed-up, iterating: {t / statistics.median(it):.1f}x; as numpy: {t / statistics.median(arr):.1f}x")


if __name__ == "__main__":
    main()
