/*
 * tests/test_ecdsa.c - ECDSA over P-256 on every P-256 variant built (both limb
 * widths on a 64-bit host): the group order, RFC 6979 A.2.5's deterministic
 * signatures exactly, round trips that every variant signs identically, and the
 * Wycheproof-style cases: r or s zero or >= n, s > n/2 (ECDSA is malleable: n - s
 * verifies too), a public key off the curve, the point at infinity, a coordinate
 * written >= p, a sum u1 G + u2 Q at infinity, and a wrong message.
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

/* SP 800-186 3.2.1.3: n, p and G */
static const char N_hex[] = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
static const char P_hex[] = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";
static const char GX_hex[] = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296";
static const char GY_hex[] = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";

static void hex(uint8_t *out, size_t len, const char *h)
{
    assert_int_equal(cb_hex_bytes(out, len, h), 0);
}

/* sub256 sets r = a - b for 32-byte big-endian numbers (a >= b). */
static void sub256(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])
{
    int borrow = 0;
    for (int i = 31; i >= 0; i--) {
        int d = a[i] - b[i] - borrow;
        borrow = d < 0;
        r[i] = (uint8_t)(d + 256 * borrow);
    }
}

/* add256 sets r = a + b and returns the carry out. */
static int add256(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])
{
    int carry = 0;
    for (int i = 31; i >= 0; i--) {
        int s = a[i] + b[i] + carry;
        r[i] = (uint8_t)s;
        carry = s >> 8;
    }
    return carry;
}

/* variants returns the built-in variants of ecdsap256 in vs (at most max). */
static size_t variants(const cb_variant **vs, size_t max)
{
    size_t n = tu_builtin_variants("ecdsap256", vs, max);
#ifdef __SIZEOF_INT128__
    assert_true(n >= 2); /* generic (64-bit limbs) and radix32 */
#endif
    return n;
}

/* A deterministic generator (xorshift64*), so a failure reproduces. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static void rng_bytes(uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        rng_state ^= rng_state >> 12;
        rng_state ^= rng_state << 25;
        rng_state ^= rng_state >> 27;
        out[i] = (uint8_t)((rng_state * 0x2545f4914f6cdd1du) >> 56);
    }
}

/* [1]G is G, [n-1]G is -G = (Gx, p - Gy), [n]G and [0]G are the point at infinity. */
static void test_group_order(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t n[32], p[32], gx[32], gy[32], k[32], x[32], y[32], negy[32];
    hex(n, 32, N_hex);
    hex(p, 32, P_hex);
    hex(gx, 32, GX_hex);
    hex(gy, 32, GY_hex);
    sub256(negy, p, gy);
    for (size_t i = 0; i < nv; i++) {
        cb_ecdsa_key key;
        assert_int_equal(cb_ecdsa_key_init(&key, vs[i]), 0);
        memset(k, 0, 32);
        k[31] = 1;
        assert_int_equal(key.ops->base(key.ctx, x, y, k), 0);
        assert_memory_equal(x, gx, 32);
        assert_memory_equal(y, gy, 32);
        memcpy(k, n, 32);
        k[31] -= 1;
        assert_int_equal(key.ops->base(key.ctx, x, y, k), 0);
        assert_memory_equal(x, gx, 32);
        assert_memory_equal(y, negy, 32);
        assert_int_equal(key.ops->base(key.ctx, x, y, n), -1);
        memset(k, 0, 32);
        assert_int_equal(key.ops->base(key.ctx, x, y, k), -1);
        cb_ecdsa_key_free(&key);
    }
}

/* RFC 6979 A.2.5 (P-256, SHA-256): the public key U, and for "sample" and "test"
 * the nonce k and the signature (r, s), exactly (the RFC's values, kept in
 * kernels/pkey/ecdsa.c for the selftest too). */
static void test_rfc6979(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t d[32], ux[32], uy[32];
    hex(d, 32, cb_ecdsa_a25_key_hex.x);
    hex(ux, 32, cb_ecdsa_a25_key_hex.ux);
    hex(uy, 32, cb_ecdsa_a25_key_hex.uy);
    for (size_t i = 0; i < nv; i++) {
        cb_ecdsa_key key;
        assert_int_equal(cb_ecdsa_key_init(&key, vs[i]), 0);
        assert_int_equal(cb_ecdsa_key_set_priv(&key, d), 0);
        assert_memory_equal(key.qx, ux, 32);
        assert_memory_equal(key.qy, uy, 32);
        for (size_t t = 0; t < CB_ECDSA_A25_COUNT; t++) {
            const cb_ecdsa_a25_sig *a25 = &cb_ecdsa_a25[t];
            uint8_t h[32], k[32], want[32], r[32], s[32];
            cb_pkey_sha256(&key.hash, (const uint8_t *)a25->msg, strlen(a25->msg), h);
            cb_ecdsa_nonce(&key, h, 0, k);
            hex(want, 32, a25->k);
            assert_memory_equal(k, want, 32);
            assert_int_equal(cb_ecdsa_sign_digest(&key, h, r, s), 0);
            hex(want, 32, a25->r);
            assert_memory_equal(r, want, 32);
            hex(want, 32, a25->s);
            assert_memory_equal(s, want, 32);
        }
        assert_null(cb_ecdsa_selftest(vs[i]));
        cb_ecdsa_key_free(&key);
    }
}

/* Pseudo-random keys and messages: every variant signs identically (RFC 6979 makes
 * the signature a function of key and message), verifies the others' signatures,
 * and rejects the signature for a changed message. */
static void test_round_trips(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    cb_ecdsa_key keys[8];
    for (size_t i = 0; i < nv; i++)
        assert_int_equal(cb_ecdsa_key_init(&keys[i], vs[i]), 0);
    for (int round = 0; round < 12; round++) {
        uint8_t d[32], msg[80], h[32], sig[8][64];
        rng_bytes(d, 32);
        d[0] &= 0x7f; /* below n */
        size_t mlen = (size_t)round * 6;
        rng_bytes(msg, mlen);
        for (size_t i = 0; i < nv; i++) {
            assert_int_equal(cb_ecdsa_key_set_priv(&keys[i], d), 0);
            cb_pkey_sha256(&keys[i].hash, msg, mlen, h);
            assert_int_equal(cb_ecdsa_sign_digest(&keys[i], h, sig[i], sig[i] + 32), 0);
            assert_memory_equal(sig[i], sig[0], 64);
            assert_memory_equal(keys[i].qx, keys[0].qx, 32);
            assert_memory_equal(keys[i].qy, keys[0].qy, 32);
        }
        for (size_t i = 0; i < nv; i++) {
            cb_pkey_num r = {sig[0], 32}, s = {sig[0] + 32, 32};
            cb_pkey_sha256(&keys[i].hash, msg, mlen, h);
            assert_int_equal(cb_ecdsa_verify_digest(&keys[i], h, 32, &r, &s), 0);
            msg[0] ^= 0x80; /* a wrong message (the empty one gets one byte) */
            cb_pkey_sha256(&keys[i].hash, msg, mlen ? mlen : 1, h);
            assert_int_equal(cb_ecdsa_verify_digest(&keys[i], h, 32, &r, &s), 1);
            msg[0] ^= 0x80;
        }
    }
    for (size_t i = 0; i < nv; i++)
        cb_ecdsa_key_free(&keys[i]);
}

/* sign_one signs "cryptobench" with the embedded key's d on v: key, digest, r, s. */
static void sign_one(const cb_variant *v, cb_ecdsa_key *key, uint8_t h[32], uint8_t r[32],
                     uint8_t s[32])
{
    uint8_t d[32];
    hex(d, 32, cb_ecdsa_keys[0].d);
    assert_int_equal(cb_ecdsa_key_init(key, v), 0);
    assert_int_equal(cb_ecdsa_key_set_priv(key, d), 0);
    cb_pkey_sha256(&key->hash, (const uint8_t *)"cryptobench", 11, h);
    assert_int_equal(cb_ecdsa_sign_digest(key, h, r, s), 0);
}

static int verify(cb_ecdsa_key *key, const uint8_t h[32], const uint8_t *r, size_t rlen,
                  const uint8_t *s, size_t slen)
{
    cb_pkey_num rn = {r, rlen}, sn = {s, slen};
    return cb_ecdsa_verify_digest(key, h, 32, &rn, &sn);
}

/* r or s zero, equal to n, or over n, and r + n when it fits, are all rejected; a
 * signature with leading zero bytes before its 32 still verifies; and n - s does
 * (malleability: both s and n - s sign, whichever is above n/2). */
static void test_scalar_ranges(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t n[32], zero[32] = {0}, ones[32];
    hex(n, 32, N_hex);
    memset(ones, 0xff, 32);
    for (size_t i = 0; i < nv; i++) {
        cb_ecdsa_key key;
        uint8_t h[32], r[32], s[32], t[32], wide[40] = {0};
        sign_one(vs[i], &key, h, r, s);
        assert_int_equal(verify(&key, h, r, 32, s, 32), 0);
        assert_int_equal(verify(&key, h, zero, 32, s, 32), 1);
        assert_int_equal(verify(&key, h, r, 32, zero, 32), 1);
        assert_int_equal(verify(&key, h, n, 32, s, 32), 1);
        assert_int_equal(verify(&key, h, r, 32, n, 32), 1);
        assert_int_equal(verify(&key, h, ones, 32, s, 32), 1);
        assert_int_equal(verify(&key, h, r, 32, ones, 32), 1);
        if (add256(t, r, n) == 0) /* r + n < 2^256: same residue, still out of range */
            assert_int_equal(verify(&key, h, t, 32, s, 32), 1);
        if (add256(t, s, n) == 0)
            assert_int_equal(verify(&key, h, r, 32, t, 32), 1);
        memcpy(wide + 8, r, 32);
        assert_int_equal(verify(&key, h, wide, 40, s, 32), 0);
        wide[0] = 1; /* a 33rd significant byte */
        assert_int_equal(verify(&key, h, wide, 40, s, 32), 1);
        sub256(t, n, s);
        assert_int_equal(verify(&key, h, r, 32, t, 32), 0);
        cb_ecdsa_key_free(&key);
    }
}

/* forge makes a valid signature for an arbitrary public key without its private key
 * (R = u1 G + u2 Q, r = x(R) mod n, s = r / u2, z = u1 s): how a test gets signatures
 * under keys it has no d for.  Returns the check's result. */
static int forge(const cb_ecdsa_key *key, const uint8_t qx[32], const uint8_t qy[32],
                 uint8_t z[32], uint8_t r[32], uint8_t s[32])
{
    uint8_t u1[32], u2[32], x[32], n[32], inv[32];
    hex(n, 32, N_hex);
    memset(u1, 0, 32);
    memset(u2, 0, 32);
    u1[31] = 5;
    u2[31] = 7;
    int rc = key->ops->check(key->ctx, x, u1, u2, qx, qy);
    if (rc != 0)
        return rc;
    if (memcmp(x, n, 32) >= 0)
        sub256(x, x, n);
    memcpy(r, x, 32);
    key->ops->ord_inv(key->ctx, inv, u2);
    key->ops->ord_mul(key->ctx, s, r, inv);
    key->ops->ord_mul(key->ctx, z, u1, s);
    return 0;
}

/* Public keys: off the curve, the point at infinity (written (0, 0), no affine
 * point), a coordinate written as itself plus p, and one over 256 bits; a signature
 * whose u1 G + u2 Q is the point at infinity. */
static void test_public_keys(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    /* (0, sqrt(b)) is on the curve: y = b^((p+1)/4) mod p (p = 3 mod 4), computed
     * from SP 800-186's b; forge() below shows the curve accepts it */
    uint8_t x0[32] = {0}, y0[32], p[32], n[32], gx[32], gy[32];
    hex(y0, 32, "66485c780e2f83d72433bd5d84a06bb6541c2af31dae871728bf856a174f93f4");
    hex(p, 32, P_hex);
    hex(n, 32, N_hex);
    hex(gx, 32, GX_hex);
    hex(gy, 32, GY_hex);
    for (size_t i = 0; i < nv; i++) {
        cb_ecdsa_key key;
        uint8_t h[32], r[32], s[32], z[32], bad[32];
        sign_one(vs[i], &key, h, r, s);
        memcpy(bad, key.qy, 32);
        bad[31] ^= 1; /* off the curve */
        uint8_t qx[32], qy[32];
        memcpy(qx, key.qx, 32);
        memcpy(qy, key.qy, 32);
        cb_ecdsa_key_set_pub(&key, key.qx, bad);
        assert_int_equal(verify(&key, h, r, 32, s, 32), 1);
        cb_ecdsa_key_set_pub(&key, x0, x0); /* infinity's usual stand-in */
        assert_int_equal(verify(&key, h, r, 32, s, 32), 1);
        cb_ecdsa_key_set_pub(&key, qx, qy);
        assert_int_equal(verify(&key, h, r, 32, s, 32), 0);

        /* (0, y0): valid as written, rejected with x written as p */
        assert_int_equal(forge(&key, x0, y0, z, r, s), 0);
        cb_ecdsa_key_set_pub(&key, x0, y0);
        assert_int_equal(verify(&key, z, r, 32, s, 32), 0);
        cb_ecdsa_key_set_pub(&key, p, y0);
        assert_int_equal(verify(&key, z, r, 32, s, 32), 1);
        assert_int_equal(key.ops->check(key.ctx, bad, z, z, p, y0), -1);

        /* Q = G and z = n - r: u1 + u2 = (z + r) / s = 0, so the sum is infinity */
        cb_ecdsa_key_set_pub(&key, gx, gy);
        memset(r, 0, 32);
        r[31] = 3;
        sub256(z, n, r);
        memset(s, 0, 32);
        s[31] = 1;
        assert_int_equal(verify(&key, z, r, 32, s, 32), 1);
        cb_ecdsa_key_free(&key);

        /* the raw entry point: a coordinate of 33 significant bytes is no point */
        uint8_t big[33];
        big[0] = 1;
        memcpy(big + 1, gy, 32);
        cb_ecdsa_raw raw = {{gx, 32}, {big, 33}, {NULL, 0}, NULL};
        cb_pkey_num rn = {r, 32}, sn = {s, 32};
        assert_int_equal(cb_ecdsa_verify_raw(vs[i], &raw, (const uint8_t *)"x", 1, &rn, &sn), 1);
    }
}

/* The embedded key: d gives OpenSSL's Q, OpenSSL's signature of "abc" verifies, and
 * the message-level API round-trips on every variant. */
static void test_embedded_key(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    const cb_alg *a = cb_alg_find("ecdsap256");
    assert_non_null(cb_alg_find("ecdsa-nistp256"));
    assert_ptr_equal(cb_alg_find("ecdsa-nistp256"), a);
    for (size_t i = 0; i < nv; i++) {
        char err[200];
        assert_int_equal(cb_pkey_selftest(a, vs[i], err, sizeof err), 0);
        cb_pkey *k = cb_pkey_new(a, vs[i]);
        assert_non_null(k);
        uint8_t sig[64], msg[3] = {'a', 'b', 'c'};
        size_t siglen = 0;
        assert_int_equal(cb_pkey_sig_max(k), 64);
        assert_int_equal(cb_pkey_sign(k, msg, 3, sig, &siglen), 0);
        assert_int_equal(siglen, 64);
        assert_int_equal(cb_pkey_verify(k, msg, 3, sig, siglen), 0);
        assert_int_equal(cb_pkey_verify(k, msg, 2, sig, siglen), 1);
        assert_int_equal(cb_pkey_verify(k, msg, 3, sig, 63), 1);
        uint8_t r[32], s[32];
        hex(r, 32, cb_ecdsa_keys[0].kat_r);
        hex(s, 32, cb_ecdsa_keys[0].kat_s);
        memcpy(sig, r, 32);
        memcpy(sig + 32, s, 32);
        assert_int_equal(cb_pkey_verify(k, msg, 3, sig, 64), 0);
        cb_pkey_free(k);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_order),  cmocka_unit_test(test_rfc6979),
        cmocka_unit_test(test_round_trips),  cmocka_unit_test(test_scalar_ranges),
        cmocka_unit_test(test_public_keys),  cmocka_unit_test(test_embedded_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
