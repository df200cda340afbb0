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
 * shifts and an OR.
 */
#pragma GCC target("avx2")

#include <immintrin.h>

#include "kernels/x86_64/x86_64.h"

/* FIPS 180-4 4.2.3: the first 64 bits of the fractional parts of the cube roots of
 * the first 80 primes. */
static const uint64_t k512[80] __attribute__((aligned(32))) = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

#define ROTR(x, n) _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - (n)))

/* FIPS 180-4 (4.12) and (4.13), four words at a time. */
static inline __m256i small_sigma0(__m256i x)
{
    return _mm256_xor_si256(_mm256_xor_si256(ROTR(x, 1), ROTR(x, 8)), _mm256_srli_epi64(x, 7));
}

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

/* schedule writes W[t] + K[t] for t = 0..79 of the block at in. */
static void schedule(uint64_t wk[80], const uint8_t *in)
{
    /* Big-endian 64-bit words (FIPS 180-4 3.1). */
    const __m256i bswap = _mm256_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
                                          8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    __m256i m[4];
#pragma GCC unroll 4
    for (unsigned i = 0; i < 4; i++) {
        m[i] = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(in + 32 * i)), bswap);
        _mm256_store_si256((__m256i *)&wk[4 * i],
                           _mm256_add_epi64(m[i], _mm256_load_si256((const __m256i *)&k512[4 * i])));
    }
#pragma GCC unroll 16
    for (unsigned g = 4; g < 20; g++) {
        __m256i w = next_words(m[g % 4], m[(g + 1) % 4], m[(g + 2) % 4], m[(g + 3) % 4]);
        m[g % 4] = w;
        _mm256_store_si256((__m256i *)&wk[4 * g],
                           _mm256_add_epi64(w, _mm256_load_si256((const __m256i *)&k512[4 * g])));
    }
}

static inline uint64_t ror64(uint64_t x, unsigned n)
{
    return x >> n | x << (64 - n);
}

/* ROUND is FIPS 180-4 6.4.2 step 3 with the variables renamed instead of moved:
 * after it, the caller's (h, d) hold the new (a, e). */
#define ROUND(a, b, c, d, e, f, g, h, t)                                                   \
    do {                                                                                   \
        uint64_t t1 = h + (ror64(e, 14) ^ ror64(e, 18) ^ ror64(e, 41)) +                   \
                      ((e & f) ^ (~e & g)) + wk[t];                                        \
        uint64_t t2 = (ror64(a, 28) ^ ror64(a, 34) ^ ror64(a, 39)) +                       \
                      ((a & b) ^ (a & c) ^ (b & c));                                       \
        d += t1;                                                                           \
        h = t1 + t2;                                                                       \
    } while (0)

static void sha512_avx2_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    uint64_t *s = state;
    _Alignas(32) uint64_t wk[80];
    for (; nblocks; nblocks--, in += 128) {
        schedule(wk, in);
        uint64_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6],
                 h = s[7];
        for (unsigned t = 0; t < 80; t += 8) {
            ROUND(a, b, c, d, e, f, g, h, t);
            ROUND(h, a, b, c, d, e, f, g, t + 1);
            ROUND(g, h, a, b, c, d, e, f, t + 2);
            ROUND(f, g, h, a, b, c, d, e, t + 3);
            ROUND(e, f, g, h, a, b, c, d, t + 4);
            ROUND(d, e, f, g, h, a, b, c, t + 5);
            ROUND(c, d, e, f, g, h, a, b, t + 6);
            ROUND(b, c, d, e, f, g, h, a, t + 7);
        }
        s[0] += a;
        s[1] += b;
        s[2] += c;
        s[3] += d;
        s[4] += e;
        s[5] += f;
        s[6] += g;
        s[7] += h;
    }
}

const cb_digest_ops cb_sha512_avx2_ops = {
    .blocks = sha512_avx2_blocks,
    .wipe = NULL,
};
