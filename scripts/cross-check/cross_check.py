#!/usr/bin/env python3
"""Cross-checks nqueens's completion verdicts against independent solvers.

Draws random completion problems (n from 1 to 14; given queens, closed squares and closed
diagonals, alone and mixed; with and without a completion), and for each:

  * asks nqueens (`nqueens complete FILE`) for its verdict;
  * exports the problem to DIMACS (`--export dimacs`) and solves it with CaDiCaL from
    python-sat;
  * exports it to MiniZinc (`--export minizinc`) and solves it with Gecode;
  * feeds each solver's answer back through `nqueens verify --problem FILE`, which must
    accept it.

Any disagreement fails the run and names the problem's file. Usage:

    python scripts/cross-check/cross_check.py --nqueens target/release/nqueens [--problems 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from pysat.formula import CNF
from pysat.solvers import Solver


def attacks(a, b) -> bool:
    (r1, c1), (r2, c2) = a, b
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def draw(rng: random.Random) -> str:
    """A random problem as Essence′ parameters (the form `--export essence` writes)."""
    n = rng.randint(1, 14)
    kinds = rng.choice([{"init"}, {"blocks"}, {"diags"}, {"init", "blocks"}, {"init", "diags"}, {"blocks", "diags"}, {"init", "blocks", "diags"}])
    givens = []
    if "init" in kinds:
        # Givens that agree with each other: from a random permutation, keeping the
        # queens that no earlier one attacks.
        perm = list(range(n))
        rng.shuffle(perm)
        for r in rng.sample(range(n), rng.randint(1, max(1, n // 3))):
            q = (r, perm[r])
            if all(not attacks(q, g) for g in givens):
                givens.append(q)
    blocks = set()
    if "blocks" in kinds:
        for _ in range(rng.randint(1, 2 * n)):
            sq = (rng.randrange(n), rng.randrange(n))
            if sq not in givens:
                blocks.add(sq)
    sums, diffs = [], []
    if "diags" in kinds:
        for _ in range(rng.randint(1, n)):
            if rng.random() < 0.5:
                s = rng.randrange(2 * n - 1)
                if all(r + c != s for r, c in givens) and s not in sums:
                    sums.append(s)
            else:
                d = rng.randrange(-(n - 1), n)
                if all(r - c != d for r, c in givens) and d not in diffs:
                    diffs.append(d)
    lines = [f"letting n be {n}"]
    if givens:
        lines.append(f"letting init be {[list(g) for g in givens]}")
    if blocks:
        lines.append(f"letting blocks be {[[r + 1, c + 1] for r, c in sorted(blocks)]}")
    if sums or diffs:
        lines += [
            f"letting numsum be {len(sums)}",
            f"letting sumdiags be {sums}",
            f"letting numdiff be {len(diffs)}",
            f"letting diffdiags be {diffs}",
        ]
    return "\n".join(lines) + "\n"


def run(cmd, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nqueens", default="target/release/nqueens")
    parser.add_argument("--problems", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minizinc", default=shutil.which("minizinc"))
    args = parser.parse_args()
    if not args.minizinc:
        print("cross-check: minizinc not found (apt-get install minizinc)", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="nqueens-cross-check-"))
    failures, tally = [], {"completed": 0, "no completion": 0}
    for i in range(args.problems):
        path = work / f"problem-{i}.param"
        path.write_text(draw(rng))
        ours = run([args.nqueens, "complete", str(path), "-f", "columns", "-j", "1"])
        if ours.returncode not in (0, 1):
            failures.append(f"{path}: nqueens complete exited {ours.returncode}: {ours.stderr.strip()}")
            continue
        verdict = ours.returncode == 0
        tally["completed" if verdict else "no completion"] += 1

        cnf = run([args.nqueens, "complete", str(path), "--export", "dimacs"], check=True).stdout
        with Solver(name="cadical195", bootstrap_with=CNF(from_string=cnf).clauses) as sat:
            sat_verdict = sat.solve()
            answer = "s SATISFIABLE\nv " + " ".join(map(str, sat.get_model())) + " 0\n" if sat_verdict else "s UNSATISFIABLE\n"
        mzn = work / f"problem-{i}.mzn"
        mzn.write_text(run([args.nqueens, "complete", str(path), "--export", "minizinc"], check=True).stdout)
        cp = run([args.minizinc, "--solver", "gecode", str(mzn)], timeout=120)
        if cp.returncode != 0:
            failures.append(f"{path}: minizinc exited {cp.returncode}: {cp.stderr.strip()[-300:]}")
            continue
        cp_verdict = "=====UNSATISFIABLE=====" not in cp.stdout

        for solver, theirs, text in [("CaDiCaL", sat_verdict, answer), ("Gecode", cp_verdict, cp.stdout)]:
            if theirs != verdict:
                failures.append(f"{path}: nqueens says {'a completion' if verdict else 'no completion'}, {solver} says {'a completion' if theirs else 'none'}")
                continue
            checked = run([args.nqueens, "verify", "--problem", str(path)], input=text)
            if checked.returncode != 0 or not checked.stdout.startswith("ok"):
                failures.append(f"{path}: nqueens verify --problem rejects {solver}'s answer: {checked.stdout.strip()} {checked.stderr.strip()}")
    print(
        f"cross-check: {args.problems} problems ({tally['completed']} with a completion, "
        f"{tally['no completion']} without): nqueens, CaDiCaL and Gecode "
        + ("agree on every one" if not failures else f"disagree on {len(failures)}")
    )
    for f in failures:
        print("  " + f, file=sys.stderr)
    if not failures:
        shutil.rmtree(work)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
