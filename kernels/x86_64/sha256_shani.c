/*
 * kernels/x86_64/sha256_shani.c - the SHA-256 compression function (FIPS 180-4
 * 6.2.2) with the SHA extensions (variant shani).
 *
 * SHA256RNDS2 does two rounds on the state split as {A,B,E,F} and {C,D,G,H} (A and
 * C in the top dword), taking W[t]+K[t] for the two rounds from the low half of its
 * third operand.  After two rounds the old {A,B,E,F} is the new {C,D,G,H}, so the
 * two state registers swap roles on every call.  SHA256MSG1 adds sigma0 of the next
 * word to each of four words, SHA256MSG2 adds sigma1 of the two words before (the
 * second pair depending on the first), which leaves W[t-7] for an ordinary add:
 *
 *     W[t..t+3] = MSG2(MSG1(W[t-16..t-13], W[t-12..t-9]) + W[t-7..t-4], W[t-4..t-1])
 */
#pragma GCC target("sha,sse4.1")

#include <immintrin.h>

#include "kernels/x86_64/x86_64.h"

/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube roots of
 * the first 64 primes. */
static const uint32_t k256[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
};

/* rounds4 does rounds 4g..4g+3 with message words m = W[4g..4g+3]. */
static inline __attribute__((always_inline)) void rounds4(__m128i *abef, __m128i *cdgh,
                                                          __m128i m, unsigned g)
{
    __m128i wk = _mm_add_epi32(m, _mm_load_si128((const __m128i *)&k256[4 * g]));
    *cdgh = _mm_sha256rnds2_epu32(*cdgh, *abef, wk);
    *abef = _mm_sha256rnds2_epu32(*abef, *cdgh, _mm_shuffle_epi32(wk, 0x0e));
}

/* next_words computes W[t..t+3] from m0 = W[t-16..], m1, m2, m3 = W[t-4..t-1]. */
static inline __attribute__((always_inline)) __m128i next_words(__m128i m0, __m128i m1,
                                                                __m128i m2, __m128i m3)
{
    __m128i t = _mm_add_epi32(_mm_sha256msg1_epu32(m0, m1), _mm_alignr_epi8(m3, m2, 4));
    return _mm_sha256msg2_epu32(t, m3);
}

static void sha256_shani_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    uint32_t *s = state;
    /* Big-endian words (FIPS 180-4 3.1): swap the bytes of each dword. */
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i dcba = _mm_loadu_si128((const __m128i *)s);     /* a in the low dword */
    __m128i hgfe = _mm_loadu_si128((const __m128i *)(s + 4));
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xb1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);

    for (; nblocks; nblocks--, in += 64) {
        __m128i abef0 = abef, cdgh0 = cdgh, m[4];
#pragma GCC unroll 4
        for (unsigned i = 0; i < 4; i++) {
            m[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 16 * i)), bswap);
            rounds4(&abef, &cdgh, m[i], i);
        }
#pragma GCC unroll 12
        for (unsigned g = 4; g < 16; g++) {
            __m128i w = next_words(m[g % 4], m[(g + 1) % 4], m[(g + 2) % 4], m[(g + 3) % 4]);
            m[g % 4] = w;
            rounds4(&abef, &cdgh, w, g);
        }
        abef = _mm_add_epi32(abef, abef0);
        cdgh = _mm_add_epi32(cdgh, cdgh0);
    }

    /* Back from {A,B,E,F},{C,D,G,H} to a..h in memory order. */
    __m128i feba = _mm_shuffle_epi32(abef, 0x1b);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
    _mm_storeu_si128((__m128i *)s, _mm_blend_epi16(feba, dchg, 0xf0));
    _mm_storeu_si128((__m128i *)(s + 4), _mm_alignr_epi8(dchg, feba, 8));
}

const cb_digest_ops cb_sha256_shani_ops = {
    .blocks = sha256_shani_blocks,
    .wipe = NULL,
};
