/*
 * tests/test_kem.c - the ML-KEM rows above the kernel: the algorithm table and its
 * three directions, the op layer (kernels/op.h) on a layered and on a whole variant,
 * the timed instance (kernels/inst.h), and the checks (kernels/check/kem_check.c):
 * generic passes them, and variants that are wrong in one place are caught, through
 * the same functions a future SIMD variant or a library would meet; and the ML-DSA
 * signature table's layout next to the KEM table's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/check/check.h"
#include "kernels/check/kat/kat.h"
#include "kernels/generic/mlkem.h"
#include "kernels/inst.h"
#include "kernels/op.h"
#include "kernels/pkey/kem.h"
#include "kernels/registry.h"
#include "reports/format/openssl_out.h"
#include "tests/support.h"

static const char *const kem_names[] = {"mlkem512", "mlkem768", "mlkem1024"};

static void test_rows_and_directions(void **unused)
{
    (void)unused;
    static const struct {
        const char *name;
        size_t ek, dk, ct;
    } want[] = {{"ML-KEM-512", 800, 1632, 768},
                {"ml-kem-768", 1184, 2400, 1088},
                {"ML-KEM-1024", 1568, 3168, 1568}};
    for (size_t i = 0; i < 3; i++) {
        const cb_alg *a = cb_alg_find(kem_names[i]);
        assert_non_null(a);
        assert_ptr_equal(cb_alg_find(want[i].name), a);
        assert_int_equal(a->kind, CB_KIND_KEM);
        assert_true(cb_alg_per_op(a));
        assert_int_equal(cb_alg_key_bytes(a), 0);
        cb_dir d[CB_MAX_DIRS];
        assert_int_equal(cb_alg_dirs(a, d), 3);
        assert_string_equal(cb_dir_name(d[0]), "keygen");
        assert_string_equal(cb_dir_name(d[1]), "encaps");
        assert_string_equal(cb_dir_name(d[2]), "decaps");
        const cb_variant *g = cb_variant_generic(a);
        assert_non_null(g);
        for (size_t k = 0; k < 3; k++)
            assert_true(cb_variant_offers(g, a, d[k]));
        assert_false(cb_variant_offers(g, a, CB_DIR_SIGN));
        cb_kem_sizes z;
        assert_int_equal(cb_kem_sizes_of(a, &z), 0);
        assert_int_equal(z.ek, want[i].ek);
        assert_int_equal(z.dk, want[i].dk);
        assert_int_equal(z.ct, want[i].ct);
        assert_int_equal(z.ss, 32);
    }
    assert_ptr_equal(cb_alg_find("MLKEM-768"), cb_alg_find("mlkem768"));
    assert_false(cb_alg_per_op(cb_alg_find("aes-128-cbc")));
    assert_true(cb_alg_per_op(cb_alg_find("rsa2048")));
    cb_kem_sizes z;
    assert_int_equal(cb_kem_sizes_of(cb_alg_find("ed25519"), &z), -1);
}

/* The op layer on generic gives what the kernel gives, in every direction's op. */
static void test_op_layer_matches_kernel(void **unused)
{
    (void)unused;
    const cb_alg *a = cb_alg_find("mlkem768");
    const cb_variant *g = cb_variant_generic(a);
    uint8_t seed[64], m[32], ek[CB_MLKEM_MAX_EK], dk[CB_MLKEM_MAX_DK], ct[CB_MLKEM_MAX_CT];
    uint8_t ss[32], ss2[32], ek2[CB_MLKEM_MAX_EK], dk2[CB_MLKEM_MAX_DK], ct2[CB_MLKEM_MAX_CT];
    tu_fill(seed, sizeof seed, 7);
    tu_fill(m, sizeof m, 8);
    cb_mlkem_keygen(3, ek2, dk2, seed, seed + 32);
    assert_int_equal(cb_mlkem_encaps(3, ct2, ss2, ek2, m), 0);
    cb_op o;
    assert_int_equal(cb_op_start(&o, a, g, CB_DIR_DECAPS, NULL, 0, NULL), 0);
    assert_false(cb_op_whole(&o));
    /* no key pair yet: nothing to encapsulate under */
    assert_int_equal(cb_op_kem_encaps(&o, m, ct, ss), -1);
    assert_int_equal(cb_op_kem_decaps(&o, ct2, ss), -1);
    assert_int_equal(cb_op_kem_keygen(&o, seed, ek, dk), 0);
    assert_memory_equal(ek, ek2, 1184);
    assert_memory_equal(dk, dk2, 2400);
    assert_int_equal(cb_op_kem_encaps(&o, m, ct, ss), 0);
    assert_memory_equal(ct, ct2, 1088);
    assert_memory_equal(ss, ss2, 32);
    memset(ss, 0, sizeof ss);
    assert_int_equal(cb_op_kem_decaps(&o, ct, ss), 0);
    assert_memory_equal(ss, ss2, 32);
    ct[100] ^= 0x40;
    assert_int_equal(cb_op_kem_decaps(&o, ct, ss), 0);
    assert_memory_not_equal(ss, ss2, 32);
    cb_op_stop(&o);
    cb_op_stop(&o); /* a stopped op may be stopped again */
}

/* Every direction of every row sets up, prepares and runs without a failure. */
static void test_timed_instances(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < 3; i++) {
        const cb_alg *a = cb_alg_find(kem_names[i]);
        cb_dir d[CB_MAX_DIRS];
        size_t nd = cb_alg_dirs(a, d);
        for (size_t k = 0; k < nd; k++) {
            char err[200];
            uint8_t buf[16];
            cb_inst *x = cb_inst_new(a, cb_variant_generic(a), d[k], 0, err, sizeof err);
            assert_non_null(x);
            assert_int_equal(cb_inst_prepare(x, buf, 0, err, sizeof err), 0);
            cb_inst_run(x, buf, buf, 0, 3);
            assert_int_equal(cb_inst_failures(x), 0);
            cb_inst_free(x);
        }
        char err[200];
        assert_null(cb_inst_new(a, cb_variant_generic(a), CB_DIR_SIGN, 0, err, sizeof err));
        assert_non_null(strstr(err, "does not implement"));
    }
}

static void test_generic_passes_checks(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < 3; i++) {
        const cb_alg *a = cb_alg_find(kem_names[i]);
        char err[256];
        unsigned long quick = 0, full = 0;
        assert_int_equal(cb_check_variant(a, cb_variant_generic(a), CB_CHECK_QUICK, err,
                                          sizeof err, &quick), 0);
        assert_int_equal(cb_check_variant(a, cb_variant_generic(a), CB_CHECK_FULL, err,
                                          sizeof err, &full), 0);
        assert_true(quick >= 2);
        assert_true(full > quick);
    }
}

/* ---- layered variants wrong in one place ---- */

/* bad_keygen: generic's key pair with z (the last 32 bytes of dk) changed, which
 * only the rejection key and the dk known answer show. */
static void bad_keygen(unsigned k, uint8_t *ek, uint8_t *dk, const uint8_t d[32],
                       const uint8_t z[32])
{
    cb_mlkem_keygen(k, ek, dk, d, z);
    dk[CB_MLKEM_DK_BYTES(k) - 1] ^= 1;
}

/* bad_decaps: generic's decapsulation with the secret changed in one bit. */
static void bad_decaps(unsigned k, uint8_t K[32], const uint8_t *dk, const uint8_t *c)
{
    cb_mlkem_decaps(k, K, dk, c);
    K[31] ^= 0x80;
}

static const cb_mlkem_ops same_ops = {cb_mlkem_keygen, cb_mlkem_encaps, cb_mlkem_decaps};
static const cb_mlkem_ops keygen_ops = {bad_keygen, cb_mlkem_encaps, cb_mlkem_decaps};
static const cb_mlkem_ops decaps_ops = {cb_mlkem_keygen, cb_mlkem_encaps, bad_decaps};
static const cb_variant copy_row = {"kemcopy", "test", CB_PRIM_MLKEM, 0, 0, &same_ops,
                                    "generic's functions under another name"};
static const cb_variant keygen_row = {"kembadkeygen", "test", CB_PRIM_MLKEM, 0, 0,
                                      &keygen_ops, "a wrong dk"};
static const cb_variant decaps_row = {"kembaddecaps", "test", CB_PRIM_MLKEM, 0, 0,
                                      &decaps_ops, "a wrong shared secret"};

/* check_says runs the checks of variant name on every row: 0 when it passes, else 1
 * with the first failure's sentence in err. */
static int check_says(const char *name, char *err, size_t len, unsigned long *checks)
{
    int rc = 0;
    for (size_t i = 0; i < 3 && !rc; i++) {
        const cb_alg *a = cb_alg_find(kem_names[i]);
        const cb_variant *v = cb_variant_find(a, name);
        assert_non_null(v);
        rc = cb_check_variant(a, v, CB_CHECK_QUICK, err, len, checks);
    }
    return rc;
}

static void test_checks_catch_layered(void **unused)
{
    (void)unused;
    char err[256];
    unsigned long checks = 0, gen = 0;
    const cb_alg *a = cb_alg_find("mlkem1024");
    assert_int_equal(cb_check_variant(a, cb_variant_generic(a), CB_CHECK_QUICK, err,
                                      sizeof err, &gen), 0);
    assert_int_equal(check_says("kemcopy", err, sizeof err, &checks), 0);
    assert_true(checks > gen); /* the cross-check against generic ran too */
    assert_int_equal(check_says("kembadkeygen", err, sizeof err, NULL), 1);
    assert_non_null(strstr(err, "mlkem512/kembadkeygen: keygen gives another key pair"));
    assert_int_equal(check_says("kembaddecaps", err, sizeof err, NULL), 1);
    assert_non_null(strstr(err, "decapsulation gives another secret than"));
}

/* ---- a whole-algorithm KEM (as a library would be) over the layered one ---- */

static void *whole_new(cb_alg_session *s)
{
    const cb_variant *g = cb_variant_generic(s->alg);
    return g ? cb_kem_new(s->alg, g) : NULL;
}

static void whole_free(void *ctx) { cb_kem_free(ctx); }

static int whole_offers(const cb_alg_impl *m, const cb_alg *a, cb_dir d)
{
    (void)m, (void)d;
    return a->kind == CB_KIND_KEM;
}

static int whole_keygen(cb_alg_session *s, const uint8_t *seed, uint8_t *ek, uint8_t *dk)
{
    return cb_kem_keygen(s->ctx, seed, ek, dk);
}

static int whole_encaps(cb_alg_session *s, const uint8_t *m, uint8_t *c, uint8_t *ss)
{
    return cb_kem_encaps(s->ctx, m, c, ss);
}

/* whole_encaps_bad: a ciphertext that decapsulates to another secret than it gives. */
static int whole_encaps_bad(cb_alg_session *s, const uint8_t *m, uint8_t *c, uint8_t *ss)
{
    int rc = cb_kem_encaps(s->ctx, m, c, ss);
    c[5] ^= 4;
    return rc;
}

static int whole_decaps(cb_alg_session *s, const uint8_t *c, uint8_t *ss)
{
    return cb_kem_decaps(s->ctx, c, ss);
}

static void test_whole_variant(void **unused)
{
    (void)unused;
    static cb_alg_impl good = {.offers = whole_offers, .ctx_new = whole_new,
                               .ctx_free = whole_free, .library = "(test double)",
                               .version = "1.0", .kem_keygen = whole_keygen,
                               .kem_encaps = whole_encaps, .kem_decaps = whole_decaps};
    static cb_alg_impl bad;
    bad = good;
    bad.kem_encaps = whole_encaps_bad;
    static cb_alg_impl keygen_only;
    keygen_only = good;
    keygen_only.kem_encaps = NULL;
    keygen_only.kem_decaps = NULL;
    static const cb_variant rows[] = {
        {"kemwhole", "library", CB_PRIM_WHOLE, 0, 0, &good, "a KEM double"},
        {"kemwholebad", "library", CB_PRIM_WHOLE, 0, 0, &bad, "a wrong ciphertext"},
        {"kemkeygenonly", "library", CB_PRIM_WHOLE, 0, 0, &keygen_only, "keygen alone"},
    };
    for (size_t i = 0; i < 3; i++)
        assert_int_equal(cb_variant_register(&rows[i]), 0);
    const cb_alg *a = cb_alg_find("mlkem768");
    const cb_variant *w = cb_variant_find(a, "kemwhole");
    assert_non_null(w);
    cb_op o;
    assert_int_equal(cb_op_start(&o, a, w, CB_DIR_ENCAPS, NULL, 0, NULL), 0);
    assert_true(cb_op_whole(&o));
    cb_op_stop(&o);
    char err[256];
    unsigned long checks = 0;
    assert_int_equal(check_says("kemwhole", err, sizeof err, &checks), 0);
    assert_int_equal(check_says("kemwholebad", err, sizeof err, NULL), 1);
    assert_non_null(strstr(err, "kemwholebad: encapsulation gives another ciphertext"));
    /* keygen alone: offered for keygen, not for encaps or decaps, and checked on it */
    const cb_variant *kg = cb_variant_find(a, "kemkeygenonly");
    assert_non_null(kg);
    assert_true(cb_variant_offers(kg, a, CB_DIR_KEYGEN));
    assert_false(cb_variant_offers(kg, a, CB_DIR_ENCAPS));
    assert_false(cb_variant_offers(kg, a, CB_DIR_DECAPS));
    assert_int_equal(check_says("kemkeygenonly", err, sizeof err, NULL), 0);
    /* a whole variant's timed decapsulation takes generic's ciphertext */
    cb_inst *x = cb_inst_new(a, w, CB_DIR_DECAPS, 0, err, sizeof err);
    assert_non_null(x);
    uint8_t buf[16];
    assert_int_equal(cb_inst_prepare(x, buf, 0, err, sizeof err), 0);
    cb_inst_run(x, buf, buf, 0, 2);
    assert_int_equal(cb_inst_failures(x), 0);
    cb_inst_free(x);
}

/* kat of tests/data/mlkem-awslc.rsp on every variant: each of the six records on
 * generic and the copy, a record failing on the wrong secret, on the wrong dk. */
static void test_kat_file(void **unused)
{
    (void)unused;
    cb_kat_opts o = {NULL, NULL, cb_caps_detected(), NULL};
    cb_kat_result res;
    assert_int_equal(cb_kat_run_file(tu_data_path("mlkem-awslc.rsp"), &o, &res), CB_KAT_FAILED);
    assert_int_equal(res.cases, 6);
    size_t seen = 0;
    for (size_t i = 0; i < res.ntallies; i++) {
        const cb_kat_tally *t = &res.tallies[i];
        const char *n = t->var->name;
        if (!strcmp(n, "generic") || !strcmp(n, "kemcopy") || !strcmp(n, "kemwhole")) {
            assert_int_equal(t->passed, 6);
            assert_int_equal(t->failed, 0);
            seen++;
        } else if (!strcmp(n, "kembaddecaps") || !strcmp(n, "kembadkeygen")) {
            assert_int_equal(t->failed, 6);
            assert_non_null(strstr(t->shown[0].why, n[6] == 'd' ? "decapsulated k" : "dk "));
            seen++;
        }
    }
    assert_int_equal(seen, 5);
    cb_kat_result_free(&res);
}

/* table_text prints rows with cb_out_pkey_table into a string the caller frees. */
static char *table_text(const cb_pkey_row *rows, size_t n, int mr)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    cb_out_pkey_table(f, rows, n, mr);
    fclose(f);
    return buf;
}

/* OpenSSL 3.5's KEM table: after the other public-key tables, its heading once, the
 * name in 27 columns, a cell that was not measured named instead of its figures;
 * -mr's +F9 lines count the KEM rows from 0 and print 0 for such a cell. */
static void test_kem_table_layout(void **unused)
{
    (void)unused;
    const cb_pkey_row rows[] = {
        {"ML-KEM-768", 768, NULL, 10000, 8000, NULL, NULL, 5000, NULL},
        {"EdDSA (Ed25519)", 253, NULL, 4000, 2000, NULL, NULL, -1, NULL},
        {"ML-KEM-1024", 1024, "generic", 4000, -1, NULL, "faulted", 2500, NULL},
    };
    char *t = table_text(rows, 3, 0);
    const char *want =
        "                              sign    verify    sign/s verify/s\n"
        " 253 bits EdDSA (Ed25519)   0.0003s   0.0005s   4000.0   2000.0\n"
        "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
        "                 ML-KEM-768 0.000100s 0.000125s 0.000200s   10000.0    8000.0    5000.0\n"
        "                ML-KEM-1024 0.000250s   faulted 0.000400s    4000.0   faulted    2500.0"
        "  (generic)\n";
    assert_string_equal(t, want);
    free(t);
    t = table_text(rows, 3, 1);
    assert_string_equal(t, "+F6:0:253:Ed25519:4000.000000:2000.000000\n"
                           "+F9:0:10000.000000:8000.000000:5000.000000\n"
                           "+F9:1:4000.000000:0.000000:2500.000000\n");
    free(t);
}

/* OpenSSL 3.5's signature table (ML-DSA): after the KEM table, its own heading once,
 * keygen, sign and verify in that order (cb_out_pkey_slot puts them there), +F10
 * lines counting its rows from 0. */
static void test_sig_table_layout(void **unused)
{
    (void)unused;
    assert_int_equal(cb_out_pkey_slot("ML-DSA-65", "keygen"), 0);
    assert_int_equal(cb_out_pkey_slot("ML-DSA-65", "sign"), 1);
    assert_int_equal(cb_out_pkey_slot("ML-DSA-65", "verify"), 2);
    assert_int_equal(cb_out_pkey_slot("EdDSA (Ed25519)", "sign"), 0);
    assert_int_equal(cb_out_pkey_slot("EdDSA (Ed25519)", "verify"), 1);
    assert_int_equal(cb_out_pkey_slot("ML-KEM-768", "encaps"), 1);
    const cb_pkey_row rows[] = {
        {"ML-DSA-65", 65, NULL, 2500, 800, NULL, NULL, 3200, NULL},
        {"ML-KEM-768", 768, NULL, 10000, 8000, NULL, NULL, 5000, NULL},
        {"ML-DSA-87", 87, "generic", 2000, -1, NULL, "faulted", 1600, NULL},
    };
    char *t = table_text(rows, 3, 0);
    const char *want =
        "                               keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n"
        "                 ML-KEM-768 0.000100s 0.000125s 0.000200s   10000.0    8000.0    5000.0\n"
        "                               keygen     signs    verify keygens/s    sign/s  verify/s\n"
        "                  ML-DSA-65 0.000400s 0.001250s 0.000313s    2500.0     800.0    3200.0\n"
        "                  ML-DSA-87 0.000500s   faulted 0.000625s    2000.0   faulted    1600.0"
        "  (generic)\n";
    assert_string_equal(t, want);
    free(t);
    t = table_text(rows, 3, 1);
    assert_string_equal(t, "+F9:0:10000.000000:8000.000000:5000.000000\n"
                           "+F10:0:2500.000000:800.000000:3200.000000\n"
                           "+F10:1:2000.000000:0.000000:1600.000000\n");
    free(t);
}

int main(void)
{
    assert_int_equal(cb_variant_register(&copy_row), 0);
    assert_int_equal(cb_variant_register(&keygen_row), 0);
    assert_int_equal(cb_variant_register(&decaps_row), 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_and_directions),
        cmocka_unit_test(test_op_layer_matches_kernel),
        cmocka_unit_test(test_timed_instances),
        cmocka_unit_test(test_generic_passes_checks),
        cmocka_unit_test(test_checks_catch_layered),
        cmocka_unit_test(test_whole_variant),
        cmocka_unit_test(test_kat_file), /* after test_whole_variant registered its rows */
        cmocka_unit_test(test_kem_table_layout),
        cmocka_unit_test(test_sig_table_layout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
