#!/bin/sh
# tests/cli/run.sh BIN "QEMU_RUN" - command-line behaviour: exit statuses, one-sentence
# errors for bad input, nothing half-written, output formats.  Prints one line per
# failed check and "N passed, N failed" at the end; exits 1 if anything failed.
BIN=$1
RUN=${2:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

cb() {
    # shellcheck disable=SC2086
    $RUN "$BIN" "$@"
}

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect STATUS PATTERN -- ARGS: the command exits STATUS and its stderr matches PATTERN
# (an extended regular expression; empty means "anything"), printed on one line.
expect() {
    want=$1 pattern=$2
    shift 3
    cb "$@" >"$T/out" 2>"$T/err"
    got=$?
    if [ "$got" -ne "$want" ]; then
        bad "cryptobench $* exited $got, expected $want; stderr: $(head -c 300 "$T/err")"
        return
    fi
    if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$T/err"; then
        bad "cryptobench $* stderr does not match /$pattern/: $(head -c 300 "$T/err")"
        return
    fi
    ok
}

# --- usage errors: exit 2, one sentence naming the value -----------------------------
expect 2 "unknown command 'frobnicate'" -- frobnicate
expect 2 "unknown algorithm 'aes-128-ocb'.*aes-128-cbc" -- speed -evp aes-128-ocb
expect 2 "unknown algorithm 'rsa1000'.*rsa2048" -- speed rsa1000
expect 2 "-bytes 0 is out of range" -- speed md5 -bytes 0
expect 2 "-bytes 'abc' is not a size" -- speed md5 -bytes abc
expect 2 "-bytes '-5' is not a size" -- speed md5 -bytes -5
expect 2 "-seconds -1 is out of range" -- speed md5 -seconds -1
expect 2 "-seconds 'x' is not a number" -- speed md5 -seconds x
expect 2 "-misalign 65 is out of range" -- speed md5 -misalign 65
expect 2 "option -seconds needs a value" -- speed md5 -seconds
expect 2 "unknown option '-frob'" -- speed md5 -frob
expect 2 "unknown variant 'nosuch' of md5" -- speed md5 -variant nosuch
expect 2 "no algorithm has a variant named in -variant nosuch" -- speed -variant nosuch
expect 2 "whole 16-byte blocks.*multiple of 16" -- speed -evp aes-128-cbc -bytes 13
expect 2 "unknown algorithm" -- selftest nosuchalg
expect 2 "unknown option" -- list -frob
expect 2 "-multi 0 is out of range" -- speed md5 -multi 0
expect 2 "-multi 100000 asks for more workers than CPUs" -- speed md5 -multi 100000
expect 2 "-cpu 99999 is out of range" -- speed md5 -cpu 99999
expect 2 "-inplace cannot time aes-128-gcm decryption" -- speed -evp aes-128-gcm -decrypt -inplace
# numbers as typed, no white space skipped; empty values refused; what is echoed is
# quoted and shortened
expect 2 "-bytes ' 16' is not a size" -- speed md5 -bytes " 16"
expect 2 "-seconds ' 1' is not a number" -- speed md5 -seconds " 1"
expect 2 "option -cycles has an empty value" -- speed md5 -cycles=
expect 2 "option -gate-on has an empty value" -- compare a.csv b.csv -gate-on ""
expect 2 "-seconds '1.n2' is not a number" -- speed md5 -seconds "$(printf '1\n2')"
cb speed md5 -seconds "$(printf '%0500d' 0 | tr 0 x)" >/dev/null 2>"$T/err"
[ "$(wc -c <"$T/err")" -lt 300 ] && ok || bad "a 500-character value was echoed whole: $(wc -c <"$T/err") bytes"
for c in speed list selftest; do
    expect 0 "" -- $c -help
    expect 0 "" -- $c --help
done
expect 0 "" -- --help

# --- nothing half-written: a bad command line leaves no CSV --------------------------
cb speed md5 -bytes 0 -csv "$T/bad.csv" >/dev/null 2>&1
if [ -e "$T/bad.csv" ] || ls "$T" | grep -q '\.tmp'; then bad "a rejected run left a file"; else ok; fi
expect 2 "" -- speed md5 -bytes 16 -seconds 0.01 -csv "$T/no/such/dir/out.csv"

# -budget shares the run's sampling time: 0.2 s over 2 cases is 0.1 s each, in batches
# of about 11 ms (the default batch is 50 ms), so no sample nears 40 ms and no case
# spends more than twice its share (the steady-state extension) and a batch
expect 2 "-budget -1 is out of range" -- speed md5 -budget -1
if command -v python3 >/dev/null && cb speed md5 -bytes 16,1024 -budget 0.2 -csv "$T/budget.csv" >/dev/null 2>"$T/err"; then
    python3 - "$T/budget.csv" <<'PY' && ok || bad "-budget 0.2 did not bound the cases: $(head -c 300 "$T/err")"
import csv, sys
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#'))]
per = {}
for r in rows:
    s = float(r['seconds'])
    assert s < 0.04, ('a sample of', s, 's')
    per[r['block_bytes']] = per.get(r['block_bytes'], 0) + s
assert sorted(per) == ['1024', '16'], per
assert all(t < 0.25 for t in per.values()), per
PY
else
    bad "speed md5 -budget 0.2 failed: $(head -c 300 "$T/err")"
fi

# --- a real run: table, -mr, CSV ------------------------------------------------------
if cb speed md5 sha256 -bytes 16,64 -seconds 0.05 -samples 2 -csv "$T/run.csv" >"$T/out" 2>"$T/err"; then ok; else bad "speed md5 sha256 failed: $(cat "$T/err")"; fi
grep -q "^The 'numbers' are in 1000s of bytes per second processed.$" "$T/out" && ok || bad "no OpenSSL table header"
grep -Eq '^type +16 bytes +64 bytes$' "$T/out" && ok || bad "no type line: $(cat "$T/out")"
grep -Eq '^md5 +[0-9]+\.[0-9]{2}k? +[0-9]+\.[0-9]{2}k?$' "$T/out" && ok || bad "no md5 row: $(cat "$T/out")"
grep -Eq "^Doing sha256 for 0.05s on 64 size blocks: [0-9]+ sha256's in [0-9.]+s$" "$T/err" && ok || bad "no progress line: $(cat "$T/err")"
[ -s "$T/run.csv" ] && ok || bad "no CSV written"
rows=$(($(wc -l <"$T/run.csv") - 1))
[ "$rows" -eq 8 ] && ok || bad "CSV has $rows sample rows, expected 8 (2 algs x 2 sizes x 2 samples)"

cb speed -evp aes-128-ctr -bytes 16 -seconds 0.05 -mr >"$T/mr" 2>"$T/err"
grep -Eq '^\+DT:aes-128-ctr:0.05:16$' "$T/mr" && ok || bad "no +DT line: $(cat "$T/mr")"
grep -Eq '^\+R:[0-9]+:aes-128-ctr:[0-9.]+$' "$T/mr" && ok || bad "no +R line"
grep -Eq '^\+H:16$' "$T/mr" && ok || bad "no +H line"
grep -Eq '^\+F:0:aes-128-ctr:[0-9]+\.[0-9]{2}$' "$T/mr" && ok || bad "no +F line: $(cat "$T/mr")"
# the table opens as openssl speed's does; -mr prints OpenSSL's lines and nothing else
head -6 "$T/out" | tr '\n' '|' | grep -Eq '^version: cryptobench [^|]+\|built on: revision [^|]+, config [^|]+\|options: [^|]*\|compiler: [^|]+\|CPUINFO: [^|]+; capabilities in force: [^|]*; mask: [^|]+\|auto: md5 [a-z0-9-]+, sha256 [a-z0-9-]+\|$' &&
    ok || bad "the table does not open with version, built on, options, compiler, CPUINFO, auto: $(head -7 "$T/out")"
if grep -Evq '^\+' "$T/mr"; then bad "-mr printed a line that is not OpenSSL's: $(grep -Ev '^\+' "$T/mr" | head -2)"; else ok; fi
cb import "$T/out" -o "$T/own.csv" 2>"$T/err" && grep -q ',cryptobench ' "$T/own.csv" && ok ||
    bad "import of our own table: $(cat "$T/err")"

# first_case_done ERR waits (up to a minute: an emulator on a loaded machine is slow)
# until the run's progress in ERR shows a finished case ("... md5's in 0.30s"), so
# that a stop has something finished to keep, then a moment more.
first_case_done() {
    n=0
    while [ "$n" -lt 300 ] && ! grep -q "'s in " "$1" 2>/dev/null; do
        sleep 0.2
        n=$((n + 1))
    done
    sleep 0.3
}

# --- Ctrl-C: exit 130, the finished samples printed and saved, no temporary left --------
# shellcheck disable=SC2086
rm -f "$T/int.err"
$RUN "$BIN" speed md5 sha1 -seconds 0.3 -csv "$T/int.csv" >"$T/int.out" 2>"$T/int.err" &
pid=$!
first_case_done "$T/int.err"
kill -INT $pid
wait $pid
rc=$?
[ "$rc" -eq 130 ] && ok || bad "interrupted speed exited $rc, expected 130"
head -n 1 "$T/int.csv" 2>/dev/null | grep -q '^schema,' && ok || bad "interrupted run left no valid CSV"
grep -q "^The 'numbers'" "$T/int.out" && ok || bad "interrupted run printed no table"
# the CSV is written to a hidden ".int.csv.XXXXXX" and renamed when complete
ls -A "$T" | grep -q '^\.int\.csv\.' && bad "interrupted run left a temporary file: $(ls -A "$T")" || ok

# --- SIGTERM (a CI timeout) and SIGHUP stop a run the same way: 128 + the signal --------
for sig in TERM:143 HUP:129; do
    # shellcheck disable=SC2086
    rm -f "$T/term.err" # first_case_done must not read the last run's progress
    $RUN "$BIN" speed md5 sha1 -seconds 0.3 -csv "$T/term.csv" >"$T/term.out" 2>"$T/term.err" &
    pid=$!
    first_case_done "$T/term.err"
    kill -"${sig%:*}" $pid
    wait $pid
    rc=$?
    [ "$rc" -eq "${sig#*:}" ] && ok || bad "speed stopped by SIG${sig%:*} exited $rc, expected ${sig#*:}"
    grep -q "interrupted by SIG${sig%:*}" "$T/term.err" && ok || bad "SIG${sig%:*}: $(cat "$T/term.err")"
    cb compare "$T/term.csv" "$T/term.csv" >/dev/null 2>&1 && ok ||
        bad "speed stopped by SIG${sig%:*} left no readable CSV"
    ls -A "$T" | grep -q '^\.term\.csv\.' && bad "SIG${sig%:*} left a temporary file: $(ls -A "$T")" || ok
    rm -f "$T/term.csv"
done

# --- a stop ends a run within a second wherever it is: inside one 10 s batch, inside
# an -iterations batch of 1e11 operations (the flag is looked at between ~20 ms chunks)
for args in "-seconds 10 -samples 1" "-iterations 100000000000 -samples 1"; do
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    $RUN "$BIN" speed -evp sha256 -bytes 16 $args -csv "$T/stop.csv" >"$T/stop.out" 2>"$T/stop.err" &
    pid=$!
    sleep 1
    kill -INT $pid
    wait $pid
    rc=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    [ "$rc" -eq 130 ] && [ "$ms" -lt 2500 ] && ok ||
        bad "speed $args stopped by SIGINT after 1 s exited $rc after $ms ms (want 130 within 2.5 s)"
    head -n 1 "$T/stop.csv" 2>/dev/null | grep -q '^schema,' && ok || bad "speed $args stopped mid-batch left no valid CSV"
    grep -Eq '^sha256 +not run +$' "$T/stop.out" && ok || bad "speed $args stopped before any sample printed other than 'not run': $(cat "$T/stop.out")"
    rm -f "$T/stop.csv"
done

# --- output files: never replace what was not asked for; checked before any timing ---
DATA=$(dirname "$0")/../data
mkdir -p "$T/o"
mknod "$T/o/cdev" c 1 3 2>/dev/null || mkfifo "$T/o/cdev"
expect 2 "CSV file '$T/o/cdev' exists and is a" -- speed md5 -bytes 16 -seconds 5 -csv "$T/o/cdev"
[ -c "$T/o/cdev" ] || [ -p "$T/o/cdev" ] && ok || bad "speed -csv replaced a device or fifo with a regular file"
expect 2 "exists and is a" -- import "$DATA/graviton2-after.log" -o "$T/o/cdev"
mkdir "$T/o/adir"
expect 2 "exists and is a directory" -- speed md5 -bytes 16 -seconds 5 -csv "$T/o/adir"
expect 2 "exists and is a directory" -- import "$DATA/graviton2-after.log" -o "$T/o/adir"
expect 2 "no file can be created in the folder '/proc'" -- speed md5 -bytes 16 -seconds 5 -json /proc/cb-x.json
expect 2 "-csv and -json name one file" -- speed md5 -csv "$T/o/x.csv" -json "$T/o/./x.csv"
cp "$DATA/graviton2-after.log" "$T/o/same.log"
expect 2 "is the log being imported" -- import "$T/o/same.log" -o "$T/o/same.log"
cmp -s "$DATA/graviton2-after.log" "$T/o/same.log" && ok || bad "import -o over its own log changed the log"
# a link is followed: its target is replaced, the link stays
echo old >"$T/o/real.csv"
ln -s real.csv "$T/o/link.csv"
expect 0 "" -- speed md5 -bytes 16 -iterations 100 -samples 1 -csv "$T/o/link.csv"
[ -L "$T/o/link.csv" ] && head -n 1 "$T/o/real.csv" | grep -q '^schema,' && ok || bad "speed -csv through a link did not keep the link and fill its target"
# both outputs follow the umask (the JSON file was 0600)
(umask 022 && cb speed md5 -bytes 16 -iterations 100 -samples 1 -csv "$T/o/m.csv" -json "$T/o/m.json" >/dev/null 2>&1)
[ "$(stat -c %a "$T/o/m.csv")" = 644 ] && [ "$(stat -c %a "$T/o/m.json")" = 644 ] && ok ||
    bad "result files do not follow the umask: csv $(stat -c %a "$T/o/m.csv") json $(stat -c %a "$T/o/m.json")"
# '-' is standard output
cb speed md5 -bytes 16 -iterations 100 -samples 1 -csv - 2>/dev/null | grep -q '^schema,' && ok || bad "speed -csv - wrote no CSV to standard output"
ls -A "$T/o" | grep -q '^\.' && bad "output checks left a temporary file: $(ls -A "$T/o")" || ok
# -aead is for AEAD ciphers, as openssl speed says; huge -iterations are refused
expect 2 "aes-128-cbc is not an AEAD" -- speed -evp aes-128-cbc -aead
expect 2 "-iterations 9223372036854775807 is out of range" -- speed md5 -iterations 9223372036854775807

# A capability forced in is there: the reason a variant cannot run names one that is
# still missing (it named aesni, forced in, as "lacking" on a CPU without AES-NI).
# (a sanitizer build cannot run under qemu-user)
# qemu_x86 tells whether the checks that run this binary under qemu-x86_64's older CPU
# models apply: a native x86-64 build, not a sanitizer one (its shadow memory does not
# fit under qemu-user).  Where they apply, a missing qemu-x86_64 fails the run: it is
# one of make check's packages, and a skipped check would pass nothing in silence.
qemu_x86() {
    [ "$(uname -m)" = x86_64 ] && [ -z "$RUN" ] && ! grep -q __asan_init "$BIN" || return 1
    command -v qemu-x86_64 >/dev/null && return 0
    [ -n "${qemu_x86_told:-}" ] || bad "no qemu-x86_64: the checks on older x86-64 CPU models cannot run; install qemu-user (make check-deps)"
    qemu_x86_told=1
    return 1
}
if qemu_x86; then
    CRYPTOBENCH_CAPS=+aesni qemu-x86_64 -cpu Nehalem "$BIN" speed -evp aes-128-ctr -variant vaes-avx2 \
        -force-caps -bytes 16 -seconds 0.01 >/dev/null 2>"$T/err"
    grep -q 'it needs aesni' "$T/err" && bad "a forced-in capability was named as lacking: $(cat "$T/err")" || ok
    grep -q 'it needs [a-z0-9]*, which this CPU lacks' "$T/err" && ok || bad "no lacking capability named: $(cat "$T/err")"
else
    echo "cli: not a native x86-64 build (or a sanitizer one); the forced-capability message check does not apply"
fi

# --- cycles: a real counter or "n/a", never a guess --------------------------------------
cb speed md5 -bytes 64 -seconds 0.05 -cycles >"$T/out" 2>"$T/err"
[ $? -eq 0 ] && ok || bad "speed -cycles failed"
if grep -q '^cycles per byte: n/a' "$T/out"; then
    expect 2 "no cycle counter" -- speed md5 -bytes 64 -seconds 0.05 -cycles=required
else
    grep -q "^The 'numbers' are cycles (perf, user space) per byte" "$T/out" && ok || bad "no cycles table"
fi
expect 2 "-cycles=guess is not understood" -- speed md5 -cycles=guess

# --- -multi: the sum of workers, then each worker -----------------------------------------
cb speed md5 -multi 1 -bytes 64 -seconds 0.05 >"$T/out" 2>"$T/err" && ok || bad "speed -multi 1 failed: $(cat "$T/err")"
grep -Eq '^md5 +[0-9.]+k?$' "$T/out" && ok || bad "no md5 row with -multi 1: $(cat "$T/out")"

# --- -json: one object per case with the interval and the spread -------------------------
cb speed md5 -bytes 16,64 -seconds 0.05 -samples 3 -json "$T/run.json" >/dev/null 2>&1 && ok || bad "speed -json failed"
if command -v python3 >/dev/null; then
    python3 - "$T/run.json" <<'PY' && ok || bad "speed -json wrote bad JSON: $(head -c 300 "$T/run.json")"
import json, sys
d = json.load(open(sys.argv[1]))
cases = d["cases"]
assert [c["block_bytes"] for c in cases] == [16, 64], cases
for c in cases:
    assert c["samples"] == 3 and c["ci95_low_ops"] <= c["ops_per_sec"] <= c["ci95_high_ops"], c
    assert c["cv_pct"] >= 0 and c["status"] == "ok", c
assert d["run"]["host_arch"] and d["run"]["timing"] == "cpu"
PY
fi
expect 2 "cannot create a file in '/nonexistent-dir'" -- speed md5 -json /nonexistent-dir/x.json

# --- -iterations: exact operation counts (for instruction counting) ------------------------
cb speed md5 -bytes 64 -iterations 1000 -samples 2 -mr >"$T/mr" 2>/dev/null
grep -q '^+R:2000:md5:' "$T/mr" && ok || bad "-iterations 1000 -samples 2 did not time exactly 2000 operations: $(cat "$T/mr")"
expect 2 "-iterations and -seconds both" -- speed md5 -iterations 10 -seconds 1

# --- several variants give one row each ----------------------------------------------
cb speed -evp sha1 -variant all -bytes 64 -seconds 0.05 >"$T/out" 2>"$T/err"
grep -Eq '^sha1/generic ' "$T/out" && ok || bad "no sha1/generic row with -variant all: $(cat "$T/out")"

# --- -compare: two variants sampled alternately, then the before/after table ------------
other=$(cb list 2>/dev/null | awk '/^[^ ]/ { alg = $1 } alg == "aes-128-ctr" && /available/ && !/unavailable/ { n = $1 == "*" ? $2 : $1; if (n != "generic") { print n; exit } }')
if [ -n "$other" ]; then
    cb speed -evp aes-128-ctr -variant generic,"$other" -compare -bytes 64,1024 -seconds 0.1 >"$T/out" 2>"$T/err" && ok || bad "speed -compare failed: $(cat "$T/err")"
    grep -q "aes-128-ctr/generic" "$T/out" && grep -q "aes-128-ctr/$other" "$T/out" && ok || bad "-compare lacks a row per variant"
    grep -Eq '[0-9]+ regressions?, [0-9]+ improvements?, [0-9]+ unchanged' "$T/out" && ok || bad "-compare printed no summary: $(cat "$T/out")"
else
    echo "cli: only generic implements aes-128-ctr here; -compare of two variants UNAVAILABLE"
fi
expect 2 "-compare needs -variant with exactly two" -- speed md5 -compare

# --- the gate: paired rounds, sequential stopping, A/A, -calibrate-gate, -pair ----------
# one variant against itself passes a 5% gate within its cap; its CSV carries the
# design, and compare of the CSV redoes the paired verdict
expect 0 "" -- speed md5 -bytes 64 -variant generic,generic -compare -fail-if-slower 5% -max-seconds 3 -csv "$T/aa.csv"
grep -q 'gate -fail-if-slower 5%: passed' "$T/out" && ok || bad "A/A -fail-if-slower 5% did not pass: $(cat "$T/out")"
head -n 1 "$T/aa.csv" | grep -q ',pair,pair_order,arm' && ok || bad "the CSV has no pair columns"
awk -F, 'NR > 1 && $(NF - 8) + 0 == 1 { n++ } END { exit !(n > 0) }' "$T/aa.csv" && ok || bad "the A/A CSV has no arm 1 rows"
expect 0 "" -- compare "$T/aa.csv" -variant generic,generic -fail-if-slower 5%
grep -q 'passed' "$T/out" && ok || bad "compare of the A/A CSV did not pass: $(cat "$T/out")"
expect 0 "" -- compare "$T/aa.csv" -fail-if-slower 5%
grep -q '^after: *generic (second)' "$T/out" && ok || bad "compare of an A/A CSV did not split it by arm: $(cat "$T/out")"
if [ -n "$other" ] && [ -z "$RUN" ]; then
    # generic is several times slower than $other: a regression, at once, exit 1 (not
    # under an emulator, whose AES instructions can be slower than the tables)
    expect 1 "" -- speed -evp aes-128-ctr -bytes 1024 -variant "$other",generic -compare -fail-if-slower 5% -csv "$T/reg.csv"
    grep -q 'FAILED by 1 case' "$T/out" && ok || bad "the gate missed generic against $other: $(cat "$T/out")"
    expect 1 "" -- compare "$T/reg.csv" -variant "$other",generic -fail-if-slower 5%
    expect 2 "-gate-on 'md5' matches no case in this run" -- speed -evp aes-128-ctr -bytes 1024 -variant "$other",generic -compare -fail-if-slower 5% -gate-on md5
fi
expect 2 "-fail-if-slower goes with -variant A,B -compare" -- speed md5 -fail-if-slower 1%
expect 2 "-fail-if-slower 0 is out of range; give a percentage above 0" -- speed md5 -variant generic,generic -compare -fail-if-slower 0
expect 2 "-max-seconds caps the gate" -- speed md5 -max-seconds 5
expect 2 "drop -seconds and -iterations" -- speed md5 -variant generic,generic -compare -fail-if-slower 1% -seconds 1
expect 2 "-gate-on needs -fail-if-slower" -- speed md5 -variant generic,generic -compare -gate-on md5
expect 2 "-calibrate-gate times one variant against itself" -- speed md5 -calibrate-gate -variant generic,generic
expect 0 "" -- speed md5 -bytes 64 -calibrate-gate -max-seconds 0.05
grep -Eq '^calibrate-gate: md5 digest 64 bytes, [a-z0-9-]+ against itself: 20 A/A trials of 0.05 s .* is [0-9]+\.[0-9][0-9]%; [0-9]+\.[0-9][0-9]% kept them to none\.$' "$T/out" && ok || bad "-calibrate-gate printed no threshold: $(cat "$T/out")"
expect 0 "" -- speed md5 -bytes 64 -seconds 0.02 -samples 1 -pair 7,1,0 -csv "$T/pair.csv"
tail -n 1 "$T/pair.csv" | grep -q ',7,1,0,0,0,[a-z]*,[0-9a-f]*,[0-9]*,[0-9.e-]*,0,.$' && ok || bad "-pair 7,1,0 did not stamp the sample: $(tail -n 1 "$T/pair.csv")"
expect 2 "-pair '7,2,0' is not ROUND,ORDER,ARM" -- speed md5 -seconds 0.02 -samples 1 -pair 7,2,0
expect 2 "-pair records one sample per case" -- speed md5 -pair 7,1,0
# two separate runs gated at 0.5%: compare says what their design cannot support
cb speed md5 -bytes 64 -seconds 0.1 -samples 12 -csv "$T/u1.csv" >/dev/null 2>&1
cb speed md5 -bytes 64 -seconds 0.1 -samples 12 -csv "$T/u2.csv" >/dev/null 2>&1
cb compare "$T/u1.csv" "$T/u2.csv" -fail-if-slower 0.5% >/dev/null 2>"$T/err"
grep -q 'not taken as interleaved pairs (separate runs)' "$T/err" && ok || bad "compare of two runs at 0.5% gave no design warning: $(cat "$T/err")"

# separate runs that survive a drifting machine: -runs, the canary, -calibrate-gate
expect 2 "-runs 0 is out of range" -- speed md5 -runs 0
expect 2 "-runs 21 is out of range" -- speed md5 -runs 21
expect 2 "-canary 'vector' is not a canary; give auto" -- speed md5 -canary vector
expect 2 "pair their own batches: drop -runs" -- speed md5 -variant generic,generic -compare -fail-if-slower 1% -runs 2
cb speed md5 -bytes 64,256 -seconds 0.04 -samples 2 -runs 2 -csv "$T/r1.csv" >/dev/null 2>&1 &&
    ok || bad "speed -runs 2 failed"
# run (0, 1), transient, canary (md5's: scalar), its checksum, count and seconds
tr -d '\r' <"$T/r1.csv" | awk -F, 'NR > 1 { runs[$(NF - 7)]++; if ($(NF - 5) != "scalar" || length($(NF - 4)) != 16 || $(NF - 4) !~ /^[0-9a-f]+$/ || $(NF - 2) <= 0) bad++ }
    END { exit !(runs[0] == 4 && runs[1] == 4 && !bad) }' && ok ||
    bad "speed -runs 2 wrote no run 0 and 1 rows with a scalar canary: $(tail -n 2 "$T/r1.csv")"
cb speed md5 -bytes 64,256 -seconds 0.04 -samples 2 -runs 2 -csv "$T/r2.csv" >/dev/null 2>&1
cb speed md5 -bytes 64,256 -seconds 0.04 -samples 2 -runs 2 -csv "$T/r3.csv" >/dev/null 2>&1
cb speed md5 -bytes 64,256 -seconds 0.04 -samples 2 -runs 2 -canary none -csv "$T/r0.csv" >/dev/null 2>&1
tr -d '\r' <"$T/r0.csv" | awk -F, 'NR > 1 && $(NF - 5) != "" { n++ } END { exit n > 0 }' && ok ||
    bad "-canary none still wrote a canary"
cb compare "$T/r1.csv" "$T/r2.csv" -format csv 2>/dev/null | tr -d '\r' >"$T/out"
grep -Eq ',runs(/canary)?$' "$T/out" && ok ||
    bad "compare of two -runs files did not judge on the runs: $(cat "$T/out")"
cb compare "$T/r1.csv" "$T/r2.csv" >"$T/out" 2>&1
grep -Eq 'judged on the spread between the files. repetitions' "$T/out" && ok ||
    bad "compare of -runs files does not say they were judged on the runs: $(cat "$T/out")"
mkdir -p "$T/cal"
export CRYPTOBENCH_CALIBRATION="$T/cal/record"
expect 2 "needs at least 2 A/A files" -- compare -calibrate-gate "$T/r1.csv"
expect 2 "give it no -fail-if-slower" -- compare -calibrate-gate "$T/r1.csv" "$T/r2.csv" -fail-if-slower 5
cb compare -calibrate-gate "$T/r1.csv" "$T/r2.csv" "$T/r3.csv" >"$T/out" 2>"$T/err" && ok ||
    bad "compare -calibrate-gate failed: $(cat "$T/err")"
grep -Eq '^calibrate-gate: 6 A/A pairs of 3 files of .*: the smallest -fail-if-slower that kept false alarms at or below 5% is [0-9.]+%' "$T/out" &&
    ok || bad "compare -calibrate-gate printed no recommendation: $(cat "$T/out")"
cal=$(sed -n 's/.* is \([0-9.]*\)% (.*/\1/p' "$T/out")
[ -s "$T/cal/record" ] && grep -q "threshold=$cal" "$T/cal/record" && ok ||
    bad "-calibrate-gate recorded nothing in \$CRYPTOBENCH_CALIBRATION: $(cat "$T/cal/record" 2>&1)"
cb compare -calibrate-gate "$T/r2.csv" "$T/r1.csv" "$T/r3.csv" >/dev/null 2>&1
[ "$(grep -c . "$T/cal/record")" -eq 1 ] && ok || bad "a second calibration of the same host added a line"
# a gate below the recorded figure is warned about, naming it (none when above): the
# record's figure set to 50% so that the check does not rest on this run's noise
sed 's/\tthreshold=[0-9.]*\t/\tthreshold=50.0\t/' "$T/cal/record" >"$T/cal/record50"
mv "$T/cal/record50" "$T/cal/record"
cb compare "$T/r1.csv" "$T/r2.csv" -fail-if-slower 1% >/dev/null 2>"$T/err"
grep -q "is below 50.0%, the smallest threshold that kept false alarms" "$T/err" && ok ||
    bad "compare below the recorded 50% gave no warning: $(cat "$T/err")"
cb compare "$T/r1.csv" "$T/r2.csv" -fail-if-slower 60% >/dev/null 2>"$T/err"
! grep -q "the smallest threshold that kept false alarms" "$T/err" && ok || bad "compare above the recorded figure warned"
unset CRYPTOBENCH_CALIBRATION

# cases that miss the precision goal: one summary line, a mark in the table, and the
# table still imports (its figures read with the mark)
cb speed md5 -bytes 16,64 -precision 0.01 >"$T/out" 2>"$T/err" && ok || bad "speed -precision 0.01 failed"
[ "$(grep -c 'did not reach' "$T/err")" -eq 1 ] &&
    grep -q '2 of 2 cases did not reach +-0.01% precision' "$T/err" && ok ||
    bad "noisy cases were not said in one summary line: $(cat "$T/err")"
grep -Eq '^md5 +[0-9.]+k\* +[0-9.]+k\*$' "$T/out" && ok || bad "noisy cells are not marked: $(tail -n 2 "$T/out")"
cb import "$T/out" -o "$T/noisy.csv" >/dev/null 2>&1 && [ "$(grep -c ',imported,' "$T/noisy.csv")" -eq 2 ] && ok ||
    bad "a table with marked figures does not import"

# workloads: speed -workload times its sizes and weighs them; compare weighs two files
expect 2 "not a built-in workload \\(tls, ipsec, disk\\) and no file" -- speed md5 -workload nosuch
expect 2 "drop -bytes" -- speed md5 -workload ipsec -bytes 16
expect 2 "drop -mr" -- speed md5 -workload ipsec -mr
printf '64 3\n1024 x\n' >"$T/bad.wl"
expect 2 "bad.wl:2: count \"x\" is not a decimal number" -- speed md5 -workload "$T/bad.wl"
expect 2 "-workload weighs the before/after of two sides" -- compare "$T/r1.csv" "$T/r2.csv" "$T/r3.csv" -workload tls
cb speed md5 -workload ipsec -seconds 0.02 -samples 3 -csv "$T/wl.csv" >"$T/out" 2>/dev/null && ok ||
    bad "speed -workload ipsec failed"
grep -q '^type  *48 bytes  *576 bytes  *1504 bytes' "$T/out" && ok ||
    bad "speed -workload ipsec did not time 48, 576 and 1504 bytes: $(cat "$T/out")"
grep -Eq '^  md5 +digest +[a-z0-9-]+ +[0-9]+\.[0-9][0-9] MB/s \(95% interval [0-9.]+ \.\. [0-9.]+\)$' "$T/out" && ok ||
    bad "speed -workload printed no weighted figure: $(tail -n 3 "$T/out")"
printf '# one size\n256 1\n' >"$T/one.wl"
cb compare "$T/r1.csv" "$T/r2.csv" -workload "$T/one.wl" >"$T/out" 2>&1 && ok || bad "compare -workload failed: $(cat "$T/out")"
grep -Eq '^workload one.wl \(1 x 256 B\), bytes over time:$' "$T/out" &&
    grep -Eq '^  md5 digest +[0-9.]+ -> +[0-9.]+ MB/s +[-+][0-9.]+%' "$T/out" && ok ||
    bad "compare -workload printed no before/after figure: $(tail -n 3 "$T/out")"
cb compare "$T/r1.csv" "$T/r2.csv" -workload ipsec >"$T/out" 2>&1
grep -q 'md5 digest  no figure: 48 B lies outside the compared sizes' "$T/out" && ok ||
    bad "compare -workload outside the compared sizes gave a figure: $(tail -n 2 "$T/out")"
cb compare "$T/r1.csv" "$T/r2.csv" -workload tls -format json >"$T/out" 2>"$T/err"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$T/out" 2>/dev/null && grep -q '^workload tls' "$T/err" && ok ||
    bad "compare -workload -format json put the figures into the JSON"

# --- selftest and list -----------------------------------------------------------------
cb selftest -quick >"$T/out" 2>&1 && ok || bad "selftest -quick failed: $(grep -v PASS "$T/out" | head)"
grep -Eq '^selftest: [0-9]+ passed, 0 failed' "$T/out" && ok || bad "selftest summary missing"
# speed with no algorithm times them all, as openssl speed does (here one tiny sample
# each), and says so
cb speed -bytes 16 -iterations 1 -samples 1 >"$T/all.out" 2>"$T/all.err" && ok ||
    bad "speed with no algorithm failed: $(head -c 300 "$T/all.err")"
grep -q "no algorithm named, so all [0-9]* are timed" "$T/all.err" && ok || bad "speed with no algorithm did not say so"
for a in md5 sha512 aes-256-gcm des-ede3-cbc; do
    grep -q "^$a " "$T/all.out" && ok || bad "speed with no algorithm has no $a row"
done
grep -q "^rsa 2048 bits" "$T/all.out" && ok || bad "speed with no algorithm has no rsa2048 row"
grep -q "^ 253 bits ecdh (X25519) " "$T/all.out" && ok || bad "speed with no algorithm has no ecdhx25519 row"
grep -q "^ 253 bits EdDSA (Ed25519) " "$T/all.out" && ok || bad "speed with no algorithm has no ed25519 row"
grep -q "^ 256 bits ecdsa (nistp256) " "$T/all.out" && ok || bad "speed with no algorithm has no ecdsap256 row"
# pk_forms ALG DIR BITS PROGRESS HEADING ROW MR: `speed ALG` prints OpenSSL 3.0's
# progress line, table heading and row, and -mr lines (extended regexes), and import
# reads both back as cryptobench's own ALG of BITS bits in direction DIR.
pk_forms() {
    alg=$1 dir=$2 bits=$3
    shift
    cb speed "$alg" -seconds 0.05 >"$T/pk" 2>"$T/pk.err" && ok || bad "speed $alg failed: $(cat "$T/pk.err")"
    grep -Eq "$3" "$T/pk.err" && ok || bad "no $alg progress line /$3/: $(cat "$T/pk.err")"
    grep -Eq "$4" "$T/pk" && grep -Eq "$5" "$T/pk" && ok || bad "no $alg table in OpenSSL's form: $(cat "$T/pk")"
    cat "$T/pk.err" "$T/pk" >"$T/pk.log"
    cb import "$T/pk.log" -o "$T/pk.csv" >/dev/null 2>&1 && grep -Eq ",$alg,[^,]+,$dir,$bits,0," "$T/pk.csv" &&
        ok || bad "import of the $alg table lost it: $(tail -1 "$T/pk.csv")"
    cb speed "$alg" -seconds 0.05 -mr >"$T/pk.mr" 2>/dev/null && ok || bad "speed $alg -mr failed"
    set -f # the regexes are split at blanks, never globbed
    for re in $6; do
        grep -Eq "$re" "$T/pk.mr" && ok || bad "no -mr line /$re/: $(cat "$T/pk.mr")"
    done
    set +f
    cb import "$T/pk.mr" -o "$T/pk-mr.csv" >/dev/null 2>&1 && grep -Eq ",$alg,openssl,$dir,$bits,0," "$T/pk-mr.csv" &&
        ok || bad "import of $alg's -mr lines lost it: $(tail -1 "$T/pk-mr.csv")"
}
# A key agreement: "op op/s", +R7 and +F5 with the rate and its reciprocal
pk_forms ecdhx25519 derive 253 "^Doing 253 bits  ecdh's for 0.05s: [0-9]+ 253-bits ECDH ops in [0-9.]+s$" \
    '^ {30}op      op/s$' '^ 253 bits ecdh \(X25519\) +[0-9]+\.[0-9]{4}s +[0-9]+\.[0-9]$' \
    '^\+DTP:253::ecdh:0.05$ ^\+R7:[0-9]+:253:[0-9.]+$ ^\+F5:22:253:[0-9.]+:[0-9.]+$'
# EdDSA: progress and -mr lines that name the curve (OpenSSL ends the sign line with a blank)
pk_forms ed25519 verify 253 "^Doing 253 bits sign Ed25519's for 0.05s: [0-9]+ 253 bits Ed25519 signs in [0-9.]+s $" \
    '^ {30}sign    verify    sign/s verify/s$' \
    '^ 253 bits EdDSA \(Ed25519\) +[0-9]+\.[0-9]{4}s +[0-9]+\.[0-9]{4}s +[0-9]+\.[0-9] +[0-9]+\.[0-9]$' \
    '^\+R8:[0-9]+:253:Ed25519:[0-9.]+$ ^\+R9:[0-9]+:253:Ed25519:[0-9.]+$ ^\+F6:0:253:Ed25519:[0-9.]+:[0-9.]+$'
# ECDSA: the family word in the progress and +DTP lines, +R5/+R6, and +F4 with
# nistp256's index in OpenSSL's curve list (3)
pk_forms ecdsap256 verify 256 "^Doing 256 bits sign ecdsa's for 0.05s: [0-9]+ 256 bits ECDSA signs in [0-9.]+s$" \
    '^ {30}sign    verify    sign/s verify/s$' \
    '^ 256 bits ecdsa \(nistp256\) +[0-9]+\.[0-9]{4}s +[0-9]+\.[0-9]{4}s +[0-9]+\.[0-9] +[0-9]+\.[0-9]$' \
    '^\+DTP:256:sign:ecdsa:0.05$ ^\+R5:[0-9]+:256:[0-9.]+$ ^\+DTP:256:verify:ecdsa:0.05$ ^\+R6:[0-9]+:256:[0-9.]+$ ^\+F4:3:256:[0-9.]+:[0-9.]+$'
# ML-KEM: OpenSSL 3.5's KEM table (the name right-aligned in 27 columns, three times,
# three rates), "Doing ML-KEM-768 decaps ops" lines, +DTP/+R15..+R17 and +F9 with -mr
pk_forms mlkem768 decaps 768 "^Doing ML-KEM-768 decaps ops for 0.05s: [0-9]+ ML-KEM-768 KEM decaps ops in [0-9.]+s$" \
    '^ {31}keygen    encaps    decaps keygens/s  encaps/s  decaps/s$' \
    '^ {17}ML-KEM-768 [0-9]+\.[0-9]{6}s [0-9]+\.[0-9]{6}s [0-9]+\.[0-9]{6}s +[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]$' \
    '^\+DTP:ML-KEM-768:keygen:0.05$ ^\+R15:[0-9]+:ML-KEM-768:[0-9.]+$ ^\+DTP:ML-KEM-768:encaps:0.05$ ^\+R16:[0-9]+:ML-KEM-768:[0-9.]+$ ^\+R17:[0-9]+:ML-KEM-768:[0-9.]+$ ^\+F9:0:[0-9.]+:[0-9.]+:[0-9.]+$'
# ML-DSA: OpenSSL 3.5's signature table, "Doing ML-DSA-44 verify ops" lines,
# +DTP/+R18..+R20 and +F10 with -mr, and import of both back as mldsa44
pk_forms mldsa44 verify 44 "^Doing ML-DSA-44 verify ops for 0.05s: [0-9]+ ML-DSA-44 signature verify ops in [0-9.]+s$" \
    '^ {31}keygen     signs    verify keygens/s    sign/s  verify/s$' \
    '^ {18}ML-DSA-44 [0-9]+\.[0-9]{6}s [0-9]+\.[0-9]{6}s [0-9]+\.[0-9]{6}s +[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]$' \
    '^\+DTP:ML-DSA-44:keygen:0.05$ ^\+R18:[0-9]+:ML-DSA-44:[0-9.]+$ ^\+DTP:ML-DSA-44:signs:0.05$ ^\+R19:[0-9]+:ML-DSA-44:[0-9.]+$ ^\+R20:[0-9]+:ML-DSA-44:[0-9.]+$ ^\+F10:0:[0-9.]+:[0-9.]+:[0-9.]+$'
# (generic named: auto is avx2 on an x86-64 with AVX2)
cb speed ML-DSA-65 -variant generic -seconds 0.05 -csv "$T/sig.csv" >/dev/null 2>&1 && ok || bad "speed ML-DSA-65 -csv failed"
for dir in keygen sign verify; do
    grep -q ",mldsa65,generic,$dir,65,0," "$T/sig.csv" && ok || bad "speed mldsa65's CSV has no $dir row: $(cut -c1-80 "$T/sig.csv")"
done
cb list >"$T/list.out" 2>&1
for a in mldsa44 mldsa65 mldsa87; do
    grep -A1 "^$a\$" "$T/list.out" | grep -q "generic .*keygen+sign+verify" && ok || bad "list has no $a row with generic's three directions"
done
# every KEM direction is a CSV row of its own; the FIPS 203 names choose the rows
# (generic named: auto is avx2 on an x86-64 with AVX2); list shows each row with
# generic offering all three directions
cb speed -evp ML-KEM-512 -variant generic -seconds 0.05 -csv "$T/kem.csv" >/dev/null 2>&1 && ok || bad "speed -evp ML-KEM-512 -csv failed"
for dir in keygen encaps decaps; do
    grep -q ",mlkem512,generic,$dir,512,0," "$T/kem.csv" && ok || bad "speed mlkem512's CSV has no $dir row: $(cut -c1-80 "$T/kem.csv")"
done
cb list >"$T/list.out" 2>&1
for a in mlkem512 mlkem768 mlkem1024; do
    grep -A1 "^$a\$" "$T/list.out" | grep -q "generic .*keygen+encaps+decaps" && ok || bad "list has no $a row with generic's three directions"
done
# kat runs the project's ML-KEM answers (every parameter set's keygen, encaps, decaps
# and rejection key); a changed rejection key is caught as one failure, by name
expect 0 "" -- kat "$DATA/mlkem-awslc.rsp"
grep -q 'mlkem-awslc.rsp  generic  passed 6  failed 0  skipped 0' "$T/out" && ok || bad "kat mlkem-awslc.rsp: $(cat "$T/out")"
sed '0,/^k_rejected = /s/^k_rejected = ./k_rejected = f/' "$DATA/mlkem-awslc.rsp" >"$T/mlkem-awslc.rsp"
expect 1 "" -- kat "$T/mlkem-awslc.rsp"
grep -q 'generic: \[ML-KEM-512\] count = 0: k_rejected differs' "$T/out" && ok || bad "kat of a changed k_rejected: $(cat "$T/out")"
# and its ML-DSA answers (keygen, signing with the record's rnd, verification); a
# changed signature is caught as one failure, by name
expect 0 "" -- kat "$DATA/mldsa-awslc.rsp"
grep -q 'mldsa-awslc.rsp  generic  passed 6  failed 0  skipped 0' "$T/out" && ok || bad "kat mldsa-awslc.rsp: $(cat "$T/out")"
sed '0,/^sig = /s/^sig = ./sig = f/' "$DATA/mldsa-awslc.rsp" >"$T/mldsa-awslc.rsp"
expect 1 "" -- kat "$T/mldsa-awslc.rsp"
grep -q 'generic: \[ML-DSA-44\] count = 0: sig differs' "$T/out" && ok || bad "kat of a changed sig: $(cat "$T/out")"
# NIST's ACVP JSON (tests/data/acvp/): a prompt.json finds its expectedResults.json
# beside it, or takes it as the next argument; a changed answer fails naming its tcId;
# malformed JSON is refused naming line and byte, a draft revision in one sentence,
# both with status 2; a group kat cannot run is reported as not run, with the reason
A=$DATA/acvp
expect 0 "" -- kat "$A/mlkem-keygen/prompt.json" "$A/mlkem-encapdecap/internalProjection.json"
grep -q 'prompt.json  generic  passed 2  failed 0  skipped 0' "$T/out" && ok || bad "kat ACVP keyGen pair: $(cat "$T/out")"
grep -q 'internalProjection.json  generic  passed 4  failed 0  skipped 0' "$T/out" && ok || bad "kat ACVP encapDecap: $(cat "$T/out")"
mkdir -p "$T/acvp"
cp "$A/mlkem-keygen/prompt.json" "$T/acvp/prompt.json"
expect 0 "" -- kat "$T/acvp/prompt.json" "$A/mlkem-keygen/expectedResults.json"
grep -q 'generic  passed 2  failed 0' "$T/out" && ok || bad "kat of an ACVP pair given by both paths: $(cat "$T/out")"
expect 2 "-alg mlkem768: .*prompt.json is an ACVP file, which names its algorithm" -- kat -alg mlkem768 "$A/mlkem-keygen/prompt.json"
expect 2 "expectedResults.json: this is the other half of the ACVP vector set of .*prompt.json" -- kat "$T/acvp/prompt.json"
sed '0,/"k": "3F300A47/s//"k": "3F300A48/' "$A/mlkem-encapdecap/internalProjection.json" >"$T/acvp/internalProjection.json"
expect 1 "" -- kat "$T/acvp/internalProjection.json"
grep -q 'generic: tcId 76 (tgId 4, ML-KEM-512 decapsulation): k differs' "$T/out" && ok || bad "kat of a changed ACVP answer: $(cat "$T/out")"
head -c 500 "$A/mldsa-sigver/internalProjection.json" >"$T/acvp/internalProjection.json"
expect 2 "internalProjection.json:12: not ACVP test-vector JSON at byte 500: a string is not closed\.$" -- kat "$T/acvp/internalProjection.json"
sed 's/"FIPS203"/"initial public draft"/' "$A/mlkem-encapdecap/internalProjection.json" >"$T/acvp/internalProjection.json"
expect 2 "revision \"initial public draft\", and kat reads only the final standard's \(revision FIPS203\)" -- kat "$T/acvp/internalProjection.json"
sed 's/"function": "decapsulation"/"function": "decapsulationKeyCheck"/' "$A/mlkem-encapdecap/internalProjection.json" >"$T/acvp/internalProjection.json"
expect 0 "" -- kat "$T/acvp/internalProjection.json"
grep -q 'not run: 2 tests in 1 groups: ML-KEM decapsulationKeyCheck' "$T/out" && ok || bad "kat of an ACVP group not run: $(cat "$T/out")"
# A real openssl 3.0 log's ecdsa rows name our ecdsap256, so it compares with a
# cryptobench run in every style
cb speed ecdsap256 -seconds 0.05 -csv "$T/ecdsa-run.csv" >/dev/null 2>&1 && ok || bad "speed ecdsap256 -csv failed"
cb import "$DATA/openssl3-pkey.log" -o "$T/ecdsa-ossl.csv" >/dev/null 2>&1 &&
    grep -q ',ecdsap256,openssl,sign,256,0,' "$T/ecdsa-ossl.csv" && ok || bad "import of openssl3-pkey.log has no ecdsap256 sign row"
for st in $(cb compare -list-styles | awk '{print $1}'); do
    cb compare "$T/ecdsa-ossl.csv" "$T/ecdsa-run.csv" -style "$st" >"$T/ecmp" 2>"$T/ecmp.err"
    rc=$?
    [ "$rc" -le 1 ] && grep -q 'ecdsap256\|ecdsa' "$T/ecmp" "$T/ecmp.err" && ok ||
        bad "compare -style $st of openssl's and our ecdsap256 (exit $rc): $(head -c 400 "$T/ecmp" "$T/ecmp.err")"
done
expect 2 "-variant 'nosuch' is not a variant of this build; its variants are: ([a-z0-9-]+,)*generic" -- selftest -variant generic,nosuch md5
# selftest reads -variant as speed and kat do: all and auto are selections, not names
cb selftest -quick -variant all md5 >"$T/out" 2>&1 && ok || bad "selftest -variant all exited $?: $(head -c 200 "$T/out")"
grep -q '^PASS  *md5  *generic ' "$T/out" && ok || bad "selftest -variant all did not check md5/generic"
cb selftest -quick -variant auto sha256 >"$T/out" 2>&1 && ok || bad "selftest -variant auto exited $?: $(head -c 200 "$T/out")"
[ "$(grep -c '^PASS' "$T/out")" -eq 1 ] && ok || bad "selftest -variant auto checked other than one variant: $(cat "$T/out")"
expect 2 "-variant all stands alone" -- selftest -variant all,generic md5
expect 2 "-variant 'generic,,x' has an empty name" -- selftest -variant generic,,x md5
# any number of algorithm names, repeated or overlapping groups: each checked once
# shellcheck disable=SC2046
cb selftest -quick $(i=0; while [ $i -lt 300 ]; do echo md5; i=$((i + 1)); done) rsa >"$T/out" 2>&1 && ok ||
    bad "selftest with 300 names exited $?: $(tail -c 200 "$T/out")"
[ "$(grep '^PASS  *rsa[0-9]* ' "$T/out" | awk '{print $2}' | sort -u | wc -l)" -eq "$(cb list | grep -c '^rsa[0-9]')" ] && ok ||
    bad "selftest with 300 names lost rsa sizes: $(grep rsa "$T/out" | head -3)"
[ "$(grep -c '^PASS  *md5  *generic ' "$T/out")" -eq 1 ] && ok || bad "selftest checked md5/generic more than once for 300 names"
# an OpenSSL mask of another architecture has no effect: said, not silently ignored
# (two of the three variables belong to other architectures on any host)
warned=0
for v in OPENSSL_armcap OPENSSL_ppccap OPENSSL_ia32cap; do
    env "$v=0" $RUN "$BIN" selftest -quick md5 >/dev/null 2>"$T/err"
    grep -q "$v is set but applies to another architecture" "$T/err" && warned=$((warned + 1))
done
[ "$warned" -eq 2 ] && ok || bad "a foreign architecture's OpenSSL mask warned $warned times, expected 2"
# caps -probe asks the instructions, whatever the mask says: consistent here, exit 0.
cb caps -probe >"$T/out" 2>&1 && ok || bad "caps -probe exited $?: $(grep -iE 'DETECTED|WRONG' "$T/out" | head -3)"
CRYPTOBENCH_CAPS=none cb caps -probe -mr >"$T/out" 2>&1 && ok || bad "caps -probe under a mask exited $?"
grep -Eq '^probe [a-z0-9_]+ (yes|no) ' "$T/out" && ok || bad "caps -probe -mr printed no probe lines: $(head -c 200 "$T/out")"
if grep -q '^probe .* mismatch$' "$T/out"; then bad "caps -probe -mr: $(grep mismatch "$T/out" | head -2)"; else ok; fi
cb list >"$T/out" 2>&1 && ok || bad "list failed"
grep -Eq '^  \* generic +generic +prio 100 +available' "$T/out" && ok || bad "list does not mark generic available"

# --- -multi with -csv, -json and -compare ------------------------------------------------
# Every worker's samples reach the file, tagged with the run's worker count and the
# worker's index (10th and 11th from the end: nothing after them is quoted for md5).
cb speed -multi 2 -seconds 0.1 -bytes 16,64 -csv "$T/multi.csv" -json "$T/multi.json" md5 \
    >"$T/out" 2>"$T/err" && ok || bad "speed -multi 2 -csv failed: $(cat "$T/err")"
head -n 1 "$T/multi.csv" | grep -q ',workers,worker,' && ok || bad "-multi CSV header lacks workers,worker: $(head -n 1 "$T/multi.csv")"
tags=$(tail -n +2 "$T/multi.csv" | tr -d '\r' | awk -F, '{ print $(NF - 18) "," $(NF - 17) }' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
[ "$tags" = " 10 2,0; 10 2,1;" ] && ok || bad "-multi 2 CSV rows by workers,worker are '$tags', expected 10 of 2,0 and 10 of 2,1 (2 sizes x 5 samples each)"
grep -q '^md5#1 ' "$T/out" && ok || bad "-multi 2 printed no per-worker row: $(cat "$T/out")"
cb compare "$T/multi.csv" "$T/multi.csv" -style mail >"$T/cmp" 2>"$T/err" && ok || bad "compare of a -multi CSV with itself failed: $(cat "$T/err")"
grep -Eq '^md5 +64 +[0-9,]+ +[0-9,]+ +\+0\.00%~$' "$T/cmp" && ok || bad "compare of a -multi CSV printed no md5 row: $(cat "$T/cmp")"
# The summed throughput: compare's ops/s at 64 bytes is the table's sum row.
table=$(awk '$1 == "md5" { print $3 }' "$T/out" | tr -d k)
cmp64=$(awk '$1 == "md5" && $2 == 64 { gsub(",", "", $3); print $3 }' "$T/cmp")
awk -v t="$table" -v c="$cmp64" 'BEGIN { exit !(t > 0 && c * 64 / 1000 > t * 0.999 && c * 64 / 1000 < t * 1.001) }' && ok || bad "compare's -multi rate $cmp64 ops/s x 64 is not the table's sum ${table}k"
# A 1.1 file (no workers columns) and the 1.0 import still read; a -multi run and a
# normal one are not matched.
tr -d '\r' <"$T/multi.csv" | sed 's/\(,[^,]*\)\{19\}$//; s/^1\.7,/1.1,/' >"$T/old11.csv"
cb compare "$T/old11.csv" "$T/old11.csv" >/dev/null 2>"$T/err" && ok || bad "a schema 1.1 file does not read: $(cat "$T/err")"
data=$(dirname "$0")/../data
cb compare "$data/oe2013-before.csv" "$data/oe2013-before.csv" >/dev/null 2>"$T/err" && ok || bad "a schema 1.0 file does not read: $(cat "$T/err")"
expect 2 "ran 2 workers at once and .*old11.csv 1 \(speed -multi\)" -- compare "$T/multi.csv" "$T/old11.csv"
if command -v python3 >/dev/null; then
    python3 - "$T/multi.json" <<'PY' && ok || bad "-multi -json lacks per-worker figures: $(head -c 600 "$T/multi.json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["workers"] == 2, d["workers"]
for c in d["cases"]:
    per = c["per_worker"]
    assert [p["worker"] for p in per] == [0, 1], per
    assert all(p["samples"] == 5 and p["status"] == "ok" for p in per), per
    assert c["samples"] == 5 and c["status"] == "ok", c
    total = sum(p["ops_per_sec"] for p in per)
    assert 0.8 * total < c["ops_per_sec"] < 1.2 * total, (c["ops_per_sec"], total)
PY
fi
cb speed md5 -bytes 64 -seconds 0.05 -json "$T/one.json" >/dev/null 2>&1
grep -q '"workers": 1,' "$T/one.json" && ! grep -q per_worker "$T/one.json" && ok || bad "a normal run's JSON should say workers 1 and hold no per_worker"

# -compare: each worker alternates the two variants; the table compares all of them.
if [ -n "$other" ]; then
    cb speed -multi 2 -evp aes-128-ctr -variant generic,"$other" -compare -bytes 1024 -seconds 0.1 \
        -csv "$T/mc.csv" >"$T/out" 2>"$T/err" && ok || bad "speed -multi 2 -compare failed: $(cat "$T/err")"
    grep -Eq '^aes-128-ctr +[+-][0-9.]+%~?$' "$T/out" && ok || bad "-multi -compare printed no comparison row: $(cat "$T/out")"
    grep -Eq '[0-9]+ regressions?, [0-9]+ improvements?, [0-9]+ unchanged' "$T/out" && ok || bad "-multi -compare printed no summary: $(cat "$T/out")"
    n=$(grep -c ",$other,.*,2,1,,,,,,,,,,[0-9]*,0,[a-z]*,[0-9a-f]*,[0-9]*,[0-9.e-]*,0,.\$" "$T/mc.csv")
    [ "$n" -eq 5 ] && ok || bad "-multi -compare CSV has $n samples of $other from worker 1, expected 5"
else
    echo "cli: only generic implements aes-128-ctr here; -multi -compare UNAVAILABLE"
fi

# -cpu still does not combine: workers pin themselves; refused before any file exists.
expect 2 "-cpu 0 does not combine with -multi" -- speed md5 -multi 1 -cpu 0 -csv "$T/refused.csv"
[ -e "$T/refused.csv" ] && bad "-multi -cpu left a CSV" || ok

# -multi 1,2: a run per count, then the scaling table; one CSV holds both counts and
# compares count by count (a -multi 2 file shares the count 2 with it)
expect 2 "give the worker counts in ascending order, each once" -- speed md5 -multi 2,1
expect 2 "drop -json \\(or give one count\\)" -- speed md5 -multi 1,2 -json "$T/scale.json"
cb speed -multi 1,2 md5 rsa2048 -bytes 16,64 -seconds 0.05 -samples 3 -csv "$T/scale.csv" \
    >"$T/out" 2>"$T/err" && ok || bad "speed -multi 1,2 failed: $(cat "$T/err")"
grep -Eq '^type +1 worker +2 workers$' "$T/out" &&
    grep -Eq '^md5 64 bytes +[0-9.]+k +[0-9.]+k x[0-9.]+$' "$T/out" &&
    grep -Eq '^rsa2048 sign +[0-9.]+/s +[0-9.]+/s x[0-9.]+$' "$T/out" && ok ||
    bad "speed -multi 1,2 printed no scaling table: $(tail -n 6 "$T/out")"
[ "$(grep -c '^-multi [12]: [12] workers\{0,1\} at once$' "$T/out")" -eq 2 ] && ok ||
    bad "speed -multi 1,2 did not head each count's tables"
tags=$(tail -n +2 "$T/scale.csv" | tr -d '\r' | awk -F, '$1 != "" { print $(NF - 18) "," $(NF - 17) }' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
[ "$tags" = " 12 1,0; 12 2,0; 12 2,1;" ] && ok ||
    bad "-multi 1,2 CSV rows by workers,worker are '$tags', expected 12 of 1,0, 2,0 and 2,1 (md5 at 2 sizes and rsa2048 in 2 directions, 3 samples each)"
cb compare "$T/scale.csv" "$T/scale.csv" >"$T/out" 2>"$T/err" &&
    grep -Eq '^md5(/[a-z0-9-]+)? x1 ' "$T/out" && grep -Eq '^md5(/[a-z0-9-]+)? x2 ' "$T/out" && grep -Eq '^rsa2048(/[a-z0-9-]+)? x2 ' "$T/out" && ok ||
    bad "compare of a -multi 1,2 file did not compare count by count: $(cat "$T/out" "$T/err")"
cb compare "$T/multi.csv" "$T/scale.csv" >"$T/out" 2>"$T/err" && grep -Eq '^md5(/[a-z0-9-]+)? x2 ' "$T/out" && ! grep -Eq '^md5(/[a-z0-9-]+)? x1 ' "$T/out" && ok ||
    bad "compare of -multi 2 with -multi 1,2 did not match the shared count: $(cat "$T/out" "$T/err")"

# Ctrl-C during -multi (to the parent alone, as kill does): exit 130, and the file
# holds every finished sample of both workers and reads back.
# shellcheck disable=SC2086
$RUN "$BIN" speed -multi 2 md5 sha1 -seconds 0.3 -csv "$T/mint.csv" >"$T/mint.out" 2>"$T/mint.err" &
pid=$!
sleep 1.5
kill -INT $pid
wait $pid
rc=$?
[ "$rc" -eq 130 ] && ok || bad "interrupted speed -multi exited $rc, expected 130: $(cat "$T/mint.err")"
grep -q ',2,1,,,,,,,,,,[01],.*.$' "$T/mint.csv" 2>/dev/null && grep -q ',2,0,,,,,,,,,,[01],.*.$' "$T/mint.csv" && ok || bad "interrupted -multi run saved no samples of both workers"
cb compare "$T/mint.csv" "$T/mint.csv" >/dev/null 2>"$T/err" && ok || bad "the CSV of an interrupted -multi run does not read back: $(cat "$T/err")"
ls -a "$T" | grep -q '^\.mint' && bad "interrupted -multi run left a temporary file: $(ls -a "$T")" || ok

# A parent killed by SIGKILL cannot pass a stop on: its workers die with it (parent-
# death signal) instead of running their plan to the end.
if command -v pgrep >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    $RUN "$BIN" speed -multi 2 md5 sha1 -seconds 20 >/dev/null 2>&1 &
    pid=$!
    sleep 1.5
    kids=$(pgrep -P $pid | tr '\n' ' ')
    kill -KILL $pid
    wait $pid 2>/dev/null
    sleep 1
    left=""
    # a dead worker may stay a zombie where PID 1 reaps nothing (containers)
    for k in $kids; do
        st=$(ps -o stat= -p "$k" 2>/dev/null)
        case "$st" in "" | Z*) ;; *) left="$left $k" ;; esac
    done
    [ -n "$kids" ] && [ -z "$left" ] && ok ||
        bad "-multi workers (${kids:-none found}) outlived their parent killed by SIGKILL:$left"
    for k in $left; do kill -KILL "$k" 2>/dev/null; done
else
    echo "cli: no pgrep; the -multi parent-death check is UNAVAILABLE"
fi

# bssl speed lines written here in its format: a "Did" line that does not read, and a
# -json array cut short, are refused naming the line (exit 2) and write nothing
printf 'Did 5 SHA-256 (16 bytes) operations in 100us (50000.0 ops/sec): 0.8 MB/s\nDid 12 SHA-256 operations in 100us (x ops/sec)\n' >"$T/bssl-bad.txt"
expect 2 "bssl-bad.txt:2: a \`bssl speed\` line that does not read" -- import "$T/bssl-bad.txt" -o "$T/bssl-bad.csv"
printf '[\n{"description": "SHA-256", "numCalls": 5, "microseconds": 100, "bytesPerCall": 16},\n{"description": "SHA-2' >"$T/bssl-cut.json"
expect 2 "bssl-cut.json:3: not \`bssl speed -json\` output at byte" -- import "$T/bssl-cut.json" -o "$T/bssl-cut.csv"
[ ! -e "$T/bssl-bad.csv" ] && [ ! -e "$T/bssl-cut.csv" ] && ok || bad "a refused bssl import wrote its CSV"
# `bssl speed` output (AWS-LC's real logs in ../shared/logs, when there): text and
# -json import with no error, and the imported ML-KEM-768 rows compare with our run's
bssl_logs=../shared/logs
if [ -f "$bssl_logs/bssl-x86_64.txt" ] && [ -f "$bssl_logs/bssl-x86_64.json" ]; then
    cb import "$bssl_logs/bssl-x86_64.txt" -o "$T/bssl.csv" 2>"$T/err" &&
        [ "$(grep -c ',imported,' "$T/bssl.csv")" -eq 50 ] &&
        grep -q ',mlkem768,bssl,encaps,768,0,' "$T/bssl.csv" &&
        grep -q ',bssl speed (BoringSSL or AWS-LC),' "$T/bssl.csv" && ok ||
        bad "import of bssl-x86_64.txt: $(cat "$T/err")"
    cb import "$bssl_logs/bssl-x86_64.json" -o "$T/bssl-json.csv" 2>"$T/err" &&
        [ "$(grep -c ',imported,' "$T/bssl-json.csv")" -eq 73 ] &&
        grep -q ',mldsa65,bssl,sign,65,0,' "$T/bssl-json.csv" && ok ||
        bad "import of bssl-x86_64.json: $(cat "$T/err")"
    cb speed mlkem768 -variant generic -iterations 20 -samples 2 -csv "$T/kem-ours.csv" >/dev/null 2>&1
    cb compare "$T/bssl.csv" "$T/kem-ours.csv" >"$T/out" 2>"$T/err"
    grep -q "variant bssl -> generic" "$T/out" && grep -q "^mlkem768 " "$T/out" && ok ||
        bad "compare of imported bssl rows with our mlkem768 run: $(cat "$T/out" "$T/err")"
else
    echo "skipped: the bssl import checks ($bssl_logs/bssl-x86_64.txt, .json are not here)"
fi
# liboqs, cryptsetup and kcapi-speed logs (tests/data, tests/data/README.md): each
# imports whole, and its ML-KEM-768 or AES-128-CBC rows compare with our own run of the
# same case; a malformed line of each is refused naming the line (exit 2), writing nothing
# import_vs_ours LOG ROWS ROW VARIANT ALG SPEED-ARGS...: LOG imports as ROWS rows, one
# of them matching ROW, and compares with our own `speed ALG SPEED-ARGS` run as VARIANT
import_vs_ours() {
    log=$1 rows=$2 row=$3 variant=$4 alg=$5
    shift 5
    cb import "$log" -o "$T/imp.csv" 2>"$T/err" &&
        [ "$(grep -c ',imported,' "$T/imp.csv")" -eq "$rows" ] &&
        grep -q "$row" "$T/imp.csv" && ok || bad "import of $log: $(cat "$T/err")"
    cb speed "$alg" "$@" -samples 2 -csv "$T/imp-ours.csv" >/dev/null 2>&1
    cb compare "$T/imp.csv" "$T/imp-ours.csv" >"$T/out" 2>"$T/err"
    grep -q "variant $variant -> " "$T/out" && grep -q "^$alg " "$T/out" && ok ||
        bad "compare of $log's rows with our $alg run: $(cat "$T/out" "$T/err")"
}
import_vs_ours tests/data/liboqs-0.15-aarch64-speed_kem.log 24 ',mlkem768,liboqs,encaps,768,0,' \
    liboqs mlkem768 -iterations 20
grep -q ',kyber768,liboqs,encaps,0,0,' "$T/imp.csv" && ok || bad "liboqs's Kyber768 is not its own row"
import_vs_ours tests/data/cryptsetup-cipher-table.log 16 ',aes-128-xts,cryptsetup,encrypt,256,65536,' \
    cryptsetup aes-128-cbc -bytes 65536 -iterations 20
grep -q ',pbkdf2-sha1,cryptsetup,digest,256,0,' "$T/imp.csv" && ok || bad "no cryptsetup PBKDF2 row"
import_vs_ours tests/data/kcapi-speed.log 8 ',aes-128-cbc,cbc-aes-aesni,encrypt,128,16,' \
    cbc-aes-aesni aes-128-cbc -bytes 16 -iterations 2000
cb import tests/data/kcapi-speed.log -o "$T/kc-old.csv" 2>"$T/err" &&
    grep -q "2 kcapi-speed results in the older layout" "$T/err" && ok ||
    bad "no warning for kcapi-speed's older layout: $(cat "$T/err")"
printf 'Operation | Iterations | Total time (s) | Time (us): mean | pop. stdev | CPU cycles: mean | pop. stdev\nML-KEM-768 | | | | | |\nkeygen | 10 | x | 1.0 | 0 | 5 | 1\n' >"$T/oqs-bad.log"
expect 2 "oqs-bad.log:3: a liboqs row that does not read" -- import "$T/oqs-bad.log" -o "$T/oqs-bad.csv"
printf '# Tests are approximate using memory only (no storage IO).\nPBKDF2-sha1 12 iterations per minute\n' >"$T/cs-bad.log"
expect 2 "cs-bad.log:2: a .cryptsetup benchmark. PBKDF2 line that does not read" -- import "$T/cs-bad.log" -o "$T/cs-bad.csv"
printf 'SHA-256(G)|d|  256 bytes|  1.2 MB/s|x ops/s\n' >"$T/kc-bad.log"
expect 2 "kc-bad.log:1: a kcapi-speed result that does not read" -- import "$T/kc-bad.log" -o "$T/kc-bad.csv"
[ ! -e "$T/oqs-bad.csv" ] && [ ! -e "$T/cs-bad.csv" ] && [ ! -e "$T/kc-bad.csv" ] && ok ||
    bad "a refused liboqs, cryptsetup or kcapi-speed import wrote its CSV"
# OpenSSL 3.5's KEM and signature tables (tests/data/openssl35-pqc.log, in 3.5's
# formats): their ML-KEM and ML-DSA rows are ours and compare with our own run
cb import "$DATA/openssl35-pqc.log" -o "$T/ossl35.csv" 2>"$T/err" &&
    [ "$(grep -c ',imported,' "$T/ossl35.csv")" -eq 40 ] &&
    grep -q ',mlkem768,openssl,keygen,768,0,' "$T/ossl35.csv" &&
    grep -q ',x25519mlkem768,openssl,encaps,0,0,' "$T/ossl35.csv" && ok ||
    bad "import of openssl35-pqc.log: $(cat "$T/err")"
cb speed mlkem768 mldsa44 -iterations 20 -samples 2 -csv "$T/pqc-ours.csv" >/dev/null 2>&1
cb compare "$T/ossl35.csv" "$T/pqc-ours.csv" >"$T/out" 2>"$T/err"
grep -q "^mlkem768\(/openssl->[a-z0-9]*\)\{0,1\} " "$T/out" &&
    grep -q "^mldsa44\(/openssl->[a-z0-9]*\)\{0,1\} " "$T/out" && ok ||
    bad "compare of imported OpenSSL 3.5 rows with our mlkem768/mldsa44 run: $(cat "$T/out" "$T/err")"
# The kernel's KUnit benchmarks (tests/data/kunit-crypto.log): sha256's rows compare
# with our sha256 on the same sizes; a failed benchmark's values are left out, said so
cb import "$DATA/kunit-crypto.log" -o "$T/kunit.csv" 2>"$T/err" &&
    [ "$(grep -c ',imported,' "$T/kunit.csv")" -eq 33 ] &&
    grep -q ',linux kunit,' "$T/kunit.csv" &&
    grep -q 'left out 2 KUnit values of benchmarks that ended "not ok"' "$T/err" && ok ||
    bad "import of kunit-crypto.log: $(cat "$T/err")"
cb speed sha256 -bytes 16,4096 -iterations 20 -samples 2 -csv "$T/sha-ours.csv" >/dev/null 2>&1
cb compare "$T/kunit.csv" "$T/sha-ours.csv" >"$T/out" 2>"$T/err"
grep -q "variant kunit -> " "$T/out" && grep -q "^sha256 " "$T/out" && ok ||
    bad "compare of imported KUnit rows with our sha256 run: $(cat "$T/out" "$T/err")"
printf 'KTAP version 1\n    # Subtest: sha256\n    # benchmark_hash: len=16: fast MB/s\n' >"$T/kunit-bad.log"
expect 2 "kunit-bad.log:3: the KUnit benchmark line" -- import "$T/kunit-bad.log" -o "$T/kunit-bad.csv"
[ ! -e "$T/kunit-bad.csv" ] && ok || bad "a refused KUnit import wrote its CSV"
# tcrypt of Linux 6.x: "sync" headings, multibuffer rows as the driver's -mb variant
cb import "$DATA/tcrypt-linux6.log" -o "$T/tc6.csv" 2>"$T/err" &&
    grep -q ',aes-128-cbc,cbc-aes-aesni-mb,encrypt,128,16,' "$T/tc6.csv" &&
    ! grep -q ',sync ' "$T/tc6.csv" && ok || bad "import of tcrypt-linux6.log: $(cat "$T/err")"
# Google Benchmark JSON written here in its format: a run with no cpu_time is refused
# naming the file and line (exit 2), and nothing is written
printf '{\n"context": {"host_name": "h"},\n"benchmarks": [\n{"name": "BM_x/64", "iterations": 10}\n]}\n' >"$T/gb-bad.json"
expect 2 "gb-bad.json:4: the Google Benchmark run at byte 49 .'BM_x/64'. has no \"cpu_time\" above 0" -- import "$T/gb-bad.json" -o "$T/gb-bad.csv"
[ ! -e "$T/gb-bad.csv" ] && ok || bad "a refused Google Benchmark import wrote its CSV"
# A real Google Benchmark program, built here when g++ and libbenchmark-dev are: two
# arguments, three repetitions each, imported as six samples (no aggregate), the
# argument as the block size bytes_per_second confirms
if command -v g++ >/dev/null 2>&1 && [ -f /usr/include/benchmark/benchmark.h ]; then
    mkdir -p "$T/gb"
    cat >"$T/gb/bench.cc" <<'EOF_CC'
#include <benchmark/benchmark.h>
#include <vector>
static void BM_Copy(benchmark::State &state)
{
    std::vector<char> from(state.range(0), 'x'), to(state.range(0));
    for (auto _ : state) {
        std::copy(from.begin(), from.end(), to.begin());
        benchmark::DoNotOptimize(to.data());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * state.range(0));
}
BENCHMARK(BM_Copy)->Arg(64)->Arg(1024);
BENCHMARK_MAIN();
EOF_CC
    if g++ -O2 -o "$T/gb/bench" "$T/gb/bench.cc" -lbenchmark -lpthread 2>"$T/err"; then
        "$T/gb/bench" --benchmark_repetitions=3 --benchmark_min_time=0.01 \
            --benchmark_out="$T/gb/out.json" --benchmark_out_format=json >/dev/null 2>&1
        cb import "$T/gb/out.json" -o "$T/gb.csv" 2>"$T/err" &&
            [ "$(grep -c ',bm_copy,gbench,digest,0,64,' "$T/gb.csv")" -eq 3 ] &&
            [ "$(grep -c ',bm_copy,gbench,digest,0,1024,' "$T/gb.csv")" -eq 3 ] &&
            [ "$(grep -c ',imported,' "$T/gb.csv")" -eq 6 ] &&
            grep -q '^[^,]*,google-benchmark,' "$T/gb.csv" &&
            cb compare "$T/gb.csv" "$T/gb.csv" >"$T/out" 2>"$T/err" && grep -q '^bm_copy ' "$T/out" && ok ||
            bad "import of a real Google Benchmark run: $(cat "$T/err"; head -c 600 "$T/gb/out.json")"
    else
        bad "g++ could not build the Google Benchmark program: $(cat "$T/err")"
    fi
else
    echo "skipped: the Google Benchmark import of a real run (no g++ or libbenchmark-dev)"
fi
# --- import and compare whole published reports -----------------------------------------
DATA=$(dirname "$0")/../data
# `speed` with no algorithm times every row `openssl speed` with no algorithm times:
# the real default run of Debian's OpenSSL 3.0 imports without a row cryptobench
# cannot run, and every algorithm it holds is one `list -algorithms` names (which is
# what `speed` alone times)
cb import "$DATA/openssl30-default.log" -o "$T/default.csv" 2>"$T/err"
if grep -q 'cannot run itself' "$T/err"; then
    bad "rows of openssl speed's default run that cryptobench cannot time: $(grep -o "itself.*" "$T/err" | head -c 600)"
else
    ok
fi
cb list -algorithms >"$T/algs" 2>/dev/null
if command -v python3 >/dev/null; then
    missing=$(python3 - "$T/default.csv" "$T/algs" 2>&1 <<'PY'
import csv, sys
rows = csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#'))
ours = set(open(sys.argv[2]).read().split())
print(' '.join(sorted({r['algorithm'] for r in rows} - ours)))
PY
)
    [ -z "$missing" ] && [ -s "$T/algs" ] && ok || bad "openssl speed's default rows missing from list -algorithms: $missing"
fi

# an openssl log without -aead timed streaming updates: compared with whole messages,
# the table says the two sides timed different operations
cb import "$DATA/openssl3-gcm-stream.log" -o "$T/gcm-stream.csv" 2>/dev/null
cb speed -evp aes-128-gcm -bytes 16,64 -iterations 2000 -samples 3 -csv "$T/gcm-whole.csv" >/dev/null 2>&1
cb compare "$T/gcm-stream.csv" "$T/gcm-whole.csv" >"$T/out" 2>"$T/err"
grep -q 'time different operations on the two sides' "$T/out" && ok || bad "no different-operation note: $(cat "$T/out")"
grep -q 'compare different operations' "$T/err" && ok || bad "no different-operation warning: $(cat "$T/err")"
# the same for ChaCha20-Poly1305 from a real log (OpenSSL 3.0 names the row
# "ChaCha20-Poly1305"): it imports as our chacha20-poly1305 and meets our own run's
# case, with the note; imported with -aead it meets our -aead run's, without it
cb import "$DATA/openssl3-chacha20-poly1305.log" -o "$T/cp-stream.csv" 2>/dev/null
grep -q ',chacha20-poly1305,openssl,encrypt,256,16,0,0,' "$T/cp-stream.csv" && ok ||
    bad "the ChaCha20-Poly1305 row did not import as chacha20-poly1305: $(tail -1 "$T/cp-stream.csv")"
cb speed -evp chacha20-poly1305 -bytes 16 -iterations 2000 -samples 3 -csv "$T/cp-whole.csv" >/dev/null 2>&1
cb compare "$T/cp-stream.csv" "$T/cp-whole.csv" >"$T/out" 2>"$T/err"
grep -q 'time different operations on the two sides' "$T/out" && ok || bad "no different-operation note for chacha20-poly1305: $(cat "$T/out")"
cb import "$DATA/openssl3-chacha20-poly1305.log" -aead -o "$T/cp-aead.csv" 2>/dev/null
cb speed -evp chacha20-poly1305 -aead -bytes 16 -iterations 2000 -samples 3 -csv "$T/cp-ours.csv" >/dev/null 2>&1
cb compare "$T/cp-aead.csv" "$T/cp-ours.csv" >"$T/out" 2>"$T/err"
grep -Eq '^chacha20-poly1305 aead +[-+~]?[0-9.]+%' "$T/out" && ! grep -q 'different operations' "$T/out" &&
    ok || bad "an -aead import of chacha20-poly1305 did not meet our -aead run: $(cat "$T/out")"
# our -mr lines spell the EVP rows as the algorithms (OpenSSL 1.1's long names, as for
# aes-256-gcm), and read back as them
cb speed -evp chacha20-poly1305 chacha20 -bytes 16 -iterations 2000 -samples 2 -mr >"$T/cp.mr" 2>/dev/null
grep -q '^+DT:chacha20-poly1305:' "$T/cp.mr" && grep -q '^+F:1:chacha20:' "$T/cp.mr" && ok ||
    bad "speed -mr of the ChaCha algorithms: $(cat "$T/cp.mr")"
cb import "$T/cp.mr" -o "$T/cp-mr.csv" 2>/dev/null &&
    grep -q ',chacha20-poly1305,openssl,encrypt,256,16,' "$T/cp-mr.csv" && grep -q ',chacha20,openssl,encrypt,256,16,' "$T/cp-mr.csv" &&
    ok || bad "our -mr ChaCha lines did not read back: $(cat "$T/cp-mr.csv")"
expect 0 "kept cases cryptobench cannot run itself.*'sha256-16B-updates'" -- import "$DATA/tcrypt-cycles-before.log" -o "$T/cyc-a.csv"
expect 0 "" -- import "$DATA/tcrypt-cycles-after.log" -o "$T/cyc-b.csv"
cb compare "$T/cyc-a.csv" "$T/cyc-b.csv" -style mail >"$T/out" 2>"$T/err" && ok || bad "compare of tcrypt cycle logs failed: $(cat "$T/err")"
grep -Eq '^aes-128-cbc/cbc-aes-ce \(cycles\) +16 +232 +200 +\+16\.00%$' "$T/out" && ok || bad "no cycles line in: $(cat "$T/out")"
grep -q 'marked (cycles), are tcrypt cycle counts per operation' "$T/out" && ok || bad "no cycles note in: $(cat "$T/out")"
grep -Eq '^Algo +blocksize +cycles-before +cycles-after +difference$' "$T/out" && ok || bad "mail labels cycle columns other than cycles: $(grep Algo "$T/out")"
cb compare "$T/cyc-a.csv" "$T/cyc-b.csv" -style markdown >"$T/out" 2>&1
grep -q '| before cycles | after cycles |' "$T/out" && ok || bad "markdown labels cycle columns other than cycles: $(grep algorithm "$T/out")"
expect 1 "" -- compare "$T/cyc-a.csv" "$T/cyc-b.csv" -fail-if-slower 5 -gate-on sha256-16B-updates
expect 0 "" -- compare "$T/cyc-a.csv" "$T/cyc-b.csv" -fail-if-slower 5 -gate-on sha256
expect 2 "-gate-on 'rc4' matches no case in .*they hold: aes-128-cbc, aes-256-cbc, sha256, sha256-16B-updates" -- compare "$T/cyc-a.csv" "$T/cyc-b.csv" -fail-if-slower 5 -gate-on rc4
expect 0 "left out 1 public-key progress line" -- import "$DATA/openssl3-full.log" -o "$T/full.csv"
cb compare "$T/full.csv" "$T/full.csv" -style tcrypt >"$T/out" 2>"$T/err" && ok || bad "compare of an imported report failed: $(cat "$T/err")"
grep -q '^testing speed of camellia-128-cbc (openssl) encryption$' "$T/out" && ok || bad "no camellia heading in: $(head -c 600 "$T/out")"
# (the prime curves import onto their own rows: ecdh (nistp256) is ecdhp256)
grep -q '^testing speed of ecdhp256 (openssl) derive$' "$T/out" && ok || bad "no ecdh heading in: $(head -c 600 "$T/out")"
expect 0 "left out 1 -mr KEM or signature line" -- import "$DATA/openssl-pkey-mr.log" -o "$T/mr.csv"
printf 'hello\n' >"$T/junk.log"
expect 2 "junk.log:1: nothing recognisable" -- import "$T/junk.log" -o "$T/junk.csv"
[ -e "$T/junk.csv" ] && bad "a failed import wrote a file" || ok
expect 2 "import: option -variant has an empty value" -- import "$DATA/graviton2-after.log" -variant "" -o "$T/v.csv"

# --- HMAC as `openssl speed -hmac DIGEST` has it --------------------------------------
cb speed -hmac sha256 -bytes 64 -seconds 0.1 >"$T/out" 2>"$T/err" && ok || bad "speed -hmac sha256 failed: $(cat "$T/err")"
grep -Eq '^hmac\(sha256\) +[0-9]+\.[0-9]{2}k?$' "$T/out" && ok || bad "no hmac(sha256) row: $(cat "$T/out")"
grep -Eq "^Doing hmac\(sha256\) for 0.1s on 64 size blocks: [0-9]+ hmac\(sha256\)'s in" "$T/err" && ok || bad "no hmac progress line: $(cat "$T/err")"
expect 2 "^cryptobench: speed: -hmac 'nosuch' is not one of the digests HMAC is built on: md5, sha1, .*sha3-512\.$" -- speed -hmac nosuch
expect 2 "^cryptobench: speed: -hmac 'md4' is not one of the digests HMAC is built on: md5, " -- speed -hmac md4
[ "$(wc -l <"$T/err")" -eq 1 ] && ok || bad "-hmac nosuch printed more than one line: $(cat "$T/err")"
expect 2 "-hmac 'aes-128-cbc' is not one of the digests HMAC is built on" -- speed -hmac aes-128-cbc
expect 2 "option -hmac needs a value" -- speed -hmac
# -hmac DIGEST is -evp 'hmac(DIGEST)' with any spelling of the digest; `hmac` alone
# is OpenSSL's hmac(md5); -mr names rows as OpenSSL does.
cb speed -hmac SHA-512 hmac-sha1 'HMAC(sha3-256)' hmac -bytes 16 -seconds 0.02 -mr >"$T/mr" 2>"$T/err" && ok || bad "speed with HMAC spellings failed: $(cat "$T/err")"
for n in 'hmac(sha512)' 'hmac(sha1)' 'hmac(sha3-256)' 'hmac(md5)'; do
    grep -Fq "+DT:$n:0.02:16" "$T/mr" && grep -Eq "^\+F:[0-9]+:$(echo "$n" | sed 's/[()]/\\&/g'):" "$T/mr" && ok || bad "-mr has no +DT/+F lines for $n: $(cat "$T/mr")"
done
cb speed -evp 'hmac(sha256)' -variant all -bytes 16 -seconds 0.02 >"$T/out" 2>"$T/err" && ok || bad "speed hmac(sha256) -variant all failed: $(cat "$T/err")"
# every variant of sha256 this CPU can run has a row of hmac(sha256)
for v in $(cb list | awk '/^[^ ]/ { f = $1 == "sha256"; next }
                          f { if ($1 == "*") { $1 = ""; $0 = $0 } if ($4 == "available") print $1 }'); do
    grep -q "^hmac(sha256)/$v " "$T/out" && ok || bad "-variant all has no hmac(sha256)/$v row: $(cat "$T/out")"
done
auto_digest=$(cb caps -mr | awk '$1 == "auto" && $2 == "sha256" { print $4 }')
auto_hmac=$(cb caps -mr | awk '$1 == "auto" && $2 == "hmac(sha256)" { print $4 }')
[ -n "$auto_hmac" ] && [ "$auto_hmac" = "$auto_digest" ] && ok || bad "auto picks $auto_hmac for hmac(sha256) but $auto_digest for sha256"
cb list -algorithms | grep -qx 'hmac(sha512-224)' && ok || bad "list -algorithms has no hmac(sha512-224)"
# kat on the RFC 2202 / 4231 files, and a wrong MAC is caught as one failure
V=${CRYPTOBENCH_VECTORS:-/usr/lib/python3/dist-packages/cryptography_vectors}/HMAC
if [ -f "$V/rfc-4231-sha256.txt" ]; then
    expect 0 "" -- kat "$V/rfc-2202-md5.txt" "$V/rfc-4231-sha512.txt"
    grep -q 'rfc-4231-sha512.txt  generic  passed 6  failed 0  skipped 0' "$T/out" && ok || bad "kat rfc-4231-sha512.txt: $(cat "$T/out")"
    sed '0,/^MD = 3a854166/s//MD = 3a854167/' "$V/rfc-4231-sha224.txt" >"$T/rfc-4231-sha224.txt"
    expect 1 "" -- kat "$T/rfc-4231-sha224.txt"
    grep -q 'generic  passed 5  failed 1 ' "$T/out" && ok || bad "a corrupted rfc-4231-sha224.txt was not one failure: $(cat "$T/out")"
    # a truncated MD (RFC 4231 section 4.6, test case 5) is compared as truncated
    printf 'Len = 160\nKey = %s\nMsg = %s\nMD = a3b6167473100ee06e0c796c2955552b\n' \
        0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c 546573742057697468205472756e636174696f6e >"$T/case5.txt"
    expect 0 "" -- kat -alg hmac-sha256 "$T/case5.txt"
    grep -q 'generic  passed 1  failed 0' "$T/out" && ok || bad "kat of RFC 4231 case 5 truncated: $(cat "$T/out")"
    expect 2 "rfc-2286-ripemd160.txt is not a supported KAT file" -- kat "$V/rfc-2286-ripemd160.txt"
else
    bad "no $V: the kat HMAC checks cannot run; install python3-cryptography-vectors (make check-deps)"
fi
# --- CMAC as `openssl speed -cmac CIPHER` has it --------------------------------------
cb speed -cmac aes-128-cbc -bytes 64 -seconds 0.1 >"$T/out" 2>"$T/err" && ok || bad "speed -cmac aes-128-cbc failed: $(cat "$T/err")"
grep -Eq '^cmac\(aes-128-cbc\) +[0-9]+\.[0-9]{2}k?$' "$T/out" && ok || bad "no cmac(aes-128-cbc) row: $(cat "$T/out")"
grep -Eq "^Doing cmac\(aes-128-cbc\) for 0.1s on 64 size blocks: [0-9]+ cmac\(aes-128-cbc\)'s in" "$T/err" && ok || bad "no cmac progress line: $(cat "$T/err")"
expect 2 "^cryptobench: speed: -cmac 'aes-128-ecb' is not one of the ciphers CMAC is built on: aes-128-cbc, aes-192-cbc, aes-256-cbc\.$" -- speed -cmac aes-128-ecb
[ "$(wc -l <"$T/err")" -eq 1 ] && ok || bad "-cmac aes-128-ecb printed more than one line: $(cat "$T/err")"
expect 2 "option -cmac needs a value" -- speed -cmac
cb speed -cmac aes256 'CMAC(AES-192-CBC)' -bytes 16 -seconds 0.02 -mr >"$T/mr" 2>"$T/err" && ok || bad "speed with CMAC spellings failed: $(cat "$T/err")"
for n in 'cmac(aes-256-cbc)' 'cmac(aes-192-cbc)'; do
    grep -q "^+F:[0-9]*:$n:" "$T/mr" && ok || bad "-mr has no $n row: $(cat "$T/mr")"
done
V=${CRYPTOBENCH_VECTORS:-/usr/lib/python3/dist-packages/cryptography_vectors}/CMAC
if [ -f "$V/nist-800-38b-aes128.txt" ]; then
    expect 0 "" -- kat "$V/nist-800-38b-aes128.txt" "$V/nist-800-38b-aes256.txt"
    grep -q 'nist-800-38b-aes256.txt  generic  passed 4  failed 0  skipped 0' "$T/out" && ok || bad "kat nist-800-38b-aes256.txt: $(cat "$T/out")"
    sed 's/^OUTPUT = 070a16b46b4d4144f79bdd9dd04a287c/OUTPUT = 070a16b46b4d4144f79bdd9dd04a287d/' "$V/nist-800-38b-aes128.txt" >"$T/nist-800-38b-aes128.txt"
    expect 1 "" -- kat "$T/nist-800-38b-aes128.txt"
    grep -q 'generic  passed 3  failed 1 ' "$T/out" && ok || bad "a corrupted nist-800-38b-aes128.txt was not one failure: $(cat "$T/out")"
else
    bad "no $V: the kat CMAC checks cannot run; install python3-cryptography-vectors (make check-deps)"
fi
# --- rand as `openssl speed rand` has it: CTR_DRBG output of each block -----------------
cb speed rand -bytes 64 -seconds 0.1 >"$T/out" 2>"$T/err" && ok || bad "speed rand failed: $(cat "$T/err")"
grep -Eq '^rand +[0-9]+\.[0-9]{2}k?$' "$T/out" && ok || bad "no rand row: $(cat "$T/out")"
grep -Eq "^Doing rand for 0.1s on 64 size blocks: [0-9]+ rand's in" "$T/err" && ok || bad "no rand progress line: $(cat "$T/err")"
# a request past OpenSSL's 64 KiB max_request is served in pieces, as RAND_bytes does
cb speed rand -bytes 70000 -seconds 0.05 >"$T/out" 2>"$T/err" && ok || bad "speed rand -bytes 70000 failed: $(cat "$T/err")"
cb selftest rand >"$T/out" 2>"$T/err" && ok || bad "selftest rand failed: $(cat "$T/out" "$T/err")"
grep -q '^PASS  *rand  *generic ' "$T/out" && ok || bad "selftest rand has no generic PASS: $(cat "$T/out")"

# AES OFB, CFB, CFB8 and XTS: speed names, XTS's shortest data unit, the CAVP files
cb speed -evp aes-128-xts aes-256-xts aes-192-ofb aes-128-cfb aes-256-cfb8 -decrypt -bytes 17 -seconds 0.02 -mr >"$T/mr" 2>"$T/err" && ok || bad "speed of the new AES modes failed: $(cat "$T/err")"
for n in aes-128-xts aes-256-xts aes-192-ofb aes-128-cfb aes-256-cfb8; do
    grep -q "^+F:[0-9]*:$n:" "$T/mr" && ok || bad "-mr has no +F line for $n: $(cat "$T/mr")"
done
expect 2 "aes-128-xts encrypts data units of at least 16 bytes, so 15 bytes cannot be timed; give 16 or more" -- speed -evp aes-128-xts -bytes 15 -seconds 0.02
V=${CRYPTOBENCH_VECTORS:-/usr/lib/python3/dist-packages/cryptography_vectors}/ciphers/AES
if [ -f "$V/XTS/tweak-128hexstr/XTSGenAES128.rsp" ]; then
    expect 0 "" -- kat -variant generic "$V/XTS/tweak-128hexstr/XTSGenAES128.rsp" "$V/XTS/tweak-dataunitseqno/XTSGenAES256.rsp" "$V/CFB/CFB8MMT192.rsp" "$V/OFB/OFBGFSbox256.rsp" "$V/CFB/CFB128VarTxt128.rsp"
    grep -q 'XTSGenAES128.rsp  generic  passed 800  failed 0  skipped 200' "$T/out" && ok || bad "kat XTSGenAES128.rsp (130-bit data units skipped): $(cat "$T/out")"
    grep -q 'XTSGenAES256.rsp  generic  passed 600  failed 0  skipped 400' "$T/out" && ok || bad "kat XTSGenAES256.rsp: $(cat "$T/out")"
    grep -q 'CFB8MMT192.rsp  generic  passed 20  failed 0  skipped 0' "$T/out" && ok || bad "kat CFB8MMT192.rsp: $(cat "$T/out")"
    # a wrong ciphertext in a stealing record (DataUnitLen = 200) is one failure
    awk '!done && /^DataUnitLen = 200/ { hit = 1 }
         hit && !done && /^CT = / { c = substr($0, 6, 1); $0 = "CT = " (c == "0" ? "1" : "0") substr($0, 7); done = 1 }
         { print }' "$V/XTS/tweak-128hexstr/XTSGenAES128.rsp" >"$T/XTSGenAES128.rsp"
    expect 1 "" -- kat -variant generic "$T/XTSGenAES128.rsp"
    grep -q 'generic  passed 799  failed 1 ' "$T/out" && ok || bad "a corrupted XTSGenAES128.rsp was not one failure: $(cat "$T/out")"
    expect 2 "CFB1MMT128.rsp is not a supported KAT file" -- kat "$V/CFB/CFB1MMT128.rsp"
else
    bad "no $V: the kat OFB/CFB/XTS checks cannot run; install python3-cryptography-vectors (make check-deps)"
fi

# AES CCM: speed names, its length limit, the CAVP files, a corrupted one
cb speed -evp aes-128-ccm aes-256-ccm -aead -decrypt -bytes 17 -seconds 0.02 -mr >"$T/mr" 2>"$T/err" && ok || bad "speed of CCM failed: $(cat "$T/err")"
for n in aes-128-ccm aes-256-ccm; do
    grep -q "^+F:[0-9]*:$n:" "$T/mr" && ok || bad "-mr has no +F line for $n: $(cat "$T/mr")"
done
expect 2 "aes-192-ccm cannot time 16777216 bytes under its 12-byte nonce" -- speed -evp aes-192-ccm -bytes 16777216 -seconds 0.02
V=${CRYPTOBENCH_VECTORS:-/usr/lib/python3/dist-packages/cryptography_vectors}/ciphers/AES/CCM
if [ -f "$V/DVPT128.rsp" ]; then
    expect 0 "" -- kat -variant generic "$V/DVPT192.rsp" "$V/VADT128.rsp" "$V/VNT256.rsp"
    grep -q 'DVPT192.rsp  generic  passed 240  failed 0  skipped 0' "$T/out" && ok || bad "kat DVPT192.rsp: $(cat "$T/out")"
    grep -q 'VADT128.rsp  generic  passed 330  failed 0  skipped 0' "$T/out" && ok || bad "kat VADT128.rsp: $(cat "$T/out")"
    grep -q 'VNT256.rsp  generic  passed 70  failed 0  skipped 0' "$T/out" && ok || bad "kat VNT256.rsp: $(cat "$T/out")"
    # the first Fail record (Plen = 0, so no Payload) marked Pass is one failure:
    # its forged tag is still rejected
    awk '!done && /^Result = Fail/ { $0 = "Result = Pass"; done = 1 } { print }' \
        "$V/DVPT128.rsp" >"$T/DVPT128.rsp"
    expect 1 "" -- kat -variant generic "$T/DVPT128.rsp"
    grep -q 'generic  passed 239  failed 1 ' "$T/out" && ok || bad "a corrupted DVPT128.rsp was not one failure: $(cat "$T/out")"
    # one ciphertext bit flipped in a sealing file
    sed '0,/^CT = 1f/s//CT = 1e/' "$V/VADT128.rsp" >"$T/VADT128.rsp"
    expect 1 "" -- kat -variant generic "$T/VADT128.rsp"
    grep -q 'generic  passed 329  failed 1 ' "$T/out" && ok || bad "a corrupted VADT128.rsp was not one failure: $(cat "$T/out")"
else
    bad "no $V: the kat CCM checks cannot run; install python3-cryptography-vectors (make check-deps)"
fi

# --- compare and import as commands (from the shell, as users run them) --------------
B=$DATA/oe2013-before.csv
A=$DATA/oe2013-after.csv
expect 0 "" -- compare "$B" "$A" -style mail
grep -q -- '-14.28%' "$T/out" && ok || bad "compare -style mail lacks md5's -14.28%: $(cat "$T/out")"
# one-sample cases are gated on their difference: md5 lost 14.28%
expect 1 "" -- compare "$B" "$A" -fail-if-slower 10%
grep -q 'FAILED by 1 case' "$T/out" "$T/err" && ok || bad "compare -fail-if-slower 10% did not say FAILED by 1 case"
expect 0 "" -- compare "$B" "$A" -fail-if-slower 15
expect 0 "" -- compare "$B" "$A" -fail-if-slower 10% -gate-on sha256
expect 0 "" -- compare "$B" "$A" -format json
expect 2 "-style 'fancy' is unknown" -- compare "$B" "$A" -style fancy
expect 2 "-format 'mail' is not a format" -- compare "$B" "$A" -format mail
expect 2 "" -- compare "$B" "$A" -style json -format csv
# -style takes a format too: the CSV on stdout, the summary on stderr
expect 0 "1 regression, 1 improvement" -- compare "$B" "$A" -style csv
grep -q '^md5,digest,0,16,' "$T/out" && ok || bad "compare -style csv has no md5 row: $(head -c 300 "$T/out")"
expect 0 "" -- compare -list-styles
grep -Eq '^json +format ' "$T/out" && grep -Eq '^matrix +style ' "$T/out" && ok || bad "compare -list-styles: $(cat "$T/out")"
expect 2 "" -- compare "$B" "$A" -fail-if-slower lots
expect 2 "" -- compare "$B" "$A" -gate-on nosuch -fail-if-slower 5
expect 2 "" -- compare "$B" "$A" -gate-on md5
expect 2 "/nonexistent.csv: cannot open" -- compare "$B" /nonexistent.csv
expect 2 "graviton2-after.log:1: " -- compare "$B" "$DATA/graviton2-after.log"
expect 2 "" -- compare "$B"
expect 2 "" -- compare
expect 0 "" -- compare -help
# import writes a CSV compare reads, and nothing when it fails
expect 0 "" -- import "$DATA/graviton2-after.log" -o "$T/imp.csv"
expect 0 "" -- compare "$T/imp.csv" "$T/imp.csv"
expect 2 "nothing recognisable" -- import "$B" -o "$T/imp-bad.csv"
[ -e "$T/imp-bad.csv" ] && bad "a failed import left $T/imp-bad.csv" || ok
expect 2 "" -- import "$DATA/graviton2-after.log"

# --- compare styles and formats: one table (reports/styles/styles.h), read by both commands ---
cb compare -list-styles >"$T/styles" 2>"$T/err" && ok || bad "compare -list-styles failed: $(cat "$T/err")"
# A bad -style gets the same sentence from compare and speed, naming every row.
cb compare "$data/oe2013-before.csv" "$data/oe2013-after.csv" -style bogus >/dev/null 2>"$T/err-compare"
cb speed md5 -style bogus >/dev/null 2>"$T/err-speed"
cmp -s "$T/err-compare" "$T/err-speed" && ok || bad "compare and speed word a bad -style differently: $(cat "$T/err-compare" "$T/err-speed")"
while read -r name kind _; do
    grep -q "$name" "$T/err-compare" && ok || bad "the -style error does not name $kind $name: $(cat "$T/err-compare")"
    for c in compare speed; do
        cb $c -help | grep -Eq "^ +$name +" && ok || bad "$c -help does not list $kind $name"
    done
done <"$T/styles"
# The docs against the tables and parsers: the same text and the same C on every
# architecture, so an emulated run (check-cross) leaves them to the native one.
if [ -z "$RUN" ]; then
# The docs list the table's styles, all of them and no other (tests/cli/docs_styles.sh);
# the check itself must catch a doc that lacks one, names an unknown one or uses one.
docs_check=$(dirname "$0")/docs_styles.sh
sh "$docs_check" "$BIN" "$RUN" >"$T/docs" 2>&1 && ok || bad "the docs disagree with the style table: $(cat "$T/docs")"
mkdir -p "$T/root/docs"
root=$(dirname "$0")/../..
cp "$root/docs/compare.md" "$root/docs/cryptobench.1" "$T/root/docs/"
sed -e 's/`markdown`//' -e '$a\
Try `compare a.csv b.csv -style fancy`.' "$root/README.md" >"$T/root/README.md"
sed -i '/^- `markdown`/i\
- `fancy`: a style nobody wrote.' "$T/root/docs/compare.md"
sed -i '/^\.B tcrypt$/d' "$T/root/docs/cryptobench.1"
if sh "$docs_check" "$BIN" "$RUN" "$T/root" >"$T/docs" 2>&1; then
    bad "docs_styles.sh passed docs that disagree with the style table"
else
    ok
fi
for want in "README.md does not list the style markdown" \
    "docs/compare.md lists a style fancy the table does not have" \
    "docs/cryptobench.1 does not list the style tcrypt" \
    "README.md uses -style/-format fancy"; do
    grep -qF "$want" "$T/docs" && ok || bad "docs_styles.sh did not say '$want': $(cat "$T/docs")"
done
# The docs list the export formats of the table, and the one that gates
# (tests/cli/docs_export.sh); the check must catch a doc that lacks one or adds one.
export_check=$(dirname "$0")/docs_export.sh
sh "$export_check" "$BIN" "$RUN" >"$T/docs" 2>&1 && ok || bad "the docs disagree with the export table: $(cat "$T/docs")"
mkdir -p "$T/xroot/docs"
cp "$root/README.md" "$T/xroot/"
sed -e 's/^### `lava`/### `lavish`/' -e 's/bmf, github, gobench, googlebench, lava and junit/bmf, github, gobench, googlebench and junit/' \
    "$root/docs/export.md" >"$T/xroot/docs/export.md"
sed '/^\.B gobench$/d' "$root/docs/cryptobench.1" >"$T/xroot/docs/cryptobench.1"
if sh "$export_check" "$BIN" "$RUN" "$T/xroot" >"$T/docs" 2>&1; then
    bad "docs_export.sh passed docs that disagree with the export table"
else
    ok
fi
for want in "docs/export.md (## Formats) does not list the format lava" \
    "docs/export.md (## Formats) lists a format the table does not have: lavish" \
    "docs/export.md (exit status) does not list the format lava" \
    "docs/cryptobench.1 (export -format) does not list the format gobench"; do
    grep -qF "$want" "$T/docs" && ok || bad "docs_export.sh did not say '$want': $(cat "$T/docs")"
done
# The man page lists every option the parsers take (tests/cli/docs_options.sh, which
# asks the binary); the check must catch an option or a global option whose entry is
# gone, and a document make install does not install.
opts_check=$(dirname "$0")/docs_options.sh
sh "$opts_check" "$BIN" "$RUN" >"$T/docs" 2>&1 && ok || bad "the man page misses options: $(cat "$T/docs")"
sed -e '/^\.TP$/{N;/\n\.B \\-inplace$/d;/\n\.BI \\-alpha /d;/\n\.BR \\-version /d;}' \
    -e '$a\
See nosuch.md.' "$root/docs/cryptobench.1" >"$T/root/docs/cryptobench.1"
if sh "$opts_check" "$BIN" "$RUN" "$root" "$T/root/docs/cryptobench.1" >"$T/docs" 2>&1; then
    bad "docs_options.sh passed a man page without -inplace, -alpha and -version"
else
    ok
fi
for want in "speed takes -inplace, but its man page section does not list it" \
    "compare takes -alpha, but" "cryptobench -version works, but" \
    "the man page names nosuch.md, which make install does not install"; do
    grep -qF "$want" "$T/docs" && ok || bad "docs_options.sh did not say '$want': $(cat "$T/docs")"
done
else
    echo "cli: the docs checks run natively only (they read no architecture's code)"
fi

# kat: a CCM record whose CT disagrees with Plen + Tlen (4 bytes for 0 + 16) is
# refused with FILE:LINE and exit 2, and frees what it decoded: under the
# leak-checking build (`make check-asan`) a leak turns the exit status into 1.
# Then the command over the engine (kernels/check/kat/kat.h): -variant read by
# kernels/select.h, and a refused file prints no report, not even for the good
# files before it.
printf 'Alen = 0\nNlen = 7\nTlen = 16\n\n[Plen = 0]\n\nKey = 2ebf60f0969013a54a3dedb19d20f6c8\nNonce = 1de8c5e21f9db3\n\nCount = 0\nAdata = 00\nPayload = 00\nCT = 00000000\n' >"$T/VPT128.rsp"
expect 2 "VPT128.rsp:10: CT has 4 bytes, expected 16\.$" -- kat "$T/VPT128.rsp"
[ "$(wc -l <"$T/err")" -eq 1 ] && ok || bad "kat of a bad CCM file said more than one sentence: $(cat "$T/err")"
printf 'Alen = 0\nNlen = 7\nTlen = 4\n\n[Plen = 1]\n\nKey = 2ebf60f0969013a54a3dedb19d20f6c8\nNonce = 1de8c5e21f9db3\n\nCount = 0\nAdata = 00\nPayload = 0000\nCT = 0000000000\n' >"$T/VPT128.rsp"
expect 2 "VPT128.rsp:10: Payload has 2 bytes, expected 1\.$" -- kat "$T/VPT128.rsp"
M=${CRYPTOBENCH_VECTORS:-/usr/lib/python3/dist-packages/cryptography_vectors}/hashes/MD5/rfc-1321.txt
if [ -f "$M" ]; then
    expect 0 "" -- kat "$M"
    grep -q 'rfc-1321.txt  generic  passed 7  failed 0  skipped 0' "$T/out" && ok || bad "kat with no -variant: $(cat "$T/out")"
    expect 0 "" -- kat -variant auto "$M"
    [ "$(grep -c ' passed ' "$T/out")" -eq 1 ] && ok || bad "kat -variant auto ran other than one variant: $(cat "$T/out")"
    expect 2 "kat: -variant 'nosuch' is not a variant of this build; its variants are: ([a-z0-9-]+,)*generic" -- kat -variant generic,nosuch "$M"
    expect 2 "kat: -variant all stands alone" -- kat -variant all,generic "$M"
    expect 2 "kat: -alg 'nosuch' is not an algorithm" -- kat -alg nosuch "$M"
    expect 2 "kat: give one or more known-answer files" -- kat
    printf '[ENCRYPT]\n\nCOUNT = 0\nKEY = 0000\nPLAINTEXT = 00\nCIPHERTEXT = 00\n' >"$T/ECBGFSbox128.rsp"
    expect 2 "ECBGFSbox128.rsp:4: KEY has 2 bytes" -- kat "$M" "$T/ECBGFSbox128.rsp"
    [ ! -s "$T/out" ] && ok || bad "kat printed a report for a refused run: $(cat "$T/out")"
    # the help lists every kind of file from the table identification reads
    expect 0 "" -- kat -h
    grep -q 'AES CCM: {VADT,VNT,VPT,VTT,DVPT}{128,192,256}.rsp' "$T/out" && ok || bad "kat -h does not list the CCM files: $(cat "$T/out")"
    cp "$M" "$T/renamed.txt"
    expect 2 "renamed.txt is not a supported KAT file.*cryptobench kat -h" -- kat "$T/renamed.txt"
else
    bad "no $M: the kat command checks cannot run; install python3-cryptography-vectors (make check-deps)"
fi

# --- one stream of records: a case that faults is a row in every output -----------------
# On an x86-64 host, qemu-x86_64 -cpu Westmere is a CPU without the SHA extensions;
# forcing the capability on makes the shani variant raise SIGILL.  It does so in its
# check before timing, so every output must still show it: the table as "faulted",
# the CSV as a faulted row per size (signal, note), the JSON as a faulted case.
# (Not an AddressSanitizer build: its shadow memory does not fit under qemu-user.)
if qemu_x86 && cb list | grep -q ' shani '; then
    Q="qemu-x86_64 -cpu Westmere"
    # shellcheck disable=SC2086
    CRYPTOBENCH_CAPS=+sha $Q "$BIN" speed sha256 md5 -force-caps -bytes 16,64 -iterations 50 -samples 2 \
        -csv "$T/fault.csv" -json "$T/fault.json" >"$T/fault.out" 2>"$T/fault.err"
    rc=$?
    [ "$rc" -eq 3 ] && ok || bad "a faulting run exited $rc, expected 3: $(cat "$T/fault.err")"
    grep -q 'variant shani of sha256 raised SIGILL: this CPU lacks sha' "$T/fault.err" && ok || bad "no fault message: $(cat "$T/fault.err")"
    grep -Eq '^sha256 +faulted +faulted $' "$T/fault.out" && ok || bad "the table does not show sha256 as faulted: $(cat "$T/fault.out")"
    grep -Eq '^md5 +[0-9.]+k? +[0-9.]+k?$' "$T/fault.out" && ok || bad "the table lost md5: $(cat "$T/fault.out")"
    n=$(grep -c ',sha256,shani,digest,.*,faulted,.*,SIGILL,this CPU lacks sha,,,,,,,,0,0,,,,,0,.$' "$T/fault.csv")
    [ "$n" -eq 2 ] && ok || bad "the CSV has $n faulted sha256 rows, expected 2 (one per size): $(cat "$T/fault.csv")"
    [ "$(grep -c ',md5,generic,.*,ok,' "$T/fault.csv")" -eq 4 ] && ok || bad "the CSV lost md5's samples"
    cb compare "$T/fault.csv" "$T/fault.csv" -style mail >"$T/out" 2>"$T/err" && ok || bad "compare of a CSV with faulted rows failed: $(cat "$T/err")"
    grep -q 'holds 2 samples that were not measured (faulted, failed its check or skipped); they are left out' "$T/err" && ok || bad "compare did not leave the faulted rows out: $(cat "$T/err")"
    if command -v python3 >/dev/null; then
        python3 - "$T/fault.json" <<'PY' && ok || bad "the JSON lacks the faulted case: $(head -c 600 "$T/fault.json")"
import json, sys
d = json.load(open(sys.argv[1]))
got = [(c["algorithm"], c["block_bytes"], c["status"], c["signal"]) for c in d["cases"]]
assert got == [("sha256", 16, "faulted", "SIGILL"), ("sha256", 64, "faulted", "SIGILL"),
               ("md5", 16, "ok", ""), ("md5", 64, "ok", "")], got
assert all(c["ops_per_sec"] is None and c["note"] for c in d["cases"][:2]), d["cases"][:2]
PY
    fi
    # Several variants: the faulting one keeps its row beside the one that runs, in
    # the table, -mr (as 0, which scripts parse) and the CSV.
    # shellcheck disable=SC2086
    CRYPTOBENCH_CAPS=+sha $Q "$BIN" speed sha256 -variant generic,shani -force-caps -bytes 16 -iterations 50 -samples 2 \
        -csv "$T/fault2.csv" >"$T/fault.out" 2>"$T/fault.err"
    [ $? -eq 3 ] && ok || bad "speed -variant generic,shani under a forced capability did not exit 3"
    grep -Eq '^sha256/shani +faulted $' "$T/fault.out" && grep -Eq '^sha256/generic +[0-9.]+k?$' "$T/fault.out" && ok || bad "-variant generic,shani lacks a row: $(cat "$T/fault.out")"
    grep -q ',sha256,shani,.*,faulted,' "$T/fault2.csv" && ok || bad "the CSV lacks the faulted variant"
    # shellcheck disable=SC2086
    CRYPTOBENCH_CAPS=+sha $Q "$BIN" speed sha256 -variant generic,shani -force-caps -bytes 16 -iterations 50 -samples 1 -mr >"$T/fault.out" 2>/dev/null
    grep -Eq '^\+F:1:sha256/shani:0\.00$' "$T/fault.out" && ok || bad "-mr lacks the faulted row: $(cat "$T/fault.out")"
else
    echo "cli: not a plain native x86-64 build with shani; the faulted-row checks do not apply"
fi
# A CSV of schema 1.4 with rows that were not measured reads back; a measured row
# still needs a rate.  (Fields counted from the end: the run columns hold quoted
# commas; the last four, a built-in variant's library columns, are empty.)
tr -d '\r' <"$T/run.csv" | head -n 2 >"$T/failed.csv"
tail -n 1 "$T/failed.csv" | awk -F, -v OFS=, '{ for (i = 29; i >= 26; i--) $(NF - i) = 0; $(NF - 23) = "failed"; $(NF - 15) = "failed its check" } 1' >>"$T/failed.csv"
cb compare "$T/failed.csv" "$T/failed.csv" >/dev/null 2>"$T/err" && ok || bad "a CSV with a failed row does not read: $(cat "$T/err")"
tail -n 1 "$T/failed.csv" | sed 's/,failed,/,ok,/' >>"$T/failed.csv"
expect 2 "ops_per_sec is 0 in a row with status ok" -- compare "$T/failed.csv" "$T/failed.csv"

# --- libraries as variants: -lib, -lib-env, -variant openssl --------------------------
expect 2 "-lib 'x' must be NAME=PATH" -- speed md5 -lib x
expect 2 "-lib 'auto=/x' must be NAME=PATH" -- selftest -lib auto=/x
expect 2 "-lib names 'a' twice" -- list -lib a=/x -lib a=/y
expect 2 "-lib-env 'openssl' must be NAME:VAR=VALUE" -- speed md5 -lib-env openssl
expect 2 "-lib-env 'a:1X=1' must be NAME:VAR=VALUE" -- speed md5 -lib-env a:1X=1
expect 2 "names library 'zz', which no -lib loads" -- kat -lib-env zz:X=1 /dev/null
# one value per variable and library (issue 28 item 9), refused before anything loads
expect 2 "-lib-env sets OPENSSL_ia32cap for library 'a' twice \('a:OPENSSL_ia32cap=0x0', then 'a:OPENSSL_ia32cap=0x1'\)" -- \
    speed md5 -lib a=/x -lib-env a:OPENSSL_ia32cap=0x0 -lib-env a:OPENSSL_ia32cap=0x1
expect 2 "-lib-env sets OPENSSL_armcap for library 'openssl' twice" -- \
    caps -sweep -evp sha256 -lib-env openssl:OPENSSL_armcap=0 -lib-env openssl:OPENSSL_armcap=0
# at most 11 libraries, refused before any is loaded (issue 28 item 8)
expect 2 "-lib is given more than 11 times, and at most 11 libraries load in one run" -- \
    list -lib a1=/x -lib a2=/x -lib a3=/x -lib a4=/x -lib a5=/x -lib a6=/x -lib a7=/x \
    -lib a8=/x -lib a9=/x -lib a10=/x -lib a11=/x -lib a12=/x
if cb list -lib x=/nonexistent 2>&1 | grep -q "linked statically"; then
    # a static build (linux-ppc64) says so for any library, and loads none
    expect 2 "linked statically and cannot load library '/nonexistent/libcrypto.so.3'" -- speed md5 -lib a=/nonexistent/libcrypto.so.3 -variant a
    expect 2 "linked statically" -- caps -sweep -evp sha256 -lib a=/nonexistent/libcrypto.so.3 -iterations 10
else
expect 2 "cannot load library '/nonexistent/libcrypto.so.3': No such file" -- speed md5 -lib a=/nonexistent/libcrypto.so.3 -variant a
expect 2 "cannot load library '$T': it is not a regular file" -- list -lib d="$T"
expect 2 "the variant name 'generic' is taken already" -- selftest -lib generic=/nonexistent
echo "not a library" >"$T/notalib.so"
expect 2 "cannot load variant 'x': '$T/notalib.so' is not an ELF shared library: it does not begin with the ELF magic number" -- speed md5 -lib x="$T/notalib.so" -variant x
: >"$T/empty.so"
expect 2 "cannot load variant 'x': '$T/empty.so' is not an ELF shared library: the file is empty" -- list -lib x="$T/empty.so"
# Files the loader would crash on or misreport are checked first, and named (issue 28
# items 5 and 10): a cut libcrypto, another machine's library.
sys=$(cb list 2>/dev/null | awk '$1 == "openssl" && $2 == "library" && $5 == "available" && $NF ~ /\)$/ { print $NF; exit }' | tr -d '()')
if [ -f "$sys" ]; then
    mkdir -p "$T/cut"
    head -c 100000 "$sys" >"$T/cut/libcrypto.so.3"
    expect 2 "cannot load variant 'x': '$T/cut/libcrypto.so.3' is truncated: its segments need [0-9]+ bytes, the file has 100000" -- \
        speed -evp sha256 -lib x="$T/cut/libcrypto.so.3" -variant x
    # the same file as the libcrypto.so.3 the loader finds first: list and caps say so
    # and go on without it, -variant openssl is refused
    for c in list caps; do
        LD_LIBRARY_PATH="$T/cut" $RUN "$BIN" $c >"$T/out" 2>"$T/err"
        got=$?
        [ "$got" -eq 0 ] && grep -q "warning: $c: cannot load variant 'openssl': '$T/cut/libcrypto.so.3' is truncated" "$T/err" &&
            ! grep -Eq '^ +openssl +library' "$T/out" && ok ||
            bad "$c with a cut libcrypto.so.3 on LD_LIBRARY_PATH exited $got: $(head -c 300 "$T/err")"
    done
    LD_LIBRARY_PATH="$T/cut" $RUN "$BIN" speed sha256 -variant openssl >/dev/null 2>"$T/err"
    got=$?
    [ "$got" -eq 2 ] && grep -q "cannot load variant 'openssl': '$T/cut/libcrypto.so.3' is truncated" "$T/err" && ok ||
        bad "speed -variant openssl with a cut libcrypto.so.3 exited $got: $(head -c 300 "$T/err")"
    # eleven libraries load (the limit), and list says when openssl is left out for them
    libs=""
    for i in 1 2 3 4 5 6 7 8 9 10 11; do libs="$libs -lib l$i=$sys"; done
    # shellcheck disable=SC2086
    cb list $libs >"$T/out" 2>"$T/err"
    got=$?
    [ "$got" -eq 0 ] && grep -Eq '^ +l11 +library +prio 0 +available' "$T/out" &&
        grep -q "warning: list: the system libcrypto is left out (as variant openssl): the 11 -lib options take all 11 places" "$T/err" &&
        ok || bad "list with 11 -lib exited $got: $(head -c 300 "$T/err")"
    # shellcheck disable=SC2086
    expect 2 "the system libcrypto \(variant openssl\) would be library 12, and at most 11 load in one run" -- \
        speed sha256 $libs -variant l1,openssl
    # the loader's refusal names the library that did not fit: glibc told to keep a
    # small static TLS reserve takes two
    if [ -z "$RUN" ] && [ "$(uname -m)" = x86_64 ]; then
        GLIBC_TUNABLES=glibc.rtld.nns=1:glibc.rtld.optional_static_tls=0 "$BIN" speed sha256 -bytes 16 -iterations 10 \
            -samples 1 -lib l1="$sys" -lib l2="$sys" -lib l3="$sys" -variant l1 >/dev/null 2>"$T/err"
        got=$?
        [ "$got" -eq 2 ] && grep -q "for variant 'l3': the dynamic loader has no room left for it after 2 libraries" "$T/err" && ok ||
            bad "a third library past a small static TLS reserve exited $got: $(head -c 300 "$T/err")"
    fi
fi
# a library's version string reaches the terminal escaped, whatever it holds (issue 28
# item 11): tests/fake's library says what FAKECRYPTO_VERSION tells it to
fake=$(dirname "$BIN")/tests/libfakecrypto.so
if [ -f "$fake" ]; then
    hostile=$(printf 'fake\033[31m red\377\007')
    for c in "list" "caps" "caps -mr"; do
        # shellcheck disable=SC2086
        cb $c -lib f="$fake" -lib-env f:FAKECRYPTO_VERSION="$hostile" >"$T/out" 2>"$T/err"
        if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177-\377]')" "$T/out"; then
            bad "$c printed a library's control or non-ASCII bytes raw: $(LC_ALL=C grep -a 'fake' "$T/out" | head -2 | od -c | head -3)"
        else
            grep -Fq 'fake\x1b[31m red\xff\x07' "$T/out" && ok || bad "$c did not show the version escaped: $(grep -a fake "$T/out" | head -2)"
        fi
    done
fi
if [ -z "$RUN" ] && [ "$(uname -m)" = x86_64 ] && [ -f /usr/aarch64-linux-gnu/lib/libc.so.6 ]; then
    expect 2 "cannot load variant 'a': '/usr/aarch64-linux-gnu/lib/libc.so.6' is built for aarch64, this cryptobench is x86-64" -- \
        speed md5 -lib a=/usr/aarch64-linux-gnu/lib/libc.so.6 -variant a
fi
expect 2 "'libm.so.6' is not a usable libcrypto: it lacks EVP_MD_CTX_new" -- list -lib m=libm.so.6
# BoringSSL has ChaCha20-Poly1305 (as an EVP_AEAD) but no ChaCha20 stream cipher: the
# reason is given where the row would be
boring=/usr/lib/x86_64-linux-gnu/android/libcrypto.so.0
if [ -f "$boring" ] && [ -z "$RUN" ]; then
    expect 2 "variant 'boring' has no EVP_chacha20, so it does not offer chacha20" -- speed -evp chacha20 -lib boring="$boring" -variant generic,boring
    cb selftest -quick -lib boring="$boring" -variant boring chacha20 chacha20-poly1305 >"$T/lib.out" 2>"$T/err" &&
        grep -q '^UNAVAILABLE  chacha20  *boring  *has no EVP_chacha20$' "$T/lib.out" &&
        grep -q '^PASS  *chacha20-poly1305 boring ' "$T/lib.out" && ok || bad "selftest -variant boring: $(cat "$T/lib.out" "$T/err")"
fi
if cb list 2>/dev/null | grep -Eq '^ +openssl +library '; then
    # The system libcrypto: listed, checked, known answers, timed beside a kernel,
    # recorded in the CSV, and a mask given to it alone.
    cb selftest -quick -variant openssl sha256 aes-128-gcm hmac\(sha256\) rsa2048 >"$T/lib.out" 2>"$T/err" &&
        [ "$(grep -c '^PASS .* openssl ' "$T/lib.out")" -eq 4 ] && ok || bad "selftest -variant openssl: $(cat "$T/lib.out" "$T/err")"
    # ChaCha20, its AEAD, X25519 and Ed25519 through EVP and EVP_PKEY: checked, then
    # timed with every operation succeeding (a derive or signature failing is exit 1)
    cb selftest -quick -variant openssl chacha20 chacha20-poly1305 ecdhx25519 ed25519 >"$T/lib.out" 2>"$T/err" &&
        [ "$(grep -c '^PASS .* openssl ' "$T/lib.out")" -eq 4 ] && ok || bad "selftest -variant openssl, the 25519 rows: $(cat "$T/lib.out" "$T/err")"
    # The curve rows through EC_KEY (kernels/libcrypto/pkey_ec.c): a prime curve and a
    # brainpool curve pass; a binary curve passes or, where the library was built
    # without GF(2^m), is unavailable with the reason, and never fails
    cb selftest -quick -variant openssl ecdsap384 ecdhbrp256r1 ecdsak233 ecdhb163 >"$T/lib.out" 2>"$T/err"
    [ "$(grep -c '^PASS .* openssl ' "$T/lib.out")" -ge 2 ] && grep -q '^PASS  *ecdsap384 ' "$T/lib.out" &&
        grep -q '^PASS  *ecdhbrp256r1 ' "$T/lib.out" && ! grep -q '^FAIL' "$T/lib.out" &&
        [ "$(grep -Ec '^(PASS|UNAVAILABLE) +ecd(sak233|hb163) ' "$T/lib.out")" -eq 2 ] && ok ||
        bad "selftest -variant openssl, the curve rows: $(cat "$T/lib.out" "$T/err")"
    cb speed ecdhx25519 ed25519 -iterations 20 -samples 2 -variant generic,openssl >"$T/lib.out" 2>"$T/err" &&
        grep -q 'ecdh (X25519).*(openssl)' "$T/lib.out" && grep -q 'EdDSA (Ed25519).*(openssl)' "$T/lib.out" && ok ||
        bad "speed ecdhx25519 ed25519 -variant generic,openssl: $(cat "$T/lib.out" "$T/err")"
    cb speed -evp chacha20-poly1305 -decrypt -aead -bytes 64 -iterations 200 -samples 2 -variant openssl >/dev/null 2>"$T/err" && ok || bad "speed chacha20-poly1305 -decrypt: $(cat "$T/err")"
    vec=${CRYPTOBENCH_VECTORS:-/usr/lib/python3/dist-packages/cryptography_vectors}
    if [ -f "$vec/hashes/SHA2/SHA256ShortMsg.rsp" ]; then
        cb kat -variant openssl "$vec/hashes/SHA2/SHA256ShortMsg.rsp" >"$T/lib.out" 2>"$T/err" &&
            grep -q ' openssl  passed 65  failed 0  skipped 0' "$T/lib.out" && ok || bad "kat -variant openssl: $(cat "$T/lib.out" "$T/err")"
    fi
    cb speed -evp sha256 -evp aes-128-gcm -bytes 64 -iterations 200 -samples 2 -variant auto,openssl \
        -csv "$T/lib.csv" >"$T/lib.out" 2>"$T/err" && ok || bad "speed -variant auto,openssl: $(cat "$T/err")"
    grep -Eq '^sha256/openssl +[0-9.]+k' "$T/lib.out" && grep -q ',sha256,openssl,' "$T/lib.csv" && ok || bad "the openssl rows are missing: $(cat "$T/lib.out")"
    cb speed -evp aes-128-gcm -aead -rekey -bytes 64 -iterations 200 -samples 2 -variant auto,openssl >/dev/null 2>"$T/err" && ok || bad "speed -rekey: $(cat "$T/err")"
    # decryption checks every tag: a key set up wrongly for a message would fail it
    cb speed -evp aes-128-gcm -evp aes-128-ccm -decrypt -rekey -bytes 64 -iterations 200 -samples 2 -variant auto,openssl >/dev/null 2>"$T/err" && ok || bad "speed -rekey -decrypt: $(cat "$T/err")"
    expect 2 "-rekey sets an AEAD's key up for every message, and sha256 is not an AEAD" -- speed -evp sha256 -rekey
    cb speed -evp sha256 -bytes 64 -iterations 100 -samples 2 -variant openssl,masked \
        -lib masked=libcrypto.so.3 -lib-env masked:OPENSSL_ia32cap=0x0:0x0 -lib-env masked:OPENSSL_armcap=0 \
        >"$T/lib.out" 2>"$T/err" && grep -Eq '^sha256/masked +[0-9.]+k' "$T/lib.out" && ok || bad "one library under a mask beside itself: $(cat "$T/lib.out" "$T/err")"
    cb caps -mr -lib two=libcrypto.so.3 -lib-env two:OPENSSL_ia32cap=0x0:0x0 >"$T/lib.out" 2>"$T/err" &&
        grep -q '^library openssl version OpenSSL' "$T/lib.out" && grep -q '^library two env OPENSSL_ia32cap=0x0:0x0$' "$T/lib.out" &&
        ok || bad "caps -lib: $(cat "$T/lib.out" "$T/err" | grep -v '^auto ' | head -20)"
    if [ -z "$RUN" ]; then
        # scripts/compare-libs.sh: one build against itself under a mask, one table
        scripts/compare-libs.sh -bin "$BIN" -env-before OPENSSL_ia32cap=0x0:0x0 libcrypto.so.3 libcrypto.so.3 \
            -- -evp sha256 -bytes 64 -iterations 200 -samples 3 >"$T/lib.out" 2>"$T/err" &&
            grep -q '^axis:' "$T/lib.out" && grep -Eq '^sha256 +[-+~0-9.]+%' "$T/lib.out" && ok ||
            bad "compare-libs.sh: $(cat "$T/lib.out" "$T/err" | tail -12)"
        scripts/compare-libs.sh -bin "$BIN" "$T" libcrypto.so.3 >/dev/null 2>"$T/err"
        [ $? -eq 2 ] && grep -q "is a folder but not an OpenSSL source tree" "$T/err" && ok || bad "compare-libs.sh on a plain folder: $(cat "$T/err")"
    fi
    # the mask reached that instance only: the process environment is as it was
    [ -z "${OPENSSL_ia32cap:-}" ] && ok || bad "OPENSSL_ia32cap leaked"
    # A mask that claims instructions this CPU lacks: SIGILL caught, named, exit 3.
    if qemu_x86; then
        libdir=$(dirname "$(cb list | awk '$1 == "openssl" && $2 == "library" { print $NF; exit }' | tr -d '()')")
        tests/lib_fault.sh "$libdir" OPENSSL_ia32cap=0xffffffffffffffff:0xffffffffffffffff sha256 \
            "$BIN" qemu-x86_64 -cpu Westmere >"$T/lib.out" 2>&1 && ok || bad "forced ia32cap under qemu-x86_64 -cpu Westmere: $(tail -5 "$T/lib.out")"
    fi
    # A library that crashes, aborts, exits or hangs mid-run (tests/fake/shim.c, built
    # beside the binary by `make check-cli` on the build machine).
    if [ -z "$RUN" ]; then
        shim=$(dirname "$BIN")/tests/libshimcrypto.so
        [ -f "$shim" ] && tests/lib_shim.sh "$shim" "$BIN" >"$T/lib.out" 2>&1 && ok ||
            bad "tests/lib_shim.sh $shim: $(tail -8 "$T/lib.out")"
    fi
else
    # natively libssl3 is one of make check's packages; an emulated run has no
    # libcrypto of its architecture on the loader's path (check-cross tests those)
    if [ -z "$RUN" ]; then
        bad "no libcrypto the loader finds: the -variant openssl checks cannot run; install libssl3 (make check-deps)"
    else
        echo "cli: no libcrypto the loader finds under $RUN; the -variant openssl checks UNAVAILABLE"
    fi
fi
fi

# AWS-LC's ML-KEM and ML-DSA through its EVP_PKEY KEM and PQDSA functions
# (kernels/libcrypto/pq.c): the peer of the architecture BIN is built for (the ELF
# header's e_machine, not the host's), when it is here, natively like the other
# library checks; a libcrypto without those functions says what it lacks.
case $(od -An -tx1 -j18 -N2 "$BIN" | tr -d ' \n') in
3e00) awslc=../shared/peers/aws-lc/x86_64/libcrypto.so ;;
b700) awslc=../shared/peers/aws-lc/aarch64/libcrypto.so ;;
*) awslc= ;;
esac
if [ -n "$awslc" ] && [ -f "$awslc" ] && [ -z "$RUN" ]; then
    cb selftest -quick -lib aws="$awslc" -variant aws mlkem512 mlkem768 mlkem1024 mldsa44 mldsa65 mldsa87 >"$T/lib.out" 2>"$T/err" &&
        [ "$(grep -c '^PASS .* aws ' "$T/lib.out")" -eq 6 ] && ok || bad "selftest -variant aws, ML-KEM and ML-DSA: $(cat "$T/lib.out" "$T/err")"
    cb speed mlkem768 mldsa65 -iterations 20 -samples 2 -lib aws="$awslc" -variant generic,aws >"$T/lib.out" 2>"$T/err" &&
        grep -q 'ML-KEM-768 .*(aws)' "$T/lib.out" && grep -q 'ML-DSA-65 .*(aws)' "$T/lib.out" && ok ||
        bad "speed mlkem768 mldsa65 -variant generic,aws: $(cat "$T/lib.out" "$T/err")"
    # the known-answer files: keys, ciphertexts and secrets byte for byte, the records'
    # signatures verified (the library signs hedged only); a changed signature fails
    cb kat -lib aws="$awslc" -variant aws "$DATA/mlkem-awslc.rsp" "$DATA/mldsa-awslc.rsp" >"$T/lib.out" 2>"$T/err" &&
        grep -q 'mlkem-awslc.rsp  aws  passed 6  failed 0  skipped 0' "$T/lib.out" &&
        grep -q 'mldsa-awslc.rsp  aws  passed 6  failed 0  skipped 0' "$T/lib.out" && ok ||
        bad "kat -variant aws: $(cat "$T/lib.out" "$T/err")"
    expect 1 "" -- kat -lib aws="$awslc" -variant aws "$T/mldsa-awslc.rsp"
else
    echo "cli: no AWS-LC peer for this binary's architecture (${awslc:-none}); the -lib aws ML-KEM and ML-DSA checks skipped"
fi
if cb list 2>/dev/null | grep -A3 '^mlkem768$' | grep -Eq '^ +openssl +library .*not offered'; then
    expect 2 "variant 'openssl' lacks AWS-LC's EVP_PKEY KEM functions mlkem768 is run with" -- speed mlkem768 -variant openssl
    expect 2 "variant 'openssl' lacks AWS-LC's PQDSA functions mldsa65 is run with" -- speed mldsa65 -variant openssl
fi

# --- caps -sweep ---------------------------------------------------------------------
expect 2 "name the algorithms to sweep with -evp ALG" -- caps -sweep
expect 2 "unknown algorithm 'nosuch'" -- caps -sweep -evp nosuch
expect 2 "unknown option '-frob'" -- caps -sweep -evp sha256 -frob
expect 2 "one library per sweep" -- caps -sweep -evp sha256 -lib a=/x -lib b=/y
cb list -lib x=/nonexistent 2>&1 | grep -q "linked statically" ||
    expect 2 "cannot load library '/nonexistent/libcrypto.so.3'" -- caps -sweep -evp sha256 -lib a=/nonexistent/libcrypto.so.3 -iterations 10
cb caps -sweep -evp sha256 -evp md5 -bytes 64 -iterations 200 -samples 2 -csv "$T/sweep.csv" >"$T/out" 2>"$T/err" &&
    grep -Eq '^detected +\(not set\) .*[0-9]k' "$T/out" && grep -q '^fastest: ' "$T/out" && ok ||
    bad "caps -sweep: $(cat "$T/out" "$T/err" | tail -12)"
cb compare "$T/sweep.csv" "$T/sweep.csv" >/dev/null 2>"$T/err" && ok || bad "a sweep's CSV does not read back: $(cat "$T/err")"
cb caps -sweep -evp md5 -bytes 64 -iterations 100 -samples 2 -style markdown >"$T/out" 2>"$T/err" &&
    grep -Eq '^\| detected \| \(not set\) \| [a-z0-9-]+ \| +[0-9.]+k \|$' "$T/out" && ok || bad "caps -sweep -style markdown: $(cat "$T/out" "$T/err" | tail -8)"
expect 2 "-style 'mail' is not a sweep style" -- caps -sweep -evp md5 -style mail
if cb list 2>/dev/null | grep -Eq '^ +openssl +library '; then
    cb caps -sweep -lib sys=libcrypto.so.3 -evp sha256 -bytes 64 -iterations 100 -samples 2 >"$T/out" 2>"$T/err" &&
        grep -Eq '^detected \(not set\) .*[0-9]k' "$T/out" && grep -Eq '^none \(0\) +OPENSSL_[a-z0-9]+cap=0x0' "$T/out" && ok ||
        bad "caps -sweep -lib: $(cat "$T/out" "$T/err" | tail -12)"
fi
# repeated options and long values reach the child whole (no fixed-size array)
set -- ; for i in 1 2 3 4 5 6 7 8 9 10 11 12; do set -- "$@" -bytes 64; done
cb caps -sweep -evp md5 "$@" -iterations 50 -samples 2 >"$T/out" 2>"$T/err" &&
    grep -Eq '^detected .*[0-9]k' "$T/out" && ok || bad "caps -sweep with twelve -bytes: $(cat "$T/out" "$T/err" | tail -6)"
set --
if cb list 2>/dev/null | grep -Eq '^ +openssl +library ' && [ -f /usr/lib/x86_64-linux-gnu/libcrypto.so.3 ] && [ -z "$RUN" ]; then
    long="$T/$(printf 'd%.0s' $(seq 1 220))"
    mkdir -p "$long" && cp /usr/lib/x86_64-linux-gnu/libcrypto.so.3 "$long/"
    cb caps -sweep -lib sys="$long/libcrypto.so.3" -evp sha256 -bytes 64 -iterations 50 -samples 2 >"$T/out" 2>"$T/err" &&
        grep -Eq '^detected \(not set\) .*[0-9]k' "$T/out" && ok || bad "caps -sweep -lib with a 220-character folder: $(cat "$T/out" "$T/err" | tail -6)"
    expect 2 "sets OPENSSL_ia32cap, which the sweep sets itself" -- caps -sweep -lib sys=libcrypto.so.3 -lib-env sys:OPENSSL_ia32cap=0x0 -evp sha256
    # a -lib-env beside no -lib would reach no child: refused, not dropped
    expect 2 "caps -sweep: -lib-env 'openssl:FOO=1' names library 'openssl', which no -lib loads" -- caps -sweep -evp sha256 -lib-env openssl:FOO=1
    rm -rf "$long"
fi
# a stop ends the sweep at once, the child stopped (and killed if it does not stop);
# SIGTERM, as a background job of a script ignores SIGINT
$RUN "$BIN" caps -sweep -evp sha256 -evp md5 -seconds 2 >"$T/out" 2>"$T/err" &
pid=$!
sleep 1.5
kill -TERM $pid
t0=$(date +%s%N)
wait $pid
rc=$?
t1=$(date +%s%N)
limit=1500; [ -n "$RUN" ] && limit=6000 # an emulator ends its processes slower
[ "$rc" -eq 143 ] && [ $(( (t1 - t0) / 1000000 )) -lt $limit ] && grep -q "stopped by SIGTERM" "$T/err" && ok ||
    bad "caps -sweep stopped by SIGTERM: exit $rc after $(( (t1 - t0) / 1000000 )) ms: $(tail -3 "$T/err")"
if qemu_x86; then
    tests/sweep.sh forced sha256 sha "$BIN" qemu-x86_64 -cpu Westmere >"$T/out" 2>&1 && ok || bad "caps -sweep -force-caps under Westmere: $(tail -8 "$T/out")"
fi

# --- export: other tools' formats, their validity, bad usage ------------------------
ex=$data/export-run.csv
# the sentence lists the formats of the table, as export -h prints them, in its order
formats=$(cb export -h | awk '/^  -format F/ { on = 1; next } /^  -[a-z]/ { on = 0 } on && /^      [a-z]/ { print $1 }' |
    sed -e ':a' -e 'N' -e '$!ba' -e 's/\n\([^\n]*\)$/ and \1/' -e 's/\n/, /g')
case $formats in *bmf*junit*) ok ;; *) bad "export -h lists no formats: '$formats'" ;; esac
expect 2 "unknown format 'csv'; the formats are $formats\.\$" -- export "$ex" -format csv
expect 2 "export needs -format F; the formats are bmf" -- export "$ex"
expect 2 "export needs a results file" -- export -format bmf
expect 2 "unknown option '-frob'" -- export "$ex" -format bmf -frob
expect 2 "nonexistent.csv: cannot open" -- export "$T/nonexistent.csv" -format bmf
expect 2 "needs -format junit and two files" -- export "$ex" "$ex" -format bmf -fail-if-slower 5%
expect 2 "give -fail-if-slower P%" -- export "$data/export-before.csv" "$data/export-after.csv" -format junit
expect 2 "exists and is a directory" -- export "$ex" -format bmf -o "$T"
printf 'schema,algorithm\n"1.4,md5\n' >"$T/bad.csv"
expect 2 "bad.csv:1: the header lacks column" -- export "$T/bad.csv" -format github -o "$T/bad.json"
[ ! -e "$T/bad.json" ] && ok || bad "export of a malformed CSV left $T/bad.json"
for f in bmf github; do
    cb export "$ex" -format $f -o "$T/ex.json" 2>"$T/err" &&
        python3 -c 'import json,sys; json.load(sys.stdin)' <"$T/ex.json" && ok || bad "export -format $f is not JSON: $(cat "$T/err" "$T/ex.json" | head -5)"
done
cb export "$ex" -format github >"$T/ex.out" 2>/dev/null && cmp -s "$T/ex.out" "$T/ex.json" && ok || bad "export -o and standard output differ"
grep -q '"sha256/shani/digest/64"' "$T/ex.out" && ! grep -q 'aes-128-gcm' "$T/ex.out" && ok || bad "export -format github names the wrong cases: $(cat "$T/ex.out")"
xmlok() { python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.stdin).getroot(); sys.exit(r.tag != "testsuites")'; }
cb export "$ex" -format junit >"$T/ex.xml" 2>/dev/null; [ $? -eq 1 ] && xmlok <"$T/ex.xml" && ok || bad "export -format junit of a faulted case: not exit 1 with valid XML: $(head -5 "$T/ex.xml")"
cb export "$data/export-before.csv" "$data/export-after.csv" -format junit -fail-if-slower 5% -o "$T/gate.xml" 2>/dev/null; [ $? -eq 1 ] &&
    xmlok <"$T/gate.xml" && grep -q '<failure message="20.00% slower' "$T/gate.xml" && ok || bad "export -format junit gate: $(head -8 "$T/gate.xml")"
cb export "$data/export-before.csv" "$data/export-after.csv" -format junit -fail-if-slower 30% >/dev/null 2>&1 && ok || bad "export junit gate at 30% failed"
cb export "$ex" -format gobench >"$T/ex.go" 2>/dev/null &&
    ! grep -Ev '^(goos|goarch|pkg|cpu): .|^Benchmark[A-Z][^[:space:]]*	[0-9]+	[0-9.]+ ns/op	[0-9.]+ MB/s$' "$T/ex.go" &&
    [ "$(grep -c '^Benchmark' "$T/ex.go")" -eq 6 ] && ok || bad "export -format gobench lines: $(cat "$T/ex.go")"
# googlebench: JSON, one iteration entry per sample, and import reads the same cases back
cb export "$ex" -format googlebench -o "$T/ex.gb.json" 2>/dev/null &&
    python3 -c 'import json,sys; d = json.load(sys.stdin); sys.exit(len([b for b in d["benchmarks"] if b["run_type"] == "iteration"]) != 6)' <"$T/ex.gb.json" &&
    cb import "$T/ex.gb.json" -o "$T/ex.gb.csv" 2>/dev/null &&
    [ "$(grep -c ',sha256,shani,digest,0,64,0,0,' "$T/ex.gb.csv")" -eq 3 ] &&
    grep -q ',chacha20,generic,encrypt,256,1024,3,0,0,100000,1,102400000,' "$T/ex.gb.csv" && ok ||
    bad "export -format googlebench and its import: $(head -c 600 "$T/ex.gb.json"; cat "$T/ex.gb.csv")"
cb export "$ex" -format lava >"$T/ex.lava" 2>/dev/null && grep -q '^lava-test-case aes-128-gcm_generic_encrypt_128_aad_rekey --result fail$' "$T/ex.lava" &&
    ! grep -E 'fail|skip' "$T/ex.lava" | grep -q measurement && ok || bad "export -format lava: $(cat "$T/ex.lava")"
cb speed -evp md5 -bytes 64 -iterations 200 -samples 2 -csv "$T/exrun.csv" >/dev/null 2>&1 &&
    cb export "$T/exrun.csv" -format bmf 2>"$T/err" | python3 -c 'import json,sys; d = json.load(sys.stdin); sys.exit(not any(k.startswith("md5/") and k.endswith("/digest/64") for k in d))' && ok ||
    bad "export of a speed run's CSV: $(cat "$T/err")"
# --- plot ----------------------------------------------------------------------------
P=$data/plot
expect 2 "plot needs a results file and -o OUT.svg" -- plot "$P-basic.csv"
expect 2 "unknown option '-frob'" -- plot "$P-basic.csv" -o "$T/p.svg" -frob
expect 2 "nosuch.csv: cannot open" -- plot "$T/nosuch.csv" -o "$T/p.svg"
expect 2 "plot-bad.csv:2: 21 fields where the header has 43" -- plot "$P-bad.csv" -o "$T/p.svg"
expect 2 "is given twice" -- plot "$P-basic.csv" "$P-basic.csv" -o "$T/p.svg"
expect 2 "SVG file '/dev/null' exists and is a character device" -- plot "$P-basic.csv" -o /dev/null
expect 2 "SVG file '$T' exists and is a (folder|directory)" -- plot "$P-basic.csv" -o "$T"
[ ! -e "$T/p.svg" ] && ! ls -A "$T" | grep -q '^\.p\.svg' && ok || bad "a refused plot left a file: $(ls -A "$T")"
echo keep >"$T/keep.svg"
expect 2 "plot-bad.csv:2:" -- plot "$P-basic.csv" "$P-bad.csv" -o "$T/keep.svg"
[ "$(cat "$T/keep.svg")" = keep ] && ok || bad "a failed plot replaced its -o file"
cb plot "$P-basic.csv" "$P-build-b.csv" "$P-faulted.csv" -o "$T/p.svg" 2>"$T/err" &&
    [ "$(grep -c '<polyline' "$T/p.svg")" -eq 7 ] && grep -q '>sha256 shani \[plot-build-b\]</text>' "$T/p.svg" &&
    grep -q '>sha512 ce \[plot-faulted\]<tspan fill="#B00020"> (faulted)</tspan>' "$T/p.svg" && ok ||
    bad "plot of three files: $(cat "$T/err"; grep -c '<polyline' "$T/p.svg")"
if command -v python3 >/dev/null; then
    python3 -c "import xml.etree.ElementTree as E,sys; E.parse(sys.argv[1])" "$T/p.svg" && ok || bad "plot wrote malformed XML"
fi
cb plot "$P-escape.csv" -title 'AES & <friends>' -o - >"$T/out" 2>"$T/err" && head -1 "$T/out" | grep -q '^<?xml ' &&
    grep -q 'ce&amp;i4&lt;&quot;x&quot;&gt;&apos;' "$T/out" && grep -q '>AES &amp; &lt;friends&gt;</text>' "$T/out" && ok ||
    bad "plot -o - with escaped names: $(cat "$T/err"; head -c 300 "$T/out")"
# --- compare -format html and svg, -o, speed -compare-out ------------------------------
E=$data/export
expect 2 "compare: -o $E-after.csv is a file being compared" -- compare "$E-before.csv" "$E-after.csv" -format html -o "$E-after.csv"
expect 2 "output file '/dev/null' exists and is a character device" -- compare "$E-before.csv" "$E-after.csv" -format html -o /dev/null
echo keep >"$T/keep.html"
expect 2 "nosuch.csv: cannot open" -- compare "$E-before.csv" "$T/nosuch.csv" -format html -o "$T/keep.html"
[ "$(cat "$T/keep.html")" = keep ] && ok || bad "a failed compare replaced its -o file"
expect 1 "" -- compare "$E-before.csv" "$E-after.csv" -format html -fail-if-slower 5% -o "$T/c.html"
[ ! -s "$T/out" ] && grep -q '^<!DOCTYPE html>' "$T/c.html" && grep -q 'FAILED by 1 case' "$T/err" &&
    grep -q '<td class="case">sha256/shani</td>' "$T/c.html" && grep -q '<td class="num diff">-20.00%</td>' "$T/c.html" &&
    grep -q '<tr class="differs"><th>build</th><td class="value">abc123def456</td><td class="value">fedcba654321</td>' "$T/c.html" &&
    grep -q '<g class="gate">' "$T/c.html" && ! grep -Eq '<script|<link|<img|@import|url\(|src=|href=' "$T/c.html" && ok ||
    bad "compare -format html -o: $(cat "$T/err"; head -c 300 "$T/c.html")"
cb compare "$E-before.csv" "$E-after.csv" -format svg >"$T/c.svg" 2>"$T/err" && head -1 "$T/c.svg" | grep -q '^<?xml ' &&
    [ "$(grep -c '<g class="case"' "$T/c.svg")" -eq 2 ] && ! grep -q 'class="gate"' "$T/c.svg" && ok ||
    bad "compare -format svg (no gate): $(cat "$T/err"; head -c 300 "$T/c.svg")"
cb compare "$P-escape.csv" "$P-escape.csv" -format html -o "$T/esc.html" 2>"$T/err" &&
    grep -q 'ce&amp;i4&lt;&quot;x&quot;&gt;&apos;' "$T/esc.html" && ! grep -q 'ce&i4' "$T/esc.html" && ok ||
    bad "compare -format html escapes names: $(cat "$T/err")"
if command -v python3 >/dev/null; then
    for f in "$T/c.html" "$T/esc.html" "$T/c.svg"; do
        python3 -c "
import sys, xml.etree.ElementTree as E
from html.parser import HTMLParser
E.parse(sys.argv[1])
HTMLParser().feed(open(sys.argv[1], encoding='utf-8').read())" "$f" && ok || bad "$f is not well-formed"
    done
fi
expect 2 "-compare-out goes with -compare" -- speed md5 -compare-out "$T/s.html"
if [ -n "$other" ]; then
    expect 2 "-compare-out and -csv name one file" -- speed -evp aes-128-ctr -variant generic,"$other" -compare -csv "$T/s.csv" -compare-out "$T/s.csv"
    cb speed -evp aes-128-ctr -variant generic,"$other" -compare -bytes 64 -seconds 0.05 -style html \
        -compare-out "$T/s.html" >"$T/out" 2>"$T/err" && grep -q '<td class="case">aes-128-ctr</td>' "$T/s.html" &&
        grep -q "<tr class=\"differs\"><th>variants</th><td class=\"value\">generic</td><td class=\"value\">$other</td>" "$T/s.html" &&
        ! grep -q '^before:' "$T/out" && ok || bad "speed -compare -compare-out: $(cat "$T/err")"
fi
# --- compare BASE OTHER...: five boards, one table ------------------------------------
i=0
for h in base rpi4 odroid-c2 rock64 jetson; do
    i=$((i + 1))
    printf 'type 16 bytes 1024 bytes\nmd5 %d.00k %d.00k\nsha256 %d.00k 300.00k\n' \
        $((100 + i * 10)) $((200 - i * 10)) $((50 + i)) >"$T/board-$h.log"
    cb import "$T/board-$h.log" -build 2021 -host "$h" -o "$T/board-$h.csv" 2>"$T/err" || bad "import of board $h: $(cat "$T/err")"
done
boards="$T/board-base.csv $T/board-rpi4.csv $T/board-odroid-c2.csv $T/board-rock64.csv $T/board-jetson.csv"
# shellcheck disable=SC2086
cb compare $boards >"$T/out" 2>"$T/err" && grep -Eq '^algorithm +bytes +1:host rpi4 +2:host odroid-c2 +3:host rock64 +4:host jetson$' "$T/out" &&
    grep -Eq '^md5 +16 +\+9\.09% +\+18\.18% +\+27\.27% +\+36\.36%$' "$T/out" &&
    [ "$(grep -c '^md5 ' "$T/out")" -eq 2 ] && grep -q '^4: host jetson: geomean +3.80% over 4 cases' "$T/out" && ok ||
    bad "compare of five boards: $(cat "$T/err" "$T/out")"
# shellcheck disable=SC2086
expect 1 "" -- compare $boards -fail-if-slower 5% -style markdown
[ "$(grep -c 'FAILED by 1 case' "$T/out")" -eq 4 ] && grep -q '| md5 | 1024 | 186 | 176 | -5.26% |' "$T/out" && ok ||
    bad "five boards gated per column: $(cat "$T/out")"
# shellcheck disable=SC2086
expect 2 "with 5 files each is compared with the first as it is: give no -variant" -- compare $boards -variant a,b
for f in html svg csv json; do
    # shellcheck disable=SC2086
    cb compare $boards -format $f -o "$T/boards.$f" 2>"$T/err" && grep -q '^4: host jetson: 1 regression' "$T/err" && ok ||
        bad "compare of five boards -format $f: $(cat "$T/err")"
done
grep -q '<th>host rock64 difference</th>' "$T/boards.html" && [ "$(grep -c '<g class="bar">' "$T/boards.svg")" -eq 16 ] &&
    [ "$(wc -l <"$T/boards.csv")" -eq 17 ] && ok || bad "five boards' html, svg or csv lacks a column"
if command -v python3 >/dev/null; then
    python3 -c "
import json, sys, xml.etree.ElementTree as E
from html.parser import HTMLParser
d = json.load(open(sys.argv[1]))
assert [c['label'] for c in d['columns']] == ['host rpi4', 'host odroid-c2', 'host rock64', 'host jetson'], d
for f in sys.argv[2:]:
    E.parse(f)
    HTMLParser().feed(open(f, encoding='utf-8').read())" "$T/boards.json" "$T/boards.html" "$T/boards.svg" && ok ||
        bad "five boards' json, html or svg does not parse"
fi
# --- the 2012 POWER7 report's 27 rows in one hint table (POWER builds only) -------------
# scripts/power-2012.sh's algorithm list, read from the script: every row runs under
# -variant ppc-hint,ppc, and the C-only ciphers are named as running the same code.
if cb list | grep -q '^ *ppc-hint '; then
    algs=$(sed -n '/^ALGS="/,/"$/p' scripts/power-2012.sh | tr -d '"' | sed 's/^ALGS=//')
    # shellcheck disable=SC2086
    cb speed -variant ppc-hint,ppc -compare -style matrix $algs -bytes 16,1024 -iterations 20 \
        -samples 2 >"$T/out" 2>"$T/err"
    n=0
    for a in $algs; do
        grep -Eq "^$(printf '%s' "$a" | sed 's/[()]/\\&/g') +[-+]" "$T/out" && n=$((n + 1))
    done
    [ "$(echo $algs | wc -w)" -eq 27 ] && [ "$n" -eq 27 ] && ok ||
        bad "the 2012 hint table has $n of its 27 rows: $(cat "$T/out" "$T/err")"
    grep -q '^note: ppc-hint and ppc run the same code for rc4, des-cbc, .*cast5-cbc: their differences are noise.$' "$T/out" &&
        ! grep -q '^note: .*\(md4\|mdc2\|whirlpool\|rmd160\|aes-128-ige\)' "$T/out" && ok ||
        bad "the 2012 hint table's note: $(grep '^note' "$T/out")"
fi
# --- a failed write fails the command (issue 28 item 1) -------------------------------
# every writing command, its output on /dev/full: exit 2 and one sentence with the reason
D=tests/data
for args in "compare $D/export-before.csv $D/export-after.csv" \
    "compare $D/export-before.csv $D/export-after.csv -format json" \
    "compare $D/export-before.csv $D/export-after.csv -format html" \
    "compare $D/export-before.csv $D/export-after.csv -format csv" \
    "export $D/export-run.csv -format bmf" "plot $D/plot-basic.csv -o -" \
    "import $D/openssl3-speed.log -o -" "list" "caps" "-version" \
    "speed md5 -bytes 16 -seconds 0.01 -samples 1" \
    "speed md5 -bytes 16 -seconds 0.01 -samples 1 -csv -" \
    "speed md5 -bytes 16 -seconds 0.01 -samples 1 -json -"; do
    # shellcheck disable=SC2086
    cb $args >/dev/full 2>"$T/err"
    got=$?
    [ "$got" -eq 2 ] && grep -q "cannot write" "$T/err" && ok ||
        bad "cryptobench $args >/dev/full exited $got: $(head -c 300 "$T/err")"
done
# a full disk keeps the old file (a small tmpfs needs root)
if [ "$(id -u)" -eq 0 ] && mkdir "$T/full" && mount -t tmpfs -o size=32k tmpfs "$T/full" 2>/dev/null; then
    echo old >"$T/full/r"
    dd if=/dev/zero of="$T/full/f" bs=4096 count=8 2>/dev/null # fill the rest
    for fmt in text json html; do
        cb compare $D/export-before.csv $D/export-after.csv -format $fmt -o "$T/full/r" >/dev/null 2>"$T/err"
        got=$?
        [ "$got" -eq 2 ] && [ "$(cat "$T/full/r")" = old ] && grep -q "No space left" "$T/err" &&
            [ "$(ls -A "$T/full")" = "f
r" ] && ok || bad "compare -format $fmt -o on a full disk exited $got, r holds $(wc -c <"$T/full/r") bytes: $(cat "$T/err")"
    done
    umount "$T/full"
else
    echo "cli: not root (or no tmpfs): the full-disk case is skipped; the /dev/full cases ran"
fi

# --- no output replaces an input (issue 28 item 3) ----------------------------------
# the same file by its name, a symbolic link or a hard link: exit 2, the file untouched
mkdir -p "$T/same"
cp tests/data/export-before.csv "$T/same/a.csv"
cp tests/data/export-after.csv "$T/same/b.csv"
ln -s a.csv "$T/same/sym.csv"
ln "$T/same/a.csv" "$T/same/hard.csv"
for f in bmf github gobench googlebench lava junit; do
    for o in a.csv sym.csv hard.csv; do
        expect 2 "export: -o $T/same/$o is a file being exported" -- export "$T/same/a.csv" -format $f -o "$T/same/$o"
    done
done
expect 2 "export: -o $T/same/b.csv is a file being exported" -- export "$T/same/a.csv" "$T/same/b.csv" -format junit -fail-if-slower 5% -o "$T/same/b.csv"
cmp -s "$T/same/a.csv" tests/data/export-before.csv && cmp -s "$T/same/b.csv" tests/data/export-after.csv &&
    [ -L "$T/same/sym.csv" ] && ok || bad "an export over its input changed the input"
cp "$BIN" "$T/same/lib.so"
ln -s lib.so "$T/same/sym.so"
for opt in -csv -json; do
    expect 2 "speed: $opt $T/same/lib.so is a library -lib loads" -- speed md5 -lib x="$T/same/lib.so" -variant x $opt "$T/same/lib.so"
done
expect 2 "speed: -compare-out $T/same/sym.so is a library -lib loads, '$T/same/lib.so'" -- speed md5 -lib x="$T/same/lib.so" -variant x,generic -compare -compare-out "$T/same/sym.so"
cmp -s "$T/same/lib.so" "$BIN" && ok || bad "speed -csv over a -lib library changed the library"
expect 2 "plot: -o $T/same/hard.csv is a file being plotted, '$T/same/a.csv'" -- plot "$T/same/a.csv" -o "$T/same/hard.csv"
expect 2 "compare: -o $T/same/sym.csv is a file being compared, '$T/same/a.csv'" -- compare "$T/same/a.csv" "$T/same/b.csv" -o "$T/same/sym.csv"

# --- no endless input fills memory (issue 28 item 7) ---------------------------------
# a device that never ends is refused at the line or size limit, in well under a
# second and a few MiB; the address-space cap turns a regression into a failure here
# rather than the machine's out-of-memory killer (natively: QEMU reserves more)
if [ -z "$RUN" ]; then
    for dev in /dev/zero /dev/urandom; do
        case $dev in /dev/zero) why="line 1 is longer than 16 MiB" ;; *) why="the file is larger than 64 MiB" ;; esac
        for args in "compare $dev tests/data/export-before.csv" "export $dev -format bmf" \
                    "plot $dev -o $T/dev.svg" "import $dev -o $T/dev.csv"; do
            # shellcheck disable=SC2086 # args is split on purpose
            (ulimit -v 1000000; timeout 20 "$BIN" $args) >"$T/out" 2>"$T/err"
            rc=$?
            [ $rc -eq 2 ] && grep -q "$dev: $why, which no results file or log" "$T/err" && ok ||
                bad "cryptobench $args: exit $rc, expected 2 naming the limit: $(head -c 300 "$T/err")"
        done
        # (random bytes that open with '{' are read as ACVP JSON, about 1 run in 200)
        expect 2 "kat: $dev: .*, which no (known-answer|ACVP) file" -- kat "$dev"
    done
    [ ! -e "$T/dev.svg" ] && [ ! -e "$T/dev.csv" ] && ok || bad "a refused endless input left an output file"
fi

# --- messages say what is wrong (issue 28 item 10) -----------------------------------
# one variant twice of a file that is no run of it against itself
expect 2 "-variant shani,shani names one variant twice.*give two different variants" -- compare tests/data/export-run.csv -variant shani,shani
# a figure out of range, or not written as OpenSSL writes one, is named
big=$(printf '%0400d' 0 | tr 0 9)
printf 'type 16 bytes 64 bytes\nmd5 1e308k %sk\n' "$big" >"$T/fig.log"
expect 2 "the row 'md5' has the figure '9+\.\.\.', which is out of range" -- import "$T/fig.log" -o "$T/fig.csv"
printf 'type 16 bytes 64 bytes\nmd5 1e308k 100.00k\n' >"$T/fig.log"
expect 2 "the row 'md5' has the figure '1e308k', which is not written as OpenSSL writes one" -- import "$T/fig.log" -o "$T/fig.csv"
# one rule for numbers: decimal only, a value too large is out of range with the range
expect 2 "-seconds '0x10' is not a number; give a decimal number" -- speed md5 -seconds 0x10
expect 2 "-fail-if-slower '0x5' is not a percentage" -- compare a.csv b.csv -fail-if-slower 0x5
expect 2 "-samples 99999999999999999999 is out of range; give a whole number from 1 to" -- speed md5 -samples 99999999999999999999
expect 2 "-iterations 99999999999999999999 is out of range; give a whole number from 1 to" -- speed md5 -iterations 99999999999999999999
expect 2 "-bytes 99999999999999999999 is out of range" -- speed md5 -bytes 99999999999999999999
expect 2 "-seconds 1e999 is out of range" -- speed md5 -seconds 1e999
# one rule for -fail-if-slower: above 0 for every command
expect 2 "-fail-if-slower 0% is out of range; give a percentage above 0" -- compare tests/data/export-before.csv tests/data/export-after.csv -fail-if-slower 0%
expect 2 "-fail-if-slower 0 is out of range; give a percentage above 0" -- export tests/data/export-before.csv tests/data/export-after.csv -format junit -fail-if-slower 0
# a kat file whose every record is skipped checked nothing: exit 1
printf '[L = 32]\n\nLen = 1\nMsg = 00\nMD = %064d\n\nLen = 3\nMsg = 00\nMD = %064d\n' 0 0 >"$T/SHA256ShortMsg.rsp"
expect 1 "kat: .*SHA256ShortMsg.rsp: no record was checked" -- kat -variant generic "$T/SHA256ShortMsg.rsp"

# --- audit: usage, the emulator refusal, a quick audit, its tuning file -----------------
expect 2 "unknown option '-frob'; 'cryptobench audit -help'" -- audit md5 -frob
expect 2 "-style 'svg' is not a style of audit; give text, markdown or html" -- audit sha256 -style svg
expect 2 "-fail-if-misdispatch 0% is out of range" -- audit sha256 -fail-if-misdispatch 0%
expect 2 "unknown algorithm 'nosuch'" -- audit nosuch
expect 2 "option -o has an empty value" -- audit sha256 -o ""
expect 2 "speed: cannot read tuning file $T/none.tune" -- speed md5 -tune "$T/none.tune"
if [ -n "$RUN" ]; then
    expect 2 "audit: running under qemu-user, whose timings say nothing" -- audit sha256
elif [ "$(uname -m)" = x86_64 ]; then
    # sha256 has generic and shani on every x86-64 host with the SHA extensions
    # (the emulator check needs none)
    if command -v qemu-x86_64 >/dev/null 2>&1; then
        qemu-x86_64 "$BIN" audit sha256 >"$T/out" 2>"$T/err"
        [ $? -eq 2 ] && grep -q "running under qemu-user" "$T/err" && ok ||
            bad "audit under qemu-x86_64 was not refused: $(head -c 300 "$T/err")"
    fi
    expect 2 "aes-128-cbc has fewer than two candidates here" -- audit aes-128-cbc -variant generic
    expect 2 "-lib-masks audits one library's own dispatch: give the algorithms, one -lib" -- audit sha256 -lib-masks
    if "$BIN" list | grep -A3 '^sha256$' | grep -q 'shani .*available'; then
        expect 0 "" -- audit sha256 -bytes 64,4096 -seconds 0.4 -o "$T/h.tune" -csv "$T/audit.csv" -style markdown
        grep -q '^| 4096 |' "$T/out" && ok || bad "audit -style markdown printed no 4096-byte row"
        # -workload: each candidate's weighted figure; 1024 B lies between the audited
        # sizes, 8192 B outside them
        printf '1024 3\n' >"$T/a.wl"
        expect 0 "" -- audit sha256 -bytes 64,4096 -seconds 0.3 -workload "$T/a.wl"
        grep -Eq '^    shani +[0-9.]+ MB/s \(interval [0-9.]+ \.\. [0-9.]+\)  auto$' "$T/out" &&
            grep -q '^    fastest under a.wl: shani$' "$T/out" && ok ||
            bad "audit -workload gave no figure per candidate: $(tail -n 5 "$T/out")"
        printf '8192 1\n' >"$T/b.wl"
        expect 0 "" -- audit sha256 -bytes 64,4096 -seconds 0.2 -workload "$T/b.wl"
        grep -q 'no figure: 8192 B lies outside the audited sizes' "$T/out" && ok ||
            bad "audit -workload outside the audited sizes gave a figure"
        expect 0 "" -- audit sha256 -bytes 64,1024,4096 -seconds 0.3 -style html
        grep -q '^<polyline fill="none" stroke=' "$T/out" && grep -q '</html>' "$T/out" && ok ||
            bad "audit -style html drew no chart"
        # shani is several times generic's speed at every size: one range
        head -1 "$T/h.tune" | grep -qx 'cryptobench-tune 1' && grep -qx 'sha256 digest 64 4096 shani' "$T/h.tune" &&
            ok || bad "audit -o wrote no sha256 range: $(cat "$T/h.tune")"
        expect 0 "" -- compare "$T/audit.csv" -variant generic,shani
        expect 0 "" -- plot "$T/audit.csv" -o "$T/audit.svg"
        expect 0 "" -- speed sha256 -bytes 64 -seconds 0.05 -tune "$T/h.tune" -csv "$T/tuned.csv"
        grep -q "^tune: $T/h.tune fnv1a64:[0-9a-f]\{16\}\$" "$T/out" && ok || bad "speed -tune: the header names no tuning file"
        tr -d '\r' <"$T/tuned.csv" | grep -q ",$T/h.tune fnv1a64:[0-9a-f]\{16\}\$" && ok || bad "speed -tune: the CSV's tune column is empty"
        CRYPTOBENCH_TUNE="$T/h.tune" "$BIN" speed sha256 -bytes 64 -seconds 0.05 >"$T/out" 2>&1 &&
            grep -q "^tune: $T/h.tune" "$T/out" && ok || bad "CRYPTOBENCH_TUNE was not followed: $(head -c 300 "$T/out")"
        sed 's/^caps: .*/caps: ssse3/' "$T/h.tune" >"$T/other.tune"
        expect 2 "tuning file $T/other.tune was made for another capability set" -- speed sha256 -tune "$T/other.tune"
        CRYPTOBENCH_CAPS=-sha "$BIN" speed sha256 -bytes 64 -seconds 0.05 -tune "$T/h.tune" >/dev/null 2>"$T/err"
        [ $? -eq 2 ] && grep -q "made for another capability set" "$T/err" && ok || bad "a tuning file was followed under a mask"
        sed 's/^sha256 digest 64 /sha256 digest x /' "$T/h.tune" >"$T/bad.tune"
        expect 2 "tuning file $T/bad.tune is malformed: line 6: 'sha256 digest x " -- speed sha256 -tune "$T/bad.tune"
        # a library is one more candidate, named as -lib names it
        if [ -f "$sys" ]; then
            expect 0 "" -- audit sha256 -lib "ossl=$sys" -bytes 4096 -seconds 0.3
            grep -Eq '^ +bytes +rounds +generic +shani +ossl +fastest$' "$T/out" && ok ||
                bad "audit -lib: the library is no candidate: $(head -c 400 "$T/out")"
            # -lib-masks: the library's default (auto) against itself with its bits off
            # and with each bit sha256's variants use here cleared, SHA's among them
            expect 0 "" -- audit sha256 -lib "ossl=$sys" -lib-masks -bytes 4096 -seconds 0.3
            grep -q 'auto picks ossl;' "$T/out" &&
                grep -Eq '^ +bytes +rounds +ossl +ossl-none( +ossl-no-[a-z0-9]+)* +ossl-no-sha( +ossl-no-[a-z0-9]+)* +fastest$' "$T/out" && ok ||
                bad "audit -lib-masks did not set the library against its masks: $(head -c 600 "$T/out")"
            expect 2 "-lib-masks audits one library's own dispatch" -- audit sha256 -lib "ossl=$sys" -lib-masks -variant ossl
            expect 2 "sets OPENSSL_ia32cap for every instance itself" -- audit sha256 -lib "ossl=$sys" -lib-masks -lib-env ossl:OPENSSL_ia32cap=0
        fi
    fi
fi

if [ -z "$RUN" ]; then
    tests/plot_browser.sh "$BIN" >"$T/out" 2>&1 && ok || bad "$(cat "$T/out")"
    grep -h UNAVAILABLE "$T/out"
fi

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
