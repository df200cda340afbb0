/*
 * tests/test_drbg.c - the rand row's CTR_DRBG (SP 800-90A 10.2, AES-256 with the
 * derivation function) on every AES variant that offers it: NIST CAVP's records
 * (kernels/check/vectors/vectors_drbg.c) through the deterministic entry points,
 * with the state after instantiation; the second generate's output depending on the
 * first (the update after each generate); every variant against generic from one
 * seed; the request and reseed limits OpenSSL's RAND_bytes has (64 KiB pieces, a
 * reseed after 2^16 generates); the checks `speed` runs; and the library row
 * (Debian's OpenSSL's RAND_bytes: success and changing output only, as its seed is
 * its own).
 *
 * A variant whose capabilities this CPU lacks is reported as UNAVAILABLE, never
 * passed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/common.h"
#include "kernels/check/check.h"
#include "kernels/check/vectors/vectors.h"
#include "kernels/inst.h"
#include "kernels/modes/drbg.h"
#include "kernels/op.h"
#include "kernels/registry.h"
#include "tests/support.h"

#define MAX_VARIANTS 32

static const cb_alg *rand_alg(void)
{
    const cb_alg *a = cb_alg_find("rand");
    assert_non_null(a);
    assert_int_equal(a->kind, CB_KIND_RAND);
    return a;
}

/* instantiate sets d up on v from hex entropy and nonce. */
static void instantiate(cb_drbg *d, const cb_variant *v, const char *entropy, const char *nonce)
{
    size_t ne, nn;
    uint8_t *e = tu_unhex(entropy, &ne), *n = tu_unhex(nonce, &nn);
    assert_int_equal(cb_drbg_new(d, rand_alg(), v), 0);
    assert_int_equal(cb_drbg_instantiate(d, e, ne, n, nn, NULL, 0), 0);
    free(e);
    free(n);
}

/* test_cavp: each CAVP record on every variant: Key and V after instantiation where
 * the record gives them, and the second generate's ReturnedBits. */
static void test_cavp(void **unused)
{
    (void)unused;
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = tu_builtin_variants("rand", vs, MAX_VARIANTS);
    assert_int_equal(cb_vectors_drbg_count, 3);
    for (size_t i = 0; i < nv; i++) {
        if (!tu_runnable_said(vs[i], rand_alg()))
            continue;
        for (const cb_drbg_vector *t = cb_vectors_drbg; t->source; t++) {
            cb_drbg d;
            instantiate(&d, vs[i], t->entropy, t->nonce);
            if (t->key) {
                uint8_t key[32], v[16];
                tu_unhex_into(t->key, key, 32);
                tu_unhex_into(t->v, v, 16);
                assert_memory_equal(d.key, key, 32);
                assert_memory_equal(d.v, v, 16);
            }
            size_t n1, n2, nr, nret;
            uint8_t *a1 = tu_unhex(t->adin1, &n1), *a2 = tu_unhex(t->adin2, &n2);
            uint8_t *r = tu_unhex(t->reseed, &nr), *want = tu_unhex(t->returned, &nret);
            uint8_t out[64];
            assert_true(nret <= sizeof out);
            assert_int_equal(cb_drbg_generate(&d, a1, n1, out, nret), 0);
            if (t->reseed)
                assert_int_equal(cb_drbg_reseed(&d, r, nr, NULL, 0), 0);
            assert_int_equal(cb_drbg_generate(&d, a2, n2, out, nret), 0);
            if (memcmp(out, want, nret) != 0)
                fail_msg("%s: %s: wrong ReturnedBits", vs[i]->name, t->source);
            free(a1), free(a2), free(r), free(want);
            cb_drbg_free(&d);
        }
    }
}

/* test_update_between: the first generate of the first CAVP record is not its
 * ReturnedBits (each generate ends with CTR_DRBG_Update), and generating in two
 * requests differs from one request of the sum. */
static void test_update_between(void **unused)
{
    (void)unused;
    const cb_drbg_vector *t = &cb_vectors_drbg[0];
    const cb_variant *g = cb_variant_generic(rand_alg());
    uint8_t first[64], want[64], one[64], two[64];
    tu_unhex_into(t->returned, want, 64);
    cb_drbg d;
    instantiate(&d, g, t->entropy, t->nonce);
    assert_int_equal(cb_drbg_generate(&d, NULL, 0, first, 64), 0);
    assert_memory_not_equal(first, want, 64);
    cb_drbg_free(&d);
    instantiate(&d, g, t->entropy, t->nonce);
    assert_int_equal(cb_drbg_generate(&d, NULL, 0, one, 64), 0);
    cb_drbg_free(&d);
    assert_memory_equal(one, first, 64);
    instantiate(&d, g, t->entropy, t->nonce);
    assert_int_equal(cb_drbg_generate(&d, NULL, 0, two, 32), 0);
    assert_int_equal(cb_drbg_generate(&d, NULL, 0, two + 32, 32), 0);
    cb_drbg_free(&d);
    assert_memory_equal(two, one, 32); /* the same first request */
    assert_memory_not_equal(two + 32, one + 32, 32);
}

/* test_variants_agree: every variant gives generic's bytes from one seed for every
 * length 0..300 (partial last blocks, runs long enough for any interleave), with and
 * without additional input. */
static void test_variants_agree(void **unused)
{
    (void)unused;
    const cb_alg *a = rand_alg();
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = tu_builtin_variants("rand", vs, MAX_VARIANTS);
    uint8_t seed[48], adin[20], want[300], got[301];
    tu_fill(seed, sizeof seed, 7);
    tu_fill(adin, sizeof adin, 8);
    for (size_t i = 0; i < nv; i++) {
        if (!tu_runnable(vs[i], a, CB_DIR_DIGEST))
            continue;
        cb_drbg g, v;
        assert_int_equal(cb_drbg_new(&g, a, cb_variant_generic(a)), 0);
        assert_int_equal(cb_drbg_new(&v, a, vs[i]), 0);
        assert_int_equal(cb_drbg_instantiate(&g, seed, 32, seed + 32, 16, adin, 5), 0);
        assert_int_equal(cb_drbg_instantiate(&v, seed, 32, seed + 32, 16, adin, 5), 0);
        for (size_t len = 0; len <= sizeof want; len++) {
            size_t an = len % 2 ? sizeof adin : 0;
            assert_int_equal(cb_drbg_generate(&g, adin, an, want, len), 0);
            assert_int_equal(cb_drbg_generate(&v, adin, an, got + 1, len), 0);
            if (memcmp(want, got + 1, len) != 0)
                fail_msg("%s: differs from generic at length %zu", vs[i]->name, len);
        }
        cb_drbg_free(&g);
        cb_drbg_free(&v);
    }
}

/* test_limits: a generate takes at most 64 KiB and refuses to run past the reseed
 * interval; cb_drbg_bytes (what `speed` times) splits a longer request into 64 KiB
 * generates (so its output is those generates') and reseeds itself at the interval. */
static void test_limits(void **unused)
{
    (void)unused;
    const cb_alg *a = rand_alg();
    const cb_variant *g = cb_variant_generic(a);
    size_t big = CB_DRBG_MAX_REQUEST + 100;
    uint8_t *out = malloc(big), *ref = malloc(big), seed[48] = {1, 2, 3};
    assert_non_null(out);
    assert_non_null(ref);
    cb_drbg d, r;
    assert_int_equal(cb_drbg_new(&d, a, g), 0);
    assert_int_equal(cb_drbg_new(&r, a, g), 0);
    assert_int_equal(cb_drbg_instantiate(&d, seed, 32, seed + 32, 16, NULL, 0), 0);
    assert_int_equal(cb_drbg_instantiate(&r, seed, 32, seed + 32, 16, NULL, 0), 0);
    assert_int_equal(cb_drbg_generate(&d, NULL, 0, out, big), -1);
    assert_int_equal(cb_drbg_bytes(&d, out, big), 0);
    assert_int_equal(d.reseed_counter, 3);
    assert_int_equal(cb_drbg_generate(&r, NULL, 0, ref, CB_DRBG_MAX_REQUEST), 0);
    assert_int_equal(cb_drbg_generate(&r, NULL, 0, ref + CB_DRBG_MAX_REQUEST, 100), 0);
    assert_memory_equal(out, ref, big);
    /* at the interval: generate refuses, cb_drbg_bytes reseeds and goes on */
    d.reseed_counter = CB_DRBG_RESEED_INTERVAL + 1;
    assert_int_equal(cb_drbg_generate(&d, NULL, 0, out, 16), -1);
    assert_int_equal(cb_drbg_bytes(&d, out, 16), 0);
    assert_int_equal(d.reseed_counter, 2);
    cb_drbg_free(&d);
    cb_drbg_free(&r);
    free(out);
    free(ref);
}

/* test_offers: an AES variant serves rand exactly when it has ecb_encrypt;
 * rand is digest-like (one direction), keyless, and named "rand". */
static void test_offers(void **unused)
{
    (void)unused;
    const cb_alg *a = rand_alg();
    size_t seen = 0;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (v->prim != CB_PRIM_AES)
            continue;
        const cb_aes_ops *o = v->ops;
        assert_int_equal(cb_variant_offers(v, a, CB_DIR_DIGEST), o->ecb_encrypt != NULL);
        seen++;
    }
    assert_true(seen >= 1);
    cb_dir dirs[CB_MAX_DIRS];
    assert_int_equal(cb_alg_dirs(a, dirs), 1);
    assert_int_equal(dirs[0], CB_DIR_DIGEST);
    assert_int_equal(cb_alg_key_bytes(a), 0);
    cb_drbg d;
    assert_int_equal(cb_drbg_new(&d, cb_alg_find("aes-256-ctr"), cb_variant_generic(a)), -1);
}

/* test_check_and_speed: the checks `speed` runs first pass on every variant, and a
 * timed instance seeded from the kernel writes changing output. */
static void test_check_and_speed(void **unused)
{
    (void)unused;
    const cb_alg *a = rand_alg();
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = tu_builtin_variants("rand", vs, MAX_VARIANTS);
    for (size_t i = 0; i < nv; i++) {
        if (!tu_runnable_said(vs[i], a))
            continue;
        char err[256];
        if (cb_check_variant(a, vs[i], CB_CHECK_QUICK, err, sizeof err, NULL) != 0)
            fail_msg("%s: %s", vs[i]->name, err);
    }
    char err[256];
    cb_inst *x = cb_inst_new(a, cb_variant_generic(a), CB_DIR_DIGEST, 0, err, sizeof err);
    assert_non_null(x);
    uint8_t in[64] = {0}, out[64] = {0}, before[64];
    assert_int_equal(cb_inst_prepare(x, in, sizeof in, err, sizeof err), 0);
    cb_inst_run(x, in, out, sizeof out, 1);
    memcpy(before, out, sizeof out);
    cb_inst_run(x, in, out, sizeof out, 1);
    assert_int_equal(cb_inst_failures(x), 0);
    assert_memory_not_equal(before, out, sizeof out);
    cb_inst_free(x);
}

/* test_system_library: Debian's OpenSSL's RAND_bytes passes the library checks
 * (success, output that changes and is not one repeated byte). */
static void test_system_library(void **unused)
{
    (void)unused;
    const cb_variant *v = tu_system_lib("test_system_library");
    if (!v)
        return;
    char err[256];
    assert_true(cb_variant_offers(v, rand_alg(), CB_DIR_DIGEST));
    unsigned long checks = 0;
    if (cb_check_variant(rand_alg(), v, CB_CHECK_QUICK, err, sizeof err, &checks) != 0)
        fail_msg("%s", err);
    assert_true(checks >= 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cavp),           cmocka_unit_test(test_update_between),
        cmocka_unit_test(test_variants_agree), cmocka_unit_test(test_limits),
        cmocka_unit_test(test_offers),         cmocka_unit_test(test_check_and_speed),
        cmocka_unit_test(test_system_library),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
