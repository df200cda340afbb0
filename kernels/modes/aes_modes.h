/*
 * kernels/modes/aes_modes.h - AES modes built on any variant's block functions: OFB, CFB
 * (s = 128 and s = 8), IGE and XTS, and CTR with a full-width counter over ctr32.  kernels/modes/cipher.c calls them; they need nothing from
 * a variant but ecb_encrypt (and ecb_decrypt for XTS decryption), so every AES
 * variant of every family serves them.
 */
#ifndef CB_AES_MODES_H
#define CB_AES_MODES_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/*
 * cb_aes_ctr runs CTR over len bytes with ctr32 (which must be present), carrying
 * across the whole 128-bit big-endian block ctr (SP 800-38A B.1) where ctr32 would
 * wrap its low 32 bits, and leaves ctr at the next unused counter value; a partial
 * final block uses up its counter value.
 */
void cb_aes_ctr(const cb_aes_ops *o, const void *ks, uint8_t ctr[16], const uint8_t *in,
                uint8_t *out, size_t len);

/*
 * cb_aes_ofb runs OFB (SP 800-38A 6.4) over len bytes.  ks is an encryption schedule;
 * reg holds the last output block and *used how many of its bytes were consumed (0:
 * reg is the IV or the last whole output block, still to be encrypted).  Any length;
 * a call may stop mid-block and the next continues from there.
 */
void cb_aes_ofb(const cb_aes_ops *o, const void *ks, uint8_t reg[16], unsigned *used,
                const uint8_t *in, uint8_t *out, size_t len);

/*
 * cb_aes_cfb runs CFB with s = 128 (SP 800-38A 6.3) over len bytes, encrypting or
 * decrypting; reg and *used as for cb_aes_ofb, with reg filling up with the
 * ciphertext of the current segment.
 */
void cb_aes_cfb(const cb_aes_ops *o, const void *ks, int decrypt, uint8_t reg[16],
                unsigned *used, const uint8_t *in, uint8_t *out, size_t len);

/*
 * cb_aes_cfb8 runs CFB with s = 8 (SP 800-38A 6.3): one block encryption per byte,
 * reg the 128-bit shift register.
 */
void cb_aes_cfb8(const cb_aes_ops *o, const void *ks, int decrypt, uint8_t reg[16],
                 const uint8_t *in, uint8_t *out, size_t len);

/*
 * cb_aes_ige runs IGE as OpenSSL's AES_ige_encrypt over nblocks blocks: iv holds the
 * previous ciphertext block x then the previous plaintext block y (at the start the
 * 32-byte IV), and is left holding the last pair, so a run may be split over calls.
 * Encryption is c_i = E(p_i ^ c_{i-1}) ^ p_{i-1} with ks an encryption schedule;
 * decryption p_i = D(c_i ^ p_{i-1}) ^ c_{i-1} with a decryption schedule.  in == out
 * is allowed.
 */
void cb_aes_ige(const cb_aes_ops *o, const void *ks, int decrypt, uint8_t iv[32],
                const uint8_t *in, uint8_t *out, size_t nblocks);

/*
 * cb_aes_xts encrypts or decrypts one data unit of len bytes (SP 800-38E, IEEE
 * 1619-2007 5.3 and 5.4) under tweak value i (16 bytes, the data unit number as
 * IEEE 1619 5.1 encodes it, little-endian).  ks is the data key's schedule (a
 * decryption schedule when decrypt), tweak_ks the tweak key's encryption schedule.
 * A length that is not a multiple of 16 uses ciphertext stealing.  Returns -1 for 1
 * to 15 bytes (the standard's smallest data unit is one block); 0 bytes is nothing
 * to do.
 */
/*
 * cb_aes_cbc_mac folds nblocks whole blocks into the CBC-MAC value y (y = E(y ^ block)
 * per block) on the variant's serial cbc_encrypt, whose ciphertext goes to a scratch
 * buffer and is wiped: CCM's CBC-MAC (SP 800-38C A.2) and CMAC (SP 800-38B 6.2).
 */
void cb_aes_cbc_mac(const cb_aes_ops *o, const void *ks, uint8_t y[16], const uint8_t *in,
                    size_t nblocks);

int cb_aes_xts(const cb_aes_ops *o, const void *ks, const void *tweak_ks, int decrypt,
               const uint8_t i[16], const uint8_t *in, uint8_t *out, size_t len);

#endif
