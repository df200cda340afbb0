/*
 * tests/test_infile.c - base/infile.c: a whole input read, or refused once it passes
 * its size or line limit, from a regular file and from a stream alike.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/infile.h"

static const cb_infile_limits lim = {1000, 100, "test file"};

/* read_text reads text through a stream (as a pipe or /dev/zero is read) or a
 * regular temporary file; NULL with the sentence in err when refused. */
static char *read_text(const char *text, size_t n, int regular, size_t *len, char *err,
                       size_t errlen)
{
    FILE *f = regular ? tmpfile() : fmemopen((void *)text, n, "rb");
    assert_non_null(f);
    if (regular) {
        assert_int_equal(fwrite(text, 1, n, f), n);
        rewind(f);
    }
    char *got = cb_infile_read(f, &lim, len, err, errlen);
    fclose(f);
    return got;
}

/* filled returns n bytes of c with a newline every `every` bytes (0: none). */
static char *filled(size_t n, int c, size_t every)
{
    char *s = malloc(n + 1);
    assert_non_null(s);
    for (size_t i = 0; i < n; i++)
        s[i] = every && i % every == every - 1 ? '\n' : (char)c;
    s[n] = '\0';
    return s;
}

static void test_within_limits(void **state)
{
    (void)state;
    for (int regular = 0; regular < 2; regular++) {
        char *text = filled(1000, 'a', 50), err[200] = "";
        size_t len = 0;
        char *got = read_text(text, 1000, regular, &len, err, sizeof err);
        assert_non_null(got);
        assert_int_equal(len, 1000);
        assert_memory_equal(got, text, 1000);
        assert_int_equal(got[1000], '\0');
        free(got);
        free(text);
        /* an empty input is read as empty */
        got = read_text("", 0, regular, &len, err, sizeof err);
        assert_non_null(got);
        assert_int_equal(len, 0);
        free(got);
    }
}

static void test_too_large(void **state)
{
    (void)state;
    for (int regular = 0; regular < 2; regular++) {
        char *text = filled(1001, 'a', 50), err[200] = "";
        size_t len = 0;
        assert_null(read_text(text, 1001, regular, &len, err, sizeof err));
        assert_string_equal(err, "the file is larger than 1000 bytes, which no test file is.");
        free(text);
    }
}

static void test_line_too_long(void **state)
{
    (void)state;
    for (int regular = 0; regular < 2; regular++) {
        /* lines 1-3 of 50 bytes, then one of 101 without a newline */
        char *text = filled(251, 'a', 50), err[200] = "";
        memset(text + 150, 'b', 101);
        size_t len = 0;
        assert_null(read_text(text, 251, regular, &len, err, sizeof err));
        assert_string_equal(err, "line 4 is longer than 100 bytes, which no test file has.");
        free(text);
        /* exactly 100 bytes and a newline is still within the limit */
        text = filled(101, 'a', 101);
        char *got = read_text(text, 101, regular, &len, err, sizeof err);
        assert_non_null(got);
        free(got);
        free(text);
    }
}

/* A stream that never ends (/dev/zero) is refused at the line limit, long before its
 * size would matter. */
static void test_endless_stream(void **state)
{
    (void)state;
    FILE *f = fopen("/dev/zero", "rb");
    if (!f)
        skip();
    char err[200];
    size_t len;
    static const cb_infile_limits big = {(size_t)1 << 30, (size_t)1 << 20, "results file"};
    assert_null(cb_infile_read(f, &big, &len, err, sizeof err));
    fclose(f);
    assert_string_equal(err, "line 1 is longer than 1 MiB, which no results file has.");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_within_limits),
        cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_line_too_long),
        cmocka_unit_test(test_endless_stream),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
