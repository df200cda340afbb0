/*
 * reports/sweep/sweep.h - the table of `caps -sweep`: one row per capability mask,
 * the variant it ran and its median throughput at each block size, or what stopped
 * it; then the fastest mask and those within noise of it.
 *
 * The model is what the sweep's children measured, as CSV rows (one set per mask):
 * this file computes every figure from them (base/stats.c: medians, their 95%
 * intervals, geometric means) and writes the table; the command (cli/caps_sweep.c)
 * only runs the children.
 */
#ifndef CB_REPORT_SWEEP_H
#define CB_REPORT_SWEEP_H

#include <stddef.h>
#include <stdio.h>

#include "reports/csv/csv.h"

/* cb_sweep_row: one mask and what its child measured. */
typedef struct cb_sweep_row {
    const char *label;      /* "detected", "-aes", "ARMV8_AES alone" */
    const char *what;       /* the second column: OpenSSL's value, or the environment */
    const cb_csv_set *rows; /* the child's rows; NULL when it wrote none */
    const char *ended;      /* why there is no result, when there is none: "exit
                             * status 2", "SIGABRT" */
} cb_sweep_row;

/* cb_sweep_table: the rows of one algorithm's table. */
typedef struct cb_sweep_table {
    const char *alg;        /* the algorithm's name, as the rows hold it */
    const char *column;     /* the heading of the second column */
    const cb_sweep_row *row;
    size_t n;
    int markdown;           /* GitHub's table syntax, for mailing lists and issues */
} cb_sweep_table;

/* cb_sweep_print writes t to out: its heading, a line per mask, and the fastest mask
 * (the highest geometric mean over the sizes, among masks measured at every size)
 * with those whose 95% intervals overlap it at every size. */
void cb_sweep_print(FILE *out, const cb_sweep_table *t);

#endif
