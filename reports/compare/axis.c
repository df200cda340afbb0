/*
 * reports/compare/axis.c - what differs between the two sides of a comparison
 * (reports/compare/axis.h): the runs' descriptions, the variant pairing, and the
 * libraries external variants were loaded from.
 */
#include "reports/compare/axis.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/strs.h"

/* add_difference appends "name BEFORE -> AFTER" to the axis. */
static void add_difference(cb_buf *axis, const char *name, const char *before,
                           const char *after)
{
    cb_buf_printf(axis, "%s%s %s -> %s", axis->len ? ", " : "", name, before, after);
}

/* ---- the runs behind each side -------------------------------------------------------- */

/* side_runs lists the distinct run descriptions of rows (consecutive rows usually
 * share one, so only changes are looked up). */
static size_t side_runs(const cb_csv_row *const *rows, size_t n, const cb_run_info ***out)
{
    const cb_run_info **runs = NULL;
    size_t count = 0;
    const cb_run_info *last = NULL;
    for (size_t i = 0; i < n; i++) {
        const cb_run_info *r = rows[i]->run;
        if (r == last)
            continue;
        last = r;
        size_t j = 0;
        while (j < count && runs[j] != r)
            j++;
        if (j == count) {
            runs = cb_xrealloc(runs, (count + 1) * sizeof *runs);
            runs[count++] = r;
        }
    }
    *out = runs;
    return count;
}

/* A field of the run description that can be the axis of a comparison. */
typedef struct axis_field {
    const char *name;
    size_t offset;
} axis_field;

static const axis_field axis_fields[] = {
    {"build", offsetof(cb_run_info, build_rev)},
    {"config", offsetof(cb_run_info, build_config)},
    {"compiler", offsetof(cb_run_info, compiler)},
    {"cflags", offsetof(cb_run_info, cflags)},
    {"host", offsetof(cb_run_info, hostname)},
    {"cpu", offsetof(cb_run_info, cpu_model)},
    {"caps", offsetof(cb_run_info, caps_effective)},
};
#define N_AXIS_FIELDS (sizeof axis_fields / sizeof axis_fields[0])
/* From FIELD_HOST on, a difference is a condition of the measurement, not a change
 * someone made: it is warned about. */
enum { FIELD_BUILD = 0, FIELD_HOST = 4 };

/* run_values collects one field of the run description over runs. */
static cb_strs run_values(const cb_run_info *const *runs, size_t n, size_t offset)
{
    cb_strs s = {NULL, 0};
    for (size_t i = 0; i < n; i++)
        cb_strs_add(&s, *(const char *const *)((const char *)runs[i] + offset));
    return s;
}

/* field_offset: where field f is read.  Two sweeps compared mask by mask each pool
 * every mask's effective capabilities, the masks they share: what may differ is the
 * boards' detection. */
static size_t field_offset(size_t f, int by_mask)
{
    if (by_mask && axis_fields[f].offset == offsetof(cb_run_info, caps_effective))
        return offsetof(cb_run_info, caps_detected);
    return axis_fields[f].offset;
}

static void run_axis(cb_buf *axis, const cb_run_info *const *rb, size_t kb,
                     const cb_run_info *const *ra, size_t ka, int by_mask, FILE *warn)
{
    for (size_t f = 0; f < N_AXIS_FIELDS; f++) {
        size_t at = field_offset(f, by_mask);
        cb_strs vb = run_values(rb, kb, at), va = run_values(ra, ka, at);
        if (!cb_strs_same(&vb, &va)) {
            char *tb = cb_strs_text(&vb, "+"), *ta = cb_strs_text(&va, "+");
            add_difference(axis, axis_fields[f].name, tb, ta);
            if (warn && f >= FIELD_HOST)
                fprintf(warn, "cryptobench: warning: the sides ran with different %s (%s -> "
                        "%s); the difference includes that change.\n",
                        f == FIELD_HOST ? "hosts" : f == FIELD_HOST + 1 ? "CPU models"
                                                                        : "capability sets",
                        tb, ta);
            free(tb);
            free(ta);
        }
        free(vb.v);
        free(va.v);
    }
}

/* run_warnings: one side ran under an emulator, or pools several builds or hosts. */
static void run_warnings(const cb_run_info *const *runs, size_t k, const char *name,
                         FILE *warn)
{
    for (size_t i = 0; i < k; i++)
        if (strcmp(runs[i]->emulator, "none") != 0 && runs[i]->emulator[0] &&
            strcmp(runs[i]->emulator, "unknown") != 0) {
            fprintf(warn, "cryptobench: warning: %s ran under an emulator (%s): its timings "
                    "say nothing about hardware.\n", name, runs[i]->emulator);
            break;
        }
    static const size_t pooled[] = {FIELD_BUILD, FIELD_HOST};
    for (size_t p = 0; p < 2; p++) {
        cb_strs v = run_values(runs, k, axis_fields[pooled[p]].offset);
        if (v.n > 1) {
            char *t = cb_strs_text(&v, "+");
            fprintf(warn, "cryptobench: warning: %s pools samples of several %s (%s).\n", name,
                    pooled[p] == FIELD_HOST ? "hosts" : "builds", t);
            free(t);
        }
        free(v.v);
    }
}

/* ---- the libraries behind each side --------------------------------------------------- */

/* lib_uses: the distinct (variant, provenance) pairs of a side's rows of external
 * variants, those a library registered at run time. */
typedef struct lib_use {
    const char *variant;
    const cb_provenance *lib;
} lib_use;

typedef struct lib_uses {
    lib_use *u;
    size_t n;
} lib_uses;

static int is_use(const lib_use *u, const cb_csv_row *r)
{
    return strcmp(u->variant, r->s.variant) == 0 && cb_provenance_equal(u->lib, &r->s.lib);
}

static lib_uses side_libs(const cb_csv_row *const *rows, size_t n)
{
    lib_uses s = {NULL, 0};
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *r = rows[i];
        /* rows of one case are adjacent: the last pair is the one to try first */
        if (!cb_provenance_external(&r->s.lib) || (s.n && is_use(&s.u[s.n - 1], r)))
            continue;
        size_t j = 0;
        while (j < s.n && !is_use(&s.u[j], r))
            j++;
        if (j < s.n)
            continue;
        s.u = cb_xrealloc(s.u, (s.n + 1) * sizeof *s.u);
        s.u[s.n++] = (lib_use){r->s.variant, &r->s.lib};
    }
    return s;
}

/* lib_values collects provenance field f over the uses [from, s->n) of variant (all
 * of them when variant is NULL). */
static cb_strs lib_values(const lib_uses *s, size_t from, const char *variant, int f)
{
    cb_strs v = {NULL, 0};
    for (size_t i = from; i < s->n; i++)
        if (!variant || strcmp(s->u[i].variant, variant) == 0)
            cb_strs_add(&v, cb_provenance_str(s->u[i].lib, f));
    return v;
}

/* field_name spells provenance field f as the axis does: "library version". */
static void field_name(int f, char *buf, size_t len)
{
    snprintf(buf, len, "%s", cb_provenance_key(f));
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
}

static void lib_axis(cb_buf *axis, const lib_uses *b, const lib_uses *a, int by_mask)
{
    for (int f = 0; f < CB_PROVENANCE_FIELDS; f++) {
        if (by_mask && f == CB_PROV_ENV) /* each case meets its own environment */
            continue;
        /* A side of built-in variants only has no version, build or environment to
         * set against the other's: the library's path says it all. */
        if (f > CB_PROV_LIBRARY && (!b->n || !a->n))
            break;
        cb_strs vb = lib_values(b, 0, NULL, f), va = lib_values(a, 0, NULL, f);
        if (!cb_strs_same(&vb, &va)) {
            char name[32], *tb = cb_strs_text(&vb, "+"), *ta = cb_strs_text(&va, "+");
            field_name(f, name, sizeof name);
            add_difference(axis, name, tb, ta);
            free(tb);
            free(ta);
        }
        free(vb.v);
        free(va.v);
    }
}

/* lib_warnings: one side pools samples of one variant loaded from several libraries
 * (concatenated files of two builds under one variant name), named by the first
 * field that differs. */
static void lib_warnings(const lib_uses *s, const char *name, int by_mask, FILE *warn)
{
    for (size_t i = 0; i < s->n; i++) {
        size_t k = 0;
        while (k < i && strcmp(s->u[k].variant, s->u[i].variant) != 0)
            k++;
        for (int f = 0; k == i && f < CB_PROVENANCE_FIELDS; f++) {
            if (by_mask && f == CB_PROV_ENV) /* a sweep's environments, matched one by one */
                continue;
            cb_strs v = lib_values(s, i, s->u[i].variant, f);
            if (v.n > 1) {
                char field[32], *t = cb_strs_text(&v, "+");
                field_name(f, field, sizeof field);
                fprintf(warn, "cryptobench: warning: %s pools samples of variant %s loaded "
                        "from several libraries (%s %s).\n", name, s->u[i].variant, field, t);
                free(t);
                k = i + 1; /* said once per variant */
            }
            free(v.v);
        }
    }
}

/* ---- the axis ------------------------------------------------------------------------- */

char *cb_compare_axis(const cb_csv_row *const *before, size_t nb,
                      const cb_csv_row *const *after, size_t na, const char *variant,
                      int by_mask, const char *const names[2], FILE *warn)
{
    const cb_run_info **runs[2];
    size_t k[2] = {side_runs(before, nb, &runs[0]), side_runs(after, na, &runs[1])};
    lib_uses libs[2] = {side_libs(before, nb), side_libs(after, na)};
    cb_buf axis = {NULL, 0, 0};
    run_axis(&axis, runs[0], k[0], runs[1], k[1], by_mask, warn);
    if (variant)
        cb_buf_printf(&axis, "%svariant %s", axis.len ? ", " : "", variant);
    lib_axis(&axis, &libs[0], &libs[1], by_mask);
    if (!axis.len)
        cb_buf_printf(&axis, "none: both sides describe the same build, host and variants");
    for (int side = 0; side < 2; side++) {
        if (warn) {
            run_warnings(runs[side], k[side], names[side], warn);
            lib_warnings(&libs[side], names[side], by_mask, warn);
        }
        free(runs[side]);
        free(libs[side].u);
    }
    return axis.s;
}

/* ---- the conditions of one side ------------------------------------------------------- */

/* What a page lists of the run description: every field but when it started. */
static const axis_field condition_fields[] = {
    {"tool version", offsetof(cb_run_info, tool_version)},
    {"build", offsetof(cb_run_info, build_rev)},
    {"config", offsetof(cb_run_info, build_config)},
    {"compiler", offsetof(cb_run_info, compiler)},
    {"cflags", offsetof(cb_run_info, cflags)},
    {"arch", offsetof(cb_run_info, host_arch)},
    {"host", offsetof(cb_run_info, hostname)},
    {"cpu", offsetof(cb_run_info, cpu_model)},
    {"caps detected", offsetof(cb_run_info, caps_detected)},
    {"caps in force", offsetof(cb_run_info, caps_effective)},
    {"mask", offsetof(cb_run_info, caps_mask)},
    {"mask source", offsetof(cb_run_info, mask_source)},
    {"emulator", offsetof(cb_run_info, emulator)},
    {"timing", offsetof(cb_run_info, timing)},
};
#define N_CONDITION_FIELDS (sizeof condition_fields / sizeof condition_fields[0])

size_t cb_side_conditions(const cb_csv_row *const *rows, size_t n, cb_condition **out)
{
    const cb_run_info **runs;
    size_t k = side_runs(rows, n, &runs), count = 0;
    cb_condition *c = cb_xmalloc((N_CONDITION_FIELDS + 1 + CB_PROVENANCE_FIELDS) * sizeof *c);
    for (size_t f = 0; f < N_CONDITION_FIELDS; f++) {
        cb_strs v = run_values(runs, k, condition_fields[f].offset);
        snprintf(c[count].name, sizeof c[count].name, "%s", condition_fields[f].name);
        c[count++].value = cb_strs_text(&v, " + ");
        free(v.v);
    }
    cb_strs variants = {NULL, 0};
    for (size_t i = 0; i < n; i++)
        cb_strs_add(&variants, rows[i]->s.variant);
    snprintf(c[count].name, sizeof c[count].name, "variants");
    c[count++].value = cb_strs_text(&variants, " + ");
    free(variants.v);
    lib_uses libs = side_libs(rows, n);
    for (int f = 0; f < CB_PROVENANCE_FIELDS; f++) {
        cb_strs v = lib_values(&libs, 0, NULL, f);
        field_name(f, c[count].name, sizeof c[count].name);
        c[count++].value = cb_strs_text(&v, " + ");
        free(v.v);
    }
    free(libs.u);
    free(runs);
    *out = c;
    return count;
}

void cb_conditions_free(cb_condition *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(c[i].value);
    free(c);
}

/* ---- a column's label ----------------------------------------------------------------- */

/* add_value appends "name AFTER" to the label. */
static void add_value(cb_buf *label, const char *name, const cb_strs *after)
{
    char *t = cb_strs_text(after, "+");
    cb_buf_printf(label, "%s%s %s", label->len ? ", " : "", name, t);
    free(t);
}

char *cb_compare_axis_label(const cb_csv_row *const *before, size_t nb,
                            const cb_csv_row *const *after, size_t na)
{
    const cb_run_info **runs[2];
    size_t k[2] = {side_runs(before, nb, &runs[0]), side_runs(after, na, &runs[1])};
    lib_uses libs[2] = {side_libs(before, nb), side_libs(after, na)};
    cb_buf label = {NULL, 0, 0};
    for (size_t f = 0; f < N_AXIS_FIELDS; f++) {
        cb_strs vb = run_values(runs[0], k[0], axis_fields[f].offset);
        cb_strs va = run_values(runs[1], k[1], axis_fields[f].offset);
        if (!cb_strs_same(&vb, &va))
            add_value(&label, axis_fields[f].name, &va);
        free(vb.v);
        free(va.v);
    }
    for (int f = 0; f < CB_PROVENANCE_FIELDS && (f == CB_PROV_LIBRARY || (libs[0].n && libs[1].n));
         f++) {
        cb_strs vb = lib_values(&libs[0], 0, NULL, f), va = lib_values(&libs[1], 0, NULL, f);
        if (!cb_strs_same(&vb, &va)) {
            char name[32];
            field_name(f, name, sizeof name);
            add_value(&label, name, &va);
        }
        free(vb.v);
        free(va.v);
    }
    for (int side = 0; side < 2; side++) {
        free(runs[side]);
        free(libs[side].u);
    }
    return label.s;
}

/* field_values: field f of one side, f counting the run description's fields, then
 * the variants, then the provenance fields. */
static cb_strs field_values(const cb_csv_row *const *rows, size_t n, size_t f)
{
    cb_strs v = {NULL, 0};
    if (f < N_AXIS_FIELDS) {
        const cb_run_info **runs;
        size_t k = side_runs(rows, n, &runs);
        v = run_values(runs, k, axis_fields[f].offset);
        free(runs);
    } else if (f == N_AXIS_FIELDS) {
        for (size_t i = 0; i < n; i++)
            cb_strs_add(&v, rows[i]->s.variant);
    } else {
        lib_uses libs = side_libs(rows, n);
        v = lib_values(&libs, 0, NULL, (int)(f - N_AXIS_FIELDS - 1));
        free(libs.u);
    }
    return v;
}

void cb_compare_axis_labels(const cb_csv_row *const *const *rows, const size_t *count,
                            size_t n, char **out)
{
    cb_buf *label = cb_xcalloc(n + 1, sizeof *label);
    cb_strs *v = cb_xcalloc(n + 1, sizeof *v);
    for (size_t f = 0; f < N_AXIS_FIELDS + 1 + CB_PROVENANCE_FIELDS; f++) {
        int alike = 1;
        for (size_t i = 0; i < n; i++) {
            v[i] = field_values(rows[i], count[i], f);
            alike &= cb_strs_same(&v[i], &v[0]);
        }
        char name[32];
        if (f < N_AXIS_FIELDS)
            snprintf(name, sizeof name, "%s", axis_fields[f].name);
        else if (f == N_AXIS_FIELDS)
            snprintf(name, sizeof name, "variant");
        else
            field_name((int)(f - N_AXIS_FIELDS - 1), name, sizeof name);
        for (size_t i = 0; i < n; i++) {
            if (!alike)
                add_value(&label[i], name, &v[i]);
            free(v[i].v);
        }
    }
    for (size_t i = 0; i < n; i++)
        out[i] = label[i].s;
    free(label);
    free(v);
}
