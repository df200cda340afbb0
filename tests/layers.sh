#!/bin/sh
# layers.sh OBJDIR - the layering docs/architecture.md promises, checked on the code:
#   1. no circle of files: no object file needs a symbol of another that needs one of
#      it, directly or round a longer loop (nm's symbols, tsort's loop finder), so a
#      helper file sits under the files that share it;
#   2. a folder includes only the folders below it:
#      base < kernels < harness, reports < cli (harness and reports side by side).
set -u
obj=$1
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
find "$obj" -name '*.o' ! -path '*/tests/*' | sort >"$T/objs"
[ -s "$T/objs" ] || { echo "layers: no object files under $obj"; exit 1; }
# who defines what, who uses what: "file symbol"
xargs nm -A --defined-only <"$T/objs" 2>/dev/null |
    awk -v p="$obj/" '$(NF-1) ~ /^[TDBR]$/ { f = $1; sub(/:.*/, "", f); sub(p, "", f); print f, $NF }' >"$T/defs"
xargs nm -A -u <"$T/objs" 2>/dev/null |
    awk -v p="$obj/" '{ f = $1; sub(/:.*/, "", f); sub(p, "", f); print f, $NF }' >"$T/uses"
awk 'NR == FNR { def[$2] = $1; next } ($2 in def) && def[$2] != $1 { print $1, def[$2] }' \
    "$T/defs" "$T/uses" | sort -u >"$T/edges"
if tsort "$T/edges" >/dev/null 2>"$T/loops"; then
    :
else
    echo "layers: files that need each other (each loop's files, as tsort lists them):"
    sed 's/^/  /' "$T/loops"
    fail=1
fi
# includes against the folder order
rank() {
    case $1 in
    base) echo 0 ;; kernels) echo 1 ;; harness|reports) echo 2 ;; cli) echo 3 ;; *) echo -1 ;;
    esac
}
for dir in base kernels harness reports cli; do
    r=$(rank $dir)
    grep -rHo '^#include "[a-z_]*/' "$dir" --include='*.c' --include='*.h' |
        sed 's|^\([^:]*\):#include "\([a-z_]*\)/|\1 \2|' | sort -u >"$T/inc"
    while read -r file to; do
        t=$(rank "$to")
        [ "$t" -lt 0 ] && continue
        if [ "$t" -gt "$r" ] || { [ "$t" -eq "$r" ] && [ "$to" != "$dir" ]; }; then
            echo "layers: $file includes $to/, a folder above or beside $dir/"
            fail=1
        fi
    done <"$T/inc"
done
[ $fail -eq 0 ] && echo "layers: $(wc -l <"$T/objs") object files, $(wc -l <"$T/edges") file-to-file needs, no circle; includes follow base < kernels < harness, reports < cli"
exit $fail
