/*
 * kernels/x86_64/halves.h - the register regroupings of the avx2 NTTs (ML-KEM's on
 * 16-bit lanes, ML-DSA's on 32-bit ones): each exchanges pieces of two registers x
 * and y so that butterfly partners a distance 8, 4 or 2 pieces apart land in the same
 * lane of the two, and each is its own inverse.
 *   halves128: x gets the low 128 bits of x and of y, y the high ones of each;
 *   halves64:  x gets the even 64-bit pieces of x and y interleaved, y the odd ones
 *              (per 128-bit half: x0 y0, x1 y1);
 *   halves32:  the same with 32-bit pieces (x0 y0 x2 y2 ..., x1 y1 x3 y3 ...).
 * Includers are compiled for AVX2.
 */
#ifndef CB_X86_64_HALVES_H
#define CB_X86_64_HALVES_H

#include <immintrin.h>

static inline void halves128(__m256i *x, __m256i *y)
{
    __m256i a = *x;
    *x = _mm256_permute2x128_si256(a, *y, 0x20);
    *y = _mm256_permute2x128_si256(a, *y, 0x31);
}

static inline void halves64(__m256i *x, __m256i *y)
{
    __m256i a = *x;
    *x = _mm256_unpacklo_epi64(a, *y);
    *y = _mm256_unpackhi_epi64(a, *y);
}

static inline void halves32(__m256i *x, __m256i *y)
{
    __m256i a = *x;
    *x = _mm256_blend_epi32(a, _mm256_slli_epi64(*y, 32), 0xaa);
    *y = _mm256_blend_epi32(_mm256_srli_epi64(a, 32), *y, 0xaa);
}

#endif
