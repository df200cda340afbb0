/*
 * reports/render_html.c - `compare -format html`: one self-contained page (inline
 * CSS and inline SVG, nothing fetched, no script) to post or attach: the sides and
 * the axis, the table of every case with the same labels and numbers the text styles
 * print, the chart of reports/render_svg.c, the notes and summary of the footer, and
 * the conditions each side was measured under (reports/compare_axis.h), those that
 * differ marked.  Every text is escaped (cb_svg_text), so the page is also
 * well-formed XML.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reports/compare_axis.h"
#include "reports/render.h"
#include "reports/svg.h"

static const char style_sheet[] =
    "body{font-family:\"DejaVu Sans\",Helvetica,Arial,sans-serif;margin:24px;color:#222222}\n"
    "table{border-collapse:collapse;margin:8px 0 18px}\n"
    "th,td{border:1px solid #cccccc;padding:3px 8px;text-align:left;vertical-align:top}\n"
    "th{background:#eeeeee}\n"
    "td.num{text-align:right;white-space:nowrap}\n"
    "tr.regression td.diff{color:#B00020;font-weight:bold}\n"
    "tr.improvement td.diff{color:#007755;font-weight:bold}\n"
    "tr.differs td{background:#fff1cc}\n"
    "td.value{font-family:\"DejaVu Sans Mono\",monospace;font-size:90%;word-break:break-all}\n";

/* cell writes one escaped table cell of class cls (NULL: none). */
static void cell(FILE *out, const char *cls, const char *text)
{
    if (cls)
        fprintf(out, "<td class=\"%s\">", cls);
    else
        fputs("<td>", out);
    cb_svg_text(out, text, 0);
    fputs("</td>", out);
}

static void sides(const cb_comparison *c, FILE *out)
{
    fputs("<table id=\"sides\">\n<tr><th>before</th>", out);
    cell(out, NULL, c->before_name);
    fputs("</tr>\n<tr><th>after</th>", out);
    cell(out, NULL, c->after_name);
    fputs("</tr>\n<tr><th>axis</th>", out);
    cell(out, NULL, c->axis);
    fputs("</tr>\n", out);
    for (size_t i = 0; i < c->n_causes; i++) {
        fputs("<tr><th>cause</th>", out);
        cell(out, NULL, c->causes[i]);
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
}

static void case_row(const cb_comparison *c, const cb_cmp_case *k, FILE *out)
{
    char label[256], size[32], before[48], after[48], pct[32], lo[32], hi[32], ci[96], p[32];
    ci[0] = p[0] = 0;
    if (!isnan(k->ci.lo))
        snprintf(ci, sizeof ci, "%s to %s (%.0f%%)", cb_fmt_pct(k->ci.lo * 100, lo, sizeof lo),
                 cb_fmt_pct(k->ci.hi * 100, hi, sizeof hi), k->ci.level * 100);
    if (!isnan(k->p))
        snprintf(p, sizeof p, "%.3g", k->p);
    fprintf(out, "<tr class=\"%s\">", cb_verdict_name(k->verdict));
    cell(out, "case", cb_case_label(c, k, 1, label, sizeof label));
    cell(out, "num", cb_fmt_block(k, size, sizeof size));
    cell(out, "num", cb_fmt_case_value(k, 0, before, sizeof before));
    cell(out, "num", cb_fmt_case_value(k, 1, after, sizeof after));
    cell(out, "num diff", cb_fmt_case_pct(k, pct, sizeof pct));
    cell(out, "num", ci);
    cell(out, "num", p);
    cell(out, NULL, cb_verdict_name(k->verdict));
    fputs("</tr>\n", out);
}

static void cases(const cb_comparison *c, FILE *out)
{
    const char *unit = cb_value_unit(c);
    char pct[32];
    fprintf(out, "<table id=\"cases\">\n<thead><tr><th>case</th><th>block bytes</th>"
                 "<th>before%s%s</th><th>after%s%s</th><th>difference</th><th>interval</th>"
                 "<th>p-value</th><th>verdict</th></tr></thead>\n<tbody>\n",
            *unit ? " " : "", unit, *unit ? " " : "", unit);
    for (size_t i = 0; i < c->n; i++)
        case_row(c, &c->cases[i], out);
    fprintf(out, "</tbody>\n<tfoot><tr><th>geomean</th><td></td><td></td><td></td>"
                 "<td class=\"num\">%s</td><td></td><td></td><td></td></tr></tfoot>\n"
                 "</table>\n", cb_fmt_pct(c->geomean_pct, pct, sizeof pct));
}

/* notes writes the text styles' footer (notes, geomean, summary) a list item a line. */
static void notes(const cb_comparison *c, FILE *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return;
    cb_render_footer(c, m, "");
    fclose(m);
    fputs("<ul id=\"notes\">\n", out);
    for (char *line = text, *nl; line && *line; line = nl + 1) {
        nl = strchr(line, '\n');
        if (!nl)
            nl = line + strlen(line) - 1;
        else
            *nl = 0;
        fputs("<li>", out);
        cb_svg_text(out, line, 0);
        fputs("</li>\n", out);
    }
    fputs("</ul>\n", out);
    free(text);
}

static void conditions(const cb_comparison *c, FILE *out)
{
    if (!c->side_rows[0] || !c->side_rows[1])
        return;
    cb_condition *side[2];
    size_t n = cb_side_conditions(c->side_rows[0], c->side_n[0], &side[0]);
    cb_side_conditions(c->side_rows[1], c->side_n[1], &side[1]);
    fputs("<h2>Conditions</h2>\n<table id=\"conditions\">\n<thead><tr><th>condition</th>"
          "<th>before</th><th>after</th></tr></thead>\n<tbody>\n", out);
    for (size_t i = 0; i < n; i++) {
        int differs = strcmp(side[0][i].value, side[1][i].value) != 0;
        fprintf(out, "<tr%s><th>", differs ? " class=\"differs\"" : "");
        cb_svg_text(out, side[0][i].name, 0);
        fputs("</th>", out);
        cell(out, "value", side[0][i].value);
        cell(out, "value", side[1][i].value);
        fputs("</tr>\n", out);
    }
    fputs("</tbody>\n</table>\n", out);
    cb_conditions_free(side[0], n);
    cb_conditions_free(side[1], n);
}

void cb_render_html(const cb_comparison *c, FILE *out)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
          "<title>cryptobench compare: ", out);
    cb_svg_text(out, c->before_name, 0);
    fputs(" -&gt; ", out);
    cb_svg_text(out, c->after_name, 0);
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>cryptobench compare</h1>\n",
            style_sheet);
    sides(c, out);
    fputs("<h2>Cases</h2>\n", out);
    cases(c, out);
    notes(c, out);
    fputs("<h2>Difference per case</h2>\n<div id=\"chart\">\n", out);
    cb_compare_chart(c, out, 0);
    fputs("</div>\n", out);
    conditions(c, out);
    fputs("</body>\n</html>\n", out);
}
