/*
 * cli/cmd_audit.c - `cryptobench audit`: which variant is fastest on this machine at
 * each block size, where the crossovers lie and where auto's pick is wrong; a tuning
 * file auto can follow.  The door: options, the run (harness/audit.h sets it up,
 * harness/run.h times it), the judgement and its table (reports/audit/audit.h), the
 * tuning file (cli/tune_opts.h) and the exit status.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/capmask.h"
#include "base/common.h"
#include "base/outfile.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/libopts.h"
#include "cli/tune_opts.h"
#include "harness/audit.h"
#include "harness/emu.h"
#include "harness/run.h"
#include "kernels/registry.h"
#include "kernels/select.h"
#include "base/workload.h"
#include "reports/audit/audit.h"
#include "reports/sinks/sinks.h"

typedef struct audit_opts {
    cb_run_opts run;
    double seconds;        /* the cap of one algorithm in one direction */
    double gate_pct;       /* -fail-if-misdispatch P%; < 0 none */
    const char *style, *tune_out, *csv_path, *variants;
    int force;
    int has_workload;      /* -workload W: each candidate's weighted figure too */
    int lib_masks;         /* -lib-masks: the library against its own masks */
    char mask_names[CB_LIB_MAX][64];      /* the masked instances' names */
    char *mask_env[2 * CB_LIB_MAX];       /* their "NAME:VAR=VALUE" strings */
    size_t nmask_env;
    char *mask_variants;   /* the candidates: the library and its masked instances */
    cb_workload workload;
    cb_libopts libs;
} audit_opts;

static void audit_usage(FILE *f)
{
    fprintf(f,
        "usage: cryptobench audit [options] [algorithm...]\n"
        "\n"
        "Times every variant of each algorithm this machine can run, in every direction,\n"
        "interleaved in rounds of one short batch each, at every block size of a sweep,\n"
        "until the fastest (or the set tied within 2%% of it) is known at each size or\n"
        "the algorithm's time is up.  Prints the fastest per size, the crossovers\n"
        "between variants and every size where auto's pick is significantly slower.\n"
        "With no algorithm named: every algorithm with more than one variant here.\n"
        "\n"
        "  -evp NAME          algorithm to audit (repeatable; positional names work too)\n"
        "  -bytes N[,N...]    block sizes (default %d to %d B, each a multiple of %d\n"
        "                     and at most %.2fx the one before)\n"
        "  -seconds S         time cap of one algorithm in one direction, shared by\n"
        "                     its sizes (default %g)\n"
        "  -variant LIST      the candidates (default: every variant that can run here)\n"
        CB_LIBOPTS_USAGE
        "  -lib-masks         with one -lib NAME=PATH: audit the library's own dispatch,\n"
        "                     its default (auto) against instances with its capability\n"
        "                     bits off and each relevant detected bit cleared\n"
        "  -fail-if-misdispatch P%%  exit 1 when at some size the fastest variant is\n"
        "                     more than P%% faster than auto's pick, with significance\n"
        "  -style S           text (default), markdown, or html (a page: a chart of\n"
        "                     throughput against size per variant, crossovers shaded)\n"
        "  -o FILE            write a tuning file auto follows (speed -tune FILE, or\n"
        "                     " CB_TUNE_ENV "=FILE)\n"
        "  -csv FILE          every sample, in the results CSV (compare and plot read it)\n"
        "  -workload W        also each candidate's bytes-over-time throughput under W\n"
        "                     (%s, or a file of \"SIZE COUNT\" lines), interpolated\n"
        "                     between the audited sizes, and the fastest under W\n"
        "  -elapsed           wall-clock time instead of CPU time\n"
        "  -force             run even under an emulator, whose timings mean nothing\n"
        "\n"
        "Exit status: 0 ok, 1 a variant failed its check or -fail-if-misdispatch found\n"
        "auto too slow, 2 bad usage (or an emulator without -force), 3 a kernel faulted.\n"
        "docs/audit.md describes the decisions and the tuning file.\n",
        CB_AUDIT_FIRST, CB_AUDIT_LAST, CB_AUDIT_QUANTUM, CB_AUDIT_STEP, CB_AUDIT_SECONDS,
        cb_workload_names());
}

static int add_alg(audit_opts *o, const char *name)
{
    const cb_alg *found[16];
    size_t n = cb_alg_expand(name, found, 16);
    if (n == 0) {
        char names[2048];
        cb_error("audit: unknown algorithm '%s'; known algorithms are: %s.", name,
                 cb_alg_names(names, sizeof names));
        return -1;
    }
    for (size_t i = 0; i < n && o->run.nalgs < CB_PLAN_MAX_ALGS; i++)
        o->run.algs[o->run.nalgs++] = found[i];
    return 0;
}

/* take_option consumes one option at a's position: 1 taken, 0 not an option of
 * audit, -1 refused. */
static int take_option(audit_opts *o, cb_args *a)
{
    const char *v;
    int r;
    cb_run_opts *ro = &o->run;
#define VALUE(name) ((r = cb_args_value(a, name, &v)) < 0 ? -1 : r)
    if ((r = VALUE("evp")) != 0)
        return r < 0 || add_alg(o, v) ? -1 : 1;
    if ((r = VALUE("bytes")) != 0) {
        int n = r < 0 ? -1 : cb_parse_size_list("-bytes", v, 1, CB_PLAN_MAX_BYTES, ro->sizes,
                                               CB_PLAN_MAX_SIZES);
        ro->nsizes = n > 0 ? (size_t)n : 0;
        return n < 0 ? -1 : 1;
    }
    if ((r = VALUE("seconds")) != 0)
        return r < 0 || cb_parse_double("-seconds", v, 0.01, 86400, &o->seconds) ? -1 : 1;
    if ((r = VALUE("fail-if-misdispatch")) != 0)
        return r < 0 || cb_parse_percent("-fail-if-misdispatch", v, &o->gate_pct) ? -1 : 1;
    if ((r = VALUE("style")) != 0) {
        if (r > 0 && !cb_audit_style_ok(v)) {
            cb_error("audit: -style '%s' is not a style of audit; give text, markdown or html.",
                     v);
            return -1;
        }
        o->style = v;
        return r;
    }
    if ((r = VALUE("o")) != 0) {
        o->tune_out = v;
        return r;
    }
    if ((r = VALUE("csv")) != 0) {
        o->csv_path = v;
        return r;
    }
    if ((r = VALUE("variant")) != 0) {
        o->variants = v;
        return r;
    }
    if ((r = VALUE("workload")) != 0) {
        if (r < 0 || cb_args_workload("audit", v, &o->workload) != 0)
            return -1;
        o->has_workload = 1;
        return 1;
    }
#undef VALUE
    if (cb_args_flag(a, "lib-masks")) {
        o->lib_masks = 1;
        return 1;
    }
    if (cb_args_flag(a, "force")) {
        o->force = 1;
        return 1;
    }
    if (cb_args_flag(a, "elapsed")) {
        ro->bench.clock = CB_CLOCK_WALL;
        return 1;
    }
    return cb_libopts_take(a, &o->libs);
}

/* runnable: how many variants of a can run here in direction d (CB_DIR_ANY: any). */
static size_t runnable(const cb_selection *sel, const cb_alg *a, cb_dir d)
{
    cb_pick picks[64];
    cb_selection all = {CB_SELECT_ALL, 0, {{0}}};
    if (sel->mode == CB_SELECT_AUTO)
        sel = &all; /* every variant is a candidate */
    size_t n = cb_select(sel, a, d, cb_caps_effective(), picks, 64), m = 0;
    for (size_t i = 0; i < n; i++)
        m += picks[i].why[0] == '\0';
    return m;
}

/* choose_algs keeps the algorithms with two candidates or more (all of them when
 * none was named), saying which named ones have fewer; -1 when none is left. */
static int choose_algs(audit_opts *o)
{
    cb_run_opts *ro = &o->run;
    size_t kept = 0;
    if (ro->nalgs == 0)
        for (size_t i = 0; i < cb_alg_count() && ro->nalgs < CB_PLAN_MAX_ALGS; i++)
            ro->algs[ro->nalgs++] = cb_alg_at(i);
    int named = o->run.nalgs != cb_alg_count();
    for (size_t i = 0; i < ro->nalgs; i++) {
        if (runnable(&ro->variants, ro->algs[i], CB_DIR_ANY) >= 2)
            ro->algs[kept++] = ro->algs[i];
        else if (named)
            cb_warn("audit: %s has fewer than two candidates here; nothing to audit.",
                    ro->algs[i]->name);
    }
    ro->nalgs = kept;
    if (kept == 0) {
        cb_error("audit: no algorithm named has two variants that can run here; "
                 "`cryptobench list` shows which can.");
        return -1;
    }
    return 0;
}

/* relevant_caps: the capabilities any built-in variant of the audited algorithms
 * needs; the masks of -lib-masks take away only the library's bits for these. */
static cb_caps relevant_caps(const audit_opts *o)
{
    cb_caps need = 0;
    for (size_t i = 0; i < o->run.nalgs; i++) {
        cb_dir dirs[CB_MAX_DIRS];
        size_t nd = cb_alg_dirs(o->run.algs[i], dirs);
        for (size_t v = 0; v < cb_variant_count(); v++) {
            const cb_variant *var = cb_variant_at(v);
            for (size_t d = 0; d < nd && var->prim != CB_PRIM_WHOLE; d++)
                if (cb_variant_offers(var, o->run.algs[i], dirs[d]))
                    need |= var->caps;
        }
    }
    return need;
}

/* add_instance makes the library of -lib a second instance name with env "VAR=VALUE"
 * and the user's -lib-env for it. */
static void add_instance(audit_opts *o, const char *name, const char *env)
{
    cb_libopts *lo = &o->libs;
    const cb_lib_request *base = &lo->req[0];
    char *label = o->mask_names[lo->n - 1];
    snprintf(label, sizeof o->mask_names[0], "%s", name);
    size_t nenv = lo->nenv;
    for (size_t i = 0; i < nenv && lo->nenv < sizeof lo->env / sizeof lo->env[0]; i++) {
        size_t len = strlen(base->name);
        if (strncmp(lo->env[i], base->name, len) == 0 && lo->env[i][len] == ':' &&
            o->nmask_env < sizeof o->mask_env / sizeof o->mask_env[0]) {
            char *e = cb_xasprintf("%s:%s", label, lo->env[i] + len + 1);
            o->mask_env[o->nmask_env++] = e;
            lo->env[lo->nenv++] = e;
        }
    }
    if (lo->nenv < sizeof lo->env / sizeof lo->env[0] &&
        o->nmask_env < sizeof o->mask_env / sizeof o->mask_env[0]) {
        char *e = cb_xasprintf("%s:%s", label, env);
        o->mask_env[o->nmask_env++] = e;
        lo->env[lo->nenv++] = e;
    }
    cb_lib_request *q = &lo->req[lo->n++];
    memset(q, 0, sizeof *q);
    q->name = label;
    q->path = base->path;
}

/*
 * lib_masks sets up -lib-masks: the one -lib library as the candidates' "auto" (its
 * default dispatch), beside an instance with every bit of its capability variable
 * off and one with each of its detected bits cleared that stands for a capability
 * some built-in variant of these algorithms uses (the bits it could dispatch on), as
 * many as one interleaved judgement takes.  0, or -1 after one sentence.
 */
static int lib_masks(audit_opts *o)
{
    cb_libopts *lo = &o->libs;
    const cb_caps_arch *arch = cb_caps_arch_this();
    const char *var = cb_caps_openssl_var(arch);
    if (lo->n != 1 || o->variants || o->tune_out || o->run.nalgs == 0) {
        cb_error("audit: -lib-masks audits one library's own dispatch: give the algorithms, "
                 "one -lib NAME=PATH, and no -variant or -o.");
        return -1;
    }
    if (!var) {
        cb_error("audit: -lib-masks needs OpenSSL's capability variable, which this "
                 "architecture (%s) has not.", cb_caps_arch_label(arch));
        return -1;
    }
    const char *lib = lo->req[0].name;
    size_t vlen = strlen(var);
    for (size_t i = 0; i < lo->nenv; i++) {
        const char *c = strchr(lo->env[i], ':');
        if (c && strncmp(c + 1, var, vlen) == 0 && c[1 + vlen] == '=') {
            cb_error("audit: -lib-masks sets %s for every instance itself; leave it out of "
                     "-lib-env.", var);
            return -1;
        }
    }
    int x86 = strcmp(var, "OPENSSL_ia32cap") == 0;
    cb_caps need = relevant_caps(o), det = cb_caps_detected();
    char det_text[64] = "0", env[128], name[64];
    unsigned long long d = 0;
    if (!x86 && cb_caps_openssl_equiv(arch, det, det, det_text, sizeof det_text))
        d = strtoull(det_text, NULL, 0);
    size_t room = CB_FASTEST_MAX - 1;
    if (CB_LIB_MAX - 1 < room)
        room = CB_LIB_MAX - 1;
    snprintf(env, sizeof env, "%s=%s", var, x86 ? "0x0:0x0" : "0x0");
    snprintf(name, sizeof name, "%s-none", lib);
    add_instance(o, name, env);
    const char *names[40];
    unsigned words[40], bits[40];
    size_t n = cb_caps_openssl_bits(arch, names, words, bits, 40), left = 0;
    for (size_t i = 0; i < n; i++) {
        cb_caps cap = cb_caps_openssl_bit_cap(arch, words[i], bits[i]);
        uint64_t bit = UINT64_C(1) << bits[i];
        if (!(cap & need) || !(cap & det) || (!x86 && !(d & bit)))
            continue;
        if (lo->n - 1 >= room) {
            left++;
            continue;
        }
        if (x86)
            snprintf(env, sizeof env, "%s=~0x%llx:~0x%llx", var,
                     words[i] == 0 ? (unsigned long long)bit : 0ULL,
                     words[i] == 1 ? (unsigned long long)bit : 0ULL);
        else
            snprintf(env, sizeof env, "%s=0x%llx", var, d & ~(unsigned long long)bit);
        snprintf(name, sizeof name, "%s-no-%s", lib, names[i]);
        for (char *p = name; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        add_instance(o, name, env);
    }
    if (left)
        cb_warn("audit: -lib-masks: %zu more bit%s of %s would be cleared than one "
                "interleaved judgement takes; give fewer algorithms to audit them.", left,
                left == 1 ? "" : "s", var);
    cb_buf b = {NULL, 0, 0};
    for (size_t i = 0; i < lo->n; i++)
        cb_buf_printf(&b, "%s%s", i ? "," : "", lo->req[i].name);
    o->mask_variants = b.s;
    o->variants = o->mask_variants;
    return 0;
}

static int parse(audit_opts *o, int argc, char **argv)
{
    cb_args a = {argc, argv, 1, "audit"};
    memset(o, 0, sizeof *o);
    cb_run_opts_default(&o->run);
    o->seconds = CB_AUDIT_SECONDS;
    o->gate_pct = -1;
    o->style = "text";
    while (a.i < argc) {
        const char *arg = argv[a.i];
        if (cb_args_help(arg)) {
            audit_usage(stdout);
            return 1;
        }
        int r = take_option(o, &a);
        if (r < 0)
            return -1;
        if (r > 0)
            continue;
        if (arg[0] == '-') {
            cb_error("audit: unknown option '%s'; 'cryptobench audit -help' lists the options.",
                     arg);
            return -1;
        }
        if (add_alg(o, arg) != 0)
            return -1;
        a.i++;
    }
    const char *outs[2] = {o->tune_out, o->csv_path};
    for (int i = 0; i < 2; i++)
        if (outs[i] && !*outs[i]) {
            cb_error("audit: %s needs a file name.", i ? "-csv" : "-o");
            return -1;
        }
    if (o->tune_out && o->csv_path && cb_path_same(o->tune_out, o->csv_path)) {
        cb_error("audit: -o and -csv name one file, '%s'; give each its own.", o->csv_path);
        return -1;
    }
    if (o->lib_masks && lib_masks(o) != 0)
        return -1;
    if (cb_libopts_load(&o->libs, "audit", o->variants, 0) != 0)
        return -1;
    char err[512];
    if (o->variants && cb_selection_parse(&o->run.variants, o->variants, err, sizeof err)) {
        cb_error("audit: %s.", err);
        return -1;
    }
    if (o->run.nsizes == 0)
        o->run.nsizes = cb_audit_sizes(o->run.sizes, CB_PLAN_MAX_SIZES);
    return 0;
}

/* estimate says before the run how long it can take at most. */
static void estimate(const audit_opts *o)
{
    size_t rows = 0;
    for (size_t i = 0; i < o->run.nalgs; i++) {
        cb_dir dirs[CB_MAX_DIRS];
        rows += cb_alg_dirs(o->run.algs[i], dirs);
    }
    fprintf(stderr, "audit: %zu algorithm%s, %zu algorithm/direction row%s at %zu size%s, at "
            "most %g s of samples each: at most %g s in all, with calibration a little "
            "more.\n", o->run.nalgs, o->run.nalgs == 1 ? "" : "s", rows, rows == 1 ? "" : "s",
            o->run.nsizes, o->run.nsizes == 1 ? "" : "s", o->seconds,
            (double)rows * o->seconds);
}

/* finish judges what the run measured, prints it, writes the tuning file and gives
 * the exit status. */
static int finish(const audit_opts *o, cb_audit *au, const cb_run_result *res)
{
    cb_audit_judge(au, cb_caps_effective());
    cb_audit_print(au, o->style, stdout);
    if (o->has_workload)
        /* the html page is one document: its figures go beside it, on stderr */
        cb_audit_workload(au, &o->workload, strcmp(o->style, "html") == 0 ? stderr : stdout);
    int status = res->status;
    if (res->sink_failed && status == CB_EXIT_OK)
        status = CB_EXIT_USAGE;
    if (o->tune_out && !res->stopped) {
        cb_tune t;
        memset(&t, 0, sizeof t);
        cb_tune_header(&t);
        cb_audit_tune(au, &t);
        if (cb_tune_write_file(&t, o->tune_out, "audit") != 0 && status == CB_EXIT_OK)
            status = CB_EXIT_USAGE;
        cb_tune_free(&t);
    }
    size_t over = o->gate_pct > 0 ? cb_audit_gate(au, o->gate_pct) : 0;
    if (over) {
        cb_error("audit: at %zu size%s the fastest variant is more than %g%% faster than "
                 "auto's pick (-fail-if-misdispatch).", over, over == 1 ? "" : "s",
                 o->gate_pct);
        if (status == CB_EXIT_OK)
            status = CB_EXIT_FAIL;
    }
    if (res->stopped) {
        cb_error("audit: interrupted by %s; the sizes that finished are judged%s.",
                 cb_run_signame(res->stopped), o->csv_path ? " and saved" : "");
        status = CB_EXIT_SIGNAL_BASE + res->stopped;
    }
    return status;
}

int cb_cmd_audit(int argc, char **argv)
{
    audit_opts o;
    int rc = parse(&o, argc, argv);
    if (rc != 0)
        return rc > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
    char err[512];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        cb_error("%s", err);
        return CB_EXIT_USAGE;
    }
    const char *emu = cb_emulator();
    if (strcmp(emu, "none") != 0 && strcmp(emu, "unknown") != 0 && !o.force) {
        cb_error("audit: running under %s, whose timings say nothing about the hardware, "
                 "so an audit's verdicts would be noise; run it on the machine itself, or "
                 "give -force to run it anyway.", emu);
        return CB_EXIT_USAGE;
    }
    if (choose_algs(&o) != 0)
        return CB_EXIT_USAGE;
    cb_audit_setup(&o.run, o.seconds);
    estimate(&o);
    cb_audit *au = cb_audit_new();
    if (o.lib_masks)
        au->auto_name = o.libs.req[0].name; /* the library's default stands for auto */
    cb_sink sinks[3] = {cb_sink_progress(), cb_audit_sink(au)};
    size_t n = 2;
    if (o.csv_path) {
        if (cb_sink_csv(&sinks[n], o.csv_path) != 0) {
            for (size_t i = 0; i < n; i++)
                sinks[i].end(sinks[i].ctx, CB_SINK_ABANDONED);
            cb_audit_free(au);
            return CB_EXIT_USAGE;
        }
        n++;
    }
    cb_run_stop_install();
    cb_run_result res;
    cb_run(&o.run, sinks, n, &res);
    cb_run_stop_restore();
    int status = res.status == CB_EXIT_USAGE ? CB_EXIT_USAGE : finish(&o, au, &res);
    cb_audit_free(au);
    for (size_t i = 0; i < o.nmask_env; i++)
        free(o.mask_env[i]);
    free(o.mask_variants);
    return status;
}
