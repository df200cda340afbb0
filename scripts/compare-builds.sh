#!/bin/sh
# compare-builds.sh - builds two git revisions (or two build configs of one revision)
# into separate folders, runs `cryptobench speed` with the same arguments on both in
# rounds of one short run each, the two in a random order per round (never a fixed
# A B A B, which periodic noise could alias with), so that drift of the machine
# (heat, frequency, neighbours) falls on both sides, and prints `cryptobench compare`
# of the results.
#
# Each run takes one sample of every case (-seconds BATCH -samples 1, after SPEED-ARGS)
# and, when the build knows it, records it with `speed -pair ROUND,ORDER,ARM`: compare
# then judges the rounds as pairs (the paired signed-rank interval, docs/compare.md)
# rather than as two unpaired sets.  With -fail-if-slower in -compare's options the
# script consults compare after 16, 24, 32, 48, 64, ... rounds (the looks the
# interval's error is spent over; looking after every round would spend it faster)
# and stops at the first pass (0) or regression (1); a run out of -rounds is
# undecided (4).
#
#   scripts/compare-builds.sh [options] REV_A REV_B [-- SPEED-ARGS...]
#   scripts/compare-builds.sh [options] -configs CONFIG_A CONFIG_B [-- SPEED-ARGS...]
#
# Options:
#   -rounds N        at most N rounds (default 64); every round adds a pair
#   -batch S         each run's one sample per case lasts S seconds (default 0.05)
#   -config NAME     build configuration for both revisions (default: the host's)
#   -rev REV         the revision built twice with -configs (default HEAD)
#   -compare "ARGS"  options for compare, e.g. "-fail-if-slower 5% -style markdown"
#   -out DIR         keep the two CSV files (before-REV_A.csv, after-REV_B.csv) in DIR
#   -work DIR        build in DIR (default: a temporary folder, removed at the end)
#   -jobs N          make -j (default 2)
# SPEED-ARGS default to "-evp aes-256-gcm".  Runs under the configuration's
# emulator (QEMU_RUN in configs/NAME.mk) when it has one; emulated timings prove
# only that both builds work, they say nothing about speed.
#
# Exit status: compare's (0, 1 when -fail-if-slower fails, 4 undecided, 2 on bad
# input), or 2 when a build or a run fails.
set -eu

die() { echo "compare-builds: $*" >&2; exit 2; }

rounds=64 batch=0.05 config="" rev=HEAD mode=revs compare_args="" out="" work="" jobs=2 a="" b=""
while [ $# -gt 0 ]; do
    case $1 in
    -rounds|--rounds) rounds=${2:?-rounds needs a number}; shift 2 ;;
    -batch|--batch) batch=${2:?-batch needs seconds}; shift 2 ;;
    -config|--config) config=${2:?-config needs a name}; shift 2 ;;
    -configs|--configs) mode=configs; shift ;;
    -rev|--rev) rev=${2:?-rev needs a revision}; shift 2 ;;
    -compare|--compare) compare_args=${2?-compare needs options}; shift 2 ;;
    -out|--out) out=${2:?-out needs a folder}; shift 2 ;;
    -work|--work) work=${2:?-work needs a folder}; shift 2 ;;
    -jobs|--jobs) jobs=${2:?-jobs needs a number}; shift 2 ;;
    -h|-help|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    -*) die "unknown option '$1'; see $0 -help." ;;
    *)
        if [ -z "$a" ]; then a=$1
        elif [ -z "$b" ]; then b=$1
        else die "unexpected '$1'; speed's arguments go after '--'."
        fi
        shift ;;
    esac
done
[ -n "$b" ] || die "give two revisions (or -configs and two configuration names); see $0 -help."
[ $# -gt 0 ] || set -- -evp aes-256-gcm
case $rounds in ''|*[!0-9]*|0) die "-rounds '$rounds' is not a positive whole number." ;; esac

repo=$(git rev-parse --show-toplevel 2>/dev/null) || die "run it inside the cryptobench git repository."
host_config=linux-$(uname -m)
keep_work=1
if [ -z "$work" ]; then
    work=$(mktemp -d "${TMPDIR:-/tmp}/cryptobench-compare.XXXXXX")
    keep_work=0
fi
mkdir -p "$work"

cleanup() {
    for d in "$work/a" "$work/b"; do
        [ -d "$d" ] && git -C "$repo" worktree remove --force "$d" >/dev/null 2>&1 || true
    done
    [ "$keep_work" = 1 ] || rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# checkout NAME REV: a detached worktree, so the build records the revision.
checkout() {
    git -C "$repo" rev-parse --verify --quiet "$2^{commit}" >/dev/null ||
        die "'$2' is not a revision of this repository."
    git -C "$repo" worktree add --detach --force "$work/$1" "$2" >/dev/null 2>&1 ||
        die "cannot check out '$2' into $work/$1."
}

# build NAME CONFIG: prints the path of the binary.
build() {
    echo "== building $1 ($(git -C "$work/$1" rev-parse --short HEAD), CONFIG=$2)" >&2
    make -C "$work/$1" -j"$jobs" CONFIG="$2" >"$work/build-$1-$2.log" 2>&1 ||
        { tail -n 20 "$work/build-$1-$2.log" >&2; die "building $1 with CONFIG=$2 failed; see above."; }
    echo "$work/$1/build/$2/cryptobench"
}

# emulator CONFIG: the QEMU_RUN of that configuration, if any.
emulator() {
    sed -n 's/^QEMU_RUN[[:space:]]*:*=[[:space:]]*//p' "$repo/configs/$1.mk" 2>/dev/null | head -n 1
}

if [ "$mode" = configs ]; then
    checkout a "$rev"
    bin_a=$(build a "$a") cfg_a=$a
    bin_b=$(build a "$b") cfg_b=$b
else
    cfg_a=${config:-$host_config} cfg_b=${config:-$host_config}
    checkout a "$a"
    checkout b "$b"
    bin_a=$(build a "$cfg_a")
    bin_b=$(build b "$cfg_b")
fi
run_a=$(emulator "$cfg_a") run_b=$(emulator "$cfg_b")

# The files are named after what was built, so compare's header says which is which.
label() { printf '%s' "$1" | tr -c 'A-Za-z0-9._-' '_'; }
before="$work/before-$(label "$a").csv" after="$work/after-$(label "$b").csv"
: > "$before"
: > "$after"

# pairs BIN: does this build record -pair (older ones are compared unpaired)?
pairs() { "$1" speed -h 2>/dev/null | grep -q -- '-pair R,O,A'; }
pair_a=0 pair_b=0
pairs "$bin_a" && pair_a=1
pairs "$bin_b" && pair_b=1
[ "$pair_a$pair_b" = 11 ] ||
    echo "compare-builds: a build without speed -pair: the rounds are compared unpaired." >&2

# compare_now: the comparison of the rounds so far (its exit status).
compare_now() {
    # shellcheck disable=SC2086
    (cd "$work" && $run_b "$bin_b" compare "$(basename "$before")" "$(basename "$after")" $compare_args)
}

gating=0
case " $compare_args " in *" -fail-if-slower "*|*" --fail-if-slower "*) gating=1 ;; esac
look=16 status=4 i=0
while [ "$i" -lt "$rounds" ]; do
    # a random order for this round, from one byte of /dev/urandom
    first=$(od -An -N1 -tu1 /dev/urandom | tr -d ' ')
    if [ $((first % 2)) = 0 ]; then order="a b"; else order="b a"; fi
    place=0
    for side in $order; do
        if [ "$side" = a ]; then bin=$bin_a runner=$run_a dest=$before arm=0
        else bin=$bin_b runner=$run_b dest=$after arm=1; fi
        stamp=""
        [ "$pair_a$pair_b" = 11 ] && stamp="-pair $i,$place,$arm"
        echo "== round $((i + 1))/$rounds: $side" >&2
        # shellcheck disable=SC2086
        $runner "$bin" speed "$@" -seconds "$batch" -samples 1 $stamp -csv "$work/$side-$i.csv" \
            >"$work/$side-$i.out" 2>&1 ||
            { tail -n 20 "$work/$side-$i.out" >&2; die "speed failed on build $side (round $((i + 1)))."; }
        cat "$work/$side-$i.csv" >> "$dest"
        place=$((place + 1))
    done
    i=$((i + 1))
    if [ "$gating" = 1 ] && [ "$i" = "$look" ] && [ "$i" -lt "$rounds" ]; then
        set +e
        compare_now >"$work/look.out" 2>&1
        status=$?
        set -e
        [ "$status" = 0 ] || [ "$status" = 1 ] || [ "$status" = 2 ] && break
        # the next look: 16, 24, 32, 48, 64, ... (two per doubling)
        if [ $((look & (look - 1))) = 0 ]; then look=$((look * 3 / 2)); else look=$((look * 4 / 3)); fi
    fi
done
if [ -n "$out" ]; then
    mkdir -p "$out"
    cp "$before" "$after" "$out"/
fi
# The newer build reads both files (its reader knows every schema the older wrote).
set +e
# shellcheck disable=SC2086
(cd "$work" && $run_b "$bin_b" compare "$(basename "$before")" "$(basename "$after")" $compare_args)
status=$?
exit $status
