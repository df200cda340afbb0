/*
 * kernels/modes/aead.c - dispatches cb_aead to GCM, CCM or ChaCha20-Poly1305 by the
 * algorithm's mode.
 */
#include "kernels/modes/aead.h"

#include <string.h>

#include "kernels/registry.h"

int cb_aead_init(cb_aead *x, const cb_alg *a, const cb_variant *v, const uint8_t *key)
{
    memset(x, 0, sizeof *x);
    if (!a || a->kind != CB_KIND_AEAD)
        return -1;
    x->alg = a;
    switch (a->mode) {
    case CB_MODE_CCM:
        return cb_ccm_init(&x->ccm, a, v, key);
    case CB_MODE_CHACHAPOLY:
        return cb_variant_offers_any(v, a) ? cb_chachapoly_init(&x->chachapoly, v, key) : -1;
    default:
        return cb_gcm_init(&x->gcm, a, v, key);
    }
}

const char *cb_aead_refuses(const cb_alg *a, size_t ivlen, size_t taglen, size_t len)
{
    if (a->mode == CB_MODE_CCM)
        return cb_ccm_refuses(ivlen, taglen, len);
    if (a->mode == CB_MODE_CHACHAPOLY)
        return cb_chachapoly_refuses(ivlen, taglen, len);
    if (ivlen == 0)
        return "an empty IV, which GCM does not allow";
    if (taglen == 0 || taglen > 16)
        return "a tag length outside 1..16 bytes";
    return NULL;
}

int cb_aead_seal(const cb_aead *x, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                 size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                 size_t taglen)
{
    switch (x->alg->mode) {
    case CB_MODE_CCM:
        return cb_ccm_seal(&x->ccm, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
    case CB_MODE_CHACHAPOLY:
        return cb_chachapoly_seal(&x->chachapoly, iv, ivlen, aad, aadlen, in, out, len, tag,
                                  taglen);
    default:
        if (cb_aead_refuses(x->alg, ivlen, taglen, len))
            return -1;
        cb_gcm_seal(&x->gcm, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
        return 0;
    }
}

int cb_aead_open(const cb_aead *x, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                 size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                 const uint8_t *tag, size_t taglen)
{
    switch (x->alg->mode) {
    case CB_MODE_CCM:
        return cb_ccm_open(&x->ccm, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
    case CB_MODE_CHACHAPOLY:
        return cb_chachapoly_open(&x->chachapoly, iv, ivlen, aad, aadlen, in, out, len, tag,
                                  taglen);
    default:
        if (cb_aead_refuses(x->alg, ivlen, taglen, len)) {
            memset(out, 0, len);
            return -1;
        }
        return cb_gcm_open(&x->gcm, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
    }
}

void cb_aead_free(cb_aead *x)
{
    if (!x->alg)
        return;
    switch (x->alg->mode) {
    case CB_MODE_CCM:
        cb_ccm_free(&x->ccm);
        break;
    case CB_MODE_CHACHAPOLY:
        cb_chachapoly_free(&x->chachapoly);
        break;
    default:
        cb_gcm_free(&x->gcm);
        break;
    }
}
