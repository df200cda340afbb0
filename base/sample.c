/*
 * base/sample.c - rates derived from a sample, in one place so every output
 * format divides the same way.
 */
#include "base/sample.h"

#include <string.h>

double cb_sample_ops_per_sec(const cb_sample *s)
{
    /* A sample that took no measurable time has no rate; 0 keeps it out of medians
     * and divisions instead of producing infinity. */
    if (!(s->seconds > 0))
        return 0;
    return (double)s->iterations / s->seconds;
}

double cb_sample_bytes_per_sec(const cb_sample *s)
{
    return cb_sample_ops_per_sec(s) * (double)s->block_bytes;
}

int cb_sample_measured(const cb_sample *s)
{
    return s->status && (strcmp(s->status, "ok") == 0 || strcmp(s->status, "imported") == 0);
}
