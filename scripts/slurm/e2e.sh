#!/usr/bin/env bash
# End-to-end test on a real, one-node Slurm started on this machine: counts n = 13 as a
# job array of 8 tasks, checks 73712 solutions and 9233 up to symmetry, then cancels one
# task of a second array before it runs, checks that merge names the units it lost,
# resubmits them the way run.sh does, and checks the answer again. Then splits two
# completion problems (one with a completion, one without) over 4 tasks with
# complete.sh and checks each answer against one whole search, and the first solution of
# n = 30 by one walk split over the 2 tasks of a job (first.sbatch) against one walk,
# its certificate checked whole and by a job array (verify-first.sbatch), and that of
# n = 36 cancelled in flight and resubmitted: each task saves its question on Slurm's
# SIGTERM and goes on from it. Tears Slurm down at the end; safe to run again on the same
# machine. Needs root (it installs and starts daemons).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

log() { printf '\n==> e2e: %s\n' "$*"; }
fail() { echo "e2e: FAILED: $*" >&2; exit 1; }

log "installing slurm-wlm and munge"
if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=60 update -qq
    apt-get -o DPkg::Lock::Timeout=60 install -y -qq slurm-wlm munge > /dev/null
fi

teardown() {
    log "tearing Slurm down"
    scontrol shutdown > /dev/null 2>&1 || true
    pkill -x slurmd 2> /dev/null || true
    pkill -x slurmctld 2> /dev/null || true
    pkill -x munged 2> /dev/null || true
    # Daemons take a few seconds to exit; a rerun must not meet the old ones.
    for _ in $(seq 20); do
        # pgrep matches names of at most 15 characters: one name at a time.
        pgrep -x slurmctld > /dev/null || pgrep -x slurmd > /dev/null \
            || pgrep -x munged > /dev/null || return 0
        sleep 1
    done
    for d in slurmctld slurmd munged; do pkill -9 -x "$d" 2> /dev/null || true; done
}
teardown
trap teardown EXIT

log "starting munge"
mkdir -p /etc/munge /run/munge /var/lib/munge /var/log/munge
[ -s /etc/munge/munge.key ] || mungekey -c -f -k /etc/munge/munge.key
chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge
chmod 0700 /etc/munge && chmod 0400 /etc/munge/munge.key
runuser -u munge -- /usr/sbin/munged --force
munge -n | unmunge > /dev/null || fail "munge does not work"

log "starting slurmctld and slurmd"
host=$(hostname -s)
state=/var/lib/slurm
rm -rf "$state/slurmctld" "$state/slurmd"
mkdir -p /etc/slurm "$state/slurmctld" "$state/slurmd" /var/log/slurm
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=nqueens-e2e
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
StateSaveLocation=$state/slurmctld
SlurmdSpoolDir=$state/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=e2e Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -i
slurmd
for _ in $(seq 60); do
    sinfo -h -o '%T' 2> /dev/null | grep -qE '^(idle|mixed|allocated)' && break
    sleep 1
done
sinfo -h -o '%T' | grep -qE '^(idle|mixed|allocated)' || { cat /var/log/slurm/*.log >&2; fail "the node never came up"; }

log "building nqueens"
cargo build --quiet --locked --bin nqueens
export NQUEENS=$root/target/debug/nqueens
work=$(mktemp -d /tmp/nqueens-e2e.XXXXXX)
"$NQUEENS" plan 13 -o "$work/plan.json"

log "n = 13 as an array of 8 tasks"
sbatch --parsable --wait --array=0-7 --output="$work/%A_%a.out" \
    scripts/slurm/count.sbatch "$work/plan.json" "$work/full" > /dev/null
out=$("$NQUEENS" merge "$work/plan.json" "$work/full")
echo "$out"
[ "$out" = $'total 73712\nunique 9233' ] || fail "wrong merge: $out"

log "a second array, one task cancelled before it runs"
# At most two tasks at a time, so the last one is still pending when it is cancelled.
job=$(sbatch --parsable --array=0-7%2 --output="$work/%A_%a.out" \
    scripts/slurm/count.sbatch "$work/plan.json" "$work/cut")
scancel "${job}_7"
for _ in $(seq 120); do
    squeue -h -j "$job" 2> /dev/null | grep -q . || break
    sleep 1
done
if "$NQUEENS" merge "$work/plan.json" "$work/cut" 2> "$work/merge.err"; then
    fail "merge accepted an array with a cancelled task"
fi
cat "$work/merge.err"
grep -q 'units missing' "$work/merge.err" || fail "merge did not report the missing units"
units=$(sed -n 's/^recompute them with: .* --units \([0-9,]*\) .*/\1/p' "$work/merge.err")
# Task 7 of 8 counts the units whose id is 7 modulo 8, up to the plan's last.
count=$(grep -c '"kind"' "$work/plan.json")
expected=$(seq 7 8 $((count - 1)) | paste -sd, -)
[ "$units" = "$expected" ] || fail "merge named units $units, expected task 7's: $expected"

log "resubmitting exactly the missing units"
UNITS=$units sbatch --parsable --wait --output="$work/redo-%j.out" \
    scripts/slurm/count.sbatch "$work/plan.json" "$work/cut" > /dev/null
out=$("$NQUEENS" merge "$work/plan.json" "$work/cut")
echo "$out"
[ "$out" = $'total 73712\nunique 9233' ] || fail "wrong merge after the resubmission: $out"
log "completion problems split over 4 tasks, against the whole search"
"$NQUEENS" instance 16 --seed 1 > "$work/instance.txt"
all=$(sed -n 's/^numdiags = //p' "$work/instance.txt")
seen=
for d in 4 "$all"; do
    whole=0
    "$NQUEENS" complete "$work/instance.txt" --diags "$d" > /dev/null 2>&1 || whole=$?
    split=0
    scripts/slurm/complete.sh "$work/instance.txt" 4 "$work/complete-$d" -- --diags "$d" \
        > "$work/complete-$d.txt" 2> "$work/complete-$d.err" || split=$?
    echo "$d diagonals: exit $split split over 4 tasks, exit $whole in one search"
    [ "$split" = "$whole" ] || { cat "$work/complete-$d.err" >&2; fail "the split search disagrees"; }
    if [ "$split" = 0 ]; then
        "$NQUEENS" verify "$work/complete-$d.txt" || fail "the split search printed no solution"
    fi
    seen="$seen$split"
done
[ "$seen" = 01 ] || fail "expected a completion with 4 diagonals and none with all $all"
bad=0
scripts/slurm/complete.sh "$work/instance.txt" 4 "$work/complete-bad" -- --diags 999 \
    2> "$work/complete-bad.err" || bad=$?
cat "$work/complete-bad.err"
[ "$bad" = 2 ] && grep -q 'lists only' "$work/complete-bad.err" \
    || fail "a bad option did not stop the split search with its error (exit $bad)"
log "the first solution of n = 30, one walk split over the 2 tasks of one job"
"$NQUEENS" solve 30 --limit 1 -f columns > "$work/first-whole.txt"
sbatch --parsable --wait --ntasks=2 --output="$work/first-%j.out" \
    scripts/slurm/first.sbatch 30 "$work/first-30.jsonl" > /dev/null \
    || { cat "$work"/first-*.out "$work"/first-30.jsonl.err-* >&2; fail "the split walk failed"; }
for t in 0 1; do
    cmp "$work/first-whole.txt" "$work/first-30.jsonl.out-$t" \
        || fail "task $t of the split walk printed another first solution"
done
"$NQUEENS" verify --first 30 "$work/first-30.jsonl" || fail "the split walk's certificate does not hold"
log "that certificate checked again by a job array of 3 shares"
sbatch --parsable --wait --array=0-2 --output="$work/verify-first-%a.out" \
    scripts/slurm/verify-first.sbatch 30 "$work/first-30.jsonl" 3 > /dev/null \
    || { cat "$work"/verify-first-*.out "$work"/first-30.jsonl.verify-* >&2; fail "a share of the check failed"; }
sum=$(sha256sum < "$work/first-30.jsonl" | cut -d' ' -f1)
for t in 0 1 2; do
    grep -q "^ok: share $t of 3 of the certificate with SHA-256 $sum holds that" "$work/first-30.jsonl.verify-$t" \
        || { cat "$work/first-30.jsonl.verify-$t" >&2; fail "share $t of the check did not say ok"; }
done

log "the split walk of n = 36 cancelled in a question (SIGTERM, as at a time limit), then resubmitted"
"$NQUEENS" solve 36 --limit 1 -f columns > "$work/first-36-whole.txt"
first36="$work/first-36.jsonl"
job=$(sbatch --parsable --ntasks=2 --output="$work/first36-%j.out" \
    scripts/slurm/first.sbatch 36 "$first36" --save-every 600)
# Each task writes its progress file at its first answer; the question after it runs for
# seconds, and only the signal can save it before the next timed save.
for _ in $(seq 120); do
    [ -e "$first36.progress-0" ] && [ -e "$first36.progress-1" ] && break
    sleep 0.5
done
sleep 1
scancel "$job"
for _ in $(seq 60); do
    squeue -h -j "$job" 2> /dev/null | grep -q . || break
    sleep 1
done
for t in 0 1; do
    grep -q 'stopped by SIGTERM' "$first36.err-$t" \
        || { cat "$first36.err-$t" >&2; fail "task $t did not save its walk on SIGTERM"; }
done
sbatch --parsable --wait --ntasks=2 --output="$work/first36-%j.out" \
    scripts/slurm/first.sbatch 36 "$first36" > /dev/null \
    || { cat "$work"/first36-*.out "$first36".err-* >&2; fail "the resubmitted walk failed"; }
for t in 0 1; do
    grep -q 'went on from' "$first36.err-$t" \
        || { cat "$first36.err-$t" >&2; fail "task $t searched its saved question again from the start"; }
    cmp "$work/first-36-whole.txt" "$first36.out-$t" \
        || fail "task $t of the resubmitted walk printed another first solution"
done
rm -rf "$work"
log "passed"
