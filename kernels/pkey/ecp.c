/*
 * kernels/pkey/ecp.c - the group of a short-Weierstrass prime curve on a Montgomery
 * variant (kernels/pkey/ecp.h): complete projective addition, fixed-window scalar
 * multiplication with masked table reads, and the conversions from and to affine
 * coordinates.
 *
 * Cost (M a field multiplication): an addition is 12 M plus the products by a and by
 * 3b; a = 0 and a = -3 (every NIST curve, the brainpool t1 curves) make the product by
 * a additions only, so 14 M there and 15 M for the other brainpool curves.  [k]P is
 * bits doublings and bits/4 additions after a 15-addition table; [k]G with the
 * fixed-base table (16 multiples of 16^i G per window, no doublings) is bits/4
 * additions.
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/pkey/ecp.h"

#define WIN 4                  /* bits of a window */
#define TAB (1u << WIN)        /* entries of a window's table */

/* ---- field: Montgomery form modulo p ---- */

/* fadd sets r = a + b mod p: one pass adding, one subtracting p, a masked select
 * (the generic cb_mont_modadd does the same over three calls; this is the inner
 * loop of every point operation) */
static void fadd(const cb_ecp *e, cb_limb *r, const cb_limb *a, const cb_limb *b)
{
    cb_limb s[CB_ECP_LIMBS], d[CB_ECP_LIMBS], carry = 0, borrow = 0;
    const cb_limb *n = e->fp.n;
    for (size_t i = 0; i < e->fl; i++) {
        cb_dlimb t = (cb_dlimb)a[i] + b[i] + carry;
        s[i] = (cb_limb)t;
        carry = (cb_limb)(t >> CB_LIMB_BITS);
    }
    for (size_t i = 0; i < e->fl; i++) {
        cb_dlimb t = (cb_dlimb)s[i] - n[i] - borrow;
        d[i] = (cb_limb)t;
        borrow = (cb_limb)(t >> CB_LIMB_BITS) & 1;
    }
    /* a + b >= p when the sum carried out or subtracting p did not borrow */
    cb_limb m = cb_ct_mask(carry | (borrow ^ 1));
    for (size_t i = 0; i < e->fl; i++)
        r[i] = (d[i] & m) | (s[i] & ~m);
}

/* fsub sets r = a - b mod p: subtract, then add p back under the borrow's mask. */
static void fsub(const cb_ecp *e, cb_limb *r, const cb_limb *a, const cb_limb *b)
{
    cb_limb borrow = 0, carry = 0;
    const cb_limb *n = e->fp.n;
    for (size_t i = 0; i < e->fl; i++) {
        cb_dlimb t = (cb_dlimb)a[i] - b[i] - borrow;
        r[i] = (cb_limb)t;
        borrow = (cb_limb)(t >> CB_LIMB_BITS) & 1;
    }
    cb_limb m = cb_ct_mask(borrow);
    for (size_t i = 0; i < e->fl; i++) {
        cb_dlimb t = (cb_dlimb)r[i] + (n[i] & m) + carry;
        r[i] = (cb_limb)t;
        carry = (cb_limb)(t >> CB_LIMB_BITS);
    }
}

static void fmul(const cb_ecp *e, cb_limb *r, const cb_limb *a, const cb_limb *b)
{
    cb_mont_mul(&e->fp, r, a, b);
}

static void fsqr(const cb_ecp *e, cb_limb *r, const cb_limb *a)
{
    cb_mont_sqr(&e->fp, r, a);
}

/* mul_a sets r = a x: nothing for a = 0, -(3x) by additions for a = -3. */
static void mul_a(const cb_ecp *e, cb_limb *r, const cb_limb *x)
{
    cb_limb t[CB_ECP_LIMBS], zero[CB_ECP_LIMBS] = {0};
    switch (e->a_kind) { /* the curve's, public */
    case 0:
        memset(r, 0, e->fl * sizeof *r);
        return;
    case 1:
        fadd(e, t, x, x);
        fadd(e, t, t, x);
        fsub(e, r, zero, t);
        return;
    default:
        fmul(e, r, e->a, x);
    }
}

/* ---- points ---- */

/* set_identity sets r = (0 : 1 : 0). */
static void set_identity(const cb_ecp *e, cb_ecp_point *r)
{
    memset(r, 0, sizeof *r);
    memcpy(r->y, e->fp.one, e->fl * sizeof *r->y);
}

void cb_ecp_add(const cb_ecp *e, cb_ecp_point *r, const cb_ecp_point *p,
                const cb_ecp_point *q)
{
    /* RCB 2016 Algorithm 1, step by step (its numbering in the comments); t0..t5
     * and X3, Y3, Z3 are locals so r may alias p or q */
    cb_limb t0[CB_ECP_LIMBS], t1[CB_ECP_LIMBS], t2[CB_ECP_LIMBS], t3[CB_ECP_LIMBS],
        t4[CB_ECP_LIMBS], t5[CB_ECP_LIMBS], X3[CB_ECP_LIMBS], Y3[CB_ECP_LIMBS],
        Z3[CB_ECP_LIMBS];
    const cb_limb *X1 = p->x, *Y1 = p->y, *Z1 = p->z, *X2 = q->x, *Y2 = q->y, *Z2 = q->z;
    fmul(e, t0, X1, X2);  /* 1 */
    fmul(e, t1, Y1, Y2);  /* 2 */
    fmul(e, t2, Z1, Z2);  /* 3 */
    fadd(e, t3, X1, Y1);  /* 4 */
    fadd(e, t4, X2, Y2);  /* 5 */
    fmul(e, t3, t3, t4);  /* 6 */
    fadd(e, t4, t0, t1);  /* 7 */
    fsub(e, t3, t3, t4);  /* 8 */
    fadd(e, t4, X1, Z1);  /* 9 */
    fadd(e, t5, X2, Z2);  /* 10 */
    fmul(e, t4, t4, t5);  /* 11 */
    fadd(e, t5, t0, t2);  /* 12 */
    fsub(e, t4, t4, t5);  /* 13 */
    fadd(e, t5, Y1, Z1);  /* 14 */
    fadd(e, X3, Y2, Z2);  /* 15 */
    fmul(e, t5, t5, X3);  /* 16 */
    fadd(e, X3, t1, t2);  /* 17 */
    fsub(e, t5, t5, X3);  /* 18 */
    mul_a(e, Z3, t4);     /* 19 */
    fmul(e, X3, e->b3, t2); /* 20 */
    fadd(e, Z3, X3, Z3);  /* 21 */
    fsub(e, X3, t1, Z3);  /* 22 */
    fadd(e, Z3, t1, Z3);  /* 23 */
    fmul(e, Y3, X3, Z3);  /* 24 */
    fadd(e, t1, t0, t0);  /* 25 */
    fadd(e, t1, t1, t0);  /* 26 */
    mul_a(e, t2, t2);     /* 27 */
    fmul(e, t4, e->b3, t4); /* 28 */
    fadd(e, t1, t1, t2);  /* 29 */
    fsub(e, t2, t0, t2);  /* 30 */
    mul_a(e, t2, t2);     /* 31 */
    fadd(e, t4, t4, t2);  /* 32 */
    fmul(e, t0, t1, t4);  /* 33 */
    fadd(e, Y3, Y3, t0);  /* 34 */
    fmul(e, t0, t5, t4);  /* 35 */
    fmul(e, X3, t3, X3);  /* 36 */
    fsub(e, X3, X3, t0);  /* 37 */
    fmul(e, t0, t3, t1);  /* 38 */
    fmul(e, Z3, t5, Z3);  /* 39 */
    fadd(e, Z3, Z3, t0);  /* 40 */
    memcpy(r->x, X3, sizeof X3);
    memcpy(r->y, Y3, sizeof Y3);
    memcpy(r->z, Z3, sizeof Z3);
}

/* digit returns window i (bits 4i .. 4i+3) of k; i is public, CB_LIMB_BITS a multiple
 * of WIN, so a window never straddles two limbs. */
static cb_limb digit(const cb_limb *k, unsigned i)
{
    unsigned bit = i * WIN;
    return (k[bit / CB_LIMB_BITS] >> (bit % CB_LIMB_BITS)) & (TAB - 1);
}

/* select_point sets r = tab[d] reading every entry of tab and keeping one by masks,
 * so the address trace does not depend on the secret d. */
static void select_point(cb_ecp_point *r, const cb_ecp_point *tab, cb_limb d)
{
    memset(r, 0, sizeof *r);
    for (cb_limb j = 0; j < TAB; j++) {
        cb_limb x = j ^ d;
        /* all ones when x == 0: (x | -x) has its top bit set for any other x */
        cb_limb m = cb_ct_mask(((x | ((cb_limb)0 - x)) >> (CB_LIMB_BITS - 1)) ^ 1);
        const cb_limb *src = (const cb_limb *)&tab[j];
        cb_limb *dst = (cb_limb *)r;
        for (size_t i = 0; i < sizeof *r / sizeof(cb_limb); i++)
            dst[i] |= src[i] & m;
    }
}

/* windows returns how many 4-bit windows hold a scalar below n. */
static unsigned windows(const cb_ecp *e)
{
    return (e->nbits + WIN - 1) / WIN;
}

/* multiples sets tab[j] = [j]p for j < TAB. */
static void multiples(const cb_ecp *e, cb_ecp_point *tab, const cb_ecp_point *p)
{
    set_identity(e, &tab[0]);
    tab[1] = *p;
    for (unsigned j = 2; j < TAB; j++)
        cb_ecp_add(e, &tab[j], &tab[j - 1], p);
}

/*
 * The doublings of a variable-base multiplication run in Jacobian coordinates
 * (x = X/Z^2, y = Y/Z^3), where a doubling is 3M + 5S for a = -3 (Bernstein-Lange
 * dbl-2001-b) and 1M + 8S otherwise (dbl-2007-bl) against 14-15 M for the complete
 * addition; a window converts in and out (3 M each way).  The doubling formulas have
 * no exceptional case on a curve of odd order: no point has y = 0, and the identity
 * (Z = 0) doubles to Z = 0.
 */

/* to_jacobian sets j = p in Jacobian coordinates: (X Z : Y Z^2 : Z). */
static void to_jacobian(const cb_ecp *e, cb_ecp_point *j, const cb_ecp_point *p)
{
    cb_limb zz[CB_ECP_LIMBS];
    fsqr(e, zz, p->z);
    fmul(e, j->x, p->x, p->z);
    fmul(e, j->y, p->y, zz);
    memcpy(j->z, p->z, sizeof j->z);
}

/* to_projective sets p = j in projective coordinates: (X Z : Y : Z^3), and the
 * identity (Z = 0, where Y has become 0 too) back to (0 : 1 : 0) by a masked select. */
static void to_projective(const cb_ecp *e, cb_ecp_point *p, const cb_ecp_point *j)
{
    cb_limb zz[CB_ECP_LIMBS];
    cb_limb inf = cb_ct_mask((cb_limb)cb_bn_is_zero(j->z, e->fl));
    fsqr(e, zz, j->z);
    fmul(e, p->x, j->x, j->z);
    fmul(e, p->z, j->z, zz);
    cb_bn_select(p->y, e->fp.one, j->y, inf, e->fl);
}

/* jacobian_double sets r = 2 p, both Jacobian. */
static void jacobian_double(const cb_ecp *e, cb_ecp_point *r, const cb_ecp_point *p)
{
    cb_limb t0[CB_ECP_LIMBS], t1[CB_ECP_LIMBS], t2[CB_ECP_LIMBS], t3[CB_ECP_LIMBS],
        m[CB_ECP_LIMBS], s[CB_ECP_LIMBS];
    if (e->a_kind == 1) { /* the curve's a, public */
        /* dbl-2001-b: delta = Z^2, gamma = Y^2, beta = X gamma,
         * alpha = 3 (X - delta)(X + delta) */
        fsqr(e, t0, p->z);                 /* delta */
        fsqr(e, t1, p->y);                 /* gamma */
        fmul(e, t2, p->x, t1);             /* beta */
        fsub(e, t3, p->x, t0);
        fadd(e, m, p->x, t0);
        fmul(e, m, t3, m);
        fadd(e, t3, m, m);
        fadd(e, m, t3, m);                 /* alpha */
        fadd(e, r->z, p->y, p->z);         /* Z3 = (Y + Z)^2 - gamma - delta */
        fsqr(e, r->z, r->z);
        fsub(e, r->z, r->z, t1);
        fsub(e, r->z, r->z, t0);
        fadd(e, t2, t2, t2);
        fadd(e, t2, t2, t2);               /* 4 beta */
        fsqr(e, t3, m);                    /* X3 = alpha^2 - 8 beta */
        fsub(e, t3, t3, t2);
        fsub(e, r->x, t3, t2);
        fsub(e, t2, t2, r->x);             /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
        fmul(e, t2, m, t2);
        fsqr(e, t1, t1);
        fadd(e, t1, t1, t1);
        fadd(e, t1, t1, t1);
        fadd(e, t1, t1, t1);
        fsub(e, r->y, t2, t1);
        return;
    }
    /* dbl-2007-bl: XX = X^2, YY = Y^2, YYYY = YY^2, ZZ = Z^2,
     * S = 2 ((X + YY)^2 - XX - YYYY), M = 3 XX + a ZZ^2, T = M^2 - 2 S */
    fsqr(e, t0, p->x);                     /* XX */
    fsqr(e, t1, p->y);                     /* YY */
    fsqr(e, t2, t1);                       /* YYYY */
    fsqr(e, t3, p->z);                     /* ZZ */
    fadd(e, s, p->x, t1);
    fsqr(e, s, s);
    fsub(e, s, s, t0);
    fsub(e, s, s, t2);
    fadd(e, s, s, s);                      /* S */
    fadd(e, r->z, p->y, p->z);             /* Z3 = (Y + Z)^2 - YY - ZZ */
    fsqr(e, r->z, r->z);
    fsub(e, r->z, r->z, t1);
    fsub(e, r->z, r->z, t3);
    fsqr(e, t3, t3);
    mul_a(e, t3, t3);
    fadd(e, m, t0, t0);
    fadd(e, m, m, t0);
    fadd(e, m, m, t3);                     /* M */
    fsqr(e, t0, m);
    fsub(e, t0, t0, s);
    fsub(e, r->x, t0, s);                  /* X3 = T */
    fsub(e, s, s, r->x);                   /* Y3 = M (S - T) - 8 YYYY */
    fmul(e, s, m, s);
    fadd(e, t2, t2, t2);
    fadd(e, t2, t2, t2);
    fadd(e, t2, t2, t2);
    fsub(e, r->y, s, t2);
}

void cb_ecp_mul(const cb_ecp *e, cb_ecp_point *r, const cb_ecp_point *p, const cb_limb *k)
{
    cb_ecp_point tab[TAB], t, acc, j;
    multiples(e, tab, p);
    unsigned w = windows(e);
    select_point(&acc, tab, digit(k, w - 1));
    for (unsigned i = w - 1; i-- > 0;) {
        to_jacobian(e, &j, &acc);
        for (unsigned b = 0; b < WIN; b++)
            jacobian_double(e, &j, &j);
        to_projective(e, &acc, &j);
        select_point(&t, tab, digit(k, i));
        cb_ecp_add(e, &acc, &acc, &t);
    }
    *r = acc;
    cb_wipe(tab, sizeof tab);
    cb_wipe(&t, sizeof t);
    cb_wipe(&acc, sizeof acc);
    cb_wipe(&j, sizeof j);
}

/* ---- variable time, for verification: public scalars and points only ---- */

#define NAF_W 5                     /* wNAF width: digits odd, |d| < 2^(NAF_W-1) */
#define NAF_ODD (1u << (NAF_W - 2)) /* odd multiples kept: P, 3P, ..., 15P */

/* fis_zero reports a field element (fully reduced) to be 0; variable time. */
static int fis_zero(const cb_ecp *e, const cb_limb *a)
{
    for (size_t i = 0; i < e->fl; i++)
        if (a[i])
            return 0;
    return 1;
}

/* jacobian_add_vt sets r = p + q, all Jacobian, with Bernstein-Lange add-2007-bl
 * (11M + 5S) and branches for its exceptions: an identity, p = q (a doubling) and
 * p = -q.  r may be p or q. */
static void jacobian_add_vt(const cb_ecp *e, cb_ecp_point *r, const cb_ecp_point *p,
                            const cb_ecp_point *q)
{
    cb_limb z1z1[CB_ECP_LIMBS], z2z2[CB_ECP_LIMBS], u1[CB_ECP_LIMBS], u2[CB_ECP_LIMBS],
        s1[CB_ECP_LIMBS], s2[CB_ECP_LIMBS], h[CB_ECP_LIMBS], i[CB_ECP_LIMBS], j[CB_ECP_LIMBS],
        rr[CB_ECP_LIMBS], v[CB_ECP_LIMBS], t[CB_ECP_LIMBS];
    if (fis_zero(e, p->z)) {
        *r = *q;
        return;
    }
    if (fis_zero(e, q->z)) {
        *r = *p;
        return;
    }
    fsqr(e, z1z1, p->z);
    fsqr(e, z2z2, q->z);
    fmul(e, u1, p->x, z2z2);
    fmul(e, u2, q->x, z1z1);
    fmul(e, s1, p->y, q->z);
    fmul(e, s1, s1, z2z2);
    fmul(e, s2, q->y, p->z);
    fmul(e, s2, s2, z1z1);
    fsub(e, h, u2, u1);
    fsub(e, rr, s2, s1);
    if (fis_zero(e, h)) {
        if (fis_zero(e, rr)) {
            jacobian_double(e, r, p);
        } else {
            memset(r, 0, sizeof *r); /* p = -q: the identity */
            memcpy(r->y, e->fp.one, e->fl * sizeof *r->y);
        }
        return;
    }
    fadd(e, i, h, h);
    fsqr(e, i, i);          /* I = (2H)^2 */
    fmul(e, j, h, i);       /* J = H I */
    fadd(e, rr, rr, rr);    /* r = 2 (S2 - S1) */
    fmul(e, v, u1, i);      /* V = U1 I */
    fadd(e, t, p->z, q->z); /* Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H */
    fsqr(e, t, t);
    fsub(e, t, t, z1z1);
    fsub(e, t, t, z2z2);
    fmul(e, r->z, t, h);
    fsqr(e, t, rr);         /* X3 = r^2 - J - 2 V */
    fsub(e, t, t, j);
    fsub(e, t, t, v);
    fsub(e, r->x, t, v);
    fsub(e, t, v, r->x);    /* Y3 = r (V - X3) - 2 S1 J */
    fmul(e, t, rr, t);
    fmul(e, s1, s1, j);
    fadd(e, s1, s1, s1);
    fsub(e, r->y, t, s1);
}

/* naf sets dig[0..bits] to the width-NAF_W signed digits of k (nl limbs) and returns
 * how many there are; variable time. */
static unsigned naf(const cb_ecp *e, int8_t *dig, const cb_limb *k)
{
    cb_limb x[CB_ECP_LIMBS + 1] = {0};
    memcpy(x, k, e->nl * sizeof *x);
    size_t L = e->nl + 1;
    unsigned n = 0;
    while (!cb_bn_is_zero(x, L)) {
        int d = 0;
        if (x[0] & 1) {
            d = (int)(x[0] & ((1u << NAF_W) - 1));
            if (d >= 1 << (NAF_W - 1))
                d -= 1 << NAF_W;
            /* x -= d, which makes x divisible by 2^NAF_W */
            cb_limb c = (cb_limb)(d < 0 ? -d : d);
            for (size_t i = 0; i < L && c; i++) {
                cb_limb old = x[i];
                x[i] = d < 0 ? old + c : old - c;
                c = d < 0 ? x[i] < old : x[i] > old;
            }
        }
        dig[n++] = (int8_t)d;
        for (size_t i = 0; i < L; i++) /* x >>= 1 */
            x[i] = (x[i] >> 1) | (i + 1 < L ? x[i + 1] << (CB_LIMB_BITS - 1) : 0);
    }
    return n;
}

/* odd_multiples sets tab[i] = [2i+1]p (Jacobian) for i < NAF_ODD. */
static void odd_multiples(const cb_ecp *e, cb_ecp_point *tab, const cb_ecp_point *p)
{
    cb_ecp_point p2;
    to_jacobian(e, &tab[0], p);
    jacobian_double(e, &p2, &tab[0]);
    for (unsigned i = 1; i < NAF_ODD; i++)
        jacobian_add_vt(e, &tab[i], &tab[i - 1], &p2);
}

/* add_digit adds [d]tab's point (d odd, either sign) to acc. */
static void add_digit(const cb_ecp *e, cb_ecp_point *acc, const cb_ecp_point *tab, int d)
{
    if (d > 0) {
        jacobian_add_vt(e, acc, acc, &tab[(d - 1) / 2]);
        return;
    }
    cb_ecp_point m = tab[(-d - 1) / 2];
    cb_limb zero[CB_ECP_LIMBS] = {0};
    fsub(e, m.y, zero, m.y);
    jacobian_add_vt(e, acc, acc, &m);
}

void cb_ecp_mul2_vt(const cb_ecp *e, cb_ecp_point *r, const cb_limb *u1, const cb_limb *u2,
                    const cb_ecp_point *q)
{
    int8_t d1[CB_ECP_MAX_BITS + 2], d2[CB_ECP_MAX_BITS + 2];
    cb_ecp_point tg[NAF_ODD], tq[NAF_ODD], acc;
    unsigned n1 = naf(e, d1, u1), n2 = naf(e, d2, u2);
    odd_multiples(e, tg, &e->g);
    odd_multiples(e, tq, q);
    memset(&acc, 0, sizeof acc); /* the identity, Z = 0 */
    for (unsigned i = n1 > n2 ? n1 : n2; i-- > 0;) {
        jacobian_double(e, &acc, &acc);
        if (i < n1 && d1[i])
            add_digit(e, &acc, tg, d1[i]);
        if (i < n2 && d2[i])
            add_digit(e, &acc, tq, d2[i]);
    }
    to_projective(e, r, &acc);
}

void cb_ecp_base_table(cb_ecp *e)
{
    unsigned w = windows(e);
    if (e->gtab)
        return;
    e->gtab = cb_xmalloc((size_t)w * TAB * sizeof *e->gtab);
    cb_ecp_point base = e->g;
    for (unsigned i = 0; i < w; i++) {
        cb_ecp_point *tab = e->gtab + (size_t)i * TAB;
        multiples(e, tab, &base);
        cb_ecp_add(e, &base, &tab[TAB - 1], &base); /* 16^(i+1) G */
    }
}

void cb_ecp_mul_base(const cb_ecp *e, cb_ecp_point *r, const cb_limb *k)
{
    if (!e->gtab) {
        cb_ecp_mul(e, r, &e->g, k);
        return;
    }
    cb_ecp_point acc, t;
    set_identity(e, &acc);
    for (unsigned i = 0; i < windows(e); i++) {
        select_point(&t, e->gtab + (size_t)i * TAB, digit(k, i));
        cb_ecp_add(e, &acc, &acc, &t);
    }
    *r = acc;
    cb_wipe(&t, sizeof t);
    cb_wipe(&acc, sizeof acc);
}

/* ---- affine coordinates ---- */

/* rhs sets r = x^3 + a x + b (Montgomery form). */
static void rhs(const cb_ecp *e, cb_limb *r, const cb_limb *x)
{
    cb_limb t[CB_ECP_LIMBS], ax[CB_ECP_LIMBS];
    fmul(e, t, x, x);
    fmul(e, t, t, x);
    mul_a(e, ax, x);
    fadd(e, t, t, ax);
    fadd(e, r, t, e->b);
}

int cb_ecp_set_affine(const cb_ecp *e, cb_ecp_point *r, const uint8_t *x, const uint8_t *y)
{
    cb_limb xi[CB_ECP_LIMBS] = {0}, yi[CB_ECP_LIMBS] = {0}, l[CB_ECP_LIMBS],
        rr[CB_ECP_LIMBS];
    if (cb_bn_from_bytes(xi, e->fl, x, e->pbytes) != 0 ||
        cb_bn_from_bytes(yi, e->fl, y, e->pbytes) != 0 || !cb_bn_lt(xi, e->fp.n, e->fl) ||
        !cb_bn_lt(yi, e->fp.n, e->fl))
        return -1;
    memset(r, 0, sizeof *r);
    cb_mont_to(&e->fp, r->x, xi);
    cb_mont_to(&e->fp, r->y, yi);
    memcpy(r->z, e->fp.one, e->fl * sizeof *r->z);
    fmul(e, l, r->y, r->y);
    rhs(e, rr, r->x);
    return memcmp(l, rr, e->fl * sizeof *l) == 0 ? 0 : -1;
}

int cb_ecp_get_affine(const cb_ecp *e, uint8_t *x, uint8_t *y, const cb_ecp_point *p)
{
    cb_limb z[CB_ECP_LIMBS], zi[CB_ECP_LIMBS], t[CB_ECP_LIMBS];
    cb_mont_from(&e->fp, z, p->z);
    /* Z = 0 only for the identity, which a secret product never is (k in [1, n-1],
     * prime order), so this branch tells nothing (and is declassified as such) */
    int inv = cb_bn_mod_inv(zi, z, e->fp.n, e->fl);
    cb_pkey_public(&inv, sizeof inv);
    if (inv != 0)
        return -1;
    fmul(e, t, p->x, zi); /* X R * Z^-1 * R^-1: x in ordinary form */
    cb_bn_to_bytes(x, e->pbytes, t, e->fl);
    if (y) {
        fmul(e, t, p->y, zi);
        cb_bn_to_bytes(y, e->pbytes, t, e->fl);
    }
    cb_wipe(zi, sizeof zi);
    cb_wipe(t, sizeof t);
    return 0;
}

/* ---- loading a curve ---- */

/* hex_limbs reads hex into r (limbs) and, when mont is set, into Montgomery form. */
static int hex_limbs(const cb_ecp *e, cb_limb *r, const char *hex, int mont)
{
    cb_limb t[CB_ECP_LIMBS] = {0};
    if (cb_bn_from_hex(t, e->fl, hex) != 0)
        return -1;
    if (mont)
        cb_mont_to(&e->fp, r, t);
    else
        memcpy(r, t, e->fl * sizeof *r);
    return 0;
}

int cb_ecp_init(cb_ecp *e, const cb_ecp_params *par, const cb_mont_ops *ops)
{
    cb_limb p[CB_BN_MAX_LIMBS] = {0}, n[CB_BN_MAX_LIMBS] = {0}, am3[CB_ECP_LIMBS];
    memset(e, 0, sizeof *e);
    e->par = par;
    if (cb_bn_from_hex(p, CB_ECP_LIMBS, par->p) != 0 ||
        cb_bn_from_hex(n, CB_ECP_LIMBS + 1, par->n) != 0)
        return -1;
    e->fl = cb_bn_limbs_for(cb_bn_bits(p, CB_ECP_LIMBS));
    e->nbits = cb_bn_bits(n, CB_ECP_LIMBS + 1);
    e->nl = cb_bn_limbs_for(e->nbits);
    e->pbytes = (cb_bn_bits(p, CB_ECP_LIMBS) + 7) / 8;
    e->nbytes = (e->nbits + 7) / 8;
    if (e->nl > CB_ECP_LIMBS || cb_mont_init(&e->fp, ops, p, e->fl) != 0 ||
        cb_mont_init(&e->fn, ops, n, e->nl) != 0)
        return -1;
    cb_limb b[CB_ECP_LIMBS];
    if (hex_limbs(e, e->a, par->a, 1) != 0 || hex_limbs(e, b, par->b, 1) != 0 ||
        hex_limbs(e, e->g.x, par->gx, 1) != 0 || hex_limbs(e, e->g.y, par->gy, 1) != 0)
        return -1;
    memcpy(e->b, b, sizeof b);
    fadd(e, e->b3, b, b);
    fadd(e, e->b3, e->b3, b);
    memcpy(e->g.z, e->fp.one, e->fl * sizeof *e->g.z);
    /* a = -3 is p - 3 */
    cb_limb three[CB_ECP_LIMBS] = {3}, zero[CB_ECP_LIMBS] = {0};
    cb_mont_to(&e->fp, am3, three);
    fsub(e, am3, zero, am3);
    e->a_kind = cb_bn_is_zero(e->a, e->fl) ? 0 : memcmp(am3, e->a, e->fl * sizeof *am3) == 0 ? 1 : 2;
    return 0;
}

void cb_ecp_free(cb_ecp *e)
{
    if (e->gtab)
        cb_pkey_free_secret(e->gtab, (size_t)windows(e) * TAB * sizeof *e->gtab);
    e->gtab = NULL;
}
