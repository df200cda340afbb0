#!/bin/sh
# c448_ct.sh [TEST_BINARY] - test_c448_ct under valgrind's memcheck, which marks
# curve448's secrets undefined (X448's scalars; Ed448's seed, s and prefix): a branch
# or table index on secret data is then an error (exit 1).  Skips, saying so,
# without valgrind.  The run itself is mlkem_ct.sh's.
exec sh "$(dirname "$0")/mlkem_ct.sh" "${1:-build/linux-x86_64/tests/test_c448_ct}"
