#!/usr/bin/env bash
# Counts the n-queens solutions of N on a Slurm cluster and prints the merged result:
#
#   scripts/slurm/run.sh N [TASKS] [WORKDIR]
#
# Plans the count, submits TASKS array tasks (default 64), waits for them, merges the
# unit records, and resubmits only the units merge reports missing or damaged, up to
# three rounds. WORKDIR (default ./nqueens-N) must be on a file system every node sees.
# Extra sbatch options (partition, account, time limit) go in SBATCH_OPTIONS.
set -euo pipefail
n=${1:?usage: run.sh N [TASKS] [WORKDIR]}
tasks=${2:-64}
work=$(realpath -m "${3:-nqueens-$n}")
here=$(cd "$(dirname "$0")" && pwd)
nqueens=${NQUEENS:-$(command -v nqueens || true)}
[ -x "$nqueens" ] || { echo "run.sh: no nqueens binary (set NQUEENS or put it on PATH)" >&2; exit 2; }
export NQUEENS=$nqueens
mkdir -p "$work/records" "$work/logs"
plan=$work/plan.json
[ -f "$plan" ] || "$nqueens" plan "$n" -o "$plan"
# shellcheck disable=SC2086
sbatch --parsable --wait --array="0-$((tasks - 1))" ${SBATCH_OPTIONS:-} \
    --output="$work/logs/%A_%a.out" "$here/count.sbatch" "$plan" "$work/records" > /dev/null || true
for round in 1 2 3; do
    if "$nqueens" merge "$plan" "$work/records" 2> "$work/merge.err"; then
        exit 0
    fi
    cat "$work/merge.err" >&2
    units=$(sed -n 's/^recompute them with: .* --units \([0-9,]*\) .*/\1/p' "$work/merge.err")
    [ -n "$units" ] || { echo "run.sh: merge failed without missing units to recompute" >&2; exit 1; }
    echo "run.sh: round $round: resubmitting units $units" >&2
    # shellcheck disable=SC2086
    UNITS=$units sbatch --parsable --wait ${SBATCH_OPTIONS:-} --output="$work/logs/redo-%j.out" \
        "$here/count.sbatch" "$plan" "$work/records" > /dev/null || true
done
"$nqueens" merge "$plan" "$work/records"
