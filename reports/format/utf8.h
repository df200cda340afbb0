/*
 * reports/format/utf8.h - where well-formed UTF-8 ends, for the writers that must not
 * pass other bytes on (reports/format/json.c, reports/format/xml.c).
 */
#ifndef CB_FORMAT_UTF8_H
#define CB_FORMAT_UTF8_H

#include <stddef.h>

/* cb_utf8_len is the length of the well-formed UTF-8 sequence at p (1 to 4), or 0 when
 * the byte at p does not start one (RFC 3629 section 4: no overlong forms, no UTF-16
 * surrogates, nothing above U+10FFFF).  p[0] is not the terminating 0. */
size_t cb_utf8_len(const unsigned char *p);

#endif
