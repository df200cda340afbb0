/*
 * kernels/check/kat/rsp.c - the CAVP .rsp reader: whole file in memory, split into lines in
 * place, records handed out one at a time.
 */
#include "kernels/check/kat/rsp.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "base/common.h"
#include "base/infile.h"

/* RSP_FILE_MAX: the largest CAVP file in the tree is about 3 MiB. */
#define RSP_FILE_MAX ((size_t)64 << 20)

int cb_rsp_error(cb_rsp *r, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cb_verr_at(r->err, sizeof r->err, r->path, line > 0 ? (unsigned long)line : 0, fmt, ap);
    va_end(ap);
    r->err_line = line;
    return -1;
}

static void reader_init(cb_rsp *r, const char *name)
{
    memset(r, 0, sizeof *r);
    r->path = cb_xstrdup(name);
}

void cb_rsp_open_mem(cb_rsp *r, const char *name, const char *text, size_t len)
{
    reader_init(r, name);
    r->text = cb_xmalloc(len + 1);
    memcpy(r->text, text, len);
    r->text[len] = '\0';
    r->len = len;
}

/* read_all reads an open file into r->text; -1 with r->err set on failure. */
static int read_all(cb_rsp *r, FILE *f)
{
    static const cb_infile_limits lim = {RSP_FILE_MAX, CB_RSP_LINE_MAX, "known-answer file"};
    char why[200];
    r->text = cb_infile_read(f, &lim, &r->len, why, sizeof why);
    return r->text ? 0 : cb_rsp_error(r, 0, "%s", why);
}

int cb_rsp_open(cb_rsp *r, const char *path)
{
    reader_init(r, path);
    struct stat st;
    FILE *f = fopen(path, "rb");
    if (!f) {
        cb_rsp_error(r, 0, "cannot open the file: %s.", strerror(errno));
    } else if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        cb_rsp_error(r, 0, "is a directory; give a known-answer (.rsp) file.");
    } else if (read_all(r, f) == 0) {
        fclose(f);
        return 0;
    }
    if (f)
        fclose(f);
    char err[sizeof r->err];
    memcpy(err, r->err, sizeof err);
    cb_rsp_close(r);
    memcpy(r->err, err, sizeof err);
    return -1;
}

void cb_rsp_close(cb_rsp *r)
{
    free(r->path);
    free(r->text);
    free(r->fields);
    memset(r, 0, sizeof *r);
}

/* ---- lines --------------------------------------------------------------------- */

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* trim strips blanks from both ends of [s, s+n) in place; returns the new start. */
static char *trim(char *s, size_t n)
{
    while (n && is_blank(s[n - 1]))
        n--;
    s[n] = '\0';
    while (is_blank(*s))
        s++;
    return s;
}

/* next_line cuts the next line out of the text, trimmed; NULL at the end of the
 * text, and NULL with r->err set when the line is too long or holds a NUL byte. */
static char *next_line(cb_rsp *r, int *failed)
{
    *failed = 0;
    if (r->pos >= r->len)
        return NULL;
    char *start = r->text + r->pos;
    char *nl = memchr(start, '\n', r->len - r->pos);
    size_t n = nl ? (size_t)(nl - start) : r->len - r->pos;
    r->pos += n + (nl != NULL);
    r->line++;
    if (n > CB_RSP_LINE_MAX) {
        *failed = cb_rsp_error(r, r->line, "the line is %zu characters long; the limit "
                                           "is %d.", n, CB_RSP_LINE_MAX);
        return NULL;
    }
    if (memchr(start, '\0', n)) {
        *failed = cb_rsp_error(r, r->line, "the line holds a NUL byte; known-answer "
                                           "files are text.");
        return NULL;
    }
    return trim(start, n);
}

/* split_at splits "NAME = VALUE" at its first sep; 0 when there is none. */
static int split_at(char *s, int sep, const char **name, const char **value)
{
    char *eq = strchr(s, sep);
    if (!eq)
        return 0;
    *name = trim(s, (size_t)(eq - s));
    *value = trim(eq + 1, strlen(eq + 1));
    return 1;
}

static int split_assignment(char *s, const char **name, const char **value)
{
    return split_at(s, '=', name, value);
}

/* add_section applies one "[...]" line to the group in force. */
static int add_section(cb_rsp *r, char *s)
{
    size_t n = strlen(s);
    if (s[n - 1] != ']')
        return cb_rsp_error(r, r->line, "the section header '%.60s' has no closing ']'.",
                            s);
    cb_rsp_field h = {NULL, "", r->line};
    char *inner = s + 1;
    inner[n - 2] = '\0';
    if (!split_assignment(inner, &h.name, &h.value))
        h.name = trim(inner, strlen(inner));
    if (!*h.name)
        return cb_rsp_error(r, r->line, "the section header has no name.");
    if (r->records_in_group) {
        r->nsections = 0;
        r->records_in_group = 0;
    }
    for (size_t i = 0; i < r->nsections; i++) {
        if (strcasecmp(r->sections[i].name, h.name) == 0) {
            r->sections[i] = h;
            return 0;
        }
    }
    if (r->nsections == CB_RSP_SECTIONS_MAX)
        return cb_rsp_error(r, r->line, "more than %d section headers in one group.",
                            CB_RSP_SECTIONS_MAX);
    r->sections[r->nsections++] = h;
    return 0;
}

/* push_field appends f to the record being read. */
static void push_field(cb_rsp *r, cb_rsp_field f)
{
    if (r->nfields == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 16;
        r->fields = cb_xrealloc(r->fields, r->cap * sizeof *r->fields);
    }
    r->fields[r->nfields++] = f;
}

/* add_field appends one "NAME = VALUE" line to the record being read. */
static int add_field(cb_rsp *r, char *s)
{
    cb_rsp_field f = {NULL, NULL, r->line};
    if (!split_assignment(s, &f.name, &f.value) &&
        !(r->colon_fields && split_at(s, ':', &f.name, &f.value)))
        return cb_rsp_error(r, r->line, "expected 'NAME = VALUE', a [section] header, a "
                                        "# comment or FAIL, not '%.60s'.", s);
    if (!*f.name)
        return cb_rsp_error(r, r->line, "the line '= %.60s' has no field name.", f.value);
    if (r->nfields == 0 && r->nsections == 0 && !r->sections_optional)
        return cb_rsp_error(r, r->line, "the record starts before any [section] header.");
    for (size_t i = 0; i < r->nfields; i++)
        if (strcasecmp(r->fields[i].name, f.name) == 0)
            return cb_rsp_error(r, r->line, "%s appears twice in one record (first at "
                                            "line %d).", f.name, r->fields[i].line);
    push_field(r, f);
    return 0;
}

/* column_record reads one line of a colon-separated format into a record. */
static int column_record(cb_rsp *r, char *s)
{
    size_t n = 0;
    while (r->columns[n])
        n++;
    for (size_t i = 0; i < n; i++) {
        char *colon = strchr(s, ':');
        if (!colon && i + 1 < n)
            return cb_rsp_error(r, r->line, "expected %zu ':'-separated values, found %zu.",
                                n, i + 1);
        if (colon)
            *colon = 0;
        push_field(r, (cb_rsp_field){r->columns[i], trim(s, strlen(s)), r->line});
        s = colon ? colon + 1 : s + strlen(s);
    }
    if (*s)
        return cb_rsp_error(r, r->line, "more than %zu ':'-separated values.", n);
    return 0;
}

/* ---- records ------------------------------------------------------------------- */

/* finish hands the record read so far to the caller. */
static int finish(cb_rsp *r, cb_rsp_record *rec)
{
    rec->line = r->fields[0].line;
    rec->fields = r->fields;
    rec->nfields = r->nfields;
    r->records_in_group++;
    return 1;
}

int cb_rsp_next(cb_rsp *r, cb_rsp_record *rec)
{
    int failed = 0;
    char *s;
    memset(rec, 0, sizeof *rec);
    r->nfields = 0;
    if (r->pending) {
        s = r->pending;
        r->pending = NULL;
        if (add_section(r, s) < 0)
            return -1;
    }
    while ((s = next_line(r, &failed)) != NULL) {
        if (*s == '#')
            continue;
        if (r->columns && *s)
            return column_record(r, s) < 0 ? -1 : finish(r, rec);
        if (*s == '\0') {
            if (r->nfields)
                return finish(r, rec);
            continue;
        }
        if (*s == '[') {
            if (r->nfields) {
                /* the header starts the next group: apply it on the next call */
                r->pending = s;
                return finish(r, rec);
            }
            if (add_section(r, s) < 0)
                return -1;
            continue;
        }
        if (strcmp(s, "FAIL") == 0) {
            if (!r->nfields)
                return cb_rsp_error(r, r->line, "FAIL stands outside a record.");
            rec->fail = 1;
            continue;
        }
        if (add_field(r, s) < 0)
            return -1;
    }
    if (failed)
        return -1;
    return r->nfields ? finish(r, rec) : 0;
}

/* ---- fields -------------------------------------------------------------------- */

static const cb_rsp_field *find(const cb_rsp_field *f, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcasecmp(f[i].name, name) == 0)
            return &f[i];
    return NULL;
}

const cb_rsp_field *cb_rsp_get(const cb_rsp_record *rec, const char *name)
{
    return find(rec->fields, rec->nfields, name);
}

const cb_rsp_field *cb_rsp_section(const cb_rsp *r, const char *name)
{
    return find(r->sections, r->nsections, name);
}


/* quoted_bytes copies the text between a value's double quotes: BoringSSL's files
 * write a readable message that way, with no escapes inside. */
static int quoted_bytes(cb_rsp *r, const cb_rsp_field *f, uint8_t **out, size_t *len)
{
    size_t n = strlen(f->value);
    if (n < 2 || f->value[n - 1] != '"')
        return cb_rsp_error(r, f->line, "%s opens a quoted string it does not close.",
                            f->name);
    *len = n - 2;
    *out = cb_xmalloc(n - 1);
    memcpy(*out, f->value + 1, n - 2);
    return 0;
}

int cb_rsp_hex(cb_rsp *r, const cb_rsp_field *f, uint8_t **out, size_t *len)
{
    size_t n = 0;
    if (r->quoted_values && f->value[0] == '"')
        return quoted_bytes(r, f, out, len);
    char *digits = cb_xmalloc(strlen(f->value) + 2);
    for (const char *p = f->value; *p; p++) {
        if (r->colon_fields && *p == ' ' && n % 2 == 0)
            continue;
        if (cb_hex_digit(*p) < 0) {
            free(digits);
            return cb_rsp_error(r, f->line, "%s has '%c', which is not a hex digit.",
                                f->name, *p);
        }
        digits[n++] = *p;
    }
    if (n % 2 && r->odd_hex) { /* a number: a leading 0 makes whole bytes */
        memmove(digits + 1, digits, n++);
        digits[0] = '0';
    }
    if (n % 2) {
        free(digits);
        return cb_rsp_error(r, f->line, "%s has an odd number of hex digits (%zu).",
                            f->name, n);
    }
    digits[n] = '\0';
    uint8_t *b = cb_xmalloc(n / 2 + 1);
    (void)cb_hex_decode(digits, b, n / 2); /* cannot fail: every digit was checked */
    free(digits);
    *out = b;
    *len = n / 2;
    return 0;
}

int cb_rsp_uint(cb_rsp *r, const cb_rsp_field *f, unsigned long max, unsigned long *out)
{
    unsigned long v = 0;
    const char *p = f->value;
    if (!*p)
        return cb_rsp_error(r, f->line, "%s is empty; it should be a whole number from 0 "
                                        "to %lu.", f->name, max);
    for (; *p; p++) {
        unsigned long d = (unsigned long)(*p - '0');
        if (*p < '0' || *p > '9' || d > max || v > (max - d) / 10)
            return cb_rsp_error(r, f->line, "%s = '%.40s' is not a whole number from 0 "
                                            "to %lu.", f->name, f->value, max);
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}
