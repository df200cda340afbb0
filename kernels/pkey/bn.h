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

#if defined(__SIZEOF_INT128__)
typedef uint64_t cb_limb;
__extension__ typedef unsigned __int128 cb_dlimb; /* holds a limb product plus two limbs */
#define CB_LIMB_BITS 64
#else
typedef uint32_t cb_limb;
typedef uint64_t cb_dlimb;
#define CB_LIMB_BITS 32
#endif

/* CB_BN_MAX_BITS bounds every modulus: rsa4096 and the CAVP files' 4096-bit keys. */
#define CB_BN_MAX_BITS 4096
#define CB_BN_MAX_LIMBS (CB_BN_MAX_BITS / CB_LIMB_BITS)

/*
 * cb_mont_ops: Montgomery multiplication, the kernel a variant of rsa* and dsa*
 * implements.  With R = 2^(CB_LIMB_BITS * limbs):
 *
 *   mul   r = a * b * R^-1 mod n
 *   sqr   r = a * a * R^-1 mod n;  NULL means the caller uses mul(a, a)
 *
 * Contract for every implementation (C, ARM, POWER, x86-64 assembly):
 *   - n is odd, its top limb is non-zero, 2 <= limbs <= CB_BN_MAX_LIMBS, and every
 *     limb count in that range works (an assembly version that specialises some
 *     sizes hands the others to cb_mont_mul_generic / cb_mont_sqr_generic);
 *   - n0 = -n^-1 mod 2^CB_LIMB_BITS;
 *   - a < n and b < n on entry; r < n on return (fully reduced);
 *   - r may be the same array as a or b (not partially overlapping);
 *   - constant time: the instruction trace and memory addresses depend only on
 *     limbs, never on the values of a, b or n (the final subtraction is a masked
 *     select, not a branch).
 */
typedef struct cb_mont_ops {
    void (*mul)(cb_limb *r, const cb_limb *a, const cb_limb *b, const cb_limb *n,
                cb_limb n0, size_t limbs);
    void (*sqr)(cb_limb *r, const cb_limb *a, const cb_limb *n, cb_limb n0, size_t limbs);
} cb_mont_ops;

/* cb_mont_mul_generic is the portable CIOS multiplication (kernels/generic/mont.c). */
void cb_mont_mul_generic(cb_limb *r, const cb_limb *a, const cb_limb *b, const cb_limb *n,
                         cb_limb n0, size_t limbs);

/* cb_mont_sqr_generic is the portable squaring: half the products, then reduction. */
void cb_mont_sqr_generic(cb_limb *r, const cb_limb *a, const cb_limb *n, cb_limb n0,
                         size_t limbs);

/* ---- plain limb arithmetic (constant time in the values) ---------------------- */

/*
 * cb_ct_barrier returns x unchanged but hides its value from the optimiser, so a
 * mask built from a secret stays a mask instead of becoming a branch.
 */
static inline cb_limb cb_ct_barrier(cb_limb x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* cb_ct_mask returns all ones when bit is 1 and zero when bit is 0. */
static inline cb_limb cb_ct_mask(cb_limb bit)
{
    return (cb_limb)0 - cb_ct_barrier(bit);
}

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
