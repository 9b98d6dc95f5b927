#!/usr/bin/env bash
# Splits one hard completion problem over a Slurm cluster and prints its answer:
#
#   scripts/slurm/complete.sh PROBLEM [TASKS] [WORKDIR] [-- OPTION...]
#
# Submits TASKS array tasks (default 64), each searching one share of the problem with
# `nqueens complete --index I --of TASKS` and the given options (--diags D, --timeout S),
# and watches their answers. The first completion is printed (exit 0) and the rest of the
# array cancelled; when every share has none it says "no completion" (exit 1); when a
# share ran out of time or was lost it says "unknown" (exit 3), naming those shares; a
# bad option stops the array and shows the first task's error (exit 2).
# WORKDIR (default ./nqueens-complete) must be on a file system every node sees. Extra
# sbatch options (partition, account, time limit) go in SBATCH_OPTIONS.
set -euo pipefail
usage="usage: complete.sh PROBLEM [TASKS] [WORKDIR] [-- OPTION...]"
problem=$(realpath "${1:?$usage}")
shift
tasks=64
work=nqueens-complete
if [ $# -gt 0 ] && [ "$1" != -- ]; then tasks=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != -- ]; then work=$1; shift; fi
if [ $# -gt 0 ]; then
    [ "$1" = -- ] || { echo "complete.sh: $usage" >&2; exit 2; }
    shift
fi
work=$(realpath -m "$work")
here=$(cd "$(dirname "$0")" && pwd)
nqueens=${NQUEENS:-$(command -v nqueens || true)}
[ -x "$nqueens" ] || { echo "complete.sh: no nqueens binary (set NQUEENS or put it on PATH)" >&2; exit 2; }
export NQUEENS=$nqueens
shares=$work/shares
rm -rf "$shares"
mkdir -p "$shares" "$work/logs"
# shellcheck disable=SC2086
job=$(sbatch --parsable --array="0-$((tasks - 1))" ${SBATCH_OPTIONS:-} \
    --output="$work/logs/%A_%a.out" "$here/complete.sbatch" "$problem" "$shares" "$@")
job=${job%%;*}
while :; do
    for rc in "$shares"/*.rc; do
        [ -e "$rc" ] || continue
        case $(cat "$rc") in
        0)
            scancel "$job" 2> /dev/null || true
            cat "${rc%.rc}.out"
            exit 0
            ;;
        1 | 3) ;;
        *)
            # A usage error (exit 2) is the same in every task: show it once.
            scancel "$job" 2> /dev/null || true
            i=$(basename "$rc" .rc)
            cat "$work/logs/${job}_$i.out" >&2
            exit 2
            ;;
        esac
    done
    answered=$(find "$shares" -name '*.rc' | wc -l)
    [ "$answered" -lt "$tasks" ] || break
    # Tasks gone from the queue without an answer were cancelled or failed.
    squeue -h -j "$job" 2> /dev/null | grep -q . || break
    sleep 2
done
open=()
for ((i = 0; i < tasks; i++)); do
    [ "$(cat "$shares/$i.rc" 2> /dev/null)" = 1 ] || open+=("$i")
done
if [ ${#open[@]} -eq 0 ]; then
    echo "no completion" >&2
    exit 1
fi
echo "complete.sh: no answer from shares ${open[*]} (logs in $work/logs)" >&2
echo unknown
exit 3
