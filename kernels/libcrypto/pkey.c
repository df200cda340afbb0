/*
 * kernels/libcrypto/pkey.c - RSA and DSA signatures of a loaded libcrypto with the
 * keys the built-in variants use (kernels/pkey/pkey_keys.c), so each side verifies
 * what the other signs: SHA-256 of the message by the library's own EVP_Digest, then
 * RSA_sign / RSA_verify with NID_sha256 (PKCS#1 v1.5) or DSA_do_sign / DSA_do_verify,
 * the DSA signature as r || s of ceil(N/8) bytes each, as kernels/pkey/pkey.h has it.
 * The library draws its own DSA nonces.
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/libcrypto/lib.h"
#include "kernels/pkey/pkey_impl.h"

#define NID_SHA256 672 /* obj_mac.h's number, shared by every OpenSSL-compatible library */

typedef struct lib_pkey {
    int dsa;          /* else RSA */
    obj *key;         /* RSA or DSA */
    size_t nb;        /* DSA: bytes of r and of s */
    size_t sig_max;
    const obj *sha256;
} lib_pkey;

/* have: the functions RSA (dsa 0) or DSA (dsa 1) keys and signatures need */
static int have(const cb_lib *L, int dsa)
{
    int bn = L->f.BN_hex2bn && L->f.BN_bin2bn && L->f.BN_bn2bin && L->f.BN_num_bits &&
             L->f.BN_free;
    if (dsa)
        return bn && L->f.DSA_new && L->f.DSA_free && L->f.DSA_set0_pqg &&
               L->f.DSA_set0_key && L->f.DSA_do_sign && L->f.DSA_do_verify &&
               L->f.DSA_SIG_new && L->f.DSA_SIG_free && L->f.DSA_SIG_set0 &&
               L->f.DSA_SIG_get0;
    return bn && L->f.RSA_new && L->f.RSA_free && L->f.RSA_set0_key &&
           L->f.RSA_set0_factors && L->f.RSA_set0_crt_params && L->f.RSA_size &&
           L->f.RSA_sign && L->f.RSA_verify;
}

/* bn reads hex into a new BIGNUM of L (NULL on failure). */
static obj *bn(cb_lib *L, const char *hex)
{
    obj *b = NULL;
    if (L->f.BN_hex2bn(&b, hex) != (int)strlen(hex)) {
        if (b)
            L->f.BN_free(b);
        return NULL;
    }
    return b;
}

/* bns reads n hex numbers; on failure frees what it read and returns -1. */
static int bns(cb_lib *L, obj **out, const char *const *hex, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!(out[i] = bn(L, hex[i]))) {
            while (i--)
                L->f.BN_free(out[i]);
            return -1;
        }
    }
    return 0;
}

static obj *rsa_key(cb_lib *L, const cb_rsa_keyhex *k)
{
    const char *hex[] = {k->n, k->e, k->d, k->p, k->q, k->dp, k->dq, k->qinv};
    obj *b[8];
    if (bns(L, b, hex, 8) != 0)
        return NULL;
    obj *rsa = L->f.RSA_new();
    /* each set0 takes ownership of what it accepted */
    if (!rsa || L->f.RSA_set0_key(rsa, b[0], b[1], b[2]) != 1) {
        for (size_t i = 0; i < 8; i++)
            L->f.BN_free(b[i]);
        if (rsa)
            L->f.RSA_free(rsa);
        return NULL;
    }
    if (L->f.RSA_set0_factors(rsa, b[3], b[4]) != 1) {
        for (size_t i = 3; i < 8; i++)
            L->f.BN_free(b[i]);
        L->f.RSA_free(rsa);
        return NULL;
    }
    if (L->f.RSA_set0_crt_params(rsa, b[5], b[6], b[7]) != 1) {
        for (size_t i = 5; i < 8; i++)
            L->f.BN_free(b[i]);
        L->f.RSA_free(rsa);
        return NULL;
    }
    return rsa;
}

static obj *dsa_key(cb_lib *L, const cb_dsa_keyhex *k, size_t *nb)
{
    const char *hex[] = {k->p, k->q, k->g, k->y, k->x};
    obj *b[5];
    if (bns(L, b, hex, 5) != 0)
        return NULL;
    *nb = ((size_t)L->f.BN_num_bits(b[1]) + 7) / 8;
    obj *dsa = L->f.DSA_new();
    if (!dsa || L->f.DSA_set0_pqg(dsa, b[0], b[1], b[2]) != 1) {
        for (size_t i = 0; i < 5; i++)
            L->f.BN_free(b[i]);
        if (dsa)
            L->f.DSA_free(dsa);
        return NULL;
    }
    if (L->f.DSA_set0_key(dsa, b[3], b[4]) != 1) {
        L->f.BN_free(b[3]);
        L->f.BN_free(b[4]);
        L->f.DSA_free(dsa);
        return NULL;
    }
    return dsa;
}

void *cb_lib_pkey_new(cb_lib *L, const cb_alg *a)
{
    lib_pkey *k = cb_xcalloc(1, sizeof *k);
    const obj *(*sha256)(void);
    *(void **)&sha256 = cb_lib_sym(L, "EVP_sha256");
    k->sha256 = sha256 ? sha256() : NULL;
    for (const cb_rsa_keyhex *r = cb_rsa_keys; k->sha256 && !k->key && r->alg; r++)
        if (strcmp(r->alg, a->name) == 0 && have(L, 0) && (k->key = rsa_key(L, r)))
            k->sig_max = (size_t)L->f.RSA_size(k->key);
    for (const cb_dsa_keyhex *d = cb_dsa_keys; k->sha256 && !k->key && d->alg; d++)
        if (strcmp(d->alg, a->name) == 0 && have(L, 1) && (k->key = dsa_key(L, d, &k->nb))) {
            k->dsa = 1;
            k->sig_max = 2 * k->nb;
        }
    cb_lib_clear_errors(L);
    if (!k->key) {
        free(k);
        return NULL;
    }
    return k;
}

void cb_lib_pkey_free(cb_lib *L, void *p)
{
    lib_pkey *k = p;
    if (k->dsa)
        L->f.DSA_free(k->key);
    else
        L->f.RSA_free(k->key);
    free(k);
}

static size_t sig_max(cb_alg_session *s)
{
    return ((lib_pkey *)cb_lib_pkey_key(s))->sig_max;
}

/* hash: SHA-256 of msg by the library. */
static int hash(cb_lib *L, const lib_pkey *k, const uint8_t *msg, size_t len, uint8_t h[32])
{
    unsigned n = 0;
    static const uint8_t none[1];
    return L->f.EVP_Digest(len ? msg : none, len, h, &n, k->sha256, NULL) == 1 && n == 32
               ? 0
               : -1;
}

/* put writes b big-endian into nb bytes at out, zeros in front; -1 when longer. */
static int put(cb_lib *L, const obj *b, uint8_t *out, size_t nb)
{
    size_t n = ((size_t)L->f.BN_num_bits(b) + 7) / 8;
    if (n > nb)
        return -1;
    memset(out, 0, nb - n);
    L->f.BN_bn2bin(b, out + nb - n);
    return 0;
}

static int do_sign(cb_lib *L, lib_pkey *k, const uint8_t *msg, size_t len, uint8_t *sig,
                   size_t *siglen)
{
    uint8_t h[32];
    int rc = -1;
    if (*siglen < k->sig_max || hash(L, k, msg, len, h) != 0)
        return -1;
    if (!k->dsa) {
        unsigned n = 0;
        rc = L->f.RSA_sign(NID_SHA256, h, 32, sig, &n, k->key) == 1 ? 0 : -1;
        *siglen = n;
    } else {
        obj *ds = L->f.DSA_do_sign(h, 32, k->key);
        if (ds) {
            const obj *r = NULL, *t = NULL;
            L->f.DSA_SIG_get0(ds, &r, &t);
            rc = r && t && put(L, r, sig, k->nb) == 0 && put(L, t, sig + k->nb, k->nb) == 0
                     ? 0
                     : -1;
            L->f.DSA_SIG_free(ds);
            *siglen = 2 * k->nb;
        }
    }
    if (rc)
        cb_lib_clear_errors(L);
    return rc;
}

static int do_verify(cb_lib *L, lib_pkey *k, const uint8_t *msg, size_t len,
                     const uint8_t *sig, size_t siglen)
{
    uint8_t h[32];
    int ok = 0;
    if (hash(L, k, msg, len, h) != 0)
        return -1;
    if (!k->dsa) {
        ok = siglen <= k->sig_max &&
             L->f.RSA_verify(NID_SHA256, h, 32, sig, (unsigned)siglen, k->key) == 1;
    } else if (siglen == 2 * k->nb) {
        obj *r = L->f.BN_bin2bn(sig, (int)k->nb, NULL);
        obj *t = L->f.BN_bin2bn(sig + k->nb, (int)k->nb, NULL);
        obj *ds = L->f.DSA_SIG_new();
        if (ds && r && t && L->f.DSA_SIG_set0(ds, r, t) == 1) {
            r = t = NULL; /* the signature owns them now */
            ok = L->f.DSA_do_verify(h, 32, ds, k->key) == 1;
        }
        if (r)
            L->f.BN_free(r);
        if (t)
            L->f.BN_free(t);
        if (ds)
            L->f.DSA_SIG_free(ds);
    }
    if (!ok)
        cb_lib_clear_errors(L);
    return ok ? 0 : -1;
}

static int sign(cb_alg_session *s, const uint8_t *msg, size_t len, uint8_t *sig,
                size_t *siglen)
{
    return do_sign(cb_lib_of(s), cb_lib_pkey_key(s), msg, len, sig, siglen);
}

static int verify(cb_alg_session *s, const uint8_t *msg, size_t len, const uint8_t *sig,
                  size_t siglen)
{
    return do_verify(cb_lib_of(s), cb_lib_pkey_key(s), msg, len, sig, siglen);
}

int cb_lib_pkey_try(cb_lib *L, const cb_alg *a)
{
    lib_pkey *k = cb_lib_pkey_new(L, a); /* bignum parsing only: no signature runs */
    if (!k)
        return 0;
    cb_lib_pkey_free(L, k);
    return 1;
}

void cb_lib_pkey_setup(cb_lib *L)
{
    L->impl.sig_max = sig_max;
    L->impl.sign = sign;
    L->impl.verify = verify;
}
