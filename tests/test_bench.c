/*
 * tests/test_bench.c - the statistics the sampling loop stops on, and the loop itself
 * on a kernel whose cost is known.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "harness/bench.h"
#include "base/stats.h"

/* cb_cv on values whose sample standard deviation is known by hand: 1..5 has mean 3
 * and variance 10/4, so the coefficient of variation is sqrt(2.5)/3. */
static void test_cv(void **state)
{
    (void)state;
    const double v[] = {1, 2, 3, 4, 5};
    assert_true(fabs(cb_cv(v, 5) - sqrt(2.5) / 3) < 1e-12);
    assert_true(cb_cv(v, 1) == 0);
    const double same[] = {7, 7, 7};
    assert_true(cb_cv(same, 3) == 0);
}

static void test_median_ci_order_statistics(void **state)
{
    (void)state;
    double v[20];
    for (int i = 0; i < 20; i++)
        v[i] = 20 - i; /* 1..20, reversed */
    double lo, hi;
    /* n = 20: P(Bin(20, .5) <= 5) = 0.0207 <= 0.025 < P(<= 6) = 0.0577, so the
     * interval is the 6th smallest to the 6th largest value. */
    cb_median_ci(v, 20, &lo, &hi);
    assert_true(lo == 6);
    assert_true(hi == 15);
    /* n = 5 is too few for 95%: the whole range. */
    cb_median_ci(v, 5, &lo, &hi);
    assert_true(lo == 16 && hi == 20);
    /* n = 9: P(<= 1) = 0.0195, P(<= 2) = 0.0898: 2nd smallest to 2nd largest. */
    double w[9] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
    cb_median_ci(w, 9, &lo, &hi);
    assert_true(lo == 2 && hi == 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_median_ci_order_statistics),
        cmocka_unit_test(test_cv),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
