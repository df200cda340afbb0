/*
 * kernels/check/kat/kat_op.c - the two backends of kat_op.h: a primitive variant through
 * the message layers, a whole-algorithm variant through its cb_alg_impl.  A
 * backend is one table of functions; kat_op_start picks it, and every other entry
 * point only passes the call on.
 */
#include "kernels/check/kat/kat_op.h"

#include <stdio.h>
#include <string.h>

#include "kernels/registry.h"

struct kat_backend {
    const char *(*start)(kat_op *op, const uint8_t *iv);
    void (*stop)(kat_op *op);
    int (*digest)(kat_op *op, const uint8_t *in, size_t len, uint8_t *out);
    int (*mac)(kat_op *op, const uint8_t *in, size_t len, uint8_t *out);
    int (*restart)(kat_op *op, const uint8_t *iv);
    int (*cipher)(kat_op *op, const uint8_t *in, uint8_t *out, size_t len);
    int (*seal)(kat_op *op, uint8_t *out, uint8_t *tag);
    int (*open)(kat_op *op, uint8_t *out);
    int (*signature)(kat_op *op, char *why, size_t why_len);
};

/* Why a case is skipped (static: the caller keeps the pointer). */
static const char not_offered[] = "an algorithm or direction the variant does not offer";
static const char refused_key[] = "a key the variant refused";
static const char no_session[] = "the implementation opened no session";
static const char own_key[] = "a key of the record's own, which a whole-algorithm variant "
                              "takes only in raw form (X25519, Ed25519) and then only "
                              "with pkey_raw";
static const char key_length[] = "a key length other than the algorithm's, which a "
                                 "whole-algorithm variant's sessions do not take";

/* ---- layered: kernels/modes/ and kat_pkey.c --------------------------------------- */

static const char *lay_start(kat_op *op, const uint8_t *iv)
{
    const kat_case *c = op->c;
    int keyed = 0;
    switch (op->alg->kind) {
    case CB_KIND_CIPHER:
        if (!cb_variant_offers(op->var, op->alg, c->dir))
            return not_offered;
        keyed = cb_cipher_init_key(&op->lay.cipher, op->alg, op->var, c->dir, c->key,
                                   c->key_len, iv) == 0;
        break;
    case CB_KIND_AEAD:
        if (!cb_variant_offers(op->var, op->alg, c->dir))
            return not_offered;
        keyed = cb_aead_init(&op->lay.aead, op->alg, op->var, c->key) == 0;
        break;
    case CB_KIND_HMAC: /* fails only for a variant that is not the digest's */
        if (cb_hmac_init(&op->lay.hmac, op->alg, op->var, c->key, c->key_len) != 0)
            return not_offered;
        return NULL;
    default: /* a digest or a signature keeps nothing between calls */
        return NULL;
    }
    return keyed ? NULL : refused_key;
}

static void lay_stop(kat_op *op)
{
    switch (op->alg->kind) {
    case CB_KIND_CIPHER:
        cb_cipher_free(&op->lay.cipher);
        break;
    case CB_KIND_AEAD:
        cb_aead_free(&op->lay.aead);
        break;
    case CB_KIND_HMAC:
        cb_hmac_free(&op->lay.hmac);
        break;
    default:
        break;
    }
}

static int lay_digest(kat_op *op, const uint8_t *in, size_t len, uint8_t *out)
{
    cb_digest(op->alg, op->var, in, len, out);
    return 0;
}

static int lay_mac(kat_op *op, const uint8_t *in, size_t len, uint8_t *out)
{
    cb_hmac_mac(&op->lay.hmac, in, len, out);
    return 0;
}

static int lay_restart(kat_op *op, const uint8_t *iv)
{
    cb_cipher_set_iv(&op->lay.cipher, iv);
    return 0;
}

static int lay_cipher(kat_op *op, const uint8_t *in, uint8_t *out, size_t len)
{
    return cb_cipher_update(&op->lay.cipher, in, out, len);
}

static int lay_seal(kat_op *op, uint8_t *out, uint8_t *tag)
{
    const kat_case *c = op->c;
    return cb_aead_seal(&op->lay.aead, c->iv, c->iv_len, c->aad, c->aad_len, c->in, out,
                        c->in_len, tag, c->tag_len);
}

static int lay_open(kat_op *op, uint8_t *out)
{
    const kat_case *c = op->c;
    return cb_aead_open(&op->lay.aead, c->iv, c->iv_len, c->aad, c->aad_len, c->in, out,
                        c->in_len, c->tag, c->tag_len);
}

static int lay_signature(kat_op *op, char *why, size_t why_len)
{
    return cb_kat_pkey_run(op->var, op->c->sig, why, why_len);
}

static const kat_backend layered = {lay_start,   lay_stop,   lay_digest, lay_mac,
                                    lay_restart, lay_cipher, lay_seal,   lay_open,
                                    lay_signature};

/* ---- whole: a cb_alg_impl on one session --------------------------------------- */

/* whole_start opens the session for the case's algorithm and direction (an HMAC's
 * digest) and keys it. */
static const char *whole_start(kat_op *op, const uint8_t *iv)
{
    const kat_case *c = op->c;
    const cb_alg *a = op->alg;
    /* an HMAC the variant lacks is MACed through its digest (whole_mac) */
    if (a->kind == CB_KIND_HMAC && !cb_variant_offers(op->var, a, c->dir))
        a = cb_hmac_digest(a);
    if (a->kind == CB_KIND_PKEY) /* whole_signature opens its own sessions */
        return cb_kat_pkey_raw(c->sig) && cb_variant_offers_any(op->var, a) &&
                       cb_variant_impl(op->var)->pkey_raw
                   ? NULL
                   : own_key;
    if (!cb_variant_offers(op->var, a, c->dir))
        return not_offered;
    if (a->kind == CB_KIND_CIPHER && c->key_len != cb_alg_key_bytes(a))
        return key_length;
    if (cb_alg_session_open(&op->s, a, op->var, c->dir) != 0) {
        cb_alg_session_close(&op->s);
        return no_session;
    }
    int rc = 0;
    if (a->kind == CB_KIND_CIPHER)
        rc = op->s.impl->cipher_init(&op->s, c->key, iv);
    else if (a->kind == CB_KIND_AEAD)
        rc = op->s.impl->aead_init(&op->s, c->key);
    else if (a->kind == CB_KIND_HMAC)
        rc = op->s.impl->mac_init(&op->s, c->key, c->key_len);
    if (rc == 0)
        return NULL;
    cb_alg_session_close(&op->s);
    return refused_key;
}

static void whole_stop(kat_op *op)
{
    cb_alg_session_close(&op->s);
}

static int whole_digest(kat_op *op, const uint8_t *in, size_t len, uint8_t *out)
{
    return op->s.impl->digest(&op->s, in, len, out) ? -1 : 0;
}

/* session_digest is whole_digest as cb_hmac_compose calls it. */
static int session_digest(void *op, const uint8_t *in, size_t len, uint8_t *out)
{
    return whole_digest(op, in, len, out);
}

static int whole_mac(kat_op *op, const uint8_t *in, size_t len, uint8_t *out)
{
    if (op->s.alg->kind == CB_KIND_HMAC) /* its own HMAC, keyed by whole_start */
        return op->s.impl->mac(&op->s, in, len, out) ? -1 : 0;
    return cb_hmac_compose(op->alg, session_digest, op, op->c->key, op->c->key_len, in, len,
                           out);
}

/* whole_restart keys the session again: kernel.h's way to start a new message. */
static int whole_restart(kat_op *op, const uint8_t *iv)
{
    return op->s.impl->cipher_init(&op->s, op->c->key, iv) ? -1 : 0;
}

static int whole_cipher(kat_op *op, const uint8_t *in, uint8_t *out, size_t len)
{
    return op->s.impl->cipher_update(&op->s, in, out, len) ? -1 : 0;
}

static int whole_seal(kat_op *op, uint8_t *out, uint8_t *tag)
{
    const kat_case *c = op->c;
    return op->s.impl->aead_seal(&op->s, c->iv, c->iv_len, c->aad, c->aad_len, c->in, out,
                                 c->in_len, tag, c->tag_len)
               ? -1
               : 0;
}

static int whole_open(kat_op *op, uint8_t *out)
{
    const kat_case *c = op->c;
    return op->s.impl->aead_open(&op->s, c->iv, c->iv_len, c->aad, c->aad_len, c->in, out,
                                 c->in_len, c->tag, c->tag_len)
               ? -1
               : 0;
}

/* whole_signature: an X25519 or Ed25519 record on the variant's raw-key sessions (the
 * others were skipped by whole_start). */
static int whole_signature(kat_op *op, char *why, size_t why_len)
{
    return cb_kat_pkey_run_whole(op->var, op->alg, op->c->sig, why, why_len);
}

static const kat_backend whole = {whole_start,   whole_stop,   whole_digest, whole_mac,
                                  whole_restart, whole_cipher, whole_seal,   whole_open,
                                  whole_signature};

/* ---- the entry points ------------------------------------------------------------ */

const char *kat_op_start(kat_op *op, const cb_alg *a, const cb_variant *v, const kat_case *c)
{
    static const uint8_t zero[16];
    memset(op, 0, sizeof *op);
    op->be = cb_variant_impl(v) ? &whole : &layered;
    op->alg = a;
    op->var = v;
    op->c = c;
    /* cipher_init takes a NULL IV only for ECB and a stream cipher: a CBC file read block by block
     * (CB_KAT_BLOCKWISE) gives none and starts from zeros */
    const uint8_t *iv = c->iv;
    if (!iv && a->kind == CB_KIND_CIPHER && a->mode != CB_MODE_ECB &&
        a->mode != CB_MODE_STREAM)
        iv = zero;
    return op->be->start(op, iv);
}

void kat_op_stop(kat_op *op)
{
    op->be->stop(op);
}

int kat_op_digest(kat_op *op, const uint8_t *in, size_t len, uint8_t *out)
{
    return op->be->digest(op, in, len, out);
}

int kat_op_mac(kat_op *op, const uint8_t *in, size_t len, uint8_t *out)
{
    return op->be->mac(op, in, len, out);
}

int kat_op_restart(kat_op *op, const uint8_t *iv)
{
    return op->be->restart(op, iv);
}

int kat_op_cipher(kat_op *op, const uint8_t *in, uint8_t *out, size_t len)
{
    return op->be->cipher(op, in, out, len);
}

int kat_op_seal(kat_op *op, uint8_t *out, uint8_t *tag)
{
    return op->be->seal(op, out, tag);
}

int kat_op_open(kat_op *op, uint8_t *out)
{
    return op->be->open(op, out);
}

int kat_op_signature(kat_op *op, char *why, size_t why_len)
{
    why[0] = '\0';
    return op->be->signature(op, why, why_len);
}
