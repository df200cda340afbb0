/*
 * kernels/x86_64/aesni_modes.c - AES-NI ECB, CBC decryption and CTR at one
 * interleave factor: compiled once per row of kernels/x86_64/knobs.h's AESNI_BUILDS
 * (kernels/x86_64/family.mk), with -DAESNI_I the row's factor.
 *
 * Why interleave: AESENC/AESDEC have a latency of 3 to 7 cycles but issue once or
 * twice per cycle (3 and 0.5 on Ice Lake and Sapphire Rapids, 4 and 0.5 on Zen 3),
 * so one block at a time leaves the AES units idle most of each round.  Modes whose
 * blocks are independent (ECB, CBC decryption, CTR) keep AESNI_I blocks in flight;
 * at 8 blocks the 16 XMM registers hold the blocks plus the round key without
 * spilling.  CBC encryption cannot be interleaved and lives in aesni_key.c.
 *
 * Each block's round loop is written once as a statement applied to lane j; EACH()
 * expands it for j = 0..AESNI_I-1 with constant indices, so the compiler keeps the
 * lanes in registers (no array in memory, no inner loop).
 */
#ifndef AESNI_I
#error "aesni_modes.c is built with -DAESNI_I (kernels/x86_64/family.mk)"
#endif

#pragma GCC target("aes,sse4.1")

#include "kernels/x86_64/aesni_inline.h"

#define AESNI_PASTE3(a, b, c) a##b##c
#define AESNI_NAME(a, b, c) AESNI_PASTE3(a, b, c)
#define OPS_NAME AESNI_NAME(cb_aesni_i, AESNI_I, _ops)
#define FN(op) AESNI_NAME(aes_aesni_i, AESNI_I, _##op)
#define EACH AESNI_NAME(AESNI_EACH, AESNI_I, )


/* encrypt_lanes runs the cipher on AESNI_I blocks side by side. */
AESNI_DEFINE_LANES(encrypt_lanes, EACH, LANE_ENC, LANE_ENCLAST)
/* decrypt_lanes runs the inverse cipher on AESNI_I blocks side by side. */
AESNI_DEFINE_LANES(decrypt_lanes, EACH, LANE_DEC, LANE_DECLAST)

/* ecb runs the cipher (decrypt: the inverse cipher) over nblocks blocks. */
static inline __attribute__((always_inline)) void ecb(const cb_aesni_key *k, const uint8_t *in,
                                                      uint8_t *out, size_t nblocks, int decrypt)
{
    __m128i b[AESNI_I];
    for (; nblocks >= AESNI_I; nblocks -= AESNI_I, in += 16 * AESNI_I, out += 16 * AESNI_I) {
        EACH(LANE_LOAD)
        if (decrypt)
            decrypt_lanes(k, b);
        else
            encrypt_lanes(k, b);
        EACH(LANE_STORE)
    }
    for (; nblocks; nblocks--, in += 16, out += 16) {
        __m128i x = aesni_loadu(in);
        aesni_storeu(out, decrypt ? aesni_decrypt1(k, x) : aesni_encrypt1(k, x));
    }
}

/* aes_aesni_iN_ecb_encrypt: ECB encryption, AESNI_I blocks in flight. */
static void FN(ecb_encrypt)(const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    ecb(ks, in, out, nblocks, 0);
}

/* aes_aesni_iN_ecb_decrypt: ECB decryption, AESNI_I blocks in flight. */
static void FN(ecb_decrypt)(const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    ecb(ks, in, out, nblocks, 1);
}

/* Lane j of CBC decryption is XORed with ciphertext j-1; lane 0 with the IV.  The
 * previous ciphertexts are reloaded rather than kept, and every store comes after
 * every load, so in == out works. */
#define LANE_XOR_PREV(j) b[j] = _mm_xor_si128(b[j], (j) ? aesni_loadu(in + 16 * (j) - 16) : iv);

/* aes_aesni_iN_cbc_decrypt: CBC decryption (SP 800-38A 6.2), AESNI_I blocks in
 * flight; leaves the last ciphertext block in ivp for the next call. */
static void FN(cbc_decrypt)(const void *ks, uint8_t ivp[16], const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    const cb_aesni_key *k = ks;
    __m128i b[AESNI_I], iv = aesni_loadu(ivp);
    for (; nblocks >= AESNI_I; nblocks -= AESNI_I, in += 16 * AESNI_I, out += 16 * AESNI_I) {
        EACH(LANE_LOAD)
        decrypt_lanes(k, b);
        EACH(LANE_XOR_PREV)
        iv = aesni_loadu(in + 16 * (AESNI_I - 1));
        EACH(LANE_STORE)
    }
    for (; nblocks; nblocks--, in += 16, out += 16) {
        __m128i c = aesni_loadu(in);
        aesni_storeu(out, _mm_xor_si128(aesni_decrypt1(k, c), iv));
        iv = c;
    }
    aesni_storeu(ivp, iv);
}

/* aes_aesni_iN_ctr32: CTR with a 32-bit counter (kernel.h), AESNI_I blocks in flight. */
static void FN(ctr32)(const void *ks, const uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                  size_t nblocks)
{
    const cb_aesni_key *k = ks;
    __m128i b[AESNI_I], base = aesni_loadu(ctr);
    uint32_t n = aesni_ctr_start(ctr);
    for (; nblocks >= AESNI_I;
         nblocks -= AESNI_I, in += 16 * AESNI_I, out += 16 * AESNI_I, n += AESNI_I) {
        EACH(LANE_CTR)
        encrypt_lanes(k, b);
        EACH(LANE_XOR_IN)
        EACH(LANE_STORE)
    }
    for (; nblocks; nblocks--, in += 16, out += 16, n++) {
        __m128i s = aesni_encrypt1(k, aesni_ctr_block(base, n));
        aesni_storeu(out, _mm_xor_si128(s, aesni_loadu(in)));
    }
}

/* cb_aesni_iN_ops: the variant's ops; key setup and CBC encryption are shared. */
const cb_aes_ops OPS_NAME = {
    .key_size = sizeof(cb_aesni_key),
    .set_encrypt_key = aes_aesni_set_encrypt_key,
    .set_decrypt_key = aes_aesni_set_decrypt_key,
    .ecb_encrypt = FN(ecb_encrypt),
    .ecb_decrypt = FN(ecb_decrypt),
    .cbc_encrypt = aes_aesni_cbc_encrypt,
    .cbc_decrypt = FN(cbc_decrypt),
    .ctr32 = FN(ctr32),
};
