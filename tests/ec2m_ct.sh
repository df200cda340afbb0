#!/bin/sh
# ec2m_ct.sh [TEST_BINARY] - runs test_ec2m_ct under valgrind's memcheck (through
# tests/mlkem_ct.sh, which names the test): the test marks the binary curves' d and
# nonces undefined, so a branch or table index on them is an error (exit 1).  Skips,
# saying so, without valgrind.
exec sh "$(dirname "$0")/mlkem_ct.sh" "${1:-build/linux-x86_64/tests/test_ec2m_ct}"
