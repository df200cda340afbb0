/*
 * tests/test_registry.c - algorithm lookup, variant offers and `auto` selection.
 *
 * Test doubles are registered at run time (cb_variant_register), which is also how
 * external implementations will arrive, so the registry is exercised without
 * depending on which families this target built.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/registry.h"
#include "tests/support.h"

/* An AES variant offering only CTR, needing a capability no CPU of any architecture
 * has set in the masks used below. */
static const cb_variant fast_ctr = {"test-ctr", "test", CB_PRIM_AES, CB_CAP_AES | CB_CAP_AESNI,
                                    900, &tu_aes_ctr_only, "test double"};
static const cb_variant slow_ctr = {"test-slow", "test", CB_PRIM_AES, 0, 50, &tu_aes_ctr_only,
                                    "test double"};

static int setup(void **state)
{
    (void)state;
    static int done;
    if (!done) {
        assert_int_equal(cb_variant_register(&fast_ctr), 0);
        assert_int_equal(cb_variant_register(&slow_ctr), 0);
        done = 1;
    }
    return 0;
}

static void test_find_names_and_aliases(void **state)
{
    (void)state;
    assert_string_equal(cb_alg_find("AES-256-GCM")->name, "aes-256-gcm");
    assert_string_equal(cb_alg_find("aes128")->name, "aes-128-cbc");
    assert_string_equal(cb_alg_find("des3")->name, "des-ede3-cbc");
    assert_string_equal(cb_alg_find("SHA2-256")->name, "sha256");
    assert_null(cb_alg_find("aes-128-ocb"));
    assert_null(cb_alg_find(""));
    assert_null(cb_alg_find("aes"));       /* a group, not one algorithm */
    assert_null(cb_alg_find("aes12"));     /* prefixes of aliases do not match */
}

static void test_expand_groups(void **state)
{
    (void)state;
    const cb_alg *out[8];
    assert_int_equal(cb_alg_expand("aes", out, 8), 3);
    assert_string_equal(out[0]->name, "aes-128-cbc");
    assert_string_equal(out[2]->name, "aes-256-cbc");
    assert_int_equal(cb_alg_expand("rsa", out, 8), 7); /* rsa512 .. rsa15360 */
    assert_int_equal(cb_alg_expand("md5", out, 8), 1);
    assert_int_equal(cb_alg_expand("nope", out, 8), 0);
    /* too small an array: the count still says how many the name stands for, and
     * nothing is written past max (the -quick selftest of 300 names overflowed) */
    out[1] = NULL;
    assert_int_equal(cb_alg_expand("rsa", out, 1), 7);
    assert_null(out[1]);
    assert_int_equal(cb_alg_expand("md5", out, 0), 1);
}

/* cb_alg_set_add: repeated and overlapping names each land once, in order of first
 * mention, however many are given. */
static void test_alg_set(void **state)
{
    (void)state;
    const cb_alg **set = calloc(cb_alg_count(), sizeof *set);
    size_t n = 0;
    for (int i = 0; i < 1000; i++)
        assert_int_equal(cb_alg_set_add(set, &n, "md5"), 1);
    assert_int_equal(cb_alg_set_add(set, &n, "aes-192-cbc"), 1);
    assert_int_equal(cb_alg_set_add(set, &n, "aes"), 3);
    assert_int_equal(cb_alg_set_add(set, &n, "nope"), 0);
    assert_int_equal(n, 4);
    assert_string_equal(set[0]->name, "md5");
    assert_string_equal(set[1]->name, "aes-192-cbc");
    assert_string_equal(set[2]->name, "aes-128-cbc");
    assert_string_equal(set[3]->name, "aes-256-cbc");
    free(set);
}

static void test_offers_follow_ops(void **state)
{
    (void)state;
    const cb_alg *ctr = cb_alg_find("aes-128-ctr"), *cbc = cb_alg_find("aes-128-cbc");
    assert_true(cb_variant_offers(&fast_ctr, ctr, CB_DIR_ENCRYPT));
    assert_true(cb_variant_offers(&fast_ctr, ctr, CB_DIR_DECRYPT));
    assert_false(cb_variant_offers(&fast_ctr, cbc, CB_DIR_ENCRYPT));
    assert_false(cb_variant_offers(&fast_ctr, ctr, CB_DIR_DIGEST));
    assert_false(cb_variant_offers(&fast_ctr, cb_alg_find("sha256"), CB_DIR_DIGEST));
}

static void test_auto_respects_caps_and_priority(void **state)
{
    (void)state;
    const cb_alg *ctr = cb_alg_find("aes-128-ctr");
    /* With every capability, the priority-900 double wins. */
    assert_ptr_equal(cb_variant_auto(ctr, CB_DIR_ENCRYPT, ~(cb_caps)0), &fast_ctr);
    /* Without its capabilities it is never chosen; the winner is whatever else
     * offers the algorithm with the highest priority, never the masked one. */
    const cb_variant *v = cb_variant_auto(ctr, CB_DIR_ENCRYPT, 0);
    assert_non_null(v);
    assert_ptr_not_equal(v, &fast_ctr);
    assert_int_equal(v->caps, 0);
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *o = cb_variant_at(i);
        if (cb_variant_offers(o, ctr, CB_DIR_ENCRYPT) && o->caps == 0)
            assert_true(o->priority <= v->priority);
    }
}

static void test_find_variant_by_name(void **state)
{
    (void)state;
    assert_ptr_equal(cb_variant_find(cb_alg_find("aes-256-ctr"), "test-ctr"), &fast_ctr);
    assert_null(cb_variant_find(cb_alg_find("aes-256-cbc"), "test-ctr"));
    char buf[512];
    assert_non_null(strstr(cb_variant_names(cb_alg_find("aes-192-ctr"), buf, sizeof buf),
                           "test-slow"));
}

static void test_why_not_names_the_capability(void **state)
{
    (void)state;
    char buf[160];
    assert_null(cb_variant_why_not(&slow_ctr, 0, buf, sizeof buf));
    const char *why = cb_variant_why_not(&fast_ctr, 0, buf, sizeof buf);
    assert_non_null(why);
    assert_non_null(strstr(why, "needs "));
}

static void test_directions(void **state)
{
    (void)state;
    cb_dir d[CB_MAX_DIRS];
    assert_int_equal(cb_alg_dirs(cb_alg_find("md5"), d), 1);
    assert_int_equal(d[0], CB_DIR_DIGEST);
    assert_int_equal(cb_alg_dirs(cb_alg_find("aes-128-gcm"), d), 2);
    assert_int_equal(d[1], CB_DIR_DECRYPT);
    assert_int_equal(cb_alg_dirs(cb_alg_find("rsa2048"), d), 2);
    assert_int_equal(d[0], CB_DIR_SIGN);
    assert_int_equal(cb_alg_key_bytes(cb_alg_find("des-ede3-cbc")), 24);
    assert_int_equal(cb_alg_key_bytes(cb_alg_find("aes-192-gcm")), 24);
    assert_int_equal(cb_alg_key_bytes(cb_alg_find("sha512")), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_find_names_and_aliases, setup),
        cmocka_unit_test_setup(test_expand_groups, setup),
        cmocka_unit_test_setup(test_alg_set, setup),
        cmocka_unit_test_setup(test_offers_follow_ops, setup),
        cmocka_unit_test_setup(test_auto_respects_caps_and_priority, setup),
        cmocka_unit_test_setup(test_find_variant_by_name, setup),
        cmocka_unit_test_setup(test_why_not_names_the_capability, setup),
        cmocka_unit_test_setup(test_directions, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
