/*
 * base/workload.h - a workload: how often each message size occurs, so that a sweep's
 * per-size throughputs become one figure a user's traffic would see.
 *
 * `speed -workload W` times exactly W's sizes and prints, per algorithm, direction
 * and variant, the weighted throughput with its interval; `compare -workload W`
 * gives the before/after of that figure from two files' per-size medians.  W is a
 * built-in (tls, ipsec, disk: cb_workload_names) or a histogram file of "size count"
 * lines.  The figure is bytes over time: a workload unit is every size s_i sent
 * count_i times, and its throughput is sum(count_i x s_i) / sum(count_i x t(s_i)),
 * t(s) the seconds one call of s bytes takes - so a slow small size costs what it
 * costs in time, as it does in traffic (an average of rates would not).
 */
#ifndef CB_WORKLOAD_H
#define CB_WORKLOAD_H

#include <stddef.h>

#define CB_WORKLOAD_MAX 32      /* sizes in one workload (speed's -bytes limit) */
#define CB_WORKLOAD_MAX_BYTES (64u << 20) /* the largest size (speed's -bytes limit) */

/* cb_workload: sizes ascending and distinct, each with a count > 0. */
typedef struct cb_workload {
    char name[64];                   /* "tls", or the file's base name */
    size_t n;
    size_t size[CB_WORKLOAD_MAX];
    double count[CB_WORKLOAD_MAX];
} cb_workload;

/* cb_workload_names: the built-ins, for help texts and messages ("tls, ipsec, disk"). */
const char *cb_workload_names(void);

/*
 * cb_workload_load reads spec: a built-in's name, else a path to a histogram file
 * (lines "SIZE COUNT": SIZE bytes 1..64 MiB, COUNT a number >= 0; '#' starts a
 * comment; a size given twice adds up; at least one count > 0).  Returns 0, or -1
 * with one sentence in err naming the problem (the file's line) and what is
 * accepted.
 */
int cb_workload_load(cb_workload *w, const char *spec, char *err, size_t errlen);

/* cb_workload_describe writes "ipsec (7 x 48 B, 4 x 576 B, 1 x 1504 B)" into buf. */
const char *cb_workload_describe(const cb_workload *w, char *buf, size_t len);

/* cb_workload_bytes: the bytes of one workload unit, sum(count_i x size_i). */
double cb_workload_bytes(const cb_workload *w);

/*
 * cb_workload_rate turns seconds per call at n measured sizes (ascending, distinct)
 * into the workload's bytes per second.  A workload size between two measured ones
 * takes the time interpolated linearly in bytes between them (exact when a call costs
 * a fixed part plus a part per byte, as every kernel here roughly does); one outside
 * the measured range has no figure.  Returns the rate, or -1 and the first such
 * size in *missing (when not NULL).
 */
double cb_workload_rate(const cb_workload *w, const size_t *sizes, const double *seconds,
                        size_t n, size_t *missing);

#endif
