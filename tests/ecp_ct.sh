#!/bin/sh
# ecp_ct.sh [TEST_BINARY] - test_ecp_ct under valgrind's memcheck, which marks the
# prime curves' secret scalars undefined (tests/test_ecp_ct.c), so a branch or index
# on them is an error (exit 1); skips, saying so, without valgrind.  The run itself
# is mlkem_ct.sh's.
exec sh "$(dirname "$0")/mlkem_ct.sh" "${1:-build/linux-x86_64/tests/test_ecp_ct}"
