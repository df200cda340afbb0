/*
 * reports/export/json.c - the two JSON formats: Bencher Metric Format (bmf) and
 * github-action-benchmark's customBiggerIsBetter (github).  Only measured cases are
 * written; their numbers carry 12 significant digits, as the CSV's rates do.
 */
#include "reports/export/export.h"

#include <string.h>

#include "reports/format/json.h"

/* each_measured writes open, then item for every measured case with ",\n  " between
 * and "\n  " before the first, then close after a newline (nothing between open and
 * close when no case is measured). */
static void each_measured(const cb_export_cases *cs, FILE *out, const char *open,
                          const char *close,
                          void (*item)(const cb_export_case *k, FILE *out))
{
    int first = 1;
    fputs(open, out);
    for (size_t i = 0; i < cs->n; i++) {
        if (strcmp(cs->c[i].status, "ok") != 0)
            continue;
        fputs(first ? "\n  " : ",\n  ", out);
        first = 0;
        item(&cs->c[i], out);
    }
    fprintf(out, "%s%s\n", first ? "" : "\n", close);
}

static void bmf_item(const cb_export_case *k, FILE *out)
{
    cb_json_str(out, k->name);
    fprintf(out, ": {\"throughput\": {\"value\": %.12g, \"lower_value\": %.12g, "
                 "\"upper_value\": %.12g}}", k->median, k->lo, k->hi);
}

void cb_export_bmf(const cb_export_cases *cs, FILE *out)
{
    each_measured(cs, out, "{", "}", bmf_item);
}

/* half_width is the larger distance from the median to an end of its interval: the
 * one "±" figure github-action-benchmark's range holds. */
static double half_width(const cb_export_case *k)
{
    double below = k->median - k->lo, above = k->hi - k->median;
    return below > above ? below : above;
}

static void github_item(const cb_export_case *k, FILE *out)
{
    const cb_run_info *run = k->first->run;
    char range[64], extra[1024];
    snprintf(range, sizeof range, "\xc2\xb1 %.12g", half_width(k) / 1e6);
    snprintf(extra, sizeof extra, "variant: %s\nsamples: %zu\ncpu: %s\nbuild: %s (%s)",
             k->first->s.variant, k->n, run->cpu_model, run->build_rev, run->build_config);
    fputs("{\"name\": ", out);
    cb_json_str(out, k->name);
    fprintf(out, ", \"unit\": \"MB/s\", \"value\": %.12g, \"range\": ", k->median / 1e6);
    cb_json_str(out, range);
    fputs(", \"extra\": ", out);
    cb_json_str(out, extra);
    fputs("}", out);
}

void cb_export_github(const cb_export_cases *cs, FILE *out)
{
    each_measured(cs, out, "[", "]", github_item);
}
