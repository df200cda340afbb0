/*
 * kernels/cipher.h - block-cipher modes (ECB, CBC, CTR) over a variant's ops, for
 * AES and DES alike.
 */
#ifndef CB_CIPHER_H
#define CB_CIPHER_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* cb_cipher: a keyed cipher context with its running IV or counter. */
typedef struct cb_cipher {
    const cb_alg *alg;
    const cb_variant *var;
    cb_dir dir;
    void *ks;          /* key schedule, 64-byte aligned */
    uint8_t iv[16];    /* CBC chaining value or CTR counter block */
} cb_cipher;

/*
 * cb_cipher_init keys c for algorithm a (CB_KIND_CIPHER), variant v and direction
 * dir (CB_DIR_ENCRYPT or CB_DIR_DECRYPT).  key has cb_alg_key_bytes(a) bytes; iv has
 * a->block_bytes bytes (ignored for ECB; may be NULL, meaning zeros).  Returns 0, or
 * -1 when v does not offer this algorithm and direction.
 */
int cb_cipher_init(cb_cipher *c, const cb_alg *a, const cb_variant *v, cb_dir dir,
                   const uint8_t *key, const uint8_t *iv);

/* cb_cipher_set_iv replaces the chaining value or counter. */
void cb_cipher_set_iv(cb_cipher *c, const uint8_t *iv);

/*
 * cb_cipher_update processes len bytes from in to out (which may be equal).  ECB and
 * CBC need a multiple of the block size (else -1).  CTR takes any length and
 * increments the whole 128-bit counter (SP 800-38A B.1); a partial final block uses
 * up its counter value.  Returns 0 or -1.
 */
int cb_cipher_update(cb_cipher *c, const uint8_t *in, uint8_t *out, size_t len);

/* cb_cipher_free wipes and frees the key schedule. */
void cb_cipher_free(cb_cipher *c);

#endif
