/*
 * reports/import.c - `openssl speed` output (tables, progress lines, -mr lines) and
 * Linux tcrypt logs into CSV rows.  See import.h for the forms recognised.
 *
 * The log is read in two passes' worth of state: progress lines give exact counts
 * and times, tables give rates; a table value takes the counts of the progress line
 * for the same name and size when there is one, and progress lines without a table
 * (a log cut short) still give samples.
 */
#include "reports/import.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "harness/common.h"
#include "kernels/registry.h"

#define MAX_TOKENS 48
#define MAX_SIZES 32
#define NAME_LEN 64

/* Directions of public-key lines; 0 is "not public key". */
enum { PK_NONE, PK_SIGN, PK_VERIFY };

/* measure: one value found in the log. */
typedef struct measure {
    char name[NAME_LEN];  /* as the log spells it, or "rsa"/"dsa" */
    size_t size;          /* block bytes, or key bits for public key */
    int pk;               /* PK_NONE, PK_SIGN, PK_VERIFY */
    double rate;          /* bytes/s (symmetric) or ops/s (public key); < 0 if none */
    uint64_t count;       /* progress lines: operations ... */
    double secs;          /* ... in this many seconds */
    int used;             /* a progress line already given to a table value */
    unsigned long line;
    const cb_alg *alg;    /* tcrypt samples: resolved when the line is read */
    char driver[NAME_LEN];/* tcrypt samples: the driver, our variant */
    char dir[16];         /* tcrypt samples: encrypt, decrypt or digest */
} measure;

typedef struct mlist {
    measure *v;
    size_t n, cap;
} mlist;

/* importer: everything gathered while reading one log. */
typedef struct importer {
    const char *name;
    const cb_import_opts *o;
    char *err;
    size_t errlen;
    unsigned long line;
    mlist progress, values;
    mlist tcrypt;          /* tcrypt samples: name is our algorithm, rate in ops/s */
    /* table state */
    size_t sizes[MAX_SIZES], nsizes;
    int in_table;
    char pk_cols[MAX_TOKENS][16];
    size_t npk_cols;
    int in_pk_table;
    size_t mr_sizes[MAX_SIZES], nmr_sizes;
    char mr_name[NAME_LEN];  /* from +DT, waiting for +R */
    size_t mr_size;
    int mr_pk;
    /* tcrypt state */
    char tc_alg[NAME_LEN], tc_driver[NAME_LEN], tc_dir[16];
    /* run description */
    char version[96], compiler[256], options[160], cpuinfo[160];
    int wall;
    int tcrypt_seen, openssl_seen;
    size_t cycles_skipped, updates_skipped;
    char skipped[512];
} importer;

static int fail(importer *im, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(importer *im, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(im->err, im->errlen, "%s:%lu: %s", im->name, im->line, msg);
    return -1;
}

static measure *push(mlist *l)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        l->v = cb_xrealloc(l->v, l->cap * sizeof *l->v);
    }
    measure *m = &l->v[l->n++];
    memset(m, 0, sizeof *m);
    m->rate = -1;
    return m;
}

static void copy_name(char *dst, const char *src, size_t len)
{
    if (len >= NAME_LEN)
        len = NAME_LEN - 1;
    memcpy(dst, src, len);
    dst[len] = 0;
}

/* ---- small parsers --------------------------------------------------------------- */

static int tokenize(char *s, char **tok)
{
    int n = 0;
    for (char *p = strtok(s, " \t"); p && n < MAX_TOKENS; p = strtok(NULL, " \t"))
        tok[n++] = p;
    return n;
}

static int all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* parse_count reads a whole number that is the whole of s. */
static int parse_count(const char *s, uint64_t *out)
{
    if (!all_digits(s) || strlen(s) > 19)
        return -1;
    *out = strtoull(s, NULL, 10);
    return 0;
}

/* parse_decimal reads "123.45" (digits, at most one '.'); the whole of s. */
static int parse_decimal(const char *s, size_t len, double *out)
{
    char buf[40];
    int dots = 0;
    if (len == 0 || len >= sizeof buf || !isdigit((unsigned char)s[0]))
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '.')
            dots++;
        else if (!isdigit((unsigned char)s[i]))
            return -1;
    }
    if (dots > 1)
        return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    *out = strtod(buf, NULL);
    return isfinite(*out) ? 0 : -1;
}

/* parse_table_value reads "1411716.28k" (x1000) or "9999.99" (bytes per second). */
static int parse_table_value(const char *s, double *out)
{
    size_t len = strlen(s);
    int k = len > 0 && s[len - 1] == 'k';
    if (parse_decimal(s, len - (size_t)k, out) != 0)
        return -1;
    if (k)
        *out *= 1000;
    return 0;
}

/* parse_seconds reads "2.99s". */
static int parse_seconds(const char *s, double *out)
{
    size_t len = strlen(s);
    if (len < 2 || s[len - 1] != 's')
        return -1;
    return parse_decimal(s, len - 1, out);
}

/* ---- `openssl speed` ------------------------------------------------------------- */

/* result_part reads "123 md5's in 2.99s" after a progress line's colon. */
static int result_part(const char *r, uint64_t *count, double *secs)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", r);
    char *tok[MAX_TOKENS];
    int n = tokenize(buf, tok);
    if (n < 3 || strcmp(tok[n - 2], "in") != 0)
        return -1;
    if (parse_count(tok[0], count) != 0 || parse_seconds(tok[n - 1], secs) != 0)
        return -1;
    return 0;
}

/* doing_pkey reads "Doing 512 bits private rsa's for 10s: 22531 512 bits private
 * RSA's in 9.99s" and the "rsa sign ops" / "sign dsa's" spellings. */
static int doing_pkey(importer *im, char *s)
{
    char *colon = strstr(s, ": ");
    if (!colon)
        return 0;
    *colon = 0;
    char *tok[MAX_TOKENS];
    int n = tokenize(s, tok);
    if (n < 4 || strcmp(tok[1], "bits") != 0)
        return 0;
    const char *alg = NULL;
    int pk = PK_NONE;
    for (int i = 2; i < n; i++) {
        char w[32];
        snprintf(w, sizeof w, "%s", tok[i]);
        size_t l = strlen(w);
        if (l > 2 && strcmp(w + l - 2, "'s") == 0)
            w[l - 2] = 0;
        if (!strcasecmp(w, "rsa") || !strcasecmp(w, "dsa"))
            alg = !strcasecmp(w, "rsa") ? "rsa" : "dsa";
        else if (!strcmp(w, "private") || !strcmp(w, "sign"))
            pk = PK_SIGN;
        else if (!strcmp(w, "public") || !strcmp(w, "verify"))
            pk = PK_VERIFY;
        else if (!strcmp(w, "encrypt") || !strcmp(w, "decrypt"))
            return 1; /* RSA encryption rows: no cryptobench operation to map them to */
    }
    uint64_t bits, count;
    double secs;
    if (!alg || pk == PK_NONE || parse_count(tok[0], &bits) != 0 ||
        result_part(colon + 2, &count, &secs) != 0)
        return 1;
    measure *m = push(&im->progress);
    snprintf(m->name, sizeof m->name, "%s", alg);
    m->size = (size_t)bits;
    m->pk = pk;
    m->count = count;
    m->secs = secs;
    m->line = im->line;
    return 1;
}

/*
 * doing_line reads a progress line.  The algorithm name may hold spaces, so it is
 * found from the right: "<name> for <N>s on <size> size blocks: " or
 * "<name> <N> times on <size> size blocks: ", with " ops" after the name in the
 * newer form.
 */
static int doing_line(importer *im, const char *line)
{
    if (strncmp(line, "Doing ", 6) != 0)
        return 0;
    char s[512];
    snprintf(s, sizeof s, "%s", line + 6);
    im->openssl_seen = 1;
    if (isdigit((unsigned char)s[0]) && strstr(s, " bits "))
        return doing_pkey(im, s);
    char *blocks = strstr(s, " size blocks: ");
    if (!blocks)
        return 1;
    *blocks = 0;
    char *on = strrchr(s, ' ');
    if (!on || on - s < 3 || strncmp(on - 3, " on", 3) != 0)
        return 1;
    uint64_t size, count;
    double secs;
    if (parse_count(on + 1, &size) != 0 || size == 0)
        return 1;
    on[-3] = 0; /* "<name> for 3s" or "<name> 20000000 times" */
    char *last = strrchr(s, ' ');
    if (!last)
        return 1;
    if (strcmp(last, " times") == 0) {
        *last = 0;
        last = strrchr(s, ' ');
        if (!last)
            return 1;
        *last = 0;
    } else {
        *last = 0;
        char *f = strrchr(s, ' ');
        if (!f || strcmp(f, " for") != 0)
            return 1;
        *f = 0;
    }
    size_t nl = strlen(s);
    if (nl > 4 && strcmp(s + nl - 4, " ops") == 0)
        s[nl - 4] = 0;
    if (result_part(blocks + 14, &count, &secs) != 0)
        return 1;
    measure *m = push(&im->progress);
    copy_name(m->name, s, strlen(s));
    m->size = (size_t)size;
    m->count = count;
    m->secs = secs;
    m->line = im->line;
    return 1;
}

/* type_header reads "type 16 bytes 64 bytes ...". */
static int type_header(importer *im, char **tok, int n)
{
    if (n < 3 || strcmp(tok[0], "type") != 0 || n % 2 == 0 || (n - 1) / 2 > MAX_SIZES)
        return 0;
    size_t k = 0;
    for (int i = 1; i < n; i += 2) {
        uint64_t v;
        if (parse_count(tok[i], &v) != 0 || v == 0 || strcmp(tok[i + 1], "bytes") != 0)
            return 0;
        im->sizes[k++] = (size_t)v;
    }
    im->nsizes = k;
    im->in_table = 1;
    im->in_pk_table = 0;
    im->openssl_seen = 1;
    return 1;
}

/* table_row reads "<name words> v1 v2 ... vK" under a type header. */
static int table_row(importer *im, char **tok, int n)
{
    int k = (int)im->nsizes;
    if (!im->in_table || n < k + 1)
        return 0;
    double v[MAX_SIZES];
    for (int i = 0; i < k; i++)
        if (parse_table_value(tok[n - k + i], &v[i]) != 0)
            return 0;
    char name[NAME_LEN] = "";
    for (int i = 0; i < n - k; i++)
        snprintf(name + strlen(name), sizeof name - strlen(name), "%s%s", i ? " " : "",
                 tok[i]);
    for (int i = 0; i < k; i++) {
        measure *m = push(&im->values);
        snprintf(m->name, sizeof m->name, "%s", name);
        m->size = im->sizes[i];
        m->rate = v[i];
        m->line = im->line;
    }
    return 1;
}

static int pk_word(const char *w)
{
    static const char *const words[] = {"sign", "verify", "sign/s", "verify/s", "encrypt",
                                        "decrypt", "encr./s", "decr./s", "op", "op/s", NULL};
    for (int i = 0; words[i]; i++)
        if (strcmp(w, words[i]) == 0)
            return 1;
    return 0;
}

/* pk_header reads "sign verify sign/s verify/s" (and longer variants). */
static int pk_header(importer *im, char **tok, int n)
{
    int has = 0;
    for (int i = 0; i < n; i++) {
        if (!pk_word(tok[i]))
            return 0;
        has |= strcmp(tok[i], "sign/s") == 0;
    }
    if (!has)
        return 0;
    for (int i = 0; i < n; i++)
        snprintf(im->pk_cols[i], sizeof im->pk_cols[i], "%s", tok[i]);
    im->npk_cols = (size_t)n;
    im->in_pk_table = 1;
    im->in_table = 0;
    im->openssl_seen = 1;
    return 1;
}

/* pk_row reads "rsa 2048 bits 0.000657s 0.000019s 1521.3 52067.6". */
static int pk_row(importer *im, char **tok, int n)
{
    uint64_t bits;
    if (!im->in_pk_table || n != (int)im->npk_cols + 3 || strcmp(tok[2], "bits") != 0 ||
        (strcmp(tok[0], "rsa") && strcmp(tok[0], "dsa")) || parse_count(tok[1], &bits))
        return 0;
    for (size_t c = 0; c < im->npk_cols; c++) {
        int pk = !strcmp(im->pk_cols[c], "sign/s") ? PK_SIGN
                 : !strcmp(im->pk_cols[c], "verify/s") ? PK_VERIFY : PK_NONE;
        double v;
        if (pk == PK_NONE)
            continue;
        if (parse_decimal(tok[3 + c], strlen(tok[3 + c]), &v) != 0)
            return fail(im, "'%s' in the %s column is not a number.", tok[3 + c],
                        im->pk_cols[c]);
        measure *m = push(&im->values);
        snprintf(m->name, sizeof m->name, "%s", tok[0]);
        m->size = (size_t)bits;
        m->pk = pk;
        m->rate = v;
        m->line = im->line;
    }
    return 1;
}

/* split_colons splits an -mr line at ':' into at most max fields. */
static int split_colons(char *s, char **f, int max)
{
    int n = 0;
    f[n++] = s;
    for (char *p = s; *p && n < max; p++)
        if (*p == ':') {
            *p = 0;
            f[n++] = p + 1;
        }
    return n;
}

/* mr_pk_values handles "+F2:k:bits:sign:verify" (rsa) and "+F3:..." (dsa).  OpenSSL
 * 1.x prints seconds per operation there, 3.x operations per second: values below
 * 1 are taken as times (no rsa or dsa size we run takes a second per operation). */
static int mr_pk_values(importer *im, char **f, int n, const char *alg)
{
    uint64_t bits;
    double v[2];
    if (n < 5 || parse_count(f[2], &bits) != 0 ||
        parse_decimal(f[3], strlen(f[3]), &v[0]) != 0 ||
        parse_decimal(f[4], strlen(f[4]), &v[1]) != 0)
        return fail(im, "a malformed %.3s line; expected +F2:index:bits:sign:verify.", f[0]);
    for (int i = 0; i < 2; i++) {
        if (v[i] <= 0)
            continue;
        measure *m = push(&im->values);
        snprintf(m->name, sizeof m->name, "%s", alg);
        m->size = (size_t)bits;
        m->pk = i ? PK_VERIFY : PK_SIGN;
        m->rate = v[0] < 1 && v[1] < 1 ? 1 / v[i] : v[i];
        m->line = im->line;
    }
    return 1;
}

/* mr_values handles "+H:16:64:..." and "+F:index:name:v1:v2...". */
static int mr_values(importer *im, char **f, int n)
{
    if (strcmp(f[0], "+H") == 0) {
        im->nmr_sizes = 0;
        for (int i = 1; i < n && im->nmr_sizes < MAX_SIZES; i++) {
            uint64_t v;
            if (parse_count(f[i], &v) != 0 || v == 0)
                return fail(im, "'%s' in the +H line is not a block size.", f[i]);
            im->mr_sizes[im->nmr_sizes++] = (size_t)v;
        }
        return 1;
    }
    if (!im->nmr_sizes)
        return fail(im, "a +F line before any +H line; the +H line gives the block sizes.");
    if ((size_t)(n - 3) != im->nmr_sizes)
        return fail(im, "the +F line has %d values where +H gave %zu block sizes.", n - 3,
                    im->nmr_sizes);
    for (int i = 3; i < n; i++) {
        double v;
        if (parse_decimal(f[i], strlen(f[i]), &v) != 0)
            return fail(im, "'%s' in the +F line is not a number.", f[i]);
        measure *m = push(&im->values);
        copy_name(m->name, f[2], strlen(f[2]));
        m->size = im->mr_sizes[i - 3];
        m->rate = v;
        m->line = im->line;
    }
    return 1;
}

/* mr_line reads the machine-readable lines of `openssl speed -mr`. */
static int mr_line(importer *im, const char *line)
{
    if (line[0] != '+')
        return 0;
    char s[1024];
    snprintf(s, sizeof s, "%s", line);
    char *f[MAX_TOKENS];
    int n = split_colons(s, f, MAX_TOKENS);
    im->openssl_seen = 1;
    if (!strcmp(f[0], "+DT") && n == 4) {
        uint64_t size;
        if (parse_count(f[3], &size) != 0)
            return fail(im, "'%s' in the +DT line is not a block size.", f[3]);
        copy_name(im->mr_name, f[1], strlen(f[1]));
        im->mr_size = (size_t)size;
        im->mr_pk = PK_NONE;
        return 1;
    }
    if (!strcmp(f[0], "+DTP") && n == 5) {
        uint64_t bits;
        if (parse_count(f[1], &bits) != 0)
            return fail(im, "'%s' in the +DTP line is not a key size.", f[1]);
        snprintf(im->mr_name, sizeof im->mr_name, "%s", f[3]);
        im->mr_size = (size_t)bits;
        im->mr_pk = !strcmp(f[2], "private") || !strcmp(f[2], "sign") ? PK_SIGN : PK_VERIFY;
        return 1;
    }
    if (!strncmp(f[0], "+R", 2) && n == 4 && im->mr_name[0]) {
        /* +R:count:name:secs after +DT; +R1..+R9:count:bits:secs after +DTP */
        uint64_t count;
        double secs;
        if (parse_count(f[1], &count) != 0 || parse_decimal(f[3], strlen(f[3]), &secs) != 0)
            return fail(im, "a malformed %s line; expected %s:count:name:seconds.", f[0],
                        f[0]);
        measure *m = push(&im->progress);
        snprintf(m->name, sizeof m->name, "%s", im->mr_name);
        m->size = im->mr_size;
        m->pk = im->mr_pk;
        m->count = count;
        m->secs = secs;
        m->line = im->line;
        im->mr_name[0] = 0;
        return 1;
    }
    if (!strcmp(f[0], "+H") || !strcmp(f[0], "+F"))
        return mr_values(im, f, n);
    if (!strcmp(f[0], "+F2"))
        return mr_pk_values(im, f, n, "rsa");
    if (!strcmp(f[0], "+F3"))
        return mr_pk_values(im, f, n, "dsa");
    return 1; /* other -mr lines (ecdsa, ecdh, ...) name nothing we measure */
}

/* about_line keeps what openssl says about itself for the run description. */
static int about_line(importer *im, const char *line)
{
    static const struct { const char *prefix; size_t off; size_t len; } keys[] = {
        {"version: ", offsetof(importer, version), sizeof ((importer *)0)->version},
        {"compiler: ", offsetof(importer, compiler), sizeof ((importer *)0)->compiler},
        {"options:", offsetof(importer, options), sizeof ((importer *)0)->options},
        {"CPUINFO: ", offsetof(importer, cpuinfo), sizeof ((importer *)0)->cpuinfo},
    };
    if (strstr(line, "measure elapsed time instead of user CPU time")) {
        im->wall = 1;
        return 1;
    }
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        size_t pl = strlen(keys[i].prefix);
        if (strncmp(line, keys[i].prefix, pl) == 0) {
            const char *v = line + pl;
            while (*v == ' ')
                v++;
            snprintf((char *)im + keys[i].off, keys[i].len, "%s", v);
            return 1;
        }
    }
    return 0;
}

/* note_skipped lists a name we have no algorithm for, once. */
static void note_skipped(importer *im, const char *name)
{
    char quoted[NAME_LEN + 4];
    snprintf(quoted, sizeof quoted, "'%s'", name);
    if (strstr(im->skipped, quoted))
        return;
    size_t used = strlen(im->skipped);
    if (used + strlen(quoted) + 8 < sizeof im->skipped)
        snprintf(im->skipped + used, sizeof im->skipped - used, "%s%s", used ? ", " : "",
                 quoted);
}

/* ---- Linux tcrypt ---------------------------------------------------------------- */

/* tcrypt_alg maps a crypto API name and key size to ours: cbc(aes) + 128 is
 * aes-128-cbc, cbc(des3_ede) is des-ede3-cbc, hashes keep their names. */
static const cb_alg *tcrypt_alg(const char *name, unsigned key_bits)
{
    char mode[16], cipher[24], buf[64];
    const char *open = strchr(name, '(');
    size_t ml = open ? (size_t)(open - name) : 0;
    if (!open || ml >= sizeof mode || strlen(open + 1) >= sizeof cipher)
        return cb_alg_find(name);
    memcpy(mode, name, ml);
    mode[ml] = 0;
    snprintf(cipher, sizeof cipher, "%s", open + 1);
    char *close = strchr(cipher, ')');
    if (!close || close[1])
        return NULL;
    *close = 0;
    if (!strcmp(cipher, "aes"))
        snprintf(buf, sizeof buf, "aes-%u-%s", key_bits, mode);
    else if (!strcmp(cipher, "des3_ede"))
        snprintf(buf, sizeof buf, "des-ede3-%s", mode);
    else
        snprintf(buf, sizeof buf, "%s-%s", cipher, mode);
    return cb_alg_find(buf);
}

/* tcrypt_heading reads "testing speed of [async ]cbc(aes) (cbc-aes-ce) decryption". */
static int tcrypt_heading(importer *im, const char *line)
{
    const char *p = strstr(line, "testing speed of ");
    if (!p)
        return 0;
    p += 17;
    if (!strncmp(p, "async ", 6))
        p += 6;
    else if (!strncmp(p, "multibuffer ", 12))
        p += 12;
    const char *sp = strstr(p, " (");
    const char *close = sp ? strchr(sp + 2, ')') : NULL;
    im->tcrypt_seen = 1;
    im->tc_alg[0] = 0;
    if (!sp || !close)
        return 1;
    copy_name(im->tc_alg, p, (size_t)(sp - p));
    copy_name(im->tc_driver, sp + 2, (size_t)(close - sp - 2));
    const char *dir = close + 1;
    while (*dir == ' ')
        dir++;
    snprintf(im->tc_dir, sizeof im->tc_dir, "%s",
             !strncmp(dir, "encryption", 10) ? "encrypt"
             : !strncmp(dir, "decryption", 10) ? "decrypt" : "digest");
    return 1;
}

/* inner_number finds "<n> <what>" inside a test line's parentheses. */
static int inner_number(const char *inner, const char *what, uint64_t *out)
{
    const char *w = strstr(inner, what);
    if (!w)
        return 0;
    const char *d = w;
    while (d > inner && d[-1] == ' ')
        d--;
    const char *b = d;
    while (b > inner && isdigit((unsigned char)b[-1]))
        b--;
    if (b == d)
        return 0;
    *out = strtoull(b, NULL, 10);
    return 1;
}

/* tcrypt_test reads "test 4 (128 bit key, 8192 byte blocks): 95545 operations in 1
 * seconds (782704640 bytes)" and the hash form "... 1 updates): 123 opers/sec, ...". */
static int tcrypt_test(importer *im, const char *line)
{
    const char *p = line;
    if (strncmp(line, "test ", 5) != 0 || !im->tcrypt_seen)
        return 0;
    const char *open = strchr(p, '('), *close = open ? strstr(open, "): ") : NULL;
    if (!open || !close)
        return 0;
    char inner[128];
    copy_name(inner, open + 1, (size_t)(close - open - 1) < sizeof inner - 1
                                   ? (size_t)(close - open - 1) : sizeof inner - 1);
    uint64_t key = 0, block = 0, per_update = 0;
    inner_number(inner, "bit key", &key);
    if (!inner_number(inner, "byte blocks", &block) || block == 0 || !im->tc_alg[0])
        return 1;
    char rest[256];
    snprintf(rest, sizeof rest, "%s", close + 3);
    char *tok[MAX_TOKENS];
    int n = tokenize(rest, tok);
    uint64_t count, secs_whole;
    double rate = -1, secs = 0;
    if (n >= 5 && !strncmp(tok[1], "operation", 9) && !strcmp(tok[4], "seconds") &&
        !parse_count(tok[0], &count) && !parse_count(tok[3], &secs_whole) && secs_whole) {
        secs = (double)secs_whole;
    } else if (n >= 2 && !strcmp(tok[1], "opers/sec,") && !parse_count(tok[0], &count)) {
        if (inner_number(inner, "bytes per update", &per_update) && per_update != block) {
            im->updates_skipped++; /* several updates per digest: not our operation */
            return 1;
        }
        rate = (double)count;
    } else {
        im->cycles_skipped++; /* cycle-count mode: no time to turn into a rate */
        return 1;
    }
    const cb_alg *a = tcrypt_alg(im->tc_alg, (unsigned)key);
    if (!a) {
        note_skipped(im, im->tc_alg);
        return 1;
    }
    measure *m = push(&im->tcrypt);
    snprintf(m->name, sizeof m->name, "%s", a->name);
    m->alg = a;
    m->size = (size_t)block;
    m->rate = rate < 0 ? -1 : rate * (double)block; /* bytes per second, as tables give */
    m->count = rate < 0 ? count : 0;
    m->secs = secs;
    m->line = im->line;
    snprintf(m->driver, sizeof m->driver, "%s", im->tc_driver);
    snprintf(m->dir, sizeof m->dir, "%s", im->tc_dir);
    return 1;
}

/* ---- from measures to rows ------------------------------------------------------ */

/* openssl_alg maps an `openssl speed` name: EVP names and aliases directly, the
 * legacy table names ("aes-128 cbc", "des cbc", "des ede3") with dashes for spaces. */
static const cb_alg *openssl_alg(const measure *m)
{
    char buf[NAME_LEN + 8];
    if (m->pk != PK_NONE) {
        snprintf(buf, sizeof buf, "%s%zu", m->name, m->size);
        return cb_alg_find(buf);
    }
    const cb_alg *a = cb_alg_find(m->name);
    if (a)
        return a;
    snprintf(buf, sizeof buf, "%s", m->name);
    for (char *p = buf; *p; p++)
        if (*p == ' ')
            *p = '-';
    return cb_alg_find(buf);
}

/* emitter: turns measures into rows of one set. */
typedef struct emitter {
    cb_csv_set *set;
    const cb_run_info *run;
    const cb_import_opts *o;
    const char *name;        /* interned file name */
    long added;
} emitter;

static const char *intern(emitter *e, const char *s)
{
    return cb_csv_intern(e->set, s, strlen(s));
}

/* next_index counts the samples of the same case already emitted by this import. */
static unsigned next_index(emitter *e, size_t first, const cb_csv_row *r)
{
    unsigned k = 0;
    for (size_t i = first; i < cb_csv_set_count(e->set); i++) {
        const cb_sample *s = &cb_csv_set_row(e->set, i)->s;
        k += s->alg == r->s.alg && s->variant == r->s.variant &&
             s->direction == r->s.direction && s->block_bytes == r->s.block_bytes &&
             s->key_bits == r->s.key_bits;
    }
    return k;
}

/* emit adds one row: counts when the log gave them, else the rate. */
static void emit(emitter *e, size_t first, const cb_alg *a, const char *variant,
                 const char *dir, const measure *m, const measure *counts)
{
    cb_csv_row r;
    memset(&r, 0, sizeof r);
    int pk = a->kind == CB_KIND_PKEY;
    r.run = e->run;
    r.s.alg = intern(e, a->name);
    r.s.variant = intern(e, variant);
    r.s.direction = intern(e, dir);
    r.s.key_bits = pk ? (unsigned)m->size : a->key_bits;
    r.s.block_bytes = pk ? 0 : m->size;
    r.s.aead = e->o->aead && a->kind == CB_KIND_AEAD;
    r.s.cycles = -1;
    r.s.cycles_source = intern(e, "");
    r.s.status = intern(e, "imported");
    r.file = e->name;
    r.line = m->line;
    if (counts && counts->count && counts->secs > 0) {
        r.has_counts = 1;
        r.s.iterations = counts->count;
        r.s.seconds = counts->secs;
        r.ops_per_sec = (double)counts->count / counts->secs;
    } else {
        r.ops_per_sec = pk ? m->rate : m->rate / (double)m->size;
    }
    if (!(r.ops_per_sec > 0))
        return; /* openssl prints 0.00 for what it could not run */
    r.bytes_per_sec = r.ops_per_sec * (double)r.s.block_bytes;
    r.s.sample_index = next_index(e, first, &r);
    cb_csv_add(e->set, &r);
    e->added++;
}

static const char *openssl_dir(const importer *im, const cb_alg *a, int pk)
{
    if (pk != PK_NONE)
        return pk == PK_SIGN ? "sign" : "verify";
    if (a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC)
        return "digest";
    return im->o->decrypt ? "decrypt" : "encrypt";
}

/* find_progress returns the first unused progress measure for m's name and size. */
static measure *find_progress(importer *im, const measure *m)
{
    for (size_t i = 0; i < im->progress.n; i++) {
        measure *p = &im->progress.v[i];
        if (!p->used && p->size == m->size && p->pk == m->pk &&
            strcasecmp(p->name, m->name) == 0)
            return p;
    }
    return NULL;
}

static void emit_openssl(importer *im, emitter *e, size_t first)
{
    const char *variant = im->o->variant ? im->o->variant : "openssl";
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: table values (with counts when a progress line matches);
         * pass 1: progress lines no table value took. */
        mlist *l = pass ? &im->progress : &im->values;
        for (size_t i = 0; i < l->n; i++) {
            measure *m = &l->v[i];
            if (pass && m->used)
                continue;
            const cb_alg *a = openssl_alg(m);
            if (!a || (a->kind == CB_KIND_PKEY) != (m->pk != PK_NONE)) {
                note_skipped(im, m->name);
                continue;
            }
            measure *counts = pass ? m : find_progress(im, m);
            if (counts)
                counts->used = 1;
            emit(e, first, a, variant, openssl_dir(im, a, m->pk), m, counts);
        }
    }
}

static void emit_tcrypt(importer *im, emitter *e, size_t first)
{
    for (size_t i = 0; i < im->tcrypt.n; i++) {
        measure *m = &im->tcrypt.v[i];
        const char *variant = im->o->variant ? im->o->variant : m->driver;
        const char *dir = m->alg->kind == CB_KIND_DIGEST || m->alg->kind == CB_KIND_MAC
                              ? "digest" : m->dir;
        emit(e, first, m->alg, variant, dir, m, m);
    }
}

/* run_info describes the imported run from what the log said and the options. */
static const cb_run_info *run_info(importer *im, cb_csv_set *set)
{
    char tool[128];
    const char *base = strrchr(im->name, '/');
    base = base ? base + 1 : im->name;
    if (im->tcrypt_seen && !im->openssl_seen)
        snprintf(tool, sizeof tool, "linux tcrypt");
    else
        snprintf(tool, sizeof tool, "openssl%s%s", im->version[0] ? " " : "", im->version);
    const cb_import_opts *o = im->o;
    cb_run_info r = {
        tool, o->build ? o->build : base, "imported", im->compiler, im->options,
        o->host_arch ? o->host_arch : "", o->hostname ? o->hostname : "",
        o->cpu_model ? o->cpu_model : "", im->cpuinfo, im->cpuinfo, "none", "none",
        "none", im->wall || (im->tcrypt_seen && !im->openssl_seen) ? "wall" : "cpu", "",
    };
    return cb_csv_intern_run(set, &r);
}

/* ---- the loop ---------------------------------------------------------------------- */

/* strip_prefix drops a dmesg timestamp ("[  123.456789] ") and a "tcrypt: " tag. */
static const char *strip_prefix(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '[') {
        const char *close = strchr(s, ']');
        if (close)
            s = close + 1;
        while (*s == ' ')
            s++;
    }
    const char *tag = strstr(s, "tcrypt: ");
    if (tag)
        s = tag + 8;
    return s;
}

/* one_line offers a line to every recogniser; 0 or -1 on a malformed line. */
static int one_line(importer *im, char *line)
{
    const char *s = strip_prefix(line);
    int r;
    if ((r = doing_line(im, s)) || (r = mr_line(im, s)) || (r = about_line(im, s)) ||
        (r = tcrypt_heading(im, s)) || (r = tcrypt_test(im, s)))
        return r < 0 ? -1 : 0;
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", s);
    char *tok[MAX_TOKENS];
    int n = tokenize(copy, tok);
    if (n == 0)
        return 0;
    if ((r = type_header(im, tok, n)) || (r = table_row(im, tok, n)) ||
        (r = pk_header(im, tok, n)) || (r = pk_row(im, tok, n)))
        return r < 0 ? -1 : 0;
    im->in_table = im->in_pk_table = 0; /* anything else ends a table */
    return 0;
}

static void free_lists(importer *im)
{
    free(im->progress.v);
    free(im->values.v);
    free(im->tcrypt.v);
}

long cb_import_buffer(cb_csv_set *set, const char *name, const char *text, size_t len,
                      const cb_import_opts *o, FILE *warn, char *err, size_t errlen)
{
    importer *im = cb_xcalloc(1, sizeof *im);
    im->name = name;
    im->o = o;
    im->err = err;
    im->errlen = errlen;
    size_t first = cb_csv_set_count(set);
    long rc = 0;
    char line[1024];
    for (size_t pos = 0; pos < len && rc == 0;) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len, l = end - pos;
        if (l && text[end - 1] == '\r')
            l--;
        if (l >= sizeof line)
            l = sizeof line - 1;
        memcpy(line, text + pos, l);
        line[l] = 0;
        im->line++;
        if (strlen(line) == l) /* a line holding NUL bytes is not text: ignore it */
            rc = one_line(im, line);
        pos = end + 1;
    }
    if (rc == 0) {
        emitter e = {set, run_info(im, set), o, cb_csv_intern(set, name, strlen(name)), 0};
        emit_openssl(im, &e, first);
        emit_tcrypt(im, &e, first);
        rc = e.added;
        if (rc == 0) {
            im->line = 1;
            if (im->skipped[0])
                fail(im, "nothing to import: the log names only algorithms cryptobench does "
                     "not have (%s).", im->skipped);
            else
                fail(im, "nothing recognisable: no `openssl speed` table, progress or -mr "
                     "line, and no tcrypt line.");
            rc = -1;
        } else if (warn && im->skipped[0]) {
            fprintf(warn, "cryptobench: warning: %s: skipped names with no cryptobench "
                    "algorithm: %s.\n", name, im->skipped);
        }
        if (rc > 0 && warn && (im->cycles_skipped || im->updates_skipped))
            fprintf(warn, "cryptobench: warning: %s: skipped %zu tcrypt lines in cycle mode "
                    "and %zu with several updates per digest.\n", name, im->cycles_skipped,
                    im->updates_skipped);
    }
    if (rc < 0)
        cb_csv_set_truncate(set, first); /* keep nothing of a failed import */
    free_lists(im);
    free(im);
    return rc;
}

long cb_import_file(cb_csv_set *set, const char *path, const cb_import_opts *o, FILE *warn,
                    char *err, size_t errlen)
{
    size_t len;
    char *text = cb_csv_load(path, &len, err, errlen);
    if (!text)
        return -1;
    long rc = cb_import_buffer(set, strcmp(path, "-") ? path : "<stdin>", text, len, o,
                               warn, err, errlen);
    free(text);
    return rc;
}
