/*
 * kernels/inst.h - one benchmark operation of an algorithm, variant and direction.
 *
 * What one operation is, per kind (the README documents it for users):
 *   digest  the whole digest of one block (init, data, padding, output, wipe)
 *   cipher  one block run through the mode, the IV or counter carried on to the
 *           next operation (as OpenSSL's EVP_Cipher loop does)
 *   aead    one whole GCM message: set the 96-bit IV, (13 bytes of AAD with -aead),
 *           encrypt or decrypt the block, produce or check the 16-byte tag
 *   mac     GHASH of one block folded into the running value
 *   hmac    HMAC of one block under a 16-byte key set up once: start from the
 *           precomputed inner state, the block, the inner and outer final blocks
 *           (OpenSSL 3's EVP_MAC_init(ctx, NULL, 0, NULL), update, final)
 *   cmac    CMAC of one block under the cipher's key set up once (schedule, K1
 *           and K2): the block's encryptions, the last one masked with K1 or K2
 *   rand    one generate of the block's length from a DRBG seeded from the kernel
 *           when the case was set up (OpenSSL's RAND_bytes of the block)
 *   pkey    one signature or one verification of a fixed 36-byte message
 *   kem     one key generation from fixed seeds d || z, one encapsulation of a fixed
 *           message under that key pair, or one decapsulation of the generic
 *           variant's ciphertext (FIPS 203's deterministic internal algorithms)
 * A whole-algorithm variant (kernel.h, CB_PRIM_WHOLE) does the same operation with
 * one call of its cb_alg_impl: digest, cipher_update, aead_seal or aead_open, sign or
 * verify, in a session opened and keyed (cipher_init, aead_init) by cb_inst_new.
 */
#ifndef CB_INST_H
#define CB_INST_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

typedef struct cb_inst cb_inst;

/* What cb_inst_new's aead flags ask of an AEAD's messages: CB_INST_AAD, 13 bytes of
 * AAD each (-aead); CB_INST_REKEY, the key set up anew for each message (-rekey), as
 * `openssl speed -aead` of OpenSSL 3.0.x does (EVP_CipherInit_ex with the key and the
 * IV every message), so that its figures and ours time the same thing. */
#define CB_INST_AAD 1
#define CB_INST_REKEY 2

/*
 * cb_inst_new keys an instance for one case with the CB_INST_* aead flags.  Returns
 * NULL and one sentence in err when the variant cannot do it.
 */
cb_inst *cb_inst_new(const cb_alg *a, const cb_variant *v, cb_dir d, int aead, char *err,
                     size_t errlen);

/*
 * cb_inst_new in two steps, for a caller that runs the variant under the fault guard:
 * cb_inst_alloc makes the instance and calls nothing of the variant (NULL and a
 * sentence in err when v does not implement a's direction d); cb_inst_key keys it
 * (0, or -1 and a sentence; the instance is then freed with cb_inst_free).  When the
 * variant faults inside cb_inst_key, or at any later call, cb_inst_abandon releases
 * the instance without calling the variant again.
 */
cb_inst *cb_inst_alloc(const cb_alg *a, const cb_variant *v, cb_dir d, int aead,
                       char *err, size_t errlen);
int cb_inst_key(cb_inst *x, char *err, size_t errlen);
void cb_inst_abandon(cb_inst *x);

/*
 * cb_inst_prepare readies the input of len bytes for this direction: for GCM
 * decryption it seals in[] in place and keeps the tag, for verification it signs, so
 * every timed operation has valid input.  Returns 0, or -1 with a sentence in err.
 */
int cb_inst_prepare(cb_inst *x, uint8_t *in, size_t len, char *err, size_t errlen);

/* cb_inst_run performs n operations on len bytes from in to out. */
void cb_inst_run(cb_inst *x, const uint8_t *in, uint8_t *out, size_t len, uint64_t n);

/* cb_inst_failures counts operations whose check failed (tag or signature); a
 * correct kernel keeps it at 0. */
uint64_t cb_inst_failures(const cb_inst *x);

/* cb_inst_len_ok says whether the kind can process blocks of len bytes; if not it
 * writes why (e.g. "aes-128-cbc needs multiples of 16 bytes"). */
int cb_inst_len_ok(const cb_alg *a, size_t len, char *err, size_t errlen);

void cb_inst_free(cb_inst *x);

#endif
