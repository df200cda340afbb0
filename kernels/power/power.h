/*
 * kernels/power/power.h - the power family's assembly entry points and the C glue
 * they share (the .S and .c files of kernels/power/).
 *
 * The integer sources (*_int.S) are assembled once per row of kernels/power/knobs.h
 * (kernels/power/family.mk): with static branch hints for the ppc-hint variant
 * (symbols <alg>_ppc_hint_<op>) and without for ppc (<alg>_ppc_<op>).
 * POWER_INT_ENTRIES(v) declares every entry point of one build.
 */
#ifndef CB_POWER_H
#define CB_POWER_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"
#include "kernels/power/knobs.h"

/* POWER_AES_KS_SIZE: room for the generic AES key schedule every power AES kernel
 * reads (60 round-key words, then the round count at byte 240). */
#define POWER_AES_KS_SIZE 256
#define POWER_AES_ROUNDS_OFFSET 240

/* cb_power_aes_set_encrypt_key and cb_power_aes_set_decrypt_key are the generic
 * key schedules (kernels/power/keys.c): the integer kernels' decryption uses the
 * equivalent inverse cipher's keys (FIPS 197 5.3.5). */
int cb_power_aes_set_encrypt_key(void *ks, const uint8_t *key, unsigned bits);
int cb_power_aes_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits);

/* POWER_GHASH4_TABLE_SIZE: the generic 4-bit GHASH table ghash_int.S reads; it is
 * keyed by cb_power_ghash4_init, the generic init (kernels/power/keys.c). */
#define POWER_GHASH4_TABLE_SIZE 256
void cb_power_ghash4_init(void *table, const uint8_t h[16]);

/*
 * The entry points of build v:
 *   wipe_<v>_bytes        clears len bytes at p with stores the compiler cannot drop
 *   md5_<v>_blocks        the MD5 compression (RFC 1321 3.4)
 *   sha1_<v>_blocks       the SHA-1 compression (FIPS 180-4 6.1.2)
 *   sha256_<v>_blocks     the SHA-224/256 compression (FIPS 180-4 6.2.2)
 *   sha512_<v>_blocks     the SHA-384/512 compression (FIPS 180-4 6.4.2)
 *   aes_<v>_*             AES with T-tables over the generic key schedule (aes_int.S)
 *   ghash_<v>_blocks      GHASH with Shoup's 4-bit table (ghash_int.S)
 */
#define POWER_INT_ENTRIES(v)                                                             \
    void wipe_##v##_bytes(void *p, size_t len);                                          \
    void md5_##v##_blocks(void *state, const uint8_t *in, size_t nblocks);               \
    void sha1_##v##_blocks(void *state, const uint8_t *in, size_t nblocks);              \
    void sha256_##v##_blocks(void *state, const uint8_t *in, size_t nblocks);            \
    void sha512_##v##_blocks(void *state, const uint8_t *in, size_t nblocks);            \
    void aes_##v##_ecb_encrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t n); \
    void aes_##v##_ecb_decrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t n); \
    void aes_##v##_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in,        \
                               uint8_t *out, size_t n);                                  \
    void aes_##v##_cbc_decrypt(const void *ks, uint8_t iv[16], const uint8_t *in,        \
                               uint8_t *out, size_t n);                                  \
    void aes_##v##_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in,       \
                         uint8_t *out, size_t n);                                        \
    void ghash_##v##_blocks(const void *table, uint8_t xi[16], const uint8_t *in, size_t n);

#define POWER_INT_DECLARE(sym, name, hints, prio, summary) POWER_INT_ENTRIES(sym)
POWER_INT_BUILDS(POWER_INT_DECLARE)

/* ---- POWER8 vector crypto (the p8 variant) ---- */

/* cb_power_aes_p8_set_decrypt_key: the encryption round keys in reverse order, as
 * vncipher wants them (kernels/power/keys.c). */
int cb_power_aes_p8_set_decrypt_key(void *ks, const uint8_t *key, unsigned bits);

/* aes_p8_*: AES with vcipher/vncipher (aes_p8.S). */
void aes_p8_ecb_encrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t n);
void aes_p8_ecb_decrypt(const void *ks, const uint8_t *in, uint8_t *out, size_t n);
void aes_p8_cbc_encrypt(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                        size_t n);
void aes_p8_cbc_decrypt(const void *ks, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                        size_t n);
void aes_p8_ctr32(const void *ks, const uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                  size_t n);

/* POWER_GHASH_P8_TABLE_SIZE: H^1..H^4 times x^-1 as three vectors each, and the
 * reduction constant (cb_power_ghash_p8_init, kernels/power/keys.c). */
#define POWER_GHASH_P8_TABLE_SIZE (13 * 16)
void cb_power_ghash_p8_init(void *table, const uint8_t h[16]);

/* ghash_p8_blocks: GHASH with vpmsumd, four blocks aggregated (ghash_p8.S). */
void ghash_p8_blocks(const void *table, uint8_t xi[16], const uint8_t *in, size_t n);

/* sha256_p8_blocks and sha512_p8_blocks: the SHA-2 compressions with vshasigmaw /
 * vshasigmad (sha256_p8.S, sha512_p8.S). */
void sha256_p8_blocks(void *state, const uint8_t *in, size_t nblocks);
void sha512_p8_blocks(void *state, const uint8_t *in, size_t nblocks);

/* ---- ChaCha20 and Poly1305 (RFC 8439) ---- */

/* chacha_vsx_blocks: the cb_chacha_ops block function, four blocks at a time in
 * AltiVec/VSX registers (chacha_vsx.S; POWER7 and later). */
void chacha_vsx_blocks(const uint32_t key[8], const uint32_t ctr[4], const uint8_t *in,
                       uint8_t *out, size_t nblocks);

/* POWER_POLY1305_STATE_SIZE: h (three words), r0, r1, 5 r1 / 4 and s (two words).
 * poly1305_ppc_*: the cb_poly1305_ops functions in 64-bit integer registers, radix
 * 2^64 (poly1305_ppc.S; any 64-bit POWER with ldbrx, ISA 2.06). */
#define POWER_POLY1305_STATE_SIZE 64
void poly1305_ppc_init(void *st, const uint8_t key[32]);
void poly1305_ppc_blocks(void *st, const uint8_t *in, size_t len, unsigned padbit);
void poly1305_ppc_emit(void *st, uint8_t tag[16]);

/* cb_gf2m_p8_ops: the binary curves' field products with vpmsumd (gf2m_p8.c). */
extern const cb_gf2m_ops cb_gf2m_p8_ops;

#endif
