/*
 * kernels/armv8/armv8.h - entry points of the ARMv8 kernels (assembly and the few C
 * dispatchers), referenced by kernels/armv8/family.c and the tests.
 *
 * All are AAPCS64 functions; they keep the callee-saved registers (x19-x29, d8-d15)
 * intact, which the ABI-check test verifies.
 */
#ifndef CB_ARMV8_H
#define CB_ARMV8_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/armv8/knobs.h"

/* ---- SM4 with its S-box through AESE (sm4_aese.c, kernels/generic/sm4_lanes.h) ---- */
extern const struct cb_block_ops cb_sm4_aese_ops;
/* ---- SM4 with the SM4E/SM4EKEY instructions (sm4_ce.c) ---- */
extern const struct cb_block_ops cb_sm4_ce_ops;

/* ---- AES with the Crypto Extensions (aes_ce_core.S, aes_ce_modes.S) ---- */

/* AES_CE_KS_SIZE: 15 round keys of 16 bytes, then the round count as uint32. */
#define AES_CE_KS_SIZE 256

/* aes_ce_set_encrypt_key expands a 128/192/256-bit key; -1 for any other size. */
int aes_ce_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits);

/* aes_ce_set_decrypt_key builds the equivalent inverse cipher's schedule for AESD. */
int aes_ce_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits);

/* aes_ce_cbc_encrypt is serial, so it is shared by every interleave variant. */
void aes_ce_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                        size_t nblocks);

/*
 * AES_CE_MODES(v) declares the interleaved modes of one build of aes_ce_modes.S:
 * aes_ce_<v>_ecb_encrypt, aes_ce_<v>_ecb_decrypt, aes_ce_<v>_cbc_decrypt and
 * aes_ce_<v>_ctr32, with the semantics of the matching cb_aes_ops members.
 */
#define AES_CE_MODES(v)                                                                  \
    void aes_ce_##v##_ecb_encrypt(const void *ks, const uint8_t *in, uint8_t *out,       \
                                  size_t nblocks);                                       \
    void aes_ce_##v##_ecb_decrypt(const void *ks, const uint8_t *in, uint8_t *out,       \
                                  size_t nblocks);                                       \
    void aes_ce_##v##_cbc_decrypt(const void *ks, uint8_t iv[16], const uint8_t *in,     \
                                  uint8_t *out, size_t nblocks);                         \
    void aes_ce_##v##_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in,    \
                            uint8_t *out, size_t nblocks)

/* Every build of kernels/armv8/knobs.h. */
#define AES_CE_DECLARE(sym, name, interleave, inl, prio, summary) AES_CE_MODES(sym);
AES_CE_BUILDS(AES_CE_DECLARE)

/*
 * AES_CE_T512_BYTES: ce-i5t512 runs the 5-way code from this many bytes on and the
 * 4-way code below it (kernels/armv8/aes_ce_t512.c).
 */
#define AES_CE_T512_BYTES 512

/* aes_ce_i5t512_ecb_encrypt and friends pick ce-i5 or ce-i4 by buffer size. */
AES_CE_MODES(i5t512);

/* ---- GHASH with PMULL/PMULL2 (ghash_pmull.S) ---- */

/* GHASH_PMULL_TABLE_SIZE: H'^1..H'^4 and two Karatsuba vectors (ghash_macros.h). */
#define GHASH_PMULL_TABLE_SIZE 96

/* ghash_pmull_init precomputes the powers of the hash key h. */
void ghash_pmull_init(void *table, const uint8_t h[16]);

/* ghash_pmull_blocks folds nblocks blocks into xi, four per reduction. */
void ghash_pmull_blocks(const void *table, uint8_t xi[16], const uint8_t *in,
                        size_t nblocks);

/* ---- AES-GCM, CTR and GHASH stitched (gcm_ce_stitched.S) ---- */

/*
 * GCM_STITCH_MIN_BLOCKS: below this many whole blocks the stitched functions return
 * 0 and the portable GCM layer does the message (see gcm_ce_stitched.S for why).
 */
#define GCM_STITCH_MIN_BLOCKS 8

/*
 * gcm_ce_stitched_encrypt encrypts and hashes whole groups of 4 blocks of in (a
 * pmull table, a ce key schedule), updating ctr's last word and xi; returns the bytes
 * done (0 below the threshold).
 */
size_t gcm_ce_stitched_encrypt(const void *ks, const void *htable, uint8_t ctr[16],
                               uint8_t xi[16], const uint8_t *in, uint8_t *out, size_t len);

/* gcm_ce_stitched_decrypt is the same for decryption (it hashes its input). */
size_t gcm_ce_stitched_decrypt(const void *ks, const void *htable, uint8_t ctr[16],
                               uint8_t xi[16], const uint8_t *in, uint8_t *out, size_t len);

/* ---- SHA with the SHA instructions (sha1_ce.S, sha256_ce.S, sha512_ce.S) ---- */

/* sha1_ce_blocks compresses nblocks 64-byte blocks into state (uint32_t[5]). */
void sha1_ce_blocks(void *state, const uint8_t *in, size_t nblocks);

/* sha256_ce_blocks compresses nblocks 64-byte blocks into state (uint32_t[8]). */
void sha256_ce_blocks(void *state, const uint8_t *in, size_t nblocks);

/* sha512_ce_blocks compresses nblocks 128-byte blocks into state (uint64_t[8]). */
void sha512_ce_blocks(void *state, const uint8_t *in, size_t nblocks);

/* sha3_ce_blocks absorbs nblocks blocks of the rate named in state (a cb_keccak_state,
 * rate 72, 104, 136, 144 or 168) with EOR3/RAX1/XAR/BCAX (sha3_ce.S). */
void sha3_ce_blocks(void *state, const uint8_t *in, size_t nblocks);

/* ---- NEON fallbacks without the Crypto Extensions (aes_neon.S, ghash_neon.S) ---- */

/* AES_NEON_KS_SIZE: round keys as for ce (encryption order, or reversed), Nr at 240. */
#define AES_NEON_KS_SIZE 256

/* aes_neon_set_encrypt_key expands a 128/192/256-bit key; -1 for any other size. */
int aes_neon_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits);

/* aes_neon_set_decrypt_key is the encryption schedule in reverse order. */
int aes_neon_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits);

/* aes_neon_ecb_encrypt: ECB, four blocks per round pass (cb_aes_ops semantics). */
void aes_neon_ecb_encrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks);

/* aes_neon_ecb_decrypt: the inverse cipher on a decryption schedule. */
void aes_neon_ecb_decrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks);

/* aes_neon_cbc_encrypt: one block at a time (serial by nature); updates iv. */
void aes_neon_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                          size_t nblocks);

/* aes_neon_cbc_decrypt: four blocks per round pass; updates iv. */
void aes_neon_cbc_decrypt(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                          size_t nblocks);

/* aes_neon_ctr32: CTR with the 32-bit counter of kernel.h, four blocks per pass. */
void aes_neon_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                    size_t nblocks);

/* GHASH_NEON_TABLE_SIZE: fifteen byte-shifted copies of H' (ghash_neon_table.c). */
#define GHASH_NEON_TABLE_SIZE 480

/* ghash_neon_init builds the shifted-byte table for hash key h. */
void ghash_neon_init(void *table, const uint8_t h[16]);

/* ghash_neon_blocks folds nblocks blocks into xi with 8-bit PMULLs only. */
void ghash_neon_blocks(const void *table, uint8_t xi[16], const uint8_t *in,
                       size_t nblocks);

/* ---- ChaCha20 with NEON (chacha_neon.S) ---- */

/*
 * chacha20_neon_<sym>_blocks, one per build of CHACHA_NEON_BUILDS: the blocks
 * function of cb_chacha_ops (kernels/kernel.h) for that build's step.
 */
#define CHACHA_NEON_DECLARE(sym, name, scalar, prio, summary)                             \
    void chacha20_neon_##sym##_blocks(const uint32_t key[8], const uint32_t ctr[4],       \
                                      const uint8_t *in, uint8_t *out, size_t nblocks);
CHACHA_NEON_BUILDS(CHACHA_NEON_DECLARE)

/* ---- Poly1305 in the general registers (poly1305_x64.S) ---- */

/* POLY1305_X64_STATE_SIZE: r0, r1, 5 r1 / 4, h0..h2 and s, eight 64-bit words. */
#define POLY1305_X64_STATE_SIZE 64

/* poly1305_x64_init, _blocks and _emit: the members of cb_poly1305_ops
 * (kernels/kernel.h), radix 2^64 with MUL/UMULH. */
void poly1305_x64_init(void *st, const uint8_t key[32]);
void poly1305_x64_blocks(void *st, const uint8_t *in, size_t len, unsigned padbit);
void poly1305_x64_emit(void *st, uint8_t tag[16]);

/* ---- GF(2^m) with PMULL (gf2m_pmull.c) ---- */

/* cb_gf2m_pmull_ops: the binary curves' field products, one PMULL a word pair (a
 * cb_gf2m_ops of kernels/kernel.h, which this header does not include). */
struct cb_gf2m_ops;
extern const struct cb_gf2m_ops cb_gf2m_pmull_ops;

#endif
