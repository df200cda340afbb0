/*
 * tests/fuzz/fuzz_common.c - the checks shared by the fuzz targets.
 */
#include "tests/fuzz/fuzz_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reports/compare/compare.h"
#include "reports/format/utf8.h"
#include "reports/styles/styles.h"

void fuzz_check_error(const char *err, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(err, name, n) != 0 || err[n] != ':' || err[n + 1] < '0' || err[n + 1] > '9') {
        fprintf(stderr, "error without file:line: '%s'\n", err);
        abort();
    }
}

void fuzz_exercise(const cb_csv_set *set)
{
    size_t n = cb_csv_set_count(set), cut = n / 2;
    const cb_csv_row **rows = malloc((n + 1) * sizeof *rows);
    for (size_t i = 0; i < n; i++) {
        rows[i] = cb_csv_set_row(set, i);
        if (!isfinite(rows[i]->ops_per_sec) || rows[i]->ops_per_sec < 0)
            abort();
    }
    cb_compare_opts o = cb_compare_default_opts();
    o.gate = 1;
    o.threshold_pct = 5;
    cb_comparison c;
    memset(&c, 0, sizeof c);
    char err[1024];
    if (cb_compare_rows(&c, rows, cut, rows + cut, n - cut, &o, NULL, err, sizeof err) == 0) {
        for (size_t s = 0; s < cb_compare_style_count(); s++) {
            char *buf = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&buf, &len);
            cb_compare_render(&c, cb_compare_style_at(s)->name, f);
            fclose(f);
            free(buf);
        }
    }
    cb_comparison_free(&c);
    free(rows);
}

void fuzz_roundtrip(const cb_csv_set *set)
{
    char dir[] = "/tmp/cb-fuzz-XXXXXX", path[64], err[1024];
    if (!mkdtemp(dir))
        return; /* no scratch space: nothing to learn about the code */
    snprintf(path, sizeof path, "%s/rows.csv", dir);
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    if (!w)
        abort();
    size_t n = cb_csv_set_count(set);
    for (size_t i = 0; i < n; i++)
        if (cb_csv_write_row(w, cb_csv_set_row(set, i)) != 0)
            abort();
    if (cb_csv_commit(w, err, sizeof err) != 0)
        abort();
    cb_csv_set *back = cb_csv_set_new();
    if (cb_csv_read_file(back, path, err, sizeof err) != 0 || cb_csv_set_count(back) != n) {
        fprintf(stderr, "rows written do not read back: %s\n", err);
        abort();
    }
    cb_csv_set_free(back);
    unlink(path);
    rmdir(dir);
}

void fuzz_check_text(const char *text, size_t len, const char *what)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + len;
    while (p < end) {
        size_t n = *p >= 0x80 ? cb_utf8_len(p) : 1;
        if (n == 0 || (size_t)(end - p) < n || (*p < 0x20 && *p != '\n' && *p != '\t')) {
            fprintf(stderr, "%s: byte 0x%02x at offset %zu is no text\n", what, *p,
                    (size_t)(p - (const unsigned char *)text));
            abort();
        }
        p += n;
    }
}

/* The JSON checker: a recursive descent over RFC 8259's grammar. */
typedef struct json_in {
    const char *p, *end;
    int depth;
} json_in;

static void json_ws(json_in *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

static int json_lit(json_in *j, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0)
        return 0;
    j->p += n;
    return 1;
}

static int json_digits(json_in *j)
{
    const char *s = j->p;
    while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
        j->p++;
    return j->p > s;
}

static int json_number(json_in *j)
{
    if (j->p < j->end && *j->p == '-')
        j->p++;
    if (j->p < j->end && *j->p == '0')
        j->p++;
    else if (!json_digits(j))
        return 0;
    if (j->p < j->end && *j->p == '.') {
        j->p++;
        if (!json_digits(j))
            return 0;
    }
    if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
        j->p++;
        if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
            j->p++;
        if (!json_digits(j))
            return 0;
    }
    return 1;
}

static int json_string(json_in *j)
{
    if (j->p >= j->end || *j->p != '"')
        return 0;
    for (j->p++; j->p < j->end; j->p++) {
        unsigned char c = (unsigned char)*j->p;
        if (c == '"') {
            j->p++;
            return 1;
        }
        if (c < 0x20)
            return 0;
        if (c == '\\') {
            if (++j->p >= j->end || !strchr("\"\\/bfnrtu", *j->p))
                return 0;
            if (*j->p == 'u')
                for (int k = 0; k < 4; k++)
                    if (++j->p >= j->end || !strchr("0123456789abcdefABCDEF", *j->p))
                        return 0;
        }
    }
    return 0;
}

static int json_value(json_in *j);

/* json_items reads the members of an object (keyed) or an array up to close. */
static int json_items(json_in *j, int keyed, char close)
{
    j->p++;
    json_ws(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        return 1;
    }
    for (;;) {
        if (keyed) {
            if (!json_string(j))
                return 0;
            json_ws(j);
            if (j->p >= j->end || *j->p++ != ':')
                return 0;
        }
        if (!json_value(j))
            return 0;
        json_ws(j);
        if (j->p >= j->end)
            return 0;
        if (*j->p == close) {
            j->p++;
            return 1;
        }
        if (*j->p++ != ',')
            return 0;
        json_ws(j);
    }
}

static int json_value(json_in *j)
{
    json_ws(j);
    if (j->p >= j->end || ++j->depth > 64)
        return 0;
    int ok;
    switch (*j->p) {
    case '{': ok = json_items(j, 1, '}'); break;
    case '[': ok = json_items(j, 0, ']'); break;
    case '"': ok = json_string(j); break;
    case 't': ok = json_lit(j, "true"); break;
    case 'f': ok = json_lit(j, "false"); break;
    case 'n': ok = json_lit(j, "null"); break;
    default: ok = json_number(j); break;
    }
    j->depth--;
    return ok;
}

void fuzz_check_json(const char *text, size_t len, const char *what)
{
    fuzz_check_text(text, len, what);
    json_in j = {text, text + len, 0};
    int ok = json_value(&j);
    json_ws(&j);
    if (!ok || j.p != j.end) {
        fprintf(stderr, "%s: not JSON at offset %zu\n", what, (size_t)(j.p - text));
        abort();
    }
}
