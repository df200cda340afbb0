/*
 * reports/compare/strs.c - small sets of strings (reports/compare/strs.h).
 */
#include "reports/compare/strs.h"

#include <stdlib.h>
#include <string.h>

int cb_strs_has(const cb_strs *s, const char *v)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->v[i] == v || strcmp(s->v[i], v) == 0)
            return 1;
    return 0;
}

void cb_strs_add(cb_strs *s, const char *v)
{
    if (cb_strs_has(s, v))
        return;
    s->v = cb_xrealloc(s->v, (s->n + 1) * sizeof *s->v);
    s->v[s->n++] = v;
}

int cb_strs_same(const cb_strs *a, const cb_strs *b)
{
    for (size_t i = 0; i < a->n; i++)
        if (!cb_strs_has(b, a->v[i]))
            return 0;
    for (size_t j = 0; j < b->n; j++)
        if (!cb_strs_has(a, b->v[j]))
            return 0;
    return 1;
}

void cb_one_line(cb_buf *t, const char *v)
{
    while (*v) {
        size_t n = strcspn(v, "\n\r\t");
        cb_buf_printf(t, "%.*s", (int)n, v);
        v += n;
        if (*v) {
            cb_buf_printf(t, "\\%c", *v == '\n' ? 'n' : *v == '\r' ? 'r' : 't');
            v++;
        }
    }
}

char *cb_strs_text(const cb_strs *s, const char *sep)
{
    cb_buf t = {NULL, 0, 0};
    for (size_t i = 0; i < s->n; i++) {
        cb_buf_printf(&t, "%s", i ? sep : "");
        cb_one_line(&t, s->v[i][0] ? s->v[i] : "(none)");
    }
    if (!t.s)
        cb_buf_printf(&t, "(none)");
    return t.s;
}
