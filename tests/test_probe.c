/*
 * tests/test_probe.c - capability probes (harness/probe.h) on test doubles: a
 * variant whose instructions are "absent" (it raises SIGILL), one that runs but
 * computes the wrong thing, one that is right, and capabilities no variant can be
 * probed for alone.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/caps.h"
#include "kernels/generic/generic.h"
#include "harness/probe.h"
#include "kernels/registry.h"

/* Bits no architecture's table uses, for the doubles. */
#define CAP_TRAP (UINT64_C(1) << 63)
#define CAP_WRONG (UINT64_C(1) << 62)
#define CAP_FINE (UINT64_C(1) << 61)
#define CAP_UNUSED (UINT64_C(1) << 60)

static void trap_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    (void)state, (void)in, (void)nblocks;
    raise(SIGILL); /* what executing an absent instruction does */
}

/* wrong_blocks is MD5 that forgets the last block of every call. */
static void wrong_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    if (nblocks > 1)
        cb_md5_generic_ops.blocks(state, in, nblocks - 1);
}

static const cb_digest_ops trap_ops = {.blocks = trap_blocks, .wipe = NULL};
static const cb_digest_ops wrong_ops = {.blocks = wrong_blocks, .wipe = NULL};
static const cb_variant doubles[] = {
    {"probe-trap", "test", CB_PRIM_MD5, CAP_TRAP, 0, &trap_ops, "raises SIGILL"},
    {"probe-wrong", "test", CB_PRIM_MD5, CAP_WRONG, 0, &wrong_ops, "wrong answers"},
    {"probe-fine", "test", CB_PRIM_MD5, CAP_FINE, 0, &cb_md5_generic_ops, "right"},
    /* needs CAP_FINE and CAP_UNUSED: probing CAP_UNUSED alone needs CAP_FINE */
    {"probe-pair", "test", CB_PRIM_MD5, CAP_FINE | CAP_UNUSED, 0, &cb_md5_generic_ops,
     "right, two capabilities"},
};

static int setup(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof doubles / sizeof doubles[0]; i++)
        if (cb_variant_register(&doubles[i]) != 0)
            return -1;
    return 0;
}

static void test_fault_is_caught(void **state)
{
    (void)state;
    cb_probe_result r;
    cb_probe_cap(CAP_TRAP, 0, &r);
    assert_int_equal(r.outcome, CB_PROBE_FAULT);
    assert_int_equal(r.sig, SIGILL);
    assert_string_equal(r.var->name, "probe-trap");
    assert_string_equal(r.alg->name, "md5");
}

static void test_wrong_answers(void **state)
{
    (void)state;
    cb_probe_result r;
    cb_probe_cap(CAP_WRONG, 0, &r);
    assert_int_equal(r.outcome, CB_PROBE_WRONG);
    assert_non_null(strstr(r.detail, "probe-wrong"));
}

static void test_runs(void **state)
{
    (void)state;
    cb_probe_result r;
    cb_probe_cap(CAP_FINE, 0, &r);
    assert_int_equal(r.outcome, CB_PROBE_RUNS);
    /* the variant with the fewest capabilities is chosen, not probe-pair */
    assert_string_equal(r.var->name, "probe-fine");
}

static void test_untested(void **state)
{
    (void)state;
    cb_probe_result r;
    cb_probe_cap(CAP_UNUSED, 0, &r);
    assert_int_equal(r.outcome, CB_PROBE_UNTESTED);
    assert_null(r.var);
    assert_non_null(strstr(r.detail, "also needs"));
    /* with CAP_FINE taken as present, probe-pair probes CAP_UNUSED */
    cb_probe_cap(CAP_UNUSED, CAP_FINE, &r);
    assert_int_equal(r.outcome, CB_PROBE_RUNS);
    assert_string_equal(r.var->name, "probe-pair");
    cb_probe_cap(UINT64_C(1) << 59, 0, &r);
    assert_int_equal(r.outcome, CB_PROBE_UNTESTED);
    assert_string_equal(r.detail, "no variant of this build uses it");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fault_is_caught),
        cmocka_unit_test(test_wrong_answers),
        cmocka_unit_test(test_runs),
        cmocka_unit_test(test_untested),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
