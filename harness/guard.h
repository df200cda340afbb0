/*
 * harness/guard.h - runs kernel code so that SIGILL, SIGSEGV, SIGBUS and SIGFPE
 * become an error the caller reports, never a core dump.
 *
 * Used around every timed batch and every check when capabilities were forced
 * (-force-caps), and by selftest, so a kernel that needs an instruction the CPU
 * lacks is named instead of killing the run.  The handler jumps back out of the
 * faulting code; memory the kernel was writing may be left half-written, which is
 * why callers only discard the faulted case.
 */
#ifndef CB_GUARD_H
#define CB_GUARD_H

/* cb_guard_run calls fn(arg); returns 0 when it returned normally, or the signal
 * number that interrupted it. Not reentrant: one guarded call at a time. */
int cb_guard_run(void (*fn)(void *arg), void *arg);

/* cb_guard_signame returns "SIGILL" etc. */
const char *cb_guard_signame(int sig);

#endif
