/*
 * harness/workers.h - processes pinned to distinct CPUs, started together.
 *
 * `speed -multi N` (OpenSSL's meaning: N copies of the run at once, their sum
 * reported) needs workers that cannot start measuring before every other worker is
 * ready, or the first ones would run on an idle machine.  Each worker pins itself,
 * reports ready, waits on a shared barrier, runs, and sends a fixed-size result
 * back through a pipe.
 */
#ifndef CB_WORKERS_H
#define CB_WORKERS_H

#include <stddef.h>

/* cb_pin_cpu keeps the calling process on one CPU; -1 if it may not run there. */
int cb_pin_cpu(long cpu);

/* cb_allowed_cpus lists (up to max) the CPUs this process may run on. */
size_t cb_allowed_cpus(int *cpus, size_t max);

/*
 * cb_workers_run forks n workers on the first n allowed CPUs.  Worker w calls
 * fn(arg, w, result) with result_len bytes to fill, which land at
 * results + w * result_len in the parent.  Returns 0 when every worker reported,
 * -1 with one sentence in err otherwise.
 */
int cb_workers_run(size_t n, void (*fn)(void *arg, size_t worker, void *result), void *arg,
                   void *results, size_t result_len, char *err, size_t errlen);

#endif
