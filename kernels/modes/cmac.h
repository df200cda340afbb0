/*
 * kernels/modes/cmac.h - CMAC (NIST SP 800-38B, RFC 4493 for AES-128) over any AES
 * variant with a serial CBC-encryption path.
 *
 * A cmac(aes-N-cbc) algorithm has the primitive of AES, so every AES variant whose
 * ops have cbc_encrypt (generic, aesni, ce, armv4, p8, ...) is a variant of it with
 * no row of its own; the parallel-only ones (VAES, bit-sliced) are not, as a CBC-MAC
 * is one dependency chain.  Keying expands the cipher key once and derives the
 * subkeys K1 and K2 (section 6.1), so each MAC then costs its blocks' encryptions and
 * nothing more, as OpenSSL's CMAC_Init(ctx, NULL, 0, NULL, NULL) and EVP_MAC_init(ctx,
 * NULL, 0, NULL) reuse the key.
 */
#ifndef CB_CMAC_H
#define CB_CMAC_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* CB_CMAC_BYTES: the block, and the whole MAC (SP 800-38B's Tlen = 128). */
#define CB_CMAC_BYTES 16

/* cb_cmac: a key set up for one algorithm and variant. */
typedef struct cb_cmac {
    const cb_alg *alg;
    const cb_aes_ops *ops;
    void *ks;                   /* the encryption schedule, 64-byte aligned */
    uint8_t k1[CB_CMAC_BYTES];  /* for a complete last block */
    uint8_t k2[CB_CMAC_BYTES];  /* for a padded one */
} cb_cmac;

/* cb_cmac_cipher and cb_cmac_of, which pair a cmac(...) algorithm with its cipher,
 * are the algorithm table's (kernels/registry.h, kernels/algs.c). */

/*
 * cb_cmac_init keys m for CMAC algorithm a with variant v (an AES variant offering a)
 * and key_len bytes of key, which must be cb_alg_key_bytes(a).  Returns 0, or -1 when
 * a is not a CMAC, v does not offer it or the key length is another.
 */
int cb_cmac_init(cb_cmac *m, const cb_alg *a, const cb_variant *v, const uint8_t *key,
                 size_t key_len);

/* cb_cmac_mac writes the whole MAC of in[0..len) (in may be NULL when len is 0) to
 * out; a truncated MAC (section 6.2 step 7's Tlen) is its leading bytes.  It is what
 * `speed` times as one operation. */
void cb_cmac_mac(const cb_cmac *m, const uint8_t *in, size_t len, uint8_t out[CB_CMAC_BYTES]);

/*
 * cb_cmac_reference computes the same MAC the way section 6.2 writes it: the whole
 * message copied and padded into M_1 .. M_n, the last block XORed with K1 or K2, then
 * C_i = CIPH_K(C_{i-1} ^ M_i) one ecb_encrypt at a time with variant v (the generic
 * one in the checks) and a key schedule of its own: none of cb_cmac_mac's chunking
 * or CBC path, so it checks them (kernels/check/check.c, tests/test_cmac.c).
 * Returns 0, or -1 as cb_cmac_init.
 */
int cb_cmac_reference(const cb_alg *a, const cb_variant *v, const uint8_t *key,
                      size_t key_len, const uint8_t *msg, size_t len,
                      uint8_t out[CB_CMAC_BYTES]);

/* cb_cmac_free wipes the schedule and the subkeys. */
void cb_cmac_free(cb_cmac *m);

#endif
