/*
 * tests/test_sm2.c - the SM2 signature (kernels/pkey/sm2.h) on every Montgomery
 * multiplication variant built: the worked example of draft-shen-sm2-ecdsa-02
 * appendix A.2 (its 256-bit test curve, key, ID, message and nonce give exactly its r
 * and s), OpenSSL's signature of the embedded key verified, round trips that every
 * variant signs identically, changed messages and signatures refused, r and s outside
 * [1, n-1] and r + s = n refused, and the name an imported `openssl speed` log gives
 * the row.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/common.h"
#include "kernels/pkey/pkey.h"
#include "kernels/pkey/sm2.h"
#include "kernels/registry.h"
#include "tests/support.h"

#define MAX_VARIANTS 8

/* variants returns the built-in MONT variants (those of rsa2048). */
static size_t variants(const cb_variant **vs)
{
    return tu_builtin_variants("rsa2048", vs, MAX_VARIANTS);
}

/* draft-shen-sm2-ecdsa-02 appendix A.2: the test curve over a 256-bit prime, the
 * signer's key, its ID and message, the nonce k and the signature (r, s), copied from
 * the draft (published test data). */
static const cb_ecp_params draft_curve = {
    "draft", "draft", "draft", 256, 1,
    "8542d69e4c044f18e8b92435bf6ff7de457283915c45517d722edb8b08f1dfc3",
    "787968b4fa32c3fd2417842e73bbfeff2f3c848b6831d7e0ec65228b3937e498",
    "63e4c6d3b23b0c849cf84241484bfe48f61d59a5b16ba06e6e12d1da27c5249a",
    "421debd61b62eab6746434ebc3cc315e32220b3badd50bdc4c4e6c147fedd43d",
    "0680512bcbb42c07d47349d2153b70c4e5d7fdfcbfa36ea1a85841b9e46e09a2",
    "8542d69e4c044f18e8b92435bf6ff7dd297720630485628d5ae74ee7c32e79b7",
};
static const char draft_d[] = "128b2fa8bd433c6c068c8d803dff79792a519a55171b1b650c23661d15897263";
static const char draft_qx[] = "0ae4c7798aa0f119471bee11825be46202bb79e2a5844495e97c04ff4df2548a";
static const char draft_qy[] = "7c0240f88f1cd4e16352a73c17b7f16f07353e53a176d684a9fe0c6bb798e857";
static const char draft_id[] = "ALICE123@YAHOO.COM";
static const char draft_msg[] = "message digest";
static const char draft_k[] = "6cb28d99385c175c94f94e934817663fc176d925dd72b727260dbaae1fb2f96f";
static const char draft_r[] = "40f1ec59f793d9f49e09dcef49130d4194f79fb1eed2caa55bacdb49c4e755d1";
static const char draft_s[] = "6fc6dac32c5d5cf10c77dfb20f7c2eb667a457872fb09ec56327a67ec7deebe7";

/* hex32 decodes 32 bytes of hex. */
static void hex32(const char *hex, uint8_t out[32])
{
    assert_int_equal(cb_hex_decode(hex, out, 32), 32);
}

static void test_draft_example(void **state)
{
    (void)state;
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = variants(vs);
    assert_true(nv > 0);
    uint8_t d[32], qx[32], qy[32], kb[32], want[64], e[32], sig[64];
    hex32(draft_d, d);
    hex32(draft_qx, qx);
    hex32(draft_qy, qy);
    hex32(draft_k, kb);
    hex32(draft_r, want);
    hex32(draft_s, want + 32);
    for (size_t i = 0; i < nv; i++) {
        cb_ecp_key k;
        cb_limb kk[CB_ECP_LIMBS] = {0};
        assert_int_equal(cb_ecp_key_init(&k, &draft_curve, vs[i], 1), 0);
        assert_int_equal(cb_ecp_key_set_priv(&k, d, sizeof d), 0);
        assert_memory_equal(k.qx, qx, 32);
        assert_memory_equal(k.qy, qy, 32);
        assert_int_equal(cb_sm2_digest(&k, (const uint8_t *)draft_id, strlen(draft_id),
                                       (const uint8_t *)draft_msg, strlen(draft_msg), e),
                         0);
        assert_int_equal(cb_bn_from_bytes(kk, k.e.nl, kb, sizeof kb), 0);
        assert_int_equal(cb_sm2_sign_k(&k, e, kk, sig), 0);
        if (memcmp(sig, want, sizeof want) != 0)
            fail_msg("variant %s: not the draft's (r, s)", vs[i]->name);
        cb_pkey_num r = {want, 32}, s = {want + 32, 32};
        assert_int_equal(cb_sm2_verify_digest(&k, e, &r, &s), 0);
        e[5] ^= 1;
        assert_int_equal(cb_sm2_verify_digest(&k, e, &r, &s), 1);
        cb_ecp_key_free(&k);
    }
}

static void test_openssl_signature(void **state)
{
    (void)state;
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = variants(vs);
    uint8_t r[33], s[33];
    long rl = cb_hex_decode(cb_sm2_key.kat_r, r, sizeof r);
    long sl = cb_hex_decode(cb_sm2_key.kat_s, s, sizeof s);
    assert_true(rl > 0 && sl > 0);
    cb_pkey_num rn = {r, (size_t)rl}, sn = {s, (size_t)sl};
    const uint8_t *msg = (const uint8_t *)cb_pkey_kat_msg;
    size_t mlen = strlen(cb_pkey_kat_msg);
    for (size_t i = 0; i < nv; i++) {
        cb_ecp_key k;
        assert_int_equal(cb_sm2_key_load(&k, vs[i]), 0);
        assert_int_equal(cb_sm2_verify(&k, msg, mlen, &rn, &sn), 0);
        /* under another ID, OpenSSL's signature is no signature */
        uint8_t e[32];
        assert_int_equal(cb_sm2_digest(&k, (const uint8_t *)"1234567812345679", 16, msg,
                                       mlen, e),
                         0);
        assert_int_equal(cb_sm2_verify_digest(&k, e, &rn, &sn), 1);
        cb_ecp_key_free(&k);
        assert_null(cb_sm2_selftest(vs[i]));
    }
}

static void test_round_trips(void **state)
{
    (void)state;
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = variants(vs);
    uint8_t msg[100], first[16][64];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 37 + 11);
    for (size_t i = 0; i < nv; i++) {
        cb_ecp_key k;
        assert_int_equal(cb_sm2_key_load(&k, vs[i]), 0);
        for (size_t j = 0; j < 16; j++) {
            uint8_t sig[64];
            size_t len = j * 6;
            assert_int_equal(cb_sm2_sign(&k, msg, len, sig), 0);
            if (i == 0)
                memcpy(first[j], sig, 64);
            else if (memcmp(first[j], sig, 64) != 0)
                fail_msg("variant %s signs %zu bytes unlike %s", vs[i]->name, len,
                         vs[0]->name);
            cb_pkey_num r = {sig, 32}, s = {sig + 32, 32};
            assert_int_equal(cb_sm2_verify(&k, msg, len, &r, &s), 0);
            if (len) {
                msg[len - 1] ^= 0x80;
                assert_int_equal(cb_sm2_verify(&k, msg, len, &r, &s), 1);
                msg[len - 1] ^= 0x80;
            }
            sig[j] ^= 0x01;
            assert_int_equal(cb_sm2_verify(&k, msg, len, &r, &s), 1);
            sig[j] ^= 0x01;
            sig[32 + j] ^= 0x40;
            assert_int_equal(cb_sm2_verify(&k, msg, len, &r, &s), 1);
        }
        cb_ecp_key_free(&k);
    }
}

/* n_plus writes n + delta (delta small, possibly negative) as 32 bytes. */
static void n_plus(uint8_t out[32], int delta)
{
    uint8_t n[32];
    hex32(cb_sm2_curve.n, n);
    int carry = delta;
    for (int i = 31; i >= 0; i--) {
        int v = n[i] + carry;
        carry = v < 0 ? -1 : v >> 8;
        out[i] = (uint8_t)(v & 0xff);
    }
}

static void test_out_of_range(void **state)
{
    (void)state;
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = variants(vs);
    const uint8_t *msg = (const uint8_t *)cb_pkey_kat_msg;
    size_t mlen = strlen(cb_pkey_kat_msg);
    uint8_t zero[32] = {0}, n[32], n1[32], big[33] = {1}, sig[64];
    n_plus(n, 0);
    n_plus(n1, -1);
    for (size_t i = 0; i < nv; i++) {
        cb_ecp_key k;
        assert_int_equal(cb_sm2_key_load(&k, vs[i]), 0);
        assert_int_equal(cb_sm2_sign(&k, msg, mlen, sig), 0);
        cb_pkey_num r = {sig, 32}, s = {sig + 32, 32}, z = {zero, 32}, nn = {n, 32},
                    bad = {big, sizeof big};
        assert_int_equal(cb_sm2_verify(&k, msg, mlen, &r, &s), 0);
        assert_int_equal(cb_sm2_verify(&k, msg, mlen, &z, &s), 1);
        assert_int_equal(cb_sm2_verify(&k, msg, mlen, &r, &z), 1);
        assert_int_equal(cb_sm2_verify(&k, msg, mlen, &nn, &s), 1);
        assert_int_equal(cb_sm2_verify(&k, msg, mlen, &r, &nn), 1);
        assert_int_equal(cb_sm2_verify(&k, msg, mlen, &bad, &s), 1);
        /* r + s = n: t = 0 */
        uint8_t one[32] = {0};
        one[31] = 1;
        cb_pkey_num o = {one, 32}, m1 = {n1, 32};
        assert_int_equal(cb_sm2_verify(&k, msg, mlen, &o, &m1), 1);
        /* a nonce of 0 or n is refused */
        cb_limb kk[CB_ECP_LIMBS] = {0};
        uint8_t e[32] = {0};
        assert_int_equal(cb_sm2_sign_k(&k, e, kk, sig), -1);
        assert_int_equal(cb_bn_from_bytes(kk, k.e.nl, n, 32), 0);
        assert_int_equal(cb_sm2_sign_k(&k, e, kk, sig), -1);
        cb_ecp_key_free(&k);
    }
}

static void test_openssl_name(void **state)
{
    (void)state;
    const cb_alg *a = cb_alg_find("sm2-curvesm2");
    assert_non_null(a);
    assert_string_equal(a->name, "sm2");
    assert_string_equal(a->heading, "SM2 (CurveSM2)");
    assert_int_equal(a->key_bits, 256);
    /* not a curve of kernels/curves.h: no ecdsa or ecdh row */
    assert_null(cb_alg_find("ecdsasm2"));
    assert_null(cb_alg_find("ecdhsm2"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_draft_example), cmocka_unit_test(test_openssl_signature),
        cmocka_unit_test(test_round_trips),   cmocka_unit_test(test_out_of_range),
        cmocka_unit_test(test_openssl_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
