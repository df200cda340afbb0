/*
 * kernels/pkey/sig.h - a signature scheme with key generation over an ML-DSA variant
 * (cb_mldsa_ops): what `speed`, the checks and the op layer (kernels/op.h) call for
 * the mldsa44, mldsa65 and mldsa87 algorithms.
 *
 * A cb_sig holds one key pair, made by cb_sig_keygen from a 32-byte seed (FIPS 204's
 * ML-DSA.KeyGen_internal, so runs and checks repeat); signing and verification use
 * that pair, as an EVP_PKEY does in OpenSSL's speed loops.  Signatures are pure
 * ML-DSA (FIPS 204 Algorithms 2 and 3) with an empty context string: M' = 0 || 0 ||
 * M.  Signing is hedged (a fresh 32-byte rnd from getrandom(2) per signature, as
 * OpenSSL 3.5 signs by default) unless the caller gives rnd (0^32: deterministic).
 */
#ifndef CB_SIG_H
#define CB_SIG_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* CB_SIG_SEED_BYTES: keygen's seed xi; CB_SIG_RND_BYTES: signing's rnd. */
#define CB_SIG_SEED_BYTES 32
#define CB_SIG_RND_BYTES 32

/* cb_sig_sizes: a signature algorithm's byte strings. */
typedef struct cb_sig_sizes {
    size_t pk, sk, sig;
} cb_sig_sizes;

/* cb_sig_sizes_of fills z for signature algorithm a (CB_KIND_SIG); -1 when a is not
 * one. */
int cb_sig_sizes_of(const cb_alg *a, cb_sig_sizes *z);

typedef struct cb_sig cb_sig;

/* cb_sig_new makes a signer of algorithm a on variant v, without a key; NULL when a
 * is not a CB_KIND_SIG algorithm or v is not a variant of a's primitive. */
cb_sig *cb_sig_new(const cb_alg *a, const cb_variant *v);

/* cb_sig_keygen makes the key pair of seed, keeps it and copies pk and sk out
 * (either may be NULL).  Returns 0, -1 when the variant refuses. */
int cb_sig_keygen(cb_sig *k, const uint8_t seed[CB_SIG_SEED_BYTES], uint8_t *pk, uint8_t *sk);

/* cb_sig_sign signs msg[0..len) with the kept sk into sig (*siglen: room in, length
 * out), with rnd, or hedged with fresh random bytes when rnd is NULL.  Returns 0, or
 * -1 without a key, with too little room, or when no random bytes could be had. */
int cb_sig_sign(cb_sig *k, const uint8_t *msg, size_t len, const uint8_t *rnd, uint8_t *sig,
                size_t *siglen);

/* cb_sig_verify returns 0 when sig is a valid signature of msg under the kept pk, 1
 * when not (a signature of another length included), -1 without a key. */
int cb_sig_verify(cb_sig *k, const uint8_t *msg, size_t len, const uint8_t *sig,
                  size_t siglen);

/* cb_sig_max: the signature length of k's algorithm. */
size_t cb_sig_max(const cb_sig *k);

/* cb_sig_set_keys keeps pk and sk as given (either may be NULL), for known answers
 * that bring their own keys (ACVP's sigGen and sigVer tests).  Returns 0. */
int cb_sig_set_keys(cb_sig *k, const uint8_t *pk, const uint8_t *sk);

/* cb_sig_sign_pre and cb_sig_verify_pre are cb_sig_sign and cb_sig_verify of M' =
 * pre || msg as given: pre = 0 || len(ctx) || ctx is pure ML-DSA with context ctx
 * (FIPS 204 Algorithm 2), an empty pre the internal interface on M' = msg. */
int cb_sig_sign_pre(cb_sig *k, const uint8_t *pre, size_t prelen, const uint8_t *msg,
                    size_t len, const uint8_t *rnd, uint8_t *sig, size_t *siglen);
int cb_sig_verify_pre(cb_sig *k, const uint8_t *pre, size_t prelen, const uint8_t *msg,
                      size_t len, const uint8_t *sig, size_t siglen);

/* cb_sig_free wipes and frees k (NULL is fine). */
void cb_sig_free(cb_sig *k);

#endif
