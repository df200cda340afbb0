/*
 * cli/cmd_list.c - `cryptobench list`: every algorithm x variant, whether it runs on
 * this CPU with the effective capabilities, and why not.
 */
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "base/common.h"
#include "cli/libopts.h"
#include "kernels/registry.h"
#include "kernels/select.h"

static void list_usage(FILE *f)
{
    fprintf(f, "usage: cryptobench list [-algorithms] [-lib NAME=PATH]\n\n"
               "Prints every algorithm with its variants: the family each comes from,\n"
               "its priority, whether it can run here with the effective capabilities\n"
               "(detected, then masked by CRYPTOBENCH_CAPS or OPENSSL_*cap) and, if\n"
               "not, why.  '*' marks the variant 'auto' picks.  The system libcrypto, when\n"
               "one is installed, is the variant openssl (family library).\n"
               "  -algorithms   only the algorithm names, one per line\n"
               CB_LIBOPTS_USAGE);
}

/* widths: the longest variant name and family of the build (run-time rows
 * included), so the columns line up under every algorithm whatever is registered. */
typedef struct widths {
    int name, family;
} widths;

static widths column_widths(void)
{
    widths w = {8, 6};
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        int n = (int)strlen(v->name), f = (int)strlen(v->family);
        w.name = n > w.name ? n : w.name;
        w.family = f > w.family ? f : w.family;
    }
    return w;
}

/* auto_pick: what `-variant auto` runs for a in its first direction, through the
 * selection speed and selftest use (kernels/select.h), so '*' cannot disagree. */
static const cb_variant *auto_pick(const cb_alg *a, cb_dir d, cb_caps caps)
{
    cb_selection sel;
    cb_pick pick;
    char err[64];
    if (cb_selection_parse(&sel, NULL, err, sizeof err) != 0)
        return NULL;
    return cb_select(&sel, a, d, caps, &pick, 1) == 1 ? pick.var : NULL;
}

static void list_alg(const cb_alg *a, cb_caps caps, const widths *w)
{
    cb_dir dirs[CB_MAX_DIRS];
    size_t nd = cb_alg_dirs(a, dirs);
    const cb_variant *pick = auto_pick(a, dirs[0], caps);
    printf("%s\n", a->name);
    size_t shown = 0;
    for (size_t i = 0; i < cb_variant_count(); i++) {
        const cb_variant *v = cb_variant_at(i);
        int any = 0;
        char dirs_txt[32] = "";
        for (size_t d = 0; d < nd; d++)
            if (cb_variant_offers(v, a, dirs[d])) {
                any = 1;
                if (nd > 1)
                    snprintf(dirs_txt + strlen(dirs_txt), sizeof dirs_txt - strlen(dirs_txt),
                             "%s%s", dirs_txt[0] ? "+" : " ", cb_dir_name(dirs[d]));
            }
        char lacks[200];
        if (!any && cb_variant_lacks(v, a, lacks, sizeof lacks)) {
            /* a library without this algorithm says what it lacks */
            printf("    %-*s %-*s prio %-4d %-13s %s\n", w->name, v->name, w->family,
                   v->family, v->priority, "not offered", lacks);
            continue;
        }
        if (!any)
            continue;
        char why[200];
        const char *reason = cb_variant_why_not(v, caps, why, sizeof why);
        printf("  %c %-*s %-*s prio %-4d %-13s %s%s\n", v == pick ? '*' : ' ', w->name,
               v->name, w->family, v->family, v->priority,
               reason ? "unavailable" : "available",
               reason ? reason : (v->summary ? v->summary : ""), dirs_txt);
        shown++;
    }
    if (!shown)
        printf("    (no variant built for this target)\n");
}

int cb_cmd_list(int argc, char **argv)
{
    cb_args a = {argc, argv, 1, "list"};
    int names_only = 0, r;
    cb_libopts libs = {0};
    while (a.i < argc) {
        if (cb_args_help(argv[a.i])) {
            list_usage(stdout);
            return CB_EXIT_OK;
        }
        if (cb_args_flag(&a, "algorithms")) {
            names_only = 1;
            continue;
        }
        if ((r = cb_libopts_take(&a, &libs)) != 0) {
            if (r < 0)
                return CB_EXIT_USAGE;
            continue;
        }
        cb_error("list: unknown option '%s'; the options are -algorithms, -lib NAME=PATH "
                 "and -lib-env NAME:VAR=VALUE.", argv[a.i]);
        return CB_EXIT_USAGE;
    }
    if (!names_only && cb_libopts_load(&libs, "list", NULL, 1) != 0)
        return CB_EXIT_USAGE;
    char err[256];
    if (cb_caps_init(0, err, sizeof err) != 0) {
        cb_error("%s", err);
        return CB_EXIT_USAGE;
    }
    cb_caps caps = cb_caps_effective();
    widths w = column_widths();
    for (size_t i = 0; i < cb_alg_count(); i++) {
        if (names_only)
            printf("%s\n", cb_alg_at(i)->name);
        else
            list_alg(cb_alg_at(i), caps, &w);
    }
    return CB_EXIT_OK;
}
