/*
 * tests/test_common.c - base/common.c: what a message may echo of outside input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/common.h"

static void test_printable_escapes(void **state)
{
    (void)state;
    char buf[CB_PRINTABLE_LEN];
    assert_string_equal(cb_printable("md5", buf, sizeof buf), "md5");
    assert_string_equal(cb_printable("a\nb\tc\rd", buf, sizeof buf), "a\\nb\\tc\\rd");
    assert_string_equal(cb_printable("x\\y", buf, sizeof buf), "x\\\\y");
    /* control characters and every non-ASCII byte (so no invalid UTF-8 goes out) */
    assert_string_equal(cb_printable("\x01\x7f\xff\xc3\xa9", buf, sizeof buf),
                        "\\x01\\x7f\\xff\\xc3\\xa9");
    assert_string_equal(cb_printable("", buf, sizeof buf), "");
}

static void test_printable_shortens(void **state)
{
    (void)state;
    char big[5000], buf[32];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    cb_printable(big, buf, sizeof buf);
    assert_true(strlen(buf) < sizeof buf);
    assert_string_equal(buf + strlen(buf) - 3, "...");
    /* escapes near the end never overrun: every length of input and buffer */
    for (size_t len = 16; len <= 32; len++)
        for (size_t n = 0; n < 40; n++) {
            char in[64];
            memset(in, '\n', n);
            in[n] = '\0';
            char out[32 + 8];
            memset(out, '#', sizeof out);
            cb_printable(in, out, len);
            assert_true(strlen(out) < len);
            assert_int_equal(out[len], '#');
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_printable_escapes),
        cmocka_unit_test(test_printable_shortens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
