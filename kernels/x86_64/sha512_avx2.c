/*
 * kernels/x86_64/sha512_avx2.c - the SHA-512 compression function (FIPS 180-4
 * 6.4.2) with the message schedule on AVX2 (variant avx2).
 *
 * The 80 rounds are a serial chain of 64-bit integer work, best left to the
 * general-purpose registers; the schedule is not, so four words W[t..t+3] at a time
 * are computed in one YMM register and W[t]+K[t] lands in a small buffer the rounds
 * read.  The one dependency inside a group (sigma1 of W[t+2] needs W[t]) is handled
 * in two steps: sigma1 of W[t-2], W[t-1] completes the low two lanes, then sigma1 of
 * those completes the high two.  AVX2 has no 64-bit rotate, so rotations are two
 * shifts and an OR.  The scalar rotations are BMI2's RORX (variant caps avx2, bmi2).
 */
#pragma GCC target("avx2,bmi2")

#include <immintrin.h>

#include "kernels/generic/sha2_k.h"
#include "kernels/x86_64/x86_64.h"

#define ROTR(x, n) _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - (n)))

/* small_sigma0 is FIPS 180-4 (4.12) on four words at a time. */
static inline __m256i small_sigma0(__m256i x)
{
    return _mm256_xor_si256(_mm256_xor_si256(ROTR(x, 1), ROTR(x, 8)), _mm256_srli_epi64(x, 7));
}

/* small_sigma1 is FIPS 180-4 (4.13) on four words at a time. */
static inline __m256i small_sigma1(__m256i x)
{
    return _mm256_xor_si256(_mm256_xor_si256(ROTR(x, 19), ROTR(x, 61)),
                            _mm256_srli_epi64(x, 6));
}

/* words_from returns W[s+1..s+4] given a = W[s..s+3] and b = W[s+4..s+7]. */
static inline __m256i words_from(__m256i a, __m256i b)
{
    return _mm256_alignr_epi8(_mm256_permute2x128_si256(a, b, 0x21), a, 8);
}

/* next_words computes W[t..t+3] from m0 = W[t-16..t-13] ... m3 = W[t-4..t-1]. */
static inline __m256i next_words(__m256i m0, __m256i m1, __m256i m2, __m256i m3)
{
    __m256i p = _mm256_add_epi64(_mm256_add_epi64(m0, small_sigma0(words_from(m0, m1))),
                                 words_from(m2, m3));
    /* W[t-2], W[t-1] into lanes 0-1, zero above (sigma1(0) = 0). */
    p = _mm256_add_epi64(p, small_sigma1(_mm256_permute2x128_si256(m3, m3, 0x81)));
    /* Now lanes 0-1 hold W[t], W[t+1]: move them up for lanes 2-3. */
    return _mm256_add_epi64(p, small_sigma1(_mm256_permute2x128_si256(p, p, 0x08)));
}

/* ror64 rotates right by n (1..63). */
static inline uint64_t ror64(uint64_t x, unsigned n)
{
    return x >> n | x << (64 - n);
}

/* ROUND is FIPS 180-4 6.4.2 step 3 with the variables renamed instead of moved:
 * after it, the caller's (h, d) hold the new (a, e).  Ch(e,f,g) is g ^ (e & (f ^ g))
 * and Maj(a,b,c) is b ^ ((a ^ b) & (b ^ c)), the next round's b ^ c being this
 * round's a ^ b (carried in bc), as the generic rounds (kernels/generic/sha2_rounds.h)
 * do; with BMI2 each rotation is one RORX, which leaves its source intact. */
#define ROUND(a, b, c, d, e, f, g, h, t)                                                   \
    do {                                                                                   \
        h += (ror64(e, 14) ^ ror64(e, 18) ^ ror64(e, 41)) + (g ^ (e & (f ^ g))) + wk[t];   \
        d += h;                                                                            \
        ab = a ^ b;                                                                        \
        h += (ror64(a, 28) ^ ror64(a, 34) ^ ror64(a, 39)) + (b ^ (ab & bc));               \
        bc = ab;                                                                           \
    } while (0)

/* ROUND4 runs rounds 4g..4g+3 with the names as in ROUND's first call. */
#define ROUND4(a, b, c, d, e, f, g, h, t)                                                  \
    do {                                                                                   \
        ROUND(a, b, c, d, e, f, g, h, t);                                                  \
        ROUND(h, a, b, c, d, e, f, g, (t) + 1);                                            \
        ROUND(g, h, a, b, c, d, e, f, (t) + 2);                                            \
        ROUND(f, g, h, a, b, c, d, e, (t) + 3);                                            \
    } while (0)

/* sha512_avx2_blocks compresses nblocks 128-byte blocks into the eight-word state.
 * The schedule runs four words ahead of need in groups of four: while the rounds of
 * group q run on the scalar units, the vector units compute group q + 4, and its
 * W + K lands in the buffer the rounds read, so the two streams overlap. */
static void sha512_avx2_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    uint64_t *s = state;
    _Alignas(32) uint64_t wk[80];
    /* Big-endian 64-bit words (FIPS 180-4 3.1). */
    const __m256i bswap = _mm256_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
                                          8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    for (; nblocks; nblocks--, in += 128) {
        __m256i m[4];
#pragma GCC unroll 4
        for (unsigned i = 0; i < 4; i++) {
            m[i] = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(in + 32 * i)), bswap);
            _mm256_store_si256((__m256i *)&wk[4 * i],
                               _mm256_add_epi64(m[i], _mm256_load_si256((const __m256i *)&cb_sha512_k[4 * i])));
        }
        uint64_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6],
                 h = s[7], ab, bc = b ^ c;
#pragma GCC unroll 20
        for (unsigned q = 0; q < 20; q++) {
            if (q + 4 < 20) {
                unsigned n = q + 4;
                __m256i w = next_words(m[n % 4], m[(n + 1) % 4], m[(n + 2) % 4], m[(n + 3) % 4]);
                m[n % 4] = w;
                _mm256_store_si256((__m256i *)&wk[4 * n],
                                   _mm256_add_epi64(w, _mm256_load_si256((const __m256i *)&cb_sha512_k[4 * n])));
            }
            if (q % 2 == 0)
                ROUND4(a, b, c, d, e, f, g, h, 4 * q);
            else
                ROUND4(e, f, g, h, a, b, c, d, 4 * q);
        }
        a = s[0] += a;
        b = s[1] += b;
        c = s[2] += c;
        d = s[3] += d;
        e = s[4] += e;
        f = s[5] += f;
        g = s[6] += g;
        h = s[7] += h;
    }
}

/* cb_sha512_avx2_ops: the avx2 variant of SHA-384 and SHA-512. */
const cb_digest_ops cb_sha512_avx2_ops = {
    .blocks = sha512_avx2_blocks,
    .wipe = NULL,
};
