#!/bin/sh
# bench-vs-openssl.sh [BIN] - the `generic` variants against OpenSSL's non-SIMD code
# (OPENSSL_ia32cap=0:0 openssl speed, with the legacy provider loaded so md4,
# rmd160, whirlpool, rc4, rc2, bf, cast5, seed and camellia are there) on this
# machine, measured in the same run, alternating the two so drift affects both
# alike.  Prints throughput per block size and the ratio generic / openssl.
#   SECONDS_PER_CASE=1 ROUNDS=3 BYTES="16 8192" ALGS="md4 bf-cbc" scripts/bench-vs-openssl.sh
set -eu
BIN=${1:-./cryptobench}
SECS=${SECONDS_PER_CASE:-1}
ROUNDS=${ROUNDS:-3}
ALGS=${ALGS:-"md5 sha1 sha256 sha512 aes-128-cbc aes-256-gcm des-ede3-cbc"}
BYTES=${BYTES:-8192}
# The legacy provider, where this OpenSSL has one (3.0 and later); 1.1 has no -provider.
PROV=""
if openssl list -providers -provider legacy >/dev/null 2>&1; then
    PROV="-provider legacy -provider default"
fi
command -v openssl >/dev/null || { echo "openssl is not installed (apt-get install openssl)" >&2; exit 2; }
[ -x "$BIN" ] || { echo "$BIN not found; run make first" >&2; exit 2; }

# rate_of: the bytes/s of the single +F line of -mr output on stdin.
rate_of() { awk -F: '/^\+F:/ { print $4 }'; }

best() { # the largest of the numbers given: the least disturbed run
    printf '%s\n' "$@" | sort -g | tail -n 1
}

printf '%-18s %6s %14s %14s %7s\n' algorithm bytes "openssl kB/s" "generic kB/s" ratio
for alg in $ALGS; do
for bytes in $BYTES; do
    extra=""
    case $alg in *gcm) extra="-aead" ;; esac
    o="" g=""
    i=0
    while [ $i -lt "$ROUNDS" ]; do
        # shellcheck disable=SC2086
        o="$o $(OPENSSL_ia32cap=0:0 openssl speed $PROV -evp $alg $extra -bytes "$bytes" -seconds "$SECS" -mr 2>/dev/null | rate_of)"
        # shellcheck disable=SC2086
        g="$g $("$BIN" speed -evp $alg $extra -variant generic -bytes "$bytes" -seconds "$SECS" -mr 2>/dev/null | rate_of)"
        i=$((i + 1))
    done
    # shellcheck disable=SC2086
    ob=$(best $o)
    # shellcheck disable=SC2086
    gb=$(best $g)
    awk -v a="$alg" -v b="$bytes" -v o="$ob" -v g="$gb" 'BEGIN { printf "%-18s %6s %14.0f %14.0f %7.2f\n", a, b, o / 1e3, g / 1e3, g / o }'
done
done
echo "(best of $ROUNDS alternating runs of ${SECS}s each, encryption; GCM with -aead on both sides)"
