#!/bin/sh
# tests/lava.sh - scripts/lava/ checked the way LAVA would read it: the test
# definition and the example job against LAVA's own schemas (Debian's lava-common),
# then the definition's run steps run here, in a copy of the tree beside the built
# binary, with CB_LAVA_QUICK=1 and a stand-in lava-test-case that records what it
# was told.  Run from the top folder after a build; prints "N passed, N failed".
#
# Without lava-common the schema checks print UNAVAILABLE and are not counted,
# unless CB_REQUIRE_LAVA is set or we run as root (then scripts/ensure-deps.sh has
# installed it, so its absence is a failure).
set -u
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
top=$(pwd)
testdef=scripts/lava/cryptobench.yaml
job=scripts/lava/job-qemu.yaml
[ -x ./cryptobench ] || { echo "tests/lava.sh: build first (no ./cryptobench)" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# Debian's python, not one earlier on PATH (pyenv): lava-common installs there.
py=/usr/bin/python3
[ -x "$py" ] || py=python3
required=${CB_REQUIRE_LAVA:-}
[ "$(id -u)" -eq 0 ] && required=1

# ---- the schemas --------------------------------------------------------------
# validate.py KIND FILE: exit 0 valid, 1 invalid (the reason on stderr), 3 no lava_common
cat >"$T/validate.py" <<'PY'
import sys
try:
    import yaml
    from lava_common.schemas import validate as validate_job
    from lava_common.schemas.test.testdef import validate as validate_testdef
except ImportError as e:
    print(e, file=sys.stderr)
    sys.exit(3)
kind, path = sys.argv[1], sys.argv[2]
with open(path) as f:
    data = yaml.safe_load(f)
try:
    if kind == "job":
        validate_job(data, strict=True)
    else:
        validate_testdef(data)
except Exception as e:
    print("%s: %s" % (path, e), file=sys.stderr)
    sys.exit(1)
PY
"$py" "$T/validate.py" testdef "$testdef" 2>"$T/err"
rc=$?
if [ $rc -eq 3 ]; then
    if [ -n "$required" ]; then
        bad "lava-common is required here but lava_common does not import: $(cat "$T/err")"
    else
        echo "UNAVAILABLE: LAVA schema checks (install Debian's lava-common): $(cat "$T/err")"
    fi
else
    [ $rc -eq 0 ] && ok || bad "the test definition does not validate: $(cat "$T/err")"
    "$py" "$T/validate.py" job "$job" 2>"$T/err" && ok ||
        bad "the example job does not validate: $(cat "$T/err")"
    # the validators must be able to say no, or the two passes above mean nothing
    sed 's/^visibility: public/visibility: everyone/' "$job" >"$T/bad-job.yaml"
    "$py" "$T/validate.py" job "$T/bad-job.yaml" 2>/dev/null &&
        bad "the job schema accepted visibility: everyone" || ok
    sed 's/Lava-Test Test Definition 1.0/Lava-Test Test Definition 2.0/' "$testdef" >"$T/bad-testdef.yaml"
    "$py" "$T/validate.py" testdef "$T/bad-testdef.yaml" 2>/dev/null &&
        bad "the test definition schema accepted format 2.0" || ok
fi

# ---- the run steps ------------------------------------------------------------
# The steps, one shell line each as LAVA writes them into its run script.  Without
# the yaml module (it comes with lava-common) there is nothing to run them from.
if "$py" -c 'import yaml' 2>/dev/null; then
    "$py" - "$testdef" >"$T/steps.sh" <<'PY'
import sys, yaml
with open(sys.argv[1]) as f:
    steps = yaml.safe_load(f)["run"]["steps"]
print("\n".join(steps))
PY
    [ -s "$T/steps.sh" ] && ok || bad "no run steps in $testdef"

    # the tree as a checkout on the device would have it, with this build in it
    # (times kept, so the steps' make only relinks)
    mkdir "$T/tree" "$T/bin"
    git ls-files -z | xargs -0 cp -p --parents -t "$T/tree" && cp -pR build cryptobench "$T/tree/" ||
        bad "could not copy the tree"
    cat >"$T/bin/lava-test-case" <<'SH'
#!/bin/sh
echo "$*" >>"$CB_LAVA_LOG"
SH
    chmod +x "$T/bin/lava-test-case"

    export CB_LAVA_LOG="$T/cases"
    : >"$CB_LAVA_LOG"
    (cd "$T/tree" && PATH="$T/bin:$PATH" CB_LAVA_QUICK=1 sh "$T/steps.sh") >"$T/run.log" 2>&1 ||
        bad "the run steps exited non-zero: $(tail -5 "$T/run.log")"

    # case NAME: its reported result (the word after --result)
    result() { awk -v n="$1" '$1 == n { for (i = 2; i < NF; i++) if ($i == "--result") print $(i + 1) }' "$CB_LAVA_LOG"; }
    for c in build selftest speed caps-sweep audit; do
        [ "$(result $c)" = pass ] && ok || bad "case $c reported '$(result $c)', expected one pass"
    done
    for alg in aes-256-gcm sha256; do
        for n in 16 1024; do
            grep -Eq "^${alg}_[-_a-zA-Z0-9.]*_${n} --result pass --measurement [0-9][0-9.]*(e[-+]?[0-9]+)? --units MB/s\$" "$CB_LAVA_LOG" &&
                ok || bad "no measured $alg case at $n bytes in MB/s"
        done
    done
    [ -s "$T/tree/sweep.csv" ] && ok || bad "the sweep wrote no sweep.csv"
    head -1 "$T/tree/board.tune" 2>/dev/null | grep -qx 'cryptobench-tune 1' && ok ||
        bad "the audit step wrote no tuning file"

    # every line is a name and a result LAVA knows; no number on a case that did not pass
    check_lines() {
        awk '
            { n++ }
            $2 != "--result" || $3 !~ /^(pass|fail|skip|unknown)$/ { print "malformed: " $0; b++ }
            $3 != "pass" && /--measurement/ { print "measurement on a " $3 " case: " $0; b++ }
            /--measurement/ && !/--units MB\/s$/ { print "measurement without --units MB/s: " $0; b++ }
            END { if (n == 0) { print "no cases reported"; b++ } exit b > 0 }' "$1"
    }
    msg=$(check_lines "$CB_LAVA_LOG") && ok || bad "$msg"

    # the export step again, on a results file with failed and skipped cases
    # (a clean run has none): they reach lava-test-case without a number
    : >"$CB_LAVA_LOG"
    cp tests/data/export-run.csv "$T/tree/out.csv"
    tail -n 1 "$T/steps.sh" >"$T/export-step.sh"
    grep -q 'export out.csv -format lava' "$T/export-step.sh" &&
        (cd "$T/tree" && PATH="$T/bin:$PATH" sh "$T/export-step.sh") >"$T/run.log" 2>&1 ||
        bad "the last step is not the export, or it failed: $(cat "$T/export-step.sh") $(tail -3 "$T/run.log")"
    msg=$(check_lines "$CB_LAVA_LOG") && ok || bad "$msg"
    grep -q -- '--result fail$' "$CB_LAVA_LOG" && ok || bad "a failed case was not reported as fail"
elif [ -n "$required" ]; then
    bad "python3 cannot import yaml (python3-yaml, which lava-common brings)"
else
    echo "UNAVAILABLE: running the LAVA run steps (no python3 yaml module)"
fi

cd "$top" || exit 1
echo "lava: $pass passed, $fail failed"
[ $fail -eq 0 ]
