/*
 * kernels/select.c - `-variant LIST` read once (kernels/select.h).
 */
#include "kernels/select.h"

#include <stdio.h>
#include <string.h>

#include "kernels/registry.h"

/* tuned: the tuning file auto follows, or NULL (cb_select_tune). */
static const cb_tune *tuned;

void cb_select_tune(const cb_tune *t)
{
    tuned = t;
}

const cb_tune *cb_select_tuned(void)
{
    return tuned;
}

const cb_variant *cb_select_auto_at(const cb_alg *a, cb_dir d, cb_caps caps, size_t len)
{
    const cb_variant *v = cb_tune_lookup(tuned, a, d, len);
    if (v && !(v->caps & ~caps))
        return v;
    return cb_variant_auto(a, d, caps);
}

/* in_registry: does any variant of this build carry name? */
static int in_registry(const char *name)
{
    for (size_t i = 0; i < cb_variant_count(); i++)
        if (strcmp(cb_variant_at(i)->name, name) == 0)
            return 1;
    return 0;
}

const char *cb_variant_all_names(char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const char *name = cb_variant_at(i)->name;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(cb_variant_at(j)->name, name) == 0;
        if (seen || used >= len)
            continue;
        int w = snprintf(buf + used, len - used, "%s%s", used ? "," : "", name);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

int cb_selection_parse(cb_selection *sel, const char *spec, char *err, size_t errlen)
{
    memset(sel, 0, sizeof *sel);
    if (!spec || strcmp(spec, "auto") == 0)
        return 0;
    if (strcmp(spec, "all") == 0) {
        sel->mode = CB_SELECT_ALL;
        return 0;
    }
    sel->mode = CB_SELECT_LIST;
    for (const char *p = spec;;) {
        size_t len = strcspn(p, ",");
        if (len == 0) {
            snprintf(err, errlen, "-variant '%s' has an empty name; give variant names "
                     "separated by single commas, or auto, or all", spec);
            return -1;
        }
        if (sel->n == CB_SELECT_MAX) {
            snprintf(err, errlen, "-variant '%.60s...' names more than %d variants", spec,
                     CB_SELECT_MAX);
            return -1;
        }
        if (len >= CB_SELECT_NAME) {
            snprintf(err, errlen, "-variant names a variant of %zu characters ('%.20s...'); "
                     "no variant name is longer than %d", len, p, CB_SELECT_NAME - 1);
            return -1;
        }
        char *name = sel->names[sel->n++];
        memcpy(name, p, len);
        name[len] = '\0';
        if (strcmp(name, "all") == 0) {
            snprintf(err, errlen, "-variant all stands alone: it cannot be part of a list");
            return -1;
        }
        if (strcmp(name, "auto") != 0 && !in_registry(name)) {
            char names[2048];
            snprintf(err, errlen, "-variant '%s' is not a variant of this build; its "
                     "variants are: %s (or auto, all)", name,
                     cb_variant_all_names(names, sizeof names));
            return -1;
        }
        if (p[len] == '\0')
            return 0;
        p += len + 1;
    }
}

const char *cb_selection_text(const cb_selection *sel, char *buf, size_t len)
{
    if (len)
        buf[0] = '\0';
    if (sel->mode != CB_SELECT_LIST) {
        snprintf(buf, len, "%s", sel->mode == CB_SELECT_ALL ? "all" : "auto");
        return buf;
    }
    size_t used = 0;
    for (size_t i = 0; i < sel->n && used < len; i++) {
        int w = snprintf(buf + used, len - used, "%s%s", i ? "," : "", sel->names[i]);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

/* offers: does v implement a in d (any direction for CB_DIR_ANY)? */
static int offers(const cb_variant *v, const cb_alg *a, cb_dir d)
{
    return d == CB_DIR_ANY ? cb_variant_offers_any(v, a) : cb_variant_offers(v, a, d);
}

/* auto_pick is what auto selection picks for a in d; for CB_DIR_ANY, in the
 * algorithm's first direction (as every direction of one variant is checked). */
static const cb_variant *auto_pick(const cb_alg *a, cb_dir d, cb_caps caps)
{
    if (d == CB_DIR_ANY) {
        cb_dir dirs[CB_MAX_DIRS];
        cb_alg_dirs(a, dirs);
        d = dirs[0];
    }
    return cb_variant_auto(a, d, caps);
}

/* named_variant: the variant of a called name that offers d, or NULL. */
static const cb_variant *named_variant(const cb_alg *a, cb_dir d, const char *name)
{
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (strcmp(v->name, name) == 0 && offers(v, a, d))
            return v;
    }
    return NULL;
}

static size_t put(cb_pick *out, size_t n, size_t max, const cb_variant *v, cb_caps caps,
                  int named)
{
    if (n >= max)
        return n;
    out[n].var = v;
    out[n].named = named;
    if (!cb_variant_why_not(v, caps, out[n].why, sizeof out[n].why))
        out[n].why[0] = '\0';
    return n + 1;
}

size_t cb_select(const cb_selection *sel, const cb_alg *a, cb_dir d, cb_caps caps,
                 cb_pick *out, size_t max)
{
    size_t n = 0;
    const cb_variant *v;
    switch (sel->mode) {
    case CB_SELECT_AUTO:
        if ((v = auto_pick(a, d, caps)) != NULL)
            n = put(out, n, max, v, caps, 0);
        break;
    case CB_SELECT_ALL:
        for (size_t i = 0; i < cb_variant_count(); i++)
            if (offers(cb_variant_at(i), a, d))
                n = put(out, n, max, cb_variant_at(i), caps, 0);
        break;
    case CB_SELECT_LIST:
        for (size_t i = 0; i < sel->n; i++) {
            int is_auto = strcmp(sel->names[i], "auto") == 0;
            v = is_auto ? auto_pick(a, d, caps) : named_variant(a, d, sel->names[i]);
            if (v)
                n = put(out, n, max, v, caps, !is_auto);
        }
        break;
    }
    return n;
}

const char *cb_selection_missing(const cb_selection *sel, const cb_alg *a, cb_dir d)
{
    if (sel->mode != CB_SELECT_LIST)
        return NULL;
    for (size_t i = 0; i < sel->n; i++)
        if (strcmp(sel->names[i], "auto") != 0 && !named_variant(a, d, sel->names[i]))
            return sel->names[i];
    return NULL;
}

int cb_selection_offered(const cb_selection *sel, const cb_alg *a)
{
    if (sel->mode != CB_SELECT_LIST)
        return 1;
    for (size_t i = 0; i < sel->n; i++)
        if (strcmp(sel->names[i], "auto") == 0 || named_variant(a, CB_DIR_ANY, sel->names[i]))
            return 1;
    return 0;
}
