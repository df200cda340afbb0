/*
 * kernels/modes/digest.h - whole-message digests over a variant's compression function.
 *
 * The padding, length encoding and output byte order (FIPS 180-4 section 5.1,
 * RFC 1321 section 3, FIPS 202 section 5.1) are done once here in portable C; a
 * variant only supplies
 * cb_digest_ops.blocks.  The context is wiped with ops->wipe (or cb_wipe) at the end
 * of every digest, as the small-block cost of a real library includes it.
 *
 * Two forms: cb_digest hashes a whole message in one call (what `speed` times for a
 * digest); cb_digest_init/update/final hash one given in pieces, and a context can
 * be copied part-way (cb_digest_copy), which is how HMAC (kernels/modes/hmac.h) starts
 * every MAC from the state its padded key left.
 */
#ifndef CB_DIGEST_H
#define CB_DIGEST_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* CB_DIGEST_MAX is the largest digest in bytes (SHA-512, SHA3-512). */
#define CB_DIGEST_MAX 64
/* CB_DIGEST_BLOCK_MAX is the largest block in bytes: SHA3-224's 144-byte rate. */
#define CB_DIGEST_BLOCK_MAX 144

/*
 * cb_digest_state: what a kernel's blocks function is handed (the chaining value in
 * native words, or the whole Keccak state), with the block buffer right after the
 * state so that one wipe covers everything a message touched.
 */
typedef union cb_digest_state {
    uint32_t w32[16];
    uint64_t w64[8];
    cb_keccak_state keccak;
    cb_blake2_state blake2;
    uint8_t bytes[sizeof(cb_keccak_state) + CB_DIGEST_BLOCK_MAX];
} cb_digest_state;

struct cb_digest_params; /* kernels/modes/digest.c's row for one algorithm */

/* cb_digest_ctx: a digest in progress.  total counts the bytes hashed so far; the
 * last total % block of them wait in the buffer. */
typedef struct cb_digest_ctx {
    cb_digest_state s;
    const cb_digest_ops *ops;
    const struct cb_digest_params *params;
    uint64_t total;
} cb_digest_ctx;

/*
 * cb_digest computes algorithm a's digest of in[0..len) with variant v into out
 * (a->out_bytes bytes).  a must be a CB_KIND_DIGEST algorithm and v a variant of its
 * primitive.
 */
void cb_digest(const cb_alg *a, const cb_variant *v, const uint8_t *in, size_t len,
               uint8_t *out);

/*
 * cb_digest_init starts a digest of algorithm a (any kind whose primitive and output
 * length name a digest: sha256, or the hmac(sha256) built on it) with variant v.
 * Returns 0, or -1 when a names no digest.
 */
int cb_digest_init(cb_digest_ctx *c, const cb_alg *a, const cb_variant *v);

/* cb_digest_update hashes len more bytes of the message (in may be NULL when len is
 * 0). */
void cb_digest_update(cb_digest_ctx *c, const uint8_t *in, size_t len);

/* cb_digest_final pads, writes the digest (a->out_bytes bytes) to out and wipes c. */
void cb_digest_final(cb_digest_ctx *c, uint8_t *out);

/* cb_digest_copy makes dst a copy of the digest in progress src, copying only the
 * state and the bytes waiting in the buffer. */
void cb_digest_copy(cb_digest_ctx *dst, const cb_digest_ctx *src);

#endif
