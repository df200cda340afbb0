/*
 * reports/plot/svg.c - the plot model (reports/plot/plot.h) as one SVG document, written
 * with stdio: a fixed 960 x 540 canvas, the plot on the left, the legend on the right.
 *
 * The x axis is log2 of the block sizes present (each size a tick, labels thinned
 * so they never overlap); the y axis is linear from 0 to a 1-2-5 rounded maximum,
 * because ratios between variants read best as heights from a common zero.  Rates
 * use decimal prefixes (1 MB/s = 10^6 bytes/s, as `openssl speed` counts), sizes
 * binary ones (1 KiB = 1024 bytes, as block sizes are chosen).
 */
#include <math.h>
#include <string.h>

#include "reports/plot/plot.h"
#include "reports/format/svg.h"
#include "reports/format/xml.h"

enum {
    WIDTH = 960, HEIGHT = 540,
    PLOT_LEFT = 90, PLOT_TOP = 70, PLOT_RIGHT = 620, PLOT_BOTTOM = 470,
    PLOT_PAD = 16,          /* keeps the first and last sizes off the axes */
    LEGEND_X = 638, LEGEND_TOP = 84, LEGEND_STEP = 18,
    LEGEND_CHARS = 38,      /* what fits in 960 - 668 pixels at 12 px (7 px a character) */
    MIN_TICK_GAP = 46,      /* pixels between x labels ("16 KiB" is about 40 wide) */
};

/* After every colour is used once, the next series repeat them with a dash. */
static const char *const dashes[] = {"", "7 4", "2 3", "9 3 2 3"};
#define NDASHES (sizeof dashes / sizeof dashes[0])

/* format_size writes a block size: "16 B", "1 KiB", "1.5 KiB", "16 MiB". */
static void format_size(char *buf, size_t len, size_t size)
{
    if (size >= 1024 * 1024 && size % (1024 * 1024 / 4) == 0)
        snprintf(buf, len, "%g MiB", (double)size / (1024 * 1024));
    else if (size >= 1024 && size % 256 == 0)
        snprintf(buf, len, "%g KiB", (double)size / 1024);
    else
        snprintf(buf, len, "%zu B", size);
}

/* scale: where sizes and rates land on the canvas. */
typedef struct scale {
    double lmin, lmax; /* log2 of the smallest and largest size */
    double ymax, ystep;
} scale;

static double x_of(const scale *sc, size_t size)
{
    double mid = (PLOT_LEFT + PLOT_RIGHT) / 2.0;
    if (sc->lmax <= sc->lmin)
        return mid;
    double t = (log2((double)size) - sc->lmin) / (sc->lmax - sc->lmin);
    return PLOT_LEFT + PLOT_PAD + t * (PLOT_RIGHT - PLOT_LEFT - 2 * PLOT_PAD);
}

static double y_of(const scale *sc, double v)
{
    return PLOT_BOTTOM - v / sc->ymax * (PLOT_BOTTOM - PLOT_TOP);
}

static scale make_scale(const cb_plot *p)
{
    scale sc;
    sc.lmin = log2((double)p->sizes[0]);
    sc.lmax = log2((double)p->sizes[p->nsizes - 1]);
    double top = 0;
    for (size_t i = 0; i < p->nseries; i++)
        for (size_t z = 0; z < p->nsizes; z++)
            if (p->series[i].pts[z].state == CB_PLOT_MEASURED && p->series[i].pts[z].hi > top)
                top = p->series[i].pts[z].hi;
    if (top <= 0)
        top = 1; /* only unmeasured cases: an empty plot from 0 to 1 B/s */
    sc.ystep = cb_svg_nice_step(top / 5);
    sc.ymax = ceil(top / sc.ystep * (1 - 1e-9)) * sc.ystep;
    return sc;
}

static void axes(FILE *f, const cb_plot *p, const scale *sc)
{
    char buf[64];
    fputs("<g class=\"axes\" font-size=\"11\" fill=\"#333333\">\n", f);
    for (int k = 0; k * sc->ystep <= sc->ymax * (1 + 1e-9); k++) {
        double v = k * sc->ystep, y = y_of(sc, v);
        cb_svg_rate(buf, sizeof buf, v);
        fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n",
                PLOT_LEFT, y, PLOT_RIGHT, y);
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                PLOT_LEFT - 6, y + 4, buf);
    }
    double last = -1e9;
    for (size_t z = 0; z < p->nsizes; z++) {
        double x = x_of(sc, p->sizes[z]);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999999\"/>\n",
                x, PLOT_BOTTOM, x, PLOT_BOTTOM + 5);
        if (x - last < MIN_TICK_GAP)
            continue;
        last = x;
        format_size(buf, sizeof buf, p->sizes[z]);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x,
                PLOT_BOTTOM + 18, buf);
    }
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
               "stroke=\"#666666\"/>\n",
            PLOT_LEFT, PLOT_TOP, PLOT_RIGHT - PLOT_LEFT, PLOT_BOTTOM - PLOT_TOP);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">"
               "block size (bytes, log2 scale)</text>\n",
            (PLOT_LEFT + PLOT_RIGHT) / 2, PLOT_BOTTOM + 40);
    fprintf(f, "<text transform=\"translate(18 %d) rotate(-90)\" text-anchor=\"middle\" "
               "font-size=\"12\">throughput (bytes/s)</text>\n</g>\n",
            (PLOT_TOP + PLOT_BOTTOM) / 2);
}

/* stroke_style writes series i's colour and dash as attributes. */
static void stroke_style(FILE *f, size_t i)
{
    fprintf(f, " stroke=\"%s\"", cb_svg_colours[i % CB_SVG_NCOLOURS]);
    const char *d = dashes[(i / CB_SVG_NCOLOURS) % NDASHES];
    if (d[0])
        fprintf(f, " stroke-dasharray=\"%s\"", d);
}

/* series_svg draws one series: its interval whiskers, its line through the measured
 * points and a marker at each, each marker titled with its figures. */
static void series_svg(FILE *f, const cb_plot *p, const scale *sc, size_t i)
{
    const cb_plot_series *s = &p->series[i];
    const char *c = cb_svg_colours[i % CB_SVG_NCOLOURS];
    char med[32], lo[32], hi[32], size[32];
    fprintf(f, "<g class=\"series\" id=\"series-%zu\">\n<title>", i);
    cb_xml_text(f, s->label, 0);
    fputs("</title>\n", f);
    for (size_t z = 0; z < p->nsizes; z++) {
        const cb_plot_point *pt = &s->pts[z];
        if (pt->state != CB_PLOT_MEASURED)
            continue;
        double x = x_of(sc, p->sizes[z]), ylo = y_of(sc, pt->lo), yhi = y_of(sc, pt->hi);
        fprintf(f, "<path class=\"ci\" d=\"M%.1f %.1fV%.1fM%.1f %.1fh8M%.1f %.1fh8\" "
                   "stroke=\"%s\" stroke-opacity=\"0.45\" stroke-width=\"2\" fill=\"none\"/>\n",
                x, ylo, yhi, x - 4, ylo, x - 4, yhi, c);
    }
    fputs("<polyline class=\"line\" fill=\"none\" stroke-width=\"2\"", f);
    stroke_style(f, i);
    fputs(" points=\"", f);
    int first = 1;
    for (size_t z = 0; z < p->nsizes; z++)
        if (s->pts[z].state == CB_PLOT_MEASURED) {
            fprintf(f, "%s%.1f,%.1f", first ? "" : " ", x_of(sc, p->sizes[z]),
                    y_of(sc, s->pts[z].median));
            first = 0;
        }
    fputs("\"/>\n", f);
    for (size_t z = 0; z < p->nsizes; z++) {
        const cb_plot_point *pt = &s->pts[z];
        if (pt->state != CB_PLOT_MEASURED)
            continue;
        cb_svg_rate(med, sizeof med, pt->median);
        cb_svg_rate(lo, sizeof lo, pt->lo);
        cb_svg_rate(hi, sizeof hi, pt->hi);
        format_size(size, sizeof size, p->sizes[z]);
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>",
                x_of(sc, p->sizes[z]), y_of(sc, pt->median), c);
        cb_xml_text(f, s->label, 0);
        fprintf(f, ", %s: %s (95%%: %s to %s, %zu samples)</title></circle>\n", size, med, lo,
                hi, pt->samples);
    }
    fputs("</g>\n", f);
}

static void legend(FILE *f, const cb_plot *p)
{
    size_t room = (HEIGHT - 20 - LEGEND_TOP) / LEGEND_STEP;
    size_t shown = p->nseries <= room ? p->nseries : room - 1;
    fputs("<g class=\"legend\" font-size=\"12\">\n", f);
    for (size_t i = 0; i < shown; i++) {
        const cb_plot_series *s = &p->series[i];
        int y = LEGEND_TOP + (int)i * LEGEND_STEP;
        fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke-width=\"2\"",
                LEGEND_X, y - 4, LEGEND_X + 24, y - 4);
        stroke_style(f, i);
        fprintf(f, "/>\n<circle cx=\"%d\" cy=\"%d\" r=\"3\" fill=\"%s\"/>\n", LEGEND_X + 12,
                y - 4, cb_svg_colours[i % CB_SVG_NCOLOURS]);
        fprintf(f, "<text class=\"label\" x=\"%d\" y=\"%d\"><title>", LEGEND_X + 30, y);
        cb_xml_text(f, s->label, 0);
        fputs("</title>", f);
        /* the statuses are never cut: the label gives way to them */
        size_t status = s->unmeasured[0] ? strlen(s->unmeasured) + 3 : 0;
        cb_xml_text(f, s->label, status + 12 < LEGEND_CHARS ? LEGEND_CHARS - status : 12);
        if (s->unmeasured[0]) {
            fputs("<tspan fill=\"#B00020\"> (", f);
            cb_xml_text(f, s->unmeasured, 0);
            fputs(")</tspan>", f);
        }
        fputs("</text>\n", f);
    }
    if (shown < p->nseries)
        fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#666666\">... and %zu more series</text>\n",
                LEGEND_X + 30, LEGEND_TOP + (int)shown * LEGEND_STEP, p->nseries - shown);
    fputs("</g>\n", f);
}

int cb_plot_svg(FILE *f, const cb_plot *p, const char *title)
{
    scale sc = make_scale(p);
    cb_svg_begin(f, WIDTH, HEIGHT, 1);
    fprintf(f, "<text class=\"title\" x=\"%d\" y=\"30\" font-size=\"18\" font-weight=\"bold\">",
            PLOT_LEFT);
    cb_xml_text(f, title ? title : "Throughput against block size", 0);
    fprintf(f, "</text>\n<text class=\"subtitle\" x=\"%d\" y=\"50\" font-size=\"12\" "
               "fill=\"#555555\">",
            PLOT_LEFT);
    cb_xml_text(f, p->subtitle, 110);
    fputs("</text>\n", f);
    axes(f, p, &sc);
    for (size_t i = 0; i < p->nseries; i++)
        series_svg(f, p, &sc, i);
    legend(f, p);
    cb_svg_end(f);
    return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
