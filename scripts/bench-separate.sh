#!/bin/sh
# bench-separate.sh BENCH_SPEED CRYPTOBENCH [TRIALS] - the separate-run gate trials of
# `make bench` (docs/compare.md, "Separate runs"): CI's case, a baseline CSV from
# one job and a CSV from the next, each side its own process.
#
#   1. calibration: CAL_FILES A/A runs of generic SHA-256's default sweep with the
#      settings docs/compare.md recommends for CI (-runs 3; the canary is on by
#      default), then `compare -calibrate-gate` over every ordered pair: T;
#   2. sep-aa: TRIALS trials of two more such runs, `compare -fail-if-slower T%`;
#   3. sep-slow10: the same, the after side timing slow10 (generic plus exactly 10%
#      more compression work, tests/bench_slow.h) and compare pairing the two.
# Prints one gate-trial line for each, as the in-run trials do, with the seconds of
# one side's run, and the drift the raw medians showed between the A/A files.
set -eu
speed=$1
cb=$2
trials=${3:-20}
cal_files=${CAL_FILES:-8}
runs_opt=${RUNS_OPT:--runs 3}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
export CRYPTOBENCH_CALIBRATION="$dir/calibration"

side() { # side OUT VARIANT: one run, its seconds added to $dir/seconds
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$speed" speed sha256 -variant "$2" $runs_opt -csv "$1" >/dev/null 2>"$dir/err" || {
        echo "bench-separate: the run failed: $(cat "$dir/err")" >&2
        exit 1
    }
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{ print $2 - $1 }' >>"$dir/seconds"
}

echo "separate runs: generic sha256's default sweep, $runs_opt, one process per side"
i=1
while [ "$i" -le "$cal_files" ]; do
    side "$dir/cal$i.csv" generic
    i=$((i + 1))
done
line=$("$cb" compare -calibrate-gate "$dir"/cal*.csv | head -n 1)
echo "$line"
t=$(echo "$line" | sed -n 's/.* is \([0-9.]*\)% (.*/\1/p')
[ -n "$t" ] || { echo "bench-separate: no threshold in: $line" >&2; exit 1; }
# the drift between A/A runs: the largest raw difference of any case's medians
"$cb" compare "$dir/cal1.csv" "$dir/cal2.csv" -format csv 2>/dev/null |
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "raw_difference_pct") c = i; next }
             { v = $c < 0 ? -$c : $c; if (v > m) m = v } END { printf "drift: the raw medians of two A/A runs differ by up to %.1f%%\n", m }'

trial_set() { # trial_set NAME AFTER_VARIANT
    : >"$dir/seconds"
    flagged=0
    n=1
    while [ "$n" -le "$trials" ]; do
        side "$dir/a.csv" generic
        side "$dir/b.csv" "$2"
        if [ "$2" = generic ]; then
            pair=""
        else
            pair="-variant generic,$2"
        fi
        # shellcheck disable=SC2086
        if "$cb" compare "$dir/a.csv" "$dir/b.csv" $pair -fail-if-slower "$t%" >"$dir/out" 2>&1; then
            verdict=passed
        else
            rc=$?
            [ "$rc" -eq 1 ] || { echo "bench-separate: compare exited $rc: $(cat "$dir/out")" >&2; exit 1; }
            verdict=flagged
            flagged=$((flagged + 1))
        fi
        echo "bench: $1 trial $n: $verdict" >&2
        n=$((n + 1))
    done
    per=$(awk '{ s += $1 } END { printf "%.1f", s / NR }' "$dir/seconds")
    echo "gate-trial name=$1 threshold=$t flagged=$flagged trials=$trials seconds_per_trial=$per"
}

trial_set sep-aa generic
trial_set sep-slow10 slow10
echo "(seconds_per_trial: one side's run; a trial is two)"
