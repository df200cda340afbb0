/*
 * cli/cmd_selftest.c - `cryptobench selftest`: every variant that can run here
 * against the embedded known answers, and every non-generic variant against generic
 * on every length 0..1024 in several buffer layouts.  Variants that cannot run are
 * listed as UNAVAILABLE with the reason, never silently passed.
 */
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "base/common.h"
#include "harness/guard.h"
#include "kernels/check/check.h"
#include "kernels/registry.h"

static void selftest_usage(FILE *f)
{
    fprintf(f,
        "usage: cryptobench selftest [-quick] [-variant NAME[,NAME...]] [algorithm...]\n"
        "\n"
        "Checks every variant available on this CPU: known answers from the standards,\n"
        "then (for all but generic) a cross-check against generic on every length\n"
        "0..1024, aligned, misaligned, in place and split across calls.\n"
        "  -quick          lengths 0..80 and a few larger ones only\n"
        "  -variant LIST   only these variants\n"
        "  -force-caps     allow masks to add capabilities (kernels run under a guard)\n"
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

static int name_listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, name, n) == 0)
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

/* known_variants refuses a -variant list naming a variant no algorithm of this build
 * has (a typo, or another architecture's name), listing the ones it has. */
static int known_variants(const char *list)
{
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        int found = 0;
        for (size_t i = 0; i < cb_variant_count() && !found; i++) {
            const char *name = cb_variant_at(i)->name;
            found = strlen(name) == len && strncmp(p, name, len) == 0;
        }
        if (!found) {
            char names[2048] = "";
            for (size_t i = 0; i < cb_variant_count(); i++) {
                const char *name = cb_variant_at(i)->name;
                if (!name_listed(names, name))
                    snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                             names[0] ? "," : "", name);
            }
            cb_error("selftest: -variant '%.*s' is not a variant of this build; its variants "
                     "are: %s.", (int)len, p, names);
            return -1;
        }
        p += len + (p[len] == ',');
    }
    return 0;
}

/* check_alg runs every selected variant of a; returns the worst exit status. */
static int check_alg(const cb_alg *a, const char *only, cb_check_depth depth, unsigned *counts)
{
    int status = CB_EXIT_OK;
    cb_caps caps = cb_caps_effective();
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (!cb_variant_offers_any(v, a) || (only && !name_listed(only, v->name)))
            continue;
        char why[160];
        if (cb_variant_why_not(v, caps, why, sizeof why)) {
            printf("UNAVAILABLE  %-17s %-18s %s\n", a->name, v->name, why);
            counts[2]++;
            continue;
        }
        job j = {a, v, depth, 0, 0, ""};
        int sig = cb_guard_run(run_job, &j);
        if (sig) {
            const char *missing = cb_caps_missing(v->caps, cb_caps_detected());
            printf("FAULT        %-17s %-18s raised %s%s%s\n", a->name, v->name,
                   cb_guard_signame(sig), missing ? ": this CPU lacks " : "",
                   missing ? missing : "");
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
    return status;
}

int cb_cmd_selftest(int argc, char **argv)
{
    cb_args a = {argc, argv, 1, "selftest"};
    const char *only = NULL, *v;
    const cb_alg *algs[128];
    size_t nalgs = 0;
    int force = 0, r;
    cb_check_depth depth = CB_CHECK_FULL;
    while (a.i < argc) {
        if (cb_args_help(argv[a.i])) {
            selftest_usage(stdout);
            return CB_EXIT_OK;
        }
        if (cb_args_flag(&a, "quick")) {
            depth = CB_CHECK_QUICK;
        } else if (cb_args_flag(&a, "force-caps")) {
            force = 1;
        } else if ((r = cb_args_value(&a, "variant", &v)) != 0) {
            if (r < 0 || known_variants(v) != 0)
                return CB_EXIT_USAGE;
            only = v;
        } else if (argv[a.i][0] == '-') {
            cb_error("selftest: unknown option '%s'; 'cryptobench selftest -help' lists the "
                     "options.", argv[a.i]);
            return CB_EXIT_USAGE;
        } else {
            size_t n = cb_alg_expand(argv[a.i], algs + nalgs, 128 - nalgs);
            if (n == 0) {
                char names[2048];
                cb_error("selftest: unknown algorithm '%s'; known algorithms are: %s.",
                         argv[a.i], cb_alg_names(names, sizeof names));
                return CB_EXIT_USAGE;
            }
            nalgs += n;
            a.i++;
        }
    }
    char err[512];
    if (cb_caps_init(force, err, sizeof err) != 0) {
        cb_error("%s", err);
        return CB_EXIT_USAGE;
    }
    if (nalgs == 0)
        for (size_t i = 0; i < cb_alg_count() && nalgs < 128; i++)
            algs[nalgs++] = cb_alg_at(i);
    unsigned counts[3] = {0, 0, 0};
    int status = CB_EXIT_OK;
    for (size_t i = 0; i < nalgs; i++) {
        int s = check_alg(algs[i], only, depth, counts);
        if (s > status)
            status = s;
    }
    printf("selftest: %u passed, %u failed, %u unavailable\n", counts[0], counts[1],
           counts[2]);
    if (counts[0] + counts[1] == 0) {
        cb_error("selftest: no variant was checked; nothing matched the selection.");
        return CB_EXIT_USAGE;
    }
    return status;
}
