/*
 * kernels/check/rand_check.c - rand_check.h's checks of a DRBG variant.
 */
#include "kernels/check/rand_check.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/modes/drbg.h"
#include "kernels/op.h"
#include "kernels/registry.h"
#include "kernels/check/vectors/vectors.h"

/* RAND_MAX_LEN: the longest request the cross-check and the library check make. */
#define RAND_MAX_LEN 1024

/* unhex decodes a vector field (NULL: empty) into a fresh buffer, *n its length. */
static uint8_t *unhex(const char *hex, size_t *n)
{
    size_t cap = hex ? strlen(hex) / 2 + 1 : 1;
    uint8_t *p = cb_xmalloc(cap);
    long got = hex ? cb_hex_decode(hex, p, cap) : 0;
    *n = got < 0 ? 0 : (size_t)got;
    return p;
}

/* same_hex: p[0..n) is the vector's hex value. */
static int same_hex(const uint8_t *p, size_t n, const char *hex)
{
    size_t m;
    uint8_t *want = unhex(hex, &m);
    int same = m == n && memcmp(p, want, n) == 0;
    free(want);
    return same;
}

/* run_vector runs one CAVP record on a fresh DRBG of c's variant. */
static int run_vector(cb_checker *c, const cb_drbg_vector *t)
{
    size_t ne, nn, na1, na2, nr, nret;
    uint8_t *e = unhex(t->entropy, &ne), *no = unhex(t->nonce, &nn);
    uint8_t *a1 = unhex(t->adin1, &na1), *a2 = unhex(t->adin2, &na2);
    uint8_t *r = unhex(t->reseed, &nr), *want = unhex(t->returned, &nret);
    uint8_t *out = cb_xmalloc(nret ? nret : 1);
    cb_drbg d;
    int rc = 0;
    if (cb_drbg_new(&d, c->alg, c->var) != 0 ||
        cb_drbg_instantiate(&d, e, ne, no, nn, NULL, 0) != 0) {
        rc = cb_check_fail(c, "cannot be instantiated for known answer '%s'", t->source);
    } else if ((t->key && !same_hex(d.key, sizeof d.key, t->key)) ||
               (t->v && !same_hex(d.v, sizeof d.v, t->v))) {
        rc = cb_check_fail(c, "wrong Key or V after instantiating known answer '%s'",
                           t->source);
    } else if (cb_drbg_generate(&d, a1, na1, out, nret) != 0 ||
               (t->reseed && cb_drbg_reseed(&d, r, nr, NULL, 0) != 0) ||
               cb_drbg_generate(&d, a2, na2, out, nret) != 0) {
        rc = cb_check_fail(c, "refused a request of known answer '%s'", t->source);
    } else if (memcmp(out, want, nret) != 0) {
        rc = cb_check_fail(c, "wrong ReturnedBits for known answer '%s'", t->source);
    }
    c->checks++;
    cb_drbg_free(&d);
    free(e), free(no), free(a1), free(a2), free(r), free(want), free(out);
    return rc;
}

/* seeded: a DRBG of variant v instantiated from the checker's stream (the same for
 * the variant and generic when the stream is restarted). */
static int seeded(cb_drbg *d, const cb_alg *a, const cb_variant *v, const uint8_t seed[48])
{
    return cb_drbg_new(d, a, v) || cb_drbg_instantiate(d, seed, 32, seed + 32, 16, NULL, 0);
}

/*
 * cross_check: generic and the variant from the same seed give the same bytes for
 * requests of every length (all of 0..80, then a sample to RAND_MAX_LEN; every length
 * at the full depth), into a buffer misaligned by 1, with additional input on every
 * third request and a reseed half-way.
 */
static int cross_check(cb_checker *c, cb_check_depth depth)
{
    uint8_t seed[48], adin[40];
    cb_check_fill(c, seed, sizeof seed);
    cb_check_fill(c, adin, sizeof adin);
    cb_drbg g, v;
    if (seeded(&g, c->alg, c->ref, seed) || seeded(&v, c->alg, c->var, seed)) {
        cb_drbg_free(&g);
        return cb_check_fail(c, "cannot be instantiated");
    }
    uint8_t *want = cb_xmalloc(RAND_MAX_LEN), *got = cb_xmalloc(RAND_MAX_LEN + 1);
    int rc = 0;
    for (size_t len = 0; len <= RAND_MAX_LEN && !rc; len++) {
        if (depth != CB_CHECK_FULL && len > 80 && len % 61 && len != RAND_MAX_LEN)
            continue;
        size_t an = len % 3 == 0 ? sizeof adin : 0;
        if (len == RAND_MAX_LEN / 2 &&
            (cb_drbg_reseed(&g, adin, 32, NULL, 0) || cb_drbg_reseed(&v, adin, 32, NULL, 0)))
            rc = cb_check_fail(c, "refused a reseed");
        else if (cb_drbg_generate(&g, adin, an, want, len) ||
                 cb_drbg_generate(&v, adin, an, got + 1, len))
            rc = cb_check_fail(c, "refused a request of %zu bytes", len);
        else if (memcmp(want, got + 1, len) != 0)
            rc = cb_check_fail(c, "output differs from generic at length %zu, misaligned +1%s",
                               len, an ? ", with additional input" : "");
        c->checks++;
    }
    cb_drbg_free(&g);
    cb_drbg_free(&v);
    free(want);
    free(got);
    return rc;
}

/* check_output: through the op layer (what `speed` runs), every request succeeds,
 * two of the same length differ, and none of 16 bytes or more is one repeated byte:
 * all that can be said of a DRBG whose seed is its own. */
static int check_output(cb_checker *c)
{
    cb_op o;
    if (cb_op_start(&o, c->alg, c->var, CB_DIR_DIGEST, NULL, 0, NULL) != 0)
        return cb_check_fail(c, "cannot be set up");
    uint8_t *a = cb_xmalloc(RAND_MAX_LEN), *b = cb_xmalloc(RAND_MAX_LEN);
    int rc = 0;
    static const size_t lens[] = {16, 17, 64, 256, RAND_MAX_LEN};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0] && !rc; i++) {
        size_t n = lens[i], same = 1;
        if (cb_op_rand(&o, a, n) != 0 || cb_op_rand(&o, b, n) != 0) {
            rc = cb_check_fail(c, "refused a request of %zu bytes", n);
            break;
        }
        for (size_t k = 1; k < n; k++)
            same += a[k] == a[0];
        if (memcmp(a, b, n) == 0 || same == n)
            rc = cb_check_fail(c, "gave constant or repeated output for %zu bytes", n);
        c->checks++;
    }
    cb_op_stop(&o);
    free(a);
    free(b);
    return rc;
}

int cb_check_rand(cb_checker *c, cb_check_depth depth)
{
    int rc = check_output(c);
    if (rc || cb_variant_impl(c->var))
        return rc;
    for (const cb_drbg_vector *t = cb_vectors_drbg; t->source && !rc; t++)
        rc = run_vector(c, t);
    if (!rc && c->ref && c->ref != c->var)
        rc = cross_check(c, depth);
    return rc;
}
