/*
 * cli/cmd_plot.c - `cryptobench plot FILE.csv... -o OUT.svg`: throughput against
 * block size as an SVG chart (reports/plot/plot.h, docs/plot.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "base/common.h"
#include "base/outfile.h"
#include "reports/plot/plot.h"

static void plot_usage(FILE *f)
{
    fprintf(f,
        "usage: cryptobench plot FILE.csv... -o OUT.svg [-title TEXT]\n\n"
        "Draws the throughput of every algorithm x variant in the results files against\n"
        "block size (log2 axis): each point is the median of its samples, with whiskers\n"
        "for the 95%% interval of that median.  Faulted, failed and skipped cases are\n"
        "not drawn; the legend names them.  With several files each file has its own\n"
        "lines, named by what tells the files apart: build, host, library, library env,\n"
        "else the file name.\n\n"
        "  -o FILE          the SVG to write (written whole, or not at all; - for stdout)\n"
        "  -title TEXT      the chart's title (default: Throughput against block size)\n\n"
        "Exit status: 0 success, 2 bad usage, an unreadable or malformed file, or\n"
        "nothing to plot.\n");
}

typedef struct options {
    const char **files; /* the positional arguments, at most argc of them */
    size_t nfiles;
    const char *out;
    const char *title;
} options;

/* parse_options returns 0, 1 after -help, -1 after an error message. */
static int parse_options(int argc, char **argv, options *op)
{
    cb_args a = {argc, argv, 1, "plot"};
    while (a.i < argc) {
        if (cb_args_help(argv[a.i])) {
            plot_usage(stdout);
            return 1;
        }
        int r = cb_args_value(&a, "o", &op->out);
        if (!r)
            r = cb_args_value(&a, "title", &op->title);
        if (r < 0)
            return -1;
        if (r > 0)
            continue;
        if (argv[a.i][0] == '-' && argv[a.i][1]) {
            cb_error("plot: unknown option '%s'; the options are -o and -title.", argv[a.i]);
            return -1;
        }
        op->files[op->nfiles++] = argv[a.i++];
    }
    if (op->nfiles == 0 || !op->out) {
        cb_error("plot needs a results file and -o OUT.svg, e.g. cryptobench plot "
                 "run.csv -o run.svg.");
        return -1;
    }
    return cb_args_output_apart("plot", "-o", op->out, op->files, op->nfiles,
                                "a file being plotted");
}

/* plot draws the files op names into its -o; returns the exit status. */
static int plot(const options *op)
{
    char err[1024];
    /* the output is checked (and its temporary made) before any file is read */
    cb_outfile *o = cb_outfile_open(op->out, "SVG file", err, sizeof err);
    if (!o) {
        cb_error("plot: %s", err);
        return CB_EXIT_USAGE;
    }
    cb_plot *p = cb_plot_load(op->files, op->nfiles, err, sizeof err);
    if (!p) {
        cb_outfile_abort(o);
        cb_error("plot: %s", err);
        return CB_EXIT_USAGE;
    }
    int rc = CB_EXIT_OK;
    if (cb_plot_svg(cb_outfile_stream(o), p, op->title) != 0) {
        cb_error("plot: cannot write the SVG file '%s'.", op->out);
        cb_outfile_abort(o);
        rc = CB_EXIT_USAGE;
    } else if (cb_outfile_commit(o, NULL, err, sizeof err) != 0) {
        cb_error("plot: %s", err);
        rc = CB_EXIT_USAGE;
    }
    cb_plot_free(p);
    return rc;
}

int cb_cmd_plot(int argc, char **argv)
{
    options op;
    memset(&op, 0, sizeof op);
    op.files = cb_xcalloc((size_t)argc, sizeof *op.files);
    int r = parse_options(argc, argv, &op);
    int rc = r ? (r > 0 ? CB_EXIT_OK : CB_EXIT_USAGE) : plot(&op);
    free(op.files);
    return rc;
}
