/*
 * reports/sinks/speed_json.c - the per-case summary of a speed run as JSON.
 */
#include "reports/sinks/speed_json.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reports/format/json.h"

static void jnum(FILE *f, double v)
{
    if (v < 0)
        fputs("null", f);
    else
        cb_json_num(f, v, 10);
}

static void write_run(FILE *f, const cb_run_info *r)
{
    const struct {
        const char *k, *v;
    } fields[] = {
        {"tool_version", r->tool_version}, {"build_rev", r->build_rev},
        {"build_config", r->build_config}, {"compiler", r->compiler},
        {"cflags", r->cflags},             {"host_arch", r->host_arch},
        {"hostname", r->hostname},         {"cpu_model", r->cpu_model},
        {"caps_detected", r->caps_detected}, {"caps_effective", r->caps_effective},
        {"caps_mask", r->caps_mask},       {"mask_source", r->mask_source},
        {"emulator", r->emulator},         {"timing", r->timing},
        {"started", r->started},           {"tune", r->tune ? r->tune : ""},
    };
    fputs("  \"run\": {", f);
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        fprintf(f, "%s\n    ", i ? "," : "");
        cb_json_str(f, fields[i].k);
        fputs(": ", f);
        cb_json_str(f, fields[i].v);
    }
    fputs("\n  },\n", f);
}

/* write_figures writes what a set of samples says, the part of a case that a worker
 * of a -multi run has too. */
static void write_figures(FILE *f, const cb_case_summary *c)
{
    fprintf(f, "\"samples\": %u, \"ops_per_sec\": ", c->samples);
    jnum(f, c->ops_per_sec);
    fputs(", \"bytes_per_sec\": ", f);
    jnum(f, c->block_bytes && c->ops_per_sec >= 0 ? c->ops_per_sec * (double)c->block_bytes
                                                  : -1);
    fputs(", \"ci95_low_ops\": ", f);
    jnum(f, c->ci_low);
    fputs(", \"ci95_high_ops\": ", f);
    jnum(f, c->ci_high);
    fputs(", \"ci95_halfwidth_pct\": ", f);
    jnum(f, c->ops_per_sec > 0 ? 50 * (c->ci_high - c->ci_low) / c->ops_per_sec : -1);
    fputs(", \"cv_pct\": ", f);
    jnum(f, c->samples ? c->cv * 100 : -1);
    fputs(", \"cycles_per_byte\": ", f);
    jnum(f, c->cycles_per_byte);
    fputs(", \"cycles_source\": ", f);
    cb_json_str(f, c->cycles_per_byte >= 0 ? c->cycles_source : "");
    fprintf(f, ", \"noisy\": %s, \"status\": ", c->noisy ? "true" : "false");
    cb_json_str(f, c->status);
    fputs(", \"signal\": ", f);
    cb_json_str(f, c->signal);
    fputs(", \"note\": ", f);
    cb_json_str(f, c->note);
}

static void write_case(FILE *f, const cb_case_summary *c, size_t workers,
                       const cb_case_summary *per_worker, int last)
{
    fputs("    {\"algorithm\": ", f);
    cb_json_str(f, c->alg);
    fputs(", \"variant\": ", f);
    cb_json_str(f, c->variant);
    /* where the variant came from: "" for a built-in one (base/sample.h) */
    for (int i = 0; i < CB_PROVENANCE_FIELDS; i++) {
        fputs(", ", f);
        cb_json_str(f, cb_provenance_key(i));
        fputs(": ", f);
        cb_json_str(f, cb_provenance_str(&c->lib, i));
    }
    fputs(", \"direction\": ", f);
    cb_json_str(f, c->direction);
    fprintf(f, ", \"key_bits\": %u, \"block_bytes\": %zu, \"misalign\": %u, \"aead\": %s, "
               "\"rekey\": %s, ",
            c->key_bits, c->block_bytes, c->misalign, c->aead & 1 ? "true" : "false",
            c->aead & 2 ? "true" : "false");
    write_figures(f, c);
    if (workers && per_worker) {
        fputs(",\n     \"per_worker\": [", f);
        for (size_t w = 0; w < workers; w++) {
            fprintf(f, "%s\n       {\"worker\": %zu, ", w ? "," : "", w);
            write_figures(f, &per_worker[w]);
            fputc('}', f);
        }
        fputs("]", f);
    }
    fprintf(f, "}%s\n", last ? "" : ",");
}

int cb_speed_json_write(FILE *f, const cb_run_info *run, double precision,
                        const cb_case_summary *cases, size_t n, size_t workers,
                        const cb_case_summary *per_worker)
{
    fputs("{\n  \"schema\": \"cryptobench-speed 1.3\",\n", f);
    write_run(f, run);
    fputs("  \"precision_goal_pct\": ", f);
    jnum(f, precision * 100);
    fprintf(f, ",\n  \"workers\": %zu,\n  \"cases\": [\n", workers ? workers : 1);
    for (size_t i = 0; i < n; i++)
        write_case(f, &cases[i], workers, per_worker ? per_worker + i * workers : NULL,
                   i + 1 == n);
    fputs("  ]\n}\n", f);
    return ferror(f) ? -1 : 0;
}
