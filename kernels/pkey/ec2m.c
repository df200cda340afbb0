/*
 * kernels/pkey/ec2m.c - ECDSA (FIPS 186-4 6.4, SEC 1 4.1.3-4.1.4) and ECDH (SEC 1
 * 3.3.1) on the binary curves y^2 + xy = x^3 + a x^2 + b over GF(2^m), K-163 ..
 * B-571, on a GF(2^m) variant's multiply and square (cb_gf2m_ops).
 *
 * Group law: Lopez and Dahab's x-only Montgomery ladder ("Fast multiplication on
 * elliptic curves over GF(2^m) without precomputation", CHES 1999) in projective
 * (X : Z) with x = X / Z.  With P = (x, y) the fixed difference of the two ladder
 * points,
 *   add     Z3 = (X1 Z2 + X2 Z1)^2,  X3 = x Z3 + (X1 Z2)(X2 Z1)
 *   double  Z = X^2 Z^2,  X = (X^2 + c Z^2)^2 with c = sqrt(b)
 * (5 multiplications and 4 squarings a bit; 4 and 4 on the K curves, whose b = 1).
 * y is recovered at the end from x, y, kP and (k+1)P (their section 3), with one
 * inversion: Itoh and Tsujii's a^(2^m - 2), a fixed chain of m - 1 squarings and
 * about log2(m) multiplications.
 *
 * Constant time for secrets (d, the nonce): every ladder step does the same field
 * operations; the two points trade places by a masked swap (no branch, no index on
 * a scalar bit); the scalar is first made k + n or k + 2n, whichever has its top bit
 * at bits(n), so the number of steps does not depend on k's length (the result is
 * the same point, n P being the identity).  The arithmetic modulo n is the bignum
 * core's constant-time Montgomery code and inversion.  Verification handles public
 * data and branches freely (two ladders, then an affine addition).
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/generic/generic.h"
#include "kernels/modes/digest.h"
#include "kernels/pkey/ec2m.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"

/*
 * The curves of FIPS 186-4 D.1.3 (SEC 2 v2 3.2-3.6 sect163k1 .. sect571r1): m, the
 * field polynomial's middle exponents, a, b, G = (gx, gy) and the order n of G, in
 * hex as the standards print them.  The K curves have b = 1.
 */
typedef struct curve_def {
    const char *name;
    unsigned m, nk, k[3];
    int a;
    const char *b, *gx, *gy, *n;
} curve_def;

static const curve_def curves[] = {
    {"K-163", 163, 3, {7, 6, 3}, 1, "1", "2fe13c0537bbc11acaa07d793de4e6d5e5c94eee8",
     "289070fb05d38ff58321f2e800536d538ccdaa3d9", "4000000000000000000020108a2e0cc0d99f8a5ef"},
    {"K-233", 233, 1, {74}, 0, "1",
     "17232ba853a7e731af129f22ff4149563a419c26bf50a4c9d6eefad6126",
     "1db537dece819b7f70f555a67c427a8cd9bf18aeb9b56e0c11056fae6a3",
     "8000000000000000000000000000069d5bb915bcd46efb1ad5f173abdf"},
    {"K-283", 283, 3, {12, 7, 5}, 0, "1",
     "503213f78ca44883f1a3b8162f188e553cd265f23c1567a16876913b0c2ac2458492836",
     "1ccda380f1c9e318d90f95d07e5426fe87e45c0e8184698e45962364e34116177dd2259",
     "1ffffffffffffffffffffffffffffffffffe9ae2ed07577265dff7f94451e061e163c61"},
    {"K-409", 409, 1, {87}, 0, "1",
     "60f05f658f49c1ad3ab1890f7184210efd0987e307c84c27accfb8f9f67cc2c460189eb5aaaa62ee222eb1b3"
     "5540cfe9023746",
     "1e369050b7c4e42acba1dacbf04299c3460782f918ea427e6325165e9ea10e3da5f6c42e9c55215aa9ca27a5"
     "863ec48d8e0286b",
     "7ffffffffffffffffffffffffffffffffffffffffffffffffffe5f83b2d4ea20400ec4557d5ed3e3e7ca5b4b"
     "5c83b8e01e5fcf"},
    {"K-571", 571, 3, {10, 5, 2}, 0, "1",
     "26eb7a859923fbc82189631f8103fe4ac9ca2970012d5d46024804801841ca44370958493b205e647da304db"
     "4ceb08cbbd1ba39494776fb988b47174dca88c7e2945283a01c8972",
     "349dc807f4fbf374f4aeade3bca95314dd58cec9f307a54ffc61efc006d8a2c9d4979c0ac44aea74fbebbb9f"
     "772aedcb620b01a7ba7af1b320430c8591984f601cd4c143ef1c7a3",
     "20000000000000000000000000000000000000000000000000000000000000000000000131850e1f19a63e4b"
     "391a8db917f4138b630d84be5d639381e91deb45cfe778f637c1001"},
    {"B-163", 163, 3, {7, 6, 3}, 1, "20a601907b8c953ca1481eb10512f78744a3205fd",
     "3f0eba16286a2d57ea0991168d4994637e8343e36", "0d51fbc6c71a0094fa2cdd545b11c5c0c797324f1",
     "40000000000000000000292fe77e70c12a4234c33"},
    {"B-233", 233, 1, {74}, 1, "66647ede6c332c7f8c0923bb58213b333b20e9ce4281fe115f7d8f90ad",
     "fac9dfcbac8313bb2139f1bb755fef65bc391f8b36f8f8eb7371fd558b",
     "1006a08a41903350678e58528bebf8a0beff867a7ca36716f7e01f81052",
     "1000000000000000000000000000013e974e72f8a6922031d2603cfe0d7"},
    {"B-283", 283, 3, {12, 7, 5}, 1,
     "27b680ac8b8596da5a4af8a19a0303fca97fd7645309fa2a581485af6263e313b79a2f5",
     "5f939258db7dd90e1934f8c70b0dfec2eed25b8557eac9c80e2e198f8cdbecd86b12053",
     "3676854fe24141cb98fe6d4b20d02b4516ff702350eddb0826779c813f0df45be8112f4",
     "3ffffffffffffffffffffffffffffffffffef90399660fc938a90165b042a7cefadb307"},
    {"B-409", 409, 1, {87}, 1,
     "21a5c2c8ee9feb5c4b9a753b7b476b7fd6422ef1f3dd674761fa99d6ac27c8a9a197b272822f6cd57a55aa4f"
     "50ae317b13545f",
     "15d4860d088ddb3496b0c6064756260441cde4af1771d4db01ffe5b34e59703dc255a868a1180515603aeab6"
     "0794e54bb7996a7",
     "061b1cfab6be5f32bbfa78324ed106a7636b9c5a7bd198d0158aa4f5488d08f38514f1fdf4b4f40d2181b368"
     "1c364ba0273c706",
     "10000000000000000000000000000000000000000000000000001e2aad6a612f33307be5fa47c3c9e052f838"
     "164cd37d9a21173"},
    {"B-571", 571, 3, {10, 5, 2}, 1,
     "2f40e7e2221f295de297117b7f3d62f5c6a97ffcb8ceff1cd6ba8ce4a9a18ad84ffabbd8efa59332be7ad675"
     "6a66e294afd185a78ff12aa520e4de739baca0c7ffeff7f2955727a",
     "303001d34b856296c16c0d40d3cd7750a93d1d2955fa80aa5f40fc8db7b2abdbde53950f4c0d293cdd711a35"
     "b67fb1499ae60038614f1394abfa3b4c850d927e1e7769c8eec2d19",
     "37bf27342da639b6dccfffeb73d69d78c6c27a6009cbbca1980f8533921e8a684423e43bab08a576291af8f4"
     "61bb2a8b3531d2f0485c19b16e2f1516e23dd3c1a4827af1b8ac15b",
     "3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe661ce18ff5598730"
     "8059b186823851ec7dd9ca1161de93d5174d66e8382e9bb2fe84e47"},
};

#define NCURVES (sizeof curves / sizeof curves[0])

/* An RFC 6979 candidate is rejected with probability below 2^-32 for every n here
 * except K-233, K-283 and K-409's (n just under a power of two or half of one: still
 * below 2^-2 a candidate, so 64 attempts never run out in practice). */
#define EC2M_MAX_ATTEMPTS 64

/* bits of the longest scalar the ladder walks: bits(n) + 1 (k + n or k + 2n) */
#define SCALAR_LIMBS (CB_BN_MAX_LIMBS)

typedef uint64_t fe[CB_GF2M_WORDS];

struct cb_ec2m_key {
    const curve_def *c;
    const cb_gf2m_ops *ops;
    cb_gf2m_field f;
    size_t fbytes;               /* ceil(m / 8) */
    int b_one;                   /* b = 1 (the K curves): doubling skips a product */
    fe b, sqrt_b, gx, gy;
    cb_mont mn;                  /* arithmetic modulo n (generic Montgomery code) */
    cb_limb n[CB_BN_MAX_LIMBS];
    size_t nl;                   /* limbs of n */
    unsigned nbits;              /* bits(n) */
    size_t nbytes;               /* ceil(nbits / 8): r, s, d, k */
    cb_pkey_hash hash;
    int has_d, has_q;
    cb_limb d[CB_BN_MAX_LIMBS];
    fe qx, qy;
};

/*
 * cb_ec2m_public marks n bytes at p that may depend on secrets in the open: whether
 * a scalar is in [1, n-1] (an RFC 6979 candidate's acceptance, d's validity),
 * whether a product is the point at infinity, whether the nonce had an inverse, and
 * r and s once computed (they are the signature).  It does nothing;
 * tests/test_ec2m_ct.c, run under valgrind by tests/ec2m_ct.sh, links a strong
 * definition that tells memcheck those bytes are defined, so that every other branch
 * or index on the poisoned d and nonce is reported.
 */
__attribute__((weak)) void cb_ec2m_public(const void *p, size_t n)
{
    (void)p, (void)n;
}

/* ---- field elements ---- */

static void fe_mul(const cb_ec2m_key *k, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    k->ops->mul(&k->f, r, a, b);
}

static void fe_sqr(const cb_ec2m_key *k, uint64_t *r, const uint64_t *a)
{
    k->ops->sqr(&k->f, r, a);
}

static void fe_add(const cb_ec2m_key *k, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    for (unsigned i = 0; i < k->f.words; i++)
        r[i] = a[i] ^ b[i];
}

static void fe_copy(const cb_ec2m_key *k, uint64_t *r, const uint64_t *a)
{
    memcpy(r, a, k->f.words * sizeof *r);
}

static void fe_one(const cb_ec2m_key *k, uint64_t *r)
{
    memset(r, 0, k->f.words * sizeof *r);
    r[0] = 1;
}

/* fe_is_zero returns 1 when a = 0, else 0; constant time. */
static unsigned fe_is_zero(const cb_ec2m_key *k, const uint64_t *a)
{
    uint64_t x = 0;
    for (unsigned i = 0; i < k->f.words; i++)
        x |= a[i];
    return (unsigned)(((x | (0 - x)) >> 63) ^ 1);
}

static int fe_eq(const cb_ec2m_key *k, const uint64_t *a, const uint64_t *b)
{
    return memcmp(a, b, k->f.words * sizeof *a) == 0;
}

/* fe_cswap swaps a and b when mask is all ones (and not when it is 0), masked. */
static void fe_cswap(const cb_ec2m_key *k, uint64_t *a, uint64_t *b, uint64_t mask)
{
    for (unsigned i = 0; i < k->f.words; i++) {
        uint64_t t = (a[i] ^ b[i]) & mask;
        a[i] ^= t;
        b[i] ^= t;
    }
}

/* fe_sqr_n sets r = a^(2^n). */
static void fe_sqr_n(const cb_ec2m_key *k, uint64_t *r, const uint64_t *a, unsigned n)
{
    fe_copy(k, r, a);
    for (unsigned i = 0; i < n; i++)
        fe_sqr(k, r, r);
}

/*
 * fe_inv sets r = a^(2^m - 2) = a^-1 (0 for a = 0), Itoh-Tsujii: with b_j = a^(2^j - 1),
 * b_(2j) = b_j^(2^j) b_j and b_(j+1) = b_j^2 a walk the bits of m - 1 from the top to
 * b_(m-1), and r = b_(m-1)^2.  The chain depends on m alone.
 */
static void fe_inv(const cb_ec2m_key *k, uint64_t *r, const uint64_t *a)
{
    fe beta, t;
    unsigned e = k->f.m - 1, j = 1, top = 31;
    while (!((e >> top) & 1))
        top--;
    fe_copy(k, beta, a);
    for (int bit = (int)top - 1; bit >= 0; bit--) {
        fe_sqr_n(k, t, beta, j);
        fe_mul(k, beta, t, beta);
        j *= 2;
        if ((e >> bit) & 1) {
            fe_sqr(k, beta, beta);
            fe_mul(k, beta, beta, a);
            j++;
        }
    }
    fe_sqr(k, r, beta);
    cb_wipe(beta, sizeof beta);
    cb_wipe(t, sizeof t);
}

/* fe_from_bytes reads a big-endian element; -1 when it has degree m or more. */
static int fe_from_bytes(const cb_ec2m_key *k, uint64_t *r, const uint8_t *in, size_t len)
{
    while (len > k->fbytes && *in == 0) {
        in++;
        len--;
    }
    if (len > k->fbytes)
        return -1;
    memset(r, 0, CB_GF2M_WORDS * sizeof *r);
    for (size_t i = 0; i < len; i++)
        r[i / 8] |= (uint64_t)in[len - 1 - i] << (8 * (i % 8));
    unsigned top = k->f.m - 64 * (k->f.words - 1);
    return (r[k->f.words - 1] >> top) ? -1 : 0;
}

/* fe_to_bytes writes a as k->fbytes big-endian bytes. */
static void fe_to_bytes(const cb_ec2m_key *k, uint8_t *out, const uint64_t *a)
{
    for (size_t i = 0; i < k->fbytes; i++)
        out[k->fbytes - 1 - i] = (uint8_t)(a[i / 8] >> (8 * (i % 8)));
}

/* fe_from_hex reads a curve constant; -1 when malformed. */
static int fe_from_hex(const cb_ec2m_key *k, uint64_t *r, const char *hex)
{
    uint8_t b[CB_EC2M_BYTES] = {0};
    size_t len = strlen(hex), nb = (len + 1) / 2;
    if (nb > sizeof b)
        return -1;
    for (size_t i = 0; i < len; i++) {
        int c = hex[len - 1 - i], v = c >= '0' && c <= '9' ? c - '0'
                                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                                             : -1;
        if (v < 0)
            return -1;
        b[sizeof b - 1 - i / 2] |= (uint8_t)(v << (4 * (i % 2)));
    }
    return fe_from_bytes(k, r, b, sizeof b);
}

/* ---- the ladder ---- */

/* mdouble sets (X : Z) = 2 (X : Z). */
static void mdouble(const cb_ec2m_key *k, uint64_t *X, uint64_t *Z)
{
    fe t1, t2;
    fe_sqr(k, t1, X);
    fe_sqr(k, t2, Z);
    fe_mul(k, Z, t1, t2);
    if (!k->b_one) /* public: the curve's */
        fe_mul(k, t2, t2, k->sqrt_b);
    fe_add(k, t1, t1, t2);
    fe_sqr(k, X, t1);
}

/* madd sets (X2 : Z2) = (X1 : Z1) + (X2 : Z2), whose difference has x-coordinate x. */
static void madd(const cb_ec2m_key *k, const uint64_t *x, const uint64_t *X1,
                 const uint64_t *Z1, uint64_t *X2, uint64_t *Z2)
{
    fe t1, t2;
    fe_mul(k, t1, X1, Z2);
    fe_mul(k, t2, X2, Z1);
    fe_add(k, Z2, t1, t2);
    fe_sqr(k, Z2, Z2);
    fe_mul(k, t1, t1, t2);
    fe_mul(k, X2, x, Z2);
    fe_add(k, X2, X2, t1);
}

/*
 * ladder sets (X1 : Z1) = [s]P and (X2 : Z2) = [s+1]P for P with x-coordinate x (not
 * 0), where s has exactly `bits` bits (its top bit, bits - 1, set).  Every step is
 * the same: a masked swap by the bit (against the previous one), an addition, a
 * doubling.
 */
static void ladder(const cb_ec2m_key *k, uint64_t *X1, uint64_t *Z1, uint64_t *X2,
                   uint64_t *Z2, const uint64_t *x, const cb_limb *s, unsigned bits)
{
    /* (P, 2P): 2P = (x^4 + b : x^2) */
    fe_copy(k, X1, x);
    fe_one(k, Z1);
    fe_sqr(k, Z2, x);
    fe_sqr(k, X2, Z2);
    fe_add(k, X2, X2, k->b);
    uint64_t prev = 0;
    for (int i = (int)bits - 2; i >= 0; i--) {
        uint64_t bit = (uint64_t)((s[i / CB_LIMB_BITS] >> (i % CB_LIMB_BITS)) & 1);
        uint64_t mask = 0 - (bit ^ prev);
        fe_cswap(k, X1, X2, mask);
        fe_cswap(k, Z1, Z2, mask);
        madd(k, x, X1, Z1, X2, Z2);
        mdouble(k, X1, Z1);
        prev = bit;
    }
    fe_cswap(k, X1, X2, 0 - prev);
    fe_cswap(k, Z1, Z2, 0 - prev);
}

/*
 * recover_y sets (rx, ry) to the affine [s]P from the ladder's (X1 : Z1) = [s]P and
 * (X2 : Z2) = [s+1]P (Lopez-Dahab section 3):
 *   y1 = (x1 + x) ((x1 + x)(x2 + x) + x^2 + y) / x + y
 * with the three divisions from one inversion of x Z1 Z2.  When [s+1]P is the point
 * at infinity (Z2 = 0), [s]P = -P = (x, x + y), selected by a mask.  Returns 1 when
 * [s]P itself is the point at infinity (Z1 = 0), else 0.
 */
static unsigned recover_y(const cb_ec2m_key *k, uint64_t *rx, uint64_t *ry, const uint64_t *x,
                          const uint64_t *y, const uint64_t *X1, const uint64_t *Z1,
                          const uint64_t *X2, const uint64_t *Z2)
{
    fe t, inv, x1, x2, u, v;
    unsigned inf = fe_is_zero(k, Z1), z2zero = fe_is_zero(k, Z2);
    fe_mul(k, t, Z1, Z2);
    fe_mul(k, u, t, x);
    fe_inv(k, inv, u);               /* 1 / (x Z1 Z2) */
    fe_mul(k, u, inv, x);            /* 1 / (Z1 Z2) */
    fe_mul(k, x1, u, Z2);            /* 1 / Z1 */
    fe_mul(k, x1, x1, X1);
    fe_mul(k, x2, u, Z1);            /* 1 / Z2 */
    fe_mul(k, x2, x2, X2);
    fe_mul(k, inv, inv, t);          /* 1 / x */
    fe_add(k, u, x1, x);
    fe_add(k, v, x2, x);
    fe_mul(k, v, u, v);
    fe_sqr(k, t, x);
    fe_add(k, v, v, t);
    fe_add(k, v, v, y);
    fe_mul(k, v, v, u);
    fe_mul(k, v, v, inv);
    fe_add(k, v, v, y);
    /* Z2 = 0: (x, x + y) */
    uint64_t m = 0 - (uint64_t)z2zero;
    fe_add(k, t, x, y);
    for (unsigned i = 0; i < k->f.words; i++) {
        rx[i] = (x1[i] & ~m) | (x[i] & m);
        ry[i] = (v[i] & ~m) | (t[i] & m);
    }
    cb_wipe(x1, sizeof x1);
    cb_wipe(x2, sizeof x2);
    cb_wipe(u, sizeof u);
    cb_wipe(v, sizeof v);
    cb_wipe(t, sizeof t);
    cb_wipe(inv, sizeof inv);
    return inf;
}

/* fixed_scalar sets s = e + n or e + 2n, the one with bit bits(n) set (e < n), and
 * returns the bit count bits(n) + 1; constant time. */
static unsigned fixed_scalar(const cb_ec2m_key *k, cb_limb *s, const cb_limb *e)
{
    cb_limb t[SCALAR_LIMBS] = {0}, ee[SCALAR_LIMBS] = {0}, nn[SCALAR_LIMBS] = {0};
    size_t limbs = cb_bn_limbs_for(k->nbits + 1);
    memcpy(ee, e, k->nl * sizeof *e);
    memcpy(nn, k->n, k->nl * sizeof *nn);
    cb_bn_add(s, ee, nn, limbs);
    cb_bn_add(t, s, nn, limbs);
    cb_limb top = (s[k->nbits / CB_LIMB_BITS] >> (k->nbits % CB_LIMB_BITS)) & 1;
    cb_bn_select(s, s, t, 0 - top, limbs);
    cb_wipe(t, sizeof t);
    cb_wipe(ee, sizeof ee);
    return k->nbits + 1;
}

/* mul_ct sets (rx, ry) = [e]P for 0 < e < n and P = (px, py) of order n, constant
 * time in e; ry may be NULL (x alone: one inversion, no y recovery).  -1 when the
 * result is the point at infinity. */
static int mul_ct(const cb_ec2m_key *k, uint64_t *rx, uint64_t *ry, const uint64_t *px,
                  const uint64_t *py, const cb_limb *e)
{
    cb_limb s[SCALAR_LIMBS] = {0};
    fe X1, Z1, X2, Z2;
    unsigned bits = fixed_scalar(k, s, e);
    ladder(k, X1, Z1, X2, Z2, px, s, bits);
    unsigned inf;
    if (ry)
        inf = recover_y(k, rx, ry, px, py, X1, Z1, X2, Z2);
    else {
        inf = fe_is_zero(k, Z1);
        fe_inv(k, Z2, Z1);
        fe_mul(k, rx, X1, Z2);
    }
    cb_wipe(s, sizeof s);
    cb_wipe(X1, sizeof X1);
    cb_wipe(Z1, sizeof Z1);
    cb_wipe(X2, sizeof X2);
    cb_wipe(Z2, sizeof Z2);
    cb_ec2m_public(&inf, sizeof inf);
    return inf ? -1 : 0;
}

/* mul_vt sets (rx, ry) = [e]P for public e (any value below 2^bits(n)); variable
 * time.  Returns 1 when the result is the point at infinity (e = 0 mod the order). */
static int mul_vt(const cb_ec2m_key *k, uint64_t *rx, uint64_t *ry, const uint64_t *px,
                  const uint64_t *py, const cb_limb *e)
{
    unsigned bits = cb_bn_bits(e, k->nl);
    fe X1, Z1, X2, Z2;
    if (bits == 0)
        return 1;
    ladder(k, X1, Z1, X2, Z2, px, e, bits);
    return (int)recover_y(k, rx, ry, px, py, X1, Z1, X2, Z2);
}

/* on_curve reports whether y^2 + xy = x^3 + a x^2 + b; variable time. */
static int on_curve(const cb_ec2m_key *k, const uint64_t *x, const uint64_t *y)
{
    fe l, r, t;
    fe_add(k, t, y, x);
    fe_mul(k, l, t, y); /* y^2 + xy */
    fe_sqr(k, t, x);
    fe_mul(k, r, t, x);
    if (k->c->a)
        fe_add(k, r, r, t);
    fe_add(k, r, r, k->b);
    return fe_eq(k, l, r);
}

/* add_x sets rx = x(P1 + P2) for affine points (infinity flagged by inf1, inf2);
 * returns 1 when the sum is the point at infinity.  Variable time (verification). */
static int add_x(const cb_ec2m_key *k, uint64_t *rx, const uint64_t *x1, const uint64_t *y1,
                 int inf1, const uint64_t *x2, const uint64_t *y2, int inf2)
{
    fe lam, t, a;
    if (inf1 || inf2) {
        if (inf1 && inf2)
            return 1;
        fe_copy(k, rx, inf1 ? x2 : x1);
        return 0;
    }
    memset(a, 0, sizeof a);
    a[0] = (uint64_t)k->c->a;
    if (fe_eq(k, x1, x2)) {
        if (!fe_eq(k, y1, y2) || fe_is_zero(k, x1))
            return 1; /* P2 = -P1, or doubling the point of order 2 */
        fe_inv(k, t, x1);
        fe_mul(k, lam, t, y1);
        fe_add(k, lam, lam, x1); /* lambda = x1 + y1 / x1 */
        fe_sqr(k, t, lam);
        fe_add(k, t, t, lam);
        fe_add(k, rx, t, a);
        return 0;
    }
    fe_add(k, t, x1, x2);
    fe_inv(k, t, t);
    fe_add(k, lam, y1, y2);
    fe_mul(k, lam, lam, t); /* lambda = (y1 + y2) / (x1 + x2) */
    fe_sqr(k, t, lam);
    fe_add(k, t, t, lam);
    fe_add(k, t, t, x1);
    fe_add(k, t, t, x2);
    fe_add(k, rx, t, a);
    return 0;
}

/* ---- scalars modulo n ---- */

/* shr_bits shifts a[0..limbs) right by sh bits (public). */
static void shr_bits(cb_limb *a, size_t limbs, unsigned sh)
{
    size_t w = sh / CB_LIMB_BITS;
    unsigned b = sh % CB_LIMB_BITS;
    for (size_t i = 0; i < limbs; i++) {
        cb_limb lo = i + w < limbs ? a[i + w] : 0, hi = i + w + 1 < limbs ? a[i + w + 1] : 0;
        a[i] = b ? (lo >> b) | (hi << (CB_LIMB_BITS - b)) : lo;
    }
}

/* bits2int sets r[0..k->nl) = the leftmost bits(n) bits of in[0..len) as a number
 * (RFC 6979 2.3.2; FIPS 186-4 6.4's leftmost min(N, outlen) bits); len <= 96. */
static void bits2int(const cb_ec2m_key *k, cb_limb *r, const uint8_t *in, size_t len)
{
    cb_limb t[CB_BN_MAX_LIMBS] = {0};
    size_t limbs = cb_bn_limbs_for((unsigned)(8 * len));
    cb_bn_from_bytes(t, limbs, in, len);
    if (8 * len > k->nbits)
        shr_bits(t, limbs, (unsigned)(8 * len) - k->nbits);
    memcpy(r, t, k->nl * sizeof *r);
    cb_wipe(t, sizeof t);
}

/* reduce sets r = a mod n for a[0..limbs); constant time. */
static void reduce(const cb_ec2m_key *k, cb_limb *r, const cb_limb *a, size_t limbs)
{
    cb_mont_reduce(&k->mn, r, a, limbs);
}

/* in_range reports 0 < a < n (a of k->nl limbs), constant time; the verdict is
 * public (cb_ec2m_public). */
static int in_range(const cb_ec2m_key *k, const cb_limb *a)
{
    int ok = cb_bn_lt(a, k->n, k->nl) & (cb_bn_is_zero(a, k->nl) ^ 1);
    cb_ec2m_public(&ok, sizeof ok);
    return ok;
}

/* scalar_from reads a big-endian scalar; -1 when it needs more than n's limbs. */
static int scalar_from(const cb_ec2m_key *k, cb_limb *r, const cb_pkey_num *x)
{
    return cb_bn_from_bytes(r, k->nl, x->b, x->len);
}

/* ---- keys ---- */

const char *cb_ec2m_curve_of(const cb_alg *a)
{
    static const char *const names[] = {"k163", "k233", "k283", "k409", "k571",
                                        "b163", "b233", "b283", "b409", "b571"};
    if (!a || a->prim != CB_PRIM_GF2M)
        return NULL;
    const char *s = strncmp(a->name, "ecdsa", 5) == 0  ? a->name + 5
                    : strncmp(a->name, "ecdh", 4) == 0 ? a->name + 4
                                                       : NULL;
    for (size_t i = 0; s && i < NCURVES; i++)
        if (strcmp(s, names[i]) == 0)
            return curves[i].name;
    return NULL;
}

const char *cb_ec2m_sec_name(const char *curve)
{
    /* SEC 2's names, which OpenSSL's OBJ_sn2nid knows the curves by: the K curves
     * are sect<m>k1, the B curves sect163r2 and sect<m>r1 */
    static const char *const sec[NCURVES] = {"sect163k1", "sect233k1", "sect283k1",
                                             "sect409k1", "sect571k1", "sect163r2",
                                             "sect233r1", "sect283r1", "sect409r1",
                                             "sect571r1"};
    for (size_t i = 0; curve && i < NCURVES; i++)
        if (strcmp(curve, curves[i].name) == 0)
            return sec[i];
    return NULL;
}

const char *cb_ec2m_order_hex(const char *curve)
{
    for (size_t i = 0; curve && i < NCURVES; i++)
        if (strcmp(curve, curves[i].name) == 0)
            return curves[i].n;
    return NULL;
}

static const curve_def *find_curve(const char *name)
{
    for (size_t i = 0; name && i < NCURVES; i++)
        if (strcmp(curves[i].name, name) == 0)
            return &curves[i];
    return NULL;
}

cb_ec2m_key *cb_ec2m_new(const char *curve, const cb_variant *v)
{
    const curve_def *c = find_curve(curve);
    if (!c || !v || v->prim != CB_PRIM_GF2M || !v->ops)
        return NULL;
    const cb_gf2m_ops *ops = v->ops;
    if (!ops->mul || !ops->sqr)
        return NULL;
    cb_ec2m_key *k = cb_xcalloc(1, sizeof *k);
    k->c = c;
    k->ops = ops;
    k->f.m = c->m;
    k->f.words = (c->m + 63) / 64;
    k->f.nk = c->nk;
    memcpy(k->f.k, c->k, sizeof k->f.k);
    k->fbytes = (c->m + 7) / 8;
    k->nl = CB_BN_MAX_LIMBS;
    if (cb_pkey_hash_init(&k->hash) != 0 || fe_from_hex(k, k->b, c->b) != 0 ||
        fe_from_hex(k, k->gx, c->gx) != 0 || fe_from_hex(k, k->gy, c->gy) != 0 ||
        cb_bn_from_hex(k->n, CB_BN_MAX_LIMBS, c->n) != 0) {
        cb_ec2m_free(k);
        return NULL;
    }
    k->nbits = cb_bn_bits(k->n, CB_BN_MAX_LIMBS);
    k->nl = cb_bn_limbs_for(k->nbits);
    k->nbytes = (k->nbits + 7) / 8;
    /* sqrt(b) = b^(2^(m-1)): squaring is the Frobenius map, of order m */
    fe_sqr_n(k, k->sqrt_b, k->b, c->m - 1);
    fe one;
    fe_one(k, one);
    k->b_one = fe_eq(k, k->b, one);
    if (cb_mont_init(&k->mn, &cb_mont_generic_ops, k->n, k->nl) != 0) {
        cb_ec2m_free(k);
        return NULL;
    }
    return k;
}

void cb_ec2m_free(cb_ec2m_key *k)
{
    if (k)
        cb_pkey_free_secret(k, sizeof *k);
}

size_t cb_ec2m_field_bytes(const cb_ec2m_key *k)
{
    return k->fbytes;
}

size_t cb_ec2m_scalar_bytes(const cb_ec2m_key *k)
{
    return k->nbytes;
}

void cb_ec2m_order(const cb_ec2m_key *k, uint8_t *out)
{
    cb_bn_to_bytes(out, k->nbytes, k->n, k->nl);
}

int cb_ec2m_set_priv(cb_ec2m_key *k, const uint8_t *d, size_t len, uint8_t *qx, uint8_t *qy)
{
    cb_pkey_num dn = {d, len};
    if (scalar_from(k, k->d, &dn) != 0 || !in_range(k, k->d) ||
        mul_ct(k, k->qx, k->qy, k->gx, k->gy, k->d) != 0) {
        cb_wipe(k->d, sizeof k->d);
        k->has_d = 0;
        return -1;
    }
    k->has_d = 1;
    k->has_q = 1;
    if (qx)
        fe_to_bytes(k, qx, k->qx);
    if (qy)
        fe_to_bytes(k, qy, k->qy);
    return 0;
}

int cb_ec2m_set_pub(cb_ec2m_key *k, const cb_pkey_num *qx, const cb_pkey_num *qy)
{
    k->has_q = fe_from_bytes(k, k->qx, qx->b, qx->len) == 0 &&
               fe_from_bytes(k, k->qy, qy->b, qy->len) == 0 && !fe_is_zero(k, k->qx) &&
               on_curve(k, k->qx, k->qy);
    return k->has_q ? 0 : -1;
}

/* ---- ECDSA ---- */

void cb_ec2m_nonce(const cb_ec2m_key *k, const uint8_t h[32], unsigned skip, uint8_t *kout)
{
    uint8_t seed[2 * CB_EC2M_BYTES], t[96];
    cb_limb z[CB_BN_MAX_LIMBS] = {0}, kk[CB_BN_MAX_LIMBS] = {0};
    cb_rfc6979 st;
    size_t rl = k->nbytes, tl = 32 * ((k->nbits + 255) / 256);
    /* step d's input: int2octets(x) || bits2octets(h1), each rlen bytes */
    cb_bn_to_bytes(seed, rl, k->d, k->nl);
    bits2int(k, z, h, 32);
    reduce(k, z, z, k->nl);
    cb_bn_to_bytes(seed + rl, rl, z, k->nl);
    memset(st.V, 0x01, sizeof st.V); /* step b */
    memset(st.K, 0x00, sizeof st.K); /* step c */
    cb_rfc6979_step(&st, &k->hash, 0x00, seed, 2 * rl);
    cb_rfc6979_step(&st, &k->hash, 0x01, seed, 2 * rl);
    for (;;) {
        /* step h: T = V || V' || ... up to qlen bits, k = bits2int(T) */
        for (size_t off = 0; off < tl; off += 32) {
            cb_pkey_hmac_sha256(&k->hash, st.K, st.V, sizeof st.V, NULL, 0, NULL, 0, st.V);
            memcpy(t + off, st.V, 32);
        }
        bits2int(k, kk, t, tl);
        if (in_range(k, kk) && skip-- == 0)
            break;
        cb_rfc6979_step(&st, &k->hash, 0x00, NULL, 0);
    }
    cb_bn_to_bytes(kout, rl, kk, k->nl);
    cb_wipe(seed, sizeof seed);
    cb_wipe(t, sizeof t);
    cb_wipe(kk, sizeof kk);
    cb_wipe(&st, sizeof st);
}

int cb_ec2m_sign_k(const cb_ec2m_key *k, const uint8_t *h, size_t hlen, const uint8_t *kk,
                   size_t klen, uint8_t *sig)
{
    cb_limb e[CB_BN_MAX_LIMBS] = {0}, r[CB_BN_MAX_LIMBS] = {0}, s[CB_BN_MAX_LIMBS] = {0};
    cb_limb t[CB_BN_MAX_LIMBS] = {0}, kinv[CB_BN_MAX_LIMBS] = {0}, xl[CB_BN_MAX_LIMBS] = {0};
    uint8_t xb[CB_EC2M_BYTES];
    fe x;
    cb_pkey_num kn = {kk, klen};
    int rc = -1;
    memset(sig, 0, 2 * k->nbytes);
    if (!k->has_d || hlen > 64 || scalar_from(k, e, &kn) != 0 || !in_range(k, e) ||
        mul_ct(k, x, NULL, k->gx, k->gy, e) != 0)
        goto out;
    /* SEC 1 4.1.3: r = x(kG) mod n, s = k^-1 (z + r d) mod n */
    size_t xlimbs = cb_bn_limbs_for(k->f.m);
    fe_to_bytes(k, xb, x);
    cb_bn_from_bytes(xl, xlimbs, xb, k->fbytes);
    reduce(k, r, xl, xlimbs);
    int inv = cb_bn_mod_inv(kinv, e, k->n, k->nl); /* fails only for k = 0 mod n */
    cb_ec2m_public(&inv, sizeof inv);
    if (inv != 0)
        goto out;
    bits2int(k, e, h, hlen);
    reduce(k, e, e, k->nl);
    cb_mont_modmul(&k->mn, t, r, k->d);
    cb_mont_modadd(&k->mn, t, t, e);
    cb_mont_modmul(&k->mn, s, kinv, t);
    cb_ec2m_public(r, sizeof r);
    cb_ec2m_public(s, sizeof s);
    cb_bn_to_bytes(sig, k->nbytes, r, k->nl);
    cb_bn_to_bytes(sig + k->nbytes, k->nbytes, s, k->nl);
    if (!cb_bn_is_zero(r, k->nl) && !cb_bn_is_zero(s, k->nl))
        rc = 0;
out:
    cb_wipe(e, sizeof e);
    cb_wipe(t, sizeof t);
    cb_wipe(kinv, sizeof kinv);
    cb_wipe(x, sizeof x);
    return rc;
}

int cb_ec2m_sign(const cb_ec2m_key *k, const uint8_t h[32], uint8_t *sig)
{
    uint8_t kk[CB_EC2M_BYTES];
    int rc = -1;
    for (unsigned attempt = 0; k->has_d && attempt < EC2M_MAX_ATTEMPTS && rc != 0; attempt++) {
        cb_ec2m_nonce(k, h, attempt, kk);
        rc = cb_ec2m_sign_k(k, h, 32, kk, k->nbytes, sig);
    }
    cb_wipe(kk, sizeof kk);
    return rc;
}

int cb_ec2m_verify(const cb_ec2m_key *k, const uint8_t *h, size_t hlen, const cb_pkey_num *r,
                   const cb_pkey_num *s)
{
    cb_limb rl[CB_BN_MAX_LIMBS] = {0}, sl[CB_BN_MAX_LIMBS] = {0}, z[CB_BN_MAX_LIMBS] = {0};
    cb_limb w[CB_BN_MAX_LIMBS] = {0}, u1[CB_BN_MAX_LIMBS] = {0}, u2[CB_BN_MAX_LIMBS] = {0};
    cb_limb xl[CB_BN_MAX_LIMBS] = {0};
    fe x1, y1, x2, y2, x;
    uint8_t xb[CB_EC2M_BYTES];
    /* SEC 1 4.1.4 step 1: r and s in [1, n-1] */
    if (!k->has_q || hlen > 64 || scalar_from(k, rl, r) != 0 || scalar_from(k, sl, s) != 0 ||
        !in_range(k, rl) || !in_range(k, sl))
        return 1;
    bits2int(k, z, h, hlen);
    reduce(k, z, z, k->nl);
    if (cb_bn_mod_inv(w, sl, k->n, k->nl) != 0)
        return 1;
    cb_mont_modmul(&k->mn, u1, z, w);
    cb_mont_modmul(&k->mn, u2, rl, w);
    int inf1 = mul_vt(k, x1, y1, k->gx, k->gy, u1);
    int inf2 = mul_vt(k, x2, y2, k->qx, k->qy, u2);
    if (add_x(k, x, x1, y1, inf1, x2, y2, inf2) != 0)
        return 1;
    size_t xlimbs = cb_bn_limbs_for(k->f.m);
    fe_to_bytes(k, xb, x);
    cb_bn_from_bytes(xl, xlimbs, xb, k->fbytes);
    reduce(k, xl, xl, xlimbs);
    return cb_bn_cmp(xl, rl, k->nl) == 0 ? 0 : 1;
}

/* ---- ECDH ---- */

int cb_ec2m_derive(const cb_ec2m_key *k, uint8_t *out)
{
    fe x;
    memset(out, 0, k->fbytes);
    if (!k->has_d || !k->has_q || mul_ct(k, x, NULL, k->qx, k->qy, k->d) != 0)
        return -1;
    fe_to_bytes(k, out, x);
    cb_wipe(x, sizeof x);
    return 0;
}

/* ---- raw keys, for the CAVP files ---- */

/* raw_key loads curve for v with the digest of msg in h; NULL when it cannot. */
static cb_ec2m_key *raw_key(const cb_variant *v, const char *curve, const cb_ecdsa_raw *key,
                            const uint8_t *msg, size_t len, uint8_t h[64], size_t *hlen)
{
    const cb_alg *d = key->hash ? key->hash : cb_alg_find("sha256");
    const cb_variant *g = d ? cb_variant_generic(d) : NULL;
    if (!g || d->kind != CB_KIND_DIGEST || d->out_bytes > 64)
        return NULL;
    cb_digest(d, g, msg, len, h);
    *hlen = d->out_bytes;
    return cb_ec2m_new(curve, v);
}

int cb_ec2m_verify_raw(const cb_variant *v, const char *curve, const cb_ecdsa_raw *key,
                       const uint8_t *msg, size_t len, const cb_pkey_num *r,
                       const cb_pkey_num *s)
{
    uint8_t h[64];
    size_t hlen;
    cb_ec2m_key *k = raw_key(v, curve, key, msg, len, h, &hlen);
    if (!k)
        return -1;
    int rc = cb_ec2m_set_pub(k, &key->qx, &key->qy) == 0 ? cb_ec2m_verify(k, h, hlen, r, s) : 1;
    cb_ec2m_free(k);
    return rc;
}

int cb_ec2m_sign_raw(const cb_variant *v, const char *curve, const cb_ecdsa_raw *key,
                     const uint8_t *msg, size_t len, const cb_pkey_num *knum, uint8_t *qx,
                     uint8_t *qy, uint8_t *sig, size_t *siglen)
{
    uint8_t h[64];
    size_t hlen;
    cb_ec2m_key *k = raw_key(v, curve, key, msg, len, h, &hlen);
    if (!k)
        return -1;
    *siglen = 2 * k->nbytes;
    int rc = cb_ec2m_set_priv(k, key->d.b, key->d.len, qx, qy);
    if (rc == 0 && knum)
        rc = cb_ec2m_sign_k(k, h, hlen, knum->b, knum->len, sig);
    else if (rc == 0)
        rc = hlen == 32 ? cb_ec2m_sign(k, h, sig) : -1; /* RFC 6979 over SHA-256 only */
    cb_ec2m_free(k);
    return rc;
}

/* ---- the embedded keys and the selftest ---- */

const cb_ec2m_keyhex *cb_ec2m_keyhex_of(const char *curve)
{
    for (const cb_ec2m_keyhex *kh = cb_ec2m_keys; curve && kh->curve; kh++)
        if (strcmp(kh->curve, curve) == 0)
            return kh;
    return NULL;
}

/* hexbuf: one decoded embedded number. */
typedef struct hexbuf {
    uint8_t b[CB_EC2M_BYTES];
    cb_pkey_num num;
} hexbuf;

static int hexbuf_set(hexbuf *x, const char *hex)
{
    long len = cb_hex_decode(hex, x->b, sizeof x->b);
    x->num.b = x->b;
    x->num.len = len < 0 ? 0 : (size_t)len;
    return len < 0 ? -1 : 0;
}

/* sign_generic signs h on curve's embedded key with the generic variant. */
static int sign_generic(const char *curve, const hexbuf *d, const uint8_t h[32], uint8_t *sig)
{
    const cb_variant *g = NULL;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (v->prim == CB_PRIM_GF2M && strcmp(v->name, "generic") == 0)
            g = v;
    }
    cb_ec2m_key *k = g ? cb_ec2m_new(curve, g) : NULL;
    int rc = k && cb_ec2m_set_priv(k, d->num.b, d->num.len, NULL, NULL) == 0
                 ? cb_ec2m_sign(k, h, sig)
                 : -1;
    cb_ec2m_free(k);
    return rc;
}

/* selftest_key runs the checks of cb_ec2m_selftest on a loaded key; NULL or why. */
static const char *selftest_key(cb_ec2m_key *k, const cb_ec2m_keyhex *kh, const cb_variant *v)
{
    hexbuf *x = cb_xmalloc(8 * sizeof *x);
    const char *hex[8] = {kh->d,     kh->qx,     kh->qy,     kh->kat_r,
                          kh->kat_s, kh->peer_x, kh->peer_y, kh->kat_shared};
    uint8_t qx[CB_EC2M_BYTES], qy[CB_EC2M_BYTES], h[32], sig[2 * CB_EC2M_BYTES],
        ref[2 * CB_EC2M_BYTES], sec[CB_EC2M_BYTES];
    const char *why = NULL;
    size_t fb = k->fbytes, sl = 2 * k->nbytes;
    for (size_t i = 0; i < 8 && !why; i++)
        if (hexbuf_set(&x[i], hex[i]) != 0)
            why = "cannot decode its embedded key";
    if (!why && (cb_ec2m_set_priv(k, x[0].num.b, x[0].num.len, qx, qy) != 0 ||
                 x[1].num.len != fb || x[2].num.len != fb || memcmp(qx, x[1].b, fb) ||
                 memcmp(qy, x[2].b, fb)))
        why = "derives a public key from d that differs from OpenSSL's";
    cb_pkey_sha256(&k->hash, (const uint8_t *)cb_pkey_kat_msg, strlen(cb_pkey_kat_msg), h);
    if (!why && cb_ec2m_verify(k, h, sizeof h, &x[3].num, &x[4].num) != 0)
        why = "rejects OpenSSL's signature of the same message";
    if (!why && cb_ec2m_sign(k, h, sig) != 0)
        why = "signing failed";
    if (!why && strcmp(v->name, "generic") != 0 &&
        (sign_generic(kh->curve, &x[0], h, ref) != 0 || memcmp(ref, sig, sl) != 0))
        why = "differs from the generic variant's signature";
    cb_pkey_num r = {sig, k->nbytes}, s = {sig + k->nbytes, k->nbytes};
    if (!why && cb_ec2m_verify(k, h, sizeof h, &r, &s) != 0)
        why = "rejects its own signature";
    sig[sl / 2] ^= 0x10;
    if (!why && cb_ec2m_verify(k, h, sizeof h, &r, &s) != 1)
        why = "accepts a signature with one bit changed";
    sig[sl / 2] ^= 0x10;
    h[0] ^= 1;
    if (!why && cb_ec2m_verify(k, h, sizeof h, &r, &s) != 1)
        why = "accepts the signature for a changed message";
    if (!why && (cb_ec2m_set_pub(k, &x[5].num, &x[6].num) != 0 || cb_ec2m_derive(k, sec) != 0 ||
                 x[7].num.len != fb || memcmp(sec, x[7].b, fb) != 0))
        why = "derives a shared secret that differs from OpenSSL's";
    cb_pkey_free_secret(x, 8 * sizeof *x);
    return why;
}

const char *cb_ec2m_selftest(const char *curve, const cb_variant *v)
{
    const cb_ec2m_keyhex *kh = cb_ec2m_keyhex_of(curve);
    cb_ec2m_key *k = kh ? cb_ec2m_new(curve, v) : NULL;
    if (!k)
        return "has no embedded key for the curve";
    const char *why = selftest_key(k, kh, v);
    cb_ec2m_free(k);
    return why;
}
