#!/bin/sh
# check-cross.sh [CONFIG...] - `make check` for every cross target under qemu-user.
#
# Builds each configuration once (make CONFIG=... all tests), then runs one job
# per (configuration, QEMU CPU model), two at a time: the cmocka unit tests
# (linked dynamically against Debian's multiarch cmocka), the ABI self-check, the
# caps command-line checks, the emulator verdict, `cryptobench selftest` and `kat`
# (kat on the widest model) when the binary has them, the command-line tests, the
# dispatch table (tests/dispatch/<config>.txt) and selftest again under each mask
# of QEMU_MASKS, which turns the crypto instructions off.  On an x86-64 host the
# host build also runs under qemu-x86_64's CPU models (dispatch, selftest).
#
# Logs go to build/check-cross/<config>-<model>.log; a failed job's log tail is
# printed.  Exits 1 if any job failed.  JOBS (default 2) sets the parallelism.
set -u
cd "$(dirname "$0")/.." || exit 2

OUT=build/check-cross
JOBS=${JOBS:-2}
CROSS_CONFIGS="linux-aarch64 linux-elf-arm linux-armv4 linux-ppc64 linux-ppc64le"

# vars CONFIG prints the configuration's variables as shell assignments.
vars() {
    make -s --no-print-directory ${1:+CONFIG="$1"} cross-vars
}

# has_command RUN... BIN NAME: does the binary have subcommand NAME?
has_command() {
    name=$1
    shift
    "$@" "$name" -h >/dev/null 2>&1
}

step() {
    # step LABEL CMD...: runs CMD, logs its output and a PASS/FAIL line.
    label=$1
    shift
    echo "---- $label"
    t0=$(date +%s)
    if "$@"; then
        echo "== step passed: $label ($(($(date +%s) - t0)) s)"
    else
        echo "== step FAILED: $label ($(($(date +%s) - t0)) s)"
        failed=$((failed + 1))
    fi
}

run_job() {
    config=$1 model=$2
    eval "$(vars "$config")" || return 1
    set -- "$QEMU" -cpu "$model"
    runner="$*"
    failed=0
    export CB_EXPECT_EMULATOR=qemu-user
    unset CRYPTOBENCH_CAPS OPENSSL_armcap OPENSSL_ppccap OPENSSL_ia32cap
    echo "== $config on $model: $runner"
    case " $CROSS_CHECKS " in *" unit "*)
        for t in $TEST_BINS; do step "unit $(basename "$t")" "$@" "$t"; done ;;
    esac
    step "abi-check" "$@" "$ABI_CHECK"
    step "caps command line" tests/caps_cli.sh "$BIN" "$runner"
    step "emulator verdict" sh -c '"$@" caps -mr | grep -qx "emulator qemu-user"' sh "$@" "$BIN"
    if has_command selftest "$@" "$BIN"; then
        step "selftest" "$@" "$BIN" selftest
    else
        echo "---- selftest: not in this build"
    fi
    # kat runs on the last (widest) model only: every variant another model can
    # run, it can run too, and QEMU executes an instruction alike on every model.
    widest=$(echo "$QEMU_CPUS" | awk '{print $NF}')
    case " $CROSS_CHECKS " in *" kat "*)
        if [ "$model" != "$widest" ]; then
            echo "---- kat: runs on $widest"
        elif [ -x scripts/run-kat.sh ] && has_command kat "$@" "$BIN"; then
            step "kat" scripts/run-kat.sh "$BIN" "$runner"
        else
            echo "---- kat: not in this build"
        fi ;;
    esac
    case " $CROSS_CHECKS " in *" cli "*)
        if [ -x tests/cli/run.sh ]; then
            step "cli" tests/cli/run.sh "$BIN" "$runner"
        fi ;;
    esac
    step "dispatch" tests/dispatch/run.sh "tests/dispatch/$config.txt" "$model" "$BIN" "$@"
    if has_command selftest "$@" "$BIN"; then
        for mask in $QEMU_MASKS; do
            step "selftest with $mask" env "$mask" "$@" "$BIN" selftest
        done
    fi
    echo "== $config on $model: $failed failed step(s)"
    [ "$failed" -eq 0 ]
}

if [ "${1:-}" = "--run-job" ]; then
    shift
    mkdir -p "$OUT"
    log="$OUT/$1-$2.log"
    if run_job "$1" "$2" >"$log" 2>&1; then
        echo "ok    $1 on $2"
    else
        echo "FAIL  $1 on $2 (log: $log)"
        grep "^== step FAILED" "$log" | sed 's/^/      /'
        tail -n 15 "$log" | sed 's/^/      /'
        exit 1
    fi
    exit 0
fi

start=$(date +%s)
scripts/ensure-deps.sh --cross || exit 1
rm -rf "$OUT"
mkdir -p "$OUT"

# With no arguments: every cross configuration, and the host's when it lists QEMU
# CPU models (qemu-x86_64 runs the x86-64 dispatch on older CPUs).
if [ $# -gt 0 ]; then
    CONFIGS="$*"
else
    eval "$(vars "")"
    CONFIGS="$CROSS_CONFIGS"
    # shellcheck disable=SC2153 # CONFIG comes from the eval
    [ -n "$QEMU_CPUS" ] && CONFIGS="$CONFIGS $CONFIG"
fi

for c in $CONFIGS; do
    echo "== building $c"
    if ! make -s --no-print-directory -j"$JOBS" CONFIG="$c" all tests >"$OUT/build-$c.log" 2>&1; then
        echo "FAIL  building $c (log: $OUT/build-$c.log)"
        tail -n 25 "$OUT/build-$c.log"
        exit 1
    fi
done

# Every (config, model) pair is one job.
: >"$OUT/jobs"
for c in $CONFIGS; do
    eval "$(vars "$c")"
    for m in $QEMU_CPUS; do echo "$c $m" >>"$OUT/jobs"; done
done
echo "== running $(wc -l <"$OUT/jobs") jobs, $JOBS at a time"
status=0
xargs -P "$JOBS" -L 1 scripts/check-cross.sh --run-job <"$OUT/jobs" || status=1
end=$(date +%s)
echo "== check-cross: $(grep -c . "$OUT/jobs") jobs in $((end - start)) s; $([ $status -eq 0 ] && echo all passed || echo some FAILED)"
exit $status
