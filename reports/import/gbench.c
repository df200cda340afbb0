/*
 * reports/import/gbench.c - Google Benchmark's JSON output (--benchmark_format=json,
 * --benchmark_out=FILE): one object of a "context" (the machine and the build) and a
 * "benchmarks" array of runs.  Each "iteration" run is one sample, its repetitions
 * samples of one case; "aggregate" runs (mean, median, stddev, cv) are statistics of
 * those and are left out, unless they are all there is, when each run's median (or
 * mean) stands in for it.  Names are kept, normalised, unless they clearly name one of
 * cryptobench's cases (docs/compare.md, "Importing logs").
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"
#include "kernels/registry.h"
#include "reports/import/common.h"
#include "base/json_read.h"
#include "reports/import/readers.h"

#define GB_NAME 256

/* run: one object of the "benchmarks" array, as far as it matters here. */
typedef struct run {
    char name[GB_NAME], run_name[GB_NAME], run_type[16], aggregate[16], unit[8];
    double real, cpu, bps;
    uint64_t iterations;
    int have_real, have_cpu, have_bps, have_iterations, error;
    unsigned long line;
    size_t at;             /* byte offset of its '{', for messages */
} run;

typedef struct runs {
    run *v;
    size_t n, cap;
} runs;

/* ---- the context ---------------------------------------------------------------------- */

/* append adds "; " and text to a run-description field of len bytes. */
static void append(char *dst, size_t len, const char *text)
{
    size_t used = strlen(dst);
    if (used + 1 < len)
        snprintf(dst + used, len - used, "%s%s", used ? "; " : "", text);
}

/* days_from_civil: days from 1970-01-01 to y-m-d of the proleptic Gregorian
 * calendar. */
static long days_from_civil(long y, long m, long d)
{
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* utc_date writes Google Benchmark's "date", "2026-12-01T11:00:00+01:00" (or with
 * Z), as the CSV's UTC form, 2026-12-01T10:00:00Z; 0 when it has another form (older
 * versions print local time with no zone, which says no instant). */
static int utc_date(const char *s, char *out, size_t len)
{
    int y, mo, d, h, mi, sec, oh = 0, om = 0, n = 0;
    char sign = 'Z';
    if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &sec, &n) != 6 ||
        n != 19)
        return 0;
    const char *z = s + n;
    if (strcmp(z, "Z") != 0) {
        int k = 0;
        if ((z[0] != '+' && z[0] != '-') ||
            sscanf(z + 1, "%2d:%2d%n", &oh, &om, &k) != 2 || k != 5 || z[6])
            return 0;
        sign = z[0];
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60 || oh > 23 ||
        om > 59)
        return 0;
    long long t = (long long)days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec;
    t -= (sign == '-' ? -1 : 1) * (long long)(oh * 3600 + om * 60); /* 0 for Z */
    long long days = t >= 0 ? t / 86400 : (t - 86399) / 86400, rem = t - days * 86400;
    /* civil_from_days */
    long long zd = days + 719468, era = (zd >= 0 ? zd : zd - 146096) / 146097;
    long long doe = zd - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    long long dd = doy - (153 * mp + 2) / 5 + 1, mm = mp < 10 ? mp + 3 : mp - 9;
    long long yy = yoe + era * 400 + (mm <= 2);
    if (yy < 0 || yy > 9999)
        return 0;
    char buf[128];
    snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lldZ", yy, mm, dd,
             rem / 3600, rem / 60 % 60, rem % 60);
    snprintf(out, len, "%.20s", buf);
    return 1;
}

/* read_caches describes the "caches" array, "L1 Data 32 KiB, L2 Unified 1024 KiB",
 * into out. */
static int read_caches(cb_json *j, char *out, size_t len)
{
    if (!cb_json_char(j, '['))
        return cb_json_fail(j, "\"caches\" is not an array");
    if (cb_json_char(j, ']'))
        return 0;
    do {
        char type[32] = "", key[64];
        double level = 0, size = 0;
        if (!cb_json_char(j, '{'))
            return cb_json_fail(j, "a cache that is not an object");
        if (!cb_json_char(j, '}')) {
            do {
                if (cb_json_string(j, key, sizeof key, "a name"))
                    return -1;
                if (!cb_json_char(j, ':'))
                    return cb_json_fail(j, "expected ':' after a name");
                uint64_t n;
                int whole;
                if (strcmp(key, "type") == 0) {
                    if (cb_json_string(j, type, sizeof type, "a cache type"))
                        return -1;
                } else if (strcmp(key, "level") == 0 || strcmp(key, "size") == 0) {
                    if (cb_json_number(j, strcmp(key, "level") ? &size : &level, &n, &whole))
                        return -1;
                } else if (cb_json_skip(j)) {
                    return -1;
                }
            } while (cb_json_char(j, ','));
            if (!cb_json_char(j, '}'))
                return cb_json_fail(j, "expected ',' or '}' in a cache");
        }
        char item[96];
        snprintf(item, sizeof item, "L%.0f %s %.0f KiB", level, type, size / 1024);
        size_t used = strlen(out);
        if (used + 1 < len)
            snprintf(out + used, len - used, "%s%s", used ? ", " : "", item);
    } while (cb_json_char(j, ','));
    if (!cb_json_char(j, ']'))
        return cb_json_fail(j, "expected ',' or ']' in \"caches\"");
    return 0;
}

/* read_context takes the machine and build from "context": host_name to the hostname,
 * num_cpus, mhz_per_cpu and the caches to the CPU description, the rest (executable,
 * date, build type, frequency scaling) to the options. */
static int read_context(cb_json *j)
{
    importer *im = j->ctx;
    double cpus = 0, mhz = 0;
    char caches[256] = "";
    char model[256] = "";
    if (!cb_json_char(j, '{'))
        return cb_json_fail(j, "\"context\" is not an object");
    if (cb_json_char(j, '}'))
        return 0;
    do {
        char key[64], text[256], item[340];
        if (cb_json_string(j, key, sizeof key, "a name"))
            return -1;
        if (!cb_json_char(j, ':'))
            return cb_json_fail(j, "expected ':' after a name");
        char c = cb_json_peek(j);
        uint64_t n;
        int whole, word;
        if (strcmp(key, "caches") == 0) {
            if (read_caches(j, caches, sizeof caches))
                return -1;
        } else if (strcmp(key, "num_cpus") == 0 || strcmp(key, "mhz_per_cpu") == 0) {
            if (cb_json_number(j, strcmp(key, "num_cpus") ? &mhz : &cpus, &n, &whole))
                return -1;
        } else if (c == '"') {
            if (cb_json_string(j, text, sizeof text, key))
                return -1;
            if (strcmp(key, "date") == 0 &&
                utc_date(text, im->started, sizeof im->started)) {
                /* the CSV's started; another form stays in the flags */
            } else if (strcmp(key, "cpu_model") == 0) /* cryptobench's own export */
                snprintf(model, sizeof model, "%s", text);
            else if (strcmp(key, "host_name") == 0)
                snprintf(im->hostname, sizeof im->hostname, "%.127s", text);
            else if (strcmp(key, "library_version") == 0)
                snprintf(im->gb_version, sizeof im->gb_version, "%.47s", text);
            else {
                snprintf(item, sizeof item, "%s %s", key, text);
                append(im->options, sizeof im->options, item);
            }
        } else if (c == 't' || c == 'f') {
            if (cb_json_word(j, &word))
                return -1;
            snprintf(item, sizeof item, "%s %s", key, word ? "true" : "false");
            append(im->options, sizeof im->options, item);
        } else if (cb_json_skip(j)) {
            return -1; /* load_avg, json_schema_version, ... */
        }
    } while (cb_json_char(j, ','));
    if (!cb_json_char(j, '}'))
        return cb_json_fail(j, "expected ',' or '}' in \"context\"");
    snprintf(im->cpu_model, sizeof im->cpu_model, "%s", model);
    if (cpus > 0 && !model[0])
        snprintf(im->cpu_model, sizeof im->cpu_model, "%.0f CPUs", cpus);
    if (mhz > 0 && !model[0]) {
        size_t used = strlen(im->cpu_model);
        snprintf(im->cpu_model + used, sizeof im->cpu_model - used, "%sat %.0f MHz",
                 used ? " " : "", mhz);
    }
    if (caches[0]) {
        size_t used = strlen(im->cpu_model);
        snprintf(im->cpu_model + used, sizeof im->cpu_model - used, "%scaches %s",
                 used ? "; " : "", caches);
    }
    return 0;
}

/* ---- the runs ------------------------------------------------------------------------- */

/* The numeric fields of a run that matter; any other number (repetitions,
 * items_per_second, the user counters) is read and not kept. */
static int take_number(cb_json *j, run *r, const char *key)
{
    double v;
    uint64_t n;
    int whole;
    if (cb_json_number(j, &v, &n, &whole))
        return -1;
    if (strcmp(key, "iterations") == 0) {
        if (!whole)
            return cb_json_fail(j, "\"iterations\" is not a whole number");
        r->iterations = n;
        r->have_iterations = 1;
    } else if (strcmp(key, "real_time") == 0) {
        r->real = v;
        r->have_real = 1;
    } else if (strcmp(key, "cpu_time") == 0) {
        r->cpu = v;
        r->have_cpu = 1;
    } else if (strcmp(key, "bytes_per_second") == 0) {
        r->bps = v;
        r->have_bps = 1;
    }
    return 0;
}

/* read_run reads one object of "benchmarks" into r. */
static int read_run(cb_json *j, run *r)
{
    memset(r, 0, sizeof *r);
    r->at = (size_t)(j->p - j->text);
    r->line = cb_json_line(j, j->p);
    if (!cb_json_char(j, '{'))
        return cb_json_fail(j, "a benchmark that is not an object");
    if (cb_json_char(j, '}'))
        return cb_json_fail(j, "a benchmark with no fields");
    do {
        char key[64];
        if (cb_json_string(j, key, sizeof key, "a name"))
            return -1;
        if (!cb_json_char(j, ':'))
            return cb_json_fail(j, "expected ':' after a name");
        static const struct {
            const char *key;
            size_t off, len;
        } strings[] = {
            {"name", offsetof(run, name), GB_NAME},
            {"run_name", offsetof(run, run_name), GB_NAME},
            {"run_type", offsetof(run, run_type), 16},
            {"aggregate_name", offsetof(run, aggregate), 16},
            {"time_unit", offsetof(run, unit), 8},
        };
        size_t s = 0;
        while (s < sizeof strings / sizeof strings[0] && strcmp(key, strings[s].key) != 0)
            s++;
        char c = cb_json_peek(j);
        int word;
        if (s < sizeof strings / sizeof strings[0]) {
            if (cb_json_string(j, (char *)r + strings[s].off, strings[s].len, key))
                return -1;
        } else if (strcmp(key, "error_occurred") == 0 && (c == 't' || c == 'f')) {
            if (cb_json_word(j, &word))
                return -1;
            r->error = word == 1;
        } else if (c == '-' || isdigit((unsigned char)c)) {
            if (take_number(j, r, key))
                return -1;
        } else if (cb_json_skip(j)) {
            return -1;
        }
    } while (cb_json_char(j, ','));
    if (!cb_json_char(j, '}'))
        return cb_json_fail(j, "expected ',' or '}' in a benchmark");
    return 0;
}

/* run_fail refuses run r: "FILE:LINE: a Google Benchmark run at byte N ('NAME') ...". */
static int run_fail(importer *im, const run *r, const char *why)
{
    im->line = r->line;
    return cb_imp_fail(im, "the Google Benchmark run at byte %zu ('%.80s') %s.", r->at,
                       r->name, why);
}

/* unit_seconds: the seconds in one time_unit; 0 for an unknown unit. */
static double unit_seconds(const char *unit)
{
    static const struct {
        const char *name;
        double s;
    } units[] = {{"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcmp(unit, units[i].name) == 0)
            return units[i].s;
    return 0;
}

/* trailing_arg finds a last "/N" of name: its value in *n and where it starts. */
static const char *trailing_arg(const char *name, uint64_t *n)
{
    const char *slash = strrchr(name, '/');
    if (!slash || slash == name || cb_imp_parse_count(slash + 1, n) != 0)
        return NULL;
    return slash;
}

/*
 * ours fills m when base (the name without its "/N") clearly is a case cryptobench
 * has: without a "BM_" prefix, in lower case and with '-' for '_', a hash or MAC's
 * name or alias (BM_SHA256, BM_HMAC_SHA256 is not: hmac(sha256) is spelled with
 * brackets), or a cipher's followed by "-encrypt" or "-decrypt"
 * (BM_AES_128_GCM_Encrypt is aes-128-gcm encrypt); a dash-less spelling is tried too
 * (SHA_256 is sha256).
 */
static int ours(measure *m, const char *base)
{
    char name[NAME_LEN];
    if (strncmp(base, "BM_", 3) == 0)
        base += 3;
    size_t o = 0;
    for (const char *p = base; *p && o + 1 < sizeof name; p++)
        name[o++] = *p == '_' ? '-' : (char)tolower((unsigned char)*p);
    name[o] = 0;
    const char *dir = NULL;
    static const char *const dirs[] = {"encrypt", "decrypt"};
    for (size_t i = 0; i < 2; i++) {
        size_t n = strlen(dirs[i]);
        if (o > n + 1 && name[o - n - 1] == '-' && strcmp(name + o - n, dirs[i]) == 0) {
            dir = dirs[i];
            name[o - n - 1] = 0;
        }
    }
    for (int pass = 0; pass < 2; pass++) {
        char buf[NAME_LEN];
        size_t b = 0;
        for (const char *p = name; *p && b + 1 < sizeof buf; p++)
            if (!pass || *p != '-')
                buf[b++] = *p;
        buf[b] = 0;
        const cb_alg *a = cb_imp_symmetric_alg(buf, sizeof buf);
        if (!a)
            continue;
        int digest = a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC ||
                     a->kind == CB_KIND_HMAC;
        if (digest ? dir != NULL : !dir || !cb_imp_times_direction(a, dir))
            return 0;
        snprintf(m->name, sizeof m->name, "%s", buf);
        snprintf(m->dir, sizeof m->dir, "%s", digest ? "digest" : dir);
        m->key_bits = a->key_bits;
        m->known = 1;
        return 1;
    }
    return 0;
}

/* agrees: n bytes is what bytes_per_second gives over an iteration's CPU time, or
 * its real time (UseRealTime), within 1%. */
static int agrees(uint64_t n, double per_cpu, double per_real)
{
    return n && (fabs(per_cpu - (double)n) <= 0.01 * (double)n ||
                 fabs(per_real - (double)n) <= 0.01 * (double)n);
}

/*
 * own_name fills m when whole is a name cryptobench's googlebench export writes,
 * ALG/VARIANT/DIRECTION[/kBITS]/BYTES[/misalignN][/aad][/rekey] with a direction of ours and
 * bytes_per_second agreeing with BYTES: the case it was exported from (the key size
 * is the algorithm's when the name gives none).
 */
static int own_name(importer *im, measure *m, const char *whole, double per_cpu,
                    double per_real)
{
    char buf[GB_NAME], *part[8];
    size_t n = 0;
    snprintf(buf, sizeof buf, "%s", whole);
    for (char *p = buf, *q; n < 8; p = q + 1) {
        part[n++] = p;
        q = strchr(p, '/');
        if (!q)
            break;
        *q = 0;
        if (n == 8)
            return 0;
    }
    if (n < 4 || !part[0][0] || !part[1][0] || strlen(part[0]) >= NAME_LEN ||
        strlen(part[1]) >= NAME_LEN)
        return 0;
    int dir = 0;
    for (int d = 0; d < CB_DIR_COUNT; d++)
        dir |= strcmp(part[2], cb_dir_name((cb_dir)d)) == 0;
    size_t i = 3;
    uint64_t bits = 0, bytes;
    int have_bits = part[i][0] == 'k' && cb_imp_parse_count(part[i] + 1, &bits) == 0 &&
                    bits <= 65536;
    i += (size_t)have_bits;
    if (!dir || i >= n || cb_imp_parse_count(part[i], &bytes) != 0 ||
        !agrees(bytes, per_cpu, per_real))
        return 0;
    int aead = 0;
    uint64_t misalign = 0;
    if (++i < n && strncmp(part[i], "misalign", 8) == 0) {
        if (cb_imp_parse_count(part[i] + 8, &misalign) != 0 || misalign == 0 ||
            misalign > 4096)
            return 0;
        i++;
    }
    if (i < n && strcmp(part[i], "aad") == 0)
        aead |= 1, i++;
    if (i < n && strcmp(part[i], "rekey") == 0)
        aead |= 2, i++;
    if (i != n)
        return 0;
    const cb_alg *a = cb_alg_find(part[0]);
    snprintf(m->name, sizeof m->name, "%s", part[0]);
    snprintf(m->dir, sizeof m->dir, "%s", part[2]);
    snprintf(m->driver, sizeof m->driver, "%s", im->o->variant ? im->o->variant : part[1]);
    m->key_bits = have_bits ? (unsigned)bits : a ? a->key_bits : 0;
    m->aead = aead;
    m->misalign = (unsigned)misalign;
    m->size = (size_t)bytes;
    m->known = a && cb_imp_times_direction(a, m->dir);
    return 1;
}

/* keep turns run r into one measure. */
static int keep(importer *im, const run *r)
{
    if (!r->name[0])
        return run_fail(im, r, "has no \"name\"");
    if (!r->have_iterations || r->iterations == 0)
        return run_fail(im, r, "has no \"iterations\" above 0");
    if (!r->have_cpu || !(r->cpu > 0))
        return run_fail(im, r, "has no \"cpu_time\" above 0");
    double unit = unit_seconds(r->unit[0] ? r->unit : "ns");
    if (unit == 0)
        return run_fail(im, r, "has a \"time_unit\" that is not ns, us, ms or s");
    if (r->have_bps && !(r->bps >= 0))
        return run_fail(im, r, "has a negative \"bytes_per_second\"");
    /* an aggregate's "iterations" is the number of repetitions it sums up: its time is
     * one iteration's */
    int aggregate = strcmp(r->run_type, "aggregate") == 0;
    uint64_t count = aggregate ? 1 : r->iterations;
    double t = r->cpu * unit;
    const char *whole = aggregate && r->run_name[0] ? r->run_name : r->name;
    char base[GB_NAME];
    snprintf(base, sizeof base, "%s", whole);
    size_t block = 0;
    /* bytes_per_second is bytes over CPU time, or over real time with UseRealTime */
    double per_cpu = r->have_bps ? r->bps * t : 0;
    double per_real = r->have_bps && r->have_real ? r->bps * r->real * unit : 0;
    measure *m = cb_imp_push(&im->gbench);
    if (r->have_bps && own_name(im, m, whole, per_cpu, per_real)) {
        block = m->size;
    } else if (r->have_bps && r->bps > 0) {
        uint64_t n;
        const char *arg = trailing_arg(base, &n);
        if (arg && agrees(n, per_cpu, per_real)) {
            block = (size_t)n;
            base[arg - base] = 0;
        } else {
            block = (size_t)(per_cpu + 0.5);
        }
        if (block == 0)
            return run_fail(im, r, "processes less than a byte per iteration");
    }
    if (m->driver[0]) {
        /* named by own_name */
    } else if (!(block && ours(m, base))) {
        char name[NAME_LEN - 7]; /* room for "gbench-" */
        cb_imp_normalise(name, sizeof name, base);
        snprintf(m->name, sizeof m->name, cb_alg_find(name) ? "gbench-%s" : "%s", name);
        snprintf(m->dir, sizeof m->dir, "%s", block ? "digest" : "derive");
        m->key_bits = 0;
        m->known = 0;
    }
    if (!m->driver[0])
        snprintf(m->driver, sizeof m->driver, "%s", im->o->variant ? im->o->variant : "gbench");
    m->size = block;
    m->count = count;
    m->secs = t * (double)count;
    m->line = r->line;
    return 0;
}

/* chosen: with no iteration runs at all, the aggregate standing in for r's run: its
 * median, or its mean when it has no median. */
static int chosen(const runs *rs, size_t i)
{
    const run *r = &rs->v[i];
    if (strcmp(r->aggregate, "median") == 0)
        return 1;
    if (strcmp(r->aggregate, "mean") != 0)
        return 0;
    for (size_t k = 0; k < rs->n; k++)
        if (strcmp(rs->v[k].aggregate, "median") == 0 &&
            strcmp(rs->v[k].run_name, r->run_name) == 0)
            return 0;
    return 1;
}

static int keep_all(importer *im, const runs *rs)
{
    int iterations = 0;
    for (size_t i = 0; i < rs->n; i++)
        iterations |= strcmp(rs->v[i].run_type, "aggregate") != 0;
    for (size_t i = 0; i < rs->n; i++) {
        const run *r = &rs->v[i];
        int aggregate = strcmp(r->run_type, "aggregate") == 0;
        if (r->error) {
            im->gb_errored++;
            continue;
        }
        if (aggregate && (iterations || !chosen(rs, i)))
            continue;
        if (aggregate && !r->run_name[0])
            return run_fail(im, r, "is an aggregate with no \"run_name\"");
        if (keep(im, r))
            return -1;
        im->gb_aggregates += (size_t)aggregate;
    }
    if (im->gbench.n == 0) {
        im->line = 1;
        return cb_imp_fail(im, "Google Benchmark JSON with no run to import (%zu run%s, "
                           "%zu with \"error_occurred\").", rs->n, rs->n == 1 ? "" : "s",
                           im->gb_errored);
    }
    return 0;
}

static int read_benchmarks(cb_json *j, runs *rs)
{
    if (!cb_json_char(j, '['))
        return cb_json_fail(j, "\"benchmarks\" is not an array");
    if (cb_json_char(j, ']'))
        return 0;
    do {
        if (rs->n == rs->cap) {
            rs->cap = rs->cap ? rs->cap * 2 : 16;
            rs->v = cb_xrealloc(rs->v, rs->cap * sizeof *rs->v);
        }
        cb_json_blank(j);
        if (read_run(j, &rs->v[rs->n]))
            return -1;
        rs->n++;
    } while (cb_json_char(j, ','));
    if (!cb_json_char(j, ']'))
        return cb_json_fail(j, j->p >= j->end ? "the \"benchmarks\" array is not closed"
                                              : "expected ',' or ']' after a benchmark");
    return 0;
}

/* opens_as_gbench: the text is an object whose first name is "context" or
 * "benchmarks", as Google Benchmark writes it. */
static int opens_as_gbench(cb_json *j)
{
    if (!cb_json_char(j, '{'))
        return 0;
    cb_json_blank(j);
    static const char *const first[] = {"\"context\"", "\"benchmarks\""};
    for (size_t i = 0; i < 2; i++) {
        size_t n = strlen(first[i]);
        if ((size_t)(j->end - j->p) >= n && strncmp(j->p, first[i], n) == 0)
            return 1;
    }
    return 0;
}

int cb_imp_gbench_json(importer *im, const char *text, size_t len)
{
    cb_json j;
    cb_imp_json_start(&j, im, "Google Benchmark JSON output", text, len);
    if (!opens_as_gbench(&j))
        return 0;
    im->gbench_seen = 1;
    runs rs = {NULL, 0, 0};
    int have_context = 0, have_runs = 0, rc = 0;
    do {
        char key[64];
        if (cb_json_string(&j, key, sizeof key, "a name") ||
            (!cb_json_char(&j, ':') && cb_json_fail(&j, "expected ':' after a name"))) {
            rc = -1;
        } else if (strcmp(key, "context") == 0 || strcmp(key, "benchmarks") == 0) {
            int *have = key[0] == 'c' ? &have_context : &have_runs;
            if (*have)
                rc = cb_json_fail(&j, "a name given twice");
            else
                rc = key[0] == 'c' ? read_context(&j) : read_benchmarks(&j, &rs);
            *have = 1;
        } else {
            rc = cb_json_skip(&j);
        }
    } while (rc == 0 && cb_json_char(&j, ','));
    if (rc == 0 && !cb_json_char(&j, '}'))
        rc = cb_json_fail(&j, j.p >= j.end ? "the object is not closed"
                                           : "expected ',' or '}' after a value");
    if (rc == 0) {
        cb_json_blank(&j);
        if (j.p < j.end)
            rc = cb_json_fail(&j, "text after the object");
        else if (!have_runs)
            rc = cb_json_fail(&j, "no \"benchmarks\" array");
    }
    if (rc == 0)
        rc = keep_all(im, &rs);
    free(rs.v);
    return rc < 0 ? -1 : 1;
}
