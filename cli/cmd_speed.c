/*
 * cli/cmd_speed.c - `cryptobench speed`: OpenSSL's speed command line, run as a
 * plan of cases (algorithm x variant x direction x block size), each variant checked
 * before it is timed.
 */
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "harness/bench.h"
#include "harness/common.h"
#include "harness/guard.h"
#include "harness/host.h"
#include "harness/emu.h"
#include "harness/runinfo.h"
#include "kernels/check.h"
#include "kernels/inst.h"
#include "kernels/registry.h"
#include "reports/csv.h"
#include "reports/openssl_out.h"

#define MAX_SIZES 32
#define MAX_ALGS 64
#define MAX_ENTRIES 512
#define MAX_BYTES (64u << 20)

static const size_t default_sizes[] = {16, 64, 256, 1024, 8192, 16384};

typedef struct speed_opts {
    const cb_alg *algs[MAX_ALGS];
    size_t nalgs;
    size_t sizes[MAX_SIZES];
    size_t nsizes;
    cb_bench_cfg bench;
    int decrypt, aead, mr, force_caps;
    unsigned misalign;
    long cpu;             /* -cpu N: pin to this CPU; -1 leaves scheduling alone */
    const char *variants; /* NULL or "auto": auto selection */
    const char *csv_path;
} speed_opts;

/* One planned (algorithm, variant, direction) with its results per size. */
typedef struct entry {
    const cb_alg *alg;
    const cb_variant *var;
    cb_dir dir;
    char label[96];
    double rate[MAX_SIZES]; /* bytes per second (ops per second for pkey); -1 if none */
    int faulted;
} entry;

typedef struct speed_run {
    speed_opts o;
    entry *e;
    size_t ne;
    cb_run_info info;
    cb_csv_writer *csv;
    int status;
} speed_run;

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

static void speed_usage(FILE *f)
{
    fprintf(f,
        "usage: cryptobench speed [options] [algorithm...]\n"
        "\n"
        "Times algorithms over a sweep of block sizes, like `openssl speed`.  Each\n"
        "variant is checked against known answers before it is timed.\n"
        "\n"
        "  -evp NAME          algorithm to time (repeatable; positional names work too)\n"
        "  -seconds S         fixed time per case, as OpenSSL (fractions allowed);\n"
        "                     default: sample until the median is known to +-1%%\n"
        "  -samples N         samples per case with -seconds (default 5)\n"
        "  -precision P       precision goal in percent without -seconds (default 1)\n"
        "  -bytes N[,N...]    block sizes (default 16,64,256,1024,8192,16384)\n"
        "  -decrypt           time decryption instead of encryption\n"
        "  -aead              13 bytes of AAD per GCM message, as TLS\n"
        "  -misalign N        offset buffers N bytes (0..64) from 64-byte alignment\n"
        "  -variant LIST      auto (default), all, or variant names separated by commas\n"
        "  -force-caps        allow CRYPTOBENCH_CAPS / OPENSSL_*cap to add capabilities\n"
        "                     the CPU lacks; kernels then run under a fault guard\n"
        "  -elapsed           wall-clock time instead of CPU time\n"
        "  -cpu N             pin the process to CPU N\n"
        "  -mr                machine-readable output (OpenSSL's +DT/+R/+H/+F lines)\n"
        "  -csv FILE          write every sample to FILE (written atomically)\n"
        "\n"
        "Exit status: 0 ok, 1 a variant failed its check, 2 bad usage, 3 a kernel\n"
        "faulted, 130 interrupted (finished samples are still printed and saved).\n"
        "`cryptobench list` shows the algorithms and variants.\n");
}

static int add_alg(speed_opts *o, const char *name)
{
    const cb_alg *found[16];
    size_t n = cb_alg_expand(name, found, 16);
    if (n == 0) {
        char names[2048];
        cb_error("speed: unknown algorithm '%s'; known algorithms are: %s (and the groups "
                 "aes, sha, rsa, dsa).", name, cb_alg_names(names, sizeof names));
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (o->nalgs == MAX_ALGS) {
            cb_error("speed: more than %d algorithms requested.", MAX_ALGS);
            return -1;
        }
        o->algs[o->nalgs++] = found[i];
    }
    return 0;
}

/* parse_opts returns -1 on bad usage, 1 when help was printed, 0 to run. */
static int parse_opts(speed_opts *o, int argc, char **argv)
{
    cb_args a = {argc, argv, 1, "speed"};
    const char *v;
    int r;
    double d;
    long l;
    cb_bench_default_cfg(&o->bench);
    o->cpu = -1;
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
        } else if ((r = VALUE("seconds")) != 0) {
            if (r < 0 || cb_parse_double("-seconds", v, 0.001, 86400, &o->bench.seconds))
                return -1;
        } else if ((r = VALUE("samples")) != 0) {
            if (r < 0 || cb_parse_long("-samples", v, 1, CB_BENCH_MAX_SAMPLES, &l))
                return -1;
            o->bench.samples = (unsigned)l;
        } else if ((r = VALUE("precision")) != 0) {
            if (r < 0 || cb_parse_double("-precision", v, 0.01, 50, &d))
                return -1;
            o->bench.precision = d / 100;
        } else if ((r = VALUE("bytes")) != 0) {
            int n = r < 0 ? -1 : cb_parse_size_list("-bytes", v, 1, MAX_BYTES, o->sizes, MAX_SIZES);
            if (n < 0)
                return -1;
            o->nsizes = (size_t)n;
        } else if ((r = VALUE("misalign")) != 0) {
            if (r < 0 || cb_parse_long("-misalign", v, 0, 64, &l))
                return -1;
            o->misalign = (unsigned)l;
        } else if ((r = VALUE("cpu")) != 0) {
            long ncpu = cb_host_cpus();
            if (r < 0 || cb_parse_long("-cpu", v, 0, ncpu > 0 ? ncpu - 1 : CPU_SETSIZE - 1,
                                       &o->cpu))
                return -1;
        } else if ((r = VALUE("variant")) != 0) {
            if (r < 0)
                return -1;
            if (!*v) {
                cb_error("speed: -variant needs auto, all, or variant names separated by commas.");
                return -1;
            }
            o->variants = v;
        } else if ((r = VALUE("csv")) != 0) {
            if (r < 0)
                return -1;
            if (!*v) {
                cb_error("speed: -csv needs a file name.");
                return -1;
            }
            o->csv_path = v;
        } else if (cb_args_flag(&a, "decrypt")) {
            o->decrypt = 1;
        } else if (cb_args_flag(&a, "aead")) {
            o->aead = 1;
        } else if (cb_args_flag(&a, "mr")) {
            o->mr = 1;
        } else if (cb_args_flag(&a, "elapsed")) {
            o->bench.clock = CB_CLOCK_WALL;
        } else if (cb_args_flag(&a, "force-caps")) {
            o->force_caps = 1;
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
    if (o->nalgs == 0) {
        cb_error("speed: name at least one algorithm, e.g. 'cryptobench speed -evp "
                 "aes-256-gcm'; 'cryptobench list -algorithms' shows them all.");
        return -1;
    }
    if (o->nsizes == 0) {
        memcpy(o->sizes, default_sizes, sizeof default_sizes);
        o->nsizes = sizeof default_sizes / sizeof default_sizes[0];
    }
    return 0;
}

/* ---- the plan ------------------------------------------------------------------- */

static void add_entry(speed_run *s, const cb_alg *a, const cb_variant *v, cb_dir d,
                      int labelled)
{
    if (s->ne == MAX_ENTRIES)
        return;
    entry *e = &s->e[s->ne++];
    memset(e, 0, sizeof *e);
    e->alg = a;
    e->var = v;
    e->dir = d;
    if (labelled)
        snprintf(e->label, sizeof e->label, "%s/%s", a->name, v->name);
    else
        snprintf(e->label, sizeof e->label, "%s", a->name);
    for (size_t i = 0; i < MAX_SIZES; i++)
        e->rate[i] = -1;
}

static size_t plan_dirs(const speed_opts *o, const cb_alg *a, cb_dir dirs[2])
{
    size_t n = cb_alg_dirs(a, dirs);
    if (a->kind == CB_KIND_CIPHER || a->kind == CB_KIND_AEAD) {
        dirs[0] = o->decrypt ? CB_DIR_DECRYPT : CB_DIR_ENCRYPT;
        return 1;
    }
    return n;
}

/* variant_named_anywhere: does any requested algorithm have a variant called name? */
static int variant_named_anywhere(const speed_opts *o, const char *name)
{
    for (size_t i = 0; i < o->nalgs; i++)
        if (cb_variant_find(o->algs[i], name))
            return 1;
    return 0;
}

static int plan_named(speed_run *s, const cb_alg *a, const cb_dir *dirs, size_t nd,
                      cb_caps caps)
{
    char list[512], why[160];
    const char *p = s->o.variants;
    while (*p) {
        size_t len = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), p);
        p += len + (p[len] == ',');
        const cb_variant *v = cb_variant_find(a, name);
        if (!v) {
            if (variant_named_anywhere(&s->o, name)) {
                cb_warn("speed: %s has no variant '%s'; skipped.", a->name, name);
                continue;
            }
            cb_error("speed: unknown variant '%s' of %s; its variants are: %s (or auto, all).",
                     name, a->name, cb_variant_names(a, list, sizeof list));
            return -1;
        }
        if (cb_variant_why_not(v, caps, why, sizeof why)) {
            cb_error("speed: variant %s of %s cannot run here: it %s.", v->name, a->name, why);
            return -1;
        }
        for (size_t d = 0; d < nd; d++) {
            if (cb_variant_offers(v, a, dirs[d]))
                add_entry(s, a, v, dirs[d], 1);
            else
                cb_warn("speed: variant %s of %s has no %s; skipped.", v->name, a->name,
                        cb_dir_name(dirs[d]));
        }
    }
    return 0;
}

static int build_plan(speed_run *s)
{
    cb_caps caps = cb_caps_effective();
    int all = s->o.variants && strcmp(s->o.variants, "all") == 0;
    int automatic = !s->o.variants || strcmp(s->o.variants, "auto") == 0;
    char why[160];
    for (size_t i = 0; i < s->o.nalgs; i++) {
        const cb_alg *a = s->o.algs[i];
        cb_dir dirs[2];
        size_t nd = plan_dirs(&s->o, a, dirs);
        if (automatic) {
            for (size_t d = 0; d < nd; d++) {
                const cb_variant *v = cb_variant_auto(a, dirs[d], caps);
                if (!v) {
                    cb_error("speed: no variant of %s %s can run on this target.", a->name,
                             cb_dir_name(dirs[d]));
                    return -1;
                }
                add_entry(s, a, v, dirs[d], 0);
            }
        } else if (all) {
            for (size_t k = 0; k < cb_variant_count(); k++) {
                const cb_variant *v = cb_variant_at(k);
                for (size_t d = 0; d < nd; d++) {
                    if (!cb_variant_offers(v, a, dirs[d]))
                        continue;
                    if (cb_variant_why_not(v, caps, why, sizeof why))
                        cb_warn("speed: skipping %s/%s: it %s.", a->name, v->name, why);
                    else
                        add_entry(s, a, v, dirs[d], 1);
                }
            }
        } else if (plan_named(s, a, dirs, nd, caps)) {
            return -1;
        }
    }
    if (s->ne == 0) {
        cb_error("speed: nothing to time: none of the named variants implements the named "
                 "algorithms.");
        return -1;
    }
    for (size_t i = 0; i < s->ne; i++) {
        char err[256];
        if (s->e[i].alg->kind == CB_KIND_PKEY)
            continue;
        for (size_t k = 0; k < s->o.nsizes; k++)
            if (!cb_inst_len_ok(s->e[i].alg, s->o.sizes[k], err, sizeof err)) {
                cb_error("speed: %s.", err);
                return -1;
            }
    }
    return 0;
}

/* ---- verification before timing --------------------------------------------------- */

typedef struct check_call {
    const cb_alg *alg;
    const cb_variant *var;
    int rc;
    char err[256];
} check_call;

static void run_check(void *arg)
{
    check_call *c = arg;
    c->rc = cb_check_variant(c->alg, c->var, CB_CHECK_QUICK, c->err, sizeof c->err, NULL);
}

static void report_fault(const cb_alg *a, const cb_variant *v, int sig)
{
    const char *missing = cb_caps_missing(v->caps, cb_caps_detected());
    if (missing)
        cb_error("variant %s of %s raised %s: this CPU lacks %s.", v->name, a->name,
                 cb_guard_signame(sig), missing);
    else
        cb_error("variant %s of %s raised %s.", v->name, a->name, cb_guard_signame(sig));
}

/* verify_entries checks each distinct (algorithm, variant) once; failed or faulted
 * ones are marked so they are not timed. */
static void verify_entries(speed_run *s)
{
    for (size_t i = 0; i < s->ne; i++) {
        entry *e = &s->e[i];
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            if (s->e[j].alg == e->alg && s->e[j].var == e->var) {
                seen = 1;
                e->faulted = s->e[j].faulted;
            }
        if (seen)
            continue;
        check_call c = {e->alg, e->var, 0, ""};
        int sig = cb_guard_run(run_check, &c);
        if (sig) {
            report_fault(e->alg, e->var, sig);
            e->faulted = sig;
            s->status = CB_EXIT_FAULT;
        } else if (c.rc) {
            cb_error("speed: not timing variant %s of %s: it failed its check: %s.",
                     e->var->name, e->alg->name, c.err);
            e->faulted = -1;
            if (s->status == CB_EXIT_OK)
                s->status = CB_EXIT_FAIL;
        }
    }
}

/* ---- timing ----------------------------------------------------------------------- */

static void write_samples(speed_run *s, const entry *e, size_t len,
                          const cb_bench_result *r, const char *status)
{
    if (!s->csv)
        return;
    cb_sample smp = {e->alg->name, e->var->name, cb_dir_name(e->dir), e->alg->key_bits,
                     len, s->o.misalign, s->o.aead, 0, 0, 0, -1, "", status};
    if (r->n == 0) {
        if (cb_csv_write(s->csv, &s->info, &smp) != 0)
            cb_warn("speed: could not write to %s.", s->o.csv_path);
        return;
    }
    for (unsigned i = 0; i < r->n; i++) {
        smp.sample_index = i;
        smp.iterations = r->iterations[i];
        smp.seconds = r->seconds[i];
        if (cb_csv_write(s->csv, &s->info, &smp) != 0)
            cb_warn("speed: could not write to %s.", s->o.csv_path);
    }
}

static void totals(const cb_bench_result *r, unsigned long long *count, double *secs)
{
    *count = 0;
    *secs = 0;
    for (unsigned i = 0; i < r->n; i++) {
        *count += r->iterations[i];
        *secs += r->seconds[i];
    }
}

/* time_case measures one entry at one size; returns -1 when the run must stop. */
static int time_case(speed_run *s, entry *e, size_t k, cb_inst *x, uint8_t *in, uint8_t *out)
{
    size_t len = e->alg->kind == CB_KIND_PKEY ? 0 : s->o.sizes[k];
    char err[256];
    if (cb_inst_prepare(x, in, len, err, sizeof err) != 0) {
        cb_error("speed: %s.", err);
        return -1;
    }
    cb_bench_result *r = cb_xmalloc(sizeof *r);
    int rc = cb_bench_case(&s->o.bench, x, in, out, len, r, &interrupted);
    if (rc != 0) {
        report_fault(e->alg, e->var, r->fault);
        e->faulted = r->fault;
        s->status = CB_EXIT_FAULT;
        write_samples(s, e, len, r, "faulted");
        free(r);
        return 0;
    }
    if (cb_inst_failures(x)) {
        cb_error("speed: variant %s of %s failed %llu tag or signature checks while timed.",
                 e->var->name, e->alg->name, (unsigned long long)cb_inst_failures(x));
        s->status = s->status == CB_EXIT_OK ? CB_EXIT_FAIL : s->status;
    }
    if (r->n > 0) {
        double per_op = e->alg->kind == CB_KIND_PKEY ? 1 : (double)len;
        e->rate[k] = r->median_rate * per_op;
        unsigned long long count;
        double secs;
        totals(r, &count, &secs);
        double asked = s->o.bench.seconds > 0 ? s->o.bench.seconds : floor(secs * 100 + 0.5) / 100;
        if (e->alg->kind == CB_KIND_PKEY) {
            const char *kind = strncmp(e->alg->name, "rsa", 3) == 0 ? "rsa" : "dsa";
            cb_out_pkey_progress(s->o.mr ? stdout : stderr, kind, e->alg->key_bits,
                                 e->dir == CB_DIR_VERIFY, asked, count, secs, s->o.mr);
        } else if (s->o.mr) {
            cb_out_mr_case(stdout, e->label, asked, len, count, secs);
        } else {
            cb_out_progress(stderr, e->label, asked, len, count, secs);
        }
        if (r->noisy)
            cb_warn("speed: %s at %zu bytes did not reach +-%g%% precision in %gs (interval "
                    "%.1f%% wide); treat it as noisy.", e->label, len,
                    s->o.bench.precision * 100, s->o.bench.max_case_seconds,
                    100 * (r->ci_hi - r->ci_lo) / r->median_rate);
    }
    write_samples(s, e, len, r, "ok");
    free(r);
    return 0;
}

static int time_entry(speed_run *s, entry *e, uint8_t *inbuf, uint8_t *outbuf)
{
    char err[256];
    cb_inst *x = cb_inst_new(e->alg, e->var, e->dir, s->o.aead, err, sizeof err);
    if (!x) {
        cb_error("speed: %s.", err);
        return -1;
    }
    size_t nsizes = e->alg->kind == CB_KIND_PKEY ? 1 : s->o.nsizes;
    uint8_t *in = inbuf + s->o.misalign, *out = outbuf + s->o.misalign;
    for (size_t k = 0; k < nsizes && !interrupted && !e->faulted; k++) {
        for (size_t b = 0; b < s->o.sizes[k] && e->alg->kind != CB_KIND_PKEY; b++)
            in[b] = (uint8_t)(b * 31 + 7);
        if (time_case(s, e, k, x, in, out) != 0) {
            cb_inst_free(x);
            return -1;
        }
    }
    cb_inst_free(x);
    return 0;
}

static void print_tables(speed_run *s)
{
    FILE *f = stdout;
    cb_speed_row rows[MAX_ENTRIES];
    cb_pkey_row prow[MAX_ENTRIES];
    size_t nr = 0, np = 0;
    for (size_t i = 0; i < s->ne; i++) {
        entry *e = &s->e[i];
        if (e->alg->kind != CB_KIND_PKEY) {
            rows[nr].label = e->label;
            rows[nr++].rate = e->rate;
            continue;
        }
        /* sign and verify of one algorithm and variant share a row */
        size_t j;
        for (j = 0; j < np; j++)
            if (prow[j].bits == e->alg->key_bits && strcmp(prow[j].variant ? prow[j].variant : "",
                                                           strchr(e->label, '/') ? e->var->name : "") == 0 &&
                strncmp(prow[j].kind, e->alg->name, 3) == 0)
                break;
        if (j == np) {
            prow[np].kind = strncmp(e->alg->name, "rsa", 3) == 0 ? "rsa" : "dsa";
            prow[np].bits = e->alg->key_bits;
            prow[np].variant = strchr(e->label, '/') ? e->var->name : NULL;
            prow[np].sign_rate = prow[np].verify_rate = -1;
            np++;
        }
        if (e->dir == CB_DIR_SIGN)
            prow[j].sign_rate = e->rate[0];
        else
            prow[j].verify_rate = e->rate[0];
    }
    cb_out_table(f, s->o.sizes, s->o.nsizes, rows, nr, s->o.mr);
    cb_out_pkey_table(f, prow, np, s->o.mr);
    fflush(f);
}

/* pin_cpu keeps the process on one CPU, so migrations do not disturb samples. */
static int pin_cpu(long cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET((int)cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        cb_error("speed: -cpu %ld: this process may not run on CPU %ld.", cpu, cpu);
        return -1;
    }
    return 0;
}

/* warn_conditions says when the numbers about to be taken deserve less trust. */
static void warn_conditions(void)
{
    char gov[64];
    cb_host_governor(gov, sizeof gov);
    if (strcmp(gov, "performance") != 0 && strcmp(gov, "unavailable") != 0)
        cb_warn("the CPU frequency governor is '%s', not 'performance': clock speed may "
                "change during the run.", gov);
    double load = cb_host_loadavg();
    long ncpu = cb_host_cpus();
    if (ncpu > 0 && load > (double)ncpu)
        cb_warn("the load average (%.2f) exceeds the %ld CPUs: other work competes for "
                "them.", load, ncpu);
    if (strcmp(cb_emulator(), "none") != 0 && strcmp(cb_emulator(), "unknown") != 0)
        cb_warn("running under %s: the timings say nothing about real hardware; count "
                "guest instructions instead (see README).", cb_emulator());
}

static int open_csv(speed_run *s)
{
    if (!s->o.csv_path)
        return 0;
    char err[512];
    s->csv = cb_csv_open(s->o.csv_path, err, sizeof err);
    if (!s->csv) {
        cb_error("speed: %s", err);
        return -1;
    }
    return 0;
}

static int finish_csv(speed_run *s)
{
    if (!s->csv)
        return 0;
    char err[512];
    if (cb_csv_commit(s->csv, err, sizeof err) != 0) {
        cb_error("speed: %s", err);
        return -1;
    }
    return 0;
}

int cb_cmd_speed(int argc, char **argv)
{
    speed_run *s = cb_xcalloc(1, sizeof *s);
    int rc = parse_opts(&s->o, argc, argv);
    if (rc != 0) {
        free(s);
        return rc > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
    }
    char err[512];
    if (cb_caps_init(s->o.force_caps, err, sizeof err) != 0) {
        cb_error("%s", err);
        free(s);
        return CB_EXIT_USAGE;
    }
    s->e = cb_xcalloc(MAX_ENTRIES, sizeof *s->e);
    if (build_plan(s) != 0 || open_csv(s) != 0) {
        free(s->e);
        free(s);
        return CB_EXIT_USAGE;
    }
    cb_runinfo_collect(&s->info, s->o.bench.clock);
    if (s->o.cpu >= 0 && pin_cpu(s->o.cpu) != 0) {
        free(s->e);
        free(s);
        return CB_EXIT_USAGE;
    }
    warn_conditions();

    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);

    verify_entries(s);
    size_t maxlen = 0;
    for (size_t k = 0; k < s->o.nsizes; k++)
        maxlen = s->o.sizes[k] > maxlen ? s->o.sizes[k] : maxlen;
    uint8_t *inbuf = cb_aligned_alloc(64, maxlen + 128);
    uint8_t *outbuf = cb_aligned_alloc(64, maxlen + 128);
    int aborted = 0;
    for (size_t i = 0; i < s->ne && !interrupted && !aborted; i++)
        if (!s->e[i].faulted && time_entry(s, &s->e[i], inbuf, outbuf) != 0)
            aborted = 1;
    free(inbuf);
    free(outbuf);
    sigaction(SIGINT, &old, NULL);

    print_tables(s);
    if (finish_csv(s) != 0 && s->status == CB_EXIT_OK)
        s->status = CB_EXIT_USAGE;
    int status = s->status;
    if (aborted && status == CB_EXIT_OK)
        status = CB_EXIT_FAIL;
    if (interrupted) {
        cb_error("speed: interrupted; the samples that finished are printed%s.",
                 s->csv ? " and saved" : "");
        status = CB_EXIT_INTERRUPTED;
    }
    free(s->e);
    free(s);
    return status;
}
