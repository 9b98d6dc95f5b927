# Helpers the bench scripts source: the wall time of one run and the median of several.

# The wall time, in seconds, of one run of a command, its output discarded.
wall() {
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

# The median of its arguments.
median() {
    printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# Runs each of the commands after RUNS that many times, interleaved (one run of each, RUNS
# times over, so that a slow spell of a shared machine falls on every command alike), and
# sets the array `med` to their median wall times, in order. A command is split on spaces.
medians() {
    local runs=$1
    shift
    local -a commands=("$@")
    local -A times=()
    local i
    for _ in $(seq "$runs"); do
        for i in "${!commands[@]}"; do
            # shellcheck disable=SC2086
            times[$i]="${times[$i]:-} $(wall ${commands[$i]})"
        done
    done
    med=()
    for i in "${!commands[@]}"; do
        # shellcheck disable=SC2086
        med[$i]=$(median ${times[$i]})
    done
}
