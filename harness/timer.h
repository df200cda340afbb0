/*
 * harness/timer.h - the clocks a sample is measured with.
 *
 * CPU time (user + system of this process) is OpenSSL speed's default and ignores
 * time the process spent descheduled; wall-clock (-elapsed) is CLOCK_MONOTONIC.
 * Both are read only between batches of operations, never per operation.
 */
#ifndef CB_TIMER_H
#define CB_TIMER_H

typedef enum cb_clock { CB_CLOCK_CPU, CB_CLOCK_WALL } cb_clock;

/* cb_clock_now returns seconds on the given clock (arbitrary origin). */
double cb_clock_now(cb_clock c);

/* cb_clock_name returns "cpu" or "wall", as results files spell it. */
const char *cb_clock_name(cb_clock c);

#endif
