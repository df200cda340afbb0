/*
 * kernels/generic/generic.h - ops tables of the portable C kernels (one per primitive).
 */
#ifndef CB_GENERIC_H
#define CB_GENERIC_H

#include "kernels/kernel.h"

/* digests */

/* cb_NAME_generic_ops: each digest's compression function (or SHA-3's absorb step) in
 * portable C, one per P row of CB_DIGESTS (kernels/digests.h); MDC-2's runs over
 * cb_des_generic_ops and Whirlpool's tables are computed at program start. */
#define CB_GENERIC_DIGEST_DECL(NAME, name, check, summary, arg)                          \
    extern const cb_digest_ops cb_##name##_generic_ops;
CB_DIGESTS(CB_GENERIC_DIGEST_DECL, CB_DIGEST_NO_A, ~)
#undef CB_GENERIC_DIGEST_DECL
/* Four of those compressions, for a family that pairs them with its own wipe
 * (kernels/power/family.c): the blocks functions of their ops. */
void cb_md4_generic_blocks(void *state, const uint8_t *in, size_t nblocks);
void cb_sm3_generic_blocks(void *state, const uint8_t *in, size_t nblocks);
void cb_blake2b_generic_blocks(void *state, const uint8_t *in, size_t nblocks);
void cb_blake2s_generic_blocks(void *state, const uint8_t *in, size_t nblocks);
void cb_rmd160_generic_blocks(void *state, const uint8_t *in, size_t nblocks);
void cb_whirlpool_generic_blocks(void *state, const uint8_t *in, size_t nblocks);
void cb_mdc2_generic_blocks(void *state, const uint8_t *in, size_t nblocks);

/* AES, GHASH and GCM */
extern const cb_aes_ops cb_aes_generic_ops;     /* kernels/generic/aes.c */
extern const cb_ghash_ops cb_ghash_generic_ops; /* kernels/generic/ghash.c */
extern const cb_gcm_ops cb_gcm_generic_ops;     /* kernels/generic/family.c */

/* DES */

/* cb_des_generic_ops: DES and EDE3 with combined S-box/P tables (kernels/generic/des.c). */
extern const cb_block_ops cb_des_generic_ops;
/* CB_DES_GENERIC_KS_MAX: room for cb_des_generic_ops' schedule (its key_size), for a
 * caller that keeps one on the stack, as MDC-2 rekeys DES for every block. */
#define CB_DES_GENERIC_KS_MAX 512

/* cb_bf_generic_ops: Blowfish, 1- to 56-byte keys (kernels/generic/bf.c). */
extern const cb_block_ops cb_bf_generic_ops;
/* cb_bf_pi_words: Blowfish's initial P1..P18 then S1..S4, the hex digits of pi. */
const uint32_t *cb_bf_pi_words(void);

/* cb_cast5_generic_ops: CAST-128, 5- to 16-byte keys (kernels/generic/cast5.c). */
extern const cb_block_ops cb_cast5_generic_ops;

/* cb_rc2_generic_ops: RC2 with the effective key length the key's own, 1- to 128-byte
 * keys; cb_rc2_generic_set_key_bits keys it with `bits` effective bits (RFC 2268's T1,
 * 1..1024) as set_key does otherwise (kernels/generic/rc2.c). */
extern const cb_block_ops cb_rc2_generic_ops;
int cb_rc2_generic_set_key_bits(void *ks, const uint8_t *key, size_t keylen, unsigned bits,
                                int decrypt);

/* cb_idea_generic_ops: IDEA, 16-byte keys (kernels/generic/idea.c). */
extern const cb_block_ops cb_idea_generic_ops;

/* cb_rc4_generic_ops: RC4, 1- to 256-byte keys (kernels/generic/rc4.c). */
extern const cb_stream_ops cb_rc4_generic_ops;

/* cb_camellia_generic_ops: Camellia-128/192/256 with merged S/P tables (camellia.c). */
extern const cb_block_ops cb_camellia_generic_ops;
/* cb_seed_generic_ops: SEED with the RFC's SS tables built at compile time (seed.c). */
extern const cb_block_ops cb_seed_generic_ops;
/* cb_sm4_generic_ops: SM4 with T-tables built at compile time from its S-box (sm4.c). */
extern const cb_block_ops cb_sm4_generic_ops;

/* public key */

/* cb_mont_generic_ops: portable Montgomery multiplication and squaring (kernels/generic/mont.c;
 * the struct is defined in kernels/generic/bn_core.h). */
extern const struct cb_mont_ops cb_mont_generic_ops;

/* cb_c25519_r51_ops: curve25519 in radix 2^51, where the compiler has __int128
 * (kernels/generic/c25519_r51.c); cb_c25519_r25_ops: in radix 2^25.5 (c25519_r25.c). */
#ifdef __SIZEOF_INT128__
extern const cb_c25519_ops cb_c25519_r51_ops;
#endif
extern const cb_c25519_ops cb_c25519_r25_ops;

/* cb_c448_r56_ops: curve448 in radix 2^56, where the compiler has __int128
 * (kernels/generic/c448_r56.c); cb_c448_r28_ops: in radix 2^28 (c448_r28.c). */
#ifdef __SIZEOF_INT128__
extern const cb_c448_ops cb_c448_r56_ops;
#endif
extern const cb_c448_ops cb_c448_r28_ops;

/* cb_p256_r64_ops: NIST P-256 with 64-bit limbs, where the compiler has __int128
 * (kernels/generic/p256_r64.c); cb_p256_r32_ops: with 32-bit limbs (p256_r32.c). */
#ifdef __SIZEOF_INT128__
extern const cb_p256_ops cb_p256_r64_ops;
#endif
extern const cb_p256_ops cb_p256_r32_ops;

/* ChaCha20 and Poly1305 (RFC 8439) */

/* cb_chacha_sigma: the state's first row, "expand 32-byte k" (RFC 8439 2.3). */
extern const uint32_t cb_chacha_sigma[4];

/* cb_chacha_block computes one block of keystream as sixteen words: the state of key
 * and ctr (counter, nonce) after 20 rounds plus itself (kernels/generic/chacha.c).
 * The SIMD variants' tails and their tests use it. */
void cb_chacha_block(uint32_t out[16], const uint32_t key[8], const uint32_t ctr[4]);

/* cb_poly1305_r64_ops: Poly1305 in radix 2^64, where the compiler has __int128
 * (kernels/generic/poly1305_r64.c); cb_poly1305_r26_ops: in radix 2^26
 * (poly1305_r26.c), for 32-bit targets and tested on every target. */
#ifdef __SIZEOF_INT128__
extern const cb_poly1305_ops cb_poly1305_r64_ops;

/* cb_poly1305_r64: the r64 state, public so that a vector Poly1305 can keep one as
 * its short-input path and move h in and out of its own radix: h = h0 + h1 2^64 +
 * h2 2^128 (h2 small), r = r0 + r1 2^64 clamped, s1 = 5 r1 / 4, pad = s.  The
 * functions are cb_poly1305_r64_ops' own. */
typedef struct cb_poly1305_r64 {
    uint64_t r0, r1, s1;
    uint64_t h0, h1, h2;
    uint64_t pad0, pad1;
} cb_poly1305_r64;
void cb_poly1305_r64_init(void *st, const uint8_t key[32]);
void cb_poly1305_r64_blocks(void *st, const uint8_t *in, size_t len, unsigned padbit);
void cb_poly1305_r64_emit(void *st, uint8_t tag[16]);
#endif
extern const cb_poly1305_ops cb_poly1305_r26_ops;

/* cb_chacha_generic_ops: one block at a time with the target's Poly1305 (r64 where
 * __int128 exists, else r26); cb_chacha_generic_r26_ops: the same with radix 2^26. */
extern const cb_chacha_ops cb_chacha_generic_ops;
extern const cb_chacha_ops cb_chacha_generic_r26_ops;

/* cb_mlkem_generic_ops: ML-KEM of FIPS 203 in portable C (kernels/generic/mlkem.c). */
extern const cb_mlkem_ops cb_mlkem_generic_ops;

/* cb_mldsa_generic_ops: ML-DSA of FIPS 204 in portable C (kernels/generic/mldsa.c). */
extern const cb_mldsa_ops cb_mldsa_generic_ops;

/* cb_gf2m_generic_ops: GF(2^m) products in portable C (kernels/generic/gf2m.c). */
extern const cb_gf2m_ops cb_gf2m_generic_ops;

#endif
