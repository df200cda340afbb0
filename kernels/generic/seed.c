/*
 * kernels/generic/seed.c - SEED (RFC 4269) in portable C, 128-bit key.
 *
 * The G function (RFC 4269 section 2.3) substitutes each byte of its input with S1
 * or S2 and mixes the results with the masks m0..m3; its four byte positions are
 * independent, so G is four lookups in tables SS0..SS3 (the RFC's own SS-boxes) that
 * hold each S-box output already masked into all four output bytes.  The tables are
 * built at compile time from S1, S2 and the masks.  The sixteen rounds are unrolled
 * in pairs with no half swaps; decryption runs the round keys backwards.  Bytes are
 * assembled big-endian by hand, so the code does not depend on the host's byte order.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernels/generic/block128.h"
#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"
#include "kernels/generic/seed_sbox.h"

/* RFC 4269 2.3: Z3..Z0 from the S-box output Y of input byte Xj, masks m0 = 0xfc,
 * m1 = 0xf3, m2 = 0xcf, m3 = 0x3f rotating one place per byte position. */
#define SEED_MASKED(y, a, b, c, d)                                                         \
    ((uint32_t)((y) & (a)) << 24 | (uint32_t)((y) & (b)) << 16 |                           \
     (uint32_t)((y) & (c)) << 8 | (uint32_t)((y) & (d)))
#define SS0_OF(y) SEED_MASKED(y, 0x3f, 0xcf, 0xf3, 0xfc),
#define SS1_OF(y) SEED_MASKED(y, 0xfc, 0x3f, 0xcf, 0xf3),
#define SS2_OF(y) SEED_MASKED(y, 0xf3, 0xfc, 0x3f, 0xcf),
#define SS3_OF(y) SEED_MASKED(y, 0xcf, 0xf3, 0xfc, 0x3f),

/* ss0..ss3: G's contribution of X0 (S1), X1 (S2), X2 (S1) and X3 (S2). */
static const uint32_t ss0[256] = {SEED_S1(SS0_OF)};
static const uint32_t ss1[256] = {SEED_S2(SS1_OF)};
static const uint32_t ss2[256] = {SEED_S1(SS2_OF)};
static const uint32_t ss3[256] = {SEED_S2(SS3_OF)};

/* RFC 4269 2.2: KC_i is 0x9e3779b9 (the golden ratio's fraction) rotated left by i. */
#define KC(i) ((0x9e3779b9u << (i)) | (0x9e3779b9u >> ((32 - (i)) & 31)))

/* seed_ks: the sixteen round keys (Ki,0, Ki,1) in the order the direction runs them. */
typedef struct seed_ks {
    uint32_t rk[32];
    int decrypt;
} seed_ks;

static inline uint32_t seed_g(uint32_t x)
{
    return ss0[x & 0xff] ^ ss1[(x >> 8) & 0xff] ^ ss2[(x >> 16) & 0xff] ^ ss3[x >> 24];
}

/* seed_generic_set_key: RFC 4269 2.2's key schedule; decryption stores it reversed. */
static int seed_generic_set_key(void *vks, const uint8_t *key, size_t keylen, int decrypt)
{
    seed_ks *ks = vks;
    if (keylen != 16)
        return -1;
    uint32_t k0 = cb_load_be32(key), k1 = cb_load_be32(key + 4), k2 = cb_load_be32(key + 8);
    uint32_t k3 = cb_load_be32(key + 12);
    ks->decrypt = decrypt != 0;
    for (unsigned i = 0; i < 16; i++) {
        unsigned slot = decrypt ? 15 - i : i;
        ks->rk[2 * slot] = seed_g(k0 + k2 - KC(i));
        ks->rk[2 * slot + 1] = seed_g(k1 - k3 + KC(i));
        uint32_t t;
        if (i % 2 == 0) { /* Key0 || Key1 turned right by eight bits */
            t = k0;
            k0 = k0 >> 8 | k1 << 24;
            k1 = k1 >> 8 | t << 24;
        } else { /* Key2 || Key3 turned left by eight bits */
            t = k2;
            k2 = k2 << 8 | k3 >> 24;
            k3 = k3 << 8 | t >> 24;
        }
    }
    return 0;
}

/* SEED_ROUND: (l0, l1) ^= F((r0, r1), (k[0], k[1])) (RFC 4269 2.1). */
#define SEED_ROUND(l0, l1, r0, r1, k)                                                      \
    do {                                                                                   \
        uint32_t c_ = (r0) ^ (k)[0], d_ = (r1) ^ (k)[1];                                   \
        d_ = seed_g(d_ ^ c_);                                                              \
        c_ = seed_g(c_ + d_);                                                              \
        d_ = seed_g(d_ + c_);                                                              \
        (l0) ^= c_ + d_;                                                                   \
        (l1) ^= d_;                                                                        \
    } while (0)

/* The block function is inlined into each mode loop so the chaining value stays in
 * registers. */
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* seed_crypt runs the sixteen rounds over one block of four big-endian words; the
 * output is R16 || L16 (no swap after the last round). */
static ALWAYS_INLINE void seed_crypt(const seed_ks *ks, uint32_t w[4])
{
    const uint32_t *k = ks->rk;
    uint32_t l0 = w[0], l1 = w[1], r0 = w[2], r1 = w[3];
    for (int i = 0; i < 32; i += 8) {
        SEED_ROUND(l0, l1, r0, r1, k + i);
        SEED_ROUND(r0, r1, l0, l1, k + i + 2);
        SEED_ROUND(l0, l1, r0, r1, k + i + 4);
        SEED_ROUND(r0, r1, l0, l1, k + i + 6);
    }
    w[0] = r0;
    w[1] = r1;
    w[2] = l0;
    w[3] = l1;
}

CB_BLOCK128_MODES(seed_generic, seed_ks, seed_crypt)

const cb_block_ops cb_seed_generic_ops = {
    .key_size = sizeof(seed_ks),
    .set_key = seed_generic_set_key,
    .ecb = seed_generic_ecb,
    .cbc = seed_generic_cbc,
};
