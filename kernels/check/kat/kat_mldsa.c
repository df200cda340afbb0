/*
 * kernels/check/kat/kat_mldsa.c - ML-DSA known-answer records (CB_KAT_MLDSA):
 * decoding and running one record on one variant, through kernels/op.h as the checks
 * do.
 *
 * A record (tests/data/mldsa-awslc.rsp) has the seed xi with the pk and sk keygen
 * makes of it, and optionally msg and rnd with the pure ML-DSA signature (empty
 * context) sig of msg signed with that rnd.  The [ML-DSA-44], [ML-DSA-65] or
 * [ML-DSA-87] header names the parameter set.  Signing is checked byte for byte
 * (not on a variant that signs hedged only, cb_op_sig_takes_rnd); verification must
 * accept sig and refuse it with its first bit flipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/check/kat/kat_impl.h"
#include "kernels/op.h"
#include "kernels/pkey/sig.h"
#include "kernels/registry.h"


static const char *const names[KAT_DSA_FIELDS] = {"xi", "pk", "sk", "msg", "rnd", "sig"};

_Static_assert(KAT_DSA_FIELDS <= KAT_KEM_FIELDS, "an ML-DSA record fits kat_case's fields");

/* section_alg: the ML-DSA parameter set the group's headers name, or NULL. */
static const cb_alg *section_alg(const cb_rsp *r)
{
    for (size_t i = 0; i < r->nsections; i++) {
        const cb_alg *a = cb_alg_find(r->sections[i].name);
        if (a && a->kind == CB_KIND_SIG)
            return a;
    }
    return NULL;
}

int kat_mldsa_decode(kat_file *f, const cb_rsp_record *rec, kat_case *c)
{
    const cb_alg *a = section_alg(&f->rsp);
    cb_sig_sizes z;
    if (!a || cb_sig_sizes_of(a, &z) != 0)
        return cb_rsp_error(&f->rsp, rec->line, "the record is under no [ML-DSA-44], "
                            "[ML-DSA-65] or [ML-DSA-87] header.");
    const size_t want[KAT_DSA_FIELDS] = {CB_SIG_SEED_BYTES, z.pk, z.sk, 0, CB_SIG_RND_BYTES, z.sig};
    c->alg = a;
    c->dir = CB_DIR_KEYGEN;
    const cb_rsp_field *count = cb_rsp_get(rec, "count");
    snprintf(c->label, sizeof c->label, "[%s] count = %.20s", a->heading,
             count ? count->value : "?");
    for (size_t i = 0; i < KAT_DSA_FIELDS; i++) {
        const cb_rsp_field *fl = cb_rsp_get(rec, names[i]);
        if (!fl)
            continue;
        if (cb_rsp_hex(&f->rsp, fl, &c->kem[i], &c->kem_len[i]) < 0)
            return -1;
        if (i != KAT_DSA_MSG && c->kem_len[i] != want[i])
            return cb_rsp_error(&f->rsp, fl->line, "%s has %zu bytes where %s takes %zu.",
                                names[i], c->kem_len[i], a->heading, want[i]);
    }
    if (!c->kem[KAT_DSA_XI] || !c->kem[KAT_DSA_PK] || !c->kem[KAT_DSA_SK])
        return cb_rsp_error(&f->rsp, rec->line, "an ML-DSA record needs xi, pk and sk.");
    if (!c->kem[KAT_DSA_MSG] != !c->kem[KAT_DSA_RND] || !c->kem[KAT_DSA_RND] != !c->kem[KAT_DSA_SIG])
        return cb_rsp_error(&f->rsp, rec->line, "an ML-DSA record gives msg, rnd and sig "
                            "together.");
    return 1;
}

/* keyed starts v's op for direction d with the record's key pair from xi (pk and sk
 * written when given); -1 with why set when either fails (o then needs no stop). */
static int keyed(cb_op *o, const kat_case *c, const cb_variant *v, cb_dir d, uint8_t *pk,
                 uint8_t *sk, char *why, size_t len)
{
    if (cb_op_start(o, c->alg, v, d, NULL, 0, NULL) != 0) {
        snprintf(why, len, "the variant opened no %s session", cb_dir_name(d));
        return -1;
    }
    if (cb_op_sig_keygen(o, c->kem[KAT_DSA_XI], pk, sk) == 0)
        return 0;
    cb_op_stop(o);
    snprintf(why, len, "keygen failed on the %s op", cb_dir_name(d));
    return -1;
}

/* verify_step: the record's signature accepted, and with its first bit flipped not. */
static int verify_step(cb_op *o, const kat_case *c, uint8_t *copy, size_t siglen, char *why,
                       size_t len)
{
    memcpy(copy, c->kem[KAT_DSA_SIG], siglen);
    if (cb_op_verify(o, c->kem[KAT_DSA_MSG], c->kem_len[KAT_DSA_MSG], copy, siglen) != 0) {
        snprintf(why, len, "verification rejects the record's signature");
        return 1;
    }
    copy[0] ^= 1;
    if (cb_op_verify(o, c->kem[KAT_DSA_MSG], c->kem_len[KAT_DSA_MSG], copy, siglen) == 0) {
        snprintf(why, len, "verification accepts the record's signature with a bit changed");
        return 1;
    }
    return 0;
}

int kat_mldsa_run(const kat_case *c, const cb_variant *v, char *why, size_t len)
{
    cb_sig_sizes z;
    cb_sig_sizes_of(c->alg, &z);
    size_t total = z.pk + z.sk + z.sig;
    uint8_t *buf = malloc(total);
    if (!buf) {
        snprintf(why, len, "out of memory");
        return 2;
    }
    uint8_t *pk = buf, *sk = buf + z.pk, *sig = sk + z.sk;
    cb_op o;
    int rc = 0;
    if (!cb_variant_offers(v, c->alg, CB_DIR_KEYGEN)) {
        snprintf(why, len, "the variant does not offer %s", c->alg->name);
        rc = 2;
    } else if (keyed(&o, c, v, CB_DIR_KEYGEN, pk, sk, why, len) != 0) {
        rc = 1;
    } else {
        rc = kat_differs(pk, c->kem[KAT_DSA_PK], z.pk, "pk", why, len) ||
             kat_differs(sk, c->kem[KAT_DSA_SK], z.sk, "sk", why, len);
        cb_op_stop(&o);
    }
    /* a variant that signs hedged only (a loaded library) cannot be given the
     * record's rnd: its keys and its verification of the record are checked, its
     * own signatures by the check before timing (verified both ways) */
    if (rc == 0 && c->kem[KAT_DSA_SIG] && cb_variant_offers(v, c->alg, CB_DIR_SIGN) &&
        cb_op_sig_takes_rnd(v)) {
        size_t siglen = z.sig;
        if (keyed(&o, c, v, CB_DIR_SIGN, NULL, NULL, why, len) != 0) {
            rc = 1;
        } else {
            if (cb_op_sig_sign(&o, c->kem[KAT_DSA_MSG], c->kem_len[KAT_DSA_MSG], c->kem[KAT_DSA_RND], sig,
                               &siglen) != 0) {
                snprintf(why, len, "signing failed");
                rc = 1;
            } else {
                rc = kat_differs(sig, c->kem[KAT_DSA_SIG], z.sig, "sig", why, len);
            }
            cb_op_stop(&o);
        }
    }
    if (rc == 0 && c->kem[KAT_DSA_SIG] && cb_variant_offers(v, c->alg, CB_DIR_VERIFY)) {
        if (keyed(&o, c, v, CB_DIR_VERIFY, NULL, NULL, why, len) != 0) {
            rc = 1;
        } else {
            rc = verify_step(&o, c, sig, z.sig, why, len);
            cb_op_stop(&o);
        }
    }
    cb_wipe(buf, total);
    free(buf);
    return rc;
}
