/*
 * kernels/generic/blake2.c - the BLAKE2b and BLAKE2s compression functions F in
 * portable C (RFC 7693 sections 3.1-3.2), over cb_blake2_state (kernels/kernel.h):
 * every block but the one the mode marks last counts whole, the last counts its
 * last_bytes and sets the final flag (section 3.3).  Unkeyed, sequential mode: the
 * parameter block (digest length, fanout and depth 1) is folded into the initial
 * value of kernels/digests.h.
 *
 * One source for both widths: BLAKE2_F is instantiated for 64-bit words (12 rounds,
 * rotations 32, 24, 16, 63) and 32-bit words (10 rounds, 16, 12, 8, 7); the rounds
 * are unrolled by macro, message words picked by the permutation table SIGMA
 * (section 2.7), so every index is a constant after unrolling.
 */
#include "kernels/generic/generic.h"

/* SIGMA (section 2.7); BLAKE2b's rounds 10 and 11 reuse rows 0 and 1. */
static const uint8_t sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

/* The initialisation vectors (section 2.6): SHA-512's and SHA-256's. */
static const uint64_t iv64[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                 0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
static const uint32_t iv32[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

static inline uint64_t load64_le(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
           (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
           (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

static inline uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

#define ROR(x, n, bits) (((x) >> (n)) | ((x) << ((bits) - (n))))

/* G (section 3.1) on v[a], v[b], v[c], v[d] with message words x and y. */
#define G(T, BITS, R1, R2, R3, R4, a, b, c, d, x, y)                                   \
    do {                                                                               \
        v[a] = v[a] + v[b] + (x);                                                      \
        v[d] = ROR((T)(v[d] ^ v[a]), R1, BITS);                                        \
        v[c] = v[c] + v[d];                                                            \
        v[b] = ROR((T)(v[b] ^ v[c]), R2, BITS);                                        \
        v[a] = v[a] + v[b] + (y);                                                      \
        v[d] = ROR((T)(v[d] ^ v[a]), R3, BITS);                                        \
        v[c] = v[c] + v[d];                                                            \
        v[b] = ROR((T)(v[b] ^ v[c]), R4, BITS);                                        \
    } while (0)

/* ROUND i: the column step then the diagonal step of section 3.2. */
#define ROUND(T, BITS, R1, R2, R3, R4, i)                                              \
    do {                                                                               \
        const uint8_t *s = sigma[i];                                                   \
        G(T, BITS, R1, R2, R3, R4, 0, 4, 8, 12, m[s[0]], m[s[1]]);                     \
        G(T, BITS, R1, R2, R3, R4, 1, 5, 9, 13, m[s[2]], m[s[3]]);                     \
        G(T, BITS, R1, R2, R3, R4, 2, 6, 10, 14, m[s[4]], m[s[5]]);                    \
        G(T, BITS, R1, R2, R3, R4, 3, 7, 11, 15, m[s[6]], m[s[7]]);                    \
        G(T, BITS, R1, R2, R3, R4, 0, 5, 10, 15, m[s[8]], m[s[9]]);                    \
        G(T, BITS, R1, R2, R3, R4, 1, 6, 11, 12, m[s[10]], m[s[11]]);                  \
        G(T, BITS, R1, R2, R3, R4, 2, 7, 8, 13, m[s[12]], m[s[13]]);                   \
        G(T, BITS, R1, R2, R3, R4, 3, 4, 9, 14, m[s[14]], m[s[15]]);                   \
    } while (0)

/*
 * BLAKE2_F(name, T, BITS, BLOCK, ROUNDS, h, iv, load, R1..R4) defines
 * name(state, in, nblocks): for each block, the counter t (two words of T, kept as
 * two uint64_t in the state) is raised by BLOCK, or by last_bytes for the block the
 * mode marked last, and F mixes it into h.
 */
#define BLAKE2_F(name, T, BITS, BLOCK, ROUNDS, H, IV, LOAD, R1, R2, R3, R4)             \
    void name(void *state, const uint8_t *in, size_t nblocks)                            \
    {                                                                                    \
        cb_blake2_state *st = state;                                                     \
        T *h = st->h.H;                                                                  \
        for (; nblocks; nblocks--, in += BLOCK) {                                        \
            int final = st->last && nblocks == 1;                                        \
            uint64_t add = final ? st->last_bytes : (BLOCK);                             \
            if (BITS == 64) {                                                            \
                st->t[0] += add;                                                         \
                st->t[1] += st->t[0] < add;                                              \
            } else { /* a 64-bit count in two 32-bit words: t[0] holds it whole */       \
                st->t[0] += add;                                                         \
            }                                                                            \
            T m[16], v[16];                                                              \
            for (int i = 0; i < 16; i++)                                                 \
                m[i] = LOAD(in + i * (BITS / 8));                                        \
            for (int i = 0; i < 8; i++) {                                                \
                v[i] = h[i];                                                             \
                v[i + 8] = IV[i];                                                        \
            }                                                                            \
            T t_lo = (T)st->t[0], t_hi = BITS == 64 ? (T)st->t[1] : (T)(st->t[0] >> 31 >> 1); \
            v[12] ^= t_lo;                                                               \
            v[13] ^= t_hi;                                                               \
            if (final)                                                                   \
                v[14] = (T)~v[14];                                                       \
            ROUND(T, BITS, R1, R2, R3, R4, 0);                                           \
            ROUND(T, BITS, R1, R2, R3, R4, 1);                                           \
            ROUND(T, BITS, R1, R2, R3, R4, 2);                                           \
            ROUND(T, BITS, R1, R2, R3, R4, 3);                                           \
            ROUND(T, BITS, R1, R2, R3, R4, 4);                                           \
            ROUND(T, BITS, R1, R2, R3, R4, 5);                                           \
            ROUND(T, BITS, R1, R2, R3, R4, 6);                                           \
            ROUND(T, BITS, R1, R2, R3, R4, 7);                                           \
            ROUND(T, BITS, R1, R2, R3, R4, 8);                                           \
            ROUND(T, BITS, R1, R2, R3, R4, 9);                                           \
            if (ROUNDS == 12) {                                                          \
                ROUND(T, BITS, R1, R2, R3, R4, 10);                                      \
                ROUND(T, BITS, R1, R2, R3, R4, 11);                                      \
            }                                                                            \
            for (int i = 0; i < 8; i++)                                                  \
                h[i] ^= v[i] ^ v[i + 8];                                                 \
        }                                                                                \
    }

BLAKE2_F(cb_blake2b_generic_blocks, uint64_t, 64, 128, 12, w64, iv64, load64_le, 32, 24, 16,
         63)
BLAKE2_F(cb_blake2s_generic_blocks, uint32_t, 32, 64, 10, w32, iv32, load32_le, 16, 12, 8, 7)

const cb_digest_ops cb_blake2b_generic_ops = {cb_blake2b_generic_blocks, NULL};
const cb_digest_ops cb_blake2s_generic_ops = {cb_blake2s_generic_blocks, NULL};
