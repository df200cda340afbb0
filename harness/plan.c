/*
 * harness/plan.c - the cases of a run (harness/plan.h).
 */
#include "harness/plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/inst.h"
#include "kernels/registry.h"

void cb_run_opts_default(cb_run_opts *o)
{
    memset(o, 0, sizeof *o);
    cb_bench_default_cfg(&o->bench);
    o->cpu = -1;
    o->runs = 1;
    o->canary = CB_CANARY_AUTO;
}

size_t cb_plan_sizes(const cb_run_opts *o, const cb_plan_entry *e)
{
    return cb_alg_per_op(e->alg) ? 1 : o->nsizes;
}

size_t cb_plan_len(const cb_run_opts *o, const cb_plan_entry *e, size_t k)
{
    return cb_alg_per_op(e->alg) ? 0 : o->sizes[k];
}

static void add_entry(cb_plan *p, const cb_alg *a, const cb_variant *v, cb_dir d,
                      int labelled)
{
    if (p->n == CB_PLAN_MAX_ENTRIES)
        return;
    cb_plan_entry *e = &p->e[p->n++];
    memset(e, 0, sizeof *e);
    e->alg = a;
    e->var = v;
    e->dir = d;
    e->labelled = labelled;
    if (labelled)
        snprintf(e->label, sizeof e->label, "%s/%s", a->name, v->name);
    else
        snprintf(e->label, sizeof e->label, "%s", a->name);
}

/* plan_dirs: ciphers and AEADs are timed in the one direction -decrypt chooses
 * (both in an audit). */
static size_t plan_dirs(const cb_run_opts *o, const cb_alg *a, cb_dir dirs[CB_MAX_DIRS])
{
    size_t n = cb_alg_dirs(a, dirs);
    if ((a->kind == CB_KIND_CIPHER || a->kind == CB_KIND_AEAD) && !o->every_dir) {
        dirs[0] = o->decrypt ? CB_DIR_DECRYPT : CB_DIR_ENCRYPT;
        return 1;
    }
    return n;
}

/* variant_named_anywhere: does any requested algorithm have a variant called name? */
static int variant_named_anywhere(const cb_run_opts *o, const char *name)
{
    for (size_t i = 0; i < o->nalgs; i++)
        if (cb_variant_find(o->algs[i], name))
            return 1;
    return 0;
}

/* lacks_reason: why the variant called name (a library) does not implement a, or
 * NULL when no variant of that name gives a reason. */
static const char *lacks_reason(const cb_alg *a, const char *name, char *buf, size_t len)
{
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        if (strcmp(v->name, name) == 0 && cb_variant_lacks(v, a, buf, len))
            return buf;
    }
    return NULL;
}

/* check_names says what the -variant list means for a before anything is picked:
 * a name a lacks is an error, unless another requested algorithm has it (then a
 * warning), and a variant without one of the directions is skipped with a warning. */
static int check_names(const cb_run_opts *o, const cb_alg *a, const cb_dir *dirs, size_t nd)
{
    const cb_selection *sel = &o->variants;
    char list[512];
    for (size_t i = 0; sel->mode == CB_SELECT_LIST && i < sel->n; i++) {
        const char *name = sel->names[i];
        if (strcmp(name, "auto") == 0)
            continue;
        const cb_variant *v = cb_variant_find(a, name);
        char lacks[200];
        if (!v && variant_named_anywhere(o, name)) {
            cb_warn("speed: %s has no variant '%s'; skipped.", a->name, name);
        } else if (!v && lacks_reason(a, name, lacks, sizeof lacks)) {
            cb_error("speed: variant '%s' %s, so it does not offer %s; its variants are: "
                     "%s.", name, lacks, a->name, cb_variant_names(a, list, sizeof list));
            return -1;
        } else if (!v) {
            cb_error("speed: unknown variant '%s' of %s; its variants are: %s (or auto, all).",
                     name, a->name, cb_variant_names(a, list, sizeof list));
            return -1;
        }
        for (size_t d = 0; v && d < nd; d++)
            if (!cb_variant_offers(v, a, dirs[d]))
                cb_warn("speed: variant %s of %s has no %s; skipped.", v->name, a->name,
                        cb_dir_name(dirs[d]));
    }
    return 0;
}

/* PLAN_MAX_PICKS bounds the variants of one algorithm in one direction: far more
 * than any build registers (a handful per primitive). */
#define PLAN_MAX_PICKS 64

/* plan_alg adds a's entries.  Picks of several directions (sign, verify) alternate,
 * so each variant's directions stay together. */
static int plan_alg(cb_plan *p, const cb_run_opts *o, const cb_alg *a, cb_caps caps)
{
    cb_dir dirs[CB_MAX_DIRS];
    size_t nd = plan_dirs(o, a, dirs);
    if (check_names(o, a, dirs, nd) != 0)
        return -1;
    cb_pick picks[CB_MAX_DIRS][PLAN_MAX_PICKS];
    size_t n[CB_MAX_DIRS] = {0}, most = 0;
    for (size_t d = 0; d < nd; d++) {
        n[d] = cb_select(&o->variants, a, dirs[d], caps, picks[d], PLAN_MAX_PICKS);
        if (n[d] == 0 && o->variants.mode == CB_SELECT_AUTO) {
            cb_error("speed: no variant of %s %s can run on this target.", a->name,
                     cb_dir_name(dirs[d]));
            return -1;
        }
        most = n[d] > most ? n[d] : most;
    }
    int labelled = o->variants.mode != CB_SELECT_AUTO;
    for (size_t i = 0; i < most; i++)
        for (size_t d = 0; d < nd; d++) {
            const cb_pick *k = &picks[d][i];
            if (i >= n[d])
                continue;
            if (k->why[0] && k->named) {
                cb_error("speed: variant %s of %s cannot run here: it %s.", k->var->name,
                         a->name, k->why);
                return -1;
            }
            if (k->why[0] && o->runnable_only)
                continue;
            if (k->why[0])
                cb_warn("speed: skipping %s/%s: it %s.", a->name, k->var->name, k->why);
            else
                add_entry(p, a, k->var, dirs[d], labelled);
        }
    return 0;
}

/* check_sizes refuses entries the block sizes or -inplace cannot time. */
static int check_sizes(const cb_plan *p, const cb_run_opts *o)
{
    for (size_t i = 0; i < p->n; i++) {
        const cb_plan_entry *e = &p->e[i];
        char err[256];
        if (o->inplace && e->alg->kind == CB_KIND_AEAD && e->dir == CB_DIR_DECRYPT) {
            cb_error("speed: -inplace cannot time %s decryption: each message would overwrite "
                     "the ciphertext the next one must authenticate.", e->alg->name);
            return -1;
        }
        if (cb_alg_per_op(e->alg))
            continue;
        for (size_t k = 0; k < o->nsizes; k++)
            if (!cb_inst_len_ok(e->alg, o->sizes[k], err, sizeof err)) {
                cb_error("speed: %s.", err);
                return -1;
            }
    }
    return 0;
}

const cb_variant *cb_plan_var(const cb_plan_entry *e, size_t k)
{
    return k < CB_PLAN_MAX_SIZES && e->tuned[k] ? e->tuned[k] : e->var;
}

int cb_plan_tuned(const cb_plan_entry *e)
{
    for (size_t k = 0; k < CB_PLAN_MAX_SIZES; k++)
        if (e->tuned[k])
            return 1;
    return 0;
}

/* follow_tune gives the auto entries the tuning file's pick at each size. */
static void follow_tune(cb_plan *p, const cb_run_opts *o, cb_caps caps)
{
    if (o->variants.mode != CB_SELECT_AUTO || !cb_select_tuned())
        return;
    for (size_t i = 0; i < p->n; i++) {
        cb_plan_entry *e = &p->e[i];
        for (size_t k = 0; k < cb_plan_sizes(o, e); k++) {
            const cb_variant *v = cb_select_auto_at(e->alg, e->dir, caps, cb_plan_len(o, e, k));
            e->tuned[k] = v != e->var ? v : NULL;
        }
    }
}

int cb_plan_build(cb_plan *p, const cb_run_opts *o)
{
    cb_caps caps = cb_caps_effective();
    p->e = cb_xcalloc(CB_PLAN_MAX_ENTRIES, sizeof *p->e);
    p->n = 0;
    for (size_t i = 0; i < o->nalgs; i++)
        if (plan_alg(p, o, o->algs[i], caps) != 0)
            return -1;
    if (p->n == 0) {
        cb_error("speed: nothing to time: none of the named variants implements the named "
                 "algorithms.");
        return -1;
    }
    follow_tune(p, o, caps);
    return check_sizes(p, o);
}

void cb_plan_free(cb_plan *p)
{
    free(p->e);
    p->e = NULL;
    p->n = 0;
}
