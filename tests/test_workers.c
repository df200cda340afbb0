/*
 * tests/test_workers.c - -multi's workers: every one reports, in its own slot, from
 * the CPU it was pinned to; reports of any length arrive whole; the parent's stop
 * flag reaches every worker as SIGINT.
 */
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness/workers.h"

typedef struct report {
    uint64_t worker;
    int cpu;
    uint64_t magic;
} report;

static void *fill(void *arg, size_t w, size_t *len)
{
    report *r = malloc(sizeof *r);
    r->worker = w;
    r->cpu = sched_getcpu();
    r->magic = *(const uint64_t *)arg + w;
    *len = sizeof *r;
    return r;
}

static void free_reports(void **reports, size_t n)
{
    for (size_t w = 0; w < n; w++)
        free(reports[w]);
}

static void test_every_worker_reports(void **state)
{
    (void)state;
    int cpus[1024];
    size_t n = cb_allowed_cpus(cpus, 1024);
    assert_true(n >= 1);
    uint64_t base = 0xc0ffee;
    void *reports[1024];
    size_t lens[1024];
    char err[256];
    assert_int_equal(cb_workers_run(n, fill, &base, reports, lens, NULL, err, sizeof err), 0);
    for (size_t w = 0; w < n; w++) {
        const report *r = reports[w];
        assert_int_equal(lens[w], sizeof *r);
        assert_int_equal(r->worker, w);
        assert_int_equal(r->magic, base + w);
        assert_int_equal(r->cpu, cpus[w]); /* pinned where it was told */
    }
    free_reports(reports, n);
}

/* Even workers send 300,000 bytes, several times a pipe's buffer, so a worker blocks
 * writing while the parent still reads another; odd workers send nothing. */
#define BIG_REPORT 300000

static void *sized(void *arg, size_t w, size_t *len)
{
    (void)arg;
    if (w % 2) {
        *len = 0;
        return NULL;
    }
    uint8_t *p = malloc(BIG_REPORT + w);
    for (size_t i = 0; i < BIG_REPORT + w; i++)
        p[i] = (uint8_t)(i * 7 + w);
    *len = BIG_REPORT + w;
    return p;
}

static void test_reports_of_any_length(void **state)
{
    (void)state;
    int cpus[1024];
    size_t n = cb_allowed_cpus(cpus, 1024);
    void *reports[1024];
    size_t lens[1024];
    char err[256];
    assert_int_equal(cb_workers_run(n, sized, NULL, reports, lens, NULL, err, sizeof err), 0);
    for (size_t w = 0; w < n; w++) {
        if (w % 2) {
            assert_null(reports[w]);
            assert_int_equal(lens[w], 0);
            continue;
        }
        assert_int_equal(lens[w], BIG_REPORT + w);
        const uint8_t *p = reports[w];
        for (size_t i = 0; i < lens[w]; i++)
            if (p[i] != (uint8_t)(i * 7 + w))
                fail_msg("worker %zu's report differs at byte %zu", w, i);
    }
    free_reports(reports, n);
}

/* The workers inherit this handler: a SIGINT sets their own copy of the flag. */
static volatile sig_atomic_t got_sigint;

static void on_sigint(int sig)
{
    (void)sig;
    got_sigint = 1;
}

/* wait_for_sigint runs until SIGINT arrives or 10 s pass, and says which. */
static void *wait_for_sigint(void *arg, size_t w, size_t *len)
{
    (void)arg;
    (void)w;
    time_t until = time(NULL) + 10;
    while (!got_sigint && time(NULL) < until)
        usleep(1000);
    int *stopped = malloc(sizeof *stopped);
    *stopped = got_sigint;
    *len = sizeof *stopped;
    return stopped;
}

/* A Ctrl-C that reached only the parent (kill -INT PID) still stops the workers. */
static void test_stop_reaches_workers(void **state)
{
    (void)state;
    int cpus[1024];
    size_t n = cb_allowed_cpus(cpus, 1024);
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);
    volatile sig_atomic_t stop = 1;
    void *reports[1024];
    size_t lens[1024];
    char err[256];
    time_t began = time(NULL);
    int rc = cb_workers_run(n, wait_for_sigint, NULL, reports, lens, &stop, err, sizeof err);
    sigaction(SIGINT, &old, NULL);
    assert_int_equal(rc, 0);
    assert_false(got_sigint); /* the parent itself was not signalled */
    for (size_t w = 0; w < n; w++)
        assert_int_equal(*(const int *)reports[w], 1);
    assert_true(time(NULL) - began < 5);
    free_reports(reports, n);
}

static void test_more_workers_than_cpus_is_refused(void **state)
{
    (void)state;
    int cpus[1024];
    size_t n = cb_allowed_cpus(cpus, 1024);
    void *reports[1025];
    size_t lens[1025];
    char err[256] = "";
    uint64_t base = 0;
    assert_int_equal(cb_workers_run(n + 1, fill, &base, reports, lens, NULL, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "CPUs"));
    for (size_t w = 0; w <= n; w++)
        assert_null(reports[w]);
}

static void test_pin_rejects_impossible_cpu(void **state)
{
    (void)state;
    assert_int_equal(cb_pin_cpu(-1), -1);
    assert_int_equal(cb_pin_cpu(1 << 20), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_worker_reports),
        cmocka_unit_test(test_reports_of_any_length),
        cmocka_unit_test(test_stop_reaches_workers),
        cmocka_unit_test(test_more_workers_than_cpus_is_refused),
        cmocka_unit_test(test_pin_rejects_impossible_cpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
