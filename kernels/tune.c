/*
 * kernels/tune.c - tuning files read, written and looked up (kernels/tune.h).
 */
#include "kernels/tune.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/registry.h"

void cb_tune_sum(const char *text, size_t len, char sum[17])
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * UINT64_C(0x100000001b3);
    snprintf(sum, 17, "%016llx", (unsigned long long)h);
}

void cb_tune_free(cb_tune *t)
{
    free(t->r);
    t->r = NULL;
    t->n = t->cap = 0;
}

/* push appends r, growing the table. */
static void push(cb_tune *t, const cb_tune_range *r)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 64;
        t->r = cb_xrealloc(t->r, t->cap * sizeof *t->r);
    }
    t->r[t->n++] = *r;
}

void cb_tune_add(cb_tune *t, const cb_alg *a, cb_dir d, size_t from, size_t to,
                 const cb_variant *v)
{
    cb_tune_range *last = t->n ? &t->r[t->n - 1] : NULL;
    if (last && last->alg == a && last->dir == d && last->var == v && from == last->to + 1) {
        last->to = to;
        return;
    }
    push(t, &(cb_tune_range){a, d, from, to, v, 0});
}

int cb_tune_write(const cb_tune *t, FILE *f)
{
    fprintf(f, "%s\ncpu: %s\ncaps: %s\nbuild: %s\n"
            "# algorithm direction first-bytes last-bytes variant\n",
            CB_TUNE_MAGIC, t->cpu, t->caps, t->build);
    for (size_t i = 0; i < t->n; i++)
        fprintf(f, "%s %s %zu %zu %s\n", t->r[i].alg->name, cb_dir_name(t->r[i].dir),
                t->r[i].from, t->r[i].to, t->r[i].var->name);
    return ferror(f) ? -1 : 0;
}

const cb_variant *cb_tune_lookup(const cb_tune *t, const cb_alg *a, cb_dir d, size_t len)
{
    for (size_t i = 0; t && i < t->n; i++)
        if (t->r[i].alg == a && t->r[i].dir == d && t->r[i].from <= len && len <= t->r[i].to)
            return t->r[i].var;
    return NULL;
}

/* ---- reading ------------------------------------------------------------------------ */

/* shown copies at most 80 bytes of s into buf[81] as a message may quote them: a
 * byte outside printable ASCII becomes '?', so no raw input reaches a terminal. */
static const char *shown(const char *s, char *buf)
{
    size_t i = 0;
    for (; s[i] && i < 80; i++)
        buf[i] = (unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f ? '?' : s[i];
    buf[i] = '\0';
    return buf;
}

typedef struct reader {
    cb_tune *t;
    unsigned line;
    char *err;
    size_t errlen;
} reader;

/* header_field takes "cpu: X" into the header field it names; 1 taken, 0 not a
 * header line, -1 refused (said in err). */
static int header_field(reader *rd, const char *s)
{
    static const char *const keys[] = {"cpu: ", "caps: ", "build: "};
    char *fields[] = {rd->t->cpu, rd->t->caps, rd->t->build};
    size_t sizes[] = {sizeof rd->t->cpu, sizeof rd->t->caps, sizeof rd->t->build};
    for (int i = 0; i < 3; i++) {
        size_t kl = strlen(keys[i]);
        if (strncmp(s, keys[i], kl) != 0)
            continue;
        if (fields[i][0] || rd->t->n) {
            snprintf(rd->err, rd->errlen, "line %u: '%.*s' %s", rd->line, (int)(kl - 2),
                     keys[i], rd->t->n ? "comes after the ranges; the header comes first"
                                       : "is given twice");
            return -1;
        }
        if (strlen(s + kl) == 0 || strlen(s + kl) >= sizes[i]) {
            snprintf(rd->err, rd->errlen, "line %u: '%.*s' needs a value of 1 to %zu "
                     "characters", rd->line, (int)(kl - 2), keys[i], sizes[i] - 1);
            return -1;
        }
        for (const char *c = s + kl; *c; c++)
            if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f) {
                snprintf(rd->err, rd->errlen, "line %u: '%.*s' holds a byte that is no "
                         "printable ASCII, which no machine's identity has", rd->line,
                         (int)(kl - 2), keys[i]);
                return -1;
            }
        snprintf(fields[i], sizes[i], "%s", s + kl);
        return 1;
    }
    return 0;
}

/* size_of reads a block size: digits only. */
static int size_of(const char *s, size_t *out)
{
    if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 12)
        return -1;
    *out = (size_t)strtoull(s, NULL, 10);
    return 0;
}

/* range_line reads "ALG DIR FROM TO VARIANT". */
static int range_line(reader *rd, const char *s)
{
    char f[6][128];
    int got = sscanf(s, "%127s %127s %127s %127s %127s %127s", f[0], f[1], f[2], f[3], f[4],
                     f[5]);
    cb_tune_range r = {NULL, 0, 0, 0, NULL, rd->line};
    const char *why = NULL;
    char buf[256];
    int d = -1;
    if (got != 5)
        why = "is not 'ALGORITHM DIRECTION FIRST LAST VARIANT' (five words)";
    else if (!(r.alg = cb_alg_find(f[0])))
        why = "names no algorithm of this build";
    else if ((d = cb_alg_dir_named(r.alg, f[1])) < 0)
        why = "names a direction the algorithm does not have";
    else if (size_of(f[2], &r.from) || size_of(f[3], &r.to) || r.from > r.to)
        why = "needs FIRST and LAST block sizes in bytes, FIRST <= LAST";
    else if (!(r.var = cb_variant_find(r.alg, f[4])) ||
             !cb_variant_offers(r.var, r.alg, (cb_dir)d))
        why = "names a variant the algorithm does not have in that direction";
    char q[81];
    if (why) {
        snprintf(rd->err, rd->errlen, "line %u: '%s' %s", rd->line, shown(s, q), why);
        return -1;
    }
    r.dir = (cb_dir)d;
    for (size_t i = 0; i < rd->t->n; i++) {
        const cb_tune_range *o = &rd->t->r[i];
        if (o->alg == r.alg && o->dir == r.dir && r.from <= o->to && o->from <= r.to) {
            snprintf(buf, sizeof buf, "overlaps line %u's range", o->line);
            snprintf(rd->err, rd->errlen, "line %u: '%s' %s", rd->line, shown(s, q), buf);
            return -1;
        }
    }
    push(rd->t, &r);
    return 0;
}

/* one_line reads line s (its newline gone). */
static int one_line(reader *rd, char *s)
{
    size_t l = strlen(s);
    while (l && (s[l - 1] == '\r' || s[l - 1] == ' ' || s[l - 1] == '\t'))
        s[--l] = '\0';
    if (rd->line == 1) {
        if (strcmp(s, CB_TUNE_MAGIC) == 0)
            return 0;
        char q[81];
        snprintf(rd->err, rd->errlen, "line 1: '%s' is not '%s', so this is no tuning "
                 "file of this version", shown(s, q), CB_TUNE_MAGIC);
        return -1;
    }
    if (l == 0 || s[0] == '#')
        return 0;
    int h = header_field(rd, s);
    if (h)
        return h < 0 ? -1 : 0;
    if (!rd->t->cpu[0] || !rd->t->caps[0] || !rd->t->build[0]) {
        snprintf(rd->err, rd->errlen, "line %u: a range before the header's cpu:, caps: "
                 "and build: lines", rd->line);
        return -1;
    }
    return range_line(rd, s);
}

int cb_tune_parse(cb_tune *t, const char *text, size_t len, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    reader rd = {t, 0, err, errlen};
    cb_tune_sum(text, len, t->sum);
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t l = nl ? (size_t)(nl - (text + at)) : len - at;
        char *s = cb_xmalloc(l + 1);
        memcpy(s, text + at, l);
        s[l] = '\0';
        rd.line++;
        int rc = strlen(s) != l ? -1 : one_line(&rd, s);
        if (strlen(s) != l)
            snprintf(err, errlen, "line %u holds a NUL byte, which no tuning file has",
                     rd.line);
        free(s);
        if (rc != 0) {
            cb_tune_free(t);
            return -1;
        }
        at += l + 1;
    }
    if (rd.line == 0) {
        snprintf(err, errlen, "the file is empty; a tuning file's first line is '%s'",
                 CB_TUNE_MAGIC);
        cb_tune_free(t);
        return -1;
    }
    if (!t->cpu[0] || !t->caps[0] || !t->build[0]) {
        snprintf(err, errlen, "line %u: the file ends before its header's cpu:, caps: and "
                 "build: lines", rd.line);
        cb_tune_free(t);
        return -1;
    }
    return 0;
}
