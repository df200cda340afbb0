/*
 * cli/cmd_compare.c - `cryptobench compare BEFORE.csv [AFTER.csv]`: reads the options
 * and the files and runs the comparison of reports/ (cb_compare_run: sides, cases,
 * style); its exit status is what CI gates on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/gate_opts.h"
#include "base/common.h"
#include "base/outfile.h"
#include "kernels/registry.h"
#include "reports/compare/compare.h"
#include "reports/run/compare_run.h"
#include "reports/compare/many.h"
#include "reports/csv/csv.h"
#include "reports/styles/styles.h"

static void compare_usage(FILE *f)
{
    fprintf(f,
        "usage: cryptobench compare BEFORE.csv [AFTER.csv] [options]\n"
        "       cryptobench compare BASE.csv OTHER.csv OTHER.csv... [options]\n\n"
        "Compares the median throughput of every case (algorithm, variant, direction,\n"
        "key bits, block size) in BEFORE with the same case in AFTER: difference =\n"
        "after / before x 100 - 100, positive meaning faster.  When the sides hold\n"
        "different variants of a case, those are compared.  With one file, it must\n"
        "hold two runs (or one run of two variants): the first is 'before'.\n"
        "Imported tcrypt cycle counts compare by cycles per operation, marked\n"
        "(cycles): difference = before / after x 100 - 100, so + is still faster.\n"
        "With at least 2 samples a side, a Mann-Whitney U test decides whether each\n"
        "difference is real; '~' marks those that are not.\n"
        "With three or more files, one table: a column per file after BASE, labelled\n"
        "by what tells the files apart (host, build, library, variant), each\n"
        "compared with BASE as two files are; the gate applies to every column.\n\n"
        "  -style S             the table's layout (default %s):\n",
        cb_compare_style_at(0)->name);
    cb_compare_style_usage(f, CB_STYLE_TEXT, "      ");
    fprintf(f,
        "  -format F            text (the -style's table), or a format for scripts, which\n"
        "                       sends the summary to stderr (-style F works too):\n");
    cb_compare_style_usage(f, CB_STYLE_FORMAT, "      ");
    fprintf(f,
        "  -o FILE              write the table or format to FILE (whole, or not at all;\n"
        "                       - is stdout, the default): -format html -o report.html\n"
        "  -list-styles         print the styles and formats, one a line: name, kind\n"
        "                       (style or format), description\n"
        "  -variant A,B         compare variant A (before) with variant B (after)\n"
        "  -fail-if-slower P%%   exit 1 when a case is significantly slower and its whole\n"
        "                       confidence interval lies below -P%% (one-sample cases:\n"
        "                       when the difference itself does)\n"
        "  -gate-on ALG[,ALG]   apply -fail-if-slower to these algorithms only (any name\n"
        "                       the files hold, imported ones such as rc4 included)\n"
        "  -alpha A             significance level, default 0.05\n\n"
        "Exit status: 0 no gated regression, 1 the gate failed, 2 bad usage or input,\n"
        "4 undecided: a paired case (speed -compare's CSV) whose sampling ended\n"
        "before its interval cleared -P%% (docs/compare.md).\n");
}

/* options: what the command line asked for. */
typedef struct options {
    const char **files;            /* the positional arguments, at most argc of them */
    int nfiles;
    const char *style, *format;
    const char *out;               /* -o FILE, NULL: standard output */
    const cb_compare_style *table; /* what -style and -format chose */
    cb_sides_request sides;        /* -variant A,B; the files are added once read */
    cb_gate_opts gate;             /* -fail-if-slower, -gate-on */
    cb_compare_opts o;
} options;

static int parse_options(int argc, char **argv, options *op)
{
    cb_args a = {argc, argv, 1, "compare"};
    op->o = cb_compare_default_opts();
    op->style = cb_compare_style_at(0)->name;
    op->format = "text";
    while (a.i < argc) {
        const char *v;
        int r;
        if (cb_args_help(argv[a.i])) {
            compare_usage(stdout);
            return 1;
        }
        if (cb_args_flag(&a, "list-styles")) {
            cb_compare_style_list(stdout);
            return 1;
        }
        if ((r = cb_args_value(&a, "style", &op->style)) ||
            (r = cb_args_value(&a, "format", &op->format)) ||
            (r = cb_args_value(&a, "o", &op->out))) {
            if (r < 0)
                return -1;
            continue;
        }
        if ((r = cb_args_value(&a, "variant", &v))) {
            char err[512];
            if (r < 0)
                return -1;
            if (cb_sides_parse_variants(&op->sides, v, err, sizeof err) != 0) {
                cb_error("%s", err);
                return -1;
            }
            continue;
        }
        if ((r = cb_gate_opts_take(&a, &op->gate)) != 0) {
            if (r < 0)
                return -1;
            continue;
        }
        if ((r = cb_args_value(&a, "alpha", &v))) {
            if (r < 0 || cb_parse_double("-alpha", v, 1e-6, 0.5, &op->o.alpha) != 0)
                return -1;
            continue;
        }
        if (argv[a.i][0] == '-' && argv[a.i][1] != 0) {
            cb_error("compare: unknown option '%s'; the options are -style, -format, -o, "
                     "-list-styles, -variant, -fail-if-slower, -gate-on and -alpha.",
                     argv[a.i]);
            return -1;
        }
        op->files[op->nfiles++] = argv[a.i++];
    }
    if (op->nfiles == 0) {
        cb_error("compare needs a results file; give BEFORE.csv AFTER.csv.");
        return -1;
    }
    const cb_compare_style *format;
    if (cb_compare_style_check(op->style, &op->table) != 0 ||
        cb_compare_format_check(op->format, &format) != 0)
        return -1;
    if (format && op->table->kind == CB_STYLE_FORMAT && format != op->table) {
        cb_error("-style %s and -format %s name two formats; give one.", op->style,
                 op->format);
        return -1;
    }
    if (format)
        op->table = format;
    if (op->nfiles > 2 && op->sides.by_variant) {
        cb_error("compare: -variant A,B pairs two variants of two sides; with %d files "
                 "each is compared with the first as it is: give no -variant.", op->nfiles);
        return -1;
    }
    if (cb_args_output_apart("compare", "-o", op->out, op->files, (size_t)op->nfiles,
                             "a file being compared") != 0)
        return -1;
    return cb_gate_opts_finish(&op->gate, &op->o);
}

/* run_files compares the files as many as there are, into out. */
static int run_files(const options *op, FILE *out)
{
    if (op->nfiles > 2)
        return cb_compare_run_many(op->files, (size_t)op->nfiles, &op->o, op->table, out);
    cb_csv_set *set = cb_csv_set_new();
    cb_sides_request rq = op->sides;
    char err[1024];
    int rc = CB_EXIT_USAGE;
    for (int i = 0; i < op->nfiles; i++) {
        if (cb_csv_read_file(set, op->files[i], err, sizeof err) != 0) {
            cb_error("%s", err);
            goto out;
        }
        rq.source[i] = op->files[i];
        if (i == 0)
            rq.first_rows = cb_csv_set_count(set);
    }
    rc = cb_compare_run(set, &rq, &op->o, op->table, out);
out:
    cb_csv_set_free(set);
    return rc;
}

static int run_compare(const options *op)
{
    char err[1024];
    cb_outfile *of = NULL;
    if (op->out && !(of = cb_outfile_open(op->out, "output file", err, sizeof err))) {
        cb_error("compare: %s", err);
        return CB_EXIT_USAGE;
    }
    int rc = run_files(op, of ? cb_outfile_stream(of) : stdout);
    /* a failed gate is a verdict, written like any other; no comparison is nothing */
    if (of && rc != CB_EXIT_USAGE) {
        if (cb_outfile_commit(of, NULL, err, sizeof err) != 0) {
            cb_error("compare: %s", err);
            rc = CB_EXIT_USAGE;
        }
        of = NULL;
    }
    cb_outfile_abort(of);
    return rc;
}

int cb_cmd_compare(int argc, char **argv)
{
    options op;
    memset(&op, 0, sizeof op);
    op.files = cb_xcalloc((size_t)argc + 1, sizeof *op.files);
    int r = parse_options(argc, argv, &op);
    int rc = r < 0 ? CB_EXIT_USAGE : r > 0 ? CB_EXIT_OK : run_compare(&op);
    cb_gate_opts_free(&op.gate);
    free(op.files);
    return rc;
}
