/*
 * tests/test_hmac.c - hmac(...) through every variant of its digest: the RFC 2202
 * and RFC 4231 files of Debian's python3-cryptography-vectors and the embedded
 * known answers (RFC 4231 case 5's truncated MACs, NIST's HMAC-SHA3 examples); keys
 * longer than the block, hashed first (past 128 bytes for SHA-384/512); the empty
 * message; messages given in pieces; RFC 2104's formula computed here on whole
 * buffers as an independent reference; the names, aliases and `auto` picks.
 *
 * Variants are found by walking the registry, so an hmac(...) algorithm picks up a
 * digest kernel added later with no change here.  A variant whose capabilities this
 * CPU lacks is reported as UNAVAILABLE, never passed.
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
#include "kernels/modes/digest.h"
#include "kernels/modes/hmac.h"
#include "kernels/inst.h"
#include "kernels/registry.h"
#include "kernels/check/vectors/vectors.h"
#include "kernels/check/kat/rsp.h"
#include "tests/support.h"

/* Debian's python3-cryptography-vectors; CB_HMAC_VECTORS overrides the folder. */
#define RFC_HMAC_DIR "/usr/lib/python3/dist-packages/cryptography_vectors/HMAC"
/* The longest key or message any test here uses. */
#define MAX_BYTES 1024

/* ---- helpers ---------------------------------------------------------------------- */

/* hex decodes n hex digits of s into a fresh buffer (never NULL). */
static uint8_t *hex(const char *s, size_t n)
{
    char *text = malloc(n + 1);
    uint8_t *out = malloc(n / 2 + 1);
    assert_non_null(text);
    assert_non_null(out);
    memcpy(text, s, n);
    text[n] = '\0';
    assert_int_equal(cb_hex_decode(text, out, n / 2 + 1), (long)(n / 2));
    free(text);
    return out;
}

/* mac computes HMAC-a with variant v in one call. */
static void mac(const cb_alg *a, const cb_variant *v, const uint8_t *key, size_t key_len,
                const uint8_t *msg, size_t len, uint8_t *out)
{
    cb_hmac h;
    assert_int_equal(cb_hmac_init(&h, a, v, key, key_len), 0);
    cb_hmac_mac(&h, msg, len, out);
    cb_hmac_free(&h);
}

/* formula computes HMAC with RFC 2104's formula over the generic digest
 * (cb_hmac_reference: whole buffers, no precomputed state, no pieces). */
static void formula(const cb_alg *a, const uint8_t *key, size_t key_len, const uint8_t *msg,
                    size_t len, uint8_t *out)
{
    cb_hmac_reference(a, cb_variant_generic(cb_hmac_digest(a)), key, key_len, msg, len, out);
}

/* check_all_variants MACs msg under key with every runnable variant of a and compares
 * the first want_len bytes with want; returns how many variants ran. */
static size_t check_all_variants(const cb_alg *a, const uint8_t *key, size_t key_len,
                                 const uint8_t *msg, size_t len, const uint8_t *want,
                                 size_t want_len, const char *what)
{
    size_t ran = 0;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        uint8_t out[CB_DIGEST_MAX];
        if (!tu_runnable_said(v, a))
            continue;
        mac(a, v, key, key_len, msg, len, out);
        if (memcmp(out, want, want_len) != 0)
            fail_msg("%s/%s: wrong MAC for %s", a->name, v->name, what);
        ran++;
    }
    return ran;
}

/* xorshift64 makes reproducible keys and messages. */
static void fill(uint8_t *p, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        p[i] = (uint8_t)seed;
    }
}

/* ---- the RFC files ------------------------------------------------------------------ */

/*
 * run_rfc checks every Len/Key/Msg/MD record of one of the cryptography_vectors HMAC
 * files (read with kernels/check/kat/rsp.h) through every variant of alg and returns the
 * number of records.  Len is the message length in bits.
 */
static size_t run_rfc(const char *alg, const char *file)
{
    const char *dir = getenv("CB_HMAC_VECTORS") ? getenv("CB_HMAC_VECTORS") : RFC_HMAC_DIR;
    char path[512], what[600];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    cb_rsp r;
    if (cb_rsp_open(&r, path) != 0)
        fail_msg("%s (Debian package python3-cryptography-vectors)", r.err);
    r.sections_optional = 1;
    const cb_alg *a = cb_alg_find(alg);
    assert_non_null(a);
    cb_rsp_record rec;
    size_t records = 0;
    int rc;
    while ((rc = cb_rsp_next(&r, &rec)) == 1) {
        uint8_t *key, *msg, *md;
        size_t key_len, len, md_len;
        unsigned long bits;
        assert_int_equal(cb_rsp_uint(&r, cb_rsp_get(&rec, "Len"), 1 << 20, &bits), 0);
        assert_int_equal(cb_rsp_hex(&r, cb_rsp_get(&rec, "Key"), &key, &key_len), 0);
        assert_int_equal(cb_rsp_hex(&r, cb_rsp_get(&rec, "Msg"), &msg, &len), 0);
        assert_int_equal(cb_rsp_hex(&r, cb_rsp_get(&rec, "MD"), &md, &md_len), 0);
        assert_int_equal(bits, 8 * len);
        assert_int_equal(md_len, a->out_bytes);
        snprintf(what, sizeof what, "%s:%d (%zu-byte key)", file, rec.line, key_len);
        assert_true(check_all_variants(a, key, key_len, msg, len, md, md_len, what) >= 1);
        free(key);
        free(msg);
        free(md);
        records++;
    }
    if (rc < 0)
        fail_msg("%s", r.err);
    cb_rsp_close(&r);
    return records;
}

/* test_rfc_2202: RFC 2202's seven cases for HMAC-MD5 and HMAC-SHA-1 (case 5 with
 * the whole MAC; its truncation is in test_truncated). */
static void test_rfc_2202(void **unused)
{
    (void)unused;
    assert_int_equal(run_rfc("hmac(md5)", "rfc-2202-md5.txt"), 7);
    assert_int_equal(run_rfc("hmac(sha1)", "rfc-2202-sha1.txt"), 7);
}

/* test_rfc_4231: RFC 4231's cases 1-4, 6 and 7 (the file leaves out case 5, whose MAC
 * is truncated) for HMAC-SHA-224/256/384/512; cases 6 and 7 key with 131 bytes. */
static void test_rfc_4231(void **unused)
{
    (void)unused;
    static const char *const n[] = {"224", "256", "384", "512"};
    for (size_t i = 0; i < 4; i++) {
        char alg[32], file[32];
        snprintf(alg, sizeof alg, "hmac(sha%s)", n[i]);
        snprintf(file, sizeof file, "rfc-4231-sha%s.txt", n[i]);
        assert_int_equal(run_rfc(alg, file), 6);
    }
}

/* ---- embedded known answers ---------------------------------------------------------- */

/* vector_bytes decodes a vector's key or message (hex, or text) into a fresh buffer. */
static uint8_t *vector_bytes(const char *hexs, const char *ascii, size_t *len)
{
    if (hexs) {
        *len = strlen(hexs) / 2;
        return hex(hexs, strlen(hexs));
    }
    *len = ascii ? strlen(ascii) : 0;
    uint8_t *p = malloc(*len + 1);
    assert_non_null(p);
    if (*len)
        memcpy(p, ascii, *len);
    return p;
}

/* test_vectors: every row of kernels/check/vectors/vectors_hmac.c through every runnable variant;
 * a row with no published MAC must equal the formula. */
static void test_vectors(void **unused)
{
    (void)unused;
    size_t rows = 0, formula_rows = 0;
    for (const cb_vector *t = cb_vectors_hmac; t->alg; t++, rows++) {
        const cb_alg *a = cb_alg_find(t->alg);
        assert_non_null(a);
        assert_int_equal(a->kind, CB_KIND_HMAC);
        size_t key_len, len, want_len = a->out_bytes;
        uint8_t *key = vector_bytes(t->key, NULL, &key_len);
        uint8_t *msg = vector_bytes(t->msg, t->msg_ascii, &len);
        uint8_t *want, ref[CB_DIGEST_MAX];
        if (t->expect) {
            want_len = strlen(t->expect) / 2;
            assert_true(want_len >= 12 && want_len <= a->out_bytes);
            want = hex(t->expect, strlen(t->expect));
        } else {
            formula(a, key, key_len, msg, len, ref);
            want = malloc(CB_DIGEST_MAX);
            assert_non_null(want);
            memcpy(want, ref, a->out_bytes);
            formula_rows++;
        }
        assert_true(check_all_variants(a, key, key_len, msg, len, want, want_len,
                                       t->source) >= 1);
        free(key);
        free(msg);
        free(want);
    }
    /* Every row was reached (no empty row ends the table early), and published MACs
     * (RFC 2202, RFC 4231, NIST's samples) outnumber the formula's rows. */
    assert_int_equal(rows, cb_vectors_hmac_count);
    assert_true(formula_rows < rows - formula_rows);
    for (size_t i = 0; i < cb_alg_count(); i++) {
        const cb_alg *a = cb_alg_at(i);
        if (a->kind == CB_KIND_HMAC && cb_vectors_for(a->name) == 0)
            fail_msg("%s has no row in kernels/check/vectors/vectors_hmac.c", a->name);
    }
}

/* test_truncated: RFC 2104 section 5's truncated output, with the values RFC 4231
 * section 4.6 (test case 5, 128 bits) and RFC 2202 (test_case 5, digest-96) print. */
static void test_truncated(void **unused)
{
    (void)unused;
    static const struct {
        const char *alg, *mac;
        size_t key_len;
    } cases[] = {
        {"hmac(sha224)", "0e2aea68a90c8d37c988bcdb9fca6fa8", 20},
        {"hmac(sha256)", "a3b6167473100ee06e0c796c2955552b", 20},
        {"hmac(sha384)", "3abf34c3503b2a23a46efc619baef897", 20},
        {"hmac(sha512)", "415fad6271580a531d4179bc891d87a6", 20},
        {"hmac(md5)", "56461ef2342edc00f9bab995", 16},
        {"hmac(sha1)", "4c1a03424b55e07fe7f27be1", 20},
    };
    static const char text[] = "Test With Truncation";
    uint8_t key[20];
    memset(key, 0x0c, sizeof key);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const cb_alg *a = cb_alg_find(cases[i].alg);
        size_t n = strlen(cases[i].mac);
        uint8_t *want = hex(cases[i].mac, n);
        assert_non_null(a);
        assert_true(check_all_variants(a, key, cases[i].key_len, (const uint8_t *)text,
                                       strlen(text), want, n / 2, cases[i].alg) >= 1);
        free(want);
    }
}

/* ---- keys, empty messages, pieces --------------------------------------------------- */

/*
 * test_long_keys: a key longer than the block is hashed first (RFC 2104 section 2):
 * for block + 1, 2 * block + 3 and 300 bytes (past SHA-384/512's 128-byte block),
 * the MAC under the key equals the MAC under its digest and differs from the MAC
 * under its first block, on every variant.  The empty key and one of exactly a block
 * are checked against the formula.
 */
static void test_long_keys(void **unused)
{
    (void)unused;
    size_t ran = 0;
    for (size_t ai = 0; ai < cb_alg_count(); ai++) {
        const cb_alg *a = cb_alg_at(ai);
        if (a->kind != CB_KIND_HMAC)
            continue;
        const cb_alg *d = cb_hmac_digest(a);
        size_t b = a->block_bytes, lens[] = {b + 1, 2 * b + 3, 300, 0, b};
        uint8_t key[300], hashed[CB_DIGEST_MAX], msg[40], got[CB_DIGEST_MAX],
            want[CB_DIGEST_MAX], cut[CB_DIGEST_MAX];
        fill(msg, sizeof msg, 0x1234 + ai);
        for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
            fill(key, lens[k], 0x9e37 + k);
            for (size_t vi = 0; vi < cb_variant_count(); vi++) {
                const cb_variant *v = cb_variant_at(vi);
                if (!tu_runnable_said(v, a))
                    continue;
                mac(a, v, key, lens[k], msg, sizeof msg, got);
                if (lens[k] > b) {
                    cb_digest(d, cb_variant_generic(d), key, lens[k], hashed);
                    mac(a, v, hashed, d->out_bytes, msg, sizeof msg, want);
                    mac(a, v, key, b, msg, sizeof msg, cut);
                    if (memcmp(got, cut, a->out_bytes) == 0)
                        fail_msg("%s/%s: a %zu-byte key was cut to the block, not hashed",
                                 a->name, v->name, lens[k]);
                } else {
                    formula(a, key, lens[k], msg, sizeof msg, want);
                }
                if (memcmp(got, want, a->out_bytes) != 0)
                    fail_msg("%s/%s: wrong MAC under a %zu-byte key (block %zu)", a->name,
                             v->name, lens[k], b);
                ran++;
            }
        }
    }
    assert_true(ran >= 12 * 5);
}

/* test_empty_message: the MAC of no message (NULL, 0) on every variant equals the
 * formula's, and so does one built from empty updates. */
static void test_empty_message(void **unused)
{
    (void)unused;
    static const uint8_t key[] = "key";
    for (size_t ai = 0; ai < cb_alg_count(); ai++) {
        const cb_alg *a = cb_alg_at(ai);
        if (a->kind != CB_KIND_HMAC)
            continue;
        uint8_t want[CB_DIGEST_MAX], got[CB_DIGEST_MAX], again[CB_DIGEST_MAX];
        formula(a, key, 3, NULL, 0, want);
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            if (!tu_runnable_said(v, a))
                continue;
            cb_hmac h;
            assert_int_equal(cb_hmac_init(&h, a, v, key, 3), 0);
            cb_hmac_mac(&h, NULL, 0, got);
            cb_hmac_start(&h);
            cb_hmac_update(&h, NULL, 0);
            cb_hmac_update(&h, key, 0);
            cb_hmac_final(&h, again);
            cb_hmac_free(&h);
            if (memcmp(got, want, a->out_bytes) || memcmp(again, want, a->out_bytes))
                fail_msg("%s/%s: wrong MAC of the empty message", a->name, v->name);
        }
    }
}

/*
 * test_pieces: a message given in two or three pieces, split at every offset around
 * the block boundaries, MACs as the formula does, with the same keyed context reused
 * for every MAC (the reuse `speed` relies on).
 */
static void test_pieces(void **unused)
{
    (void)unused;
    uint8_t key[32], msg[3 * CB_DIGEST_BLOCK_MAX + 7], want[CB_DIGEST_MAX],
        got[CB_DIGEST_MAX];
    fill(key, sizeof key, 77);
    fill(msg, sizeof msg, 78);
    for (size_t ai = 0; ai < cb_alg_count(); ai++) {
        const cb_alg *a = cb_alg_at(ai);
        if (a->kind != CB_KIND_HMAC)
            continue;
        size_t len = 2 * a->block_bytes + 5;
        formula(a, key, sizeof key, msg, len, want);
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            if (!tu_runnable_said(v, a))
                continue;
            cb_hmac h;
            assert_int_equal(cb_hmac_init(&h, a, v, key, sizeof key), 0);
            for (size_t cut = 0; cut <= len; cut++) {
                size_t cut2 = cut + (len - cut) / 2;
                cb_hmac_start(&h);
                cb_hmac_update(&h, msg, cut);
                cb_hmac_update(&h, msg + cut, cut2 - cut);
                cb_hmac_update(&h, msg + cut2, len - cut2);
                cb_hmac_final(&h, got);
                if (memcmp(got, want, a->out_bytes) != 0)
                    fail_msg("%s/%s: wrong MAC with pieces cut at %zu and %zu of %zu",
                             a->name, v->name, cut, cut2, len);
            }
            cb_hmac_free(&h);
        }
    }
}

/* test_digest_pieces: the message-level digest in pieces (init, update, final, and a
 * copy part-way) equals the one-shot digest for every digest and variant. */
static void test_digest_pieces(void **unused)
{
    (void)unused;
    uint8_t msg[2 * CB_DIGEST_BLOCK_MAX + 3], want[CB_DIGEST_MAX], got[CB_DIGEST_MAX],
        copy[CB_DIGEST_MAX];
    fill(msg, sizeof msg, 5);
    for (size_t ai = 0; ai < cb_alg_count(); ai++) {
        const cb_alg *a = cb_alg_at(ai);
        if (a->kind != CB_KIND_DIGEST)
            continue;
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            if (!tu_runnable_said(v, a))
                continue;
            for (size_t cut = 0; cut <= sizeof msg; cut += 7) {
                cb_digest_ctx c, d;
                cb_digest(a, v, msg, sizeof msg, want);
                assert_int_equal(cb_digest_init(&c, a, v), 0);
                cb_digest_update(&c, msg, cut);
                cb_digest_copy(&d, &c);
                cb_digest_update(&c, msg + cut, sizeof msg - cut);
                cb_digest_final(&c, got);
                cb_digest_update(&d, msg + cut, sizeof msg - cut);
                cb_digest_final(&d, copy);
                if (memcmp(got, want, a->out_bytes) || memcmp(copy, want, a->out_bytes))
                    fail_msg("%s/%s: digest in pieces cut at %zu differs", a->name, v->name,
                             cut);
            }
        }
    }
}

/* ---- names, variants, checks, timing -------------------------------------------------- */

/* test_names: OpenSSL's hmac(DIGEST) names, hmac-DIGEST, any digest spelling inside,
 * and the hmac group (`openssl speed hmac` is hmac(md5)). */
static void test_names(void **unused)
{
    (void)unused;
    static const struct {
        const char *name, *canonical;
    } names[] = {
        {"hmac(sha256)", "hmac(sha256)"},     {"HMAC(SHA256)", "hmac(sha256)"},
        {"hmac-sha256", "hmac(sha256)"},      {"hmac(sha-256)", "hmac(sha256)"},
        {"HMAC-SHA2-256", "hmac(sha256)"},    {"hmac(sha512/224)", "hmac(sha512-224)"},
        {"hmac-sha3-384", "hmac(sha3-384)"},  {"hmac(ssl3-md5)", "hmac(md5)"},
        {"hmac(md5)", "hmac(md5)"},           {"hmac-sha-1", "hmac(sha1)"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const cb_alg *a = cb_alg_find(names[i].name);
        if (!a || strcmp(a->name, names[i].canonical) != 0)
            fail_msg("'%s' found %s, wanted %s", names[i].name, a ? a->name : "nothing",
                     names[i].canonical);
    }
    static const char *const bad[] = {"hmac", "hmac()", "hmac(", "hmac-", "hmac(nosuch)",
                                      "hmac(hmac(md5))", "hmac(aes-128-cbc)", "hmac(ghash)",
                                      "hmac(sha256", "hmacsha256"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (cb_alg_find(bad[i]))
            fail_msg("'%s' should name no algorithm", bad[i]);
    const cb_alg *group[4];
    assert_int_equal(cb_alg_expand("hmac", group, 4), 1);
    assert_string_equal(group[0]->name, "hmac(md5)");
}

/* test_variants_follow_digest: every hmac(...) has one digest, which names it back;
 * exactly the digest's variants serve it, and auto picks the digest's pick. */
static void test_variants_follow_digest(void **unused)
{
    (void)unused;
    size_t hmacs = 0;
    for (size_t ai = 0; ai < cb_alg_count(); ai++) {
        const cb_alg *a = cb_alg_at(ai);
        if (a->kind != CB_KIND_HMAC)
            continue;
        hmacs++;
        const cb_alg *d = cb_hmac_digest(a);
        assert_non_null(d);
        assert_ptr_equal(cb_hmac_of(d), a);
        assert_int_equal(a->block_bytes, d->block_bytes);
        assert_int_equal(a->key_bits, 0);
        cb_dir dirs[CB_MAX_DIRS];
        assert_int_equal(cb_alg_dirs(a, dirs), 1);
        assert_int_equal(dirs[0], CB_DIR_DIGEST);
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            assert_int_equal(cb_variant_offers(v, a, CB_DIR_DIGEST),
                             cb_variant_offers(v, d, CB_DIR_DIGEST));
        }
        assert_ptr_equal(cb_variant_auto(a, CB_DIR_DIGEST, cb_caps_effective()),
                         cb_variant_auto(d, CB_DIR_DIGEST, cb_caps_effective()));
        /* with no capabilities too (armv4 and ppc have integer kernels that need none) */
        assert_ptr_equal(cb_variant_auto(a, CB_DIR_DIGEST, 0),
                         cb_variant_auto(d, CB_DIR_DIGEST, 0));
        char err[128];
        assert_true(cb_inst_len_ok(a, 13, err, sizeof err));
    }
    assert_int_equal(hmacs, 12);
    assert_null(cb_hmac_of(cb_alg_find("aes-128-cbc")));
    assert_null(cb_hmac_digest(cb_alg_find("sha256")));
}

/* test_check_variant: kernels/check/check.c's known answers and cross-check pass for every
 * runnable variant, and fail for a variant that is not the digest's. */
static void test_check_variant(void **unused)
{
    (void)unused;
    for (size_t ai = 0; ai < cb_alg_count(); ai++) {
        const cb_alg *a = cb_alg_at(ai);
        if (a->kind != CB_KIND_HMAC)
            continue;
        for (size_t vi = 0; vi < cb_variant_count(); vi++) {
            const cb_variant *v = cb_variant_at(vi);
            char err[256];
            unsigned long checks = 0;
            if (!tu_runnable_said(v, a))
                continue;
            if (cb_check_variant(a, v, CB_CHECK_QUICK, err, sizeof err, &checks) != 0)
                fail_msg("%s", err);
            assert_true(checks >= 3);
        }
    }
    cb_hmac h;
    const cb_alg *md5 = cb_alg_find("hmac(md5)");
    assert_int_equal(cb_hmac_init(&h, md5, cb_variant_generic(cb_alg_find("sha1")),
                                  (const uint8_t *)"k", 1), -1);
    assert_int_equal(cb_hmac_init(&h, cb_alg_find("md5"), cb_variant_generic(md5),
                                  (const uint8_t *)"k", 1), -1);
}

/* test_inst: `speed` can set an hmac(...) case up on any length (no whole blocks
 * needed) and run operations on it. */
static void test_inst(void **unused)
{
    (void)unused;
    const cb_alg *a = cb_alg_find("hmac(sha256)");
    char err[256];
    cb_inst *x = cb_inst_new(a, cb_variant_generic(a), CB_DIR_DIGEST, 0, err, sizeof err);
    assert_non_null(x);
    uint8_t in[100];
    fill(in, sizeof in, 9);
    assert_int_equal(cb_inst_prepare(x, in, sizeof in, err, sizeof err), 0);
    cb_inst_run(x, in, NULL, sizeof in, 3);
    assert_int_equal(cb_inst_failures(x), 0);
    cb_inst_free(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rfc_2202),      cmocka_unit_test(test_rfc_4231),
        cmocka_unit_test(test_vectors),       cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_long_keys),     cmocka_unit_test(test_empty_message),
        cmocka_unit_test(test_pieces),        cmocka_unit_test(test_digest_pieces),
        cmocka_unit_test(test_names),         cmocka_unit_test(test_variants_follow_digest),
        cmocka_unit_test(test_check_variant), cmocka_unit_test(test_inst),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
