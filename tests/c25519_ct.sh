#!/bin/sh
# c25519_ct.sh [TEST_BINARY] - test_c25519_ct under valgrind's memcheck, which marks
# X25519's scalar and Ed25519's seed, s and prefix undefined on every curve25519
# variant the CPU runs: a branch or table index on secret data is then an error
# (exit 1).  Skips, saying so, without valgrind.  The run itself is mlkem_ct.sh's.
exec sh "$(dirname "$0")/mlkem_ct.sh" "${1:-build/linux-x86_64/tests/test_c25519_ct}"
