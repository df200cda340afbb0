#!/bin/sh
# check-cross.sh [CONFIG...] - `make check` for every cross target under qemu-user.
#
# Builds each configuration once (make CONFIG=... all tests), then runs one job
# per (configuration, QEMU CPU model), two at a time.  Every job runs the ABI
# self-check, the caps command-line checks, the emulator verdict, the dispatch
# table (tests/dispatch/<config>.txt) and `cryptobench selftest -quick`, which
# executes every variant the model can run.  The widest model (the last of
# QEMU_CPUS) also runs the cmocka unit tests (linked dynamically against Debian's
# multiarch cmocka), the full selftest, selftest -quick under each mask of
# QEMU_MASKS (which turn the crypto instructions off), kat and the command-line
# tests.  On an x86-64 host the host build also runs under qemu-x86_64's models.
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

# wants CHECK: is CHECK in the configuration's CROSS_CHECKS, and does this job
# run the heavy steps?  Unit tests, kat and the command-line tests run on the
# widest model only (the last of QEMU_CPUS): every variant a narrower model can
# run, it runs too, and QEMU executes an instruction alike on every model.
wants() {
    [ "$model" = "$widest" ] || return 1
    case " $CROSS_CHECKS " in *" $1 "*) return 0 ;; esac
    return 1
}

run_job() {
    config=$1 model=$2
    eval "$(vars "$config")" || return 1
    widest=$(echo "$QEMU_CPUS" | awk '{print $NF}')
    set -- "$QEMU" -cpu "$model"
    runner="$*"
    failed=0
    export CB_EXPECT_EMULATOR=qemu-user
    # unit tests that repeat architecture-neutral work the native run does in full
    # take a sample of it here (tests/support.h, tu_quick)
    export CB_TEST_DEPTH=quick
    unset CRYPTOBENCH_CAPS OPENSSL_armcap OPENSSL_ppccap OPENSSL_ia32cap
    echo "== $config on $model: $runner (widest model: $widest)"
    if wants unit; then
        for t in $TEST_BINS; do step "unit $(basename "$t")" "$@" "$t"; done
    fi
    step "abi-check" "$@" "$ABI_CHECK"
    step "caps command line" tests/caps_cli.sh "$BIN" "$runner"
    step "emulator verdict" sh -c '"$@" caps -mr | grep -qx "emulator qemu-user"' sh "$@" "$BIN"
    # Every capability's instructions against detection: a model that executes what
    # it does not report (or reports what it faults on, or computes wrongly) fails.
    step "caps -probe" "$@" "$BIN" caps -probe
    step "dispatch" tests/dispatch/run.sh "tests/dispatch/$config.txt" "$model" "$BIN" "$@"
    if ! has_command selftest "$@" "$BIN"; then
        echo "---- selftest: not in this build"
    elif [ "$model" = "$widest" ]; then
        step "selftest" "$@" "$BIN" selftest
        # Under each mask the fallbacks are what auto picks; their known answers
        # and short cross-checks run once more the way a masked run uses them.
        for mask in $QEMU_MASKS; do
            step "selftest -quick with $mask" env "$mask" "$@" "$BIN" selftest -quick
        done
    else
        # Every variant this model can run executes: one that uses an instruction
        # its capabilities do not declare dies of SIGILL here.
        step "selftest -quick" "$@" "$BIN" selftest -quick
    fi
    # Debian's own libcrypto of the architecture as variant openssl: its selftest on
    # the first and the widest model, its known-answer files on the widest (where the
    # configuration runs kat), and the 2021 report's forced mask dying of SIGILL
    # where LIB_FAULT says it must.
    first=$(echo "$QEMU_CPUS" | awk '{print $1}')
    if [ -n "${DEB_ARCH:-}" ] && { [ "$model" = "$first" ] || [ "$model" = "$widest" ]; }; then
        if libdir=$(scripts/foreign-libcrypto.sh "$DEB_ARCH"); then
            step "library selftest -quick" env LD_LIBRARY_PATH="$PWD/$libdir" OPENSSL_MODULES="$PWD/$libdir/ossl-modules" "$@" "$BIN" \
                selftest -quick -variant openssl
            if wants kat && [ -x scripts/run-kat.sh ]; then
                step "library kat" env LD_LIBRARY_PATH="$PWD/$libdir" OPENSSL_MODULES="$PWD/$libdir/ossl-modules" KAT_VARIANT=openssl \
                    scripts/run-kat.sh "$BIN" "$runner"
            fi
        else
            step "library fetch" false
        fi
    fi
    if [ -n "${LIB_FAULT:-}" ] && [ -n "${DEB_ARCH:-}" ]; then
        set -- $LIB_FAULT
        fmodel=$1 fmask=$2 falg=$3
        set -- "$QEMU" -cpu "$model"
        if [ "$model" = "$fmodel" ] && libdir=$(scripts/foreign-libcrypto.sh "$DEB_ARCH"); then
            step "library $fmask faults on $falg" tests/lib_fault.sh "$PWD/$libdir" "$fmask" \
                "$falg" "$BIN" "$@"
        fi
    fi
    if [ -n "${LIB_SWEEP:-}" ] && [ -n "${DEB_ARCH:-}" ]; then
        set -- $LIB_SWEEP
        smodel=$1 salg=$2 sbits=$3
        set -- "$QEMU" -cpu "$model"
        if [ "$model" = "$smodel" ] && libdir=$(scripts/foreign-libcrypto.sh "$DEB_ARCH"); then
            step "caps -sweep of the library on $salg" tests/sweep.sh library "$PWD/$libdir" \
                "$salg" "$sbits" "$BIN" "$@"
        fi
    fi
    if [ -n "${SWEEP_FORCED:-}" ]; then
        set -- $SWEEP_FORCED
        salg=$1 scap=$2
        shift 2
        case " $* " in *" $model "*)
            set -- "$QEMU" -cpu "$model"
            step "caps -sweep -force-caps +$scap" tests/sweep.sh forced "$salg" "$scap" "$BIN" "$@" ;;
        esac
        set -- "$QEMU" -cpu "$model"
    fi
    if wants kat && [ -x scripts/run-kat.sh ] && has_command kat "$@" "$BIN"; then
        step "kat" scripts/run-kat.sh "$BIN" "$runner"
    fi
    if wants cli && [ -x tests/cli/run.sh ]; then
        step "cli" tests/cli/run.sh "$BIN" "$runner"
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

# build_check CONFIG LABEL TARGET: a make target about the build itself (not run
# under QEMU); prints its last line, or its log tail when it fails.
build_check() {
    log="$OUT/$3-$1.log"
    if make -s --no-print-directory CONFIG="$1" "$3" >"$log" 2>&1; then
        echo "ok    $1 $2: $(tail -n 1 "$log" | sed 's/^[a-z0-9-]*\.sh: //')"
    else
        echo "FAIL  $1 $2 (log: $log)"
        tail -n 25 "$log"
        return 1
    fi
}

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
    # The POWER branch-hint experiment is only the intended one if the hinted and
    # unhinted objects differ in exactly the BO field of the hinted branches; the
    # ARMv8 interleaved loops under llvm-mca must lose no AES instruction and not
    # cost more cycles per block with a larger factor.
    case $c in
    linux-aarch64) build_check "$c" "llvm-mca" check-armv8-mca || exit 1 ;;
    linux-ppc64*) build_check "$c" "branch hints" check-power-hints || exit 1 ;;
    esac
done

# Every (config, model) pair is one job; the widest models' jobs are the long
# ones, so they start first and the short ones fill in around them.
: >"$OUT/jobs"
for c in $CONFIGS; do
    eval "$(vars "$c")"
    echo "$c $(echo "$QEMU_CPUS" | awk '{print $NF}')" >>"$OUT/jobs"
done
for c in $CONFIGS; do
    eval "$(vars "$c")"
    for m in $(echo "$QEMU_CPUS" | awk '{$NF = ""; print}'); do echo "$c $m" >>"$OUT/jobs"; done
done
echo "== running $(wc -l <"$OUT/jobs") jobs, $JOBS at a time"
status=0
xargs -P "$JOBS" -L 1 scripts/check-cross.sh --run-job <"$OUT/jobs" || status=1
end=$(date +%s)
echo "== check-cross: $(grep -c . "$OUT/jobs") jobs in $((end - start)) s; $([ $status -eq 0 ] && echo all passed || echo some FAILED)"
exit $status
