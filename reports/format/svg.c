/*
 * reports/format/svg.c - the shared pieces of the project's SVG documents (reports/format/svg.h).
 */
#include "reports/format/svg.h"

#include <math.h>

const char *const cb_svg_colours[CB_SVG_NCOLOURS] = {
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#882255"};

/* utf8_len returns the length of the valid UTF-8 sequence at s, or 0. */
static size_t utf8_len(const unsigned char *s)
{
    size_t n = s[0] < 0x80 ? 1 : s[0] >= 0xC2 && s[0] <= 0xDF ? 2
             : s[0] >= 0xE0 && s[0] <= 0xEF ? 3 : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    /* overlong three-byte forms, UTF-16 surrogates, code points past U+10FFFF */
    if ((n == 3 && s[0] == 0xE0 && s[1] < 0xA0) || (n == 3 && s[0] == 0xED && s[1] >= 0xA0) ||
        (n == 4 && s[0] == 0xF0 && s[1] < 0x90) || (n == 4 && s[0] == 0xF4 && s[1] >= 0x90))
        return 0;
    return n;
}

void cb_svg_text(FILE *f, const char *s, size_t max)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t chars = 0; *p; chars++) {
        if (max && chars == max) {
            fputs("...", f);
            return;
        }
        size_t n = utf8_len(p);
        if (n == 0 || (*p < 0x20 && *p != '\t')) {
            fputc('?', f);
            p++;
            continue;
        }
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: fwrite(p, 1, n, f);
        }
        p += n;
    }
}

void cb_svg_begin(FILE *f, int width, int height, int standalone)
{
    if (standalone)
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
               "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
            width, height, width, height, width, height);
}

void cb_svg_end(FILE *f)
{
    fputs("</svg>\n", f);
}

void cb_svg_rate(char *buf, size_t len, double v)
{
    static const char *const units[] = {"B/s", "kB/s", "MB/s", "GB/s", "TB/s", "PB/s"};
    size_t u = 0;
    if (v == 0) {
        snprintf(buf, len, "0");
        return;
    }
    while (fabs(v) >= 1000 * (1 - 1e-9) && u + 1 < sizeof units / sizeof units[0]) {
        v /= 1000;
        u++;
    }
    snprintf(buf, len, "%.3g %s", v, units[u]);
}

double cb_svg_nice_step(double raw)
{
    double p = pow(10, floor(log10(raw)));
    double m = raw / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}
