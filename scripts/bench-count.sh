#!/usr/bin/env bash
# Times `nqueens count N` on 1 and 2 threads against the textbook baseline, in one run,
# and prints a Markdown table of medians. Usage: scripts/bench-count.sh [RUNS] [N...]
# Baseline runs above n = 16 are skipped unless BASELINE_MAX says otherwise (n = 17 takes
# minutes).
#
# Other counters, built outside this repository, are timed in the same run when PEERS
# names them: PEERS="takahashi=/tmp/peers/takahashi{n} kluev=/tmp/peers/kluev{n}" adds a
# column per peer (its median, and how many times faster -j1 is; below 1 the peer wins).
# `{n}` in the command is replaced by the board size.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
sizes=${*:-14 15 16 17}
baseline_max=${BASELINE_MAX:-16}
cargo build --release --quiet --bin nqueens --example textbook
bin=target/release/nqueens
textbook=target/release/examples/textbook

# The median wall time, in seconds, of `runs` runs of a command.
median() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s.%N)
        "$@" > /dev/null
        end=$(date +%s.%N)
        times+=("$(echo "$end - $start" | bc -l)")
    done
    printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

peers=${PEERS:-}
header="| n | textbook, 1 thread | nqueens count -j1 | nqueens count -j2 | -j1 vs textbook | -j2 vs -j1 |"
rule="|---|---|---|---|---|---|"
for peer in $peers; do
    header="$header ${peer%%=*} | -j1 vs ${peer%%=*} |"
    rule="$rule---|---|"
done
echo "$header"
echo "$rule"
for n in $sizes; do
    one=$(median "$bin" count "$n" -j1 --quiet)
    two=$(median "$bin" count "$n" -j2 --quiet)
    if [ "$n" -le "$baseline_max" ]; then
        base=$(median "$textbook" "$n")
        row=$(printf '| %s | %.2f s | %.2f s | %.2f s | %.1f× | %.2f× |' "$n" "$base" "$one" "$two" "$(echo "$base / $one" | bc -l)" "$(echo "$one / $two" | bc -l)")
    else
        row=$(printf '| %s | — | %.2f s | %.2f s | — | %.2f× |' "$n" "$one" "$two" "$(echo "$one / $two" | bc -l)")
    fi
    for peer in $peers; do
        command=${peer#*=}
        # Word splitting is wanted: a peer command may carry arguments.
        # shellcheck disable=SC2086
        time=$(median ${command//\{n\}/$n})
        row="$row $(printf '%.2f s | %.2f× |' "$time" "$(echo "$time / $one" | bc -l)")"
    done
    echo "$row"
done
