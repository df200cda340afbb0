/*
 * kernels/mont.c - the portable Montgomery multiplication: the `generic` variant of
 * rsa* and dsa*, and the reference every assembly montmul is checked against.
 *
 * Multiplication is CIOS (Koc, Acar and Kaliski, "Analyzing and comparing
 * Montgomery multiplication algorithms", IEEE Micro 1996) with the multiply and the
 * reduce passes fused into one inner loop: per limb of a, one sweep over b and n
 * with two carry chains, so t is read and written once per step.  Squaring computes
 * the off-diagonal products once, doubles them, adds the squares and then reduces
 * (SOS): about 1.5 n^2 limb products instead of 2 n^2.  Both end with a masked
 * conditional subtraction, so the running time does not depend on the operands.
 */
#include "kernels/bn.h"
#include "kernels/generic.h"

#define W CB_LIMB_BITS

/*
 * final_sub sets r = t - n when t (limbs words plus the top word `top`) is at
 * least n, else r = t.  t < 2n, so one subtraction is enough; choosing by mask keeps
 * it constant time.
 */
static void final_sub(cb_limb *r, const cb_limb *t, cb_limb top, const cb_limb *n,
                      size_t limbs)
{
    cb_limb d[CB_BN_MAX_LIMBS];
    cb_limb borrow = cb_bn_sub(d, t, n, limbs);
    /* t - n is negative exactly when the subtraction borrowed and no top word absorbs it */
    cb_limb keep_t = cb_ct_mask(borrow & (top ^ 1));
    cb_bn_select(r, t, d, keep_t, limbs);
}

void cb_mont_mul_generic(cb_limb *r, const cb_limb *a, const cb_limb *b, const cb_limb *n,
                         cb_limb n0, size_t limbs)
{
    cb_limb t[CB_BN_MAX_LIMBS + 1] = {0};
    for (size_t i = 0; i < limbs; i++) {
        cb_limb ai = a[i];
        cb_dlimb u = (cb_dlimb)ai * b[0] + t[0];
        cb_limb m = (cb_limb)u * n0;
        cb_dlimb v = (cb_dlimb)m * n[0] + (cb_limb)u; /* low word is zero by choice of m */
        cb_limb c1 = (cb_limb)(u >> W), c2 = (cb_limb)(v >> W);
        for (size_t j = 1; j < limbs; j++) {
            u = (cb_dlimb)ai * b[j] + t[j] + c1;
            c1 = (cb_limb)(u >> W);
            v = (cb_dlimb)m * n[j] + (cb_limb)u + c2;
            c2 = (cb_limb)(v >> W);
            t[j - 1] = (cb_limb)v;
        }
        cb_dlimb s = (cb_dlimb)t[limbs] + c1 + c2;
        t[limbs - 1] = (cb_limb)s;
        t[limbs] = (cb_limb)(s >> W);
    }
    final_sub(r, t, t[limbs], n, limbs);
}

/* square_full sets t[0..2*limbs) = a^2. */
static void square_full(cb_limb *t, const cb_limb *a, size_t limbs)
{
    t[0] = 0;
    t[2 * limbs - 1] = 0;
    /* off-diagonal products a[i]*a[j], i < j, each once */
    for (size_t j = 1; j < limbs; j++)
        t[j] = 0;
    for (size_t i = 0; i + 1 < limbs; i++) {
        cb_limb c = 0, ai = a[i];
        for (size_t j = i + 1; j < limbs; j++) {
            cb_dlimb u = (cb_dlimb)ai * a[j] + t[i + j] + c;
            t[i + j] = (cb_limb)u;
            c = (cb_limb)(u >> W);
        }
        t[i + limbs] = c;
    }
    /* double them and add the squares a[i]^2 at position 2i */
    cb_limb shift_in = 0, carry = 0;
    for (size_t i = 0; i < limbs; i++) {
        cb_limb lo = t[2 * i], hi = t[2 * i + 1];
        cb_limb lo2 = (lo << 1) | shift_in, hi2 = (hi << 1) | (lo >> (W - 1));
        shift_in = hi >> (W - 1);
        cb_dlimb sq = (cb_dlimb)a[i] * a[i];
        cb_dlimb s = (cb_dlimb)lo2 + (cb_limb)sq + carry;
        t[2 * i] = (cb_limb)s;
        s = (cb_dlimb)hi2 + (cb_limb)(sq >> W) + (cb_limb)(s >> W);
        t[2 * i + 1] = (cb_limb)s;
        carry = (cb_limb)(s >> W);
    }
}

void cb_mont_sqr_generic(cb_limb *r, const cb_limb *a, const cb_limb *n, cb_limb n0,
                         size_t limbs)
{
    cb_limb t[2 * CB_BN_MAX_LIMBS];
    square_full(t, a, limbs);
    /* Montgomery reduction of the 2*limbs-word square, one word at a time */
    cb_limb top = 0;
    for (size_t i = 0; i < limbs; i++) {
        cb_limb m = t[i] * n0, c = 0;
        for (size_t j = 0; j < limbs; j++) {
            cb_dlimb u = (cb_dlimb)m * n[j] + t[i + j] + c;
            t[i + j] = (cb_limb)u;
            c = (cb_limb)(u >> W);
        }
        cb_dlimb s = (cb_dlimb)t[i + limbs] + c + top;
        t[i + limbs] = (cb_limb)s;
        top = (cb_limb)(s >> W);
    }
    final_sub(r, t + limbs, top, n, limbs);
}

const cb_mont_ops cb_mont_generic_ops = {
    .mul = cb_mont_mul_generic,
    .sqr = cb_mont_sqr_generic,
};
