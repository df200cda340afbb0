/*
 * tests/test_x25519.c - X25519 (RFC 7748) on every curve25519 variant built, both
 * radices on a 64-bit host: the iterated vectors of section 5.2, the low-order
 * points whose all-zero result is refused (6.1), non-canonical u-coordinates (>= p,
 * top bit set) that must equal their canonical value, agreement between the
 * variants on pseudo-random inputs, and the embedded key's OpenSSL shared secret.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/pkey/pkey.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"
#include "tests/support.h"

/* hex32 decodes 64 hex digits (test data is well formed). */
static void hex32(uint8_t out[32], const char *hex)
{
    assert_int_equal(cb_hex_bytes(out, 32, hex), 0);
}

/* variants returns the built-in variants of ecdhx25519 this CPU can run (after masks) in
 * vs (at most max): mulx needs bmi2 and adx, which QEMU's Haswell model lacks. */
static size_t variants(const cb_variant **vs, size_t max)
{
    return tu_builtin_runnable("ecdhx25519", vs, max);
}

/* RFC 7748 5.2: k = u = 9, then repeatedly k, u = X25519(k, u), k. */
static void test_iterated(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
#ifdef __SIZEOF_INT128__
    assert_true(nv >= 2); /* a 64-bit host tests the 32-bit radix too */
#endif
    uint8_t want1[32], want1000[32];
    hex32(want1, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079");
    hex32(want1000, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51");
    for (size_t v = 0; v < nv; v++) {
        uint8_t k[32] = {9}, u[32] = {9}, r[32];
        for (int i = 1; i <= 1000; i++) {
            assert_int_equal(cb_x25519(vs[v], r, k, u), 0);
            memcpy(u, k, 32);
            memcpy(k, r, 32);
            if (i == 1 && memcmp(k, want1, 32) != 0)
                fail_msg("%s: wrong result after 1 iteration", vs[v]->name);
        }
        if (memcmp(k, want1000, 32) != 0)
            fail_msg("%s: wrong result after 1000 iterations", vs[v]->name);
    }
}

/* Points of order 1, 2, 4 and 8 (and their encodings >= p): every scalar maps
 * them to 0, whose all-zero secret cb_x25519 refuses (RFC 7748 6.1). */
static void test_low_order(void **state)
{
    (void)state;
    static const char *const points[] = {
        "0000000000000000000000000000000000000000000000000000000000000000", /* 0 */
        "0100000000000000000000000000000000000000000000000000000000000000", /* 1 */
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", /* order 8 */
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157", /* order 8 */
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p - 1 */
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p = 0 */
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p + 1 = 1 */
        "0000000000000000000000000000000000000000000000000000000000000080", /* 0, top bit */
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880", /* order 8, top bit */
    };
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t k[32], u[32], r[32];
    for (int i = 0; i < 32; i++)
        k[i] = (uint8_t)(0x31 * i + 7);
    for (size_t v = 0; v < nv; v++)
        for (size_t p = 0; p < sizeof points / sizeof points[0]; p++) {
            hex32(u, points[p]);
            if (cb_x25519(vs[v], r, k, u) != 1)
                fail_msg("%s accepts low-order point %zu (%s)", vs[v]->name, p, points[p]);
        }
}

/* A u-coordinate >= p and one with bit 255 set give the canonical value's result. */
static void test_non_canonical(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t k[32], u[32], alias[32], r1[32], r2[32];
    hex32(k, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
    for (size_t v = 0; v < nv; v++)
        for (unsigned small = 2; small < 19; small++) {
            /* u = small and u + p = 2^255 - 19 + small, both below 2^255 */
            memset(u, 0, 32);
            u[0] = (uint8_t)small;
            memset(alias, 0xff, 32);
            alias[0] = (uint8_t)(0xed + small);
            alias[31] = 0x7f;
            assert_int_equal(cb_x25519(vs[v], r1, k, u), 0);
            assert_int_equal(cb_x25519(vs[v], r2, k, alias), 0);
            assert_memory_equal(r1, r2, 32);
            u[31] |= 0x80; /* bit 255 is masked */
            assert_int_equal(cb_x25519(vs[v], r2, k, u), 0);
            assert_memory_equal(r1, r2, 32);
        }
}

/* Every variant agrees with generic on pseudo-random scalars and points. */
static void test_variants_agree(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    const cb_variant *g = cb_variant_generic(cb_alg_find("ecdhx25519"));
    assert_non_null(g);
    uint64_t s = 12345;
    for (int n = 0; n < 200; n++) {
        uint8_t k[32], u[32], want[32], got[32];
        for (int i = 0; i < 32; i++) {
            s = s * UINT64_C(6364136223846793005) + 1;
            k[i] = (uint8_t)(s >> 33);
            u[i] = (uint8_t)(s >> 45);
        }
        int rc = cb_x25519(g, want, k, u);
        for (size_t v = 0; v < nv; v++) {
            assert_int_equal(cb_x25519(vs[v], got, k, u), rc);
            if (memcmp(got, want, 32) != 0)
                fail_msg("%s differs from generic on input %d", vs[v]->name, n);
        }
    }
}

/* The embedded keys give OpenSSL's shared secret; ecdhx25519 derives and does not sign. */
static void test_embedded_key(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("ecdhx25519");
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    cb_dir dirs[CB_MAX_DIRS];
    assert_int_equal(cb_alg_dirs(a, dirs), 1);
    assert_int_equal(dirs[0], CB_DIR_DERIVE);
    uint8_t want[32], out[32], sig[64];
    hex32(want, cb_x25519_keys[0].kat_shared);
    for (size_t v = 0; v < nv; v++) {
        char err[200];
        cb_pkey *k = cb_pkey_new(a, vs[v]);
        size_t len = 0;
        assert_non_null(k);
        assert_int_equal(cb_pkey_sig_max(k), 32);
        assert_int_equal(cb_pkey_derive(k, out, &len), 0);
        assert_int_equal(len, 32);
        assert_memory_equal(out, want, 32);
        assert_int_equal(cb_pkey_sign(k, out, 1, sig, &len), -1);
        cb_pkey_free(k);
        if (cb_pkey_selftest(a, vs[v], err, sizeof err) != 0)
            fail_msg("%s", err);
    }
    /* a Montgomery-multiplication variant is not one of ecdhx25519 */
    assert_null(cb_pkey_new(a, cb_variant_generic(cb_alg_find("rsa2048"))));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_iterated),
        cmocka_unit_test(test_low_order),
        cmocka_unit_test(test_non_canonical),
        cmocka_unit_test(test_variants_agree),
        cmocka_unit_test(test_embedded_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
