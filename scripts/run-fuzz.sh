#!/bin/sh
# run-fuzz.sh SECONDS DIR NAME... - runs DIR/fuzz_NAME for SECONDS on a scratch copy
# of tests/fuzz/corpus/NAME (the saved corpus is not modified).  A crash leaves its
# input in DIR/crash-NAME-*; add it to the corpus once fixed so `make check`
# replays it forever.
set -eu
seconds=$1
dir=$2
shift 2
status=0
for name in "$@"; do
    work=$(mktemp -d)
    cp tests/fuzz/corpus/"$name"/* "$work"/ 2>/dev/null || true
    echo "== fuzz_$name for ${seconds}s"
    if ! "$dir/fuzz_$name" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
            -artifact_prefix="$dir/crash-$name-" -print_final_stats=1 "$work" \
            > "$dir/fuzz_$name.log" 2>&1; then
        tail -n 40 "$dir/fuzz_$name.log"
        echo "fuzz_$name FAILED; the input is in $dir/crash-$name-*"
        status=1
    else
        grep -E '^stat::number_of_executed_units|^Done' "$dir/fuzz_$name.log" | head -n 2
    fi
    rm -rf "$work"
done
exit $status
