/*
 * kernels/modes/aead.h - one interface over the AEAD algorithms (CB_KIND_AEAD): GCM
 * (kernels/modes/gcm.h) on its paired variants, CCM (kernels/modes/ccm.h) on the AES
 * variants and ChaCha20-Poly1305 (kernels/modes/chachapoly.h) on the ChaCha
 * variants, for the layers that time, check and read known answers of any of them.
 */
#ifndef CB_AEAD_H
#define CB_AEAD_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/modes/ccm.h"
#include "kernels/modes/chachapoly.h"
#include "kernels/modes/gcm.h"

/* cb_aead: a keyed context of any of the modes; alg->mode says which member is live. */
typedef struct cb_aead {
    const cb_alg *alg;
    cb_gcm gcm;
    cb_ccm ccm;
    cb_chachapoly chachapoly;
} cb_aead;

/* cb_aead_init keys x for a with variant v; 0, or -1 when v cannot serve a. */
int cb_aead_init(cb_aead *x, const cb_alg *a, const cb_variant *v, const uint8_t *key);

/* cb_aead_refuses says why a cannot take an IV (nonce) of ivlen bytes, a tag of
 * taglen bytes and len bytes of data, or NULL when it can. */
const char *cb_aead_refuses(const cb_alg *a, size_t ivlen, size_t taglen, size_t len);

/* cb_aead_seal encrypts and tags one message; 0, or -1 for lengths cb_aead_refuses. */
int cb_aead_seal(const cb_aead *x, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                 size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                 size_t taglen);

/* cb_aead_open decrypts and checks the tag in constant time; 0 when it matches, -1
 * (out zeroed) when it does not or the lengths are refused. */
int cb_aead_open(const cb_aead *x, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                 size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                 const uint8_t *tag, size_t taglen);

/* cb_aead_free wipes and frees the context. */
void cb_aead_free(cb_aead *x);

#endif
