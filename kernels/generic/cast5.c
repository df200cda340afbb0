/*
 * kernels/generic/cast5.c - CAST-128 (RFC 2144) in portable C, 40- to 128-bit keys.
 *
 * A key shorter than 16 bytes is padded with zero bytes; up to 80 bits it runs 12
 * rounds, above 16 (section 2.5).  The schedule keeps the 32-bit masking keys Km and
 * the 5-bit rotation keys Kr per round; the rounds are unrolled, with the round
 * function's three types (section 2.2) fixed by the round's position, so decryption
 * is its own unrolled sequence.  Words are big-endian (the RFC's x0 is the most
 * significant byte) and assembled by hand.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kernels/generic/block64.h"
#include "kernels/generic/cast5_sbox.h"
#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"

/* cast5_ks: the masking and rotation keys of each round. */
typedef struct cast5_ks {
    uint32_t km[16];
    uint32_t kr[16];
    unsigned rounds; /* 12 or 16 */
    int decrypt;
} cast5_ks;

#define S1 cast5_s[0]
#define S2 cast5_s[1]
#define S3 cast5_s[2]
#define S4 cast5_s[3]
#define S5 cast5_s[4]
#define S6 cast5_s[5]
#define S7 cast5_s[6]
#define S8 cast5_s[7]

static inline uint32_t rotl32(uint32_t x, uint32_t n)
{
    return (x << n) | (x >> ((32 - n) & 31));
}

/* The key schedule (section 2.4) on the bytes x0..xF and z0..zF. */
static uint32_t word(const uint8_t *b)
{
    return cb_load_be32(b);
}

/* xz: z0..zF from x0..xF, the first and third steps of each half of section 2.4. */
static void xz(uint8_t z[16], const uint8_t x[16])
{
    cb_store_be32(z, word(x) ^ S5[x[13]] ^ S6[x[15]] ^ S7[x[12]] ^ S8[x[14]] ^ S7[x[8]]);
    cb_store_be32(z + 4, word(x + 8) ^ S5[z[0]] ^ S6[z[2]] ^ S7[z[1]] ^ S8[z[3]] ^ S8[x[10]]);
    cb_store_be32(z + 8, word(x + 12) ^ S5[z[7]] ^ S6[z[6]] ^ S7[z[5]] ^ S8[z[4]] ^ S5[x[9]]);
    cb_store_be32(z + 12, word(x + 4) ^ S5[z[10]] ^ S6[z[9]] ^ S7[z[11]] ^ S8[z[8]] ^
                              S6[x[11]]);
}

/* zx: x0..xF from z0..zF, the second and fourth steps. */
static void zx(uint8_t x[16], const uint8_t z[16])
{
    cb_store_be32(x, word(z + 8) ^ S5[z[5]] ^ S6[z[7]] ^ S7[z[4]] ^ S8[z[6]] ^ S7[z[0]]);
    cb_store_be32(x + 4, word(z) ^ S5[x[0]] ^ S6[x[2]] ^ S7[x[1]] ^ S8[x[3]] ^ S8[z[2]]);
    cb_store_be32(x + 8, word(z + 4) ^ S5[x[7]] ^ S6[x[6]] ^ S7[x[5]] ^ S8[x[4]] ^ S5[z[1]]);
    cb_store_be32(x + 12, word(z + 12) ^ S5[x[10]] ^ S6[x[9]] ^ S7[x[11]] ^ S8[x[8]] ^
                              S6[z[3]]);
}

/*
 * Each group of four subkeys is K = S5[a] ^ S6[b] ^ S7[c] ^ S8[d] ^ S(5+j)[e] for the
 * j-th key of the group, indices into z (groups 0 and 2) or x (groups 1 and 3).
 */
static const uint8_t key_taps[4][4][5] = {
    {{8, 9, 7, 6, 2}, {10, 11, 5, 4, 6}, {12, 13, 3, 2, 9}, {14, 15, 1, 0, 12}},
    {{3, 2, 12, 13, 8}, {1, 0, 14, 15, 13}, {7, 6, 8, 9, 3}, {5, 4, 10, 11, 7}},
    {{3, 2, 12, 13, 9}, {1, 0, 14, 15, 12}, {7, 6, 8, 9, 2}, {5, 4, 10, 11, 6}},
    {{8, 9, 7, 6, 3}, {10, 11, 5, 4, 7}, {12, 13, 3, 2, 8}, {14, 15, 1, 0, 13}},
};

/* subkeys writes the four keys of group g from the bytes b into k. */
static void subkeys(uint32_t k[4], const uint8_t b[16], int g)
{
    for (int j = 0; j < 4; j++) {
        const uint8_t *t = key_taps[g][j];
        k[j] = S5[b[t[0]]] ^ S6[b[t[1]]] ^ S7[b[t[2]]] ^ S8[b[t[3]]] ^ cast5_s[4 + j][b[t[4]]];
    }
}

/* cast5_generic_set_key: K1..K16 are the masking keys, K17..K32 (low five bits) the
 * rotation keys; the second half carries on from the first's last x. */
static int cast5_generic_set_key(void *vks, const uint8_t *key, size_t keylen, int decrypt)
{
    cast5_ks *ks = vks;
    if (keylen < 5 || keylen > 16)
        return -1;
    uint8_t x[16] = {0}, z[16];
    uint32_t k[32];
    memcpy(x, key, keylen);
    for (int half = 0; half < 2; half++) {
        uint32_t *o = k + 16 * half;
        xz(z, x);
        subkeys(o, z, 0);
        zx(x, z);
        subkeys(o + 4, x, 1);
        xz(z, x);
        subkeys(o + 8, z, 2);
        zx(x, z);
        subkeys(o + 12, x, 3);
    }
    for (int i = 0; i < 16; i++) {
        ks->km[i] = k[i];
        ks->kr[i] = k[16 + i] & 31;
    }
    ks->rounds = keylen <= 10 ? 12 : 16;
    ks->decrypt = decrypt != 0;
    cb_wipe(x, sizeof x);
    cb_wipe(z, sizeof z);
    cb_wipe(k, sizeof k);
    return 0;
}

/* The round function's three types (section 2.2); I's bytes Ia (most significant) to
 * Id index S1..S4. */
#define CAST_I(op, d, i) rotl32(ks->km[i] op(d), ks->kr[i])
#define CAST_S(t, a, b, c) \
    ((S1[(t) >> 24] a S2[((t) >> 16) & 0xff]) b S3[((t) >> 8) & 0xff]) c S4[(t) & 0xff]
#define F1(dst, d, i) do { uint32_t t_ = CAST_I(+, d, i); dst ^= CAST_S(t_, ^, -, +); } while (0)
#define F2(dst, d, i) do { uint32_t t_ = CAST_I(^, d, i); dst ^= CAST_S(t_, -, +, ^); } while (0)
#define F3(dst, d, i) do { uint32_t t_ = CAST_I(-, d, i); dst ^= CAST_S(t_, +, ^, -); } while (0)

/* cast5_encrypt: L_i = R_{i-1}, R_i = L_{i-1} ^ f_i(R_{i-1}), output R16 L16 (or
 * R12 L12); the halves trade names instead of places. */
static inline void cast5_encrypt(const cast5_ks *ks, uint32_t *w0, uint32_t *w1)
{
    uint32_t l = *w0, r = *w1;
    F1(l, r, 0);
    F2(r, l, 1);
    F3(l, r, 2);
    F1(r, l, 3);
    F2(l, r, 4);
    F3(r, l, 5);
    F1(l, r, 6);
    F2(r, l, 7);
    F3(l, r, 8);
    F1(r, l, 9);
    F2(l, r, 10);
    F3(r, l, 11);
    if (ks->rounds == 16) {
        F1(l, r, 12);
        F2(r, l, 13);
        F3(l, r, 14);
        F1(r, l, 15);
    }
    *w0 = r;
    *w1 = l;
}

/* cast5_decrypt undoes cast5_encrypt's steps from the last back to the first. */
static inline void cast5_decrypt(const cast5_ks *ks, uint32_t *w0, uint32_t *w1)
{
    uint32_t r = *w0, l = *w1;
    if (ks->rounds == 16) {
        F1(r, l, 15);
        F3(l, r, 14);
        F2(r, l, 13);
        F1(l, r, 12);
    }
    F3(r, l, 11);
    F2(l, r, 10);
    F1(r, l, 9);
    F3(l, r, 8);
    F2(r, l, 7);
    F1(l, r, 6);
    F3(r, l, 5);
    F2(l, r, 4);
    F1(r, l, 3);
    F3(l, r, 2);
    F2(r, l, 1);
    F1(l, r, 0);
    *w0 = l;
    *w1 = r;
}

CB_BLOCK64_MODES(cast5_generic, cast5_ks, cast5_encrypt, cast5_decrypt, cb_load_be32,
                 cb_store_be32)

const cb_block_ops cb_cast5_generic_ops = {
    .key_size = sizeof(cast5_ks),
    .set_key = cast5_generic_set_key,
    .ecb = cast5_generic_ecb,
    .cbc = cast5_generic_cbc,
};
