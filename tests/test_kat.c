/*
 * tests/test_kat.c - the known-answer engine (kernels/check/kat/kat.h) with test-double
 * variants: wrong answers fail, a missing direction is skipped (never passed), an
 * unavailable variant is reported, FAIL records must be rejected, a malformed file
 * is refused with FILE:LINE (and frees what it decoded), a fault under the guard
 * is reported, and files are identified by their official names.  What the
 * command prints is tested by tests/cli/run.sh.
 */
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
#include "base/common.h"
#include "kernels/check/kat/kat.h"
#include "kernels/generic/generic.h"
#include "kernels/registry.h"
#include "kernels/select.h"
#include "tests/support.h"

#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors/"

/* ---- test doubles ------------------------------------------------------------------ */

/* broken_md5_blocks is MD5 with one bit of the chaining value flipped. */
static void broken_md5_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    cb_md5_generic_ops.blocks(state, in, nblocks);
    ((uint32_t *)state)[0] ^= 1;
}

static const cb_digest_ops broken_md5_ops = {broken_md5_blocks, NULL};

/* open_wrong_open opens as the double does, then spoils an accepted message's first
 * byte: a variant that seals right and opens wrong. */
static int open_wrong_open(cb_alg_session *s, const uint8_t *iv, size_t ivlen,
                           const uint8_t *aad, size_t aadlen, const uint8_t *in, uint8_t *out,
                           size_t len, const uint8_t *tag, size_t taglen)
{
    int rc = tu_double_open(s, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
    if (rc == 0 && len)
        out[0] ^= 1;
    return rc;
}

/* chachapoly_only: open-wrong offers chacha20-poly1305 alone, so that the every-variant
 * runs of the other tests do not meet it. */
static int chachapoly_only(const cb_alg_impl *m, const cb_alg *a, cb_dir d)
{
    (void)m, (void)d;
    return a == cb_alg_find("chacha20-poly1305");
}

static cb_alg_impl open_wrong_impl;

/* An AES variant that can only encrypt, and one that needs a capability no CPU has. */
static cb_aes_ops encrypt_only_ops;
static const cb_variant doubles[] = {
    {"broken", "test", CB_PRIM_MD5, 0, 1, &broken_md5_ops, "test double: wrong digests"},
    {"enc-only", "test", CB_PRIM_AES, 0, 1, &encrypt_only_ops, "test double: no decrypt"},
    {"absent", "test", CB_PRIM_AES, UINT64_C(1) << 63, 1, &cb_aes_generic_ops,
     "test double: never available"},
    {"open-wrong", "test", CB_PRIM_WHOLE, 0, 1, &open_wrong_impl,
     "test double: seals right, opens a wrong first byte"},
};

static int setup(void **state)
{
    (void)state;
    encrypt_only_ops = cb_aes_generic_ops;
    encrypt_only_ops.set_decrypt_key = NULL;
    encrypt_only_ops.ecb_decrypt = NULL;
    encrypt_only_ops.cbc_decrypt = NULL;
    open_wrong_impl = tu_double_impl;
    open_wrong_impl.offers = chachapoly_only;
    open_wrong_impl.aead_open = open_wrong_open;
    for (size_t i = 0; i < sizeof doubles / sizeof doubles[0]; i++)
        if (cb_variant_register(&doubles[i]) != 0)
            return -1;
    char err[256];
    return cb_caps_init(0, err, sizeof err);
}


/* ---- running the engine ------------------------------------------------------------ */

static cb_kat_result res;

static int teardown(void **state)
{
    (void)state;
    cb_kat_result_free(&res);
    return 0;
}

/* kat runs path over variants (a -variant list, NULL for every variant) with alg
 * (-alg, or NULL) and, when guard is given, through it; the result is in res. */
static cb_kat_status kat_guarded(const char *variants, const char *alg, const char *path,
                                 cb_kat_guard guard)
{
    cb_selection sel;
    char err[2400];
    cb_kat_opts o = {alg, NULL, cb_caps_effective(), guard};
    if (variants) {
        if (cb_selection_parse(&sel, variants, err, sizeof err) != 0)
            fail_msg("-variant %s: %s", variants, err);
        o.sel = &sel;
    }
    cb_kat_result_free(&res);
    return cb_kat_run_file(path, &o, &res);
}

static cb_kat_status kat(const char *variants, const char *path)
{
    return kat_guarded(variants, NULL, path, NULL);
}

/* tally_of returns the tally of the variant called name; fails when there is none. */
static const cb_kat_tally *tally_of(const char *name)
{
    for (size_t i = 0; i < res.ntallies; i++)
        if (strcmp(res.tallies[i].var->name, name) == 0)
            return &res.tallies[i];
    static const cb_kat_tally none; /* fail_msg does not return; this keeps the
                                     * compiler from seeing a NULL dereference */
    fail_msg("%s has no tally for %s", res.path, name);
    return &none;
}

static void expect_tally(const char *name, unsigned long passed, unsigned long failed,
                         unsigned long skipped)
{
    const cb_kat_tally *t = tally_of(name);
    if (t->unavailable[0] || t->passed != passed || t->failed != failed ||
        t->skipped != skipped)
        fail_msg("%s %s: passed %lu failed %lu skipped %lu (%s), expected %lu %lu %lu",
                 res.path, name, t->passed, t->failed, t->skipped, t->unavailable, passed,
                 failed, skipped);
}

/* expect_refused checks the file was refused with words in its one sentence. */
static void expect_refused(cb_kat_status st, const char *words)
{
    assert_int_equal(st, CB_KAT_REFUSED);
    if (!strstr(res.err, words))
        fail_msg("refusal '%s' lacks '%s'", res.err, words);
}

/* write_file puts text into a file called name under a fresh temporary folder. */
static const char *write_file(const char *name, const char *text)
{
    static char path[256];
    char dir[] = "/tmp/test_kat.XXXXXX";
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static void remove_file(const char *path)
{
    char dir[256];
    snprintf(dir, sizeof dir, "%s", path);
    unlink(path);
    *strrchr(dir, '/') = '\0';
    rmdir(dir);
}

/* expect_file_refused writes text as name and checks kat refuses it with words. */
static void expect_file_refused(const char *name, const char *text, const char *words)
{
    const char *path = write_file(name, text);
    expect_refused(kat(NULL, path), words);
    remove_file(path);
}

/* ---- tests ------------------------------------------------------------------------- */

/* A variant with wrong answers fails every record; the first five are kept. */
static void test_wrong_answers_fail(void **state)
{
    (void)state;
    const char *md5 = VECTORS "hashes/MD5/rfc-1321.txt";
    assert_int_equal(kat("generic,broken", md5), CB_KAT_FAILED);
    assert_int_equal(res.ntallies, 2);
    expect_tally("generic", 7, 0, 0);
    expect_tally("broken", 0, 7, 0);
    const cb_kat_failure *first = &tally_of("broken")->shown[0];
    assert_int_equal(first->line, 3);
    assert_string_equal(first->label, "Len = 0");
    assert_memory_equal(first->why, "MD is ", 6);
    assert_int_equal(kat("generic", md5), CB_KAT_PASSED);
    assert_int_equal(res.ntallies, 1);
}

/* A digest without official files, read under -alg: RFC 1320 A.5's 'abc' passes and
 * its 'a' with the last digit changed fails, naming its record. */
static void test_renamed_digest_record(void **state)
{
    (void)state;
    const char *path = write_file("md4.rsp", "Len = 24\nMsg = 616263\n"
                                             "MD = a448017aaf21d8525fc10ae87aa6729d\n\n"
                                             "Len = 8\nMsg = 61\n"
                                             "MD = bde52cb31de33e46245e05fbdbd6fb25\n");
    cb_kat_status st = kat_guarded("generic", "md4", path, NULL);
    remove_file(path);
    assert_int_equal(st, CB_KAT_FAILED);
    expect_tally("generic", 1, 1, 0);
    assert_string_equal(tally_of("generic")->shown[0].label, "Len = 8");
}

/* No -variant is every variant, auto is auto's pick, and a variant named twice runs
 * once (auto is generic on a build with no MD5 kernel of its own, armv4's elsewhere). */
static void test_selection(void **state)
{
    (void)state;
    const char *md5 = VECTORS "hashes/MD5/rfc-1321.txt";
    const cb_variant *picked = cb_variant_auto(cb_alg_find("md5"), CB_DIR_DIGEST,
                                               cb_caps_effective());
    assert_int_equal(kat(NULL, md5), CB_KAT_FAILED);
    expect_tally("generic", 7, 0, 0);
    expect_tally("broken", 0, 7, 0);
    assert_int_equal(kat("auto", md5), CB_KAT_PASSED);
    assert_int_equal(res.ntallies, 1);
    assert_ptr_equal(res.tallies[0].var, picked);
    assert_int_equal(kat("auto,generic,generic", md5), CB_KAT_PASSED);
    assert_int_equal(res.ntallies, strcmp(picked->name, "generic") == 0 ? 1 : 2);
    /* a list naming no variant of md5 refuses the file and says what md5 has */
    expect_refused(kat("enc-only", md5), "-variant enc-only names no variant of md5");
    /* every variant md5 has here is named (the families built add their own) */
    expect_refused(kat("enc-only", md5), "its variants are: ");
    assert_non_null(strstr(res.err, "generic"));
    assert_non_null(strstr(res.err, "broken"));
}

/* Records in a direction a variant lacks are skipped and counted, not passed. */
static void test_missing_direction_skipped(void **state)
{
    (void)state;
    assert_int_equal(kat("enc-only", VECTORS "ciphers/AES/CBC/CBCMMT128.rsp"), CB_KAT_PASSED);
    expect_tally("enc-only", 10, 0, 10);
}

static void test_unavailable_variant(void **state)
{
    (void)state;
    assert_int_equal(kat(NULL, VECTORS "ciphers/AES/ECB/ECBGFSbox128.rsp"), CB_KAT_PASSED);
    expect_tally("generic", 14, 0, 0);
    expect_tally("enc-only", 7, 0, 7);
    const cb_kat_tally *absent = tally_of("absent");
    assert_non_null(strstr(absent->unavailable, "needs a capability of another architecture"));
    assert_int_equal(absent->passed + absent->failed + absent->skipped, 0);
}

/* GCM: a FAIL record passes only when the tag is rejected; a valid one only when
 * it is accepted and the plaintext matches.  Record 1 of gcmDecrypt128.rsp with
 * its FAIL removed, and record 0 with FAIL added, must both fail. */
static void test_gcm_fail_records(void **state)
{
    (void)state;
    static const char text[] = "[Keylen = 128]\n[IVlen = 96]\n[PTlen = 0]\n[AADlen = 0]\n"
                               "[Taglen = 128]\n\n"
                               "Count = 0\nKey = cf063a34d4a9a76c2c86787d3f96db71\n"
                               "IV = 113b9785971864c83b01c787\nCT = \nAAD = \n"
                               "Tag = 72ac8493e3a5228b5d130a69d2510e42\nFAIL\n\n"
                               "Count = 1\nKey = a49a5e26a2f8cb63d05546c2a62f5343\n"
                               "IV = 907763b19b9b4ab6bd4f0281\nCT = \nAAD = \n"
                               "Tag = a2be08210d8c470a8df6e8fbd79ec5cf\nPT = \n\n"
                               "Count = 2\nKey = a49a5e26a2f8cb63d05546c2a62f5343\n"
                               "IV = 907763b19b9b4ab6bd4f0281\nCT = \nAAD = \n"
                               "Tag = a2be08210d8c470a8df6e8fbd79ec5cf\nFAIL\n";
    const char *path = write_file("gcmDecrypt128.rsp", text);
    assert_int_equal(kat("generic", path), CB_KAT_FAILED);
    remove_file(path);
    expect_tally("generic", 1, 2, 0);
    const cb_kat_failure *shown = tally_of("generic")->shown;
    assert_int_equal(shown[0].line, 7);
    assert_string_equal(shown[0].label, "Count = 0");
    assert_string_equal(shown[0].why, "the forged tag was accepted");
    assert_int_equal(shown[1].line, 15);
    assert_string_equal(shown[1].why, "the valid tag was rejected");
}

/* The package's ChaCha20 and ChaCha20-Poly1305 files, read by their folder and name:
 * every record passes on generic (openssl.txt's CIPHERFINAL_ERROR record by being
 * rejected), each counted once however many ways it ran. */
static void test_chacha_files(void **state)
{
    (void)state;
    static const struct {
        const char *path;
        unsigned long records;
    } files[] = {
        {VECTORS "ciphers/ChaCha20/rfc7539.txt", 3},
        {VECTORS "ciphers/ChaCha20Poly1305/openssl.txt", 5},
        {VECTORS "ciphers/ChaCha20Poly1305/boringssl.txt", 66},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        if (kat("generic", files[i].path) != CB_KAT_PASSED)
            fail_msg("%s: status %d (%s)", files[i].path, (int)res.status, res.err);
        assert_int_equal(res.cases, files[i].records);
        expect_tally("generic", files[i].records, 0, 0);
    }
}

/* An AEAD record is sealed and then opened: a variant that seals right but opens
 * wrong fails every record it accepts, on the opening; the rejected one passes. */
static void test_aead_both_ways(void **state)
{
    (void)state;
    assert_int_equal(kat("open-wrong", VECTORS "ciphers/ChaCha20Poly1305/openssl.txt"),
                     CB_KAT_FAILED);
    expect_tally("open-wrong", 1, 4, 0);
    const cb_kat_failure *first = &tally_of("open-wrong")->shown[0];
    assert_string_equal(first->label, "COUNT = 1, opened");
    assert_memory_equal(first->why, "Plaintext is 486e", 17);
}

/* BoringSSL's layout under -alg: "quoted" values are their bytes (its COUNT = 2, the
 * AD padded with 15 zeros); a wrong TAG fails naming it, an OpenSSL error other than
 * a rejected tag is skipped, a quote left open refuses the file at its line. */
static void test_aead_layouts(void **state)
{
    (void)state;
    static const char text[] =
        "COUNT = 2\nKEY= 808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f\n"
        "NONCE= 070000004041424344454647\nIN= \"123456789abcdef0\"\nAD= \"1\"\n"
        "CT= ae49da6934cb77822c83ed9852e46c9e\nTAG= dac9c841c168379dcf8f2bb8e22d6da2\n\n"
        "COUNT = 3\nKEY= 808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f\n"
        "NONCE= 070000004041424344454647\nIN= \"123456789abcdef0\"\nAD= \"1\"\n"
        "CT= ae49da6934cb77822c83ed9852e46c9e\nTAG= dac9c841c168379dcf8f2bb8e22d6da3\n\n"
        "COUNT = 4\nKey = 808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f\n"
        "IV = 0700000040414243444546474849\nResult = INVALID_IV_LENGTH\n";
    const char *path = write_file("renamed.txt", text);
    cb_kat_status st = kat_guarded("generic", "chacha20-poly1305", path, NULL);
    remove_file(path);
    assert_int_equal(st, CB_KAT_FAILED);
    expect_tally("generic", 1, 1, 1);
    const cb_kat_failure *shown = tally_of("generic")->shown;
    assert_int_equal(shown[0].line, 9);
    assert_string_equal(shown[0].why, "Tag is dac9c841c168379dcf8f2bb8e22d6da2, expected "
                                      "dac9c841c168379dcf8f2bb8e22d6da3");
    path = write_file("renamed.txt",
                      "KEY= 808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f\n"
                      "NONCE= 070000004041424344454647\nIN= \"abc\nAD=\nCT= 000000\nTAG= 00\n");
    st = kat_guarded("generic", "chacha20-poly1305", path, NULL);
    remove_file(path);
    expect_refused(st, "renamed.txt:3: IN opens a quoted string it does not close.");
}

/* chacha20's RFC 7539 records: NONCE and INITIAL_BLOCK_COUNTER make OpenSSL's
 * 16-byte IV, so the counter matters (A.2 vector 3's first 36 bytes fail when read
 * from block 41), and a nonce of other than 12 bytes is refused. */
static void test_chacha_counter(void **state)
{
    (void)state;
    static const char text[] =
        "COUNT = 2\nKEY = 1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0\n"
        "NONCE = 000000000000000000000002\nINITIAL_BLOCK_COUNTER = %d\n"
        "PLAINTEXT = 2754776173206272696c6c69672c20616e642074686520736c6974687920746f7665730a\n"
        "CIPHERTEXT = 62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf166d3df2\n";
    char buf[sizeof text + 16]; /* "%d" becomes up to 11 characters */
    for (int ctr = 41; ctr <= 42; ctr++) {
        snprintf(buf, sizeof buf, text, ctr);
        const char *path = write_file("vectors.txt", buf);
        cb_kat_status st = kat_guarded("generic", "chacha20", path, NULL);
        remove_file(path);
        assert_int_equal(st, ctr == 42 ? CB_KAT_PASSED : CB_KAT_FAILED);
    }
    const char *path = write_file("vectors.txt", "KEY = 1c9240a5eb55d38af333888604f6b5f0473917c1"
                                                 "402b80099dca5cbc207075c0\nNONCE = 0000000000"
                                                 "000002\nINITIAL_BLOCK_COUNTER = 1\n"
                                                 "PLAINTEXT = 00\nCIPHERTEXT = 00\n");
    cb_kat_status st = kat_guarded("generic", "chacha20", path, NULL);
    remove_file(path);
    expect_refused(st, "vectors.txt:2: NONCE has 8 bytes; chacha20 takes 12");
}

/* A message of 7 bits cannot be given to a byte-oriented digest: skipped. */
static void test_bit_length_skipped(void **state)
{
    (void)state;
    static const char text[] = "[L = 32]\n\n"
                               "Len = 7\nMsg = 00\nMD = "
                               "0000000000000000000000000000000000000000000000000000000000000000\n\n"
                               "Len = 0\nMsg = 00\n"
                               "MD = e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n";
    const char *path = write_file("SHA256ShortMsg.rsp", text);
    assert_int_equal(kat("generic", path), CB_KAT_PASSED);
    remove_file(path);
    expect_tally("generic", 1, 0, 1);
}

/* A malformed record after good ones refuses the whole file at its line. */
static void test_malformed_refused(void **state)
{
    (void)state;
    static const char text[] = "[ENCRYPT]\n\nCOUNT = 0\n"
                               "KEY = 00000000000000000000000000000000\n"
                               "PLAINTEXT = f34481ec3cc627bacd5dc3fb08f273e6\n"
                               "CIPHERTEXT = 0336763e966d92595a567cc9ce537f5e\n\n"
                               "COUNT = 1\nKEY = 0000\nPLAINTEXT = 00\nCIPHERTEXT = 00\n";
    expect_file_refused("ECBGFSbox128.rsp", text,
                        "ECBGFSbox128.rsp:9: KEY has 2 bytes; aes-128-ecb takes 16.");
}

/* NTT's Camellia listing: a K line keys the P/C records after it; a wrong C fails, and
 * a P before any K refuses the file. */
static void test_ntt_listing(void **state)
{
    (void)state;
    static const char text[] =
        "# Camellia with 128-bit key\n\n"
        "K No.001 : 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n\n"
        "P No.001 : 80 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n"
        "C No.001 : 07 92 3A 39 EB 0A 81 7D 1C 4D 87 BD B8 2D 1F 1C\n\n"
        "P No.002 : 40 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n"
        "C No.002 : 48 CD 64 19 80 96 72 D2 34 92 60 D8 9A 08 D3 D4\n";
    const char *path = write_file("camellia-128-ecb.txt", text);
    assert_int_equal(kat("generic", path), CB_KAT_FAILED);
    expect_tally("generic", 1, 1, 0);
    assert_string_equal(tally_of("generic")->shown[0].label, "P No.002");
    remove_file(path);
    expect_file_refused("camellia-256-ecb.txt", strstr(text, "K No.001"),
                        "K No.001 has 16 bytes; camellia-256-ecb takes 32.");
    expect_file_refused("camellia-128-ecb.txt", strstr(text, "P No.001"),
                        "P No.001 comes before any 'K No.' line.");
}

/* camellia-cbc.txt holds every key size: each record's key picks its algorithm, unless
 * -alg names one. */
static void test_key_picks_alg(void **state)
{
    (void)state;
    static const char text[] =
        "[ENCRYPT]\n\nCOUNT = 0\nKEY = 2B7E151628AED2A6ABF7158809CF4F3C\n"
        "IV = 000102030405060708090A0B0C0D0E0F\n"
        "PLAINTEXT = 6BC1BEE22E409F96E93D7E117393172A\n"
        "CIPHERTEXT = 1607CF494B36BBF00DAEB0B503C831AB\n\n"
        "COUNT = 8\n"
        "KEY = 603DEB1015CA71BE2B73AEF0857D77811F352C073B6108D72D9810A30914DFF4\n"
        "IV = 000102030405060708090A0B0C0D0E0F\n"
        "PLAINTEXT = 6BC1BEE22E409F96E93D7E117393172A\n"
        "CIPHERTEXT = E6CFA35FC02B134A4D2C0B6737AC3EDA\n";
    const char *path = write_file("camellia-cbc.txt", text);
    assert_int_equal(kat("generic", path), CB_KAT_PASSED);
    expect_tally("generic", 2, 0, 0);
    expect_refused(kat_guarded("generic", "camellia-128-cbc", path, NULL),
                   "KEY has 32 bytes; camellia-128-cbc takes 16.");
    remove_file(path);
}

/* -alg aes-128-ige reads CAVP records with IGE's 32-byte IV and refuses a 16-byte one. */
static void test_ige_iv(void **state)
{
    (void)state;
    char text[] =
        "[ENCRYPT]\n\nCOUNT = 0\nKEY = 000102030405060708090a0b0c0d0e0f\n"
        "IV = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n"
        "PLAINTEXT = 0000000000000000000000000000000000000000000000000000000000000000\n"
        "CIPHERTEXT = 1a8519a6557be652e9da8e43da4ef4453cf456b4ca488aa383c79c98b34797cb\n\n"
        "COUNT = 1\nKEY = 000102030405060708090a0b0c0d0e0f\n"
        "IV = 000102030405060708090a0b0c0d0e0f\n"
        "PLAINTEXT = 00000000000000000000000000000000\n"
        "CIPHERTEXT = 00000000000000000000000000000000\n";
    const char *path = write_file("ige.rsp", text);
    expect_refused(kat_guarded("generic", "aes-128-ige", path, NULL),
                   "ige.rsp:11: IV has 16 bytes; aes-128-ige takes 32.");
    remove_file(path);
    *strstr(text, "\n\nCOUNT = 1") = '\0';
    path = write_file("ige.rsp", text);
    assert_int_equal(kat_guarded("generic", "aes-128-ige", path, NULL), CB_KAT_PASSED);
    expect_tally("generic", 1, 0, 0);
    remove_file(path);
}

/* Monte Carlo checkpoints must come in order after their Seed. */
static void test_monte_order(void **state)
{
    (void)state;
    static const char text[] = "[L = 20]\n\nSeed = dd4df644eaf3d85bace2b21accaa22b28821f5cd\n\n"
                               "COUNT = 1\nMD = 11f5c38b4479d4ad55cb69fadf62de0b036d5163\n";
    const char *path = write_file("SHA1Monte.rsp", text);
    expect_refused(kat(NULL, path), "SHA1Monte.rsp:5: COUNT = 1, expected 0.");
    remove_file(path);
}

/*
 * CCM records whose CT disagrees with Plen + Tlen (here 4 bytes for 0 + 16), or
 * whose Payload disagrees with Plen, are refused at the record's line; the fields
 * decoded before the refusal are freed (the leak-checking build, `make
 * check-asan`, fails this test when they are not).
 */
static void test_ccm_lengths_refused(void **state)
{
    (void)state;
    static const char ct[] = "Alen = 0\nNlen = 7\nTlen = 16\n\n[Plen = 0]\n\n"
                             "Key = 2ebf60f0969013a54a3dedb19d20f6c8\nNonce = 1de8c5e21f9db3\n\n"
                             "Count = 0\nAdata = 00\nPayload = 00\nCT = 00000000\n";
    const char *path = write_file("VPT128.rsp", ct);
    expect_refused(kat(NULL, path), "VPT128.rsp:10: CT has 4 bytes, expected 16.");
    remove_file(path);
    static const char payload[] = "Alen = 0\nNlen = 7\nTlen = 4\n\n[Plen = 1]\n\n"
                                  "Key = 2ebf60f0969013a54a3dedb19d20f6c8\n"
                                  "Nonce = 1de8c5e21f9db3\n\n"
                                  "Count = 0\nAdata = 00\nPayload = 0000\nCT = 0000000000\n";
    path = write_file("VPT128.rsp", payload);
    expect_refused(kat(NULL, path), "VPT128.rsp:10: Payload has 2 bytes, expected 1.");
    remove_file(path);
    path = write_file("VNT128.rsp", "Alen = 0\n\nKeylen = 16\n");
    expect_refused(kat(NULL, path), "the record has neither Count nor any of Alen, Plen, "
                                    "Nlen, Tlen, Key and Nonce.");
    remove_file(path);
}

/*
 * A DVPT group header gives its lengths wherever they stand in the line: here after
 * a field long enough to put them past the 256 characters the reader once copied
 * the header into, which cut them off ("no header or earlier record gives Plen").
 * The record is Count 0 of CAVP's DVPT128.rsp (Debian's python3-cryptography-vectors).
 */
static void test_ccm_long_header(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text, "[Alen = 0, Xpad = %0240d, Plen = 0, Nlen = 7, Tlen = 4]\n\n"
             "Key = 4ae701103c63deca5b5a3939d7d05992\n\n"
             "Count = 0\nNonce = 5a8aa485c316e9\nAdata = 00\nCT = 02209f55\n"
             "Result = Pass\nPayload = 00\n", 0);
    const char *path = write_file("DVPT128.rsp", text);
    cb_kat_status st = kat("generic", path);
    remove_file(path);
    if (st != CB_KAT_PASSED)
        fail_msg("the long header was misread: %s", res.err);
    expect_tally("generic", 1, 0, 0);
    /* and a length cut in two by such a limit (Tlen = 16 read as 1) is read whole */
    snprintf(text, sizeof text, "[Alen = 0, Xpad = %0206d, Plen = 0, Nlen = 7, Tlen = 16]\n\n"
             "Key = 4ae701103c63deca5b5a3939d7d05992\n\n"
             "Count = 0\nNonce = 5a8aa485c316e9\nAdata = 00\nCT = 02209f55\n"
             "Result = Pass\nPayload = 00\n", 0);
    path = write_file("DVPT128.rsp", text);
    expect_refused(kat("generic", path), "DVPT128.rsp:5: CT has 4 bytes, expected 16.");
    remove_file(path);
}

/* always_faults stands in for the fault guard: every run is stopped by SIGILL. */
static int always_faults(void (*fn)(void *arg), void *arg)
{
    (void)fn;
    (void)arg;
    return 4;
}

/* A variant stopped under the guard stops the file and says where. */
static void test_fault_under_guard(void **state)
{
    (void)state;
    const char *md5 = VECTORS "hashes/MD5/rfc-1321.txt";
    assert_int_equal(kat_guarded("generic", NULL, md5, always_faults), CB_KAT_FAULTED);
    assert_int_equal(res.fault_signal, 4);
    assert_string_equal(res.fault_var->name, "generic");
    assert_int_equal(res.fault_line, 3);
}

/* Files are identified by their official names, -alg names a renamed one. */
static void test_identify(void **state)
{
    (void)state;
    static const struct {
        const char *name, *alg;
        cb_kat_format format;
    } names[] = {
        {"SHA512_224Monte.rsp", "sha512-224", CB_KAT_DIGEST},
        {"SHA3_384LongMsg.rsp", "sha3-384", CB_KAT_DIGEST},
        {"rfc-4231-sha384.txt", "hmac(sha384)", CB_KAT_HMAC},
        {"ripevectors.txt", "rmd160", CB_KAT_DIGEST},
        {"CFB128VarTxt192.rsp", "aes-192-cfb", CB_KAT_CIPHER},
        {"XTSGenAES256.rsp", "aes-256-xts", CB_KAT_XTS},
        {"gcmDecrypt192.rsp", "aes-192-gcm", CB_KAT_GCM_DECRYPT},
        {"DVPT256.rsp", "aes-256-ccm", CB_KAT_CCM},
        {"TECBMMT2.rsp", "des-ede3-cbc", CB_KAT_BLOCKWISE},
        {"SigVer15_186-3.rsp", "rsa2048", CB_KAT_PKEY},
        {"camellia-192-ecb.txt", "camellia-192-ecb", CB_KAT_NTT},
        {"camellia-cbc.txt", "camellia-128-cbc", CB_KAT_CIPHER},
        {"rfc-4269.txt", "seed-ecb", CB_KAT_CIPHER},
        {"rfc-4196.txt", "seed-cbc", CB_KAT_CIPHER},
        {"ciphers/ChaCha20/rfc7539.txt", "chacha20", CB_KAT_CIPHER},
        {"/v/ChaCha20Poly1305/openssl.txt", "chacha20-poly1305", CB_KAT_AEAD},
        {"ChaCha20Poly1305/boringssl.txt", "chacha20-poly1305", CB_KAT_AEAD},
    };
    char err[600];
    cb_kat_id id;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (cb_kat_identify(names[i].name, NULL, &id, err, sizeof err) != 0)
            fail_msg("%s: %s", names[i].name, err);
        assert_ptr_equal(id.alg, cb_alg_find(names[i].alg));
        assert_int_equal(id.format, names[i].format);
    }
    assert_int_equal(cb_kat_identify("x/CFB1MMT128.rsp", NULL, &id, err, sizeof err), -1);
    assert_non_null(strstr(err, "x/CFB1MMT128.rsp is not a supported KAT file"));
    assert_int_equal(cb_kat_identify("vectors.txt", "aes-128-ccm", &id, err, sizeof err), 0);
    assert_int_equal(id.format, CB_KAT_CCM);
    assert_int_equal(cb_kat_identify("vectors.txt", "ghash", &id, err, sizeof err), -1);
    /* a generic base name says nothing without its folder */
    static const char *const generic_names[] = {"openssl.txt", "AES/openssl.txt",
                                                "xChaCha20Poly1305/boringssl.txt",
                                                "rfc7539.txt"};
    for (size_t i = 0; i < sizeof generic_names / sizeof generic_names[0]; i++)
        assert_int_equal(cb_kat_identify(generic_names[i], NULL, &id, err, sizeof err), -1);
    assert_int_equal(cb_kat_identify("vectors.txt", "chacha20-poly1305", &id, err, sizeof err),
                     0);
    assert_int_equal(id.format, CB_KAT_AEAD);
    /* the digests without CAVP files read the digest layout under -alg */
    static const char *const renamed_digests[] = {"md4", "whirlpool", "mdc2", "ripemd"};
    for (size_t i = 0; i < sizeof renamed_digests / sizeof renamed_digests[0]; i++) {
        assert_int_equal(cb_kat_identify("x.rsp", renamed_digests[i], &id, err, sizeof err),
                         0);
        assert_ptr_equal(id.alg, cb_alg_find(renamed_digests[i]));
        assert_int_equal(id.format, CB_KAT_DIGEST);
    }
    assert_int_equal(cb_kat_identify("rfc-1321.txt", "sha256", &id, err, sizeof err), 0);
    assert_int_equal(cb_kat_identify("CBCMMT128.rsp", "sha256", &id, err, sizeof err), -1);
    assert_non_null(strstr(err, "does not fit CBCMMT128.rsp"));
    expect_refused(kat(NULL, "/nonexistent/SHA1ShortMsg.rsp"), "/nonexistent/SHA1ShortMsg.rsp");
}

/* The help text's file names come from the same table as identification. */
static void test_kind_names(void **state)
{
    (void)state;
    char names[128];
    const char *what;
    int tdes = 0, xts = 0, chachapoly = 0;
    for (size_t i = 0; i < cb_kat_kind_count(); i++) {
        cb_kat_kind_names(i, names, sizeof names, &what);
        assert_true(names[0] && what[0]);
        assert_null(strpbrk(names, "^$\\|()[]"));
        tdes |= strcmp(names, "TCBC{MMT{1,2,3},invperm,permop,subtab,varkey,vartext}.rsp") == 0;
        xts |= strcmp(names, "XTSGenAES{128,256}.rsp") == 0;
        chachapoly |= strcmp(names, "ChaCha20Poly1305/{openssl,boringssl}.txt") == 0;
    }
    assert_true(tdes && xts && chachapoly);
}

/* ---- ACVP JSON (kernels/check/kat/acvp.c) ------------------------------------------- */

#define ACVP "tests/data/acvp/"

/* acvp_files: the committed NIST excerpts, the tests each holds that the built-in
 * variants run, and those of them a library variant can run (keyGen only: it takes
 * no raw keys). */
static const struct {
    const char *path;
    unsigned long tests, on_library;
} acvp_files[] = {
    {ACVP "mlkem-keygen/prompt.json", 2, 2},
    {ACVP "mlkem-keygen/expectedResults.json", 2, 2},
    {ACVP "mlkem-encapdecap/internalProjection.json", 4, 0},
    {ACVP "mldsa-sigver/internalProjection.json", 1, 0},
};

/* slurp reads a whole file into a new NUL-terminated buffer. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* edited_copy writes path's text with its first `from` replaced by `to` as name in a
 * fresh folder and returns where (remove_file removes it). */
static const char *edited_copy(const char *path, const char *name, const char *from,
                               const char *to)
{
    char *text = slurp(path);
    char *at = strstr(text, from);
    if (!at)
        fail_msg("%s has no '%s'", path, from);
    size_t head = (size_t)(at - text), fl = strlen(from), tl = strlen(to);
    char *out = malloc(strlen(text) - fl + tl + 1);
    assert_non_null(out);
    memcpy(out, text, head);
    memcpy(out + head, to, tl);
    strcpy(out + head + tl, at + fl);
    const char *copy = write_file(name, out);
    free(out);
    free(text);
    return copy;
}

/* The real excerpts pass on every built-in variant, and on AWS-LC (when it is here)
 * the keyGen tests pass and the tests with their own keys are skipped. */
static void test_acvp_excerpts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof acvp_files / sizeof acvp_files[0]; i++) {
        if (kat(NULL, acvp_files[i].path) != CB_KAT_PASSED)
            fail_msg("%s: %s", acvp_files[i].path, res.err);
        assert_int_equal(res.cases, acvp_files[i].tests);
        assert_int_equal(res.nskips, 0);
        for (size_t t = 0; t < res.ntallies; t++)
            if (!res.tallies[t].unavailable[0] && !cb_variant_impl(res.tallies[t].var))
                expect_tally(res.tallies[t].var->name, acvp_files[i].tests, 0, 0);
    }
    if (!tu_aws_lc("test_kat", "test_acvp_excerpts"))
        return;
    for (size_t i = 0; i < sizeof acvp_files / sizeof acvp_files[0]; i++) {
        assert_int_equal(kat("generic,aws", acvp_files[i].path), CB_KAT_PASSED);
        unsigned long n = acvp_files[i].tests, lib = acvp_files[i].on_library;
        expect_tally("aws", lib, 0, n - lib);
    }
}

/* One changed byte of an expected answer fails that test, named by its tcId; the
 * decapsulation of a modified ciphertext (implicit rejection) is one of them. */
static void test_acvp_changed_answer(void **state)
{
    (void)state;
    static const struct {
        const char *file, *from, *to, *label;
    } edits[] = {
        {"mlkem-encapdecap/internalProjection.json", "\"k\": \"3F300A47",
         "\"k\": \"3F300A48", "tcId 76 (tgId 4, ML-KEM-512 decapsulation)"},
        {"mlkem-encapdecap/internalProjection.json", "\"c\": \"9A521765",
         "\"c\": \"9A521766", "tcId 1 (tgId 1, ML-KEM-512 encapsulation)"},
        {"mlkem-keygen/expectedResults.json", "\"ek\": \"B1B5", "\"ek\": \"B1B6",
         "tcId 1 (tgId 1, ML-KEM-512)"},
        {"mldsa-sigver/internalProjection.json", "\"testPassed\": false",
         "\"testPassed\": true", "tcId 1 (tgId 1, ML-DSA-44)"},
    };
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        char src[128];
        snprintf(src, sizeof src, ACVP "%s", edits[i].file);
        const char *name = strrchr(edits[i].file, '/') + 1;
        const char *copy = edited_copy(src, name, edits[i].from, edits[i].to);
        if (strcmp(name, "expectedResults.json") == 0) {
            /* the prompt beside it, unchanged */
            char prompt[256];
            snprintf(prompt, sizeof prompt, "%.*sprompt.json",
                     (int)(strrchr(copy, '/') + 1 - copy), copy);
            char *text = slurp(ACVP "mlkem-keygen/prompt.json");
            FILE *f = fopen(prompt, "w");
            assert_non_null(f);
            fputs(text, f);
            fclose(f);
            free(text);
            assert_int_equal(kat("generic", copy), CB_KAT_FAILED);
            unlink(prompt);
        } else {
            assert_int_equal(kat("generic", copy), CB_KAT_FAILED);
        }
        expect_tally("generic", res.cases - 1, 1, 0);
        assert_string_equal(tally_of("generic")->shown[0].label, edits[i].label);
        remove_file(copy);
    }
}

/* A draft-era file (another revision) is refused with one sentence naming it. */
static void test_acvp_draft_refused(void **state)
{
    (void)state;
    const char *copy = edited_copy(ACVP "mlkem-encapdecap/internalProjection.json",
                                   "internalProjection.json", "\"FIPS203\"",
                                   "\"initial public draft\"");
    expect_refused(kat(NULL, copy), "revision \"initial public draft\", and kat reads only "
                   "the final standard's (revision FIPS203)");
    remove_file(copy);
}

/* Malformed JSON is refused naming its line and byte; so are a missing answer and an
 * expectedResults.json without its prompt. */
static void test_acvp_malformed_refused(void **state)
{
    (void)state;
    char *text = slurp(ACVP "mldsa-sigver/internalProjection.json");
    text[400] = '\0';
    expect_file_refused("internalProjection.json", text,
                        "internalProjection.json:12: not ACVP test-vector JSON at byte 400: "
                        "a string is not closed.");
    free(text);
    expect_file_refused("internalProjection.json", "{\"vsId\": 1,}",
                        "internalProjection.json:1: not ACVP test-vector JSON at byte 11: "
                        "expected a string.");
    const char *copy = edited_copy(ACVP "mlkem-encapdecap/internalProjection.json",
                                   "internalProjection.json", "\"m\": ", "\"x\": ");
    expect_refused(kat(NULL, copy), "test 1 has no \"m\"");
    remove_file(copy);
    expect_file_refused("expectedResults.json", "{}", "prompt.json: this is the other half "
                        "of the ACVP vector set of");
}

/* Groups the reader cannot run are counted as not run, with the reason, never passed. */
static void test_acvp_groups_not_run(void **state)
{
    (void)state;
    const char *copy = edited_copy(ACVP "mldsa-sigver/internalProjection.json",
                                   "internalProjection.json", "\"parameterSet\": \"ML-DSA-44\",",
                                   "\"parameterSet\": \"ML-DSA-44\", \"preHash\": \"preHash\",");
    assert_int_equal(kat(NULL, copy), CB_KAT_PASSED);
    assert_int_equal(res.cases, 0);
    assert_int_equal(res.nskips, 1);
    assert_int_equal(res.skips[0].cases, 1);
    assert_int_equal(res.skips[0].groups, 1);
    assert_non_null(strstr(res.skips[0].why, "HashML-DSA"));
    expect_tally("generic", 0, 0, 0);
    remove_file(copy);
    copy = edited_copy(ACVP "mlkem-encapdecap/internalProjection.json",
                       "internalProjection.json", "\"decapsulation\"",
                       "\"decapsulationKeyCheck\"");
    assert_int_equal(kat("generic", copy), CB_KAT_PASSED);
    expect_tally("generic", 2, 0, 0); /* the two encapsulation groups */
    assert_int_equal(res.nskips, 1);
    assert_int_equal(res.skips[0].cases, 2);
    assert_non_null(strstr(res.skips[0].why, "decapsulationKeyCheck"));
    remove_file(copy);
}

/* rsp_field: the value of the first "name = " line at or after *at in text, copied
 * into a new string; *at moves past it.  NULL when there is none. */
static char *rsp_field(const char *text, const char **at, const char *name)
{
    char key[16];
    snprintf(key, sizeof key, "\n%s = ", name);
    const char *p = strstr(*at ? *at : text, key);
    if (!p)
        return NULL;
    p += strlen(key);
    size_t n = strcspn(p, "\n");
    char *v = malloc(n + 1);
    assert_non_null(v);
    memcpy(v, p, n);
    v[n] = '\0';
    *at = p + n;
    return v;
}

/*
 * AWS-LC's ML-DSA answers (tests/data/mldsa-awslc.rsp, pure ML-DSA with an empty
 * context) written in ACVP's layout, for the readers of keyGen, sigGen (external
 * interface: M' = 0 || len(ctx) || ctx || M built from "context"; internal: the
 * message 00 00 || M is M' itself) and sigVer with a passing and a failing test,
 * whose NIST copies did not reproduce (tests/data/acvp/README.md): answers that are
 * not our generic's own.
 */
static void test_acvp_mldsa_layouts(void **state)
{
    (void)state;
    static const char *const sets[] = {"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"};
    char *rsp = slurp("tests/data/mldsa-awslc.rsp");
    static const char *const modes[] = {"keyGen", "sigGen", "sigVer", "sigGen"};
    for (size_t m = 0; m < 4; m++) {
        int internal = m == 3; /* sigGen again, through the internal interface */
        size_t cap = strlen(rsp) * 2 + 4096, o = 0;
        char *json = malloc(cap);
        assert_non_null(json);
        o += (size_t)snprintf(json + o, cap - o, "[{\"acvVersion\": \"1.0\"}, {\"vsId\": 1, "
                              "\"algorithm\": \"ML-DSA\", \"mode\": \"%s\", \"revision\": "
                              "\"FIPS204\", \"testGroups\": [", modes[m]);
        const char *at = NULL;
        for (size_t s = 0; s < 3; s++) {
            at = strstr(rsp, sets[s]);
            assert_non_null(at);
            o += (size_t)snprintf(json + o, cap - o, "%s{\"tgId\": %zu, \"parameterSet\": "
                                  "\"%s\", \"deterministic\": false, \"signatureInterface\": "
                                  "\"%s\", \"preHash\": \"pure\", \"tests\": [",
                                  s ? ", " : "", s + 1, sets[s],
                                  internal ? "internal" : "external");
            for (int r = 0; r < 2; r++) {
                char *xi = rsp_field(rsp, &at, "xi"), *pk = rsp_field(rsp, &at, "pk"),
                     *sk = rsp_field(rsp, &at, "sk"), *msg = rsp_field(rsp, &at, "msg"),
                     *rnd = rsp_field(rsp, &at, "rnd"), *sig = rsp_field(rsp, &at, "sig");
                assert_true(xi && pk && sk && msg && rnd && sig);
                size_t tc = s * 3 + (size_t)r * (m == 2 ? 2 : 1) + 1;
                if (m == 0)
                    o += (size_t)snprintf(json + o, cap - o, "%s{\"tcId\": %zu, \"seed\": "
                                          "\"%s\", \"pk\": \"%s\", \"sk\": \"%s\"}",
                                          r ? ", " : "", tc, xi, pk, sk);
                else if (m == 1 || internal)
                    o += (size_t)snprintf(json + o, cap - o, "%s{\"tcId\": %zu, \"sk\": "
                                          "\"%s\", \"message\": \"%s%s\", \"context\": \"\", "
                                          "\"rnd\": \"%s\", \"signature\": \"%s\"}",
                                          r ? ", " : "", tc, sk, internal ? "0000" : "", msg,
                                          rnd, sig);
                else
                    for (int bad = 0; bad < 2; bad++) {
                        if (bad)
                            sig[0] = sig[0] == '0' ? '1' : '0';
                        o += (size_t)snprintf(json + o, cap - o, "%s{\"tcId\": %zu, "
                                              "\"testPassed\": %s, \"pk\": \"%s\", "
                                              "\"message\": \"%s\", \"context\": \"\", "
                                              "\"signature\": \"%s\"}", r || bad ? ", " : "",
                                              tc + (size_t)bad, bad ? "false" : "true", pk,
                                              msg, sig);
                    }
                free(xi), free(pk), free(sk), free(msg), free(rnd), free(sig);
            }
            o += (size_t)snprintf(json + o, cap - o, "]}");
        }
        snprintf(json + o, cap - o, "]}]\n");
        const char *path = write_file("internalProjection.json", json);
        assert_int_equal(kat("generic", path), CB_KAT_PASSED);
        expect_tally("generic", m == 2 ? 12 : 6, 0, 0);
        remove_file(path);
        free(json);
    }
    free(rsp);
}

/* encapsulationKeyCheck runs as our encapsulation's modulus check (FIPS 203 7.2): the
 * excerpt's tcId 1 ek passes, the same ek with its first coefficient set to 4095
 * (>= q) and one a byte short are refused, and a testPassed that says otherwise
 * fails. */
static void test_acvp_ek_check(void **state)
{
    (void)state;
    char *text = slurp(ACVP "mlkem-encapdecap/internalProjection.json");
    const char *at = strstr(text, "\"ek\": \"");
    assert_non_null(at);
    at += 7;
    size_t n = strcspn(at, "\"");
    char *ek = malloc(n + 1);
    assert_non_null(ek);
    memcpy(ek, at, n);
    ek[n] = '\0';
    /* coefficient 0 is byte 0 and the low nibble of byte 1 (12 bits little-endian):
     * FF and F make it 4095 */
    char *big = malloc(n + 1), *shorter = malloc(n + 1);
    assert_true(big && shorter);
    strcpy(big, ek);
    big[0] = big[1] = big[3] = 'F';
    strcpy(shorter, ek);
    shorter[n - 2] = '\0';
    const char *const eks[] = {ek, big, shorter, big};
    static const char *const verdicts[] = {"true", "false", "false", "true"};
    size_t cap = 4 * n + 1024, o = 0;
    char *json = malloc(cap);
    assert_non_null(json);
    o += (size_t)snprintf(json + o, cap - o, "{\"vsId\": 1, \"algorithm\": \"ML-KEM\", "
                          "\"mode\": \"encapDecap\", \"revision\": \"FIPS203\", "
                          "\"testGroups\": [{\"tgId\": 1, \"parameterSet\": \"ML-KEM-512\", "
                          "\"function\": \"encapsulationKeyCheck\", \"tests\": [");
    for (int t = 0; t < 4; t++)
        o += (size_t)snprintf(json + o, cap - o, "%s{\"tcId\": %d, \"ek\": \"%s\", "
                              "\"testPassed\": %s}", t ? ", " : "", t + 1, eks[t], verdicts[t]);
    snprintf(json + o, cap - o, "]}]}\n");
    const char *path = write_file("internalProjection.json", json);
    assert_int_equal(kat("generic", path), CB_KAT_FAILED);
    expect_tally("generic", 3, 1, 0);
    assert_string_equal(tally_of("generic")->shown[0].label,
                        "tcId 4 (tgId 1, ML-KEM-512 encapsulationKeyCheck)");
    remove_file(path);
    free(json);
    free(big);
    free(shorter);
    free(ek);
    free(text);
}

/* The prompt and its results given by both paths, from different folders. */
static void test_acvp_pair_given(void **state)
{
    (void)state;
    const char *copy = edited_copy(ACVP "mlkem-keygen/expectedResults.json",
                                   "expectedResults.json", "\"vsId\"", "\"vsId\"");
    cb_kat_opts o = {NULL, NULL, cb_caps_effective(), NULL};
    cb_kat_result_free(&res);
    assert_int_equal(cb_kat_run_pair(ACVP "mlkem-keygen/prompt.json", copy, &o, &res),
                     CB_KAT_PASSED);
    expect_tally("generic", 2, 0, 0);
    remove_file(copy);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrong_answers_fail),
        cmocka_unit_test(test_acvp_excerpts),
        cmocka_unit_test(test_acvp_changed_answer),
        cmocka_unit_test(test_acvp_draft_refused),
        cmocka_unit_test(test_acvp_malformed_refused),
        cmocka_unit_test(test_acvp_groups_not_run),
        cmocka_unit_test(test_acvp_pair_given),
        cmocka_unit_test(test_acvp_ek_check),
        cmocka_unit_test(test_acvp_mldsa_layouts),
        cmocka_unit_test(test_selection),
        cmocka_unit_test(test_missing_direction_skipped),
        cmocka_unit_test(test_unavailable_variant),
        cmocka_unit_test(test_gcm_fail_records),
        cmocka_unit_test(test_chacha_files),
        cmocka_unit_test(test_aead_both_ways),
        cmocka_unit_test(test_aead_layouts),
        cmocka_unit_test(test_chacha_counter),
        cmocka_unit_test(test_ntt_listing),
        cmocka_unit_test(test_key_picks_alg),
        cmocka_unit_test(test_ige_iv),
        cmocka_unit_test(test_bit_length_skipped),
        cmocka_unit_test(test_malformed_refused),
        cmocka_unit_test(test_monte_order),
        cmocka_unit_test(test_ccm_lengths_refused),
        cmocka_unit_test(test_ccm_long_header),
        cmocka_unit_test(test_fault_under_guard),
        cmocka_unit_test(test_identify),
        cmocka_unit_test(test_renamed_digest_record),
        cmocka_unit_test(test_kind_names),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
