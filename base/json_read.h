/*
 * base/json_read.h - the one strict JSON cursor: RFC 8259 text, read in place.  Each
 * reader walks its own shape with these calls (the importer's `bssl speed -json` and
 * Google Benchmark readers in reports/import/, the ACVP test-vector reader in
 * kernels/check/kat/acvp.c), and every refusal names the byte and line it stopped at.
 * It lives in base/ so that kernels/ and reports/ can both use it.
 */
#ifndef CB_JSON_READ_H
#define CB_JSON_READ_H

#include <stddef.h>
#include <stdint.h>

/* cb_json_fail_fn receives a refusal: the line (from 1) and the sentence. */
typedef void (*cb_json_fail_fn)(void *ctx, unsigned long line, const char *msg);

/* cb_json: a cursor over the text being read.  what names the text in messages
 * ("`bssl speed -json` output"); a refusal goes to fail(ctx, ...) when fail is set,
 * and is kept in err and err_line either way. */
typedef struct cb_json {
    const char *what;
    const char *text, *p, *end;
    cb_json_fail_fn fail;
    void *ctx;
    char err[320];
    unsigned long err_line;
} cb_json;

/* cb_json_line: the line of the text at is on, counted from 1. */
unsigned long cb_json_line(const cb_json *j, const char *at);

/* cb_json_fail refuses the text at the cursor: "not WHAT at byte N: why." with the
 * cursor's line, to err and to the fail callback; returns -1. */
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

/* cb_json_string_alloc reads a string of any length into a new buffer (*out, NUL
 * ended, free it), its length in *len; -1 (nothing to free) when it is refused. */
int cb_json_string_alloc(cb_json *j, char **out, size_t *len);

/* cb_json_number reads a number into *value; *count gets it too when it is a
 * non-negative whole number of at most 19 digits (*is_count 1). */
int cb_json_number(cb_json *j, double *value, uint64_t *count, int *is_count);

/* cb_json_word takes true, false or null: 1, 0 or -2 in *v; -1 (after a failure)
 * when the next value is none of them. */
int cb_json_word(cb_json *j, int *v);

/* cb_json_skip reads any value, nested up to 32 deep, and forgets it. */
int cb_json_skip(cb_json *j);

#endif
