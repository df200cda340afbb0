#!/bin/sh
# tests/caps_cli.sh BIN ["RUNNER"] - `cryptobench caps` from the command line on
# whatever CPU (or QEMU CPU model) runs it: help, the -mr form, every kind of bad
# mask (one sentence on stderr, exit 2), masks from each variable and both,
# and -force-caps.  Prints one line per failed check and "N passed, N failed".
BIN=$1
RUN=${2:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
unset CRYPTOBENCH_CAPS OPENSSL_armcap OPENSSL_ppccap OPENSSL_ia32cap

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# run [VAR=value...] -- ARGS: runs caps with the environment; status in $st.
run() {
    envs=""
    while [ "$1" != "--" ]; do envs="$envs $1"; shift; done
    shift
    # shellcheck disable=SC2086
    env $envs $RUN "$BIN" caps "$@" >"$T/out" 2>"$T/raw"
    st=$?
    # qemu-x86_64 warns about CPU-model features TCG lacks; those lines are the
    # emulator's, not cryptobench's.
    grep -v "^qemu-[a-z0-9_]*: warning: " "$T/raw" >"$T/err"
}

# refused PATTERN [VAR=value...]: caps exits 2 with one line on stderr matching PATTERN.
refused() {
    pattern=$1
    shift
    run "$@" -- -mr
    lines=$(grep -c . "$T/err")
    if [ "$st" -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -Eq -- "$pattern" "$T/err"; then
        bad "$* caps: status $st, stderr '$(cat "$T/err")', wanted 2 and /$pattern/"
    else
        ok
    fi
}

# field KEY: the value of a "KEY value" line of the last -mr output.
field() { sed -n "s/^$1 //p" "$T/out"; }

run -- -h
if [ "$st" -eq 0 ] && grep -q "usage: cryptobench caps" "$T/out"; then ok; else bad "caps -h"; fi
run -- -no-such-option
if [ "$st" -eq 2 ] && [ "$(grep -c . "$T/err")" -eq 1 ]; then ok; else bad "caps -no-such-option: $st"; fi

run -- -mr
[ "$st" -eq 0 ] || bad "caps -mr exited $st: $(cat "$T/err")"
arch=$(field arch)
detected=$(field detected)
for key in arch build emulator cpu detected effective mask mask_source; do
    if grep -q "^$key " "$T/out"; then ok; else bad "caps -mr has no '$key' line"; fi
done
if grep -Eq '^auto [a-z0-9-]+ (encrypt|decrypt|digest|sign|verify) [a-z0-9-]+$' "$T/out"; then
    ok
else
    bad "caps -mr has no well-formed auto line"
fi
if [ "$(field mask)" = none ] && [ "$(field mask_source)" = none ] &&
    [ "$(field effective)" = "$detected" ]; then ok; else bad "unmasked caps: $(cat "$T/out")"; fi

case $arch in
x86_64) var=OPENSSL_ia32cap zero=0:0 foreign=-pmull kind="an ARM capability" ;;
aarch64 | arm) var=OPENSSL_armcap zero=0 foreign=-aesni kind="an x86-64 capability" ;;
ppc64 | ppc64le) var=OPENSSL_ppccap zero=0 foreign=-neon kind="an ARM capability" ;;
*) echo "caps_cli: no checks for architecture '$arch'"; exit 1 ;;
esac

refused "CRYPTOBENCH_CAPS='-no-such-cap': unknown capability 'no-such-cap'" \
    CRYPTOBENCH_CAPS=-no-such-cap
refused "'${foreign#-}' is $kind; this is $arch" CRYPTOBENCH_CAPS="$foreign"
refused "has an empty item" CRYPTOBENCH_CAPS=none,,none
refused "$var='zz'" "$var=zz"
refused "$var='1x'" "$var=1x"

run CRYPTOBENCH_CAPS=none -- -mr
if [ "$st" -eq 0 ] && [ "$(field effective)" = none ] && [ "$(field mask)" = none ] &&
    [ "$(field mask_source)" = CRYPTOBENCH_CAPS ]; then ok; else bad "CRYPTOBENCH_CAPS=none: $(cat "$T/out" "$T/err")"; fi

run "$var=$zero" -- -mr
if [ "$st" -eq 0 ] && [ "$(field mask_source)" = "$var" ] && [ "$(field mask)" = "$zero" ]; then
    ok
else
    bad "$var=$zero: $(cat "$T/err")"
fi

first=${detected%%,*}
if [ "$first" != none ]; then
    # $var=$zero leaves only what OpenSSL has no bit for (POWER's arch_2_07)
    run "$var=$zero" -- -mr
    rest=$(field effective)
    run "$var=$zero" "CRYPTOBENCH_CAPS=+$first" -- -mr
    case ",$rest," in *",$first,"*) bad "$var=$zero left $first on" ;; esac
    if [ "$st" -eq 0 ] && [ "$(field mask_source)" = "$var+CRYPTOBENCH_CAPS" ] &&
        case ",$(field effective)," in *",$first,"*) true ;; *) false ;; esac; then
        ok
    else
        bad "$var=$zero CRYPTOBENCH_CAPS=+$first: $(cat "$T/out" "$T/err")"
    fi
fi

# A capability this CPU lacks: refused, and accepted with -force-caps.
run -- -force-caps
lacking=$(awk '/^capabilities/ {t = 1; next} /^auto picks/ {t = 0} t && $2 == "no" {print $1; exit}' "$T/out")
if [ -n "$lacking" ]; then
    refused "asks for $lacking .*-force-caps" "CRYPTOBENCH_CAPS=+$lacking"
    run "CRYPTOBENCH_CAPS=+$lacking" -- -mr -force-caps
    case ",$(field effective)," in
    *",$lacking,"*)
        if [ "$(field mask_source)" = "CRYPTOBENCH_CAPS -force-caps" ]; then
            ok
        else
            bad "forced +$lacking: source $(field mask_source)"
        fi ;;
    *) bad "-force-caps did not add $lacking: $(cat "$T/out" "$T/err")" ;;
    esac
else
    echo "caps_cli: this CPU has every capability; the refusal of a missing one is not checked"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
