/*
 * kernels/x86_64/sha1_shani.c - the SHA-1 compression function (FIPS 180-4 6.1.2)
 * with the SHA extensions (variant shani).
 *
 * SHA1RNDS4 does four rounds on {A,B,C,D} (A in the top dword) with the round
 * function and constant chosen by its immediate (rounds 0-19, 20-39, 40-59, 60-79);
 * its second operand is W[t..t+3] with E added to the top word.  SHA1NEXTE supplies
 * that E: four rounds after a state, E equals A of that state rotated left by 30, so
 * it adds ROTL30 of the saved A to the next four words.  SHA1MSG1 and SHA1MSG2 build
 * W[t..t+3] = ROTL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]): MSG1 XORs W[t-16] with
 * W[t-14], an ordinary XOR adds W[t-8], MSG2 adds W[t-3] (partly the words it is
 * producing) and rotates.
 */
#pragma GCC target("sha,sse4.1")

#include <immintrin.h>

#include "kernels/x86_64/x86_64.h"

/* SHA1RNDS4's immediate must be a constant: one helper per round function. */
#define RNDS4(abcd, e, f) _mm_sha1rnds4_epu32(abcd, e, f)

/* group4 runs rounds 4g..4g+3.  *abcd is the state, *e_prev the state four rounds
 * before it (whose A gives this group's E), w the message words. */
static inline __attribute__((always_inline)) void group4(__m128i *abcd, __m128i *e_prev,
                                                         __m128i w, unsigned g)
{
    __m128i e = _mm_sha1nexte_epu32(*e_prev, w);
    *e_prev = *abcd;
    switch (g / 5) {
    case 0: *abcd = RNDS4(*abcd, e, 0); break;
    case 1: *abcd = RNDS4(*abcd, e, 1); break;
    case 2: *abcd = RNDS4(*abcd, e, 2); break;
    default: *abcd = RNDS4(*abcd, e, 3); break;
    }
}

/* sha1_shani_blocks compresses nblocks 64-byte blocks into the five-word state. */
static void sha1_shani_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    uint32_t *s = state;
    /* Reversing all 16 bytes both makes each word big-endian (FIPS 180-4 3.1) and
     * puts W[t] in the top dword, where SHA1RNDS4 wants it. */
    const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)s), 0x1b);
    __m128i e0 = _mm_set_epi32((int)s[4], 0, 0, 0);

    for (; nblocks; nblocks--, in += 64) {
        __m128i abcd0 = abcd, m[4];
        /* Group 0 takes E from the chaining value, not from a state four rounds back. */
        __m128i e_prev = abcd;
        m[0] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)in), bswap);
        abcd = RNDS4(abcd, _mm_add_epi32(e0, m[0]), 0);
#pragma GCC unroll 20
        for (unsigned g = 1; g < 20; g++) {
            __m128i w;
            if (g < 4) {
                w = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 16 * g)), bswap);
            } else {
                w = _mm_sha1msg1_epu32(m[g % 4], m[(g + 1) % 4]);
                w = _mm_xor_si128(w, m[(g + 2) % 4]);
                w = _mm_sha1msg2_epu32(w, m[(g + 3) % 4]);
            }
            m[g % 4] = w;
            group4(&abcd, &e_prev, w, g);
        }
        /* E after 80 rounds is ROTL30 of A from four rounds before the end. */
        e0 = _mm_sha1nexte_epu32(e_prev, e0);
        abcd = _mm_add_epi32(abcd, abcd0);
    }

    _mm_storeu_si128((__m128i *)s, _mm_shuffle_epi32(abcd, 0x1b));
    s[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}

/* cb_sha1_shani_ops: the shani variant of SHA-1. */
const cb_digest_ops cb_sha1_shani_ops = {
    .blocks = sha1_shani_blocks,
    .wipe = NULL,
};
