/*
 * reports/styles/json.c - `compare -format json`: the whole comparison, every case
 * with its rates, difference, p-value, interval, verdict and what made its variant
 * differ ("variant_cause"), plus the cause lines ("causes", an array of strings, empty
 * when the conditions are the same), the summary and the gate.  Two sweeps compared
 * mask by mask add "masks" (each mask's name) and each case's "mask"; other
 * comparisons have neither.  Numbers that do not exist (statistics of one-sample cases, rates of a
 * case compared in cycles, "measure": "cycles", and cycles of one compared by rates)
 * are null.
 */
#include <math.h>

#include "reports/compare/many.h"
#include "reports/format/json.h"
#include "reports/styles/render.h"

/* field writes ,"name": and leaves the value to the caller. */
static void key(FILE *out, const char *name, int first)
{
    fprintf(out, "%s\"%s\": ", first ? "" : ", ", name);
}

static void json_case(FILE *out, const cb_comparison *c, const cb_cmp_case *k)
{
    fputs("    {", out);
    key(out, "algorithm", 1);
    cb_json_str(out, k->alg);
    key(out, "direction", 0);
    cb_json_str(out, k->direction);
    key(out, "measure", 0);
    cb_json_str(out, k->cycles ? "cycles" : "rate");
    key(out, "variant_before", 0);
    cb_json_str(out, k->variant_before);
    key(out, "variant_after", 0);
    cb_json_str(out, k->variant_after);
    if (k->mask) {
        key(out, "mask", 0);
        cb_json_str(out, k->mask);
    }
    fprintf(out, ", \"key_bits\": %u, \"block_bytes\": %zu, \"misalign\": %u, "
            "\"aead\": %s, \"samples_before\": %zu, \"samples_after\": %zu",
            k->key_bits, k->block_bytes, k->misalign, k->aead ? "true" : "false",
            k->n_before, k->n_after);
    const struct { const char *name; double v; } nums[] = {
        {"ops_per_sec_before", k->ops_before}, {"ops_per_sec_after", k->ops_after},
        {"bytes_per_sec_before", k->bps_before}, {"bytes_per_sec_after", k->bps_after},
        {"difference_pct", k->diff_pct}, {"p_value", k->p},
        {"ci_low_pct", k->ci.lo * 100}, {"ci_high_pct", k->ci.hi * 100},
        {"ci_level", k->ci.level}, {"cycles_per_op_before", k->cycles_before},
        {"cycles_per_op_after", k->cycles_after}, {"raw_difference_pct", k->raw_diff_pct},
    };
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
        key(out, nums[i].name, 0);
        cb_json_num(out, nums[i].v, 12);
    }
    key(out, "significant", 0);
    fputs(k->has_stats ? (k->significant ? "true" : "false") : "null", out);
    key(out, "judged", 0);
    cb_json_str(out, cb_case_judged(k));
    key(out, "verdict", 0);
    cb_json_str(out, cb_verdict_name(k->verdict));
    key(out, "gated", 0);
    fputs(c->opts.gate && k->gated ? "true" : "false", out);
    key(out, "variant_cause", 0);
    if (k->variant_cause)
        cb_json_str(out, k->variant_cause);
    else
        fputs("null", out);
    fputs("}", out);
}

/* two_sides: the layout of two sides, one comparison. */
static void two_sides(const cb_comparison *c, FILE *out)
{
    fputs("{\n  \"before\": ", out);
    cb_json_str(out, c->before_name);
    fputs(",\n  \"after\": ", out);
    cb_json_str(out, c->after_name);
    fputs(",\n  \"axis\": ", out);
    cb_json_str(out, c->axis);
    fputs(",\n  \"causes\": [", out);
    for (size_t i = 0; i < c->n_causes; i++) {
        fputs(i ? ",\n    " : "\n    ", out);
        cb_json_str(out, c->causes[i]);
    }
    fputs(c->n_causes ? "\n  ]" : "]", out);
    if (c->n_masks) {
        fputs(",\n  \"masks\": [", out);
        for (size_t i = 0; i < c->n_masks; i++) {
            fputs(i ? ", " : "", out);
            cb_json_str(out, c->masks[i]);
        }
        fputs("]", out);
    }
    fputs(",\n  \"alpha\": ", out);
    cb_json_num(out, c->alpha, 12);
    fputs(",\n  \"cases\": [\n", out);
    for (size_t i = 0; i < c->n; i++) {
        json_case(out, c, &c->cases[i]);
        fputs(i + 1 < c->n ? ",\n" : "\n", out);
    }
    fputs("  ],\n  \"geomean_pct\": ", out);
    cb_json_num(out, c->geomean_pct, 12);
    fprintf(out, ",\n  \"summary\": {\"regressions\": %zu, \"improvements\": %zu, "
            "\"unchanged\": %zu, \"without_verdict\": %zu},\n", c->regressions,
            c->improvements, c->unchanged, c->single_sample);
    fprintf(out, "  \"gate\": {\"enabled\": %s", c->opts.gate ? "true" : "false");
    if (c->opts.gate) {
        fputs(", \"threshold_pct\": ", out);
        cb_json_num(out, c->opts.threshold_pct, 12);
        fputs(", \"algorithms\": [", out);
        for (size_t i = 0; i < c->opts.n_gate_algs; i++) {
            if (i)
                fputs(", ", out);
            cb_json_str(out, c->opts.gate_algs[i]);
        }
        fprintf(out, "], \"failures\": %zu, \"passed\": %s", c->gate_failures,
                c->gate_failures ? "false" : "true");
    }
    fputs("}\n}\n", out);
}

/* cb_render_json: two sides as two_sides writes them; of three or more files, {"base":
 * FILE, "columns": [{"file", "label", "comparison"}]}, each comparison the object two
 * files give. */
void cb_render_json(const cb_compare_many *m, FILE *out)
{
    if (cb_render_two_sides(m, two_sides, out))
        return;
    fputs("{\"base\": ", out);
    cb_json_str(out, m->base_name);
    fputs(",\n\"columns\": [\n", out);
    for (size_t j = 0; j < m->ncols; j++) {
        fputs("{\"file\": ", out);
        cb_json_str(out, m->cols[j].after_name);
        fputs(", \"label\": ", out);
        cb_json_str(out, m->labels[j]);
        fputs(", \"comparison\":\n", out);
        two_sides(&m->cols[j], out);
        fputs(j + 1 < m->ncols ? "},\n" : "}\n", out);
    }
    fputs("]}\n", out);
}
