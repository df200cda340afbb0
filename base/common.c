/*
 * base/common.c - error reporting and allocation helpers.
 */
#include "base/common.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

static void vreport(const char *prefix, const char *fmt, va_list ap)
{
    fflush(stdout);
    fputs(prefix, stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void cb_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("cryptobench: ", fmt, ap);
    va_end(ap);
}

void cb_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("cryptobench: warning: ", fmt, ap);
    va_end(ap);
}

int cb_stdout_finish(int status)
{
    errno = 0;
    int failed = fflush(stdout) != 0;
    int why = failed ? errno : 0;
    failed |= ferror(stdout) != 0;
    if (!failed || (status != CB_EXIT_OK && status != CB_EXIT_FAIL))
        return status;
    if (why)
        cb_error("cannot write to standard output: %s; the output is incomplete.",
                 strerror(why));
    else
        cb_error("cannot write to standard output: a write failed; the output is "
                 "incomplete.");
    return CB_EXIT_USAGE;
}

static void *check(void *p)
{
    if (!p) {
        fputs("cryptobench: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *cb_xmalloc(size_t n) { return check(malloc(n ? n : 1)); }
void *cb_xcalloc(size_t n, size_t size) { return check(calloc(n ? n : 1, size ? size : 1)); }
void *cb_xrealloc(void *p, size_t n) { return check(realloc(p, n ? n : 1)); }
char *cb_xstrdup(const char *s) { return check(strdup(s)); }

char *cb_xasprintf(const char *fmt, ...)
{
    va_list ap;
    char *s = NULL;
    va_start(ap, fmt);
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    return check(n < 0 ? NULL : s);
}

void *cb_aligned_alloc(size_t align, size_t size)
{
    size_t rounded = (size + align - 1) / align * align;
    void *p = check(aligned_alloc(align, rounded ? rounded : align));
    memset(p, 0, rounded ? rounded : align);
    return p;
}

int cb_hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

long cb_hex_decode(const char *hex, unsigned char *out, size_t max)
{
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > max)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = cb_hex_digit(hex[2 * i]), lo = cb_hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (unsigned char)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

void cb_verr_at(char *err, size_t errlen, const char *path, unsigned long line,
                const char *fmt, va_list ap)
{
    int n = line ? snprintf(err, errlen, "%s:%lu: ", path, line)
                 : snprintf(err, errlen, "%s: ", path);
    if (n < 0 || (size_t)n >= errlen)
        n = 0;
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
}

void cb_err_at(char *err, size_t errlen, const char *path, unsigned long line,
               const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cb_verr_at(err, errlen, path, line, fmt, ap);
    va_end(ap);
}

const char *cb_printable(const char *s, char *buf, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    size_t o = 0, i = 0, keep = len > 8 ? len - 8 : 0; /* room for "\xNN" and "..." */
    for (; s[i] && o < keep; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n' || c == '\t' || c == '\r') {
            buf[o++] = '\\';
            buf[o++] = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
        } else if (c < 0x20 || c >= 0x7f || c == '\\') {
            if (c == '\\') {
                buf[o++] = '\\';
                buf[o++] = '\\';
                continue;
            }
            buf[o++] = '\\';
            buf[o++] = 'x';
            buf[o++] = hex[c >> 4];
            buf[o++] = hex[c & 15];
        } else {
            buf[o++] = (char)c;
        }
    }
    if (s[i] && len >= 4) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    if (len)
        buf[o < len ? o : len - 1] = '\0';
    return buf;
}

void cb_buf_printf(cb_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if (b->len + (size_t)n + 1 > b->cap) {
        b->cap = 2 * (b->len + (size_t)n + 1);
        b->s = cb_xrealloc(b->s, b->cap);
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

int cb_os_random(void *p, size_t len)
{
    unsigned char *b = p;
    size_t got = 0;
    while (got < len) {
        ssize_t n = getrandom(b + got, len - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        got += (size_t)n;
    }
    return 0;
}
