/*
 * reports/import/common.c - the small parsers and the error and list helpers every
 * log reader shares (reports/import/common.h).
 */
#include "reports/import/common.h"

#include "base/json_read.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/registry.h"

const char *const cb_imp_pk_dirs[PK_COUNT] = {"", "sign", "verify", "encrypt", "decrypt",
                                              "derive", "keygen", "encaps", "decaps"};

int cb_imp_fail(importer *im, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(im->err, im->errlen, "%s:%lu: %s", im->name, im->line, msg);
    return -1;
}

measure *cb_imp_push(mlist *l)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        l->v = cb_xrealloc(l->v, l->cap * sizeof *l->v);
    }
    measure *m = &l->v[l->n++];
    memset(m, 0, sizeof *m);
    m->rate = -1;
    return m;
}

void cb_imp_copy_name(char *dst, const char *src, size_t len)
{
    if (len >= NAME_LEN)
        len = NAME_LEN - 1;
    memcpy(dst, src, len);
    dst[len] = 0;
}

void cb_imp_add_option(importer *im, const char *name, const char *value)
{
    size_t used = strlen(im->options);
    if (used + 1 < sizeof im->options)
        snprintf(im->options + used, sizeof im->options - used, "%s%s %s", used ? "; " : "",
                 name, value);
}

void cb_imp_trim(char *out, size_t outlen, const char *s, size_t len)
{
    while (len && isspace((unsigned char)*s))
        s++, len--;
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    snprintf(out, outlen, "%.*s", (int)len, s);
}

/* cb_imp_lower_copy copies src into dst (of size len) in lower case. */
void cb_imp_lower_copy(char *dst, size_t len, const char *src)
{
    size_t i = 0;
    for (; src[i] && i + 1 < len; i++)
        dst[i] = (char)tolower((unsigned char)src[i]);
    dst[i] = 0;
}

/* cb_imp_normalise writes text lower case, each run of anything but letters, digits, '.' and
 * '_' one '-', none at either end: "ECDSA P-256" is ecdsa-p-256, "SHA-512/256"
 * sha-512-256, "RSA 2048 verify (fresh key)" rsa-2048-verify-fresh-key. */
void cb_imp_normalise(char *out, size_t len, const char *text)
{
    size_t o = 0;
    for (const char *p = text; *p && o + 1 < len; p++) {
        unsigned char c = (unsigned char)*p;
        if (isalnum(c) || c == '.' || c == '_')
            out[o++] = (char)tolower(c);
        else if (o && out[o - 1] != '-')
            out[o++] = '-';
    }
    while (o && out[o - 1] == '-')
        o--;
    out[o] = 0;
}

/* ---- small parsers, shared with the format readers --------------------------------------------------------------- */

int cb_imp_tokenize(char *s, char **tok)
{
    int n = 0;
    for (char *p = strtok(s, " \t"); p && n < MAX_TOKENS; p = strtok(NULL, " \t"))
        tok[n++] = p;
    return n;
}

int cb_imp_all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* json_failed hands a refusal of base/json_read.c to the importer. */
static void json_failed(void *ctx, unsigned long line, const char *msg)
{
    importer *im = ctx;
    im->line = line;
    cb_imp_fail(im, "%s", msg);
}

void cb_imp_json_start(cb_json *j, importer *im, const char *what, const char *text,
                       size_t len)
{
    memset(j, 0, sizeof *j);
    j->what = what;
    j->text = j->p = text;
    j->end = text + len;
    j->fail = json_failed;
    j->ctx = im;
}

/* cb_imp_parse_count reads a whole number that is the whole of s. */
int cb_imp_parse_count(const char *s, uint64_t *out)
{
    if (!cb_imp_all_digits(s) || strlen(s) > 19)
        return -1;
    *out = strtoull(s, NULL, 10);
    return 0;
}

/* cb_imp_parse_decimal reads "123.45" (digits, at most one '.'); the whole of s. */
int cb_imp_parse_decimal(const char *s, size_t len, double *out)
{
    char buf[CB_IMP_DECIMAL_MAX + 1];
    int dots = 0;
    if (len == 0 || len >= sizeof buf || !isdigit((unsigned char)s[0]))
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '.')
            dots++;
        else if (!isdigit((unsigned char)s[i]))
            return -1;
    }
    if (dots > 1)
        return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    *out = strtod(buf, NULL);
    return isfinite(*out) ? 0 : -1;
}

/* cb_imp_parse_table_value reads "1411716.28k" (x1000) or "9999.99" (bytes per second),
 * either with cryptobench's noisy mark after it ("1411716.28k*"). */
int cb_imp_parse_table_value(const char *s, double *out)
{
    size_t len = strlen(s);
    if (len > 1 && s[len - 1] == '*')
        len--;
    int k = len > 0 && s[len - 1] == 'k';
    if (cb_imp_parse_decimal(s, len - (size_t)k, out) != 0)
        return -1;
    if (k)
        *out *= 1000;
    return 0;
}

/* cb_imp_parse_seconds reads "2.99s". */
int cb_imp_parse_seconds(const char *s, double *out)
{
    size_t len = strlen(s);
    if (len < 2 || s[len - 1] != 's')
        return -1;
    return cb_imp_parse_decimal(s, len - 1, out);
}

/* cb_imp_symmetric_alg returns cryptobench's algorithm called name and writes its canonical
 * spelling over name; NULL (name unchanged) when it has none or a public-key one. */
const cb_alg *cb_imp_symmetric_alg(char *name, size_t len)
{
    const cb_alg *a = cb_alg_find(name);
    if (!a || a->kind == CB_KIND_PKEY)
        return NULL;
    snprintf(name, len, "%s", a->name);
    return a;
}

int cb_imp_times_direction(const cb_alg *a, const char *dir)
{
    return cb_alg_dir_named(a, dir) >= 0;
}
