/*
 * reports/import.c - `openssl speed` output (tables, progress lines, -mr lines) and
 * Linux tcrypt logs into CSV rows.  See import.h for the forms recognised.
 *
 * The log is read in two passes' worth of state: progress lines give exact counts
 * and times, tables give rates; a table value takes the counts of the progress line
 * for the same name and size when there is one, and progress lines without a table
 * (a log cut short) still give samples.  Names are resolved when rows are emitted:
 * cryptobench's own spelling when it has the algorithm, a normalised one otherwise.
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

/* Public-key operations, one per rate column of OpenSSL's public-key tables; 0 is
 * "not public key".  pk_dirs gives each its CSV direction. */
enum { PK_NONE, PK_SIGN, PK_VERIFY, PK_ENCRYPT, PK_DECRYPT, PK_DERIVE, PK_KEYGEN,
       PK_ENCAPS, PK_DECAPS, PK_COUNT };
static const char *const pk_dirs[PK_COUNT] = {"", "sign", "verify", "encrypt", "decrypt",
                                              "derive", "keygen", "encaps", "decaps"};

/* measure: one value found in the log. */
typedef struct measure {
    char name[NAME_LEN];  /* symmetric: as the log spells it; public key: our name
                           * ("rsa2048", "ecdsa-nistp256"), "" when a progress line
                           * does not say it (the curve); tcrypt: our name */
    char family[16];      /* public key: "rsa", "ecdsa", ..., pairs progress and values */
    size_t size;          /* block bytes, or key bits for public key */
    int pk;               /* PK_NONE or the operation */
    double rate;          /* bytes/s (symmetric) or ops/s (public key); < 0 if none */
    double cycles;        /* tcrypt cycle mode: cycles per operation; 0 if none */
    uint64_t count;       /* progress lines: operations ... */
    double secs;          /* ... in this many seconds */
    int used;             /* a progress line already given to a table value */
    unsigned long line;
    unsigned key_bits;    /* tcrypt samples: resolved when the line is read ... */
    int known;            /* ... whether cryptobench has the algorithm, */
    char driver[NAME_LEN];/* the driver (our variant) */
    char dir[16];         /* and encrypt, decrypt or digest */
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
    mlist tcrypt;          /* tcrypt samples: name is our algorithm, rate in bytes/s */
    /* table state */
    size_t sizes[MAX_SIZES], nsizes;
    int in_table;
    int pk_cols[MAX_TOKENS]; /* per column: the operation of a rate, -1 for a time */
    char pk_words[MAX_TOKENS][12]; /* the heading's words, for messages */
    size_t npk_cols;
    int in_pk_table;
    size_t mr_sizes[MAX_SIZES], nmr_sizes;
    measure mr_pending;    /* from +DT or +DTP, waiting for its +R line */
    /* tcrypt state */
    char tc_alg[NAME_LEN], tc_driver[NAME_LEN], tc_dir[16];
    /* run description */
    char version[96], compiler[256], options[160], cpuinfo[160];
    int wall;
    int tcrypt_seen, openssl_seen;
    /* what the warnings report */
    size_t unnamed_mr, curveless, tc_unread;
    char foreign[1024];    /* names kept that cryptobench cannot run */
    size_t foreign_more;   /* ... and how many did not fit */
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

/* lower_copy copies src into dst (of size len) in lower case. */
static void lower_copy(char *dst, size_t len, const char *src)
{
    size_t i = 0;
    for (; src[i] && i + 1 < len; i++)
        dst[i] = (char)tolower((unsigned char)src[i]);
    dst[i] = 0;
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

/* word_op: a word of a public-key line and what it stands for. */
typedef struct word_op {
    const char *word;
    int op;
} word_op;

/* find_word looks w up in the n words of t, ignoring case; none when it is not there. */
static int find_word(const word_op *t, size_t n, const char *w, int none)
{
    for (size_t i = 0; i < n; i++)
        if (strcasecmp(w, t[i].word) == 0)
            return t[i].op;
    return none;
}

/* op_word maps a word of a public-key progress or +DTP line to its operation. */
static int op_word(const char *w)
{
    static const word_op words[] = {
        {"private", PK_SIGN},     {"sign", PK_SIGN},       {"public", PK_VERIFY},
        {"verify", PK_VERIFY},    {"encrypt", PK_ENCRYPT}, {"decrypt", PK_DECRYPT},
        {"keygen", PK_KEYGEN},    {"encaps", PK_ENCAPS},   {"decaps", PK_DECAPS},
    };
    return find_word(words, sizeof words / sizeof words[0], w, PK_NONE);
}

/* is_family_of reports whether family is one of the space-separated names. */
static int is_family_of(const char *family, const char *list)
{
    size_t n = strlen(family);
    for (const char *p = strstr(list, family); n && p; p = strstr(p + 1, family))
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
            return 1;
    return 0;
}

/*
 * pk_family recognises the algorithm word of a public-key line (rsa, dsa, ecdsa, ecdh,
 * ffdh, sm2, EdDSA, any case) and stores it in lower case; the progress and -mr lines
 * of EdDSA and SM2 name the curve instead ("sign Ed25519's", "sign CurveSM2's"), which
 * gives the family and the curve.  Returns 0 for any other word.
 */
static int pk_family(const char *w, char family[16], char curve[32])
{
    char low[32];
    lower_copy(low, sizeof low, w);
    if (is_family_of(low, "rsa dsa ecdsa ecdh ffdh sm2 eddsa")) {
        snprintf(family, 16, "%.15s", low);
        return 1;
    }
    int ed = strncmp(low, "ed", 2) == 0 && isdigit((unsigned char)low[2]);
    if (!ed && strcmp(low, "curvesm2") != 0)
        return 0;
    snprintf(family, 16, "%s", ed ? "eddsa" : "sm2");
    snprintf(curve, 32, "%s", low);
    return 1;
}

/* pk_name builds our name of a public-key algorithm: rsa2048, dsa1024, ffdh2048 (the
 * key size names them), ecdsa-nistp256, eddsa-ed25519 (the curve does); "" when the
 * curve is not known. */
static void pk_name(char *out, size_t len, const char *family, uint64_t bits,
                    const char *curve)
{
    if (is_family_of(family, "rsa dsa ffdh"))
        snprintf(out, len, "%s%llu", family, (unsigned long long)bits);
    else if (curve[0])
        snprintf(out, len, "%s-%s", family, curve);
    else
        out[0] = 0;
}

/*
 * doing_pkey reads "Doing 2048 bit private rsa's for 10s: 1234 2048 bit private RSA's
 * in 9.98s" (OpenSSL 1.0 says "bit", later versions "bits") and the later spellings
 * ("private rsa sign ops", "sign dsa ops", "sign ecdsa ops", " ecdh ops", "sign Ed25519
 * ops", "encrypt rsa ops").  Key agreement lines name no operation: derive.
 */
static int doing_pkey(importer *im, char *s)
{
    char *colon = strstr(s, ": ");
    if (!colon)
        return 0;
    *colon = 0;
    char *tok[MAX_TOKENS];
    int n = tokenize(s, tok);
    if (n < 4 || (strcmp(tok[1], "bits") != 0 && strcmp(tok[1], "bit") != 0))
        return 0;
    char family[16] = "", curve[32] = "";
    int op = PK_NONE;
    for (int i = 2; i < n; i++) {
        char w[32];
        snprintf(w, sizeof w, "%s", tok[i]);
        size_t l = strlen(w);
        if (l > 2 && strcmp(w + l - 2, "'s") == 0)
            w[l - 2] = 0;
        if (!family[0] && pk_family(w, family, curve))
            continue;
        if (op == PK_NONE)
            op = op_word(w);
    }
    if (op == PK_NONE && is_family_of(family, "ecdh ffdh"))
        op = PK_DERIVE;
    uint64_t bits, count;
    double secs;
    if (!family[0] || op == PK_NONE || parse_count(tok[0], &bits) != 0 ||
        result_part(colon + 2, &count, &secs) != 0)
        return 1;
    measure *m = push(&im->progress);
    snprintf(m->family, sizeof m->family, "%s", family);
    pk_name(m->name, sizeof m->name, family, bits, curve);
    m->size = (size_t)bits;
    m->pk = op;
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
    if (isdigit((unsigned char)s[0]) && (strstr(s, " bits ") || strstr(s, " bit ")))
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

/* pk_column maps a word of a public-key table heading to the operation of a rate
 * column ("sign/s", "encr./s", "op/s", "keygens/s" ...), -1 for a time column ("sign",
 * "op", "signs" ...), or -2 for a word no heading holds. */
static int pk_column(const char *w)
{
    static const word_op words[] = {
        {"sign/s", PK_SIGN},     {"verify/s", PK_VERIFY},   {"encr./s", PK_ENCRYPT},
        {"decr./s", PK_DECRYPT}, {"op/s", PK_DERIVE},       {"keygens/s", PK_KEYGEN},
        {"encaps/s", PK_ENCAPS}, {"decaps/s", PK_DECAPS},   {"sign", -1},
        {"verify", -1},          {"encrypt", -1},           {"decrypt", -1},
        {"op", -1},              {"keygen", -1},            {"encaps", -1},
        {"decaps", -1},          {"signs", -1},
    };
    return find_word(words, sizeof words / sizeof words[0], w, -2);
}

/* pk_header reads a public-key table heading: "sign verify sign/s verify/s", "op
 * op/s", "keygen encaps decaps keygens/s encaps/s decaps/s" and the others. */
static int pk_header(importer *im, char **tok, int n)
{
    int rates = 0;
    for (int i = 0; i < n; i++) {
        int c = pk_column(tok[i]);
        if (c == -2)
            return 0;
        rates += c >= 0;
    }
    if (!rates)
        return 0;
    for (int i = 0; i < n; i++) {
        im->pk_cols[i] = pk_column(tok[i]);
        snprintf(im->pk_words[i], sizeof im->pk_words[i], "%s", tok[i]);
    }
    im->npk_cols = (size_t)n;
    im->in_pk_table = 1;
    im->in_table = 0;
    im->openssl_seen = 1;
    return 1;
}

/*
 * pk_row_name reads the tokens before a public-key row's values into m: "rsa 2048
 * bits" (and dsa), "160 bit ecdsa (secp160r1)" (ecdsa, ecdh, EdDSA, SM2), "2048 bits
 * ffdh", or the one word of the KEM and signature tables ("ML-KEM-512"), which is kept
 * in lower case with no key size.  Returns 0 when the tokens are none of these.
 */
static int pk_row_name(char **tok, int np, measure *m)
{
    if (np == 1) {
        lower_copy(m->name, sizeof m->name, tok[0]);
        return 1;
    }
    char curve[32] = "", ignored[32];
    const char *num = tok[0], *unit = tok[1], *fam = tok[2];
    if (np == 3 && (!strcasecmp(tok[0], "rsa") || !strcasecmp(tok[0], "dsa"))) {
        fam = tok[0];
        num = tok[1];
        unit = tok[2];
    } else if (np == 4) {
        size_t l = strlen(tok[3]);
        if (l < 3 || l - 2 >= sizeof curve || tok[3][0] != '(' || tok[3][l - 1] != ')')
            return 0;
        lower_copy(curve, l - 1, tok[3] + 1);
    } else if (np != 3) {
        return 0;
    }
    uint64_t bits;
    if ((strcmp(unit, "bits") != 0 && strcmp(unit, "bit") != 0) ||
        parse_count(num, &bits) != 0 || bits == 0 || !pk_family(fam, m->family, ignored))
        return 0;
    /* curves name ecdsa, ecdh, EdDSA and SM2 keys; the key size names the others */
    if ((np == 4) == is_family_of(m->family, "rsa dsa ffdh"))
        return 0;
    m->size = (size_t)bits;
    pk_name(m->name, sizeof m->name, m->family, bits, curve);
    return 1;
}

/* pk_row reads one row of a public-key table: its name, then one value per column of
 * the heading; the rates become measures, the times (ending in 's') are checked only. */
static int pk_row(importer *im, char **tok, int n)
{
    int k = (int)im->npk_cols;
    measure id;
    memset(&id, 0, sizeof id);
    if (!im->in_pk_table || n <= k || !pk_row_name(tok, n - k, &id))
        return 0;
    for (int c = 0; c < k; c++) {
        const char *t = tok[n - k + c];
        if (im->pk_cols[c] < 0 && t[strlen(t) - 1] != 's')
            return 0;
    }
    for (int c = 0; c < k; c++) {
        const char *t = tok[n - k + c];
        double v;
        if (im->pk_cols[c] < 0)
            continue;
        if (parse_decimal(t, strlen(t), &v) != 0)
            return fail(im, "'%s' in the %s column is not a number.", t, im->pk_words[c]);
        measure *m = push(&im->values);
        *m = id;
        m->pk = im->pk_cols[c];
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

/*
 * The curves of +F4 and +F5 lines, which name a curve only by its index in OpenSSL's
 * table: the same for the first 16 from 1.0 to 3.x, then brainpool, X25519 and X448
 * (a build without binary curves shifts them).  The bits must confirm the index;
 * otherwise a curve alone in its size is found by the bits (X25519 sat at index 16 in
 * 1.1.0), and anything else is named by size and index.
 */
static const struct {
    const char *name;
    unsigned bits;
} mr_curves[] = {
    {"secp160r1", 160},       {"nistp192", 192},        {"nistp224", 224},
    {"nistp256", 256},        {"nistp384", 384},        {"nistp521", 521},
    {"nistk163", 163},        {"nistk233", 233},        {"nistk283", 283},
    {"nistk409", 409},        {"nistk571", 571},        {"nistb163", 163},
    {"nistb233", 233},        {"nistb283", 283},        {"nistb409", 409},
    {"nistb571", 571},        {"brainpoolp256r1", 256}, {"brainpoolp256t1", 256},
    {"brainpoolp384r1", 384}, {"brainpoolp384t1", 384}, {"brainpoolp512r1", 512},
    {"brainpoolp512t1", 512}, {"x25519", 253},          {"x448", 448},
};

#define N_MR_CURVES (sizeof mr_curves / sizeof mr_curves[0])

/* mr_curve names the curve of a +F4/+F5 line's index and bits (see mr_curves). */
static void mr_curve(char curve[32], uint64_t index, uint64_t bits)
{
    if (index < N_MR_CURVES && mr_curves[index].bits == bits) {
        snprintf(curve, 32, "%s", mr_curves[index].name);
        return;
    }
    size_t hits = 0, hit = 0;
    for (size_t i = 0; i < N_MR_CURVES; i++)
        if (mr_curves[i].bits == bits) {
            hits++;
            hit = i;
        }
    if (hits == 1)
        snprintf(curve, 32, "%s", mr_curves[hit].name);
    else
        snprintf(curve, 32, "%llubits-index%llu", (unsigned long long)bits,
                 (unsigned long long)index);
}

/* The -mr public-key result lines: tag, family, whether a curve name follows the bits,
 * the operations of the value fields, and how many value fields there may be. */
static const struct mr_form {
    const char *tag, *family, *shape;
    int named;
    int ops[4];
    int nvals, nvals_alt; /* +F2 has 4 values from OpenSSL 3.2 on */
    int reciprocal;       /* the two values are a rate and its reciprocal */
} mr_forms[] = {
    {"+F2", "rsa", "index:bits:sign:verify[:encrypt:decrypt]", 0,
     {PK_SIGN, PK_VERIFY, PK_ENCRYPT, PK_DECRYPT}, 2, 4, 0},
    {"+F3", "dsa", "index:bits:sign:verify", 0, {PK_SIGN, PK_VERIFY}, 2, 2, 0},
    {"+F4", "ecdsa", "index:bits:sign:verify", 0, {PK_SIGN, PK_VERIFY}, 2, 2, 0},
    {"+F5", "ecdh", "index:bits:value:value", 0, {PK_DERIVE}, 2, 2, 1},
    {"+F6", "eddsa", "index:bits:curve:sign:verify", 1, {PK_SIGN, PK_VERIFY}, 2, 2, 0},
    {"+F7", "sm2", "index:bits:curve:sign:verify", 1, {PK_SIGN, PK_VERIFY}, 2, 2, 0},
    {"+F8", "ffdh", "index:bits:value:value", 0, {PK_DERIVE}, 2, 2, 1},
};

/*
 * mr_pk_values turns one +F2..+F8 line into measures.  OpenSSL 1.0 prints seconds per
 * operation in the sign and verify fields, later versions operations per second: when
 * every value is below 1 they are times (no size OpenSSL measures takes a second per
 * operation).  +F5 and +F8 give a rate and its reciprocal, in an order that changed
 * between versions: the larger is the rate.
 */
static int mr_pk_values(importer *im, const struct mr_form *form, char **f, int n)
{
    int nvals = n - 3 - form->named;
    uint64_t index, bits;
    double v[4];
    int ok = (nvals == form->nvals || nvals == form->nvals_alt) &&
             parse_count(f[1], &index) == 0 && parse_count(f[2], &bits) == 0 && bits > 0;
    int times = 1;
    for (int i = 0; ok && i < nvals; i++) {
        const char *t = f[3 + form->named + i];
        ok = parse_decimal(t, strlen(t), &v[i]) == 0;
        times &= ok && v[i] < 1;
    }
    if (!ok)
        return fail(im, "a malformed %s line; expected %s:%s.", form->tag, form->tag,
                    form->shape);
    char curve[32] = "";
    if (form->named)
        lower_copy(curve, sizeof curve, f[3]);
    else if (!is_family_of(form->family, "rsa dsa ffdh"))
        mr_curve(curve, index, bits);
    if (form->reciprocal) {
        v[0] = fmax(v[0], v[1]);
        nvals = 1;
    } else if (times) {
        for (int i = 0; i < nvals; i++)
            v[i] = v[i] > 0 ? 1 / v[i] : 0;
    }
    for (int i = 0; i < nvals; i++) {
        if (!(v[i] > 0))
            continue; /* an operation OpenSSL did not run */
        measure *m = push(&im->values);
        snprintf(m->family, sizeof m->family, "%s", form->family);
        pk_name(m->name, sizeof m->name, form->family, bits, curve);
        m->size = (size_t)bits;
        m->pk = form->ops[i];
        m->rate = v[i];
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

/*
 * mr_announce reads the lines that announce a measurement, whose +R line follows:
 * "+DT:name:seconds:size" (+DN:name:count:size without alarm) and
 * "+DTP:bits:operation:algorithm:seconds" (+DNP:count:bits:operation:algorithm).
 */
static int mr_announce(importer *im, char **f, int n)
{
    measure *p = &im->mr_pending;
    memset(p, 0, sizeof *p);
    uint64_t v;
    if ((!strcmp(f[0], "+DT") || !strcmp(f[0], "+DN")) && n == 4) {
        if (parse_count(f[3], &v) != 0)
            return fail(im, "'%s' in the %s line is not a block size.", f[3], f[0]);
        copy_name(p->name, f[1], strlen(f[1]));
        p->size = (size_t)v;
        return 1;
    }
    int dnp = !strcmp(f[0], "+DNP");
    if ((!strcmp(f[0], "+DTP") && n == 5) || (dnp && n == 5)) {
        char **g = f + dnp; /* bits, operation, algorithm */
        char curve[32] = "";
        if (parse_count(g[1], &v) != 0)
            return fail(im, "'%s' in the %s line is not a key size.", g[1], f[0]);
        if (!pk_family(g[3], p->family, curve))
            return 1; /* an algorithm no table of ours holds */
        p->pk = op_word(g[2]);
        if (p->pk == PK_NONE && is_family_of(p->family, "ecdh ffdh"))
            p->pk = PK_DERIVE;
        pk_name(p->name, sizeof p->name, p->family, v, curve);
        p->size = (size_t)v;
        if (p->pk == PK_NONE)
            p->family[0] = 0;
    }
    return 1;
}

/* mr_result reads "+R:count:name:seconds" after +DT and "+R1..+R9:count:bits[:curve]:
 * seconds" after +DTP. */
static int mr_result(importer *im, char **f, int n)
{
    measure *p = &im->mr_pending;
    if (!p->name[0] && !p->family[0])
        return 1;
    uint64_t count;
    double secs;
    if ((n != 4 && n != 5) || parse_count(f[1], &count) != 0 ||
        parse_decimal(f[n - 1], strlen(f[n - 1]), &secs) != 0)
        return fail(im, "a malformed %s line; expected %s:count:name:seconds.", f[0], f[0]);
    measure *m = push(&im->progress);
    *m = *p;
    m->count = count;
    m->secs = secs;
    m->line = im->line;
    memset(p, 0, sizeof *p);
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
    if (!strncmp(f[0], "+D", 2))
        return mr_announce(im, f, n);
    if (!strncmp(f[0], "+R", 2))
        return mr_result(im, f, n);
    if (!strcmp(f[0], "+H") || !strcmp(f[0], "+F"))
        return mr_values(im, f, n);
    for (size_t i = 0; i < sizeof mr_forms / sizeof mr_forms[0]; i++)
        if (!strcmp(f[0], mr_forms[i].tag))
            return mr_pk_values(im, &mr_forms[i], f, n);
    if (!strcmp(f[0], "+F9") || !strcmp(f[0], "+F10"))
        im->unnamed_mr++; /* KEM and signature results carry only an index */
    return 1;
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

/* ---- Linux tcrypt ---------------------------------------------------------------- */

/* block_mode reports whether a crypto API template is a block-cipher mode. */
static int block_mode(const char *mode)
{
    static const char *const modes[] = {"ecb", "cbc", "ctr", "cfb", "ofb", "xts",
                                        "lrw", "pcbc", "cts", "gcm", "ccm", "ocb"};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (strcmp(mode, modes[i]) == 0)
            return 1;
    return 0;
}

/* symmetric_alg returns cryptobench's algorithm called name and writes its canonical
 * spelling over name; NULL (name unchanged) when it has none or a public-key one. */
static const cb_alg *symmetric_alg(char *name, size_t len)
{
    const cb_alg *a = cb_alg_find(name);
    if (!a || a->kind == CB_KIND_PKEY)
        return NULL;
    snprintf(name, len, "%s", a->name);
    return a;
}

/*
 * tcrypt_name writes our name for a crypto API name and key size into out: a block
 * mode over one cipher becomes OpenSSL's spelling, cbc(aes) with a 128-bit key
 * aes-128-cbc, cbc(des3_ede) des-ede3-cbc, cbc(camellia) camellia-128-cbc, and
 * xts(aes) with a 256-bit key (two AES keys) aes-128-xts; hashes and other shapes
 * (hmac(sha256), rfc4106(gcm(aes))) keep the API name.  Returns cryptobench's
 * algorithm when it has one.
 */
static const cb_alg *tcrypt_name(const char *api, unsigned key_bits, char *out, size_t len)
{
    char mode[16], cipher[24];
    const char *open = strchr(api, '('), *close = open ? strchr(open, ')') : NULL;
    size_t ml = open ? (size_t)(open - api) : 0, cl = close ? (size_t)(close - open - 1) : 0;
    lower_copy(out, len, api);
    if (!close || close[1] || ml == 0 || ml >= sizeof mode || cl == 0 || cl >= sizeof cipher)
        return symmetric_alg(out, len);
    lower_copy(mode, ml + 1, api);
    lower_copy(cipher, cl + 1, open + 1);
    if (!block_mode(mode) || strchr(cipher, '('))
        return symmetric_alg(out, len);
    unsigned bits = strcmp(mode, "xts") == 0 ? key_bits / 2 : key_bits;
    if (strcmp(cipher, "des3_ede") == 0)
        snprintf(out, len, "des-ede3-%s", mode);
    else if (strcmp(cipher, "des") == 0)
        snprintf(out, len, "des-%s", mode);
    else if (bits)
        snprintf(out, len, "%s-%u-%s", cipher, bits, mode);
    else
        snprintf(out, len, "%s-%s", cipher, mode);
    return symmetric_alg(out, len);
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
    if (b == d || d - b > 19)
        return 0;
    *out = strtoull(b, NULL, 10);
    return 1;
}

/*
 * tcrypt_result reads what follows a test line's "): " into m: "95545 operations in 1
 * seconds (...)" and "123 opers/sec, ..." (counted in time), "1 operation in 232
 * cycles (16 bytes)" and "1234 cycles/operation, 77 cycles/byte" (cycle mode: tcrypt
 * averages 8 runs and prints cycles per operation).  Returns 0 for any other form.
 */
static int tcrypt_result(const char *result, size_t block, measure *m)
{
    char rest[256];
    snprintf(rest, sizeof rest, "%s", result);
    char *tok[MAX_TOKENS];
    int n = tokenize(rest, tok);
    uint64_t a, b;
    if (n >= 5 && !strncmp(tok[1], "operation", 9) && !strcmp(tok[2], "in") &&
        !parse_count(tok[0], &a) && !parse_count(tok[3], &b)) {
        if (!strcmp(tok[4], "seconds") && b) {
            m->count = a;
            m->secs = (double)b;
            return 1;
        }
        if (!strcmp(tok[4], "cycles")) {
            m->cycles = a ? (double)b / (double)a : 0;
            return 1;
        }
        return 0;
    }
    if (n >= 2 && !parse_count(tok[0], &a)) {
        if (!strcmp(tok[1], "opers/sec,")) {
            m->rate = (double)a * (double)block; /* bytes per second, as tables give */
            return 1;
        }
        if (!strcmp(tok[1], "cycles/operation,")) {
            m->cycles = (double)a;
            return 1;
        }
    }
    return 0;
}

/*
 * tcrypt_test reads "test 4 (128 bit key, 8192 byte blocks): <result>" and the hash
 * form "test 1 (64 byte blocks, 16 bytes per update, 4 updates): <result>".  A hash
 * fed in several updates is another operation than one digest of the block: it is
 * kept as its own algorithm, "sha256-16B-updates", so it never meets the one-update
 * case in a comparison.
 */
static int tcrypt_test(importer *im, const char *line)
{
    if (strncmp(line, "test ", 5) != 0 || !im->tcrypt_seen)
        return 0;
    const char *open = strchr(line, '('), *close = open ? strstr(open, "): ") : NULL;
    if (!open || !close)
        return 0;
    char inner[128];
    size_t il = (size_t)(close - open - 1);
    snprintf(inner, sizeof inner, "%.*s", (int)(il < sizeof inner ? il : sizeof inner - 1),
             open + 1);
    uint64_t key = 0, block = 0, per_update = 0;
    inner_number(inner, "bit key", &key);
    if (!inner_number(inner, "byte blocks", &block) || block == 0 || key > UINT32_MAX ||
        !im->tc_alg[0])
        return 1;
    measure got;
    memset(&got, 0, sizeof got);
    got.rate = -1;
    if (!tcrypt_result(close + 3, (size_t)block, &got)) {
        im->tc_unread++;
        return 1;
    }
    measure *m = push(&im->tcrypt);
    *m = got;
    const cb_alg *a = tcrypt_name(im->tc_alg, (unsigned)key, m->name, sizeof m->name);
    int digest = !strcmp(im->tc_dir, "digest") ||
                 (a && (a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC));
    m->known = a != NULL;
    m->key_bits = digest ? 0 : a ? a->key_bits : (unsigned)key;
    if (digest && inner_number(inner, "bytes per update", &per_update) && per_update &&
        per_update != block) {
        size_t l = strlen(m->name);
        snprintf(m->name + l, sizeof m->name - l, "-%lluB-updates",
                 (unsigned long long)per_update);
        m->known = 0;
    }
    m->size = (size_t)block;
    m->line = im->line;
    snprintf(m->driver, sizeof m->driver, "%s", im->tc_driver);
    snprintf(m->dir, sizeof m->dir, "%s", digest ? "digest" : im->tc_dir);
    return 1;
}

/* ---- names of algorithms cryptobench does not have --------------------------------- */

/*
 * digest_like classifies a name cryptobench does not know: hashes, MACs and OpenSSL's
 * DRBG row ("rand") have no direction, so their rows are digests whatever -decrypt
 * said; everything else is a cipher.  Prefixes, so that sha3-256, sha512-224,
 * blake2b512, hmac(sha256) and rmd160 are covered:
 *   md2 md4 md5 mdc2 rmd ripemd sha shake keccak whirlpool blake2 sm3 hmac cmac gmac
 *   kmac ghash poly1305 siphash streebog rand
 */
static int digest_like(const char *name)
{
    static const char *const prefixes[] = {
        "md2",  "md4",   "md5",    "mdc2",    "rmd",  "ripemd",   "sha",
        "shake", "keccak", "whirlpool", "blake2", "sm3", "hmac", "cmac",
        "gmac", "kmac",  "ghash",  "poly1305", "siphash", "streebog", "rand",
    };
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return 1;
    return 0;
}

/* aead_like reports whether a cipher name is an AEAD mode (-aead applies to it). */
static int aead_like(const char *name)
{
    static const char *const parts[] = {"gcm", "ccm", "ocb", "siv", "poly1305"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (strstr(name, parts[i]))
            return 1;
    return 0;
}

/* key_bits_in finds a key size in a cipher name: a '-'-separated part that is 128, 192
 * or 256 (camellia-256-cbc, aria-128-gcm); 0 when there is none (rc4, bf-cbc). */
static unsigned key_bits_in(const char *name)
{
    for (const char *p = name; *p; p++) {
        if (p != name && p[-1] != '-')
            continue;
        unsigned v = 0;
        size_t n = 0;
        while (isdigit((unsigned char)p[n]) && n < 4)
            v = v * 10 + (unsigned)(p[n++] - '0');
        if (n == 3 && (p[n] == '-' || !p[n]) && (v == 128 || v == 192 || v == 256))
            return v;
    }
    return 0;
}

/* normalise writes an `openssl speed` name the way we keep it: lower case, each run of
 * blanks one '-' ("camellia-128 cbc" is camellia-128-cbc, "hmac(md5)" stays). */
static void normalise(char *out, size_t len, const char *name)
{
    size_t o = 0;
    for (const char *p = name; *p && o + 1 < len; p++) {
        if (*p == ' ' || *p == '\t') {
            if (o && out[o - 1] != '-')
                out[o++] = '-';
            continue;
        }
        out[o++] = (char)tolower((unsigned char)*p);
    }
    while (o && out[o - 1] == '-')
        o--;
    out[o] = 0;
}

/* ---- from measures to rows ------------------------------------------------------ */

/* resolved: what one row says about its case. */
typedef struct resolved {
    char alg[NAME_LEN];
    const char *dir;
    unsigned key_bits;
    size_t block;      /* 0 for public key */
    int aead;
    int known;         /* cryptobench times this algorithm and direction itself */
} resolved;

/* openssl_symmetric maps an `openssl speed` name: EVP names and aliases directly, the
 * legacy table names ("aes-128 cbc", "des cbc", "des ede3") with dashes for spaces. */
static const cb_alg *openssl_symmetric(const char *name)
{
    char buf[NAME_LEN];
    snprintf(buf, sizeof buf, "%s", name);
    const cb_alg *a = symmetric_alg(buf, sizeof buf);
    if (a)
        return a;
    for (char *p = buf; *p; p++)
        if (*p == ' ')
            *p = '-';
    return symmetric_alg(buf, sizeof buf);
}

/* resolve_openssl names the case of an `openssl speed` measure. */
static void resolve_openssl(const importer *im, const measure *m, resolved *r)
{
    memset(r, 0, sizeof *r);
    if (m->pk != PK_NONE) {
        const cb_alg *a = cb_alg_find(m->name);
        int ours = a && a->kind == CB_KIND_PKEY;
        snprintf(r->alg, sizeof r->alg, "%s", ours ? a->name : m->name);
        r->dir = pk_dirs[m->pk];
        r->key_bits = m->size ? (unsigned)m->size : ours ? a->key_bits : 0;
        r->known = ours && (m->pk == PK_SIGN || m->pk == PK_VERIFY);
        return;
    }
    const cb_alg *a = openssl_symmetric(m->name);
    int digest;
    r->block = m->size;
    if (a) {
        snprintf(r->alg, sizeof r->alg, "%s", a->name);
        digest = a->kind == CB_KIND_DIGEST || a->kind == CB_KIND_MAC;
        r->key_bits = a->key_bits;
        r->aead = im->o->aead && a->kind == CB_KIND_AEAD;
        r->known = 1;
    } else {
        normalise(r->alg, sizeof r->alg, m->name);
        digest = digest_like(r->alg);
        r->key_bits = digest ? 0 : key_bits_in(r->alg);
        r->aead = im->o->aead && !digest && aead_like(r->alg);
    }
    r->dir = digest ? "digest" : im->o->decrypt ? "decrypt" : "encrypt";
}

/* note_foreign lists, once, a case cryptobench cannot run: the name of an algorithm it
 * does not have, or "name direction" for one it times in other directions only. */
static void note_foreign(importer *im, const resolved *c)
{
    char item[NAME_LEN + 24];
    if (cb_alg_find(c->alg))
        snprintf(item, sizeof item, "'%s %s'", c->alg, c->dir);
    else
        snprintf(item, sizeof item, "'%s'", c->alg);
    if (strstr(im->foreign, item))
        return;
    size_t used = strlen(im->foreign);
    if (used + strlen(item) + 8 >= sizeof im->foreign) {
        im->foreign_more++;
        return;
    }
    snprintf(im->foreign + used, sizeof im->foreign - used, "%s%s", used ? ", " : "", item);
}

/* emitter: turns measures into rows of one set. */
typedef struct emitter {
    importer *im;
    cb_csv_set *set;
    const cb_run_info *run;
    const char *name;        /* interned file name */
    size_t first;            /* the set's first row of this import */
    long added;
} emitter;

static const char *intern(emitter *e, const char *s)
{
    return cb_csv_intern(e->set, s, strlen(s));
}

/* next_index counts the samples of the same case already emitted by this import. */
static unsigned next_index(emitter *e, const cb_csv_row *r)
{
    unsigned k = 0;
    for (size_t i = e->first; i < cb_csv_set_count(e->set); i++) {
        const cb_sample *s = &cb_csv_set_row(e->set, i)->s;
        k += s->alg == r->s.alg && s->variant == r->s.variant &&
             s->direction == r->s.direction && s->block_bytes == r->s.block_bytes &&
             s->key_bits == r->s.key_bits;
    }
    return k;
}

/*
 * emit adds one row: the counts when the log gave them, else the rate; a tcrypt
 * cycle-mode value becomes one operation of that many cycles in no measured time
 * (docs/csv.md, "cycles-only rows").
 */
static void emit(emitter *e, const resolved *c, const char *variant, const measure *m,
                 const measure *counts)
{
    if (!c->alg[0] || !variant[0])
        return; /* a name that was all blanks or dashes: nothing to compare it by */
    cb_csv_row r;
    memset(&r, 0, sizeof r);
    r.run = e->run;
    r.s.alg = intern(e, c->alg);
    r.s.variant = intern(e, variant);
    r.s.direction = intern(e, c->dir);
    r.s.key_bits = c->key_bits;
    r.s.block_bytes = c->block;
    r.s.aead = c->aead;
    r.s.cycles = -1;
    r.s.cycles_source = intern(e, "");
    r.s.status = intern(e, "imported");
    r.file = e->name;
    r.line = m->line;
    if (m->cycles > 0) {
        r.has_counts = 1;
        r.s.iterations = 1;
        r.s.cycles = m->cycles;
        r.s.cycles_source = intern(e, "tcrypt");
    } else if (counts && counts->count && counts->secs > 0) {
        r.has_counts = 1;
        r.s.iterations = counts->count;
        r.s.seconds = counts->secs;
        r.ops_per_sec = (double)counts->count / counts->secs;
    } else {
        r.ops_per_sec = c->block ? m->rate / (double)c->block : m->rate;
    }
    if (m->cycles <= 0 && !(r.ops_per_sec > 0))
        return; /* openssl prints 0.00 for what it could not run */
    r.bytes_per_sec = r.ops_per_sec * (double)r.s.block_bytes;
    r.s.sample_index = next_index(e, &r);
    cb_csv_add(e->set, &r);
    e->added++;
    if (!c->known)
        note_foreign(e->im, c);
}

/* find_progress returns the first unused progress measure for m's case: the same
 * name and block size, or for public key the same family, key size and operation
 * (a progress line does not name the curve; tables and progress lines share the
 * order of OpenSSL's curve list). */
static measure *find_progress(importer *im, const measure *m)
{
    for (size_t i = 0; i < im->progress.n; i++) {
        measure *p = &im->progress.v[i];
        if (p->used || p->size != m->size || p->pk != m->pk)
            continue;
        if (m->pk == PK_NONE ? strcasecmp(p->name, m->name) == 0
                             : m->family[0] && strcmp(p->family, m->family) == 0)
            return p;
    }
    return NULL;
}

/* emit_openssl emits the `openssl speed` measures: table values with the counts of
 * their progress lines, then progress lines no value took. */
static void emit_openssl(importer *im, emitter *e)
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
            if (!m->name[0]) {
                im->curveless++;
                continue;
            }
            measure *counts = pass ? m : find_progress(im, m);
            if (counts)
                counts->used = 1;
            resolved c;
            resolve_openssl(im, m, &c);
            emit(e, &c, variant, m, counts);
        }
    }
}

/* emit_tcrypt emits the tcrypt measures, named when their lines were read. */
static void emit_tcrypt(importer *im, emitter *e)
{
    for (size_t i = 0; i < im->tcrypt.n; i++) {
        const measure *m = &im->tcrypt.v[i];
        resolved c;
        memset(&c, 0, sizeof c);
        snprintf(c.alg, sizeof c.alg, "%s", m->name);
        c.dir = m->dir;
        c.key_bits = m->key_bits;
        c.block = m->size;
        c.known = m->known;
        emit(e, &c, im->o->variant ? im->o->variant : m->driver, m, m);
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

/* warn_about says what was kept that cryptobench cannot run, and what was left out. */
static void warn_about(const importer *im, FILE *warn)
{
    if (im->foreign[0]) {
        fprintf(warn, "cryptobench: warning: %s: kept cases cryptobench cannot run itself "
                "(they compare only with other imports): %s", im->name, im->foreign);
        if (im->foreign_more)
            fprintf(warn, " and %zu more", im->foreign_more);
        fprintf(warn, ".\n");
    }
    if (im->unnamed_mr)
        fprintf(warn, "cryptobench: warning: %s: left out %zu -mr KEM or signature line%s "
                "(+F9, +F10): they name no algorithm; import the text table instead.\n",
                im->name, im->unnamed_mr, im->unnamed_mr == 1 ? "" : "s");
    if (im->curveless)
        fprintf(warn, "cryptobench: warning: %s: left out %zu public-key progress line%s "
                "of a curve no table row names (the line gives only the key size).\n",
                im->name, im->curveless, im->curveless == 1 ? "" : "s");
    if (im->tc_unread)
        fprintf(warn, "cryptobench: warning: %s: left out %zu tcrypt test line%s whose "
                "result reads neither as operations in seconds, opers/sec nor cycles.\n",
                im->name, im->tc_unread, im->tc_unread == 1 ? "" : "s");
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
        /* Control characters would reach the CSV, whose reader refuses them as binary
         * data: blanks instead.  A line holding NUL bytes is not text: ignore it. */
        for (size_t i = 0; i < l; i++)
            if ((unsigned char)line[i] < 0x20 && line[i] != '\t' && line[i])
                line[i] = ' ';
        if (strlen(line) == l)
            rc = one_line(im, line);
        pos = end + 1;
    }
    if (rc == 0) {
        emitter e = {im, set, run_info(im, set), cb_csv_intern(set, name, strlen(name)),
                     first, 0};
        emit_openssl(im, &e);
        emit_tcrypt(im, &e);
        rc = e.added;
        if (rc == 0) {
            im->line = 1;
            fail(im, "nothing recognisable: no `openssl speed` table, progress or -mr "
                 "line, and no tcrypt line with a result.");
            rc = -1;
        } else if (warn) {
            warn_about(im, warn);
        }
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
