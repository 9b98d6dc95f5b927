#!/usr/bin/env bash
# Times `nqueens count N` on 1 and 2 threads against the textbook baseline, in one run,
# and prints a Markdown table of medians. Usage: scripts/bench-count.sh [RUNS] [N...]
# Baseline runs above n = 16 are skipped unless BASELINE_MAX says otherwise (n = 17 takes
# minutes).
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

echo "| n | textbook, 1 thread | nqueens count -j1 | nqueens count -j2 | -j1 vs textbook | -j2 vs -j1 |"
echo "|---|---|---|---|---|---|"
for n in $sizes; do
    one=$(median "$bin" count "$n" -j1 --quiet)
    two=$(median "$bin" count "$n" -j2 --quiet)
    if [ "$n" -le "$baseline_max" ]; then
        base=$(median "$textbook" "$n")
        ratio=$(echo "$base / $one" | bc -l)
        printf '| %s | %.2f s | %.2f s | %.2f s | %.1f× | %.2f× |\n' "$n" "$base" "$one" "$two" "$ratio" "$(echo "$one / $two" | bc -l)"
    else
        printf '| %s | — | %.2f s | %.2f s | — | %.2f× |\n' "$n" "$one" "$two" "$(echo "$one / $two" | bc -l)"
    fi
done
