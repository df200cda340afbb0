/*
 * harness/cycles.h - cycle counts, only from a real counter.
 *
 * Sources, in the words results files use:
 *   "perf"      PERF_COUNT_HW_CPU_CYCLES of this process in user space
 *               (perf_event_open), the core's own cycles;
 *   "tsc-ref"   x86-64's time-stamp counter: reference cycles at a constant rate,
 *               not core cycles (asked for with -cycles=tsc);
 *   "timebase"  POWER's timebase register: ticks of a fixed-frequency clock, not
 *               cycles (asked for with -cycles=timebase).
 * There is never a figure derived from a clock and a guessed frequency; where no
 * counter is allowed or present the answer is "n/a".
 */
#ifndef CB_CYCLES_H
#define CB_CYCLES_H

#include <stddef.h>
#include <stdint.h>

typedef enum cb_cycles_mode {
    CB_CYCLES_OFF,
    CB_CYCLES_AUTO,     /* -cycles: perf when allowed, else n/a with a warning */
    CB_CYCLES_REQUIRED, /* -cycles=required: perf, or refuse to run */
    CB_CYCLES_TSC,      /* -cycles=tsc (x86-64) */
    CB_CYCLES_TIMEBASE  /* -cycles=timebase (POWER) */
} cb_cycles_mode;

typedef struct cb_cycles {
    cb_cycles_mode mode;
    int fd;             /* perf event, or -1 */
    const char *source; /* "perf", "tsc-ref", "timebase", or "" when n/a */
} cb_cycles;

/* cb_cycles_parse reads the value of -cycles[=...]; -1 for an unknown one. */
int cb_cycles_parse(const char *value, cb_cycles_mode *mode);

/*
 * cb_cycles_open opens the counter for mode.  Returns 0 with c->source set ("" when
 * no counter is available in AUTO mode, with why explaining it), or -1 with why set
 * when the mode cannot be honoured (REQUIRED without perf, TSC off x86-64, ...).
 */
int cb_cycles_open(cb_cycles *c, cb_cycles_mode mode, char *why, size_t whylen);

/* cb_cycles_read returns the counter's current value (0 when n/a). */
uint64_t cb_cycles_read(const cb_cycles *c);

void cb_cycles_close(cb_cycles *c);

/* cb_cycles_explain turns perf_event_open's errno into the reason given to users
 * (separate so the permission-denied path can be tested anywhere). */
const char *cb_cycles_explain(int err, char *buf, size_t len);

#endif
