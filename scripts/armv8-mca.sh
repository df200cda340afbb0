#!/bin/sh
# armv8-mca.sh [-timeline] [CPU...] - llvm-mca on the marked loop bodies of
# kernels/armv8/aes_ce_modes.S at every INTERLEAVE factor of kernels/armv8/knobs.h
# (read through the preprocessor as family.mk reads it; default CPUs: cortex-a57
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
# markers on AArch64 only from '#' comments, so the '//' markers of the source become
# '#' ones; and it silently drops the macro calls that follow a line holding several
# ';'-separated instructions, so every such line is split.  Each region's listing is
# then checked to hold INTERLEAVE x 27 AES instructions (the straight-line path runs
# all 14 rounds: 13 AESD+AESIMC or AESE+AESMC pairs and the last AESD/AESE), so a
# model that dropped some fails loudly instead of printing a fast-looking row.
#
# -check (for make check): also exits 1 unless cycles per block do not increase from
# one factor to the next larger (ce-i2, ce-i4, ce-i5 today; at two decimals) for
# every CPU model and region.
#
# Environment: CC (default aarch64-linux-gnu-gcc), MCA (default llvm-mca-19).
set -eu
cd "$(dirname "$0")/.."
CC=${CC:-aarch64-linux-gnu-gcc}
MCA=${MCA:-llvm-mca-19}
timeline=0 check=0
while :; do
    case ${1:-} in
    -timeline) timeline=1 ;;
    -check) check=1 ;;
    *) break ;;
    esac
    shift
done
cpus=${*:-cortex-a57 neoverse-n1}
command -v "$MCA" >/dev/null || { echo "armv8-mca.sh: $MCA not found; install Debian's llvm-19" >&2; exit 2; }
# The factors of knobs.h's rows (words sym:INTERLEAVE:INLINE), smallest first.
factors=$("$CC" -E -P -x c -DCB_KNOBS_MAKE kernels/armv8/knobs.h | tr ' ' '\n' |
    awk -F: 'NF == 3 { print $2 }' | sort -n -u | tr '\n' ' ' | sed 's/ $//')
[ -n "$factors" ] || { echo "armv8-mca.sh: no AES_CE_BUILDS rows in kernels/armv8/knobs.h" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in $factors; do
    # The markers pass the preprocessor as a plain word (it drops comments).
    sed 's|// LLVM-MCA-|LLVM_MCA_MARK_|' kernels/armv8/aes_ce_modes.S |
        "$CC" -E -P -I. -x assembler-with-cpp -DVARIANT="i${n}_inline" -DINTERLEAVE="$n" \
            -DINLINE=1 - | sed -e 's|LLVM_MCA_MARK_|# LLVM-MCA-|' -e 's|; *|\n\t|g' >"$tmp/i$n.s"
    grep -q '^ *# LLVM-MCA-BEGIN' "$tmp/i$n.s" || { echo "armv8-mca.sh: no region markers in the i$n expansion" >&2; exit 1; }
done
iters=1000
printf '%-12s %-7s %-12s %12s %12s\n' cpu factor region cycles/iter cycles/block
for cpu in $cpus; do
    for n in $factors; do
        "$MCA" -mtriple=aarch64 -mcpu="$cpu" -iterations=$iters "$tmp/i$n.s" >"$tmp/out" 2>"$tmp/err" || {
            echo "armv8-mca.sh: $MCA failed on ce-i$n for $cpu:" >&2
            head -n 5 "$tmp/err" >&2
            exit 1
        }
        awk -v cpu="$cpu" -v n="$n" -v it=$iters '
            function flush() {
                if (region == "") return
                if (aes != 27 * n) {
                    printf "armv8-mca.sh: %s ce-i%d %s: the model saw %d AES instructions per iteration, expected %d\n", cpu, n, region, aes, 27 * n > "/dev/stderr"
                    bad = 1
                }
                printf "%-12s ce-i%-3d %-12s %12.2f %12.3f\n", cpu, n, region, cycles / it, cycles / it / n
            }
            /Code Region -/ { flush(); region = $NF; aes = 0; listing = 0; seen = 0 }
            /^Total Cycles:/ { cycles = $3 }
            /Instructions:$/ && !seen { listing = 1; seen = 1; next }
            /^$/ { listing = 0 }
            listing && $0 ~ /[ \t]aes(d|e|mc|imc)[ \t]/ { aes++ }
            END { flush(); exit bad }' "$tmp/out" || exit 1
    done
done | tee "$tmp/table"
# The pipeline's status is the tee's: a failed model run shows as a short table.
# shellcheck disable=SC2086 # $factors is a word list
[ "$(grep -c ' ce-i' "$tmp/table")" -eq $((2 * $(echo $factors | wc -w) * $(echo "$cpus" | wc -w))) ] || exit 1
if [ "$check" = 1 ]; then
    awk '$2 ~ /^ce-i/ {
            key = $1 " " $3; v = sprintf("%.2f", $5)
            if (key in last && v + 0 > last[key] + 0) {
                printf "armv8-mca.sh: %s %s: %s cycles/block at %s, more than %s at %s\n", $1, $3, v, $2, last[key], lastf[key]
                bad = 1
            }
            last[key] = v; lastf[key] = $2
        }
        END { if (bad) exit 1; print "armv8-mca.sh: cycles per block do not increase from factor to factor (" f ")" }' f="$factors" "$tmp/table"
fi
if [ "$timeline" = 1 ]; then
    for cpu in $cpus; do
        for n in $factors; do
            echo
            echo "== $cpu ce-i$n cbc_decrypt: timeline of one iteration (first AES rounds)"
            "$MCA" -mtriple=aarch64 -mcpu="$cpu" -iterations=1 -timeline -timeline-max-cycles=40 \
                "$tmp/i$n.s" 2>/dev/null |
                sed -n '/Code Region - cbc_decrypt/,/Code Region - ctr32/p' |
                sed -n '/^Timeline view:/,/^Average Wait/p' | head -n $((12 + 4 * n))
        done
    done
fi
