/*
 * kernels/armv8/gf2m_pmull.c - GF(2^m) multiplication and squaring with PMULL
 * (variant pmull of CB_PRIM_GF2M), for the binary curves K-163 .. B-571.
 *
 * The x86-64 pclmul variant's plan with ARMv8's 64x64->128 polynomial multiply
 * (PMULL, vmull_p64): the schoolbook over 64-bit words, the 128-bit partial
 * products summed per diagonal i + j in vector registers and merged into words once,
 * a square one PMULL a word; the reduction is the generic one
 * (kernels/generic/gf2m_reduce.c).  PMULL is the Crypto Extensions' (HWCAP_PMULL),
 * so this file alone is built for it.  Constant time: PMULL's timing does not depend
 * on its operands.
 */
#pragma GCC target("+crypto")

#include <arm_neon.h>

#include "kernels/armv8/armv8.h"
#include "kernels/generic/gf2m.h"

/* clmul returns the 128-bit carry-less product of a and b. */
static uint64x2_t clmul(uint64_t a, uint64_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)a, (poly64_t)b));
}

static void gf2m_pmull_mul(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a,
                           const uint64_t *b)
{
    uint64x2_t d[2 * CB_GF2M_WORDS - 1];
    uint64_t c[2 * CB_GF2M_WORDS], carry = 0;
    unsigned n = f->words;
    for (unsigned k = 0; k < 2 * CB_GF2M_WORDS - 1; k++)
        d[k] = vdupq_n_u64(0);
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++)
            d[i + j] = veorq_u64(d[i + j], clmul(a[i], b[j]));
    for (unsigned k = 0; k < 2 * n - 1; k++) { /* word k: low half of k, high of k-1 */
        c[k] = vgetq_lane_u64(d[k], 0) ^ carry;
        carry = vgetq_lane_u64(d[k], 1);
    }
    c[2 * n - 1] = carry;
    cb_gf2m_reduce(f, r, c);
}

static void gf2m_pmull_sqr(const cb_gf2m_field *f, uint64_t *r, const uint64_t *a)
{
    uint64_t c[2 * CB_GF2M_WORDS];
    unsigned n = f->words;
    for (unsigned i = 0; i < n; i++) {
        uint64x2_t p = clmul(a[i], a[i]);
        c[2 * i] = vgetq_lane_u64(p, 0);
        c[2 * i + 1] = vgetq_lane_u64(p, 1);
    }
    cb_gf2m_reduce(f, r, c);
}

/* cb_gf2m_pmull_ops: the pmull variant's ops. */
const cb_gf2m_ops cb_gf2m_pmull_ops = {gf2m_pmull_mul, gf2m_pmull_sqr};
