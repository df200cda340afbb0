/*
 * cli/cmd_compare.c - `cryptobench compare BEFORE.csv [AFTER.csv]`: reads the files,
 * decides which rows are "before" and which "after", and hands them to
 * reports/compare.c; the exit status is what CI gates on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "base/common.h"
#include "kernels/registry.h"
#include "reports/compare.h"
#include "reports/csv.h"
#include "reports/styles.h"

#define MAX_GATE_ALGS 64

static void compare_usage(FILE *f)
{
    fprintf(f,
        "usage: cryptobench compare BEFORE.csv [AFTER.csv] [options]\n\n"
        "Compares the median throughput of every case (algorithm, variant, direction,\n"
        "key bits, block size) in BEFORE with the same case in AFTER: difference =\n"
        "after / before x 100 - 100, positive meaning faster.  When the sides hold\n"
        "different variants of a case, those are compared.  With one file, it must\n"
        "hold two runs (or one run of two variants): the first is 'before'.\n"
        "Imported tcrypt cycle counts compare by cycles per operation, marked\n"
        "(cycles): difference = before / after x 100 - 100, so + is still faster.\n"
        "With at least 2 samples a side, a Mann-Whitney U test decides whether each\n"
        "difference is real; '~' marks those that are not.\n\n"
        "  -style S             the table's layout (default %s):\n",
        cb_compare_style_at(0)->name);
    cb_compare_style_usage(f, CB_STYLE_TEXT, "      ");
    fprintf(f,
        "  -format F            text (the -style's table), or for scripts every number,\n"
        "                       p-value and interval, the summary on stderr (-style F\n"
        "                       works too):\n");
    cb_compare_style_usage(f, CB_STYLE_FORMAT, "      ");
    fprintf(f,
        "  -list-styles         print the styles and formats, one a line: name, kind\n"
        "                       (style or format), description\n"
        "  -variant A,B         compare variant A (before) with variant B (after)\n"
        "  -fail-if-slower P%%   exit 1 when a case is significantly slower and its whole\n"
        "                       confidence interval lies below -P%% (one-sample cases:\n"
        "                       when the difference itself does)\n"
        "  -gate-on ALG[,ALG]   apply -fail-if-slower to these algorithms only (any name\n"
        "                       the files hold, imported ones such as rc4 included)\n"
        "  -alpha A             significance level, default 0.05\n\n"
        "Exit status: 0 no gated regression, 1 the gate failed, 2 bad usage or input.\n");
}

/* options: what the command line asked for. */
typedef struct options {
    const char *files[2];
    int nfiles;
    const char *style, *format, *variants;
    const cb_compare_style *table; /* what -style and -format chose */
    char *gate_names[MAX_GATE_ALGS];
    size_t n_gate;
    cb_compare_opts o;
} options;

/* parse_percent accepts "5%" or "5", from 0 to 100. */
static int parse_percent(const char *s, double *out)
{
    char buf[64];
    size_t n = strlen(s);
    if (n == 0 || n >= sizeof buf) {
        cb_error("-fail-if-slower '%s' is not a percentage; give one such as 5%%.", s);
        return -1;
    }
    memcpy(buf, s, n + 1);
    if (buf[n - 1] == '%')
        buf[n - 1] = 0;
    return cb_parse_double("-fail-if-slower", buf, 0, 100, out);
}

/* parse_gate_on keeps each name, in cryptobench's spelling when it has the algorithm
 * (aes128 is aes-128-cbc); imported names (rc4, ecdsa-nistp256) are kept as given and
 * checked against the files once they are read (check_gate_names). */
static int parse_gate_on(options *op, const char *list)
{
    const char *p = list;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char name[64];
        if (len == 0 || len >= sizeof name || op->n_gate == MAX_GATE_ALGS) {
            cb_error("-gate-on '%s' is not a list of algorithms; give names such as "
                     "aes-256-gcm,sha256.", list);
            return -1;
        }
        memcpy(name, p, len);
        name[len] = 0;
        const cb_alg *a = cb_alg_find(name);
        op->gate_names[op->n_gate++] = cb_xstrdup(a ? a->name : name);
        p += len + (comma ? 1 : 0);
        if (comma && !*p) {
            cb_error("-gate-on '%s' ends with a comma; give names such as aes-256-gcm,sha256.",
                     list);
            return -1;
        }
    }
    return 0;
}

static int parse_options(int argc, char **argv, options *op)
{
    cb_args a = {argc, argv, 1, "compare"};
    op->o = cb_compare_default_opts();
    op->style = cb_compare_style_at(0)->name;
    op->format = "text";
    while (a.i < argc) {
        const char *v;
        int r;
        if (cb_args_help(argv[a.i])) {
            compare_usage(stdout);
            return 1;
        }
        if (cb_args_flag(&a, "list-styles")) {
            cb_compare_style_list(stdout);
            return 1;
        }
        if ((r = cb_args_value(&a, "style", &op->style)) ||
            (r = cb_args_value(&a, "format", &op->format)) ||
            (r = cb_args_value(&a, "variant", &op->variants))) {
            if (r < 0)
                return -1;
            continue;
        }
        if ((r = cb_args_value(&a, "fail-if-slower", &v))) {
            if (r < 0 || parse_percent(v, &op->o.threshold_pct) != 0)
                return -1;
            op->o.gate = 1;
            continue;
        }
        if ((r = cb_args_value(&a, "gate-on", &v))) {
            if (r < 0 || parse_gate_on(op, v) != 0)
                return -1;
            continue;
        }
        if ((r = cb_args_value(&a, "alpha", &v))) {
            if (r < 0 || cb_parse_double("-alpha", v, 1e-6, 0.5, &op->o.alpha) != 0)
                return -1;
            continue;
        }
        if (argv[a.i][0] == '-' && argv[a.i][1] != 0) {
            cb_error("compare: unknown option '%s'; the options are -style, -format, "
                     "-list-styles, -variant, -fail-if-slower, -gate-on and -alpha.",
                     argv[a.i]);
            return -1;
        }
        if (op->nfiles == 2) {
            cb_error("compare: '%s' is a third file; give BEFORE.csv and AFTER.csv, or one "
                     "file holding both.", argv[a.i]);
            return -1;
        }
        op->files[op->nfiles++] = argv[a.i++];
    }
    if (op->nfiles == 0) {
        cb_error("compare needs a results file; give BEFORE.csv AFTER.csv.");
        return -1;
    }
    const cb_compare_style *format;
    if (cb_compare_style_check("-style", op->style, &op->table) != 0 ||
        cb_compare_style_check("-format", op->format, &format) != 0)
        return -1;
    if (format && op->table->kind == CB_STYLE_FORMAT && format != op->table) {
        cb_error("-style %s and -format %s name two formats; give one.", op->style,
                 op->format);
        return -1;
    }
    if (format)
        op->table = format;
    if (op->n_gate && !op->o.gate) {
        cb_error("-gate-on needs -fail-if-slower P%% to say how much slower fails.");
        return -1;
    }
    op->o.gate_algs = op->n_gate ? (const char *const *)op->gate_names : NULL;
    op->o.n_gate_algs = op->n_gate;
    return 0;
}

/* list_algorithms writes the distinct algorithms of the set's rows, comma-separated,
 * into buf (shortened with "..." when they do not fit). */
static const char *list_algorithms(const cb_csv_set *set, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const char *alg = cb_csv_set_row(set, i)->s.alg;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = cb_csv_set_row(set, j)->s.alg == alg; /* interned: equal is identical */
        if (seen)
            continue;
        if (used + strlen(alg) + 8 >= len) {
            snprintf(buf + used, len - used, ", ...");
            break;
        }
        used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", alg);
    }
    return buf;
}

/* check_gate_names refuses a -gate-on name that no row of the files holds: a typo
 * would otherwise gate nothing and pass silently. */
static int check_gate_names(const options *op, const cb_csv_set *set)
{
    for (size_t g = 0; g < op->n_gate; g++) {
        size_t i = 0;
        while (i < cb_csv_set_count(set) &&
               strcasecmp(cb_csv_set_row(set, i)->s.alg, op->gate_names[g]) != 0)
            i++;
        if (i < cb_csv_set_count(set))
            continue;
        char algs[1024];
        cb_error("-gate-on '%s' matches no case in %s%s%s; they hold: %s.",
                 op->gate_names[g], op->files[0], op->nfiles == 2 ? " or " : "",
                 op->nfiles == 2 ? op->files[1] : "", list_algorithms(set, algs, sizeof algs));
        return -1;
    }
    return 0;
}

/* sides: the rows chosen as before and after. */
typedef struct sides {
    const cb_csv_row **before, **after;
    size_t nb, na;
} sides;

/* split_variants sends rows of variant a in [lo1, hi1) to before and rows of
 * variant b in [lo2, hi2) to after. */
static void split_variants(const cb_csv_set *set, sides *sd, const char *a, const char *b,
                           size_t lo1, size_t hi1, size_t lo2, size_t hi2)
{
    for (size_t i = lo1; i < hi1; i++)
        if (strcmp(cb_csv_set_row(set, i)->s.variant, a) == 0)
            sd->before[sd->nb++] = cb_csv_set_row(set, i);
    for (size_t i = lo2; i < hi2; i++)
        if (strcmp(cb_csv_set_row(set, i)->s.variant, b) == 0)
            sd->after[sd->na++] = cb_csv_set_row(set, i);
}

/* distinct2 finds the first two distinct values of a row property; returns how
 * many distinct values there are, stopping counting at 3. */
static int distinct2(const cb_csv_set *set, int by_run, const void *out[2])
{
    int k = 0;
    for (size_t i = 0; i < cb_csv_set_count(set); i++) {
        const cb_csv_row *r = cb_csv_set_row(set, i);
        const void *v = by_run ? (const void *)r->run : (const void *)r->s.variant;
        if (k > 0 && v == out[0])
            continue;
        if (k > 1 && v == out[1])
            continue;
        if (k == 2)
            return 3;
        out[k++] = v;
    }
    return k;
}

/* split_one_file picks before and after out of a single file: two runs, or one run
 * of two variants. */
static int split_one_file(const cb_csv_set *set, const char *file, sides *sd,
                          cb_comparison *c)
{
    const void *runs[2], *vars[2];
    int nr = distinct2(set, 1, runs);
    if (nr == 2) {
        for (size_t i = 0; i < cb_csv_set_count(set); i++) {
            const cb_csv_row *r = cb_csv_set_row(set, i);
            if (r->run == runs[0])
                sd->before[sd->nb++] = r;
            else
                sd->after[sd->na++] = r;
        }
        for (int s = 0; s < 2; s++) {
            const cb_run_info *ri = runs[s];
            snprintf(s ? c->after_name : c->before_name, sizeof c->before_name,
                     "%s run %d (%s on %s, %s)", file, s + 1, ri->build_rev, ri->hostname,
                     ri->started);
        }
        return 0;
    }
    int nv = distinct2(set, 0, vars);
    if (nr == 1 && nv == 2) {
        split_variants(set, sd, vars[0], vars[1], 0, cb_csv_set_count(set), 0,
                       cb_csv_set_count(set));
        snprintf(c->before_name, sizeof c->before_name, "%s", (const char *)vars[0]);
        snprintf(c->after_name, sizeof c->after_name, "%s", (const char *)vars[1]);
        return 0;
    }
    if (nr == 1)
        cb_error("%s holds one run of %s variant%s; give a second file, or -variant A,B to "
                 "name the two variants to compare.", file, nv == 1 ? "one" : "several",
                 nv == 1 ? "" : "s");
    else if (nr == 0)
        cb_error("%s holds no samples; there is nothing to compare.", file);
    else
        cb_error("%s holds more than two runs; give the before and after runs as two "
                 "files.", file);
    return -1;
}

/* choose_sides fills sd from the files read into set (file 1 is rows [0, n1)). */
static int choose_sides(const options *op, const cb_csv_set *set, size_t n1, sides *sd,
                        cb_comparison *c)
{
    size_t n = cb_csv_set_count(set);
    sd->before = cb_xmalloc((n + 1) * sizeof *sd->before);
    sd->after = cb_xmalloc((n + 1) * sizeof *sd->after);
    if (op->variants) {
        const char *comma = strchr(op->variants, ',');
        if (!comma || comma == op->variants || !comma[1] || strchr(comma + 1, ',')) {
            cb_error("-variant '%s' is not a pair; give two variant names such as "
                     "generic,ce-i4.", op->variants);
            return -1;
        }
        char a[128];
        snprintf(a, sizeof a, "%.*s", (int)(comma - op->variants), op->variants);
        if (op->nfiles == 2)
            split_variants(set, sd, a, comma + 1, 0, n1, n1, n);
        else
            split_variants(set, sd, a, comma + 1, 0, n, 0, n);
        snprintf(c->before_name, sizeof c->before_name, "%s%s%s",
                 op->nfiles == 2 ? op->files[0] : "", op->nfiles == 2 ? " " : "", a);
        snprintf(c->after_name, sizeof c->after_name, "%s%s%s",
                 op->nfiles == 2 ? op->files[1] : "", op->nfiles == 2 ? " " : "", comma + 1);
        if (!sd->nb || !sd->na) {
            cb_error("-variant %s: no sample of variant '%s' in %s.", op->variants,
                     !sd->nb ? a : comma + 1, op->files[op->nfiles == 2 && sd->nb ? 1 : 0]);
            return -1;
        }
        return 0;
    }
    if (op->nfiles == 1)
        return split_one_file(set, op->files[0], sd, c);
    for (size_t i = 0; i < n1; i++)
        sd->before[sd->nb++] = cb_csv_set_row(set, i);
    for (size_t i = n1; i < n; i++)
        sd->after[sd->na++] = cb_csv_set_row(set, i);
    snprintf(c->before_name, sizeof c->before_name, "%s", op->files[0]);
    snprintf(c->after_name, sizeof c->after_name, "%s", op->files[1]);
    return 0;
}

static int run_compare(const options *op)
{
    cb_csv_set *set = cb_csv_set_new();
    char err[1024];
    size_t n1 = 0;
    sides sd = {NULL, NULL, 0, 0};
    cb_comparison c;
    memset(&c, 0, sizeof c);
    int rc = CB_EXIT_USAGE;
    for (int i = 0; i < op->nfiles; i++) {
        if (cb_csv_read_file(set, op->files[i], err, sizeof err) != 0) {
            cb_error("%s", err);
            goto out;
        }
        if (i == 0)
            n1 = cb_csv_set_count(set);
    }
    if (check_gate_names(op, set) != 0 || choose_sides(op, set, n1, &sd, &c) != 0)
        goto out;
    if (cb_compare_rows(&c, sd.before, sd.nb, sd.after, sd.na, &op->o, stderr, err,
                        sizeof err) != 0) {
        cb_error("%s", err);
        goto out;
    }
    cb_compare_style_write(&c, op->table, stdout, stderr);
    fflush(stdout);
    rc = c.gate_failures ? CB_EXIT_FAIL : CB_EXIT_OK;
out:
    cb_comparison_free(&c);
    free(sd.before);
    free(sd.after);
    cb_csv_set_free(set);
    return rc;
}

int cb_cmd_compare(int argc, char **argv)
{
    options op;
    memset(&op, 0, sizeof op);
    int r = parse_options(argc, argv, &op);
    int rc = r < 0 ? CB_EXIT_USAGE : r > 0 ? CB_EXIT_OK : run_compare(&op);
    for (size_t i = 0; i < op.n_gate; i++)
        free(op.gate_names[i]);
    return rc;
}
