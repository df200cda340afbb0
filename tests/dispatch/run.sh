#!/bin/sh
# tests/dispatch/run.sh TABLE MODEL BIN [RUNNER...] - checks which variant `auto`
# picks, as `cryptobench caps -mr` reports it, against a dispatch table.
#
# TABLE (tests/dispatch/<config>.txt) has rows "CPU MASK ALGORITHM DIRECTION
# VARIANT".  Every column but VARIANT is a pattern: '*' matches any run of
# characters and '|' separates alternatives ("aes-*-cbc", "Haswell|max").  A mask
# is "-" for none or VAR=value pairs joined by ';'.  For each mask that rows for
# MODEL name literally, caps runs once under that mask, and each of its "auto
# ALG DIR VARIANT" lines must equal the VARIANT of the LAST row that matches (so
# a specific row after a general one overrides it).  Prints one line per mismatch
# and a count per mask; exits 1 on a mismatch, or when MODEL has no rows at all.
table=$1 model=$2 bin=$3
shift 3
[ -f "$table" ] || { echo "dispatch: no table $table"; exit 1; }
# GLOB is awk text: glob(p, s) tells whether s matches pattern p, where '*'
# matches any run of characters and '|' separates alternatives.
GLOB='function glob1(p, s) { gsub(/[][\\.^$+?(){}]/, "\\\\&", p); gsub(/\*/, ".*", p); return s ~ ("^" p "$") }
function glob(p, s,  n, i, alt) { n = split(p, alt, "|"); for (i = 1; i <= n; i++) if (glob1(alt[i], s)) return 1; return 0 }'
rows() { awk -v m="$model" "$GLOB"' !/^[[:space:]]*(#|$)/ && glob($1, m)' "$table"; }
# The masks to run are those rows name literally (alternatives without '*').
masks=$(rows | awk '{ n = split($2, alt, "|"); for (i = 1; i <= n; i++) if (alt[i] !~ /\*/) print alt[i] }' | sort -u)
[ -n "$masks" ] || { echo "dispatch: $table has no row for CPU model $model"; exit 1; }
status=0
for mask in $masks; do
    envs=""
    [ "$mask" = "-" ] || envs=$(echo "$mask" | tr ';' ' ')
    # shellcheck disable=SC2086
    if ! out=$(env -u CRYPTOBENCH_CAPS -u OPENSSL_armcap -u OPENSSL_ppccap \
        -u OPENSSL_ia32cap $envs "$@" "$bin" caps -mr 2>"${TMPDIR:-/tmp}/dispatch.$$"); then
        echo "dispatch FAIL $model mask $mask: caps failed: $(cat "${TMPDIR:-/tmp}/dispatch.$$")"
        status=1
        continue
    fi
    rows | awk -v mask="$mask" "$GLOB"' glob($2, mask)' >"${TMPDIR:-/tmp}/dispatch.$$"
    echo "$out" | awk -v m="$model" -v mask="$mask" "$GLOB"'
        FNR == NR { n++; alg[n] = $3; dir[n] = $4; want[n] = $5; next }
        $1 == "auto" {
            expected = ""
            for (i = n; i >= 1 && expected == ""; i--)
                if (glob(alg[i], $2) && glob(dir[i], $3))
                    expected = want[i]
            if (expected == "") { unlisted++; next }
            if (expected != $4) {
                printf "dispatch FAIL %s mask %s: auto %s %s picked %s, the table says %s\n",
                    m, mask, $2, $3, $4, expected
                wrong++
            } else
                right++
        }
        END {
            printf "dispatch %s mask %s: %d as expected, %d wrong, %d not in the table\n",
                m, mask, right, wrong, unlisted
            exit (wrong > 0 || right == 0)
        }' "${TMPDIR:-/tmp}/dispatch.$$" - || status=1
done
rm -f "${TMPDIR:-/tmp}/dispatch.$$"
exit $status
