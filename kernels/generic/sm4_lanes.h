/*
 * kernels/generic/sm4_lanes.h - SM4 (GB/T 32907-2016) four blocks at a time on
 * 128-bit vectors whose S-box is a CPU's AES SubBytes between two affine maps,
 * written once for the families that have one (kernels/x86_64/sm4_aesni.c with
 * AESENCLAST, kernels/armv8/sm4_aese.c with AESE).
 *
 * The SM4 and AES S-boxes are both affine maps around inversion in GF(2^8), over two
 * representations of the field (modulo x^8+x^7+x^6+x^5+x^4+x^2+1 and modulo
 * x^8+x^4+x^3+x+1).  A field isomorphism is linear, so
 *     S_sm4(x) = OUT(S_aes(IN(x)))
 * for two affine maps IN and OUT of GF(2)^8, and an affine map of a byte is the XOR
 * of two 16-entry lookups, one per nibble (a byte shuffle each, 16 bytes at once).
 * Both CPUs' last-round instructions with a zero round key are SubBytes and ShiftRows;
 * shuffling their input by the inverse ShiftRows first leaves SubBytes alone.  The
 * nibble tables below are scripts/gen-sm4-aesni.py's, which derives them from the two
 * S-boxes' definitions and checks all 256 inputs; the tests check every variant
 * against the generic T-table kernel.
 *
 * The four blocks are transposed so that vector j holds word j of each: a round is
 * X0 ^= L(tau(X1 ^ X2 ^ X3 ^ rk)) on four lanes.  L's rotations by 8, 16 and 24 are
 * byte shuffles: L(b) = b ^ (b <<< 24) ^ ((b ^ (b <<< 8) ^ (b <<< 16)) <<< 2).
 * Nothing indexes memory by data and nothing branches on it, so unlike the T-table
 * kernel these are constant time, the key schedule included (the same S-box on one
 * lane).  One block costs as much as four, so the ops are `wide`: not offered for
 * CBC encryption, which is serial.
 *
 * Not a public header.  The including file defines, before it:
 *   sm4v                      the vector type (16 bytes, 4 x 32-bit lanes)
 *   sm4v_consts               a struct it fills in sm4v_init: whatever its helpers need
 *   sm4v_init(c)              fills the constants (the tables below among them)
 *   sm4v_load(p), sm4v_store(p, v), sm4v_zero(), sm4v_xor(a, b), sm4v_dup(x)
 *   sm4v_bswap(c, v)          each 32-bit lane byte-reversed (big-endian words)
 *   sm4v_transpose(a, b, c, d)   four rows of four words into four columns
 *   sm4v_tau(c, v)            the SM4 S-box on every byte
 *   sm4v_lin(c, v)            L on every lane
 *   sm4v_lane0(v), sm4v_from32(x)   lane 0 out, and into an otherwise zero vector
 * and SM4_LANES_PREFIX, the prefix of the functions and of the cb_block_ops
 * (cb_<prefix>_ops) this header then defines.  Included without SM4_LANES_PREFIX it
 * gives only the tables, for the helpers above, which come between the two includes.
 */
#ifndef CB_GENERIC_SM4_LANES_H
#define CB_GENERIC_SM4_LANES_H

#include <stddef.h>
#include <stdint.h>

#include "base/common.h"
#include "kernels/kernel.h"

/* IN and OUT by nibble (scripts/gen-sm4-aesni.py): IN(x) = sm4_in_lo[x & 15] ^
 * sm4_in_hi[x >> 4], OUT likewise; each map's constant is in its _lo table. */
static const uint8_t sm4_in_lo[16] = {0x3e, 0xb2, 0x0e, 0x82, 0xbb, 0x37, 0x8b, 0x07,
                                      0xa1, 0x2d, 0x91, 0x1d, 0x24, 0xa8, 0x14, 0x98};
static const uint8_t sm4_in_hi[16] = {0x00, 0xdc, 0x2e, 0xf2, 0xc5, 0x19, 0xeb, 0x37,
                                      0x08, 0xd4, 0x26, 0xfa, 0xcd, 0x11, 0xe3, 0x3f};
static const uint8_t sm4_out_lo[16] = {0x6c, 0xd4, 0xa6, 0x1e, 0x52, 0xea, 0x98, 0x20,
                                       0x0b, 0xb3, 0xc1, 0x79, 0x35, 0x8d, 0xff, 0x47};
static const uint8_t sm4_out_hi[16] = {0x00, 0xe0, 0x50, 0xb0, 0x9d, 0x7d, 0xcd, 0x2d,
                                       0xc0, 0x20, 0x90, 0x70, 0x5d, 0xbd, 0x0d, 0xed};

/* Byte shuffles on the AES state and on 32-bit little-endian lanes: byte i of the
 * result is byte tbl[i] of the input.  InvShiftRows (FIPS 197 5.3.1) on the
 * column-major state; each lane rotated left by 8, 16, 24 bits. */
static const uint8_t sm4_inv_sr[16] = {0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3};
static const uint8_t sm4_rol8[16] = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
static const uint8_t sm4_rol16[16] = {2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13};
static const uint8_t sm4_rol24[16] = {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12};

#endif /* CB_GENERIC_SM4_LANES_H */

#ifdef SM4_LANES_PREFIX
#define SM4L_CAT2(a, b) a##b
#define SM4L_CAT(a, b) SM4L_CAT2(a, b)
#define SM4L(name) SM4L_CAT(SM4_LANES_PREFIX, name)

/* the 32 round keys in the order the direction runs them */
typedef struct SM4L(_ks) {
    uint32_t rk[32];
    int decrypt;
} SM4L(_ks);

/* ROUND: X0 ^= T(X1 ^ X2 ^ X3 ^ rk), the words renamed by the caller. */
#define SM4L_ROUND(x0, x1, x2, x3, k)                                                    \
    x0 = sm4v_xor(x0, sm4v_lin(c, sm4v_tau(c, sm4v_xor(sm4v_xor(x1, x2),                \
                                                        sm4v_xor(x3, sm4v_dup(k))))))

/* crypt4 runs the 32 rounds over blocks b[0..3] (as loaded, big-endian words). */
static inline void SM4L(_crypt4)(const sm4v_consts *c, const SM4L(_ks) *ks, sm4v b[4])
{
    sm4v x0 = sm4v_bswap(c, b[0]), x1 = sm4v_bswap(c, b[1]);
    sm4v x2 = sm4v_bswap(c, b[2]), x3 = sm4v_bswap(c, b[3]);
    sm4v_transpose(&x0, &x1, &x2, &x3);
    for (int i = 0; i < 32; i += 4) {
        SM4L_ROUND(x0, x1, x2, x3, ks->rk[i]);
        SM4L_ROUND(x1, x2, x3, x0, ks->rk[i + 1]);
        SM4L_ROUND(x2, x3, x0, x1, ks->rk[i + 2]);
        SM4L_ROUND(x3, x0, x1, x2, ks->rk[i + 3]);
    }
    /* the output is the reverse (X35, X34, X33, X32) (section 6.1) */
    sm4v_transpose(&x3, &x2, &x1, &x0);
    b[0] = sm4v_bswap(c, x3);
    b[1] = sm4v_bswap(c, x2);
    b[2] = sm4v_bswap(c, x1);
    b[3] = sm4v_bswap(c, x0);
}

/* set_key: section 7.3, T' = L'(tau(.)) with tau on one lane; FK are the system
 * parameters, CK_i's bytes (4i + j) x 7 mod 256. */
static int SM4L(_set_key)(void *vks, const uint8_t *key, size_t keylen, int decrypt)
{
    static const uint32_t fk[4] = {0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc};
    if (keylen != 16)
        return -1;
    SM4L(_ks) *ks = vks;
    sm4v_consts c;
    sm4v_init(&c);
    uint32_t k[4];
    for (int i = 0; i < 4; i++)
        k[i] = ((uint32_t)key[4 * i] << 24 | (uint32_t)key[4 * i + 1] << 16 |
                (uint32_t)key[4 * i + 2] << 8 | key[4 * i + 3]) ^ fk[i];
    ks->decrypt = decrypt != 0;
    for (unsigned i = 0; i < 32; i++) {
        uint32_t ck = 0;
        for (unsigned j = 0; j < 4; j++)
            ck = ck << 8 | (((4 * i + j) * 7) & 0xff);
        uint32_t a = k[(i + 1) & 3] ^ k[(i + 2) & 3] ^ k[(i + 3) & 3] ^ ck;
        uint32_t b = sm4v_lane0(sm4v_tau(&c, sm4v_from32(a)));
        k[i & 3] ^= b ^ (b << 13 | b >> 19) ^ (b << 23 | b >> 9);
        ks->rk[decrypt ? 31 - i : i] = k[i & 3];
    }
    cb_wipe(k, sizeof k);
    return 0;
}

/* load_n and store_n move n (1..4) blocks between memory and b, the rest zero. */
static inline void SM4L(_load_n)(sm4v b[4], const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < 4; i++)
        b[i] = i < n ? sm4v_load(in + 16 * i) : sm4v_zero();
}

static inline void SM4L(_store_n)(uint8_t *out, const sm4v b[4], size_t n)
{
    for (size_t i = 0; i < n; i++)
        sm4v_store(out + 16 * i, b[i]);
}

static void SM4L(_ecb)(const void *vks, const uint8_t *in, uint8_t *out, size_t n)
{
    sm4v_consts c;
    sm4v_init(&c);
    while (n) {
        size_t m = n < 4 ? n : 4;
        sm4v b[4];
        SM4L(_load_n)(b, in, m);
        SM4L(_crypt4)(&c, vks, b);
        SM4L(_store_n)(out, b, m);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

/* CBC (SP 800-38A 6.2): decryption four blocks at a time, each XORed with the
 * ciphertext before it (read before anything is written, so in == out works);
 * encryption one block at a time (not offered by the registry, `wide`; kept for the
 * tests that drive the ops directly). */
static void SM4L(_cbc)(const void *vks, uint8_t *iv, const uint8_t *in, uint8_t *out,
                       size_t n)
{
    const SM4L(_ks) *ks = vks;
    sm4v_consts c;
    sm4v_init(&c);
    sm4v chain = sm4v_load(iv);
    while (n) {
        size_t m = ks->decrypt ? (n < 4 ? n : 4) : 1;
        sm4v b[4], prev[4];
        SM4L(_load_n)(b, in, m);
        for (size_t i = 0; i < 4; i++)
            prev[i] = b[i];
        if (!ks->decrypt)
            b[0] = sm4v_xor(b[0], chain);
        SM4L(_crypt4)(&c, ks, b);
        if (ks->decrypt) {
            b[0] = sm4v_xor(b[0], chain);
            for (size_t i = 1; i < m; i++)
                b[i] = sm4v_xor(b[i], prev[i - 1]);
            chain = prev[m - 1];
        } else {
            chain = b[0];
        }
        SM4L(_store_n)(out, b, m);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    sm4v_store(iv, chain);
}

const cb_block_ops SM4L_CAT(SM4L_CAT(cb_, SM4_LANES_PREFIX), _ops) = {
    .key_size = sizeof(SM4L(_ks)),
    .set_key = SM4L(_set_key),
    .ecb = SM4L(_ecb),
    .cbc = SM4L(_cbc),
    .wide = 1,
};

#undef SM4L_ROUND
#undef SM4L
#undef SM4L_CAT
#undef SM4L_CAT2
#undef SM4_LANES_PREFIX
#endif /* SM4_LANES_PREFIX */
