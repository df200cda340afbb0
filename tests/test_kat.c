/*
 * tests/test_kat.c - `cryptobench kat` end to end with test-double variants: wrong
 * answers fail, a missing direction is skipped (never passed), an unavailable
 * variant is reported, FAIL records must be rejected, and a malformed file prints
 * nothing but its error.
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

#include "cli/commands.h"
#include "base/common.h"
#include "kernels/generic/generic.h"
#include "kernels/registry.h"

#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors/"

/* ---- test doubles ------------------------------------------------------------------ */

/* broken_md5_blocks is MD5 with one bit of the chaining value flipped. */
static void broken_md5_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    cb_md5_generic_ops.blocks(state, in, nblocks);
    ((uint32_t *)state)[0] ^= 1;
}

static const cb_digest_ops broken_md5_ops = {broken_md5_blocks, NULL};

/* An AES variant that can only encrypt, and one that needs a capability no CPU has. */
static cb_aes_ops encrypt_only_ops;
static const cb_variant doubles[] = {
    {"broken", "test", CB_PRIM_MD5, 0, 1, &broken_md5_ops, "test double: wrong digests"},
    {"enc-only", "test", CB_PRIM_AES, 0, 1, &encrypt_only_ops, "test double: no decrypt"},
    {"absent", "test", CB_PRIM_AES, UINT64_C(1) << 63, 1, &cb_aes_generic_ops,
     "test double: never available"},
};

static int setup(void **state)
{
    (void)state;
    encrypt_only_ops = cb_aes_generic_ops;
    encrypt_only_ops.set_decrypt_key = NULL;
    encrypt_only_ops.ecb_decrypt = NULL;
    encrypt_only_ops.cbc_decrypt = NULL;
    for (size_t i = 0; i < sizeof doubles / sizeof doubles[0]; i++)
        if (cb_variant_register(&doubles[i]) != 0)
            return -1;
    return 0;
}

/* ---- running the command ------------------------------------------------------------ */

static char out[16384];

/* kat runs `cryptobench kat ARGS...` (NULL-terminated) with stdout in out. */
static int kat(const char *arg, ...)
{
    char *argv[16] = {"kat"};
    int argc = 1;
    va_list ap;
    va_start(ap, arg);
    for (const char *a = arg; a && argc < 15; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    fflush(stdout);
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    int saved = dup(1);
    dup2(fileno(tmp), 1);
    int rc = cb_cmd_kat(argc, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    rewind(tmp);
    size_t n = fread(out, 1, sizeof out - 1, tmp);
    out[n] = '\0';
    fclose(tmp);
    return rc;
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

static void expect_in_output(const char *text)
{
    if (!strstr(out, text))
        fail_msg("output lacks '%s':\n%s", text, out);
}

/* ---- tests ------------------------------------------------------------------------- */

/* A variant with wrong answers fails every record, shows five and counts the rest. */
static void test_wrong_answers_fail(void **state)
{
    (void)state;
    const char *md5 = VECTORS "hashes/MD5/rfc-1321.txt";
    assert_int_equal(kat("-variant", "generic,broken", md5, NULL), CB_EXIT_FAIL);
    expect_in_output("rfc-1321.txt  generic  passed 7  failed 0  skipped 0\n");
    expect_in_output("rfc-1321.txt  broken  passed 0  failed 7  skipped 0\n");
    expect_in_output("rfc-1321.txt:3: broken: Len = 0: MD is ");
    expect_in_output("  ... and 2 more failures\n");
    assert_int_equal(kat(md5, "-variant", "generic", NULL), CB_EXIT_OK);
    assert_null(strstr(out, "broken"));
}

/* Records in a direction a variant lacks are skipped and counted, not passed. */
static void test_missing_direction_skipped(void **state)
{
    (void)state;
    const char *cbc = VECTORS "ciphers/AES/CBC/CBCMMT128.rsp";
    assert_int_equal(kat("-variant", "enc-only", cbc, NULL), CB_EXIT_OK);
    expect_in_output("CBCMMT128.rsp  enc-only  passed 10  failed 0  skipped 10\n");
}

static void test_unavailable_variant(void **state)
{
    (void)state;
    const char *ecb = VECTORS "ciphers/AES/ECB/ECBGFSbox128.rsp";
    assert_int_equal(kat(ecb, NULL), CB_EXIT_OK);
    expect_in_output("ECBGFSbox128.rsp  generic  passed 14  failed 0  skipped 0\n");
    expect_in_output("ECBGFSbox128.rsp  absent  unavailable: needs a capability of another "
                     "architecture");
    expect_in_output("ECBGFSbox128.rsp  enc-only  passed 7  failed 0  skipped 7\n");
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
    assert_int_equal(kat("-variant", "generic", path, NULL), CB_EXIT_FAIL);
    remove_file(path);
    expect_in_output("gcmDecrypt128.rsp  generic  passed 1  failed 2  skipped 0\n");
    expect_in_output(":7: generic: Count = 0: the forged tag was accepted\n");
    expect_in_output(":15: generic: Count = 1: the valid tag was rejected\n");
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
    assert_int_equal(kat("-variant", "generic", path, NULL), CB_EXIT_OK);
    remove_file(path);
    expect_in_output("SHA256ShortMsg.rsp  generic  passed 1  failed 0  skipped 1\n");
}

/* A malformed record after good ones: exit 2 and no result line at all, even for
 * the good file named before it. */
static void test_malformed_prints_nothing(void **state)
{
    (void)state;
    static const char text[] = "[ENCRYPT]\n\nCOUNT = 0\n"
                               "KEY = 00000000000000000000000000000000\n"
                               "PLAINTEXT = f34481ec3cc627bacd5dc3fb08f273e6\n"
                               "CIPHERTEXT = 0336763e966d92595a567cc9ce537f5e\n\n"
                               "COUNT = 1\nKEY = 0000\nPLAINTEXT = 00\nCIPHERTEXT = 00\n";
    const char *path = write_file("ECBGFSbox128.rsp", text);
    assert_int_equal(kat(VECTORS "hashes/MD5/rfc-1321.txt", path, NULL), CB_EXIT_USAGE);
    remove_file(path);
    assert_string_equal(out, "");
}

/* Monte Carlo checkpoints must come in order after their Seed. */
static void test_monte_order(void **state)
{
    (void)state;
    static const char text[] = "[L = 20]\n\nSeed = dd4df644eaf3d85bace2b21accaa22b28821f5cd\n\n"
                               "COUNT = 1\nMD = 11f5c38b4479d4ad55cb69fadf62de0b036d5163\n";
    const char *path = write_file("SHA1Monte.rsp", text);
    assert_int_equal(kat(path, NULL), CB_EXIT_USAGE);
    remove_file(path);
    assert_string_equal(out, "");
}

static void test_bad_usage(void **state)
{
    (void)state;
    assert_int_equal(kat(NULL), CB_EXIT_USAGE);
    assert_int_equal(kat("-variant", "nosuch", VECTORS "hashes/MD5/rfc-1321.txt", NULL),
                     CB_EXIT_USAGE);
    assert_int_equal(kat("-alg", "nosuch", VECTORS "hashes/MD5/rfc-1321.txt", NULL),
                     CB_EXIT_USAGE);
    assert_int_equal(kat(VECTORS "ciphers/AES/CFB/CFB1MMT128.rsp", NULL), CB_EXIT_USAGE);
    assert_int_equal(kat("/nonexistent/SHA1ShortMsg.rsp", NULL), CB_EXIT_USAGE);
    assert_int_equal(kat("-h", NULL), CB_EXIT_OK);
    expect_in_output("usage: cryptobench kat");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrong_answers_fail),
        cmocka_unit_test(test_missing_direction_skipped),
        cmocka_unit_test(test_unavailable_variant),
        cmocka_unit_test(test_gcm_fail_records),
        cmocka_unit_test(test_bit_length_skipped),
        cmocka_unit_test(test_malformed_prints_nothing),
        cmocka_unit_test(test_monte_order),
        cmocka_unit_test(test_bad_usage),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
