/*
 * kernels/pkey/bn.c - plain limb arithmetic, conversions and the constant-time modular
 * inverse.  Montgomery contexts and exponentiation are in kernels/pkey/bn_mont.c.
 */
#include "base/common.h"
#include "kernels/pkey/bn.h"

#include <string.h>

#define W CB_LIMB_BITS

void cb_bn_select(cb_limb *r, const cb_limb *a, const cb_limb *b, cb_limb mask,
                  size_t limbs)
{
    for (size_t i = 0; i < limbs; i++)
        r[i] = (a[i] & mask) | (b[i] & ~mask);
}

int cb_bn_from_bytes(cb_limb *r, size_t limbs, const uint8_t *in, size_t len)
{
    memset(r, 0, limbs * sizeof *r);
    for (size_t k = 0; k < len; k++) {
        /* byte k counted from the least significant end */
        uint8_t byte = in[len - 1 - k];
        size_t limb = k / (W / 8);
        if (limb >= limbs) {
            if (byte == 0)
                continue;
            memset(r, 0, limbs * sizeof *r);
            return -1;
        }
        r[limb] |= (cb_limb)byte << (8 * (k % (W / 8)));
    }
    return 0;
}

int cb_bn_to_bytes(uint8_t *out, size_t len, const cb_limb *a, size_t limbs)
{
    for (size_t k = 0; k < len; k++) {
        size_t limb = k / (W / 8);
        out[len - 1 - k] = limb < limbs ? (uint8_t)(a[limb] >> (8 * (k % (W / 8)))) : 0;
    }
    /* every limb byte beyond len must be zero */
    for (size_t k = len; k < limbs * (W / 8); k++)
        if ((uint8_t)(a[k / (W / 8)] >> (8 * (k % (W / 8)))) != 0)
            return -1;
    return 0;
}


int cb_bn_from_hex(cb_limb *r, size_t limbs, const char *hex)
{
    size_t len = strlen(hex);
    memset(r, 0, limbs * sizeof *r);
    if (len == 0)
        return -1;
    for (size_t k = 0; k < len; k++) {
        /* digit k counted from the least significant end */
        int v = cb_hex_digit(hex[len - 1 - k]);
        size_t limb = k / (W / 4);
        if (v < 0 || (limb >= limbs && v != 0)) {
            memset(r, 0, limbs * sizeof *r);
            return -1;
        }
        if (limb < limbs)
            r[limb] |= (cb_limb)v << (4 * (k % (W / 4)));
    }
    return 0;
}

unsigned cb_bn_bits(const cb_limb *a, size_t limbs)
{
    for (size_t i = limbs; i-- > 0;) {
        if (a[i] == 0)
            continue;
        unsigned b = 0;
        for (cb_limb x = a[i]; x; x >>= 1)
            b++;
        return (unsigned)(i * W) + b;
    }
    return 0;
}

size_t cb_bn_limbs_for(unsigned bits)
{
    return (bits + W - 1) / W;
}

int cb_bn_cmp(const cb_limb *a, const cb_limb *b, size_t limbs)
{
    for (size_t i = limbs; i-- > 0;)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

int cb_bn_lt(const cb_limb *a, const cb_limb *b, size_t limbs)
{
    /* a - b borrows out exactly when a < b; the difference itself is not kept */
    cb_limb borrow = 0;
    for (size_t i = 0; i < limbs; i++)
        borrow = (cb_limb)(((cb_dlimb)a[i] - b[i] - borrow) >> W) & 1;
    return (int)borrow;
}

int cb_bn_is_zero(const cb_limb *a, size_t limbs)
{
    cb_limb acc = 0;
    for (size_t i = 0; i < limbs; i++)
        acc |= a[i];
    /* (acc | -acc) has its top bit set exactly when acc is non-zero */
    return (int)(1 ^ ((acc | ((cb_limb)0 - acc)) >> (W - 1)));
}

cb_limb cb_bn_add(cb_limb *r, const cb_limb *a, const cb_limb *b, size_t limbs)
{
    cb_limb carry = 0;
    for (size_t i = 0; i < limbs; i++) {
        cb_dlimb s = (cb_dlimb)a[i] + b[i] + carry;
        r[i] = (cb_limb)s;
        carry = (cb_limb)(s >> W);
    }
    return carry;
}

cb_limb cb_bn_sub(cb_limb *r, const cb_limb *a, const cb_limb *b, size_t limbs)
{
    cb_limb borrow = 0;
    for (size_t i = 0; i < limbs; i++) {
        cb_dlimb d = (cb_dlimb)a[i] - b[i] - borrow;
        r[i] = (cb_limb)d;
        borrow = (cb_limb)(d >> W) & 1; /* the high word is all ones after a wrap */
    }
    return borrow;
}

void cb_bn_mul(cb_limb *r, const cb_limb *a, size_t al, const cb_limb *b, size_t bl)
{
    memset(r, 0, (al + bl) * sizeof *r);
    for (size_t i = 0; i < al; i++) {
        cb_limb c = 0;
        for (size_t j = 0; j < bl; j++) {
            cb_dlimb u = (cb_dlimb)a[i] * b[j] + r[i + j] + c;
            r[i + j] = (cb_limb)u;
            c = (cb_limb)(u >> W);
        }
        r[i + bl] = c;
    }
}

/*
 * Binary extended GCD in the constant-time form of Pornin ("Optimized binary GCD
 * for modular inversion", 2020, section 2): with A = a, B = m, U = 1, V = 0 the
 * invariants A = U*a and B = V*a (mod m) hold; each step makes A even (subtracting
 * the smaller odd value, swapping first when needed) and halves it, so
 * len(A) + len(B) drops by one per step and 2 * bits(m) steps reach A = 0, B = gcd.
 * Every step does the same four passes over the limbs, whatever the values.
 */
int cb_bn_mod_inv(cb_limb *r, const cb_limb *a, const cb_limb *m, size_t limbs)
{
    cb_limb A[CB_BN_MAX_LIMBS], B[CB_BN_MAX_LIMBS], U[CB_BN_MAX_LIMBS] = {0},
        V[CB_BN_MAX_LIMBS] = {0};
    memcpy(A, a, limbs * sizeof *A);
    memcpy(B, m, limbs * sizeof *B);
    U[0] = 1;
    unsigned steps = 2 * cb_bn_bits(m, limbs);
    for (unsigned s = 0; s < steps; s++) {
        cb_limb lt = (cb_limb)cb_bn_lt(A, B, limbs); /* pass 1 */
        cb_limb odd = A[0] & 1, take = cb_ct_mask(odd), swap = cb_ct_mask(odd & lt);
        /* pass 2: when A is odd, swap so that A >= B, then A -= B and U -= V */
        cb_limb ba = 0, bu = 0;
        for (size_t i = 0; i < limbs; i++) {
            cb_limb x = (A[i] ^ B[i]) & swap, y = (U[i] ^ V[i]) & swap;
            A[i] ^= x;
            B[i] ^= x;
            U[i] ^= y;
            V[i] ^= y;
            cb_dlimb da = (cb_dlimb)A[i] - (B[i] & take) - ba;
            cb_dlimb du = (cb_dlimb)U[i] - (V[i] & take) - bu;
            A[i] = (cb_limb)da;
            U[i] = (cb_limb)du;
            ba = (cb_limb)(da >> W) & 1;
            bu = (cb_limb)(du >> W) & 1;
        }
        /* pass 3: U += m if U - V went negative, and once more if U is then odd, so
         * that U / 2 is exact; the second carry is bit W * limbs of the sum */
        cb_limb neg = cb_ct_mask(bu), c1 = 0, c2 = 0, uodd = 0;
        for (size_t i = 0; i < limbs; i++) {
            cb_dlimb t = (cb_dlimb)U[i] + (m[i] & neg) + c1;
            c1 = (cb_limb)(t >> W);
            if (i == 0)
                uodd = cb_ct_mask((cb_limb)t & 1);
            t = (cb_dlimb)(cb_limb)t + (m[i] & uodd) + c2;
            c2 = (cb_limb)(t >> W);
            U[i] = (cb_limb)t;
        }
        /* pass 4: halve A and U (A is even now; U's top bit is the carry) */
        for (size_t i = 0; i + 1 < limbs; i++) {
            A[i] = (A[i] >> 1) | (A[i + 1] << (W - 1));
            U[i] = (U[i] >> 1) | (U[i + 1] << (W - 1));
        }
        A[limbs - 1] >>= 1;
        U[limbs - 1] = (U[limbs - 1] >> 1) | (c2 << (W - 1));
    }
    /* B is the gcd: invertible exactly when it is 1 */
    cb_limb diff = B[0] ^ 1;
    for (size_t i = 1; i < limbs; i++)
        diff |= B[i];
    cb_limb ok = cb_ct_mask(1 ^ ((diff | ((cb_limb)0 - diff)) >> (W - 1)));
    for (size_t i = 0; i < limbs; i++)
        r[i] = V[i] & ok;
    return ok ? 0 : -1;
}
