/*
 * reports/plot/plot.c - results files reduced to what `plot` draws: series x block sizes,
 * each point the median of its samples' bytes per second with the 95% interval of
 * that median (base/stats.h), or the status that kept it from being measured.
 *
 * A series is one case without its size: algorithm, variant, direction, key size,
 * misalignment, AEAD flags and, when several files are given, the file.  What names
 * a file in the legend is the first run field whose value differs between every
 * pair of files (build, host, library, library env), else the file name, so two
 * builds on one board read "[3f2a9c1d0e4b]" rather than two paths.
 */
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/outfile.h"
#include "base/sample.h"
#include "base/stats.h"
#include "reports/csv/csv.h"
#include "reports/plot/plot.h"

/* series_key: what rows of one series share. */
typedef struct series_key {
    size_t file;
    const char *alg, *variant, *direction;
    unsigned key_bits, misalign;
    int aead;
} series_key;

/* cell: the rows of one series at one size. */
typedef struct cell {
    double *rates;
    size_t n, cap;
    unsigned outcomes; /* bits of OUTCOME_* seen in unmeasured rows */
} cell;

/* The statuses that are outcomes rather than measurements (docs/csv.md, 1.3). */
static const char *const outcome_names[] = {"faulted", "failed", "skipped"};
#define OUTCOMES (sizeof outcome_names / sizeof outcome_names[0])

/* builder: the model being made from one set of rows. */
typedef struct builder {
    const cb_csv_set *set;
    const char *const *paths;
    size_t nfiles;
    size_t *file_start; /* file i holds rows file_start[i] .. file_start[i + 1] - 1 */
    series_key *keys;
    size_t nkeys, capkeys;
    size_t *sizes;
    size_t nsizes, capsizes;
    cell *cells; /* nkeys x nsizes */
} builder;

static void set_err(char *err, size_t errlen, const char *fmt, const char *a, const char *b)
{
    snprintf(err, errlen, fmt, a, b);
}

/* plotted: does a row belong on a throughput plot (public-key rows have no size)? */
static int plotted(const cb_csv_row *r)
{
    return r->s.block_bytes > 0;
}

static int same_key(const series_key *a, const series_key *b)
{
    return a->file == b->file && a->key_bits == b->key_bits && a->misalign == b->misalign &&
           a->aead == b->aead && strcmp(a->alg, b->alg) == 0 &&
           strcmp(a->variant, b->variant) == 0 && strcmp(a->direction, b->direction) == 0;
}

static size_t key_index(builder *b, const series_key *k, int add)
{
    for (size_t i = 0; i < b->nkeys; i++)
        if (same_key(&b->keys[i], k))
            return i;
    if (!add)
        return (size_t)-1;
    if (b->nkeys == b->capkeys) {
        b->capkeys = b->capkeys ? 2 * b->capkeys : 16;
        b->keys = cb_xrealloc(b->keys, b->capkeys * sizeof *b->keys);
    }
    b->keys[b->nkeys] = *k;
    return b->nkeys++;
}

static void add_size(builder *b, size_t size)
{
    for (size_t i = 0; i < b->nsizes; i++)
        if (b->sizes[i] == size)
            return;
    if (b->nsizes == b->capsizes) {
        b->capsizes = b->capsizes ? 2 * b->capsizes : 16;
        b->sizes = cb_xrealloc(b->sizes, b->capsizes * sizeof *b->sizes);
    }
    b->sizes[b->nsizes++] = size;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

static size_t size_index(const builder *b, size_t size)
{
    for (size_t i = 0; i < b->nsizes; i++)
        if (b->sizes[i] == size)
            return i;
    return (size_t)-1;
}

static size_t file_of(const builder *b, size_t row)
{
    size_t f = 0;
    while (f + 1 < b->nfiles && row >= b->file_start[f + 1])
        f++;
    return f;
}

static series_key key_of(const builder *b, size_t row)
{
    const cb_csv_row *r = cb_csv_set_row(b->set, row);
    series_key k = {file_of(b, row), r->s.alg, r->s.variant, r->s.direction,
                    r->s.key_bits, r->s.misalign, r->s.aead};
    return k;
}

/* gather makes the series, the sizes and the cells from every plotted row. */
static void gather(builder *b)
{
    size_t n = cb_csv_set_count(b->set);
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *r = cb_csv_set_row(b->set, i);
        if (!plotted(r))
            continue;
        series_key k = key_of(b, i);
        key_index(b, &k, 1);
        add_size(b, r->s.block_bytes);
    }
    if (b->nsizes)
        qsort(b->sizes, b->nsizes, sizeof *b->sizes, cmp_size);
    b->cells = cb_xcalloc(b->nkeys * b->nsizes + 1, sizeof *b->cells);
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *r = cb_csv_set_row(b->set, i);
        if (!plotted(r))
            continue;
        series_key k = key_of(b, i);
        cell *c = &b->cells[key_index(b, &k, 0) * b->nsizes + size_index(b, r->s.block_bytes)];
        if (!cb_sample_measured(&r->s)) {
            for (size_t o = 0; o < OUTCOMES; o++)
                if (strcmp(r->s.status, outcome_names[o]) == 0)
                    c->outcomes |= 1u << o;
            continue;
        }
        if (r->bytes_per_sec <= 0)
            continue; /* a cycles-only row (tcrypt cycle mode) has no throughput */
        if (c->n == c->cap) {
            c->cap = c->cap ? 2 * c->cap : 8;
            c->rates = cb_xrealloc(c->rates, c->cap * sizeof *c->rates);
        }
        c->rates[c->n++] = r->bytes_per_sec;
    }
}

/* file_field: the run field a file is named by, as "what differs" reads it. */
typedef struct file_field {
    const char *name; /* for the subtitle: "files differ in build" */
    const char *(*get)(const cb_csv_row *r);
} file_field;

static const char *get_build(const cb_csv_row *r) { return r->run->build_rev; }
static const char *get_host(const cb_csv_row *r) { return r->run->hostname; }
static const char *get_lib(const cb_csv_row *r) { return cb_provenance_str(&r->s.lib, CB_PROV_LIBRARY); }
static const char *get_env(const cb_csv_row *r) { return cb_provenance_str(&r->s.lib, CB_PROV_ENV); }

static const file_field file_fields[] = {
    {"build", get_build},
    {"host", get_host},
    {"library", get_lib},
    {"library env", get_env},
};

/* file_value returns, malloc'ed, the field's distinct values over file f's plotted
 * rows joined by '+'. */
static char *file_value(const builder *b, size_t f, const file_field *ff)
{
    cb_buf v = {0};
    cb_buf_printf(&v, "%s", "");
    size_t end = f + 1 < b->nfiles ? b->file_start[f + 1] : cb_csv_set_count(b->set);
    for (size_t i = b->file_start[f]; i < end; i++) {
        const cb_csv_row *r = cb_csv_set_row(b->set, i);
        if (!plotted(r))
            continue;
        const char *s = ff->get(r);
        int seen = 0;
        for (size_t j = b->file_start[f]; j < i && !seen; j++) {
            const cb_csv_row *q = cb_csv_set_row(b->set, j);
            seen = plotted(q) && strcmp(ff->get(q), s) == 0;
        }
        if (!seen)
            cb_buf_printf(&v, "%s%s", v.len ? "+" : "", s);
    }
    return v.s;
}

static void free_strings(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* short_name returns, malloc'ed, path without its folders and a ".csv" ending. */
static char *short_name(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base && base[1] ? base + 1 : path;
    char *s = cb_xstrdup(base);
    size_t n = strlen(s);
    if (n > 4 && strcmp(s + n - 4, ".csv") == 0)
        s[n - 4] = '\0';
    return s;
}

/* file_names returns one legend name per file (malloc'ed) and sets *axis to what
 * they are: the first field whose values tell every pair of files apart, else the
 * files' names. */
static char **file_names(const builder *b, const char **axis)
{
    for (size_t k = 0; k < sizeof file_fields / sizeof file_fields[0]; k++) {
        char **v = cb_xcalloc(b->nfiles, sizeof *v);
        int distinct = 1;
        for (size_t f = 0; f < b->nfiles; f++) {
            v[f] = file_value(b, f, &file_fields[k]);
            for (size_t g = 0; g < f && distinct; g++)
                distinct = strcmp(v[f], v[g]) != 0;
            distinct = distinct && v[f][0];
        }
        if (distinct) {
            *axis = file_fields[k].name;
            return v;
        }
        free_strings(v, b->nfiles);
    }
    /* a legend entry has room for a name, not a path: the base name without ".csv",
     * unless two files share it */
    char **v = cb_xcalloc(b->nfiles, sizeof *v);
    int distinct = 1;
    for (size_t f = 0; f < b->nfiles; f++) {
        v[f] = short_name(b->paths[f]);
        for (size_t g = 0; g < f && distinct; g++)
            distinct = strcmp(v[f], v[g]) != 0;
    }
    for (size_t f = 0; f < b->nfiles && !distinct; f++) {
        free(v[f]);
        v[f] = cb_xstrdup(b->paths[f]);
    }
    *axis = "file";
    return v;
}

/* varies: do the series differ in the field that cmp compares? */
static int varies(const builder *b, int (*differ)(const series_key *, const series_key *))
{
    for (size_t i = 1; i < b->nkeys; i++)
        if (differ(&b->keys[0], &b->keys[i]))
            return 1;
    return 0;
}

static int differ_direction(const series_key *a, const series_key *c) { return strcmp(a->direction, c->direction) != 0; }
static int differ_aead(const series_key *a, const series_key *c) { return a->aead != c->aead; }
static int differ_misalign(const series_key *a, const series_key *c) { return a->misalign != c->misalign; }

static void fill_point(cb_plot_point *pt, cell *c)
{
    pt->samples = c->n;
    if (c->outcomes) {
        pt->state = CB_PLOT_UNMEASURED;
    } else if (c->n) {
        pt->state = CB_PLOT_MEASURED;
        cb_median_ci(c->rates, c->n, &pt->lo, &pt->hi);
        pt->median = cb_median(c->rates, c->n);
    }
}

/* make_series turns series i into the model's, or returns 0 when it has no point. */
static int make_series(const builder *b, size_t i, char *const *fnames, cb_plot_series *s)
{
    const series_key *k = &b->keys[i];
    unsigned outcomes = 0;
    int any = 0;
    s->pts = cb_xcalloc(b->nsizes, sizeof *s->pts);
    for (size_t z = 0; z < b->nsizes; z++) {
        cell *c = &b->cells[i * b->nsizes + z];
        fill_point(&s->pts[z], c);
        outcomes |= c->outcomes;
        any |= s->pts[z].state != CB_PLOT_ABSENT;
    }
    if (!any) {
        free(s->pts);
        return 0;
    }
    cb_buf l = {0};
    cb_buf_printf(&l, "%s %s", k->alg, k->variant);
    if (varies(b, differ_direction))
        cb_buf_printf(&l, " %s", k->direction);
    if (varies(b, differ_aead) && k->aead)
        cb_buf_printf(&l, " aead=%d", k->aead);
    if (varies(b, differ_misalign))
        cb_buf_printf(&l, " misalign %u", k->misalign);
    if (b->nfiles > 1)
        cb_buf_printf(&l, " [%s]", fnames[k->file]);
    s->label = l.s;
    cb_buf u = {0};
    cb_buf_printf(&u, "%s", "");
    for (size_t o = 0; o < OUTCOMES; o++)
        if (outcomes & (1u << o))
            cb_buf_printf(&u, "%s%s", u.len ? ", " : "", outcome_names[o]);
    s->unmeasured = u.s;
    return 1;
}

/* shared returns the value every plotted row holds in a run field, or NULL. */
static const char *shared(const builder *b, const char *(*get)(const cb_csv_row *r))
{
    const char *v = NULL;
    for (size_t i = 0; i < cb_csv_set_count(b->set); i++) {
        const cb_csv_row *r = cb_csv_set_row(b->set, i);
        if (!plotted(r))
            continue;
        if (v && strcmp(v, get(r)) != 0)
            return NULL;
        v = get(r);
    }
    return v && v[0] ? v : NULL;
}

static const char *get_cpu(const cb_csv_row *r) { return r->run->cpu_model; }

static char *subtitle(const builder *b, const char *axis)
{
    cb_buf t = {0};
    cb_buf_printf(&t, "median of each case's samples, 95%% interval of the median");
    const char *cpu = shared(b, get_cpu), *host = shared(b, get_host);
    if (cpu)
        cb_buf_printf(&t, "; %s", cpu);
    if (host)
        cb_buf_printf(&t, " on %s", host);
    if (b->nfiles > 1)
        cb_buf_printf(&t, "; [%s] names the file", axis);
    return t.s;
}

static cb_plot *build(builder *b, char *err, size_t errlen)
{
    gather(b);
    const char *axis = "file";
    char **fnames = b->nfiles > 1 ? file_names(b, &axis) : NULL;
    cb_plot *p = cb_xcalloc(1, sizeof *p);
    p->series = cb_xcalloc(b->nkeys + 1, sizeof *p->series);
    for (size_t i = 0; i < b->nkeys; i++)
        p->nseries += (size_t)make_series(b, i, fnames, &p->series[p->nseries]);
    if (fnames)
        free_strings(fnames, b->nfiles);
    if (p->nseries == 0) {
        set_err(err, errlen, "nothing to plot: %s%s holds no throughput at any block size "
                "(public-key and cycles-only rows have none).", b->paths[0],
                b->nfiles > 1 ? " and the other files" : "");
        cb_plot_free(p);
        return NULL;
    }
    p->sizes = b->sizes;
    p->nsizes = b->nsizes;
    b->sizes = NULL;
    p->subtitle = subtitle(b, axis);
    return p;
}

cb_plot *cb_plot_load(const char *const *paths, size_t n, char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(paths[i], paths[j]) == 0 || cb_path_same(paths[i], paths[j])) {
                set_err(err, errlen, "%s is given twice%s; name each file once.", paths[i], "");
                return NULL;
            }
    builder b;
    memset(&b, 0, sizeof b);
    b.set = NULL;
    b.paths = paths;
    b.nfiles = n;
    b.file_start = cb_xcalloc(n + 1, sizeof *b.file_start);
    cb_csv_set *set = cb_csv_set_new();
    b.set = set;
    cb_plot *p = NULL;
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++) {
        b.file_start[i] = cb_csv_set_count(set);
        ok = cb_csv_read_file(set, paths[i], err, errlen) == 0;
    }
    if (ok)
        p = build(&b, err, errlen);
    for (size_t i = 0; b.cells && i < b.nkeys * b.nsizes; i++)
        free(b.cells[i].rates);
    free(b.cells);
    free(b.keys);
    free(b.sizes);
    free(b.file_start);
    cb_csv_set_free(set);
    return p;
}

void cb_plot_free(cb_plot *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->nseries; i++) {
        free(p->series[i].label);
        free(p->series[i].unmeasured);
        free(p->series[i].pts);
    }
    free(p->series);
    free(p->sizes);
    free(p->subtitle);
    free(p);
}
