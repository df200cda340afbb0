#!/bin/sh
# run-unit-tests.sh "QEMU_RUN" TEST... - runs each cmocka test binary (through the
# emulator command when one is given) and fails if any test fails.
runner=$1
shift
failed=0
for t in "$@"; do
    echo "== $t"
    # shellcheck disable=SC2086
    if ! $runner "$t"; then
        echo "FAILED: $t"
        failed=$((failed + 1))
    fi
done
[ "$failed" -eq 0 ] || { echo "$failed test program(s) failed"; exit 1; }
