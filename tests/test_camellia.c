/*
 * tests/test_camellia.c - the generic Camellia ops against RFC 3713's vectors and a
 * byte-wise reference written straight from RFC 3713's description (S-boxes by their
 * definitions, P by its equations, the key schedule by 128-bit rotations).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/check/vectors/vectors.h"
#include "kernels/generic/camellia_sbox.h"
#include "kernels/generic/generic.h"
#include "tests/support.h"

static const cb_block_ops *ops = &cb_camellia_generic_ops;

/* cam_key: an aligned schedule keyed for one direction. */
typedef struct cam_key {
    _Alignas(64) uint8_t ks[1024];
} cam_key;

static void key_setup(cam_key *k, const uint8_t *key, size_t len, int decrypt)
{
    assert_true(ops->key_size <= sizeof k->ks);
    assert_int_equal(ops->set_key(k->ks, key, len, decrypt), 0);
}

/* ---- a byte-wise Camellia from RFC 3713 ---------------------------------------------- */

#define PAIR(a, b) a, b,
static const uint8_t sbox1[256] = {CAMELLIA_SBOX1(PAIR)};

static uint8_t rol8(uint8_t x, unsigned n)
{
    return (uint8_t)(x << n | x >> (8 - n));
}

/* ref_s applies SBOX1..4 as RFC 3713 2.4.4 defines them from SBOX1. */
static uint8_t ref_s(int box, uint8_t x)
{
    switch (box) {
    case 1:
        return sbox1[x];
    case 2:
        return rol8(sbox1[x], 1);
    case 3:
        return rol8(sbox1[x], 7);
    default:
        return sbox1[rol8(x, 1)];
    }
}

/* ref_f is the F-function of RFC 3713 2.4.1 on 8-byte big-endian strings. */
static void ref_f(const uint8_t in[8], const uint8_t k[8], uint8_t out[8])
{
    static const int boxes[8] = {1, 2, 3, 4, 2, 3, 4, 1};
    uint8_t t[8];
    for (int i = 0; i < 8; i++)
        t[i] = ref_s(boxes[i], in[i] ^ k[i]);
    out[0] = t[0] ^ t[2] ^ t[3] ^ t[5] ^ t[6] ^ t[7];
    out[1] = t[0] ^ t[1] ^ t[3] ^ t[4] ^ t[6] ^ t[7];
    out[2] = t[0] ^ t[1] ^ t[2] ^ t[4] ^ t[5] ^ t[7];
    out[3] = t[1] ^ t[2] ^ t[3] ^ t[4] ^ t[5] ^ t[6];
    out[4] = t[0] ^ t[1] ^ t[5] ^ t[6] ^ t[7];
    out[5] = t[1] ^ t[2] ^ t[4] ^ t[6] ^ t[7];
    out[6] = t[2] ^ t[3] ^ t[4] ^ t[5] ^ t[7];
    out[7] = t[0] ^ t[3] ^ t[4] ^ t[5] ^ t[6];
}

/* ref_xor_f: d ^= F(s, k). */
static void ref_xor_f(uint8_t d[8], const uint8_t s[8], const uint8_t k[8])
{
    uint8_t f[8];
    ref_f(s, k, f);
    for (int i = 0; i < 8; i++)
        d[i] ^= f[i];
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (24 - 8 * i));
}

static uint32_t rol32(uint32_t x)
{
    return x << 1 | x >> 31;
}

/* ref_fl and ref_flinv are RFC 3713 2.4.2 on an 8-byte string, in place. */
static void ref_fl(uint8_t x[8], const uint8_t k[8])
{
    uint32_t x1 = be32(x), x2 = be32(x + 4);
    x2 ^= rol32(x1 & be32(k));
    x1 ^= x2 | be32(k + 4);
    put32(x, x1);
    put32(x + 4, x2);
}

static void ref_flinv(uint8_t y[8], const uint8_t k[8])
{
    uint32_t y1 = be32(y), y2 = be32(y + 4);
    y1 ^= y2 | be32(k + 4);
    y2 ^= rol32(y1 & be32(k));
    put32(y, y1);
    put32(y + 4, y2);
}

/* ref_rot writes the 16-byte v rotated left by n bits into out. */
static void ref_rot(const uint8_t v[16], unsigned n, uint8_t out[16])
{
    for (unsigned bit = 0; bit < 128; bit++) {
        unsigned from = (bit + n) % 128;
        unsigned b = (unsigned)(v[from / 8] >> (7 - from % 8)) & 1;
        if (bit % 8 == 0)
            out[bit / 8] = 0;
        out[bit / 8] |= (uint8_t)(b << (7 - bit % 8));
    }
}

/* The subkey table of RFC 3713 2.2: {variable (0 KL, 1 KR, 2 KA, 3 KB), rotation}
 * per 128-bit pair, in the RFC's order; k9/k10 of the 128-bit key are its one
 * split pair. */
typedef struct ref_ks {
    uint8_t kw[4][8], k[24][8], ke[6][8];
} ref_ks;

static void ref_schedule(const uint8_t *key, size_t len, ref_ks *ks)
{
    static const uint8_t sigma[6][8] = {
        {0xa0, 0x9e, 0x66, 0x7f, 0x3b, 0xcc, 0x90, 0x8b},
        {0xb6, 0x7a, 0xe8, 0x58, 0x4c, 0xaa, 0x73, 0xb2},
        {0xc6, 0xef, 0x37, 0x2f, 0xe9, 0x4f, 0x82, 0xbe},
        {0x54, 0xff, 0x53, 0xa5, 0xf1, 0xd3, 0x6f, 0x1c},
        {0x10, 0xe5, 0x27, 0xfa, 0xde, 0x68, 0x2d, 0x1d},
        {0xb0, 0x56, 0x88, 0xc2, 0xb3, 0xe6, 0xc1, 0xfd},
    };
    uint8_t v[4][16] = {{0}}; /* KL, KR, KA, KB */
    memcpy(v[0], key, 16);
    if (len == 32)
        memcpy(v[1], key + 16, 16);
    if (len == 24)
        for (int i = 0; i < 8; i++) {
            v[1][i] = key[16 + i];
            v[1][8 + i] = (uint8_t)~key[16 + i];
        }
    uint8_t d[16];
    for (int i = 0; i < 16; i++)
        d[i] = v[0][i] ^ v[1][i];
    ref_xor_f(d + 8, d, sigma[0]);
    ref_xor_f(d, d + 8, sigma[1]);
    for (int i = 0; i < 16; i++)
        d[i] ^= v[0][i];
    ref_xor_f(d + 8, d, sigma[2]);
    ref_xor_f(d, d + 8, sigma[3]);
    memcpy(v[2], d, 16);
    for (int i = 0; i < 16; i++)
        d[i] ^= v[1][i];
    ref_xor_f(d + 8, d, sigma[4]);
    ref_xor_f(d, d + 8, sigma[5]);
    memcpy(v[3], d, 16);

    /* {kind: 0 kw, 1 k, 2 ke; first index; variable; rotation} per pair */
    static const uint8_t t128[][4] = {
        {0, 0, 0, 0},  {1, 0, 2, 0},   {1, 2, 0, 15},  {1, 4, 2, 15}, {2, 0, 2, 30},
        {1, 6, 0, 45}, {1, 10, 2, 60}, {2, 2, 0, 77},  {1, 12, 0, 94}, {1, 14, 2, 94},
        {1, 16, 0, 111}, {0, 2, 2, 111},
    };
    static const uint8_t t256[][4] = {
        {0, 0, 0, 0},   {1, 0, 3, 0},   {1, 2, 1, 15},  {1, 4, 2, 15},  {2, 0, 1, 30},
        {1, 6, 3, 30},  {1, 8, 0, 45},  {1, 10, 2, 45}, {2, 2, 0, 60},  {1, 12, 1, 60},
        {1, 14, 3, 60}, {1, 16, 0, 77}, {2, 4, 2, 77},  {1, 18, 1, 94}, {1, 20, 2, 94},
        {1, 22, 0, 111}, {0, 2, 3, 111},
    };
    const uint8_t(*t)[4] = len == 16 ? t128 : t256;
    size_t n = len == 16 ? sizeof t128 / sizeof t128[0] : sizeof t256 / sizeof t256[0];
    for (size_t i = 0; i < n; i++) {
        uint8_t r[16];
        ref_rot(v[t[i][2]], t[i][3], r);
        uint8_t(*dst)[8] = t[i][0] == 0 ? ks->kw : t[i][0] == 1 ? ks->k : ks->ke;
        memcpy(dst[t[i][1]], r, 8);
        memcpy(dst[t[i][1] + 1], r + 8, 8);
    }
    if (len == 16) {
        uint8_t r[16];
        ref_rot(v[2], 45, r);
        memcpy(ks->k[8], r, 8);
        ref_rot(v[0], 60, r);
        memcpy(ks->k[9], r + 8, 8);
    }
}

/* ref_block encrypts or decrypts one block as RFC 3713 2.3 writes it out; decryption
 * swaps the subkeys as 2.3.2 and 2.3.3 say. */
static void ref_block(const uint8_t *key, size_t len, int decrypt, const uint8_t in[16],
                      uint8_t out[16])
{
    ref_ks ks, use;
    ref_schedule(key, len, &ks);
    int rounds = len == 16 ? 18 : 24, fls = rounds / 3 - 2;
    use = ks;
    if (decrypt) {
        memcpy(use.kw[0], ks.kw[2], 8);
        memcpy(use.kw[1], ks.kw[3], 8);
        memcpy(use.kw[2], ks.kw[0], 8);
        memcpy(use.kw[3], ks.kw[1], 8);
        for (int i = 0; i < rounds; i++)
            memcpy(use.k[i], ks.k[rounds - 1 - i], 8);
        for (int i = 0; i < fls; i++)
            memcpy(use.ke[i], ks.ke[fls - 1 - i], 8);
    }
    uint8_t d1[8], d2[8];
    for (int i = 0; i < 8; i++) {
        d1[i] = in[i] ^ use.kw[0][i];
        d2[i] = in[8 + i] ^ use.kw[1][i];
    }
    for (int r = 0; r < rounds; r += 2) {
        if (r && r % 6 == 0) {
            ref_fl(d1, use.ke[r / 3 - 2]);
            ref_flinv(d2, use.ke[r / 3 - 1]);
        }
        ref_xor_f(d2, d1, use.k[r]);
        ref_xor_f(d1, d2, use.k[r + 1]);
    }
    for (int i = 0; i < 8; i++) {
        out[i] = d2[i] ^ use.kw[2][i];
        out[8 + i] = d1[i] ^ use.kw[3][i];
    }
}

/* ---- tests ------------------------------------------------------------------------- */

/* The vectors `selftest` embeds, in both directions, through ecb or cbc as named. */
static void test_embedded_vectors(void **state)
{
    (void)state;
    assert_int_equal(tu_block_vectors(ops, cb_vectors_camellia, 16), cb_vectors_camellia_count);
}

/* The reference itself reproduces RFC 3713 Appendix A, so it is Camellia. */
static void test_reference_matches_rfc(void **state)
{
    (void)state;
    static const char *const want[3] = {"67673138549669730857065648eabe43",
                                        "b4993401b3e996f84ee5cee7d79b09b9",
                                        "9acc237dff16d76c20ef7c919e3a7509"};
    size_t len;
    uint8_t *key = tu_unhex("0123456789abcdeffedcba987654321000112233445566778899aabbccd"
                            "deeff", &len);
    for (int i = 0; i < 3; i++) {
        uint8_t out[16], back[16];
        size_t n;
        uint8_t *c = tu_unhex(want[i], &n);
        ref_block(key, 16 + 8 * (size_t)i, 0, key, out);
        assert_memory_equal(out, c, 16);
        ref_block(key, 16 + 8 * (size_t)i, 1, c, back);
        assert_memory_equal(back, key, 16);
        free(c);
    }
    free(key);
}

/* Random keys of every size and random blocks against the reference, both ways. */
static void test_reference_cross_check(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < 300; i++) {
        uint8_t key[32], in[16], out[16], want[16];
        size_t len = 16 + 8 * (i % 3);
        int decrypt = (i / 3) & 1;
        cam_key k;
        tu_fill(key, sizeof key, 2 * i + 1);
        tu_fill(in, sizeof in, 2 * i + 2);
        key_setup(&k, key, len, decrypt);
        ops->ecb(k.ks, in, out, 1);
        ref_block(key, len, decrypt, in, want);
        if (memcmp(out, want, 16) != 0)
            fail_msg("case %u: %zu-byte key, %s", i, len, decrypt ? "decrypt" : "encrypt");
    }
}

/* SBOX1 is a permutation, so the derived SBOX2..SBOX4 are too: a typo in the table
 * that the vectors happened to miss would break this. */
static void test_sbox_is_permutation(void **state)
{
    (void)state;
    uint8_t seen[256] = {0};
    for (int x = 0; x < 256; x++)
        seen[sbox1[x]]++;
    for (int x = 0; x < 256; x++)
        assert_int_equal(seen[x], 1);
}

/* in == out gives what separate buffers give, chaining spans calls, and decryption
 * inverts encryption in both modes. */
static void test_in_place_and_chaining(void **state)
{
    (void)state;
    tu_block_chaining(ops, 16);
    tu_block_chaining(ops, 24);
    tu_block_chaining(ops, 32);
}

static void test_rejects_key_lengths(void **state)
{
    (void)state;
    cam_key k;
    uint8_t key[40] = {0};
    static const size_t bad[] = {0, 8, 15, 17, 20, 31, 33, 40};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_not_equal(ops->set_key(k.ks, key, bad[i], 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_vectors),
        cmocka_unit_test(test_reference_matches_rfc),
        cmocka_unit_test(test_reference_cross_check),
        cmocka_unit_test(test_sbox_is_permutation),
        cmocka_unit_test(test_in_place_and_chaining),
        cmocka_unit_test(test_rejects_key_lengths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
