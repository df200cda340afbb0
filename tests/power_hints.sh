#!/bin/sh
# tests/power_hints.sh OBJDUMP HSYM PSYM HINTED.o:PLAIN.o... - proves the ppc-hint/ppc
# experiment is the intended one: for each pair of objects assembled from one source
# with HINTS=1 (symbols <alg>_HSYM_<op>) and HINTS=0 (<alg>_PSYM_<op>), two builds
# of kernels/power/knobs.h that kernels/power/family.mk pairs, the code must be the
# same word for word except in the BO field (bits 6-10) of conditional branches, the
# hinted build must carry the "-" hints (objdump shows them) where the plain build
# carries none, every hinted branch must be one of the differing words, and the
# relocations must match once the symbol names are made the same.
#
# Run by `make check-power-hints` (CONFIG=linux-ppc64 or linux-ppc64le).  Exit 1 on
# the first pair that breaks a rule, naming the word that does.
set -eu

OBJDUMP=$1 HSYM=${2:-} PSYM=${3:-}
[ $# -ge 3 ] && [ -n "$HSYM" ] && [ -n "$PSYM" ] || { echo "power_hints: usage: OBJDUMP HSYM PSYM HINTED.o:PLAIN.o..."; exit 1; }
shift 3
[ $# -gt 0 ] || { echo "power_hints: no object pairs given"; exit 1; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/power_hints.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

# words OBJ: "offset word mnemonic" for every instruction of .text, the word as the
# CPU reads it (objdump prints little-endian objects' bytes in memory order).
words() {
    le=0
    "$OBJDUMP" -f "$1" | grep -q 'powerpcle' && le=1
    "$OBJDUMP" -d -j .text "$1" | awk -v le=$le '
        /^ *[0-9a-f]+:\t/ {
            split($0, f, "\t")
            n = split(f[2], b, " ")
            if (n != 4) next
            w = le ? b[4] b[3] b[2] b[1] : b[1] b[2] b[3] b[4]
            sub(/:$/, "", f[1]); gsub(/ /, "", f[1])
            split(f[3], m, " ")
            print f[1], w, m[1]
        }'
}

# hinted_count FILE: instructions whose mnemonic ends in - or + (a static hint).
hinted_count() { awk '$3 ~ /^b[a-z]*[-+]$/' "$1" | wc -l; }

status=0
total=0
for pair in "$@"; do
    hint=${pair%%:*}
    plain=${pair#*:}
    words "$hint" >"$TMP/h"
    words "$plain" >"$TMP/p"
    if [ ! -s "$TMP/h" ] || [ "$(wc -l <"$TMP/h")" -ne "$(wc -l <"$TMP/p")" ]; then
        echo "power_hints FAIL $hint: $(wc -l <"$TMP/h") instructions, $plain has $(wc -l <"$TMP/p")"
        status=1
        continue
    fi
    # Compare word by word: a difference is allowed only in BO (mask 0x03e00000) of a
    # bc (opcode 16) or bclr/bcctr (opcode 19), and only hint bits set on the hinted side.
    bad=$(paste -d ' ' "$TMP/h" "$TMP/p" | awk '
        function hex(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
        $2 != $5 {
            h = hex($2); p = hex($5)
            op = int(h / 67108864)
            hb = int(h / 2097152) % 32; pb = int(p / 2097152) % 32
            rest_h = h - hb * 2097152; rest_p = p - pb * 2097152
            if (rest_h != rest_p || (op != 16 && op != 19) || $3 !~ /[-+]$/ || $6 ~ /[-+]$/) {
                print $1 ": " $2 " (" $3 ") against " $5 " (" $6 ")"; bad = 1; exit
            }
            diffs++
        }
        END { if (bad) exit; if (diffs == 0) print "no differing word"; else print "ok " diffs }')
    case $bad in
    ok\ *) ;;
    *) echo "power_hints FAIL $hint: $bad"; status=1; continue ;;
    esac
    ndiff=${bad#ok }
    nh=$(hinted_count "$TMP/h")
    np=$(hinted_count "$TMP/p")
    if [ "$nh" -ne "$ndiff" ] || [ "$np" -ne 0 ]; then
        echo "power_hints FAIL $hint: $nh hinted branches, $ndiff differing words, $np hints in $plain"
        status=1
        continue
    fi
    # Relocations: the same, once the hinted build's infix is spelt as the plain one's.
    "$OBJDUMP" -r "$hint" | sed -n '/RELOCATION/,$p' | sed "s/_${HSYM}_/_${PSYM}_/g" >"$TMP/rh"
    "$OBJDUMP" -r "$plain" | sed -n '/RELOCATION/,$p' >"$TMP/rp"
    if ! cmp -s "$TMP/rh" "$TMP/rp"; then
        echo "power_hints FAIL $hint: relocations differ from $plain"
        status=1
        continue
    fi
    echo "power_hints ok $(basename "$hint"): $ndiff hinted branches differ only in BO"
    total=$((total + ndiff))
done
[ $status -eq 0 ] && echo "power_hints: $# pairs, $total hinted branches, nothing else differs"
exit $status
