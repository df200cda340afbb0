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

#include "base/stats.h"
#include "harness/bench.h"
#include "kernels/inst.h"
#include "kernels/registry.h"

/* A digest double whose compression function raises the stop flag after a few
 * thousand calls, as a Ctrl-C in the middle of one long batch would. */
static volatile sig_atomic_t stop_flag;
static unsigned long calls;

static void stopping_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    (void)state, (void)in, (void)nblocks;
    if (++calls == 5000)
        stop_flag = 1;
}

static const cb_digest_ops stopping_ops = {stopping_blocks, NULL};
static const cb_variant stopping = {"bench-stop", "test", CB_PRIM_MD5, 0, 1, &stopping_ops,
                                    "test double"};

/* A stop inside one batch of 10^12 operations ends it within a chunk: the batch is
 * discarded, the case marked interrupted, and the run returns at once. */
static void test_stop_inside_batch(void **state)
{
    (void)state;
    assert_int_equal(cb_variant_register(&stopping), 0);
    char err[256];
    cb_inst *x = cb_inst_new(cb_alg_find("md5"), &stopping, CB_DIR_DIGEST, 0, err, sizeof err);
    assert_non_null(x);
    uint8_t in[64] = {0}, out[64];
    cb_bench_cfg cfg;
    cb_bench_default_cfg(&cfg);
    cfg.clock = CB_CLOCK_WALL;
    cfg.iterations = UINT64_C(1000000000000);
    cfg.samples = 1;
    cb_bench_result r;
    assert_int_equal(cb_bench_case(&cfg, x, in, out, sizeof in, &r, &stop_flag), 0);
    assert_true(r.interrupted);
    assert_int_equal(r.n, 0);
    /* a chunk is ~20 ms of operations: far fewer than the batch's 10^12 */
    assert_true(calls < 100000000UL);
    cb_inst_free(x);
}

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
        cmocka_unit_test(test_stop_inside_batch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
