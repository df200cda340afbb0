/*
 * kernels/armv4/armv4.h - the armv4 family's entry points and the sizes of their key
 * schedules and tables.
 *
 * The kernels are ARM (A32) assembly under kernels/armv4/ that follows the AAPCS and
 * returns with an interworking branch, so C built as Thumb-2 calls it directly; the
 * per-key setups marked "(C)" are portable C beside them.  family.c wraps them in ops
 * tables for the registry; the tests call the functions themselves through the ABI
 * check.
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

/* ---- AES, bit-sliced on NEON (bsaes_neon.S; schedules from bsaes_key.c) ---- */

/* BSAES_KEYS_OFFSET: the bit-sliced keys follow the armv4 schedule, 16-aligned. */
#define BSAES_KEYS_OFFSET 256
/* BSAES_KS_SIZE: that, and up to 15 round keys of eight 16-byte planes. */
#define BSAES_KS_SIZE (BSAES_KEYS_OFFSET + 15 * 128)

/* aes_bsaes_neon_set_encrypt_key (C): the armv4 schedule and its bit-sliced keys. */
int aes_bsaes_neon_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits);
/* aes_bsaes_neon_set_decrypt_key (C): the same for the equivalent inverse cipher. */
int aes_bsaes_neon_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits);
/* aes_bsaes_neon_ctr32: ctr32 eight blocks at a time, the rest through armv4. */
void aes_bsaes_neon_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in,
                          uint8_t *out, size_t nblocks);
/* aes_bsaes_neon_cbc_decrypt: CBC decryption eight blocks at a time, likewise. */
void aes_bsaes_neon_cbc_decrypt(const void *ks, uint8_t iv[16], const uint8_t *in,
                                uint8_t *out, size_t nblocks);

/* ---- GHASH (ghash_armv4.S; tables from ghash_init.c) ---- */

/* ARMV4_GHASH_TABLE_SIZE: M[n] = n * H for the 16 nibble values, 4 words each. */
#define ARMV4_GHASH_TABLE_SIZE 256
/* ARMV4_NEON_GHASH_TABLE_SIZE: H * x^-1's halves, their sum, and each rotated by 1..4 bytes. */
#define ARMV4_NEON_GHASH_TABLE_SIZE (15 * 8)

/* ghash_armv4_init (C) fills the 4-bit table for H. */
void ghash_armv4_init(void *table, const uint8_t h[16]);
/* ghash_armv4_blocks: xi = (xi ^ block) * H for each block, 4 bits at a time. */
void ghash_armv4_blocks(const void *table, uint8_t xi[16], const uint8_t *in,
                        size_t nblocks);
/* ghash_armv4_neon_init (C) fills the NEON table for H. */
void ghash_armv4_neon_init(void *table, const uint8_t h[16]);
/* ghash_armv4_neon_blocks: the same with 64x64 carry-less products from vmull.p8. */
void ghash_armv4_neon_blocks(const void *table, uint8_t xi[16], const uint8_t *in,
                             size_t nblocks);

/* ---- Montgomery multiplication (mont_armv4.S) ---- */

/* mont_armv4_mul: cb_mont_ops.mul on 32-bit limbs (kernels/generic/bn_core.h), any limb count. */
void mont_armv4_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *n,
                    uint32_t n0, size_t limbs);

/* ---- ChaCha20 and Poly1305 (chacha_neon.S, poly1305_neon.S, poly1305_neon_key.c) ---- */

/* chacha_armv4_neon_blocks: cb_chacha_ops.blocks (kernel.h), three blocks at a time. */
void chacha_armv4_neon_blocks(const uint32_t key[8], const uint32_t ctr[4], const uint8_t *in,
                              uint8_t *out, size_t nblocks);
/* poly1305_armv4_neon_init (C): cb_poly1305_ops.init, the multiplier tables of r and r^2
 * in a state of POLY1305_NEON_STATE_SIZE bytes (poly1305_neon.h). */
void poly1305_armv4_neon_init(void *st, const uint8_t key[32]);
/* poly1305_armv4_neon_blocks: cb_poly1305_ops.blocks, two blocks per NEON step. */
void poly1305_armv4_neon_blocks(void *st, const uint8_t *in, size_t len, unsigned padbit);
/* poly1305_armv4_neon_emit (C): cb_poly1305_ops.emit, the tag; the state is wiped. */
void poly1305_armv4_neon_emit(void *st, uint8_t tag[16]);

/* ---- digests (cb_digest_ops.blocks: kernels/modes/digest.c pads) ---- */

/* md5_armv4_blocks: MD5 compression over nblocks 64-byte blocks, integer. */
void md5_armv4_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha1_armv4_blocks: SHA-1 compression over nblocks 64-byte blocks, integer. */
void sha1_armv4_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha1_armv4_neon_blocks: the same with the message schedule on NEON. */
void sha1_armv4_neon_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha256_armv4_blocks: SHA-256 compression over nblocks 64-byte blocks, integer. */
void sha256_armv4_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha256_armv4_neon_blocks: the same with the message schedule on NEON. */
void sha256_armv4_neon_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha512_armv4_blocks: SHA-512 compression over nblocks 128-byte blocks, integer. */
void sha512_armv4_blocks(void *state, const uint8_t *in, size_t nblocks);
/* sha512_armv4_neon_blocks: the same on NEON, the state in d registers. */
void sha512_armv4_neon_blocks(void *state, const uint8_t *in, size_t nblocks);

#endif
