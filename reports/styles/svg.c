/*
 * reports/styles/svg.c - `compare -format svg`: the difference of every case as a
 * horizontal bar (percent, + faster), the confidence interval of the speed ratio as
 * whiskers, and the gate's -fail-if-slower threshold as a dashed line.  The same
 * drawing is inline in `-format html` (reports/styles/html.c).  With many files each
 * case has a bar per file, in the file's colour (a legend names them), pale where the
 * test calls the difference noise.
 *
 * One row per case in the table's order, so the chart grows downwards with the cases
 * (a fixed canvas would crush a sweep of many sizes).  The x axis is linear and
 * always holds 0, every bar's end, every whisker and the threshold, in round steps.
 */
#include <math.h>
#include <string.h>

#include "reports/compare/many.h"
#include "reports/styles/render.h"
#include "reports/format/svg.h"
#include "reports/format/xml.h"

enum {
    WIDTH = 960,
    LABEL_X = 310,          /* labels end here, right-aligned */
    PLOT_LEFT = 320, PLOT_RIGHT = 930, TOP = 70,
    BAR = 12,               /* a bar's thickness with one file */
    ROW_PAD = 8,            /* a row's room around its bars */
    LEGEND_STEP = 16,
    BOTTOM_ROOM = 56,       /* tick labels, the axis title */
    LABEL_CHARS = 44,       /* what fits in 310 - 10 pixels at 12 px */
};

/* The colours of a bar of one file: faster, slower, or a difference the statistics
 * call noise. */
#define FASTER "#009E73"
#define SLOWER "#D55E00"
#define NOISE "#999999"

/* layout: where the parts of the chart go. */
typedef struct layout {
    double lo, hi, step;    /* what the x axis spans, in percent */
    int top, row, bar, bottom;
} layout;

static void widen(layout *l, double v)
{
    if (isnan(v) || isinf(v))
        return;
    if (v < l->lo)
        l->lo = v;
    if (v > l->hi)
        l->hi = v;
}

static layout make_layout(const cb_compare_many *m)
{
    layout l = {0, 0, 1, TOP, BAR + ROW_PAD, BAR, 0};
    for (size_t j = 0; j < m->ncols; j++)
        for (size_t i = 0; i < m->cols[j].n; i++) {
            const cb_cmp_case *k = &m->cols[j].cases[i];
            widen(&l, k->diff_pct);
            widen(&l, k->ci.lo * 100);
            widen(&l, k->ci.hi * 100);
        }
    if (m->cols[0].opts.gate)
        widen(&l, -m->cols[0].opts.threshold_pct);
    if (l.hi - l.lo < 1e-9) /* every case unchanged: show +-1% */
        l.lo = -1, l.hi = 1;
    l.step = cb_svg_nice_step((l.hi - l.lo) / 8);
    l.lo = floor(l.lo / l.step * (1 + 1e-9)) * l.step;
    l.hi = ceil(l.hi / l.step * (1 - 1e-9)) * l.step;
    if (m->ncols > 1) {
        l.top = TOP + (int)m->ncols * LEGEND_STEP;
        l.bar = 8;
        l.row = l.bar * (int)m->ncols + ROW_PAD;
    }
    l.bottom = l.top + (int)m->nrows * l.row;
    return l;
}

static double x_of(const layout *l, double pct)
{
    return PLOT_LEFT + (pct - l->lo) / (l->hi - l->lo) * (PLOT_RIGHT - PLOT_LEFT);
}

static void axis(FILE *f, const layout *l)
{
    fputs("<g class=\"axes\" font-size=\"11\" fill=\"#333333\">\n", f);
    int ticks = (int)lround((l->hi - l->lo) / l->step);
    for (int t = 0; t <= ticks; t++) {
        double v = l->lo + t * l->step, x = x_of(l, v);
        int zero = fabs(v) < l->step * 1e-6;
        char pct[32];
        cb_fmt_pct(zero ? 0 : v, pct, sizeof pct);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n", x,
                l->top, x, l->bottom, zero ? "#333333" : "#dddddd");
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x,
                l->bottom + 16, pct);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">difference "
               "(after / before x 100 - 100; + is faster), whiskers: the interval</text>\n"
               "</g>\n",
            (PLOT_LEFT + PLOT_RIGHT) / 2, l->bottom + 38);
}

/* row_label writes row r's label with its block size. */
static void row_label(const cb_compare_many *m, size_t r, char *buf, size_t len)
{
    char size[32];
    snprintf(buf, len, "%s", m->rows[r].label);
    if (!cb_is_pkey(m->rows[r].base)) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, " %s", cb_fmt_block(m->rows[r].base, size, sizeof size));
    }
}

/* bar draws column j's case k of row r: its bar and whiskers, titled with its figures. */
static void bar(FILE *f, const cb_compare_many *m, const layout *l, size_t r, size_t j,
                const cb_cmp_case *k)
{
    char label[300], pct[32], lo[32], hi[32];
    int y = l->top + (int)r * l->row + ROW_PAD / 2 + (int)j * l->bar;
    double x0 = x_of(l, 0), x1 = x_of(l, k->diff_pct);
    int noise = k->has_stats && !k->significant;
    const char *colour = m->ncols > 1 ? cb_svg_colours[j % CB_SVG_NCOLOURS]
                       : noise ? NOISE : k->diff_pct < 0 ? SLOWER : FASTER;
    row_label(m, r, label, sizeof label);
    fputs("<g class=\"bar\"><title>", f);
    cb_xml_text(f, label, 0);
    if (m->ncols > 1) {
        fputs(", ", f);
        cb_xml_text(f, m->labels[j], 0);
    }
    fprintf(f, ": %s", cb_fmt_case_pct(k, pct, sizeof pct));
    if (!isnan(k->ci.lo))
        fprintf(f, " (%.0f%% interval %s to %s)", k->ci.level * 100,
                cb_fmt_pct(k->ci.lo * 100, lo, sizeof lo),
                cb_fmt_pct(k->ci.hi * 100, hi, sizeof hi));
    fprintf(f, ", %s</title>\n<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
               "fill=\"%s\"%s/>\n", cb_verdict_name(k->verdict), x1 < x0 ? x1 : x0, y,
            fabs(x1 - x0), l->bar, colour,
            m->ncols > 1 && noise ? " fill-opacity=\"0.4\"" : "");
    if (!isnan(k->ci.lo)) {
        double wl = x_of(l, k->ci.lo * 100), wh = x_of(l, k->ci.hi * 100);
        double ym = y + l->bar / 2.0, tick = l->bar / 2.0 - 1;
        fprintf(f, "<path class=\"ci\" d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f\" "
                   "stroke=\"#222222\" stroke-width=\"1.5\" fill=\"none\"/>\n",
                wl, ym, wh, wl, ym - tick, ym + tick, wh, ym - tick, ym + tick);
    }
    fputs("</g>\n", f);
}

/* row draws row r: its label and the bar of each file that has the case. */
static void row(FILE *f, const cb_compare_many *m, const layout *l, size_t r)
{
    char label[300];
    int y = l->top + (int)r * l->row + l->row / 2 + 4;
    row_label(m, r, label, sizeof label);
    fprintf(f, "<g class=\"case\" id=\"case-%zu\">\n<text class=\"label\" x=\"%d\" y=\"%d\" "
               "text-anchor=\"end\" font-size=\"12\">", r, LABEL_X, y);
    cb_xml_text(f, label, LABEL_CHARS);
    fputs("</text>\n", f);
    for (size_t j = 0; j < m->ncols; j++) {
        const cb_cmp_case *k = cb_many_case(m, r, j);
        if (k)
            bar(f, m, l, r, j, k);
    }
    fputs("</g>\n", f);
}

/* gate draws the -fail-if-slower threshold: a case whose whole interval lies left
 * of it fails the gate. */
static void gate(FILE *f, const cb_compare_many *m, const layout *l)
{
    double t = m->cols[0].opts.threshold_pct, x = x_of(l, -t);
    fprintf(f, "<g class=\"gate\">\n<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
               "stroke=\"#B00020\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
               "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\" "
               "fill=\"#B00020\">gate -%g%%</text>\n</g>\n",
            x, l->top - 6, x, l->bottom, x, l->top - 10, t);
}

/* legend names each file's colour, many files only. */
static void legend(FILE *f, const cb_compare_many *m)
{
    fputs("<g class=\"legend\" font-size=\"12\">\n", f);
    for (size_t j = 0; j < m->ncols; j++) {
        int y = TOP - 8 + (int)j * LEGEND_STEP;
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"16\" height=\"10\" fill=\"%s\"/>\n"
                   "<text x=\"%d\" y=\"%d\">", PLOT_LEFT, y - 9,
                cb_svg_colours[j % CB_SVG_NCOLOURS], PLOT_LEFT + 22, y);
        cb_xml_text(f, m->labels[j], 90);
        fputs("</text>\n", f);
    }
    fputs("</g>\n", f);
}

void cb_compare_chart(const cb_compare_many *m, FILE *out, int standalone)
{
    layout l = make_layout(m);
    cb_svg_begin(out, WIDTH, l.bottom + BOTTOM_ROOM, standalone);
    fputs("<text class=\"title\" x=\"20\" y=\"26\" font-size=\"16\" font-weight=\"bold\">", out);
    cb_xml_text(out, m->base_name, 40);
    if (m->ncols == 1) {
        fputs(" -&gt; ", out);
        cb_xml_text(out, m->cols[0].after_name, 40);
    } else {
        fprintf(out, " against %zu files", m->ncols);
    }
    fputs("</text>\n", out);
    if (m->ncols == 1) {
        fputs("<text class=\"subtitle\" x=\"20\" y=\"44\" font-size=\"12\" fill=\"#555555\">",
              out);
        cb_xml_text(out, m->cols[0].axis, 140);
        fputs("</text>\n", out);
    } else {
        legend(out, m);
    }
    axis(out, &l);
    for (size_t r = 0; r < m->nrows; r++)
        row(out, m, &l, r);
    if (m->cols[0].opts.gate)
        gate(out, m, &l);
    cb_svg_end(out);
}

void cb_render_svg(const cb_compare_many *m, FILE *out)
{
    cb_compare_chart(m, out, 1);
}
