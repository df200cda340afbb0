#!/bin/sh
# lib_shim.sh SHIM BIN - a library that crashes, aborts, exits or hangs in the middle
# of a speed run (tests/fake/shim.c, told what to do by -lib-env) must not take the
# run with it: the variant's cases are reported faulted (a sentence naming it, exit
# status 3), the other cases still run and the CSV is written; a stop request ends
# the run within a second with the finished rows saved, in one process and under
# -multi 2.  Each case takes a second or two.  Prints one line per failed check;
# exits 1 if any failed.
set -u
shim=$1 bin=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
failed=0
fail() { echo "lib_shim.sh: $*"; failed=1; }

# rows FILE ALG STATUS: how many rows of ALG in the CSV have that status.
rows() {
    python3 -c 'import csv, sys
print(sum(r["algorithm"] == sys.argv[2] and r["status"] == sys.argv[3]
          for r in csv.DictReader(open(sys.argv[1]))))' "$@" 2>/dev/null || echo 0
}

# speed ARGS...: md5 runs first (about 600 EVP_Digest calls with these options: its
# check, one operation, the warm-up, two samples of 100), sha256 second.
speed() {
    rm -f "$T/r.csv"
    "$bin" speed -evp md5 -evp sha256 -bytes 64 -iterations 100 -samples 2 \
        -lib "x=$shim" -variant x -csv "$T/r.csv" "$@" >"$T/out" 2>"$T/err"
}

# 800 EVP_Digest calls in, sha256's part: each misbehaviour is sha256's fault alone.
for multi in "" "-multi 2"; do
    for bad in segv abort exit; do
        # shellcheck disable=SC2086
        speed $multi -lib-env x:CB_SHIM_BAD=$bad -lib-env x:CB_SHIM_AFTER=800
        rc=$?
        case $bad in
        segv) what="raised SIGSEGV" ;; abort) what="raised SIGABRT" ;; *) what="called exit\\(0\\)" ;;
        esac
        [ "$rc" -eq 3 ] && grep -Eq "variant x of sha256 $what" "$T/err" &&
            [ "$(rows "$T/r.csv" md5 ok)" -ge 2 ] && [ "$(rows "$T/r.csv" sha256 faulted)" -ge 1 ] ||
            fail "$bad $multi: exit $rc, $(rows "$T/r.csv" md5 ok) md5 rows: $(head -c 300 "$T/err")"
    done
    # a hang: reported once the time-out passes, md5's rows kept
    # shellcheck disable=SC2086
    speed $multi -lib-env x:CB_SHIM_BAD=spin -lib-env x:CB_SHIM_AFTER=800 -op-timeout 0.5
    rc=$?
    [ "$rc" -eq 3 ] && grep -q "variant x of sha256 hung" "$T/err" &&
        [ "$(rows "$T/r.csv" md5 ok)" -ge 2 ] && [ "$(rows "$T/r.csv" sha256 faulted)" -ge 1 ] ||
        fail "spin -op-timeout 0.5 $multi: exit $rc: $(head -c 300 "$T/err")"
    # a hang and a stop request: over within a second, md5's rows kept
    for sig in INT TERM; do
        rm -f "$T/r.csv"
        # shellcheck disable=SC2086
        "$bin" speed -evp md5 -evp sha256 -bytes 64 -iterations 100 -samples 2 $multi \
            -lib "x=$shim" -variant x -csv "$T/r.csv" -lib-env x:CB_SHIM_BAD=spin \
            -lib-env x:CB_SHIM_AFTER=800 >"$T/out" 2>"$T/err" &
        pid=$! # cryptobench itself, which installs its own SIGINT handler
        (sleep 6 && kill -KILL $pid 2>/dev/null) & # a run that does not stop fails, not hangs
        dog=$!
        sleep 1.5
        start=$(date +%s%N)
        kill -$sig $pid
        wait $pid
        rc=$?
        ms=$((($(date +%s%N) - start) / 1000000))
        kill $dog 2>/dev/null
        [ "$rc" -gt 128 ] && [ "$ms" -lt 1000 ] && [ "$(rows "$T/r.csv" md5 ok)" -ge 2 ] ||
            fail "spin, SIG$sig after 1.5 s $multi: exit $rc after $ms ms, $(rows "$T/r.csv" md5 ok) md5 rows: $(head -c 300 "$T/err")"
    done
done

# A crash in the key set-up of ed25519 (cb_inst_new, after the check's 9 calls of
# EVP_PKEY_new_raw_private_key): the case faulted, sha256's rows written.
rm -f "$T/r.csv"
"$bin" speed -evp sha256 -evp ed25519 -bytes 64 -iterations 20 -samples 2 -lib "x=$shim" \
    -variant x -lib-env x:CB_SHIM_BAD=segv -lib-env x:CB_SHIM_FN=EVP_PKEY_new_raw_private_key \
    -lib-env x:CB_SHIM_AFTER=9 -csv "$T/r.csv" >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" -eq 3 ] && grep -q "variant x of ed25519 raised SIGSEGV" "$T/err" &&
    [ "$(rows "$T/r.csv" sha256 ok)" -ge 2 ] && [ "$(rows "$T/r.csv" ed25519 faulted)" -ge 1 ] ||
    fail "segv in ed25519's key set-up: exit $rc: $(head -c 300 "$T/err")"

[ "$failed" -eq 0 ] && echo "lib_shim.sh: crashes, aborts, exits and hangs of a library caught"
exit "$failed"
