/*
 * cli/cmd_kat.c - `cryptobench kat FILE...`: known-answer files run through the
 * variants of the algorithm they test, by the engine in kernels/check/kat/kat.h.
 *
 * This file reads the options, runs each file under the fault guard, prints the
 * tallies and maps them to an exit status.  The report is buffered and printed
 * only when every file was well formed, so bad input never leaves half a report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/libopts.h"
#include "harness/guard.h"
#include "kernels/check/kat/kat.h"
#include "kernels/registry.h"
#include "kernels/select.h"

static void kat_usage(FILE *f)
{
    fprintf(f,
            "usage: cryptobench kat [-alg NAME] [-variant NAME[,NAME...]] [-lib NAME=PATH]\n"
            "                       FILE...\n\n"
            "Runs NIST CAVP known-answer files through every available variant of the\n"
            "algorithm they test and prints, per file and variant,\n"
            "  FILE  VARIANT  passed N  failed N  skipped N\n"
            "with a line for each of the first failures.  The algorithm comes from the\n"
            "official file name, with its folder where the name alone says nothing:\n");
    for (size_t i = 0; i < cb_kat_kind_count(); i++) {
        char names[128];
        const char *what;
        cb_kat_kind_names(i, names, sizeof names, &what);
        fprintf(f, "  %s: %s\n", what, names);
    }
    fprintf(f, "and NIST ACVP JSON, known by its algorithm, mode and revision, a prompt.json\n"
               "with the expectedResults.json beside it (or given after it) or one\n"
               "internalProjection.json:\n");
    for (size_t i = 0; i < cb_kat_acvp_count(); i++) {
        char kind[96];
        fprintf(f, "  ACVP %s\n", cb_kat_acvp_kind(i, kind, sizeof kind));
    }
    fprintf(f,
            "ACVP groups kat cannot run (HashML-DSA, an external mu, the\n"
            "decapsulation-key check) are reported as not run, with the reason.\n"
            "The ChaCha20-Poly1305 records are sealed, then opened, and count once.\n"
            "The signature records run on the Montgomery variants.  Records a variant\n"
            "cannot run (a direction it lacks, bit-sized messages, and on a library's\n"
            "whole-algorithm variant the signature records, whose keys are their own)\n"
            "are skipped and counted, never passed.\n\n"
            "  -alg NAME        the algorithm, for files whose name does not say it\n"
            "  -variant LIST    only these variants (names, 'auto' or 'all', the default)\n"
            CB_LIBOPTS_USAGE "\n"
            "Exit status: 0 all passed, 1 a record failed or a file had none checked,\n"
            "2 bad usage or a malformed or unreadable file, 3 a kernel faulted.\n");
}

/* kat_args: the command line. */
typedef struct kat_args {
    const char *alg;      /* -alg, or NULL */
    int have_sel;         /* -variant was given; else every variant */
    cb_selection sel;
    char **files;
    int nfiles;
} kat_args;

/* parse_kat_args reads the options (anywhere among the files); returns 1 to run,
 * 0 when the command is done (help), -1 on bad usage. */
static int parse_kat_args(int argc, char **argv, kat_args *k)
{
    cb_args a = {argc, argv, 1, "kat"};
    const char *variants = NULL;
    cb_libopts libs = {0};
    while (a.i < argc) {
        if (cb_args_help(argv[a.i])) {
            kat_usage(stdout);
            return 0;
        }
        if (argv[a.i][0] != '-' || argv[a.i][1] == '\0') {
            k->files[k->nfiles++] = argv[a.i++];
            continue;
        }
        int rc = cb_args_value(&a, "alg", &k->alg);
        if (rc == 0)
            rc = cb_args_value(&a, "variant", &variants);
        if (rc == 0)
            rc = cb_libopts_take(&a, &libs);
        if (rc < 0)
            return -1;
        if (rc == 0) {
            cb_error("kat: unknown option '%s'; the options are -alg NAME, -variant LIST, "
                     "-lib NAME=PATH and -lib-env NAME:VAR=VALUE.", argv[a.i]);
            return -1;
        }
    }
    if (k->alg && !cb_alg_find(k->alg)) {
        char names[1024];
        cb_error("kat: -alg '%s' is not an algorithm; the algorithms are: %s.", k->alg,
                 cb_alg_names(names, sizeof names));
        return -1;
    }
    char err[2400];
    if (cb_libopts_load(&libs, "kat", variants, 0) != 0)
        return -1;
    k->have_sel = variants != NULL;
    if (variants && cb_selection_parse(&k->sel, variants, err, sizeof err) != 0) {
        cb_error("kat: %s.", err);
        return -1;
    }
    if (k->nfiles == 0) {
        cb_error("kat: give one or more known-answer files (see 'cryptobench kat -h').");
        return -1;
    }
    return 1;
}

/* print_result writes one file's tallies as the report has them. */
static void print_result(const cb_kat_result *res, FILE *out)
{
    for (size_t i = 0; i < res->ntallies; i++) {
        const cb_kat_tally *t = &res->tallies[i];
        if (t->unavailable[0]) {
            fprintf(out, "%s  %s  unavailable: %s\n", res->path, t->var->name, t->unavailable);
            continue;
        }
        fprintf(out, "%s  %s  passed %lu  failed %lu  skipped %lu\n", res->path,
                t->var->name, t->passed, t->failed, t->skipped);
        for (unsigned long n = 0; n < t->failed && n < CB_KAT_SHOWN; n++)
            fprintf(out, "  %s:%d: %s: %s: %s\n", res->path, t->shown[n].line, t->var->name,
                    t->shown[n].label, t->shown[n].why);
        if (t->failed > CB_KAT_SHOWN)
            fprintf(out, "  ... and %lu more failures\n", t->failed - CB_KAT_SHOWN);
    }
    for (size_t i = 0; i < res->nskips; i++)
        fprintf(out, "%s  not run: %lu tests in %lu groups: %s\n", res->path,
                res->skips[i].cases, res->skips[i].groups, res->skips[i].why);
}

/* pair_of: is b an expectedResults.json given right after a prompt.json a?  Then the
 * two are one ACVP vector set, from whichever folders. */
static int pair_of(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    size_t da = sa ? (size_t)(sa - a) + 1 : 0, db = sb ? (size_t)(sb - b) + 1 : 0;
    return strcmp(a + da, "prompt.json") == 0 &&
           strcmp(b + db, "expectedResults.json") == 0;
}

/* checked counts the records of a file some variant passed or failed. */
static unsigned long checked(const cb_kat_result *res)
{
    unsigned long n = 0;
    for (size_t i = 0; i < res->ntallies; i++)
        n += res->tallies[i].passed + res->tallies[i].failed;
    return n;
}

/* run_files runs every file, the report into out; returns the exit status.  The
 * first refused or faulted file ends the run. */
static int run_files(const kat_args *k, FILE *out)
{
    cb_kat_opts o = {k->alg, k->have_sel ? &k->sel : NULL, cb_caps_effective(),
                     cb_guard_run};
    int status = CB_EXIT_OK;
    for (int i = 0; i < k->nfiles; i++) {
        cb_kat_result res;
        int pair = i + 1 < k->nfiles && pair_of(k->files[i], k->files[i + 1]);
        cb_kat_status st = pair ? cb_kat_run_pair(k->files[i], k->files[i + 1], &o, &res)
                                : cb_kat_run_file(k->files[i], &o, &res);
        i += pair;
        if (st == CB_KAT_REFUSED) {
            cb_error("kat: %s", res.err);
            status = CB_EXIT_USAGE;
        } else if (st == CB_KAT_FAULTED) {
            cb_error("kat: variant %s faulted with %s on %s:%d; run `cryptobench caps` to "
                     "see what this CPU offers.", res.fault_var->name,
                     cb_guard_signame(res.fault_signal), res.path, res.fault_line);
            status = CB_EXIT_FAULT;
        } else {
            print_result(&res, out);
            if (st == CB_KAT_FAILED)
                status = CB_EXIT_FAIL;
            /* a file whose every record was skipped checked nothing: not a pass */
            if (checked(&res) == 0) {
                cb_error("kat: %s: no record was checked (every one was skipped or no "
                         "variant could run); nothing passed.", res.path);
                if (status == CB_EXIT_OK)
                    status = CB_EXIT_FAIL;
            }
        }
        cb_kat_result_free(&res);
        if (st == CB_KAT_REFUSED || st == CB_KAT_FAULTED)
            break;
    }
    return status;
}

int cb_cmd_kat(int argc, char **argv)
{
    kat_args k;
    memset(&k, 0, sizeof k);
    k.files = cb_xcalloc((size_t)argc, sizeof *k.files);
    int rc = parse_kat_args(argc, argv, &k);
    char err[256];
    if (rc > 0 && cb_caps_init(0, err, sizeof err) != 0) {
        cb_error("%s", err);
        rc = -1;
    }
    if (rc <= 0) {
        free(k.files);
        return rc == 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) {
        free(k.files);
        cb_error("kat: cannot buffer the report.");
        return CB_EXIT_USAGE;
    }
    int status = run_files(&k, out);
    fclose(out);
    if (status == CB_EXIT_OK || status == CB_EXIT_FAIL)
        fwrite(text, 1, len, stdout);
    free(text);
    free(k.files);
    return status;
}
