#!/bin/sh
# ffdh_ct.sh [TEST_BINARY] - test_ffdh_ct under valgrind's memcheck, which marks the
# FFDH private exponent x undefined: a branch or table index on it is then an error
# (exit 1).  Skips, saying so, without valgrind.  The run itself is mlkem_ct.sh's.
exec sh "$(dirname "$0")/mlkem_ct.sh" "${1:-build/linux-x86_64/tests/test_ffdh_ct}"
