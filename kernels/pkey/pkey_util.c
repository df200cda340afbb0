/*
 * kernels/pkey/pkey_util.c - what rsa.c, dsa.c, ecdsa.c, ed25519.c, x25519.c and the
 * front door pkey.c share, below all of them (pkey_impl.h): SHA-256 in front of a
 * signature, a modulus loaded for a Montgomery variant, a variant's ops, a secret
 * wiped and freed, fixed-length hex, the embedded RSA keys of both tables.
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/modes/digest.h"
#include "kernels/modes/hmac.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"

const cb_rsa_keyhex *cb_rsa_key_at(size_t i)
{
    static const cb_rsa_keyhex *const tables[] = {cb_rsa_keys, cb_rsa_large_keys};
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        size_t n = 0;
        while (tables[t][n].alg)
            n++;
        if (i < n)
            return &tables[t][i];
        i -= n;
    }
    return NULL;
}

const cb_rsa_keyhex *cb_rsa_key_find(const char *alg)
{
    const cb_rsa_keyhex *k;
    for (size_t i = 0; (k = cb_rsa_key_at(i)) != NULL; i++)
        if (strcmp(k->alg, alg) == 0)
            return k;
    return NULL;
}

int cb_pkey_num_eq(const cb_pkey_num *a, const cb_pkey_num *b)
{
    size_t i = 0, j = 0;
    while (i < a->len && a->b[i] == 0)
        i++;
    while (j < b->len && b->b[j] == 0)
        j++;
    return a->len - i == b->len - j && memcmp(a->b + i, b->b + j, a->len - i) == 0;
}

int cb_pkey_hash_init(cb_pkey_hash *h)
{
    h->alg = cb_alg_find("sha256");
    h->hmac = cb_hmac_of(h->alg);
    h->v = h->alg ? cb_variant_generic(h->alg) : NULL;
    return h->v && h->hmac ? 0 : -1;
}

void cb_pkey_sha256(const cb_pkey_hash *h, const uint8_t *in, size_t len,
                    uint8_t out[CB_SHA256_BYTES])
{
    cb_digest(h->alg, h->v, in, len, out);
}

int cb_pkey_hash_msg(cb_pkey_hash *hs, const uint8_t *msg, size_t len,
                     uint8_t h[CB_SHA256_BYTES])
{
    if (cb_pkey_hash_init(hs) != 0)
        return -1;
    cb_pkey_sha256(hs, msg, len, h);
    return 0;
}

int cb_pkey_load_modulus(cb_mont *m, const cb_mont_ops *ops, const cb_pkey_num *x)
{
    cb_limb n[CB_BN_MAX_LIMBS];
    if (cb_bn_from_bytes(n, CB_BN_MAX_LIMBS, x->b, x->len) != 0)
        return -1;
    return cb_mont_init(m, ops, n, cb_bn_limbs_for(cb_bn_bits(n, CB_BN_MAX_LIMBS)));
}

const cb_mont_ops *cb_pkey_mont_ops(const cb_variant *v)
{
    if (!v || v->prim != CB_PRIM_MONT || !v->ops)
        return NULL;
    const cb_mont_ops *ops = v->ops;
    return ops->mul ? ops : NULL;
}

void cb_pkey_free_secret(void *p, size_t size)
{
    if (!p)
        return;
    cb_wipe(p, size);
    free(p);
}

const cb_c25519_ops *cb_pkey_c25519_ops(const cb_variant *v)
{
    if (!v || v->prim != CB_PRIM_C25519 || !v->ops)
        return NULL;
    const cb_c25519_ops *ops = v->ops;
    return ops->x25519 ? ops : NULL;
}

int cb_hex_bytes(uint8_t *out, size_t len, const char *hex)
{
    return strlen(hex) == 2 * len && cb_hex_decode(hex, out, len) == (long)len ? 0 : -1;
}
