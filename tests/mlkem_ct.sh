#!/bin/sh
# mlkem_ct.sh [TEST_BINARY] - runs test_mlkem (or the constant-time test given, as
# mldsa_ct.sh does) under valgrind's memcheck; the test marks the secrets undefined
# (test_mlkem's test_secret_poisoned: ML-KEM's m, s_hat and z), so a branch or table
# index on secret data is an error (exit 1).  Skips, saying so, without valgrind.
bin=${1:-build/linux-x86_64/tests/test_mlkem}
name=$(basename "$bin")
if ! command -v valgrind >/dev/null 2>&1; then
    echo "$name under valgrind: skipped: valgrind is not installed"
    exit 0
fi
if ! valgrind -q --error-exitcode=9 "$bin"; then
    echo "$name under valgrind: FAILED (secret-dependent branch or index?)"
    exit 1
fi
echo "$name under valgrind: ok"
