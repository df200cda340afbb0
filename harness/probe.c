/*
 * harness/probe.c - capability probes: a variant's quick check in a child process (the
 * fault guard in this one when no child can be made).
 */
#include "harness/probe.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/guard.h"
#include "kernels/check/check.h"
#include "kernels/registry.h"

static int bits_set(cb_caps c)
{
    int n = 0;
    for (; c; c &= c - 1)
        n++;
    return n;
}

/* first_alg returns the first algorithm (in the table's order) v offers. */
static const cb_alg *first_alg(const cb_variant *v)
{
    for (size_t i = 0; i < cb_alg_count(); i++)
        if (cb_variant_offers_any(v, cb_alg_at(i)))
            return cb_alg_at(i);
    return NULL;
}

typedef struct probe_job {
    const cb_alg *alg;
    const cb_variant *var;
    int rc;
    int sig;  /* the signal the guard caught in the child; 0 for none */
    char err[200];
} probe_job;

static void run_probe(void *arg)
{
    probe_job *j = arg;
    j->rc = cb_check_variant(j->alg, j->var, CB_CHECK_QUICK, j->err, sizeof j->err, NULL);
}

/* in_child runs the job under the fault guard in a child process and returns the
 * signal that interrupted it, or 0 with the job's result filled in; -1 when no child
 * could be made.  A kernel that faults leaves the check's buffers, and whatever it
 * was writing, in the child's memory, which goes away with the child. */
static int in_child(probe_job *j)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    fflush(NULL); /* nothing buffered is written twice */
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core); /* a fault the guard misses leaves no core */
        close(fd[0]);
        j->sig = cb_guard_run(run_probe, j);
        ssize_t w = write(fd[1], j, sizeof *j);
        _exit(w == (ssize_t)sizeof *j ? 0 : 1); /* no exit handlers: leak checks included */
    }
    close(fd[1]);
    probe_job back;
    size_t got = 0;
    while (got < sizeof back) {
        ssize_t n = read(fd[0], (char *)&back + got, sizeof back - got);
        if (n == 0 || (n < 0 && errno != EINTR))
            break;
        if (n > 0)
            got += (size_t)n;
    }
    close(fd[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (WIFSIGNALED(status))
        return WTERMSIG(status);
    if (got != sizeof back || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    j->rc = back.rc;
    memcpy(j->err, back.err, sizeof j->err);
    return back.sig;
}

void cb_probe_cap(cb_caps bit, cb_caps have, cb_probe_result *r)
{
    memset(r, 0, sizeof *r);
    const cb_variant *best = NULL, *blocked = NULL;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (!(v->caps & bit) || !first_alg(v))
            continue;
        if (v->caps & ~(have | bit)) {
            if (!blocked || bits_set(v->caps) < bits_set(blocked->caps))
                blocked = v;
            continue;
        }
        if (!best || bits_set(v->caps) < bits_set(best->caps))
            best = v;
    }
    if (!best) {
        char need[160];
        if (blocked)
            snprintf(r->detail, sizeof r->detail, "every variant using it also needs %s",
                     cb_caps_format(blocked->caps & ~(have | bit), need, sizeof need));
        else
            snprintf(r->detail, sizeof r->detail, "no variant of this build uses it");
        return;
    }
    probe_job j = {first_alg(best), best, 0, 0, ""};
    r->var = best;
    r->alg = j.alg;
    r->sig = in_child(&j);
    if (r->sig < 0) /* no child to be had: the fault guard, in this process */
        r->sig = cb_guard_run(run_probe, &j);
    if (r->sig) {
        r->outcome = CB_PROBE_FAULT;
    } else if (j.rc) {
        r->outcome = CB_PROBE_WRONG;
        snprintf(r->detail, sizeof r->detail, "%s", j.err);
    } else {
        r->outcome = CB_PROBE_RUNS;
    }
}
