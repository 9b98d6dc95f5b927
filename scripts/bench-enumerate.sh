#!/usr/bin/env bash
# Times listing every solution in lexicographic order, in one run: the textbook bitboard
# lister (`--example textbook -- --list N`, one thread, each row rendered anew),
# `nqueens solve N -f columns` on 1 and 2 threads, `nqueens solve N` (the boards) on 2, and
# `cat` of a file as large as the boards' output, all to /dev/null. Prints the CPU and a
# Markdown table of medians. Usage: scripts/bench-enumerate.sh [RUNS] [N...]
#
# The runs are interleaved (one of each command, RUNS times over), so that a slow spell of
# this shared machine falls on every column alike. The file for `cat` is written under
# TMPDIR (5 GB at n = 17); BASELINE_MAX (default 16) skips the textbook lister above it.
#
# A second table times the library's pull forms (`--example pull`: every solution through
# `Solutions::next_columns`, every class through `UniqueSolutions::next_columns`) on rayon's
# pool of 1 and 2 threads; PULL_BEFORE=BIN adds another build of that example (one thread),
# and its ratio, in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
sizes=${*:-14 15 16 17}
baseline_max=${BASELINE_MAX:-16}
cargo build --release --quiet --bin nqueens --example textbook --example pull
bin=target/release/nqueens
textbook=target/release/examples/textbook
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# shellcheck source=scripts/bench-common.sh
source scripts/bench-common.sh

cpu() { lscpu | sed -n "s/^$1: *//p" | head -1; }
echo "CPU: $(cpu 'Model name') (family $(cpu 'CPU family'), model $(cpu 'Model')), $(nproc) cores"
echo
echo "| n | solutions | textbook, 1 thread | columns -j1 | columns -j2 | -j1 vs textbook | -j2 vs textbook | boards -j2 | boards MB/s | cat MB/s |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for n in $sizes; do
    count=$("$bin" count "$n" --quiet)
    # The boards' size: n rows of n + 1 bytes, and a blank line between solutions.
    bytes=$(echo "$count * ($n * ($n + 1) + 1) - 1" | bc)
    head -c "$bytes" /dev/zero > "$scratch/boards"
    commands=("$bin solve $n -f columns -j1" "$bin solve $n -f columns -j2" "$bin solve $n -j2" "cat $scratch/boards")
    [ "$n" -le "$baseline_max" ] && commands+=("$textbook --list $n")
    medians "$runs" "${commands[@]}"
    rm -f "$scratch/boards"
    one=${med[0]} two=${med[1]} boards=${med[2]} cat=${med[3]}
    mbs() { echo "$bytes / $1 / 1000000" | bc -l; }
    if [ "$n" -le "$baseline_max" ]; then
        base=${med[4]}
        printf '| %s | %s | %.2f s | %.2f s | %.2f s | %.1f× | %.1f× | %.2f s | %.0f | %.0f |\n' "$n" "$count" "$base" "$one" "$two" \
            "$(echo "$base / $one" | bc -l)" "$(echo "$base / $two" | bc -l)" "$boards" "$(mbs "$boards")" "$(mbs "$cat")"
    else
        printf '| %s | %s | — | %.2f s | %.2f s | — | — | %.2f s | %.0f | %.0f |\n' "$n" "$count" "$one" "$two" "$boards" "$(mbs "$boards")" "$(mbs "$cat")"
    fi
done

pull=target/release/examples/pull
echo
echo "| n | \`next_columns\`, 1 thread | 2 threads | one per class, 1 thread | 2 threads |${PULL_BEFORE:+ before, 1 thread | ratio | before, one per class | ratio |}"
echo "|---|---|---|---|---|${PULL_BEFORE:+---|---|---|---|}"
for n in $sizes; do
    commands=("env RAYON_NUM_THREADS=1 $pull $n" "env RAYON_NUM_THREADS=2 $pull $n"
        "env RAYON_NUM_THREADS=1 $pull --unique $n" "env RAYON_NUM_THREADS=2 $pull --unique $n")
    [ -n "${PULL_BEFORE:-}" ] && commands+=("$PULL_BEFORE $n" "$PULL_BEFORE --unique $n")
    medians "$runs" "${commands[@]}"
    printf '| %s | %.2f s | %.2f s | %.2f s | %.2f s |' "$n" "${med[0]}" "${med[1]}" "${med[2]}" "${med[3]}"
    if [ -n "${PULL_BEFORE:-}" ]; then
        printf ' %.2f s | %.1f× | %.2f s | %.1f× |' "${med[4]}" "$(echo "${med[4]} / ${med[0]}" | bc -l)" \
            "${med[5]}" "$(echo "${med[5]} / ${med[2]}" | bc -l)"
    fi
    echo
done
