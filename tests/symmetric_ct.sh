#!/bin/sh
# symmetric_ct.sh [TEST_BINARY] - test_symmetric_ct under valgrind's memcheck, which
# marks the CMAC key and the CTR_DRBG seed material undefined, so a branch or table
# index on them in kernels/modes/cmac.c or drbg.c (over AES-NI) is an error.  Skips,
# saying so, without valgrind.  The run itself is mlkem_ct.sh's.
exec sh "$(dirname "$0")/mlkem_ct.sh" "${1:-build/linux-x86_64/tests/test_symmetric_ct}"
