/*
 * kernels/pkey/bn.h - the bignum core under rsa* and dsa*: limbs, Montgomery arithmetic,
 * modular exponentiation and inversion.
 *
 * Numbers are arrays of limbs, least significant limb first, with an explicit limb
 * count (no hidden length, no allocation).  A limb is 64 bits where the compiler has
 * a 128-bit integer type for the double-width product (x86-64, aarch64, ppc64), else
 * 32 bits (armhf); byte strings outside are big-endian (RFC 8017 4.1 I2OSP/OS2IP) and
 * are converted byte by byte, so the host's byte order never matters.
 *
 * Everything that may touch a secret (RSA's d, p, q, dp, dq, qinv; DSA's x and k) is
 * constant time: no branch and no memory index depends on the value, only on public
 * sizes.  Functions that are only for public values say "variable time".
 *
 * The one piece a CPU family replaces is Montgomery multiplication (cb_mont_ops): it
 * is the kernel behind the rsa* and dsa* rows, so an assembly montmul shows up as an
 * `rsa2048/<variant>` row next to `rsa2048/generic`.
 */
#ifndef CB_BN_H
#define CB_BN_H

#include <stddef.h>
#include <stdint.h>

/* the limb, cb_mont_ops and the constant-time masks, which the Montgomery kernels
 * share (kernels/generic/mont.c, kernels/armv4/family.c) */
#include "kernels/generic/bn_core.h"

/* ---- plain limb arithmetic (constant time in the values) ---------------------- */

/* cb_bn_select sets r = mask ? a : b limb by limb (mask all ones or zero). */
void cb_bn_select(cb_limb *r, const cb_limb *a, const cb_limb *b, cb_limb mask,
                  size_t limbs);

/*
 * cb_bn_from_bytes reads the big-endian integer in[0..len) into r[0..limbs).
 * Returns 0, or -1 (r zeroed) when the value needs more than limbs limbs; leading
 * zero bytes are allowed.
 */
int cb_bn_from_bytes(cb_limb *r, size_t limbs, const uint8_t *in, size_t len);

/*
 * cb_bn_to_bytes writes a[0..limbs) as a big-endian integer of exactly len bytes,
 * zero-padded on the left.  Returns 0, or -1 when the value does not fit in len.
 */
int cb_bn_to_bytes(uint8_t *out, size_t len, const cb_limb *a, size_t limbs);

/*
 * cb_bn_from_hex reads a hexadecimal string (no prefix, either case, odd length
 * allowed) into r[0..limbs).  Returns 0, or -1 on a bad digit or overflow.
 */
int cb_bn_from_hex(cb_limb *r, size_t limbs, const char *hex);

/* cb_bn_bits returns the bit length of a (0 for zero); variable time. */
unsigned cb_bn_bits(const cb_limb *a, size_t limbs);

/* cb_bn_limbs_for returns how many limbs hold a number of `bits` bits. */
size_t cb_bn_limbs_for(unsigned bits);

/* cb_bn_cmp returns -1, 0 or 1 comparing a and b (same limb count); variable time. */
int cb_bn_cmp(const cb_limb *a, const cb_limb *b, size_t limbs);

/* cb_bn_lt returns 1 when a < b (same limb count), else 0; constant time. */
int cb_bn_lt(const cb_limb *a, const cb_limb *b, size_t limbs);

/* cb_bn_is_zero returns 1 when a is zero, else 0; constant time. */
int cb_bn_is_zero(const cb_limb *a, size_t limbs);

/* cb_bn_add sets r = a + b over limbs and returns the carry out (0 or 1). */
cb_limb cb_bn_add(cb_limb *r, const cb_limb *a, const cb_limb *b, size_t limbs);

/* cb_bn_sub sets r = a - b over limbs and returns the borrow out (0 or 1). */
cb_limb cb_bn_sub(cb_limb *r, const cb_limb *a, const cb_limb *b, size_t limbs);

/*
 * cb_bn_mul sets r[0..al+bl) = a[0..al) * b[0..bl) (schoolbook).  r must not
 * overlap a or b.
 */
void cb_bn_mul(cb_limb *r, const cb_limb *a, size_t al, const cb_limb *b, size_t bl);

/*
 * cb_bn_mod_inv sets r = a^-1 mod m for odd m > 1 (constant-time binary extended
 * GCD with a fixed count of 2 * bits(m) steps).  a < m.  Returns 0, or -1 (r zeroed)
 * when a has no inverse (a = 0 or gcd(a, m) > 1).
 */
int cb_bn_mod_inv(cb_limb *r, const cb_limb *a, const cb_limb *m, size_t limbs);

/* ---- Montgomery contexts ------------------------------------------------------- */

/*
 * cb_mont: an odd modulus with its Montgomery constants and the ops that multiply
 * modulo it.  Sizes are public (limbs, bits); the modulus itself may be secret (RSA's
 * p and q): cb_mont_init computes the constants in constant time.
 */
typedef struct cb_mont {
    const cb_mont_ops *ops;
    size_t limbs;
    unsigned bits;
    cb_limb n0;                   /* -n^-1 mod 2^CB_LIMB_BITS */
    cb_limb n[CB_BN_MAX_LIMBS];
    cb_limb one[CB_BN_MAX_LIMBS]; /* R mod n: 1 in Montgomery form */
    cb_limb rr[CB_BN_MAX_LIMBS];  /* R^2 mod n: converts into Montgomery form */
    cb_limb rb[CB_BN_MAX_LIMBS];  /* 2^(CB_LIMB_BITS*(limbs-1)) * R mod n: a Horner step */
} cb_mont;

/*
 * cb_mont_init prepares m for the odd modulus n[0..limbs) (top limb non-zero,
 * limbs >= 2) multiplied by ops.  Returns 0, or -1 when n is unusable.
 */
int cb_mont_init(cb_mont *m, const cb_mont_ops *ops, const cb_limb *n, size_t limbs);

/* cb_mont_mul sets r = a * b * R^-1 mod n (a, b < n). */
void cb_mont_mul(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *b);

/* cb_mont_sqr sets r = a * a * R^-1 mod n, through ops->sqr when the variant has it. */
void cb_mont_sqr(const cb_mont *m, cb_limb *r, const cb_limb *a);

/* cb_mont_to sets r = a * R mod n: a (< n) into Montgomery form. */
void cb_mont_to(const cb_mont *m, cb_limb *r, const cb_limb *a);

/* cb_mont_from sets r = a * R^-1 mod n: out of Montgomery form. */
void cb_mont_from(const cb_mont *m, cb_limb *r, const cb_limb *a);

/* cb_mont_modmul sets r = a * b mod n for a, b < n in ordinary form. */
void cb_mont_modmul(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *b);

/* cb_mont_modadd sets r = a + b mod n for a, b < n; constant time. */
void cb_mont_modadd(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *b);

/* cb_mont_modsub sets r = a - b mod n for a, b < n; constant time. */
void cb_mont_modsub(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *b);

/*
 * cb_mont_reduce sets r = x mod n for any x[0..xlimbs), in constant time (the time
 * depends on xlimbs only): Horner's rule over blocks of limbs-1 limbs, one
 * Montgomery multiplication per block.
 */
void cb_mont_reduce(const cb_mont *m, cb_limb *r, const cb_limb *x, size_t xlimbs);

/*
 * cb_mont_exp_ct sets r = a^e mod n in constant time for a secret exponent: a
 * fixed window over exactly ebits bits of e[0..elimbs) (a public length such as
 * the bit size of p or q), every window squared and multiplied, and the table
 * entry fetched by scanning every entry with masks.  a < n, ordinary form.
 */
void cb_mont_exp_ct(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *e,
                    size_t elimbs, unsigned ebits);

/*
 * cb_mont_exp_vt sets r = a^e mod n for a public exponent e[0..elimbs) (RSA's e),
 * elimbs <= CB_BN_MAX_LIMBS: sliding window, variable time.  a < n, ordinary form.
 */
void cb_mont_exp_vt(const cb_mont *m, cb_limb *r, const cb_limb *a, const cb_limb *e,
                    size_t elimbs);

/*
 * cb_mont_exp2_vt sets r = a1^e1 * a2^e2 mod n for public exponents of elimbs limbs
 * each (DSA verification): one run of squarings with both sliding windows
 * interleaved, variable time.  a1, a2 < n, ordinary form.
 */
void cb_mont_exp2_vt(const cb_mont *m, cb_limb *r, const cb_limb *a1, const cb_limb *e1,
                     const cb_limb *a2, const cb_limb *e2, size_t elimbs);

#endif
