/*
 * kernels/pkey/sm2.h - the SM2 signature (GB/T 32918.2-2016,
 * draft-shen-sm2-ecdsa-02 section 5) with SM3 on the generic short-Weierstrass
 * code of kernels/pkey/ecp.h: the curve of the sm2 row (GB/T 32918.5's
 * recommended curve, OpenSSL's "SM2"), the signer's hash Z_A, signing with a
 * given or an RFC 6979 nonce, verification, and the row's selftest against
 * OpenSSL's signature of the embedded key.
 */
#ifndef CB_SM2_H
#define CB_SM2_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/pkey/ecp.h"

/* The SM3 digest's bytes, and the distinguishing ID OpenSSL 3.0 uses by
 * default. */
#define CB_SM2_HASH_BYTES 32
#define CB_SM2_DEFAULT_ID "1234567812345678"

/* cb_sm2_curve: GB/T 32918.5 / OpenSSL's SM2 curve (not a row of
 * kernels/curves.h, so it has no ecdsa or ecdh row). */
extern const cb_ecp_params cb_sm2_curve;

/* cb_sm2_key: the embedded key of the sm2 row and OpenSSL's signature (r, s) of
 * cb_pkey_kat_msg under the default ID (kernels/pkey/sm2_keys.c, written by
 * scripts/gen-keys.sh KEYS=sm2). */
extern const cb_ecp_keyhex cb_sm2_key;

/* cb_sm2_digest sets e = SM3(Z_A || msg), Z_A = SM3(ENTL || id || a || b || xG
 * || yG
 * || xA || yA) for k's curve and public key; -1 when SM3 is not built, k has no
 * Q, the curve is not 256 bits or the ID is over 8191 bytes. */
int cb_sm2_digest(const cb_ecp_key *k, const uint8_t *id, size_t idlen, const uint8_t *msg,
                  size_t len, uint8_t e[CB_SM2_HASH_BYTES]);

/* cb_sm2_sign_k signs the digest e with the nonce kk (nl limbs) into sig, r ||
 * s of nbytes each; -1 when the key has no d, kk is not in [1, n-1], r = 0, r +
 * k = n, 1 + d = n or s = 0. */
int cb_sm2_sign_k(const cb_ecp_key *k, const uint8_t e[CB_SM2_HASH_BYTES],
                  const cb_limb *kk, uint8_t *sig);

/* cb_sm2_sign signs msg under the default ID with RFC 6979 3.2's nonce
 * (HMAC-SHA-256 over d and e, cb_ecp_nonce); 0 or -1. */
int cb_sm2_sign(const cb_ecp_key *k, const uint8_t *msg, size_t len, uint8_t *sig);

/* cb_sm2_verify_digest returns 0 when (r, s) signs the digest e under Q, 1 when
 * not (r or s outside [1, n-1], r + s = n, no Q). */
int cb_sm2_verify_digest(const cb_ecp_key *k, const uint8_t e[CB_SM2_HASH_BYTES],
                         const cb_pkey_num *r, const cb_pkey_num *s);

/* cb_sm2_verify: cb_sm2_verify_digest of msg under the default ID. */
int cb_sm2_verify(const cb_ecp_key *k, const uint8_t *msg, size_t len, const cb_pkey_num *r,
                  const cb_pkey_num *s);

/* cb_sm2_key_load prepares k on the SM2 curve for the MONT variant v with the
 * embedded key (the public key computed from d must be OpenSSL's); 0 or -1. */
int cb_sm2_key_load(cb_ecp_key *k, const cb_variant *v);

/* cb_sm2_selftest checks the sm2 row on v: OpenSSL's signature verifies, ours
 * verifies, a changed signature or message does not.  NULL or what failed. */
const char *cb_sm2_selftest(const cb_variant *v);

#endif
