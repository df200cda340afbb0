/*
 * cli/cmd_selftest.c - `cryptobench selftest`: every variant that can run here
 * against the embedded known answers, and every non-generic variant against generic
 * on every length 0..1024 in several buffer layouts.  Variants that cannot run are
 * listed as UNAVAILABLE with the reason, never silently passed.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/libopts.h"
#include "base/common.h"
#include "harness/guard.h"
#include "kernels/check/check.h"
#include "kernels/registry.h"
#include "kernels/select.h"

static void selftest_usage(FILE *f)
{
    fprintf(f,
        "usage: cryptobench selftest [-quick] [-variant NAME[,NAME...]] [-lib NAME=PATH]\n"
        "                            [algorithm...]\n"
        "\n"
        "Checks every variant available on this CPU: known answers from the standards,\n"
        "then (for all but generic) a cross-check against generic on every length\n"
        "0..1024 (CFB8: 0..256, then larger ones), aligned, misaligned, in place and\n"
        "split across calls.\n"
        "  -quick          lengths 0..80 and a few larger ones only\n"
        "  -variant LIST   only these variants\n"
        "  -force-caps     allow masks to add capabilities (kernels run under a guard)\n"
        CB_LIBOPTS_USAGE
        "Exit status: 0 all passed, 1 a check failed, 2 bad usage, 3 a kernel faulted.\n");
}

typedef struct job {
    const cb_alg *alg;
    const cb_variant *var;
    cb_check_depth depth;
    int rc;
    unsigned long checks;
    char err[256];
} job;

static void run_job(void *arg)
{
    job *j = arg;
    j->rc = cb_check_variant(j->alg, j->var, j->depth, j->err, sizeof j->err, &j->checks);
}

/* selected: does sel take v (all of them, or v by name)? */
static int selected(const cb_selection *sel, const cb_variant *v)
{
    for (size_t i = 0; sel->mode == CB_SELECT_LIST && i < sel->n; i++)
        if (strcmp(sel->names[i], v->name) == 0)
            return 1;
    return sel->mode == CB_SELECT_ALL;
}

/* lacking prints an UNAVAILABLE line for each selected variant that does not
 * implement a and says why (a library without EVP_chacha20), so what a library
 * lacks is named rather than passed over. */
static void lacking(const cb_alg *a, const cb_selection *sel, unsigned *counts)
{
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        char why[200];
        if (!selected(sel, v) || !cb_variant_lacks(v, a, why, sizeof why))
            continue;
        printf("UNAVAILABLE  %-17s %-18s %s\n", a->name, v->name, why);
        counts[2]++;
    }
}

/* check_alg runs every selected variant of a; returns the worst exit status. */
static int check_alg(const cb_alg *a, const cb_selection *sel, cb_check_depth depth,
                     unsigned *counts)
{
    int status = CB_EXIT_OK;
    cb_pick picks[64];
    size_t n = cb_select(sel, a, CB_DIR_ANY, cb_caps_effective(), picks, 64);
    for (size_t i = 0; i < n; i++) {
        const cb_variant *v = picks[i].var;
        if (picks[i].why[0]) {
            printf("UNAVAILABLE  %-17s %-18s %s\n", a->name, v->name, picks[i].why);
            counts[2]++;
            continue;
        }
        job j = {a, v, depth, 0, 0, ""};
        int sig = cb_guard_run(run_job, &j);
        if (sig) {
            const char *missing = cb_caps_missing(v->caps, cb_caps_detected());
            char env[256];
            cb_variant_env(v, env, sizeof env);
            printf("FAULT        %-17s %-18s raised %s%s%s%s%s%s\n", a->name, v->name,
                   cb_guard_signame(sig), missing ? ": this CPU lacks " : "",
                   missing ? missing : "", env[0] ? " (" : "", env, env[0] ? ")" : "");
            counts[1]++;
            status = CB_EXIT_FAULT;
        } else if (j.rc) {
            printf("FAIL         %-17s %-18s %s\n", a->name, v->name, j.err);
            counts[1]++;
            if (status == CB_EXIT_OK)
                status = CB_EXIT_FAIL;
        } else {
            printf("PASS         %-17s %-18s %lu checks\n", a->name, v->name, j.checks);
            counts[0]++;
        }
        fflush(stdout);
    }
    lacking(a, sel, counts);
    return status;
}

int cb_cmd_selftest(int argc, char **argv)
{
    cb_args a = {argc, argv, 1, "selftest"};
    const char *v, *variants = NULL;
    cb_libopts libs = {0};
    cb_selection sel = {CB_SELECT_ALL, 0, {{0}}}; /* selftest checks every variant */
    const cb_alg **algs = cb_xcalloc(cb_alg_count(), sizeof *algs);
    size_t nalgs = 0;
    char err[512];
    int force = 0, r;
    cb_check_depth depth = CB_CHECK_FULL;
    while (a.i < argc) {
        if (cb_args_help(argv[a.i])) {
            selftest_usage(stdout);
            free(algs);
            return CB_EXIT_OK;
        }
        if (cb_args_flag(&a, "quick")) {
            depth = CB_CHECK_QUICK;
        } else if (cb_args_flag(&a, "force-caps")) {
            force = 1;
        } else if ((r = cb_args_value(&a, "variant", &v)) != 0) {
            if (r < 0)
                goto usage;
            variants = v; /* read once the libraries are loaded */
        } else if ((r = cb_libopts_take(&a, &libs)) != 0) {
            if (r < 0)
                goto usage;
        } else if (argv[a.i][0] == '-') {
            cb_error("selftest: unknown option '%s'; 'cryptobench selftest -help' lists the "
                     "options.", argv[a.i]);
            goto usage;
        } else {
            if (cb_alg_set_add(algs, &nalgs, argv[a.i]) == 0) {
                char names[2048];
                cb_error("selftest: unknown algorithm '%s'; known algorithms are: %s.",
                         argv[a.i], cb_alg_names(names, sizeof names));
                goto usage;
            }
            a.i++;
        }
    }
    if (cb_caps_init(force, err, sizeof err) != 0) {
        cb_error("%s", err);
        goto usage;
    }
    if (cb_libopts_load(&libs, "selftest", variants, 0) != 0)
        goto usage;
    if (variants && cb_selection_parse(&sel, variants, err, sizeof err) != 0) {
        cb_error("selftest: %s.", err);
        goto usage;
    }
    if (nalgs == 0)
        for (size_t i = 0; i < cb_alg_count(); i++)
            algs[nalgs++] = cb_alg_at(i);
    unsigned counts[3] = {0, 0, 0};
    int status = CB_EXIT_OK;
    for (size_t i = 0; i < nalgs; i++) {
        int s = check_alg(algs[i], &sel, depth, counts);
        if (s > status)
            status = s;
    }
    printf("selftest: %u passed, %u failed, %u unavailable\n", counts[0], counts[1],
           counts[2]);
    if (counts[0] + counts[1] == 0) {
        cb_error("selftest: no variant was checked; nothing matched the selection.");
        status = CB_EXIT_USAGE;
    }
    free(algs);
    return status;
usage:
    free(algs);
    return CB_EXIT_USAGE;
}
