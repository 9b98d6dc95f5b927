#!/usr/bin/env bash
# Checks `nqueens plan N --estimate K` against the whole count's measured CPU time, in one
# run: three estimates, the whole count under /usr/bin/time (user + sys), three estimates
# again, for each N. Prints the CPU model and a Markdown table of the estimates' medians
# and how far each of the six is from the count.
# Usage: scripts/bench-estimate.sh [K] [THREADS] [N...]   (defaults: 32, 2, 19 20)
set -euo pipefail
cd "$(dirname "$0")/.."
k=${1:-32}
threads=${2:-2}
shift 2 || shift $#
sizes=${*:-19 20}
cargo build --release --quiet --bin nqueens
bin=target/release/nqueens

# The estimate's CPU seconds and its standard error in percent, from its first line.
estimate() {
    "$bin" plan "$1" --estimate "$k" -j "$threads" -q | head -1 |
        sed -E 's/.*an estimate of ([0-9.]+) CPU-hours.*, ± ([0-9.]+)%.*/\1 \2/' |
        awk '{print $1 * 3600, $2}'
}

# shellcheck source=scripts/bench-common.sh
source scripts/bench-common.sh

lscpu | grep -E '^(Model name|CPU family|Model):'
echo "K = $k samples, $threads threads"
echo
# Three estimates of n: their seconds, then the first one's standard error in percent.
estimates() {
    local seconds=() se
    for _ in 1 2 3; do
        read -r s se < <(estimate "$1")
        seconds+=("$s")
    done
    echo "${seconds[*]} $se"
}

echo "| n | whole count, CPU (user + sys) | estimates before, median | after, median | each off by |"
echo "|---|---|---|---|---|"
for n in $sizes; do
    read -r b1 b2 b3 before_se < <(estimates "$n")
    cpu=$( { /usr/bin/time -f '%U %S' "$bin" count "$n" -j "$threads" -q > /dev/null; } 2>&1 |
        tail -1 | awk '{print $1 + $2}')
    read -r a1 a2 a3 after_se < <(estimates "$n")
    off() { echo "($1 / $cpu - 1) * 100" | bc -l | xargs printf '%+.0f%%'; }
    offs=""
    for s in $b1 $b2 $b3 $a1 $a2 $a3; do offs="$offs $(off "$s")"; done
    printf '| %s | %.1f s | %.1f s ± %s%% | %.1f s ± %s%% |%s |\n' "$n" "$cpu" \
        "$(median "$b1" "$b2" "$b3")" "$before_se" "$(median "$a1" "$a2" "$a3")" "$after_se" "$offs"
done
