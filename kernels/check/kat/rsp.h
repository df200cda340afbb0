/*
 * kernels/check/kat/rsp.h - a reader for NIST CAVP response files (.rsp) and the files in
 * the same style (the cryptography_vectors tree's CTR and MD5 .txt files).
 *
 * The grammar, line by line (CR LF or LF endings; leading and trailing blanks are
 * ignored):
 *
 *   # text            a comment, ignored anywhere
 *   [NAME]            a section header, e.g. [ENCRYPT]
 *   [NAME = VALUE]    a section header with a value, e.g. [L = 20], [Taglen = 128]
 *   NAME = VALUE      a field of the current record; VALUE may be empty
 *   FAIL              a flag of the current record (GCM decrypt: the tag must fail)
 *   (blank)           ends the current record
 *
 * or, with columns set, one record per line: VALUE:VALUE:...[:] (comments allowed).
 *
 * Consecutive headers form one group that applies to the records after it; the
 * first header after a record starts a new group.  A header also ends a record
 * that has no blank line after it.
 *
 * Every error is one sentence of the form "FILE:LINE: what is wrong", kept in the
 * reader (cb_rsp.err), so a caller prints it and stops.
 */
#ifndef CB_RSP_H
#define CB_RSP_H

#include <stddef.h>
#include <stdint.h>

/* CB_RSP_LINE_MAX bounds one line; the longest CAVP line (SHA512LongMsg) is 25607. */
#define CB_RSP_LINE_MAX 65536
/* CB_RSP_SECTIONS_MAX bounds the headers of one group (GCM files use five). */
#define CB_RSP_SECTIONS_MAX 16

/* cb_rsp_field: a "NAME = VALUE" line, or a section header (VALUE "" for [NAME]). */
typedef struct cb_rsp_field {
    const char *name;
    const char *value;
    int line;
} cb_rsp_field;

/* cb_rsp_record: one record.  Its pointers stay valid until the next cb_rsp_next. */
typedef struct cb_rsp_record {
    int line;                   /* line of its first field */
    const cb_rsp_field *fields;
    size_t nfields;
    int fail;                   /* a bare FAIL line was present */
} cb_rsp_record;

/* cb_rsp: a reader over one file's text (a private copy). */
typedef struct cb_rsp {
    char *path;                 /* as given, for messages */
    char *text;
    size_t len, pos;
    int line;                   /* lines consumed so far */
    int sections_optional;      /* set for formats without headers (MD5 rfc-1321.txt) */
    int colon_fields;           /* "NAME : VALUE" is a field too, and hex values may
                                   have blanks between bytes (NTT's Camellia listing) */
    int quoted_values;          /* a VALUE in double quotes is its text's bytes, for
                                   cb_rsp_hex (BoringSSL's test files: IN= "abc") */
    int odd_hex;                /* cb_rsp_hex reads an odd count of digits as if led
                                   by a 0 (the ECDSA files' P-521 numbers) */
    const char *const *columns; /* set for a colon-separated format (Ed25519's
                                   sign.input): every line is one record, its fields
                                   the ':'-separated values named in this order
                                   (NULL-terminated); a last empty value is dropped */
    cb_rsp_field sections[CB_RSP_SECTIONS_MAX];
    size_t nsections;
    int records_in_group;       /* records read since the last header */
    char *pending;              /* a header that ended a record, not yet applied */
    cb_rsp_field *fields;
    size_t nfields, cap;
    char err[512];              /* "FILE:LINE: ..." after a -1 */
    int err_line;               /* the LINE of err, 0 when it concerns no line */
} cb_rsp;

/*
 * cb_rsp_open reads the file at path.  On failure (unreadable, a directory, too
 * large) writes one sentence to r->err and returns -1; r needs no close then.
 */
int cb_rsp_open(cb_rsp *r, const char *path);

/* cb_rsp_open_mem reads len bytes of text (NUL bytes included) named name. */
void cb_rsp_open_mem(cb_rsp *r, const char *name, const char *text, size_t len);

/* cb_rsp_close frees what the reader holds. */
void cb_rsp_close(cb_rsp *r);

/*
 * cb_rsp_next reads the next record: 1 and *rec filled, 0 at the end of the file,
 * -1 on malformed input (r->err says where and what).  Records are also what comes
 * before the first real record: the SHA Monte file's "Seed = ..." is a record.
 */
int cb_rsp_next(cb_rsp *r, cb_rsp_record *rec);

/* cb_rsp_get returns the field called name (ignoring case), or NULL. */
const cb_rsp_field *cb_rsp_get(const cb_rsp_record *rec, const char *name);

/* cb_rsp_section returns the header called name (ignoring case) of the group in
 * force, or NULL. */
const cb_rsp_field *cb_rsp_section(const cb_rsp *r, const char *name);

/*
 * cb_rsp_hex decodes field f (upper- or lower-case hex, possibly empty; with
 * quoted_values set, "text" stands for the bytes of text) into a new buffer (*out,
 * free with free(); never NULL) of *len bytes.  Bad or odd-length hex, or a quote
 * that is not closed, sets r->err for f's line and returns -1.
 */
int cb_rsp_hex(cb_rsp *r, const cb_rsp_field *f, uint8_t **out, size_t *len);

/* cb_rsp_uint parses field f as a decimal number up to max; -1 and r->err if not. */
int cb_rsp_uint(cb_rsp *r, const cb_rsp_field *f, unsigned long max, unsigned long *out);

/* cb_rsp_error formats "FILE:LINE: " and the sentence into r->err; returns -1 so a
 * caller can `return cb_rsp_error(...)`. */
int cb_rsp_error(cb_rsp *r, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
