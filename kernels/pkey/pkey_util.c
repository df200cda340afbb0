/*
 * kernels/pkey/pkey_util.c - what rsa.c, dsa.c, ecdsa.c, ed25519.c, x25519.c and the
 * front door pkey.c share, below all of them (pkey_impl.h): SHA-256 in front of a
 * signature, a modulus loaded for a Montgomery variant, a variant's ops, a secret
 * wiped and freed, fixed-length hex, the embedded RSA keys of both tables, and the
 * selftest of X25519 and X448.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/caps.h"
#include "base/common.h"
#include "kernels/modes/digest.h"
#include "kernels/modes/hmac.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/registry.h"
#include "kernels/select.h"

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

/* The SHA-256 variant is auto's pick under the effective capabilities (SHA-NI,
 * ARMv8 SHA2, ...), generic where auto has none: RFC 6979's HMAC runs a dozen
 * compressions a signature, a few percent of an ECDSA or DSA signature with the
 * generic code.  Every SHA-256 variant gives the same digest (a wrong one fails the
 * signature row's own known answers before it is timed), so signatures and
 * selftests stay the same. */
int cb_pkey_hash_init(cb_pkey_hash *h)
{
    h->alg = cb_alg_find("sha256");
    h->hmac = cb_hmac_of(h->alg);
    h->v = NULL;
    if (h->alg) {
        h->v = cb_select_auto_at(h->alg, CB_DIR_DIGEST, cb_caps_effective(), 0);
        if (!h->v)
            h->v = cb_variant_generic(h->alg);
    }
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

__attribute__((weak)) void cb_pkey_public(const void *p, size_t n)
{
    (void)p, (void)n;
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

const cb_c448_ops *cb_pkey_c448_ops(const cb_variant *v)
{
    if (!v || v->prim != CB_PRIM_C448 || !v->ops)
        return NULL;
    const cb_c448_ops *ops = v->ops;
    return ops->x448 ? ops : NULL;
}

int cb_hex_bytes(uint8_t *out, size_t len, const char *hex)
{
    return strlen(hex) == 2 * len && cb_hex_decode(hex, out, len) == (long)len ? 0 : -1;
}

/* XDH_MAX: the longest X25519 or X448 field; XCHECK_PAIRS: pseudo-random inputs
 * compared with generic (u spans every bit, so values >= p and a set top bit are
 * among them). */
#define XDH_MAX 56
#define XCHECK_PAIRS 16

/* xdh_kats runs kats[] and the embedded key's OpenSSL answer.  NULL or what failed. */
static const char *xdh_kats(const cb_alg *a, const cb_variant *v, cb_xdh_fn f, size_t n,
                            const cb_xdh_kat *kats, size_t count)
{
    static char why[96];
    uint8_t k[XDH_MAX], u[XDH_MAX], want[XDH_MAX], got[XDH_MAX];
    for (size_t i = 0; i < count; i++) {
        const cb_xdh_kat *t = &kats[i];
        if (cb_hex_bytes(k, n, t->scalar) || cb_hex_bytes(u, n, t->u) ||
            cb_hex_bytes(want, n, t->out) || f(v, got, k, u) != 0 || memcmp(got, want, n) != 0) {
            snprintf(why, sizeof why, "gives a wrong answer for %s", t->source);
            return why;
        }
    }
    const cb_x25519_keyhex *kh = cb_x25519_keys;
    while (kh->alg && strcmp(kh->alg, a->name) != 0)
        kh++;
    int bad = !kh->alg || cb_hex_bytes(k, n, kh->priv) || cb_hex_bytes(u, n, kh->peer) ||
              cb_hex_bytes(want, n, kh->kat_shared) || f(v, got, k, u) != 0 ||
              memcmp(got, want, n) != 0;
    cb_wipe(k, sizeof k);
    return bad ? "differs from OpenSSL's shared secret of the embedded keys" : NULL;
}

/* xdh_xcheck compares v with the generic variant on pseudo-random scalars and points. */
static const char *xdh_xcheck(const cb_alg *a, const cb_variant *v, cb_xdh_fn f, size_t n)
{
    const cb_variant *g = cb_variant_generic(a);
    if (!g)
        return "has no generic variant to compare with";
    uint64_t s = UINT64_C(0x9e3779b97f4a7c15);
    uint8_t k[XDH_MAX], u[XDH_MAX], x[XDH_MAX], y[XDH_MAX];
    for (int p = 0; p < XCHECK_PAIRS; p++) {
        for (size_t i = 0; i < n; i++) {
            s = s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
            k[i] = (uint8_t)(s >> 56);
            u[i] = (uint8_t)(s >> 48);
        }
        if (p == 0) /* u = 2^(8n) - 1: above p, top bit set */
            memset(u, 0xff, n);
        if (f(v, x, k, u) < 0 || f(g, y, k, u) < 0 || memcmp(x, y, n) != 0)
            return "differs from the generic variant on a pseudo-random input";
    }
    return NULL;
}

const char *cb_xdh_selftest(const cb_alg *a, const cb_variant *v, cb_xdh_fn f, size_t n,
                            const cb_xdh_kat *kats, size_t count)
{
    if (n > XDH_MAX)
        return "has fields longer than the selftest takes";
    const char *why = xdh_kats(a, v, f, n, kats, count);
    if (!why && strcmp(v->name, "generic") != 0)
        why = xdh_xcheck(a, v, f, n);
    if (why)
        return why;
    /* u = 0 has order 1: every scalar gives the all-zero secret, which is refused */
    uint8_t k[XDH_MAX], zero[XDH_MAX] = {0}, out[XDH_MAX];
    memset(k, 0x5a, sizeof k);
    if (f(v, out, k, zero) != 1)
        return "accepts the all-zero shared secret of a small-order point";
    return NULL;
}
