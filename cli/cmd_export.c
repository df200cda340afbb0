/*
 * cli/cmd_export.c - `cryptobench export FILE.csv... -format F [-o OUT]`: reads
 * results files and writes their cases in another tool's format (reports/export/export.h,
 * docs/export.md), atomically through base/outfile.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "base/common.h"
#include "base/outfile.h"
#include "reports/compare/compare.h"
#include "reports/csv/csv.h"
#include "reports/export/export.h"

static void export_usage(FILE *f)
{
    char gating[128];
    cb_export_format_list(gating, sizeof gating, 1);
    fprintf(f,
        "usage: cryptobench export FILE.csv [FILE.csv...] -format F [-o OUT]\n\n"
        "Writes the cases of results files (algorithm, variant, direction, key bits,\n"
        "block size, misalign, aead; samples pooled over the files) for other tools,\n"
        "named ALG/VARIANT/DIRECTION[/kBITS]/BLOCK[/misalignN][/aad][/rekey].  Cases\n"
        "that faulted, failed or were skipped never appear as numbers.\n\n"
        "  -format F            one of:\n");
    cb_export_format_usage(f, "      ");
    fprintf(f,
        "  -o OUT               write OUT (replaced whole when complete; default and\n"
        "                       '-': standard output)\n"
        "  -fail-if-slower P%%   with -format %s and two files BEFORE AFTER: compare's\n"
        "                       gate, each case a testcase failing when it regressed\n\n", gating);
    fprintf(f,
        "Exit status: 0 written, 1 a junit testcase failed (the file is still written),\n"
        "2 bad usage or input (nothing written).\n");
}

/* options: what the command line asked for. */
typedef struct options {
    const char **files;
    int nfiles;
    const cb_export_format *format;
    const char *out;
    cb_compare_opts o;
} options;

static int unknown_format(const char *name)
{
    char list[128];
    cb_error("export: unknown format '%s'; the formats are %s.", name,
             cb_export_format_list(list, sizeof list, 0));
    return -1;
}

/* parse_threshold reads -fail-if-slower by compare's and speed's rule. */
static int parse_threshold(const char *v, cb_compare_opts *o)
{
    if (cb_parse_percent("-fail-if-slower", v, &o->threshold_pct) != 0)
        return -1;
    o->gate = 1;
    return 0;
}

/* check_combination refuses what the formats cannot do with the files given. */
static int check_combination(const options *op)
{
    char list[128];
    if (op->nfiles == 0) {
        cb_error("export needs a results file; give FILE.csv [FILE.csv...] -format F.");
        return -1;
    }
    if (!op->format) {
        cb_error("export needs -format F; the formats are %s.",
                 cb_export_format_list(list, sizeof list, 0));
        return -1;
    }
    int gates = op->format->gate != NULL;
    if (op->o.gate && (!gates || op->nfiles != 2)) {
        cb_error("-fail-if-slower needs -format %s and two files, BEFORE.csv AFTER.csv.",
                 cb_export_format_list(list, sizeof list, 1));
        return -1;
    }
    if (gates && op->nfiles == 2 && !op->o.gate) {
        cb_error("-format %s of two files gates them: give -fail-if-slower P%%, or "
                 "export one file.", op->format->name);
        return -1;
    }
    return 0;
}

static int parse_options(int argc, char **argv, options *op)
{
    cb_args a = {argc, argv, 1, "export"};
    op->o = cb_compare_default_opts();
    op->out = "-";
    op->files = cb_xmalloc((size_t)(argc > 0 ? argc : 1) * sizeof *op->files);
    while (a.i < argc) {
        const char *v;
        int r;
        if (cb_args_help(argv[a.i])) {
            export_usage(stdout);
            return 1;
        }
        if ((r = cb_args_value(&a, "format", &v))) {
            if (r < 0)
                return -1;
            if (!(op->format = cb_export_format_find(v)))
                return unknown_format(v);
            continue;
        }
        if ((r = cb_args_value(&a, "o", &op->out))) {
            if (r < 0)
                return -1;
            continue;
        }
        if ((r = cb_args_value(&a, "fail-if-slower", &v))) {
            if (r < 0 || parse_threshold(v, &op->o) != 0)
                return -1;
            continue;
        }
        if (argv[a.i][0] == '-' && argv[a.i][1] != 0) {
            cb_error("export: unknown option '%s'; the options are -format, -o and "
                     "-fail-if-slower.", argv[a.i]);
            return -1;
        }
        op->files[op->nfiles++] = argv[a.i++];
    }
    if (check_combination(op) != 0)
        return -1;
    return cb_args_output_apart("export", "-o", op->out, op->files, (size_t)op->nfiles,
                                "a file being exported");
}

/* write_cases writes the format over the cases of set; the exit status. */
static int write_cases(const options *op, const cb_csv_set *set, FILE *out)
{
    cb_export_cases cs;
    char err[1024];
    if (cb_export_group(set, &cs, err, sizeof err) != 0) {
        cb_error("%s", err);
        return CB_EXIT_USAGE;
    }
    if (cs.no_rate)
        cb_warn("%zu case%s left out: no byte rate (public-key rows, tcrypt cycle counts).",
                cs.no_rate, cs.no_rate == 1 ? "" : "s");
    int rc = CB_EXIT_OK;
    if (cs.n == 0) {
        cb_error("nothing to export: the files hold no case with a byte rate.");
        rc = CB_EXIT_USAGE;
    } else {
        op->format->write(&cs, out);
        if (op->format->failures && op->format->failures(&cs))
            rc = CB_EXIT_FAIL;
    }
    cb_export_cases_free(&cs);
    return rc;
}

static int run_export(const options *op)
{
    char err[1024];
    cb_outfile *of = cb_outfile_open(op->out, "export file", err, sizeof err);
    if (!of) {
        cb_error("%s", err);
        return CB_EXIT_USAGE;
    }
    cb_csv_set *set = cb_csv_set_new();
    cb_sides_request rq;
    memset(&rq, 0, sizeof rq);
    int rc = CB_EXIT_USAGE;
    for (int i = 0; i < op->nfiles; i++) {
        if (cb_csv_read_file(set, op->files[i], err, sizeof err) != 0) {
            cb_error("%s", err);
            goto out;
        }
        if (i < 2)
            rq.source[i] = op->files[i];
        if (i == 0)
            rq.first_rows = cb_csv_set_count(set);
    }
    if (op->o.gate)
        rc = op->format->gate(set, &rq, &op->o, cb_outfile_stream(of));
    else
        rc = write_cases(op, set, cb_outfile_stream(of));
out:
    if (rc == CB_EXIT_USAGE) {
        cb_outfile_abort(of);
    } else if (cb_outfile_commit(of, NULL, err, sizeof err) != 0) {
        cb_error("%s", err);
        rc = CB_EXIT_USAGE;
    }
    cb_csv_set_free(set);
    return rc;
}

int cb_cmd_export(int argc, char **argv)
{
    options op;
    memset(&op, 0, sizeof op);
    int r = parse_options(argc, argv, &op);
    int rc = r < 0 ? CB_EXIT_USAGE : r > 0 ? CB_EXIT_OK : run_export(&op);
    free(op.files);
    return rc;
}
