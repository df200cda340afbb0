#!/bin/sh
# mlkem_ct.sh [TEST_BINARY] - runs test_mlkem under valgrind's memcheck, whose
# test_secret_poisoned marks ML-KEM's secrets undefined: a branch or table index on
# secret data is then an error (exit 1).  Skips, saying so, without valgrind.
bin=${1:-build/linux-x86_64/tests/test_mlkem}
if ! command -v valgrind >/dev/null 2>&1; then
    echo "mlkem_ct.sh: skipped: valgrind is not installed"
    exit 0
fi
if ! valgrind -q --error-exitcode=9 "$bin"; then
    echo "mlkem_ct.sh: FAILED: $bin under valgrind (secret-dependent branch or index?)"
    exit 1
fi
echo "mlkem_ct.sh: ok"
