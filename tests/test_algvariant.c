/*
 * tests/test_algvariant.c - whole-algorithm variants (kernel.h, CB_PRIM_WHOLE): a test
 * double registered at run time, as a dlopen'ed libcrypto will be, implements
 * sha256, aes-128-cbc, aes-128-gcm and rsa1024 by calling the generic variant through
 * the project's own message layers (tu_double_impl, tests/support.h).  It must pass
 * cb_check_variant (known answers, cross-check against generic at every length
 * 0..1024 under the named layouts, signatures both ways) and run through cb_inst; a
 * copy that gets one output bit wrong at one length under one layout must be
 * rejected with that length and layout named.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/caps.h"
#include "kernels/check/check.h"
#include "kernels/inst.h"
#include "kernels/registry.h"
#include "tests/support.h"

/* ---- the test double ---------------------------------------------------------------- */

/* What the wrong copy gets wrong: the length and the buffer offset (mod 64, the
 * checker's buffers being 64-byte aligned) of one layout, per kind. */
#define BAD_DIGEST_LEN 77  /* layout 'misaligned in+1 out+3': input at offset 1 */
#define BAD_DIGEST_OFF 1
#define BAD_CIPHER_LEN 128 /* layout 'in place': in == out */
#define BAD_AEAD_LEN 61    /* layout 'in place misaligned +5' */
#define BAD_AEAD_OFF 5

/* The wrong copy: right everywhere but at one length under one layout per kind. */

static int at_offset(const uint8_t *p, unsigned off)
{
    return ((uintptr_t)p & 63) == off;
}

static int bad_digest(cb_alg_session *s, const uint8_t *in, size_t len, uint8_t *out)
{
    tu_double_impl.digest(s, in, len, out);
    if (len == BAD_DIGEST_LEN && at_offset(in, BAD_DIGEST_OFF))
        out[3] ^= 0x20;
    return 0;
}

static int bad_cipher_update(cb_alg_session *s, const uint8_t *in, uint8_t *out, size_t len)
{
    int in_place = in == out;
    int rc = tu_double_impl.cipher_update(s, in, out, len);
    if (len == BAD_CIPHER_LEN && in_place)
        out[len - 1] ^= 0x01;
    return rc;
}

static int bad_seal(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                    size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                    size_t taglen)
{
    int misaligned = at_offset(in, BAD_AEAD_OFF);
    int rc = tu_double_impl.aead_seal(s, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
    if (len == BAD_AEAD_LEN && misaligned)
        out[len / 2] ^= 0x80;
    return rc;
}

/* The wrong copy, made from the double in setup. */
static cb_alg_impl bad_impl;

/* Priority 0: below CB_PRIORITY_AUTO_MIN, so auto never takes them. */
static const cb_variant good = {"double", "external", CB_PRIM_WHOLE, 0, 0, &tu_double_impl,
                                "whole algorithms through generic"};
static const cb_variant bad = {"double-bad", "external", CB_PRIM_WHOLE, 0, 0, &bad_impl,
                               "one wrong bit per kind"};

/* ---- tests ---------------------------------------------------------------------- */

static const cb_alg *alg(const char *name)
{
    const cb_alg *a = cb_alg_find(name);
    assert_non_null(a);
    return a;
}

/* test_registered: found by name for what it offers and only that, with its
 * provenance, and never auto's pick at priority 0. */
static void test_registered(void **state)
{
    (void)state;
    for (size_t i = 0; i < TU_DOUBLE_NALGS; i++) {
        const cb_alg *a = alg(tu_double_algs[i]);
        assert_ptr_equal(cb_variant_find(a, "double"), &good);
        cb_dir dirs[2];
        size_t nd = cb_alg_dirs(a, dirs);
        for (size_t d = 0; d < nd; d++) {
            assert_true(cb_variant_offers(&good, a, dirs[d]));
            assert_ptr_not_equal(cb_variant_auto(a, dirs[d], cb_caps_effective()), &good);
        }
    }
    assert_null(cb_variant_find(alg("sha1"), "double"));
    assert_null(cb_variant_find(alg("hmac(sha256)"), "double")); /* not a kind it has */
    assert_false(cb_variant_offers(&good, alg("sha256"), CB_DIR_ENCRYPT));
    const cb_alg_impl *m = cb_variant_impl(&good);
    assert_non_null(m);
    assert_string_equal(m->version, "1.0");
    assert_non_null(strstr(m->library, "test double"));
    assert_null(cb_variant_impl(cb_variant_generic(alg("sha256"))));
}

/* test_register_refuses: rows -variant could not name, or without an offers. */
static void test_register_refuses(void **state)
{
    (void)state;
    static const cb_alg_impl no_offers = {0};
    static const cb_variant rows[] = {
        {"auto", "external", CB_PRIM_WHOLE, 0, 0, &tu_double_impl, ""},
        {"all", "external", CB_PRIM_WHOLE, 0, 0, &tu_double_impl, ""},
        {"a,b", "external", CB_PRIM_WHOLE, 0, 0, &tu_double_impl, ""},
        {"", "external", CB_PRIM_WHOLE, 0, 0, &tu_double_impl, ""},
        {"no-offers", "external", CB_PRIM_WHOLE, 0, 0, &no_offers, ""},
        {"no-impl", "external", CB_PRIM_WHOLE, 0, 0, NULL, ""},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (cb_variant_register(&rows[i]) == 0)
            fail_msg("registered an unusable row '%s'", rows[i].name);
}

/* test_check_passes: the whole check, at full depth, for every algorithm. */
static void test_check_passes(void **state)
{
    (void)state;
    for (size_t i = 0; i < TU_DOUBLE_NALGS; i++) {
        char err[256];
        unsigned long checks = 0;
        if (cb_check_variant(alg(tu_double_algs[i]), &good, CB_CHECK_FULL, err, sizeof err,
                             &checks) != 0)
            fail_msg("%s", err);
        assert_true(checks > 0);
    }
}

/* expect_rejected: the check fails naming the length and the layout. */
static void expect_rejected(const char *name, const char *length, const char *layout)
{
    char err[256];
    if (cb_check_variant(alg(name), &bad, CB_CHECK_FULL, err, sizeof err, NULL) == 0)
        fail_msg("%s: the wrong variant passed the check", name);
    print_message("rejected as expected: %s\n", err);
    if (!strstr(err, length) || !strstr(err, layout))
        fail_msg("%s: '%s' does not name '%s' and '%s'", name, err, length, layout);
}

static void test_check_rejects(void **state)
{
    (void)state;
    expect_rejected("sha256", "length 77,", "layout 'misaligned in+1 out+3'");
    expect_rejected("aes-128-cbc", "length 128,", "layout 'in place'");
    expect_rejected("aes-128-gcm", "length 61 ", "layout 'in place misaligned +5'");
}

/* inst_out runs one operation of (a, v, d) on in and returns its failures; out gets
 * what the operation wrote. */
static uint64_t inst_out(const cb_alg *a, const cb_variant *v, cb_dir d, uint8_t *in,
                         uint8_t *out, size_t len)
{
    char err[256];
    cb_inst *x = cb_inst_new(a, v, d, 1, err, sizeof err);
    if (!x)
        fail_msg("%s %s: %s", a->name, v->name, err);
    if (cb_inst_prepare(x, in, len, err, sizeof err) != 0)
        fail_msg("%s %s: %s", a->name, v->name, err);
    cb_inst_run(x, in, out, len, 3);
    uint64_t failures = cb_inst_failures(x);
    cb_inst_free(x);
    return failures;
}

/* test_inst: every (algorithm, direction) times through the double without a failed
 * tag or signature, and the cipher output equals generic's for the same operations. */
static void test_inst(void **state)
{
    (void)state;
    enum { LEN = 256 };
    uint8_t in[LEN], in2[LEN], out[LEN], want[LEN];
    for (size_t i = 0; i < TU_DOUBLE_NALGS; i++) {
        const cb_alg *a = alg(tu_double_algs[i]);
        cb_dir dirs[2];
        size_t nd = cb_alg_dirs(a, dirs);
        for (size_t d = 0; d < nd; d++) {
            for (size_t k = 0; k < LEN; k++)
                in[k] = in2[k] = (uint8_t)(k * 7 + 1);
            memset(out, 0, LEN);
            memset(want, 1, LEN);
            if (inst_out(a, &good, dirs[d], in, out, LEN) != 0)
                fail_msg("%s %s: failed operations", a->name, cb_dir_name(dirs[d]));
            assert_int_equal(inst_out(a, cb_variant_generic(a), dirs[d], in2, want, LEN), 0);
            if (a->kind == CB_KIND_CIPHER || a->kind == CB_KIND_AEAD)
                assert_memory_equal(out, want, LEN);
        }
    }
}

/* test_auto_by_priority: at or above CB_PRIORITY_AUTO_MIN a whole-algorithm variant
 * competes for auto like any row; registered last, as it changes auto's picks. */
static void test_auto_by_priority(void **state)
{
    (void)state;
    static const cb_variant eager = {"double-eager", "external", CB_PRIM_WHOLE, 0, 100000,
                                     &tu_double_impl, "outranks every built-in row"};
    assert_int_equal(cb_variant_register(&eager), 0);
    assert_ptr_equal(cb_variant_auto(alg("sha256"), CB_DIR_DIGEST, cb_caps_effective()),
                     &eager);
    assert_ptr_not_equal(cb_variant_auto(alg("sha1"), CB_DIR_DIGEST, cb_caps_effective()),
                         &eager);
}

static int setup(void **state)
{
    (void)state;
    bad_impl = tu_double_impl;
    bad_impl.digest = bad_digest;
    bad_impl.cipher_update = bad_cipher_update;
    bad_impl.aead_seal = bad_seal;
    return cb_variant_register(&good) || cb_variant_register(&bad);
}

int main(void)
{
    char err[256];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        fprintf(stderr, "test_algvariant: %s\n", err);
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registered),   cmocka_unit_test(test_register_refuses),
        cmocka_unit_test(test_check_passes), cmocka_unit_test(test_check_rejects),
        cmocka_unit_test(test_inst),         cmocka_unit_test(test_auto_by_priority),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
