/*
 * reports/sinks/text.c - `openssl speed`'s output over the run's records: a progress
 * line per case as it ends (-mr: +DT/+R on stdout), then the tables.  A case that
 * was not measured is a cell saying what it is ("faulted"), never a number.
 */
#include "reports/sinks/sinks.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/format/openssl_out.h"

typedef struct text_sink {
    int mr;
    const cb_sink_run *run;
    double *rate, *cpb;       /* [entry * nsizes + size]; < 0: none */
    const char **outcome;     /* likewise: NULL for a measured case */
    double *worker_rate;      /* -multi: [(worker * nentries + entry) * nsizes + size] */
    const char **worker_outcome; /* likewise */
    cb_provenance *lib;       /* [entry]: where its variant came from, from its cases */
    unsigned char *noisy;     /* [entry * nsizes + size]: missed the precision goal */
    size_t measured, noisy_n; /* cases measured, and how many of them missed it */
    double widest;            /* the widest interval of those, % of its median */
    char noisy_pkey[160];     /* the public-key ones (their table has no mark) */
} text_sink;

static void text_begin(void *ctx, const cb_sink_run *run)
{
    text_sink *k = ctx;
    size_t cells = run->nentries * run->nsizes, workers = run->workers;
    k->run = run;
    k->rate = cb_xmalloc((cells + 1) * sizeof *k->rate);
    k->cpb = cb_xmalloc((cells + 1) * sizeof *k->cpb);
    k->outcome = cb_xcalloc(cells + 1, sizeof *k->outcome);
    k->worker_rate = cb_xmalloc((workers * cells + 1) * sizeof *k->worker_rate);
    k->worker_outcome = cb_xcalloc(workers * cells + 1, sizeof *k->worker_outcome);
    k->lib = cb_xcalloc(run->nentries + 1, sizeof *k->lib);
    k->noisy = cb_xcalloc(cells + 1, 1);
    for (size_t i = 0; i < cells; i++)
        k->rate[i] = k->cpb[i] = -1;
    for (size_t i = 0; i < workers * cells; i++)
        k->worker_rate[i] = -1;
}

/* progress prints the line OpenSSL prints when a case ends, and says when its
 * precision goal was not reached. */
static void progress(const text_sink *k, const cb_sink_entry *e, const cb_case_summary *c)
{
    const cb_sink_run *run = k->run;
    double asked = run->seconds > 0 ? run->seconds : floor(c->seconds * 100 + 0.5) / 100;
    if (asked <= 0)
        asked = 0.01;
    if (e->pkey)
        cb_out_pkey_progress(k->mr ? stdout : stderr, e->heading, e->key_bits, e->direction,
                             asked, c->count, c->seconds, k->mr);
    else if (k->mr)
        cb_out_mr_case(stdout, e->label, asked, c->block_bytes, c->count, c->seconds);
    else
        cb_out_progress(stderr, e->label, asked, c->block_bytes, c->count, c->seconds);
}

/* note_noisy counts a measured case and, when it missed its precision goal, marks
 * its cell: one summary line at the end says how many (noisy_line), not one line
 * a case. */
static void note_noisy(text_sink *k, const cb_sink_entry *e, const cb_case_summary *c,
                       size_t cell)
{
    k->measured++;
    if (!c->noisy)
        return;
    k->noisy[cell] = 1;
    k->noisy_n++;
    double width = 100 * (c->ci_high - c->ci_low) / c->ops_per_sec;
    if (width > k->widest)
        k->widest = width;
    size_t at = strlen(k->noisy_pkey);
    if (e->pkey && at + 4 < sizeof k->noisy_pkey)
        snprintf(k->noisy_pkey + at, sizeof k->noisy_pkey - at, "%s%s %s", at ? ", " : "",
                 e->label, e->direction);
}

/* noisy_line is the one line on stderr for the cases that missed the precision goal. */
static void noisy_line(const text_sink *k)
{
    const cb_sink_run *run = k->run;
    if (!k->noisy_n || run->precision <= 0)
        return;
    cb_warn("speed: %zu of %zu cases did not reach +-%g%% precision within their %.3g s "
            "(intervals up to %.1f%% of the median wide); they are marked * in the table%s%s%s, "
            "and the CSV's case_noisy column names them: treat them as noisy.",
            k->noisy_n, k->measured, run->precision * 100, run->max_case_seconds, k->widest,
            k->noisy_pkey[0] ? " (public-key: " : "", k->noisy_pkey,
            k->noisy_pkey[0] ? ")" : "");
}

static void text_case_end(void *ctx, const cb_case_summary *c)
{
    text_sink *k = ctx;
    const cb_sink_entry *e = &k->run->entries[c->entry];
    size_t cell = c->entry * k->run->nsizes + c->size_index;
    double per_op = e->pkey ? 1 : (double)c->block_bytes;
    int measured = strcmp(c->status, "ok") == 0 && c->samples > 0;
    k->lib[c->entry] = c->lib;
    /* the summary's status is a static word: kept as it is */
    const char *outcome = strcmp(c->status, "ok") != 0 && strcmp(c->status, "not timed") != 0
                              ? c->status : NULL;
    if (c->worker != CB_SUMMARY_CASE) {
        size_t at = (size_t)c->worker * k->run->nentries * k->run->nsizes + cell;
        k->worker_outcome[at] = outcome;
        if (measured)
            k->worker_rate[at] = c->ops_per_sec * per_op;
        return;
    }
    k->outcome[cell] = outcome;
    if (!measured)
        return;
    k->rate[cell] = c->ops_per_sec * per_op;
    k->cpb[cell] = c->cycles_per_byte;
    note_noisy(k, e, c, cell);
    if (k->run->workers == 0)
        progress(k, e, c);
}

/* pkey_rows gathers the public-key entries: sign and verify of one algorithm and
 * variant share a row, as a KEM's keygen, encaps and decaps and ML-DSA's keygen,
 * sign and verify do. */
static size_t pkey_rows(const text_sink *k, cb_pkey_row *prow)
{
    const cb_sink_run *run = k->run;
    size_t np = 0;
    for (size_t i = 0; i < run->nentries; i++) {
        const cb_sink_entry *e = &run->entries[i];
        const char *variant = e->labelled ? e->variant : NULL;
        size_t j = 0;
        if (!e->pkey)
            continue;
        while (j < np && !(prow[j].bits == e->key_bits && strcmp(prow[j].kind, e->heading) == 0 &&
                           prow[j].variant == variant))
            j++;
        if (j == np) {
            prow[np] = (cb_pkey_row){e->heading, e->key_bits, variant, -1, -1, NULL, NULL, -1,
                                     NULL};
            np++;
        }
        size_t cell = i * run->nsizes;
        const char *outcome = k->mr ? NULL : k->outcome[cell];
        switch (cb_out_pkey_slot(e->heading, e->direction)) {
        case 2:
            prow[j].third_rate = k->rate[cell];
            prow[j].third_outcome = outcome;
            break;
        case 1:
            prow[j].verify_rate = k->rate[cell];
            prow[j].verify_outcome = outcome;
            break;
        default:
            prow[j].sign_rate = k->rate[cell];
            prow[j].sign_outcome = outcome;
        }
    }
    return np;
}

/* print_workers prints each worker's figures after the whole machine's table. */
static void print_workers(const text_sink *k)
{
    const cb_sink_run *run = k->run;
    size_t n = run->workers, nr = 0;
    cb_speed_row *rows = cb_xcalloc(n * run->nentries + 1, sizeof *rows);
    char (*labels)[128] = cb_xcalloc(n * run->nentries + 1, sizeof *labels);
    for (size_t i = 0; i < run->nentries; i++) {
        if (run->entries[i].pkey)
            continue;
        for (size_t w = 0; w < n; w++) {
            snprintf(labels[nr], sizeof labels[nr], "%s#%zu", run->entries[i].label, w);
            size_t at = (w * run->nentries + i) * run->nsizes;
            rows[nr] = (cb_speed_row){labels[nr], k->worker_rate + at, k->worker_outcome + at,
                                      NULL};
            nr++;
        }
    }
    if (nr) {
        printf("\nPer worker (LABEL#N is worker N):\n");
        cb_out_table(stdout, run->sizes, run->nsizes, rows, nr, k->mr);
    }
    free(rows);
    free(labels);
}

/* print_libraries names, before the table as openssl speed prints its version and
 * build, the library each variant loaded at run time came from, once per variant:
 * "variant ossl3 from /opt/ssl/lib64/libcrypto.so.3 (OpenSSL 3.2.1 30 Jan 2024),
 * loaded with OPENSSL_ia32cap=0x0". */
static void print_libraries(const text_sink *k)
{
    const cb_sink_run *run = k->run;
    size_t len = 4 * CB_PROVENANCE_MAX + 16; /* cb_printable's worst case */
    char *shown[3];
    for (int f = 0; f < 3; f++)
        shown[f] = cb_xmalloc(len);
    for (size_t i = 0; i < run->nentries; i++) {
        const cb_provenance *p = &k->lib[i];
        size_t j = 0;
        while (j < i && !(strcmp(run->entries[j].variant, run->entries[i].variant) == 0 &&
                          cb_provenance_equal(&k->lib[j], p)))
            j++;
        if (j < i || !cb_provenance_external(p))
            continue;
        const char *env = cb_provenance_str(p, CB_PROV_ENV);
        printf("variant %s from %s (%s)%s%s\n", run->entries[i].variant,
               cb_printable(cb_provenance_str(p, CB_PROV_LIBRARY), shown[0], len),
               cb_printable(cb_provenance_str(p, CB_PROV_VERSION), shown[1], len),
               env[0] ? ", loaded with " : "", cb_printable(env, shown[2], len));
    }
    for (int f = 0; f < 3; f++)
        free(shown[f]);
}

/* print_auto writes "auto: md5 generic, aes-128-cbc aesni-i8": the variant auto
 * selection picked for each algorithm the user did not give a variant for, once. */
static void print_auto(const cb_sink_run *run)
{
    int any = 0;
    for (size_t i = 0; i < run->nentries; i++) {
        const cb_sink_entry *e = &run->entries[i];
        size_t j = 0;
        while (j < i && !(strcmp(run->entries[j].alg, e->alg) == 0 &&
                          strcmp(run->entries[j].variant, e->variant) == 0))
            j++;
        if (e->labelled || j < i)
            continue;
        printf("%s%s %s", any ? ", " : "auto: ", e->alg, e->variant);
        any = 1;
    }
    if (any)
        putchar('\n');
}

/*
 * print_header opens the table as `openssl speed` does, so that a pasted table says
 * where it came from and scripts that read OpenSSL's (and `cryptobench import`) take
 * the same lines: "version:", "built on:", "options:" (the flags), "compiler:",
 * "CPUINFO:" (the CPU and the capabilities in force, the mask, what was detected
 * when the mask took some away), then which variant auto picked.
 */
static void print_header(const cb_sink_run *run)
{
    const cb_run_info *r = run->info;
    const char *flags = r->cflags + strspn(r->cflags, " ");
    printf("version: cryptobench %s\nbuilt on: revision %s, config %s\noptions: %s\n"
           "compiler: %s\nCPUINFO: %s; capabilities in force: %s; mask: %s",
           r->tool_version, r->build_rev, r->build_config, flags, r->compiler,
           r->cpu_model, r->caps_effective, r->caps_mask);
    if (strcmp(r->mask_source, "none") != 0)
        printf(" (%s); detected: %s", r->mask_source, r->caps_detected);
    putchar('\n');
    /* on a line of its own, so that readers of the CPUINFO line read it unchanged */
    if (r->tune && r->tune[0])
        printf("tune: %s\n", r->tune);
    print_auto(run);
}

static void print_tables(const text_sink *k)
{
    const cb_sink_run *run = k->run;
    size_t n = run->nentries, nr = 0;
    cb_speed_row *rows = cb_xcalloc(n + 1, sizeof *rows);
    cb_speed_row *crow = cb_xcalloc(n + 1, sizeof *crow);
    cb_pkey_row *prow = cb_xcalloc(n + 1, sizeof *prow);
    for (size_t i = 0; i < n; i++) {
        if (run->entries[i].pkey)
            continue;
        size_t cell = i * run->nsizes;
        rows[nr] = (cb_speed_row){run->entries[i].label, k->rate + cell, k->outcome + cell,
                                  k->noisy + cell};
        crow[nr++] = (cb_speed_row){run->entries[i].label, k->cpb + cell, k->outcome + cell,
                                    NULL};
    }
    if (!k->mr) { /* -mr's lines are parsed: nothing but OpenSSL's */
        print_header(run);
        print_libraries(k);
    }
    cb_out_table(stdout, run->sizes, run->nsizes, rows, nr, k->mr);
    if (run->cycles_asked && nr > 0 && !k->mr) {
        if (!run->cycles_source[0])
            printf("cycles per byte: n/a (%s)\n", run->cycles_why);
        else
            cb_out_cpb_table(stdout, run->cycles_source, run->sizes, run->nsizes, crow, nr);
    }
    cb_out_pkey_table(stdout, prow, pkey_rows(k, prow), k->mr);
    fflush(stdout);
    if (run->workers)
        print_workers(k);
    free(rows);
    free(crow);
    free(prow);
}

static int text_end(void *ctx, cb_sink_end how)
{
    text_sink *k = ctx;
    if (how != CB_SINK_ABANDONED) {
        print_tables(k);
        noisy_line(k);
    }
    free(k->noisy);
    free(k->rate);
    free(k->cpb);
    free(k->outcome);
    free(k->worker_rate);
    free(k->worker_outcome);
    free(k->lib);
    free(k);
    return 0;
}

cb_sink cb_sink_text(int mr)
{
    text_sink *k = cb_xcalloc(1, sizeof *k);
    k->mr = mr;
    return (cb_sink){k, text_begin, NULL, NULL, text_case_end, text_end};
}
