/*
 * reports/audit/html.c - an audit as one HTML page (reports/audit/audit.h): per
 * algorithm and direction a chart of every candidate's throughput against block
 * size (log2 axis) with the crossovers shaded between the sizes that bracket them
 * and the misdispatched sizes marked on auto's line, then the table and the
 * findings.  Text goes through the one XML/HTML escaper.
 */
#include "reports/audit/audit.h"

#include <math.h>
#include <string.h>

#include "kernels/registry.h"
#include "reports/format/svg.h"
#include "reports/format/xml.h"

/* The chart's frame, in pixels: plot area left/top, its size, the legend's room. */
#define W 760
#define H 300
#define LEFT 70
#define TOP 20
#define PW 500
#define PH 230

typedef struct frame {
    double x0, x1; /* log2 of the smallest and largest size */
    double ymax;   /* MB/s at the top */
} frame;

static double px(const frame *f, size_t bytes)
{
    double span = f->x1 > f->x0 ? f->x1 - f->x0 : 1;
    return LEFT + (log2((double)bytes) - f->x0) / span * PW;
}

static double py(const frame *f, double mbs)
{
    return TOP + PH - mbs / f->ymax * PH;
}

static double mbs(const cb_audit_cell *c, size_t j)
{
    return c->median[j] < 0 ? -1 : c->median[j] * (double)c->bytes / 1e6;
}

static void axes(const frame *f, const cb_audit_row *r, FILE *out)
{
    double step = cb_svg_nice_step(f->ymax / 5);
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                 "stroke=\"#888\"/>\n", LEFT, TOP, PW, PH);
    for (double v = 0; v <= f->ymax + 1e-9; v += step)
        fprintf(out, "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%g</text>\n",
                LEFT - 6, py(f, v) + 4, v);
    fprintf(out, "<text x=\"14\" y=\"%d\" font-size=\"11\" transform=\"rotate(-90 14 %d)\" "
                 "text-anchor=\"middle\">MB/s</text>\n", TOP + PH / 2, TOP + PH / 2);
    /* a size label where there is room for one: at least 28 px from the last */
    double last = -100;
    for (size_t k = 0; k < r->nsizes; k++) {
        double x = px(f, r->cell[k].bytes);
        if (x - last < 28 && k + 1 < r->nsizes)
            continue;
        fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%zu"
                     "</text>\n", x, TOP + PH + 14, r->cell[k].bytes);
        last = x;
    }
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">block "
                 "size, bytes (log2 axis)</text>\n", LEFT + PW / 2, TOP + PH + 32);
}

/* chart draws row ri: crossover bands, one line per candidate, misdispatch marks,
 * the legend. */
static void chart(const cb_audit *a, size_t ri, FILE *out)
{
    const cb_audit_row *r = &a->rows[ri];
    frame f = {log2((double)r->cell[0].bytes), log2((double)r->cell[r->nsizes - 1].bytes), 0};
    for (size_t k = 0; k < r->nsizes; k++)
        for (size_t j = 0; j < r->k; j++)
            f.ymax = mbs(&r->cell[k], j) > f.ymax ? mbs(&r->cell[k], j) : f.ymax;
    if (f.ymax <= 0)
        return;
    f.ymax *= 1.05;
    cb_svg_begin(out, W, H, 0);
    for (size_t i = 0; i < a->ncross; i++) {
        const cb_audit_cross *x = &a->cross[i];
        if (x->row != ri)
            continue;
        double x0 = px(&f, x->lo), x1 = px(&f, x->hi);
        fprintf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#e8e8e8\">"
                     "<title>", x0, TOP, x1 - x0, PH);
        fprintf(out, "crossover: ");
        cb_xml_text(out, r->name[x->to_j], 0);
        fputs(" beats ", out);
        cb_xml_text(out, r->name[x->from_j], 0);
        fprintf(out, " from %zu-%zu B</title></rect>\n", x->lo, x->hi);
    }
    axes(&f, r, out);
    for (size_t j = 0; j < r->k; j++) {
        const char *colour = cb_svg_colours[j % CB_SVG_NCOLOURS];
        fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%d\" points=\"",
                colour, (int)j == r->auto_j ? 3 : 2);
        for (size_t k = 0; k < r->nsizes; k++)
            if (mbs(&r->cell[k], j) >= 0)
                fprintf(out, "%.1f,%.1f ", px(&f, r->cell[k].bytes), py(&f, mbs(&r->cell[k], j)));
        fputs("\"/>\n", out);
        int y = TOP + 12 + 16 * (int)j;
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                     "stroke-width=\"3\"/><text x=\"%d\" y=\"%d\" font-size=\"11\">",
                LEFT + PW + 12, y - 4, LEFT + PW + 32, y - 4, colour, LEFT + PW + 38, y);
        cb_xml_text(out, r->name[j], 0);
        fprintf(out, "%s</text>\n", (int)j == r->auto_j ? " (auto)" : "");
    }
    for (size_t i = 0; i < a->nmiss; i++) {
        const cb_audit_miss *m = &a->miss[i];
        if (m->row != ri)
            continue;
        const cb_audit_cell *c = &r->cell[m->cell];
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"none\" stroke=\"#d00\" "
                     "stroke-width=\"2\"><title>auto %.0f%% slower than the fastest at %zu B"
                     "</title></circle>\n", px(&f, c->bytes),
                py(&f, mbs(c, (size_t)r->auto_j)), 100 - 100 / (1 + m->est / 100), c->bytes);
    }
    cb_svg_end(out);
}

static void table(const cb_audit_row *r, FILE *out)
{
    fputs("<table>\n<tr><th>bytes</th><th>rounds</th>", out);
    for (size_t j = 0; j < r->k; j++)
        cb_xml_element(out, "th", r->name[j]);
    fputs("</tr>\n", out);
    for (size_t k = 0; k < r->nsizes; k++) {
        const cb_audit_cell *c = &r->cell[k];
        fprintf(out, "<tr><td>%zu</td><td>%zu</td>", c->bytes, c->judged ? c->f.n : 0);
        for (size_t j = 0; j < r->k; j++) {
            double v = cb_alg_per_op(r->alg) ? c->median[j] : mbs(c, j);
            cb_fastest_verdict d = c->judged ? c->f.verdict[j] : CB_FASTEST_UNDECIDED;
            const char *cls = d == CB_FASTEST_IS_BEST ? " class=\"best\""
                            : d == CB_FASTEST_TIED ? " class=\"tied\""
                            : d == CB_FASTEST_UNDECIDED ? " class=\"undecided\"" : "";
            if (v < 0)
                fputs("<td>n/a</td>", out);
            else
                fprintf(out, "<td%s>%.1f</td>", cls, v);
        }
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
}

static void findings(const cb_audit *a, size_t ri, FILE *out)
{
    const cb_audit_row *r = &a->rows[ri];
    fputs("<ul>\n", out);
    for (size_t i = 0; i < a->ncross; i++)
        if (a->cross[i].row == ri) {
            fputs("<li>crossover: ", out);
            cb_xml_text(out, r->name[a->cross[i].to_j], 0);
            fputs(" beats ", out);
            cb_xml_text(out, r->name[a->cross[i].from_j], 0);
            fprintf(out, " from %zu-%zu B</li>\n", a->cross[i].lo, a->cross[i].hi);
        }
    for (size_t i = 0; i < a->nmiss; i++)
        if (a->miss[i].row == ri) {
            const cb_audit_miss *m = &a->miss[i];
            const cb_audit_cell *c = &r->cell[m->cell];
            fprintf(out, "<li>misdispatch at %zu B: auto picks ", c->bytes);
            cb_xml_text(out, r->auto_var->name, 0);
            fputs(", ", out);
            cb_xml_text(out, r->name[c->f.best], 0);
            fprintf(out, " is %.0f%% faster (interval %.0f%% to %.0f%%)</li>\n", m->est, m->lo,
                    m->hi);
        }
    fputs("</ul>\n", out);
}

void cb_audit_html(const cb_audit *a, FILE *out)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<title>cryptobench audit</title>\n<style>\n"
          "body { font-family: sans-serif; margin: 2em; }\n"
          "table { border-collapse: collapse; font-size: 90%; }\n"
          "td, th { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }\n"
          "td.best { font-weight: bold; background: #dfd; }\n"
          "td.tied { background: #efe; }\n"
          "td.undecided { color: #888; }\n"
          "</style>\n</head>\n<body>\n<h1>cryptobench audit</h1>\n", out);
    if (a->info) {
        fputs("<p>", out);
        cb_xml_text(out, a->info->cpu_model, 0);
        fputs("; capabilities in force: ", out);
        cb_xml_text(out, a->info->caps_effective, 0);
        fputs("; built on revision ", out);
        cb_xml_text(out, a->info->build_rev, 0);
        fputs(", config ", out);
        cb_xml_text(out, a->info->build_config, 0);
        fputs("</p>\n", out);
    }
    fprintf(out, "<p>%zu algorithm/direction rows, %zu crossovers, %zu sizes where auto is "
                 "significantly slower than the fastest. Bold: the fastest; green: tied "
                 "within 2%%; grey: undecided. Shaded: a crossover's bracket; circled: auto "
                 "significantly slower.</p>\n", a->n, a->ncross, a->nmiss);
    for (size_t i = 0; i < a->n; i++) {
        const cb_audit_row *r = &a->rows[i];
        char head[160];
        snprintf(head, sizeof head, "%s %s", r->alg->name, cb_dir_name(r->dir));
        cb_xml_element(out, "h2", head);
        fputs("\n<p>auto picks ", out);
        cb_xml_text(out, r->auto_var ? r->auto_var->name : "nothing", 0);
        fprintf(out, "; %s per variant</p>\n", cb_alg_per_op(r->alg) ? "operations/s" : "MB/s");
        if (!cb_alg_per_op(r->alg) && r->nsizes > 1)
            chart(a, i, out);
        table(r, out);
        findings(a, i, out);
    }
    fputs("</body>\n</html>\n", out);
}
