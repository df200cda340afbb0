/*
 * tests/test_pkey_ct.c - RSA's CRT signing, ECDSA P-256 signing and SM2 signing handle
 * their secrets in constant time, under valgrind, on every built-in variant this CPU
 * (and the mask) lets run.
 *
 * Each key is loaded in the clear; then its secret parts are marked undefined for
 * valgrind's memcheck (RSA: d, dp, dq, q^-1 R mod p and both halves' Montgomery
 * contexts, which hold p and q and the constants derived from them; ECDSA, SM2: d) and a
 * digest is signed: run under memcheck (tests/pkey_ct.sh), any branch or memory
 * index that depends on them is an error, ctgrind's technique.  What a signature
 * lets depend on secrets in the open (the signature, each nonce candidate's accept
 * decision) reaches memcheck as defined through the strong cb_pkey_public below,
 * which replaces pkey_util.c's weak no-op.  Outside valgrind the marks do nothing
 * and the test checks that the signatures verify.
 *
 * CRYPTOBENCH_CAPS is applied with force, so tests/pkey_ct.sh can turn on under
 * valgrind what valgrind's CPUID hides but its decoder runs (BMI2 and ADX for
 * x86-64's mulx).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/caps.h"
#include "base/common.h"
#include "kernels/pkey/pkey.h"
#include "kernels/pkey/pkey_impl.h"
#include "kernels/pkey/sm2.h"
#include "kernels/registry.h"
#include "tests/ct_poison.h"
#include "tests/support.h"

void cb_pkey_public(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_DEFINED(p, n);
}

/* The digest signed: any public 32 bytes. */
static const uint8_t digest[CB_SHA256_BYTES] = "cryptobench constant-time check";

/* runnable says whether v's capabilities are effective, printing why not. */
static int runnable(const cb_variant *v)
{
    const char *miss = cb_caps_missing(v->caps, cb_caps_effective());
    if (miss)
        print_message("%s: UNAVAILABLE, needs %s\n", v->name, miss);
    return miss == NULL;
}

/* poison_mont marks the parts of a Montgomery context that derive from its modulus. */
static void poison_mont(cb_mont *m)
{
    VALGRIND_MAKE_MEM_UNDEFINED(&m->n0, sizeof m->n0);
    VALGRIND_MAKE_MEM_UNDEFINED(m->n, sizeof m->n);
    VALGRIND_MAKE_MEM_UNDEFINED(m->one, sizeof m->one);
    VALGRIND_MAKE_MEM_UNDEFINED(m->rr, sizeof m->rr);
    VALGRIND_MAKE_MEM_UNDEFINED(m->rb, sizeof m->rb);
}

/* One decoded number of an embedded key. */
typedef struct num {
    uint8_t b[CB_BN_MAX_BITS / 8];
    cb_pkey_num v;
} num;

static void decode(num *x, const char *hex)
{
    long len = cb_hex_decode(hex, x->b, sizeof x->b);
    assert_true(len > 0);
    x->v.b = x->b;
    x->v.len = (size_t)len;
}

static void test_rsa_crt_sign(void **unused)
{
    (void)unused;
    const cb_rsa_keyhex *kh = cb_rsa_keys;
    while (kh->alg && strcmp(kh->alg, "rsa2048") != 0)
        kh++;
    assert_non_null(kh->alg);
    const char *hex[8] = {kh->n, kh->e, kh->d, kh->p, kh->q, kh->dp, kh->dq, kh->qinv};
    num *x = cb_xmalloc(8 * sizeof *x);
    for (size_t i = 0; i < 8; i++)
        decode(&x[i], hex[i]);
    const cb_variant *vs[8];
    size_t nv = tu_builtin_variants("rsa2048", vs, 8), ran = 0;
    for (size_t i = 0; i < nv; i++) {
        if (!runnable(vs[i]))
            continue;
        cb_rsa_key *k = cb_xmalloc(sizeof *k);
        assert_int_equal(cb_rsa_key_init(k, cb_pkey_mont_ops(vs[i]), &x[0].v, &x[1].v, &x[2].v), 0);
        assert_int_equal(cb_rsa_key_set_crt(k, &x[3].v, &x[4].v, &x[5].v, &x[6].v, &x[7].v), 0);
        VALGRIND_MAKE_MEM_UNDEFINED(k->d, sizeof k->d);
        VALGRIND_MAKE_MEM_UNDEFINED(k->dp, sizeof k->dp);
        VALGRIND_MAKE_MEM_UNDEFINED(k->dq, sizeof k->dq);
        VALGRIND_MAKE_MEM_UNDEFINED(k->qinv_m, sizeof k->qinv_m);
        poison_mont(&k->mp);
        poison_mont(&k->mq);
        uint8_t sig[CB_BN_MAX_BITS / 8];
        assert_int_equal(cb_rsa_sign_digest(k, digest, sig), 0);
        assert_int_equal(cb_rsa_verify_digest(k, digest, sig, k->bytes), 0);
        VALGRIND_MAKE_MEM_DEFINED(k, sizeof *k);
        cb_pkey_free_secret(k, sizeof *k);
        print_message("%s: rsa2048 CRT signature made with the secrets poisoned\n",
                      vs[i]->name);
        ran++;
    }
    cb_pkey_free_secret(x, 8 * sizeof *x);
    assert_true(ran >= 1);
}

static void test_ecdsa_sign(void **unused)
{
    (void)unused;
    uint8_t d[32];
    assert_int_equal(cb_hex_bytes(d, sizeof d, cb_ecdsa_keys[0].d), 0);
    const cb_variant *vs[8];
    size_t nv = tu_builtin_variants("ecdsap256", vs, 8), ran = 0;
    for (size_t i = 0; i < nv; i++) {
        if (!runnable(vs[i]))
            continue;
        cb_ecdsa_key k;
        assert_int_equal(cb_ecdsa_key_init(&k, vs[i]), 0);
        assert_int_equal(cb_ecdsa_key_set_priv(&k, d), 0);
        VALGRIND_MAKE_MEM_UNDEFINED(k.d, sizeof k.d);
        uint8_t r[32], s[32];
        assert_int_equal(cb_ecdsa_sign_digest(&k, digest, r, s), 0);
        VALGRIND_MAKE_MEM_DEFINED(k.d, sizeof k.d);
        const cb_pkey_num rn = {r, sizeof r}, sn = {s, sizeof s};
        assert_int_equal(cb_ecdsa_verify_digest(&k, digest, sizeof digest, &rn, &sn), 0);
        cb_ecdsa_key_free(&k);
        print_message("%s: ecdsap256 signature made with d poisoned\n", vs[i]->name);
        ran++;
    }
    assert_true(ran >= 1);
}

/* test_sm2_sign: an SM2 signature of the embedded key (kernels/pkey/sm2.c) with d
 * poisoned, hence the nonce, [k]G, r and s too until cb_pkey_public clears them. */
static void test_sm2_sign(void **unused)
{
    (void)unused;
    const cb_variant *vs[8];
    size_t nv = tu_builtin_variants("sm2", vs, 8), ran = 0;
    for (size_t i = 0; i < nv; i++) {
        if (!runnable(vs[i]))
            continue;
        cb_ecp_key k;
        uint8_t sig[64];
        assert_int_equal(cb_sm2_key_load(&k, vs[i]), 0);
        VALGRIND_MAKE_MEM_UNDEFINED(k.d, sizeof k.d);
        assert_int_equal(cb_sm2_sign(&k, digest, sizeof digest, sig), 0);
        VALGRIND_MAKE_MEM_DEFINED(k.d, sizeof k.d);
        const cb_pkey_num rn = {sig, 32}, sn = {sig + 32, 32};
        assert_int_equal(cb_sm2_verify(&k, digest, sizeof digest, &rn, &sn), 0);
        cb_ecp_key_free(&k);
        print_message("%s: sm2 signature made with d poisoned\n", vs[i]->name);
        ran++;
    }
    assert_true(ran >= 1);
}

static int apply_caps(void **unused)
{
    (void)unused;
    char err[256];
    if (cb_caps_init(1, err, sizeof err) != 0) {
        print_error("%s\n", err);
        return -1;
    }
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rsa_crt_sign),
        cmocka_unit_test(test_ecdsa_sign),
        cmocka_unit_test(test_sm2_sign),
    };
    return cmocka_run_group_tests(tests, apply_caps, NULL);
}
