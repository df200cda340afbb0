#!/bin/sh
# mldsa_ct.sh [TEST_BINARY] - test_mldsa_ct under valgrind's memcheck, which marks
# ML-DSA's secrets undefined (xi for keygen; K, s1, s2, t0 and rnd for signing) for
# every ML-DSA variant this CPU runs (generic, and avx2 where AVX2 is: valgrind runs
# AVX2 code): a branch or table index on secret data is then an error (exit 1).  Skips, saying
# so, without valgrind.  The run itself is mlkem_ct.sh's.
exec sh "$(dirname "$0")/mlkem_ct.sh" "${1:-build/linux-x86_64/tests/test_mldsa_ct}"
