/*
 * reports/compare/cause.c - why the sides of a comparison differ in more than their
 * axis (reports/compare/cause.h): each case's conditions, read once per distinct set
 * of runs and libraries, then one line per cause over the cases in display order.
 */
#include "reports/compare/cause.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "reports/compare/strs.h"

/* The kinds of cause, in the order their lines are printed: what the CPUs report and
 * what it changed, the mask and what it changed, a library's environment, a build
 * without the variant, then the conditions that change every number a little or a
 * lot without changing the code chosen. */
typedef enum kind {
    K_DETECTED,
    K_VARIANT_DETECTED,
    K_LIBRARY_DETECTED,
    K_MASK,
    K_VARIANT_MASK,
    K_LIBRARY_MASK,
    K_LIBRARY_ENV,
    K_VARIANT_BUILD,
    K_EMULATOR,
    K_COMPILER,
    K_CFLAGS,
    K_BUILD_REV,
    K_LIBRARY_VERSION,
    N_KINDS
} kind;

static const char *const side_word[2] = {"before", "after"};

/* ---- one side of one case ------------------------------------------------------------ */

/* side: the runs and libraries behind one side's rows of a case. */
typedef struct side {
    const cb_run_info **runs;
    size_t nruns;
    cb_provenance *libs;      /* distinct provenance of the rows of external variants */
    size_t nlibs;
    cb_strs lib_variants;     /* the variants those rows were of */
    int own_choice;           /* every row is an imported log's or a library's: the code
                               * behind the variant name was chosen by that code itself,
                               * from the capabilities it was given */
    int imported;             /* some row is imported (its build_rev is only a label) */
} side;

/* capset: capability names, as caps_detected and caps_effective list them, or
 * unknown (an import without a CPUINFO line, a run description without them). */
typedef struct capset {
    cb_strs names;
    int known;
} capset;

typedef struct item {
    kind k;
    char *text;
} item;

struct cb_case_why {
    side s[2];
    item *items;         /* the conditions that differ, each a line of its own */
    size_t nitems;
    char *det_changed;   /* capabilities the sides could use differently because the
                          * CPUs report them differently ("neon"), NULL when none */
    char *mask_changed;  /* those the sides could use differently with the same detection:
                          * a mask's doing */
    char *build[2];      /* "config linux-elf-arm" when the builds differ, else NULL */
};

struct cb_causes {
    cb_strs variants[2];   /* every variant each side holds, for "a build lacks it" */
    cb_case_why **whys;
    size_t nwhys;
    char **names;          /* the capability names read out of the run descriptions */
    size_t nnames;
};

static int has_run(const side *s, const cb_run_info *r)
{
    for (size_t i = 0; i < s->nruns; i++)
        if (s->runs[i] == r)
            return 1;
    return 0;
}

static int has_lib(const side *s, const cb_provenance *p)
{
    for (size_t i = 0; i < s->nlibs; i++)
        if (cb_provenance_equal(&s->libs[i], p))
            return 1;
    return 0;
}

static void gather(side *s, const cb_csv_row *const *rows, size_t n)
{
    memset(s, 0, sizeof *s);
    s->own_choice = 1;
    const cb_run_info *last = NULL;
    for (size_t i = 0; i < n; i++) {
        const cb_csv_row *r = rows[i];
        if (r->run != last && !has_run(s, r->run)) {
            s->runs = cb_xrealloc(s->runs, (s->nruns + 1) * sizeof *s->runs);
            s->runs[s->nruns++] = r->run;
        }
        last = r->run;
        int imported = strcmp(r->s.status, "imported") == 0;
        s->imported |= imported;
        if (cb_provenance_external(&r->s.lib)) {
            cb_strs_add(&s->lib_variants, r->s.variant);
            if (!has_lib(s, &r->s.lib)) {
                s->libs = cb_xrealloc(s->libs, (s->nlibs + 1) * sizeof *s->libs);
                s->libs[s->nlibs++] = r->s.lib;
            }
        } else if (!imported) {
            s->own_choice = 0;
        }
    }
}

static int same_side(const side *a, const side *b)
{
    if (a->nruns != b->nruns || a->nlibs != b->nlibs || a->own_choice != b->own_choice ||
        a->imported != b->imported || !cb_strs_same(&a->lib_variants, &b->lib_variants))
        return 0;
    for (size_t i = 0; i < a->nruns; i++)
        if (a->runs[i] != b->runs[i])
            return 0;
    for (size_t i = 0; i < a->nlibs; i++)
        if (!cb_provenance_equal(&a->libs[i], &b->libs[i]))
            return 0;
    return 1;
}

static void free_side(side *s)
{
    free(s->runs);
    free(s->libs);
    free(s->lib_variants.v);
}

/* ---- values of the run descriptions -------------------------------------------------- */

/* run_field reads the field at offset of a run description. */
static const char *run_field(const cb_run_info *r, size_t offset)
{
    return *(const char *const *)((const char *)r + offset);
}

#define FIELD(name) offsetof(cb_run_info, name)

/* known_value: a field that says something ("" and "unknown" say nothing). */
static int known_value(const char *v)
{
    return v && v[0] && strcmp(v, "unknown") != 0;
}

/* values collects a field over a side's runs, those that say something. */
static cb_strs values(const side *s, size_t offset)
{
    cb_strs v = {NULL, 0};
    for (size_t i = 0; i < s->nruns; i++)
        if (known_value(run_field(s->runs[i], offset)))
            cb_strs_add(&v, run_field(s->runs[i], offset));
    return v;
}

/* name_of returns the set's copy of the len bytes at p, one per distinct name. */
static const char *name_of(cb_causes *cs, const char *p, size_t len)
{
    for (size_t i = 0; i < cs->nnames; i++)
        if (strlen(cs->names[i]) == len && memcmp(cs->names[i], p, len) == 0)
            return cs->names[i];
    char *n = cb_xmalloc(len + 1);
    memcpy(n, p, len);
    n[len] = 0;
    cs->names = cb_xrealloc(cs->names, (cs->nnames + 1) * sizeof *cs->names);
    cs->names[cs->nnames++] = n;
    return n;
}

/* add_caps adds the names of a caps_* field ("aes,pmull", "none") to c, or makes c
 * unknown when the field says nothing. */
static void add_caps(cb_causes *cs, capset *c, const char *v)
{
    if (!known_value(v)) {
        c->known = 0;
        return;
    }
    if (strcmp(v, "none") == 0)
        return;
    while (*v) {
        v += strspn(v, ", ");
        size_t n = strcspn(v, ",");
        size_t t = n;
        while (t && v[t - 1] == ' ')
            t--;
        if (t)
            cb_strs_add(&c->names, name_of(cs, v, t));
        v += n;
    }
}

/* caps_of: the union of a capability field over a side's runs. */
static capset caps_of(cb_causes *cs, const side *s, size_t offset)
{
    capset c = {{NULL, 0}, s->nruns > 0};
    for (size_t i = 0; i < s->nruns; i++)
        add_caps(cs, &c, run_field(s->runs[i], offset));
    return c;
}

/* count_minus: how many names of a b lacks. */
static size_t count_minus(const cb_strs *a, const cb_strs *b)
{
    size_t n = 0;
    for (size_t i = 0; i < a->n; i++)
        n += !cb_strs_has(b, a->v[i]);
    return n;
}

/* list_minus appends the names of a that b lacks to t, ", "-separated (an empty one,
 * a library environment of nothing set, as "(none)"). */
static void list_minus(cb_buf *t, const cb_strs *a, const cb_strs *b)
{
    size_t n = 0;
    for (size_t i = 0; i < a->n; i++)
        if (!cb_strs_has(b, a->v[i]))
            cb_buf_printf(t, "%s%s", n++ ? ", " : "", a->v[i][0] ? a->v[i] : "(none)");
}

/* ---- the conditions of one case ------------------------------------------------------ */

static void add_item(cb_case_why *w, kind k, char *text)
{
    w->items = cb_xrealloc(w->items, (w->nitems + 1) * sizeof *w->items);
    w->items[w->nitems++] = (item){k, text};
}

/* add_change adds "label: BEFORE -> AFTER" when the field's known values differ and
 * both sides have some. */
static void add_change(cb_case_why *w, kind k, const char *label, cb_strs *v)
{
    if (v[0].n && v[1].n && !cb_strs_same(&v[0], &v[1])) {
        char *b = cb_strs_text(&v[0], "+"), *a = cb_strs_text(&v[1], "+");
        cb_buf t = {NULL, 0, 0};
        cb_buf_printf(&t, "%s: %s -> %s", label, b, a);
        add_item(w, k, t.s);
        free(b);
        free(a);
    }
    free(v[0].v);
    free(v[1].v);
}

static void run_changes(cb_case_why *w, size_t offset, kind k, const char *label)
{
    cb_strs v[2] = {values(&w->s[0], offset), values(&w->s[1], offset)};
    add_change(w, k, label, v);
}

/* real_emulator: the value names one ("none" and "unknown" do not). */
static int real_emulator(const cb_strs *v)
{
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->v[i], "none") != 0)
            return 1;
    return 0;
}

static void emulator_change(cb_case_why *w)
{
    cb_strs v[2] = {values(&w->s[0], FIELD(emulator)), values(&w->s[1], FIELD(emulator))};
    if (v[0].n && v[1].n && !cb_strs_same(&v[0], &v[1]) &&
        (real_emulator(&v[0]) || real_emulator(&v[1]))) {
        char *b = cb_strs_text(&v[0], "+"), *a = cb_strs_text(&v[1], "+");
        cb_buf t = {NULL, 0, 0};
        cb_buf_printf(&t, "emulator: %s -> %s (timings under an emulator say nothing about "
                      "hardware)", b, a);
        add_item(w, K_EMULATOR, t.s);
        free(b);
        free(a);
    }
    free(v[0].v);
    free(v[1].v);
}

/* openssl_log: every run of the side is an imported openssl log, whose tool_version
 * ("openssl 3.0.2") is the library's version. */
static int openssl_log(const side *s)
{
    for (size_t i = 0; i < s->nruns; i++)
        if (strcmp(s->runs[i]->build_config, "imported") != 0 ||
            strncmp(s->runs[i]->tool_version, "openssl", 7) != 0)
            return 0;
    return s->nruns > 0;
}

/* lib_values collects provenance field f over a side's libraries. */
static cb_strs lib_values(const side *s, int f)
{
    cb_strs v = {NULL, 0};
    for (size_t i = 0; i < s->nlibs; i++)
        cb_strs_add(&v, cb_provenance_str(&s->libs[i], f));
    return v;
}

/* env_change: "library environment (-lib-env): o3n OPENSSL_armcap=0 -> o3 (none)"; a
 * side that pools a library under several environments (a `caps -sweep -lib -csv`
 * file) has them counted, and those of one side only listed. */
static void env_change(cb_case_why *w, const cb_strs env[2])
{
    char *v[2] = {cb_strs_text(&w->s[0].lib_variants, "+"),
                  cb_strs_text(&w->s[1].lib_variants, "+")};
    cb_buf t = {NULL, 0, 0};
    cb_buf_printf(&t, "library environment (-lib-env): ");
    if (env[0].n == 1 && env[1].n == 1) {
        cb_buf_printf(&t, "%s ", v[0]);
        cb_one_line(&t, env[0].v[0][0] ? env[0].v[0] : "(none)");
        cb_buf_printf(&t, " -> %s ", v[1]);
        cb_one_line(&t, env[1].v[0][0] ? env[1].v[0] : "(none)");
    } else {
        cb_buf_printf(&t, "%s under %zu environment%s -> %s under %zu", v[0], env[0].n,
                      env[0].n == 1 ? "" : "s", v[1], env[1].n);
        for (int sd = 0; sd < 2; sd++)
            if (count_minus(&env[sd], &env[!sd])) {
                cb_buf_printf(&t, "; %s only: ", side_word[sd]);
                list_minus(&t, &env[sd], &env[!sd]);
            }
    }
    add_item(w, K_LIBRARY_ENV, t.s);
    free(v[0]);
    free(v[1]);
}

static void library_changes(cb_case_why *w)
{
    const side *b = &w->s[0], *a = &w->s[1];
    if (b->nlibs && a->nlibs) {
        cb_strs env[2] = {lib_values(b, CB_PROV_ENV), lib_values(a, CB_PROV_ENV)};
        if (!cb_strs_same(&env[0], &env[1]))
            env_change(w, env);
        free(env[0].v);
        free(env[1].v);
        cb_strs v[2] = {lib_values(b, CB_PROV_VERSION), lib_values(a, CB_PROV_VERSION)};
        add_change(w, K_LIBRARY_VERSION, "library version", v);
    } else if (openssl_log(b) && openssl_log(a)) {
        run_changes(w, FIELD(tool_version), K_LIBRARY_VERSION, "library version");
    }
}

/* mask_label spells a run's mask as the variable that set it: the recorded text when
 * it names its variables ("OPENSSL_armcap=0 CRYPTOBENCH_CAPS=+neon"), else the
 * source's variable with the text ("OPENSSL_armcap=0", "CRYPTOBENCH_CAPS=-aes"). */
static void mask_label(cb_buf *t, const cb_run_info *r)
{
    if (strchr(r->caps_mask, '='))
        cb_one_line(t, r->caps_mask);
    else
        cb_buf_printf(t, "%.*s=%s", (int)strcspn(r->mask_source, "+ "), r->mask_source,
                      r->caps_mask);
}

/* mask_piece describes what one masked run's mask did: "OPENSSL_armcap=0 (source
 * OPENSSL_armcap): removed aes, pmull", the capabilities it added with -force-caps
 * too; without a detected set, what it left. */
static void mask_piece(cb_causes *cs, cb_buf *t, const cb_run_info *r)
{
    capset det = {{NULL, 0}, 1}, eff = {{NULL, 0}, 1};
    add_caps(cs, &det, r->caps_detected);
    add_caps(cs, &eff, r->caps_effective);
    mask_label(t, r);
    cb_buf_printf(t, " (source %s)", r->mask_source);
    if (det.known && eff.known) {
        cb_buf_printf(t, ": removed ");
        if (count_minus(&det.names, &eff.names))
            list_minus(t, &det.names, &eff.names);
        else
            cb_buf_printf(t, "nothing");
        if (count_minus(&eff.names, &det.names)) {
            cb_buf_printf(t, ", added ");
            list_minus(t, &eff.names, &det.names);
            cb_buf_printf(t, " (forced)");
        }
    } else if (eff.known) {
        cb_buf_printf(t, ": left %s", eff.names.n ? "" : "none");
        for (size_t i = 0; i < eff.names.n; i++)
            cb_buf_printf(t, "%s%s", i ? ", " : "", eff.names.v[i]);
    }
    free(det.names.v);
    free(eff.names.v);
}

/* masked: a run ran with a mask (known, and not "none"). */
static int masked(const cb_run_info *r)
{
    return known_value(r->caps_mask) && strcmp(r->caps_mask, "none") != 0;
}

/* mask_item: "mask: after ran with OPENSSL_armcap=0 (source OPENSSL_armcap): removed
 * aes, pmull", each side that ran masked, the unmasked runs unnamed.  A side that
 * pools the runs of several masks (a `caps -sweep -csv` file) has them listed as
 * given, with their sources: "before pools 3 masks: -aes / -pmull / -aes,-pmull (source
 * CRYPTOBENCH_CAPS)". */
static void mask_item(cb_causes *cs, cb_case_why *w)
{
    cb_buf t = {NULL, 0, 0};
    for (int sd = 0; sd < 2; sd++) {
        cb_strs masks = {NULL, 0}, sources = {NULL, 0};
        const cb_run_info *one = NULL;
        for (size_t i = 0; i < w->s[sd].nruns; i++)
            if (masked(w->s[sd].runs[i])) {
                one = w->s[sd].runs[i];
                cb_strs_add(&masks, one->caps_mask);
                cb_strs_add(&sources, one->mask_source);
            }
        if (masks.n)
            cb_buf_printf(&t, "%s%s ", t.len ? "; " : "mask: ", side_word[sd]);
        if (masks.n == 1) {
            cb_buf_printf(&t, "ran with ");
            mask_piece(cs, &t, one);
        } else if (masks.n > 1) {
            char *m = cb_strs_text(&masks, " / "), *src = cb_strs_text(&sources, "+");
            cb_buf_printf(&t, "pools %zu masks: %s (source %s)", masks.n, m, src);
            free(m);
            free(src);
        }
        free(masks.v);
        free(sources.v);
    }
    if (t.s)
        add_item(w, K_MASK, t.s);
}

/* masks_differ: both sides record their masks and the masks or their sources
 * differ. */
static int masks_differ(const cb_case_why *w)
{
    cb_strs m[2], s[2];
    for (int sd = 0; sd < 2; sd++) {
        m[sd] = values(&w->s[sd], FIELD(caps_mask));
        s[sd] = values(&w->s[sd], FIELD(mask_source));
    }
    int differ = m[0].n && m[1].n &&
                 (!cb_strs_same(&m[0], &m[1]) || !cb_strs_same(&s[0], &s[1]));
    for (int i = 0; i < 2; i++) {
        free(m[i].v);
        free(s[i].v);
    }
    return differ;
}

/*
 * caps_changes names what the CPUs report differently and what the masks changed.
 * Each capability the sides' effective sets differ in is detection's doing when the
 * detected sets differ in it too, else the mask's: both sides detected it and one
 * removed it, or neither did and one forced it (with a side's detection unknown, the
 * mask's when the masks differ, detection's when they do not).
 */
static void caps_changes(cb_causes *cs, cb_case_why *w)
{
    capset det[2], eff[2];
    for (int sd = 0; sd < 2; sd++) {
        det[sd] = caps_of(cs, &w->s[sd], FIELD(caps_detected));
        eff[sd] = caps_of(cs, &w->s[sd], FIELD(caps_effective));
    }
    int det_known = det[0].known && det[1].known;
    int mask_diff = masks_differ(w);
    if (det_known && !cb_strs_same(&det[0].names, &det[1].names)) {
        cb_buf t = {NULL, 0, 0};
        cb_buf_printf(&t, "the CPUs report different capabilities: ");
        size_t only_before = count_minus(&det[0].names, &det[1].names);
        if (only_before) {
            list_minus(&t, &det[0].names, &det[1].names);
            cb_buf_printf(&t, " (before only)");
        }
        if (count_minus(&det[1].names, &det[0].names)) {
            cb_buf_printf(&t, "%s", only_before ? "; " : "");
            list_minus(&t, &det[1].names, &det[0].names);
            cb_buf_printf(&t, " (after only)");
        }
        add_item(w, K_DETECTED, t.s);
    }
    cb_buf by_det = {NULL, 0, 0}, by_mask = {NULL, 0, 0};
    if (eff[0].known && eff[1].known)
        for (int sd = 0; sd < 2; sd++)
            for (size_t i = 0; i < eff[sd].names.n; i++) {
                const char *n = eff[sd].names.v[i];
                if (cb_strs_has(&eff[!sd].names, n))
                    continue;
                int detection = det_known ? cb_strs_has(&det[0].names, n) !=
                                                cb_strs_has(&det[1].names, n)
                                          : !mask_diff;
                cb_buf *t = detection ? &by_det : &by_mask;
                cb_buf_printf(t, "%s%s", t->len ? ", " : "", n);
            }
    w->det_changed = by_det.s;
    w->mask_changed = by_mask.s;
    if (mask_diff || by_mask.s)
        mask_item(cs, w);
    for (int sd = 0; sd < 2; sd++) {
        free(det[sd].names.v);
        free(eff[sd].names.v);
    }
}

/* build_changes: the text that names each side's build when the builds differ (their
 * configurations, else their revisions), for a variant one of them lacks. */
static void build_changes(cb_case_why *w)
{
    static const struct {
        size_t offset;
        const char *word;
    } fields[] = {{FIELD(build_config), "config"}, {FIELD(build_rev), "build"}};
    for (size_t f = 0; f < 2 && !w->build[0]; f++) {
        if (f == 1 && (w->s[0].imported || w->s[1].imported))
            break; /* an import's build_rev is only its label */
        cb_strs v[2] = {values(&w->s[0], fields[f].offset),
                        values(&w->s[1], fields[f].offset)};
        if (v[0].n && v[1].n && !cb_strs_same(&v[0], &v[1]))
            for (int sd = 0; sd < 2; sd++) {
                char *text = cb_strs_text(&v[sd], "+");
                cb_buf t = {NULL, 0, 0};
                cb_buf_printf(&t, "%s %s", fields[f].word, text);
                w->build[sd] = t.s;
                free(text);
            }
        free(v[0].v);
        free(v[1].v);
    }
}

static cb_case_why *describe(cb_causes *cs, side s[2])
{
    cb_case_why *w = cb_xcalloc(1, sizeof *w);
    w->s[0] = s[0];
    w->s[1] = s[1];
    caps_changes(cs, w);
    library_changes(w);
    build_changes(w);
    emulator_change(w);
    run_changes(w, FIELD(compiler), K_COMPILER, "compiler");
    run_changes(w, FIELD(cflags), K_CFLAGS, "compiler flags");
    if (!w->s[0].imported && !w->s[1].imported)
        run_changes(w, FIELD(build_rev), K_BUILD_REV, "build revision");
    return w;
}

/* ---- the comparison's causes --------------------------------------------------------- */

cb_causes *cb_causes_new(const cb_csv_row *const *before, size_t nb,
                         const cb_csv_row *const *after, size_t na)
{
    cb_causes *cs = cb_xcalloc(1, sizeof *cs);
    for (int sd = 0; sd < 2; sd++) {
        const char *last = NULL; /* rows of one variant are mostly adjacent */
        for (size_t i = 0, n = sd ? na : nb; i < n; i++) {
            const char *v = (sd ? after : before)[i]->s.variant;
            if (v != last)
                cb_strs_add(&cs->variants[sd], v);
            last = v;
        }
    }
    return cs;
}

const cb_case_why *cb_causes_note(cb_causes *cs, const cb_csv_row *const *rb, size_t nrb,
                                  const cb_csv_row *const *ra, size_t nra)
{
    side s[2];
    gather(&s[0], rb, nrb);
    gather(&s[1], ra, nra);
    /* most cases share their runs with the case before them: try the newest first */
    for (size_t i = cs->nwhys; i-- > 0;)
        if (same_side(&cs->whys[i]->s[0], &s[0]) && same_side(&cs->whys[i]->s[1], &s[1])) {
            free_side(&s[0]);
            free_side(&s[1]);
            return cs->whys[i];
        }
    cs->whys = cb_xrealloc(cs->whys, (cs->nwhys + 1) * sizeof *cs->whys);
    return cs->whys[cs->nwhys++] = describe(cs, s);
}

/* group: the cases of one line that share a variant pair ("aes-256-gcm neon ->
 * generic"). */
typedef struct group {
    char *text;
    size_t count;
} group;

/* line: one cause, its cases, and for variant causes its groups. */
typedef struct line {
    kind k;
    char *text;
    size_t count;
    group *g;
    size_t ng;
} line;

typedef struct lines {
    line *v;
    size_t n;
} lines;

/* count_line counts one case under the line (k, text), which takes text. */
static line *count_line(lines *ls, kind k, char *text)
{
    for (size_t i = 0; i < ls->n; i++)
        if (ls->v[i].k == k && strcmp(ls->v[i].text, text) == 0) {
            free(text);
            ls->v[i].count++;
            return &ls->v[i];
        }
    ls->v = cb_xrealloc(ls->v, (ls->n + 1) * sizeof *ls->v);
    line *l = &ls->v[ls->n++];
    *l = (line){k, text, 1, NULL, 0};
    return l;
}

static void count_group(line *l, char *text)
{
    for (size_t i = 0; i < l->ng; i++)
        if (strcmp(l->g[i].text, text) == 0) {
            free(text);
            l->g[i].count++;
            return;
        }
    l->g = cb_xrealloc(l->g, (l->ng + 1) * sizeof *l->g);
    l->g[l->ng++] = (group){text, 1};
}

static char *printed(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* printed returns the formatted text, malloc'ed. */
static char *printed(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = cb_xmalloc((size_t)(n > 0 ? n : 0) + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
    va_end(ap);
    return s;
}

/*
 * variant_cause decides what made the code of case k differ and counts the case under
 * that line: detection, then the mask, then a build that lacks one side's variant.
 * A case whose variants are the same is counted only when a library (or an imported
 * openssl) chose its own code on both sides, from capabilities that changed.
 */
static const char *variant_cause(const cb_causes *cs, const cb_cmp_case *k,
                                 const cb_case_why *w, lines *ls)
{
    int changed = strcmp(k->variant_before, k->variant_after) != 0;
    int own = w->s[0].own_choice && w->s[1].own_choice;
    if (!changed && !own)
        return NULL;
    const char *subject = changed ? "variant changed" : "library code may differ";
    char *heading;
    const char *name;
    kind kd;
    if (w->det_changed) {
        heading = printed("%s because detection changed (%s)", subject, w->det_changed);
        name = "detection";
        kd = changed ? K_VARIANT_DETECTED : K_LIBRARY_DETECTED;
    } else if (w->mask_changed) {
        heading = printed("%s because the mask changed (%s)", subject, w->mask_changed);
        name = "mask";
        kd = changed ? K_VARIANT_MASK : K_LIBRARY_MASK;
    } else if (changed && w->build[0]) {
        /* the side whose build lacks the other side's variant */
        int lacks = !cb_strs_has(&cs->variants[1], k->variant_before) ? 1
                    : !cb_strs_has(&cs->variants[0], k->variant_after) ? 0 : -1;
        if (lacks < 0)
            return NULL; /* both builds have both variants: someone chose */
        heading = printed("variant changed because the %s build (%s) has no %s",
                          side_word[lacks], w->build[lacks],
                          lacks ? k->variant_before : k->variant_after);
        name = "build";
        kd = K_VARIANT_BUILD;
    } else {
        return NULL;
    }
    line *l = count_line(ls, kd, heading);
    count_group(l, changed ? printed("%s %s -> %s", k->alg, k->variant_before,
                                     k->variant_after)
                           : printed("%s %s", k->variant_before, k->alg));
    return name;
}

/* The groups a variant line names before it sums up the rest. */
#define NAMED_GROUPS 6

/* line_text writes a line as printed: a condition with its count when it holds for
 * some cases only, a variant cause with its groups and their counts. */
static char *line_text(const line *l, size_t ncases)
{
    cb_buf t = {NULL, 0, 0};
    cb_buf_printf(&t, "%s", l->text);
    if (!l->ng) {
        if (l->count < ncases)
            cb_buf_printf(&t, " (%zu of %zu cases)", l->count, ncases);
        return t.s;
    }
    size_t rest = 0;
    for (size_t i = 0; i < l->ng; i++) {
        if (i < NAMED_GROUPS)
            cb_buf_printf(&t, "%s%s (%zu case%s)", i ? ", " : ": ", l->g[i].text,
                          l->g[i].count, l->g[i].count == 1 ? "" : "s");
        else
            rest += l->g[i].count;
    }
    if (rest)
        cb_buf_printf(&t, ", and %zu more (%zu case%s)", l->ng - NAMED_GROUPS, rest,
                      rest == 1 ? "" : "s");
    return t.s;
}

static void free_why(cb_case_why *w)
{
    for (size_t i = 0; i < w->nitems; i++)
        free(w->items[i].text);
    free(w->items);
    free(w->det_changed);
    free(w->mask_changed);
    free(w->build[0]);
    free(w->build[1]);
    free_side(&w->s[0]);
    free_side(&w->s[1]);
    free(w);
}

void cb_causes_finish(cb_causes *cs, cb_comparison *c, const cb_case_why *const *whys)
{
    lines ls = {NULL, 0};
    for (size_t i = 0; i < c->n; i++) {
        const cb_case_why *w = whys[i];
        for (size_t j = 0; j < w->nitems; j++)
            count_line(&ls, w->items[j].k, cb_xstrdup(w->items[j].text));
        c->cases[i].variant_cause = variant_cause(cs, &c->cases[i], w, &ls);
    }
    c->causes = cb_xmalloc((ls.n + 1) * sizeof *c->causes);
    c->n_causes = 0;
    for (int k = 0; k < N_KINDS; k++)
        for (size_t i = 0; i < ls.n; i++)
            if (ls.v[i].k == (kind)k)
                c->causes[c->n_causes++] = line_text(&ls.v[i], c->n);
    for (size_t i = 0; i < ls.n; i++) {
        for (size_t j = 0; j < ls.v[i].ng; j++)
            free(ls.v[i].g[j].text);
        free(ls.v[i].g);
        free(ls.v[i].text);
    }
    free(ls.v);
    cb_causes_free(cs);
}

void cb_causes_free(cb_causes *cs)
{
    for (size_t i = 0; i < cs->nwhys; i++)
        free_why(cs->whys[i]);
    free(cs->whys);
    for (size_t i = 0; i < cs->nnames; i++)
        free(cs->names[i]);
    free(cs->names);
    free(cs->variants[0].v);
    free(cs->variants[1].v);
    free(cs);
}
