/*
 * kernels/x86_64/pclmul.h - GF(2^128) arithmetic for GHASH with PCLMULQDQ, shared by
 * the pclmul GHASH, the stitched AES-NI GCM and the 128-bit tails of the VAES
 * kernels.  Include after a `#pragma GCC target` that has pclmul and ssse3.
 *
 * Representation.  GHASH (SP 800-38D 6.3) numbers the bits of a block from the most
 * significant bit of byte 0, which is the coefficient of x^0.  Reversing the 16
 * bytes gives a 128-bit integer whose bit 127-i is the coefficient of x^i: the
 * polynomial with its bits reflected.  For reflected operands A = rev(a), B = rev(b)
 * the carry-less product is rev(a*b) divided by y, where y is the integer bit
 * variable; working modulo the reflected modulus g*(y) = y^128 + y^127 + y^126 +
 * y^121 + 1 that means
 *
 *     rev(a*b mod g) = A * (B * y) * y^-128  mod g*,
 *
 * a Montgomery product with R = y^128.  So the table keeps every power of H
 * pre-multiplied by y (H' = rev(h) * y mod g*), and each product is a 256-bit
 * carry-less multiplication followed by a Montgomery reduction, done 64 bits at a
 * time: g* is 1 modulo y^64, so the quotient digit is simply the low word, and the
 * rest of g* (y^121 + y^126 + y^127 = y^64 * 0xc200000000000000) is one PCLMULQDQ.
 *
 * Aggregation.  n blocks M1..Mn fold into X as (X+M1)*H^n + M2*H^(n-1) + ... + Mn*H;
 * the unreduced 256-bit products are summed and reduced once (Karatsuba: three
 * 64x64 multiplications per block, with (h.lo ^ h.hi) precomputed per power).
 */
#ifndef CB_PCLMUL_H
#define CB_PCLMUL_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#define GF_INLINE static inline __attribute__((always_inline))

/* GF_POWERS is how many powers of H the 128-bit table keeps: the widest fold. */
#define GF_POWERS 8

/* gf_table: h[i] is H^(i+1) pre-multiplied by y; k[i] holds h[i].lo ^ h[i].hi in its
 * low 64 bits, the Karatsuba middle operand. */
typedef struct gf_table {
    __m128i h[GF_POWERS];
    __m128i k[GF_POWERS];
} gf_table;

/* gf_acc: an unreduced sum of 256-bit products in Karatsuba form. */
typedef struct gf_acc {
    __m128i lo, hi, mid;
} gf_acc;

/* gf_bswap reverses the 16 bytes: block bytes <-> reflected integer. */
GF_INLINE __m128i gf_bswap(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                            14, 15));
}

/* gf_load reads a block (or Xi) as a reflected integer. */
GF_INLINE __m128i gf_load(const uint8_t *p)
{
    return gf_bswap(_mm_loadu_si128((const __m128i *)p));
}

/* gf_store writes a reflected integer back as a block. */
GF_INLINE void gf_store(uint8_t *p, __m128i x)
{
    _mm_storeu_si128((__m128i *)p, gf_bswap(x));
}

/* gf_kara returns h.lo ^ h.hi in the low 64 bits. */
GF_INLINE __m128i gf_kara(__m128i h)
{
    return _mm_xor_si128(h, _mm_shuffle_epi32(h, 0x4e));
}

/* gf_acc_zero returns an empty sum. */
GF_INLINE gf_acc gf_acc_zero(void)
{
    gf_acc a = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    return a;
}

/* gf_acc_mul adds x * h (unreduced) to a; k is gf_kara(h). */
GF_INLINE void gf_acc_mul(gf_acc *a, __m128i x, __m128i h, __m128i k)
{
    a->lo = _mm_xor_si128(a->lo, _mm_clmulepi64_si128(x, h, 0x00));
    a->hi = _mm_xor_si128(a->hi, _mm_clmulepi64_si128(x, h, 0x11));
    a->mid = _mm_xor_si128(a->mid, _mm_clmulepi64_si128(gf_kara(x), k, 0x00));
}

/* gf_mont_reduce divides the 256-bit value hi:lo by y^128 modulo g* (see above). */
GF_INLINE __m128i gf_mont_reduce(__m128i lo, __m128i hi)
{
    const __m128i poly = _mm_set_epi64x(0, (long long)0xc200000000000000ULL);
    __m128i t = _mm_clmulepi64_si128(lo, poly, 0x00);
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), t);
    t = _mm_clmulepi64_si128(lo, poly, 0x00);
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), t);
    return _mm_xor_si128(hi, lo);
}

/* gf_reduce turns a Karatsuba sum into the reflected field element. */
GF_INLINE __m128i gf_reduce(gf_acc a)
{
    __m128i mid = _mm_xor_si128(a.mid, _mm_xor_si128(a.lo, a.hi));
    __m128i lo = _mm_xor_si128(a.lo, _mm_slli_si128(mid, 8));
    __m128i hi = _mm_xor_si128(a.hi, _mm_srli_si128(mid, 8));
    return gf_mont_reduce(lo, hi);
}

/* gf_mul multiplies x by a table entry h (pre-multiplied by y). */
GF_INLINE __m128i gf_mul(__m128i x, __m128i h)
{
    gf_acc a = gf_acc_zero();
    gf_acc_mul(&a, x, h, gf_kara(h));
    return gf_reduce(a);
}

/* gf_fold folds n (1..GF_POWERS) blocks at in into x with one reduction. */
GF_INLINE __m128i gf_fold(const gf_table *t, __m128i x, const uint8_t *in, size_t n)
{
    gf_acc a = gf_acc_zero();
    for (size_t i = 0; i < n; i++) {
        __m128i m = gf_load(in + 16 * i);
        if (i == 0)
            m = _mm_xor_si128(m, x);
        gf_acc_mul(&a, m, t->h[n - 1 - i], t->k[n - 1 - i]);
    }
    return gf_reduce(a);
}

/* gf_times_y returns rev(h) * y mod g*: the table form of H from the block h. */
GF_INLINE __m128i gf_times_y(__m128i h)
{
    /* Shift the 128-bit value left by one: each 64-bit half, plus the bit that
     * crosses from the low half into the high half. */
    __m128i carry = _mm_srli_epi64(h, 63);
    __m128i top = _mm_shuffle_epi32(_mm_srai_epi32(h, 31), 0xff); /* all ones if bit 127 */
    h = _mm_or_si128(_mm_slli_epi64(h, 1), _mm_slli_si128(carry, 8));
    const __m128i gstar = _mm_set_epi64x((long long)0xc200000000000000ULL, 1);
    return _mm_xor_si128(h, _mm_and_si128(top, gstar));
}

/* gf_table_init fills t with H^1..H^GF_POWERS from the hash key block h. */
GF_INLINE void gf_table_init(gf_table *t, const uint8_t h[16])
{
    __m128i h1 = gf_times_y(gf_load(h)), p = h1;
    for (size_t i = 0; i < GF_POWERS; i++) {
        t->h[i] = p;
        t->k[i] = gf_kara(p);
        p = gf_mul(p, h1);
    }
}

#endif
