/*
 * reports/format/xml.h - the one XML/HTML text escaper every writer of markup uses:
 * JUnit XML (reports/export/junit.c), the SVG charts (reports/plot/svg.c,
 * reports/styles/svg.c) and the HTML page (reports/styles/html.c).
 */
#ifndef CB_FORMAT_XML_H
#define CB_FORMAT_XML_H

#include <stddef.h>
#include <stdio.h>

/*
 * cb_xml_text writes at most max characters of s (0: all) as XML 1.0 character data
 * or an attribute value: & < > " ' as entities; tab and well-formed UTF-8 as they are;
 * every other control byte and each byte outside well-formed UTF-8 as '?'; and "..."
 * when s was cut.  The output is well-formed whatever bytes s holds, and HTML reads
 * it the same way.
 */
void cb_xml_text(FILE *f, const char *s, size_t max);

/* cb_xml_element writes <tag>s</tag>, s through cb_xml_text (tag is the writer's
 * own, written as it is). */
void cb_xml_element(FILE *f, const char *tag, const char *s);

#endif
