/*
 * reports/audit/audit.h - what an audit's samples say (`cryptobench audit`): per
 * algorithm and direction, the fastest variant at each block size (or the set tied
 * within noise of it), the crossovers between significant winners, and the sizes
 * where auto's pick is significantly slower than the fastest.
 *
 * The model is filled from the run's sample stream (cb_audit_sink, or cb_audit_add
 * for samples read back from a file), judged once (cb_audit_judge, base/fastest.h
 * over each size's rounds), then read by the renderers (reports/audit/text.c), the
 * gate and the tuning file's writer.  It never includes a renderer.
 */
#ifndef CB_REPORTS_AUDIT_H
#define CB_REPORTS_AUDIT_H

#include <stddef.h>
#include <stdio.h>

#include "base/caps.h"
#include "base/fastest.h"
#include "base/sample.h"
#include "base/sink.h"
#include "kernels/kernel.h"
#include "kernels/tune.h"

/* CB_AUDIT_MAX_SIZES: block sizes of one algorithm (-bytes takes at most the plan's). */
#define CB_AUDIT_MAX_SIZES 64

/* cb_audit_cell: one algorithm and direction at one block size. */
typedef struct cb_audit_cell {
    size_t bytes;               /* 0 for a public-key algorithm */
    size_t n;                   /* rounds in which every candidate has a sample */
    double *rates;              /* [candidate * cap + round], operations per second */
    size_t cap;
    double median[CB_FASTEST_MAX]; /* each candidate's median rate (ops/s), -1 none */
    int judged;                 /* f holds a judgement (every candidate measured) */
    cb_fastest f;
} cb_audit_cell;

/* cb_audit_row: one algorithm in one direction, its candidates and sizes. */
typedef struct cb_audit_row {
    const cb_alg *alg;
    cb_dir dir;
    size_t k;                               /* candidates */
    const cb_variant *var[CB_FASTEST_MAX];  /* in the order the run planned them */
    const char *name[CB_FASTEST_MAX];       /* their names */
    const cb_variant *auto_var;             /* what auto picks here */
    int auto_j;                             /* its index among var, -1 none */
    size_t nsizes;
    cb_audit_cell cell[CB_AUDIT_MAX_SIZES];
} cb_audit_row;

/* cb_audit_cross: the significant winner changes between two measured sizes. */
typedef struct cb_audit_cross {
    size_t row;
    size_t from_j, to_j;        /* the winner below, the winner from hi on */
    size_t lo, hi;              /* the last size from_j won, the first to_j won */
} cb_audit_cross;

/* cb_audit_miss: a size where auto's pick is significantly slower than the fastest. */
typedef struct cb_audit_miss {
    size_t row, cell;
    double est, lo, hi;         /* how much faster the fastest is, percent */
} cb_audit_miss;

typedef struct cb_audit {
    cb_audit_row *rows;
    size_t n, cap;
    cb_audit_cross *cross;
    size_t ncross;
    cb_audit_miss *miss;
    size_t nmiss;
    const cb_run_info *info;    /* the run's, from the stream's begin (or NULL) */
    const char *auto_name;      /* audit -lib-masks: the candidate that stands for auto
                                 * (the library's default instance); NULL: auto's pick */
} cb_audit;

cb_audit *cb_audit_new(void);
void cb_audit_free(cb_audit *a);

/* cb_audit_add takes one sample: a measured batch of round s->pair of a candidate
 * (others are ignored).  Algorithm and variant must be of this build. */
void cb_audit_add(cb_audit *a, const cb_sample *s);

/* cb_audit_sink: a sink over a run's stream that adds every sample to a (which the
 * caller keeps; the sink's end frees only itself). */
cb_sink cb_audit_sink(cb_audit *a);

/*
 * cb_audit_judge judges every cell (base/fastest.h at tie CB_FASTEST_TIE), names
 * auto's pick of each row under caps (kernels/select.h), and finds the crossovers
 * and the misdispatched sizes.
 */
void cb_audit_judge(cb_audit *a, cb_caps caps);

/* cb_audit_winner: the significant winner of a cell (a candidate index), or -1 when
 * it has none (not judged, or others tied or undecided). */
int cb_audit_winner(const cb_audit_cell *c);

/* cb_audit_pick: the variant to use at a cell: its significant winner, else auto's
 * pick unless it is significantly slower than the fastest, else the fastest by
 * median; -1 unjudged. */
int cb_audit_pick(const cb_audit_row *r, const cb_audit_cell *c);

/* cb_audit_gate: how many misdispatched sizes have the fastest faster than auto by
 * more than pct percent with significance (the interval's low end above pct). */
size_t cb_audit_gate(const cb_audit *a, double pct);

/* cb_audit_tune fills t's ranges from the judgement: per row, each measured size's
 * pick covers from its size to the size before the next measured one (the last
 * size ends the row's last range); the header is the caller's. */
void cb_audit_tune(const cb_audit *a, cb_tune *t);

/*
 * cb_audit_print renders the judgement as style "text" or "markdown" (the rates of
 * every candidate per size, the fastest marked, then the crossovers and the
 * misdispatched sizes, and a summary line), or "html" (cb_audit_html).
 * cb_audit_style_ok: is style one of the three?
 */
void cb_audit_print(const cb_audit *a, const char *style, FILE *out);

/* cb_audit_workload writes `audit -workload W`'s figures (reports/audit/workload.c):
 * per algorithm and direction, each candidate's throughput under W with its interval,
 * auto's marked, and the fastest under W. */
struct cb_workload;
void cb_audit_workload(const cb_audit *a, const struct cb_workload *w, FILE *out);
int cb_audit_style_ok(const char *style);

/* cb_audit_html renders the judgement as one HTML page (reports/audit/html.c): per
 * row a chart of throughput against size per variant, the crossovers shaded between
 * their bracketing sizes and auto's misdispatched sizes circled, then the table and
 * the findings. */
void cb_audit_html(const cb_audit *a, FILE *out);

#endif
