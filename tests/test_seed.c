/*
 * tests/test_seed.c - the generic SEED ops against RFC 4269's vectors and a reference
 * written straight from RFC 4269's description: G by its Z equations over S1, S2 and
 * the masks, checked against SS-box values the RFC lists, the key schedule with
 * 64-bit rotations and the rounds with explicit half swaps.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/check/vectors/vectors.h"
#include "kernels/generic/generic.h"
#include "kernels/generic/seed_sbox.h"
#include "tests/support.h"

static const cb_block_ops *ops = &cb_seed_generic_ops;

/* seed_key: an aligned schedule keyed for one direction. */
typedef struct seed_key {
    _Alignas(64) uint8_t ks[512];
} seed_key;

static void key_setup(seed_key *k, const uint8_t key[16], int decrypt)
{
    assert_true(ops->key_size <= sizeof k->ks);
    assert_int_equal(ops->set_key(k->ks, key, 16, decrypt), 0);
}

/* ---- a reference SEED from RFC 4269 --------------------------------------------------- */

#define BYTE(v) v,
static const uint8_t s1[256] = {SEED_S1(BYTE)};
static const uint8_t s2[256] = {SEED_S2(BYTE)};

/* ref_z is RFC 4269 2.3's Z3 || Z2 || Z1 || Z0 from the S-box outputs y[0..3] = Y0..Y3. */
static uint32_t ref_z(const uint8_t y[4])
{
    static const uint8_t m[4] = {0xfc, 0xf3, 0xcf, 0x3f};
    uint8_t z3 = (y[0] & m[3]) ^ (y[1] & m[0]) ^ (y[2] & m[1]) ^ (y[3] & m[2]);
    uint8_t z2 = (y[0] & m[2]) ^ (y[1] & m[3]) ^ (y[2] & m[0]) ^ (y[3] & m[1]);
    uint8_t z1 = (y[0] & m[1]) ^ (y[1] & m[2]) ^ (y[2] & m[3]) ^ (y[3] & m[0]);
    uint8_t z0 = (y[0] & m[0]) ^ (y[1] & m[1]) ^ (y[2] & m[2]) ^ (y[3] & m[3]);
    return (uint32_t)z3 << 24 | (uint32_t)z2 << 16 | (uint32_t)z1 << 8 | z0;
}

/* ref_s is the S-box of byte position j of G's input: S1 for X0 and X2, S2 for X1, X3. */
static uint8_t ref_s(int j, uint8_t x)
{
    return j % 2 ? s2[x] : s1[x];
}

static uint32_t ref_g(uint32_t x)
{
    uint8_t y[4];
    for (int j = 0; j < 4; j++)
        y[j] = ref_s(j, (uint8_t)(x >> (8 * j)));
    return ref_z(y);
}

/* ref_ss is the SS-box of position j: G's output from byte b there alone. */
static uint32_t ref_ss(int j, uint8_t b)
{
    uint8_t y[4] = {0, 0, 0, 0};
    y[j] = ref_s(j, b);
    return ref_z(y);
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* ref_schedule: RFC 4269 2.2 with Key0 || Key1 and Key2 || Key3 as 64-bit values. */
static void ref_schedule(const uint8_t key[16], uint32_t k[16][2])
{
    uint64_t a = (uint64_t)be32(key) << 32 | be32(key + 4);
    uint64_t b = (uint64_t)be32(key + 8) << 32 | be32(key + 12);
    uint32_t kc = 0x9e3779b9u;
    for (int i = 0; i < 16; i++) {
        uint32_t key0 = (uint32_t)(a >> 32), key1 = (uint32_t)a;
        uint32_t key2 = (uint32_t)(b >> 32), key3 = (uint32_t)b;
        k[i][0] = ref_g(key0 + key2 - kc);
        k[i][1] = ref_g(key1 - key3 + kc);
        if (i % 2 == 0)
            a = a >> 8 | a << 56;
        else
            b = b << 8 | b >> 56;
        kc = kc << 1 | kc >> 31;
    }
}

/* ref_f is RFC 4269 2.1's F on (C, D) with round key (K0, K1). */
static void ref_f(uint32_t c, uint32_t d, const uint32_t k[2], uint32_t out[2])
{
    uint32_t t0 = c ^ k[0], t1 = d ^ k[1];
    uint32_t g1 = ref_g(t0 ^ t1);
    uint32_t g2 = ref_g(g1 + t0);
    uint32_t g3 = ref_g(g1 + g2);
    out[0] = g2 + g3;
    out[1] = g3;
}

/* ref_block: sixteen rounds L_i = R_{i-1}, R_i = L_{i-1} ^ F(R_{i-1}, K_i), output
 * R16 || L16; decryption takes the round keys from K16 down. */
static void ref_block(const uint8_t key[16], int decrypt, const uint8_t in[16],
                      uint8_t out[16])
{
    uint32_t k[16][2], l[2] = {be32(in), be32(in + 4)}, r[2] = {be32(in + 8), be32(in + 12)};
    ref_schedule(key, k);
    for (int i = 0; i < 16; i++) {
        uint32_t f[2];
        ref_f(r[0], r[1], k[decrypt ? 15 - i : i], f);
        uint32_t n0 = l[0] ^ f[0], n1 = l[1] ^ f[1];
        l[0] = r[0];
        l[1] = r[1];
        r[0] = n0;
        r[1] = n1;
    }
    uint32_t w[4] = {r[0], r[1], l[0], l[1]};
    for (int i = 0; i < 16; i++)
        out[i] = (uint8_t)(w[i / 4] >> (24 - 8 * (i % 4)));
}

/* ---- tests ------------------------------------------------------------------------- */

/* The vectors `selftest` embeds, in both directions, through ecb or cbc as named. */
static void test_embedded_vectors(void **state)
{
    (void)state;
    assert_int_equal(tu_block_vectors(ops, cb_vectors_seed, 16), cb_vectors_seed_count);
}

/* G built from S1, S2 and the masks gives the SS-box entries RFC 4269 lists (the
 * first of SS0, SS1 and SS3 and the last of SS2), and S1 and S2 are permutations. */
static void test_ss_boxes(void **state)
{
    (void)state;
    static const struct {
        int box, first;
        uint32_t v[4];
    } listed[] = {
        {0, 0, {0x2989a1a8, 0x05858184, 0x16c6d2d4, 0x13c3d3d0}},
        {1, 0, {0x38380830, 0xe828c8e0, 0x2c2d0d21, 0xa42686a2}},
        {2, 252, {0x90901080, 0x62682a4a, 0x22282a0a, 0x92981a8a}},
        {3, 0, {0x08303838, 0xc8e0e828, 0x0d212c2d, 0x86a2a426}},
    };
    for (size_t i = 0; i < sizeof listed / sizeof listed[0]; i++)
        for (int j = 0; j < 4; j++)
            if (ref_ss(listed[i].box, (uint8_t)(listed[i].first + j)) != listed[i].v[j])
                fail_msg("SS%d[%d] is %08x, RFC 4269 lists %08x", listed[i].box,
                         listed[i].first + j,
                         (unsigned)ref_ss(listed[i].box, (uint8_t)(listed[i].first + j)),
                         (unsigned)listed[i].v[j]);
    uint8_t seen1[256] = {0}, seen2[256] = {0};
    for (int x = 0; x < 256; x++)
        seen1[s1[x]]++, seen2[s2[x]]++;
    for (int x = 0; x < 256; x++) {
        assert_int_equal(seen1[x], 1);
        assert_int_equal(seen2[x], 1);
    }
}

/* The reference reproduces RFC 4269 Appendix B, so it is SEED. */
static void test_reference_matches_rfc(void **state)
{
    (void)state;
    for (const cb_vector *v = cb_vectors_seed; v->alg; v++) {
        if (v->iv)
            continue;
        size_t n;
        uint8_t *key = tu_unhex(v->key, &n), *msg = tu_unhex(v->msg, &n);
        uint8_t *want = tu_unhex(v->expect, &n), out[16];
        ref_block(key, 0, msg, out);
        assert_memory_equal(out, want, 16);
        ref_block(key, 1, want, out);
        assert_memory_equal(out, msg, 16);
        free(key), free(msg), free(want);
    }
}

/* Random keys and blocks against the reference, both directions. */
static void test_reference_cross_check(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < 400; i++) {
        uint8_t key[16], in[16], out[16], want[16];
        int decrypt = i & 1;
        seed_key k;
        tu_fill(key, sizeof key, 3 * i + 1);
        tu_fill(in, sizeof in, 3 * i + 2);
        key_setup(&k, key, decrypt);
        ops->ecb(k.ks, in, out, 1);
        ref_block(key, decrypt, in, want);
        if (memcmp(out, want, 16) != 0)
            fail_msg("case %u: %s", i, decrypt ? "decrypt" : "encrypt");
    }
}

/* in == out gives what separate buffers give, chaining spans calls, and decryption
 * inverts encryption in both modes. */
static void test_in_place_and_chaining(void **state)
{
    (void)state;
    tu_block_chaining(ops, 16);
}

static void test_rejects_key_lengths(void **state)
{
    (void)state;
    seed_key k;
    uint8_t key[32] = {0};
    static const size_t bad[] = {0, 8, 15, 17, 24, 32};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_not_equal(ops->set_key(k.ks, key, bad[i], 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_vectors),
        cmocka_unit_test(test_ss_boxes),
        cmocka_unit_test(test_reference_matches_rfc),
        cmocka_unit_test(test_reference_cross_check),
        cmocka_unit_test(test_in_place_and_chaining),
        cmocka_unit_test(test_rejects_key_lengths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
