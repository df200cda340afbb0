/*
 * kernels/modes/hmac.h - HMAC (RFC 2104, FIPS 198-1) over any digest's variants.
 *
 * An hmac(DIGEST) algorithm has the primitive of its digest, so every variant of
 * sha256 (generic, shani, ce, armv4, p8, ...) is a variant of hmac(sha256) with no
 * row of its own.  Keying hashes the padded key once into an inner and an outer
 * digest state (FIPS 198-1 section 4 steps 1-4 and 7); each MAC then starts from
 * copies of them, as OpenSSL's HMAC_Init_ex(ctx, NULL, ...) and EVP_MAC_init(ctx,
 * NULL, ...) reuse the key, so one MAC of a short message costs the two final
 * blocks and not the two key blocks.
 */
#ifndef CB_HMAC_H
#define CB_HMAC_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/modes/digest.h"
#include "kernels/kernel.h"

/* cb_hmac: a key set up for one algorithm and variant, and the MAC in progress. */
typedef struct cb_hmac {
    const cb_alg *alg;
    cb_digest_ctx inner; /* after hashing K0 ^ ipad */
    cb_digest_ctx outer; /* after hashing K0 ^ opad */
    cb_digest_ctx work;  /* the MAC in progress: a copy of inner, then of outer */
} cb_hmac;

/* cb_hmac_digest and cb_hmac_of, which pair an hmac(...) algorithm with its digest,
 * are the algorithm table's (kernels/registry.h, kernels/algs.c). */

/*
 * cb_hmac_init keys h for HMAC algorithm a with variant v (a variant of its digest):
 * a key longer than the digest's block is hashed first (RFC 2104 section 2).  Returns
 * 0, or -1 when a is not an HMAC or v does not implement its digest.
 */
int cb_hmac_init(cb_hmac *h, const cb_alg *a, const cb_variant *v, const uint8_t *key,
                 size_t key_len);

/* cb_hmac_start begins a MAC under the key set up by cb_hmac_init. */
void cb_hmac_start(cb_hmac *h);

/* cb_hmac_update adds len bytes of message (in may be NULL when len is 0). */
void cb_hmac_update(cb_hmac *h, const uint8_t *in, size_t len);

/* cb_hmac_final writes the whole MAC (a->out_bytes bytes) to out; a truncated MAC
 * (RFC 2104 section 5) is its leading bytes. */
void cb_hmac_final(cb_hmac *h, uint8_t *out);

/* cb_hmac_mac is start, update and final: the MAC of in[0..len) into out.  It is
 * what `speed` times as one operation. */
void cb_hmac_mac(cb_hmac *h, const uint8_t *in, size_t len, uint8_t *out);

/*
 * cb_hmac_reference computes the same MAC as RFC 2104 section 2 writes it,
 * H((K0 ^ opad) || H((K0 ^ ipad) || text)), on whole buffers with variant v's one-shot
 * cb_digest: no precomputed state and no pieces, so it shares none of the code it
 * checks (kernels/check/check.c, tests/test_hmac.c).
 */
void cb_hmac_reference(const cb_alg *a, const cb_variant *v, const uint8_t *key,
                       size_t key_len, const uint8_t *msg, size_t len, uint8_t *out);

/*
 * cb_hmac_compose is that formula over any one-shot digest of a's digest algorithm:
 * digest(arg, in, len, out) writes the digest's out_bytes and returns 0, or nonzero
 * to stop.  cb_hmac_reference passes a variant's cb_digest; `kat` passes a
 * whole-algorithm variant's digest, as a cb_alg_impl has no HMAC of its own.
 * Returns 0, or the first nonzero digest returned.
 */
typedef int (*cb_hmac_oneshot)(void *arg, const uint8_t *in, size_t len, uint8_t *out);
int cb_hmac_compose(const cb_alg *a, cb_hmac_oneshot digest, void *arg, const uint8_t *key,
                    size_t key_len, const uint8_t *msg, size_t len, uint8_t *out);

/* cb_hmac_free wipes the key states. */
void cb_hmac_free(cb_hmac *h);

#endif
