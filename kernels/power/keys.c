/*
 * kernels/power/keys.c - the keying of the power family's AES and GHASH variants,
 * which runs once per key, so keeping it in C changes nothing that is measured.
 *
 * Every power AES kernel reads the generic key schedule (kernels/generic/aes.c): 60 round-key
 * words, column words with row 0 in the most significant byte as native uint32_t,
 * and the round count as a 32-bit word at byte 240.  The integer GHASH reads the
 * generic 4-bit table (kernels/generic/ghash.c): m[n] = n * H as 16 pairs of native
 * doublewords (hi, lo).  tests/test_power.c checks both layouts.  The p8 GHASH
 * table is this file's own (see cb_power_ghash_p8_init).
 */
#include <string.h>

#include "kernels/generic/generic.h"
#include "kernels/power/power.h"

int cb_power_aes_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits)
{
    return cb_aes_generic_ops.set_encrypt_key(ks, key, bits);
}

int cb_power_aes_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits)
{
    return cb_aes_generic_ops.set_decrypt_key(ks, key, bits);
}

void cb_power_ghash4_init(void *table, const uint8_t h[16])
{
    cb_ghash_generic_ops.init(table, h);
}

/* cb_power_aes_p8_set_decrypt_key: vncipher runs the inverse cipher of FIPS 197 5.3,
 * which takes the encryption round keys as they are, last first. */
int cb_power_aes_p8_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits)
{
    if (cb_aes_generic_ops.set_encrypt_key(ks, key, bits) != 0)
        return -1;
    uint32_t *rk = ks;
    unsigned nr = bits / 32 + 6;
    for (unsigned lo = 0, hi = nr; lo < hi; lo++, hi--) {
        uint32_t t[4];
        memcpy(t, rk + 4 * lo, sizeof t);
        memcpy(rk + 4 * lo, rk + 4 * hi, sizeof t);
        memcpy(rk + 4 * hi, t, sizeof t);
    }
    return 0;
}

/* gf128: a GHASH field element as two halves read big-endian (hi: bytes 0-7). */
typedef struct gf128 {
    uint64_t hi, lo;
} gf128;

/* load_be64 reads 8 bytes most significant first. */
static uint64_t load_be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

/* gf128_mul is X * Y in GF(2^128) by SP 800-38D 6.3 Algorithm 1, bit by bit: it runs
 * four times per key. */
static gf128 gf128_mul(gf128 x, gf128 y)
{
    gf128 z = {0, 0}, v = y;
    for (int i = 0; i < 128; i++) {
        uint64_t bit = i < 64 ? x.hi >> (63 - i) & 1 : x.lo >> (127 - i) & 1;
        uint64_t mask = 0 - bit, carry = v.lo & 1;
        z.hi ^= v.hi & mask;
        z.lo ^= v.lo & mask;
        v.lo = v.lo >> 1 | v.hi << 63;
        v.hi = v.hi >> 1 ^ ((0 - carry) & UINT64_C(0xe100000000000000));
    }
    return z;
}

/* times_x_inverse is Y * x^-1: x^-1 = x^127 + x^6 + x + 1 since x (x^127 + x^6 + x +
 * 1) = g - 1.  In this bit order dividing by x is a left shift, and the x^0
 * coefficient (the top bit) that falls off comes back as x^-1, which reads
 * 0xc2000000000000000000000000000001. */
static gf128 times_x_inverse(gf128 y)
{
    uint64_t top = y.hi >> 63;
    gf128 r = {y.hi << 1 | y.lo >> 63, y.lo << 1};
    r.hi ^= (0 - top) & UINT64_C(0xc200000000000000);
    r.lo ^= top;
    return r;
}

/* cb_power_ghash_p8_init: for j = 1..4, with h = H^j * x^-1, the vectors
 * L = (0, h.lo), M = (h.lo, h.hi) and H = (h.hi, 0), then K = (0, 0xc2 << 56), each
 * as two native doublewords (what ghash_p8.S loads with lxvd2x). */
void cb_power_ghash_p8_init(void *table, const uint8_t h[16])
{
    uint64_t *t = table;
    gf128 hk = {load_be64(h), load_be64(h + 8)}, pw = hk;
    for (int j = 0; j < 4; j++, t += 6) {
        gf128 v = times_x_inverse(pw);
        t[0] = 0, t[1] = v.lo;
        t[2] = v.lo, t[3] = v.hi;
        t[4] = v.hi, t[5] = 0;
        pw = gf128_mul(pw, hk);
    }
    t[0] = 0, t[1] = UINT64_C(0xc200000000000000);
}
