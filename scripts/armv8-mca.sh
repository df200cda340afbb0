#!/bin/sh
# armv8-mca.sh [-timeline] [CPU...] - llvm-mca on the marked loop bodies of
# kernels/armv8/aes_ce_modes.S at INTERLEAVE 2, 4 and 5 (default CPUs: cortex-a57
# neoverse-n1).  Prints cycles per loop iteration and per block for each CPU model,
# factor and region (cbc_decrypt, ctr32); -timeline also prints the model's timeline
# of one cbc_decrypt iteration per factor, which shows the INTERLEAVE chains in flight.
#
# What the numbers are: LLVM's scheduling models, which do not fuse AESE+AESMC (or
# AESD+AESIMC) and give these cores a single AES pipe, so from 2 chains on the loops
# come out throughput-bound at about one AES instruction per cycle.  The ratio between
# factors on one model is the useful part; whether 4 or 5 chains beat 2 on a real core
# is for scripts/armv8-2015-tcrypt.sh and scripts/armv8-2022-graviton.sh on hardware.
#
# The non-inline variants call the round sequence as a subroutine, which the model
# cannot follow, so the INLINE=1 expansion of each factor stands in for them (the
# instructions executed are the same apart from BL/RET).  llvm-mca 19 takes region
# markers on AArch64 only from '#' comments, so the '//' markers of the source are
# rewritten after preprocessing.
#
# Environment: CC (default aarch64-linux-gnu-gcc), MCA (default llvm-mca-19).
set -eu
cd "$(dirname "$0")/.."
CC=${CC:-aarch64-linux-gnu-gcc}
MCA=${MCA:-llvm-mca-19}
timeline=0
if [ "${1:-}" = "-timeline" ]; then
    timeline=1
    shift
fi
cpus=${*:-cortex-a57 neoverse-n1}
command -v "$MCA" >/dev/null || { echo "armv8-mca.sh: $MCA not found; install Debian's llvm-19" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in 2 4 5; do
    "$CC" -E -C -P -I. -x assembler-with-cpp -DVARIANT="i${n}_inline" -DINTERLEAVE="$n" \
        -DINLINE=1 kernels/armv8/aes_ce_modes.S | sed 's|// LLVM-MCA-|# LLVM-MCA-|' >"$tmp/i$n.s"
done
iters=1000
printf '%-12s %-7s %-12s %12s %12s\n' cpu factor region cycles/iter cycles/block
for cpu in $cpus; do
    for n in 2 4 5; do
        "$MCA" -mtriple=aarch64 -mcpu="$cpu" -iterations=$iters "$tmp/i$n.s" 2>/dev/null |
            awk -v cpu="$cpu" -v n="$n" -v it=$iters '
                /Code Region -/ { region = $NF }
                /^Total Cycles:/ { printf "%-12s ce-i%-3d %-12s %12.2f %12.3f\n", cpu, n, region, $3 / it, $3 / it / n }'
    done
done
if [ "$timeline" = 1 ]; then
    for cpu in $cpus; do
        for n in 2 4 5; do
            echo
            echo "== $cpu ce-i$n cbc_decrypt: timeline of one iteration (first AES rounds)"
            "$MCA" -mtriple=aarch64 -mcpu="$cpu" -iterations=1 -timeline -timeline-max-cycles=40 \
                "$tmp/i$n.s" 2>/dev/null |
                sed -n '/Code Region - cbc_decrypt/,/Code Region - ctr32/p' |
                sed -n '/^Timeline view:/,/^Average Wait/p' | head -n $((12 + 4 * n))
        done
    done
fi
