/*
 * reports/import/json.h - the strict JSON cursor the importer's JSON readers share
 * (`bssl speed -json` in reports/import/bssl.c, Google Benchmark's JSON in
 * reports/import/gbench.c).  RFC 8259 text, read in place: each reader walks its own
 * shape with these calls, and every refusal names the byte and line it stopped at.
 * Internal to reports/import/.
 */
#ifndef CB_IMPORT_JSON_H
#define CB_IMPORT_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "reports/import/common.h"

/* cb_json: a cursor over the text being read; what names the format in messages
 * ("`bssl speed -json`"). */
typedef struct cb_json {
    importer *im;
    const char *what;
    const char *text, *p, *end;
} cb_json;

/* cb_json_line: the line of the text at is on, counted from 1. */
unsigned long cb_json_line(const cb_json *j, const char *at);

/* cb_json_fail sets the importer's line to the cursor's and writes "not WHAT output
 * at byte N: why."; returns -1. */
int cb_json_fail(cb_json *j, const char *why);

/* cb_json_blank moves past blanks; cb_json_char takes c after them (1), or leaves the
 * cursor there (0) when the next character is another; cb_json_peek returns the next
 * character after blanks, 0 at the end. */
void cb_json_blank(cb_json *j);
int cb_json_char(cb_json *j, char c);
char cb_json_peek(cb_json *j);

/* cb_json_string reads a string into out (len bytes): RFC 8259's escapes, \u ones for
 * printable ASCII only.  Too long for out is refused, naming field. */
int cb_json_string(cb_json *j, char *out, size_t len, const char *field);

/* cb_json_number reads a number into *value; *count gets it too when it is a
 * non-negative whole number of at most 19 digits (*is_count 1). */
int cb_json_number(cb_json *j, double *value, uint64_t *count, int *is_count);

/* cb_json_word takes true, false or null: 1, 0 or -2 in *v; -1 (after a failure)
 * when the next value is none of them. */
int cb_json_word(cb_json *j, int *v);

/* cb_json_skip reads any value, nested up to 32 deep, and forgets it. */
int cb_json_skip(cb_json *j);

#endif
