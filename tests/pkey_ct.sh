#!/bin/sh
# pkey_ct.sh [TEST_BINARY] - test_pkey_ct under valgrind's memcheck, which marks the
# secrets of RSA's CRT signing, of ECDSA P-256 and of SM2 signing undefined: a branch or
# table index on secret data is then an error (exit 1).  Skips, saying so, without
# valgrind.  valgrind's CPUID hides ADX (3.19 at least) though it runs ADCX/ADOX and
# MULX, so on x86-64 BMI2 and ADX are forced on (test_pkey_ct applies
# CRYPTOBENCH_CAPS with force) and the mulx variant is checked too.  The run itself
# is mlkem_ct.sh's.
bin=${1:-build/linux-x86_64/tests/test_pkey_ct}
case $(uname -m) in
x86_64) CRYPTOBENCH_CAPS=${CRYPTOBENCH_CAPS:-+bmi2,+adx} && export CRYPTOBENCH_CAPS ;;
esac
exec sh "$(dirname "$0")/mlkem_ct.sh" "$bin"
