/*
 * reports/render_svg.c - `compare -format svg`: the difference of every case as a
 * horizontal bar (percent, + faster), the confidence interval of the speed ratio as
 * whiskers, and the gate's -fail-if-slower threshold as a dashed line.  The same
 * drawing is inline in `-format html` (reports/render_html.c).
 *
 * One row per case in the table's order, so the chart grows downwards with the cases
 * (a fixed canvas would crush a sweep of many sizes).  The x axis is linear and
 * always holds 0, every bar's end, every whisker and the threshold, in round steps.
 */
#include <math.h>
#include <string.h>

#include "reports/render.h"
#include "reports/svg.h"

enum {
    WIDTH = 960,
    LABEL_X = 310,          /* labels end here, right-aligned */
    PLOT_LEFT = 320, PLOT_RIGHT = 930, PLOT_TOP = 70,
    ROW = 20, BAR = 12,     /* a case's row, its bar's thickness */
    BOTTOM_ROOM = 56,       /* tick labels, the axis title */
    LABEL_CHARS = 44,       /* what fits in 310 - 10 pixels at 12 px */
};

/* The colours of a bar: faster, slower, or a difference the statistics call noise. */
#define FASTER "#009E73"
#define SLOWER "#D55E00"
#define NOISE "#999999"

/* range: what the x axis spans, in percent. */
typedef struct range {
    double lo, hi, step;
} range;

static void widen(range *r, double v)
{
    if (isnan(v) || isinf(v))
        return;
    if (v < r->lo)
        r->lo = v;
    if (v > r->hi)
        r->hi = v;
}

static range make_range(const cb_comparison *c)
{
    range r = {0, 0, 1};
    for (size_t i = 0; i < c->n; i++) {
        const cb_cmp_case *k = &c->cases[i];
        widen(&r, k->diff_pct);
        widen(&r, k->ci.lo * 100);
        widen(&r, k->ci.hi * 100);
    }
    if (c->opts.gate)
        widen(&r, -c->opts.threshold_pct);
    if (r.hi - r.lo < 1e-9) /* every case unchanged: show +-1% */
        r.lo = -1, r.hi = 1;
    r.step = cb_svg_nice_step((r.hi - r.lo) / 8);
    r.lo = floor(r.lo / r.step * (1 + 1e-9)) * r.step;
    r.hi = ceil(r.hi / r.step * (1 - 1e-9)) * r.step;
    return r;
}

static double x_of(const range *r, double pct)
{
    return PLOT_LEFT + (pct - r->lo) / (r->hi - r->lo) * (PLOT_RIGHT - PLOT_LEFT);
}

static int chart_height(const cb_comparison *c)
{
    return PLOT_TOP + (int)c->n * ROW + BOTTOM_ROOM;
}

static void axis(FILE *f, const range *r, int bottom)
{
    fputs("<g class=\"axes\" font-size=\"11\" fill=\"#333333\">\n", f);
    int ticks = (int)lround((r->hi - r->lo) / r->step);
    for (int t = 0; t <= ticks; t++) {
        double v = r->lo + t * r->step, x = x_of(r, v);
        char pct[32];
        cb_fmt_pct(fabs(v) < r->step * 1e-6 ? 0 : v, pct, sizeof pct);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n", x,
                PLOT_TOP, x, bottom, fabs(v) < r->step * 1e-6 ? "#333333" : "#dddddd");
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x,
                bottom + 16, pct);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">difference "
               "(after / before x 100 - 100; + is faster), whiskers: the interval</text>\n"
               "</g>\n",
            (PLOT_LEFT + PLOT_RIGHT) / 2, bottom + 38);
}

/* bar draws case i: its label, its bar, its whiskers, titled with its figures. */
static void bar(FILE *f, const cb_comparison *c, const range *r, size_t i)
{
    const cb_cmp_case *k = &c->cases[i];
    char label[256], size[32], pct[32], lo[32], hi[32];
    int y = PLOT_TOP + (int)i * ROW + (ROW - BAR) / 2;
    double x0 = x_of(r, 0), x1 = x_of(r, k->diff_pct);
    const char *colour = k->has_stats && !k->significant ? NOISE
                       : k->diff_pct < 0 ? SLOWER : FASTER;
    cb_case_label(c, k, 1, label, sizeof label);
    if (!cb_is_pkey(k)) {
        size_t n = strlen(label);
        snprintf(label + n, sizeof label - n, " %s", cb_fmt_block(k, size, sizeof size));
    }
    fprintf(f, "<g class=\"case\" id=\"case-%zu\">\n<title>", i);
    cb_svg_text(f, label, 0);
    fprintf(f, ": %s", cb_fmt_case_pct(k, pct, sizeof pct));
    if (!isnan(k->ci.lo))
        fprintf(f, " (%.0f%% interval %s to %s)", k->ci.level * 100,
                cb_fmt_pct(k->ci.lo * 100, lo, sizeof lo),
                cb_fmt_pct(k->ci.hi * 100, hi, sizeof hi));
    fprintf(f, ", %s</title>\n<text class=\"label\" x=\"%d\" y=\"%d\" text-anchor=\"end\" "
               "font-size=\"12\">", cb_verdict_name(k->verdict), LABEL_X, y + BAR - 2);
    cb_svg_text(f, label, LABEL_CHARS);
    fprintf(f, "</text>\n<rect class=\"bar\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
               "fill=\"%s\"/>\n", x1 < x0 ? x1 : x0, y, fabs(x1 - x0), BAR, colour);
    if (!isnan(k->ci.lo)) {
        double wl = x_of(r, k->ci.lo * 100), wh = x_of(r, k->ci.hi * 100);
        double ym = y + BAR / 2.0;
        fprintf(f, "<path class=\"ci\" d=\"M%.1f %.1fH%.1fM%.1f %.1fv%dM%.1f %.1fv%d\" "
                   "stroke=\"#222222\" stroke-width=\"1.5\" fill=\"none\"/>\n",
                wl, ym, wh, wl, ym - 4, 8, wh, ym - 4, 8);
    }
    fputs("</g>\n", f);
}

/* gate draws the -fail-if-slower threshold: a case whose whole interval lies left
 * of it fails the gate. */
static void gate(FILE *f, const cb_comparison *c, const range *r, int bottom)
{
    double x = x_of(r, -c->opts.threshold_pct);
    fprintf(f, "<g class=\"gate\">\n<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
               "stroke=\"#B00020\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
               "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\" "
               "fill=\"#B00020\">gate -%g%%</text>\n</g>\n",
            x, PLOT_TOP - 6, x, bottom, x, PLOT_TOP - 10, c->opts.threshold_pct);
}

void cb_compare_chart(const cb_comparison *c, FILE *out, int standalone)
{
    range r = make_range(c);
    int height = chart_height(c), bottom = PLOT_TOP + (int)c->n * ROW;
    cb_svg_begin(out, WIDTH, height, standalone);
    fputs("<text class=\"title\" x=\"20\" y=\"26\" font-size=\"16\" font-weight=\"bold\">", out);
    cb_svg_text(out, c->before_name, 40);
    fputs(" -&gt; ", out);
    cb_svg_text(out, c->after_name, 40);
    fputs("</text>\n<text class=\"subtitle\" x=\"20\" y=\"44\" font-size=\"12\" "
          "fill=\"#555555\">", out);
    cb_svg_text(out, c->axis, 140);
    fputs("</text>\n", out);
    axis(out, &r, bottom);
    for (size_t i = 0; i < c->n; i++)
        bar(out, c, &r, i);
    if (c->opts.gate)
        gate(out, c, &r, bottom);
    cb_svg_end(out);
}

void cb_render_svg(const cb_comparison *c, FILE *out)
{
    cb_compare_chart(c, out, 1);
}
