/*
 * reports/format/json.c - JSON strings and numbers (reports/format/json.h).
 */
#include "reports/format/json.h"

#include <math.h>
#include <stddef.h>

/* utf8_len is the length of the well-formed UTF-8 sequence at p (1 to 4), or 0 when
 * the byte at p does not start one (RFC 3629 section 4's table of sequences). */
static size_t utf8_len(const unsigned char *p)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    unsigned char lo = 0x80, hi = 0xbf;
    size_t n;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0)
            lo = 0xa0; /* no overlong three-byte forms */
        else if (c == 0xed)
            hi = 0x9f; /* no UTF-16 surrogates */
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        if (c == 0xf0)
            lo = 0x90; /* no overlong four-byte forms */
        else if (c == 0xf4)
            hi = 0x8f; /* nothing above U+10FFFF */
    } else
        return 0;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf) /* the terminating 0 stops here too */
            return 0;
    return n;
}

void cb_json_str(FILE *out, const char *s)
{
    static const char short_esc[] = "\bb\ff\nn\rr\tt";
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
        size_t n = utf8_len(p);
        if (n == 0) {
            fputs("\\ufffd", out);
            p++;
            continue;
        }
        if (n > 1) {
            fwrite(p, 1, n, out);
            p += n;
            continue;
        }
        const char *e = NULL;
        for (size_t i = 0; *p < 0x20 && i < sizeof short_esc - 1; i += 2)
            if ((unsigned char)short_esc[i] == *p)
                e = &short_esc[i + 1];
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (e)
            fprintf(out, "\\%c", *e);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
        p++;
    }
    fputc('"', out);
}

void cb_json_num(FILE *out, double v, int digits)
{
    if (isnan(v) || isinf(v))
        fputs("null", out);
    else
        fprintf(out, "%.*g", digits, v);
}
