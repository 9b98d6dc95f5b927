#!/usr/bin/env bash
# Splits one hard completion problem over a Slurm cluster and prints its answer:
#
#   scripts/slurm/complete.sh PROBLEM [TASKS] [WORKDIR] [-- OPTION...]
#
# Submits TASKS array tasks (default 64), each searching one share of the problem with
# `nqueens complete --index I --of TASKS` and the given options (--diags D, --timeout S),
# and watches their answers. The first completion is printed (exit 0) and the rest of the
# array cancelled; when every share has none it says "no completion" (exit 1); when a
# share ran out of time or was lost it says "unknown" (exit 3), naming those shares. A
# task that fails otherwise (a bad option: exit 2; a failure while working: exit 4) stops the array; its error is shown
# and its exit code returned.
# WORKDIR (default ./nqueens-complete) must be on a file system every node sees. Extra
# sbatch options (partition, account, time limit) go in SBATCH_OPTIONS.
set -euo pipefail
usage="usage: complete.sh PROBLEM [TASKS] [WORKDIR] [-- OPTION...]"
bad() { echo "complete.sh: $1" >&2; exit 2; }
[ $# -gt 0 ] || bad "$usage"
[ -f "$1" ] || bad "cannot read the problem file '$1'"
problem=$(realpath "$1")
shift
tasks=64
work=nqueens-complete
if [ $# -gt 0 ] && [ "$1" != -- ]; then tasks=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != -- ]; then work=$1; shift; fi
if [ $# -gt 0 ]; then
    [ "$1" = -- ] || bad "$usage"
    shift
fi
[[ $tasks =~ ^[1-9][0-9]*$ ]] || bad "TASKS must be a whole number from 1 up, not '$tasks'"
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
# Each share's exit code, read once, when its I.rc appears.
declare -A answers=()
gone=
while :; do
    for rc in "$shares"/*.rc; do
        [ -e "$rc" ] || continue
        i=${rc##*/}
        i=${i%.rc}
        [ -z "${answers[$i]:-}" ] || continue
        read -r code < "$rc" || true
        answers[$i]=$code
        case $code in
        0)
            scancel "$job" 2> /dev/null || true
            cat "$shares/$i.out"
            exit 0
            ;;
        1 | 3) ;;
        *)
            # A usage error (exit 2) is the same in every task: show it once, and stop.
            scancel "$job" 2> /dev/null || true
            cat "$work/logs/${job}_$i.out" >&2
            exit "$code"
            ;;
        esac
    done
    [ ${#answers[@]} -lt "$tasks" ] && [ -z "$gone" ] || break
    # Tasks gone from the queue without an answer were cancelled or failed; one more look
    # catches answers written since this one.
    squeue -h -j "$job" 2> /dev/null | grep -q . || gone=1
    [ -n "$gone" ] || sleep 2
done
open=()
for ((i = 0; i < tasks; i++)); do
    [ "${answers[$i]:-}" = 1 ] || open+=("$i")
done
if [ ${#open[@]} -eq 0 ]; then
    echo "no completion" >&2
    exit 1
fi
echo "complete.sh: no answer from shares ${open[*]} (logs in $work/logs)" >&2
echo unknown
exit 3
