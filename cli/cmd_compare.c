/*
 * cli/cmd_compare.c - `cryptobench compare BEFORE.csv [AFTER.csv]`: reads the options
 * and the files and runs the comparison of reports/ (cb_compare_run: sides, cases,
 * style); its exit status is what CI gates on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/gate_opts.h"
#include "base/common.h"
#include "base/infile.h"
#include "base/outfile.h"
#include "kernels/registry.h"
#include "reports/compare/calibrate.h"
#include "reports/compare/compare.h"
#include "base/workload.h"
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
        "  -alpha A             significance level, default 0.05\n"
        "  -workload W          after the table, the before/after of workload W's\n"
        "                       bytes-over-time throughput (%s, or a file\n"
        "                       of \"SIZE COUNT\" lines), from each case's sizes\n"
        "  -calibrate-gate      the files are A/A runs of one build on this host (5 or\n"
        "                       more): compare every ordered pair, print the smallest\n"
        "                       -fail-if-slower that kept false alarms at or below 5%%\n"
        "                       and record it, so that a later gate below it is warned\n"
        "  -calibration FILE    the record -calibrate-gate writes and the gate reads\n"
        "                       (default $CRYPTOBENCH_CALIBRATION, else\n"
        "                       $XDG_CACHE_HOME or ~/.cache, /cryptobench/gate-calibration)\n\n"
        "Exit status: 0 no gated regression, 1 the gate failed, 2 bad usage or input,\n"
        "4 undecided: a paired case (speed -compare's CSV) whose sampling ended\n"
        "before its interval cleared -P%% (docs/compare.md).\n", cb_workload_names());
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
    int calibrate;                 /* -calibrate-gate */
    const char *calibration;       /* -calibration FILE, NULL: the default place */
    cb_workload workload;          /* -workload W, when op->o.workload points here */
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
        if (cb_args_flag(&a, "calibrate-gate")) {
            op->calibrate = 1;
            continue;
        }
        if ((r = cb_args_value(&a, "calibration", &op->calibration))) {
            if (r < 0)
                return -1;
            continue;
        }
        if ((r = cb_args_value(&a, "workload", &v))) {
            if (r < 0 || cb_args_workload("compare", v, &op->workload) != 0)
                return -1;
            op->o.workload = &op->workload;
            continue;
        }
        if ((r = cb_args_value(&a, "alpha", &v))) {
            if (r < 0 || cb_parse_double("-alpha", v, 1e-6, 0.5, &op->o.alpha) != 0)
                return -1;
            continue;
        }
        if (argv[a.i][0] == '-' && argv[a.i][1] != 0) {
            cb_error("compare: unknown option '%s'; the options are -style, -format, -o, "
                     "-list-styles, -variant, -fail-if-slower, -gate-on, -alpha, -workload, "
                     "-calibrate-gate and -calibration.",
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
    if (op->calibrate && (op->gate.gate || op->sides.by_variant || op->out ||
                          op->table != cb_compare_style_at(0))) {
        cb_error("compare: -calibrate-gate compares every pair of its A/A files itself and "
                 "prints one line; give it no -fail-if-slower, -variant, -style, -format or "
                 "-o.");
        return -1;
    }
    if (op->o.workload && (op->nfiles > 2 || op->calibrate)) {
        cb_error("compare: -workload weighs the before/after of two sides; give it with "
                 "one or two files and without -calibrate-gate.");
        return -1;
    }
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

/* ---- the calibration record ------------------------------------------------------ */

/* calibration_path: -calibration FILE, else $CRYPTOBENCH_CALIBRATION, else the
 * cache folder's gate-calibration ("" when there is no home to hold it). */
static const char *calibration_path(const options *op, char *buf, size_t len, int *deflt)
{
    const char *env = getenv("CRYPTOBENCH_CALIBRATION"), *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    *deflt = 0;
    if (op->calibration)
        return op->calibration;
    if (env && env[0])
        return env;
    *deflt = 1;
    if (xdg && xdg[0] == '/')
        snprintf(buf, len, "%s/cryptobench/gate-calibration", xdg);
    else if (home && home[0])
        snprintf(buf, len, "%s/.cache/cryptobench/gate-calibration", home);
    else
        buf[0] = 0;
    return buf;
}

/* read_record: the record's text (malloc'ed), or NULL when there is none. */
static char *read_record(const char *path)
{
    FILE *f = path[0] ? fopen(path, "rb") : NULL;
    if (!f)
        return NULL;
    cb_infile_limits lim = {1 << 20, 1 << 16, "calibration record"};
    char err[256];
    size_t len;
    char *text = cb_infile_read(f, &lim, &len, err, sizeof err);
    fclose(f);
    return text;
}

/* same_key: does line [p, end) record the host, CPU and design of cal? */
static int same_key(const char *line, const cb_gate_calibration *cal)
{
    cb_gate_calibration other;
    return cb_calibration_find(line, cal->host, cal->cpu, cal->design, &other) == 0;
}

/* save_record writes cal into the record at path, over the line of the same host,
 * CPU and design; 0, or -1 after one sentence. */
static int save_record(const char *path, int deflt, const cb_gate_calibration *cal)
{
    char err[512], line[1024], dir[4096];
    if (!path[0]) {
        cb_error("compare: -calibrate-gate has nowhere to record its figure (no HOME); give "
                 "-calibration FILE.");
        return -1;
    }
    if (deflt) { /* the cache folders, made as needed */
        snprintf(dir, sizeof dir, "%s", path);
        for (char *p = dir + 1; *p; p++)
            if (*p == '/') {
                *p = 0;
                mkdir(dir, 0755);
                *p = '/';
            }
    }
    char *old = read_record(path);
    cb_outfile *of = cb_outfile_open(path, "calibration record", err, sizeof err);
    if (!of) {
        free(old);
        cb_error("compare: %s", err);
        return -1;
    }
    FILE *f = cb_outfile_stream(of);
    for (char *p = old; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        if (*p && !same_key(p, cal))
            fprintf(f, "%s\n", p);
        p = nl ? nl + 1 : NULL;
    }
    free(old);
    cb_calibration_line(cal, line, sizeof line);
    fprintf(f, "%s\n", line);
    if (cb_outfile_commit(of, NULL, err, sizeof err) != 0) {
        cb_error("compare: %s", err);
        return -1;
    }
    return 0;
}

static int run_calibrate(const options *op)
{
    char err[1024], buf[4096];
    cb_gate_calibration cal;
    if (cb_compare_calibrate(op->files, (size_t)op->nfiles, &op->o, &cal, err, sizeof err)) {
        cb_error("compare: %s", err);
        return CB_EXIT_USAGE;
    }
    int deflt;
    const char *path = calibration_path(op, buf, sizeof buf, &deflt);
    printf("calibrate-gate: %zu A/A pairs of %zu files of %s (%s), judged %s: the smallest "
           "-fail-if-slower that kept false alarms at or below 5%% is %.1f%% (%zu of %zu "
           "pairs flagged there); %.1f%% kept them to none.%s\n", cal.pairs, cal.files,
           cal.host, cal.cpu, cal.design, cal.threshold_pct, cal.flagged_at_threshold,
           cal.pairs, cal.none_pct,
           cal.pairs < 20 ? " Fewer than 20 pairs bound a 5% rate only roughly: give 5 "
                            "files or more." : "");
    if (save_record(path, deflt, &cal) != 0)
        return CB_EXIT_USAGE;
    printf("recorded in %s\n", path);
    return CB_EXIT_OK;
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
    char *record = NULL;
    if (r == 0 && !op.calibrate && op.gate.gate) { /* the host's figure, for the warning */
        char buf[4096];
        int deflt;
        record = read_record(calibration_path(&op, buf, sizeof buf, &deflt));
        op.o.calibration = record;
    }
    int rc = r < 0 ? CB_EXIT_USAGE : r > 0 ? CB_EXIT_OK
             : op.calibrate ? run_calibrate(&op) : run_compare(&op);
    free(record);
    cb_gate_opts_free(&op.gate);
    free(op.files);
    return rc;
}
