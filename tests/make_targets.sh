#!/bin/sh
# tests/make_targets.sh - what the Makefile promises beside building: a plain `make`
# picks a configuration on every machine Debian runs on, and `make uninstall` removes
# exactly what `make install` put (PREFIX and DESTDIR honoured).  Run from the top
# folder after a build; prints "N passed, N failed".
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

for pair in x86_64:linux-x86_64 aarch64:linux-aarch64 armv7l:linux-armv4 armv6l:linux-armv4 \
    armv8l:linux-armv4 ppc64:linux-ppc64 ppc64le:linux-ppc64le riscv64:linux-generic \
    i686:linux-generic; do
    got=$(make -s --no-print-directory print-host-config HOST_ARCH="${pair%%:*}" 2>&1)
    [ "$got" = "${pair#*:}" ] && ok || bad "a ${pair%%:*} host builds '$got', expected ${pair#*:}"
    [ -f "configs/${pair#*:}.mk" ] && ok || bad "configs/${pair#*:}.mk does not exist"
done

# install into a scratch root, then uninstall: nothing of ours may be left, and
# what was there before (another package's file) stays
mkdir -p "$T/root/opt/cb/bin"
echo keep >"$T/root/opt/cb/bin/other-tool"
make -s --no-print-directory install DESTDIR="$T/root" PREFIX=/opt/cb >"$T/log" 2>&1 ||
    bad "make install failed: $(tail -3 "$T/log")"
for f in bin/cryptobench share/man/man1/cryptobench.1 share/doc/cryptobench/csv.md; do
    [ -f "$T/root/opt/cb/$f" ] && ok || bad "make install did not put $f"
done
grep -q 'share/doc/cryptobench' docs/cryptobench.1 && ok || bad "the man page does not say where the installed docs are"
"$T/root/opt/cb/bin/cryptobench" -h >/dev/null 2>&1 && ok || bad "the installed binary does not run"
make -s --no-print-directory uninstall DESTDIR="$T/root" PREFIX=/opt/cb >"$T/log" 2>&1 ||
    bad "make uninstall failed: $(tail -3 "$T/log")"
left=$(cd "$T/root/opt/cb" && find . -type f ! -name other-tool)
[ -z "$left" ] && ok || bad "make uninstall left: $left"
[ -f "$T/root/opt/cb/bin/other-tool" ] && ok || bad "make uninstall removed a file it did not install"

echo "make: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
