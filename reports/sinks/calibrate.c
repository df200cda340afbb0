/*
 * reports/sinks/calibrate.c - `speed -calibrate-gate`: A/A trials, one run each, and
 * the threshold they support (reports/sinks/sinks.h).
 *
 * Each trial is a run of one variant against itself, sampled in pairs for the whole
 * time cap without stopping.  For each trial base/paired.c finds the largest
 * threshold the gate's looks would have flagged as a regression; a threshold above
 * all but 5% of those is the smallest that kept the false alarms at or below 5%.
 */
#include "reports/sinks/sinks.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "base/paired.h"

/* One case (algorithm, direction, block size): the current trial's rates by round,
 * each arm's, and the trials so far. */
typedef struct cal_case {
    const char *alg, *direction, *variant;
    size_t block;
    double *rate[2];     /* by round; 0 when that round's batch is missing */
    size_t rounds;       /* rounds seen in the current trial */
    size_t room;         /* rounds rate[] holds */
    double *worst;       /* per trial: the largest threshold it would have flagged */
    size_t *pairs;       /* per trial: how many pairs it took */
    size_t trials, cap;
} cal_case;

struct cb_calibration {
    cal_case *c;
    size_t n, cap;
};

cb_calibration *cb_calibration_new(void)
{
    return cb_xcalloc(1, sizeof(cb_calibration));
}

/* case_of finds or adds s's case. */
static cal_case *case_of(cb_calibration *cal, const cb_sample *s)
{
    for (size_t i = 0; i < cal->n; i++) {
        cal_case *k = &cal->c[i];
        if (strcmp(k->alg, s->alg) == 0 && strcmp(k->direction, s->direction) == 0 &&
            k->block == s->block_bytes)
            return k;
    }
    if (cal->n == cal->cap) {
        cal->cap = cal->cap ? 2 * cal->cap : 8;
        cal->c = cb_xrealloc(cal->c, cal->cap * sizeof *cal->c);
    }
    cal_case *k = &cal->c[cal->n++];
    memset(k, 0, sizeof *k);
    k->alg = cb_xstrdup(s->alg);
    k->direction = cb_xstrdup(s->direction);
    k->variant = cb_xstrdup(s->variant);
    k->block = s->block_bytes;
    return k;
}

static void calibrate_sample(void *ctx, const cb_sample *s)
{
    if (!s->paired || s->arm > 1 || strcmp(s->status, "ok") != 0 ||
        cb_sample_ops_per_sec(s) <= 0)
        return;
    cal_case *k = case_of(ctx, s);
    if (s->pair >= k->room) {
        size_t room = k->room ? k->room : 1024;
        while (room <= s->pair)
            room *= 2;
        for (int a = 0; a < 2; a++) {
            k->rate[a] = cb_xrealloc(k->rate[a], room * sizeof *k->rate[a]);
            memset(k->rate[a] + k->room, 0, (room - k->room) * sizeof *k->rate[a]);
        }
        k->room = room;
    }
    k->rate[s->arm][s->pair] = cb_sample_ops_per_sec(s);
    k->rounds = s->pair + 1 > k->rounds ? s->pair + 1 : k->rounds;
}

/* end_trial turns each case's rounds into one trial. */
static void end_trial(cal_case *k)
{
    double *d = cb_xmalloc((k->rounds + 1) * sizeof *d);
    size_t n = 0;
    for (size_t r = 0; r < k->rounds; r++) {
        if (k->rate[0][r] > 0 && k->rate[1][r] > 0)
            d[n++] = log(k->rate[1][r] / k->rate[0][r]);
        k->rate[0][r] = k->rate[1][r] = 0;
    }
    k->rounds = 0;
    if (n >= 2) {
        if (k->trials == k->cap) {
            k->cap = k->cap ? 2 * k->cap : 32;
            k->worst = cb_xrealloc(k->worst, k->cap * sizeof *k->worst);
            k->pairs = cb_xrealloc(k->pairs, k->cap * sizeof *k->pairs);
        }
        k->worst[k->trials] = cb_gate_false_alarm_at(d, n, CB_GATE_ALPHA);
        k->pairs[k->trials++] = n;
    }
    free(d);
}

static int calibrate_end(void *ctx, cb_sink_end how)
{
    cb_calibration *cal = ctx;
    for (size_t i = 0; i < cal->n; i++)
        if (how == CB_SINK_DONE)
            end_trial(&cal->c[i]);
        else
            cal->c[i].rounds = 0; /* a stopped trial is no trial */
    return 0;
}

cb_sink cb_sink_calibrate(cb_calibration *cal)
{
    return (cb_sink){cal, NULL, NULL, calibrate_sample, NULL, calibrate_end};
}

static int cmp_desc(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a < b) - (a > b);
}

static int cmp_size(const void *x, const void *y)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    return (a > b) - (a < b);
}

/* up rounds a threshold up to hundredths of a percent, so that the printed one still
 * keeps the false alarms it claims; never below 0.01%. */
static double up(double pct)
{
    double r = ceil(pct * 100 - 1e-9) / 100;
    return r < 0.01 ? 0.01 : r;
}

/* print_case says what k's trials support. */
static void print_case(cal_case *k, double trial_seconds, FILE *out)
{
    if (k->trials == 0) {
        fprintf(out, "calibrate-gate: %s %s %zu bytes: no trial finished.\n", k->alg,
                k->direction, k->block);
        return;
    }
    qsort(k->worst, k->trials, sizeof *k->worst, cmp_desc);
    qsort(k->pairs, k->trials, sizeof *k->pairs, cmp_size);
    size_t allowed = k->trials / 20; /* 5% of the trials */
    fprintf(out, "calibrate-gate: %s %s %zu bytes, %s against itself: %zu A/A trials of "
            "%g s (median %zu pairs): the smallest -fail-if-slower that kept false alarms "
            "at or below 5%% (%zu of %zu) is %.2f%%; %.2f%% kept them to none.\n", k->alg,
            k->direction, k->block, k->variant, k->trials, trial_seconds,
            k->pairs[k->trials / 2], allowed, k->trials,
            up(allowed < k->trials ? k->worst[allowed] : 0), up(k->worst[0]));
}

void cb_calibration_print(cb_calibration *cal, double trial_seconds, FILE *out)
{
    for (size_t i = 0; i < cal->n; i++) {
        cal_case *k = &cal->c[i];
        if (out)
            print_case(k, trial_seconds, out);
        free((char *)k->alg);
        free((char *)k->direction);
        free((char *)k->variant);
        free(k->rate[0]);
        free(k->rate[1]);
        free(k->worst);
        free(k->pairs);
    }
    free(cal->c);
    free(cal);
}
