/*
 * kernels/pkey/kem.h - a key-encapsulation mechanism over an ML-KEM variant
 * (cb_mlkem_ops): what `speed`, the checks and the op layer (kernels/op.h) call for
 * the mlkem512, mlkem768 and mlkem1024 algorithms.
 *
 * A cb_kem holds one key pair, made by cb_kem_keygen from seeds (FIPS 203's
 * deterministic ML-KEM.KeyGen_internal, so runs and checks repeat); encapsulation
 * and decapsulation use that pair, as an EVP_PKEY does in OpenSSL's speed loops.
 */
#ifndef CB_KEM_H
#define CB_KEM_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* CB_KEM_SEED_BYTES: keygen's seed d || z; CB_KEM_MSG_BYTES: encapsulation's m;
 * CB_KEM_SS_BYTES: the shared secret. */
#define CB_KEM_SEED_BYTES 64
#define CB_KEM_MSG_BYTES 32
#define CB_KEM_SS_BYTES 32

/* cb_kem_sizes: a KEM algorithm's byte strings. */
typedef struct cb_kem_sizes {
    size_t ek, dk, ct, ss;
} cb_kem_sizes;

/* cb_kem_sizes_of fills z for KEM algorithm a; -1 when a is not one. */
int cb_kem_sizes_of(const cb_alg *a, cb_kem_sizes *z);

typedef struct cb_kem cb_kem;

/* cb_kem_new makes a KEM of algorithm a on variant v, without a key; NULL when a is
 * not a KEM or v is not a variant of a's primitive. */
cb_kem *cb_kem_new(const cb_alg *a, const cb_variant *v);

/* cb_kem_keygen makes the key pair of seed (d || z), keeps it and copies ek and dk
 * out (either may be NULL).  Returns 0. */
int cb_kem_keygen(cb_kem *k, const uint8_t seed[CB_KEM_SEED_BYTES], uint8_t *ek, uint8_t *dk);

/* cb_kem_set_keys keeps ek and dk as given (either may be NULL, leaving that half
 * as it was), for known answers that bring their own keys (ACVP's encapsulation and
 * decapsulation tests); nothing is checked here.  Returns 0. */
int cb_kem_set_keys(cb_kem *k, const uint8_t *ek, const uint8_t *dk);

/* cb_kem_encaps writes the ciphertext c and the shared secret ss of message m under
 * the kept ek.  Returns 0, or -1 without a key or for an ek that fails FIPS 203
 * 7.2's modulus check. */
int cb_kem_encaps(cb_kem *k, const uint8_t m[CB_KEM_MSG_BYTES], uint8_t *c, uint8_t *ss);

/* cb_kem_decaps writes the shared secret of c under the kept dk (for a changed c the
 * implicit-rejection key).  Returns 0, or -1 without a key. */
int cb_kem_decaps(cb_kem *k, const uint8_t *c, uint8_t *ss);

/* cb_kem_free wipes and frees k (NULL is fine). */
void cb_kem_free(cb_kem *k);

#endif
