/*
 * reports/compare/calibrate.c - the A/A pairs of -calibrate-gate and the record of
 * their recommendation.
 */
#include "reports/compare/calibrate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/common.h"
#include "reports/compare/sides.h"
#include "reports/csv/csv.h"

const char *cb_calibration_design(const cb_comparison *c)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->cases[i].gated && !c->cases[i].paired)
            return cb_case_judged(&c->cases[i]);
    return NULL;
}

/* worst is the largest threshold c flags: a gated case flags every P below the
 * upper end of its interval (significant, wholly below 0), or below its difference
 * when it has one sample a side. */
static double worst(const cb_comparison *c)
{
    double w = 0;
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        double v = 0;
        if (!k->gated)
            continue;
        if (k->has_stats)
            v = k->significant && k->ci.hi < 0 ? -k->ci.hi * 100 : 0;
        else
            v = k->diff_pct < 0 ? -k->diff_pct : 0;
        w = v > w ? v : w;
    }
    return w;
}

static int cmp_desc(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a < b) - (a > b);
}

/* one_pair compares files[i] (before) with files[j] into *value, the design into
 * design (when empty) and the host into cal. */
static int one_pair(const char *bf, const char *af, const cb_compare_opts *o, double *value,
                    cb_gate_calibration *cal, char *err, size_t errlen)
{
    cb_csv_set *set = cb_csv_set_new();
    cb_sides_request rq;
    cb_sides sd;
    cb_comparison c;
    memset(&rq, 0, sizeof rq);
    memset(&sd, 0, sizeof sd);
    memset(&c, 0, sizeof c);
    int rc = -1;
    if (cb_csv_read_file(set, bf, err, errlen) != 0)
        goto out;
    rq.source[0] = bf;
    rq.first_rows = cb_csv_set_count(set);
    if (cb_csv_read_file(set, af, err, errlen) != 0)
        goto out;
    rq.source[1] = af;
    if (cb_sides_choose(&sd, set, &rq, err, errlen) != 0)
        goto out;
    const cb_run_info *rb = sd.nb ? sd.before[0]->run : NULL;
    const cb_run_info *ra = sd.na ? sd.after[0]->run : NULL;
    if (rb && ra && (strcmp(rb->hostname, ra->hostname) || strcmp(rb->cpu_model, ra->cpu_model))) {
        snprintf(err, errlen, "-calibrate-gate takes A/A files of one host: %s is from %s "
                 "(%s), %s from %s (%s).", bf, rb->hostname, rb->cpu_model, af, ra->hostname,
                 ra->cpu_model);
        goto out;
    }
    if (cb_compare_rows(&c, sd.before, sd.nb, sd.after, sd.na, o, NULL, err, errlen) != 0)
        goto out;
    *value = worst(&c);
    if (!cal->design[0]) {
        const char *d = cb_calibration_design(&c);
        snprintf(cal->design, sizeof cal->design, "%s", d ? d : "pairs");
        snprintf(cal->host, sizeof cal->host, "%s", rb ? rb->hostname : "");
        snprintf(cal->cpu, sizeof cal->cpu, "%s", rb ? rb->cpu_model : "");
    }
    rc = 0;
out:
    cb_comparison_free(&c);
    cb_sides_free(&sd);
    cb_csv_set_free(set);
    return rc;
}

/* round_up rounds a threshold up to 0.1% (0 stays 0, never -0). */
static double round_up(double pct)
{
    return pct > 0 ? ceil(pct * 10 - 1e-9) / 10 : 0.0;
}

int cb_compare_calibrate(const char *const *files, size_t n, const cb_compare_opts *o,
                         cb_gate_calibration *cal, char *err, size_t errlen)
{
    memset(cal, 0, sizeof *cal);
    if (n < 2) {
        snprintf(err, errlen, "-calibrate-gate needs at least 2 A/A files (5 or more make "
                 "20 pairs or more); give A1.csv A2.csv ...");
        return -1;
    }
    cb_compare_opts gated = *o;
    gated.gate = 1; /* every case counts (unless -gate-on narrows them) */
    double *v = cb_xmalloc(n * n * sizeof *v);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            if (i == j)
                continue;
            if (one_pair(files[i], files[j], &gated, &v[m], cal, err, errlen) != 0) {
                free(v);
                return -1;
            }
            m++;
        }
    qsort(v, m, sizeof *v, cmp_desc);
    size_t allowed = (size_t)floor(CB_CALIBRATE_RATE * (double)m + 1e-9);
    /* a pair flags P when its value exceeds P: the (allowed+1)-th largest value
     * leaves `allowed` pairs above it */
    double t = allowed < m ? v[allowed] : 0;
    cal->threshold_pct = round_up(t);
    cal->none_pct = round_up(v[0]);
    for (size_t i = 0; i < m; i++)
        cal->flagged_at_threshold += v[i] > cal->threshold_pct;
    cal->pairs = m;
    cal->files = n;
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(cal->date, sizeof cal->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    free(v);
    return 0;
}

/* The record's fields are key=value separated by tabs (host and CPU names hold
 * spaces, never tabs: cryptobench's CSV cleaning keeps tabs out of them). */
void cb_calibration_line(const cb_gate_calibration *cal, char *buf, size_t len)
{
    snprintf(buf, len, "host=%s\tcpu=%s\tdesign=%s\tthreshold=%.1f\tnone=%.1f\tpairs=%zu"
             "\tfiles=%zu\tdate=%s", cal->host, cal->cpu, cal->design, cal->threshold_pct,
             cal->none_pct, cal->pairs, cal->files, cal->date);
}

/* field copies the value of key in the line [p, end) into out; 0 when found. */
static int field(const char *p, const char *end, const char *key, char *out, size_t len)
{
    size_t k = strlen(key);
    while (p < end) {
        const char *tab = memchr(p, '\t', (size_t)(end - p));
        const char *stop = tab ? tab : end;
        if ((size_t)(stop - p) > k && memcmp(p, key, k) == 0 && p[k] == '=') {
            size_t n = (size_t)(stop - p) - k - 1;
            snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), p + k + 1);
            return 0;
        }
        p = tab ? tab + 1 : end;
    }
    return -1;
}

int cb_calibration_find(const char *text, const char *host, const char *cpu,
                        const char *design, cb_gate_calibration *cal)
{
    int found = -1;
    for (const char *p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        const char *end = nl ? nl : p + strlen(p);
        cb_gate_calibration c;
        char num[4][32];
        memset(&c, 0, sizeof c);
        char *e1, *e2;
        if (field(p, end, "host", c.host, sizeof c.host) == 0 &&
            field(p, end, "cpu", c.cpu, sizeof c.cpu) == 0 &&
            field(p, end, "design", c.design, sizeof c.design) == 0 &&
            field(p, end, "threshold", num[0], sizeof num[0]) == 0 &&
            field(p, end, "none", num[1], sizeof num[1]) == 0 &&
            field(p, end, "pairs", num[2], sizeof num[2]) == 0 &&
            field(p, end, "files", num[3], sizeof num[3]) == 0 &&
            field(p, end, "date", c.date, sizeof c.date) == 0 && strcmp(c.host, host) == 0 &&
            strcmp(c.cpu, cpu) == 0 && strcmp(c.design, design) == 0) {
            c.threshold_pct = strtod(num[0], &e1);
            c.none_pct = strtod(num[1], &e2);
            c.pairs = (size_t)strtoul(num[2], NULL, 10);
            c.files = (size_t)strtoul(num[3], NULL, 10);
            if (*e1 == 0 && *e2 == 0 && isfinite(c.threshold_pct)) {
                *cal = c;
                found = 0;
            }
        }
        p = nl ? nl + 1 : NULL;
    }
    return found;
}
