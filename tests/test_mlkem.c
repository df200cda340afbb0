/*
 * tests/test_mlkem.c - every ML-KEM variant this CPU runs (kernels/generic/mlkem.c
 * and, on x86-64 with AVX2, kernels/x86_64/mlkem_avx2.c) against AWS-LC's answers
 * and against each other.
 *
 * tests/data/mlkem-awslc.rsp holds, per parameter set, d and z with the ek and dk
 * AWS-LC derives from them, m with the c and k of encapsulation, and a modified
 * ciphertext with the implicit-rejection key AWS-LC's decapsulation returns.  Every
 * one is recomputed here: keygen, encaps, decaps of c and of c_modified.  Also:
 * decaps of a fresh encapsulation round-trips, and ek with a coefficient >= q is
 * refused (the modulus check of FIPS 203 section 7.2).  test_same_as_generic runs
 * each other variant and the generic one from the same 200 pseudo-random seeds per
 * rank: the same ek, dk, c and K, the same implicit-rejection key for a ciphertext
 * with one bit flipped, and both refusing an ek with one coefficient raised to q or
 * above (200 seeds also reach the matrix expansion's extra-block path, taken about
 * once in 120 entries).  A variant whose capabilities are missing is reported as
 * UNAVAILABLE.
 *
 * test_secret_poisoned marks the secrets (m for encaps; s_hat and z of dk for
 * decaps) undefined for valgrind's memcheck: run under it (tests/mlkem_ct.sh), any
 * branch or memory index that depends on them is reported, ctgrind's technique.
 * Outside valgrind the marks do nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/caps.h"
#include "kernels/generic/mlkem.h"
#include "kernels/registry.h"
#include "tests/ct_poison.h"
#include "tests/support.h"

/* A vector: the fields of one count. */
typedef struct vec {
    unsigned k;
    uint8_t d[32], z[32], m[32], kk[32], kbad[32];
    uint8_t ek[CB_MLKEM_MAX_EK], dk[CB_MLKEM_MAX_DK], c[CB_MLKEM_MAX_CT], cbad[CB_MLKEM_MAX_CT];
    unsigned have; /* bit per field read */
} vec;

/* runnable puts in vs the ML-KEM variants this CPU runs, generic first. */
static size_t runnable(const cb_variant **vs, size_t max)
{
    return tu_prim_variants(CB_PRIM_MLKEM, vs, max);
}

static void check_vec(const vec *v)
{
    assert_int_equal(v->have, 0x1ff);
    unsigned k = v->k;
    size_t ctb = CB_MLKEM_CT_BYTES(k);
    uint8_t ek[CB_MLKEM_MAX_EK], dk[CB_MLKEM_MAX_DK], c[CB_MLKEM_MAX_CT], K[32];
    const cb_variant *vs[8];
    size_t nv = runnable(vs, 8);
    for (size_t i = 0; i < nv; i++) {
        const cb_mlkem_ops *o = vs[i]->ops;
        memset(ek, 0, sizeof ek), memset(dk, 0, sizeof dk), memset(c, 0, sizeof c);
        o->keygen(k, ek, dk, v->d, v->z);
        assert_memory_equal(ek, v->ek, CB_MLKEM_EK_BYTES(k));
        assert_memory_equal(dk, v->dk, CB_MLKEM_DK_BYTES(k));
        assert_int_equal(o->encaps(k, c, K, v->ek, v->m), 0);
        assert_memory_equal(c, v->c, ctb);
        assert_memory_equal(K, v->kk, 32);
        o->decaps(k, K, v->dk, v->c);
        assert_memory_equal(K, v->kk, 32);
        o->decaps(k, K, v->dk, v->cbad);
        assert_memory_equal(K, v->kbad, 32);
        assert_memory_not_equal(K, v->kk, 32);
    }
}

static void test_awslc_answers(void **unused)
{
    (void)unused;
    FILE *f = fopen(tu_data_path("mlkem-awslc.rsp"), "r");
    assert_non_null(f);
    static char line[8192];
    static vec v;
    unsigned k = 0, done = 0, per_k[5] = {0};
    static const struct {
        const char *name;
        size_t off;
        int kind; /* 0: 32 bytes, 1: ek, 2: dk, 3: ct */
    } fields[] = {
        {"d", offsetof(vec, d), 0},   {"z", offsetof(vec, z), 0},
        {"ek", offsetof(vec, ek), 1}, {"dk", offsetof(vec, dk), 2},
        {"m", offsetof(vec, m), 0},   {"c", offsetof(vec, c), 3},
        {"k", offsetof(vec, kk), 0},  {"c_modified", offsetof(vec, cbad), 3},
        {"k_rejected", offsetof(vec, kbad), 0},
    };
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (line[0] == '[') {
            assert_true(sscanf(line, "[ML-KEM-%u]", &k) == 1);
            k = k == 512 ? 2 : k == 768 ? 3 : k == 1024 ? 4 : 0;
            assert_true(k != 0);
            continue;
        }
        if (strncmp(line, "count = ", 8) == 0) {
            if (v.have) {
                check_vec(&v);
                done++, per_k[v.k]++;
            }
            memset(&v, 0, sizeof v);
            v.k = k;
            continue;
        }
        char *eq = strstr(line, " = ");
        assert_non_null(eq);
        *eq = 0;
        size_t i;
        for (i = 0; i < sizeof fields / sizeof fields[0]; i++)
            if (strcmp(line, fields[i].name) == 0)
                break;
        assert_true(i < sizeof fields / sizeof fields[0]);
        size_t len = fields[i].kind == 0   ? 32
                     : fields[i].kind == 1 ? CB_MLKEM_EK_BYTES(k)
                     : fields[i].kind == 2 ? CB_MLKEM_DK_BYTES(k)
                                           : CB_MLKEM_CT_BYTES(k);
        tu_unhex_into(eq + 3, (uint8_t *)&v + fields[i].off, len);
        v.have |= 1u << i;
    }
    fclose(f);
    if (v.have) {
        check_vec(&v);
        done++, per_k[v.k]++;
    }
    assert_int_equal(done, 6);
    assert_true(per_k[2] == 2 && per_k[3] == 2 && per_k[4] == 2);
}

/* Round trips from other seeds, every bit of a ciphertext's first byte flipped
 * rejected, and the ek modulus check. */
static void test_roundtrip_and_checks(void **unused)
{
    (void)unused;
    static uint8_t ek[CB_MLKEM_MAX_EK], dk[CB_MLKEM_MAX_DK], c[CB_MLKEM_MAX_CT];
    uint8_t d[32], z[32], m[32], K[32], K2[32];
    const cb_variant *vs[8];
    size_t nv = runnable(vs, 8);
    for (size_t vi = 0; vi < nv * 12; vi++) {
        const cb_mlkem_ops *o = vs[vi / 12]->ops;
        unsigned k = 2 + vi % 12 / 4, t = vi % 4;
        for (int i = 0; i < 32; i++)
            d[i] = (uint8_t)(i * 13 + t + k), z[i] = (uint8_t)(i ^ t), m[i] = (uint8_t)(7 * i + t);
        o->keygen(k, ek, dk, d, z);
        assert_int_equal(o->encaps(k, c, K, ek, m), 0);
        o->decaps(k, K2, dk, c);
        assert_memory_equal(K, K2, 32);
        c[CB_MLKEM_CT_BYTES(k) - 1] ^= 0x80;
        o->decaps(k, K2, dk, c);
        assert_memory_not_equal(K, K2, 32);
        /* coefficient 0 of t_hat set to 4095 >= q */
        ek[0] = 0xff, ek[1] |= 0x0f;
        assert_int_equal(o->encaps(k, c, K, ek, m), -1);
    }
}

/* test_same_as_generic: each other variant against generic from the same seeds. */
static void test_same_as_generic(void **unused)
{
    (void)unused;
    static uint8_t ek[2][CB_MLKEM_MAX_EK], dk[2][CB_MLKEM_MAX_DK], c[2][CB_MLKEM_MAX_CT];
    uint8_t seeds[96], K[2][32];
    const cb_variant *vs[8];
    size_t nv = runnable(vs, 8);
    const cb_mlkem_ops *g = vs[0]->ops;
    for (size_t vi = 1; vi < nv; vi++) {
        const cb_mlkem_ops *o = vs[vi]->ops;
        for (unsigned k = 2; k <= 4; k++)
            for (uint32_t t = 0; t < 200; t++) {
                size_t ekb = CB_MLKEM_EK_BYTES(k), ctb = CB_MLKEM_CT_BYTES(k);
                tu_fill(seeds, sizeof seeds, 1000 * k + t + 1); /* d, z, m */
                g->keygen(k, ek[0], dk[0], seeds, seeds + 32);
                o->keygen(k, ek[1], dk[1], seeds, seeds + 32);
                assert_memory_equal(ek[0], ek[1], ekb);
                assert_memory_equal(dk[0], dk[1], CB_MLKEM_DK_BYTES(k));
                assert_int_equal(g->encaps(k, c[0], K[0], ek[0], seeds + 64), 0);
                assert_int_equal(o->encaps(k, c[1], K[1], ek[0], seeds + 64), 0);
                assert_memory_equal(c[0], c[1], ctb);
                assert_memory_equal(K[0], K[1], 32);
                o->decaps(k, K[1], dk[0], c[0]);
                assert_memory_equal(K[0], K[1], 32);
                /* one bit flipped, chosen by the seed: both give the same J(z || c') */
                c[0][seeds[0] % ctb] ^= (uint8_t)(1u << (seeds[1] % 8));
                g->decaps(k, K[0], dk[0], c[0]);
                o->decaps(k, K[1], dk[0], c[0]);
                assert_memory_equal(K[0], K[1], 32);
                /* coefficient 2 i of t_hat raised to q + (seed mod (4096 - q)) */
                unsigned i = seeds[2] % 128, bad = 3329 + seeds[3] % (4096 - 3329);
                ek[0][3 * i] = (uint8_t)bad;
                ek[0][3 * i + 1] = (uint8_t)((ek[0][3 * i + 1] & 0xf0) | bad >> 8);
                assert_int_equal(g->encaps(k, c[0], K[0], ek[0], seeds + 64), -1);
                assert_int_equal(o->encaps(k, c[1], K[1], ek[0], seeds + 64), -1);
            }
    }
}

static void test_secret_poisoned(void **unused)
{
    (void)unused;
    static uint8_t ek[CB_MLKEM_MAX_EK], dk[CB_MLKEM_MAX_DK], c[CB_MLKEM_MAX_CT];
    uint8_t d[32], z[32], m[32], K[32], K2[32];
    const cb_variant *vs[8];
    size_t nv = runnable(vs, 8);
    for (size_t vi = 0; vi < nv * 3; vi++) {
        const cb_mlkem_ops *o = vs[vi / 3]->ops;
        unsigned k = 2 + vi % 3;
        memset(d, (int)k, 32), memset(z, 7, 32), memset(m, 9, 32);
        o->keygen(k, ek, dk, d, z);
        VALGRIND_MAKE_MEM_UNDEFINED(m, 32);
        assert_int_equal(o->encaps(k, c, K, ek, m), 0);
        VALGRIND_MAKE_MEM_DEFINED(c, sizeof c); /* the ciphertext is public */
        VALGRIND_MAKE_MEM_UNDEFINED(dk, 384 * k);
        VALGRIND_MAKE_MEM_UNDEFINED(dk + 768 * k + 64, 32);
        o->decaps(k, K2, dk, c);
        VALGRIND_MAKE_MEM_DEFINED(K, 32);
        VALGRIND_MAKE_MEM_DEFINED(K2, 32);
        assert_memory_equal(K, K2, 32);
        c[5] ^= 1; /* the rejection path too */
        o->decaps(k, K2, dk, c);
        VALGRIND_MAKE_MEM_DEFINED(K2, 32);
        VALGRIND_MAKE_MEM_DEFINED(dk, sizeof dk);
        assert_memory_not_equal(K, K2, 32);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_awslc_answers),
        cmocka_unit_test(test_roundtrip_and_checks),
        cmocka_unit_test(test_same_as_generic),
        cmocka_unit_test(test_secret_poisoned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
