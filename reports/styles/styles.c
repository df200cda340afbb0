/*
 * reports/styles/styles.c - the table of styles and formats expanded once, and what every
 * command reads from it: lookup, names for sentences, help lines, the dispatch.
 */
#include "reports/styles/styles.h"

#include <string.h>

#include "base/common.h"
#include "reports/compare/many.h"

#define CB_STYLE_ROW(name, renderer, kind, description) {name, renderer, kind, description},
static const cb_compare_style table[] = {CB_COMPARE_STYLES(CB_STYLE_ROW)};
#undef CB_STYLE_ROW

#define N_STYLES (sizeof table / sizeof table[0])

size_t cb_compare_style_count(void)
{
    return N_STYLES;
}

const cb_compare_style *cb_compare_style_at(size_t i)
{
    return i < N_STYLES ? &table[i] : NULL;
}

const cb_compare_style *cb_compare_style_find(const char *name)
{
    for (size_t i = 0; i < N_STYLES; i++)
        if (strcmp(table[i].name, name) == 0)
            return &table[i];
    return NULL;
}

int cb_compare_style_known(const char *style)
{
    return cb_compare_style_find(style) != NULL;
}

const char *cb_compare_style_names(cb_style_kind kind, char *buf, size_t len)
{
    size_t total = 0, seen = 0, used = 0;
    for (size_t i = 0; i < N_STYLES; i++)
        total += table[i].kind == kind;
    buf[0] = 0;
    for (size_t i = 0; i < N_STYLES && used < len; i++) {
        if (table[i].kind != kind)
            continue;
        seen++;
        const char *sep = seen == 1 ? "" : seen == total ? " and " : ", ";
        int w = snprintf(buf + used, len - used, "%s%s", sep, table[i].name);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

void cb_compare_style_usage(FILE *f, cb_style_kind kind, const char *indent)
{
    for (size_t i = 0; i < N_STYLES; i++)
        if (table[i].kind == kind)
            fprintf(f, "%s%-10s %s\n", indent, table[i].name, table[i].description);
}

void cb_compare_style_list(FILE *f)
{
    for (size_t i = 0; i < N_STYLES; i++)
        fprintf(f, "%-10s %-7s %s\n", table[i].name,
                table[i].kind == CB_STYLE_FORMAT ? "format" : "style", table[i].description);
}

int cb_compare_style_check(const char *value, const cb_compare_style **out)
{
    char styles[256], formats[128];
    *out = cb_compare_style_find(value);
    if (*out)
        return 0;
    cb_error("-style '%s' is unknown; the styles are %s, the formats %s.", value,
             cb_compare_style_names(CB_STYLE_TEXT, styles, sizeof styles),
             cb_compare_style_names(CB_STYLE_FORMAT, formats, sizeof formats));
    return -1;
}

int cb_compare_format_check(const char *value, const cb_compare_style **out)
{
    char styles[256], formats[128];
    const cb_compare_style *s = cb_compare_style_find(value);
    *out = NULL;
    if (strcmp(value, "text") == 0)
        return 0;
    if (s && s->kind == CB_STYLE_FORMAT) {
        *out = s;
        return 0;
    }
    cb_error("-format '%s' is not a format; the formats are %s, or text for the -style's "
             "table (%s).", value,
             cb_compare_style_names(CB_STYLE_FORMAT, formats, sizeof formats),
             cb_compare_style_names(CB_STYLE_TEXT, styles, sizeof styles));
    return -1;
}

/* render_two writes the comparison of two sides through the style's one renderer,
 * as a table of one column. */
static void render_two(const cb_comparison *c, const cb_compare_style *s, FILE *out)
{
    cb_compare_many m;
    cb_many_one(&m, c);
    s->render(&m, out);
    cb_many_free(&m);
}

int cb_compare_render(const cb_comparison *c, const char *style, FILE *out)
{
    const cb_compare_style *s = cb_compare_style_find(style);
    if (!s)
        return -1;
    render_two(c, s, out);
    return 0;
}

void cb_compare_style_write(const cb_comparison *c, const cb_compare_style *style,
                            FILE *out, FILE *summary)
{
    render_two(c, style, out);
    if (style->kind == CB_STYLE_FORMAT && summary) {
        char line[512];
        fprintf(summary, "%s\n", cb_compare_summary(c, line, sizeof line));
    }
}
