/*
 * kernels/op.c - op.h's operations on either kind of variant.
 *
 * kinds[] is the list of operation kinds, one row each: how the kind is keyed on a
 * layered variant (kernels/modes/, kernels/pkey/), how on a whole variant's session,
 * and how the layered state is freed.  Every cb_op_<operation> below is one line of
 * dispatch: the session's cb_alg_impl member, or the message layer's function.
 */
#include "kernels/op.h"

#include <string.h>

#include "kernels/modes/digest.h"
#include "kernels/pkey/kem.h"
#include "kernels/pkey/pkey.h"
#include "kernels/pkey/sig.h"
#include "kernels/registry.h"

struct op_kind {
    cb_kind kind;
    int (*lay_start)(cb_op *o, const uint8_t *iv);
    int (*whole_start)(cb_op *o, const uint8_t *iv);
    void (*lay_stop)(cb_op *o);
};

/* ---- keying, per kind -------------------------------------------------------------- */

static int none_start(cb_op *o, const uint8_t *iv)
{
    (void)o, (void)iv;
    return 0;
}

static void none_stop(cb_op *o) { (void)o; }

static int cipher_start(cb_op *o, const uint8_t *iv)
{
    return cb_cipher_init_key(&o->lay.cipher, o->alg, o->var, o->dir, o->key, o->key_len, iv);
}

/* whole_cipher_start: a session takes only the algorithm's own key length. */
static int whole_cipher_start(cb_op *o, const uint8_t *iv)
{
    if (o->key_len != cb_alg_key_bytes(o->alg))
        return -1;
    return o->s.impl->cipher_init(&o->s, o->key, iv) ? -1 : 0;
}

static void cipher_stop(cb_op *o) { cb_cipher_free(&o->lay.cipher); }

static int aead_start(cb_op *o, const uint8_t *iv)
{
    (void)iv;
    return cb_aead_init(&o->lay.aead, o->alg, o->var, o->key);
}

static int whole_aead_start(cb_op *o, const uint8_t *iv)
{
    (void)iv;
    return o->s.impl->aead_init(&o->s, o->key) ? -1 : 0;
}

static void aead_stop(cb_op *o) { cb_aead_free(&o->lay.aead); }

static int ghash_start(cb_op *o, const uint8_t *iv)
{
    (void)iv;
    return cb_ghash_init(&o->lay.ghash, o->var, o->key);
}

static void ghash_stop(cb_op *o) { cb_ghash_free(&o->lay.ghash); }

static int hmac_start(cb_op *o, const uint8_t *iv)
{
    (void)iv;
    return cb_hmac_init(&o->lay.hmac, o->alg, o->var, o->key, o->key_len);
}

/* whole_mac_start: HMAC and CMAC both key a session's mac_init. */
static int whole_mac_start(cb_op *o, const uint8_t *iv)
{
    (void)iv;
    return o->s.impl->mac_init(&o->s, o->key, o->key_len) ? -1 : 0;
}

static void hmac_stop(cb_op *o) { cb_hmac_free(&o->lay.hmac); }

static int cmac_start(cb_op *o, const uint8_t *iv)
{
    (void)iv;
    return cb_cmac_init(&o->lay.cmac, o->alg, o->var, o->key, o->key_len);
}

static void cmac_stop(cb_op *o) { cb_cmac_free(&o->lay.cmac); }

static int rand_start(cb_op *o, const uint8_t *iv)
{
    (void)iv;
    if (cb_drbg_new(&o->lay.drbg, o->alg, o->var) != 0)
        return -1;
    if (cb_drbg_seed(&o->lay.drbg) == 0)
        return 0;
    cb_drbg_free(&o->lay.drbg);
    return -1;
}

static void rand_stop(cb_op *o) { cb_drbg_free(&o->lay.drbg); }

static int pkey_start(cb_op *o, const uint8_t *iv)
{
    (void)iv;
    o->lay.pkey = cb_pkey_new(o->alg, o->var);
    return o->lay.pkey ? 0 : -1;
}

static void pkey_stop(cb_op *o) { cb_pkey_free(o->lay.pkey); }

static int kem_start(cb_op *o, const uint8_t *iv)
{
    (void)iv;
    o->lay.kem = cb_kem_new(o->alg, o->var);
    return o->lay.kem ? 0 : -1;
}

static void kem_stop(cb_op *o) { cb_kem_free(o->lay.kem); }

static int sig_start(cb_op *o, const uint8_t *iv)
{
    (void)iv;
    o->lay.sig = cb_sig_new(o->alg, o->var);
    return o->lay.sig ? 0 : -1;
}

static void sig_stop(cb_op *o) { cb_sig_free(o->lay.sig); }

/* A kind without a whole row (GHASH) is not one a cb_alg_impl serves. */
static const struct op_kind kinds[] = {
    {CB_KIND_DIGEST, none_start, none_start, none_stop},
    {CB_KIND_CIPHER, cipher_start, whole_cipher_start, cipher_stop},
    {CB_KIND_AEAD, aead_start, whole_aead_start, aead_stop},
    {CB_KIND_MAC, ghash_start, NULL, ghash_stop},
    {CB_KIND_HMAC, hmac_start, whole_mac_start, hmac_stop},
    {CB_KIND_PKEY, pkey_start, none_start, pkey_stop},
    {CB_KIND_KEM, kem_start, none_start, kem_stop},
    {CB_KIND_SIG, sig_start, none_start, sig_stop},
    {CB_KIND_CMAC, cmac_start, whole_mac_start, cmac_stop},
    {CB_KIND_RAND, rand_start, none_start, rand_stop},
};

static const struct op_kind *kind_of(cb_kind k)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].kind == k)
            return &kinds[i];
    return NULL;
}

/* ---- start and stop ---------------------------------------------------------------- */

int cb_op_start(cb_op *o, const cb_alg *a, const cb_variant *v, cb_dir d, const uint8_t *key,
                size_t key_len, const uint8_t *iv)
{
    memset(o, 0, sizeof *o);
    o->alg = a;
    o->var = v;
    o->dir = d;
    o->key = key;
    o->key_len = key_len;
    o->kind = kind_of(a->kind);
    if (!o->kind)
        return CB_OP_NO_SESSION;
    if (!cb_variant_impl(v)) {
        if (o->kind->lay_start(o, iv) != 0)
            return -1;
        o->keyed = 1;
        return 0;
    }
    if (!o->kind->whole_start || cb_alg_session_open(&o->s, a, v, d) != 0) {
        cb_alg_session_close(&o->s);
        o->s.impl = NULL;
        return CB_OP_NO_SESSION;
    }
    if (o->kind->whole_start(o, iv) == 0)
        return 0;
    cb_op_stop(o);
    return -1;
}

void cb_op_stop(cb_op *o)
{
    if (o->s.impl) {
        cb_alg_session_close(&o->s);
        o->s.impl = NULL;
    }
    if (o->keyed)
        o->kind->lay_stop(o);
    o->keyed = 0;
}

void cb_op_abandon(cb_op *o)
{
    if (o->s.impl) {
        cb_alg_session_abandon(&o->s);
        o->s.impl = NULL;
    }
    o->keyed = 0;
}

int cb_op_whole(const cb_op *o) { return o->s.impl != NULL; }

int cb_op_restart(cb_op *o, const uint8_t *iv)
{
    if (o->s.impl)
        return o->kind->whole_start(o, iv);
    if (o->alg->kind == CB_KIND_CIPHER) {
        cb_cipher_set_iv(&o->lay.cipher, iv);
        return 0;
    }
    o->kind->lay_stop(o);
    o->keyed = o->kind->lay_start(o, iv) == 0;
    return o->keyed ? 0 : -1;
}

/* ---- the operations: the session's member, or the message layer -------------------- */

int cb_op_digest(cb_op *o, const uint8_t *in, size_t len, uint8_t *out)
{
    if (o->s.impl)
        return o->s.impl->digest(&o->s, in, len, out) ? -1 : 0;
    cb_digest(o->alg, o->var, in, len, out);
    return 0;
}

int cb_op_cipher(cb_op *o, const uint8_t *in, uint8_t *out, size_t len)
{
    if (o->s.impl)
        return o->s.impl->cipher_update(&o->s, in, out, len) ? -1 : 0;
    return cb_cipher_update(&o->lay.cipher, in, out, len);
}

int cb_op_seal(cb_op *o, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
               const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag, size_t taglen)
{
    if (o->s.impl)
        return o->s.impl->aead_seal(&o->s, iv, ivlen, aad, aadlen, in, out, len, tag, taglen)
                   ? -1
                   : 0;
    return cb_aead_seal(&o->lay.aead, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
}

int cb_op_unseal(cb_op *o, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                 size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                 const uint8_t *tag, size_t taglen)
{
    if (o->s.impl)
        return o->s.impl->aead_open(&o->s, iv, ivlen, aad, aadlen, in, out, len, tag, taglen)
                   ? -1
                   : 0;
    return cb_aead_open(&o->lay.aead, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
}

int cb_op_mac(cb_op *o, const uint8_t *in, size_t len, uint8_t *out)
{
    if (o->s.impl)
        return o->s.impl->mac(&o->s, in, len, out) ? -1 : 0;
    if (o->alg->kind == CB_KIND_CMAC)
        cb_cmac_mac(&o->lay.cmac, in, len, out);
    else
        cb_hmac_mac(&o->lay.hmac, in, len, out);
    return 0;
}

int cb_op_rand(cb_op *o, uint8_t *out, size_t len)
{
    if (o->s.impl)
        return o->s.impl->rand(&o->s, out, len) ? -1 : 0;
    return cb_drbg_bytes(&o->lay.drbg, out, len);
}

int cb_op_ghash(cb_op *o, const uint8_t *in, size_t len)
{
    cb_ghash_update(&o->lay.ghash, in, len);
    return 0;
}

size_t cb_op_sig_max(cb_op *o)
{
    if (o->s.impl)
        return o->s.impl->sig_max(&o->s);
    if (o->alg->kind == CB_KIND_SIG)
        return cb_sig_max(o->lay.sig);
    return cb_pkey_sig_max(o->lay.pkey);
}

int cb_op_sign(cb_op *o, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    if (o->s.impl)
        return o->s.impl->sign(&o->s, msg, len, sig, siglen) ? -1 : 0;
    if (o->alg->kind == CB_KIND_SIG)
        return cb_sig_sign(o->lay.sig, msg, len, NULL, sig, siglen);
    return cb_pkey_sign(o->lay.pkey, msg, len, sig, siglen);
}

int cb_op_verify(cb_op *o, const uint8_t *msg, size_t len, const uint8_t *sig,
                 size_t siglen)
{
    if (o->s.impl)
        return o->s.impl->verify(&o->s, msg, len, sig, siglen) ? -1 : 0;
    if (o->alg->kind == CB_KIND_SIG)
        return cb_sig_verify(o->lay.sig, msg, len, sig, siglen);
    return cb_pkey_verify(o->lay.pkey, msg, len, sig, siglen);
}

int cb_op_derive(cb_op *o, uint8_t *out, size_t *outlen)
{
    if (o->s.impl)
        return o->s.impl->derive(&o->s, out, outlen) ? -1 : 0;
    return cb_pkey_derive(o->lay.pkey, out, outlen);
}

int cb_op_raw(cb_op *o, const uint8_t *priv, size_t privlen, const uint8_t *pub,
              size_t publen)
{
    if (!o->s.impl || !o->s.impl->pkey_raw)
        return CB_OP_NO_RAW;
    return o->s.impl->pkey_raw(&o->s, priv, privlen, pub, publen) ? -1 : 0;
}

int cb_op_takes_raw(const cb_variant *v)
{
    const cb_alg_impl *m = cb_variant_impl(v);
    return m && m->pkey_raw;
}

int cb_op_kem_keygen(cb_op *o, const uint8_t *seed, uint8_t *ek, uint8_t *dk)
{
    if (o->s.impl)
        return o->s.impl->kem_keygen(&o->s, seed, ek, dk) ? -1 : 0;
    return cb_kem_keygen(o->lay.kem, seed, ek, dk);
}

int cb_op_kem_encaps(cb_op *o, const uint8_t *m, uint8_t *c, uint8_t *ss)
{
    if (o->s.impl)
        return o->s.impl->kem_encaps(&o->s, m, c, ss) ? -1 : 0;
    return cb_kem_encaps(o->lay.kem, m, c, ss);
}

int cb_op_kem_decaps(cb_op *o, const uint8_t *c, uint8_t *ss)
{
    if (o->s.impl)
        return o->s.impl->kem_decaps(&o->s, c, ss) ? -1 : 0;
    return cb_kem_decaps(o->lay.kem, c, ss);
}

/* A whole variant makes its signature key pair in its session (sig_keygen) and signs
 * only hedged, drawing its own randomness. */
int cb_op_sig_keygen(cb_op *o, const uint8_t *seed, uint8_t *pk, uint8_t *sk)
{
    if (o->s.impl)
        return o->s.impl->sig_keygen(&o->s, seed, pk, sk) ? -1 : 0;
    return cb_sig_keygen(o->lay.sig, seed, pk, sk);
}

int cb_op_sig_sign(cb_op *o, const uint8_t *msg, size_t len, const uint8_t *rnd, uint8_t *sig,
                   size_t *siglen)
{
    if (o->s.impl)
        return rnd ? -1 : cb_op_sign(o, msg, len, sig, siglen);
    return cb_sig_sign(o->lay.sig, msg, len, rnd, sig, siglen);
}

int cb_op_sig_takes_rnd(const cb_variant *v) { return cb_variant_impl(v) == NULL; }

int cb_op_kem_set_keys(cb_op *o, const uint8_t *ek, const uint8_t *dk)
{
    return o->s.impl ? -1 : cb_kem_set_keys(o->lay.kem, ek, dk);
}

int cb_op_sig_set_keys(cb_op *o, const uint8_t *pk, const uint8_t *sk)
{
    return o->s.impl ? -1 : cb_sig_set_keys(o->lay.sig, pk, sk);
}

int cb_op_sig_sign_pre(cb_op *o, const uint8_t *pre, size_t prelen, const uint8_t *msg,
                       size_t len, const uint8_t *rnd, uint8_t *sig, size_t *siglen)
{
    return o->s.impl ? -1 : cb_sig_sign_pre(o->lay.sig, pre, prelen, msg, len, rnd, sig, siglen);
}

int cb_op_sig_verify_pre(cb_op *o, const uint8_t *pre, size_t prelen, const uint8_t *msg,
                         size_t len, const uint8_t *sig, size_t siglen)
{
    return o->s.impl ? -1 : cb_sig_verify_pre(o->lay.sig, pre, prelen, msg, len, sig, siglen);
}

int cb_op_takes_pq_keys(const cb_variant *v) { return cb_variant_impl(v) == NULL; }
