/*
 * kernels/check/vectors/vectors.h - known-answer vectors embedded for `selftest`.
 *
 * Each primitive group keeps its vectors in its own file (kernels/check/vectors_<group>.c)
 * as an array ending with a row whose alg is NULL, and exports how many rows come
 * before it (cb_vectors_<group>_count, CB_VECTORS_ROWS), so that tests count what
 * the table holds instead of a number typed by hand that every new vector breaks.  Every vector names its source
 * (standard and section) so a failure points at the document to check.
 */
#ifndef CB_VECTORS_H
#define CB_VECTORS_H

#include <stddef.h>

/* cb_vector: one known answer; byte strings are hex, NULL where unused. */
typedef struct cb_vector {
    const char *alg;       /* canonical algorithm name */
    const char *source;    /* "FIPS 180-4 example, SHA-256 'abc'" */
    const char *key;
    const char *iv;        /* CBC/CTR IV, GCM IV of any length, CCM or ChaCha20-Poly1305
                              nonce, chacha20's counter and nonce */
    const char *aad;       /* GCM and CCM */
    const char *msg;       /* input, hex */
    const char *msg_ascii; /* or: input as text, repeated `repeat` times (0 = once) */
    size_t repeat;
    const char *expect;    /* digest, ciphertext, GHASH output or MAC (HMAC: NULL to
                              compute it from RFC 2104's formula; see vectors_hmac.c) */
    const char *tag;       /* GCM or CCM tag (its length is the tag length) */
} cb_vector;

/* CB_VECTORS_ROWS(table): the vectors of a table defined in this translation unit,
 * its NULL row left out. */
#define CB_VECTORS_ROWS(table) (sizeof(table) / sizeof((table)[0]) - 1)

extern const cb_vector cb_vectors_digest[];
extern const cb_vector cb_vectors_aes[];
extern const cb_vector cb_vectors_aes_modes[]; /* OFB, CFB, CFB8, XTS, CCM */
extern const cb_vector cb_vectors_des[];
extern const cb_vector cb_vectors_hmac[];
extern const cb_vector cb_vectors_cmac[];
extern const cb_vector cb_vectors_bf[];
extern const cb_vector cb_vectors_cast5[];
extern const cb_vector cb_vectors_rc2[];
extern const cb_vector cb_vectors_idea[];
extern const cb_vector cb_vectors_rc4[];
extern const cb_vector cb_vectors_camellia[];
extern const cb_vector cb_vectors_seed[];
extern const cb_vector cb_vectors_sm4[];
extern const cb_vector cb_vectors_chacha[]; /* chacha20, chacha20-poly1305 */
/* Poly1305 alone ("poly1305": key, msg, expect), run on each chacha20-poly1305
 * variant's Poly1305 by check.c; not in cb_vectors_for's count. */
extern const cb_vector cb_vectors_poly1305[];

extern const size_t cb_vectors_digest_count;
extern const size_t cb_vectors_aes_count;
extern const size_t cb_vectors_aes_modes_count;
extern const size_t cb_vectors_des_count;
extern const size_t cb_vectors_hmac_count;
extern const size_t cb_vectors_cmac_count;
extern const size_t cb_vectors_bf_count;
extern const size_t cb_vectors_cast5_count;
extern const size_t cb_vectors_rc2_count;
extern const size_t cb_vectors_idea_count;
extern const size_t cb_vectors_rc4_count;
extern const size_t cb_vectors_camellia_count;
extern const size_t cb_vectors_seed_count;
extern const size_t cb_vectors_sm4_count;
extern const size_t cb_vectors_chacha_count;
extern const size_t cb_vectors_poly1305_count;

/* cb_drbg_vector: one CTR_DRBG (AES-256, derivation function) known answer (hex,
 * NULL where unused): instantiate with entropy and nonce (key and v, when given, are
 * the state after it), generate with adin1, reseed with the reseed entropy when
 * given, generate with adin2; returned is the second generate's output. */
typedef struct cb_drbg_vector {
    const char *source;
    const char *entropy, *nonce, *key, *v, *adin1, *reseed, *adin2, *returned;
} cb_drbg_vector;

extern const cb_drbg_vector cb_vectors_drbg[];
extern const size_t cb_vectors_drbg_count;

/* cb_mlkem_vector: one ML-KEM known answer (hex): keygen from d and z, encapsulation
 * of m, the SHA3-256 of ek, dk and c, the shared secret k, and k_rejected, the
 * decapsulation of c with bit 0 of its first byte flipped (implicit rejection). */
typedef struct cb_mlkem_vector {
    const char *alg, *source;
    const char *d, *z, *m;
    const char *ek_sha3, *dk_sha3, *c_sha3;
    const char *k, *k_rejected;
} cb_mlkem_vector;

extern const cb_mlkem_vector cb_vectors_mlkem[];
extern const size_t cb_vectors_mlkem_count;

/* cb_mldsa_vector: one ML-DSA known answer (hex): keygen from the seed xi, pure
 * ML-DSA signing (empty context) of the 36-byte speed message with rnd, and the
 * SHA3-256 of pk, sk and the signature. */
typedef struct cb_mldsa_vector {
    const char *alg, *source;
    const char *xi, *rnd;
    const char *pk_sha3, *sk_sha3, *sig_sha3;
} cb_mldsa_vector;

extern const cb_mldsa_vector cb_vectors_mldsa[];
extern const size_t cb_vectors_mldsa_count;

/* cb_vectors_for counts the vectors of every table that name algorithm alg. */
size_t cb_vectors_for(const char *alg);

#endif
