/*
 * base/json_read.c - the strict JSON cursor of base/json_read.h.
 */
#include "base/json_read.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned long cb_json_line(const cb_json *j, const char *at)
{
    unsigned long line = 1;
    for (const char *q = j->text; q < at; q++)
        line += *q == '\n';
    return line;
}

int cb_json_fail(cb_json *j, const char *why)
{
    j->err_line = cb_json_line(j, j->p);
    snprintf(j->err, sizeof j->err, "not %s at byte %zu: %s.", j->what,
             (size_t)(j->p - j->text), why);
    if (j->fail)
        j->fail(j->ctx, j->err_line, j->err);
    return -1;
}

void cb_json_blank(cb_json *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

int cb_json_char(cb_json *j, char c)
{
    cb_json_blank(j);
    if (j->p < j->end && *j->p == c) {
        j->p++;
        return 1;
    }
    return 0;
}

char cb_json_peek(cb_json *j)
{
    cb_json_blank(j);
    return j->p < j->end ? *j->p : 0;
}

static int hex_digit(char c)
{
    return isdigit((unsigned char)c) ? c - '0'
           : c >= 'a' && c <= 'f'    ? c - 'a' + 10
           : c >= 'A' && c <= 'F'    ? c - 'A' + 10
                                     : -1;
}

/* read_string reads the string at the cursor into out (len bytes, NUL included);
 * field names out in the refusal of a string too long for it. */
static int read_string(cb_json *j, char *out, size_t len, const char *field)
{
    if (!cb_json_char(j, '"'))
        return cb_json_fail(j, "expected a string");
    size_t o = 0;
    for (;;) {
        if (j->p >= j->end)
            return cb_json_fail(j, "a string is not closed");
        char c = *j->p++;
        if (c == '"')
            break;
        if ((unsigned char)c < 0x20)
            return cb_json_fail(j, "a control character in a string");
        if (c == '\\') {
            static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
            const char *e = j->p < j->end ? strchr(from, *j->p) : NULL;
            if (e && *e) {
                c = to[e - from];
                j->p++;
            } else if (j->p < j->end && *j->p == 'u' && j->end - j->p >= 5) {
                int v = 0;
                for (int i = 1; i <= 4; i++)
                    v = hex_digit(j->p[i]) < 0 || v < 0 ? -1 : v * 16 + hex_digit(j->p[i]);
                if (v < 0x20 || v > 0x7e)
                    return cb_json_fail(j, "a \\u escape that is not printable ASCII");
                c = (char)v;
                j->p += 5;
            } else {
                return cb_json_fail(j, "a bad escape in a string");
            }
        }
        if (o + 1 >= len) {
            char why[96];
            snprintf(why, sizeof why, "a string too long for %s", field);
            return cb_json_fail(j, why);
        }
        out[o++] = c;
    }
    out[o] = 0;
    return 0;
}

int cb_json_string(cb_json *j, char *out, size_t len, const char *field)
{
    return read_string(j, out, len, field);
}

int cb_json_string_alloc(cb_json *j, char **out, size_t *len)
{
    /* an escape only shortens the text, so the bytes up to the end bound it */
    cb_json_blank(j);
    size_t room = (size_t)(j->end - j->p) + 1;
    char *buf = malloc(room);
    if (!buf)
        return cb_json_fail(j, "out of memory for a string");
    if (read_string(j, buf, room, "a value") != 0) {
        free(buf);
        return -1;
    }
    *out = buf;
    *len = strlen(buf);
    return 0;
}

int cb_json_number(cb_json *j, double *value, uint64_t *count, int *is_count)
{
    cb_json_blank(j);
    const char *s = j->p;
    if (j->p < j->end && *j->p == '-')
        j->p++;
    size_t digits = 0;
    while (j->p < j->end && isdigit((unsigned char)*j->p))
        j->p++, digits++;
    if (digits == 0 || (digits > 1 && j->p[-(long)digits] == '0'))
        return cb_json_fail(j, "expected a number");
    *is_count = *s != '-' && digits <= 19;
    if (j->p < j->end && *j->p == '.') {
        j->p++;
        *is_count = 0;
        if (j->p >= j->end || !isdigit((unsigned char)*j->p))
            return cb_json_fail(j, "a number with no digit after its '.'");
        while (j->p < j->end && isdigit((unsigned char)*j->p))
            j->p++;
    }
    if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
        j->p++;
        *is_count = 0;
        if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
            j->p++;
        if (j->p >= j->end || !isdigit((unsigned char)*j->p))
            return cb_json_fail(j, "a number with no digit in its exponent");
        while (j->p < j->end && isdigit((unsigned char)*j->p))
            j->p++;
    }
    char buf[64];
    size_t n = (size_t)(j->p - s);
    if (n >= sizeof buf)
        return cb_json_fail(j, "a number too long to read");
    memcpy(buf, s, n);
    buf[n] = 0;
    *value = strtod(buf, NULL);
    if (!isfinite(*value))
        return cb_json_fail(j, "a number out of range");
    if (*is_count) {
        uint64_t whole = 0;
        for (const char *d = s; d < s + digits; d++)
            whole = whole * 10 + (uint64_t)(*d - '0'); /* 19 digits fit in 64 bits */
        *count = whole;
    }
    return 0;
}

int cb_json_word(cb_json *j, int *v)
{
    static const struct {
        const char *w;
        int v;
    } words[] = {{"true", 1}, {"false", 0}, {"null", -2}};
    cb_json_blank(j);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i].w);
        if ((size_t)(j->end - j->p) >= n && strncmp(j->p, words[i].w, n) == 0) {
            j->p += n;
            *v = words[i].v;
            return 0;
        }
    }
    return cb_json_fail(j, "expected a value");
}

static int skip_at(cb_json *j, int depth)
{
    char c = cb_json_peek(j);
    if (depth > 32)
        return cb_json_fail(j, "values nested too deep");
    if (c == '"') {
        char *skip;
        size_t n;
        if (cb_json_string_alloc(j, &skip, &n) != 0)
            return -1;
        free(skip);
        return 0;
    }
    if (c == '[' || c == '{') {
        char close = c == '[' ? ']' : '}';
        j->p++;
        if (cb_json_char(j, close))
            return 0;
        do {
            if (c == '{') {
                char key[256];
                if (cb_json_string(j, key, sizeof key, "a name"))
                    return -1;
                if (!cb_json_char(j, ':'))
                    return cb_json_fail(j, "expected ':' after a name");
            }
            if (skip_at(j, depth + 1))
                return -1;
        } while (cb_json_char(j, ','));
        if (!cb_json_char(j, close))
            return cb_json_fail(j, c == '[' ? "expected ',' or ']' in an array"
                                            : "expected ',' or '}' in an object");
        return 0;
    }
    if (c == '-' || isdigit((unsigned char)c)) {
        double v;
        uint64_t n;
        int whole;
        return cb_json_number(j, &v, &n, &whole);
    }
    int w;
    return cb_json_word(j, &w);
}

int cb_json_skip(cb_json *j)
{
    return skip_at(j, 0);
}
