/*
 * cli/caps_sweep.c - `caps -sweep`: the 2021 report's bit-by-bit probing as one
 * command.  Every mask that matters is run in a child of its own (harness/workers.c's
 * cb_child_run; the child is `speed` with that mask, under the fault guard, writing
 * CSV), and the children's results make one table (reports/sweep/sweep.c): per
 * mask, the variant it ran and the throughput at each size, or the signal that
 * killed the variant.
 *
 * Built-in variants: the capabilities some variant of the algorithms needs, each
 * removed alone, all removed, the detected set and, with -force-caps, each one the
 * CPU lacks added alone (CRYPTOBENCH_CAPS in the child).  A library (-lib NAME=PATH):
 * OpenSSL's own bits of OPENSSL_armcap / OPENSSL_ppccap / OPENSSL_ia32cap with
 * OpenSSL's meanings, each alone, the library's own detection (the variable unset),
 * and the detected value with each bit cleared or, with -force-caps, set (the
 * detected value as cryptobench reads the CPU; on x86-64 OpenSSL's '~' form clears a
 * bit from the library's own detection).
 */
#include "cli/caps_sweep.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/capmask.h"
#include "base/common.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/libopts.h"
#include "harness/emu.h"
#include "harness/run.h"
#include "harness/workers.h"
#include "kernels/registry.h"
#include "reports/csv/csv.h"
#include "reports/sweep/sweep.h"

#define MAX_MASKS 80
#define MAX_ALGS 8
#define STOP_GRACE_MS 1000 /* a child still running this long after SIGTERM is killed */

typedef struct sweep_mask {
    char label[96];  /* "detected", "-aes", "ARMV8_AES alone" */
    char caps[160];  /* the child's CRYPTOBENCH_CAPS ("" for none) */
    char env[96];    /* a library's VAR=VALUE ("" for none: its own detection) */
    char equiv[96];  /* what OpenSSL's variable would be for it (built-in rows) */
    cb_csv_set *rows;
    int status;      /* the child's exit status, or 128 + the signal that killed it */
    char ended[64];  /* that status in words, for a mask without results */
} sweep_mask;

struct cb_sweep {
    const cb_alg *algs[MAX_ALGS];
    size_t nalgs;
    const char **pass;   /* options passed on to speed as given: -bytes B, -seconds S ... */
    size_t npass;
    int force;
    cb_libopts libs;
    const char *csv_path;
    int markdown;        /* -style markdown: the table as GitHub and mailing lists take it */
    const cb_caps_arch *arch;
    sweep_mask m[MAX_MASKS];
    size_t nm;
};
typedef struct cb_sweep sweep;

static void sweep_usage(FILE *f)
{
    fprintf(f,
            "usage: cryptobench caps -sweep -evp ALG [-evp ALG ...] [-bytes N[,N...]]\n"
            "                        [-seconds S | -iterations N] [-samples N] [-force-caps]\n"
            "                        [-lib NAME=PATH [-lib-env NAME:VAR=VALUE]] [-csv FILE]\n"
            "                        [-style table|markdown]\n\n"
            "Times the algorithms under every capability mask that matters, each in a\n"
            "child process under the fault guard, and prints one row per mask: the mask,\n"
            "the OpenSSL variable's value that means the same, the variant that ran and\n"
            "the throughput at each size (in 1000s of bytes per second), or the signal\n"
            "that stopped it; then the fastest mask and those within noise of it.\n"
            "Built-in variants: each capability some variant needs removed alone, all\n"
            "removed, the detected set, and with -force-caps each one the CPU lacks\n"
            "added alone.  With -lib: the library's own OPENSSL_*cap bits, each alone,\n"
            "its detected value, and that value with each bit cleared (or, forced, set).\n"
            "-csv keeps every sample, its mask recorded, for `cryptobench compare`.\n"
            "Exit status: 0 when the sweep completes (a mask that faults is a finding),\n"
            "2 bad usage.\n");
}

static int add_mask(sweep *sw, const char *label, const char *caps, const char *env)
{
    for (size_t i = 0; i < sw->nm; i++) /* the same mask twice is one row */
        if (strcmp(sw->m[i].caps, caps) == 0 && strcmp(sw->m[i].env, env) == 0)
            return 0;
    if (sw->nm == MAX_MASKS)
        return -1;
    sweep_mask *m = &sw->m[sw->nm++];
    memset(m, 0, sizeof *m);
    snprintf(m->label, sizeof m->label, "%s", label);
    snprintf(m->caps, sizeof m->caps, "%s", caps);
    snprintf(m->env, sizeof m->env, "%s", env);
    return 0;
}

/* builtin_masks: the capabilities the algorithms' variants need, as CRYPTOBENCH_CAPS. */
static void builtin_masks(sweep *sw)
{
    cb_caps need = 0, det = cb_caps_detected();
    for (size_t a = 0; a < sw->nalgs; a++)
        for (size_t i = 0; i < cb_variant_count(); i++)
            if (cb_variant_offers_any(cb_variant_at(i), sw->algs[a]))
                need |= cb_variant_at(i)->caps;
    size_t n;
    const cb_cap_name *t = cb_caps_table(&n);
    char all[160] = "", label[96], caps[64];
    add_mask(sw, "detected", "", "");
    for (size_t i = 0; i < n; i++) {
        if (!(need & det & t[i].bit))
            continue;
        snprintf(caps, sizeof caps, "-%s", t[i].name);
        add_mask(sw, caps, caps, "");
        snprintf(all + strlen(all), sizeof all - strlen(all), "%s-%s", all[0] ? "," : "",
                 t[i].name);
    }
    if (strchr(all, ','))
        add_mask(sw, "all removed", all, "");
    for (size_t i = 0; sw->force && i < n; i++) {
        if (!(need & t[i].bit) || (det & t[i].bit))
            continue;
        snprintf(caps, sizeof caps, "+%s", t[i].name);
        snprintf(label, sizeof label, "+%s (forced)", t[i].name);
        add_mask(sw, label, caps, "");
    }
    for (size_t i = 0; i < sw->nm; i++) {
        cb_caps_mask r;
        char err[256];
        sweep_mask *m = &sw->m[i];
        if (cb_caps_resolve(sw->arch, det, m->caps, NULL, 1, &r, err, sizeof err) == 0 &&
            cb_caps_openssl_var(sw->arch) &&
            cb_caps_openssl_equiv(sw->arch, det, r.effective, m->equiv, sizeof m->equiv))
            continue;
        snprintf(m->equiv, sizeof m->equiv, "-");
    }
    snprintf(sw->m[0].equiv, sizeof sw->m[0].equiv, "(not set)");
}

/* library_masks: OpenSSL's bits of the variable, with OpenSSL's meanings. */
static void library_masks(sweep *sw)
{
    const char *var = cb_caps_openssl_var(sw->arch);
    const char *names[40];
    unsigned words[40], bits[40];
    size_t n = var ? cb_caps_openssl_bits(sw->arch, names, words, bits, 40) : 0;
    int x86 = var && strcmp(var, "OPENSSL_ia32cap") == 0;
    char det_text[64], env[96], label[96];
    cb_caps det = cb_caps_detected();
    unsigned long d = 0;
    if (!x86 && var && cb_caps_openssl_equiv(sw->arch, det, det, det_text, sizeof det_text))
        d = strtoul(det_text, NULL, 0);
    add_mask(sw, "detected (not set)", "", "");
    if (!var)
        return;
    snprintf(env, sizeof env, "%s=%s", var, x86 ? "0x0:0x0" : "0x0");
    add_mask(sw, "none (0)", "", env);
    for (size_t i = 0; i < n; i++) { /* each bit alone */
        uint64_t w[2] = {0, 0};
        w[words[i]] = UINT64_C(1) << bits[i];
        if (x86)
            snprintf(env, sizeof env, "%s=0x%llx:0x%llx", var, (unsigned long long)w[0],
                     (unsigned long long)w[1]);
        else
            snprintf(env, sizeof env, "%s=0x%llx", var, (unsigned long long)w[0]);
        snprintf(label, sizeof label, "%s alone", names[i]);
        add_mask(sw, label, "", env);
    }
    for (size_t i = 0; i < n; i++) { /* detection with one bit cleared, or forced set */
        uint64_t bit = UINT64_C(1) << bits[i];
        if (x86) {
            snprintf(env, sizeof env, "%s=~0x%llx:~0x%llx", var,
                     words[i] == 0 ? (unsigned long long)bit : 0ULL,
                     words[i] == 1 ? (unsigned long long)bit : 0ULL);
            snprintf(label, sizeof label, "detected -%s", names[i]);
        } else if (d & bit) {
            snprintf(env, sizeof env, "%s=0x%llx", var, (unsigned long long)(d & ~bit));
            snprintf(label, sizeof label, "detected -%s", names[i]);
        } else if (sw->force) {
            snprintf(env, sizeof env, "%s=0x%llx", var, (unsigned long long)(d | bit));
            snprintf(label, sizeof label, "detected +%s (forced)", names[i]);
        } else {
            continue;
        }
        add_mask(sw, label, "", env);
    }
}

/* argv_add appends one argument to a growing, NULL-terminated argument vector. */
static void argv_add(char ***argv, size_t *n, const char *arg)
{
    *argv = cb_xrealloc(*argv, (*n + 2) * sizeof **argv);
    (*argv)[(*n)++] = cb_xstrdup(arg);
    (*argv)[*n] = NULL;
}

char **cb_sweep_child_argv(const cb_sweep *sw, const char *env, const char *csv,
                           size_t *argc)
{
    char **argv = NULL;
    size_t n = 0;
    argv_add(&argv, &n, "speed");
    for (size_t a = 0; a < sw->nalgs; a++) {
        argv_add(&argv, &n, "-evp");
        argv_add(&argv, &n, sw->algs[a]->name);
    }
    for (size_t i = 0; i < sw->npass; i++)
        argv_add(&argv, &n, sw->pass[i]);
    argv_add(&argv, &n, "-csv");
    argv_add(&argv, &n, csv);
    if (sw->force)
        argv_add(&argv, &n, "-force-caps");
    if (sw->libs.n) {
        const cb_lib_request *q = &sw->libs.req[0];
        char *lib = cb_xasprintf("%s=%s", q->name, q->path);
        argv_add(&argv, &n, "-lib");
        argv_add(&argv, &n, lib);
        free(lib);
        for (size_t i = 0; i < sw->libs.nenv; i++) {
            argv_add(&argv, &n, "-lib-env");
            argv_add(&argv, &n, sw->libs.env[i]);
        }
        if (env && env[0]) {
            char *e = cb_xasprintf("%s:%s", q->name, env);
            argv_add(&argv, &n, "-lib-env");
            argv_add(&argv, &n, e);
            free(e);
        }
        argv_add(&argv, &n, "-variant");
        argv_add(&argv, &n, q->name);
    }
    *argc = n;
    return argv;
}

void cb_sweep_argv_free(char **argv)
{
    for (size_t i = 0; argv && argv[i]; i++)
        free(argv[i]);
    free(argv);
}

/* child: what one mask's child runs: speed with the mask, and nothing else of the
 * caller's capability variables. */
typedef struct child {
    const sweep *sw;
    const sweep_mask *m;
    char **argv;
    int argc;
} child;

static int child_main(void *arg)
{
    const child *c = arg;
    const char *var = cb_caps_openssl_var(c->sw->arch);
    unsetenv("CRYPTOBENCH_CAPS");
    if (var)
        unsetenv(var); /* the mask alone decides, not the caller's */
    if (c->m->caps[0])
        setenv("CRYPTOBENCH_CAPS", c->m->caps, 1);
    return cb_cmd_speed(c->argc, c->argv);
}

/* status_words: a child's exit status as the table says it. */
static void status_words(int status, char *buf, size_t len)
{
    if (status < 0)
        snprintf(buf, len, "could not start a process");
    else if (status > 128 && sigabbrev_np(status - 128))
        snprintf(buf, len, "SIG%s", sigabbrev_np(status - 128));
    else
        snprintf(buf, len, "exit status %d", status);
}

/* run_mask times mask m in a child; returns 0, or the stop signal that ended it. */
static int run_mask(sweep *sw, sweep_mask *m, const char *dir, size_t idx)
{
    char *csv = cb_xasprintf("%s/mask%zu.csv", dir, idx);
    char *errf = cb_xasprintf("%s/mask%zu.err", dir, idx);
    size_t argc;
    child c = {sw, m, cb_sweep_child_argv(sw, m->env, csv, &argc), 0};
    c.argc = (int)argc;
    volatile sig_atomic_t *stop = cb_run_stop_flag();
    m->status = cb_child_run(child_main, &c, errf, stop, STOP_GRACE_MS);
    status_words(m->status, m->ended, sizeof m->ended);
    cb_sweep_argv_free(c.argv);
    m->rows = cb_csv_set_new();
    char err[512];
    if (access(csv, F_OK) == 0 && cb_csv_read_file(m->rows, csv, err, sizeof err) != 0)
        cb_warn("caps -sweep: the results of mask %s do not read: %s", m->label, err);
    if (m->status == CB_EXIT_USAGE) { /* the child's one sentence says why */
        FILE *f = fopen(errf, "r");
        char line[1024];
        while (f && fgets(line, sizeof line, f))
            if (strstr(line, "warning:") == NULL)
                fputs(line, stderr);
        if (f)
            fclose(f);
    }
    free(csv);
    free(errf);
    return (int)*stop;
}

static void print_alg(const sweep *sw, const cb_alg *a)
{
    const char *var = cb_caps_openssl_var(sw->arch);
    int lib = sw->libs.n > 0;
    cb_sweep_row rows[MAX_MASKS];
    for (size_t k = 0; k < sw->nm; k++) {
        const sweep_mask *m = &sw->m[k];
        rows[k] = (cb_sweep_row){m->label, lib ? (m->env[0] ? m->env : "(not set)") : m->equiv,
                                 m->rows, m->ended};
    }
    cb_sweep_table t = {a->name, lib ? "environment" : (var ? var : "OpenSSL variable"), rows,
                        sw->nm, sw->markdown};
    cb_sweep_print(stdout, &t);
}

/* write_csv keeps every child's rows in one file (each row says its own mask). */
static int write_csv(const sweep *sw)
{
    char err[512];
    cb_csv_writer *w = cb_csv_open(sw->csv_path, err, sizeof err);
    if (!w) {
        cb_error("caps -sweep: %s", err);
        return -1;
    }
    for (size_t k = 0; k < sw->nm; k++)
        for (size_t i = 0; sw->m[k].rows && i < cb_csv_set_count(sw->m[k].rows); i++)
            if (cb_csv_write_row(w, cb_csv_set_row(sw->m[k].rows, i)) != 0) {
                cb_csv_abort(w);
                cb_error("caps -sweep: cannot write %s.", sw->csv_path);
                return -1;
            }
    if (cb_csv_commit(w, err, sizeof err) != 0) {
        cb_error("caps -sweep: %s", err);
        return -1;
    }
    return 0;
}

static int parse(sweep *sw, int argc, char **argv)
{
    cb_args a = {argc, argv, 1, "caps -sweep"};
    const char *v;
    int r;
    while (a.i < argc) {
        if (cb_args_help(argv[a.i])) {
            sweep_usage(stdout);
            return 1;
        }
        if (cb_args_flag(&a, "sweep"))
            continue;
        if (cb_args_flag(&a, "force-caps")) {
            sw->force = 1;
            continue;
        }
        if ((r = cb_args_value(&a, "evp", &v)) != 0) {
            if (r < 0)
                return -1;
            const cb_alg *alg = cb_alg_find(v);
            if (!alg) {
                char names[2048];
                cb_error("caps -sweep: unknown algorithm '%s'; known algorithms are: %s.", v,
                         cb_alg_names(names, sizeof names));
                return -1;
            }
            if (sw->nalgs == MAX_ALGS) {
                cb_error("caps -sweep: at most %d algorithms per sweep.", MAX_ALGS);
                return -1;
            }
            sw->algs[sw->nalgs++] = alg;
            continue;
        }
        static const char *const passed[] = {"bytes", "seconds", "iterations", "samples"};
        int took = 0;
        for (size_t i = 0; i < sizeof passed / sizeof passed[0] && !took; i++)
            if ((r = cb_args_value(&a, passed[i], &v)) != 0) {
                if (r < 0)
                    return -1;
                static const char *const opt[] = {"-bytes", "-seconds", "-iterations",
                                                  "-samples"};
                sw->pass = cb_xrealloc(sw->pass, (sw->npass + 2) * sizeof *sw->pass);
                sw->pass[sw->npass++] = opt[i];
                sw->pass[sw->npass++] = v;
                took = 1;
            }
        if (took)
            continue;
        if ((r = cb_args_value(&a, "style", &v)) != 0) {
            if (r < 0)
                return -1;
            if (strcmp(v, "table") != 0 && strcmp(v, "markdown") != 0) {
                cb_error("caps -sweep: -style '%s' is not a sweep style; give table (the "
                         "default) or markdown.", v);
                return -1;
            }
            sw->markdown = strcmp(v, "markdown") == 0;
            continue;
        }
        if ((r = cb_args_value(&a, "csv", &v)) != 0) {
            if (r < 0)
                return -1;
            sw->csv_path = v;
            continue;
        }
        if ((r = cb_libopts_take(&a, &sw->libs)) != 0) {
            if (r < 0)
                return -1;
            continue;
        }
        cb_error("caps -sweep: unknown option '%s'; the options are -evp, -bytes, -seconds, "
                 "-iterations, -samples, -force-caps, -lib, -lib-env, -csv and -style.", argv[a.i]);
        return -1;
    }
    if (sw->nalgs == 0) {
        cb_error("caps -sweep: name the algorithms to sweep with -evp ALG (e.g. -evp "
                 "aes-256-gcm).");
        return -1;
    }
    if (sw->libs.n > 1) {
        cb_error("caps -sweep: one library per sweep; give a single -lib NAME=PATH.");
        return -1;
    }
    /* the children get -lib-env only beside the -lib it names: anything else would be
     * dropped in silence (the sweep loads no library of its own) */
    if (cb_libopts_check(&sw->libs, "caps -sweep", 0) != 0)
        return -1;
    const char *var = cb_caps_openssl_var(cb_caps_arch_this());
    size_t vl = var ? strlen(var) : 0;
    for (size_t i = 0; var && i < sw->libs.nenv; i++) {
        const char *e = strchr(sw->libs.env[i], ':');
        if (e && strncmp(e + 1, var, vl) == 0 && e[1 + vl] == '=') {
            cb_error("caps -sweep: -lib-env '%s' sets %s, which the sweep sets itself for "
                     "every mask; leave it out.", sw->libs.env[i], var);
            return -1;
        }
    }
    return 0;
}

int cb_sweep_parse(cb_sweep **out, int argc, char **argv)
{
    sweep *sw = cb_xcalloc(1, sizeof *sw);
    int rc = parse(sw, argc, argv);
    if (rc != 0) {
        cb_sweep_free(sw);
        sw = NULL;
    }
    *out = sw;
    return rc;
}

void cb_sweep_free(cb_sweep *sw)
{
    if (!sw)
        return;
    for (size_t k = 0; k < sw->nm; k++)
        if (sw->m[k].rows)
            cb_csv_set_free(sw->m[k].rows);
    free(sw->pass);
    free(sw);
}

int cb_caps_sweep(int argc, char **argv)
{
    sweep *sw;
    int rc = cb_sweep_parse(&sw, argc, argv);
    char err[512], dir[] = "/tmp/cryptobench-sweep-XXXXXX";
    if (rc != 0)
        return rc > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
    if (cb_caps_init(sw->force, err, sizeof err) != 0) {
        cb_error("%s", err);
        cb_sweep_free(sw);
        return CB_EXIT_USAGE;
    }
    sw->arch = cb_caps_arch_this();
    if (sw->libs.n)
        library_masks(sw);
    else
        builtin_masks(sw);
    if (!mkdtemp(dir)) {
        cb_error("caps -sweep: cannot make a temporary folder: %s.", strerror(errno));
        cb_sweep_free(sw);
        return CB_EXIT_USAGE;
    }
    char buf[512];
    if (strcmp(cb_emulator(), "none") != 0)
        cb_warn("caps -sweep: running under %s: the faults are real findings, the timings "
                "say nothing about hardware (give -iterations N and count guest "
                "instructions instead).", cb_emulator());
    printf("caps -sweep on %s, detected %s: %zu masks, each in its own process\n",
           cb_caps_arch_name(), cb_caps_format(cb_caps_detected(), buf, sizeof buf), sw->nm);
    fflush(stdout);
    cb_run_stop_install();
    int stopped = 0, status = CB_EXIT_OK;
    size_t done = 0;
    for (; done < sw->nm && !stopped; done++) {
        stopped = run_mask(sw, &sw->m[done], dir, done);
        if (sw->m[done].status == CB_EXIT_USAGE) {
            status = CB_EXIT_USAGE; /* the child said why: its options, or the library */
            done++;
            break;
        }
    }
    cb_run_stop_restore();
    for (size_t k = done; k < sw->nm; k++) /* the masks a stop left unrun */
        if (sw->m[k].rows)
            cb_csv_set_free(sw->m[k].rows);
    sw->nm = done;
    if (status == CB_EXIT_OK) {
        for (size_t a = 0; a < sw->nalgs; a++)
            print_alg(sw, sw->algs[a]);
        if (sw->csv_path && write_csv(sw) != 0)
            status = CB_EXIT_USAGE;
    }
    snprintf(buf, sizeof buf, "rm -rf '%s'", dir);
    if (system(buf) != 0)
        cb_warn("caps -sweep: could not remove %s", dir);
    cb_sweep_free(sw);
    if (stopped) {
        cb_error("caps -sweep: stopped by %s after %zu masks.", cb_run_signame(stopped), done);
        return 128 + stopped;
    }
    return status;
}
