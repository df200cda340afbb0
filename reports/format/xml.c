/*
 * reports/format/xml.c - XML and HTML text (reports/format/xml.h).
 */
#include "reports/format/xml.h"

#include "reports/format/utf8.h"

void cb_xml_text(FILE *f, const char *s, size_t max)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t chars = 0; *p; chars++) {
        if (max && chars == max) {
            fputs("...", f);
            return;
        }
        size_t n = cb_utf8_len(p);
        /* XML 1.0 section 2.2: tab, LF and CR are the only control characters XML
         * holds, and an attribute's LF or CR is read back as a blank; '?' keeps a
         * label on one line whatever it is written into. */
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

void cb_xml_element(FILE *f, const char *tag, const char *s)
{
    fprintf(f, "<%s>", tag);
    cb_xml_text(f, s, 0);
    fprintf(f, "</%s>", tag);
}
