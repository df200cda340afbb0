/*
 * tests/test_cmac.c - cmac(aes-*-cbc) through every AES variant with a serial CBC
 * path: SP 800-38B's examples as Debian's python3-cryptography-vectors ships them
 * (read here line by line, not through `kat`), the subkeys of RFC 4493 section 4 /
 * SP 800-38B D.1, every length 0..1024 against section 6.2's definition computed on
 * whole buffers (cb_cmac_reference), the checks `speed` runs first, the names and
 * what a variant must have to offer CMAC, and the library rows: Debian's OpenSSL 3
 * (EVP_MAC) and, where the project's shared/peers has it, AWS-LC (CMAC_CTX).
 *
 * Variants are found by walking the registry, so an AES kernel added later is tested
 * here with no change.  A variant whose capabilities this CPU lacks is reported as
 * UNAVAILABLE, never passed.
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
#include "kernels/inst.h"
#include "kernels/modes/cmac.h"
#include "kernels/op.h"
#include "kernels/registry.h"
#include "tests/support.h"

/* Debian's python3-cryptography-vectors; CB_CMAC_VECTORS overrides the folder. */
#define CMAC_DIR "/usr/lib/python3/dist-packages/cryptography_vectors/CMAC"
#define MAX_LEN 1024
#define MAX_VARIANTS 32

static const char *const names[3] = {"cmac(aes-128-cbc)", "cmac(aes-192-cbc)",
                                     "cmac(aes-256-cbc)"};

/* mac_with runs one CMAC through the op layer (as `speed` and the checks do). */
static int mac_with(const cb_alg *a, const cb_variant *v, const uint8_t *key, size_t key_len,
                    const uint8_t *msg, size_t len, uint8_t out[16])
{
    cb_op o;
    int rc = cb_op_start(&o, a, v, CB_DIR_DIGEST, key, key_len, NULL);
    if (rc == 0)
        rc = cb_op_mac(&o, msg, len, out);
    cb_op_stop(&o);
    return rc;
}

/* run_file MACs every record of an SP 800-38B file with every runnable built-in
 * variant of alg and returns the number of records. */
static size_t run_file(const char *alg, const char *file)
{
    const char *dir = getenv("CB_CMAC_VECTORS");
    char path[512], line[1024];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : CMAC_DIR, file);
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s (install python3-cryptography-vectors)", path);
    const cb_alg *a = cb_alg_find(alg);
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = tu_builtin_variants(alg, vs, MAX_VARIANTS), records = 0;
    uint8_t *key = NULL, *msg = NULL;
    size_t key_len = 0, msg_len = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        const char *eq = strstr(line, " = ");
        const char *value = eq ? eq + 3 : strchr(line, '=') ? "" : NULL;
        if (!value)
            continue;
        if (strncmp(line, "KEY", 3) == 0) {
            free(key);
            key = tu_unhex(value, &key_len);
        } else if (strncmp(line, "MESSAGE", 7) == 0) {
            free(msg);
            msg = tu_unhex(value, &msg_len);
        } else if (strncmp(line, "OUTPUT", 6) == 0) {
            size_t want_len;
            uint8_t *want = tu_unhex(value, &want_len), got[16];
            assert_int_equal(want_len, 16);
            assert_non_null(key);
            assert_non_null(msg);
            for (size_t i = 0; i < nv; i++) {
                if (!tu_runnable_said(vs[i], a))
                    continue;
                assert_int_equal(mac_with(a, vs[i], key, key_len, msg, msg_len, got), 0);
                if (memcmp(got, want, 16) != 0)
                    fail_msg("%s %s record %zu: wrong MAC", alg, vs[i]->name, records);
            }
            assert_int_equal(cb_cmac_reference(a, cb_variant_generic(a), key, key_len, msg,
                                               msg_len, got),
                             0);
            assert_memory_equal(got, want, 16);
            free(want);
            records++;
        }
    }
    fclose(f);
    free(key);
    free(msg);
    return records;
}

/* test_sp800_38b: the four examples of each key size (D.1-D.3) on every variant. */
static void test_sp800_38b(void **unused)
{
    (void)unused;
    assert_int_equal(run_file(names[0], "nist-800-38b-aes128.txt"), 4);
    assert_int_equal(run_file(names[1], "nist-800-38b-aes192.txt"), 4);
    assert_int_equal(run_file(names[2], "nist-800-38b-aes256.txt"), 4);
}

/* test_subkeys: RFC 4493 section 4 (SP 800-38B D.1): AES-128 under K = 2b7e1516...
 * encrypts 0^128 to L = 7df76b0c..., whose doublings are K1 and K2 (K1's top bit is
 * set, so K2 takes the R_128 reduction: both branches of the mask). */
static void test_subkeys(void **unused)
{
    (void)unused;
    const cb_alg *a = cb_alg_find(names[0]);
    uint8_t key[16], k1[16], k2[16];
    tu_unhex_into("2b7e151628aed2a6abf7158809cf4f3c", key, 16);
    tu_unhex_into("fbeed618357133667c85e08f7236a8de", k1, 16);
    tu_unhex_into("f7ddac306ae266ccf90bc11ee46d513b", k2, 16);
    const cb_variant *vs[MAX_VARIANTS];
    size_t nv = tu_builtin_variants(a->name, vs, MAX_VARIANTS);
    for (size_t i = 0; i < nv; i++) {
        if (!tu_runnable_said(vs[i], a))
            continue;
        cb_cmac m;
        assert_int_equal(cb_cmac_init(&m, a, vs[i], key, sizeof key), 0);
        assert_memory_equal(m.k1, k1, 16);
        assert_memory_equal(m.k2, k2, 16);
        cb_cmac_free(&m);
    }
}

/* test_every_length: every length 0..1024 (complete and padded last blocks, the
 * chunks of 32 blocks handed to cbc_encrypt and their remainders), a key that changes
 * with the length and the message misaligned by 1, on every variant against the
 * definition. */
static void test_every_length(void **unused)
{
    (void)unused;
    uint8_t *buf = malloc(MAX_LEN + 1), key[32], want[16], got[16];
    assert_non_null(buf);
    for (size_t n = 0; n < 3; n++) {
        const cb_alg *a = cb_alg_find(names[n]);
        const cb_variant *vs[MAX_VARIANTS];
        size_t nv = tu_builtin_variants(a->name, vs, MAX_VARIANTS);
        size_t step = tu_quick() ? 7 : 1;
        for (size_t len = 0; len <= MAX_LEN; len += step) {
            tu_fill(key, sizeof key, (uint32_t)(len + 1));
            tu_fill(buf + 1, len, (uint32_t)(len * 31 + n));
            assert_int_equal(cb_cmac_reference(a, cb_variant_generic(a), key,
                                               cb_alg_key_bytes(a), buf + 1, len, want),
                             0);
            for (size_t i = 0; i < nv; i++) {
                if (!tu_runnable(vs[i], a, CB_DIR_DIGEST))
                    continue;
                cb_cmac m;
                assert_int_equal(cb_cmac_init(&m, a, vs[i], key, cb_alg_key_bytes(a)), 0);
                cb_cmac_mac(&m, len ? buf + 1 : NULL, len, got);
                /* the key set up once serves the next MAC too */
                uint8_t again[16];
                cb_cmac_mac(&m, len ? buf + 1 : NULL, len, again);
                cb_cmac_free(&m);
                if (memcmp(got, want, 16) != 0 || memcmp(again, want, 16) != 0)
                    fail_msg("%s %s: wrong MAC at length %zu, misaligned +1", a->name,
                             vs[i]->name, len);
            }
        }
    }
    free(buf);
}

/* test_check_variant: the known answers and cross-check `speed` runs first pass for
 * every variant. */
static void test_check_variant(void **unused)
{
    (void)unused;
    for (size_t n = 0; n < 3; n++) {
        const cb_alg *a = cb_alg_find(names[n]);
        const cb_variant *vs[MAX_VARIANTS];
        size_t nv = tu_builtin_variants(a->name, vs, MAX_VARIANTS);
        for (size_t i = 0; i < nv; i++) {
            if (!tu_runnable_said(vs[i], a))
                continue;
            char err[256];
            unsigned long checks = 0;
            if (cb_check_variant(a, vs[i], CB_CHECK_QUICK, err, sizeof err, &checks) != 0)
                fail_msg("%s %s: %s", a->name, vs[i]->name, err);
            assert_true(checks >= 4);
        }
    }
}

/* test_names: OpenSSL's cmac(CIPHER) names, cmac-CIPHER and any spelling of the
 * cipher inside; the pairing both ways; what is not a CMAC. */
static void test_names(void **unused)
{
    (void)unused;
    static const char *const good[][2] = {
        {"cmac(aes-128-cbc)", "cmac(aes-128-cbc)"}, {"CMAC(AES-192-CBC)", "cmac(aes-192-cbc)"},
        {"cmac-aes-256-cbc", "cmac(aes-256-cbc)"},  {"cmac(aes128)", "cmac(aes-128-cbc)"},
        {"cmac-aes-192", "cmac(aes-192-cbc)"},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        const cb_alg *a = cb_alg_find(good[i][0]);
        assert_non_null(a);
        assert_string_equal(a->name, good[i][1]);
        assert_int_equal(a->kind, CB_KIND_CMAC);
    }
    static const char *const bad[] = {"cmac", "cmac()", "cmac(aes-128-ecb)", "cmac(sha256)",
                                      "cmac(cmac(aes-128-cbc))", "cmac(des-ede3-cbc)",
                                      "cmac(camellia-128-cbc)", "cmac(aes-128-cbc"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (cb_alg_find(bad[i]))
            fail_msg("'%s' names %s", bad[i], cb_alg_find(bad[i])->name);
    for (size_t n = 0; n < 3; n++) {
        const cb_alg *a = cb_alg_find(names[n]), *c = cb_cmac_cipher(a);
        assert_non_null(c);
        assert_int_equal(c->mode, CB_MODE_CBC);
        assert_int_equal(c->key_bits, a->key_bits);
        assert_ptr_equal(cb_cmac_of(c), a);
        assert_int_equal(a->out_bytes, 16);
        assert_int_equal(cb_alg_key_bytes(a), a->key_bits / 8);
    }
    assert_null(cb_cmac_of(cb_alg_find("aes-128-ctr")));
    assert_null(cb_cmac_cipher(cb_alg_find("hmac(sha256)")));
}

/* test_offers: an AES variant is one of CMAC's exactly when it has cbc_encrypt (its
 * serial path); the CTR-only test ops are not; keys of another length and other
 * algorithms are refused. */
static void test_offers(void **unused)
{
    (void)unused;
    const cb_alg *a = cb_alg_find(names[0]);
    size_t seen = 0;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (v->prim != CB_PRIM_AES)
            continue;
        const cb_aes_ops *o = v->ops;
        assert_int_equal(cb_variant_offers(v, a, CB_DIR_DIGEST), o->cbc_encrypt != NULL);
        assert_false(cb_variant_offers(v, a, CB_DIR_ENCRYPT));
        seen++;
    }
    assert_true(seen >= 1);
    cb_variant ctr_only = {"ctr-only", "test", CB_PRIM_AES, 0, 1, &tu_aes_ctr_only, ""};
    assert_false(cb_variant_offers(&ctr_only, a, CB_DIR_DIGEST));
    cb_cmac m;
    uint8_t key[32] = {0};
    const cb_variant *g = cb_variant_generic(a);
    assert_int_equal(cb_cmac_init(&m, a, g, key, 24), -1);
    assert_int_equal(cb_cmac_init(&m, cb_alg_find("aes-128-cbc"), g, key, 16), -1);
    assert_int_equal(cb_cmac_init(&m, a, &ctr_only, key, 16), -1);
}

/* test_inst: `speed` sets a cmac(...) case up on any length and runs it. */
static void test_inst(void **unused)
{
    (void)unused;
    for (size_t n = 0; n < 3; n++) {
        const cb_alg *a = cb_alg_find(names[n]);
        char err[256];
        cb_inst *x = cb_inst_new(a, cb_variant_generic(a), CB_DIR_DIGEST, 0, err, sizeof err);
        assert_non_null(x);
        uint8_t in[100];
        tu_fill(in, sizeof in, 5);
        assert_int_equal(cb_inst_prepare(x, in, sizeof in, err, sizeof err), 0);
        cb_inst_run(x, in, NULL, sizeof in, 3);
        assert_int_equal(cb_inst_failures(x), 0);
        cb_inst_free(x);
    }
}

/* check_library: a library variant offers the three rows and passes the checks and
 * SP 800-38B's 40-byte example through the op layer. */
static void check_library(const cb_variant *v)
{
    uint8_t key[16], msg[40], want[16], got[16];
    tu_unhex_into("2b7e151628aed2a6abf7158809cf4f3c", key, 16);
    tu_unhex_into("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                  "30c81c46a35ce411", msg, 40);
    tu_unhex_into("dfa66747de9ae63030ca32611497c827", want, 16);
    assert_int_equal(mac_with(cb_alg_find(names[0]), v, key, 16, msg, 40, got), 0);
    assert_memory_equal(got, want, 16);
    for (size_t n = 0; n < 3; n++) {
        const cb_alg *a = cb_alg_find(names[n]);
        char err[256];
        assert_true(cb_variant_offers(v, a, CB_DIR_DIGEST));
        if (cb_check_variant(a, v, CB_CHECK_QUICK, err, sizeof err, NULL) != 0)
            fail_msg("%s %s: %s", a->name, v->name, err);
    }
}

/* test_system_library: Debian's OpenSSL 3, through EVP_MAC "CMAC". */
static void test_system_library(void **unused)
{
    (void)unused;
    const cb_variant *v = tu_system_lib("test_system_library");
    if (v)
        check_library(v);
}

/* test_aws_lc: AWS-LC, which has no EVP_MAC, through CMAC_CTX. */
static void test_aws_lc(void **unused)
{
    (void)unused;
    const cb_variant *v = tu_aws_lc("test_cmac", "test_aws_lc");
    if (v)
        check_library(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sp800_38b),     cmocka_unit_test(test_subkeys),
        cmocka_unit_test(test_every_length),  cmocka_unit_test(test_check_variant),
        cmocka_unit_test(test_names),         cmocka_unit_test(test_offers),
        cmocka_unit_test(test_inst),          cmocka_unit_test(test_system_library),
        cmocka_unit_test(test_aws_lc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
