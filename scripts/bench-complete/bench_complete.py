#!/usr/bin/env python3
"""nqueens side by side with the general solvers users reach for first, on Excluded
Diagonals instances near the hard point.

For each n, instances `nqueens instance N --seed S --diags D` (D from --cut, the point
where about half the instances have a completion; see docs/performance.md) are solved by

  * nqueens: `nqueens complete FILE -j 1`, timed as a whole process;
  * OR-Tools CP-SAT, one worker, the classic model (three AllDifferent constraints on
    q[r], q[r] + r and q[r] - r, closed diagonals as forbidden values), timed on the solve
    call;
  * CaDiCaL (python-sat) on `nqueens complete FILE --export dimacs`, timed on the solve
    call (in a child process, killed at the limit: python-sat cannot interrupt CaDiCaL);
  * MiniZinc with Gecode on `--export minizinc`, timed as a whole process (flattening
    included);

each with --limit seconds. Every verdict is compared with nqueens's, and every
completion a solver reports is checked with `nqueens verify --problem`. Prints one
Markdown table: per n and solver, the median and worst time, the time-outs, and the ratio
of medians to nqueens.

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install ortools python-sat
    apt-get install minizinc
    cargo build --release
    /tmp/bench/bin/python scripts/bench-complete/bench_complete.py [--n 14 16 18 20 22 24] [--seeds 3] [--limit 20]
"""

from __future__ import annotations

import argparse
import ast
import multiprocessing
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The hard point of our generator: the median threshold plus one, from
# docs/performance.md's Completion table (n + 2 above 25).
CUT = {14: 12, 15: 14, 16: 15, 17: 15, 18: 15, 19: 19, 20: 19, 21: 20, 22: 21, 23: 22, 24: 24, 25: 27}


def ratio(r: float) -> str:
    return f"{r:,.0f}×" if r >= 10 else f"{r:.2f}×"


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def parse_instance(text: str):
    """n and the closed diagonals ('sum', s) / ('difference', r - c) of an instance file."""
    values = {}
    joined = " ".join(text.split("\n"))
    n = int(joined.split("n =")[1].split()[0])
    k = int(joined.split("numdiags =")[1].split()[0])
    diags = ast.literal_eval(joined.split("diags =")[-1].strip())[:k]
    values["n"] = n
    values["diags"] = [("sum", d) if t == 1 else ("difference", d - (n - 1)) for d, t in diags]
    return values


def nqueens_solve(nq, path, limit):
    start = time.perf_counter()
    out = run([nq, "complete", str(path), "-j", "1", "-f", "columns", "--timeout", str(limit)])
    took = time.perf_counter() - start
    verdict = {0: True, 1: False, 3: None}.get(out.returncode, "error")
    if verdict == "error":
        raise RuntimeError(f"nqueens: {out.stderr}")
    return took, verdict, out.stdout


def cpsat_solve(instance, limit):
    from ortools.sat.python import cp_model

    n = instance["n"]
    m = cp_model.CpModel()
    q = [m.NewIntVar(0, n - 1, f"q{r}") for r in range(n)]
    m.AddAllDifferent(q)
    m.AddAllDifferent([q[r] + r for r in range(n)])
    m.AddAllDifferent([q[r] - r for r in range(n)])
    for kind, d in instance["diags"]:
        for r in range(n):
            # r + c = d, so c != d - r; r - c = d, so c != r - d.
            m.Add(q[r] != (d - r if kind == "sum" else r - d))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = float(limit)
    start = time.perf_counter()
    status = solver.Solve(m)
    took = time.perf_counter() - start
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return took, True, "q = [" + ", ".join(str(solver.Value(v)) for v in q) + "];\n"
    if status == cp_model.INFEASIBLE:
        return took, False, "=====UNSATISFIABLE=====\n"
    return took, None, ""


def _cadical_child(cnf_text, conn):
    """Solves in a child process: python-sat's CaDiCaL cannot be interrupted."""
    from pysat.formula import CNF
    from pysat.solvers import Solver

    with Solver(name="cadical195", bootstrap_with=CNF(from_string=cnf_text).clauses) as s:
        start = time.perf_counter()
        verdict = s.solve()
        took = time.perf_counter() - start
        conn.send((took, verdict, s.get_model() if verdict else None))


def cadical_solve(nq, path, limit):
    cnf = run([nq, "complete", str(path), "--export", "dimacs"], check=True).stdout
    ours, theirs = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=_cadical_child, args=(cnf, theirs))
    child.start()
    if not ours.poll(limit + 5):
        child.kill()
        child.join()
        return limit, None, ""
    took, verdict, model = ours.recv()
    child.join()
    if took > limit:
        return took, None, ""
    if verdict:
        return took, True, "v " + " ".join(map(str, model)) + " 0\n"
    return took, False, "s UNSATISFIABLE\n"


def minizinc_solve(nq, path, limit, work):
    mzn = work / (path.stem + ".mzn")
    mzn.write_text(run([nq, "complete", str(path), "--export", "minizinc"], check=True).stdout)
    start = time.perf_counter()
    try:
        out = run(["minizinc", "--solver", "gecode", "--time-limit", str(int(limit * 1000)), str(mzn)], timeout=limit + 30)
    except subprocess.TimeoutExpired:
        return limit, None, ""
    took = time.perf_counter() - start
    if "=====UNSATISFIABLE=====" in out.stdout:
        return took, False, out.stdout
    if "q = [" in out.stdout:
        return took, True, out.stdout
    return took, None, ""


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--nqueens", default="target/release/nqueens")
    p.add_argument("--n", type=int, nargs="+", default=[14, 16, 18, 20, 22, 24])
    p.add_argument("--seeds", type=int, default=3)
    p.add_argument("--limit", type=float, default=20.0)
    p.add_argument("--solvers", nargs="+", default=["cpsat", "cadical", "minizinc"])
    args = p.parse_args()
    if "minizinc" in args.solvers and not shutil.which("minizinc"):
        print("minizinc not found: apt-get install minizinc, or leave it out of --solvers", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="nqueens-bench-complete-"))
    names = {"nqueens": "nqueens -j 1", "cpsat": "CP-SAT, 1 worker", "cadical": "CaDiCaL (python-sat)", "minizinc": "MiniZinc + Gecode"}
    rows, disagreements = [], []
    for n in args.n:
        cut = CUT.get(n, n + 2)
        times = {s: [] for s in ["nqueens", *args.solvers]}
        outs = {s: 0 for s in times}
        completed = 0
        for seed in range(args.seeds):
            path = work / f"diag-{n}-{seed}-{cut}.param"
            path.write_text(run([args.nqueens, "instance", str(n), "--seed", str(seed), "--diags", str(cut)], check=True).stdout)
            instance = parse_instance(path.read_text())
            took, ours, _ = nqueens_solve(args.nqueens, path, args.limit)
            times["nqueens"].append(took)
            outs["nqueens"] += ours is None
            completed += ours is True
            for s in args.solvers:
                if s == "cpsat":
                    took, verdict, answer = cpsat_solve(instance, args.limit)
                elif s == "cadical":
                    took, verdict, answer = cadical_solve(args.nqueens, path, args.limit)
                else:
                    took, verdict, answer = minizinc_solve(args.nqueens, path, args.limit, work)
                if verdict is None:
                    outs[s] += 1
                    took = max(took, args.limit)
                else:
                    if ours is not None and verdict != ours:
                        disagreements.append(f"{path.name}: nqueens {ours}, {s} {verdict}")
                    check = run([args.nqueens, "verify", "--problem", str(path)], input=answer)
                    if check.returncode != 0:
                        disagreements.append(f"{path.name}: {s}'s answer rejected: {check.stdout.strip()}")
                times[s].append(took)
            print(f"n = {n}, seed {seed}: " + ", ".join(f"{s} {times[s][-1]:.3f} s" for s in times), file=sys.stderr, flush=True)
        base = statistics.median(times["nqueens"])
        for s, ts in times.items():
            med = statistics.median(ts)
            over = "over " if outs[s] and med >= args.limit else ""
            rows.append(
                f"| {n} | {cut} | {completed}/{args.seeds} | {names[s]} | {over}{med:.3f} s | "
                f"{'over ' if outs[s] else ''}{max(ts):.3f} s | {outs[s]} | "
                + ("1" if s == "nqueens" else f"{'at least ' if over else ''}{ratio(med / base)}")
                + " |"
            )
    print(f"Per-instance limit {args.limit:g} s; {args.seeds} instances per n (seeds 0 to {args.seeds - 1}).\n")
    print("| n | diagonals | with a completion | solver | median | worst | time-outs | median / nqueens |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    if disagreements:
        print("\nDISAGREEMENTS:\n" + "\n".join(disagreements))
        return 1
    shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
