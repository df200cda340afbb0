/*
 * harness/workers.h - processes pinned to distinct CPUs, started together.
 *
 * `speed -multi N` (OpenSSL's meaning: N copies of the run at once, their sum
 * reported) needs workers that cannot start measuring before every other worker is
 * ready, or the first ones would run on an idle machine.  Each worker pins itself,
 * reports ready, waits on a shared barrier, runs, and sends its report back through
 * a pipe: a length, then that many bytes, so a report carries every sample the
 * worker took however many that was.
 */
#ifndef CB_WORKERS_H
#define CB_WORKERS_H

#include <signal.h>
#include <stddef.h>

/* cb_pin_cpu keeps the calling process on one CPU; -1 if it may not run there. */
int cb_pin_cpu(long cpu);

/* cb_allowed_cpus lists (up to max) the CPUs this process may run on. */
size_t cb_allowed_cpus(int *cpus, size_t max);

/* cb_worker_fn is a worker's whole job: it returns its report, malloc'ed, and the
 * report's length in *len (NULL with *len 0 for an empty report). */
typedef void *cb_worker_fn(void *arg, size_t worker, size_t *len);

/*
 * cb_workers_run forks n workers on the first n allowed CPUs; worker w runs
 * fn(arg, w, &len).  reports[w] receives worker w's report (malloc'ed: free each;
 * NULL when it sent none) and lens[w] its length.  While the workers run, a non-zero
 * *stop (the caller's SIGINT flag; stop may be NULL) is passed on to each of them as
 * SIGINT, so that a run interrupted in the parent alone still ends early with what
 * the workers finished; the workers inherit the caller's SIGINT handler.  Returns 0
 * when every worker reported, -1 with one sentence in err otherwise (reports that
 * did arrive are kept).
 */
int cb_workers_run(size_t n, cb_worker_fn *fn, void *arg, void **reports, size_t *lens,
                   volatile sig_atomic_t *stop, char *err, size_t errlen);

/* cb_child_fn is a child's whole job: its return value is the child's exit status. */
typedef int cb_child_fn(void *arg);

/*
 * cb_child_run runs fn(arg) in one child process, not pinned, that dies with its
 * parent: its standard output goes to /dev/null, its standard error to err_path
 * (created or truncated; NULL: the caller's).  While it runs, a non-zero *stop (stop
 * may be NULL) is passed on to it as SIGTERM, so that it ends keeping what it
 * finished; a child still running grace_ms after that is killed (SIGKILL), so a stop
 * request ends the wait however the child behaves.  Returns the child's exit status,
 * 128 + the signal that ended it, or -1 when no child could be started.
 */
int cb_child_run(cb_child_fn *fn, void *arg, const char *err_path,
                 volatile sig_atomic_t *stop, unsigned grace_ms);

#endif
