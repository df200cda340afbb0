/*
 * reports/audit/text.c - an audit as text or markdown (reports/audit/audit.h): per
 * algorithm and direction a table of every candidate's throughput at each size,
 * the fastest marked, then its crossovers and the sizes auto gets wrong, and a
 * summary line for the whole audit.
 */
#include "reports/audit/audit.h"

#include <string.h>

#include "kernels/registry.h"

int cb_audit_style_ok(const char *style)
{
    return strcmp(style, "text") == 0 || strcmp(style, "markdown") == 0 ||
           strcmp(style, "html") == 0;
}

/* mark says what a candidate is at a cell: '*' the significant winner or the
 * fastest of a tie, '=' tied with it, '?' undecided, ' ' significantly slower. */
static char mark(const cb_audit_cell *c, size_t j)
{
    if (!c->judged)
        return '?';
    switch (c->f.verdict[j]) {
    case CB_FASTEST_IS_BEST:
        return '*';
    case CB_FASTEST_TIED:
        return '=';
    case CB_FASTEST_SLOWER:
        return ' ';
    default:
        return '?';
    }
}

/* rate: a candidate's median as the table shows it, MB/s (ops/s for public key). */
static double rate(const cb_audit_row *r, const cb_audit_cell *c, size_t j)
{
    if (c->median[j] < 0)
        return -1;
    return cb_alg_per_op(r->alg) ? c->median[j] : c->median[j] * (double)c->bytes / 1e6;
}

/* fastest_text: "aesni-i4" or "aesni-i4 = aesni-i8" (the tied set), or "undecided". */
static const char *fastest_text(const cb_audit_row *r, const cb_audit_cell *c, char *buf,
                                size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    if (!c->judged) {
        snprintf(buf, len, "unmeasured");
        return buf;
    }
    for (size_t j = 0; j < r->k; j++) {
        char m = mark(c, j);
        if (m != '*' && m != '=')
            continue;
        int w = snprintf(buf + used, len - used, "%s%s", used ? " = " : "", r->name[j]);
        used += w > 0 && (size_t)w < len - used ? (size_t)w : 0;
    }
    if (!c->f.resolved && used < len)
        snprintf(buf + used, len - used, " (others undecided)");
    return buf;
}

static void print_row(const cb_audit_row *r, int md, FILE *out)
{
    char name[160];
    snprintf(name, sizeof name, "%s %s", r->alg->name, cb_dir_name(r->dir));
    fprintf(out, md ? "\n### %s\n\nauto picks %s; %s per variant (* fastest, = tied "
                      "within 2%%, ? undecided)\n\n"
                    : "\n%s: auto picks %s; %s per variant (* fastest, = tied within 2%%, "
                      "? undecided)\n",
            name, r->auto_var ? r->auto_var->name : "nothing",
            cb_alg_per_op(r->alg) ? "operations/s" : "MB/s");
    fprintf(out, md ? "| bytes | rounds |" : "%8s %6s", "bytes", "rounds");
    for (size_t j = 0; j < r->k; j++)
        fprintf(out, md ? " %s |" : " %13s", r->name[j]);
    fprintf(out, md ? " fastest |\n|---:|---:|" : "  fastest\n");
    for (size_t j = 0; md && j <= r->k; j++)
        fprintf(out, j < r->k ? "---:|" : "---|\n");
    for (size_t k = 0; k < r->nsizes; k++) {
        const cb_audit_cell *c = &r->cell[k];
        char f[256];
        fprintf(out, md ? "| %zu | %zu |" : "%8zu %6zu", c->bytes, c->judged ? c->f.n : 0);
        for (size_t j = 0; j < r->k; j++) {
            double v = rate(r, c, j);
            if (v < 0)
                fprintf(out, md ? " n/a |" : " %13s", "n/a");
            else
                fprintf(out, md ? " %.1f%c |" : " %12.1f%c", v, mark(c, j));
        }
        fprintf(out, md ? " %s |\n" : "  %s\n", fastest_text(r, c, f, sizeof f));
    }
}

/* item opens one finding: markdown's list (after a blank line at the first), or an
 * indented line. */
static void item(int md, int *any, FILE *out)
{
    fputs(md ? (*any ? "- " : "\n- ") : "  ", out);
    *any = 1;
}

static void print_findings(const cb_audit *a, size_t ri, int md, FILE *out)
{
    const cb_audit_row *r = &a->rows[ri];
    int any = 0;
    for (size_t i = 0; i < a->ncross; i++) {
        const cb_audit_cross *x = &a->cross[i];
        if (x->row != ri)
            continue;
        item(md, &any, out);
        fprintf(out, "crossover: %s beats %s from %zu-%zu B\n", r->name[x->to_j],
                r->name[x->from_j], x->lo, x->hi);
    }
    for (size_t i = 0; i < a->nmiss; i++) {
        const cb_audit_miss *m = &a->miss[i];
        if (m->row != ri)
            continue;
        const cb_audit_cell *c = &r->cell[m->cell];
        item(md, &any, out);
        fprintf(out, "misdispatch: %s %s at %zu B: auto picks %s, %s is %.0f%% faster "
                "(interval %.0f%% to %.0f%%)\n", r->alg->name, cb_dir_name(r->dir), c->bytes,
                r->auto_var->name, r->name[c->f.best], m->est, m->lo, m->hi);
    }
}

void cb_audit_print(const cb_audit *a, const char *style, FILE *out)
{
    int md = strcmp(style, "markdown") == 0;
    if (strcmp(style, "html") == 0) {
        cb_audit_html(a, out);
        return;
    }
    if (a->info)
        fprintf(out, md ? "## cryptobench audit\n\n%s; capabilities in force: %s; mask: %s; "
                          "built on revision %s, config %s\n"
                        : "audit on %s; capabilities in force: %s; mask: %s; built on "
                          "revision %s, config %s\n",
                a->info->cpu_model, a->info->caps_effective, a->info->caps_mask,
                a->info->build_rev, a->info->build_config);
    for (size_t i = 0; i < a->n; i++) {
        print_row(&a->rows[i], md, out);
        print_findings(a, i, md, out);
    }
    size_t worst = a->nmiss;
    for (size_t i = 0; i < a->nmiss; i++)
        if (worst == a->nmiss || a->miss[i].est > a->miss[worst].est)
            worst = i;
    fprintf(out, "\n%saudit: %zu algorithm/direction row%s, %zu crossover%s, %zu size%s where "
            "auto is significantly slower than the fastest", md ? "**" : "", a->n,
            a->n == 1 ? "" : "s", a->ncross, a->ncross == 1 ? "" : "s", a->nmiss,
            a->nmiss == 1 ? "" : "s");
    if (worst < a->nmiss) {
        const cb_audit_miss *m = &a->miss[worst];
        const cb_audit_row *r = &a->rows[m->row];
        fprintf(out, " (worst: %s %s at %zu B, %s %.0f%% faster than auto's %s)", r->alg->name,
                cb_dir_name(r->dir), r->cell[m->cell].bytes, r->name[r->cell[m->cell].f.best],
                m->est, r->auto_var->name);
    }
    fprintf(out, md ? ".**\n" : ".\n");
}
