/*
 * cli/speed_opts.c - the `speed` command line: OpenSSL's options (-evp, -hmac, -cmac,
 * -seconds, -bytes, -decrypt, -aead, -mr, -multi, -elapsed, -misalign) and ours, each
 * value checked with one sentence naming it and what would be accepted.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/speed.h"
#include "base/common.h"
#include "base/outfile.h"
#include "harness/host.h"
#include "kernels/modes/hmac.h"
#include "kernels/registry.h"
#include "kernels/select.h"
#include "reports/compare/compare.h"
#include "reports/styles/styles.h"

static const size_t default_sizes[] = {16, 64, 256, 1024, 8192, 16384};

static void speed_usage(FILE *f)
{
    fprintf(f,
        "usage: cryptobench speed [options] [algorithm...]\n"
        "\n"
        "Times algorithms over a sweep of block sizes, like `openssl speed`.  Each\n"
        "variant is checked against known answers before it is timed.  With no\n"
        "algorithm named, all are timed (those having a -variant named, if any).\n"
        "\n"
        "  -evp NAME          algorithm to time (repeatable; positional names work too)\n"
        "  -hmac DIGEST       time hmac(DIGEST), as OpenSSL 3 (same as -evp 'hmac(DIGEST)')\n"
        "  -cmac CIPHER       time cmac(CIPHER), the CMAC of each block under an AES-CBC\n"
        "                     cipher, as OpenSSL 3 (same as -evp 'cmac(CIPHER)')\n"
        "  -seconds S         fixed time per case, as OpenSSL (fractions allowed);\n"
        "                     default: sample until the median is known to +-1%%\n"
        "  -samples N         samples per case with -seconds or -iterations (default 5)\n"
        "  -iterations N      every sample exactly N operations, after one warm-up batch\n"
        "                     of N: for counting instructions under an emulator\n"
        "  -precision P       precision goal in percent without -seconds (default 1)\n"
        "  -budget S          without -seconds: the whole run samples for about S seconds,\n"
        "                     shared by its cases (0: no budget; with no algorithm\n"
        "                     named the default is %.0f, so all rows take ~3 minutes)\n"
        "  -runs N            time every case N times (1..%d), the repetitions a sweep\n"
        "                     apart, each with its share of the time: compare then\n"
        "                     counts the drift between runs (CI baselines: -runs 3)\n"
        "  -canary CLASS      the reference loop sampled beside every case, so compare\n"
        "                     can judge case / canary across runs: auto (default: by\n"
        "                     the variant's instructions), scalar, aes, simd, none\n"
        "  -bytes N[,N...]    block sizes (default 16,64,256,1024,8192,16384)\n"
        "  -decrypt           time decryption instead of encryption\n"
        "  -aead              13 bytes of AAD per GCM message, as TLS\n"
        "  -rekey             an AEAD's key set up anew for every message, as `openssl\n"
        "                     speed -aead` of OpenSSL 3.0.x times it\n"
        "  -workload W        time the sizes of workload W (%s, or a file of\n"
        "                     \"SIZE COUNT\" lines) and print its bytes-over-time\n"
        "                     throughput per row after the tables; not with -bytes\n"
        "  -misalign N        offset buffers N bytes (0..64) from 64-byte alignment\n"
        "  -inplace           output over the input (default: separate buffers)\n"
        "  -variant LIST      auto (default), all, or variant names separated by commas\n"
        "  -tune FILE         auto follows the tuning file `audit -o FILE` wrote on this\n"
        "                     machine and build (default: $CRYPTOBENCH_TUNE, if set)\n"
        "  -force-caps        allow CRYPTOBENCH_CAPS / OPENSSL_*cap to add capabilities\n"
        "                     the CPU lacks; kernels then run under a fault guard\n"
        CB_LIBOPTS_USAGE
        "  -op-timeout S      a library variant's call (a batch, a key set-up, a check)\n"
        "                     that has not returned after S seconds, or %d times the\n"
        "                     batch's calibrated length if longer, is reported hung\n"
        "                     (exit 3) and the other cases still run (default %g)\n"
        "  -elapsed           wall-clock time instead of CPU time\n"
        "  -cpu N             pin the process to CPU N\n"
        "  -multi N[,N...]    N workers pinned to distinct CPUs, started together; the\n"
        "                     table shows their sum (OpenSSL's meaning), then each.\n"
        "                     With -csv every worker's samples (columns workers and\n"
        "                     worker), with -json each worker's figures, with -compare\n"
        "                     each worker alternates the variants; not with -cpu.\n"
        "                     Several counts (-multi 1,2,4): a run per count, each\n"
        "                     with its tables, then the scaling table (the machine's\n"
        "                     throughput per count and its speed-up over the first);\n"
        "                     -csv holds every run (not with -compare, -json, -runs)\n"
        "  -cycles[=MODE]     count cycles: perf events (n/a where not allowed);\n"
        "                     =required refuses to run without them; =tsc (x86-64\n"
        "                     reference cycles), =timebase (POWER timebase ticks)\n"
        "  -mr                machine-readable output (OpenSSL's +DT/+R/+H/+F lines)\n"
        "  -csv FILE          write every sample to FILE (written atomically)\n"
        "  -json FILE         write each case's median, 95%% interval, spread and\n"
        "                     precision verdict to FILE\n"
        "  -compare           with -variant A,B: sample A and B in rounds of one batch\n"
        "                     each, in random order, and print the before/after table\n"
        "                     (A before, B after), judged on the pairs; A,A works and\n"
        "                     shows the smallest difference this machine resolves\n"
        "  -fail-if-slower P%% with -compare: 0.25 ms batch pairs until the paired\n"
        "                     interval of B/A lies wholly above -P%% (pass) or below\n"
        "                     (regression: exit 1), or -max-seconds ends the case\n"
        "                     undecided (exit 4)\n"
        "  -gate-on ALG[,ALG] apply -fail-if-slower to these algorithms only\n"
        "  -max-seconds S     the gate's time cap per case (default 10)\n"
        "  -pair R,O,A        record each sample as batch O (0, 1) of round R on side A\n"
        "                     (0 before, 1 after) of a comparison another process\n"
        "                     arranges (scripts/compare-builds.sh); with\n"
        "                     -seconds S -samples 1\n"
        "  -calibrate-gate    run %d A/A trials of the (one) variant against itself\n"
        "                     per case, each -max-seconds long, and print the smallest\n"
        "                     -fail-if-slower that kept false alarms at or below 5%%\n"
        "  -compare-out FILE  write -compare's table or format to FILE, not stdout\n"
        "                     (whole, or not at all): -style html -compare-out r.html\n"
        "  -style NAME        the table for -compare (default %s), or a format:\n",
        CB_RUN_DEFAULT_BUDGET, CB_RUNS_MAX, cb_workload_names(), CB_BENCH_TIMEOUT_FACTOR, CB_BENCH_DEFAULT_OP_TIMEOUT, CB_CALIBRATE_TRIALS,
        cb_compare_style_at(0)->name);
    cb_compare_style_usage(f, CB_STYLE_TEXT, "      ");
    cb_compare_style_usage(f, CB_STYLE_FORMAT, "      ");
    fprintf(f,
        "\n"
        "Exit status: 0 ok, 1 a variant failed its check or the gate a regression, 2 bad\n"
        "usage, 3 a kernel faulted (or a library hung or exited), 4 the gate undecided,\n"
        "130 interrupted by Ctrl-C (143 SIGTERM, 129 SIGHUP; finished samples are still\n"
        "printed and saved).\n"
        "`cryptobench list` shows the algorithms and variants.\n");
}

static int add_alg(speed_opts *o, const char *name)
{
    const cb_alg *found[16];
    size_t n = cb_alg_expand(name, found, 16);
    if (n == 0) {
        char names[2048];
        cb_error("speed: unknown algorithm '%s'; known algorithms are: %s (and the groups "
                 "aes, sha, rsa, dsa, hmac).", name, cb_alg_names(names, sizeof names));
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (o->run.nalgs == CB_PLAN_MAX_ALGS) {
            cb_error("speed: more than %d algorithms requested.", CB_PLAN_MAX_ALGS);
            return -1;
        }
        o->run.algs[o->run.nalgs++] = found[i];
    }
    return 0;
}

/* add_mac adds the MAC `-OPT INNER` names (-hmac DIGEST: hmac(DIGEST); -cmac CIPHER:
 * cmac(CIPHER)), of giving the MAC of an algorithm and inner_of the algorithm a MAC
 * is built on (for the list of those it takes); INNER is any spelling of it. */
static int add_mac(speed_opts *o, const char *opt, const char *inner, const char *what,
                   const cb_alg *(*of)(const cb_alg *),
                   const cb_alg *(*inner_of)(const cb_alg *))
{
    const cb_alg *m = of(cb_alg_find(inner));
    if (m)
        return add_alg(o, m->name);
    char names[512];
    size_t n = 0;
    names[0] = '\0';
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *d = inner_of(cb_alg_at(i));
        if (d && n < sizeof names)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "", d->name);
    }
    cb_error("speed: -%s '%s' is not one of the %s: %s.", opt, inner, what, names);
    return -1;
}

/* writable_dir_of checks, before anything is timed, that a result file can be created
 * where path says, so a run does not end by failing to save. */
static int writable_dir_of(const char *opt, const char *path)
{
    if (!*path) {
        cb_error("speed: %s needs a file name.", opt);
        return -1;
    }
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    if (access(dir, W_OK) != 0) {
        cb_error("speed: %s %s: cannot create a file in '%s' (%s).", opt, path, dir,
                 strerror(errno));
        return -1;
    }
    return 0;
}

/* file_name takes option opt's value v, a file name, into *out; an empty one is
 * refused. */
static int file_name(const char *opt, const char *v, const char **out)
{
    if (!*v) {
        cb_error("speed: %s needs a file name.", opt);
        return -1;
    }
    *out = v;
    return 0;
}

/* two_variants reports whether the selection names exactly two variants (one twice
 * is an A/A comparison: the smallest difference the machine resolves). */
static int two_variants(const cb_selection *sel)
{
    return sel->mode == CB_SELECT_LIST && sel->n == 2;
}

/* read_stamp reads -pair ROUND,ORDER,ARM. */
static int read_stamp(cb_run_opts *ro, const char *v)
{
    unsigned long long f[3];
    int end = 0;
    if (sscanf(v, "%llu,%llu,%llu%n", &f[0], &f[1], &f[2], &end) != 3 || v[end] != '\0' ||
        !(v[0] >= '0' && v[0] <= '9') || f[0] > UINT32_MAX || f[1] > 1 || f[2] > 1) {
        cb_error("speed: -pair '%s' is not ROUND,ORDER,ARM; give a round from 0, its batch's "
                 "place in it (0 or 1) and the side (0 before, 1 after), e.g. 7,1,0.", v);
        return -1;
    }
    for (int i = 0; i < 3; i++)
        ro->stamp[i] = (unsigned)f[i];
    ro->stamped = 1;
    return 0;
}

/* parse_canary reads -canary's class, refusing one this CPU cannot run. */
static int parse_canary(const char *v, cb_canary_class *c)
{
    if (cb_canary_parse(v, c) != 0) {
        cb_error("speed: -canary '%s' is not a canary; give auto (the default), scalar, "
                 "aes, simd or none.", v);
        return -1;
    }
    if (*c != CB_CANARY_AUTO && *c != CB_CANARY_NONE && !cb_canary_available(*c)) {
        cb_error("speed: -canary %s needs instructions this CPU (or its mask) lacks; give "
                 "auto, scalar or none.", v);
        return -1;
    }
    return 0;
}

/* parse_multi reads -multi N or -multi N,N,... (ascending, each 1 to the CPUs this
 * host has): one count runs as always, several a run per count (the scaling table). */
static int parse_multi(speed_opts *o, const char *v)
{
    long ncpu = cb_host_cpus(), most = ncpu > 0 ? ncpu : 1;
    size_t counts[CB_MULTI_COUNTS];
    int n = cb_parse_size_list("-multi", v, 1, 1u << 20, counts, CB_MULTI_COUNTS);
    if (n < 0)
        return -1;
    for (int i = 0; i < n; i++) {
        if ((long)counts[i] > most) {
            cb_error("speed: -multi %zu asks for more workers than CPUs; workers are pinned "
                     "to distinct CPUs, so give 1 to %ld.", counts[i], most);
            return -1;
        }
        if (i > 0 && counts[i] <= counts[i - 1]) {
            cb_error("speed: -multi %s: give the worker counts in ascending order, each once "
                     "(e.g. 1,2,4).", v);
            return -1;
        }
        o->multi_counts[i] = (long)counts[i];
    }
    o->nmulti = (size_t)n;
    o->run.multi = o->multi_counts[0];
    return 0;
}

/* gate_checks refuses the gate's options where they mean nothing, and sets the run's
 * sampling for them: -fail-if-slower and -gate-on go with -compare, -max-seconds with
 * either of those or -calibrate-gate, which takes one variant and times it against
 * itself. */
static int gate_checks(speed_opts *o, int max_seconds_given)
{
    cb_run_opts *ro = &o->run;
    o->judge = cb_compare_default_opts();
    if (cb_gate_opts_finish(&o->gate, &o->judge) != 0)
        return -1;
    if (o->gate.gate && !ro->compare) {
        cb_error("speed: -fail-if-slower goes with -variant A,B -compare (or compare of two "
                 "files).");
        return -1;
    }
    if (max_seconds_given && !o->gate.gate && !o->calibrate_gate) {
        cb_error("speed: -max-seconds caps the gate; it goes with -fail-if-slower or "
                 "-calibrate-gate.");
        return -1;
    }
    if ((o->gate.gate || o->calibrate_gate) && (ro->bench.seconds > 0 || ro->bench.iterations)) {
        cb_error("speed: the gate chooses its own batches and stops on its interval; drop "
                 "-seconds and -iterations.");
        return -1;
    }
    if (ro->runs > 1 && (o->gate.gate || o->calibrate_gate || ro->stamped)) {
        cb_error("speed: -runs repeats cases for compare of separate files; the gate, "
                 "-calibrate-gate and -pair pair their own batches: drop -runs.");
        return -1;
    }
    if ((o->gate.gate || o->calibrate_gate) && ro->multi > 0) {
        cb_error("speed: the gate pairs batches in one process; drop -multi.");
        return -1;
    }
    if (ro->stamped && (ro->compare || o->calibrate_gate || ro->multi > 0 ||
                        ro->bench.samples != 1 ||
                        (ro->bench.seconds <= 0 && !ro->bench.iterations))) {
        cb_error("speed: -pair records one sample per case as half of a pair another process "
                 "arranges; give it with -seconds S -samples 1 and without -compare, "
                 "-calibrate-gate or -multi.");
        return -1;
    }
    if (o->calibrate_gate) {
        if (ro->compare) {
            cb_error("speed: -calibrate-gate compares a variant with itself; drop -compare.");
            return -1;
        }
        cb_selection *sel = &ro->variants;
        if (sel->mode == CB_SELECT_ALL || (sel->mode == CB_SELECT_LIST && sel->n != 1)) {
            cb_error("speed: -calibrate-gate times one variant against itself; give at most "
                     "one -variant.");
            return -1;
        }
        char name[CB_SELECT_NAME];
        snprintf(name, sizeof name, "%s", sel->mode == CB_SELECT_LIST ? sel->names[0] : "auto");
        memcpy(sel->names[0], name, sizeof name);
        memcpy(sel->names[1], name, sizeof name);
        sel->mode = CB_SELECT_LIST;
        sel->n = 2;
        ro->compare = 1;
        ro->bench.gate_pct = -1; /* the whole cap, no decision: each run is one trial */
    } else if (o->gate.gate) {
        ro->bench.gate_pct = o->gate.pct;
    }
    return 0;
}

/* read_variants reads -variant through kernels/select.h.  A name no variant of this
 * build has is said as speed always said it: against the first algorithm named, or,
 * with none named, as a list no algorithm has. */
static int read_variants(speed_opts *o, const char *spec)
{
    char err[512], name[CB_SELECT_NAME], list[512];
    int unknown = 0; /* where the sentence ends when it is about an unknown name */
    if (cb_selection_parse(&o->run.variants, spec, err, sizeof err) == 0)
        return 0;
    sscanf(err, "-variant '%63[^']' is not a variant of this build%n", name, &unknown);
    if (!unknown)
        cb_error("speed: %s.", err);
    else if (o->run.nalgs == 0)
        cb_error("speed: no algorithm has a variant named in -variant %s; 'cryptobench list' "
                 "shows the variants.", spec);
    else
        cb_error("speed: unknown variant '%s' of %s; its variants are: %s (or auto, all).",
                 name, o->run.algs[0]->name,
                 cb_variant_names(o->run.algs[0], list, sizeof list));
    return -1;
}

/* all_algorithms is `openssl speed` with no algorithm: every one, or with -variant
 * naming variants, every one that has one of them.  It says so, as the run is long. */
static int all_algorithms(speed_opts *o, const char *spec)
{
    cb_run_opts *r = &o->run;
    int named = r->variants.mode == CB_SELECT_LIST;
    for (size_t i = 0; i < cb_alg_count() && r->nalgs < CB_PLAN_MAX_ALGS; i++)
        if (cb_selection_offered(&r->variants, cb_alg_at(i)))
            r->algs[r->nalgs++] = cb_alg_at(i);
    if (r->nalgs == 0) {
        cb_error("speed: no algorithm has a variant named in -variant %s; 'cryptobench list' "
                 "shows the variants.", spec);
        return -1;
    }
    cb_warn("speed: no algorithm named, so all %zu%s are timed, as `openssl speed` does; "
            "name some (e.g. -evp aes-256-gcm) to time fewer.", r->nalgs,
            named ? " that have the named variants" : "");
    return 0;
}

/* check_compare_out refuses a -compare-out without -compare, or naming the file
 * -csv or -json writes. */
static int check_compare_out(const speed_opts *o)
{
    if (!o->compare_out)
        return 0;
    if (!o->run.compare) {
        cb_error("speed: -compare-out goes with -compare.");
        return -1;
    }
    const char *other = o->csv_path && cb_path_same(o->csv_path, o->compare_out) ? "-csv"
                      : o->json_path && cb_path_same(o->json_path, o->compare_out) ? "-json"
                      : NULL;
    if (other) {
        cb_error("speed: -compare-out and %s name one file, '%s'; give each its own.", other,
                 o->compare_out);
        return -1;
    }
    return 0;
}

/* outputs_apart refuses a -csv, -json or -compare-out that names a library -lib
 * loads: the results would replace the library. */
static int outputs_apart(const speed_opts *o)
{
    const char *libs[CB_LIB_MAX];
    for (size_t i = 0; i < o->libs.n; i++)
        libs[i] = o->libs.req[i].path;
    const char *opt[3] = {"-csv", "-json", "-compare-out"};
    const char *out[3] = {o->csv_path, o->json_path, o->compare_out};
    for (int k = 0; k < 3; k++)
        if (cb_args_output_apart("speed", opt[k], out[k], libs, o->libs.n,
                                 "a library -lib loads") != 0)
            return -1;
    return 0;
}

int cb_speed_parse(speed_opts *o, int argc, char **argv)
{
    cb_args a = {argc, argv, 1, "speed"};
    cb_run_opts *ro = &o->run;
    const char *v, *variants = NULL;
    int r;
    double d;
    long l;
    int max_seconds = 0, budget_given = 0;
    memset(o, 0, sizeof *o);
    cb_run_opts_default(ro);
    while (a.i < argc) {
        const char *arg = argv[a.i];
        if (cb_args_help(arg)) {
            speed_usage(stdout);
            return 1;
        }
#define VALUE(name) ((r = cb_args_value(&a, name, &v)) < 0 ? -1 : r)
        if ((r = VALUE("evp")) != 0) {
            if (r < 0 || add_alg(o, v))
                return -1;
        } else if ((r = VALUE("hmac")) != 0) {
            if (r < 0 || add_mac(o, "hmac", v, "digests HMAC is built on", cb_hmac_of,
                                 cb_hmac_digest))
                return -1;
        } else if ((r = VALUE("cmac")) != 0) {
            if (r < 0 || add_mac(o, "cmac", v, "ciphers CMAC is built on", cb_cmac_of,
                                 cb_cmac_cipher))
                return -1;
        } else if ((r = VALUE("seconds")) != 0) {
            if (r < 0 || cb_parse_double("-seconds", v, 0.001, 86400, &ro->bench.seconds))
                return -1;
        } else if ((r = VALUE("op-timeout")) != 0) {
            if (r < 0 || cb_parse_double("-op-timeout", v, 0.01, 86400, &ro->bench.op_timeout))
                return -1;
        } else if ((r = VALUE("iterations")) != 0) {
            /* a bound a run can reach: 10^12 operations is minutes even at a nanosecond */
            if (r < 0 || cb_parse_u64("-iterations", v, 1, UINT64_C(1000000000000),
                                      &ro->bench.iterations))
                return -1;
        } else if ((r = VALUE("samples")) != 0) {
            if (r < 0 || cb_parse_long("-samples", v, 1, CB_BENCH_MAX_FIXED_SAMPLES, &l))
                return -1;
            ro->bench.samples = (unsigned)l;
        } else if ((r = VALUE("runs")) != 0) {
            if (r < 0 || cb_parse_long("-runs", v, 1, CB_RUNS_MAX, &l))
                return -1;
            ro->runs = (unsigned)l;
        } else if ((r = VALUE("canary")) != 0) {
            if (r < 0 || parse_canary(v, &ro->canary))
                return -1;
        } else if ((r = VALUE("budget")) != 0) {
            if (r < 0 || cb_parse_double("-budget", v, 0, 864000, &ro->budget_seconds))
                return -1;
            budget_given = 1;
        } else if ((r = VALUE("precision")) != 0) {
            if (r < 0 || cb_parse_double("-precision", v, 0.01, 50, &d))
                return -1;
            ro->bench.precision = d / 100;
        } else if ((r = VALUE("bytes")) != 0) {
            int n = r < 0 ? -1 : cb_parse_size_list("-bytes", v, 1, CB_PLAN_MAX_BYTES, ro->sizes,
                                                   CB_PLAN_MAX_SIZES);
            if (n < 0)
                return -1;
            ro->nsizes = (size_t)n;
        } else if ((r = VALUE("workload")) != 0) {
            if (r < 0 || cb_args_workload("speed", v, &o->workload) != 0)
                return -1;
            o->has_workload = 1;
        } else if ((r = VALUE("misalign")) != 0) {
            if (r < 0 || cb_parse_long("-misalign", v, 0, 64, &l))
                return -1;
            ro->misalign = (unsigned)l;
        } else if ((r = VALUE("cpu")) != 0) {
            long ncpu = cb_host_cpus();
            if (r < 0 || cb_parse_long("-cpu", v, 0, ncpu > 0 ? ncpu - 1 : 1023,
                                       &ro->cpu))
                return -1;
        } else if ((r = VALUE("multi")) != 0) {
            if (r < 0 || parse_multi(o, v) != 0)
                return -1;
        } else if ((r = VALUE("variant")) != 0) {
            if (r < 0)
                return -1;
            if (!*v) {
                cb_error("speed: -variant needs auto, all, or variant names separated by commas.");
                return -1;
            }
            variants = v;
        } else if ((r = VALUE("tune")) != 0) {
            if (r < 0 || file_name("-tune", v, &o->tune_path) != 0)
                return -1;
        } else if ((r = VALUE("json")) != 0) {
            if (r < 0 || writable_dir_of("-json", v) != 0)
                return -1;
            o->json_path = v;
        } else if ((r = VALUE("csv")) != 0) {
            if (r < 0 || file_name("-csv", v, &o->csv_path) != 0)
                return -1;
        } else if ((r = VALUE("compare-out")) != 0) {
            if (r < 0)
                return -1;
            o->compare_out = v;
        } else if ((r = VALUE("style")) != 0) {
            if (r < 0)
                return -1;
            const cb_compare_style *style;
            if (cb_compare_style_check(v, &style) != 0)
                return -1;
            o->style = v;
        } else if (cb_args_flag(&a, "cycles")) {
            ro->cycles = CB_CYCLES_AUTO;
        } else if ((r = VALUE("cycles")) != 0) {
            if (r < 0)
                return -1;
            if (cb_cycles_parse(v, &ro->cycles) != 0) {
                cb_error("speed: -cycles=%s is not understood; give -cycles, -cycles=required, "
                         "-cycles=tsc (x86-64 reference cycles) or -cycles=timebase (POWER).",
                         v);
                return -1;
            }
        } else if (cb_args_flag(&a, "compare")) {
            ro->compare = 1;
        } else if ((r = VALUE("pair")) != 0) {
            if (r < 0 || read_stamp(ro, v) != 0)
                return -1;
        } else if (cb_args_flag(&a, "calibrate-gate")) {
            o->calibrate_gate = 1;
        } else if ((r = VALUE("max-seconds")) != 0) {
            if (r < 0 || cb_parse_double("-max-seconds", v, 0.01, 3600,
                                         &ro->bench.gate_max_seconds))
                return -1;
            max_seconds = 1;
        } else if ((r = cb_gate_opts_take(&a, &o->gate)) != 0) {
            if (r < 0)
                return -1;
        } else if (cb_args_flag(&a, "inplace")) {
            ro->inplace = 1;
        } else if (cb_args_flag(&a, "decrypt")) {
            ro->decrypt = 1;
        } else if (cb_args_flag(&a, "aead")) {
            ro->aead = 1;
        } else if (cb_args_flag(&a, "rekey")) {
            ro->rekey = 1;
        } else if (cb_args_flag(&a, "mr")) {
            o->mr = 1;
        } else if (cb_args_flag(&a, "elapsed")) {
            ro->bench.clock = CB_CLOCK_WALL;
        } else if (cb_args_flag(&a, "force-caps")) {
            o->force_caps = 1;
        } else if ((r = cb_libopts_take(&a, &o->libs)) != 0) {
            if (r < 0)
                return -1;
        } else if (arg[0] == '-') {
            cb_error("speed: unknown option '%s'; 'cryptobench speed -help' lists the options.",
                     arg);
            return -1;
        } else {
            if (add_alg(o, arg))
                return -1;
            a.i++;
        }
#undef VALUE
    }
    if (outputs_apart(o) != 0 || cb_libopts_load(&o->libs, "speed", variants, 0) != 0 ||
        (variants && read_variants(o, variants) != 0))
        return -1;
    /* as openssl speed: -aead means an AEAD's messages, not a plain cipher's blocks */
    for (size_t i = 0; ro->aead && i < ro->nalgs; i++)
        if (ro->algs[i]->kind == CB_KIND_CIPHER) {
            cb_error("speed: -aead times AEAD messages with 13 bytes of AAD, and %s is not an "
                     "AEAD; name one (aes-128-gcm, aes-128-ccm, ...) or drop -aead.",
                     ro->algs[i]->name);
            return -1;
        }
    if (ro->nalgs == 0 && !budget_given)
        ro->budget_seconds = CB_RUN_DEFAULT_BUDGET;
    if (ro->nalgs == 0 && all_algorithms(o, variants) != 0)
        return -1;
    for (size_t i = 0; ro->rekey && i < ro->nalgs; i++)
        if (ro->algs[i]->kind != CB_KIND_AEAD) {
            cb_error("speed: -rekey sets an AEAD's key up for every message, and %s is not an "
                     "AEAD; name one (aes-128-gcm, aes-128-ccm, ...) or drop -rekey.",
                     ro->algs[i]->name);
            return -1;
        }
    if (o->csv_path && o->json_path && cb_path_same(o->csv_path, o->json_path)) {
        cb_error("speed: -csv and -json name one file, '%s'; give each its own, or the "
                 "JSON would replace the CSV.", o->json_path);
        return -1;
    }
    if (ro->compare && !two_variants(&ro->variants)) {
        cb_error("speed: -compare needs -variant with exactly two variants, e.g. -variant "
                 "ce-i2,ce-i4 (or one twice, ce-i4,ce-i4, to see what this machine resolves).");
        return -1;
    }
    if (gate_checks(o, max_seconds) != 0)
        return -1;
    if (ro->multi > 0 && ro->cpu >= 0) {
        cb_error("speed: -cpu %ld does not combine with -multi: each -multi worker pins itself "
                 "to a CPU of its own.", ro->cpu);
        return -1;
    }
    if (ro->bench.iterations && ro->bench.seconds > 0) {
        cb_error("speed: -iterations and -seconds both fix how long a sample is; give one.");
        return -1;
    }
    if (o->style && !ro->compare) {
        cb_error("speed: -style goes with -compare.");
        return -1;
    }
    if (check_compare_out(o) != 0)
        return -1;
    if (o->nmulti > 1 && (ro->compare || o->json_path || o->calibrate_gate || ro->runs > 1)) {
        cb_error("speed: -multi with several counts runs the plan once per count and prints "
                 "a scaling table; drop %s (or give one count).",
                 ro->compare ? "-compare" : o->json_path ? "-json" :
                 o->calibrate_gate ? "-calibrate-gate" : "-runs");
        return -1;
    }
    if (o->has_workload && (ro->nsizes || o->mr)) {
        cb_error("speed: -workload times the workload's own sizes and prints its figure "
                 "after the tables; drop %s.", ro->nsizes ? "-bytes" : "-mr");
        return -1;
    }
    if (o->has_workload) {
        o->judge.workload = &o->workload; /* -compare's table weighs it too */
        memcpy(ro->sizes, o->workload.size, o->workload.n * sizeof o->workload.size[0]);
        ro->nsizes = o->workload.n;
    }
    if (ro->nsizes == 0) {
        memcpy(ro->sizes, default_sizes, sizeof default_sizes);
        ro->nsizes = sizeof default_sizes / sizeof default_sizes[0];
    }
    return 0;
}
