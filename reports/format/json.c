/*
 * reports/format/json.c - JSON strings and numbers (reports/format/json.h).
 */
#include "reports/format/json.h"

#include <math.h>
#include <stddef.h>

#include "reports/format/utf8.h"

void cb_json_str(FILE *out, const char *s)
{
    static const char short_esc[] = "\bb\ff\nn\rr\tt";
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
        size_t n = cb_utf8_len(p);
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
