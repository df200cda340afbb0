/*
 * reports/csv/csv.c - the results file: atomic writer, strict reader, string interning.
 * docs/csv.md documents every column; keep the two in step.
 */
#include "reports/csv/csv.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/common.h"
#include "base/infile.h"
#include "base/outfile.h"

/* ---- the columns ---------------------------------------------------------------- */

enum column {
    COL_SCHEMA,
    COL_TOOL_VERSION,
    COL_BUILD_REV,
    COL_BUILD_CONFIG,
    COL_COMPILER,
    COL_CFLAGS,
    COL_HOST_ARCH,
    COL_HOSTNAME,
    COL_CPU_MODEL,
    COL_CAPS_DETECTED,
    COL_CAPS_EFFECTIVE,
    COL_CAPS_MASK,
    COL_MASK_SOURCE,
    COL_EMULATOR,
    COL_TIMING,
    COL_STARTED,
    COL_ALGORITHM,
    COL_VARIANT,
    COL_DIRECTION,
    COL_KEY_BITS,
    COL_BLOCK_BYTES,
    COL_MISALIGN,
    COL_AEAD,
    COL_SAMPLE,
    COL_ITERATIONS,
    COL_SECONDS,
    COL_BYTES_PER_SEC,
    COL_OPS_PER_SEC,
    COL_CYCLES,
    COL_CYCLES_SOURCE,
    COL_STATUS,
    COL_CASE_CI_LOW, /* schema 1.1 on: optional when reading */
    COL_CASE_CI_HIGH,
    COL_CASE_CV_PCT,
    COL_CASE_NOISY,
    COL_WORKERS, /* schema 1.2 on: optional when reading */
    COL_WORKER,
    COL_SIGNAL, /* schema 1.3 on: optional when reading */
    COL_NOTE,
    COL_LIBRARY, /* schema 1.4 on: optional when reading; cb_provenance's fields */
    COL_LIBRARY_VERSION,
    COL_LIBRARY_INFO,
    COL_LIBRARY_ENV,
    COL_PAIR, /* schema 1.5 on: optional when reading; the interleaved design */
    COL_PAIR_ORDER,
    COL_ARM,
    COL_RUN, /* schema 1.6 on: optional when reading; separate runs compared */
    COL_TRANSIENT,
    COL_CANARY,
    COL_CANARY_SUM,
    COL_CANARY_ITERATIONS,
    COL_CANARY_SECONDS,
    COL_CASE_UNSETTLED,
    COL_TUNE, /* schema 1.7 on: optional when reading; the tuning file auto followed */
    COL_COUNT
};

/* The run-description columns, in cb_run_info's field order. */
#define RUN_COLUMNS (COL_STARTED - COL_TOOL_VERSION + 1)

static const char *const column_names[COL_COUNT] = {
    "schema",        "tool_version",   "build_rev",     "build_config", "compiler",
    "cflags",        "host_arch",      "hostname",      "cpu_model",    "caps_detected",
    "caps_effective", "caps_mask",     "mask_source",   "emulator",     "timing",
    "started",       "algorithm",      "variant",       "direction",    "key_bits",
    "block_bytes",   "misalign",       "aead",          "sample",       "iterations",
    "seconds",       "bytes_per_sec",  "ops_per_sec",   "cycles",       "cycles_source",
    "status",        "case_ci95_low_ops", "case_ci95_high_ops", "case_cv_pct", "case_noisy",
    "workers",       "worker",         "signal",        "note",
    CB_PROVENANCE_KEYS,
    "pair",          "pair_order",     "arm",
    "run",           "transient",      "canary",        "canary_sum",   "canary_iterations",
    "canary_seconds", "case_unsettled", "tune",
};

/* Columns a file of an older minor version may lack (added in schemas 1.1 to 1.7). */
#define FIRST_OPTIONAL_COLUMN COL_CASE_CI_LOW

/* run_field gives the address of cb_run_info's i-th string (tool_version first). */
static const char **run_field(cb_run_info *r, size_t i)
{
    const char **fields[RUN_COLUMNS] = {
        &r->tool_version, &r->build_rev,     &r->build_config,   &r->compiler,
        &r->cflags,       &r->host_arch,     &r->hostname,       &r->cpu_model,
        &r->caps_detected, &r->caps_effective, &r->caps_mask,    &r->mask_source,
        &r->emulator,     &r->timing,        &r->started,
    };
    return fields[i];
}

/* ---- writer ---------------------------------------------------------------------- */

struct cb_csv_writer {
    cb_outfile *out;  /* the file and its rules (base/outfile.h) */
    FILE *f;
};

void cb_csv_put_field(FILE *f, const char *s, int last)
{
    if (!s)
        s = "";
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, f);
    } else {
        fputc('"', f);
        for (const char *p = s; *p; p++) {
            if (*p == '"')
                fputc('"', f);
            fputc(*p, f);
        }
        fputc('"', f);
    }
    fputs(last ? "\r\n" : ",", f);
}

static void set_err(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

cb_csv_writer *cb_csv_open(const char *path, char *err, size_t errlen)
{
    cb_outfile *out = cb_outfile_open(path, "CSV file", err, errlen);
    if (!out)
        return NULL;
    cb_csv_writer *w = cb_xcalloc(1, sizeof *w);
    w->out = out;
    w->f = cb_outfile_stream(out);
    for (int c = 0; c < COL_COUNT; c++)
        cb_csv_put_field(w->f, column_names[c], c == COL_COUNT - 1);
    if (fflush(w->f) != 0) {
        set_err(err, errlen, "cannot write '%s': %s.", path, strerror(errno));
        cb_csv_abort(w);
        return NULL;
    }
    return w;
}

int cb_csv_write_row(cb_csv_writer *w, const cb_csv_row *r)
{
    const cb_sample *s = &r->s;
    char key_bits[24], block[24], misalign[24], sample[24], iters[24] = "", secs[40] = "";
    char bps[40], ops[40], cycles[40] = "", lo[40] = "", hi[40] = "", cv[40] = "";
    char workers[24], worker[24], lib[CB_PROVENANCE_FIELDS][CB_PROVENANCE_MAX + 1];
    snprintf(key_bits, sizeof key_bits, "%u", s->key_bits);
    snprintf(block, sizeof block, "%zu", s->block_bytes);
    snprintf(misalign, sizeof misalign, "%u", s->misalign);
    snprintf(sample, sizeof sample, "%u", s->sample_index);
    if (r->has_counts) {
        snprintf(iters, sizeof iters, "%llu", (unsigned long long)s->iterations);
        snprintf(secs, sizeof secs, "%.12g", s->seconds);
    }
    /* 12 significant digits: exact for any count this tool measures, and short. */
    snprintf(bps, sizeof bps, "%.12g", r->bytes_per_sec);
    snprintf(ops, sizeof ops, "%.12g", r->ops_per_sec);
    if (s->cycles >= 0)
        snprintf(cycles, sizeof cycles, "%.0f", s->cycles);
    snprintf(workers, sizeof workers, "%u", s->workers ? s->workers : 1);
    snprintf(worker, sizeof worker, "%u", s->worker);
    int known = s->case_ci_high > 0;
    if (known) {
        snprintf(lo, sizeof lo, "%.12g", s->case_ci_low);
        snprintf(hi, sizeof hi, "%.12g", s->case_ci_high);
        snprintf(cv, sizeof cv, "%.6g", s->case_cv * 100);
    }

    const char *v[COL_COUNT];
    cb_run_info run = *r->run;
    v[COL_SCHEMA] = CB_CSV_SCHEMA;
    for (size_t i = 0; i < RUN_COLUMNS; i++)
        v[COL_TOOL_VERSION + i] = *run_field(&run, i);
    v[COL_ALGORITHM] = s->alg;
    v[COL_VARIANT] = s->variant;
    v[COL_DIRECTION] = s->direction;
    v[COL_KEY_BITS] = key_bits;
    v[COL_BLOCK_BYTES] = block;
    v[COL_MISALIGN] = misalign;
    /* bit 0: 13 bytes of AAD (-aead); bit 1: the key set up per message (-rekey) */
    static const char *const aead_flags[] = {"0", "1", "2", "3"};
    v[COL_AEAD] = aead_flags[s->aead & 3];
    v[COL_SAMPLE] = sample;
    v[COL_ITERATIONS] = iters;
    v[COL_SECONDS] = secs;
    v[COL_BYTES_PER_SEC] = bps;
    v[COL_OPS_PER_SEC] = ops;
    v[COL_CYCLES] = cycles;
    v[COL_CYCLES_SOURCE] = s->cycles >= 0 ? s->cycles_source : "";
    v[COL_STATUS] = s->status;
    v[COL_CASE_CI_LOW] = lo;
    v[COL_CASE_CI_HIGH] = hi;
    v[COL_CASE_CV_PCT] = cv;
    v[COL_CASE_NOISY] = known ? (s->case_noisy ? "1" : "0") : "";
    v[COL_WORKERS] = workers;
    v[COL_WORKER] = worker;
    v[COL_SIGNAL] = s->signal;
    v[COL_NOTE] = s->note;
    /* cleaned again here: whoever built the sample, what is written reads back */
    for (int i = 0; i < CB_PROVENANCE_FIELDS; i++)
        v[COL_LIBRARY + i] = cb_provenance_clean(cb_provenance_str(&s->lib, i), lib[i]);
    char pair[24], order[24], arm[24];
    snprintf(pair, sizeof pair, "%u", s->pair);
    snprintf(order, sizeof order, "%u", s->pair_order);
    snprintf(arm, sizeof arm, "%u", s->arm);
    v[COL_PAIR] = s->paired ? pair : "";
    v[COL_PAIR_ORDER] = s->paired ? order : "";
    v[COL_ARM] = s->paired ? arm : "";
    char run_no[24], can_it[24], can_s[32];
    int canary = s->canary_seconds > 0 && s->canary && s->canary[0];
    snprintf(run_no, sizeof run_no, "%u", s->run);
    snprintf(can_it, sizeof can_it, "%llu", (unsigned long long)s->canary_iterations);
    snprintf(can_s, sizeof can_s, "%.9g", s->canary_seconds);
    v[COL_RUN] = run_no;
    v[COL_TRANSIENT] = s->transient ? "1" : "0";
    v[COL_CANARY] = canary ? s->canary : "";
    v[COL_CANARY_SUM] = canary && s->canary_sum ? s->canary_sum : "";
    v[COL_CANARY_ITERATIONS] = canary ? can_it : "";
    v[COL_CANARY_SECONDS] = canary ? can_s : "";
    v[COL_CASE_UNSETTLED] = s->case_unsettled ? "1" : "0";
    v[COL_TUNE] = run.tune ? run.tune : "";
    for (int c = 0; c < COL_COUNT; c++)
        cb_csv_put_field(w->f, v[c], c == COL_COUNT - 1);
    /* Flushed per row so that a commit after an interruption holds every finished
     * sample, whatever stdio had buffered. */
    return fflush(w->f) == 0 && !ferror(w->f) ? 0 : -1;
}

int cb_csv_write(cb_csv_writer *w, const cb_run_info *run, const cb_sample *s)
{
    cb_csv_row r;
    memset(&r, 0, sizeof r);
    r.run = run;
    r.s = *s;
    r.has_counts = 1;
    r.ops_per_sec = cb_sample_ops_per_sec(s);
    r.bytes_per_sec = cb_sample_bytes_per_sec(s);
    return cb_csv_write_row(w, &r);
}

int cb_csv_commit(cb_csv_writer *w, char *err, size_t errlen)
{
    int changed = 0, bad = ferror(w->f) != 0;
    char path[512];
    snprintf(path, sizeof path, "%s", cb_outfile_path(w->out));
    if (bad) {
        set_err(err, errlen, "cannot write '%s': %s.", path, strerror(errno));
        cb_outfile_abort(w->out);
    } else if (cb_outfile_commit(w->out, &changed, err, errlen) != 0) {
        bad = 1;
    } else if (changed) {
        char shown[CB_PRINTABLE_LEN];
        cb_warn("%s changed while this run wrote it (another run writing the same file?); "
                "it now holds this run's samples, and what was written there meanwhile is "
                "gone.", cb_printable(path, shown, sizeof shown));
    }
    free(w);
    return bad ? -1 : 0;
}

void cb_csv_abort(cb_csv_writer *w)
{
    if (!w)
        return;
    cb_outfile_abort(w->out);
    free(w);
}

/* ---- string interning ------------------------------------------------------------ */

/* Strings and run descriptions live in arena chunks freed with the set. */
typedef struct chunk {
    struct chunk *next;
    size_t used, size;
    max_align_t data[];
} chunk;

struct cb_csv_set {
    cb_csv_row *rows;
    size_t nrows, cap;
    chunk *arena;
    const char **strs; /* open addressing, power-of-two size */
    size_t nstrs, strcap;
    const cb_run_info **runs;
    size_t nruns, runcap;
};

static void *arena_alloc(cb_csv_set *set, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    chunk *c = set->arena;
    if (!c || c->size - c->used < n) {
        size_t size = n > 65536 ? n : 65536;
        c = cb_xmalloc(sizeof *c + size);
        c->size = size;
        c->used = 0;
        c->next = set->arena;
        set->arena = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += n;
    return p;
}

/* hash_bytes is FNV-1a: short keys, no adversary worth a keyed hash. */
static uint64_t hash_bytes(const void *p, size_t n, uint64_t h)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * UINT64_C(0x100000001b3);
    return h;
}

#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)

static void strs_grow(cb_csv_set *set)
{
    size_t cap = set->strcap ? set->strcap * 2 : 1024;
    const char **t = cb_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < set->strcap; i++) {
        const char *s = set->strs[i];
        if (!s)
            continue;
        size_t j = hash_bytes(s, strlen(s), FNV_OFFSET) & (cap - 1);
        while (t[j])
            j = (j + 1) & (cap - 1);
        t[j] = s;
    }
    free(set->strs);
    set->strs = t;
    set->strcap = cap;
}

const char *cb_csv_intern(cb_csv_set *set, const char *s, size_t len)
{
    if (2 * (set->nstrs + 1) > set->strcap)
        strs_grow(set);
    size_t j = hash_bytes(s, len, FNV_OFFSET) & (set->strcap - 1);
    for (; set->strs[j]; j = (j + 1) & (set->strcap - 1)) {
        const char *t = set->strs[j];
        if (strncmp(t, s, len) == 0 && t[len] == '\0')
            return t;
    }
    char *copy = arena_alloc(set, len + 1);
    memcpy(copy, s, len);
    copy[len] = '\0';
    set->strs[j] = copy;
    set->nstrs++;
    return copy;
}

/* run_hash hashes the string pointers: equal interned descriptions hash equal. */
static uint64_t run_hash(const cb_run_info *r)
{
    return hash_bytes(r, sizeof *r, FNV_OFFSET);
}

static void runs_grow(cb_csv_set *set)
{
    size_t cap = set->runcap ? set->runcap * 2 : 64;
    const cb_run_info **t = cb_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < set->runcap; i++) {
        if (!set->runs[i])
            continue;
        size_t j = run_hash(set->runs[i]) & (cap - 1);
        while (t[j])
            j = (j + 1) & (cap - 1);
        t[j] = set->runs[i];
    }
    free(set->runs);
    set->runs = t;
    set->runcap = cap;
}

const cb_run_info *cb_csv_intern_run(cb_csv_set *set, const cb_run_info *run)
{
    cb_run_info key;
    memset(&key, 0, sizeof key);
    for (size_t i = 0; i < RUN_COLUMNS; i++) {
        const char *s = *run_field((cb_run_info *)run, i);
        *run_field(&key, i) = cb_csv_intern(set, s ? s : "", s ? strlen(s) : 0);
    }
    key.tune = cb_csv_intern(set, run->tune ? run->tune : "", run->tune ? strlen(run->tune) : 0);
    if (2 * (set->nruns + 1) > set->runcap)
        runs_grow(set);
    size_t j = run_hash(&key) & (set->runcap - 1);
    for (; set->runs[j]; j = (j + 1) & (set->runcap - 1))
        if (memcmp(set->runs[j], &key, sizeof key) == 0)
            return set->runs[j];
    cb_run_info *copy = arena_alloc(set, sizeof *copy);
    *copy = key;
    set->runs[j] = copy;
    set->nruns++;
    return copy;
}

cb_csv_set *cb_csv_set_new(void)
{
    return cb_xcalloc(1, sizeof(cb_csv_set));
}

void cb_csv_set_free(cb_csv_set *set)
{
    if (!set)
        return;
    while (set->arena) {
        chunk *next = set->arena->next;
        free(set->arena);
        set->arena = next;
    }
    free(set->rows);
    free(set->strs);
    free(set->runs);
    free(set);
}

size_t cb_csv_set_count(const cb_csv_set *set) { return set->nrows; }

const cb_csv_row *cb_csv_set_row(const cb_csv_set *set, size_t i)
{
    return i < set->nrows ? &set->rows[i] : NULL;
}

void cb_csv_set_truncate(cb_csv_set *set, size_t n)
{
    if (n < set->nrows)
        set->nrows = n;
}

void cb_csv_add(cb_csv_set *set, const cb_csv_row *row)
{
    if (set->nrows == set->cap) {
        set->cap = set->cap ? set->cap * 2 : 256;
        set->rows = cb_xrealloc(set->rows, set->cap * sizeof *set->rows);
    }
    set->rows[set->nrows++] = *row;
}

/* ---- reader ---------------------------------------------------------------------- */

#define MAX_FIELDS 64

typedef struct field {
    const char *p;
    size_t len;
} field;

/* parser: where we are in one file. */
typedef struct parser {
    cb_csv_set *set;
    const char *name; /* interned file name */
    const char *pos, *end;
    unsigned long line;      /* line of pos */
    unsigned long rec_line;  /* line where the current record began */
    char *scratch;           /* unquoted copies of quoted fields */
    size_t scratch_cap;
    field f[MAX_FIELDS];
    size_t nf;
    int map[MAX_FIELDS];     /* field index -> column, -1 for a column we do not know */
    size_t ncols;            /* fields the header promised */
    int unknown_cols;        /* header named columns this version does not know */
    int have_header;
    /* Consecutive rows repeat most fields: the last interned value of each column
     * and the last run description skip the hash table for them. */
    const char *last[COL_COUNT];
    size_t last_len[COL_COUNT];
    const cb_run_info *last_run;
    char *err;
    size_t errlen;
} parser;

static int fail(parser *ps, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(parser *ps, unsigned long line, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    set_err(ps->err, ps->errlen, "%s:%lu: %s", ps->name, line, msg);
    return -1;
}

/* check_byte rejects bytes no text file holds, so binary garbage is named as such. */
static int check_byte(parser *ps, unsigned char c)
{
    if (c >= 0x20 || c == '\t' || c == '\r' || c == '\n')
        return 0;
    return fail(ps, ps->line, "binary data (byte 0x%02x) where CSV text was expected; "
                "is this a cryptobench CSV file?", c);
}

/*
 * parse_quoted reads a quoted field starting after its opening quote into the
 * scratch buffer at *used.  Returns 0 or -1 (error set).
 */
static int parse_quoted(parser *ps, size_t *used)
{
    for (;;) {
        if (ps->pos >= ps->end)
            return fail(ps, ps->rec_line, "a quoted field is never closed; every '\"' "
                        "that opens a field needs a closing '\"'.");
        char c = *ps->pos++;
        if (c == '"') {
            if (ps->pos < ps->end && *ps->pos == '"') {
                ps->pos++;
            } else {
                return 0;
            }
        } else if (check_byte(ps, (unsigned char)c) != 0) {
            return -1;
        }
        if (c == '\n')
            ps->line++;
        if (*used == ps->scratch_cap) {
            ps->scratch_cap = ps->scratch_cap ? ps->scratch_cap * 2 : 256;
            ps->scratch = cb_xrealloc(ps->scratch, ps->scratch_cap);
        }
        ps->scratch[(*used)++] = c;
    }
}

/*
 * next_record splits the next record into ps->f.  Returns 1 when a record was read,
 * 0 at the end of the input, -1 on error.  Blank lines are skipped.
 */
static int next_record(parser *ps)
{
    while (ps->pos < ps->end && (*ps->pos == '\n' || *ps->pos == '\r')) {
        if (*ps->pos == '\n')
            ps->line++;
        ps->pos++;
    }
    if (ps->pos >= ps->end)
        return 0;
    ps->rec_line = ps->line;
    ps->nf = 0;
    size_t used = 0;
    size_t quoted_off[MAX_FIELDS];
    int quoted[MAX_FIELDS];
    for (;;) {
        if (ps->nf == MAX_FIELDS)
            return fail(ps, ps->rec_line, "more than %d fields; a cryptobench CSV row has "
                        "%d.", MAX_FIELDS, COL_COUNT);
        field *f = &ps->f[ps->nf];
        quoted[ps->nf] = 0;
        if (ps->pos < ps->end && *ps->pos == '"') {
            ps->pos++;
            quoted[ps->nf] = 1;
            quoted_off[ps->nf] = used;
            if (parse_quoted(ps, &used) != 0)
                return -1;
            f->len = used - quoted_off[ps->nf];
        } else {
            f->p = ps->pos;
            /* the common bytes in one test: printable, not ',' or '"' */
            while (ps->pos < ps->end && (unsigned char)*ps->pos > '"' && *ps->pos != ',')
                ps->pos++;
            while (ps->pos < ps->end && *ps->pos != ',' && *ps->pos != '\n' &&
                   *ps->pos != '\r') {
                if (*ps->pos == '"')
                    return fail(ps, ps->line, "a '\"' inside an unquoted field; RFC 4180 "
                                "wants the whole field quoted and the quote doubled.");
                if (check_byte(ps, (unsigned char)*ps->pos) != 0)
                    return -1;
                ps->pos++;
            }
            f->len = (size_t)(ps->pos - f->p);
        }
        ps->nf++;
        if (ps->pos >= ps->end)
            break;
        char c = *ps->pos;
        if (c == ',') {
            ps->pos++;
            continue;
        }
        if (c == '\r' && ps->pos + 1 < ps->end && ps->pos[1] == '\n')
            ps->pos++;
        if (*ps->pos == '\n' || *ps->pos == '\r') {
            if (*ps->pos == '\n')
                ps->line++;
            ps->pos++;
            break;
        }
        if (check_byte(ps, (unsigned char)c) != 0)
            return -1;
        return fail(ps, ps->line, "text after a closing quote; a quoted field must end "
                    "at a ',' or the end of the line.");
    }
    /* The scratch buffer may have moved while growing: resolve quoted fields last.
     * Only empty quoted fields ("") and no scratch yet: they point at "", as
     * NULL + 0 is undefined (fuzz_csv found such a row). */
    for (size_t i = 0; i < ps->nf; i++)
        if (quoted[i])
            ps->f[i].p = ps->scratch ? ps->scratch + quoted_off[i] : "";
    return 1;
}

static int field_is(const field *f, const char *s)
{
    return f->len == strlen(s) && memcmp(f->p, s, f->len) == 0;
}

/* read_header maps the header's columns; 0 or -1 with the error set. */
static int read_header(parser *ps)
{
    int seen[COL_COUNT] = {0};
    ps->unknown_cols = 0;
    for (size_t i = 0; i < ps->nf; i++) {
        ps->map[i] = -1;
        for (int c = 0; c < COL_COUNT; c++)
            if (field_is(&ps->f[i], column_names[c])) {
                if (seen[c])
                    return fail(ps, ps->rec_line, "column '%s' appears twice in the header.",
                                column_names[c]);
                seen[c] = 1;
                ps->map[i] = c;
            }
        if (ps->map[i] < 0)
            ps->unknown_cols = 1;
    }
    for (int c = 0; c < FIRST_OPTIONAL_COLUMN; c++)
        if (!seen[c])
            return fail(ps, ps->rec_line, "the header lacks column '%s'; docs/csv.md lists "
                        "the %d columns of schema %s.", column_names[c], COL_COUNT,
                        CB_CSV_SCHEMA);
    ps->ncols = ps->nf;
    ps->have_header = 1;
    return 0;
}

/* field_text copies a field into buf as a C string for messages and number parsing. */
static const char *field_text(const field *f, char *buf, size_t len)
{
    size_t n = f->len < len - 1 ? f->len : len - 1;
    memcpy(buf, f->p, n);
    buf[n] = '\0';
    return buf;
}

/* field_shown is the field as a message may quote it (cb_printable: no raw control or
 * non-ASCII byte reaches a terminal); buf holds CB_PRINTABLE_LEN bytes. */
static const char *field_shown(const field *f, char *buf)
{
    char raw[CB_PRINTABLE_LEN];
    return cb_printable(field_text(f, raw, sizeof raw), buf, CB_PRINTABLE_LEN);
}

static int parse_uint(parser *ps, const field *f, const char *col, uint64_t max,
                      uint64_t *out)
{
    char buf[CB_PRINTABLE_LEN];
    uint64_t v = 0;
    if (f->len == 0)
        return fail(ps, ps->rec_line, "column %s is empty; it needs a whole number.", col);
    for (size_t i = 0; i < f->len; i++) {
        unsigned d = (unsigned char)f->p[i] - '0';
        if (d > 9)
            return fail(ps, ps->rec_line, "column %s holds '%s', not a whole number.", col,
                        field_shown(f, buf));
        if (d > max || v > (max - d) / 10)
            return fail(ps, ps->rec_line, "column %s holds '%s', larger than %llu.", col,
                        field_shown(f, buf), (unsigned long long)max);
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/*
 * fast_decimal converts "ddd.ddd" with at most 15 significant digits: the digits
 * form an exact integer below 2^53 and one division by an exact power of ten is
 * correctly rounded, so the result equals strtod's.  Returns 0 when the text needs
 * strtod (exponent, more digits).
 */
static int fast_decimal(const char *p, size_t len, double *out)
{
    static const double pow10[] = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
                                   1e11, 1e12, 1e13, 1e14, 1e15};
    uint64_t m = 0;
    int digits = 0, frac = -1;
    for (size_t i = 0; i < len; i++) {
        if (p[i] == '.' && frac < 0) {
            frac = 0;
            continue;
        }
        unsigned d = (unsigned char)p[i] - '0';
        if (d > 9 || ++digits > 15)
            return 0;
        m = m * 10 + d;
        frac += frac >= 0;
    }
    if (digits == 0)
        return 0;
    *out = frac > 0 ? (double)m / pow10[frac] : (double)m;
    return 1;
}

static int number_char(char c)
{
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' ||
           c == '-';
}

/* parse_real accepts plain decimal or exponent notation, >= 0; no inf, nan or hex. */
static int parse_real(parser *ps, const field *f, const char *col, double *out)
{
    char buf[64], shown[CB_PRINTABLE_LEN];
    if (f->len == 0)
        return fail(ps, ps->rec_line, "column %s is empty; it needs a number.", col);
    if (f->p[0] != '.' && fast_decimal(f->p, f->len, out))
        return 0;
    int ok = f->len < sizeof buf && ((f->p[0] >= '0' && f->p[0] <= '9') || f->p[0] == '.');
    for (size_t i = 0; ok && i < f->len; i++)
        ok = number_char(f->p[i]);
    char *end = NULL;
    field_text(f, buf, sizeof buf);
    double v = ok ? strtod(buf, &end) : 0;
    if (!ok || *end || !isfinite(v))
        return fail(ps, ps->rec_line, "column %s holds '%s', not a number.", col,
                    field_shown(f, shown));
    *out = v;
    return 0;
}

static int one_of(const field *f, const char *const *words)
{
    for (; *words; words++)
        if (field_is(f, *words))
            return 1;
    return 0;
}

/* derive (key agreement), keygen, encaps and decaps: since 1.2, for imported public-key
 * rows (ecdh, ffdh, KEMs) that cryptobench does not time itself. */
static const char *const directions[] = {"encrypt", "decrypt", "digest", "sign", "verify",
                                         "derive", "keygen", "encaps", "decaps", NULL};
/* failed and skipped: since 1.3, cases not measured because their variant gave wrong
 * answers in its check before timing, or faulted at a smaller size. */
static const char *const statuses[] = {"ok", "faulted", "failed", "skipped", "imported", NULL};
static const char *const timings[] = {"cpu", "wall", "unknown", NULL};

/* check_enum fails unless the field is one of words. */
static int check_enum(parser *ps, const field *f, const char *col,
                      const char *const *words, const char *accepted)
{
    char buf[CB_PRINTABLE_LEN];
    if (one_of(f, words))
        return 0;
    return fail(ps, ps->rec_line, "column %s holds '%s'; it must be one of %s.", col,
                field_shown(f, buf), accepted);
}

/* check_schema accepts major version CB_CSV_SCHEMA_MAJOR with any minor. */
static int check_schema(parser *ps, const field *f, unsigned *minor)
{
    char buf[64], shown[CB_PRINTABLE_LEN];
    field_text(f, buf, sizeof buf);
    unsigned long major = 0, min = 0;
    char *end;
    const char *dot = strchr(buf, '.');
    int ok = dot && buf[0] >= '0' && buf[0] <= '9' && dot[1] >= '0' && dot[1] <= '9';
    if (ok) {
        major = strtoul(buf, &end, 10);
        ok = end == dot;
        min = strtoul(dot + 1, &end, 10);
        ok = ok && *end == '\0';
    }
    if (!ok)
        return fail(ps, ps->rec_line, "schema version '%s' is not of the form MAJOR.MINOR "
                    "(this cryptobench writes %s).", cb_printable(buf, shown, sizeof shown),
                    CB_CSV_SCHEMA);
    if (major > CB_CSV_SCHEMA_MAJOR)
        return fail(ps, ps->rec_line, "schema version %s is newer than this cryptobench "
                    "reads (%d.x); read the file with a newer cryptobench.", buf,
                    CB_CSV_SCHEMA_MAJOR);
    if (major < CB_CSV_SCHEMA_MAJOR)
        return fail(ps, ps->rec_line, "schema version %s is unknown; this cryptobench reads "
                    "%d.x.", buf, CB_CSV_SCHEMA_MAJOR);
    *minor = (unsigned)min;
    return 0;
}

static int close_enough(double a, double b)
{
    return fabs(a - b) <= 1e-6 * fmax(fabs(a), fabs(b)) + 1e-9;
}

/* check_rates rejects a row whose numbers contradict each other (a hand edit gone
 * wrong, or two files spliced mid-row). */
static int check_rates(parser *ps, const cb_csv_row *r)
{
    const cb_sample *s = &r->s;
    int measured = cb_sample_measured(s);
    /* An imported tcrypt cycle-mode sample counted cycles but measured no time: one
     * operation, zero seconds, zero rates, the cycles and their source (docs/csv.md). */
    if (!strcmp(s->status, "imported") && r->has_counts && s->seconds == 0 &&
        r->ops_per_sec == 0 && r->bytes_per_sec == 0 && s->cycles > 0 && s->cycles_source[0])
        return 0;
    if (measured && !(r->ops_per_sec > 0))
        return fail(ps, ps->rec_line, "ops_per_sec is %g in a row with status %s; a "
                    "measured sample needs a positive rate.", r->ops_per_sec, s->status);
    if (measured && r->has_counts && !(s->seconds > 0))
        return fail(ps, ps->rec_line, "seconds is %g in a row with status %s: %llu "
                    "operations take some time; a measured sample needs seconds > 0.",
                    s->seconds, s->status, (unsigned long long)s->iterations);
    if (measured && r->has_counts && s->seconds > 0 &&
        !close_enough((double)s->iterations / s->seconds, r->ops_per_sec))
        return fail(ps, ps->rec_line, "ops_per_sec %.12g disagrees with iterations / "
                    "seconds = %.12g.", r->ops_per_sec, (double)s->iterations / s->seconds);
    if (!close_enough(r->ops_per_sec * (double)s->block_bytes, r->bytes_per_sec))
        return fail(ps, ps->rec_line, "bytes_per_sec %.12g disagrees with ops_per_sec x "
                    "block_bytes = %.12g.", r->bytes_per_sec,
                    r->ops_per_sec * (double)s->block_bytes);
    return 0;
}

/* intern_column interns a column's field, reusing the previous row's value when
 * it is the same; *changed is set when it was not. */
static const char *intern_column(parser *ps, int c, const field *f, int *changed)
{
    if (ps->last[c] && ps->last_len[c] == f->len && memcmp(ps->last[c], f->p, f->len) == 0)
        return ps->last[c];
    *changed = 1;
    ps->last[c] = cb_csv_intern(ps->set, f->p, f->len);
    ps->last_len[c] = f->len;
    return ps->last[c];
}

/* parse_case_columns reads the optional per-case columns of schema 1.1 (absent or
 * empty: unknown). */
static int parse_case_columns(parser *ps, const field *const *col, cb_sample *s)
{
    struct {
        int c;
        const char *name;
        double *out;
    } nums[] = {{COL_CASE_CI_LOW, "case_ci95_low_ops", &s->case_ci_low},
                {COL_CASE_CI_HIGH, "case_ci95_high_ops", &s->case_ci_high},
                {COL_CASE_CV_PCT, "case_cv_pct", &s->case_cv}};
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
        *nums[i].out = 0;
        if (col[nums[i].c] && col[nums[i].c]->len &&
            parse_real(ps, col[nums[i].c], nums[i].name, nums[i].out))
            return -1;
    }
    s->case_cv /= 100;
    const field *noisy = col[COL_CASE_NOISY];
    s->case_noisy = 0;
    if (noisy && noisy->len) {
        if (!field_is(noisy, "0") && !field_is(noisy, "1"))
            return fail(ps, ps->rec_line, "case_noisy must be 0 or 1.");
        s->case_noisy = field_is(noisy, "1");
    }
    return 0;
}

/* MAX_WORKERS bounds the workers column: far above any CPU count, low enough
 * that a corrupted field is named rather than believed. */
#define MAX_WORKERS 65536

/* parse_worker_columns reads the optional columns of schema 1.2 (absent or empty:
 * a normal run, workers 1 and worker 0). */
static int parse_worker_columns(parser *ps, const field *const *col, cb_sample *s)
{
    uint64_t v;
    s->workers = 1;
    s->worker = 0;
    const field *workers = col[COL_WORKERS], *worker = col[COL_WORKER];
    if (workers && workers->len) {
        if (parse_uint(ps, workers, "workers", MAX_WORKERS, &v) != 0)
            return -1;
        if (v == 0)
            return fail(ps, ps->rec_line, "column workers holds 0; a run has at least 1 "
                        "worker.");
        s->workers = (unsigned)v;
    }
    if (worker && worker->len) {
        if (parse_uint(ps, worker, "worker", MAX_WORKERS, &v) != 0)
            return -1;
        if (v >= s->workers)
            return fail(ps, ps->rec_line, "column worker holds %llu in a run of %u "
                        "worker%s; workers are numbered from 0.", (unsigned long long)v,
                        s->workers, s->workers == 1 ? "" : "s");
        s->worker = (unsigned)v;
    }
    return 0;
}

/* A round holds one batch of each side (-compare runs at most
 * CB_BENCH_MAX_INTERLEAVE): a larger place or side is a corrupted field. */
#define MAX_PAIR_SLOT 8

/* parse_pair_columns reads the optional columns of schema 1.5 (absent or empty: a
 * sample of no interleaved design); the three go together. */
static int parse_pair_columns(parser *ps, const field *const *col, cb_sample *s)
{
    const field *f[3] = {col[COL_PAIR], col[COL_PAIR_ORDER], col[COL_ARM]};
    unsigned *out[3] = {&s->pair, &s->pair_order, &s->arm};
    static const char *const names[3] = {"pair", "pair_order", "arm"};
    int given = 0;
    for (int i = 0; i < 3; i++)
        given += f[i] && f[i]->len;
    if (given == 0)
        return 0;
    if (given < 3)
        return fail(ps, ps->rec_line, "columns pair, pair_order and arm go together: a "
                    "sample of an interleaved comparison has all three, any other none.");
    for (int i = 0; i < 3; i++) {
        uint64_t v;
        if (parse_uint(ps, f[i], names[i], i ? MAX_PAIR_SLOT - 1 : UINT32_MAX, &v) != 0)
            return -1;
        *out[i] = (unsigned)v;
    }
    s->paired = 1;
    return 0;
}

/* parse_run_columns reads the optional columns of schema 1.6 (absent or empty: the
 * first repetition, steady, no canary); a canary's four columns go together. */
static int parse_run_columns(parser *ps, const field *const *col, cb_sample *s)
{
    uint64_t v;
    const field *f;
    s->canary = s->canary_sum = "";
    if ((f = col[COL_RUN]) && f->len) {
        if (parse_uint(ps, f, "run", 255, &v) != 0)
            return -1;
        s->run = (unsigned)v;
    }
    const struct {
        int c;
        const char *name;
        int *out;
    } flags[] = {{COL_TRANSIENT, "transient", &s->transient},
                 {COL_CASE_UNSETTLED, "case_unsettled", &s->case_unsettled}};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if ((f = col[flags[i].c]) && f->len) {
            if (parse_uint(ps, f, flags[i].name, 1, &v) != 0)
                return -1;
            *flags[i].out = (int)v;
        }
    const field *can[4] = {col[COL_CANARY], col[COL_CANARY_SUM], col[COL_CANARY_ITERATIONS],
                           col[COL_CANARY_SECONDS]};
    int given = 0, ignored = 0;
    for (int i = 0; i < 4; i++)
        given += can[i] && can[i]->len;
    if (given == 0)
        return 0;
    if (given < 4)
        return fail(ps, ps->rec_line, "columns canary, canary_sum, canary_iterations and "
                    "canary_seconds go together: a sample with a canary has all four, any "
                    "other none.");
    if (!field_is(can[0], "scalar") && !field_is(can[0], "aes") && !field_is(can[0], "simd"))
        return fail(ps, ps->rec_line, "column canary must be one of scalar, aes, simd (or "
                    "empty).");
    if (parse_uint(ps, can[2], "canary_iterations", UINT64_MAX, &s->canary_iterations) ||
        parse_real(ps, can[3], "canary_seconds", &s->canary_seconds))
        return -1;
    if (s->canary_seconds <= 0 || s->canary_iterations == 0)
        return fail(ps, ps->rec_line, "a canary batch needs iterations and seconds above "
                    "0.");
    s->canary = intern_column(ps, COL_CANARY, can[0], &ignored);
    s->canary_sum = intern_column(ps, COL_CANARY_SUM, can[1], &ignored);
    return 0;
}

/* parse_numbers fills the numeric columns of r from the record's fields. */
static int parse_numbers(parser *ps, const field *col[], cb_csv_row *r)
{
    cb_sample *s = &r->s;
    uint64_t v;
    if (parse_uint(ps, col[COL_KEY_BITS], "key_bits", UINT_MAX, &v) != 0)
        return -1;
    s->key_bits = (unsigned)v;
    if (parse_uint(ps, col[COL_BLOCK_BYTES], "block_bytes", SIZE_MAX, &v) != 0)
        return -1;
    s->block_bytes = (size_t)v;
    if (parse_uint(ps, col[COL_MISALIGN], "misalign", CB_CSV_MAX_MISALIGN, &v) != 0)
        return -1;
    s->misalign = (unsigned)v;
    if (parse_uint(ps, col[COL_AEAD], "aead", 3, &v) != 0)
        return -1;
    s->aead = (int)v;
    if (parse_uint(ps, col[COL_SAMPLE], "sample", UINT_MAX, &v) != 0)
        return -1;
    s->sample_index = (unsigned)v;
    size_t li = col[COL_ITERATIONS]->len, ls = col[COL_SECONDS]->len;
    if ((li == 0) != (ls == 0))
        return fail(ps, ps->rec_line, "iterations and seconds must both be given or both "
                    "be empty.");
    r->has_counts = li != 0;
    if (r->has_counts) {
        if (parse_uint(ps, col[COL_ITERATIONS], "iterations", UINT64_MAX, &s->iterations) ||
            parse_real(ps, col[COL_SECONDS], "seconds", &s->seconds))
            return -1;
    }
    if (parse_real(ps, col[COL_BYTES_PER_SEC], "bytes_per_sec", &r->bytes_per_sec) ||
        parse_real(ps, col[COL_OPS_PER_SEC], "ops_per_sec", &r->ops_per_sec))
        return -1;
    s->cycles = -1;
    if (col[COL_CYCLES]->len && parse_real(ps, col[COL_CYCLES], "cycles", &s->cycles))
        return -1;
    if (parse_case_columns(ps, col, s) != 0)
        return -1;
    return parse_worker_columns(ps, col, s);
}

/* check_started accepts an empty started column (imports) or the UTC time speed
 * writes, 2026-12-01T09:36:15Z: a date in another form cannot be ordered or
 * compared, so it is named. */
static int check_started(parser *ps, const field *f)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    if (!f || f->len == 0)
        return 0;
    int ok = f->len == sizeof shape - 1;
    for (size_t i = 0; ok && i < f->len; i++)
        ok = shape[i] == 'd' ? isdigit((unsigned char)f->p[i]) != 0 : f->p[i] == shape[i];
    if (ok)
        return 0;
    char text[64], shown[CB_PRINTABLE_LEN];
    snprintf(text, sizeof text, "%.*s", (int)(f->len < 63 ? f->len : 63), f->p);
    return fail(ps, ps->rec_line, "started '%s' is not a UTC time such as "
                "2026-12-01T09:36:15Z (or empty).", cb_printable(text, shown, sizeof shown));
}

/* read_provenance reads the optional columns of schema 1.4 (absent: "", a built-in
 * variant's), refusing a field longer than any the writer makes. */
static int read_provenance(parser *ps, const field *const *col, cb_provenance *lib)
{
    int ignored = 0;
    for (int i = 0; i < CB_PROVENANCE_FIELDS; i++) {
        const field *f = col[COL_LIBRARY + i];
        const char **out = cb_provenance_field(lib, i);
        *out = "";
        if (!f)
            continue;
        if (f->len > CB_PROVENANCE_MAX)
            return fail(ps, ps->rec_line, "column %s holds %zu bytes; it holds at most %d "
                        "(docs/csv.md).", column_names[COL_LIBRARY + i], f->len,
                        CB_PROVENANCE_MAX);
        *out = intern_column(ps, COL_LIBRARY + i, f, &ignored);
    }
    return 0;
}

/* looks_like_log: does the text read like an `openssl speed` or tcrypt log, which
 * `cryptobench import` turns into a CSV file? */
static int looks_like_log(const char *data, size_t len)
{
    static const char *const marks[] = {"Doing ", "+DT:", "+H:", "The 'numbers' are in",
                                        "testing speed of", "tcrypt:", "OpenSSL ",
                                        "version: "};
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (memmem(data, len, marks[i], strlen(marks[i])))
            return 1;
    return 0;
}

/* read_row turns the current record into a row. */
static int read_row(parser *ps)
{
    if (ps->nf != ps->ncols)
        return fail(ps, ps->rec_line, "%zu fields where the header has %zu; quote any "
                    "field that holds a ','.", ps->nf, ps->ncols);
    const field *col[COL_COUNT] = {0};
    for (size_t i = 0; i < ps->nf; i++)
        if (ps->map[i] >= 0)
            col[ps->map[i]] = &ps->f[i];
    unsigned minor = 0;
    if (check_schema(ps, col[COL_SCHEMA], &minor) != 0)
        return -1;
    if (ps->unknown_cols && minor <= CB_CSV_SCHEMA_MINOR)
        return fail(ps, ps->rec_line, "the header names columns that schema %s does not "
                    "have.", CB_CSV_SCHEMA);
    if (check_enum(ps, col[COL_DIRECTION], "direction", directions,
                   "encrypt, decrypt, digest, sign, verify, derive, keygen, encaps, decaps") ||
        check_enum(ps, col[COL_STATUS], "status", statuses,
                   "ok, faulted, failed, skipped, imported") ||
        check_enum(ps, col[COL_TIMING], "timing", timings, "cpu, wall, unknown"))
        return -1;
    if (col[COL_ALGORITHM]->len == 0 || col[COL_VARIANT]->len == 0)
        return fail(ps, ps->rec_line, "algorithm and variant must not be empty.");

    if (check_started(ps, col[COL_STARTED]) != 0)
        return -1;
    cb_csv_row r;
    memset(&r, 0, sizeof r);
    if (parse_numbers(ps, col, &r) != 0)
        return -1;
    cb_run_info run;
    int changed = !ps->last_run, ignored = 0;
    for (size_t i = 0; i < RUN_COLUMNS; i++)
        *run_field(&run, i) = intern_column(ps, COL_TOOL_VERSION + (int)i,
                                            col[COL_TOOL_VERSION + i], &changed);
    static const field none = {"", 0};
    run.tune = intern_column(ps, COL_TUNE, col[COL_TUNE] ? col[COL_TUNE] : &none, &changed);
    if (changed)
        ps->last_run = cb_csv_intern_run(ps->set, &run);
    r.run = ps->last_run;
    r.s.alg = intern_column(ps, COL_ALGORITHM, col[COL_ALGORITHM], &ignored);
    r.s.variant = intern_column(ps, COL_VARIANT, col[COL_VARIANT], &ignored);
    r.s.direction = intern_column(ps, COL_DIRECTION, col[COL_DIRECTION], &ignored);
    r.s.cycles_source = intern_column(ps, COL_CYCLES_SOURCE, col[COL_CYCLES_SOURCE],
                                      &ignored);
    r.s.status = intern_column(ps, COL_STATUS, col[COL_STATUS], &ignored);
    r.s.signal = r.s.note = "";
    if (col[COL_SIGNAL])
        r.s.signal = intern_column(ps, COL_SIGNAL, col[COL_SIGNAL], &ignored);
    if (col[COL_NOTE])
        r.s.note = intern_column(ps, COL_NOTE, col[COL_NOTE], &ignored);
    if (read_provenance(ps, col, &r.s.lib) != 0 || parse_pair_columns(ps, col, &r.s) != 0 ||
        parse_run_columns(ps, col, &r.s) != 0)
        return -1;
    r.file = ps->name;
    r.line = ps->rec_line;
    if (check_rates(ps, &r) != 0)
        return -1;
    cb_csv_add(ps->set, &r);
    return 0;
}

int cb_csv_read_buffer(cb_csv_set *set, const char *name, const char *data, size_t len,
                       char *err, size_t errlen)
{
    parser ps;
    memset(&ps, 0, sizeof ps);
    ps.set = set;
    ps.name = cb_csv_intern(set, name, strlen(name));
    ps.pos = data;
    ps.end = data + len;
    ps.line = 1;
    ps.err = err;
    ps.errlen = errlen;
    size_t keep = set->nrows;
    /* A spreadsheet that re-saved the file may have put a UTF-8 byte order mark first. */
    if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0)
        ps.pos += 3;
    int rc = 0, any = 0;
    for (;;) {
        int got = next_record(&ps);
        if (got < 0) {
            rc = -1;
            break;
        }
        if (got == 0)
            break;
        any = 1;
        if (field_is(&ps.f[0], column_names[COL_SCHEMA])) {
            /* A header: the first line, or the next file of a concatenation. */
            rc = read_header(&ps);
        } else if (!ps.have_header) {
            char first[48], shown[CB_PRINTABLE_LEN];
            size_t fl = ps.f[0].len < sizeof first - 1 ? ps.f[0].len : sizeof first - 1;
            snprintf(first, sizeof first, "%.*s", (int)fl, ps.f[0].p);
            rc = fail(&ps, ps.rec_line, "the first line is not a cryptobench CSV header: it "
                      "starts with '%s'%s, where a header starts with 'schema'%s",
                      cb_printable(first, shown, sizeof shown), fl < ps.f[0].len ? "..." : "",
                      looks_like_log(data, len)
                          ? "; it looks like an openssl speed or tcrypt log, which "
                            "`cryptobench import LOG -o FILE.csv` turns into one."
                          : "; is this a cryptobench CSV file?");
        } else {
            rc = read_row(&ps);
        }
        if (rc != 0)
            break;
    }
    if (rc == 0 && !any)
        rc = fail(&ps, 1, "the file is empty; a cryptobench CSV file starts with a header "
                  "row.");
    free(ps.scratch);
    if (rc != 0)
        set->nrows = keep;
    return rc;
}

/* The limits of a file cb_csv_load reads (a results CSV or another tool's log or
 * JSON): far past any run's, a minified JSON included, and refused well before a
 * stream such as /dev/zero fills memory. */
static const cb_infile_limits load_limits = {(size_t)64 << 20, (size_t)16 << 20,
                                             "results file or log"};

char *cb_csv_load(const char *path, size_t *len, char *err, size_t errlen)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        set_err(err, errlen, "%s: cannot open: %s.", path, strerror(errno));
        return NULL;
    }
    char why[200];
    char *data = cb_infile_read(f, &load_limits, len, why, sizeof why);
    if (!is_stdin)
        fclose(f);
    if (!data)
        set_err(err, errlen, "%s: %s", path, why);
    return data;
}

int cb_csv_read_file(cb_csv_set *set, const char *path, char *err, size_t errlen)
{
    size_t len = 0;
    char *data = cb_csv_load(path, &len, err, errlen);
    if (!data)
        return -1;
    int rc = cb_csv_read_buffer(set, strcmp(path, "-") ? path : "<stdin>", data, len, err,
                                errlen);
    free(data);
    return rc;
}
