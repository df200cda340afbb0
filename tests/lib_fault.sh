#!/bin/sh
# lib_fault.sh LIBDIR VAR=VALUE ALG BIN RUNNER... - a libcrypto instance told by its
# capability variable to use instructions the CPU lacks (OpenSSL trusts it blindly)
# must be caught by the fault guard: selftest and speed name the variant, the
# signal and the mask, the other cases still run, and the exit status is 3.
set -u
libdir=$1 pair=$2 alg=$3 bin=$4
shift 4
fail() { echo "lib_fault.sh: $*" >&2; exit 1; }
out=$(LD_LIBRARY_PATH=$libdir "$@" "$bin" selftest -quick -variant openssl \
      -lib-env "openssl:$pair" "$alg" md5 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 3 ] || fail "selftest exited $rc, not 3"
echo "$out" | grep -q "^FAULT .*$alg .*openssl .*raised SIGILL ($pair)" ||
    fail "no FAULT line naming SIGILL and $pair"
echo "$out" | grep -q "^PASS .*md5 .*openssl" || fail "the other algorithm did not run"
err=$(LD_LIBRARY_PATH=$libdir "$@" "$bin" speed -evp "$alg" -evp md5 -bytes 64 \
      -iterations 50 -variant openssl -lib-env "openssl:$pair" 2>&1 >/dev/null)
rc=$?
echo "$err"
[ "$rc" -eq 3 ] || fail "speed exited $rc, not 3"
echo "$err" | grep -q "variant openssl of $alg raised SIGILL ($pair)" ||
    fail "speed did not say which variant raised SIGILL under which mask"
echo "lib_fault.sh: $pair made $alg raise SIGILL, caught; md5 still ran"
