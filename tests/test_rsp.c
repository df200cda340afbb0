/*
 * tests/test_rsp.c - the CAVP .rsp reader: the grammar, and every kind of malformed
 * input reported at the right line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/check/kat/rsp.h"

#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors/"

static void open_text(cb_rsp *r, const char *text)
{
    cb_rsp_open_mem(r, "t.rsp", text, strlen(text));
}

static const char *value(const cb_rsp_record *rec, const char *name)
{
    const cb_rsp_field *f = cb_rsp_get(rec, name);
    return f ? f->value : NULL;
}

static const char *section(const cb_rsp *r, const char *name)
{
    const cb_rsp_field *f = cb_rsp_section(r, name);
    return f ? f->value : NULL;
}

/* expect_error reads text to its first error and checks the line and the words. */
static void expect_error(const char *text, size_t len, int line, const char *words)
{
    cb_rsp r;
    cb_rsp_record rec;
    int rc;
    cb_rsp_open_mem(&r, "t.rsp", text, len);
    while ((rc = cb_rsp_next(&r, &rec)) == 1)
        ;
    assert_int_equal(rc, -1);
    assert_int_equal(r.err_line, line);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "t.rsp:%d: ", line);
    if (strncmp(r.err, prefix, strlen(prefix)) != 0 || !strstr(r.err, words))
        fail_msg("error '%s' lacks '%s' or '%s'", r.err, prefix, words);
    cb_rsp_close(&r);
}

/* expect_hex_error decodes field name of the first record and expects an error. */
static void expect_hex_error(const char *text, const char *name, int line, const char *words)
{
    cb_rsp r;
    cb_rsp_record rec;
    uint8_t *out = NULL;
    size_t len = 0;
    open_text(&r, text);
    assert_int_equal(cb_rsp_next(&r, &rec), 1);
    assert_int_equal(cb_rsp_hex(&r, cb_rsp_get(&rec, name), &out, &len), -1);
    assert_null(out);
    assert_int_equal(r.err_line, line);
    if (!strstr(r.err, words))
        fail_msg("error '%s' lacks '%s'", r.err, words);
    cb_rsp_close(&r);
}

/* ---- the grammar --------------------------------------------------------------- */

static void test_records_and_sections(void **state)
{
    (void)state;
    static const char text[] = "# CAVS 11.1\r\n"
                               "# comment\r\n"
                               "\r\n"
                               "[ENCRYPT]\r\n"
                               "\r\n"
                               "COUNT = 0\r\n"
                               "KEY = 00ff\r\n"
                               "PLAINTEXT =\r\n"
                               "\r\n"
                               "\r\n"
                               "  COUNT  =  1  \r\n"
                               "# a comment inside a record\r\n"
                               "KEY = AbCd\r\n"
                               "[DECRYPT]\r\n"
                               "COUNT = 0\r\n"
                               "Msg = a=b\r\n";
    cb_rsp r;
    cb_rsp_record rec;
    open_text(&r, text);

    assert_int_equal(cb_rsp_next(&r, &rec), 1);
    assert_int_equal(rec.line, 6);
    assert_int_equal(rec.nfields, 3);
    assert_string_equal(value(&rec, "count"), "0");
    assert_string_equal(value(&rec, "KEY"), "00ff");
    assert_string_equal(value(&rec, "PLAINTEXT"), "");
    assert_int_equal(cb_rsp_get(&rec, "PLAINTEXT")->line, 8);
    assert_string_equal(section(&r, "encrypt"), "");
    assert_int_equal(rec.fail, 0);

    assert_int_equal(cb_rsp_next(&r, &rec), 1);
    assert_int_equal(rec.line, 11);
    assert_string_equal(value(&rec, "COUNT"), "1");
    assert_string_equal(value(&rec, "KEY"), "AbCd");
    uint8_t *key;
    size_t len;
    assert_int_equal(cb_rsp_hex(&r, cb_rsp_get(&rec, "KEY"), &key, &len), 0);
    assert_int_equal(len, 2);
    assert_int_equal(key[0], 0xab);
    assert_int_equal(key[1], 0xcd);
    free(key);
    /* the header that ended this record has not been applied yet */
    assert_non_null(cb_rsp_section(&r, "ENCRYPT"));

    assert_int_equal(cb_rsp_next(&r, &rec), 1);
    assert_int_equal(rec.line, 15);
    assert_string_equal(value(&rec, "Msg"), "a=b");
    assert_null(cb_rsp_section(&r, "ENCRYPT"));
    assert_non_null(cb_rsp_section(&r, "DECRYPT"));
    assert_int_equal(cb_rsp_section(&r, "DECRYPT")->line, 14);

    assert_int_equal(cb_rsp_next(&r, &rec), 0);
    assert_int_equal(cb_rsp_next(&r, &rec), 0);
    cb_rsp_close(&r);
}

/* GCM-style header groups: consecutive headers add up; the next group replaces them. */
static void test_header_groups_and_fail(void **state)
{
    (void)state;
    static const char text[] = "[Keylen = 128]\n[IVlen = 96]\n[Taglen = 128]\n\n"
                               "Count = 0\nTag = 00\nFAIL\n\n"
                               "Count = 1\nTag = 01\nPT = \n\n"
                               "[Keylen = 128]\n[IVlen = 8]\n\n"
                               "Count = 0\nTag = 02\nFAIL";
    cb_rsp r;
    cb_rsp_record rec;
    open_text(&r, text);
    assert_int_equal(cb_rsp_next(&r, &rec), 1);
    assert_int_equal(rec.fail, 1);
    assert_string_equal(section(&r, "ivlen"), "96");
    assert_string_equal(section(&r, "Taglen"), "128");
    assert_int_equal(cb_rsp_next(&r, &rec), 1);
    assert_int_equal(rec.fail, 0);
    assert_string_equal(value(&rec, "PT"), "");
    assert_int_equal(cb_rsp_next(&r, &rec), 1);
    assert_int_equal(rec.fail, 1);
    assert_int_equal(rec.line, 16);
    assert_string_equal(section(&r, "IVlen"), "8");
    assert_null(cb_rsp_section(&r, "Taglen"));
    assert_int_equal(cb_rsp_next(&r, &rec), 0);
    cb_rsp_close(&r);
}

/* The MD5 rfc-1321.txt format has no headers; its reader says so. */
static void test_sections_optional(void **state)
{
    (void)state;
    static const char text[] = "# https://tools.ietf.org/html/rfc1321\n\n"
                               "Len = 0\nMsg = 00\nMD = d41d8cd98f00b204e9800998ecf8427e\n";
    cb_rsp r;
    cb_rsp_record rec;
    open_text(&r, text);
    r.sections_optional = 1;
    assert_int_equal(cb_rsp_next(&r, &rec), 1);
    assert_int_equal(rec.line, 3);
    unsigned long n;
    assert_int_equal(cb_rsp_uint(&r, cb_rsp_get(&rec, "Len"), 1000, &n), 0);
    assert_int_equal(n, 0);
    assert_int_equal(cb_rsp_next(&r, &rec), 0);
    cb_rsp_close(&r);
}

/* The reader copes with a real file: SHA256ShortMsg has lengths 0, 8, ..., 512. */
static void test_real_file(void **state)
{
    (void)state;
    cb_rsp r;
    cb_rsp_record rec;
    assert_int_equal(cb_rsp_open(&r, VECTORS "hashes/SHA2/SHA256ShortMsg.rsp"), 0);
    unsigned long want = 0;
    int rc;
    while ((rc = cb_rsp_next(&r, &rec)) == 1) {
        unsigned long len;
        assert_string_equal(section(&r, "L"), "32");
        assert_int_equal(cb_rsp_uint(&r, cb_rsp_get(&rec, "Len"), 1UL << 20, &len), 0);
        assert_int_equal(len, want);
        want += 8;
    }
    assert_int_equal(rc, 0);
    assert_int_equal(want, 520);
    cb_rsp_close(&r);
}

/* ---- malformed input ------------------------------------------------------------ */

static void test_missing_equals(void **state)
{
    (void)state;
    static const char text[] = "[ENCRYPT]\n\nCOUNT = 0\nKEY 00ff\n";
    expect_error(text, sizeof text - 1, 4, "expected 'NAME = VALUE'");
}

static void test_bad_hex(void **state)
{
    (void)state;
    expect_hex_error("[ENCRYPT]\nCOUNT = 0\nKEY = 00fg\r\n", "KEY", 3, "'g'");
    expect_hex_error("[ENCRYPT]\nCOUNT = 0\nKEY = 00 ff\r\n", "KEY", 3, "' '");
}

static void test_odd_hex(void **state)
{
    (void)state;
    expect_hex_error("[L = 20]\n\nLen = 8\nMsg = abc\nMD = 00\n", "Msg", 4, "odd number");
}

static void test_record_before_section(void **state)
{
    (void)state;
    static const char text[] = "# no header\n\nCOUNT = 0\n[ENCRYPT]\n";
    expect_error(text, sizeof text - 1, 3, "before any [section]");
}

static void test_long_line(void **state)
{
    (void)state;
    size_t n = CB_RSP_LINE_MAX + 100;
    char *text = malloc(n + 64);
    assert_non_null(text);
    int off = sprintf(text, "[L = 20]\n\nLen = 8\nMsg = ");
    memset(text + off, 'a', n);
    strcpy(text + off + n, "\nMD = 00\n");
    expect_error(text, strlen(text), 4, "characters long");
    free(text);
}

static void test_nul_byte(void **state)
{
    (void)state;
    static const char text[] = "[ENCRYPT]\n\nCOUNT = 0\nKEY = 00\0ff\nIV = 00\n";
    expect_error(text, sizeof text - 1, 4, "NUL byte");
}

static void test_other_malformed_lines(void **state)
{
    (void)state;
    static const char unclosed[] = "[ENCRYPT\n\nCOUNT = 0\n";
    expect_error(unclosed, sizeof unclosed - 1, 1, "no closing ']'");
    static const char unnamed[] = "[ = 3]\n";
    expect_error(unnamed, sizeof unnamed - 1, 1, "no name");
    static const char lone_fail[] = "[ENCRYPT]\n\nFAIL\n";
    expect_error(lone_fail, sizeof lone_fail - 1, 3, "outside a record");
    static const char twice[] = "[ENCRYPT]\r\nCOUNT = 0\r\nKEY = 00\r\nkey = 01\r\n";
    expect_error(twice, sizeof twice - 1, 4, "first at line 3");
    static const char no_name[] = "[ENCRYPT]\n\n = 00\n";
    expect_error(no_name, sizeof no_name - 1, 3, "no field name");
}

static void test_uint(void **state)
{
    (void)state;
    cb_rsp r;
    cb_rsp_record rec;
    unsigned long v = 7;
    open_text(&r, "[L = 20]\nA = 12x\nB = 4294967296\nC = \nD = 99\n");
    assert_int_equal(cb_rsp_next(&r, &rec), 1);
    assert_int_equal(cb_rsp_uint(&r, cb_rsp_get(&rec, "A"), 100, &v), -1);
    assert_int_equal(r.err_line, 2);
    assert_int_equal(cb_rsp_uint(&r, cb_rsp_get(&rec, "B"), 4294967295UL, &v), -1);
    assert_int_equal(r.err_line, 3);
    assert_int_equal(cb_rsp_uint(&r, cb_rsp_get(&rec, "C"), 100, &v), -1);
    assert_int_equal(r.err_line, 4);
    assert_int_equal(cb_rsp_uint(&r, cb_rsp_get(&rec, "D"), 98, &v), -1);
    assert_int_equal(cb_rsp_uint(&r, cb_rsp_get(&rec, "D"), 99, &v), 0);
    assert_int_equal(v, 99);
    cb_rsp_close(&r);
}

static void test_unreadable_file(void **state)
{
    (void)state;
    cb_rsp r;
    assert_int_equal(cb_rsp_open(&r, "/nonexistent/x.rsp"), -1);
    assert_string_equal(r.err, "/nonexistent/x.rsp: cannot open the file: No such file or "
                               "directory.");
    assert_int_equal(cb_rsp_open(&r, "/"), -1);
    assert_non_null(strstr(r.err, "is a directory"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_records_and_sections),
        cmocka_unit_test(test_header_groups_and_fail),
        cmocka_unit_test(test_sections_optional),
        cmocka_unit_test(test_real_file),
        cmocka_unit_test(test_missing_equals),
        cmocka_unit_test(test_bad_hex),
        cmocka_unit_test(test_odd_hex),
        cmocka_unit_test(test_record_before_section),
        cmocka_unit_test(test_long_line),
        cmocka_unit_test(test_nul_byte),
        cmocka_unit_test(test_other_malformed_lines),
        cmocka_unit_test(test_uint),
        cmocka_unit_test(test_unreadable_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
