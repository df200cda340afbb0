/*
 * kernels/modes/gcm.h - GCM (SP 800-38D) over a cb_gcm_ops variant, and GHASH on its own.
 */
#ifndef CB_GCM_H
#define CB_GCM_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* cb_gcm: a keyed GCM context (key schedule, H and the GHASH table). */
typedef struct cb_gcm {
    const cb_alg *alg;
    const cb_variant *var;
    void *ks;      /* 64-byte aligned */
    void *htable;  /* 64-byte aligned */
    uint8_t h[16];
} cb_gcm;

/*
 * CB_GCM_CHUNK_BLOCKS: the unstitched path runs CTR, then GHASH, over chunks of whole
 * blocks so that the second pass finds the data still in L1 whatever the message
 * size.  Chunks hold CB_GCM_CHUNK_BLOCKS blocks, except that the rest is taken whole
 * while it is under two chunks: a ctr32 call on message data gets either all of the
 * message's whole blocks or at least CB_GCM_CHUNK_BLOCKS (1 KiB).  So an AES variant
 * that picks its code by the length it is handed (ce-i5t512, from 512 bytes) decides
 * per message, as it would for the whole buffer.
 */
#define CB_GCM_CHUNK_BLOCKS 64

/* cb_gcm_init keys g; key has a->key_bits / 8 bytes.  Returns 0, or -1 when v is not
 * a GCM variant usable for a. */
int cb_gcm_init(cb_gcm *g, const cb_alg *a, const cb_variant *v, const uint8_t *key);

/* cb_gcm_seal encrypts one message: any IV length >= 1 (96 bits is the fast path),
 * any AAD, any data length; writes taglen (1..16) bytes of tag. */
void cb_gcm_seal(const cb_gcm *g, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                 size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                 size_t taglen);

/* cb_gcm_open decrypts and checks the tag in constant time; returns 0 when it
 * matches, -1 (and zeroes out) when it does not. */
int cb_gcm_open(const cb_gcm *g, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                const uint8_t *tag, size_t taglen);

/* cb_gcm_free wipes and frees the context. */
void cb_gcm_free(cb_gcm *g);

/*
 * cb_ghash_ctx: GHASH with one variant, for the standalone "ghash" algorithm.
 */
typedef struct cb_ghash_ctx {
    const cb_ghash_ops *ops;
    void *table;
    uint8_t xi[16];
} cb_ghash_ctx;

/* cb_ghash_init prepares the table for H with variant v (CB_PRIM_GHASH); -1 if not. */
int cb_ghash_init(cb_ghash_ctx *c, const cb_variant *v, const uint8_t h[16]);

/* cb_ghash_update folds len bytes (a multiple of 16) into xi. */
void cb_ghash_update(cb_ghash_ctx *c, const uint8_t *in, size_t len);

void cb_ghash_free(cb_ghash_ctx *c);

#endif
