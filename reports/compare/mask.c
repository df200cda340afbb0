/*
 * reports/compare/mask.c - the mask a row ran under (reports/compare/mask.h).
 */
#include "reports/compare/mask.h"

#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/strs.h"

cb_mask cb_mask_of(const cb_csv_row *r)
{
    cb_mask m = {r->run->caps_mask, r->run->mask_source,
                 cb_provenance_str(&r->s.lib, CB_PROV_ENV)};
    return m;
}

/* same_str: rows of one set share interned strings, so equal pointers come first. */
static int same_str(const char *a, const char *b)
{
    return a == b || strcmp(a, b) == 0;
}

int cb_mask_same(const cb_mask *a, const cb_mask *b)
{
    return same_str(a->caps, b->caps) && same_str(a->source, b->source) &&
           same_str(a->env, b->env);
}

size_t cb_masks_index(cb_masks *s, const cb_mask *m)
{
    for (size_t i = 0; i < s->n; i++)
        if (cb_mask_same(&s->v[i], m))
            return i;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 8;
        s->v = cb_xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n] = *m;
    return s->n++;
}

/* lib_env: a library variant and one environment it was loaded under. */
typedef struct lib_env {
    const char *variant, *env;
} lib_env;

size_t cb_masks_swept(const cb_csv_row *const *rows, size_t n)
{
    cb_masks all = {NULL, 0, 0}, caps = {NULL, 0, 0};
    lib_env *envs = NULL;
    size_t nenvs = 0;
    int one_lib_many_envs = 0;
    for (size_t i = 0; i < n; i++) {
        cb_mask m = cb_mask_of(rows[i]), c = {m.caps, m.source, ""};
        cb_masks_index(&all, &m);
        cb_masks_index(&caps, &c);
        if (!cb_provenance_external(&rows[i]->s.lib))
            continue;
        size_t j = 0;
        while (j < nenvs && !(same_str(envs[j].variant, rows[i]->s.variant) &&
                              same_str(envs[j].env, m.env)))
            j++;
        if (j < nenvs)
            continue;
        for (size_t k = 0; k < nenvs; k++)
            one_lib_many_envs |= same_str(envs[k].variant, rows[i]->s.variant);
        envs = cb_xrealloc(envs, (nenvs + 1) * sizeof *envs);
        envs[nenvs++] = (lib_env){rows[i]->s.variant, m.env};
    }
    size_t count = caps.n > 1 || one_lib_many_envs ? all.n : all.n ? 1 : 0;
    free(all.v);
    free(caps.v);
    free(envs);
    return count;
}

/* unmasked: caps_mask says nothing was masked ("none", or not recorded). */
static int unmasked(const char *caps)
{
    return !caps[0] || strcmp(caps, "none") == 0 || strcmp(caps, "unknown") == 0;
}

char *cb_mask_label(const cb_mask *m)
{
    cb_buf t = {NULL, 0, 0};
    if (!unmasked(m->caps)) {
        if (strchr(m->caps, '=') || strncmp(m->source, "CRYPTOBENCH_CAPS", 16) == 0)
            cb_one_line(&t, m->caps);
        else
            cb_buf_printf(&t, "%.*s=%s", (int)strcspn(m->source, "+ "), m->source,
                          m->caps);
    }
    if (m->env[0]) {
        cb_buf_printf(&t, "%s", t.len ? "; " : "");
        cb_one_line(&t, m->env);
    }
    if (!t.len)
        cb_buf_printf(&t, "detected");
    return t.s;
}
