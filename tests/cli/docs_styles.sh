#!/bin/sh
# tests/cli/docs_styles.sh BIN "QEMU_RUN" [ROOT] - the docs name the compare styles and
# formats of the table (reports/styles/styles.h, as `compare -list-styles` prints it), all of
# them and no other.  Docs cannot be generated from the table, so this holds them to it.
# Prints one line per problem and exits 1 if there is any.
#
# Where each document lists the styles:
#   docs/compare.md      the bullets of its "## Styles" section: the `names` before a
#                        bullet's first colon (`-format csv` counts as csv)
#   docs/cryptobench.1   in the "compare" section, each .TP entry whose tag is .B NAME
#   README.md            the first sentence of the paragraph that starts with
#                        "Styles (": its `names`
# and everywhere in the three, every "-style NAME" and "-format NAME" must be a name of
# the table (or text, for -format); NAME in capitals is a placeholder.
BIN=$1
RUN=${2:-}
ROOT=${3:-$(dirname "$0")/../..}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
problems=0

problem() { problems=$((problems + 1)); echo "docs: $*"; }

# shellcheck disable=SC2086
$RUN "$BIN" compare -list-styles >"$T/table" || { echo "docs: compare -list-styles failed"; exit 1; }
awk '{ print $1 }' "$T/table" | sort -u >"$T/names"
[ -s "$T/names" ] || { echo "docs: compare -list-styles listed nothing"; exit 1; }

# backticked names of the lines on stdin, "-format csv" and "-style csv" read as csv
ticks() { grep -o '`[^`]*`' | tr -d '`' | sed -E 's/^-(format|style) +//' | grep -v '^-'; }

list_compare_md() {
    awk '/^## / { in_styles = ($0 == "## Styles") } in_styles && /^- / { sub(/:.*/, ""); print }' \
        "$ROOT/docs/compare.md" | ticks
}

list_man() {
    awk '/^\.SS / { in_compare = ($2 == "compare") }
         in_compare && tag && /^\.B [a-z][a-z0-9-]*$/ { print $2 }
         { tag = in_compare && /^\.TP/ }' "$ROOT/docs/cryptobench.1"
}

list_readme() {
    awk '/^Styles \(/ { on = 1 } on && /^$/ { on = 0 } on { printf "%s ", $0 }' "$ROOT/README.md" |
        sed 's/\. .*//' | ticks
}

# every "-style X" / "-format X" of a document (roff's \- and quotes taken away);
# lines about `export`, whose -format takes the export formats (docs/export.md), are
# not about the style table
used_names() {
    sed -e 's/\\-/-/g' -e 's/"//g' -e 's/`//g' "$1" | grep -v 'export' |
        grep -oE -- '(^|[^a-z0-9])-(style|format)[ =]+[a-z][a-z0-9|-]*' |
        sed -E 's/^.?-(style|format)[ =]+//' |
        tr '|' '\n'
}

for doc in docs/compare.md docs/cryptobench.1 README.md; do
    [ -f "$ROOT/$doc" ] || { problem "$doc is missing"; continue; }
    case $doc in
    docs/compare.md) list_compare_md ;;
    docs/cryptobench.1) list_man ;;
    README.md) list_readme ;;
    esac | sort -u >"$T/listed"
    comm -23 "$T/names" "$T/listed" | while read -r name; do
        echo "docs: $doc does not list the style $name"
    done >>"$T/report"
    comm -13 "$T/names" "$T/listed" | while read -r name; do
        echo "docs: $doc lists a style $name the table does not have"
    done >>"$T/report"
    used_names "$ROOT/$doc" | sort -u | while read -r name; do
        [ "$name" = text ] || grep -qx -- "$name" "$T/names" ||
            echo "docs: $doc uses -style/-format $name, which the table does not have"
    done >>"$T/report"
done
if [ -s "$T/report" ]; then
    cat "$T/report"
    problems=$((problems + $(wc -l <"$T/report")))
fi
[ "$problems" -eq 0 ]
