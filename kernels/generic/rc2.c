/*
 * kernels/generic/rc2.c - RC2 (RFC 2268) in portable C: 1- to 128-byte keys, with the
 * effective key length in bits equal to the key's (128 for the 16-byte key `openssl
 * speed` uses, as OpenSSL's EVP RC2 does unless told otherwise);
 * cb_rc2_generic_set_key_bits takes any effective length 1..1024 for the RFC's vectors.
 *
 * The expanded key K[0..63] is kept as 32-bit words so the rounds need no zero
 * extension; the four 16-bit words R[0..3] stay in 32-bit locals masked to 16 bits.
 * A block is R[0]..R[3] little-endian (section 3), loaded as two 32-bit words.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kernels/generic/block64.h"
#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"

/* rc2_ks: the expanded key. */
typedef struct rc2_ks {
    uint32_t k[64];
    int decrypt;
} rc2_ks;

/* RFC 2268 section 2: PITABLE, "random" bytes based on the digits of pi. */
static const uint8_t pitable[256] = {
    0xd9, 0x78, 0xf9, 0xc4, 0x19, 0xdd, 0xb5, 0xed, 0x28, 0xe9, 0xfd, 0x79, 0x4a, 0xa0, 0xd8, 0x9d,
    0xc6, 0x7e, 0x37, 0x83, 0x2b, 0x76, 0x53, 0x8e, 0x62, 0x4c, 0x64, 0x88, 0x44, 0x8b, 0xfb, 0xa2,
    0x17, 0x9a, 0x59, 0xf5, 0x87, 0xb3, 0x4f, 0x13, 0x61, 0x45, 0x6d, 0x8d, 0x09, 0x81, 0x7d, 0x32,
    0xbd, 0x8f, 0x40, 0xeb, 0x86, 0xb7, 0x7b, 0x0b, 0xf0, 0x95, 0x21, 0x22, 0x5c, 0x6b, 0x4e, 0x82,
    0x54, 0xd6, 0x65, 0x93, 0xce, 0x60, 0xb2, 0x1c, 0x73, 0x56, 0xc0, 0x14, 0xa7, 0x8c, 0xf1, 0xdc,
    0x12, 0x75, 0xca, 0x1f, 0x3b, 0xbe, 0xe4, 0xd1, 0x42, 0x3d, 0xd4, 0x30, 0xa3, 0x3c, 0xb6, 0x26,
    0x6f, 0xbf, 0x0e, 0xda, 0x46, 0x69, 0x07, 0x57, 0x27, 0xf2, 0x1d, 0x9b, 0xbc, 0x94, 0x43, 0x03,
    0xf8, 0x11, 0xc7, 0xf6, 0x90, 0xef, 0x3e, 0xe7, 0x06, 0xc3, 0xd5, 0x2f, 0xc8, 0x66, 0x1e, 0xd7,
    0x08, 0xe8, 0xea, 0xde, 0x80, 0x52, 0xee, 0xf7, 0x84, 0xaa, 0x72, 0xac, 0x35, 0x4d, 0x6a, 0x2a,
    0x96, 0x1a, 0xd2, 0x71, 0x5a, 0x15, 0x49, 0x74, 0x4b, 0x9f, 0xd0, 0x5e, 0x04, 0x18, 0xa4, 0xec,
    0xc2, 0xe0, 0x41, 0x6e, 0x0f, 0x51, 0xcb, 0xcc, 0x24, 0x91, 0xaf, 0x50, 0xa1, 0xf4, 0x70, 0x39,
    0x99, 0x7c, 0x3a, 0x85, 0x23, 0xb8, 0xb4, 0x7a, 0xfc, 0x02, 0x36, 0x5b, 0x25, 0x55, 0x97, 0x31,
    0x2d, 0x5d, 0xfa, 0x98, 0xe3, 0x8a, 0x92, 0xae, 0x05, 0xdf, 0x29, 0x10, 0x67, 0x6c, 0xba, 0xc9,
    0xd3, 0x00, 0xe6, 0xcf, 0xe1, 0x9e, 0xa8, 0x2c, 0x63, 0x16, 0x01, 0x3f, 0x58, 0xe2, 0x89, 0xa9,
    0x0d, 0x38, 0x34, 0x1b, 0xab, 0x33, 0xff, 0xb0, 0xbb, 0x48, 0x0c, 0x5f, 0xb9, 0xb1, 0xcd, 0x2e,
    0xc5, 0xf3, 0xdb, 0x47, 0xe5, 0xa5, 0x9c, 0x77, 0x0a, 0xa6, 0x20, 0x68, 0xfe, 0x7f, 0xc1, 0xad,
};

int cb_rc2_generic_set_key_bits(void *vks, const uint8_t *key, size_t keylen, unsigned bits,
                                int decrypt)
{
    rc2_ks *ks = vks;
    if (keylen < 1 || keylen > 128 || bits < 1 || bits > 1024)
        return -1;
    uint8_t l[128];
    size_t t = keylen, t8 = (bits + 7) / 8;
    unsigned tm = 0xffu >> (8 * t8 - bits);
    memcpy(l, key, t);
    for (size_t i = t; i < 128; i++)
        l[i] = pitable[(l[i - 1] + l[i - t]) & 0xff];
    l[128 - t8] = pitable[l[128 - t8] & tm];
    for (size_t i = 128 - t8; i-- > 0;)
        l[i] = pitable[l[i + 1] ^ l[i + t8]];
    for (int i = 0; i < 64; i++)
        ks->k[i] = l[2 * i] | (uint32_t)l[2 * i + 1] << 8;
    ks->decrypt = decrypt != 0;
    cb_wipe(l, sizeof l);
    return 0;
}

/* rc2_generic_set_key: the effective key length is the key's length in bits, capped
 * at the algorithm's 1024. */
static int rc2_generic_set_key(void *ks, const uint8_t *key, size_t keylen, int decrypt)
{
    return cb_rc2_generic_set_key_bits(ks, key, keylen, (unsigned)(keylen * 8), decrypt);
}

/* MIX_STEP and MIX_BACK (sections 3.1 and 4.1) on word a with the other three b, c, d
 * as R[i-1], R[i-2], R[i-3]; rotation s. */
#define MIX_STEP(a, b, c, d, key, s)                                                      \
    do {                                                                                  \
        a = (a + (key) + (b & c) + (~b & d)) & 0xffff;                                    \
        a = ((a << (s)) | (a >> (16 - (s)))) & 0xffff;                                    \
    } while (0)
#define MIX_BACK(a, b, c, d, key, s)                                                      \
    do {                                                                                  \
        a = ((a >> (s)) | (a << (16 - (s)))) & 0xffff;                                    \
        a = (a - (key) - (b & c) - (~b & d)) & 0xffff;                                    \
    } while (0)

/* One mixing round with K[j..j+3], and its inverse with K[j+3..j]. */
#define MIX(j)                                                                            \
    do {                                                                                  \
        MIX_STEP(x0, x3, x2, x1, k[(j)], 1);                                              \
        MIX_STEP(x1, x0, x3, x2, k[(j) + 1], 2);                                          \
        MIX_STEP(x2, x1, x0, x3, k[(j) + 2], 3);                                          \
        MIX_STEP(x3, x2, x1, x0, k[(j) + 3], 5);                                          \
    } while (0)
#define RMIX(j)                                                                           \
    do {                                                                                  \
        MIX_BACK(x3, x2, x1, x0, k[(j) + 3], 5);                                          \
        MIX_BACK(x2, x1, x0, x3, k[(j) + 2], 3);                                          \
        MIX_BACK(x1, x0, x3, x2, k[(j) + 1], 2);                                          \
        MIX_BACK(x0, x3, x2, x1, k[(j)], 1);                                              \
    } while (0)

/* Mashing rounds (sections 3.2 and 4.2). */
#define MASH()                                                                            \
    do {                                                                                  \
        x0 = (x0 + k[x3 & 63]) & 0xffff;                                                  \
        x1 = (x1 + k[x0 & 63]) & 0xffff;                                                  \
        x2 = (x2 + k[x1 & 63]) & 0xffff;                                                  \
        x3 = (x3 + k[x2 & 63]) & 0xffff;                                                  \
    } while (0)
#define RMASH()                                                                           \
    do {                                                                                  \
        x3 = (x3 - k[x2 & 63]) & 0xffff;                                                  \
        x2 = (x2 - k[x1 & 63]) & 0xffff;                                                  \
        x1 = (x1 - k[x0 & 63]) & 0xffff;                                                  \
        x0 = (x0 - k[x3 & 63]) & 0xffff;                                                  \
    } while (0)

/* rc2_encrypt (section 3.3): five mixing rounds, a mashing round, six mixing, a
 * mashing, five mixing.  w0 holds R[0] (low half) and R[1], w1 R[2] and R[3]. */
static inline void rc2_encrypt(const rc2_ks *ks, uint32_t *w0, uint32_t *w1)
{
    const uint32_t *k = ks->k;
    uint32_t x0 = *w0 & 0xffff, x1 = *w0 >> 16, x2 = *w1 & 0xffff, x3 = *w1 >> 16;
    MIX(0);
    MIX(4);
    MIX(8);
    MIX(12);
    MIX(16);
    MASH();
    MIX(20);
    MIX(24);
    MIX(28);
    MIX(32);
    MIX(36);
    MIX(40);
    MASH();
    MIX(44);
    MIX(48);
    MIX(52);
    MIX(56);
    MIX(60);
    *w0 = x0 | x1 << 16;
    *w1 = x2 | x3 << 16;
}

/* rc2_decrypt (section 4.3): the rounds inverted in the reverse order. */
static inline void rc2_decrypt(const rc2_ks *ks, uint32_t *w0, uint32_t *w1)
{
    const uint32_t *k = ks->k;
    uint32_t x0 = *w0 & 0xffff, x1 = *w0 >> 16, x2 = *w1 & 0xffff, x3 = *w1 >> 16;
    RMIX(60);
    RMIX(56);
    RMIX(52);
    RMIX(48);
    RMIX(44);
    RMASH();
    RMIX(40);
    RMIX(36);
    RMIX(32);
    RMIX(28);
    RMIX(24);
    RMIX(20);
    RMASH();
    RMIX(16);
    RMIX(12);
    RMIX(8);
    RMIX(4);
    RMIX(0);
    *w0 = x0 | x1 << 16;
    *w1 = x2 | x3 << 16;
}

CB_BLOCK64_MODES(rc2_generic, rc2_ks, rc2_encrypt, rc2_decrypt, cb_load_le32, cb_store_le32)

const cb_block_ops cb_rc2_generic_ops = {
    .key_size = sizeof(rc2_ks),
    .set_key = rc2_generic_set_key,
    .ecb = rc2_generic_ecb,
    .cbc = rc2_generic_cbc,
};
