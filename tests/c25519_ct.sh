#!/bin/sh
# c25519_ct.sh [TEST_BINARY] - test_c25519_ct under valgrind's memcheck, which marks
# X25519's scalar and Ed25519's seed, s and prefix undefined on every curve25519
# variant the CPU runs: a branch or table index on secret data is then an error
# (exit 1).  Skips, saying so, without valgrind.  valgrind's CPUID hides ADX though
# it runs ADCX/ADOX and MULX, so on an x86-64 CPU that has BMI2 and ADX they are
# forced on (test_c25519_ct applies CRYPTOBENCH_CAPS with force) and the mulx
# variant is checked too.  The run itself is mlkem_ct.sh's.
bin=${1:-build/linux-x86_64/tests/test_c25519_ct}
if [ "$(uname -m)" = x86_64 ] && grep -qw bmi2 /proc/cpuinfo 2>/dev/null &&
    grep -qw adx /proc/cpuinfo 2>/dev/null; then
    CRYPTOBENCH_CAPS=${CRYPTOBENCH_CAPS:-+bmi2,+adx}
    export CRYPTOBENCH_CAPS
fi
exec sh "$(dirname "$0")/mlkem_ct.sh" "$bin"
