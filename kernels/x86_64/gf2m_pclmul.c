/*
 * kernels/x86_64/gf2m_pclmul.c - GF(2^m) multiplication and squaring with PCLMULQDQ
 * (variant pclmul of CB_PRIM_GF2M), for the binary curves K-163 .. B-571.
 *
 * The product is the schoolbook over 64-bit words, one PCLMULQDQ per pair of words,
 * the 128-bit partial products summed per diagonal i + j in vector registers and
 * the diagonals merged into 64-bit words once at the end; a square is one
 * PCLMULQDQ per word (the cross terms cancel in characteristic 2).  Reduction is
 * the generic variant's (kernels/generic/gf2m_reduce.c): shifts and XORs, a small
 * part of the time once the multiply no longer takes 48 integer products a word
 * pair.  Constant time: PCLMULQDQ's latency does not depend on its operands.
 */
#pragma GCC target("pclmul,sse2")

#include <immintrin.h>

#include "kernels/generic/gf2m.h"
#include "kernels/x86_64/x86_64.h"

/* store_diagonals writes the 2n words of the sum of d[k] x^(64 k), k < 2n - 1. */
static void store_diagonals(uint64_t *c, const __m128i *d, unsigned n)
{
    uint64_t carry = 0;
    for (unsigned k = 0; k < 2 * n - 1; k++) {
        uint64_t lo = (uint64_t)_mm_cvtsi128_si64(d[k]);
        uint64_t hi = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(d[k], d[k]));
        c[k] = lo ^ carry;
        carry = hi;
    }
    c[2 * n - 1] = carry;
}

static void gf2m_pclmul_mul(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a,
                            const uint64_t *b)
{
    __m128i d[2 * CB_GF2M_WORDS - 1], av[CB_GF2M_WORDS], bv[CB_GF2M_WORDS];
    uint64_t c[2 * CB_GF2M_WORDS];
    unsigned n = f->words;
    for (unsigned i = 0; i < n; i++) {
        av[i] = _mm_cvtsi64_si128((long long)a[i]);
        bv[i] = _mm_cvtsi64_si128((long long)b[i]);
    }
    for (unsigned k = 0; k < 2 * CB_GF2M_WORDS - 1; k++)
        d[k] = _mm_setzero_si128();
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++)
            d[i + j] = _mm_xor_si128(d[i + j], _mm_clmulepi64_si128(av[i], bv[j], 0x00));
    store_diagonals(c, d, n);
    cb_gf2m_reduce(f, r, c);
}

static void gf2m_pclmul_sqr(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a)
{
    uint64_t c[2 * CB_GF2M_WORDS];
    unsigned n = f->words;
    for (unsigned i = 0; i < n; i++) {
        __m128i x = _mm_cvtsi64_si128((long long)a[i]);
        __m128i p = _mm_clmulepi64_si128(x, x, 0x00);
        c[2 * i] = (uint64_t)_mm_cvtsi128_si64(p);
        c[2 * i + 1] = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p));
    }
    cb_gf2m_reduce(f, r, c);
}

/* cb_gf2m_pclmul_ops: the pclmul variant's ops. */
const cb_gf2m_ops cb_gf2m_pclmul_ops = {gf2m_pclmul_mul, gf2m_pclmul_sqr};
