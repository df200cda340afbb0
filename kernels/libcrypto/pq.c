/*
 * kernels/libcrypto/pq.c - ML-KEM and ML-DSA of a loaded libcrypto, through the
 * EVP_PKEY functions AWS-LC has for them (no other library this loads has these
 * names), one operation meaning what it means for the built-in variants:
 *
 *   mlkem*   keygen   EVP_PKEY_keygen_deterministic on a context of type KEM given
 *                     the parameter set (EVP_PKEY_CTX_kem_set_params) and keygen_init
 *                     once, from the 64-byte seed d || z: FIPS 203's
 *                     ML-KEM.KeyGen_internal, so the key pair is generic's
 *            encaps   EVP_PKEY_encapsulate_deterministic on a context of the key, from
 *                     the 32-byte message m (ML-KEM.Encaps_internal)
 *            decaps   EVP_PKEY_decapsulate on that context
 *   mldsa*   keygen   EVP_PKEY_pqdsa_new_raw_private_key from the 32-byte seed xi
 *                     (AWS-LC expands a seed of that length with ML-DSA.KeyGen_internal;
 *                     its EVP_PKEY_keygen_deterministic refuses PQDSA keys)
 *            sign     EVP_DigestSignInit with no digest, then the one-shot
 *                     EVP_DigestSign: pure ML-DSA, empty context, hedged (the library
 *                     draws rnd), as pkey.c signs Ed25519
 *            verify   EVP_DigestVerifyInit and EVP_DigestVerify likewise
 *
 * The key type and parameter set numbers come from OBJ_sn2nid ("KEM", "MLKEM768",
 * "MLDSA65"), not from AWS-LC's nid.h.  Key pairs are read back with
 * EVP_PKEY_get_raw_public_key and EVP_PKEY_get_raw_private_key, so the checks
 * compare them with generic's byte for byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/libcrypto/lib.h"
#include "kernels/pkey/kem.h"
#include "kernels/pkey/sig.h"

/* lib_pq: one session's key pair and the contexts it runs on. */
typedef struct lib_pq {
    int kem;          /* else ML-DSA */
    cb_dir dir;
    int nid;          /* the parameter set */
    size_t pub, priv, out; /* ek, dk, ct (KEM) or pk, sk, signature (ML-DSA) */
    obj *gen;         /* KEM: the EVP_PKEY_CTX keys are made on */
    obj *pkey;        /* the session's key pair */
    obj *op;          /* EVP_PKEY_CTX of pkey (encaps, decaps) or EVP_MD_CTX (sign,
                       * verify), made once */
} lib_pq;

/* set_name: the library's short name of a's parameter set ("MLKEM768", "MLDSA65"). */
static void set_name(const cb_alg *a, char *buf, size_t len)
{
    snprintf(buf, len, "%s%u", a->kind == CB_KIND_KEM ? "MLKEM" : "MLDSA", a->key_bits);
}

/* have_kem, have_dsa: the functions each kind needs. */
static int have_kem(const cb_lib *L)
{
    return L->f.OBJ_sn2nid && L->f.EVP_PKEY_CTX_new_id && L->f.EVP_PKEY_CTX_kem_set_params &&
           L->f.EVP_PKEY_keygen_init && L->f.EVP_PKEY_keygen_deterministic &&
           L->f.EVP_PKEY_decapsulate && L->f.EVP_PKEY_CTX_new && L->f.EVP_PKEY_CTX_free &&
           L->f.EVP_PKEY_free && L->f.EVP_PKEY_get_raw_public_key &&
           L->f.EVP_PKEY_get_raw_private_key;
}

static int have_dsa(const cb_lib *L)
{
    return L->f.OBJ_sn2nid && L->f.EVP_PKEY_pqdsa_new_raw_private_key && L->f.EVP_PKEY_free &&
           L->f.EVP_PKEY_get_raw_public_key && L->f.EVP_PKEY_get_raw_private_key &&
           L->f.EVP_DigestSignInit && L->f.EVP_DigestSign && L->f.EVP_DigestVerifyInit &&
           L->f.EVP_DigestVerify;
}

/* nid_of: L's number of a short name, 0 when it has none (or no OBJ_sn2nid). */
static int nid_of(cb_lib *L, const char *sn)
{
    int nid = L->f.OBJ_sn2nid ? L->f.OBJ_sn2nid(sn) : 0;
    cb_lib_clear_errors(L);
    return nid > 0 ? nid : 0;
}

/* set_nid: the number of a's parameter set in L, 0 when L does not know it (for a KEM
 * also the key type KEM). */
static int set_nid(cb_lib *L, const cb_alg *a)
{
    char sn[16];
    set_name(a, sn, sizeof sn);
    if (a->kind == CB_KIND_KEM && !nid_of(L, "KEM"))
        return 0;
    return nid_of(L, sn);
}

int cb_lib_pq_offers(cb_lib *L, const cb_alg *a, cb_dir d)
{
    int kem = a->kind == CB_KIND_KEM;
    if (!(kem ? have_kem(L) : have_dsa(L)) || !set_nid(L, a))
        return 0;
    return !kem || d != CB_DIR_ENCAPS || L->f.EVP_PKEY_encapsulate_deterministic != NULL;
}

const char *cb_lib_pq_why(cb_lib *L, const cb_alg *a, char *buf, size_t len)
{
    char sn[16];
    set_name(a, sn, sizeof sn);
    if (a->kind == CB_KIND_KEM && !have_kem(L))
        snprintf(buf, len, "lacks AWS-LC's EVP_PKEY KEM functions %s is run with "
                 "(EVP_PKEY_CTX_kem_set_params, EVP_PKEY_keygen_deterministic, "
                 "EVP_PKEY_decapsulate, ...)", a->name);
    else if (a->kind == CB_KIND_SIG && !have_dsa(L))
        snprintf(buf, len, "lacks AWS-LC's PQDSA functions %s is run with "
                 "(EVP_PKEY_pqdsa_new_raw_private_key, EVP_DigestSign, ...)", a->name);
    else if (a->kind == CB_KIND_KEM && !nid_of(L, "KEM"))
        snprintf(buf, len, "does not know the key type KEM");
    else if (!set_nid(L, a))
        snprintf(buf, len, "does not know the parameter set %s", sn);
    else
        snprintf(buf, len, "could not be set up for %s", a->name);
    return buf;
}

/* release frees k's key and its contexts. */
static void release(cb_lib *L, lib_pq *k)
{
    cb_lib_free_ctx(L, &k->op, !k->kem);
    cb_lib_free_ctx(L, &k->gen, 0);
    cb_lib_free_pkey(L, &k->pkey);
}

void *cb_lib_pq_new(cb_lib *L, const cb_alg *a, cb_dir d, void **early)
{
    int nid = cb_lib_pq_offers(L, a, d) ? set_nid(L, a) : 0;
    if (!nid)
        return NULL;
    lib_pq *k = cb_xcalloc(1, sizeof *k);
    if (early)
        *early = k;
    k->kem = a->kind == CB_KIND_KEM;
    k->dir = d;
    k->nid = nid;
    int ok;
    if (k->kem) {
        cb_kem_sizes z;
        ok = cb_kem_sizes_of(a, &z) == 0;
        k->pub = z.ek, k->priv = z.dk, k->out = z.ct;
        k->gen = ok ? L->f.EVP_PKEY_CTX_new_id(nid_of(L, "KEM"), NULL) : NULL;
        ok = k->gen && L->f.EVP_PKEY_CTX_kem_set_params(k->gen, nid) == 1 &&
             L->f.EVP_PKEY_keygen_init(k->gen) == 1;
    } else {
        cb_sig_sizes z;
        ok = cb_sig_sizes_of(a, &z) == 0;
        k->pub = z.pk, k->priv = z.sk, k->out = z.sig;
        if (ok && d != CB_DIR_KEYGEN)
            ok = (k->op = L->f.EVP_MD_CTX_new()) != NULL;
    }
    cb_lib_clear_errors(L);
    if (!ok) {
        release(L, k);
        free(k);
        if (early)
            *early = NULL;
        return NULL;
    }
    return k;
}

void cb_lib_pq_free(cb_lib *L, void *p)
{
    release(L, p);
    free(p);
}

void cb_lib_pq_abandon(void *p)
{
    free(p); /* the library's objects stay in its heap: freeing them calls it */
}

/* raw_out copies k's key pair out (either may be NULL), checking the lengths. */
static int raw_out(cb_lib *L, const lib_pq *k, uint8_t *pub, uint8_t *priv)
{
    size_t n = k->pub, m = k->priv;
    return (!pub || (L->f.EVP_PKEY_get_raw_public_key(k->pkey, pub, &n) == 1 && n == k->pub)) &&
                   (!priv ||
                    (L->f.EVP_PKEY_get_raw_private_key(k->pkey, priv, &m) == 1 && m == k->priv))
               ? 0
               : -1;
}

/* failed clears the error queue a refused call left and says -1. */
static int failed(cb_lib *L)
{
    cb_lib_clear_errors(L);
    return -1;
}

static int kem_keygen(cb_alg_session *s, const uint8_t *seed, uint8_t *ek, uint8_t *dk)
{
    cb_lib *L = cb_lib_of(s);
    lib_pq *k = cb_lib_pkey_key(s);
    size_t n = CB_KEM_SEED_BYTES;
    cb_lib_free_ctx(L, &k->op, 0); /* the old key's; the key itself is overwritten */
    if (L->f.EVP_PKEY_keygen_deterministic(k->gen, &k->pkey, seed, &n) != 1 || !k->pkey)
        return failed(L);
    if (k->dir != CB_DIR_KEYGEN && !(k->op = L->f.EVP_PKEY_CTX_new(k->pkey, NULL)))
        return failed(L);
    return raw_out(L, k, ek, dk) ? failed(L) : 0;
}

static int kem_encaps(cb_alg_session *s, const uint8_t *m, uint8_t *c, uint8_t *ss)
{
    cb_lib *L = cb_lib_of(s);
    lib_pq *k = cb_lib_pkey_key(s);
    size_t ct = k->out, n = CB_KEM_SS_BYTES, seed = CB_KEM_MSG_BYTES;
    if (!k->op || !L->f.EVP_PKEY_encapsulate_deterministic ||
        L->f.EVP_PKEY_encapsulate_deterministic(k->op, c, &ct, ss, &n, m, &seed) != 1 ||
        ct != k->out || n != CB_KEM_SS_BYTES)
        return failed(L);
    return 0;
}

static int kem_decaps(cb_alg_session *s, const uint8_t *c, uint8_t *ss)
{
    cb_lib *L = cb_lib_of(s);
    lib_pq *k = cb_lib_pkey_key(s);
    size_t n = CB_KEM_SS_BYTES;
    if (!k->op || L->f.EVP_PKEY_decapsulate(k->op, ss, &n, c, k->out) != 1 ||
        n != CB_KEM_SS_BYTES)
        return failed(L);
    return 0;
}

static int sig_keygen(cb_alg_session *s, const uint8_t *seed, uint8_t *pk, uint8_t *sk)
{
    cb_lib *L = cb_lib_of(s);
    lib_pq *k = cb_lib_pkey_key(s);
    cb_lib_free_pkey(L, &k->pkey);
    k->pkey = L->f.EVP_PKEY_pqdsa_new_raw_private_key(k->nid, seed, CB_SIG_SEED_BYTES);
    if (!k->pkey)
        return failed(L);
    return raw_out(L, k, pk, sk) ? failed(L) : 0;
}

size_t cb_lib_pq_sig_max(cb_alg_session *s)
{
    return ((lib_pq *)cb_lib_pkey_key(s))->out;
}

/* The context is set up for every signature, as pkey.c's evp_sign explains. */
int cb_lib_pq_sign(cb_alg_session *s, const uint8_t *msg, size_t len, uint8_t *sig,
                   size_t *siglen)
{
    static const uint8_t none[1];
    cb_lib *L = cb_lib_of(s);
    lib_pq *k = cb_lib_pkey_key(s);
    size_t n = *siglen;
    if (!k->pkey || !k->op || k->dir != CB_DIR_SIGN || n < k->out ||
        L->f.EVP_DigestSignInit(k->op, NULL, NULL, NULL, k->pkey) != 1 ||
        L->f.EVP_DigestSign(k->op, sig, &n, len ? msg : none, len) != 1 || n != k->out)
        return failed(L);
    *siglen = n;
    return 0;
}

int cb_lib_pq_verify(cb_alg_session *s, const uint8_t *msg, size_t len, const uint8_t *sig,
                     size_t siglen)
{
    static const uint8_t none[1];
    cb_lib *L = cb_lib_of(s);
    lib_pq *k = cb_lib_pkey_key(s);
    int ok = k->pkey && k->op && k->dir == CB_DIR_VERIFY &&
             L->f.EVP_DigestVerifyInit(k->op, NULL, NULL, NULL, k->pkey) == 1 &&
             L->f.EVP_DigestVerify(k->op, sig, siglen, len ? msg : none, len) == 1;
    return ok ? 0 : failed(L);
}

void cb_lib_pq_setup(cb_lib *L)
{
    L->impl.kem_keygen = kem_keygen;
    L->impl.kem_encaps = kem_encaps;
    L->impl.kem_decaps = kem_decaps;
    L->impl.sig_keygen = sig_keygen;
}
