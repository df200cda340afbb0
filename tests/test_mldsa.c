/*
 * tests/test_mldsa.c - every ML-DSA variant this CPU runs (kernels/generic/mldsa.c
 * and, on x86-64 with AVX2, kernels/x86_64/mldsa_avx2.c) against AWS-LC's answers,
 * against each other, and the rejections a verifier owes.
 *
 * tests/data/mldsa-awslc.rsp holds, per parameter set, a seed xi with the pk and sk
 * AWS-LC derives from it, and the pure ML-DSA signature (empty context) of the
 * 36-byte speed message with rnd = 0^32 (deterministic) and with a random rnd.  Every
 * one is recomputed here.  Also: round trips; a signature, message, public key or
 * context changed in one bit refused; malformed hints refused; deterministic signing
 * repeating itself and hedged signing not; Decompose against its definition for
 * every r in [0, q); test_same_as_generic: each other variant and generic from the
 * same 40 seeds per set give the same keys and deterministic and hedged signatures,
 * verify each other's and refuse the same flipped bit (a variant whose capabilities
 * are missing is reported as UNAVAILABLE); the checks before timing (sig_check.c) passing generic and a
 * renamed copy, and catching a variant with a wrong signature and one whose
 * verification accepts anything, on every row named as FIPS 204 spells it, in any
 * case.  When AWS-LC's libcrypto is in ../shared/peers/aws-lc (not on a
 * user's machine: the test says it skips), its keys from the same seeds equal ours
 * and its signatures verify with ours and ours with it, through its EVP API.
 */
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/check/check.h"
#include "kernels/generic/mldsa.h"
#include "kernels/registry.h"
#include "tests/support.h"

#define Q 8380417

static const uint8_t speed_msg[36] = "cryptobench public-key speed message";
static const uint8_t pure[2] = {0, 0}; /* M' prefix: pure ML-DSA, empty context */

/* A vector: the fields of one count. */
typedef struct vec {
    unsigned set;
    uint8_t xi[32], rnd[32], msg[64];
    size_t msglen;
    uint8_t pk[CB_MLDSA_MAX_PK], sk[CB_MLDSA_MAX_SK], sig[CB_MLDSA_MAX_SIG];
    unsigned have;
} vec;

/* runnable puts in vs the ML-DSA variants this CPU runs, generic first. */
static size_t runnable(const cb_variant **vs, size_t max)
{
    return tu_prim_variants(CB_PRIM_MLDSA, vs, max);
}

static void check_vec(const vec *v)
{
    static uint8_t pk[CB_MLDSA_MAX_PK], sk[CB_MLDSA_MAX_SK], sig[CB_MLDSA_MAX_SIG];
    assert_int_equal(v->have, 0x3f);
    const cb_variant *vs[8];
    size_t nv = runnable(vs, 8);
    for (size_t i = 0; i < nv; i++) {
        const cb_mldsa_ops *o = vs[i]->ops;
        assert_int_equal(o->keygen(v->set, pk, sk, v->xi), 0);
        assert_memory_equal(pk, v->pk, CB_MLDSA_PK_BYTES(v->set));
        assert_memory_equal(sk, v->sk, CB_MLDSA_SK_BYTES(v->set));
        assert_int_equal(o->sign(v->set, sig, v->sk, pure, 2, v->msg, v->msglen, v->rnd), 0);
        assert_memory_equal(sig, v->sig, CB_MLDSA_SIG_BYTES(v->set));
        assert_int_equal(o->verify(v->set, v->pk, pure, 2, v->msg, v->msglen, v->sig), 0);
    }
}

static void test_awslc_answers(void **unused)
{
    (void)unused;
    FILE *f = fopen(tu_data_path("mldsa-awslc.rsp"), "r");
    assert_non_null(f);
    static char line[16384];
    static vec v;
    unsigned set = 0, done = 0, deterministic = 0, per_set[3] = {0};
    static const char *const names[] = {"xi", "pk", "sk", "msg", "rnd", "sig"};
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (line[0] == '[') {
            assert_int_equal(sscanf(line, "[ML-DSA-%u]", &set), 1);
            assert_true(set == 44 || set == 65 || set == 87);
            continue;
        }
        if (strncmp(line, "count = ", 8) == 0) {
            if (v.have) {
                check_vec(&v);
                done++, per_set[v.set == 44 ? 0 : v.set == 65 ? 1 : 2]++;
            }
            memset(&v, 0, sizeof v);
            v.set = set;
            continue;
        }
        char *eq = strstr(line, " = ");
        assert_non_null(eq);
        *eq = 0;
        const char *hex = eq + 3;
        size_t i;
        for (i = 0; i < 6 && strcmp(line, names[i]) != 0; i++)
            ;
        assert_true(i < 6);
        switch (i) {
        case 0: tu_unhex_into(hex, v.xi, 32); break;
        case 1: tu_unhex_into(hex, v.pk, CB_MLDSA_PK_BYTES(set)); break;
        case 2: tu_unhex_into(hex, v.sk, CB_MLDSA_SK_BYTES(set)); break;
        case 3:
            v.msglen = strcspn(hex, "\r\n") / 2;
            assert_true(v.msglen <= sizeof v.msg);
            tu_unhex_into(hex, v.msg, v.msglen);
            break;
        case 4:
            tu_unhex_into(hex, v.rnd, 32);
            deterministic += memcmp(v.rnd, (uint8_t[32]){0}, 32) == 0;
            break;
        default: tu_unhex_into(hex, v.sig, CB_MLDSA_SIG_BYTES(set)); break;
        }
        v.have |= 1u << i;
    }
    fclose(f);
    if (v.have) {
        check_vec(&v);
        done++, per_set[v.set == 44 ? 0 : v.set == 65 ? 1 : 2]++;
    }
    assert_int_equal(done, 6);
    assert_int_equal(deterministic, 3);
    assert_true(per_set[0] == 2 && per_set[1] == 2 && per_set[2] == 2);
}

/* Round trips; sig, msg, pk or the context each changed in one bit is refused. */
static void test_roundtrip_and_rejections(void **unused)
{
    (void)unused;
    static uint8_t pk[CB_MLDSA_MAX_PK], sk[CB_MLDSA_MAX_SK], sig[CB_MLDSA_MAX_SIG],
        sig2[CB_MLDSA_MAX_SIG];
    static const unsigned sets[] = {44, 65, 87};
    uint8_t xi[32], rnd[32], msg[36];
    const uint8_t zero[32] = {0}, ctx1[3] = {0, 1, 'x'};
    const cb_variant *vs[8];
    size_t nv = runnable(vs, 8);
    for (size_t vi = 0; vi < nv * 3; vi++) {
        const cb_mldsa_ops *o = vs[vi / 3]->ops;
        unsigned set = sets[vi % 3];
        size_t sigb = CB_MLDSA_SIG_BYTES(set);
        for (unsigned t = 0; t < 3; t++) {
            for (int i = 0; i < 32; i++)
                xi[i] = (uint8_t)(i * 29 + t + set), rnd[i] = (uint8_t)(i ^ (t + 1));
            memcpy(msg, speed_msg, sizeof msg);
            assert_int_equal(o->keygen(set, pk, sk, xi), 0);
            assert_int_equal(o->sign(set, sig, sk, pure, 2, msg, sizeof msg, rnd), 0);
            assert_int_equal(o->verify(set, pk, pure, 2, msg, sizeof msg, sig), 0);
            /* a bit of c~, of z and of the hints */
            const size_t at[3] = {t, sigb / 2 + t, sigb - 1 - t};
            for (int k = 0; k < 3; k++) {
                sig[at[k]] ^= (uint8_t)(1u << t);
                assert_int_equal(o->verify(set, pk, pure, 2, msg, sizeof msg, sig), 1);
                sig[at[k]] ^= (uint8_t)(1u << t);
            }
            msg[t * 11] ^= 0x40;
            assert_int_equal(o->verify(set, pk, pure, 2, msg, sizeof msg, sig), 1);
            msg[t * 11] ^= 0x40;
            pk[32 + 97 * t] ^= 0x02; /* a t1 coefficient */
            assert_int_equal(o->verify(set, pk, pure, 2, msg, sizeof msg, sig), 1);
            pk[32 + 97 * t] ^= 0x02;
            pk[t] ^= 0x80; /* rho */
            assert_int_equal(o->verify(set, pk, pure, 2, msg, sizeof msg, sig), 1);
            pk[t] ^= 0x80;
            assert_int_equal(o->verify(set, pk, ctx1, 3, msg, sizeof msg, sig), 1);
            assert_int_equal(o->verify(set, pk, pure, 2, msg, sizeof msg, sig), 0);
            /* deterministic signing repeats itself; hedged differs from it */
            assert_int_equal(o->sign(set, sig2, sk, pure, 2, msg, sizeof msg, zero), 0);
            assert_int_equal(o->sign(set, sig, sk, pure, 2, msg, sizeof msg, zero), 0);
            assert_memory_equal(sig, sig2, sigb);
            assert_int_equal(o->sign(set, sig2, sk, pure, 2, msg, sizeof msg, rnd), 0);
            assert_memory_not_equal(sig, sig2, sigb);
            assert_int_equal(o->verify(set, pk, pure, 2, msg, sizeof msg, sig2), 0);
        }
        assert_int_equal(o->keygen(set + 1, pk, sk, xi), -1);
    }
}

/* Malformed hints (HintBitUnpack's refusals) fail verification. */
static void test_malformed_hints(void **unused)
{
    (void)unused;
    static uint8_t pk[CB_MLDSA_MAX_PK], sk[CB_MLDSA_MAX_SK], sig[CB_MLDSA_MAX_SIG],
        bad[CB_MLDSA_MAX_SIG];
    const unsigned set = 44, omega = 80, k = 4;
    uint8_t xi[32] = {1, 2, 3};
    const cb_variant *vs[8];
    size_t nv = runnable(vs, 8);
    for (size_t vi = 0; vi < nv; vi++) {
        const cb_mldsa_ops *o = vs[vi]->ops;
        assert_int_equal(o->keygen(set, pk, sk, xi), 0);
        assert_int_equal(o->sign(set, sig, sk, pure, 2, speed_msg, 36, xi), 0);
        size_t sigb = CB_MLDSA_SIG_BYTES(set), h = sigb - omega - k;
        unsigned total = sig[sigb - 1];
        /* a count past omega */
        memcpy(bad, sig, sigb);
        bad[h + omega] = (uint8_t)(omega + 1);
        assert_int_equal(o->verify(set, pk, pure, 2, speed_msg, 36, bad), 1);
        /* counts out of order */
        memcpy(bad, sig, sigb);
        bad[h + omega + 1] = 0, bad[h + omega] = (uint8_t)(bad[h + omega + 2] + 1);
        if (bad[h + omega] <= omega)
            assert_int_equal(o->verify(set, pk, pure, 2, speed_msg, 36, bad), 1);
        /* a stray index after the last hint */
        if (total < omega) {
            memcpy(bad, sig, sigb);
            bad[h + omega - 1] = 7;
            assert_int_equal(o->verify(set, pk, pure, 2, speed_msg, 36, bad), 1);
        }
        /* two hints of one polynomial not increasing */
        for (unsigned i = 0, first = 0; i < k; first = sig[h + omega + i], i++)
            if (sig[h + omega + i] - first >= 2) {
                memcpy(bad, sig, sigb);
                bad[h + first + 1] = bad[h + first];
                assert_int_equal(o->verify(set, pk, pure, 2, speed_msg, 36, bad), 1);
                break;
            }
    }
}

/* test_same_as_generic: each other variant against generic from the same 40 seeds
 * per set: the same pk and sk; the same deterministic and hedged signatures of a
 * message of the seed's length; each verifying the other's; and the same refusal of
 * a signature with one bit flipped (chosen by the seed). */
static void test_same_as_generic(void **unused)
{
    (void)unused;
    static uint8_t pk[2][CB_MLDSA_MAX_PK], sk[2][CB_MLDSA_MAX_SK], sig[2][CB_MLDSA_MAX_SIG];
    static const unsigned sets[] = {44, 65, 87};
    uint8_t seeds[64 + 100], zero[32] = {0};
    const cb_variant *vs[8];
    size_t nv = runnable(vs, 8);
    const cb_mldsa_ops *g = vs[0]->ops;
    for (size_t vi = 1; vi < nv; vi++) {
        const cb_mldsa_ops *o = vs[vi]->ops;
        for (unsigned s = 0; s < 3; s++)
            for (uint32_t t = 0; t < 40; t++) {
                unsigned set = sets[s];
                size_t sigb = CB_MLDSA_SIG_BYTES(set), len = t * 5 % 100;
                const uint8_t *xi = seeds, *rnd = seeds + 32, *msg = seeds + 64;
                tu_fill(seeds, sizeof seeds, 1000 * set + t + 1);
                assert_int_equal(g->keygen(set, pk[0], sk[0], xi), 0);
                assert_int_equal(o->keygen(set, pk[1], sk[1], xi), 0);
                assert_memory_equal(pk[0], pk[1], CB_MLDSA_PK_BYTES(set));
                assert_memory_equal(sk[0], sk[1], CB_MLDSA_SK_BYTES(set));
                for (int hedged = 0; hedged < 2; hedged++) {
                    const uint8_t *r = hedged ? rnd : zero;
                    assert_int_equal(g->sign(set, sig[0], sk[0], pure, 2, msg, len, r), 0);
                    assert_int_equal(o->sign(set, sig[1], sk[0], pure, 2, msg, len, r), 0);
                    assert_memory_equal(sig[0], sig[1], sigb);
                }
                assert_int_equal(o->verify(set, pk[0], pure, 2, msg, len, sig[0]), 0);
                assert_int_equal(g->verify(set, pk[0], pure, 2, msg, len, sig[1]), 0);
                sig[0][(seeds[0] | seeds[1] << 8) % sigb] ^= (uint8_t)(1u << (seeds[2] % 8));
                int gv = g->verify(set, pk[0], pure, 2, msg, len, sig[0]);
                assert_int_equal(o->verify(set, pk[0], pure, 2, msg, len, sig[0]), gv);
            }
    }
}

/* Decompose against FIPS 204 Algorithm 36 (r0 = r mod+- 2 gamma2, the top interval
 * folded) for every r in [0, q) and both gamma2. */
static void test_decompose_exhaustive(void **unused)
{
    (void)unused;
    static const struct {
        unsigned set;
        int32_t gamma2;
    } g[] = {{44, (Q - 1) / 88}, {65, (Q - 1) / 32}};
    for (size_t s = 0; s < 2; s++) {
        int32_t a = 2 * g[s].gamma2;
        for (int32_t r = 0; r < Q; r++) {
            int32_t r0 = r % a;
            if (r0 > a / 2)
                r0 -= a;
            int32_t r1 = (r - r0) / a;
            if (r - r0 == Q - 1)
                r1 = 0, r0 -= 1;
            int32_t got0, got1 = cb_mldsa_decompose(g[s].set, r, &got0);
            if (got1 != r1 || got0 != r0)
                fail_msg("gamma2 %d, r %d: r1 %d r0 %d, wanted %d %d", g[s].gamma2, r, got1,
                         got0, r1, r0);
        }
    }
}

/* ---- the checks before timing (kernels/check/sig_check.c) catch wrong variants ---- */

/* sign_flip signs as generic does, then changes the last byte (a hint count). */
static int sign_flip(unsigned set, uint8_t *sig, const uint8_t *sk, const uint8_t *pre,
                     size_t prelen, const uint8_t *msg, size_t len, const uint8_t rnd[32])
{
    int rc = cb_mldsa_sign(set, sig, sk, pre, prelen, msg, len, rnd);
    sig[CB_MLDSA_SIG_BYTES(set) - 1] ^= 1;
    return rc;
}

/* verify_lax accepts every signature. */
static int verify_lax(unsigned set, const uint8_t *pk, const uint8_t *pre, size_t prelen,
                      const uint8_t *msg, size_t len, const uint8_t *sig)
{
    (void)set, (void)pk, (void)pre, (void)prelen, (void)msg, (void)len, (void)sig;
    return 0;
}

static const cb_mldsa_ops copy_ops = {cb_mldsa_keygen, cb_mldsa_sign, cb_mldsa_verify};
static const cb_mldsa_ops sign_ops = {cb_mldsa_keygen, sign_flip, cb_mldsa_verify};
static const cb_mldsa_ops verify_ops = {cb_mldsa_keygen, cb_mldsa_sign, verify_lax};
static const cb_variant rows[] = {
    {"dsacopy", "test", CB_PRIM_MLDSA, 0, 0, &copy_ops, "generic's functions renamed"},
    {"dsabadsign", "test", CB_PRIM_MLDSA, 0, 0, &sign_ops, "a changed signature byte"},
    {"dsabadverify", "test", CB_PRIM_MLDSA, 0, 0, &verify_ops, "accepts anything"},
};

/* check_says runs the checks of variant name on every ML-DSA row: 0 when it passes,
 * else 1 with the first failure's sentence in err. */
static int check_says(const char *name, char *err, size_t len, unsigned long *checks)
{
    static const char *const algs[] = {"mldsa44", "ML-DSA-65", "Mldsa-87"};
    int rc = 0;
    for (size_t i = 0; i < 3 && !rc; i++) {
        const cb_alg *a = cb_alg_find(algs[i]);
        assert_non_null(a);
        const cb_variant *v = cb_variant_find(a, name);
        assert_non_null(v);
        rc = cb_check_variant(a, v, CB_CHECK_QUICK, err, len, checks);
    }
    return rc;
}

static void test_checks_catch_variants(void **unused)
{
    (void)unused;
    char err[256];
    unsigned long checks = 0, gen = 0;
    const cb_alg *a = cb_alg_find("mldsa65");
    assert_int_equal(cb_check_variant(a, cb_variant_generic(a), CB_CHECK_QUICK, err,
                                      sizeof err, &gen), 0);
    assert_int_equal(check_says("generic", err, sizeof err, NULL), 0);
    assert_int_equal(check_says("dsacopy", err, sizeof err, &checks), 0);
    assert_true(checks > gen); /* the cross-check against generic ran too */
    assert_int_equal(check_says("dsabadsign", err, sizeof err, NULL), 1);
    assert_non_null(strstr(err, "mldsa44/dsabadsign: signing gives another signature than"));
    assert_int_equal(check_says("dsabadverify", err, sizeof err, NULL), 1);
    assert_non_null(strstr(err, "accepts a signature with one bit changed"));
}

/* ---- AWS-LC, when it is here -------------------------------------------------------- */

typedef struct awslc {
    void *lib;
    void *(*pkey_new)(int, const uint8_t *, size_t);      /* EVP_PKEY_pqdsa_new_raw_private_key */
    void *(*pkey_new_pub)(int, const uint8_t *, size_t);  /* EVP_PKEY_pqdsa_new_raw_public_key */
    int (*get_pub)(const void *, uint8_t *, size_t *);     /* EVP_PKEY_get_raw_public_key */
    int (*get_priv)(const void *, uint8_t *, size_t *);    /* EVP_PKEY_get_raw_private_key */
    void (*pkey_free)(void *);
    void *(*md_new)(void);
    void (*md_free)(void *);
    int (*sign_init)(void *, void **, const void *, void *, void *);
    int (*sign)(void *, uint8_t *, size_t *, const uint8_t *, size_t);
    int (*verify_init)(void *, void **, const void *, void *, void *);
    int (*verify)(void *, const uint8_t *, size_t, const uint8_t *, size_t);
} awslc;

static int awslc_open(awslc *L)
{
    const char *path = "../shared/peers/aws-lc/x86_64/libcrypto.so";
#if !defined(__x86_64__)
    path = "../shared/peers/aws-lc/aarch64/libcrypto.so";
#endif
    memset(L, 0, sizeof *L);
    L->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!L->lib) {
        printf("test_awslc_cross: skipped, %s is not here (AWS-LC 5.5.0 is only in the "
               "project's shared/peers)\n", path);
        return -1;
    }
#define SYM(f, name) *(void **)&L->f = dlsym(L->lib, name)
    SYM(pkey_new, "EVP_PKEY_pqdsa_new_raw_private_key");
    SYM(pkey_new_pub, "EVP_PKEY_pqdsa_new_raw_public_key");
    SYM(get_pub, "EVP_PKEY_get_raw_public_key");
    SYM(get_priv, "EVP_PKEY_get_raw_private_key");
    SYM(pkey_free, "EVP_PKEY_free");
    SYM(md_new, "EVP_MD_CTX_new");
    SYM(md_free, "EVP_MD_CTX_free");
    SYM(sign_init, "EVP_DigestSignInit");
    SYM(sign, "EVP_DigestSign");
    SYM(verify_init, "EVP_DigestVerifyInit");
    SYM(verify, "EVP_DigestVerify");
#undef SYM
    assert_true(L->pkey_new && L->pkey_new_pub && L->get_pub && L->get_priv && L->pkey_free &&
                L->md_new && L->md_free && L->sign_init && L->sign && L->verify_init &&
                L->verify);
    return 0;
}

/* AWS-LC's NID_MLDSA44/65/87 (include/openssl/nid.h). */
static int nid_of(unsigned set) { return set == 44 ? 994 : set == 65 ? 995 : 996; }

static void test_awslc_cross(void **unused)
{
    (void)unused;
    awslc L;
    if (awslc_open(&L) != 0)
        return;
    static uint8_t pk[CB_MLDSA_MAX_PK], sk[CB_MLDSA_MAX_SK], sig[CB_MLDSA_MAX_SIG],
        theirs[CB_MLDSA_MAX_PK + CB_MLDSA_MAX_SK];
    static const unsigned sets[] = {44, 65, 87};
    for (size_t s = 0; s < 3; s++) {
        unsigned set = sets[s];
        uint8_t xi[32], rnd[32];
        for (int i = 0; i < 32; i++)
            xi[i] = (uint8_t)(0x5a ^ (i * 7) ^ set), rnd[i] = (uint8_t)(i + set);
        assert_int_equal(cb_mldsa_keygen(set, pk, sk, xi), 0);
        /* AWS-LC takes the 32-byte seed as a private key and expands it */
        void *key = L.pkey_new(nid_of(set), xi, 32);
        assert_non_null(key);
        size_t n = sizeof theirs;
        assert_int_equal(L.get_pub(key, theirs, &n), 1);
        assert_int_equal(n, CB_MLDSA_PK_BYTES(set));
        assert_memory_equal(theirs, pk, n);
        n = sizeof theirs;
        assert_int_equal(L.get_priv(key, theirs, &n), 1);
        assert_int_equal(n, CB_MLDSA_SK_BYTES(set));
        assert_memory_equal(theirs, sk, n);
        /* theirs (hedged, pure, empty context) verifies with ours */
        void *md = L.md_new();
        n = sizeof sig;
        assert_int_equal(L.sign_init(md, NULL, NULL, NULL, key), 1);
        assert_int_equal(L.sign(md, sig, &n, speed_msg, sizeof speed_msg), 1);
        L.md_free(md);
        assert_int_equal(n, CB_MLDSA_SIG_BYTES(set));
        assert_int_equal(cb_mldsa_verify(set, pk, pure, 2, speed_msg, sizeof speed_msg, sig), 0);
        /* ours verifies with theirs, a changed one does not */
        assert_int_equal(cb_mldsa_sign(set, sig, sk, pure, 2, speed_msg, sizeof speed_msg, rnd), 0);
        void *pub = L.pkey_new_pub(nid_of(set), pk, CB_MLDSA_PK_BYTES(set));
        assert_non_null(pub);
        for (int bad = 0; bad < 2; bad++) {
            sig[100] ^= (uint8_t)bad;
            md = L.md_new();
            assert_int_equal(L.verify_init(md, NULL, NULL, NULL, pub), 1);
            assert_int_equal(L.verify(md, sig, n, speed_msg, sizeof speed_msg), !bad);
            L.md_free(md);
            sig[100] ^= (uint8_t)bad;
        }
        L.pkey_free(pub);
        L.pkey_free(key);
    }
    dlclose(L.lib);
}

int main(void)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        assert_int_equal(cb_variant_register(&rows[i]), 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_awslc_answers),
        cmocka_unit_test(test_roundtrip_and_rejections),
        cmocka_unit_test(test_malformed_hints),
        cmocka_unit_test(test_decompose_exhaustive),
        cmocka_unit_test(test_same_as_generic),
        cmocka_unit_test(test_checks_catch_variants),
        cmocka_unit_test(test_awslc_cross),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
