#!/bin/sh
# armv8-chacha-mca.sh [CPU...] - llvm-mca on the round loops of every build of
# kernels/armv8/chacha_neon.S (default CPUs: cortex-a57 neoverse-n1 cortex-a53).
# Prints cycles per double round and per block for each build and loop, and fails
# unless the model saw every instruction of the loop (112 vector instructions a
# double round, 96 more for the scalar block).
#
# The loops are taken from the built objects (make CONFIG=linux-aarch64 first), not
# from the source: objdump's disassembly of each round loop (from the target of the
# "b.ne" that follows "subs x6, x6, #1" up to that SUBS) is one llvm-mca region, so
# the model sees exactly the instructions the macros expanded to.  A SCALAR=1 build
# has two loops: the five-block one (the first) and the four-block one for the rest.
#
# Environment: OBJDIR (default build/linux-aarch64/obj/kernels/armv8), OBJDUMP
# (default aarch64-linux-gnu-objdump), MCA (default llvm-mca-19).
set -eu
cd "$(dirname "$0")/.."
OBJDIR=${OBJDIR:-build/linux-aarch64/obj/kernels/armv8}
OBJDUMP=${OBJDUMP:-aarch64-linux-gnu-objdump}
MCA=${MCA:-llvm-mca-19}
CC=${CC:-aarch64-linux-gnu-gcc}
cpus=${*:-cortex-a57 neoverse-n1 cortex-a53}
command -v "$MCA" >/dev/null || { echo "armv8-chacha-mca.sh: $MCA not found; install Debian's llvm-19" >&2; exit 2; }
builds=$("$CC" -E -P -x c -DCB_KNOBS_MAKE_CHACHA kernels/armv8/knobs.h)
[ -n "$builds" ] || { echo "armv8-chacha-mca.sh: no CHACHA_NEON_BUILDS rows in kernels/armv8/knobs.h" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
iters=200
printf '%-12s %-6s %-5s %7s %12s %12s\n' cpu build loop blocks cycles/dround cycles/block
for b in $builds; do
    sym=${b%%:*} scalar=${b#*:}
    obj=$OBJDIR/chacha_neon_$sym.o
    [ -f "$obj" ] || { echo "armv8-chacha-mca.sh: $obj not built; run make CONFIG=linux-aarch64" >&2; exit 2; }
    "$OBJDUMP" -d --no-show-raw-insn "$obj" | awk '
        /^ *[0-9a-f]+:\t/ { a = $1; sub(":", "", a); l = $0; sub(/^ *[0-9a-f]+:\t/, "", l)
                            gsub(/\t/, " ", l); sub(/ *\/\/.*/, "", l); addr[n] = a; line[n++] = l }
        END { r = 0
              for (i = 1; i < n; i++) if (line[i] ~ /^b\.ne/ && line[i - 1] ~ /^subs x6, x6, #0x1$/) {
                  split(line[i], f, " "); s = -1
                  for (j = 0; j < n; j++) if (addr[j] == f[2]) s = j
                  if (s < 0) exit 1
                  printf "# LLVM-MCA-BEGIN loop%d\n", r++
                  for (j = s; j <= i - 2; j++) print line[j]
                  print "# LLVM-MCA-END" } }' >"$tmp/$sym.s"
    loops=$(grep -c 'LLVM-MCA-BEGIN' "$tmp/$sym.s" || true)
    [ "$loops" -eq $((1 + scalar)) ] || { echo "armv8-chacha-mca.sh: $sym has $loops round loops, want $((1 + scalar))" >&2; exit 1; }
    for cpu in $cpus; do
        "$MCA" -mtriple=aarch64 -mcpu="$cpu" -iterations=$iters "$tmp/$sym.s" 2>/dev/null |
            awk -v cpu="$cpu" -v sym="$sym" -v it=$iters -v scalar="$scalar" '
                # a double round is 112 vector instructions, plus 96 scalar ones in
                # the five-block loop; fewer means the model dropped some
                /^Instructions:/ { k = r; want = 112 + ((k == 0 && scalar == 1) ? 96 : 0)
                                   if ($2 != want * it) { printf "armv8-chacha-mca.sh: %s loop %d: %d instructions a double round, want %d\n", sym, k, $2 / it, want > "/dev/stderr"; bad = 1 } }
                /^Total Cycles:/ { k = r++; blocks = (k == 0 && scalar == 1) ? 5 : 4
                                   printf "%-12s %-6s %-5d %7d %12.1f %12.1f\n", cpu, sym, k, blocks,
                                       $3 / it, $3 / it / blocks }
                END { exit bad }'
    done
done
