/*
 * reports/format/json.h - the one JSON string and number writer every JSON output
 * uses (compare -format json, speed -json, export -format bmf/github).
 */
#ifndef CB_FORMAT_JSON_H
#define CB_FORMAT_JSON_H

#include <stdio.h>

/*
 * cb_json_str writes s as a JSON string (RFC 8259 section 7), NULL as "".  Quote and
 * backslash are escaped, \b \f \n \r \t by their two-character escapes, the other
 * control characters as \u00XX.  Well-formed UTF-8 (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF) is copied as it is; each byte that does not
 * belong to a well-formed sequence is written as \ufffd (U+FFFD, the replacement
 * character), so a library's version string with stray bytes still gives valid
 * JSON and its readable part survives.
 */
void cb_json_str(FILE *out, const char *s);

/* cb_json_num writes v with digits significant digits (%.*g), or null when v is not
 * finite. */
void cb_json_num(FILE *out, double v, int digits);

#endif
