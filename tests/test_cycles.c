/*
 * tests/test_cycles.c - cycle counter modes and the reasons given when there is none.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "harness/cycles.h"

static void test_parse(void **state)
{
    (void)state;
    cb_cycles_mode m;
    assert_int_equal(cb_cycles_parse("", &m), 0);
    assert_int_equal(m, CB_CYCLES_AUTO);
    assert_int_equal(cb_cycles_parse("required", &m), 0);
    assert_int_equal(m, CB_CYCLES_REQUIRED);
    assert_int_equal(cb_cycles_parse("tsc", &m), 0);
    assert_int_equal(m, CB_CYCLES_TSC);
    assert_int_equal(cb_cycles_parse("timebase", &m), 0);
    assert_int_equal(m, CB_CYCLES_TIMEBASE);
    assert_int_equal(cb_cycles_parse("guess", &m), -1);
}

static void test_permission_denied_is_explained(void **state)
{
    (void)state;
    char buf[256];
    assert_non_null(strstr(cb_cycles_explain(EACCES, buf, sizeof buf), "not permitted"));
    assert_non_null(strstr(cb_cycles_explain(EPERM, buf, sizeof buf), "perf_event_paranoid"));
    assert_non_null(strstr(cb_cycles_explain(ENOENT, buf, sizeof buf), "no hardware cycle"));
    assert_non_null(strstr(cb_cycles_explain(ENOSYS, buf, sizeof buf), "no perf_event_open"));
}

/* AUTO never fails: either perf counts, or the source is empty with a reason. */
static void test_auto_is_perf_or_na(void **state)
{
    (void)state;
    cb_cycles c;
    char why[256];
    assert_int_equal(cb_cycles_open(&c, CB_CYCLES_AUTO, why, sizeof why), 0);
    if (c.source[0]) {
        assert_string_equal(c.source, "perf");
        uint64_t a = cb_cycles_read(&c);
        volatile unsigned x = 0;
        for (unsigned i = 0; i < 1000000; i++)
            x += i;
        assert_true(cb_cycles_read(&c) > a);
    } else {
        assert_true(why[0] != '\0');
        assert_int_equal(cb_cycles_read(&c), 0);
        /* and REQUIRED refuses with the same reason */
        char why2[256];
        cb_cycles r;
        assert_int_equal(cb_cycles_open(&r, CB_CYCLES_REQUIRED, why2, sizeof why2), -1);
        assert_string_equal(why, why2);
    }
    cb_cycles_close(&c);
}

static void test_architecture_specific_sources(void **state)
{
    (void)state;
    cb_cycles c;
    char why[256];
#if defined(__x86_64__)
    assert_int_equal(cb_cycles_open(&c, CB_CYCLES_TSC, why, sizeof why), 0);
    assert_string_equal(c.source, "tsc-ref");
    uint64_t a = cb_cycles_read(&c);
    assert_true(cb_cycles_read(&c) >= a);
    assert_int_equal(cb_cycles_open(&c, CB_CYCLES_TIMEBASE, why, sizeof why), -1);
    assert_non_null(strstr(why, "POWER"));
#elif defined(__powerpc64__)
    assert_int_equal(cb_cycles_open(&c, CB_CYCLES_TIMEBASE, why, sizeof why), 0);
    assert_string_equal(c.source, "timebase");
    assert_int_equal(cb_cycles_open(&c, CB_CYCLES_TSC, why, sizeof why), -1);
#else
    assert_int_equal(cb_cycles_open(&c, CB_CYCLES_TSC, why, sizeof why), -1);
    assert_int_equal(cb_cycles_open(&c, CB_CYCLES_TIMEBASE, why, sizeof why), -1);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_permission_denied_is_explained),
        cmocka_unit_test(test_auto_is_perf_or_na),
        cmocka_unit_test(test_architecture_specific_sources),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
