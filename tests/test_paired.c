/*
 * tests/test_paired.c - base/paired.c on data whose answers are known: hand-worked
 * Hodges-Lehmann estimates and Walsh ranks, the signed-rank table, coverage on
 * simulated drifting pairs, and the sequential gate's decisions on constructed
 * sequences.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/paired.h"

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-12)

/* The null distribution by counting: subsets of {1..8} with sum <= 3 are {}, {1},
 * {2}, {3}, {1,2}: 5 of 256; with sum 4 also {4}, {1,3}: 7 of 256. */
static void test_signed_rank_cdf(void **state)
{
    (void)state;
    NEAR(cb_signed_rank_cdf(8, 3), 5.0 / 256);
    NEAR(cb_signed_rank_cdf(8, 4), 7.0 / 256);
    NEAR(cb_signed_rank_cdf(5, 0), 1.0 / 32);
    NEAR(cb_signed_rank_cdf(5, 15), 1);
    NEAR(cb_signed_rank_cdf(5, 7), 0.5); /* symmetric about 15 / 2 */
    /* the normal approximation beyond 60 pairs is continuous with the exact one */
    assert_true(fabs(cb_signed_rank_cdf(61, 700) - 0.5 * erfc(-(700.5 - 945.5) /
                     (sqrt(61.0 * 62 * 123 / 24) * sqrt(2)))) < 1e-12);
}

/* Ranks from the table every textbook prints (Wilcoxon critical values, two-sided
 * 0.05): n = 8 rejects at T <= 3, so the interval runs from the 4th average; n = 5
 * cannot reach 95% (P(T = 0) = 1/32 > 0.025) and gets the widest interval, 93.75%. */
static void test_walsh_rank(void **state)
{
    (void)state;
    double level;
    assert_int_equal(cb_walsh_rank(8, 0.05, &level), 4);
    NEAR(level, 1 - 2 * 5.0 / 256);
    assert_int_equal(cb_walsh_rank(5, 0.05, &level), 1);
    NEAR(level, 1 - 2.0 / 32);
    /* n = 5 at 0.10: P(T <= 0) = 1/32 <= 0.05 < P(T <= 1) = 2/32 */
    assert_int_equal(cb_walsh_rank(5, 0.10, &level), 1);
    /* n = 20 at 0.05: the table's critical value is 52 */
    assert_int_equal(cb_walsh_rank(20, 0.05, &level), 53);
    assert_true(level >= 0.95);
}

/* d = {1, 3, 6}: Walsh averages 1, 2, 3, 3.5, 4.5, 6; median (3 + 3.5) / 2; all six
 * positive, so T+ = 6 = the maximum and p = 2 / 8. */
static void test_hl_three(void **state)
{
    (void)state;
    const double d[] = {6, 1, 3};
    cb_paired_est e;
    assert_int_equal(cb_paired_hl(d, 3, 0.05, &e), 0);
    NEAR(e.est, 3.25);
    NEAR(e.lo, 1);
    NEAR(e.hi, 6);
    NEAR(e.level, 0.75);
    NEAR(e.p, 0.25);
    assert_int_equal(cb_paired_hl(d, 0, 0.05, &e), -1);
}

/* d = {-2, 1, 4, 5}: averages -2, -0.5, 1, 1, 1.5, 2.5, 3, 4, 4.5, 5; median 2; two
 * negative, so P(T+ <= 2) = 3/16 and p = 6/16. */
static void test_hl_four(void **state)
{
    (void)state;
    const double d[] = {-2, 1, 4, 5};
    cb_paired_est e;
    cb_paired_hl(d, 4, 0.05, &e);
    NEAR(e.est, 2);
    NEAR(e.lo, -2);
    NEAR(e.hi, 5);
    NEAR(e.p, 6.0 / 16);
}

/* A fixed-seed generator, so the simulations below give the same answer every run. */
static uint64_t rng = 88172645463325252ULL;
static double uniform(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
}

/* pairs simulates n pairs of a shared machine: each batch's log-rate is a slow drift
 * (a random walk, 0.5% a step: load coming and going) plus skewed noise
 * (exponential, mean 2%: interrupts only ever slow a batch), and B is `shift` (a
 * log-ratio) faster.  The drift is common to both batches of a pair. */
static void pairs(double *d, size_t n, double shift)
{
    double drift = 0;
    for (size_t i = 0; i < n; i++) {
        drift += (uniform() - 0.5) * 0.01;
        double a = drift - 0.02 * log(uniform());
        double b = drift + shift - 0.02 * log(uniform());
        d[i] = b - a;
    }
}

/* Coverage: over 400 simulated runs of 64 pairs the 95% interval holds the true
 * shift in 95% of them, within what 400 draws allow (+-2.2 points at 2 sigma). */
static void test_coverage_drifting(void **state)
{
    (void)state;
    double d[64];
    int covered = 0;
    const double shift = log(0.99);
    for (int t = 0; t < 400; t++) {
        pairs(d, 64, shift);
        cb_paired_est e;
        cb_paired_hl(d, 64, 0.05, &e);
        covered += e.lo <= shift && shift <= e.hi;
    }
    assert_true(covered >= 371 && covered <= 392);
}

/* The looks: 16, 24, 32, 48, 64, ..., and shares of alpha that sum to it. */
static void test_schedule(void **state)
{
    (void)state;
    const size_t at[] = {16, 24, 32, 48, 64, 96, 128, 192};
    double spent = 0;
    for (unsigned j = 1; j <= 8; j++)
        assert_int_equal(cb_gate_look_at(j), at[j - 1]);
    for (unsigned j = 1; j <= 100000; j++)
        spent += cb_gate_alpha(0.05, j);
    assert_true(spent < 0.05 && spent > 0.04999);
    assert_true(cb_gate_due(48) && !cb_gate_due(50) && !cb_gate_due(15));
}

/* Constructed sequences: B 2% slower with tiny noise is a regression at the first
 * look (16 pairs); B the same is a pass there; noise of +-10% is still undecided
 * after 40 pairs, and its last look is the one at 40 (the end of the data). */
static void test_sequential(void **state)
{
    (void)state;
    double d[64];
    cb_gate_result g;
    for (size_t i = 0; i < 64; i++)
        d[i] = log(0.98) + (i % 2 ? 1e-4 : -1e-4) * (double)(i % 5);
    assert_int_equal(cb_gate_judge(d, 64, 0.5, 0.05, &g), 0);
    assert_int_equal(g.decision, CB_GATE_REGRESSION);
    assert_int_equal(g.looks, 1);
    assert_int_equal(g.last.n, 16);
    for (size_t i = 0; i < 64; i++)
        d[i] = (i % 2 ? 1e-4 : -1e-4) * (double)(i % 7);
    cb_gate_judge(d, 64, 0.5, 0.05, &g);
    assert_int_equal(g.decision, CB_GATE_PASS);
    assert_int_equal(g.looks, 1);
    for (size_t i = 0; i < 40; i++)
        d[i] = (i % 2 ? 0.1 : -0.1) * (double)(i % 3);
    cb_gate_judge(d, 40, 0.5, 0.05, &g);
    assert_int_equal(g.decision, CB_GATE_UNDECIDED);
    assert_int_equal(g.looks, 4); /* 16, 24, 32, then the end at 40 */
    assert_int_equal(g.last.n, 40);
    /* five pairs 2% slower cannot reach the first look's 97%: nothing is decided */
    for (size_t i = 0; i < 5; i++)
        d[i] = log(0.98) + 1e-4 * (double)i;
    cb_gate_judge(d, 5, 0.5, 0.05, &g);
    assert_int_equal(g.decision, CB_GATE_UNDECIDED);
    assert_true(g.last.level < 0.97);
    assert_true(cb_gate_false_alarm_at(d, 5, 0.05) == 0);
    /* no threshold: nothing decided, the last look covers every pair */
    for (size_t i = 0; i < 40; i++)
        d[i] = (i % 2 ? 0.1 : -0.1) * (double)(i % 3);
    cb_gate_judge(d, 40, 0, 0.05, &g);
    assert_int_equal(g.decision, CB_GATE_UNDECIDED);
    assert_int_equal(g.last.n, 40);
}

/* A regression caught only at a later look: the first 16 pairs are noisy, so the
 * first look decides nothing, and then 2% slower without noise. */
static void test_sequential_later(void **state)
{
    (void)state;
    double d[24];
    cb_gate_result g;
    for (size_t i = 0; i < 24; i++)
        d[i] = i < 16 ? (i % 2 ? 0.2 : -0.2) : log(0.98);
    cb_gate_judge(d, 24, 0.5, 0.05, &g);
    assert_int_equal(g.looks, 2);
    assert_int_equal(g.decision, CB_GATE_UNDECIDED); /* the noise still widens it */
    for (size_t i = 0; i < 24; i++)
        d[i] = i < 16 ? (i % 2 ? 0.004 : -0.03) : log(0.98);
    cb_gate_judge(d, 24, 0.5, 0.05, &g);
    assert_int_equal(g.decision, CB_GATE_REGRESSION);
    assert_int_equal(g.looks, 2);
}

/* The threshold below which an A/A trial would have been flagged: for B 2% slower
 * without noise every look's interval is the one point -2%, so exactly 2%. */
static void test_false_alarm_at(void **state)
{
    (void)state;
    double d[32];
    for (size_t i = 0; i < 32; i++)
        d[i] = log(0.98);
    assert_true(fabs(cb_gate_false_alarm_at(d, 32, 0.05) - 2) < 1e-9);
    for (size_t i = 0; i < 32; i++)
        d[i] = log(1.01);
    assert_true(cb_gate_false_alarm_at(d, 32, 0.05) == 0);
    /* and the gate agrees with it on either side of that threshold */
    double sim[200];
    cb_gate_result g;
    pairs(sim, 200, log(0.995));
    double at = cb_gate_false_alarm_at(sim, 200, 0.05);
    if (at > 0.02) {
        cb_gate_judge(sim, 200, at - 0.01, 0.05, &g);
        assert_int_equal(g.decision, CB_GATE_REGRESSION);
    }
    cb_gate_judge(sim, 200, at + 0.01, 0.05, &g);
    assert_int_not_equal(g.decision, CB_GATE_REGRESSION);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_signed_rank_cdf),  cmocka_unit_test(test_walsh_rank),
        cmocka_unit_test(test_hl_three),         cmocka_unit_test(test_hl_four),
        cmocka_unit_test(test_coverage_drifting), cmocka_unit_test(test_schedule),
        cmocka_unit_test(test_sequential),       cmocka_unit_test(test_sequential_later),
        cmocka_unit_test(test_false_alarm_at),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
