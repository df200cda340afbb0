/*
 * reports/styles/tcrypt.c - the Linux tcrypt layout of the 2015 arm64 report: one
 * "testing speed of cbc(aes) (<variant>) decryption" heading per crypto API name, with
 * every key size's tests under it and their numbers running on, as tcrypt prints them:
 * "test N (K bit key, B byte blocks): N operations in 1 seconds", before -> after,
 * with the difference.  Cases compared in cycles read "1 operation in C cycles".
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/many.h"
#include "reports/styles/render.h"

static const char *dir_word(const char *d)
{
    if (strcmp(d, "encrypt") == 0)
        return " encryption";
    if (strcmp(d, "decrypt") == 0)
        return " decryption";
    return strcmp(d, "digest") == 0 ? "" : d;
}

/* updates_suffix finds the "-16B-updates" an imported several-updates hash carries
 * ("sha256-16B-updates"): returns its start and the bytes per update, or NULL. */
static const char *updates_suffix(const char *alg, size_t *per_update)
{
    size_t n = strlen(alg);
    if (n < 11 || strcmp(alg + n - 9, "B-updates") != 0)
        return NULL;
    const char *p = alg + n - 9;
    while (p > alg && p[-1] >= '0' && p[-1] <= '9')
        p--;
    if (p == alg + n - 9 || p - alg < 2 || p[-1] != '-')
        return NULL;
    *per_update = (size_t)strtoull(p, NULL, 10);
    return p - 1;
}

/* is_word reports whether the len bytes at p are one lower-case word (a mode name). */
static int is_word(const char *p, int len)
{
    for (int i = 0; i < len; i++)
        if (!((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= '0' && p[i] <= '9')))
            return 0;
    return len > 0;
}

/*
 * tcrypt_name writes the crypto API name tcrypt would print for a case's algorithm:
 * aes-128-cbc and aes-256-cbc are cbc(aes), aes-128-gcm gcm(aes), des-ede3-cbc
 * cbc(des3_ede), des-cbc cbc(des); hashes keep their names (an imported several-updates
 * hash its hash's, *per_update set); anything else is printed unchanged.
 */
static void tcrypt_name(const char *alg, char *out, size_t len, size_t *per_update)
{
    *per_update = 0;
    const char *suffix = updates_suffix(alg, per_update);
    int n = (int)(suffix ? (size_t)(suffix - alg) : strlen(alg));
    int bits = strncmp(alg, "aes-", 4) == 0 ? (int)strspn(alg + 4, "0123456789") : 0;
    if (strncmp(alg, "des-ede3-", 9) == 0 && is_word(alg + 9, n - 9))
        snprintf(out, len, "%.*s(des3_ede)", n - 9, alg + 9);
    else if (strncmp(alg, "des-", 4) == 0 && is_word(alg + 4, n - 4))
        snprintf(out, len, "%.*s(des)", n - 4, alg + 4);
    else if (bits && alg[4 + bits] == '-' && is_word(alg + 5 + bits, n - 5 - bits))
        snprintf(out, len, "%.*s(aes)", n - 5 - bits, alg + 5 + bits);
    else
        snprintf(out, len, "%.*s", n, alg);
}

/* line: one case with what orders it under its heading. */
typedef struct line {
    size_t index;       /* into the comparison's cases */
    size_t group;       /* index of the first case of its heading */
    unsigned key_bits;
    size_t block;
    size_t per_update;  /* bytes per update of a several-updates hash, else 0 */
    char name[96];      /* the crypto API name of the heading */
} line;

/* same_heading: two cases tcrypt would print under one "testing speed of" line. */
static int same_heading(const line *x, const cb_cmp_case *a, const line *y,
                        const cb_cmp_case *b)
{
    return strcmp(x->name, y->name) == 0 && a->direction == b->direction &&
           a->variant_before == b->variant_before && a->variant_after == b->variant_after &&
           a->misalign == b->misalign && a->aead == b->aead && cb_is_pkey(a) == cb_is_pkey(b) &&
           a->mask == b->mask;
}

/* tcrypt's order within a heading: key size, block size, then bytes per update, small
 * first as tcrypt's hash template lists them (one update of the whole block last);
 * the display order breaks ties. */
static int cmp_line(const void *x, const void *y)
{
    const line *a = x, *b = y;
    size_t ua = a->per_update ? a->per_update : a->block;
    size_t ub = b->per_update ? b->per_update : b->block;
    if (a->group != b->group)
        return a->group < b->group ? -1 : 1;
    if (a->key_bits != b->key_bits)
        return a->key_bits < b->key_bits ? -1 : 1;
    if (a->block != b->block)
        return a->block < b->block ? -1 : 1;
    if (ua != ub)
        return ua < ub ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

/* order_lines groups the cases under their headings in tcrypt's order. */
static line *order_lines(const cb_comparison *c)
{
    line *l = cb_xmalloc((c->n + 1) * sizeof *l);
    for (size_t i = 0; i < c->n; i++) {
        l[i].index = i;
        l[i].key_bits = c->cases[i].key_bits;
        l[i].block = c->cases[i].block_bytes;
        tcrypt_name(c->cases[i].alg, l[i].name, sizeof l[i].name, &l[i].per_update);
        l[i].group = i;
        for (size_t j = 0; j < i; j++)
            if (l[j].group == j && same_heading(&l[j], &c->cases[j], &l[i], &c->cases[i])) {
                l[i].group = j;
                break;
            }
    }
    qsort(l, c->n, sizeof *l, cmp_line);
    return l;
}

/* heading prints "testing speed of cbc(aes) (variant) decryption", with " [-aes]" for
 * two sweeps' mask. */
static void heading(const line *l, const cb_cmp_case *k, FILE *out)
{
    fprintf(out, "testing speed of %s", l->name);
    if (k->variant_before == k->variant_after)
        fprintf(out, " (%s)", k->variant_before);
    else
        fprintf(out, " (%s -> %s)", k->variant_before, k->variant_after);
    const char *d = dir_word(k->direction);
    fprintf(out, "%s%s", d[0] && d[0] != ' ' ? " " : "", d);
    if (k->mask)
        fprintf(out, " [%s]", k->mask);
    if (k->misalign)
        fprintf(out, " misalign %u", k->misalign);
    fprintf(out, "%s\n", k->aead ? " aead" : "");
}

/* test_what writes what a test line's parentheses say: key, block, updates. */
static void test_what(const line *l, const cb_cmp_case *k, char *what, size_t len)
{
    if (cb_is_pkey(k))
        snprintf(what, len, "%u bit key", k->key_bits);
    else if (l->per_update)
        snprintf(what, len, "%zu byte blocks, %zu bytes per update, %zu updates",
                 k->block_bytes, l->per_update, k->block_bytes / l->per_update);
    else if (k->key_bits && strcmp(k->direction, "digest") != 0)
        snprintf(what, len, "%u bit key, %zu byte blocks", k->key_bits, k->block_bytes);
    else
        snprintf(what, len, "%zu byte blocks", k->block_bytes);
}

/* test_line prints one case as tcrypt's "test N (...): ..." line, before -> after. */
static void test_line(const line *l, const cb_cmp_case *k, unsigned test, FILE *out)
{
    char pct[32], what[96];
    test_what(l, k, what, sizeof what);
    if (k->cycles)
        fprintf(out, "test %u (%s): 1 operation in %.0f cycles -> 1 operation in %.0f "
                "cycles: %s\n", test, what, k->cycles_before, k->cycles_after,
                cb_fmt_case_pct(k, pct, sizeof pct));
    else
        fprintf(out, "test %u (%s): %.0f operations in 1 seconds -> %.0f operations in 1 "
                "seconds: %s\n", test, what, k->ops_before, k->ops_after,
                cb_fmt_case_pct(k, pct, sizeof pct));
}

/* two_sides: the layout of two sides, one comparison. */
static void two_sides(const cb_comparison *c, FILE *out)
{
    cb_render_header(c, out, "");
    line *l = order_lines(c);
    unsigned test = 0;
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[l[i].index];
        if (i == 0 || l[i].group != l[i - 1].group) {
            fputc('\n', out);
            heading(&l[i], k, out);
            test = 0;
        }
        test_line(&l[i], k, test++, out);
    }
    free(l);
    fputc('\n', out);
    cb_render_footer(c, out, "");
}

/* cb_render_tcrypt: two sides as two_sides writes them; of three or more files, the
 * headings and tests of the base, each test line going on with every file's figure and
 * difference: "... -> rpi4: N operations (+x%), ...". */
void cb_render_tcrypt(const cb_compare_many *m, FILE *out)
{
    if (cb_render_two_sides(m, two_sides, out))
        return;
    cb_many_header(m, out, "");
    line prev;
    memset(&prev, 0, sizeof prev);
    unsigned test = 0;
    for (size_t r = 0; r < m->nrows; r++) {
        const cb_cmp_case *b = m->rows[r].base;
        line l;
        memset(&l, 0, sizeof l);
        l.block = b->block_bytes;
        l.key_bits = b->key_bits;
        tcrypt_name(b->alg, l.name, sizeof l.name, &l.per_update);
        if (r == 0 || !same_heading(&prev, m->rows[r - 1].base, &l, b) ||
            strcmp(m->rows[r - 1].base->variant_before, b->variant_before) != 0) {
            cb_cmp_case h = *b;
            h.variant_after = h.variant_before;
            fputc('\n', out);
            heading(&l, &h, out);
            test = 0;
        }
        prev = l;
        char what[96], pct[32], name[64];
        test_what(&l, b, what, sizeof what);
        const char *unit = b->cycles ? "cycles" : "operations in 1 seconds";
        fprintf(out, "test %u (%s): %.0f %s ->", test++, what,
                b->cycles ? b->cycles_before : b->ops_before, unit);
        for (size_t j = 0; j < m->ncols; j++) {
            const cb_cmp_case *k = cb_many_case(m, r, j);
            fprintf(out, "%s %s: ", j ? "," : "", cb_many_col_name(m, j, 24, name, sizeof name));
            if (k)
                fprintf(out, "%.0f (%s)", k->cycles ? k->cycles_after : k->ops_after,
                        cb_fmt_case_pct(k, pct, sizeof pct));
            else
                fputs("-", out);
        }
        fputc('\n', out);
    }
    fputc('\n', out);
    cb_many_footer(m, out, "");
}
