#!/usr/bin/env bash
# Times `nqueens count N` on 1 and 2 threads against the textbook baseline, in one run,
# and prints a Markdown table of medians. Usage: scripts/bench-count.sh [RUNS] [N...]
# Baseline runs above n = 16 are skipped unless BASELINE_MAX says otherwise (n = 17 takes
# minutes).
#
# Other counters, built outside this repository, are timed in the same run when PEERS
# names them: PEERS="takahashi=/tmp/peers/takahashi{n} kluev=/tmp/peers/kluev{n}" adds a
# column per peer (its median, and how many times faster -j1 is; below 1 the peer wins).
# `{n}` in the command is replaced by the board size. A peer whose name ends in `-j2` runs
# on two threads and is compared with -j2.
#
# The runs are interleaved (one of each command, RUNS times over), so that a slow spell of
# this shared machine falls on every column alike rather than on one.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
sizes=${*:-14 15 16 17}
baseline_max=${BASELINE_MAX:-16}
cargo build --release --quiet --bin nqueens --example textbook
bin=target/release/nqueens
textbook=target/release/examples/textbook

# shellcheck source=scripts/bench-common.sh
source scripts/bench-common.sh

peers=${PEERS:-}
header="| n | textbook, 1 thread | nqueens count -j1 | nqueens count -j2 | -j1 vs textbook | -j2 vs -j1 |"
rule="|---|---|---|---|---|---|"
for peer in $peers; do
    name=${peer%%=*}
    ours=-j1
    [[ $name == *-j2 ]] && ours=-j2
    header="$header $name | $ours vs $name |"
    rule="$rule---|---|"
done
echo "$header"
echo "$rule"
for n in $sizes; do
    # One command per column, `{n}` filled in; word splitting of a peer's command is wanted.
    commands=("$bin count $n -j1 --quiet" "$bin count $n -j2 --quiet")
    [ "$n" -le "$baseline_max" ] && commands+=("$textbook $n")
    for peer in $peers; do
        command=${peer#*=}
        commands+=("${command//\{n\}/$n}")
    done
    medians "$runs" "${commands[@]}"
    one=${med[0]}
    two=${med[1]}
    next=2
    if [ "$n" -le "$baseline_max" ]; then
        base=${med[2]}
        next=3
        row=$(printf '| %s | %.2f s | %.2f s | %.2f s | %.1f× | %.2f× |' "$n" "$base" "$one" "$two" "$(echo "$base / $one" | bc -l)" "$(echo "$one / $two" | bc -l)")
    else
        row=$(printf '| %s | — | %.2f s | %.2f s | — | %.2f× |' "$n" "$one" "$two" "$(echo "$one / $two" | bc -l)")
    fi
    for peer in $peers; do
        time=${med[$next]}
        next=$((next + 1))
        ours=$one
        [[ ${peer%%=*} == *-j2 ]] && ours=$two
        row="$row $(printf '%.2f s | %.2f× |' "$time" "$(echo "$time / $ours" | bc -l)")"
    done
    echo "$row"
done
