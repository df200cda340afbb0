#!/bin/sh
# tests/cli/docs_options.sh BIN "QEMU_RUN" [ROOT [MAN]] - the man page lists every
# option every command accepts, and names no document `make install` leaves out.
# Prints one line per problem and exits 1 if there is any.
#
# The options are not typed here: they come from the program.  Every word the cli
# sources spell as a string (the parsers compare arguments with such literals, one
# at a time, through speed's VALUE() or through a table as import's) and every
# -word of each command's -h output is a candidate, and the binary says which
# commands take it, from one run of `CMD -NAME -NAME=v -h`:
#   "unknown option '-NAME'"     CMD does not take -NAME;
#   "unknown option '-NAME=v'"   -NAME is a flag (consumed; the next is refused);
#   anything else                -NAME took -NAME=v as its value (which may be
#                                refused), or ended the command (-list-styles).
# Nothing runs: whatever parses, -h after it prints the help.  The global options
# are those `cryptobench -NAME` accepts (exit status 0).
#
# Where the man page (MAN, default ROOT/docs/cryptobench.1) lists them: the tag
# lines (the line after .TP) of the command's ".SS CMD" section, or of ".SH OPTIONS",
# whose help options every command takes.  Every -NAME of a tag counts
# ("-h, -help, --help"; "-cycles[=MODE]" is -cycles).  Options the man page lists
# that no parser reads yet (documented ahead of the code) are not this test's
# business.
BIN=$1
RUN=${2:-}
ROOT=${3:-$(dirname "$0")/../..}
MAN=${4:-$ROOT/docs/cryptobench.1}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
: >"$T/report"

problem() { echo "docs: $*" >>"$T/report"; }

cb() {
    # shellcheck disable=SC2086
    $RUN "$BIN" "$@" </dev/null
}

[ -f "$MAN" ] || { echo "docs: $MAN is missing"; exit 1; }
cb -h >"$T/help" 2>&1 || { echo "docs: cryptobench -h failed: $(head -c 300 "$T/help")"; exit 1; }
awk '/^commands:/ { on = 1; next } on && !/^  [a-z]/ { on = 0 } on { print $1 }' \
    "$T/help" >"$T/commands"
[ -s "$T/commands" ] || { echo "docs: cryptobench -h listed no command"; exit 1; }

# the candidates, without their dashes
dashwords() { grep -oE -- '(^|[^A-Za-z0-9_-])--?[a-z][a-z0-9-]*' | sed -E 's/^[^-]*-+//'; }
{
    cat "$ROOT"/cli/*.c | grep -oE '"-{0,2}[a-z][a-z0-9-]*"' | tr -d '"' | sed -E 's/^-+//'
    while read -r c; do cb "$c" -h 2>&1 | dashwords; done <"$T/commands"
} | sort -u >"$T/candidates"

# listed SECTION: the option names the tags of ".SS SECTION" (or, for "-", of
# ".SH OPTIONS") list, roff's fonts, \- and quotes taken away
listed() {
    awk -v want="$1" '
        /^\.SH / { sec = ($2 == "OPTIONS") ? "-" : ""; tag = 0; next }
        /^\.SS / { sec = $2; tag = 0; next }
        tag { tag = 0; if (sec == want) print }
        /^\.TP/ { tag = 1 }' "$MAN" |
        sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' -e 's/"//g' | dashwords | sort -u
}

# takes CMD NAME: does command CMD read option -NAME?  (One run, see above.)
takes() {
    cb "$1" "-$2" "-$2=v" -h >/dev/null 2>"$T/err"
    ! grep -qF "unknown option '-$2'" "$T/err"
}

listed - >"$T/global"
while read -r name; do
    cb "-$name" >/dev/null 2>&1 || continue
    grep -qx -- "$name" "$T/global" ||
        problem "cryptobench -$name works, but the man page's OPTIONS do not list it"
done <"$T/candidates"

while read -r c; do
    grep -qx "\.SS $c" "$MAN" || { problem "the man page has no section (.SS $c) for $c"; continue; }
    listed "$c" | cat - "$T/global" >"$T/listed"
    while read -r name; do
        grep -qx -- "$name" "$T/listed" && continue
        takes "$c" "$name" && problem "$c takes -$name, but its man page section does not list it"
    done <"$T/candidates"
done <"$T/commands"

# Every document the man page names is one `make install` puts beside csv.md
# (share/doc/cryptobench), as its FILES section says.
make -s -n --no-print-directory -C "$ROOT" install DESTDIR=/nonexistent PREFIX=/p \
    >"$T/install" 2>&1 || problem "make -n install failed: $(tail -n 3 "$T/install")"
sed 's/\\-/-/g' "$MAN" | grep -oE '[A-Za-z0-9_.-]+\.md' | sed 's,.*/,,' | sort -u |
    while read -r doc; do
        grep -E "(^| )docs/$doc( |$)" "$T/install" | grep -q 'share/doc/cryptobench' ||
            echo "docs: the man page names $doc, which make install does not install"
    done >>"$T/report"

if [ -s "$T/report" ]; then
    cat "$T/report"
    exit 1
fi
exit 0
