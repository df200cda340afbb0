/*
 * tests/test_algvariant.c - whole-algorithm variants (kernel.h, CB_PRIM_WHOLE): a test
 * double (tests/support.h's tu_double_impl) registered at run time, as a dlopen'ed
 * libcrypto will be, implements every digest, cipher, AEAD and signature algorithm
 * but md5 by calling the generic variant through the project's own message layers
 * (kernels/modes/, kernels/pkey/).  It must pass cb_check_variant (known answers,
 * cross-check against generic at every length 0..1024 under the named layouts,
 * signatures both ways) and run through cb_inst; a copy that gets one output bit wrong
 * at one length under one layout must be rejected with that length and layout named.
 *
 * The known-answer engine (kernels/check/kat/kat.h) runs it too: over the NIST CAVP and
 * RFC files of python3-cryptography-vectors it must pass exactly the records generic
 * passes (and skip the signature records, which bring keys of their own), a copy
 * with one wrong answer per kind must fail that record by name, a copy without
 * decryption must have its decryption records skipped, and `cryptobench kat
 * -variant double FILE` (cli/cmd_kat.c) must run it.
 */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/caps.h"
#include "cli/commands.h"
#include "kernels/check/check.h"
#include "kernels/check/kat/kat.h"
#include "kernels/inst.h"
#include "kernels/modes/hmac.h"
#include "kernels/registry.h"
#include "tests/support.h"

/* ---- the test double (tests/support.h's tu_double_impl) and copies of it ------------- */

/* What the wrong copy gets wrong: the length and the buffer offset (mod 64, the
 * checker's buffers being 64-byte aligned) of one layout, per kind. */
#define BAD_DIGEST_LEN 77  /* layout 'misaligned in+1 out+3': input at offset 1 */
#define BAD_DIGEST_OFF 1
#define BAD_CIPHER_LEN 128 /* layout 'in place': in == out */
#define BAD_AEAD_LEN 61    /* layout 'in place misaligned +5' */
#define BAD_AEAD_OFF 5

/* enc_offers: a copy that never decrypts, so kat must skip its decryption records. */
static int enc_offers(const cb_alg_impl *m, const cb_alg *a, cb_dir d)
{
    return d != CB_DIR_DECRYPT && tu_double_offers(m, a, d);
}

/* The wrong copy: right everywhere but at one length under one layout per kind. */

static int at_offset(const uint8_t *p, unsigned off)
{
    return ((uintptr_t)p & 63) == off;
}

static int bad_digest(cb_alg_session *s, const uint8_t *in, size_t len, uint8_t *out)
{
    tu_double_digest(s, in, len, out);
    if (len == BAD_DIGEST_LEN && at_offset(in, BAD_DIGEST_OFF))
        out[3] ^= 0x20;
    return 0;
}

static int bad_cipher_update(cb_alg_session *s, const uint8_t *in, uint8_t *out, size_t len)
{
    int in_place = in == out;
    int rc = tu_double_cipher_update(s, in, out, len);
    if (len == BAD_CIPHER_LEN && in_place)
        out[len - 1] ^= 0x01;
    return rc;
}

static int bad_seal(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                    size_t aadlen, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                    size_t taglen)
{
    int misaligned = at_offset(in, BAD_AEAD_OFF);
    int rc = tu_double_seal(s, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
    if (len == BAD_AEAD_LEN && misaligned)
        out[len / 2] ^= 0x80;
    return rc;
}

/*
 * The copy kat must catch: one wrong answer per kind, each at one record of a real
 * file (python3-cryptography-vectors): the digest of a 3-byte message
 * (SHA256ShortMsg.rsp, Len = 24), the encryption of a 48-byte text (CBCMMT128.rsp,
 * [ENCRYPT] COUNT = 2), the opening of gcmDecrypt128.rsp's Count = 1, a FAIL
 * record, which it accepts whatever the tag, and the opening of gcmDecrypt256.rsp's
 * Count = 2 (the first FAIL record of that file with a ciphertext), which it
 * rejects but leaves its output unzeroed.  The arrays are the records' IVs.
 */
#define WRONG_DIGEST_LEN 3
#define WRONG_CIPHER_LEN 48
static const uint8_t forged_iv[12] = {0x90, 0x77, 0x63, 0xb1, 0x9b, 0x9b,
                                      0x4a, 0xb6, 0xbd, 0x4f, 0x02, 0x81};
static const uint8_t unzeroed_iv[12] = {0x83, 0x50, 0x90, 0xae, 0xd9, 0x55,
                                        0x2d, 0xbd, 0xd4, 0x52, 0x77, 0xe2};

static int wrong_digest(cb_alg_session *s, const uint8_t *in, size_t len, uint8_t *out)
{
    tu_double_digest(s, in, len, out);
    if (len == WRONG_DIGEST_LEN)
        out[0] ^= 0x01;
    return 0;
}

static int wrong_cipher_update(cb_alg_session *s, const uint8_t *in, uint8_t *out, size_t len)
{
    int rc = tu_double_cipher_update(s, in, out, len);
    if (len == WRONG_CIPHER_LEN && s->dir == CB_DIR_ENCRYPT)
        out[len - 1] ^= 0x01;
    return rc;
}

static int wrong_open(cb_alg_session *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                      size_t aadlen, const uint8_t *in, uint8_t *out, size_t len,
                      const uint8_t *tag, size_t taglen)
{
    int rc = tu_double_open(s, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
    if (ivlen != sizeof forged_iv)
        return rc;
    if (memcmp(iv, forged_iv, ivlen) == 0)
        return 0;
    if (rc != 0 && memcmp(iv, unzeroed_iv, ivlen) == 0)
        memcpy(out, in, len);
    return rc;
}

/* The copies differ from the double in the fields setup gives them: the bad and the
 * wrong one in some message functions, the encrypt-only one in its offers. */
static cb_alg_impl bad_impl, wrong_impl, enc_impl;

/* Priority 0: below CB_PRIORITY_AUTO_MIN, so auto never takes them. */
static const cb_variant good = {"double", "external", CB_PRIM_WHOLE, 0, 0, &tu_double_impl,
                                "whole algorithms through generic"};
static const cb_variant bad = {"double-bad", "external", CB_PRIM_WHOLE, 0, 0, &bad_impl,
                               "one wrong bit per kind"};
static const cb_variant wrong = {"double-wrong", "external", CB_PRIM_WHOLE, 0, 0, &wrong_impl,
                                 "one wrong known answer per kind"};
static const cb_variant enc = {"double-enc", "external", CB_PRIM_WHOLE, 0, 0, &enc_impl,
                               "no decryption"};

/* ---- tests ---------------------------------------------------------------------- */

static const cb_alg *alg(const char *name)
{
    const cb_alg *a = cb_alg_find(name);
    assert_non_null(a);
    return a;
}

/* test_registered: found by name for what it offers and only that, with its
 * provenance, and never auto's pick at priority 0. */
static void test_registered(void **state)
{
    (void)state;
    size_t served = 0;
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        if (!tu_double_serves(a))
            continue;
        served++;
        assert_ptr_equal(cb_variant_find(a, "double"), &good);
        cb_dir dirs[CB_MAX_DIRS];
        size_t nd = cb_alg_dirs(a, dirs);
        for (size_t d = 0; d < nd; d++) {
            assert_true(cb_variant_offers(&good, a, dirs[d]));
            assert_ptr_not_equal(cb_variant_auto(a, dirs[d], cb_caps_effective()), &good);
        }
    }
    assert_true(served > 40); /* digests, AES modes, GCM, CCM, DES, RSA and DSA sizes */
    assert_null(cb_variant_find(alg("md5"), "double"));
    assert_null(cb_variant_find(alg("hmac(sha256)"), "double")); /* not a kind it has */
    assert_false(cb_variant_offers(&good, alg("sha256"), CB_DIR_ENCRYPT));
    const cb_alg_impl *m = cb_variant_impl(&good);
    assert_non_null(m);
    assert_string_equal(m->version, "1.0");
    assert_non_null(strstr(m->library, "test double"));
    assert_null(cb_variant_impl(cb_variant_generic(alg("sha256"))));
}

/* test_register_refuses: rows -variant could not name, or without an offers. */
static void test_register_refuses(void **state)
{
    (void)state;
    static const cb_alg_impl no_offers = {0};
    static const cb_variant rows[] = {
        {"auto", "external", CB_PRIM_WHOLE, 0, 0, &tu_double_impl, ""},
        {"all", "external", CB_PRIM_WHOLE, 0, 0, &tu_double_impl, ""},
        {"a,b", "external", CB_PRIM_WHOLE, 0, 0, &tu_double_impl, ""},
        {"", "external", CB_PRIM_WHOLE, 0, 0, &tu_double_impl, ""},
        {"no-offers", "external", CB_PRIM_WHOLE, 0, 0, &no_offers, ""},
        {"no-impl", "external", CB_PRIM_WHOLE, 0, 0, NULL, ""},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (cb_variant_register(&rows[i]) == 0)
            fail_msg("registered an unusable row '%s'", rows[i].name);
}

/* test_check_passes: the whole check for every algorithm, at full depth for one of
 * each kind (quick for the rest: the double is generic underneath, and CFB8 at full
 * depth is slow under an emulator). */
/* repeated_pkey: at quick depth (check-cross's emulated jobs) a public-key row whose
 * primitive and name family (the letters before its first digit: rsa, ecdsap,
 * ecdsabrp, ffdh ...) an earlier row already checked, as the double runs the same
 * code for every size of a family; natively every row is checked. */
static int repeated_pkey(size_t i)
{
    const cb_alg *a = cb_alg_at(i);
    if (!tu_quick() || a->kind != CB_KIND_PKEY)
        return 0;
    size_t n = strcspn(a->name, "0123456789");
    for (size_t j = 0; j < i; j++) {
        const cb_alg *b = cb_alg_at(j);
        if (b->kind == CB_KIND_PKEY && b->prim == a->prim && tu_double_serves(b) &&
            strcspn(b->name, "0123456789") == n && strncmp(a->name, b->name, n) == 0)
            return 1;
    }
    return 0;
}

static void test_check_passes(void **state)
{
    (void)state;
    static const char *const full[] = {"sha256", "aes-128-cbc", "aes-128-gcm", "rsa1024"};
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        cb_check_depth depth = CB_CHECK_QUICK;
        char err[256];
        unsigned long checks = 0;
        if (!tu_double_serves(a) || repeated_pkey(i))
            continue;
        for (size_t k = 0; k < sizeof full / sizeof full[0]; k++)
            if (strcmp(a->name, full[k]) == 0)
                depth = CB_CHECK_FULL;
        if (cb_check_variant(a, &good, depth, err, sizeof err, &checks) != 0)
            fail_msg("%s", err);
        assert_true(checks > 0);
    }
}

/* expect_rejected: the check fails naming the length and the layout. */
static void expect_rejected(const char *name, const char *length, const char *layout)
{
    char err[256];
    if (cb_check_variant(alg(name), &bad, CB_CHECK_FULL, err, sizeof err, NULL) == 0)
        fail_msg("%s: the wrong variant passed the check", name);
    print_message("rejected as expected: %s\n", err);
    if (!strstr(err, length) || !strstr(err, layout))
        fail_msg("%s: '%s' does not name '%s' and '%s'", name, err, length, layout);
}

static void test_check_rejects(void **state)
{
    (void)state;
    expect_rejected("sha256", "length 77,", "layout 'misaligned in+1 out+3'");
    expect_rejected("aes-128-cbc", "length 128,", "layout 'in place'");
    expect_rejected("aes-128-gcm", "length 61 ", "layout 'in place misaligned +5'");
}

/* inst_out runs one operation of (a, v, d) on in and returns its failures; out gets
 * what the operation wrote. */
static uint64_t inst_out(const cb_alg *a, const cb_variant *v, cb_dir d, uint8_t *in,
                         uint8_t *out, size_t len)
{
    char err[256];
    cb_inst *x = cb_inst_new(a, v, d, 1, err, sizeof err);
    if (!x)
        fail_msg("%s %s: %s", a->name, v->name, err);
    if (cb_inst_prepare(x, in, len, err, sizeof err) != 0)
        fail_msg("%s %s: %s", a->name, v->name, err);
    cb_inst_run(x, in, out, len, 3);
    uint64_t failures = cb_inst_failures(x);
    cb_inst_free(x);
    return failures;
}

/* test_inst: every (algorithm, direction) times through the double without a failed
 * tag or signature, and the cipher output equals generic's for the same operations. */
static void test_inst(void **state)
{
    (void)state;
    enum { LEN = 256 };
    uint8_t in[LEN], in2[LEN], out[LEN], want[LEN];
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        if (!tu_double_serves(a))
            continue;
        cb_dir dirs[CB_MAX_DIRS];
        size_t nd = cb_alg_dirs(a, dirs);
        for (size_t d = 0; d < nd; d++) {
            for (size_t k = 0; k < LEN; k++)
                in[k] = in2[k] = (uint8_t)(k * 7 + 1);
            memset(out, 0, LEN);
            memset(want, 1, LEN);
            if (inst_out(a, &good, dirs[d], in, out, LEN) != 0)
                fail_msg("%s %s: failed operations", a->name, cb_dir_name(dirs[d]));
            assert_int_equal(inst_out(a, cb_variant_generic(a), dirs[d], in2, want, LEN), 0);
            if (a->kind == CB_KIND_CIPHER || a->kind == CB_KIND_AEAD)
                assert_memory_equal(out, want, LEN);
        }
    }
}

/* test_auto_by_priority: at or above CB_PRIORITY_AUTO_MIN a whole-algorithm variant
 * competes for auto like any row; registered last, as it changes auto's picks. */
static void test_auto_by_priority(void **state)
{
    (void)state;
    static const cb_variant eager = {"double-eager", "external", CB_PRIM_WHOLE, 0, 100000,
                                     &tu_double_impl, "outranks every built-in row"};
    assert_int_equal(cb_variant_register(&eager), 0);
    assert_ptr_equal(cb_variant_auto(alg("sha256"), CB_DIR_DIGEST, cb_caps_effective()),
                     &eager);
    assert_ptr_not_equal(cb_variant_auto(alg("md5"), CB_DIR_DIGEST, cb_caps_effective()),
                         &eager);
}

/* ---- the known-answer engine -------------------------------------------------- */

#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors/"

/* Where scripts/run-kat.sh finds its files, as globs under VECTORS; what kat does
 * not identify (Readme files, CFB1, RIPEMD-160, the .txt copies of CCM files) is
 * left out. */
static const char *const kat_globs[] = {
    "hashes/SHA1/*",        "hashes/SHA2/*",          "hashes/SHA3/*",
    "hashes/MD5/*",         "HMAC/*",                 "ciphers/AES/*/*",
    "ciphers/AES/XTS/*/*",  "ciphers/3DES/*/*",       "asymmetric/RSA/FIPS_186-2/*",
    "asymmetric/DSA/FIPS_186-3/*",
};

static cb_kat_result kat_res;

/* pair: the two tallies a run of "generic,NAME" makes (var NULL when NAME is no
 * variant of the file's algorithm). */
typedef struct pair {
    cb_kat_status status;
    const cb_kat_tally *gen, *var;
} pair;

/* kat_pair runs path over variants (a -variant list) and finds generic's tally and
 * name's in the result, which stays in kat_res. */
static pair kat_pair(const char *variants, const char *name, const char *path)
{
    cb_selection sel;
    char err[2400];
    if (cb_selection_parse(&sel, variants, err, sizeof err) != 0)
        fail_msg("-variant %s: %s", variants, err);
    cb_kat_opts o = {NULL, &sel, cb_caps_effective(), NULL};
    pair p = {CB_KAT_REFUSED, NULL, NULL};
    cb_kat_result_free(&kat_res);
    p.status = cb_kat_run_file(path, &o, &kat_res);
    for (size_t i = 0; i < kat_res.ntallies; i++) {
        const char *n = kat_res.tallies[i].var->name;
        if (strcmp(n, "generic") == 0)
            p.gen = &kat_res.tallies[i];
        else if (strcmp(n, name) == 0)
            p.var = &kat_res.tallies[i];
    }
    return p;
}

/* same_records: the double passed, failed and skipped what generic did. */
static void same_records(const char *path, const cb_kat_tally *g, const cb_kat_tally *d)
{
    if (d->passed != g->passed || d->failed || g->failed || d->skipped != g->skipped)
        fail_msg("%s: double passed %lu failed %lu skipped %lu, generic %lu %lu %lu", path,
                 d->passed, d->failed, d->skipped, g->passed, g->failed, g->skipped);
}

/* check_file runs one file through generic and the double: the same records pass,
 * but the double skips every signature record (their keys are the records' own)
 * and is no variant of md5 or of hmac(md5), which it MACs through md5.  Adds what the double did to the totals. */
static void check_file(const char *path, const cb_kat_id *id, unsigned long tot[3])
{
    pair p = kat_pair("generic,double", "double", path);
    if (p.status != CB_KAT_PASSED || !p.gen || p.gen->passed == 0)
        fail_msg("%s: status %d (%s), generic passed %lu", path, (int)p.status, kat_res.err,
                 p.gen ? p.gen->passed : 0);
    const cb_alg *hmac_of = cb_hmac_digest(id->alg);
    if (!tu_double_serves(hmac_of ? hmac_of : id->alg)) {
        assert_null(p.var);
        return;
    }
    if (!p.var)
        fail_msg("%s: the double did not run", path);
    if (id->alg->kind != CB_KIND_PKEY)
        same_records(path, p.gen, p.var);
    else if (p.var->passed || p.var->failed || p.var->skipped != kat_res.cases)
        fail_msg("%s: the double passed %lu and failed %lu signature records", path,
                 p.var->passed, p.var->failed);
    tot[0] += p.var->passed;
    tot[1] += p.var->failed;
    tot[2] += p.var->skipped;
}

/* test_kat_like_generic: every file kat knows, through the double as through generic.
 * At quick depth (check-cross's emulated jobs: the double is generic C underneath,
 * and the native run takes every file) every eighth file of each kind is run. */
static void test_kat_like_generic(void **state)
{
    (void)state;
    unsigned long files = 0, run = 0, tot[3] = {0, 0, 0};
    const unsigned long stride = tu_quick() ? 8 : 1;
    for (size_t i = 0; i < sizeof kat_globs / sizeof kat_globs[0]; i++) {
        char pattern[256];
        glob_t g;
        snprintf(pattern, sizeof pattern, "%s%s", VECTORS, kat_globs[i]);
        if (glob(pattern, 0, NULL, &g) != 0)
            fail_msg("no %s: install python3-cryptography-vectors", pattern);
        for (size_t k = 0; k < g.gl_pathc; k++) {
            cb_kat_id id;
            char err[600];
            if (cb_kat_identify(g.gl_pathv[k], NULL, &id, err, sizeof err) != 0)
                continue;
            if (files++ % stride == 0) {
                check_file(g.gl_pathv[k], &id, tot);
                run++;
            }
        }
        globfree(&g);
    }
    print_message("kat through the double: %lu of %lu files, passed %lu  failed %lu  "
                  "skipped %lu\n", run, files, tot[0], tot[1], tot[2]);
    assert_true(files >= 160); /* the 163 scripts/run-kat.sh runs, and a few more */
}

/* expect_named: the wrong copy fails one record of path, by line and label, with a
 * reason that starts with why; generic passes the file. */
static void expect_named(const char *path, int line, const char *label, const char *why)
{
    pair p = kat_pair("generic,double-wrong", "double-wrong", path);
    assert_int_equal(p.status, CB_KAT_FAILED);
    assert_int_equal(p.gen->failed, 0);
    assert_int_equal(p.var->failed, 1);
    assert_int_equal(p.var->passed, p.gen->passed - 1);
    const cb_kat_failure *f = &p.var->shown[0];
    print_message("failed as expected: %s:%d: %s: %s\n", path, f->line, f->label, f->why);
    assert_int_equal(f->line, line);
    assert_string_equal(f->label, label);
    assert_memory_equal(f->why, why, strlen(why));
}

static void test_kat_wrong_named(void **state)
{
    (void)state;
    expect_named(VECTORS "hashes/SHA2/SHA256ShortMsg.rsp", 20, "Len = 24", "MD is ");
    /* the last byte of the record's CIPHERTEXT is e5; the copy flips its low bit */
    expect_named(VECTORS "ciphers/AES/CBC/CBCMMT128.rsp", 22, "[ENCRYPT] COUNT = 2",
                 "CIPHERTEXT differs from byte 47: is e4, expected e5");
    expect_named(VECTORS "ciphers/AES/GCM/gcmDecrypt128.rsp", 21, "Count = 1",
                 "the forged tag was accepted");
    expect_named(VECTORS "ciphers/AES/GCM/gcmDecrypt256.rsp", 4439, "Count = 2",
                 "the rejected message's plaintext was not zeroed");
}

/* test_kat_not_offered: what the implementation does not offer is skipped and
 * counted, or, for a whole algorithm, is no variant of it; auto keeps an HMAC file
 * on the HMAC's own pick. */
static void test_kat_not_offered(void **state)
{
    (void)state;
    pair p = kat_pair("double-enc", "double-enc", VECTORS "ciphers/AES/CBC/CBCMMT128.rsp");
    assert_int_equal(p.status, CB_KAT_PASSED);
    assert_int_equal(p.var->passed, 10); /* 10 [ENCRYPT] records, 10 [DECRYPT] */
    assert_int_equal(p.var->skipped, 10);
    p = kat_pair("double-enc", "double-enc", VECTORS "ciphers/AES/GCM/gcmDecrypt128.rsp");
    assert_int_equal(p.status, CB_KAT_PASSED);
    assert_int_equal(p.var->passed + p.var->failed, 0);
    assert_int_equal(p.var->skipped, kat_res.cases);
    p = kat_pair("double", "double", VECTORS "hashes/MD5/rfc-1321.txt");
    assert_int_equal(p.status, CB_KAT_REFUSED);
    assert_non_null(strstr(kat_res.err, "-variant double names no variant of md5"));
    p = kat_pair("auto", "double", VECTORS "HMAC/rfc-4231-sha256.txt");
    assert_int_equal(kat_res.ntallies, 1);
    assert_null(p.var);
    p = kat_pair("all", "double", VECTORS "HMAC/rfc-4231-sha256.txt");
    assert_int_equal(p.status, CB_KAT_PASSED);
    same_records("rfc-4231-sha256.txt", p.gen, p.var);
}

/* command_out runs `cryptobench kat ARGS...` and returns its exit status; out gets
 * what it printed. */
static int command_out(char **argv, int argc, char *out, size_t len)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    assert_true(saved >= 0 && dup2(fileno(f), STDOUT_FILENO) >= 0);
    int rc = cb_cmd_kat(argc, argv);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    rewind(f);
    size_t n = fread(out, 1, len - 1, f);
    out[n] = '\0';
    fclose(f);
    return rc;
}

/* test_kat_command: `cryptobench kat -variant NAME FILE` runs a registered whole
 * variant, and a wrong one exits 1 naming the record. */
static void test_kat_command(void **state)
{
    (void)state;
    char file[] = VECTORS "hashes/SHA2/SHA256ShortMsg.rsp", out[4096];
    char *good_argv[] = {"kat", "-variant", "double", file, NULL};
    assert_int_equal(command_out(good_argv, 4, out, sizeof out), 0);
    assert_non_null(strstr(out, "SHA256ShortMsg.rsp  double  passed 65  failed 0  skipped 0\n"));
    char *wrong_argv[] = {"kat", "-variant", "double-wrong", file, NULL};
    assert_int_equal(command_out(wrong_argv, 4, out, sizeof out), 1);
    assert_non_null(strstr(out, "double-wrong  passed 64  failed 1  skipped 0\n"));
    assert_non_null(strstr(out, "SHA256ShortMsg.rsp:20: double-wrong: Len = 24: MD is "));
}

static int setup(void **state)
{
    (void)state;
    bad_impl = tu_double_impl;
    bad_impl.digest = bad_digest;
    bad_impl.cipher_update = bad_cipher_update;
    bad_impl.aead_seal = bad_seal;
    wrong_impl = tu_double_impl;
    wrong_impl.digest = wrong_digest;
    wrong_impl.cipher_update = wrong_cipher_update;
    wrong_impl.aead_open = wrong_open;
    enc_impl = tu_double_impl;
    enc_impl.offers = enc_offers;
    return cb_variant_register(&good) || cb_variant_register(&bad) ||
           cb_variant_register(&wrong) || cb_variant_register(&enc);
}

static int teardown(void **state)
{
    (void)state;
    cb_kat_result_free(&kat_res);
    return 0;
}

int main(void)
{
    char err[256];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        fprintf(stderr, "test_algvariant: %s\n", err);
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registered),   cmocka_unit_test(test_register_refuses),
        cmocka_unit_test(test_check_passes), cmocka_unit_test(test_check_rejects),
        cmocka_unit_test(test_inst),         cmocka_unit_test(test_kat_like_generic),
        cmocka_unit_test(test_kat_wrong_named), cmocka_unit_test(test_kat_not_offered),
        cmocka_unit_test(test_kat_command),  cmocka_unit_test(test_auto_by_priority),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
