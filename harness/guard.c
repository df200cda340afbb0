/*
 * harness/guard.c - sigsetjmp/siglongjmp guard around kernel and library calls:
 * faults, time-outs, stop requests and a library's exit() (harness/guard.h).
 */
#include "harness/guard.h"

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "base/common.h"

static sigjmp_buf guard_env;
static volatile sig_atomic_t guard_active;
static volatile sig_atomic_t stop_seen;  /* a stop was requested */

static const int fault_signals[] = {SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGSYS, SIGABRT};
#define N_FAULT (sizeof fault_signals / sizeof fault_signals[0])
static struct sigaction previous[N_FAULT];

static void restore_faults(void);

/* leave jumps back into cb_guard_run with code, when a call is guarded. */
static void leave(int code)
{
    if (guard_active) {
        guard_active = 0;
        siglongjmp(guard_env, code);
    }
}

static void on_fault(int sig)
{
    leave(sig);
    /* Not inside a guarded call: put the previous actions back and raise again. */
    restore_faults();
    raise(sig);
}

/* on_alarm: the time-out of the call running, or the end of its grace after a stop
 * request; a timer outliving its call is ignored. */
static void on_alarm(int sig)
{
    (void)sig;
    leave(stop_seen ? CB_GUARD_STOPPED : CB_GUARD_HUNG);
}

static void arm(double seconds)
{
    struct itimerval t = {{0, 0}, {0, 0}};
    if (seconds > 0) {
        if (seconds > 1e7)
            seconds = 1e7;
        t.it_value.tv_sec = (time_t)seconds;
        t.it_value.tv_usec = (suseconds_t)((seconds - (double)t.it_value.tv_sec) * 1e6);
        if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0)
            t.it_value.tv_usec = 1;
    }
    setitimer(ITIMER_REAL, &t, NULL);
}

/* install_alarm puts the SIGALRM handler and the alternate stack in place once
 * (nothing else uses either).  The alternate stack lets the fault handler run when a
 * library has overflowed its stack. */
static void install_alarm(void)
{
    static int done;
    static char altstack[1 << 16];
    if (done)
        return;
    done = 1;
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
    sigaltstack(&ss, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_NODEFER | SA_RESTART;
    sigaction(SIGALRM, &sa, NULL);
}

/* The fault handlers are put in place around each call and the previous ones back
 * after it, so whoever else handles these signals (a test framework, a sanitizer)
 * still sees the faults of code outside the guard. */
static void install_faults(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fault;
    sigemptyset(&sa.sa_mask);
    /* SA_NODEFER: the signal stays deliverable after we jump out of the handler. */
    sa.sa_flags = SA_NODEFER | SA_ONSTACK;
    for (size_t i = 0; i < N_FAULT; i++)
        sigaction(fault_signals[i], &sa, &previous[i]);
}

static void restore_faults(void)
{
    for (size_t i = 0; i < N_FAULT; i++)
        sigaction(fault_signals[i], &previous[i], NULL);
}

int cb_guard_run_for(void (*fn)(void *arg), void *arg, double seconds)
{
    if (guard_active) {
        fn(arg); /* the outer call's guard covers this one */
        return 0;
    }
    install_alarm();
    install_faults();
    if (stop_seen && (seconds <= 0 || seconds > CB_GUARD_STOP_GRACE))
        seconds = CB_GUARD_STOP_GRACE;
    volatile double limit = seconds; /* read again after a jump */
    int code = sigsetjmp(guard_env, 1);
    if (code == 0) {
        guard_active = 1;
        if (limit > 0)
            arm(limit);
        fn(arg);
        guard_active = 0;
    }
    if (limit > 0 || code == CB_GUARD_STOPPED)
        arm(0);
    restore_faults();
    return code;
}

int cb_guard_run(void (*fn)(void *arg), void *arg)
{
    return cb_guard_run_for(fn, arg, 0);
}

void cb_guard_stop_requested(void)
{
    stop_seen = 1;
    if (!guard_active)
        return;
    struct itimerval t;
    if (getitimer(ITIMER_REAL, &t) != 0 ||
        (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0) ||
        (double)t.it_value.tv_sec + (double)t.it_value.tv_usec / 1e6 > CB_GUARD_STOP_GRACE)
        arm(CB_GUARD_STOP_GRACE);
}

void cb_guard_stop_clear(void)
{
    stop_seen = 0;
}

void cb_guard_exit_hook(int status, void *arg)
{
    leave(CB_GUARD_EXIT + (status & 255));
    /* Outside a guarded call (a library's initialisation): the process must end,
     * but not with the library's status, which a CI job would take for success. */
    cb_error("library '%s' called exit(%d) outside a guarded call; ending with status "
             "%d.", arg ? (const char *)arg : "?", status, CB_EXIT_FAULT);
    exit(CB_EXIT_FAULT);
}

int cb_guard_is_fault(int code)
{
    return code != 0 && code != CB_GUARD_STOPPED;
}

const char *cb_guard_signame(int code)
{
    switch (code) {
    case SIGILL: return "SIGILL";
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGSYS: return "SIGSYS";
    case SIGABRT: return "SIGABRT";
    case CB_GUARD_HUNG: return "time-out";
    case CB_GUARD_STOPPED: return "stopped";
    default: return code >= CB_GUARD_EXIT ? "exit" : "a signal";
    }
}

void cb_guard_describe(int code, double timeout, char *buf, size_t len)
{
    if (code == CB_GUARD_HUNG)
        snprintf(buf, len, "hung (no return within %g s)", timeout);
    else if (code == CB_GUARD_STOPPED)
        snprintf(buf, len, "was stopped");
    else if (code >= CB_GUARD_EXIT)
        snprintf(buf, len, "called exit(%d)", code - CB_GUARD_EXIT);
    else
        snprintf(buf, len, "raised %s", cb_guard_signame(code));
}
