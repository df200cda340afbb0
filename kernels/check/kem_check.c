/*
 * kernels/check/kem_check.c - the KEM checks of kem_check.h.
 */
#include "kernels/check/kem_check.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/generic/sponge.h"
#include "kernels/op.h"
#include "kernels/pkey/kem.h"
#include "kernels/registry.h"
#include "kernels/check/vectors/vectors.h"

/* Pseudo-random cases per depth: each is three ops of each direction. */
#define QUICK_CASES 3
#define FULL_CASES 16

/* kem_case: what one variant makes of one seed and message.  ct is the variant's
 * own ciphertext, or (a variant without encaps) the one given; dec and rej are the
 * decapsulations of ct and of ct with the flipped bit, when it offers decaps. */
typedef struct kem_case {
    cb_kem_sizes z;
    uint8_t *ek, *dk, *ct, *ss, *dec, *rej;
    int has_encaps, has_decaps;
} kem_case;

static void case_init(kem_case *r, const cb_kem_sizes *z)
{
    memset(r, 0, sizeof *r);
    r->z = *z;
    r->ek = cb_xcalloc(1, z->ek + z->dk + z->ct + 3 * z->ss);
    r->dk = r->ek + z->ek;
    r->ct = r->dk + z->dk;
    r->ss = r->ct + z->ct;
    r->dec = r->ss + z->ss;
    r->rej = r->dec + z->ss;
}

static void case_free(kem_case *r)
{
    if (r->ek)
        cb_wipe(r->ek, r->z.ek + r->z.dk + r->z.ct + 3 * r->z.ss);
    free(r->ek);
    r->ek = NULL;
}

/*
 * run_case runs v on seed (d || z) and m, each direction on an op of its own as the
 * timed loop does: keygen into r->ek and r->dk, encapsulation into r->ct and r->ss
 * (without encaps, ct_in is decapsulated), decapsulation of ct and of ct with bit
 * `bit` of byte `at` flipped.  Returns NULL or the operation that failed.
 */
static const char *run_case(const cb_alg *a, const cb_variant *v, const uint8_t *seed,
                            const uint8_t *m, const uint8_t *ct_in, size_t at, uint8_t bit,
                            kem_case *r)
{
    cb_op o;
    if (cb_check_keyed_op(&o, a, v, CB_DIR_KEYGEN, seed, r->ek, r->dk) != 0)
        return "cannot generate a key pair";
    cb_op_stop(&o);
    r->has_encaps = cb_variant_offers(v, a, CB_DIR_ENCAPS);
    r->has_decaps = cb_variant_offers(v, a, CB_DIR_DECAPS);
    if (r->has_encaps) {
        if (cb_check_keyed_op(&o, a, v, CB_DIR_ENCAPS, seed, NULL, NULL) != 0)
            return "cannot generate a key pair to encapsulate with";
        int rc = cb_op_kem_encaps(&o, m, r->ct, r->ss);
        cb_op_stop(&o);
        if (rc != 0)
            return "refuses to encapsulate under its own public key";
    } else if (ct_in) {
        memcpy(r->ct, ct_in, r->z.ct);
    } else {
        return "has no encapsulation and was given no ciphertext";
    }
    if (!r->has_decaps)
        return NULL;
    if (cb_check_keyed_op(&o, a, v, CB_DIR_DECAPS, seed, NULL, NULL) != 0)
        return "cannot generate a key pair to decapsulate with";
    int rc = cb_op_kem_decaps(&o, r->ct, r->dec);
    r->ct[at] ^= bit;
    rc |= cb_op_kem_decaps(&o, r->ct, r->rej);
    r->ct[at] ^= bit;
    cb_op_stop(&o);
    return rc ? "fails to decapsulate" : NULL;
}

/* same_hex: p[0..len) equals the hex string want. */
static int same_hex(const uint8_t *p, size_t len, const char *want)
{
    uint8_t w[64];
    return len <= sizeof w && cb_check_hex_exact(w, len, want) == 0 && memcmp(p, w, len) == 0;
}

/* known_answer runs one embedded vector on the variant (ciphertext from generic
 * when the variant has no encapsulation). */
static int known_answer(cb_checker *c, const cb_mlkem_vector *t, const cb_kem_sizes *z)
{
    uint8_t seed[CB_KEM_SEED_BYTES], m[CB_KEM_MSG_BYTES];
    kem_case g = {0}, r;
    if (cb_check_hex_exact(seed, 32, t->d) || cb_check_hex_exact(seed + 32, 32, t->z) ||
        cb_check_hex_exact(m, sizeof m, t->m))
        return cb_check_fail(c, "the embedded vector %s does not decode", t->source);
    case_init(&r, z);
    const uint8_t *ct_in = NULL;
    const char *why = NULL;
    if (!cb_variant_offers(c->var, c->alg, CB_DIR_ENCAPS) && c->ref) {
        case_init(&g, z);
        why = run_case(c->alg, c->ref, seed, m, NULL, 0, 1, &g);
        ct_in = g.ct;
    }
    if (!why)
        why = run_case(c->alg, c->var, seed, m, ct_in, 0, 1, &r);
    int rc = 0;
    c->checks++;
    if (why)
        rc = cb_check_fail(c, "%s for %s", why, t->source);
    else if (!cb_check_same_hash(r.ek, z->ek, t->ek_sha3) ||
             !cb_check_same_hash(r.dk, z->dk, t->dk_sha3))
        rc = cb_check_fail(c, "keygen gives another key pair than %s", t->source);
    else if (r.has_encaps && (!cb_check_same_hash(r.ct, z->ct, t->c_sha3) ||
                              !same_hex(r.ss, z->ss, t->k)))
        rc = cb_check_fail(c, "encapsulation gives another ciphertext or secret than %s",
                           t->source);
    else if (r.has_decaps && !same_hex(r.dec, z->ss, t->k))
        rc = cb_check_fail(c, "decapsulation gives another secret than %s", t->source);
    else if (r.has_decaps && !same_hex(r.rej, z->ss, t->k_rejected))
        rc = cb_check_fail(c, "the changed ciphertext of %s does not give its rejection key",
                           t->source);
    case_free(&r);
    case_free(&g);
    return rc;
}

/* rejection_key: J(z || c) of FIPS 203 (section 4.1: SHAKE256 to 32 bytes). */
static void rejection_key(uint8_t out[32], const uint8_t z[32], const uint8_t *ct, size_t len)
{
    cb_sponge s;
    cb_shake256_init(&s);
    cb_shake256_absorb(&s, z, 32);
    cb_shake256_absorb(&s, ct, len);
    cb_shake256_finalize(&s);
    cb_shake256_squeeze(&s, out, 32);
    cb_sponge_wipe(&s);
}

/* round_trip checks one pseudo-random case of the variant, and against generic's
 * (when there is one other than the variant) every byte. */
static int round_trip(cb_checker *c, const cb_kem_sizes *z, int n)
{
    uint8_t seed[CB_KEM_SEED_BYTES], m[CB_KEM_MSG_BYTES], want[32];
    uint8_t pos[3];
    cb_check_fill(c, seed, sizeof seed);
    cb_check_fill(c, m, sizeof m);
    cb_check_fill(c, pos, sizeof pos);
    size_t at = ((size_t)pos[0] << 8 | pos[1]) % z->ct;
    uint8_t bit = (uint8_t)(1u << (pos[2] & 7));
    int cross = c->ref && c->ref != c->var;
    kem_case g = {0}, r;
    case_init(&r, z);
    const char *why = NULL;
    if (cross) {
        case_init(&g, z);
        why = run_case(c->alg, c->ref, seed, m, NULL, at, bit, &g);
    }
    if (!why)
        why = run_case(c->alg, c->var, seed, m, cross ? g.ct : NULL, at, bit, &r);
    int rc = 0;
    c->checks++;
    if (why) {
        rc = cb_check_fail(c, "%s on pseudo-random case %d", why, n);
    } else if (r.has_decaps && r.has_encaps && memcmp(r.dec, r.ss, z->ss) != 0) {
        rc = cb_check_fail(c, "decapsulation of pseudo-random case %d does not give the "
                           "encapsulated secret", n);
    } else if (r.has_decaps) {
        r.ct[at] ^= bit;
        rejection_key(want, seed + 32, r.ct, z->ct);
        r.ct[at] ^= bit;
        if (memcmp(r.rej, want, sizeof want) != 0)
            rc = cb_check_fail(c, "pseudo-random case %d with bit %u of ciphertext byte %zu "
                               "flipped does not give J(z || c)", n, (unsigned)(pos[2] & 7), at);
    }
    if (!rc && cross) {
        c->checks++;
        if (memcmp(r.ek, g.ek, z->ek) != 0 || memcmp(r.dk, g.dk, z->dk) != 0)
            rc = cb_check_fail(c, "the key pair of pseudo-random case %d differs from generic's",
                               n);
        else if (r.has_encaps && (memcmp(r.ct, g.ct, z->ct) != 0 ||
                                  memcmp(r.ss, g.ss, z->ss) != 0))
            rc = cb_check_fail(c, "the ciphertext or secret of pseudo-random case %d differs "
                               "from generic's", n);
        else if (r.has_decaps && (memcmp(r.dec, g.dec, z->ss) != 0 ||
                                  memcmp(r.rej, g.rej, z->ss) != 0))
            rc = cb_check_fail(c, "the decapsulations of pseudo-random case %d differ from "
                               "generic's", n);
    }
    case_free(&r);
    case_free(&g);
    return rc;
}

int cb_check_kem(cb_checker *c, cb_check_depth depth)
{
    cb_kem_sizes z;
    if (cb_kem_sizes_of(c->alg, &z) != 0)
        return cb_check_fail(c, "is no KEM this build knows the sizes of");
    if (!c->ref)
        return cb_check_fail(c, "there is no generic variant to cross-check against");
    size_t kats = 0;
    for (const cb_mlkem_vector *t = cb_vectors_mlkem; t->alg; t++) {
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
