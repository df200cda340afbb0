/*
 * reports/import/openssl.c - `openssl speed` output of OpenSSL 1.0 to 3.5: the rate
 * table under its "type 16 bytes ..." header, the public-key tables (sign/verify,
 * encrypt/decrypt, op, and 3.4's KEM and signature tables), the "Doing ..." progress
 * lines with their exact counts and times (3.4's "Doing ML-KEM-768 keygen ops ..."
 * too), the -mr lines (+DT, +R, +H, +F, +F2..+F8, and 3.4's +DTP:NAME:OP, +R15..+R20,
 * +F9, +F10) and what openssl says about its build.  Measures go into the importer; names are
 * resolved later (reports/import/import.c).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/common.h"
#include "kernels/registry.h"
#include "reports/import/common.h"
#include "reports/import/readers.h"
#include "reports/format/openssl_out.h"

/* ---- `openssl speed` ------------------------------------------------------------- */

/* result_part reads "123 md5's in 2.99s" after a progress line's colon. */
static int result_part(const char *r, uint64_t *count, double *secs)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", r);
    char *tok[MAX_TOKENS];
    int n = cb_imp_tokenize(buf, tok);
    if (n < 3 || strcmp(tok[n - 2], "in") != 0)
        return -1;
    if (cb_imp_parse_count(tok[0], count) != 0 || cb_imp_parse_seconds(tok[n - 1], secs) != 0)
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
        {"signs", PK_SIGN}, /* 3.4 on: a signature algorithm's "signs ops" */
    };
    return find_word(words, sizeof words / sizeof words[0], w, PK_NONE);
}

/* pk_op_word folds the next word of a public-key line into the operation so far: the
 * operation's own word wins over the key's ("private rsa decrypt" is a decryption,
 * OpenSSL 3.2 on; "private rsa's" alone a signature, as 3.0 and older print it). */
static int pk_op_word(int op, const char *w)
{
    int here = op_word(w);
    if (here == PK_NONE)
        return op;
    int keyword = !strcasecmp(w, "private") || !strcasecmp(w, "public");
    return op == PK_NONE || !keyword ? here : op;
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
    cb_imp_lower_copy(low, sizeof low, w);
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
    /* family is at most 15 characters and curve 31 (pk_family's buffers); the
     * precisions say so to the compiler's truncation check */
    if (is_family_of(family, "rsa dsa ffdh"))
        snprintf(out, len, "%.15s%llu", family, (unsigned long long)bits);
    else if (curve[0])
        snprintf(out, len, "%.15s-%.31s", family, curve);
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
    int n = cb_imp_tokenize(s, tok);
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
        op = pk_op_word(op, w);
    }
    if (op == PK_NONE && is_family_of(family, "ecdh ffdh"))
        op = PK_DERIVE;
    uint64_t bits, count;
    double secs;
    if (!family[0] || op == PK_NONE || cb_imp_parse_count(tok[0], &bits) != 0 ||
        result_part(colon + 2, &count, &secs) != 0)
        return 1;
    measure *m = cb_imp_push(&im->progress);
    snprintf(m->family, sizeof m->family, "%s", family);
    pk_name(m->name, sizeof m->name, family, bits, curve);
    m->size = (size_t)bits;
    m->pk = op;
    m->count = count;
    m->secs = secs;
    m->line = im->line;
    return 1;
}

/* named_family is the family the importer gives the rows of OpenSSL 3.4's KEM and
 * signature tables, named by one word ("ML-KEM-768", "rsa2048") and not by a key
 * size: "kem" or "sig". */
static const char *named_family(int kem)
{
    return kem ? "kem" : "sig";
}

/*
 * doing_named reads the progress line of a KEM or signature algorithm (OpenSSL 3.4
 * on): "Doing ML-KEM-768 keygen ops for 10s: 6045 ML-KEM-768 KEM keygen ops in
 * 10.00s", "Doing ML-DSA-44 signs ops for 10s: 960 ML-DSA-44 signature sign ops in
 * 10.00s".  The word after the count's name says which table the line belongs to.
 * Returns 0 for a line of another form.
 */
static int doing_named(importer *im, const char *s)
{
    const char *colon = strstr(s, ": ");
    if (!colon)
        return 0;
    char head[256], rest[256];
    snprintf(head, sizeof head, "%.*s", (int)(colon - s), s);
    snprintf(rest, sizeof rest, "%s", colon + 2);
    char *tok[MAX_TOKENS], *res[MAX_TOKENS];
    int n = cb_imp_tokenize(head, tok), k = cb_imp_tokenize(rest, res);
    /* NAME OP ops for Ns : COUNT NAME KEM|signature OP ops in Ts */
    if (n != 5 || strcmp(tok[2], "ops") != 0 || strcmp(tok[3], "for") != 0 || k != 7 ||
        strcmp(res[1], tok[0]) != 0 || strcmp(res[4], "ops") != 0 ||
        (strcmp(res[2], "KEM") != 0 && strcmp(res[2], "signature") != 0))
        return 0;
    int op = op_word(res[3]);
    uint64_t count;
    double secs;
    if (op == PK_NONE || result_part(colon + 2, &count, &secs) != 0)
        return 0;
    measure *m = cb_imp_push(&im->progress);
    cb_imp_lower_copy(m->name, sizeof m->name, tok[0]);
    snprintf(m->family, sizeof m->family, "%s", named_family(strcmp(res[2], "KEM") == 0));
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
    if (!blocks) {
        doing_named(im, s);
        return 1; /* any other "Doing" line is openssl's chatter */
    }
    *blocks = 0;
    char *on = strrchr(s, ' ');
    if (!on || on - s < 3 || strncmp(on - 3, " on", 3) != 0)
        return 1;
    uint64_t size, count;
    double secs;
    if (cb_imp_parse_count(on + 1, &size) != 0 || size == 0)
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
    measure *m = cb_imp_push(&im->progress);
    cb_imp_copy_name(m->name, s, strlen(s));
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
        if (cb_imp_parse_count(tok[i], &v) != 0 || v == 0 || strcmp(tok[i + 1], "bytes") != 0)
            return 0;
        im->sizes[k++] = (size_t)v;
    }
    im->nsizes = k;
    im->in_table = 1;
    im->in_pk_table = 0;
    im->openssl_seen = 1;
    return 1;
}

/*
 * figures counts the table values at the end of a row's tokens, of which the header
 * wants k.  Beyond those k, a plain whole number can be part of a name ("md 5"); one
 * written as OpenSSL writes its figures (with a decimal point) cannot.
 */
static int figures(char **tok, int n, int k)
{
    double v;
    int got = 0;
    while (got < n && cb_imp_parse_table_value(tok[n - 1 - got], &v) == 0 &&
           (got < k || strchr(tok[n - 1 - got], '.')))
        got++;
    return got;
}

/* broken_figure: is s written like a number (a digit first, then digits, points,
 * exponents, a k last) and yet no figure OpenSSL writes, such as 1e308k or one of
 * more digits than a rate has? */
static int broken_figure(const char *s)
{
    double v;
    if (!isdigit((unsigned char)s[0]) || cb_imp_parse_table_value(s, &v) == 0)
        return 0;
    size_t len = strlen(s) - (s[strlen(s) - 1] == 'k');
    return strspn(s, "0123456789.eE+-") == len;
}

/*
 * table_row reads "<name words> v1 v2 ... vK" under a type header.  A line that ends
 * in figures is a row: with more or fewer figures than the header has sizes it is
 * refused (a cut or pasted-together row would otherwise end the table, or become an
 * algorithm named after its numbers).  Any other line ends the table.
 */
static int table_row(importer *im, char **tok, int n)
{
    int k = (int)im->nsizes;
    if (!im->in_table)
        return 0;
    int got = figures(tok, n, k);
    if (got < k && got < n && broken_figure(tok[n - 1 - got])) {
        const char *t = tok[n - 1 - got];
        char shown[40];
        const char *dot = strchr(t, '.');
        /* only digits and a point: it is well written, just longer than any rate */
        int digits = strspn(t, "0123456789.") + (t[strlen(t) - 1] == 'k') == strlen(t) &&
                     (!dot || !strchr(dot + 1, '.'));
        return cb_imp_fail(im, "the row '%s' has the figure '%s', which is %s; a figure is "
                           "decimal digits with at most one point, at most %d of them, and "
                           "k for thousands, such as 1234.56k.",
                           got + 1 == n ? "(no name)" : tok[0],
                           cb_printable(t, shown, sizeof shown),
                           digits ? "out of range" : "not written as OpenSSL writes one",
                           CB_IMP_DECIMAL_MAX);
    }
    if (got == 0)
        return 0;
    if (got != k || n == k)
        return cb_imp_fail(im, "the row '%s' has %d figure%s where the table's header names "
                           "%d block size%s.", got == n ? "(no name)" : tok[0], got,
                           got == 1 ? "" : "s", k, k == 1 ? "" : "s");
    double v[MAX_SIZES];
    for (int i = 0; i < k; i++)
        if (cb_imp_parse_table_value(tok[n - k + i], &v[i]) != 0)
            return 0;
    char name[NAME_LEN] = "";
    for (int i = 0; i < n - k; i++)
        snprintf(name + strlen(name), sizeof name - strlen(name), "%s%s", i ? " " : "",
                 tok[i]);
    for (int i = 0; i < k; i++) {
        measure *m = cb_imp_push(&im->values);
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
        cb_imp_lower_copy(m->name, sizeof m->name, tok[0]);
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
        cb_imp_lower_copy(curve, l - 1, tok[3] + 1);
    } else if (np != 3) {
        return 0;
    }
    uint64_t bits;
    if ((strcmp(unit, "bits") != 0 && strcmp(unit, "bit") != 0) ||
        cb_imp_parse_count(num, &bits) != 0 || bits == 0 || !pk_family(fam, m->family, ignored))
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
    if (!id.family[0]) { /* a row of the KEM or the signature table */
        int kem = 0;
        for (int c = 0; c < k; c++)
            kem |= im->pk_cols[c] == PK_ENCAPS;
        snprintf(id.family, sizeof id.family, "%s", named_family(kem));
    }
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
        if (cb_imp_parse_decimal(t, strlen(t), &v) != 0)
            return cb_imp_fail(im, "'%s' in the %s column is not a number.", t, im->pk_words[c]);
        measure *m = cb_imp_push(&im->values);
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

/* mr_curve names the curve of a +F4/+F5 line's index and bits (reports/format/openssl_out.h,
 * cb_openssl_curves): the bits must confirm the index, otherwise a curve alone in its
 * size is found by the bits (X25519 sat at index 16 in 1.1.0), and anything else is
 * named by size and index. */
static void mr_curve(char curve[32], uint64_t index, uint64_t bits)
{
    if (index < cb_openssl_curve_count && cb_openssl_curves[index].bits == bits) {
        snprintf(curve, 32, "%s", cb_openssl_curves[index].name);
        return;
    }
    size_t hits = 0, hit = 0;
    for (size_t i = 0; i < cb_openssl_curve_count; i++)
        if (cb_openssl_curves[i].bits == bits) {
            hits++;
            hit = i;
        }
    if (hits == 1)
        snprintf(curve, 32, "%s", cb_openssl_curves[hit].name);
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

/* mr_value makes room for one -mr result: the run's own, or under -multi the
 * reporting child's. */
static measure *mr_value(importer *im)
{
    if (!im->got_child)
        return cb_imp_push(&im->values);
    measure *m = cb_imp_push(&im->per_child);
    m->child = im->got_child;
    return m;
}

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
             cb_imp_parse_count(f[1], &index) == 0 && cb_imp_parse_count(f[2], &bits) == 0 && bits > 0;
    int times = 1;
    for (int i = 0; ok && i < nvals; i++) {
        const char *t = f[3 + form->named + i];
        ok = cb_imp_parse_decimal(t, strlen(t), &v[i]) == 0;
        times &= ok && v[i] < 1;
    }
    if (!ok)
        return cb_imp_fail(im, "a malformed %s line; expected %s:%s.", form->tag, form->tag,
                    form->shape);
    char curve[32] = "";
    if (form->named)
        cb_imp_lower_copy(curve, sizeof curve, f[3]);
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
        measure *m = mr_value(im);
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
            if (cb_imp_parse_count(f[i], &v) != 0 || v == 0)
                return cb_imp_fail(im, "'%s' in the +H line is not a block size.", f[i]);
            im->mr_sizes[im->nmr_sizes++] = (size_t)v;
        }
        return 1;
    }
    if (!im->nmr_sizes)
        return cb_imp_fail(im, "a +F line before any +H line; the +H line gives the block sizes.");
    if ((size_t)(n - 3) != im->nmr_sizes)
        return cb_imp_fail(im, "the +F line has %d values where +H gave %zu block sizes.", n - 3,
                    im->nmr_sizes);
    for (int i = 3; i < n; i++) {
        double v;
        if (cb_imp_parse_decimal(f[i], strlen(f[i]), &v) != 0)
            return cb_imp_fail(im, "'%s' in the +F line is not a number.", f[i]);
        measure *m = mr_value(im);
        cb_imp_copy_name(m->name, f[2], strlen(f[2]));
        m->size = im->mr_sizes[i - 3];
        m->rate = v;
        m->line = im->line;
    }
    return 1;
}

/*
 * mr_announce reads the lines that announce a measurement, whose +R line follows:
 * "+DT:name:seconds:size" (+DN:name:count:size without alarm),
 * "+DTP:bits:operation:algorithm:seconds" (+DNP:count:bits:operation:algorithm) and
 * OpenSSL 3.5's "+DTP:name:keygen|encaps|decaps|sign|verify:seconds" (+R15..+R17
 * follow for a KEM, +R18..+R20 for a signature).
 */
static int mr_announce(importer *im, char **f, int n)
{
    measure *p = &im->mr_pending;
    memset(p, 0, sizeof *p);
    uint64_t v;
    if ((!strcmp(f[0], "+DT") || !strcmp(f[0], "+DN")) && n == 4) {
        if (cb_imp_parse_count(f[3], &v) != 0)
            return cb_imp_fail(im, "'%s' in the %s line is not a block size.", f[3], f[0]);
        cb_imp_copy_name(p->name, f[1], strlen(f[1]));
        p->size = (size_t)v;
        return 1;
    }
    int dnp = !strcmp(f[0], "+DNP");
    if (!strcmp(f[0], "+DTP") && n == 4) {
        /* OpenSSL 3.5's KEM and signature lines, "+DTP:ML-KEM-768:keygen:10",
         * "+DTP:ML-DSA-65:sign:10", kept under the name as its table rows are (an
         * operation this reader does not know is skipped) */
        p->pk = op_word(f[2]);
        if (p->pk == PK_KEYGEN || p->pk == PK_ENCAPS || p->pk == PK_DECAPS ||
            p->pk == PK_SIGN || p->pk == PK_VERIFY)
            cb_imp_lower_copy(p->name, sizeof p->name, f[1]);
        else
            p->pk = PK_NONE;
        return 1;
    }
    if ((!strcmp(f[0], "+DTP") && n == 5) || (dnp && n == 5)) {
        char **g = f + dnp; /* bits, operation, algorithm */
        char curve[32] = "", alg[64];
        if (cb_imp_parse_count(g[1], &v) != 0)
            return cb_imp_fail(im, "'%s' in the %s line is not a key size.", g[1], f[0]);
        /* OpenSSL 3.2 on names RSA's operation after the family: "private:rsa sign" */
        snprintf(alg, sizeof alg, "%s", g[3]);
        char *op_after = strchr(alg, ' ');
        if (op_after)
            *op_after++ = 0;
        if (!pk_family(alg, p->family, curve))
            return 1; /* an algorithm no table of ours holds */
        p->pk = op_word(g[2]);
        if (op_after)
            p->pk = pk_op_word(p->pk, op_after);
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
    if ((n != 4 && n != 5) || cb_imp_parse_count(f[1], &count) != 0 ||
        cb_imp_parse_decimal(f[n - 1], strlen(f[n - 1]), &secs) != 0)
        return cb_imp_fail(im, "a malformed %s line; expected %s:count:name:seconds.", f[0], f[0]);
    measure *m = cb_imp_push(&im->progress);
    *m = *p;
    m->count = count;
    m->secs = secs;
    m->line = im->line;
    if (m->pk != PK_NONE && !m->family[0]) {
        /* OpenSSL 3.4's +R15..+R17 follow a KEM, +R18..+R20 a signature */
        uint64_t r = 0;
        if (cb_imp_parse_count(f[0] + 2, &r) != 0 || r < 15 || r > 20) {
            m->pk = PK_NONE; /* not a result of the operation +DTP announced */
            m->name[0] = 0;
        } else {
            snprintf(m->family, sizeof m->family, "%s", named_family(r <= 17));
        }
    }
    memset(p, 0, sizeof *p);
    return 1;
}

/*
 * nth_named finds the name of the k-th KEM (kem) or signature algorithm the log's
 * +DTP and +R lines announced, in their order: OpenSSL measures them and prints their
 * +F9 and +F10 lines in one order.  NULL when the log announced fewer.
 */
static const char *nth_named(const importer *im, int kem, size_t k)
{
    const char *family = named_family(kem), *last = NULL;
    size_t seen = 0;
    for (size_t i = 0; i < im->progress.n; i++) {
        const measure *p = &im->progress.v[i];
        if (strcmp(p->family, family) != 0 || (last && strcmp(last, p->name) == 0))
            continue;
        last = p->name;
        if (seen++ == k)
            return p->name;
    }
    return NULL;
}

/*
 * mr_named_values reads OpenSSL 3.4's "+F9:index:keygen:encaps:decaps" and
 * "+F10:index:keygen:sign:verify", rates per second.  The index counts every KEM or
 * signature algorithm openssl knows, not the ones it ran, so the line names none: the
 * k-th +F9 line is the k-th KEM the progress lines announced.  Without them (a log
 * of the results only) the line is left out and counted for a warning.
 */
static int mr_named_values(importer *im, char **f, int n)
{
    int kem = strcmp(f[0], "+F9") == 0;
    uint64_t index;
    double v[3];
    int ok = n == 5 && cb_imp_parse_count(f[1], &index) == 0;
    for (int i = 0; ok && i < 3; i++)
        ok = cb_imp_parse_decimal(f[2 + i], strlen(f[2 + i]), &v[i]) == 0;
    if (!ok)
        return cb_imp_fail(im, "a malformed %s line; expected %s:index:keygen:%s.", f[0], f[0],
                           kem ? "encaps:decaps" : "sign:verify");
    unsigned child = im->got_child < CB_IMP_CHILDREN ? im->got_child : 0;
    size_t *seen = kem ? &im->f9_seen[child] : &im->f10_seen[child];
    const char *name = nth_named(im, kem, (*seen)++);
    if (!name) {
        im->unnamed_mr++;
        return 1;
    }
    static const int kem_ops[3] = {PK_KEYGEN, PK_ENCAPS, PK_DECAPS},
                     sig_ops[3] = {PK_KEYGEN, PK_SIGN, PK_VERIFY};
    char kept[NAME_LEN];
    snprintf(kept, sizeof kept, "%s", name); /* mr_value may move the progress list */
    for (int i = 0; i < 3; i++) {
        if (!(v[i] > 0))
            continue; /* an operation OpenSSL did not run */
        measure *m = mr_value(im);
        snprintf(m->name, sizeof m->name, "%s", kept);
        snprintf(m->family, sizeof m->family, "%s", named_family(kem));
        m->pk = kem ? kem_ops[i] : sig_ops[i];
        m->rate = v[i];
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
        return mr_named_values(im, f, n);
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
        {"auto: ", offsetof(importer, auto_picks), sizeof ((importer *)0)->auto_picks},
    };
    /* 1.0 and older open with a banner, "OpenSSL 1.0.1e 11 Feb 2013", where later
     * versions print "version: ..." */
    if (strncmp(line, "OpenSSL ", 8) == 0 && isdigit((unsigned char)line[8])) {
        if (!im->version[0])
            snprintf(im->version, sizeof im->version, "%.*s", (int)strcspn(line + 8, " "),
                     line + 8);
        return 1;
    }
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


/* ---- entry points ----------------------------------------------------------------- */

int cb_imp_openssl_text(importer *im, const char *s)
{
    int r;
    if ((r = doing_line(im, s)) || (r = mr_line(im, s)) || (r = about_line(im, s)))
        return r;
    return 0;
}

int cb_imp_openssl_table(importer *im, char **tok, int n)
{
    int r;
    if ((r = type_header(im, tok, n)) || (r = table_row(im, tok, n)) ||
        (r = pk_header(im, tok, n)) || (r = pk_row(im, tok, n)))
        return r;
    return 0;
}

/*
 * cb_imp_openssl_child reads what `openssl speed -multi` prints for its children:
 * "Forked child N" (marks the log as openssl's), and for each line a child sent,
 * "Got: LINE from N".  LINE is one of the child's -mr lines (+H, +F, +F2, ...), read
 * as such and filed under child N.  Returns 0 for any other line.
 */
int cb_imp_openssl_child(importer *im, const char *s)
{
    if (strncmp(s, "Forked child ", 13) == 0) {
        im->openssl_seen = 1;
        return 1;
    }
    if (strncmp(s, "Got: ", 5) != 0)
        return 0;
    const char *from = strstr(s, " from ");
    while (from && strstr(from + 1, " from "))
        from = strstr(from + 1, " from ");
    uint64_t child;
    if (!from || cb_imp_parse_count(from + 6, &child) != 0 || child >= 4096)
        return cb_imp_fail(im, "a -multi line 'Got: ...' without ' from CHILD' at its end.");
    char inner[CB_IMP_LINE_MAX];
    snprintf(inner, sizeof inner, "%.*s", (int)(from - s - 5), s + 5);
    im->got_child = (unsigned)child + 1;
    if (im->children < im->got_child)
        im->children = im->got_child;
    int r = cb_imp_openssl_text(im, inner);
    im->got_child = 0;
    return r ? r : 1; /* a child's line of no known form: nothing to keep */
}
