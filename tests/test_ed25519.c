/*
 * tests/test_ed25519.c - Ed25519 (RFC 8032) on every curve25519 variant built, both
 * radices on a 64-bit host: the group order L times B is the identity, RFC 8032
 * 7.1's tests through the selftest, the embedded key against OpenSSL's signature,
 * and the Wycheproof-style rejections: S >= L, R with a changed sign bit, a public
 * key whose y is >= p (non-canonical), and public keys of small order (which would
 * let the signature (identity, 0) verify for any message).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/pkey/pkey.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"
#include "tests/support.h"

/* L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 5.1), little-endian. */
static const char L_hex[] = "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010";

static void hex(uint8_t *out, size_t len, const char *h)
{
    assert_int_equal(cb_hex_bytes(out, len, h), 0);
}

/* variants returns the built-in variants of ed25519 this CPU can run (after masks) in
 * vs (at most max): mulx needs bmi2 and adx, which QEMU's Haswell model lacks. */
static size_t variants(const cb_variant **vs, size_t max)
{
    return tu_builtin_runnable("ed25519", vs, max);
}

/* key loads the RFC 8032 TEST 1 key for v. */
static void key(cb_ed25519_key *k, const cb_variant *v)
{
    uint8_t seed[32];
    hex(seed, 32, "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
    assert_int_equal(cb_ed25519_key_init(k, v, seed), 0);
}

/* [L]B is the identity (encoded y = 1, x = 0), [L+1]B is B, and [1]B is B's encoding
 * (y = 4/5: 5866...66). */
static void test_group_order(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
#ifdef __SIZEOF_INT128__
    assert_true(nv >= 2);
#endif
    uint8_t l[32], one[32] = {1}, id[32] = {1}, out[32], b[32];
    hex(l, 32, L_hex);
    hex(b, 32, "5866666666666666666666666666666666666666666666666666666666666666");
    for (size_t v = 0; v < nv; v++) {
        cb_ed25519_key k;
        key(&k, vs[v]);
        k.ops->ed_base(k.ctx, out, l);
        assert_memory_equal(out, id, 32);
        k.ops->ed_base(k.ctx, out, one);
        assert_memory_equal(out, b, 32);
        l[0]++;
        k.ops->ed_base(k.ctx, out, l);
        assert_memory_equal(out, b, 32);
        l[0]--;
        cb_ed25519_key_free(&k);
    }
}

/* The selftest (RFC 8032 7.1 TEST 1-3, OpenSSL's signature, generic's) passes. */
static void test_selftest(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    const cb_alg *a = cb_alg_find("ed25519");
    for (size_t v = 0; v < nv; v++) {
        char err[200];
        if (cb_pkey_selftest(a, vs[v], err, sizeof err) != 0)
            fail_msg("%s", err);
        cb_pkey *pk = cb_pkey_new(a, vs[v]);
        assert_non_null(pk);
        assert_int_equal(cb_pkey_sig_max(pk), 64);
        cb_pkey_free(pk);
    }
}

/* S + L (>= L) names the same point but is not canonical: rejected; so is R with
 * its sign bit flipped, and a message one bit off. */
static void test_noncanonical_sig(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    const uint8_t msg[] = "a message";
    uint8_t l[32];
    hex(l, 32, L_hex);
    for (size_t v = 0; v < nv; v++) {
        cb_ed25519_key k;
        uint8_t sig[64], bad[64];
        key(&k, vs[v]);
        cb_ed25519_sign(&k, msg, sizeof msg, sig);
        assert_int_equal(cb_ed25519_verify(&k, k.pub, msg, sizeof msg, sig), 0);
        /* S + L: below 2^256 since S < L < 2^253 */
        memcpy(bad, sig, 64);
        unsigned carry = 0;
        for (int i = 0; i < 32; i++) {
            carry += bad[32 + i] + l[i];
            bad[32 + i] = (uint8_t)carry;
            carry >>= 8;
        }
        assert_int_equal(cb_ed25519_verify(&k, k.pub, msg, sizeof msg, bad), 1);
        /* S = L exactly */
        memcpy(bad + 32, l, 32);
        assert_int_equal(cb_ed25519_verify(&k, k.pub, msg, sizeof msg, bad), 1);
        memcpy(bad, sig, 64);
        bad[31] ^= 0x80;
        assert_int_equal(cb_ed25519_verify(&k, k.pub, msg, sizeof msg, bad), 1);
        assert_int_equal(cb_ed25519_verify(&k, k.pub, msg, sizeof msg - 1, sig), 1);
        cb_ed25519_key_free(&k);
    }
}

/* A public key with y >= p is refused even where y - p is a point of large order:
 * for y = 2..18, whichever y decodes, y + p (= 2^255 - 19 + y) must not. */
static void test_noncanonical_key(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t zero[32] = {0}, out[32];
    for (size_t v = 0; v < nv; v++) {
        cb_ed25519_key k;
        key(&k, vs[v]);
        int decoded = 0;
        for (unsigned y = 2; y <= 18; y++) {
            uint8_t a[32] = {0}, alias[32];
            a[0] = (uint8_t)y;
            memset(alias, 0xff, 32);
            alias[0] = (uint8_t)(0xed + y);
            alias[31] = 0x7f;
            if (k.ops->ed_check(k.ctx, out, zero, zero, a) == 0)
                decoded++;
            assert_int_equal(k.ops->ed_check(k.ctx, out, zero, zero, alias), -1);
        }
        assert_true(decoded > 0); /* the test tried at least one real point */
        cb_ed25519_key_free(&k);
    }
}

/* Keys of small order are refused: with A of order 1, 2, 4 or 8, the signature
 * (R = identity, S = 0) would otherwise verify, [0]B - [k]A being small. */
static void test_small_order_key(void **state)
{
    (void)state;
    static const char *const keys[] = {
        "0100000000000000000000000000000000000000000000000000000000000000", /* identity */
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* (0, -1): 2 */
        "0000000000000000000000000000000000000000000000000000000000000000", /* y = 0: 4 */
        "0000000000000000000000000000000000000000000000000000000000000080", /* y = 0: 4 */
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", /* order 8 */
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", /* order 8 */
    };
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t sig[64] = {1}, a[32], out[32], zero[32] = {0};
    const uint8_t msg[] = "any message";
    for (size_t v = 0; v < nv; v++) {
        cb_ed25519_key k;
        key(&k, vs[v]);
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
            hex(a, 32, keys[i]);
            if (k.ops->ed_check(k.ctx, out, zero, zero, a) != -1)
                fail_msg("%s accepts small-order key %s", vs[v]->name, keys[i]);
            assert_int_equal(cb_ed25519_verify(&k, a, msg, sizeof msg, sig), 1);
        }
        cb_ed25519_key_free(&k);
    }
}

/* Every variant signs like generic (deterministic) on pseudo-random messages. */
static void test_variants_agree(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    const cb_variant *g = cb_variant_generic(cb_alg_find("ed25519"));
    cb_ed25519_key ref;
    key(&ref, g);
    uint8_t msg[100];
    for (int n = 0; n < 20; n++) {
        for (size_t i = 0; i < sizeof msg; i++)
            msg[i] = (uint8_t)(n * 37 + i * 11);
        uint8_t want[64], got[64];
        cb_ed25519_sign(&ref, msg, (size_t)n * 5, want);
        for (size_t v = 0; v < nv; v++) {
            cb_ed25519_key k;
            key(&k, vs[v]);
            cb_ed25519_sign(&k, msg, (size_t)n * 5, got);
            assert_memory_equal(got, want, 64);
            assert_int_equal(cb_ed25519_verify(&k, ref.pub, msg, (size_t)n * 5, want), 0);
            cb_ed25519_key_free(&k);
        }
    }
    cb_ed25519_key_free(&ref);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_order),
        cmocka_unit_test(test_selftest),
        cmocka_unit_test(test_noncanonical_sig),
        cmocka_unit_test(test_noncanonical_key),
        cmocka_unit_test(test_small_order_key),
        cmocka_unit_test(test_variants_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
