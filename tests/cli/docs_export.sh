#!/bin/sh
# tests/cli/docs_export.sh BIN "QEMU_RUN" [ROOT] - the docs name the export formats of
# the table (reports/export/formats.h, as `export -h` prints it), all of them and no
# other, and the formats that gate.  Prints one line per problem and exits 1 if any.
#
# Where each document lists the formats:
#   docs/export.md       the "### `NAME`: ..." headings of its "## Formats" section, the
#                        list in its exit status table ("the message lists `a, b and c`")
#                        and, for the gating formats, its synopsis line with
#                        -fail-if-slower
#   docs/cryptobench.1   in the "export" section, the .B NAME lines of the -format entry
#   README.md            the "# also a, b, c" comment of its export -format example
BIN=$1
RUN=${2:-}
ROOT=${3:-$(dirname "$0")/../..}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# shellcheck disable=SC2086
$RUN "$BIN" export -h >"$T/help" || { echo "docs: export -h failed"; exit 1; }
# the help's format lines: six blanks, the name, its description
awk '/^  -format F/ { on = 1; next } /^  -[a-z]/ { on = 0 } on && /^      [a-z]/ { print $1 }' \
    "$T/help" | sort -u >"$T/names"
[ -s "$T/names" ] || { echo "docs: export -h listed no format"; exit 1; }
sed -n 's/^  -fail-if-slower P% *with -format \([a-z0-9 ,-]*\) and two files.*/\1/p' "$T/help" |
    sed 's/ and /, /g' | tr ',' '\n' | tr -d ' ' | sort -u >"$T/gates"
[ -s "$T/gates" ] || { echo "docs: export -h names no format for -fail-if-slower"; exit 1; }

# words of a list "a, b, c and d" on stdin, one a line
words() { sed 's/ and /, /g' | tr ',' '\n' | tr -d ' `' | grep -v '^$'; }

list_export_md() {
    awk '/^## / { on = ($0 == "## Formats") } on && /^### `/ { print }' "$ROOT/docs/export.md" |
        sed 's/^### `\([^`]*\)`.*/\1/'
}
list_export_status() {
    grep -o 'the message lists `[^`]*`' "$ROOT/docs/export.md" | sed 's/the message lists //' | words
}
list_export_gates() {
    grep -E '^cryptobench export .*-fail-if-slower' "$ROOT/docs/export.md" |
        sed -n 's/.*-format \([a-z0-9-]*\).*/\1/p'
}
list_man() {
    awk '/^\.SS / { sec = ($2 == "export") }
         sec && /^\.TP/ { entry = ""; next }
         sec && entry == "" && /^\.BI/ { entry = $2 }
         sec && entry == "\\-format" && /^\.B [a-z][a-z0-9-]*$/ { print $2 }' \
        "$ROOT/docs/cryptobench.1"
}
list_readme() {
    grep -E '^\./cryptobench export .*-format' "$ROOT/README.md" |
        sed -n 's/.*-format \([a-z0-9-]*\) *# also \(.*\)/\1, \2/p' | words
}

: >"$T/report"
check() { # WHERE WHAT NAMES-FILE: the listed names (stdin) against NAMES-FILE
    sort -u >"$T/listed"
    [ -s "$T/listed" ] || { echo "docs: $1 lists no $2 at all" >>"$T/report"; return; }
    comm -23 "$3" "$T/listed" | sed "s|^|docs: $1 does not list the $2 |" >>"$T/report"
    comm -13 "$3" "$T/listed" | sed "s|^|docs: $1 lists a $2 the table does not have: |" >>"$T/report"
}
list_export_md | check "docs/export.md (## Formats)" "format" "$T/names"
list_export_status | check "docs/export.md (exit status)" "format" "$T/names"
list_export_gates | check "docs/export.md (synopsis)" "gating format" "$T/gates"
list_man | check "docs/cryptobench.1 (export -format)" "format" "$T/names"
list_readme | check "README.md (export example)" "format" "$T/names"
cat "$T/report"
[ ! -s "$T/report" ]
