/*
 * kernels/check/kat/kat_op.c - kat_op.h over kernels/op.h: which cases a variant can
 * run (the rest are skipped, with the reason), and the case's fields passed on.
 */
#include "kernels/check/kat/kat_op.h"

#include <stdio.h>
#include <string.h>

#include "kernels/check/kat/kat_pkey.h"
#include "kernels/registry.h"

/* Why a case is skipped (static: the caller keeps the pointer). */
static const char not_offered[] = "an algorithm or direction the variant does not offer";
static const char refused_key[] = "a key the variant refused";
static const char no_session[] = "the implementation opened no session";
static const char own_key[] = "a key of the record's own, which a whole-algorithm variant "
                              "takes only in raw form (X25519, Ed25519) and then only "
                              "with pkey_raw";
static const char key_length[] = "a key length other than the algorithm's, which a "
                                 "whole-algorithm variant's sessions do not take";

/* refusal: why a case of algorithm a (the file's, or for an HMAC a whole variant lacks
 * its digest) cannot start on the variant, before keying; NULL when it may. */
static const char *refusal(const kat_op *op, const cb_alg *a)
{
    const kat_case *c = op->c;
    int whole = cb_variant_impl(op->var) != NULL;
    if (a->kind == CB_KIND_KEM || a->kind == CB_KIND_SIG) /* these records open their own
                                                             ops (kat_kem.c, kat_mldsa.c) */
        return cb_variant_offers_any(op->var, a) ? NULL : not_offered;
    if (a->kind == CB_KIND_PKEY) /* the signature records open their own ops */
        return !whole || (cb_kat_pkey_raw(c->sig) && cb_variant_offers_any(op->var, a) &&
                          cb_op_takes_raw(op->var))
                   ? NULL
                   : own_key;
    /* a primitive variant is asked only of ciphers and AEADs: its HMAC is refused by
     * keying (another digest's variant), its digest always runs */
    int asked = whole || a->kind == CB_KIND_CIPHER || a->kind == CB_KIND_AEAD;
    if (asked && !cb_variant_offers(op->var, a, c->dir))
        return not_offered;
    if (whole && a->kind == CB_KIND_CIPHER && c->key_len != cb_alg_key_bytes(a))
        return key_length;
    return NULL;
}

const char *kat_op_start(kat_op *op, const cb_alg *a, const cb_variant *v, const kat_case *c)
{
    static const uint8_t zero[16];
    memset(op, 0, sizeof *op);
    op->alg = a;
    op->var = v;
    op->c = c;
    /* an HMAC a whole variant lacks is MACed through its digest (kat_op_mac) */
    if (a->kind == CB_KIND_HMAC && cb_variant_impl(v) && !cb_variant_offers(v, a, c->dir))
        a = cb_hmac_digest(a);
    const char *why = refusal(op, a);
    if (why || a->kind == CB_KIND_PKEY || a->kind == CB_KIND_KEM || a->kind == CB_KIND_SIG)
        return why;
    /* cipher_init takes a NULL IV only for ECB and a stream cipher: a CBC file read
     * block by block (CB_KAT_BLOCKWISE) gives none and starts from zeros */
    const uint8_t *iv = c->iv;
    if (!iv && a->kind == CB_KIND_CIPHER && a->mode != CB_MODE_ECB &&
        a->mode != CB_MODE_STREAM)
        iv = zero;
    int rc = cb_op_start(&op->o, a, v, c->dir, c->key, c->key_len, iv);
    op->started = rc == 0;
    if (rc == 0)
        return NULL;
    if (!cb_variant_impl(v) && a->kind == CB_KIND_HMAC)
        return not_offered; /* cb_hmac_init refuses another digest's variant */
    return rc == CB_OP_NO_SESSION ? no_session : refused_key;
}

void kat_op_stop(kat_op *op)
{
    if (op->started)
        cb_op_stop(&op->o);
    op->started = 0;
}

int kat_op_digest(kat_op *op, const uint8_t *in, size_t len, uint8_t *out)
{
    return cb_op_digest(&op->o, in, len, out);
}

/* op_digest is cb_op_digest as cb_hmac_compose calls it. */
static int op_digest(void *o, const uint8_t *in, size_t len, uint8_t *out)
{
    return cb_op_digest(o, in, len, out);
}

int kat_op_mac(kat_op *op, const uint8_t *in, size_t len, uint8_t *out)
{
    if (op->o.alg->kind == CB_KIND_HMAC || op->o.alg->kind == CB_KIND_CMAC)
        return cb_op_mac(&op->o, in, len, out);
    return cb_hmac_compose(op->alg, op_digest, &op->o, op->c->key, op->c->key_len, in, len,
                           out);
}

int kat_op_restart(kat_op *op, const uint8_t *iv)
{
    return cb_op_restart(&op->o, iv);
}

int kat_op_cipher(kat_op *op, const uint8_t *in, uint8_t *out, size_t len)
{
    return cb_op_cipher(&op->o, in, out, len);
}

int kat_op_seal(kat_op *op, uint8_t *out, uint8_t *tag)
{
    const kat_case *c = op->c;
    return cb_op_seal(&op->o, c->iv, c->iv_len, c->aad, c->aad_len, c->in, out, c->in_len,
                      tag, c->tag_len);
}

int kat_op_open(kat_op *op, uint8_t *out)
{
    const kat_case *c = op->c;
    return cb_op_unseal(&op->o, c->iv, c->iv_len, c->aad, c->aad_len, c->in, out, c->in_len,
                        c->tag, c->tag_len);
}

/* kat_op_signature: a primitive variant on kernels/pkey/'s raw-key functions, a whole
 * one (an X25519 or Ed25519 record, the others were skipped) on raw-key ops. */
int kat_op_signature(kat_op *op, char *why, size_t why_len)
{
    why[0] = '\0';
    if (cb_variant_impl(op->var))
        return cb_kat_pkey_run_whole(op->var, op->alg, op->c->sig, why, why_len);
    return cb_kat_pkey_run(op->var, op->c->sig, why, why_len);
}
