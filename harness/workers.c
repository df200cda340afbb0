/*
 * harness/workers.c - fork, pin, barrier, collect.
 */
#include "harness/workers.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "base/common.h"

int cb_pin_cpu(long cpu)
{
    cpu_set_t set;
    if (cpu < 0 || cpu >= CPU_SETSIZE)
        return -1;
    CPU_ZERO(&set);
    CPU_SET((int)cpu, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : -1;
}

size_t cb_allowed_cpus(int *cpus, size_t max)
{
    cpu_set_t set;
    size_t n = 0;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 0;
    for (int c = 0; c < CPU_SETSIZE && n < max; c++)
        if (CPU_ISSET(c, &set))
            cpus[n++] = c;
    return n;
}

static int write_full(int fd, const void *buf, size_t len)
{
    const uint8_t *p = buf;
    while (len) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* watch: the parent's side while the workers run. */
typedef struct watch {
    const pid_t *pid;
    size_t n;
    volatile sig_atomic_t *stop;
    int forwarded;
} watch;

/* pass_stop sends SIGINT to every worker once the caller's stop flag is up: a
 * Ctrl-C typed at a terminal reaches them all, `kill -INT` the parent alone. */
static void pass_stop(watch *wt)
{
    if (wt->forwarded || !wt->stop || !*wt->stop)
        return;
    wt->forwarded = 1;
    for (size_t i = 0; i < wt->n; i++)
        if (wt->pid[i] > 0) /* 0: reaped already, its pid may be someone else's now */
            kill(wt->pid[i], SIGINT);
}

/* read_full reads len bytes; with a watch, it looks at the stop flag every 100 ms
 * while it waits. */
static int read_full(int fd, void *buf, size_t len, watch *wt)
{
    struct pollfd p = {fd, POLLIN, 0};
    uint8_t *at = buf;
    while (len) {
        if (wt) {
            pass_stop(wt);
            int ready = poll(&p, 1, 100);
            if (ready < 0 && errno != EINTR)
                return -1;
            if (ready <= 0)
                continue;
        }
        ssize_t got = read(fd, at, len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return -1;
        at += got;
        len -= (size_t)got;
    }
    return 0;
}

/* A report travels as its length (8 bytes), then the bytes. */
typedef uint64_t report_len;

/* worker is the child's whole life: pin, ready, wait for go, run, report, exit.
 * A worker dies with its parent: a parent killed by SIGKILL (an OOM kill, a CI
 * runner's hard timeout) cannot pass its stop on, and a worker that outlived it
 * would go on loading the CPUs until its plan ends.  The parent's pid is checked
 * after the request, in case the parent died before it was made. */
static void worker(pid_t parent, int cpu, int ready, int go, int out, size_t w,
                   cb_worker_fn *fn, void *arg)
{
    char c = 'r';
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
        _exit(2);
    if (cb_pin_cpu(cpu) != 0 || write_full(ready, &c, 1) != 0 ||
        read_full(go, &c, 1, NULL) != 0)
        _exit(2);
    size_t len = 0;
    void *report = fn(arg, w, &len);
    report_len n = report ? len : 0;
    int ok = write_full(out, &n, sizeof n) == 0 && write_full(out, report, (size_t)n) == 0;
    _exit(ok ? 0 : 1);
}

/* collect reads a worker's report from fd; -1 when it did not arrive whole. */
static int collect(int fd, void **report, size_t *len, watch *wt)
{
    report_len n;
    *report = NULL;
    *len = 0;
    if (read_full(fd, &n, sizeof n, wt) != 0 || n > SIZE_MAX - 1)
        return -1;
    if (n == 0)
        return 0; /* an empty report: NULL */
    uint8_t *buf = cb_xmalloc((size_t)n);
    if (read_full(fd, buf, (size_t)n, wt) != 0) {
        free(buf);
        return -1;
    }
    *report = buf;
    *len = (size_t)n;
    return 0;
}

int cb_workers_run(size_t n, cb_worker_fn *fn, void *arg, void **reports, size_t *lens,
                   volatile sig_atomic_t *stop, char *err, size_t errlen)
{
    for (size_t w = 0; w < n; w++)
        reports[w] = NULL, lens[w] = 0;
    int *cpus = cb_xcalloc(CPU_SETSIZE, sizeof *cpus);
    if (cb_allowed_cpus(cpus, CPU_SETSIZE) < n) {
        snprintf(err, errlen, "-multi %zu needs %zu CPUs this process may run on; it has "
                 "fewer", n, n);
        free(cpus);
        return -1;
    }
    int ready[2], go[2];
    if (pipe(ready) != 0 || pipe(go) != 0) {
        snprintf(err, errlen, "cannot create pipes: %s", strerror(errno));
        free(cpus);
        return -1;
    }
    int *out = cb_xcalloc(n, sizeof *out);
    pid_t *pid = cb_xcalloc(n, sizeof *pid);
    fflush(NULL);
    pid_t parent = getpid();
    size_t started = 0;
    for (; started < n; started++) {
        int res[2];
        if (pipe(res) != 0)
            break;
        pid[started] = fork();
        if (pid[started] < 0) {
            close(res[0]), close(res[1]);
            break;
        }
        if (pid[started] == 0) {
            close(ready[0]), close(go[1]), close(res[0]);
            worker(parent, cpus[started], ready[1], go[0], res[1], started, fn, arg);
        }
        close(res[1]);
        out[started] = res[0];
    }
    close(ready[1]), close(go[0]);
    /* The barrier: every worker has pinned itself before any starts. */
    char c;
    size_t ok = 0;
    while (ok < started && read_full(ready[0], &c, 1, NULL) == 0)
        ok++;
    for (size_t i = 0; i < started; i++)
        write_full(go[1], "g", 1);
    close(go[1]), close(ready[0]);

    int rc = started == n && ok == n ? 0 : -1;
    watch wt = {pid, started, stop, 0};
    for (size_t w = 0; w < started; w++) {
        if (collect(out[w], &reports[w], &lens[w], &wt) != 0)
            rc = -1;
        close(out[w]);
        waitpid(pid[w], NULL, 0);
        pid[w] = 0;
    }
    if (rc != 0)
        snprintf(err, errlen, "a worker did not report its results");
    free(out);
    free(pid);
    free(cpus);
    return rc;
}

int cb_child_run(cb_child_fn *fn, void *arg, const char *err_path,
                 volatile sig_atomic_t *stop, unsigned grace_ms)
{
    fflush(NULL); /* the child must not write the parent's buffered output again */
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        int out = open("/dev/null", O_WRONLY);
        if (out >= 0)
            dup2(out, 1);
        if (err_path) {
            int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
            if (err >= 0)
                dup2(err, 2);
        }
        int rc = fn(arg);
        fflush(NULL);
        _exit(rc);
    }
    /* Poll rather than block in waitpid: a stop request must be seen however the
     * signal's handler was installed, and a child that ignores SIGTERM killed. */
    unsigned waited_ms = 0;
    int st = 0, termed = 0;
    for (;;) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR)
            return -1;
        if (stop && *stop && !termed) {
            kill(pid, SIGTERM); /* it keeps what it finished, then ends */
            termed = 1;
        } else if (termed && waited_ms >= grace_ms) {
            kill(pid, SIGKILL);
        }
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
        if (termed)
            waited_ms += 10;
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
