/*
 * harness/timer.c - monotonic wall clock and process CPU-time clock.
 */
#include "harness/timer.h"

#include <time.h>

double cb_clock_now(cb_clock c)
{
    struct timespec ts;
    clock_gettime(c == CB_CLOCK_WALL ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *cb_clock_name(cb_clock c) { return c == CB_CLOCK_WALL ? "wall" : "cpu"; }
