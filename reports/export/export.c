/*
 * reports/export/export.c - the cases every export format writes and their names.  The
 * table of formats is table.c, above the writers, which use these.
 */
#include "reports/export/export.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/stats.h"

/* holds_bits: does the algorithm's name already say its key size (aes-128-cbc,
 * rsa2048)?  Then the name needs no /kBITS. */
static int holds_bits(const char *alg, unsigned bits)
{
    char digits[16];
    snprintf(digits, sizeof digits, "%u", bits);
    return bits == 0 || strstr(alg, digits) != NULL;
}

const char *cb_export_name(const cb_sample *s, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "%s/%s/%s", s->alg, s->variant, s->direction);
    if (used < len && !holds_bits(s->alg, s->key_bits))
        used += (size_t)snprintf(buf + used, len - used, "/k%u", s->key_bits);
    if (used < len)
        used += (size_t)snprintf(buf + used, len - used, "/%zu", s->block_bytes);
    if (used < len && s->misalign)
        used += (size_t)snprintf(buf + used, len - used, "/misalign%u", s->misalign);
    if (used < len && (s->aead & 1))
        used += (size_t)snprintf(buf + used, len - used, "/aad");
    if (used < len && (s->aead & 2))
        snprintf(buf + used, len - used, "/rekey");
    return buf;
}

/* same_case: the tuple docs/csv.md calls a case; strings of one set compare by
 * pointer, since they are interned. */
static int same_case(const cb_sample *a, const cb_sample *b)
{
    return a->alg == b->alg && a->variant == b->variant && a->direction == b->direction &&
           a->key_bits == b->key_bits && a->block_bytes == b->block_bytes &&
           a->misalign == b->misalign && a->aead == b->aead;
}

/* outcome_rank orders what a row says about its case: a fault outweighs a failed
 * check, which outweighs a skip; 0 is a measurement. */
static int outcome_rank(const char *status)
{
    if (strcmp(status, "faulted") == 0)
        return 3;
    if (strcmp(status, "failed") == 0)
        return 2;
    if (strcmp(status, "skipped") == 0)
        return 1;
    return 0;
}

static cb_export_case *find_or_add(cb_export_cases *cs, size_t *cap, const cb_csv_row *r)
{
    for (size_t i = cs->n; i-- > 0;)
        if (same_case(&cs->c[i].first->s, &r->s))
            return &cs->c[i];
    if (cs->n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        cs->c = cb_xrealloc(cs->c, *cap * sizeof *cs->c);
    }
    cb_export_case *k = &cs->c[cs->n++];
    memset(k, 0, sizeof *k);
    k->first = r;
    k->status = "ok";
    k->why = "";
    cb_export_name(&r->s, k->name, sizeof k->name);
    return k;
}

/* summarize computes a measured case's median and interval of bytes per second. */
static void summarize(cb_export_case *k)
{
    double *v = cb_xmalloc((k->n ? k->n : 1) * sizeof *v);
    for (size_t i = 0; i < k->n; i++)
        v[i] = k->rows[i]->bytes_per_sec;
    cb_median_ci(v, k->n, &k->lo, &k->hi);
    k->median = cb_median(v, k->n);
    free(v);
}

/* keep_measured drops the measured cases without a byte rate, counting them. */
static void keep_measured(cb_export_cases *cs)
{
    size_t w = 0;
    for (size_t i = 0; i < cs->n; i++) {
        cb_export_case *k = &cs->c[i];
        int rated = 1;
        for (size_t j = 0; j < k->n; j++)
            rated = rated && k->rows[j]->bytes_per_sec > 0;
        if (strcmp(k->status, "ok") == 0 && (!rated || k->n == 0)) {
            free(k->rows);
            cs->no_rate++;
            continue;
        }
        if (strcmp(k->status, "ok") == 0)
            summarize(k);
        cs->c[w++] = *k;
    }
    cs->n = w;
}

int cb_export_group(const cb_csv_set *set, cb_export_cases *out, char *err, size_t errlen)
{
    size_t cap = 0, n = cb_csv_set_count(set);
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        if (r->s.workers > 1) {
            snprintf(err, errlen, "%s:%lu: a speed -multi run's rows are per worker, which "
                     "export does not sum; export normal runs, or compare -multi runs with "
                     "compare.", r->file, r->line);
            cb_export_cases_free(out);
            return -1;
        }
        cb_export_case *k = find_or_add(out, &cap, r);
        int rank = outcome_rank(r->s.status);
        if (rank > outcome_rank(k->status)) {
            k->status = r->s.status;
            k->why = r->s.note && *r->s.note ? r->s.note
                     : r->s.signal && *r->s.signal ? r->s.signal : "";
        }
        if (rank == 0) {
            k->rows = cb_xrealloc(k->rows, (k->n + 1) * sizeof *k->rows);
            k->rows[k->n++] = r;
        }
    }
    keep_measured(out);
    return 0;
}

void cb_export_cases_free(cb_export_cases *cs)
{
    for (size_t i = 0; i < cs->n; i++)
        free(cs->c[i].rows);
    free(cs->c);
    memset(cs, 0, sizeof *cs);
}
