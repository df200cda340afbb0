/*
 * reports/export/junit.c - JUnit XML, the report CI systems show as test results:
 * either each case of one set (measured passes; faulted or failed fails; skipped is
 * skipped), or compare's gate over two sides, where each compared case is a
 * testcase and a gated regression its failure.  The verdicts are compare's
 * (cb_compare_rows); nothing here judges a difference.
 */
#include "reports/export/export.h"

#include <math.h>
#include <string.h>

#include "base/common.h"
#include "reports/format/xml.h"

/* open_suite writes the XML declaration and the opening tags with the counts. */
static void open_suite(FILE *out, const char *suite, size_t tests, size_t failures,
                       size_t skipped)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
    fprintf(out, "<testsuites name=\"cryptobench\" tests=\"%zu\" failures=\"%zu\" "
                 "skipped=\"%zu\">\n", tests, failures, skipped);
    fputs("  <testsuite name=\"", out);
    cb_xml_text(out, suite, 0);
    fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\">\n", tests, failures,
            skipped);
}

static void close_suite(FILE *out)
{
    fputs("  </testsuite>\n</testsuites>\n", out);
}

/* open_case writes <testcase classname="ALG" name="NAME" without closing it. */
static void open_case(FILE *out, const char *alg, const char *name)
{
    fputs("    <testcase classname=\"", out);
    cb_xml_text(out, alg, 0);
    fputs("\" name=\"", out);
    cb_xml_text(out, name, 0);
    fputs("\"", out);
}

static int is_failure(const cb_export_case *k)
{
    return strcmp(k->status, "faulted") == 0 || strcmp(k->status, "failed") == 0;
}

size_t cb_export_junit_failures(const cb_export_cases *cs)
{
    size_t n = 0;
    for (size_t i = 0; i < cs->n; i++)
        n += is_failure(&cs->c[i]) ? 1 : 0;
    return n;
}

void cb_export_junit(const cb_export_cases *cs, FILE *out)
{
    size_t skipped = 0;
    for (size_t i = 0; i < cs->n; i++)
        skipped += strcmp(cs->c[i].status, "skipped") == 0 ? 1 : 0;
    open_suite(out, "cryptobench cases", cs->n, cb_export_junit_failures(cs), skipped);
    for (size_t i = 0; i < cs->n; i++) {
        const cb_export_case *k = &cs->c[i];
        open_case(out, k->first->s.alg, k->name);
        if (strcmp(k->status, "ok") == 0) {
            fputs("/>\n", out);
            continue;
        }
        fputs(">\n      ", out);
        fputs(is_failure(k) ? "<failure message=\"" : "<skipped message=\"", out);
        cb_xml_text(out, k->status, 0);
        if (*k->why) {
            fputs(": ", out);
            cb_xml_text(out, k->why, 0);
        }
        fputs("\"/>\n    </testcase>\n", out);
    }
    close_suite(out);
}

/* gate_name names a compared case as cb_export_name does, its variant "A-vs-B" when
 * the sides ran different ones, and its mask after it when two sweeps were compared. */
static void gate_name(const cb_cmp_case *k, char *buf, size_t len)
{
    char variant[2 * CB_SIDES_VARIANT + 8];
    if (strcmp(k->variant_before, k->variant_after) == 0)
        snprintf(variant, sizeof variant, "%s", k->variant_after);
    else
        snprintf(variant, sizeof variant, "%s-vs-%s", k->variant_before, k->variant_after);
    cb_sample s;
    memset(&s, 0, sizeof s);
    s.alg = k->alg;
    s.variant = variant;
    s.direction = k->direction;
    s.key_bits = k->key_bits;
    s.block_bytes = k->block_bytes;
    s.misalign = k->misalign;
    s.aead = k->aead;
    cb_export_name(&s, buf, len);
    if (k->mask) {
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "/mask=%s", k->mask);
    }
}

/* failure_message says how much slower the case is, the interval compare judged it
 * by, and the threshold it crossed. */
static void failure_message(const cb_comparison *c, const cb_cmp_case *k, char *buf,
                            size_t len)
{
    if (k->has_stats && !isnan(k->ci.lo))
        snprintf(buf, len, "%.2f%% slower (p=%.3g, %.0f%% interval %+.2f%% to %+.2f%%), "
                 "beyond -fail-if-slower %g%%", -k->diff_pct, k->p, k->ci.level * 100,
                 k->ci.lo * 100, k->ci.hi * 100, c->opts.threshold_pct);
    else
        snprintf(buf, len, "%.2f%% slower with one sample a side, beyond -fail-if-slower "
                 "%g%%", -k->diff_pct, c->opts.threshold_pct);
}

void cb_export_junit_comparison(const cb_comparison *c, FILE *out)
{
    char suite[600];
    snprintf(suite, sizeof suite, "cryptobench gate %s -> %s", c->before_name,
             c->after_name);
    open_suite(out, suite, c->n, c->gate_failures, 0);
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        char name[CB_EXPORT_NAME + 64], msg[512];
        gate_name(k, name, sizeof name);
        open_case(out, k->alg, name);
        if (!(k->gated && k->verdict == CB_REGRESSION)) {
            fputs("/>\n", out);
            continue;
        }
        failure_message(c, k, msg, sizeof msg);
        fputs(">\n      <failure message=\"", out);
        cb_xml_text(out, msg, 0);
        fputs("\"/>\n    </testcase>\n", out);
    }
    close_suite(out);
}

int cb_export_junit_gate(const cb_csv_set *set, const cb_sides_request *rq,
                         const cb_compare_opts *o, FILE *out)
{
    cb_sides sd;
    cb_comparison c;
    char summary[256];
    int rc = CB_EXIT_USAGE;
    if (cb_compare_judge(set, rq, o, &sd, &c) == 0) {
        cb_export_junit_comparison(&c, out);
        fprintf(stderr, "%s\n", cb_compare_summary(&c, summary, sizeof summary));
        rc = c.gate_failures ? CB_EXIT_FAIL : CB_EXIT_OK;
    }
    cb_comparison_free(&c);
    cb_sides_free(&sd);
    return rc;
}
