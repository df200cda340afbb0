/*
 * tests/test_ed448.c - Ed448 (RFC 8032 5.2) and X448 (RFC 7748) on every curve448
 * variant built, both radices on a 64-bit host: the group order L times B is the
 * identity; every RFC 8032 7.4 test (tests/data/kat/Ed448/rfc8032.txt, a copy of
 * python3-cryptography-vectors' file, with the context case and the 1023-byte
 * message); the rejections: S >= L, R with a changed sign bit, a public key whose y
 * is >= p or has bits 448 .. 454 set, x = 0 given with the sign bit, and public keys
 * of small order; signatures and shared secrets of radix28 equal to generic's on
 * pseudo-random seeds, scalars and points; RFC 7748's X448 vectors (5.2, from
 * tests/data/kat/X448/rfc7748.txt, the package's file; its 1 and 1000 iterations;
 * 6.2 through the selftest) and the refused all-zero secret.
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

enum { B = CB_ED448_BYTES, SIG = CB_ED448_SIG_BYTES, X = CB_X448_BYTES };

/* L (RFC 8032 5.2), little-endian, 57 bytes. */
static const char L_hex[] = "f34458ab92c27823558fc58d72c26c219036d6ae49db4ec4e923ca7cff"
                            "ffffffffffffffffffffffffffffffffffffffffffffffffffff3f00";

/* B's encoding (RFC 8032 5.2's coordinates). */
static const char B_hex[] = "14fa30f25b790898adc8d74e2c13bdfdc4397ce61cffd33ad7c2a0051e9c78874098"
                            "a36c7373ea4b62c7c9563720768824bcb66e71463f6900";

static void hex(uint8_t *out, size_t len, const char *h)
{
    assert_int_equal(cb_hex_bytes(out, len, h), 0);
}

/* variants returns the built-in variants of ed448 in vs (at most max). */
static size_t variants(const cb_variant **vs, size_t max)
{
    size_t n = tu_builtin_variants("ed448", vs, max);
#ifdef __SIZEOF_INT128__
    assert_true(n >= 2); /* a 64-bit host tests the 32-bit radix too */
#endif
    return n;
}

/* key loads RFC 8032 7.4's first key for v. */
static void key(cb_ed448_key *k, const cb_variant *v)
{
    uint8_t seed[B];
    hex(seed, B, "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f0"
                 "44e39a3fc5b94492f8f032e7549a20098f95b");
    assert_int_equal(cb_ed448_key_init(k, v, seed), 0);
}

/* [L]B is the identity (y = 1, x = 0), [1]B and [L+1]B are B. */
static void test_group_order(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t l[B], one[B] = {1}, id[B] = {1}, out[B], b[B];
    hex(l, B, L_hex);
    hex(b, B, B_hex);
    for (size_t v = 0; v < nv; v++) {
        cb_ed448_key k;
        key(&k, vs[v]);
        k.ops->ed_base(k.ctx, out, l);
        assert_memory_equal(out, id, B);
        k.ops->ed_base(k.ctx, out, one);
        assert_memory_equal(out, b, B);
        l[0]++;
        k.ops->ed_base(k.ctx, out, l);
        assert_memory_equal(out, b, B);
        l[0]--;
        cb_ed448_key_free(&k);
    }
}

/* rfc_field returns the hex after "NAME = " on line, or NULL. */
static const char *rfc_field(const char *line, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(line, name, n) != 0 || strncmp(line + n, " =", 2) != 0)
        return NULL;
    line += n + 2;
    return *line == ' ' ? line + 1 : line;
}

/* Every record of RFC 8032 7.4 (the package's rfc8032.txt): the public key, the
 * signature byte for byte, its verification, and a changed message refused. */
static void test_rfc8032(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    FILE *f = fopen(tu_data_path("kat/Ed448/rfc8032.txt"), "r");
    assert_non_null(f);
    static char line[4096];
    uint8_t seed[B], pub[B], sig[SIG], got_pub[B], got[SIG], ctx[255];
    static uint8_t msg[2048];
    size_t mlen = 0, clen = 0;
    int records = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        const char *h;
        if ((h = rfc_field(line, "SECRET"))) {
            hex(seed, B, h);
            clen = 0;
        } else if ((h = rfc_field(line, "PUBLIC"))) {
            hex(pub, B, h);
        } else if ((h = rfc_field(line, "MESSAGE"))) {
            mlen = strlen(h) / 2;
            assert_true(mlen <= sizeof msg);
            hex(msg, mlen, h);
        } else if ((h = rfc_field(line, "CONTEXT"))) {
            clen = strlen(h) / 2;
            hex(ctx, clen, h);
        } else if ((h = rfc_field(line, "SIGNATURE"))) {
            hex(sig, SIG, h);
            for (size_t v = 0; v < nv; v++) {
                assert_int_equal(cb_ed448_sign_raw(vs[v], seed, ctx, clen, msg, mlen, got_pub, got),
                                 0);
                assert_memory_equal(got_pub, pub, B);
                assert_memory_equal(got, sig, SIG);
                assert_int_equal(cb_ed448_verify_raw(vs[v], pub, ctx, clen, msg, mlen, sig), 0);
                msg[0] ^= 1;
                assert_int_equal(
                    cb_ed448_verify_raw(vs[v], pub, ctx, clen, msg, mlen ? mlen : 1, sig), 1);
                msg[0] ^= 1;
            }
            records++;
        }
    }
    fclose(f);
    assert_int_equal(records, 9); /* RFC 8032 7.4: blank .. 1023 octets */
    assert_int_equal(mlen, 1023);
}

/* The selftest (RFC 8032 7.4, OpenSSL's signature, generic's) passes for both rows. */
static void test_selftest(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    const char *algs[] = {"ed448", "ecdhx448"};
    size_t lens[] = {SIG, X};
    for (size_t i = 0; i < 2; i++) {
        const cb_alg *a = cb_alg_find(algs[i]);
        assert_non_null(a);
        for (size_t v = 0; v < nv; v++) {
            char err[200];
            if (cb_pkey_selftest(a, vs[v], err, sizeof err) != 0)
                fail_msg("%s", err);
            cb_pkey *pk = cb_pkey_new(a, vs[v]);
            assert_non_null(pk);
            assert_int_equal(cb_pkey_sig_max(pk), lens[i]);
            cb_pkey_free(pk);
        }
    }
}

/* S + L and S = L (>= L) are refused, so are S with byte 56 set, R with its sign
 * bit flipped, and a message one byte short. */
static void test_noncanonical_sig(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    const uint8_t msg[] = "a message";
    uint8_t l[B];
    hex(l, B, L_hex);
    for (size_t v = 0; v < nv; v++) {
        cb_ed448_key k;
        uint8_t sig[SIG], bad[SIG];
        key(&k, vs[v]);
        cb_ed448_sign(&k, NULL, 0, msg, sizeof msg, sig);
        assert_int_equal(cb_ed448_verify(&k, k.pub, NULL, 0, msg, sizeof msg, sig), 0);
        memcpy(bad, sig, SIG);
        unsigned carry = 0; /* S + L < 2^447 */
        for (int i = 0; i < B; i++) {
            carry += bad[B + i] + l[i];
            bad[B + i] = (uint8_t)carry;
            carry >>= 8;
        }
        assert_int_equal(cb_ed448_verify(&k, k.pub, NULL, 0, msg, sizeof msg, bad), 1);
        memcpy(bad + B, l, B);
        assert_int_equal(cb_ed448_verify(&k, k.pub, NULL, 0, msg, sizeof msg, bad), 1);
        memcpy(bad, sig, SIG);
        bad[SIG - 1] = 1;
        assert_int_equal(cb_ed448_verify(&k, k.pub, NULL, 0, msg, sizeof msg, bad), 1);
        memcpy(bad, sig, SIG);
        bad[B - 1] ^= 0x80;
        assert_int_equal(cb_ed448_verify(&k, k.pub, NULL, 0, msg, sizeof msg, bad), 1);
        assert_int_equal(cb_ed448_verify(&k, k.pub, NULL, 0, msg, sizeof msg - 1, sig), 1);
        cb_ed448_key_free(&k);
    }
}

/* A public key with y >= p is refused even where y - p decodes: for y = 2 .. 40,
 * y + p (bytes 28 .. 55 all ones, byte 0 y - 1) must not; nor y with any of bits
 * 448 .. 454 set, nor x = 0 (y = 1 or p - 1) given with the sign bit. */
static void test_noncanonical_key(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t zero[B] = {0}, out[B], b[B];
    hex(b, B, B_hex);
    for (size_t v = 0; v < nv; v++) {
        cb_ed448_key k;
        key(&k, vs[v]);
        int decoded = 0;
        for (unsigned y = 2; y <= 40; y++) {
            uint8_t a[B] = {0}, alias[B] = {0};
            a[0] = (uint8_t)y;
            alias[0] = (uint8_t)(y - 1);
            memset(alias + 28, 0xff, 28);
            if (k.ops->ed_check(k.ctx, out, zero, zero, a) == 0)
                decoded++;
            assert_int_equal(k.ops->ed_check(k.ctx, out, zero, zero, alias), -1);
        }
        assert_true(decoded > 0); /* the test tried at least one real point */
        assert_int_equal(k.ops->ed_check(k.ctx, out, zero, zero, b), 0);
        for (int bit = 0; bit < 7; bit++) {
            uint8_t a[B];
            memcpy(a, b, B);
            a[B - 1] |= (uint8_t)(1u << bit);
            assert_int_equal(k.ops->ed_check(k.ctx, out, zero, zero, a), -1);
        }
        uint8_t one[B] = {1}, m1[B];
        one[B - 1] = 0x80;
        assert_int_equal(k.ops->ed_check(k.ctx, out, zero, zero, one), -1);
        memset(m1, 0xff, B - 1); /* p - 1 */
        m1[0] = 0xfe;
        m1[28] = 0xfe;
        m1[B - 1] = 0x80;
        assert_int_equal(k.ops->ed_check(k.ctx, out, zero, zero, m1), -1);
        cb_ed448_key_free(&k);
    }
}

/* Keys of small order are refused: the identity, (0, -1) of order 2 and (1, 0),
 * (-1, 0) of order 4, with which (R = identity, S = 0) would verify any message. */
static void test_small_order_key(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t keys[4][B] = {{1}, {0}, {0}, {0}};
    memset(keys[1], 0xff, B - 1); /* y = p - 1 */
    keys[1][0] = 0xfe;
    keys[1][28] = 0xfe;
    keys[1][B - 1] = 0;
    keys[3][B - 1] = 0x80; /* y = 0, x odd */
    uint8_t sig[SIG] = {1}, out[B], zero[B] = {0};
    const uint8_t msg[] = "any message";
    for (size_t v = 0; v < nv; v++) {
        cb_ed448_key k;
        key(&k, vs[v]);
        for (size_t i = 0; i < 4; i++) {
            if (k.ops->ed_check(k.ctx, out, zero, zero, keys[i]) != -1)
                fail_msg("%s accepts small-order key %zu", vs[v]->name, i);
            assert_int_equal(cb_ed448_verify(&k, keys[i], NULL, 0, msg, sizeof msg, sig), 1);
        }
        cb_ed448_key_free(&k);
    }
}

/* Every variant signs like generic on pseudo-random seeds and messages, and each
 * accepts the other's signature. */
static void test_variants_agree(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    const cb_variant *g = cb_variant_generic(cb_alg_find("ed448"));
    assert_non_null(g);
    uint8_t seed[B], msg[100], pub[B], want[SIG], got_pub[B], got[SIG];
    int rounds = tu_quick() ? 3 : 12;
    for (int n = 0; n < rounds; n++) {
        tu_fill(seed, sizeof seed, (uint32_t)n);
        tu_fill(msg, sizeof msg, (uint32_t)n + 1000);
        size_t len = (size_t)n * 8;
        assert_int_equal(cb_ed448_sign_raw(g, seed, NULL, 0, msg, len, pub, want), 0);
        for (size_t v = 0; v < nv; v++) {
            assert_int_equal(cb_ed448_sign_raw(vs[v], seed, NULL, 0, msg, len, got_pub, got), 0);
            assert_memory_equal(got_pub, pub, B);
            assert_memory_equal(got, want, SIG);
            assert_int_equal(cb_ed448_verify_raw(vs[v], pub, NULL, 0, msg, len, want), 0);
        }
    }
}

/* RFC 7748 5.2: X448 with k = u = 5 iterated (k, u = X448(k, u), k) once and 1000
 * times (once only under an emulator's quick depth). */
static void test_x448_iterations(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    uint8_t want1[X], want1000[X];
    hex(want1, X, "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239"
                  "492caf350b51f833868b9bc2b3bca9cf4113");
    hex(want1000, X, "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202"
                     "db88286e2b79fceea3ec353ef54faa26e219f38");
    int rounds = tu_quick() ? 1 : 1000;
    for (size_t v = 0; v < nv; v++) {
        uint8_t k[X] = {5}, u[X] = {5}, r[X];
        for (int i = 1; i <= rounds; i++) {
            assert_int_equal(cb_x448(vs[v], r, k, u), 0);
            memcpy(u, k, X);
            memcpy(k, r, X);
            if (i == 1 && memcmp(k, want1, X) != 0)
                fail_msg("%s: wrong result after 1 iteration", vs[v]->name);
        }
        if (rounds == 1000 && memcmp(k, want1000, X) != 0)
            fail_msg("%s: wrong result after 1000 iterations", vs[v]->name);
    }
}

/* Every record of RFC 7748 5.2's X448 vectors (the package's X448/rfc7748.txt: the
 * two test vectors and the one-iteration case). */
static void test_rfc7748(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    FILE *f = fopen(tu_data_path("kat/X448/rfc7748.txt"), "r");
    assert_non_null(f);
    char line[512];
    uint8_t k[X], u[X], want[X], got[X];
    int records = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        const char *h;
        if ((h = rfc_field(line, "INPUT_SCALAR")))
            hex(k, X, h);
        else if ((h = rfc_field(line, "INPUT_U")))
            hex(u, X, h);
        else if ((h = rfc_field(line, "OUTPUT_U"))) {
            hex(want, X, h);
            for (size_t v = 0; v < nv; v++) {
                assert_int_equal(cb_x448(vs[v], got, k, u), 0);
                assert_memory_equal(got, want, X);
            }
            records++;
        }
    }
    fclose(f);
    assert_int_equal(records, 3);
}

/* radix28 derives generic's secrets on pseudo-random scalars and u (any 448 bits,
 * so u >= p too); u = 0 and u = 1 give the all-zero secret, which is refused. */
static void test_x448_variants_agree(void **state)
{
    (void)state;
    const cb_variant *vs[8];
    size_t nv = variants(vs, 8);
    const cb_variant *g = cb_variant_generic(cb_alg_find("ecdhx448"));
    assert_non_null(g);
    uint8_t k[X], u[X], want[X], got[X];
    for (uint32_t n = 0; n < 24; n++) {
        tu_fill(k, X, n);
        tu_fill(u, X, n + 500);
        if (n == 0)
            memset(u, 0xff, X);
        assert_int_equal(cb_x448(g, want, k, u), 0);
        for (size_t v = 0; v < nv; v++) {
            assert_int_equal(cb_x448(vs[v], got, k, u), 0);
            assert_memory_equal(got, want, X);
        }
    }
    for (size_t v = 0; v < nv; v++) {
        uint8_t low[X] = {0};
        assert_int_equal(cb_x448(vs[v], got, k, low), 1);
        low[0] = 1;
        assert_int_equal(cb_x448(vs[v], got, k, low), 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_order),
        cmocka_unit_test(test_rfc8032),
        cmocka_unit_test(test_selftest),
        cmocka_unit_test(test_noncanonical_sig),
        cmocka_unit_test(test_noncanonical_key),
        cmocka_unit_test(test_small_order_key),
        cmocka_unit_test(test_variants_agree),
        cmocka_unit_test(test_rfc7748),
        cmocka_unit_test(test_x448_iterations),
        cmocka_unit_test(test_x448_variants_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
