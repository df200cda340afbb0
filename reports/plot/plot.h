/*
 * reports/plot/plot.h - `cryptobench plot`: results files drawn as throughput against
 * block size, one line per series (docs/plot.md).
 *
 * Two steps, so the drawing never sees a CSV row: cb_plot_load reads the files and
 * reduces them to a model (series x sizes, each point the median of its samples and
 * the 95% interval of that median, or the status that kept it from being measured);
 * cb_plot_svg draws the model.
 */
#ifndef CB_PLOT_H
#define CB_PLOT_H

#include <stddef.h>
#include <stdio.h>

/* The state of one point: no row at that size, a measurement, or an outcome
 * (faulted, failed, skipped) that is drawn in the legend only. */
enum { CB_PLOT_ABSENT, CB_PLOT_MEASURED, CB_PLOT_UNMEASURED };

typedef struct cb_plot_point {
    int state;
    double median, lo, hi; /* bytes per second; only for CB_PLOT_MEASURED */
    size_t samples;
} cb_plot_point;

typedef struct cb_plot_series {
    char *label;        /* "aes-128-cbc generic [boarda]", as the legend shows it */
    char *unmeasured;   /* "" or "faulted, skipped": the statuses of its unmeasured points */
    cb_plot_point *pts; /* one per size of the plot */
} cb_plot_series;

typedef struct cb_plot {
    size_t *sizes;      /* the block sizes present in any series, ascending */
    size_t nsizes;
    cb_plot_series *series;
    size_t nseries;
    char *subtitle;     /* what every row shares (CPU, host), or what tells files apart */
} cb_plot;

/*
 * cb_plot_load reads the results files paths[0..n-1] and builds the model.  Returns
 * it, or NULL with one sentence in err: a file unreadable or malformed (the CSV
 * reader's "file:line: ..."), a file given twice, or nothing with a block size to
 * draw.
 */
cb_plot *cb_plot_load(const char *const *paths, size_t n, char *err, size_t errlen);

/* cb_plot_free releases a model (NULL is fine). */
void cb_plot_free(cb_plot *p);

/*
 * cb_plot_svg writes p as one SVG document of fixed size to f, titled title (NULL:
 * the default title).  Returns 0, or -1 when f reports a write error.
 */
int cb_plot_svg(FILE *f, const cb_plot *p, const char *title);

#endif
