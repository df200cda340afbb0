/*
 * tests/test_workers.c - -multi's workers: every one reports, in its own slot, from
 * the CPU it was pinned to.
 */
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "harness/workers.h"

typedef struct report {
    uint64_t worker;
    int cpu;
    uint64_t magic;
} report;

static void fill(void *arg, size_t w, void *result)
{
    report *r = result;
    r->worker = w;
    r->cpu = sched_getcpu();
    r->magic = *(const uint64_t *)arg + w;
}

static void test_every_worker_reports(void **state)
{
    (void)state;
    int cpus[1024];
    size_t n = cb_allowed_cpus(cpus, 1024);
    assert_true(n >= 1);
    uint64_t base = 0xc0ffee;
    report r[1024];
    memset(r, 0xff, sizeof r);
    char err[256];
    assert_int_equal(cb_workers_run(n, fill, &base, r, sizeof r[0], err, sizeof err), 0);
    for (size_t w = 0; w < n; w++) {
        assert_int_equal(r[w].worker, w);
        assert_int_equal(r[w].magic, base + w);
        assert_int_equal(r[w].cpu, cpus[w]); /* pinned where it was told */
    }
}

static void test_more_workers_than_cpus_is_refused(void **state)
{
    (void)state;
    int cpus[1024];
    size_t n = cb_allowed_cpus(cpus, 1024);
    report r[2];
    char err[256] = "";
    uint64_t base = 0;
    assert_int_equal(cb_workers_run(n + 1, fill, &base, r, sizeof r[0], err, sizeof err), -1);
    assert_non_null(strstr(err, "CPUs"));
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
        cmocka_unit_test(test_more_workers_than_cpus_is_refused),
        cmocka_unit_test(test_pin_rejects_impossible_cpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
