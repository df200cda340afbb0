/*
 * kernels/armv8/sm4_ce.c - SM4 with the ARMv8.2 SM4 instructions (variant ce):
 * SM4EKEY makes four round keys from the previous four and four CK constants, SM4E
 * runs four rounds of one block, so a block is eight dependent SM4Es.  ECB and CBC
 * decryption keep four blocks in flight to cover that latency; CBC encryption is
 * one chain, as the standard makes it.  The words are big-endian in memory and
 * SM4E takes X0 in lane 0, so blocks are byte-reversed per word on the way in and
 * out, and the result is the reverse (X35, X34, X33, X32) (GB/T 32907 section 6.1).
 */
#pragma GCC target("arch=armv8.2-a+sm4")

#include <arm_neon.h>
#include <string.h>

#include "base/common.h"
#include "kernels/armv8/armv8.h"
#include "kernels/kernel.h"

/* the 32 round keys in the order the direction runs them, four to a vector */
typedef struct sm4_ce_ks {
    uint32_t rk[32];
    int decrypt;
} sm4_ce_ks;

static int sm4_ce_set_key(void *vks, const uint8_t *key, size_t keylen, int decrypt)
{
    static const uint32_t fk[4] = {0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc};
    if (keylen != 16)
        return -1;
    sm4_ce_ks *ks = vks;
    uint32x4_t k = veorq_u32(vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(key))), vld1q_u32(fk));
    uint32_t rk[32];
    for (unsigned i = 0; i < 32; i += 4) {
        /* CK_i's bytes are (4i + j) x 7 mod 256 (section 7.3) */
        uint32_t ck[4];
        for (unsigned w = 0; w < 4; w++) {
            ck[w] = 0;
            for (unsigned j = 0; j < 4; j++)
                ck[w] = ck[w] << 8 | (((4 * (i + w) + j) * 7) & 0xff);
        }
        k = vsm4ekeyq_u32(k, vld1q_u32(ck));
        vst1q_u32(rk + i, k);
    }
    for (unsigned i = 0; i < 32; i++)
        ks->rk[i] = rk[decrypt ? 31 - i : i];
    ks->decrypt = decrypt != 0;
    cb_wipe(rk, sizeof rk);
    return 0;
}

/* crypt_n runs the 32 rounds over n (1..4) blocks b[0..n) as loaded. */
static inline void crypt_n(const sm4_ce_ks *ks, uint32x4_t b[4], size_t n)
{
    for (size_t j = 0; j < n; j++)
        b[j] = vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(b[j])));
    for (unsigned i = 0; i < 32; i += 4) {
        uint32x4_t rk = vld1q_u32(ks->rk + i);
        for (size_t j = 0; j < n; j++)
            b[j] = vsm4eq_u32(b[j], rk);
    }
    for (size_t j = 0; j < n; j++) {
        /* (X32..X35) to (X35..X32), then each word big-endian */
        uint32x4_t r = vrev64q_u32(b[j]);
        r = vextq_u32(r, r, 2);
        b[j] = vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(r)));
    }
}

static void sm4_ce_ecb(const void *vks, const uint8_t *in, uint8_t *out, size_t n)
{
    while (n) {
        size_t m = n < 4 ? n : 4;
        uint32x4_t b[4];
        for (size_t j = 0; j < m; j++)
            b[j] = vreinterpretq_u32_u8(vld1q_u8(in + 16 * j));
        crypt_n(vks, b, m);
        for (size_t j = 0; j < m; j++)
            vst1q_u8(out + 16 * j, vreinterpretq_u8_u32(b[j]));
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

/* CBC (SP 800-38A 6.2): decryption four blocks at a time, each ciphertext block read
 * before its plaintext is written (in == out works); encryption one chain. */
static void sm4_ce_cbc(const void *vks, uint8_t *iv, const uint8_t *in, uint8_t *out,
                       size_t n)
{
    const sm4_ce_ks *ks = vks;
    uint32x4_t chain = vreinterpretq_u32_u8(vld1q_u8(iv));
    while (n) {
        size_t m = ks->decrypt ? (n < 4 ? n : 4) : 1;
        uint32x4_t b[4], c[4];
        for (size_t j = 0; j < m; j++)
            b[j] = c[j] = vreinterpretq_u32_u8(vld1q_u8(in + 16 * j));
        if (!ks->decrypt)
            b[0] = veorq_u32(b[0], chain);
        crypt_n(ks, b, m);
        if (ks->decrypt) {
            b[0] = veorq_u32(b[0], chain);
            for (size_t j = 1; j < m; j++)
                b[j] = veorq_u32(b[j], c[j - 1]);
            chain = c[m - 1];
        } else {
            chain = b[0];
        }
        for (size_t j = 0; j < m; j++)
            vst1q_u8(out + 16 * j, vreinterpretq_u8_u32(b[j]));
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    vst1q_u8(iv, vreinterpretq_u8_u32(chain));
}

/* cb_sm4_ce_ops: SM4 with SM4E/SM4EKEY. */
const cb_block_ops cb_sm4_ce_ops = {
    .key_size = sizeof(sm4_ce_ks),
    .set_key = sm4_ce_set_key,
    .ecb = sm4_ce_ecb,
    .cbc = sm4_ce_cbc,
    .wide = 0,
};
