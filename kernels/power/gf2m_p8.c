/*
 * kernels/power/gf2m_p8.c - GF(2^m) multiplication and squaring with POWER8's
 * vpmsumd (variant p8 of CB_PRIM_GF2M), for the binary curves K-163 .. B-571.
 *
 * vpmsumd multiplies the two doubleword pairs of its operands carry-lessly and XORs
 * the two 128-bit products.  With a word of a in both doublewords and a word of b
 * in one (the other zero), that is the single product a_i b_j whichever doubleword
 * the element numbering of the byte order calls 0.  The rest is the x86-64 pclmul
 * variant's plan: the schoolbook over 64-bit words, partial products summed per
 * diagonal in vector registers and merged into words once, a square one vpmsumd a
 * word, the generic reduction (kernels/generic/gf2m_reduce.c).  Built for POWER8
 * whatever the configuration's -mcpu (ppc64 targets POWER7) and chosen only when
 * the CPU has the vector crypto (CB_CAP_VCRYPTO).  Constant time: vpmsumd's timing
 * does not depend on its operands.
 */
#pragma GCC target("cpu=power8")

#include <altivec.h>

#include "kernels/generic/gf2m.h"
#include "kernels/power/power.h"

typedef __vector unsigned long long v2u64;

/* The 128-bit product's high doubleword is register doubleword 0, element 0 in
 * big-endian numbering and element 1 in little-endian. */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HI 0
#define LO 1
#else
#define HI 1
#define LO 0
#endif

static void gf2m_p8_mul(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a,
                        const uint64_t *b)
{
    v2u64 d[2 * CB_GF2M_WORDS - 1], av[CB_GF2M_WORDS], bv[CB_GF2M_WORDS];
    uint64_t c[2 * CB_GF2M_WORDS], carry = 0;
    unsigned n = f->words;
    for (unsigned i = 0; i < n; i++) {
        av[i] = (v2u64){a[i], a[i]};
        bv[i] = (v2u64){b[i], 0};
    }
    for (unsigned k = 0; k < 2 * CB_GF2M_WORDS - 1; k++)
        d[k] = (v2u64){0, 0};
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++)
            d[i + j] ^= __builtin_crypto_vpmsumd(av[i], bv[j]);
    for (unsigned k = 0; k < 2 * n - 1; k++) { /* word k: low half of k, high of k-1 */
        c[k] = d[k][LO] ^ carry;
        carry = d[k][HI];
    }
    c[2 * n - 1] = carry;
    cb_gf2m_reduce(f, r, c);
}

static void gf2m_p8_sqr(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a)
{
    uint64_t c[2 * CB_GF2M_WORDS];
    unsigned n = f->words;
    for (unsigned i = 0; i < n; i++) {
        v2u64 p = __builtin_crypto_vpmsumd((v2u64){a[i], a[i]}, (v2u64){a[i], 0});
        c[2 * i] = p[LO];
        c[2 * i + 1] = p[HI];
    }
    cb_gf2m_reduce(f, r, c);
}

/* cb_gf2m_p8_ops: the p8 variant's ops. */
const cb_gf2m_ops cb_gf2m_p8_ops = {gf2m_p8_mul, gf2m_p8_sqr};
