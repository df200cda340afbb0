/*
 * reports/format/svg.c - the shared pieces of the project's SVG documents (reports/format/svg.h).
 */
#include "reports/format/svg.h"

#include <math.h>

const char *const cb_svg_colours[CB_SVG_NCOLOURS] = {
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#882255"};

void cb_svg_begin(FILE *f, int width, int height, int standalone)
{
    if (standalone)
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
               "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
            width, height, width, height, width, height);
}

void cb_svg_end(FILE *f)
{
    fputs("</svg>\n", f);
}

void cb_svg_rate(char *buf, size_t len, double v)
{
    static const char *const units[] = {"B/s", "kB/s", "MB/s", "GB/s", "TB/s", "PB/s"};
    size_t u = 0;
    if (v == 0) {
        snprintf(buf, len, "0");
        return;
    }
    while (fabs(v) >= 1000 * (1 - 1e-9) && u + 1 < sizeof units / sizeof units[0]) {
        v /= 1000;
        u++;
    }
    snprintf(buf, len, "%.3g %s", v, units[u]);
}

double cb_svg_nice_step(double raw)
{
    double p = pow(10, floor(log10(raw)));
    double m = raw / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}
