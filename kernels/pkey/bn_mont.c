/*
 * kernels/pkey/bn_mont.c - Montgomery contexts (Montgomery, "Modular multiplication
 * without trial division", Math. Comp. 1985), reduction of wide numbers and modular
 * exponentiation, all over a variant's cb_mont_ops.
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/kernel.h"
#include "kernels/pkey/bn.h"

#define W CB_LIMB_BITS

/* Window widths for a fixed-window exponent of ebits bits; chosen by measuring
 * rsa1024..4096 and dsa sign on x86-64 (table cost 2^w, multiplies ebits/w). */
/* ct_window picks the fixed window for a secret exponent of ebits bits. */
static unsigned ct_window(unsigned ebits)
{
    if (ebits > 1536)
        return 6;
    if (ebits > 256)
        return 5;
    if (ebits > 64)
        return 4;
    return ebits > 16 ? 3 : 1;
}

/* vt_window picks the sliding window for a public exponent of ebits bits. */
static unsigned vt_window(unsigned ebits)
{
    if (ebits > 1024)
        return 6;
    if (ebits > 256)
        return 5;
    if (ebits > 80)
        return 4;
    return ebits > 24 ? 3 : 1;
}
#define VT_WINDOW_MAX 6

/* n0_of returns -n0^-1 mod 2^W for odd n0 (Newton: each step doubles the bits). */
static cb_limb n0_of(cb_limb n0)
{
    cb_limb x = n0; /* n0 * n0 = 1 mod 8: three correct bits */
    for (int i = 0; i < 5; i++)
        x *= 2 - n0 * x;
    return (cb_limb)0 - x;
}

/* double_mod sets v = 2v mod n for v < n, in constant time. */
static void double_mod(cb_limb *v, const cb_limb *n, size_t limbs)
{
    cb_limb d[CB_BN_MAX_LIMBS];
    cb_limb carry = cb_bn_add(v, v, v, limbs);
    cb_limb borrow = cb_bn_sub(d, v, n, limbs);
    /* 2v >= n when the doubling carried out or the subtraction did not borrow */
    cb_bn_select(v, d, v, cb_ct_mask(carry | (borrow ^ 1)), limbs);
}

int cb_mont_init(cb_mont *m, const cb_mont_ops *ops, const cb_limb *n, size_t limbs)
{
    if (!ops || !ops->mul || limbs < 2 || limbs > CB_BN_MAX_LIMBS || !(n[0] & 1) ||
        n[limbs - 1] == 0)
        return -1;
    memset(m, 0, sizeof *m);
    m->ops = ops;
    m->limbs = limbs;
    m->bits = cb_bn_bits(n, limbs);
    m->n0 = n0_of(n[0]);
    memcpy(m->n, n, limbs * sizeof *n);
    /* Powers of two by doubling: constant time, since n may be a secret prime.
     * 2^(W*limbs) = R, 2^(W*(2*limbs-1)) = R * 2^(W*(limbs-1)), 2^(2*W*limbs) = R^2. */
    cb_limb v[CB_BN_MAX_LIMBS] = {1};
    for (size_t k = 1; k <= 2 * W * limbs; k++) {
        double_mod(v, n, limbs);
        if (k == W * limbs)
            memcpy(m->one, v, limbs * sizeof *v);
        if (k == W * (2 * limbs - 1))
            memcpy(m->rb, v, limbs * sizeof *v);
    }
    memcpy(m->rr, v, limbs * sizeof *v);
    return 0;
}

void cb_mont_mul(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *b)
{
    m->ops->mul(r, a, b, m->n, m->n0, m->limbs);
}

void cb_mont_sqr(const cb_mont *m, cb_limb *r, const cb_limb *a)
{
    if (m->ops->sqr)
        m->ops->sqr(r, a, m->n, m->n0, m->limbs);
    else
        m->ops->mul(r, a, a, m->n, m->n0, m->limbs);
}

void cb_mont_to(const cb_mont *m, cb_limb *r, const cb_limb *a)
{
    cb_mont_mul(m, r, a, m->rr);
}

void cb_mont_from(const cb_mont *m, cb_limb *r, const cb_limb *a)
{
    cb_limb one[CB_BN_MAX_LIMBS] = {1};
    cb_mont_mul(m, r, a, one);
}

void cb_mont_modmul(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *b)
{
    cb_mont_mul(m, r, a, b);     /* a b R^-1 */
    cb_mont_mul(m, r, r, m->rr); /* a b */
}

void cb_mont_modadd(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *b)
{
    cb_limb d[CB_BN_MAX_LIMBS];
    cb_limb carry = cb_bn_add(r, a, b, m->limbs);
    cb_limb borrow = cb_bn_sub(d, r, m->n, m->limbs);
    cb_bn_select(r, d, r, cb_ct_mask(carry | (borrow ^ 1)), m->limbs);
}

void cb_mont_modsub(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *b)
{
    cb_limb fix[CB_BN_MAX_LIMBS];
    cb_limb neg = cb_ct_mask(cb_bn_sub(r, a, b, m->limbs));
    for (size_t i = 0; i < m->limbs; i++)
        fix[i] = m->n[i] & neg;
    cb_bn_add(r, r, fix, m->limbs);
}

/*
 * Horner's rule in blocks of limbs-1 limbs: any such block is below 2^(W*(limbs-1)),
 * which is at most n because n's top limb is non-zero, so it is already reduced;
 * multiplying the running value by 2^(W*(limbs-1)) mod n is one Montgomery
 * multiplication by rb = 2^(W*(limbs-1)) * R.
 */
void cb_mont_reduce(const cb_mont *m, cb_limb *r, const cb_limb *x, size_t xlimbs)
{
    size_t blk = m->limbs - 1;
    size_t nblocks = (xlimbs + blk - 1) / blk;
    cb_limb acc[CB_BN_MAX_LIMBS] = {0}, b[CB_BN_MAX_LIMBS] = {0};
    if (nblocks == 0) {
        memset(r, 0, m->limbs * sizeof *r);
        return;
    }
    size_t top = (nblocks - 1) * blk;
    memcpy(acc, x + top, (xlimbs - top) * sizeof *x);
    for (size_t k = nblocks - 1; k-- > 0;) {
        cb_mont_mul(m, acc, acc, m->rb);
        memcpy(b, x + k * blk, blk * sizeof *x);
        cb_mont_modadd(m, acc, acc, b);
    }
    memcpy(r, acc, m->limbs * sizeof *r);
}

/* exp_bits returns the w bits of e starting at bit pos (bits past the end are 0). */
static unsigned exp_bits(const cb_limb *e, size_t elimbs, unsigned pos, unsigned w)
{
    unsigned v = 0;
    for (unsigned k = 0; k < w; k++) {
        unsigned p = pos + k;
        size_t limb = p / W;
        if (limb < elimbs)
            v |= (unsigned)((e[limb] >> (p % W)) & 1) << k;
    }
    return v;
}

/* ct_lookup sets out = table[idx] reading every entry, so the address trace does
 * not depend on idx. */
static void ct_lookup(cb_limb *out, const cb_limb *table, size_t entries, size_t limbs,
                      unsigned idx)
{
    memset(out, 0, limbs * sizeof *out);
    for (size_t i = 0; i < entries; i++) {
        cb_limb x = (cb_limb)(i ^ idx);
        cb_limb mask = cb_ct_mask(1 ^ ((x | ((cb_limb)0 - x)) >> (W - 1)));
        const cb_limb *row = table + i * limbs;
        for (size_t j = 0; j < limbs; j++)
            out[j] |= row[j] & mask;
    }
}

void cb_mont_exp_ct(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *e,
                    size_t elimbs, unsigned ebits)
{
    size_t L = m->limbs;
    unsigned w = ct_window(ebits);
    size_t entries = (size_t)1 << w;
    cb_limb acc[CB_BN_MAX_LIMBS], t[CB_BN_MAX_LIMBS];

    if (ebits == 0) {
        cb_mont_from(m, r, m->one);
        return;
    }
    /* on the heap, sized by the modulus: 2^6 entries of rsa15360's half-size prime or
     * ffdh8192's p would be 64 KiB of stack, more than a small thread stack holds */
    size_t tsize = entries * L * sizeof(cb_limb);
    cb_limb *table = cb_xmalloc(tsize);
    memcpy(table, m->one, L * sizeof *table);
    cb_mont_to(m, table + L, a);
    for (size_t i = 2; i < entries; i++) {
        if (i % 2 == 0)
            cb_mont_sqr(m, table + i * L, table + i / 2 * L);
        else
            cb_mont_mul(m, table + i * L, table + (i - 1) * L, table + L);
    }
    unsigned nwin = (ebits + w - 1) / w;
    unsigned top = (nwin - 1) * w;
    ct_lookup(acc, table, entries, L, exp_bits(e, elimbs, top, ebits - top));
    for (unsigned k = nwin - 1; k-- > 0;) {
        for (unsigned s = 0; s < w; s++)
            cb_mont_sqr(m, acc, acc);
        ct_lookup(t, table, entries, L, exp_bits(e, elimbs, k * w, w));
        cb_mont_mul(m, acc, acc, t);
    }
    cb_mont_from(m, r, acc);
    cb_wipe(table, tsize);
    free(table);
}

/*
 * slide_digits writes into dig[0..nbits) the sliding-window decomposition of e: at
 * the lowest bit of each window the window's (odd) value, elsewhere 0.  Returns the
 * bit length of e.
 */
static unsigned slide_digits(uint8_t *dig, const cb_limb *e, size_t elimbs, unsigned w)
{
    unsigned nbits = cb_bn_bits(e, elimbs);
    memset(dig, 0, nbits);
    for (int i = (int)nbits - 1; i >= 0;) {
        if (!exp_bits(e, elimbs, (unsigned)i, 1)) {
            i--;
            continue;
        }
        int lo = i - (int)w + 1 > 0 ? i - (int)w + 1 : 0;
        while (!exp_bits(e, elimbs, (unsigned)lo, 1))
            lo++;
        dig[lo] = (uint8_t)exp_bits(e, elimbs, (unsigned)lo, (unsigned)(i - lo + 1));
        i = lo - 1;
    }
    return nbits;
}

/* odd_powers fills table with a^1, a^3, ..., a^(2^w - 1) in Montgomery form. */
static void odd_powers(const cb_mont *m, cb_limb *table, const cb_limb *a, unsigned w)
{
    size_t L = m->limbs, entries = (size_t)1 << (w - 1);
    cb_limb a2[CB_BN_MAX_LIMBS];
    cb_mont_to(m, table, a);
    if (entries == 1)
        return;
    cb_mont_sqr(m, a2, table);
    for (size_t i = 1; i < entries; i++)
        cb_mont_mul(m, table + i * L, table + (i - 1) * L, a2);
}

/* One base of a simultaneous exponentiation: its odd powers and digits. */
typedef struct vt_base {
    cb_limb table[((size_t)1 << (VT_WINDOW_MAX - 1)) * CB_BN_MAX_LIMBS];
    uint8_t dig[CB_BN_MAX_BITS];
    unsigned nbits;
} vt_base;

/* exp_multi sets r = prod a_k^e_k over count bases (Shamir's trick with sliding
 * windows: the squarings are shared).  Variable time. */
static void exp_multi(const cb_mont *m, cb_limb *r, vt_base *bs, const cb_limb *const *a,
                      const cb_limb *const *e, size_t count, size_t elimbs)
{
    size_t L = m->limbs;
    unsigned nbits = 0;
    for (size_t k = 0; k < count; k++) {
        unsigned w = vt_window(cb_bn_bits(e[k], elimbs));
        bs[k].nbits = slide_digits(bs[k].dig, e[k], elimbs, w);
        odd_powers(m, bs[k].table, a[k], w);
        if (bs[k].nbits > nbits)
            nbits = bs[k].nbits;
    }
    cb_limb acc[CB_BN_MAX_LIMBS];
    memcpy(acc, m->one, L * sizeof *acc);
    int started = 0;
    for (unsigned i = nbits; i-- > 0;) {
        if (started)
            cb_mont_sqr(m, acc, acc);
        for (size_t k = 0; k < count; k++) {
            if (i >= bs[k].nbits || !bs[k].dig[i])
                continue;
            if (i == 0 && count == 1 && bs[k].dig[0] == 1 && started) {
                /* the last step multiplies by a itself (RSA's e = 65537 always
                 * ends so): acc R times the ordinary a, divided by R, is the
                 * ordinary result, which saves the conversion out */
                cb_mont_mul(m, r, acc, a[k]);
                return;
            }
            const cb_limb *p = bs[k].table + (bs[k].dig[i] >> 1) * L;
            if (started)
                cb_mont_mul(m, acc, acc, p);
            else
                memcpy(acc, p, L * sizeof *acc);
            started = 1;
        }
    }
    cb_mont_from(m, r, acc);
}

/* The bases live on the heap: a vt_base of CB_BN_MAX_LIMBS numbers is 77 KiB with
 * 64-bit limbs, too much for a small thread stack. */
void cb_mont_exp_vt(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *e,
                    size_t elimbs)
{
    vt_base *b = cb_xmalloc(sizeof *b);
    const cb_limb *as[1] = {a}, *es[1] = {e};
    exp_multi(m, r, b, as, es, 1, elimbs);
    free(b);
}

void cb_mont_exp2_vt(const cb_mont *m, cb_limb *r, const cb_limb *a1, const cb_limb *e1,
                     const cb_limb *a2, const cb_limb *e2, size_t elimbs)
{
    vt_base *b = cb_xmalloc(2 * sizeof *b);
    const cb_limb *as[2] = {a1, a2}, *es[2] = {e1, e2};
    exp_multi(m, r, b, as, es, 2, elimbs);
    free(b);
}
