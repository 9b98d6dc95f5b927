#!/usr/bin/env bash
# Times the proofs that the first-solution walk rests on, and prints a Markdown table of
# medians. Usage: scripts/bench-refute.sh [RUNS] [N...]
#
# For each n, `nqueens solve N --limit 1 --proof FILE` lists the prefixes the walk proves
# to have no completion; each is then proved again, one after another, by
# `nqueens complete --n N --queens "0,c0 1,c1 …" -j 1`, and the column is the time of all
# of them. These proofs are nearly all of a hard board's first solution
# (docs/first-solutions.md), and they are completion searches that end in "no completion",
# the hard half of completion.
#
# Other builds are timed in the same run when PEERS names them: PEERS="before=/tmp/nq-old"
# adds a column per build (its median, and how many times faster this build is). The runs
# are interleaved (one of each command, RUNS times over).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
sizes=${*:-34 36 38}
cargo build --release --quiet --bin nqueens
bin=target/release/nqueens

# shellcheck source=scripts/bench-common.sh
source scripts/bench-common.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Proves every prefix of the file $3 (one per line, its columns separated by spaces)
# again with the build $1 on the board $2.
refute_all() {
    local queens
    while read -r -a columns; do
        queens=""
        for row in "${!columns[@]}"; do
            queens+="$row,${columns[$row]} "
        done
        # Exit status 1 is the answer, "no completion".
        "$1" complete --n "$2" --queens "$queens" -j 1 2> /dev/null || [ $? -eq 1 ]
    done < "$3"
}

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p')"
echo
peers=${PEERS:-}
header="| n | prefixes | nqueens complete -j 1, all of them |"
rule="|---|---|---|"
for peer in $peers; do
    header="$header ${peer%%=*} | vs ${peer%%=*} |"
    rule="$rule---|---|"
done
echo "$header"
echo "$rule"
for n in $sizes; do
    "$bin" solve "$n" --limit 1 --proof "$work/proof-$n" -j 2 > /dev/null 2>&1
    sed -n 's/.*"refuted":\[\([0-9,]*\)\].*/\1/p' "$work/proof-$n" | tr ',' ' ' > "$work/prefixes-$n"
    commands=("refute_all $bin $n $work/prefixes-$n")
    for peer in $peers; do
        commands+=("refute_all ${peer#*=} $n $work/prefixes-$n")
    done
    medians "$runs" "${commands[@]}"
    row=$(printf '| %s | %s | %.2f s |' "$n" "$(wc -l < "$work/prefixes-$n")" "${med[0]}")
    next=1
    for _ in $peers; do
        row="$row$(printf ' %.2f s | %.2f× |' "${med[$next]}" "$(echo "${med[$next]} / ${med[0]}" | bc -l)")"
        next=$((next + 1))
    done
    echo "$row"
done
