/*
 * tests/test_bn.c - the bignum core against an independent bit-serial reference:
 * conversions, Montgomery multiplication and squaring of every variant of rsa2048
 * at every limb count, wide reduction, inversion and the three exponentiations.
 * Inputs come from a fixed-seed generator, so a failure reproduces.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/pkey/bn.h"
#include "kernels/generic/generic.h"
#include "kernels/registry.h"

#define W CB_LIMB_BITS
#define L_MAX CB_BN_MAX_LIMBS

/* ---- deterministic inputs (SplitMix64) ---- */

static uint64_t rng_state = 0x0123456789abcdefu;

static uint64_t rng64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void rand_limbs(cb_limb *a, size_t limbs)
{
    for (size_t i = 0; i < limbs; i++)
        a[i] = (cb_limb)rng64();
}

/* rand_modulus makes an odd n of `limbs` limbs whose top limb is non-zero. */
static void rand_modulus(cb_limb *n, size_t limbs)
{
    n[0] = (cb_limb)rng64() | 1;
    rand_limbs(n + 1, limbs - 1);
    if (n[limbs - 1] == 0)
        n[limbs - 1] = 1;
}

/* ---- reference arithmetic: bit-serial, obviously right, slow ---- */

/* ref_mod sets r = x mod n, one bit of x at a time. */
static void ref_mod(cb_limb *r, const cb_limb *x, size_t xl, const cb_limb *n, size_t nl)
{
    cb_limb t[L_MAX + 1] = {0}, nn[L_MAX + 1] = {0}, d[L_MAX + 1];
    memcpy(nn, n, nl * sizeof *n);
    for (size_t i = xl * W; i-- > 0;) {
        cb_limb bit = (x[i / W] >> (i % W)) & 1;
        cb_limb top = 0;
        for (size_t k = 0; k <= nl; k++) {
            cb_limb nt = t[k] >> (W - 1);
            t[k] = (t[k] << 1) | (k == 0 ? bit : top);
            top = nt;
        }
        if (!cb_bn_sub(d, t, nn, nl + 1))
            memcpy(t, d, sizeof d);
    }
    memcpy(r, t, nl * sizeof *r);
}

/* ref_modmul sets r = a * b mod n. */
static void ref_modmul(cb_limb *r, const cb_limb *a, const cb_limb *b, const cb_limb *n,
                       size_t nl)
{
    cb_limb p[2 * L_MAX];
    cb_bn_mul(p, a, nl, b, nl);
    ref_mod(r, p, 2 * nl, n, nl);
}

/* ref_exp sets r = a^e mod n by plain square-and-multiply over ref_modmul. */
static void ref_exp(cb_limb *r, const cb_limb *a, const cb_limb *e, size_t el,
                    const cb_limb *n, size_t nl)
{
    cb_limb acc[L_MAX] = {1};
    for (size_t i = el * W; i-- > 0;) {
        ref_modmul(acc, acc, acc, n, nl);
        if ((e[i / W] >> (i % W)) & 1)
            ref_modmul(acc, acc, a, n, nl);
    }
    memcpy(r, acc, nl * sizeof *r);
}

/* ---- conversions ---- */

static void test_bytes_roundtrip(void **state)
{
    (void)state;
    const uint8_t in[] = {0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                          0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
    cb_limb a[4];
    uint8_t out[20];
    assert_int_equal(cb_bn_from_bytes(a, 4, in, sizeof in), 0);
    assert_true(a[0] == (cb_limb)(W == 64 ? 0x08090a0b0c0d0e0fu : 0x0c0d0e0fu));
    assert_int_equal(cb_bn_to_bytes(out, sizeof out, a, 4), 0);
    assert_memory_equal(out + 3, in, sizeof in);
    assert_int_equal(out[0] | out[1] | out[2], 0);
    /* too small an output, too small a limb array */
    assert_int_equal(cb_bn_to_bytes(out, 14, a, 4), -1);
    assert_int_equal(cb_bn_to_bytes(out, 15, a, 4), 0);
    assert_int_equal(cb_bn_from_bytes(a, 64 / W, in, sizeof in), -1);
}

static void test_hex(void **state)
{
    (void)state;
    cb_limb a[L_MAX], b[L_MAX];
    const uint8_t be[] = {0x0a, 0xbc, 0xde, 0xf0, 0x12, 0x34, 0x56, 0x78, 0x9A};
    assert_int_equal(cb_bn_from_hex(a, 4, "abcdef0123456789a"), 0);
    assert_int_equal(cb_bn_from_bytes(b, 4, be, sizeof be), 0);
    assert_memory_equal(a, b, 4 * sizeof *a);
    assert_int_equal(cb_bn_from_hex(a, 4, "ABCDEF0123456789A"), 0);
    assert_memory_equal(a, b, 4 * sizeof *a);
    assert_int_equal(cb_bn_from_hex(a, 4, "12x4"), -1);
    assert_int_equal(cb_bn_from_hex(a, 4, ""), -1);
    assert_int_equal(cb_bn_from_hex(a, 1, "1000000000000000000"), -1);
    assert_int_equal(cb_bn_from_hex(a, 1, "00000000000000000001"), 0);
    assert_true(a[0] == 1);
    assert_int_equal(cb_bn_bits(a, 1), 1);
}

static void test_add_sub(void **state)
{
    (void)state;
    cb_limb ones[3] = {(cb_limb)-1, (cb_limb)-1, (cb_limb)-1}, one[3] = {1, 0, 0}, r[3];
    assert_true(cb_bn_add(r, ones, one, 3) == 1);
    assert_int_equal(cb_bn_is_zero(r, 3), 1);
    assert_true(cb_bn_sub(r, r, one, 3) == 1);
    assert_memory_equal(r, ones, sizeof ones);
    assert_true(cb_bn_sub(r, ones, one, 3) == 0);
    assert_int_equal(cb_bn_cmp(r, ones, 3), -1);
    assert_int_equal(cb_bn_lt(r, ones, 3), 1);
    assert_int_equal(cb_bn_lt(ones, r, 3), 0);
    assert_int_equal(cb_bn_lt(ones, ones, 3), 0);
    assert_int_equal(cb_bn_is_zero(one, 3), 0);
}

/* ---- Montgomery multiplication, every variant of rsa2048 ---- */

/*
 * check_mont_op checks one variant at one size: mul(a, b) * R == a * b (mod n) and
 * sqr(a) == mul(a, a), on random operands and on the edges 0, 1 and n - 1.
 */
static void check_mont_op(const cb_mont_ops *ops, const cb_limb *n, size_t L)
{
    cb_mont m;
    assert_int_equal(cb_mont_init(&m, ops, n, L), 0);
    for (int trial = 0; trial < 5; trial++) {
        cb_limb a[L_MAX], b[L_MAX], r[L_MAX], s[L_MAX], lhs[L_MAX], rhs[L_MAX];
        cb_limb shifted[2 * L_MAX] = {0};
        rand_limbs(a, L);
        rand_limbs(b, L);
        ref_mod(a, a, L, n, L);
        ref_mod(b, b, L, n, L);
        if (trial == 1)
            memset(a, 0, L * sizeof *a);
        if (trial == 2) {
            memset(a, 0, L * sizeof *a);
            a[0] = 1;
        }
        if (trial >= 3) { /* n - 1 on one or both sides */
            memcpy(a, n, L * sizeof *a);
            a[0] ^= 1;
            if (trial == 4)
                memcpy(b, a, L * sizeof *b);
        }
        cb_mont_mul(&m, r, a, b);
        assert_true(cb_bn_cmp(r, n, L) < 0);
        memcpy(shifted + L, r, L * sizeof *r); /* r * R */
        ref_mod(lhs, shifted, 2 * L, n, L);
        ref_modmul(rhs, a, b, n, L);
        assert_memory_equal(lhs, rhs, L * sizeof *lhs);
        /* squaring, in place as the exponentiations call it */
        cb_mont_mul(&m, r, a, a);
        memcpy(s, a, L * sizeof *s);
        cb_mont_sqr(&m, s, s);
        assert_memory_equal(r, s, L * sizeof *r);
        /* in-place multiplication */
        cb_mont_mul(&m, r, a, b);
        cb_mont_mul(&m, a, a, b);
        assert_memory_equal(r, a, L * sizeof *r);
    }
}

static void test_mont_all_variants_all_sizes(void **state)
{
    (void)state;
    const cb_alg *alg = cb_alg_find("rsa2048");
    assert_non_null(alg);
    size_t checked = 0;
    for (size_t vi = 0; vi < cb_variant_count(); vi++) {
        const cb_variant *v = cb_variant_at(vi);
        if (!cb_variant_offers(v, alg, CB_DIR_SIGN))
            continue;
        /* only variants this CPU can run */
        if (v->caps & ~cb_caps_detected())
            continue;
        for (size_t L = 2; L <= L_MAX; L++) {
            /* every count up to 20, then the multiples of 8 and their neighbours up to
             * 4096 bits, where unrolled and specialised code changes shape; past that
             * only ffdh8192's p, rsa15360's primes and the largest (the reference
             * arithmetic is quadratic in L per bit: all of them took minutes under
             * QEMU) */
            int dense = L <= 20 || (L <= 4096 / CB_LIMB_BITS && (L + 1) % 8 <= 2);
            int big = L == 8192 / CB_LIMB_BITS || L == L_MAX / 2 || L == L_MAX;
            if (!dense && !big)
                continue;
            cb_limb n[L_MAX] = {0};
            rand_modulus(n, L);
            check_mont_op(v->ops, n, L);
            /* edges of the modulus: all ones, and the smallest top limb */
            memset(n, 0xff, L * sizeof *n);
            check_mont_op(v->ops, n, L);
            memset(n, 0, L * sizeof *n);
            n[0] = 1;
            n[L - 1] = 1;
            check_mont_op(v->ops, n, L);
        }
        checked++;
    }
    assert_true(checked >= 1);
}

static void test_mont_init_rejects(void **state)
{
    (void)state;
    cb_mont m;
    cb_limb even[2] = {2, 1}, top0[2] = {3, 0}, ok[2] = {3, 1};
    assert_int_equal(cb_mont_init(&m, &cb_mont_generic_ops, even, 2), -1);
    assert_int_equal(cb_mont_init(&m, &cb_mont_generic_ops, top0, 2), -1);
    assert_int_equal(cb_mont_init(&m, &cb_mont_generic_ops, ok, 1), -1);
    assert_int_equal(cb_mont_init(&m, NULL, ok, 2), -1);
    assert_int_equal(cb_mont_init(&m, &cb_mont_generic_ops, ok, 2), 0);
}

/* ---- reduction, modular add/sub ---- */

static void test_reduce(void **state)
{
    (void)state;
    const size_t sizes[] = {2, 3, 4, 7, 16, L_MAX / 2, L_MAX};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t L = sizes[si];
        cb_limb n[L_MAX], x[2 * L_MAX + 3], r[L_MAX], want[L_MAX];
        cb_mont m;
        rand_modulus(n, L);
        assert_int_equal(cb_mont_init(&m, &cb_mont_generic_ops, n, L), 0);
        for (size_t xl = 0; xl <= 2 * L + 3; xl += (xl < 4 ? 1 : L / 2 + 1)) {
            rand_limbs(x, xl);
            cb_mont_reduce(&m, r, x, xl);
            if (xl == 0) {
                assert_int_equal(cb_bn_is_zero(r, L), 1);
                continue;
            }
            ref_mod(want, x, xl, n, L);
            assert_memory_equal(r, want, L * sizeof *r);
        }
        /* modadd and modsub against the reference */
        cb_limb a[L_MAX], b[L_MAX], s[L_MAX], sum[L_MAX + 1] = {0};
        rand_limbs(a, L);
        rand_limbs(b, L);
        ref_mod(a, a, L, n, L);
        ref_mod(b, b, L, n, L);
        cb_mont_modadd(&m, s, a, b);
        sum[L] = cb_bn_add(sum, a, b, L);
        ref_mod(want, sum, L + 1, n, L);
        assert_memory_equal(s, want, L * sizeof *s);
        cb_mont_modsub(&m, s, s, b);
        assert_memory_equal(s, a, L * sizeof *s);
        cb_mont_modmul(&m, s, a, b);
        ref_modmul(want, a, b, n, L);
        assert_memory_equal(s, want, L * sizeof *s);
    }
}

/* ---- inversion ---- */

static void test_mod_inv(void **state)
{
    (void)state;
    /* 2^127 - 1 and 2^521 - 1 are Mersenne primes: every non-zero a is invertible */
    const unsigned pbits[] = {127, 521};
    for (size_t pi = 0; pi < 2; pi++) {
        size_t L = cb_bn_limbs_for(pbits[pi]);
        cb_limb p[L_MAX] = {0}, a[L_MAX], inv[L_MAX], prod[L_MAX];
        for (unsigned b = 0; b < pbits[pi]; b++)
            p[b / W] |= (cb_limb)1 << (b % W);
        for (int trial = 0; trial < 20; trial++) {
            rand_limbs(a, L);
            ref_mod(a, a, L, p, L);
            if (trial == 0) {
                memset(a, 0, L * sizeof *a);
                a[0] = 1;
            }
            assert_int_equal(cb_bn_mod_inv(inv, a, p, L), 0);
            ref_modmul(prod, a, inv, p, L);
            assert_true(prod[0] == 1 && cb_bn_bits(prod, L) == 1);
        }
        memset(a, 0, L * sizeof *a);
        assert_int_equal(cb_bn_mod_inv(inv, a, p, L), -1);
    }
    /* a composite modulus: 3 * 5 * 2^64 + 1 style numbers share factors on purpose */
    cb_limb m15[2] = {15, 0}, five[2] = {5, 0}, seven[2] = {7, 0}, inv[2];
    assert_int_equal(cb_bn_mod_inv(inv, five, m15, 2), -1);
    assert_int_equal(cb_bn_mod_inv(inv, seven, m15, 2), 0);
    assert_true(inv[0] == 13); /* 7 * 13 = 91 = 6 * 15 + 1 */
}

/* ---- exponentiation ---- */

static void test_exp(void **state)
{
    (void)state;
    const size_t sizes[] = {2, 3, 5, 16};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t L = sizes[si];
        cb_limb n[L_MAX], a[L_MAX], a2[L_MAX], e[L_MAX], e2[L_MAX], r1[L_MAX], r2[L_MAX],
            want[L_MAX], t[L_MAX];
        cb_mont m;
        rand_modulus(n, L);
        assert_int_equal(cb_mont_init(&m, &cb_mont_generic_ops, n, L), 0);
        for (size_t el = 1; el <= L; el += (L > 4 ? 7 : 1)) {
            rand_limbs(a, L);
            rand_limbs(a2, L);
            ref_mod(a, a, L, n, L);
            ref_mod(a2, a2, L, n, L);
            rand_limbs(e, el);
            rand_limbs(e2, el);
            ref_exp(want, a, e, el, n, L);
            cb_mont_exp_ct(&m, r1, a, e, el, (unsigned)(el * W));
            assert_memory_equal(r1, want, L * sizeof *r1);
            cb_mont_exp_vt(&m, r2, a, e, el);
            assert_memory_equal(r2, want, L * sizeof *r2);
            /* a window that ends inside a limb: only the low ebits bits count */
            unsigned ebits = (unsigned)(el * W) - 5;
            e[el - 1] &= (cb_limb)-1 >> 5;
            ref_exp(want, a, e, el, n, L);
            cb_mont_exp_ct(&m, r1, a, e, el, ebits);
            assert_memory_equal(r1, want, L * sizeof *r1);
            /* simultaneous: a^e * a2^e2 */
            ref_exp(t, a2, e2, el, n, L);
            ref_modmul(want, want, t, n, L);
            cb_mont_exp2_vt(&m, r2, a, e, a2, e2, el);
            assert_memory_equal(r2, want, L * sizeof *r2);
        }
        /* e = 0 and e = 65537 */
        memset(e, 0, L * sizeof *e);
        cb_mont_exp_ct(&m, r1, a, e, 1, 0);
        cb_mont_exp_vt(&m, r2, a, e, 1);
        assert_true(r1[0] == 1 && cb_bn_bits(r1, L) == 1);
        assert_memory_equal(r1, r2, L * sizeof *r1);
        e[0] = 65537;
        ref_exp(want, a, e, 1, n, L);
        cb_mont_exp_vt(&m, r2, a, e, 1);
        assert_memory_equal(r2, want, L * sizeof *r2);
    }
}

static void test_fermat(void **state)
{
    (void)state;
    /* a^(p-1) = 1 mod p for the Mersenne prime p = 2^521 - 1 (every window size of a
     * long exponent is exercised) */
    size_t L = cb_bn_limbs_for(521);
    cb_limb p[L_MAX] = {0}, e[L_MAX], a[L_MAX], r[L_MAX];
    for (unsigned b = 0; b < 521; b++)
        p[b / W] |= (cb_limb)1 << (b % W);
    memcpy(e, p, sizeof e);
    e[0] ^= 1;
    cb_mont m;
    assert_int_equal(cb_mont_init(&m, &cb_mont_generic_ops, p, L), 0);
    rand_limbs(a, L);
    ref_mod(a, a, L, p, L);
    cb_mont_exp_ct(&m, r, a, e, L, 521);
    assert_true(r[0] == 1 && cb_bn_bits(r, L) == 1);
    cb_mont_exp_vt(&m, r, a, e, L);
    assert_true(r[0] == 1 && cb_bn_bits(r, L) == 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bytes_roundtrip),
        cmocka_unit_test(test_hex),
        cmocka_unit_test(test_add_sub),
        cmocka_unit_test(test_mont_init_rejects),
        cmocka_unit_test(test_mont_all_variants_all_sizes),
        cmocka_unit_test(test_reduce),
        cmocka_unit_test(test_mod_inv),
        cmocka_unit_test(test_exp),
        cmocka_unit_test(test_fermat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
