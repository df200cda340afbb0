/*
 * kernels/x86_64/keccakx4.c - Keccak-f[1600] on four states at once in AVX2, and the
 * SHAKE sponges over it that the avx2 ML-KEM and ML-DSA backends sample with
 * (kernels/x86_64/keccakx4.h).
 *
 * One 64-bit lane of each state per ymm lane: A[x + 5y] holds lane (x, y) of state
 * j in its 64-bit element j.  AVX2 has no 64-bit rotate: two shifts and an OR, or
 * one byte shuffle for the rotations by 8 and 56.  Public data only is hashed here
 * or secret data with no branch or index on it (the permutation is straight-line).
 */
#pragma GCC target("avx2")

#include "kernels/x86_64/keccakx4.h"

#include <string.h>

static const uint64_t keccak_rc[24] = {
    0x0000000000000001u, 0x0000000000008082u, 0x800000000000808Au,
    0x8000000080008000u, 0x000000000000808Bu, 0x0000000080000001u,
    0x8000000080008081u, 0x8000000000008009u, 0x000000000000008Au,
    0x0000000000000088u, 0x0000000080008009u, 0x000000008000000Au,
    0x000000008000808Bu, 0x800000000000008Bu, 0x8000000000008089u,
    0x8000000000008003u, 0x8000000000008002u, 0x8000000000000080u,
    0x000000000000800Au, 0x800000008000000Au, 0x8000000080008081u,
    0x8000000000008080u, 0x0000000080000001u, 0x8000000080008008u,
};

#define ROL(x, n) _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - (n)))

static inline __m256i rol8(__m256i x)
{
    const __m256i m = _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7,
                                       0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14);
    return _mm256_shuffle_epi8(x, m);
}

static inline __m256i rol56(__m256i x)
{
    const __m256i m = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1,
                                       2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
    return _mm256_shuffle_epi8(x, m);
}

/* CHI5 sets lanes o..o+4 of A to chi of the row b0..b4. */
#define CHI5(o, b0, b1, b2, b3, b4)                                                      \
    do {                                                                                 \
        A[o] = _mm256_xor_si256(b0, _mm256_andnot_si256(b1, b2));                        \
        A[o + 1] = _mm256_xor_si256(b1, _mm256_andnot_si256(b2, b3));                    \
        A[o + 2] = _mm256_xor_si256(b2, _mm256_andnot_si256(b3, b4));                    \
        A[o + 3] = _mm256_xor_si256(b3, _mm256_andnot_si256(b4, b0));                    \
        A[o + 4] = _mm256_xor_si256(b4, _mm256_andnot_si256(b0, b1));                    \
    } while (0)

#define XOR5(A, x)                                                                       \
    _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(A[x], A[x + 5]),                  \
                                      _mm256_xor_si256(A[x + 10], A[x + 15])),           \
                     A[x + 20])

/* TH is lane i of theta's output (D is that lane's column's). */
#define TH(i, D) _mm256_xor_si256(in[i], D)

/* roundx4 is one round on four states from in to A: theta's column parities, then
 * each output row gathers its five lanes through pi (theta's D and rho's rotation
 * on the way in) for chi; iota on lane 0.  Two arrays, so nothing of theta's output
 * is stored: each round loads every lane twice and stores it once. */
static inline void roundx4(const __m256i *restrict in, __m256i *restrict A, uint64_t rc)
{
    __m256i C0 = XOR5(in, 0), C1 = XOR5(in, 1), C2 = XOR5(in, 2), C3 = XOR5(in, 3);
    __m256i C4 = XOR5(in, 4);
    __m256i D0 = _mm256_xor_si256(C4, ROL(C1, 1)), D1 = _mm256_xor_si256(C0, ROL(C2, 1));
    __m256i D2 = _mm256_xor_si256(C1, ROL(C3, 1)), D3 = _mm256_xor_si256(C2, ROL(C4, 1));
    __m256i D4 = _mm256_xor_si256(C3, ROL(C0, 1));
    __m256i b0, b1, b2, b3, b4;
    /* row 0: lanes 0, 6, 12, 18, 24 rotated by 0, 44, 43, 21, 14 */
    b0 = TH(0, D0), b1 = ROL(TH(6, D1), 44), b2 = ROL(TH(12, D2), 43);
    b3 = ROL(TH(18, D3), 21), b4 = ROL(TH(24, D4), 14);
    CHI5(0, b0, b1, b2, b3, b4);
    A[0] = _mm256_xor_si256(A[0], _mm256_set1_epi64x((long long)rc));
    /* row 1: lanes 3, 9, 10, 16, 22 by 28, 20, 3, 45, 61 */
    b0 = ROL(TH(3, D3), 28), b1 = ROL(TH(9, D4), 20), b2 = ROL(TH(10, D0), 3);
    b3 = ROL(TH(16, D1), 45), b4 = ROL(TH(22, D2), 61);
    CHI5(5, b0, b1, b2, b3, b4);
    /* row 2: lanes 1, 7, 13, 19, 20 by 1, 6, 25, 8, 18 */
    b0 = ROL(TH(1, D1), 1), b1 = ROL(TH(7, D2), 6), b2 = ROL(TH(13, D3), 25);
    b3 = rol8(TH(19, D4)), b4 = ROL(TH(20, D0), 18);
    CHI5(10, b0, b1, b2, b3, b4);
    /* row 3: lanes 4, 5, 11, 17, 23 by 27, 36, 10, 15, 56 */
    b0 = ROL(TH(4, D4), 27), b1 = ROL(TH(5, D0), 36), b2 = ROL(TH(11, D1), 10);
    b3 = ROL(TH(17, D2), 15), b4 = rol56(TH(23, D3));
    CHI5(15, b0, b1, b2, b3, b4);
    /* row 4: lanes 2, 8, 14, 15, 21 by 62, 55, 39, 41, 2 */
    b0 = ROL(TH(2, D2), 62), b1 = ROL(TH(8, D3), 55), b2 = ROL(TH(14, D4), 39);
    b3 = ROL(TH(15, D0), 41), b4 = ROL(TH(21, D1), 2);
    CHI5(20, b0, b1, b2, b3, b4);
}

/* keccakx4 is Keccak-p[1600, 24] on four states: A[x + 5y] holds lane (x, y) of
 * state j in its 64-bit element j.  Rounds ping-pong between A and a copy. */
static void keccakx4(__m256i A[25])
{
    __m256i B[25];
    for (int r = 0; r < 24; r += 2) {
        roundx4(A, B, keccak_rc[r]);
        roundx4(B, A, keccak_rc[r + 1]);
    }
}

/* load_le64 reads 8 little-endian bytes. */
static inline uint64_t load_le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8); /* x86-64 is little-endian */
    return v;
}

void cb_shakex4_absorb(__m256i A[25], const uint8_t *seed, unsigned seedlen,
                       const uint8_t tail[4][2], unsigned extra, unsigned rate)
{
    unsigned w = seedlen / 8;
    for (unsigned i = 0; i < w; i++)
        A[i] = _mm256_set1_epi64x((long long)load_le64(seed + 8 * i));
    uint64_t t[4];
    for (int j = 0; j < 4; j++) {
        t[j] = tail[j][0];
        if (extra == 2)
            t[j] |= (uint64_t)tail[j][1] << 8;
        t[j] |= (uint64_t)0x1f << (8 * extra); /* SHAKE's suffix and the first pad bit */
    }
    A[w] = _mm256_setr_epi64x((long long)t[0], (long long)t[1], (long long)t[2],
                              (long long)t[3]);
    for (unsigned i = w + 1; i < 25; i++)
        A[i] = _mm256_setzero_si256();
    A[rate / 8 - 1] = _mm256_set1_epi64x((long long)0x8000000000000000u); /* last pad bit */
}

void cb_shakex4_squeeze(__m256i A[25], uint8_t *out[4], size_t off, unsigned rate)
{
    keccakx4(A);
    for (unsigned i = 0; i < rate / 8; i += 4) {
        /* transpose four lanes of four states so each state's 32 bytes are one store */
        __m256i a = A[i], b = A[i + 1], c = i + 2 < rate / 8 ? A[i + 2] : a;
        __m256i d = i + 3 < rate / 8 ? A[i + 3] : a;
        __m256i ab0 = _mm256_unpacklo_epi64(a, b), ab1 = _mm256_unpackhi_epi64(a, b);
        __m256i cd0 = _mm256_unpacklo_epi64(c, d), cd1 = _mm256_unpackhi_epi64(c, d);
        __m256i s[4] = {
            _mm256_permute2x128_si256(ab0, cd0, 0x20), _mm256_permute2x128_si256(ab1, cd1, 0x20),
            _mm256_permute2x128_si256(ab0, cd0, 0x31), _mm256_permute2x128_si256(ab1, cd1, 0x31)};
        size_t n = (rate / 8 - i >= 4 ? 4 : rate / 8 - i) * 8;
        for (int j = 0; j < 4; j++) {
            if (n == 32)
                _mm256_storeu_si256((__m256i *)(out[j] + off + 8 * i), s[j]);
            else
                memcpy(out[j] + off + 8 * i, &s[j], n);
        }
    }
}
