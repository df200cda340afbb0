/*
 * reports/export/googlebench.c - Google Benchmark's JSON (googlebench): the
 * "context" object from the first measured case's run description and one
 * "iteration" entry per sample in "benchmarks", named by cb_export_name, times in ns
 * per operation.  Google Benchmark's tools/compare.py reads it, and so does
 * `cryptobench import`, which gives back the same cases (docs/export.md).
 */
#include "reports/export/export.h"

#include <string.h>

#include "reports/format/json.h"

/* context writes the run description of the first measured case: the fields Google
 * Benchmark has a name for under that name, the others under cryptobench_ ones. */
static void context(const cb_export_cases *cs, FILE *out)
{
    const cb_run_info *run = NULL;
    for (size_t i = 0; i < cs->n && !run; i++)
        if (strcmp(cs->c[i].status, "ok") == 0)
            run = cs->c[i].first->run;
    fputs("  \"context\": {", out);
    if (run) {
        static const char *const names[] = {
            "date", "host_name", "executable", "library_build_type", "cpu_model",
            "cryptobench_tool_version", "cryptobench_build_rev", "cryptobench_host_arch",
            "cryptobench_timing",
        };
        const char *values[] = {
            run->started, run->hostname, "cryptobench", run->build_config, run->cpu_model,
            run->tool_version, run->build_rev, run->host_arch, run->timing,
        };
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            fprintf(out, "%s\n    \"%s\": ", i ? "," : "", names[i]);
            cb_json_str(out, values[i]);
        }
        fputs("\n  ", out);
    }
    fputs("},\n", out);
}

/* sample writes row j of case k as one iteration entry; a row an imported table gave
 * as a rate only is one operation at that rate, as gobench writes it. */
static void sample(const cb_export_case *k, size_t family, size_t j, FILE *out)
{
    const cb_csv_row *r = k->rows[j];
    int counted = r->has_counts && r->s.iterations > 0 && r->s.seconds > 0;
    unsigned long long n = counted ? (unsigned long long)r->s.iterations : 1;
    double ns = counted ? r->s.seconds / (double)r->s.iterations * 1e9 : 1e9 / r->ops_per_sec;
    fputs("    {\n      \"name\": ", out);
    cb_json_str(out, k->name);
    fprintf(out, ",\n      \"family_index\": %zu,\n      \"per_family_instance_index\": 0,\n"
                 "      \"run_name\": ", family);
    cb_json_str(out, k->name);
    fprintf(out, ",\n      \"run_type\": \"iteration\",\n      \"repetitions\": %zu,\n"
                 "      \"repetition_index\": %zu,\n      \"threads\": 1,\n"
                 "      \"iterations\": %llu,\n      \"real_time\": ", k->n, j, n);
    cb_json_num(out, ns, 12);
    fputs(",\n      \"cpu_time\": ", out);
    cb_json_num(out, ns, 12);
    fputs(",\n      \"time_unit\": \"ns\",\n      \"bytes_per_second\": ", out);
    cb_json_num(out, r->bytes_per_sec, 12);
    fputs("\n    }", out);
}

void cb_export_googlebench(const cb_export_cases *cs, FILE *out)
{
    fputs("{\n", out);
    context(cs, out);
    fputs("  \"benchmarks\": [", out);
    int first = 1;
    size_t family = 0;
    for (size_t i = 0; i < cs->n; i++) {
        const cb_export_case *k = &cs->c[i];
        if (strcmp(k->status, "ok") != 0)
            continue;
        for (size_t j = 0; j < k->n; j++) {
            fputs(first ? "\n" : ",\n", out);
            first = 0;
            sample(k, family, j, out);
        }
        family++;
    }
    fprintf(out, "%s]\n}\n", first ? "" : "\n  ");
}
