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

#include "kernels/generic/sha2_k.h"
#include "kernels/x86_64/x86_64.h"


/* rounds4 does rounds 4g..4g+3 with message words m = W[4g..4g+3]. */
static inline __attribute__((always_inline)) void rounds4(__m128i *abef, __m128i *cdgh,
                                                          __m128i m, unsigned g)
{
    __m128i wk = _mm_add_epi32(m, _mm_load_si128((const __m128i *)&cb_sha256_k[4 * g]));
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

/* sha256_shani_blocks compresses nblocks 64-byte blocks into the eight-word state. */
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

/* cb_sha256_shani_ops: the shani variant of SHA-224 and SHA-256. */
const cb_digest_ops cb_sha256_shani_ops = {
    .blocks = sha256_shani_blocks,
    .wipe = NULL,
};
