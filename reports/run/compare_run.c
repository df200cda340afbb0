/*
 * reports/run/compare_run.c - one comparison from rows to exit status, the pipeline of
 * both `compare` and `speed -compare`: judge the rows (reports/compare/judge.c), write
 * the style (reports/styles/styles.c), and turn the gate into the exit status; and the
 * same for BASE against several files (reports/compare/many.h).
 */
#include "reports/run/compare_run.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/calibrate.h"
#include "reports/compare/many.h"

/* calibration_note warns when a gate of separate files asks for less than the
 * calibration recorded for the before side's host, CPU and design. */
static void calibration_note(const cb_compare_opts *o, const cb_sides *sd,
                             const cb_comparison *c)
{
    const char *design = cb_calibration_design(c);
    cb_gate_calibration cal;
    if (!o->gate || !o->calibration || !design || !sd->nb)
        return;
    const cb_run_info *run = sd->before[0]->run;
    if (cb_calibration_find(o->calibration, run->hostname, run->cpu_model, design, &cal) != 0 ||
        o->threshold_pct >= cal.threshold_pct)
        return;
    fprintf(stderr, "cryptobench: warning: -fail-if-slower %g%% is below %.1f%%, the smallest "
            "threshold that kept false alarms between separate A/A files of %s at or below "
            "5%% (compare -calibrate-gate of %s: %zu pairs of %zu files, judged %s); expect "
            "false alarms.\n", o->threshold_pct, cal.threshold_pct, cal.host, cal.date,
            cal.pairs, cal.files, cal.design);
}

int cb_compare_run(const cb_csv_set *set, const cb_sides_request *rq,
                   const cb_compare_opts *o, const cb_compare_style *style, FILE *out)
{
    cb_sides sd;
    cb_comparison c;
    int rc = CB_EXIT_USAGE;
    if (cb_compare_judge(set, rq, o, &sd, &c) != 0)
        goto out;
    calibration_note(o, &sd, &c);
    cb_compare_style_write(&c, style, out, stderr);
    if (o->workload)
        /* a format's readers expect nothing after it: the figures go with its summary */
        cb_render_workload(&c, o->workload, style->kind == CB_STYLE_TEXT ? out : stderr);
    fflush(out);
    rc = c.gate_failures ? CB_EXIT_FAIL : c.gate_undecided ? CB_EXIT_UNDECIDED : CB_EXIT_OK;
out:
    cb_comparison_free(&c);
    cb_sides_free(&sd);
    return rc;
}

int cb_compare_run_samples(const cb_sample *s, size_t n, const char *variant_a,
                           const char *variant_b, const char *style, FILE *out)
{
    cb_compare_opts o = cb_compare_default_opts();
    return cb_compare_run_gated(NULL, s, n, variant_a, variant_b, style, &o, out);
}

int cb_compare_run_gated(const cb_run_info *info, const cb_sample *s, size_t n,
                         const char *variant_a, const char *variant_b, const char *style,
                         const cb_compare_opts *o, FILE *out)
{
    const cb_compare_style *table = cb_compare_style_at(0);
    if (style && cb_compare_style_check(style, &table) != 0)
        return CB_EXIT_USAGE;
    cb_sides_request rq;
    memset(&rq, 0, sizeof rq);
    rq.source[0] = "this run";
    rq.by_variant = 1;
    snprintf(rq.variant[0], sizeof rq.variant[0], "%s", variant_a);
    snprintf(rq.variant[1], sizeof rq.variant[1], "%s", variant_b);
    cb_csv_set *set = cb_csv_set_new();
    static const cb_run_info none_run = {"", "", "", "", "", "", "", "", "", "", "", "",
                                         "none", "", "", ""};
    const cb_run_info *run = cb_csv_intern_run(set, info ? info : &none_run);
    for (size_t i = 0; i < n; i++) {
        cb_csv_row r;
        memset(&r, 0, sizeof r);
        r.run = run;
        r.s = s[i];
        r.s.alg = cb_csv_intern(set, s[i].alg, strlen(s[i].alg));
        r.s.variant = cb_csv_intern(set, s[i].variant, strlen(s[i].variant));
        r.s.direction = cb_csv_intern(set, s[i].direction, strlen(s[i].direction));
        for (int f = 0; f < CB_PROVENANCE_FIELDS; f++) {
            const char *v = cb_provenance_str(&s[i].lib, f);
            *cb_provenance_field(&r.s.lib, f) = cb_csv_intern(set, v, strlen(v));
        }
        r.ops_per_sec = cb_sample_ops_per_sec(&s[i]);
        r.bytes_per_sec = cb_sample_bytes_per_sec(&s[i]);
        r.has_counts = 1;
        if (r.ops_per_sec > 0)
            cb_csv_add(set, &r);
    }
    int rc = cb_compare_run(set, &rq, o, table, out);
    cb_csv_set_free(set);
    return rc;
}

int cb_compare_run_many(const char *const *files, size_t n, const cb_compare_opts *o,
                        const cb_compare_style *style, FILE *out)
{
    size_t ncols = n - 1, done = 0;
    cb_csv_set **sets = cb_xcalloc(ncols, sizeof *sets);
    cb_sides *sides = cb_xcalloc(ncols, sizeof *sides);
    cb_comparison *cols = cb_xcalloc(ncols, sizeof *cols);
    cb_compare_many m;
    memset(&m, 0, sizeof m);
    m.labels = cb_xcalloc(ncols, sizeof *m.labels);
    int rc = CB_EXIT_USAGE;
    char err[1024];
    for (; done < ncols; done++) {
        const char *pair[2] = {files[0], files[done + 1]};
        cb_sides_request rq;
        memset(&rq, 0, sizeof rq);
        sets[done] = cb_csv_set_new();
        for (int i = 0; i < 2; i++) {
            if (cb_csv_read_file(sets[done], pair[i], err, sizeof err) != 0) {
                cb_error("%s", err);
                goto out;
            }
            rq.source[i] = pair[i];
            if (i == 0)
                rq.first_rows = cb_csv_set_count(sets[done]);
        }
        if (cb_compare_judge(sets[done], &rq, o, &sides[done], &cols[done]) != 0)
            goto out;
    }
    m.base_name = files[0];
    m.ncols = ncols;
    m.cols = cols;
    cb_many_label_columns(&m, sides, files);
    cb_many_build_rows(&m);
    style->render(&m, out);
    fflush(out);
    rc = CB_EXIT_OK;
    for (size_t j = 0; j < ncols; j++) {
        char line[512];
        if (style->kind == CB_STYLE_FORMAT)
            fprintf(stderr, "%zu: %s: %s\n", j + 1, m.labels[j],
                    cb_compare_summary(&cols[j], line, sizeof line));
        if (cols[j].gate_failures)
            rc = CB_EXIT_FAIL;
    }
out:
    m.ncols = ncols; /* every label made so far is freed */
    cb_many_free(&m);
    for (size_t j = 0; j < ncols; j++) {
        cb_comparison_free(&cols[j]);
        cb_sides_free(&sides[j]);
        if (sets[j])
            cb_csv_set_free(sets[j]);
    }
    free(cols);
    free(sides);
    free(sets);
    return rc;
}
