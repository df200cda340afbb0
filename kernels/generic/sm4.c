/*
 * kernels/generic/sm4.c - SM4 (GB/T 32907-2016; its English text is
 * draft-ribose-cfrg-sm4) in portable C, 128-bit key and block.
 *
 * The round function F(X0..X3, rk) = X0 ^ T(X1 ^ X2 ^ X3 ^ rk), T = L(tau(.)), is
 * four lookups in tables that hold L applied to each S-box output in each byte
 * position (L is linear and commutes with rotation, so the four tables are one table
 * rotated); the tables are built at compile time from the S-box list
 * (kernels/generic/sm4_sbox.h).  Like the generic AES T-tables they index by data,
 * so this is not a constant-time kernel.  The 32 rounds are unrolled in fours with
 * the words renamed, not moved; the key schedule (section 7.3) uses T' = L'(tau(.))
 * straight from the S-box, and decryption is encryption with the round keys reversed.
 */
#include <stddef.h>
#include <stdint.h>

#include "kernels/generic/block128.h"
#include "kernels/generic/endian.h"
#include "kernels/generic/generic.h"
#include "kernels/generic/sm4_sbox.h"

#define ROL(x, n) ((uint32_t)(((x) << (n)) | ((x) >> ((32 - (n)) & 31))))

/* L of section 6.2: B ^ (B <<< 2) ^ (B <<< 10) ^ (B <<< 18) ^ (B <<< 24); the key
 * schedule's L' (section 7.3): B ^ (B <<< 13) ^ (B <<< 23). */
#define L_(b) ((b) ^ ROL(b, 2) ^ ROL(b, 10) ^ ROL(b, 18) ^ ROL(b, 24))
#define LK(b) ((b) ^ ROL(b, 13) ^ ROL(b, 23))

/* t0..t3[x]: L of S(x) placed in byte 0 (most significant) .. byte 3. */
#define T0_OF(y) L_((uint32_t)(y) << 24),
#define T1_OF(y) L_((uint32_t)(y) << 16),
#define T2_OF(y) L_((uint32_t)(y) << 8),
#define T3_OF(y) L_((uint32_t)(y)),
#define BYTE_OF(y) (y),
static const uint32_t t0[256] = {SM4_SBOX(T0_OF)};
static const uint32_t t1[256] = {SM4_SBOX(T1_OF)};
static const uint32_t t2[256] = {SM4_SBOX(T2_OF)};
static const uint32_t t3[256] = {SM4_SBOX(T3_OF)};
static const uint8_t sbox[256] = {SM4_SBOX(BYTE_OF)};

static inline uint32_t sm4_t(uint32_t x)
{
    return t0[x >> 24] ^ t1[(x >> 16) & 0xff] ^ t2[(x >> 8) & 0xff] ^ t3[x & 0xff];
}

/* tau: the S-box on each byte of a word (section 6.2). */
static uint32_t tau(uint32_t a)
{
    return (uint32_t)sbox[a >> 24] << 24 | (uint32_t)sbox[(a >> 16) & 0xff] << 16 |
           (uint32_t)sbox[(a >> 8) & 0xff] << 8 | sbox[a & 0xff];
}

/* sm4_ks: the 32 round keys in the order the direction runs them. */
typedef struct sm4_ks {
    uint32_t rk[32];
    int decrypt;
} sm4_ks;

/* sm4_generic_set_key: section 7.3.  FK are the system parameters; CK_i's bytes are
 * (4i + j) x 7 mod 256, j = 0..3. */
static int sm4_generic_set_key(void *vks, const uint8_t *key, size_t keylen, int decrypt)
{
    static const uint32_t fk[4] = {0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc};
    sm4_ks *ks = vks;
    if (keylen != 16)
        return -1;
    uint32_t k[4];
    for (int i = 0; i < 4; i++)
        k[i] = cb_load_be32(key + 4 * i) ^ fk[i];
    ks->decrypt = decrypt != 0;
    for (unsigned i = 0; i < 32; i++) {
        uint32_t ck = 0;
        for (unsigned j = 0; j < 4; j++)
            ck = ck << 8 | (((4 * i + j) * 7) & 0xff);
        uint32_t b = tau(k[(i + 1) & 3] ^ k[(i + 2) & 3] ^ k[(i + 3) & 3] ^ ck);
        k[i & 3] ^= LK(b);
        ks->rk[decrypt ? 31 - i : i] = k[i & 3];
    }
    return 0;
}

/* R4: four rounds, X_{i+4} = X_i ^ T(X_{i+1} ^ X_{i+2} ^ X_{i+3} ^ rk_i), each new word
 * written over the one it replaces. */
#define R4(k)                                                                          \
    do {                                                                               \
        x0 ^= sm4_t(x1 ^ x2 ^ x3 ^ (k)[0]);                                            \
        x1 ^= sm4_t(x2 ^ x3 ^ x0 ^ (k)[1]);                                            \
        x2 ^= sm4_t(x3 ^ x0 ^ x1 ^ (k)[2]);                                            \
        x3 ^= sm4_t(x0 ^ x1 ^ x2 ^ (k)[3]);                                            \
    } while (0)

/* The block function is inlined into each mode loop so the chaining value stays in
 * registers. */
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* sm4_crypt runs the 32 rounds over one block of four big-endian words; the output
 * is the reverse R of the last four words (section 6.1). */
static ALWAYS_INLINE void sm4_crypt(const sm4_ks *ks, uint32_t w[4])
{
    const uint32_t *k = ks->rk;
    uint32_t x0 = w[0], x1 = w[1], x2 = w[2], x3 = w[3];
    for (int i = 0; i < 32; i += 8) {
        R4(k + i);
        R4(k + i + 4);
    }
    w[0] = x3;
    w[1] = x2;
    w[2] = x1;
    w[3] = x0;
}

CB_BLOCK128_MODES(sm4_generic, sm4_ks, sm4_crypt)

const cb_block_ops cb_sm4_generic_ops = {
    .key_size = sizeof(sm4_ks),
    .set_key = sm4_generic_set_key,
    .ecb = sm4_generic_ecb,
    .cbc = sm4_generic_cbc,
};
