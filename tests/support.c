/*
 * tests/support.c - helpers the cmocka test programs share (tests/support.h).
 */
#include "tests/support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/caps.h"
#include "kernels/modes/aead.h"
#include "kernels/modes/cipher.h"
#include "kernels/modes/digest.h"
#include "kernels/pkey/pkey.h"
#include "kernels/registry.h"

uint8_t *tu_unhex(const char *hex, size_t *len)
{
    size_t n = hex ? strlen(hex) / 2 : 0;
    uint8_t *p = calloc(n + 1, 1);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++)
        sscanf(hex + 2 * i, "%2hhx", &p[i]);
    *len = n;
    return p;
}

int tu_runnable(const cb_variant *v, const cb_alg *a, cb_dir d)
{
    return cb_variant_offers(v, a, d) && !(v->caps & ~cb_caps_effective());
}

int tu_runnable_said(const cb_variant *v, const cb_alg *a)
{
    if (!cb_variant_offers(v, a, CB_DIR_DIGEST))
        return 0;
    if (v->caps & ~cb_caps_effective()) {
        print_message("UNAVAILABLE %s/%s (needs capabilities this CPU lacks)\n", a->name,
                      v->name);
        return 0;
    }
    return 1;
}

void tu_fill(uint8_t *p, size_t len, uint32_t seed)
{
    uint32_t x = seed | 1;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        p[i] = (uint8_t)x;
    }
}

static void ctr32_nothing(const void *ks, const uint8_t ctr[16], const uint8_t *in,
                          uint8_t *out, size_t nblocks)
{
    (void)ks, (void)ctr, (void)in, (void)out, (void)nblocks;
}

static int key_nothing(void *ks, const uint8_t *key, unsigned bits)
{
    (void)ks, (void)key, (void)bits;
    return 0;
}

const cb_aes_ops tu_aes_ctr_only = {64, key_nothing, NULL, NULL, NULL, NULL, NULL,
                                    ctr32_nothing};

/* ---- the whole-algorithm double ------------------------------------------------------ */

typedef struct dbl_ctx {
    const cb_variant *gen; /* the generic variant doing the work */
    cb_cipher cipher;
    cb_aead aead;
    cb_pkey *pkey;
    int cipher_keyed, aead_keyed;
} dbl_ctx;

int tu_double_serves(const cb_alg *a)
{
    /* a key agreement (a PKEY row with out_bytes) is no cb_alg_impl operation yet */
    int kind = a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_CIPHER ||
               a->kind == CB_KIND_AEAD || (a->kind == CB_KIND_PKEY && a->out_bytes == 0);
    return kind && strcmp(a->name, "md5") != 0 && cb_variant_generic(a) != NULL;
}

int tu_double_offers(const cb_alg_impl *m, const cb_alg *a, cb_dir d)
{
    (void)m, (void)d;
    return tu_double_serves(a);
}

static void *dbl_new(const cb_alg_session *s)
{
    dbl_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->gen = cb_variant_generic(s->alg);
    if (s->alg->kind == CB_KIND_PKEY)
        c->pkey = cb_pkey_new(s->alg, c->gen);
    if (!c->gen || (s->alg->kind == CB_KIND_PKEY && !c->pkey)) {
        free(c);
        return NULL;
    }
    return c;
}

static void dbl_free(void *p)
{
    dbl_ctx *c = p;
    if (c->cipher_keyed)
        cb_cipher_free(&c->cipher);
    if (c->aead_keyed)
        cb_aead_free(&c->aead);
    cb_pkey_free(c->pkey);
    free(c);
}

int tu_double_digest(cb_alg_session *s, const uint8_t *in, size_t len, uint8_t *out)
{
    dbl_ctx *c = s->ctx;
    cb_digest(s->alg, c->gen, in, len, out);
    return 0;
}

static int dbl_cipher_init(cb_alg_session *s, const uint8_t *key, const uint8_t *iv)
{
    dbl_ctx *c = s->ctx;
    if (c->cipher_keyed)
        cb_cipher_free(&c->cipher);
    c->cipher_keyed = cb_cipher_init(&c->cipher, s->alg, c->gen, s->dir, key, iv) == 0;
    return c->cipher_keyed ? 0 : -1;
}

int tu_double_cipher_update(cb_alg_session *s, const uint8_t *in, uint8_t *out,
                            size_t len)
{
    return cb_cipher_update(&((dbl_ctx *)s->ctx)->cipher, in, out, len);
}

static int dbl_aead_init(cb_alg_session *s, const uint8_t *key)
{
    dbl_ctx *c = s->ctx;
    if (c->aead_keyed)
        cb_aead_free(&c->aead);
    c->aead_keyed = cb_aead_init(&c->aead, s->alg, c->gen, key) == 0;
    return c->aead_keyed ? 0 : -1;
}

int tu_double_seal(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                   size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                   size_t taglen)
{
    return cb_aead_seal(&((dbl_ctx *)s->ctx)->aead, iv, ivlen, aad, aadlen, in, out, len, tag,
                        taglen);
}

int tu_double_open(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                   size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                   const uint8_t *tag, size_t taglen)
{
    return cb_aead_open(&((dbl_ctx *)s->ctx)->aead, iv, ivlen, aad, aadlen, in, out, len, tag,
                        taglen);
}

static size_t dbl_sig_max(cb_alg_session *s)
{
    return cb_pkey_sig_max(((dbl_ctx *)s->ctx)->pkey);
}

static int dbl_sign(cb_alg_session *s, const uint8_t *msg, size_t len, uint8_t *sig,
                    size_t *siglen)
{
    return cb_pkey_sign(((dbl_ctx *)s->ctx)->pkey, msg, len, sig, siglen);
}

static int dbl_verify(cb_alg_session *s, const uint8_t *msg, size_t len, const uint8_t *sig,
                      size_t siglen)
{
    return cb_pkey_verify(((dbl_ctx *)s->ctx)->pkey, msg, len, sig, siglen) ? -1 : 0;
}

static const char *const dbl_notes[] = {"built=with the tests", "layers=kernels/modes", NULL};

/* Named fields: the interface grows (a kind's functions are added in the middle, and
 * mac_init and mac, left NULL, at the end). */
const cb_alg_impl tu_double_impl = {
    .offers = tu_double_offers,
    .ctx_new = dbl_new,
    .ctx_free = dbl_free,
    .digest = tu_double_digest,
    .cipher_init = dbl_cipher_init,
    .cipher_update = tu_double_cipher_update,
    .aead_init = dbl_aead_init,
    .aead_seal = tu_double_seal,
    .aead_open = tu_double_open,
    .sig_max = dbl_sig_max,
    .sign = dbl_sign,
    .verify = dbl_verify,
    .library = "(test double: generic through kernels/modes)",
    .version = "1.0",
    .notes = dbl_notes,
};
