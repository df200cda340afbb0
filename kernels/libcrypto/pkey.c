/*
 * kernels/libcrypto/pkey.c - signatures and key agreement of a loaded libcrypto with
 * the keys the built-in variants use (kernels/pkey/pkey_keys.c, ec_keys.c), so each
 * side verifies what the other signs and derives the same secret:
 *
 *   rsa*, dsa*   SHA-256 of the message by the library's own EVP_Digest, then
 *                RSA_sign / RSA_verify with NID_sha256 (PKCS#1 v1.5) or DSA_do_sign /
 *                DSA_do_verify, the DSA signature as r || s of ceil(N/8) bytes each,
 *                as kernels/pkey/pkey.h has it.  The library draws its own DSA nonces.
 *   ffdh*        DH_set0_pqg with p and g = 2 (no q: the library's derive checks only
 *                2 <= y <= p - 2, as ours does), DH_set0_key with our x and y, then one
 *                DH_compute_key_padded with the peer's BIGNUM per operation: the
 *                secret padded to p's length, as ours.  `openssl speed ffdh2048`
 *                reaches the same computation through EVP_PKEY_derive; DH_* is
 *                used because BoringSSL and AWS-LC have it too (no OSSL_PARAM).
 *   EVP_PKEY     the rows of evp_rows below: the key made an EVP_PKEY once per
 *                session; one signature is EVP_DigestSignInit with that key and the
 *                row's digest, then the one-shot EVP_DigestSign (verify likewise);
 *                one key agreement is EVP_PKEY_derive on a context given the peer
 *                key once, as `openssl speed` times ecdh.
 *   curves       ecdsap256 and the ecdsa<id> / ecdh<id> rows: kernels/libcrypto/pkey_ec.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/libcrypto/lib.h"
#include "kernels/pkey/pkey_impl.h"

#define NID_SHA256 672 /* obj_mac.h's number, shared by every OpenSSL-compatible library */

/* raw_key: an embedded key as the bytes EVP_PKEY_new_raw_*_key take. */
typedef struct raw_key {
    uint8_t priv[CB_ED448_BYTES], pub[CB_ED448_BYTES]; /* pub: ours (a signature) or the
                                                        * peer's (agreement) */
    size_t len; /* bytes of each: 32 (X25519, Ed25519), 56 (X448), 57 (Ed448) */
} raw_key;

/*
 * evp_row: an algorithm the library runs through EVP_PKEY.  type is the key type's
 * short name, which OBJ_sn2nid turns into the library's own number (OpenSSL's
 * EVP_PKEY_X25519 is 1034, BoringSSL's 948); embedded reads the algorithm's embedded
 * key; md names the digest's EVP_ function for EVP_DigestSignInit (NULL: the
 * algorithm hashes the message itself); sig_len is a signature's length (0: a key
 * agreement, whose secret is alg->out_bytes long).
 */
typedef struct evp_row {
    const char *alg;
    const char *type;
    int (*embedded)(const cb_alg *a, raw_key *k);
    const char *md;
    size_t sig_len;
} evp_row;

typedef struct lib_pkey {
    int dsa;          /* else RSA, unless dh */
    int dh;           /* an ffdh* key agreement: key is a DH, peer a BIGNUM */
    obj *key;         /* RSA, DSA or DH */
    size_t nb;        /* DSA: bytes of r and of s */
    size_t sig_max;
    const obj *sha256;
    /* an evp_rows algorithm: */
    const evp_row *row;
    cb_dir dir;
    int nid;
    const obj *md;    /* the row's digest, NULL for none */
    obj *pkey;        /* ours: private (sign, derive) or public (verify) */
    obj *peer;        /* derive: the peer's public key (EVP_PKEY; BIGNUM for DH) */
    obj *op;          /* EVP_MD_CTX (sign, verify) or EVP_PKEY_CTX given the peer */
    cb_lib_ec *ec;    /* a curve's row (pkey_ec.c) */
} lib_pkey;

/* raw_len: the raw key length of a's curve. */
static size_t raw_len(const cb_alg *a)
{
    if (a->prim != CB_PRIM_C448)
        return 32;
    return a->out_bytes ? CB_X448_BYTES : CB_ED448_BYTES;
}

static int x25519_embedded(const cb_alg *a, raw_key *k)
{
    k->len = raw_len(a);
    for (const cb_x25519_keyhex *h = cb_x25519_keys; h->alg; h++)
        if (strcmp(h->alg, a->name) == 0)
            return cb_hex_bytes(k->priv, k->len, h->priv) ||
                   cb_hex_bytes(k->pub, k->len, h->peer);
    return -1;
}

static int ed25519_embedded(const cb_alg *a, raw_key *k)
{
    k->len = raw_len(a);
    for (const cb_ed25519_keyhex *h = cb_ed25519_keys; h->alg; h++)
        if (strcmp(h->alg, a->name) == 0)
            return cb_hex_bytes(k->priv, k->len, h->priv) ||
                   cb_hex_bytes(k->pub, k->len, h->pub);
    return -1;
}

/* The X448 and Ed448 rows read their keys as X25519 and Ed25519 do (pkey_impl.h). */
static const evp_row evp_rows[] = {
    {"ecdhx25519", "X25519", x25519_embedded, NULL, 0},
    {"ed25519", "ED25519", ed25519_embedded, NULL, 64},
    {"ecdhx448", "X448", x25519_embedded, NULL, 0},
    {"ed448", "ED448", ed25519_embedded, NULL, CB_ED448_SIG_BYTES},
};

static const evp_row *evp_row_of(const cb_alg *a)
{
    for (size_t i = 0; i < sizeof evp_rows / sizeof evp_rows[0]; i++)
        if (strcmp(evp_rows[i].alg, a->name) == 0)
            return &evp_rows[i];
    return NULL;
}

/* evp_have: the functions an evp_rows algorithm needs (sig_len 0: derive). */
static int evp_have(const cb_lib *L, const evp_row *r)
{
    int keys = L->f.OBJ_sn2nid && L->f.EVP_PKEY_new_raw_private_key &&
               L->f.EVP_PKEY_new_raw_public_key && L->f.EVP_PKEY_free;
    if (!r->sig_len)
        return keys && L->f.EVP_PKEY_CTX_new && L->f.EVP_PKEY_CTX_free &&
               L->f.EVP_PKEY_derive_init && L->f.EVP_PKEY_derive_set_peer &&
               L->f.EVP_PKEY_derive;
    return keys && L->f.EVP_DigestSignInit && L->f.EVP_DigestSign &&
           L->f.EVP_DigestVerifyInit && L->f.EVP_DigestVerify;
}

/* have: the functions RSA (dsa 0) or DSA (dsa 1) keys and signatures or DH (dsa 2)
 * key agreement need */
static int have(const cb_lib *L, int dsa)
{
    int bn = L->f.BN_hex2bn && L->f.BN_bin2bn && L->f.BN_bn2bin && L->f.BN_num_bits &&
             L->f.BN_free;
    if (dsa == 2)
        return bn && L->f.DH_new && L->f.DH_free && L->f.DH_set0_pqg && L->f.DH_set0_key &&
               L->f.DH_compute_key_padded;
    if (dsa)
        return bn && L->f.DSA_new && L->f.DSA_free && L->f.DSA_set0_pqg &&
               L->f.DSA_set0_key && L->f.DSA_do_sign && L->f.DSA_do_verify &&
               L->f.DSA_SIG_new && L->f.DSA_SIG_free && L->f.DSA_SIG_set0 &&
               L->f.DSA_SIG_get0;
    return bn && L->f.RSA_new && L->f.RSA_free && L->f.RSA_set0_key &&
           L->f.RSA_set0_factors && L->f.RSA_set0_crt_params && L->f.RSA_size &&
           L->f.RSA_sign && L->f.RSA_verify;
}

/* bns reads n hex numbers; on failure frees what it read and returns -1. */
static int bns(cb_lib *L, obj **out, const char *const *hex, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!(out[i] = cb_lib_bn_hex(L, hex[i]))) {
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

/* dh_key makes a DH of an embedded ffdh key, and the peer's public key into *peer. */
static obj *dh_key(cb_lib *L, const cb_ffdh_keyhex *k, obj **peer)
{
    const char *hex[] = {k->p, "02", k->y, k->x, k->peer};
    obj *b[5];
    if (bns(L, b, hex, 5) != 0)
        return NULL;
    obj *dh = L->f.DH_new();
    if (!dh || L->f.DH_set0_pqg(dh, b[0], NULL, b[1]) != 1) {
        for (size_t i = 0; i < 5; i++)
            L->f.BN_free(b[i]);
        if (dh)
            L->f.DH_free(dh);
        return NULL;
    }
    if (L->f.DH_set0_key(dh, b[2], b[3]) != 1) {
        for (size_t i = 2; i < 5; i++)
            L->f.BN_free(b[i]);
        L->f.DH_free(dh);
        return NULL;
    }
    *peer = b[4];
    return dh;
}

/* evp_release frees k's EVP_PKEYs and operation context. */
static void evp_release(cb_lib *L, lib_pkey *k)
{
    cb_lib_free_ctx(L, &k->op, k->row->sig_len != 0);
    cb_lib_free_pkey(L, &k->pkey);
    cb_lib_free_pkey(L, &k->peer);
}

/*
 * evp_keys makes k's keys from raw bytes - the private key (sign, derive) or our
 * public key (verify), and for a key agreement the peer's public key, given to a
 * context set up for derivation once - replacing any it had; 0 or -1.
 */
static int evp_keys(cb_lib *L, lib_pkey *k, const uint8_t *priv, size_t privlen,
                    const uint8_t *pub, size_t publen)
{
    int verify = k->row->sig_len && k->dir == CB_DIR_VERIFY, ok;
    evp_release(L, k);
    if (verify)
        k->pkey = pub ? L->f.EVP_PKEY_new_raw_public_key(k->nid, NULL, pub, publen) : NULL;
    else
        k->pkey = priv ? L->f.EVP_PKEY_new_raw_private_key(k->nid, NULL, priv, privlen) : NULL;
    if (!k->pkey) {
        ok = 0;
    } else if (k->row->sig_len) {
        ok = (k->op = L->f.EVP_MD_CTX_new()) != NULL;
    } else {
        k->peer = pub ? L->f.EVP_PKEY_new_raw_public_key(k->nid, NULL, pub, publen) : NULL;
        k->op = k->peer ? L->f.EVP_PKEY_CTX_new(k->pkey, NULL) : NULL;
        ok = k->op && L->f.EVP_PKEY_derive_init(k->op) == 1 &&
             L->f.EVP_PKEY_derive_set_peer(k->op, k->peer) == 1;
    }
    if (!ok) {
        evp_release(L, k);
        cb_lib_clear_errors(L);
        return -1;
    }
    return 0;
}

/* evp_md: the row's digest in L, or NULL for none (or when L lacks it: *missing). */
static const obj *evp_md(cb_lib *L, const evp_row *r, int *missing)
{
    const obj *(*get)(void) = NULL;
    if (r->md)
        *(void **)&get = cb_lib_sym(L, r->md);
    *missing = r->md && !get;
    return get ? get() : NULL;
}

/* evp_new: an evp_rows algorithm's embedded key in L for direction d. */
static lib_pkey *evp_new(cb_lib *L, const cb_alg *a, const evp_row *r, cb_dir d,
                         void **early)
{
    raw_key rk;
    int missing = 0;
    if (!evp_have(L, r) || r->embedded(a, &rk) != 0)
        return NULL;
    lib_pkey *k = cb_xcalloc(1, sizeof *k);
    if (early)
        *early = k;
    k->row = r;
    k->dir = d;
    k->sig_max = r->sig_len ? r->sig_len : a->out_bytes;
    k->nid = L->f.OBJ_sn2nid(r->type);
    k->md = evp_md(L, r, &missing);
    if (k->nid <= 0 || missing ||
        evp_keys(L, k, rk.priv, rk.len, rk.pub, rk.len) != 0) {
        free(k);
        k = NULL;
        if (early)
            *early = NULL;
    }
    cb_wipe(&rk, sizeof rk);
    cb_lib_clear_errors(L);
    return k;
}

void *cb_lib_pkey_new(cb_lib *L, const cb_alg *a, cb_dir dir, void **early)
{
    const evp_row *row = evp_row_of(a);
    if (row)
        return evp_new(L, a, row, dir, early);
    int is_ec = 0;
    cb_lib_ec *ec = cb_lib_ec_new(L, a, &is_ec);
    if (is_ec) {
        lib_pkey *k = ec ? cb_xcalloc(1, sizeof *k) : NULL;
        if (k) {
            k->ec = ec;
            k->sig_max = cb_lib_ec_sig_max(ec);
        }
        if (early)
            *early = k;
        return k;
    }
    lib_pkey *k = cb_xcalloc(1, sizeof *k);
    if (early)
        *early = k;
    const obj *(*sha256)(void);
    *(void **)&sha256 = cb_lib_sym(L, "EVP_sha256");
    k->sha256 = sha256 ? sha256() : NULL;
    const cb_rsa_keyhex *r = cb_rsa_key_find(a->name);
    if (r && k->sha256 && have(L, 0) && (k->key = rsa_key(L, r)))
        k->sig_max = (size_t)L->f.RSA_size(k->key);
    for (const cb_dsa_keyhex *d = cb_dsa_keys; k->sha256 && !k->key && d->alg; d++)
        if (strcmp(d->alg, a->name) == 0 && have(L, 1) && (k->key = dsa_key(L, d, &k->nb))) {
            k->dsa = 1;
            k->sig_max = 2 * k->nb;
        }
    const cb_ffdh_keyhex *fk = cb_ffdh_find(a->name);
    if (fk && have(L, 2) && (k->key = dh_key(L, fk, &k->peer))) {
        k->dh = 1;
        k->sig_max = a->out_bytes;
    }
    cb_lib_clear_errors(L);
    if (!k->key) {
        free(k);
        if (early)
            *early = NULL;
        return NULL;
    }
    return k;
}

void cb_lib_pkey_abandon(void *p)
{
    free(p); /* the library's key objects stay in its heap: freeing them calls it */
}

void cb_lib_pkey_free(cb_lib *L, void *p)
{
    lib_pkey *k = p;
    if (k->ec) {
        cb_lib_ec_free(L, k->ec);
    } else if (k->row) {
        evp_release(L, k);
    } else if (k->dh) {
        L->f.DH_free(k->key);
        L->f.BN_free(k->peer);
    } else if (k->dsa)
        L->f.DSA_free(k->key);
    else
        L->f.RSA_free(k->key);
    free(k);
}

/* sign, verify and sig_max serve ML-DSA (CB_KIND_SIG) too, through pq.c. */
static size_t sig_max(cb_alg_session *s)
{
    if (s->alg->kind == CB_KIND_SIG)
        return cb_lib_pq_sig_max(s);
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
            rc = r && t && cb_lib_bn_put(L, r, sig, k->nb) == 0 &&
                             cb_lib_bn_put(L, t, sig + k->nb, k->nb) == 0
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

/* evp_sign: EVP_DigestSignInit with the session's key, then the one-shot
 * EVP_DigestSign.  The context is set up for every signature because a one-shot
 * signature may leave it finished (OpenSSL 3 marks it so); setting it up again with
 * the same key keeps its EVP_PKEY_CTX in every library. */
static int evp_sign(cb_lib *L, lib_pkey *k, const uint8_t *msg, size_t len, uint8_t *sig,
                    size_t *siglen)
{
    static const uint8_t none[1];
    size_t n = *siglen;
    if (n < k->sig_max || k->dir != CB_DIR_SIGN ||
        L->f.EVP_DigestSignInit(k->op, NULL, k->md, NULL, k->pkey) != 1 ||
        L->f.EVP_DigestSign(k->op, sig, &n, len ? msg : none, len) != 1) {
        cb_lib_clear_errors(L);
        return -1;
    }
    *siglen = n;
    return 0;
}

static int evp_verify(cb_lib *L, lib_pkey *k, const uint8_t *msg, size_t len,
                      const uint8_t *sig, size_t siglen)
{
    static const uint8_t none[1];
    int ok = k->dir == CB_DIR_VERIFY &&
             L->f.EVP_DigestVerifyInit(k->op, NULL, k->md, NULL, k->pkey) == 1 &&
             L->f.EVP_DigestVerify(k->op, sig, siglen, len ? msg : none, len) == 1;
    if (!ok)
        cb_lib_clear_errors(L);
    return ok ? 0 : -1;
}

static int sign(cb_alg_session *s, const uint8_t *msg, size_t len, uint8_t *sig,
                size_t *siglen)
{
    if (s->alg->kind == CB_KIND_SIG)
        return cb_lib_pq_sign(s, msg, len, sig, siglen);
    lib_pkey *k = cb_lib_pkey_key(s);
    if (k->ec)
        return cb_lib_ec_sign(cb_lib_of(s), k->ec, msg, len, sig, siglen);
    if (k->row)
        return k->row->sig_len ? evp_sign(cb_lib_of(s), k, msg, len, sig, siglen) : -1;
    if (k->dh)
        return -1;
    return do_sign(cb_lib_of(s), k, msg, len, sig, siglen);
}

static int verify(cb_alg_session *s, const uint8_t *msg, size_t len, const uint8_t *sig,
                  size_t siglen)
{
    if (s->alg->kind == CB_KIND_SIG)
        return cb_lib_pq_verify(s, msg, len, sig, siglen);
    lib_pkey *k = cb_lib_pkey_key(s);
    if (k->ec)
        return cb_lib_ec_verify(cb_lib_of(s), k->ec, msg, len, sig, siglen);
    if (k->row)
        return k->row->sig_len ? evp_verify(cb_lib_of(s), k, msg, len, sig, siglen) : -1;
    if (k->dh)
        return -1;
    return do_verify(cb_lib_of(s), k, msg, len, sig, siglen);
}

/* derive: one EVP_PKEY_derive on the context given the peer key once, or one
 * DH_compute_key_padded (ffdh*). */
static int derive(cb_alg_session *s, uint8_t *out, size_t *outlen)
{
    cb_lib *L = cb_lib_of(s);
    lib_pkey *k = cb_lib_pkey_key(s);
    size_t n = k->sig_max;
    if (k->ec)
        return cb_lib_ec_derive(L, k->ec, out, outlen);
    if (k->dh) {
        if (*outlen < n || L->f.DH_compute_key_padded(out, k->peer, k->key) != (int)n) {
            cb_lib_clear_errors(L);
            return -1;
        }
        *outlen = n;
        return 0;
    }
    if (!k->row || k->row->sig_len || *outlen < n ||
        L->f.EVP_PKEY_derive(k->op, out, &n) != 1 || n != k->sig_max) {
        cb_lib_clear_errors(L);
        return -1;
    }
    *outlen = n;
    return 0;
}

/* pkey_raw: the EVP_PKEY rows take raw keys; RSA and DSA keys have no raw form. */
static int pkey_raw(cb_alg_session *s, const uint8_t *priv, size_t privlen, const uint8_t *pub,
                    size_t publen)
{
    lib_pkey *k = cb_lib_pkey_key(s);
    if (!k->row)
        return -1;
    int verify_only = k->row->sig_len && k->dir == CB_DIR_VERIFY;
    if (verify_only ? !pub : !priv || (!k->row->sig_len && !pub))
        return -1;
    return evp_keys(cb_lib_of(s), k, priv, privlen, pub, publen);
}

int cb_lib_pkey_try(cb_lib *L, const cb_alg *a)
{
    const evp_row *r = evp_row_of(a);
    if (r) { /* the names only: making an Ed25519 key computes its public key, which
              * runs under the fault guard when a session is opened */
        raw_key rk;
        int missing = 0;
        int ok = evp_have(L, r) && r->embedded(a, &rk) == 0 && L->f.OBJ_sn2nid(r->type) > 0;
        evp_md(L, r, &missing);
        cb_wipe(&rk, sizeof rk);
        cb_lib_clear_errors(L);
        return ok && !missing;
    }
    lib_pkey *k = cb_lib_pkey_new(L, a, CB_DIR_SIGN, NULL); /* bignum parsing only: no signature runs */
    if (!k)
        return 0;
    cb_lib_pkey_free(L, k);
    return 1;
}

const char *cb_lib_pkey_why(cb_lib *L, const cb_alg *a, char *buf, size_t len)
{
    if (cb_lib_ec_why(L, a, buf, len))
        return buf;
    const evp_row *r = evp_row_of(a);
    raw_key rk;
    int missing = 0;
    if (!r) {
        int rsa = cb_rsa_key_find(a->name) != NULL, dsa = 0;
        for (const cb_dsa_keyhex *k = cb_dsa_keys; k->alg; k++)
            dsa |= strcmp(k->alg, a->name) == 0;
        if (rsa || dsa)
            snprintf(buf, len, "lacks one of the %s, BN_* or EVP_sha256 functions it is "
                     "signed with", rsa ? "RSA_*" : "DSA_*");
        else if (cb_ffdh_find(a->name))
            snprintf(buf, len, "lacks one of the DH_* or BN_* functions %s is derived with "
                     "(DH_compute_key_padded, ...)", a->name);
        else /* a public-key row with no library path in this file yet */
            snprintf(buf, len, "is not given %s: kernels/libcrypto/pkey.c has no row for it",
                     a->name);
    } else if (!evp_have(L, r)) {
        snprintf(buf, len, "lacks the EVP_PKEY functions %s is run with (%s)", a->name,
                 r->sig_len ? "EVP_PKEY_new_raw_private_key, EVP_DigestSign, ..."
                            : "EVP_PKEY_new_raw_private_key, EVP_PKEY_derive, ...");
    } else if (L->f.OBJ_sn2nid(r->type) <= 0) {
        snprintf(buf, len, "does not know the key type %s", r->type);
    } else {
        evp_md(L, r, &missing);
        if (missing)
            snprintf(buf, len, "has no %s", r->md);
        else if (r->embedded(a, &rk) != 0)
            snprintf(buf, len, "is not given %s: its embedded key did not decode", a->name);
        else
            snprintf(buf, len, "could not be set up for %s", a->name);
        cb_wipe(&rk, sizeof rk);
    }
    cb_lib_clear_errors(L);
    return buf;
}

void cb_lib_pkey_setup(cb_lib *L)
{
    L->impl.sig_max = sig_max;
    L->impl.sign = sign;
    L->impl.verify = verify;
    L->impl.derive = derive;
    L->impl.pkey_raw = pkey_raw;
}
