/*
 * kernels/modes/ccm.h - CCM (NIST SP 800-38C) over any AES variant's CBC encryption (for
 * the CBC-MAC) and ctr32 (for the counter blocks).
 */
#ifndef CB_CCM_H
#define CB_CCM_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* cb_ccm: a keyed CCM context; CCM only ever encrypts blocks, so one schedule. */
typedef struct cb_ccm {
    const cb_alg *alg;
    const cb_variant *var;
    void *ks; /* 64-byte aligned */
} cb_ccm;

/* cb_ccm_init keys c; key has a->key_bits / 8 bytes.  Returns 0, or -1 when v does
 * not offer a (CB_MODE_CCM) or refuses the key. */
int cb_ccm_init(cb_ccm *c, const cb_alg *a, const cb_variant *v, const uint8_t *key);

/*
 * cb_ccm_refuses says why CCM cannot take a nonce of nlen bytes, a tag of tlen bytes
 * and a payload of len bytes (SP 800-38C A.1: nonce 7..13 bytes, tag 4, 6, ..., 16,
 * payload under 2^(8q) bytes with q = 15 - nlen), or NULL when it can.
 */
const char *cb_ccm_refuses(size_t nlen, size_t tlen, size_t len);

/*
 * cb_ccm_seal encrypts len bytes from in to out (which may be equal) and writes a
 * tlen-byte tag over them and aadlen bytes of associated data (SP 800-38C 6.1).
 * Returns 0, or -1 (nothing written) for lengths cb_ccm_refuses.
 */
int cb_ccm_seal(const cb_ccm *c, const uint8_t *nonce, size_t nlen, const uint8_t *aad,
                size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                size_t tlen);

/*
 * cb_ccm_open decrypts len bytes and checks the tag in constant time (SP 800-38C
 * 6.2); returns 0 when it matches, -1 (and zeroes out) when it does not or the
 * lengths are refused.
 */
int cb_ccm_open(const cb_ccm *c, const uint8_t *nonce, size_t nlen, const uint8_t *aad,
                size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                const uint8_t *tag, size_t tlen);

/* cb_ccm_free wipes and frees the key schedule. */
void cb_ccm_free(cb_ccm *c);

#endif
