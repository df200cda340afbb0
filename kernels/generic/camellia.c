/*
 * kernels/generic/camellia.c - Camellia-128/192/256 (RFC 3713) in portable C.
 *
 * Techniques, all standard for table-driven software Camellia:
 * - The F-function's S-layer and P-function are merged into four tables of 256 words
 *   built at compile time from SBOX1 (RFC 3713 section 2.4.4) and the RFC's rules for
 *   SBOX2..SBOX4.  P spreads each of the eight S-box outputs z1..z8 over the eight
 *   output bytes; for the left input half (z1..z4) the spread into y1..y4 is a byte
 *   pattern that each table holds, and the spread into y5..y8 is that pattern XOR the
 *   pattern turned one byte right.  z5..z8 spread alike into both output halves and
 *   use the same four tables.  So F is eight lookups: W from the left half, Z from the
 *   right half, then (y1..y4) = W ^ Z and (y5..y8) = W ^ Z ^ (W >>> 8).
 * - The key schedule lays the subkeys out in the order the rounds use them, so one
 *   loop runs either direction: decryption takes them reversed (RFC 3713 2.3.2 and
 *   2.3.3), with kw1/kw2 and kw3/kw4 kept in pairs.
 * Bytes are assembled big-endian by hand, so the code does not depend on the host's
 * byte order.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernels/generic/endian.h"
#include "kernels/generic/camellia_sbox.h"
#include "kernels/generic/generic.h"

/* SBOX2[x] = SBOX1[x] <<< 1 and SBOX3[x] = SBOX1[x] <<< 7 (RFC 3713 2.4.4). */
#define ROTL8(s, n) ((((s) << (n)) | ((s) >> (8 - (n)))) & 0xffu)
/* Each table entry is an S-box output times the byte pattern it spreads to in y1..y4:
 * z1 (SBOX1) reaches y1 y2 y3, z2 (SBOX2) y2 y3 y4, z3 (SBOX3) y1 y3 y4, z4 (SBOX4)
 * y1 y2 y4 (RFC 3713 2.4.3). */
#define T1(s) (uint32_t)(s) * 0x01010100u
#define T2(s) (uint32_t)ROTL8(s, 1) * 0x00010101u
#define T3(s) (uint32_t)ROTL8(s, 7) * 0x01000101u
#define T4(s) (uint32_t)(s) * 0x01010001u
#define ROW1(a, b) T1(a), T1(b),
#define ROW2(a, b) T2(a), T2(b),
#define ROW3(a, b) T3(a), T3(b),
#define EVEN4(a, b) T4(a),
#define ODD4(a, b) T4(b),

/* sp[0..3]: the merged S and P tables of SBOX1..SBOX4 (sp[3][x] uses SBOX1[x <<< 1]:
 * x = 0, 1, ... 127 read SBOX1's even entries, x = 128 ... 255 its odd ones).  One
 * array, so the rounds address all four from one base register. */
static const uint32_t sp[4][256] = {
    {CAMELLIA_SBOX1(ROW1)},
    {CAMELLIA_SBOX1(ROW2)},
    {CAMELLIA_SBOX1(ROW3)},
    {CAMELLIA_SBOX1(EVEN4) CAMELLIA_SBOX1(ODD4)},
};

/* RFC 3713 2.2: Sigma1 .. Sigma6, the key schedule's constants. */
static const uint64_t sigma[6] = {
    0xa09e667f3bcc908bu, 0xb67ae8584caa73b2u, 0xc6ef372fe94f82beu,
    0x54ff53a5f1d36f1cu, 0x10e527fade682d1du, 0xb05688c2b3e6c1fdu,
};

/* CAMELLIA_HALVES: the 64-bit subkeys of a 192- or 256-bit key (RFC 3713 2.2). */
#define CAMELLIA_HALVES 34

/* camellia_ks: the subkeys as (high, low) word pairs in the order they run. */
typedef struct camellia_ks {
    uint32_t rk[2 * CAMELLIA_HALVES];
    unsigned groups; /* six-round groups: 3 for a 128-bit key, 4 otherwise */
    int decrypt;
} camellia_ks;

/* The block function is inlined into each mode loop so the chaining value stays in
 * registers (GCC otherwise calls it per block). */
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* CAMELLIA_F: (l, r) ^= F((xh, xl), (k0, k1)) (RFC 3713 2.4.1) on 32-bit halves. */
#define CAMELLIA_F(xh, xl, k0, k1, l, r)                                                   \
    do {                                                                                   \
        uint32_t a_ = (xh) ^ (k0), b_ = (xl) ^ (k1);                                       \
        uint32_t w_ = sp[0][a_ >> 24] ^ sp[1][(a_ >> 16) & 0xff] ^                        \
                      sp[2][(a_ >> 8) & 0xff] ^ sp[3][a_ & 0xff];                          \
        uint32_t z_ = sp[1][b_ >> 24] ^ sp[2][(b_ >> 16) & 0xff] ^                        \
                      sp[3][(b_ >> 8) & 0xff] ^ sp[0][b_ & 0xff];                          \
        z_ ^= w_;                                                                          \
        (l) ^= z_;                                                                         \
        (r) ^= z_ ^ cb_rotl32(w_, 24);                                                        \
    } while (0)

/* f64 is RFC 3713's F on 64-bit values, for the key schedule. */
static uint64_t f64(uint64_t x, uint64_t k)
{
    uint32_t l = 0, r = 0;
    CAMELLIA_F((uint32_t)(x >> 32), (uint32_t)x, (uint32_t)(k >> 32), (uint32_t)k, l, r);
    return (uint64_t)l << 32 | r;
}

/* u128: a 128-bit key variable of the schedule, most significant half first. */
typedef struct u128 {
    uint64_t hi, lo;
} u128;

/* half_of returns the high (hi non-zero) or low 64 bits of v <<< n. */
static uint64_t half_of(u128 v, unsigned n, int hi)
{
    if (n >= 64) {
        uint64_t t = v.hi;
        v.hi = v.lo;
        v.lo = t;
        n -= 64;
    }
    if (n == 0)
        return hi ? v.hi : v.lo;
    return hi ? v.hi << n | v.lo >> (64 - n) : v.lo << n | v.hi >> (64 - n);
}

enum { KL, KR, KA, KB };

/*
 * The subkeys of RFC 3713 2.2 in run order (kw1 kw2, k1 .. k6, ke1 ke2, k7 ...,
 * kw3 kw4): each 64-bit subkey is {variable, rotation}, the high half of the rotated
 * variable at even positions and the low half at odd ones.  k9 and k10 of a 128-bit
 * key come from different variables.
 */
static const uint8_t halves128[26][2] = {
    {KL, 0},  {KL, 0},  {KA, 0},  {KA, 0},  {KL, 15}, {KL, 15},  {KA, 15},
    {KA, 15}, {KA, 30}, {KA, 30}, {KL, 45}, {KL, 45}, {KA, 45},  {KL, 60},
    {KA, 60}, {KA, 60}, {KL, 77}, {KL, 77}, {KL, 94}, {KL, 94},  {KA, 94},
    {KA, 94}, {KL, 111}, {KL, 111}, {KA, 111}, {KA, 111},
};

static const uint8_t halves256[CAMELLIA_HALVES][2] = {
    {KL, 0},  {KL, 0},  {KB, 0},  {KB, 0},  {KR, 15}, {KR, 15},  {KA, 15},  {KA, 15},
    {KR, 30}, {KR, 30}, {KB, 30}, {KB, 30}, {KL, 45}, {KL, 45},  {KA, 45},  {KA, 45},
    {KL, 60}, {KL, 60}, {KR, 60}, {KR, 60}, {KB, 60}, {KB, 60},  {KL, 77},  {KL, 77},
    {KA, 77}, {KA, 77}, {KR, 94}, {KR, 94}, {KA, 94}, {KA, 94},  {KL, 111}, {KL, 111},
    {KB, 111}, {KB, 111},
};

/* two_rounds: two Feistel rounds of the key schedule with Sigma s[0] and s[1]. */
static void two_rounds(u128 *d, const uint64_t s[2])
{
    d->lo ^= f64(d->hi, s[0]);
    d->hi ^= f64(d->lo, s[1]);
}

static uint64_t load_be64(const uint8_t *p)
{
    return (uint64_t)cb_load_be32(p) << 32 | cb_load_be32(p + 4);
}

/* camellia_generic_set_key: RFC 3713 2.2's KL, KR, KA and KB, then the subkeys in the
 * order the direction runs them. */
static int camellia_generic_set_key(void *vks, const uint8_t *key, size_t keylen,
                                    int decrypt)
{
    camellia_ks *ks = vks;
    if (keylen != 16 && keylen != 24 && keylen != 32)
        return -1;
    u128 v[4];
    v[KL].hi = load_be64(key);
    v[KL].lo = load_be64(key + 8);
    v[KR].hi = keylen > 16 ? load_be64(key + 16) : 0;
    v[KR].lo = keylen == 32 ? load_be64(key + 24) : keylen == 24 ? ~v[KR].hi : 0;
    u128 d = {v[KL].hi ^ v[KR].hi, v[KL].lo ^ v[KR].lo};
    two_rounds(&d, sigma);
    d.hi ^= v[KL].hi;
    d.lo ^= v[KL].lo;
    two_rounds(&d, sigma + 2);
    v[KA] = d;
    d.hi ^= v[KR].hi;
    d.lo ^= v[KR].lo;
    two_rounds(&d, sigma + 4);
    v[KB] = d;

    const uint8_t(*tab)[2] = keylen == 16 ? halves128 : halves256;
    size_t n = keylen == 16 ? 26 : CAMELLIA_HALVES;
    ks->groups = keylen == 16 ? 3 : 4;
    ks->decrypt = decrypt != 0;
    for (size_t i = 0; i < n; i++) {
        /* decryption reverses the order, except within the kw pairs at either end */
        size_t j = i;
        if (decrypt)
            j = i < 2 ? i + n - 2 : i >= n - 2 ? i + 2 - n : n - 1 - i;
        uint64_t h = half_of(v[tab[j][0]], tab[j][1], !(j & 1));
        ks->rk[2 * i] = (uint32_t)(h >> 32);
        ks->rk[2 * i + 1] = (uint32_t)h;
    }
    return 0;
}

/* SIX_ROUNDS: six rounds of RFC 3713 2.3 with the round keys at k. */
#define SIX_ROUNDS(k)                                                                      \
    do {                                                                                   \
        CAMELLIA_F(a, b, (k)[0], (k)[1], c, d);                                            \
        CAMELLIA_F(c, d, (k)[2], (k)[3], a, b);                                            \
        CAMELLIA_F(a, b, (k)[4], (k)[5], c, d);                                            \
        CAMELLIA_F(c, d, (k)[6], (k)[7], a, b);                                            \
        CAMELLIA_F(a, b, (k)[8], (k)[9], c, d);                                            \
        CAMELLIA_F(c, d, (k)[10], (k)[11], a, b);                                          \
    } while (0)

/* FL_LAYER: FL on D1 and FL^-1 on D2 (RFC 3713 2.4.2) with the keys at k. */
#define FL_LAYER(k)                                                                        \
    do {                                                                                   \
        b ^= cb_rotl32(a & (k)[0], 1);                                                        \
        a ^= b | (k)[1];                                                                   \
        c ^= d | (k)[3];                                                                   \
        d ^= cb_rotl32(c & (k)[2], 1);                                                        \
    } while (0)

/* camellia_crypt runs the data randomizing part (RFC 3713 2.3) over one block held as
 * four big-endian words, in place: D1 = (w[0], w[1]), D2 = (w[2], w[3]).  The rounds
 * are unrolled: a 128-bit key runs three groups of six, a longer one four. */
static ALWAYS_INLINE void camellia_crypt(const camellia_ks *ks, uint32_t w[4])
{
    const uint32_t *k = ks->rk;
    uint32_t a = w[0] ^ k[0], b = w[1] ^ k[1], c = w[2] ^ k[2], d = w[3] ^ k[3];
    SIX_ROUNDS(k + 4);
    FL_LAYER(k + 16);
    SIX_ROUNDS(k + 20);
    FL_LAYER(k + 32);
    SIX_ROUNDS(k + 36);
    k += 48;
    if (ks->groups == 4) {
        FL_LAYER(k);
        SIX_ROUNDS(k + 4);
        k += 16;
    }
    w[0] = c ^ k[0];
    w[1] = d ^ k[1];
    w[2] = a ^ k[2];
    w[3] = b ^ k[3];
}

/* camellia_generic_ecb encrypts or decrypts nblocks blocks independently. */
static void camellia_generic_ecb(const void *vks, const uint8_t *in, uint8_t *out,
                                 size_t nblocks)
{
    for (; nblocks; nblocks--, in += 16, out += 16) {
        uint32_t w[4];
        cb_load_block16(w, in);
        camellia_crypt(vks, w);
        cb_store_block16(out, w);
    }
}

/* camellia_cbc_encrypt: C_i = E(P_i ^ C_{i-1}) (SP 800-38A 6.2), chaining in registers. */
static void camellia_cbc_encrypt(const camellia_ks *ks, uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t nblocks)
{
    uint32_t w[4];
    cb_load_block16(w, iv);
    for (; nblocks; nblocks--, in += 16, out += 16) {
        for (int i = 0; i < 4; i++)
            w[i] ^= cb_load_be32(in + 4 * i);
        camellia_crypt(ks, w);
        cb_store_block16(out, w);
    }
    cb_store_block16(iv, w);
}

/* camellia_cbc_decrypt: P_i = D(C_i) ^ C_{i-1}; C_i is read before P_i is written, so
 * in == out works. */
static void camellia_cbc_decrypt(const camellia_ks *ks, uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t nblocks)
{
    uint32_t prev[4], next[4], w[4];
    cb_load_block16(prev, iv);
    for (; nblocks; nblocks--, in += 16, out += 16) {
        cb_load_block16(next, in);
        for (int i = 0; i < 4; i++)
            w[i] = next[i];
        camellia_crypt(ks, w);
        for (int i = 0; i < 4; i++) {
            cb_store_be32(out + 4 * i, w[i] ^ prev[i]);
            prev[i] = next[i];
        }
    }
    cb_store_block16(iv, prev);
}

/* camellia_generic_cbc runs CBC in the direction the schedule was made for. */
static void camellia_generic_cbc(const void *vks, uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t nblocks)
{
    const camellia_ks *ks = vks;
    if (ks->decrypt)
        camellia_cbc_decrypt(ks, iv, in, out, nblocks);
    else
        camellia_cbc_encrypt(ks, iv, in, out, nblocks);
}

const cb_block_ops cb_camellia_generic_ops = {
    .key_size = sizeof(camellia_ks),
    .set_key = camellia_generic_set_key,
    .ecb = camellia_generic_ecb,
    .cbc = camellia_generic_cbc,
};
