/*
 * kernels/check/sig_check.c - the signature checks of sig_check.h.
 */
#include "kernels/check/sig_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/op.h"
#include "kernels/pkey/sig.h"
#include "kernels/registry.h"
#include "kernels/check/vectors/vectors.h"

/* Pseudo-random cases per depth: each signs once and verifies three times. */
#define QUICK_CASES 2
#define FULL_CASES 8

/* The message the vectors sign: the one every signature row times. */
static const uint8_t sig_msg[36] = "cryptobench public-key speed message";

/* sig_case: what one variant makes of one seed: keys, a signature, its length. */
typedef struct sig_case {
    cb_sig_sizes z;
    uint8_t *pk, *sk, *sig;
    size_t siglen;
} sig_case;

static void case_init(sig_case *r, const cb_sig_sizes *z)
{
    memset(r, 0, sizeof *r);
    r->z = *z;
    r->pk = cb_xcalloc(1, z->pk + z->sk + z->sig);
    r->sk = r->pk + z->pk;
    r->sig = r->sk + z->sk;
}

static void case_free(sig_case *r)
{
    if (r->pk)
        cb_wipe(r->pk, r->z.pk + r->z.sk + r->z.sig);
    free(r->pk);
    r->pk = NULL;
}

/* make_case: keygen on a keygen op, then a signature of msg with rnd (NULL: hedged)
 * on a signing op.  NULL, or the operation that failed. */
static const char *make_case(const cb_alg *a, const cb_variant *v, const uint8_t *seed,
                             const uint8_t *rnd, sig_case *r)
{
    cb_op o;
    if (cb_check_keyed_op(&o, a, v, CB_DIR_KEYGEN, seed, r->pk, r->sk) != 0)
        return "cannot generate a key pair";
    cb_op_stop(&o);
    if (cb_check_keyed_op(&o, a, v, CB_DIR_SIGN, seed, NULL, NULL) != 0)
        return "cannot generate a key pair to sign with";
    r->siglen = r->z.sig;
    int rc = rnd ? cb_op_sig_sign(&o, sig_msg, sizeof sig_msg, rnd, r->sig, &r->siglen)
                 : cb_op_sign(&o, sig_msg, sizeof sig_msg, r->sig, &r->siglen);
    cb_op_stop(&o);
    if (rc != 0 || r->siglen != r->z.sig)
        return "fails to sign";
    return NULL;
}

/* verdicts verifies r's signature on a verifying op: as made, with bit `bit` of
 * signature byte `at` flipped, and over the message with its byte `mat` changed.
 * NULL when the first is accepted and the others refused, else what went wrong. */
static const char *verdicts(const cb_alg *a, const cb_variant *v, const uint8_t *seed,
                            sig_case *r, size_t at, uint8_t bit, size_t mat)
{
    cb_op o;
    uint8_t msg[sizeof sig_msg];
    if (cb_check_keyed_op(&o, a, v, CB_DIR_VERIFY, seed, NULL, NULL) != 0)
        return "cannot generate a key pair to verify with";
    const char *why = NULL;
    if (cb_op_verify(&o, sig_msg, sizeof sig_msg, r->sig, r->siglen) != 0)
        why = "rejects a valid signature";
    r->sig[at] ^= bit;
    if (!why && cb_op_verify(&o, sig_msg, sizeof sig_msg, r->sig, r->siglen) == 0)
        why = "accepts a signature with one bit changed";
    r->sig[at] ^= bit;
    memcpy(msg, sig_msg, sizeof msg);
    msg[mat] ^= 0x01;
    if (!why && cb_op_verify(&o, msg, sizeof msg, r->sig, r->siglen) == 0)
        why = "accepts the signature over a changed message";
    cb_op_stop(&o);
    return why;
}

/* both_ways: generic verifies the variant's signature r and the variant generic's
 * signature g, each also refusing them changed (verdicts) - what stands in for the
 * byte comparison of signatures with a variant that signs hedged only.  NULL, or buf
 * saying which side found what. */
static const char *both_ways(const cb_checker *c, const uint8_t *seed, sig_case *r, sig_case *g,
                             size_t at, uint8_t bit, size_t mat, char *buf, size_t len)
{
    const char *why = verdicts(c->alg, c->ref, seed, r, at, bit, mat);
    if (why) {
        snprintf(buf, len, "generic %s of the variant's", why);
        return buf;
    }
    if ((why = verdicts(c->alg, c->var, seed, g, at, bit, mat)) != NULL) {
        snprintf(buf, len, "%s of generic's", why);
        return buf;
    }
    return NULL;
}

/* known_answer: the vector's keys, and its signature from the vector's rnd; a variant
 * that cannot be given rnd signs hedged instead, and its signature and the vector's
 * (generic's, checked against the vector's hash first) are verified both ways. */
static int known_answer(cb_checker *c, const cb_mldsa_vector *t, const cb_sig_sizes *z)
{
    uint8_t seed[CB_SIG_SEED_BYTES], rnd[CB_SIG_RND_BYTES];
    char msg[160];
    if (cb_check_hex_exact(seed, sizeof seed, t->xi) ||
        cb_check_hex_exact(rnd, sizeof rnd, t->rnd))
        return cb_check_fail(c, "the embedded vector %s does not decode", t->source);
    int fixed = cb_op_sig_takes_rnd(c->var);
    if (!fixed && !c->ref)
        return cb_check_fail(c, "signs hedged only, and there is no generic variant to "
                             "verify against");
    sig_case r, g = {0};
    case_init(&r, z);
    const char *why = make_case(c->alg, c->var, seed, fixed ? rnd : NULL, &r);
    int rc = 0;
    c->checks++;
    if (why)
        rc = cb_check_fail(c, "%s for %s", why, t->source);
    else if (!cb_check_same_hash(r.pk, z->pk, t->pk_sha3) ||
             !cb_check_same_hash(r.sk, z->sk, t->sk_sha3))
        rc = cb_check_fail(c, "keygen gives another key pair than %s", t->source);
    else if (fixed && !cb_check_same_hash(r.sig, z->sig, t->sig_sha3))
        rc = cb_check_fail(c, "signing gives another signature than %s", t->source);
    else if ((why = verdicts(c->alg, c->var, seed, &r, 0, 1, 0)) != NULL)
        rc = cb_check_fail(c, "%s (%s)", why, t->source);
    if (!rc && !fixed) {
        case_init(&g, z);
        why = make_case(c->alg, c->ref, seed, rnd, &g);
        if (why || !cb_check_same_hash(g.sig, z->sig, t->sig_sha3))
            rc = cb_check_fail(c, "generic does not reproduce the signature of %s", t->source);
        else if ((why = both_ways(c, seed, &r, &g, 0, 1, 0, msg, sizeof msg)) != NULL)
            rc = cb_check_fail(c, "%s (%s)", why, t->source);
    }
    case_free(&r);
    case_free(&g);
    return rc;
}

/* round_trip: one pseudo-random seed, signed hedged, and against generic's keys and
 * deterministic signature when the variant is another: the same signature byte for
 * byte, or for a variant that signs hedged only, both signatures verified both ways. */
static int round_trip(cb_checker *c, const cb_sig_sizes *z, int n)
{
    uint8_t seed[CB_SIG_SEED_BYTES], rnd[CB_SIG_RND_BYTES] = {0}, pos[4];
    char msg[160];
    cb_check_fill(c, seed, sizeof seed);
    cb_check_fill(c, pos, sizeof pos);
    size_t at = ((size_t)pos[0] << 8 | pos[1]) % z->sig, mat = pos[3] % sizeof sig_msg;
    uint8_t bit = (uint8_t)(1u << (pos[2] & 7));
    int fixed = cb_op_sig_takes_rnd(c->var);
    sig_case r, g = {0};
    case_init(&r, z);
    const char *why = make_case(c->alg, c->var, seed, NULL, &r);
    if (!why)
        why = verdicts(c->alg, c->var, seed, &r, at, bit, mat);
    int rc = 0;
    c->checks++;
    if (why)
        rc = cb_check_fail(c, "%s on pseudo-random case %d", why, n);
    if (!rc && c->ref && c->ref != c->var) {
        c->checks++;
        case_init(&g, z);
        why = make_case(c->alg, c->ref, seed, rnd, &g);
        if (!why && fixed)
            why = make_case(c->alg, c->var, seed, rnd, &r);
        if (why)
            rc = cb_check_fail(c, "%s on pseudo-random case %d (deterministic)", why, n);
        else if (memcmp(r.pk, g.pk, z->pk) != 0 || memcmp(r.sk, g.sk, z->sk) != 0)
            rc = cb_check_fail(c, "the key pair of pseudo-random case %d differs from generic's",
                               n);
        else if (fixed && memcmp(r.sig, g.sig, z->sig) != 0)
            rc = cb_check_fail(c, "the deterministic signature of pseudo-random case %d "
                               "differs from generic's", n);
        else if (!fixed && (why = both_ways(c, seed, &r, &g, at, bit, mat, msg, sizeof msg)) != NULL)
            rc = cb_check_fail(c, "%s on pseudo-random case %d", why, n);
    }
    case_free(&r);
    case_free(&g);
    return rc;
}

int cb_check_sig(cb_checker *c, cb_check_depth depth)
{
    cb_sig_sizes z;
    if (cb_sig_sizes_of(c->alg, &z) != 0)
        return cb_check_fail(c, "is no signature scheme this build knows the sizes of");
    size_t kats = 0;
    for (const cb_mldsa_vector *t = cb_vectors_mldsa; t->alg; t++) {
        if (strcmp(t->alg, c->alg->name) != 0)
            continue;
        kats++;
        if (known_answer(c, t, &z))
            return 1;
    }
    if (kats == 0)
        return cb_check_fail(c, "has no embedded known answer");
    int cases = depth == CB_CHECK_FULL ? FULL_CASES : QUICK_CASES;
    for (int n = 0; n < cases; n++)
        if (round_trip(c, &z, n))
            return 1;
    return 0;
}
