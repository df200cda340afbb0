/*
 * harness/guard.h - runs kernel and library code so that a fault, a hang, a stop
 * request or a library's exit() becomes an outcome the caller reports, never the end
 * of the process.
 *
 * Used around every timed batch, every check before timing, the key set-up, input
 * preparation and release of each timed instance (speed), and by selftest, kat and
 * caps' probes, so that a kernel needing an instruction the CPU lacks, or a loaded
 * libcrypto that crashes, aborts, spins or exits, is named instead of killing the run.
 *
 * How each is caught, and why that way:
 *   - SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGSYS and SIGABRT: a handler (on an
 *     alternate stack, so a library that overflows its stack is caught too) jumps
 *     back out of the code with siglongjmp.  Outside a guarded call the handler puts
 *     the previous action back and raises the signal again: a fault of cryptobench's
 *     own code still dumps core.
 *   - a hang: a call given a time-out arms the interval timer (ITIMER_REAL); its
 *     SIGALRM jumps out the same way.  The timer is one-shot and disarmed on return.
 *   - a stop request: cb_guard_stop_requested (called by the stop signals' handler)
 *     lets a guarded call that is running, or the next one, go on for at most
 *     CB_GUARD_STOP_GRACE seconds - time for a well-behaved batch to notice the stop
 *     flag and return - and then jumps out of it.
 *   - exit(): a library loaded with dlmopen has a libc of its own, whose exit() runs
 *     that libc's exit handlers and ends the process without ever reaching ours.
 *     kernels/libcrypto registers cb_guard_exit_hook in each library's libc
 *     (on_exit); inside a guarded call the hook jumps back out of exit() like a
 *     signal handler (that libc unlocks its handler list around each handler, so
 *     nothing stays locked), outside one it says which library exited and ends the
 *     process with status 3 rather than the library's 0.
 * Jumping out leaves whatever the code was writing half-written (a library's locks
 * may stay taken), which is why callers give up the faulted instance rather than
 * calling into it again.
 */
#ifndef CB_GUARD_H
#define CB_GUARD_H

#include <stddef.h>

/* Outcomes beyond signal numbers (which are below 128). */
#define CB_GUARD_HUNG 256      /* the call outlasted its time-out */
#define CB_GUARD_STOPPED 257   /* a stop was requested and the call did not return */
#define CB_GUARD_EXIT 512      /* + (status & 255): the code called exit(status) */

/* How long a guarded call may go on after a stop request. */
#define CB_GUARD_STOP_GRACE 0.25

/* cb_guard_run calls fn(arg); returns 0 when it returned normally, or the signal
 * number or CB_GUARD_* outcome that interrupted it.  A guarded call made inside
 * another runs under the outer one (its faults are the outer call's). */
int cb_guard_run(void (*fn)(void *arg), void *arg);

/* cb_guard_run_for is cb_guard_run with a time-out: after seconds (> 0) of wall
 * time the call is abandoned as CB_GUARD_HUNG; seconds <= 0 sets none. */
int cb_guard_run_for(void (*fn)(void *arg), void *arg, double seconds);

/* cb_guard_stop_requested: a stop signal arrived (async-signal-safe; see above).
 * cb_guard_stop_clear forgets it (a new run begins). */
void cb_guard_stop_requested(void);
void cb_guard_stop_clear(void);

/* cb_guard_exit_hook is the exit handler for a library's libc (on_exit's shape). */
void cb_guard_exit_hook(int status, void *arg);

/* cb_guard_is_fault: did outcome code stop the code for good (a signal, a hang, an
 * exit), rather than a stop request? */
int cb_guard_is_fault(int code);

/* cb_guard_signame names an outcome: "SIGILL" ... "SIGABRT", "time-out", "exit". */
const char *cb_guard_signame(int code);

/* cb_guard_describe says in a few words what code did: "raised SIGSEGV", "hung (no
 * return within 2 s)" with the time-out given, "called exit(0)". */
void cb_guard_describe(int code, double timeout, char *buf, size_t len);

#endif
