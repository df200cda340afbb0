/*
 * reports/import/oqs.c - liboqs's speed_kem and speed_sig output (tests/speed_kem.c,
 * tests/speed_sig.c, their table printed by tests/ds_benchmark.h): the
 * "Configuration info" banner (platform, compiler, options, OQS version, CPU
 * extensions), then one '|'-separated table: a header line, a dashes line, per
 * algorithm a heading row with empty cells, then its operations
 *   keygen | 41268 | 3.000 | 72.697 | 1.498 | 72609 | 1418
 * (iterations, total seconds, mean and population deviation of microseconds, mean
 * and deviation of the cycle counter, or of nanoseconds when the build had none).
 * Every row is kept: ML-KEM and ML-DSA take cryptobench's names, the rest (Kyber,
 * Dilithium, which are not the same algorithms) their own (docs/compare.md).
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/common.h"
#include "kernels/registry.h"
#include "reports/import/common.h"
#include "reports/import/readers.h"

/* The banner's "NAME: value" lines (tests/system_info.c over the releases), and
 * whether each goes to the compiler column (1) or the flags (0). */
static const struct {
    const char *key;
    int compiler;
} banner_keys[] = {
    {"Target platform", 0}, {"Compiler", 1},       {"Compile options", 0},
    {"OQS version", 0},     {"Git commit", 0},     {"OpenSSL enabled", 0},
    {"AES", 0},             {"SHA-2", 0},          {"SHA-3", 0},
    {"OQS build flags", 0}, {"CPU exts active", 0}, {"CFLAGS", 0},
    {"LDFLAGS", 0},
};

/* banner_line reads "OQS version:      0.15.0 (major: 0, ...)" inside the banner. */
static int banner_line(importer *im, const char *s)
{
    for (size_t i = 0; i < sizeof banner_keys / sizeof banner_keys[0]; i++) {
        size_t n = strlen(banner_keys[i].key);
        if (strncmp(s, banner_keys[i].key, n) != 0 || s[n] != ':')
            continue;
        char value[CB_IMP_LINE_MAX];
        cb_imp_trim(value, sizeof value, s + n + 1, strlen(s + n + 1));
        if (banner_keys[i].compiler)
            snprintf(im->compiler, sizeof im->compiler, "%s", value);
        else
            cb_imp_add_option(im, banner_keys[i].key, value);
        if (strcmp(banner_keys[i].key, "OQS version") == 0)
            snprintf(im->oqs_version, sizeof im->oqs_version, "%.*s",
                     (int)strcspn(value, " "), value); /* "0.15.0", not "(major: ...)" */
        return 1;
    }
    return 0;
}

/* The header's columns: the one that differs between builds is the sixth, cycles
 * (x86 rdtsc, the ARM cycle counter) or nanoseconds (every other target). */
static const char header_start[] =
    "| Iterations | Total time (s) | Time (us): mean | pop. stdev | ";

/* table_header reads "Operation ... | Iterations | ... | CPU cycles: mean | pop.
 * stdev"; a line that opens so but names other columns is refused. */
static int table_header(importer *im, const char *s)
{
    if (strncmp(s, "Operation ", 10) != 0 || !strstr(s, "| Iterations"))
        return 0;
    const char *p = strstr(s, header_start);
    char rest[64] = "";
    if (p)
        cb_imp_trim(rest, sizeof rest, p + sizeof header_start - 1, strlen(p + sizeof header_start - 1));
    if (p && strncmp(rest, "CPU cycles: mean", 16) == 0)
        im->oqs_table = 1;
    else if (p && strncmp(rest, "High-prec time (ns): mean", 25) == 0)
        im->oqs_table = 2;
    else
        return cb_imp_fail(im, "a liboqs table header whose columns are not 'Operation | "
                           "Iterations | Total time (s) | Time (us): mean | pop. stdev | CPU "
                           "cycles (or High-prec time (ns)): mean | pop. stdev': '%.200s'.", s);
    size_t l = strlen(rest);
    if (l < 10 || strcmp(rest + l - 10, "pop. stdev") != 0)
        return cb_imp_fail(im, "a liboqs table header that does not end in 'pop. stdev': "
                           "'%.200s'.", s);
    im->oqs_seen = 1;
    im->oqs_alg[0] = 0;
    return 1;
}

/* The operations of the two programs and their CSV directions. */
static const struct {
    const char *word, *dir;
} ops[] = {
    {"keygen", "keygen"}, {"keypair", "keygen"}, {"encaps", "encaps"},
    {"decaps", "decaps"}, {"sign", "sign"},      {"verify", "verify"},
};

/* name_row fills m's name and direction from the heading's algorithm and the
 * operation: ML-KEM-768 keygen is mlkem768 keygen; another algorithm, or an
 * operation of neither program (speed_kem -f's "fullcycletest"), keeps its own
 * normalised name (kyber768, ml-kem-768-fullcycletest, derive), as does a row
 * under no heading (its operation's name alone, derive).  A name that would
 * read as one of cryptobench's is prefixed "oqs-". */
static void name_row(importer *im, measure *m, const char *op)
{
    const char *dir = NULL;
    /* without a heading (ds_benchmark.h timing other code) the operation is the name */
    for (size_t i = 0; i < sizeof ops / sizeof ops[0] && !dir && im->oqs_alg[0]; i++)
        if (strcmp(op, ops[i].word) == 0)
            dir = ops[i].dir;
    char joined[2 * NAME_LEN + 2], name[NAME_LEN - 4];
    snprintf(joined, sizeof joined, "%s%s%s", im->oqs_alg, im->oqs_alg[0] && !dir ? " " : "",
             dir ? "" : op);
    cb_imp_normalise(name, sizeof name, joined);
    const cb_alg *a = dir ? cb_alg_find(name) : NULL;
    if (a && (a->kind == CB_KIND_KEM || a->kind == CB_KIND_SIG) &&
        strncmp(name, "ml-", 3) == 0 && cb_imp_times_direction(a, dir)) {
        snprintf(m->name, sizeof m->name, "%s", a->name);
        m->key_bits = a->key_bits;
        m->known = 1;
    } else {
        snprintf(m->name, sizeof m->name, "%s%s", cb_alg_find(name) ? "oqs-" : "", name);
    }
    snprintf(m->dir, sizeof m->dir, "%s", dir ? dir : "derive");
}

/* split cuts a table row at its '|' into at most want cells; returns the count. */
static size_t split(const char *s, char cells[][64], size_t want)
{
    size_t n = 0;
    for (const char *p = s;; p++) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (n < want)
            cb_imp_trim(cells[n], sizeof cells[n], p, len);
        n++;
        if (!bar)
            return n;
        p = bar;
    }
}

/* number reads a cell that is a decimal ("3.000", "41268"), nothing else in it. */
static int number(const char *cell, double *v)
{
    return cb_imp_parse_decimal(cell, strlen(cell), v) == 0 && strlen(cell) > 0 ? 0 : -1;
}

/* table_row reads one row of the table: an algorithm heading (a name, every other
 * cell empty) or an operation's seven cells. */
static int table_row(importer *im, const char *s)
{
    char cells[8][64];
    size_t n = split(s, cells, 8);
    if (n == 1)
        return 0; /* no '|': the table is over (an --info line follows in the checks) */
    if (strspn(s, "-|: ") == strlen(s))
        return 1; /* the dashes under the header */
    int empty = 1;
    for (size_t i = 1; i < n && i < 8; i++)
        empty = empty && !cells[i][0];
    if (n == 7 && empty && cells[0][0]) {
        snprintf(im->oqs_alg, sizeof im->oqs_alg, "%s", cells[0]);
        return 1;
    }
    uint64_t iters = 0;
    double total, mean, dev, cyc, cyc_dev;
    if (n != 7 || !cells[0][0] || cb_imp_parse_count(cells[1], &iters) != 0 || iters == 0 ||
        number(cells[2], &total) || number(cells[3], &mean) || number(cells[4], &dev) ||
        number(cells[5], &cyc) || number(cells[6], &cyc_dev))
        return cb_imp_fail(im, "a liboqs row that does not read as 'OPERATION | ITERATIONS | "
                           "SECONDS | MEAN | STDEV | MEAN | STDEV': '%.200s'.", s);
    /* The mean's three decimals of microseconds give the time more closely than
     * the total's three of seconds (ds_benchmark.h sums the same times); the two
     * must agree to the total's rounding. */
    double secs = (double)iters * mean / 1e6;
    if (fabs(secs - total) > 0.0005 + (double)iters * 0.0005e-6 + 1e-9 || !(secs > 0))
        return cb_imp_fail(im, "a liboqs row whose total time %.3f s is not its %llu "
                           "iterations of %.3f us: '%.200s'.", total,
                           (unsigned long long)iters, mean, s);
    measure *m = cb_imp_push(&im->named);
    name_row(im, m, cells[0]);
    snprintf(m->driver, sizeof m->driver, "%s", im->o->variant ? im->o->variant : "liboqs");
    m->count = iters;
    m->secs = secs;
    m->line = im->line;
    if (im->oqs_table == 1 && cyc >= 1) {
        m->cycles = cyc; /* per operation; the row holds them times the iterations */
        snprintf(m->cyc_src, sizeof m->cyc_src, "liboqs");
    }
    return 1;
}

/* after_table: the lines around and under the table that carry nothing to import
 * but the start time (speed_sig --info's sizes, the closing time). */
static int after_table(const char *s)
{
    static const char *const starts[] = {
        "==========", "Ended at ", "public key bytes: ", "Actual signature length returned",
    };
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
        if (strncmp(s, starts[i], strlen(starts[i])) == 0)
            return 1;
    return 0;
}

/* started_at reads "Started at 2024-12-08 18:03:41" (ds_benchmark.h's local time,
 * which names no zone: it goes to the flags, not the CSV's started). */
static int started_at(importer *im, const char *s)
{
    static const char shape[] = "dddd-dd-dd dd:dd:dd";
    if (strncmp(s, "Started at ", 11) != 0 || strlen(s + 11) != sizeof shape - 1)
        return 0;
    for (size_t i = 0; shape[i]; i++)
        if (shape[i] == 'd' ? !isdigit((unsigned char)s[11 + i]) : s[11 + i] != shape[i])
            return 0;
    cb_imp_add_option(im, "started (local time)", s + 11);
    return 1;
}

int cb_imp_oqs_line(importer *im, const char *s)
{
    if (started_at(im, s))
        return 1;
    if (strcmp(s, "Configuration info") == 0) {
        im->oqs_config = 1;
        return 1;
    }
    if (im->oqs_config) {
        if (strcmp(s, "Speed test") == 0) {
            im->oqs_config = 0;
            im->oqs_seen = 1;
            return 1;
        }
        if (banner_line(im, s) || strspn(s, "=") == strlen(s))
            return 1; /* a line of the banner, its underline or the blank after it */
    }
    int r = table_header(im, s);
    if (r)
        return r;
    if (im->oqs_table && (r = table_row(im, s)) != 0)
        return r;
    return im->oqs_seen && after_table(s);
}
