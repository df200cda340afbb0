#!/bin/sh
# tests/deb.sh - the Debian package: `make deb` builds it from a scratch copy of the
# tree, then its contents, its dependencies (libc6, and no libssl: libcrypto is only
# ever loaded at run time), lintian (no E: lines) and the packaged binary itself are
# checked.  Run from the top folder; prints "N passed, N failed".
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

git status --porcelain --ignored >"$T/status.before" 2>/dev/null
if ! make -s --no-print-directory deb >"$T/build.log" 2>&1; then
    tail -20 "$T/build.log"
    echo "FAIL: make deb failed"
    exit 1
fi
git status --porcelain --ignored 2>/dev/null | grep -v '^!! build/$' >"$T/status.after"
grep -v '^!! build/$' "$T/status.before" | cmp -s - "$T/status.after" && ok ||
    bad "make deb changed the working tree: $(cat "$T/status.after")"
deb=$(ls build/deb/cryptobench_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { echo "FAIL: make deb left no build/deb/cryptobench_*.deb"; exit 1; }
echo "deb: $deb"

dpkg-deb -c "$deb" >"$T/contents" || bad "dpkg-deb -c $deb failed"
for f in ./usr/bin/cryptobench ./usr/share/man/man1/cryptobench.1.gz \
    ./usr/share/doc/cryptobench/copyright; do
    grep -q " $f\$" "$T/contents" && ok || bad "the package has no $f"
done
# docs/*.md: dh_compress gzips the larger ones, as policy asks
grep -Eq ' ./usr/share/doc/cryptobench/csv\.md(\.gz)?$' "$T/contents" && ok ||
    bad "the package has no /usr/share/doc/cryptobench/csv.md"
grep -q '^-rwxr-xr-x root/root .* ./usr/bin/cryptobench$' "$T/contents" && ok ||
    bad "/usr/bin/cryptobench is not an executable owned by root"

dpkg-deb -I "$deb" >"$T/info" || bad "dpkg-deb -I $deb failed"
depends=$(sed -n 's/^ Depends: //p' "$T/info")
case "$depends" in *libc6*) ok ;; *) bad "Depends does not name libc6: '$depends'" ;; esac
case "$depends" in *libssl*|*libcrypto*) bad "Depends names a libcrypto: '$depends'" ;; *) ok ;; esac
grep -q '^ Section: utils$' "$T/info" && ok || bad "the package is not in Section utils"

lintian "$deb" >"$T/lintian" 2>&1
cat "$T/lintian"
grep -q '^E:' "$T/lintian" && bad "lintian reports errors" || ok

dpkg-deb -x "$deb" "$T/root" || bad "dpkg-deb -x $deb failed"
if "$T/root/usr/bin/cryptobench" list >"$T/list" 2>&1; then
    ok
    head -5 "$T/list"
else
    bad "the packaged binary's list failed: $(tail -3 "$T/list")"
fi
grep -qi 'sha256' "$T/list" && ok || bad "the packaged binary's list names no sha256"

echo "deb: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
