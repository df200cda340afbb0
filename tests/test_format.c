/*
 * tests/test_format.c - the one JSON string writer (reports/format/json.c) and the one
 * XML/HTML escaper (reports/format/xml.c), each against hand-written expectations:
 * the two-character and \u00XX escapes of RFC 8259 section 7, XML's five entities,
 * and what becomes of bytes outside well-formed UTF-8 (RFC 3629 section 4: overlong
 * forms, surrogates, code points past U+10FFFF, lone continuation bytes, a sequence
 * cut short by the string's end).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/format/json.h"
#include "reports/format/xml.h"

/* json writes s with cb_json_str and returns the text (freed by the caller). */
static char *json(const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    cb_json_str(out, s);
    fclose(out);
    return buf;
}

/* xml writes at most max characters of s with cb_xml_text and returns the text. */
static char *xml(const char *s, size_t max)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    cb_xml_text(out, s, max);
    fclose(out);
    return buf;
}

static void expect_json(const char *in, const char *want)
{
    char *got = json(in);
    assert_string_equal(got, want);
    free(got);
}

static void expect_xml(const char *in, size_t max, const char *want)
{
    char *got = xml(in, max);
    assert_string_equal(got, want);
    free(got);
}

static void test_json_controls(void **state)
{
    (void)state;
    expect_json("plain", "\"plain\"");
    expect_json("q\"b\\s/", "\"q\\\"b\\\\s/\"");
    expect_json("\b\f\n\r\t", "\"\\b\\f\\n\\r\\t\"");
    expect_json("\x01\x1f\x0b", "\"\\u0001\\u001f\\u000b\"");
    expect_json("\x7f", "\"\x7f\""); /* DEL is no control character to JSON */
}

static void test_json_null(void **state)
{
    (void)state;
    expect_json(NULL, "\"\"");
    expect_json("", "\"\"");
}

static void test_json_utf8(void **state)
{
    (void)state;
    /* two, three and four bytes, each the first and last of its length */
    expect_json("\xc2\x80 \xdf\xbf \xe2\x82\xac \xef\xbf\xbf \xf0\x90\x80\x80 \xf4\x8f\xbf\xbf",
                "\"\xc2\x80 \xdf\xbf \xe2\x82\xac \xef\xbf\xbf \xf0\x90\x80\x80 \xf4\x8f\xbf\xbf\"");
    expect_json("caf\xc3\xa9", "\"caf\xc3\xa9\"");
}

static void test_json_invalid_bytes(void **state)
{
    (void)state;
    /* a lone continuation byte, C0/C1 overlong leads, bytes that never start one */
    expect_json("a\x80z", "\"a\\ufffdz\"");
    expect_json("\xc0\xaf", "\"\\ufffd\\ufffd\"");
    expect_json("\xc1\xbf", "\"\\ufffd\\ufffd\"");
    expect_json("\xf5\xfe\xff", "\"\\ufffd\\ufffd\\ufffd\"");
    /* overlong three and four bytes, a surrogate, past U+10FFFF: every byte */
    expect_json("\xe0\x9f\xbf", "\"\\ufffd\\ufffd\\ufffd\"");
    expect_json("\xf0\x8f\xbf\xbf", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
    expect_json("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");
    expect_json("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
    /* a sequence cut short, by another character and by the end */
    expect_json("\xe2\x82z", "\"\\ufffd\\ufffdz\"");
    expect_json("x\xe2\x82", "\"x\\ufffd\\ufffd\"");
    expect_json("\xc3", "\"\\ufffd\"");
}

static void test_xml_markup_and_controls(void **state)
{
    (void)state;
    expect_xml("a<b>&\"c'", 0, "a&lt;b&gt;&amp;&quot;c&apos;");
    expect_xml("&amp;", 0, "&amp;amp;");
    expect_xml("t\tab", 0, "t\tab");
    expect_xml("\x01x\ny\rz\x1f", 0, "?x?y?z?");
    expect_xml("", 0, "");
}

static void test_xml_utf8(void **state)
{
    (void)state;
    expect_xml("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x94\x92", 0, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x94\x92");
    expect_xml("a\x80z", 0, "a?z");
    expect_xml("\xed\xa0\x80", 0, "???");
    expect_xml("\xf4\x90\x80\x80", 0, "????");
    expect_xml("\xe0\x9f\xbf", 0, "???");
    expect_xml("x\xe2\x82", 0, "x??");
}

static void test_xml_cut(void **state)
{
    (void)state;
    expect_xml("abcdef", 3, "abc...");
    expect_xml("abc", 3, "abc");
    /* characters, not bytes, are counted; an entity is one character */
    expect_xml("\xc3\xa9\xc3\xa9\xc3\xa9", 2, "\xc3\xa9\xc3\xa9...");
    expect_xml("&&&&", 2, "&amp;&amp;...");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_controls),
        cmocka_unit_test(test_json_null),
        cmocka_unit_test(test_json_utf8),
        cmocka_unit_test(test_json_invalid_bytes),
        cmocka_unit_test(test_xml_markup_and_controls),
        cmocka_unit_test(test_xml_utf8),
        cmocka_unit_test(test_xml_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
