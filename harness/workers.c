/*
 * harness/workers.c - fork, pin, barrier, collect.
 */
#include "harness/workers.h"

#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/common.h"

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

static int read_full(int fd, void *buf, size_t len)
{
    uint8_t *p = buf;
    while (len) {
        ssize_t n = read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
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

/* worker is the child's whole life: pin, ready, wait for go, run, report, exit. */
static void worker(int cpu, int ready, int go, int out, size_t w,
                   void (*fn)(void *, size_t, void *), void *arg, size_t result_len)
{
    char c = 'r';
    void *result = cb_xcalloc(1, result_len);
    if (cb_pin_cpu(cpu) != 0 || write_full(ready, &c, 1) != 0 || read_full(go, &c, 1) != 0)
        _exit(2);
    fn(arg, w, result);
    _exit(write_full(out, result, result_len) == 0 ? 0 : 1);
}

int cb_workers_run(size_t n, void (*fn)(void *arg, size_t worker, void *result), void *arg,
                   void *results, size_t result_len, char *err, size_t errlen)
{
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
            worker(cpus[started], ready[1], go[0], res[1], started, fn, arg, result_len);
        }
        close(res[1]);
        out[started] = res[0];
    }
    close(ready[1]), close(go[0]);
    /* The barrier: every worker has pinned itself before any starts. */
    char c;
    size_t ok = 0;
    while (ok < started && read_full(ready[0], &c, 1) == 0)
        ok++;
    for (size_t i = 0; i < started; i++)
        write_full(go[1], "g", 1);
    close(go[1]), close(ready[0]);

    int rc = started == n && ok == n ? 0 : -1;
    for (size_t w = 0; w < started; w++) {
        if (read_full(out[w], (uint8_t *)results + w * result_len, result_len) != 0)
            rc = -1;
        close(out[w]);
        waitpid(pid[w], NULL, 0);
    }
    if (rc != 0)
        snprintf(err, errlen, "a worker did not report its results");
    free(out);
    free(pid);
    free(cpus);
    return rc;
}
