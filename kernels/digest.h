/*
 * kernels/digest.h - whole-message digests over a variant's compression function.
 *
 * The padding, length encoding and output byte order (FIPS 180-4 section 5.1,
 * RFC 1321 section 3, FIPS 202 section 5.1) are done once here in portable C; a
 * variant only supplies
 * cb_digest_ops.blocks.  The context is wiped with ops->wipe (or cb_wipe) at the end
 * of every digest, as the small-block cost of a real library includes it.
 */
#ifndef CB_DIGEST_H
#define CB_DIGEST_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* CB_DIGEST_MAX is the largest digest in bytes (SHA-512, SHA3-512). */
#define CB_DIGEST_MAX 64

/*
 * cb_digest computes algorithm a's digest of in[0..len) with variant v into out
 * (a->out_bytes bytes).  a must be a CB_KIND_DIGEST algorithm and v a variant of its
 * primitive.
 */
void cb_digest(const cb_alg *a, const cb_variant *v, const uint8_t *in, size_t len,
               uint8_t *out);

#endif
