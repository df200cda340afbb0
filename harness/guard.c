/*
 * harness/guard.c - sigsetjmp/siglongjmp guard around kernel calls.
 */
#include "harness/guard.h"

#include <setjmp.h>
#include <signal.h>
#include <string.h>

static sigjmp_buf guard_env;
static volatile sig_atomic_t guard_active;

static void on_fault(int sig)
{
    if (guard_active) {
        guard_active = 0;
        siglongjmp(guard_env, sig);
    }
    /* Not inside a guarded call: restore the default action and re-raise. */
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int guarded_signals[] = {SIGILL, SIGSEGV, SIGBUS, SIGFPE};
#define NSIG_GUARDED (sizeof guarded_signals / sizeof guarded_signals[0])

int cb_guard_run(void (*fn)(void *arg), void *arg)
{
    struct sigaction sa, old[NSIG_GUARDED];
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fault;
    sigemptyset(&sa.sa_mask);
    /* SA_NODEFER: the signal stays deliverable after we jump out of the handler. */
    sa.sa_flags = SA_NODEFER;
    for (size_t i = 0; i < NSIG_GUARDED; i++)
        sigaction(guarded_signals[i], &sa, &old[i]);

    int sig = sigsetjmp(guard_env, 1);
    if (sig == 0) {
        guard_active = 1;
        fn(arg);
    }
    guard_active = 0;
    for (size_t i = 0; i < NSIG_GUARDED; i++)
        sigaction(guarded_signals[i], &old[i], NULL);
    return sig;
}

const char *cb_guard_signame(int sig)
{
    switch (sig) {
    case SIGILL: return "SIGILL";
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    default: return "a signal";
    }
}
