/*
 * kernels/armv4/armv4.h - the armv4 family's assembly entry points and ops tables.
 *
 * Every function here is ARM (A32) assembly under kernels/armv4/ that follows the
 * AAPCS and returns with an interworking branch, so C built as Thumb-2 calls it
 * directly.  The ops tables (family.c) wrap them for the registry; the tests call the
 * functions themselves through the ABI check.
 */
#ifndef CB_ARMV4_H
#define CB_ARMV4_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* ---- AES, one T-table (aes_armv4.S) ---- */

/* ARMV4_AES_KS_SIZE: 60 little-endian round-key words and the round count. */
#define ARMV4_AES_KS_SIZE 244

/* aes_armv4_set_encrypt_key is KeyExpansion (FIPS 197 5.2); 0, or -1 for bad bits. */
int aes_armv4_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits);
/* aes_armv4_set_decrypt_key builds the equivalent inverse cipher's schedule. */
int aes_armv4_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits);
/* aes_armv4_ecb_encrypt and the modes below follow cb_aes_ops (kernel.h). */
void aes_armv4_ecb_encrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks);
/* aes_armv4_ecb_decrypt: ECB with a decryption schedule. */
void aes_armv4_ecb_decrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t nblocks);
/* aes_armv4_cbc_encrypt: CBC encryption, iv updated. */
void aes_armv4_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                           size_t nblocks);
/* aes_armv4_cbc_decrypt: CBC decryption with a decryption schedule, iv updated. */
void aes_armv4_cbc_decrypt(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                           size_t nblocks);
/* aes_armv4_ctr32: CTR with the last 32 bits of ctr as a wrapping big-endian counter. */
void aes_armv4_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                     size_t nblocks);

/* ---- digests (cb_digest_ops.blocks: kernels/digest.c pads) ---- */

/* sha1_armv4_blocks: SHA-1 compression over nblocks 64-byte blocks, integer. */
void sha1_armv4_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha1_neon_blocks: the same with the message schedule on NEON. */
void sha1_neon_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha256_armv4_blocks: SHA-256 compression over nblocks 64-byte blocks, integer. */
void sha256_armv4_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha256_neon_blocks: the same with the message schedule on NEON. */
void sha256_neon_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha512_armv4_blocks: SHA-512 compression over nblocks 128-byte blocks, integer. */
void sha512_armv4_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha512_neon_blocks: the same on NEON, the state in d registers. */
void sha512_neon_blocks(void *state, const uint8_t *in, size_t nblocks);

#endif
