/*
 * harness/cycles.c - perf_event_open, the TSC and the POWER timebase.
 */
#include "harness/cycles.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int cb_cycles_parse(const char *value, cb_cycles_mode *mode)
{
    static const struct {
        const char *name;
        cb_cycles_mode mode;
    } names[] = {{"", CB_CYCLES_AUTO},         {"auto", CB_CYCLES_AUTO},
                 {"required", CB_CYCLES_REQUIRED}, {"tsc", CB_CYCLES_TSC},
                 {"timebase", CB_CYCLES_TIMEBASE}, {"off", CB_CYCLES_OFF}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(value, names[i].name) == 0) {
            *mode = names[i].mode;
            return 0;
        }
    return -1;
}

const char *cb_cycles_explain(int err, char *buf, size_t len)
{
    switch (err) {
    case EACCES:
    case EPERM:
        snprintf(buf, len, "perf events are not permitted here (see "
                 "/proc/sys/kernel/perf_event_paranoid; 2 or less allows user-space "
                 "counting of one's own process)");
        break;
    case ENOENT:
    case ENODEV:
    case EOPNOTSUPP:
        snprintf(buf, len, "this CPU or virtual machine exposes no hardware cycle counter "
                 "to perf");
        break;
    case ENOSYS:
        snprintf(buf, len, "this kernel has no perf_event_open");
        break;
    default:
        snprintf(buf, len, "perf_event_open failed: %s", strerror(err));
        break;
    }
    return buf;
}

static int open_perf(char *why, size_t whylen)
{
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1; /* user space only: what the kernel under test runs */
    attr.exclude_hv = 1;
    long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (fd < 0) {
        cb_cycles_explain(errno, why, whylen);
        return -1;
    }
    return (int)fd;
}

int cb_cycles_open(cb_cycles *c, cb_cycles_mode mode, char *why, size_t whylen)
{
    c->mode = mode;
    c->fd = -1;
    c->source = "";
    why[0] = '\0';
    switch (mode) {
    case CB_CYCLES_OFF:
        return 0;
    case CB_CYCLES_AUTO:
    case CB_CYCLES_REQUIRED:
        c->fd = open_perf(why, whylen);
        if (c->fd >= 0) {
            c->source = "perf";
            return 0;
        }
        return mode == CB_CYCLES_AUTO ? 0 : -1;
    case CB_CYCLES_TSC:
#if defined(__x86_64__)
        c->source = "tsc-ref";
        return 0;
#else
        snprintf(why, whylen, "-cycles=tsc needs an x86-64 CPU");
        return -1;
#endif
    case CB_CYCLES_TIMEBASE:
#if defined(__powerpc64__)
        c->source = "timebase";
        return 0;
#else
        snprintf(why, whylen, "-cycles=timebase needs a POWER CPU");
        return -1;
#endif
    }
    return -1;
}

uint64_t cb_cycles_read(const cb_cycles *c)
{
    if (c->fd >= 0) {
        uint64_t v = 0;
        if (read(c->fd, &v, sizeof v) != (ssize_t)sizeof v)
            return 0;
        return v;
    }
#if defined(__x86_64__)
    if (c->mode == CB_CYCLES_TSC) {
        unsigned lo, hi;
        __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
        return ((uint64_t)hi << 32) | lo;
    }
#endif
#if defined(__powerpc64__)
    if (c->mode == CB_CYCLES_TIMEBASE) {
        uint64_t tb;
        __asm__ __volatile__("mftb %0" : "=r"(tb));
        return tb;
    }
#endif
    return 0;
}

void cb_cycles_close(cb_cycles *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
}
