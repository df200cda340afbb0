/*
 * reports/speed_json.h - `speed -json FILE`: one object per case with its median,
 * the 95% confidence interval of the median, the spread (coefficient of variation)
 * and whether it reached the precision asked for, under the run's conditions.
 */
#ifndef CB_SPEED_JSON_H
#define CB_SPEED_JSON_H

#include <stddef.h>

#include "reports/sample.h"

/* cb_case_summary: what one case's samples say. */
typedef struct cb_case_summary {
    const char *alg, *variant, *direction;
    unsigned key_bits;
    size_t block_bytes;
    unsigned misalign;
    int aead;
    unsigned samples;
    double ops_per_sec;        /* median */
    double ci_low, ci_high;    /* 95% CI of the median, operations per second */
    double cv;                 /* standard deviation / mean of the sample rates */
    double cycles_per_byte;    /* median, < 0 when not counted */
    const char *cycles_source;
    int noisy;                 /* the precision goal was not reached */
    const char *status;        /* "ok" or "faulted" */
} cb_case_summary;

/*
 * cb_speed_json_write writes the run and its cases to path atomically (temporary
 * file in the same folder, then rename).  Returns 0, or -1 with one sentence in err.
 */
int cb_speed_json_write(const char *path, const cb_run_info *run, double precision,
                        const cb_case_summary *cases, size_t n, char *err, size_t errlen);

#endif
