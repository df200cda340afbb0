/*
 * reports/styles/html.c - `compare -format html`: one self-contained page (inline
 * CSS and inline SVG, nothing fetched, no script) to post or attach: the sides and
 * the axis, the table of every case with the same labels and numbers the text styles
 * print, the chart of reports/styles/svg.c, the notes and summary of the footer, and
 * the conditions each side was measured under (reports/compare/axis.h), those that
 * differ marked.  With many files (reports/compare/many.h) the table has the base's
 * figures and a figure and difference per file, the chart a bar per file, and the
 * conditions a column per file.  Every text is escaped (cb_xml_text), so the page is also
 * well-formed XML.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/axis.h"
#include "reports/compare/many.h"
#include "reports/styles/render.h"
#include "reports/format/svg.h"
#include "reports/format/xml.h"

static const char style_sheet[] =
    "body{font-family:\"DejaVu Sans\",Helvetica,Arial,sans-serif;margin:24px;color:#222222}\n"
    "table{border-collapse:collapse;margin:8px 0 18px}\n"
    "th,td{border:1px solid #cccccc;padding:3px 8px;text-align:left;vertical-align:top}\n"
    "th{background:#eeeeee}\n"
    "td.num{text-align:right;white-space:nowrap}\n"
    "tr.regression td.diff,td.diff.regression{color:#B00020;font-weight:bold}\n"
    "tr.improvement td.diff,td.diff.improvement{color:#007755;font-weight:bold}\n"
    "tr.differs td{background:#fff1cc}\n"
    "td.value{font-family:\"DejaVu Sans Mono\",monospace;font-size:90%;word-break:break-all}\n";

/* cell writes one escaped table cell of class cls (NULL: none). */
static void cell(FILE *out, const char *cls, const char *text)
{
    if (cls)
        fprintf(out, "<td class=\"%s\">", cls);
    else
        fputs("<td>", out);
    cb_xml_text(out, text, 0);
    fputs("</td>", out);
}

static void sides(const cb_compare_many *m, FILE *out)
{
    const cb_comparison *c = &m->cols[0];
    if (m->ncols > 1) {
        fputs("<table id=\"sides\">\n<tr><th>base</th>", out);
        cell(out, NULL, m->base_name);
        fputs("<td></td></tr>\n", out);
        for (size_t j = 0; j < m->ncols; j++) {
            fputs("<tr><th>", out);
            cb_xml_text(out, m->labels[j], 0);
            fputs("</th>", out);
            cell(out, NULL, m->cols[j].after_name);
            cell(out, NULL, m->cols[j].axis);
            fputs("</tr>\n", out);
            for (size_t i = 0; i < m->cols[j].n_causes; i++) {
                fputs("<tr><th>cause</th><td></td>", out);
                cell(out, NULL, m->cols[j].causes[i]);
                fputs("</tr>\n", out);
            }
        }
        fputs("</table>\n", out);
        return;
    }
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

/* many_cases: the base's figure, then each file's figure and difference. */
static void many_cases(const cb_compare_many *m, FILE *out)
{
    char size[32], buf[48], pct[32];
    const char *unit = cb_value_unit(&m->cols[0]);
    fprintf(out, "<table id=\"cases\">\n<thead><tr><th>case</th><th>block bytes</th>"
                 "<th>base%s%s</th>", *unit ? " " : "", unit);
    for (size_t j = 0; j < m->ncols; j++) {
        for (int d = 0; d < 2; d++) {
            fputs("<th>", out);
            cb_xml_text(out, m->labels[j], 0);
            fputs(d ? " difference</th>" : "</th>", out);
        }
    }
    fputs("</tr></thead>\n<tbody>\n", out);
    for (size_t r = 0; r < m->nrows; r++) {
        const cb_cmp_case *b = m->rows[r].base;
        fputs("<tr>", out);
        cell(out, "case", m->rows[r].label);
        cell(out, "num", cb_fmt_block(b, size, sizeof size));
        cell(out, "num", cb_fmt_case_value(b, 0, buf, sizeof buf));
        for (size_t j = 0; j < m->ncols; j++) {
            const cb_cmp_case *k = cb_many_case(m, r, j);
            cell(out, "num", k ? cb_fmt_case_value(k, 1, buf, sizeof buf) : "");
            if (k)
                fprintf(out, "<td class=\"num diff %s\">", cb_verdict_name(k->verdict));
            else
                fputs("<td class=\"num diff\">", out);
            cb_xml_text(out, k ? cb_fmt_case_pct(k, pct, sizeof pct) : "", 0);
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody>\n<tfoot><tr><th>geomean</th><td></td><td></td>", out);
    for (size_t j = 0; j < m->ncols; j++)
        fprintf(out, "<td></td><td class=\"num\">%s</td>",
                cb_fmt_pct(cb_many_geomean(m, j), pct, sizeof pct));
    fputs("</tr></tfoot>\n</table>\n", out);
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
static void notes(const cb_compare_many *m, FILE *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    if (m->ncols == 1)
        cb_render_footer(&m->cols[0], f, "");
    else
        cb_many_footer(m, f, "");
    fclose(f);
    fputs("<ul id=\"notes\">\n", out);
    for (char *line = text, *nl; line && *line; line = nl + 1) {
        nl = strchr(line, '\n');
        if (!nl)
            nl = line + strlen(line) - 1;
        else
            *nl = 0;
        fputs("<li>", out);
        cb_xml_text(out, line, 0);
        fputs("</li>\n", out);
    }
    fputs("</ul>\n", out);
    free(text);
}

/* conditions: a row per condition, a column for the base and one per file; a row
 * is marked where a file's value is not the base's. */
static void conditions(const cb_compare_many *m, FILE *out)
{
    size_t nside = m->ncols + 1, n = 0;
    for (size_t j = 0; j < m->ncols; j++)
        if (!m->cols[j].side_rows[0] || !m->cols[j].side_rows[1])
            return;
    cb_condition **side = cb_xmalloc(nside * sizeof *side);
    n = cb_side_conditions(m->cols[0].side_rows[0], m->cols[0].side_n[0], &side[0]);
    for (size_t j = 0; j < m->ncols; j++)
        cb_side_conditions(m->cols[j].side_rows[1], m->cols[j].side_n[1], &side[j + 1]);
    fputs("<h2>Conditions</h2>\n<table id=\"conditions\">\n<thead><tr><th>condition</th>",
          out);
    if (m->ncols == 1) {
        fputs("<th>before</th><th>after</th>", out);
    } else {
        fputs("<th>base</th>", out);
        for (size_t j = 0; j < m->ncols; j++)
            cb_xml_element(out, "th", m->labels[j]);
    }
    fputs("</tr></thead>\n<tbody>\n", out);
    for (size_t i = 0; i < n; i++) {
        int differs = 0;
        for (size_t j = 1; j < nside; j++)
            differs |= strcmp(side[0][i].value, side[j][i].value) != 0;
        fprintf(out, "<tr%s><th>", differs ? " class=\"differs\"" : "");
        cb_xml_text(out, side[0][i].name, 0);
        fputs("</th>", out);
        for (size_t j = 0; j < nside; j++)
            cell(out, "value", side[j][i].value);
        fputs("</tr>\n", out);
    }
    fputs("</tbody>\n</table>\n", out);
    for (size_t j = 0; j < nside; j++)
        cb_conditions_free(side[j], n);
    free(side);
}

/* page writes the whole page of m. */
static void page(const cb_compare_many *m, FILE *out)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
          "<title>cryptobench compare: ", out);
    cb_xml_text(out, m->base_name, 0);
    if (m->ncols == 1) {
        fputs(" -&gt; ", out);
        cb_xml_text(out, m->cols[0].after_name, 0);
    } else {
        fprintf(out, " against %zu files", m->ncols);
    }
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>cryptobench compare</h1>\n",
            style_sheet);
    sides(m, out);
    fputs("<h2>Cases</h2>\n", out);
    if (m->ncols == 1)
        cases(&m->cols[0], out);
    else
        many_cases(m, out);
    notes(m, out);
    fputs("<h2>Difference per case</h2>\n<div id=\"chart\">\n", out);
    cb_compare_chart(m, out, 0);
    fputs("</div>\n", out);
    conditions(m, out);
    fputs("</body>\n</html>\n", out);
}

void cb_render_html(const cb_compare_many *m, FILE *out)
{
    page(m, out);
}
