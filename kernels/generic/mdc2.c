/*
 * kernels/generic/mdc2.c - the MDC-2 compression step (ISO/IEC 10118-2, the
 * double-length hash over a 64-bit block cipher) with DES, in portable C.
 *
 * The state is two 8-byte halves, H then H~.  Each 8-byte message block X is
 * encrypted twice, under keys made from H and from H~ by the standard's
 * transformation u and u~ (the second and third bits of the first byte forced to 1 0
 * and to 0 1: a key from one half can never equal a key from the other), and each
 * result XORed with X (Matyas-Meyer-Oseas).  The two results then swap their right
 * halves to make the new H and H~.  DES ignores the parity bits, so the keys need no
 * parity fix.  The message level (kernels/modes/digest.c) fills a partial last block
 * with zeros and adds no length, as OpenSSL does by default.
 */
#include <string.h>

#include "kernels/generic/generic.h"

/* mdc2_half encrypts x under key (the half after its bit transformation, in key) and
 * XORs x back in. */
static void mdc2_half(void *ks, const uint8_t key[8], const uint8_t x[8], uint8_t out[8])
{
    cb_des_generic_ops.set_key(ks, key, 8, 0);
    cb_des_generic_ops.ecb(ks, x, out, 1);
    for (unsigned i = 0; i < 8; i++)
        out[i] ^= x[i];
}

/* cb_mdc2_generic_blocks runs the step over nblocks 8-byte blocks. */
void cb_mdc2_generic_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    uint8_t *h = state, *hh = h + 8;
    _Alignas(16) uint8_t ks[CB_DES_GENERIC_KS_MAX];

    for (; nblocks; nblocks--, in += 8) {
        uint8_t l[8], r[8];
        h[0] = (uint8_t)((h[0] & 0x9f) | 0x40);   /* u: bits 2 and 3 become 1 0 */
        hh[0] = (uint8_t)((hh[0] & 0x9f) | 0x20); /* u~: 0 1 */
        mdc2_half(ks, h, in, l);
        mdc2_half(ks, hh, in, r);
        memcpy(h, l, 4);
        memcpy(h + 4, r + 4, 4);
        memcpy(hh, r, 4);
        memcpy(hh + 4, l + 4, 4);
    }
    cb_wipe(ks, cb_des_generic_ops.key_size);
}

const cb_digest_ops cb_mdc2_generic_ops = {cb_mdc2_generic_blocks, NULL};
