/*
 * reports/format/svg.h - the pieces every SVG the project draws is made of (the plot,
 * reports/plot/svg.c, and compare's chart, reports/styles/svg.c): the document's
 * opening, the palette, rates with decimal prefixes and round axis steps.  Their text
 * goes through reports/format/xml.h.
 */
#ifndef CB_SVG_H
#define CB_SVG_H

#include <stddef.h>
#include <stdio.h>

/* cb_svg_colours: Okabe & Ito's colour-blind-safe palette, without its yellow (too
 * faint on white); CB_SVG_NCOLOURS of them. */
extern const char *const cb_svg_colours[];
#define CB_SVG_NCOLOURS 8

/*
 * cb_svg_begin opens an SVG document of width x height pixels on a white canvas:
 * with the XML declaration when standalone (a .svg file), without it when the
 * drawing is inline in an HTML page.  cb_svg_end closes it.
 */
void cb_svg_begin(FILE *f, int width, int height, int standalone);
void cb_svg_end(FILE *f);

/* cb_svg_rate writes bytes per second with a decimal prefix: "1.5 GB/s", "0". */
void cb_svg_rate(char *buf, size_t len, double v);

/* cb_svg_nice_step returns the 1, 2 or 5 times a power of ten nearest above raw. */
double cb_svg_nice_step(double raw);

#endif
