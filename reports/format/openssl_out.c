/*
 * reports/format/openssl_out.c - OpenSSL speed's text and -mr formats.
 *
 * Layouts follow what `openssl speed` prints (OpenSSL 1.0 to 3.x): "type" and
 * "%7d bytes" columns, "%-13s" row labels, values as " %11.2fk" in 1000s of bytes per
 * second (" %11.2f " below 10000 bytes/s); -mr prints bytes per second.
 */
#include "reports/format/openssl_out.h"

#include <string.h>
#include <strings.h>

void cb_out_progress(FILE *f, const char *label, double for_seconds, size_t len,
                     unsigned long long count, double seconds)
{
    fprintf(f, "Doing %s for %gs on %zu size blocks: %llu %s's in %.2fs\n", label, for_seconds,
            len, count, label, seconds);
}

void cb_out_mr_case(FILE *f, const char *label, double for_seconds, size_t len,
                    unsigned long long count, double seconds)
{
    fprintf(f, "+DT:%s:%g:%zu\n+R:%llu:%s:%f\n", label, for_seconds, len, count, label,
            seconds);
}

void cb_out_table(FILE *f, const size_t *sizes, size_t nsizes, const cb_speed_row *rows,
                  size_t nrows, int mr)
{
    if (nrows == 0)
        return;
    if (mr) {
        fputs("+H", f);
        for (size_t i = 0; i < nsizes; i++)
            fprintf(f, ":%zu", sizes[i]);
        fputc('\n', f);
    } else {
        fputs("The 'numbers' are in 1000s of bytes per second processed.\ntype        ", f);
        for (size_t i = 0; i < nsizes; i++)
            fprintf(f, "%7zu bytes", sizes[i]);
        fputc('\n', f);
    }
    for (size_t r = 0; r < nrows; r++) {
        if (mr)
            fprintf(f, "+F:%zu:%s", r, rows[r].label);
        else
            fprintf(f, "%-13s", rows[r].label);
        for (size_t i = 0; i < nsizes; i++) {
            double v = rows[r].rate[i] < 0 ? 0 : rows[r].rate[i];
            const char *what = rows[r].outcome ? rows[r].outcome[i] : NULL;
            /* a cell never measured (the run stopped first) says so; -mr keeps the
             * numbers OpenSSL's parsers expect */
            if (!what && rows[r].rate[i] < 0)
                what = "not run";
            /* a noisy figure gives one column of its width to the mark, so the
             * columns stay aligned: "  1411716.28k*" */
            int mark = !mr && rows[r].noisy && rows[r].noisy[i];
            if (what && !mr)
                fprintf(f, " %11s ", what);
            else if (mr)
                fprintf(f, ":%.2f", v);
            else if (v > 10000)
                fprintf(f, mark ? " %10.2fk*" : " %11.2fk", v / 1e3);
            else
                fprintf(f, mark ? " %10.2f *" : " %11.2f ", v);
        }
        fputc('\n', f);
    }
}

void cb_out_cpb_table(FILE *f, const char *source, const size_t *sizes, size_t nsizes,
                      const cb_speed_row *rows, size_t nrows)
{
    const char *what = source[0] == 'p' ? "cycles (perf, user space)"
                       : source[0] == 't' && source[1] == 's' ? "reference cycles (TSC)"
                                                              : "timebase ticks";
    fprintf(f, "The 'numbers' are %s per byte.\ntype        ", what);
    for (size_t i = 0; i < nsizes; i++)
        fprintf(f, "%7zu bytes", sizes[i]);
    fputc('\n', f);
    for (size_t r = 0; r < nrows; r++) {
        fprintf(f, "%-13s", rows[r].label);
        for (size_t i = 0; i < nsizes; i++) {
            const char *cell = rows[r].outcome ? rows[r].outcome[i] : NULL;
            if (cell || rows[r].rate[i] < 0)
                fprintf(f, " %11s ", cell ? cell : "n/a");
            else
                fprintf(f, " %11.2f ", rows[r].rate[i]);
        }
        fputc('\n', f);
    }
}

/*
 * The public-key families of OpenSSL's speed, by the first word of a row's heading
 * (kernels/algs.c: "rsa", "dsa", or for curves the family and the curve, "ecdsa
 * (nistp256)", "ecdh (X25519)", "EdDSA (Ed25519)"): the +R number of the first
 * operation (sign, or derive; verify is the next), the +F number, and the column
 * the table's heading starts at.
 */
static const struct pk_family {
    const char *word;
    int r, f, indent;
} pk_families[] = {
    {"rsa", 1, 2, 18}, {"dsa", 3, 3, 18}, {"ecdsa", 5, 4, 30}, {"ecdh", 7, 5, 30},
    {"EdDSA", 8, 6, 30}, {"SM2", 10, 7, 30}, {"ML-KEM", 15, 9, 0}, {"ML-DSA", 18, 10, 0}, {"ffdh", 12, 8, 23},
};

/* CURVE_NAMED: EdDSA's and SM2's -mr and progress lines name the curve itself. */
#define CURVE_NAMED(fam) ((fam)->f == 6 || (fam)->f == 7)

/* AGREE: a key agreement's family (ecdh, ffdh): one operation, its rate and time. */
#define AGREE(fam) ((fam)->f == 5 || (fam)->f == 8)

/* CB_PK_KEM, CB_PK_SIG: the +F numbers of OpenSSL 3.5's KEM and signature tables,
 * whose headings are the algorithms' own names ("ML-KEM-768", "ML-DSA-65"); both
 * are three-operation tables (named). */
#define CB_PK_KEM 9
#define CB_PK_SIG 10
#define NAMED(fam) ((fam)->f == CB_PK_KEM || (fam)->f == CB_PK_SIG)

/* find_family returns the family of heading h (rsa for an unknown word). */
static const struct pk_family *find_family(const char *h)
{
    for (size_t i = 0; i < sizeof pk_families / sizeof pk_families[0]; i++) {
        size_t n = strlen(pk_families[i].word);
        if (strncmp(h, pk_families[i].word, n) == 0 &&
            (h[n] == 0 || h[n] == ' ' || (NAMED(&pk_families[i]) && h[n] == '-')))
            return &pk_families[i];
    }
    return &pk_families[0];
}

/* curve_of copies the curve of a heading "ecdh (X25519)" into out ("" for rsa, dsa). */
static const char *curve_of(const char *h, char *out, size_t len)
{
    const char *open = strchr(h, '(');
    size_t n = open ? strcspn(open + 1, ")") : 0;
    snprintf(out, len, "%.*s", (int)n, open ? open + 1 : "");
    return out;
}

const cb_openssl_curve cb_openssl_curves[] = {
    {"secp160r1", 160},       {"nistp192", 192},        {"nistp224", 224},
    {"nistp256", 256},        {"nistp384", 384},        {"nistp521", 521},
    {"nistk163", 163},        {"nistk233", 233},        {"nistk283", 283},
    {"nistk409", 409},        {"nistk571", 571},        {"nistb163", 163},
    {"nistb233", 233},        {"nistb283", 283},        {"nistb409", 409},
    {"nistb571", 571},        {"brainpoolp256r1", 256}, {"brainpoolp256t1", 256},
    {"brainpoolp384r1", 384}, {"brainpoolp384t1", 384}, {"brainpoolp512r1", 512},
    {"brainpoolp512t1", 512}, {"x25519", 253},          {"x448", 448},
};

const size_t cb_openssl_curve_count = sizeof cb_openssl_curves / sizeof cb_openssl_curves[0];

void cb_out_pkey_progress(FILE *f, const char *heading, unsigned bits, const char *direction,
                          double for_seconds, unsigned long long count, double seconds,
                          int mr)
{
    const struct pk_family *fam = find_family(heading);
    int verify = strcmp(direction, "verify") == 0;
    char curve[32];
    curve_of(heading, curve, sizeof curve);
    if (NAMED(fam)) { /* OpenSSL 3.5's kskey_print_message and its result */
        int r = fam->r + cb_out_pkey_slot(heading, direction);
        /* the announcement calls a signature's signing "signs" (+DTP:ML-DSA-44:signs:10,
         * "Doing ML-DSA-44 signs ops"), its result "sign" */
        const char *announced =
            fam->f == CB_PK_SIG && strcmp(direction, "sign") == 0 ? "signs" : direction;
        if (mr)
            fprintf(f, "+DTP:%s:%s:%g\n+R%d:%llu:%s:%.2f\n", heading, announced, for_seconds,
                    r, count, heading, seconds);
        else
            fprintf(f, "Doing %s %s ops for %gs: %llu %s %s %s ops in %.2fs\n", heading,
                    announced, for_seconds, count, heading,
                    fam->f == CB_PK_KEM ? "KEM" : "signature", direction, seconds);
        return;
    }
    if (mr) {
        /* +DTP names the operation (none for a key agreement) and the family, EdDSA by
         * its curve; EdDSA's +R lines name the curve too, the others only the bits */
        const char *op = fam->f == 2 ? (verify ? "public" : "private")
                         : AGREE(fam) ? "" : direction;
        fprintf(f, "+DTP:%u:%s:%s:%g\n", bits, op, CURVE_NAMED(fam) ? curve : fam->word,
                for_seconds);
        fprintf(f, "+R%d:%llu:%u%s%s:%.2f\n", fam->r + verify, count, bits,
                CURVE_NAMED(fam) ? ":" : "", CURVE_NAMED(fam) ? curve : "", seconds);
        return;
    }
    switch (fam->f) {
    case 2:
        fprintf(f, "Doing %u bits %s rsa's for %gs: %llu %u bits %s RSA's in %.2fs\n", bits,
                verify ? "public" : "private", for_seconds, count, bits,
                verify ? "public" : "private", seconds);
        break;
    case 5:
    case 8:
        fprintf(f, "Doing %u bits  %s's for %gs: %llu %u-bits %s ops in %.2fs\n", bits,
                fam->word, for_seconds, count, bits, fam->f == 5 ? "ECDH" : "FFDH", seconds);
        break;
    case 6: /* OpenSSL 3.0 ends its sign line with a blank */
    case 7:
        fprintf(f, "Doing %u bits %s %s's for %gs: %llu %u bits %s %s in %.2fs%s\n", bits,
                direction, curve, for_seconds, count, bits, curve, verify ? "verify" : "signs",
                seconds, verify ? "" : " ");
        break;
    default:
        fprintf(f, "Doing %u bits %s %s's for %gs: %llu %u bits %s %s in %.2fs\n", bits,
                direction, fam->word, for_seconds, count, bits, fam->f == 3 ? "DSA" : "ECDSA",
                verify ? "verify" : "signs", seconds);
        break;
    }
}

/* openssl_pkey_index is the row number OpenSSL's -mr output gives a key: its RSA
 * table runs 512, 1024, 2048, 3072, 4096, 7680, 15360 (the DSA one 512, 1024,
 * 2048), its FFDH table 2048, 3072, 4096, 6144, 8192, its ECDSA and ECDH tables
 * follow cb_openssl_curves, EdDSA's are Ed25519 and Ed448. */
static unsigned openssl_pkey_index(const struct pk_family *fam, const char *curve,
                                   unsigned bits)
{
    static const unsigned sizes[] = {512, 1024, 2048, 3072, 4096, 7680, 15360};
    static const unsigned ffdh_sizes[] = {2048, 3072, 4096, 6144, 8192};
    if (fam->f == 8) {
        for (unsigned i = 0; i < sizeof ffdh_sizes / sizeof ffdh_sizes[0]; i++)
            if (ffdh_sizes[i] == bits)
                return i;
        return bits;
    }
    if (fam->f == 6)
        return strcmp(curve, "Ed25519") == 0 ? 0 : 1;
    if (fam->f == 7) /* SM2's table has the one curve */
        return 0;
    if (curve[0]) {
        for (unsigned i = 0; i < cb_openssl_curve_count; i++)
            if (strcasecmp(cb_openssl_curves[i].name, curve) == 0)
                return i;
        return bits;
    }
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (sizes[i] == bits)
            return i;
    return bits;
}

/* pkey_time and pkey_rate print one direction's seconds per operation and
 * operations per second, or what the case is instead (in the same widths);
 * digits is 6 for rsa and dsa, 4 for the curves, as OpenSSL prints them. */
static void pkey_time(FILE *f, double rate, const char *outcome, int digits)
{
    if (outcome)
        fprintf(f, " %9s", outcome);
    else
        fprintf(f, " %8.*fs", digits, rate > 0 ? 1.0 / rate : 0.0);
}

static void pkey_rate(FILE *f, double rate, const char *outcome)
{
    if (outcome)
        fprintf(f, " %8s", outcome);
    else
        fprintf(f, " %8.1f", rate);
}

/* pkey_mr prints one row's +F line. */
static void pkey_mr(FILE *f, const cb_pkey_row *r, const struct pk_family *fam,
                    const char *curve, double s, double v)
{
    unsigned index = openssl_pkey_index(fam, curve, r->bits);
    if (AGREE(fam)) /* ECDH, FFDH: the rate and its reciprocal */
        fprintf(f, "+F%d:%u:%u:%f:%f\n", fam->f, index, r->bits, s, s > 0 ? 1.0 / s : 0.0);
    else if (CURVE_NAMED(fam))
        fprintf(f, "+F%d:%u:%u:%s:%f:%f\n", fam->f, index, r->bits, curve, s, v);
    else
        fprintf(f, "+F%d:%u:%u:%f:%f\n", fam->f, index, r->bits, s, v);
}

int cb_out_pkey_slot(const char *heading, const char *direction)
{
    const struct pk_family *fam = find_family(heading);
    int sig = fam->f == CB_PK_SIG;
    if (strcmp(direction, "decaps") == 0 || (sig && strcmp(direction, "verify") == 0))
        return 2;
    if (strcmp(direction, "encaps") == 0 || strcmp(direction, "verify") == 0 ||
        (sig && strcmp(direction, "sign") == 0))
        return 1;
    return 0; /* sign, derive, keygen */
}

/* named_row prints one row of OpenSSL 3.5's KEM or signature table (its +F9 or +F10
 * line with mr): the name right-aligned in 27 columns, seconds per operation, then
 * each per second. */
static void named_row(FILE *f, const cb_pkey_row *r, int fnum, unsigned index, int mr)
{
    const double rate[3] = {r->sign_rate, r->verify_rate, r->third_rate};
    const char *const outcome[3] = {r->sign_outcome, r->verify_outcome, r->third_outcome};
    double v[3];
    for (int i = 0; i < 3; i++)
        v[i] = rate[i] < 0 ? 0 : rate[i];
    if (mr) {
        fprintf(f, "+F%d:%u:%f:%f:%f\n", fnum, index, v[0], v[1], v[2]);
        return;
    }
    fprintf(f, "%27s", r->kind);
    for (int i = 0; i < 3; i++)
        pkey_time(f, v[i], outcome[i], 6);
    for (int i = 0; i < 3; i++)
        if (outcome[i])
            fprintf(f, " %9s", outcome[i]);
        else
            fprintf(f, " %9.1f", v[i]);
    if (r->variant)
        fprintf(f, "  (%s)", r->variant);
    fputc('\n', f);
}

/* named_table prints the rows of table fnum (KEM, then signatures, after every other
 * table as OpenSSL 3.5 does) under heading. */
static void named_table(FILE *f, const cb_pkey_row *rows, size_t nrows, int fnum,
                        const char *heading, int mr)
{
    unsigned n = 0;
    for (size_t r = 0; r < nrows; r++) {
        if (find_family(rows[r].kind)->f != fnum)
            continue;
        if (n == 0 && !mr)
            fprintf(f, "%31s%s\n", " ", heading);
        named_row(f, &rows[r], fnum, n++, mr);
    }
}

void cb_out_pkey_table(FILE *f, const cb_pkey_row *rows, size_t nrows, int mr)
{
    const struct pk_family *last = NULL;
    for (size_t r = 0; r < nrows; r++) {
        const struct pk_family *fam = find_family(rows[r].kind);
        if (NAMED(fam))
            continue;
        /* ffdh's rows are laid out as the curves' ("2048 bits ffdh"), its heading
         * one column narrower, as OpenSSL 3.0 prints them */
        int curve_row = fam->indent != 18, agree = AGREE(fam);
        char curve[32];
        curve_of(rows[r].kind, curve, sizeof curve);
        double s = rows[r].sign_rate < 0 ? 0 : rows[r].sign_rate;
        double v = rows[r].verify_rate < 0 ? 0 : rows[r].verify_rate;
        if (mr) {
            pkey_mr(f, &rows[r], fam, curve, s, v);
            continue;
        }
        if (fam != last) /* a heading per family, as OpenSSL 3.0 prints them */
            fprintf(f, "%*s%s\n", fam->indent, " ",
                    fam->f == 8 ? "op     op/s"
                    : agree     ? "op      op/s"
                                : "sign    verify    sign/s verify/s");
        last = fam;
        if (curve_row)
            fprintf(f, "%4u bits %s", rows[r].bits, rows[r].kind);
        else
            fprintf(f, "%s %4u bits", rows[r].kind, rows[r].bits);
        pkey_time(f, s, rows[r].sign_outcome, curve_row ? 4 : 6);
        if (!agree)
            pkey_time(f, v, rows[r].verify_outcome, curve_row ? 4 : 6);
        pkey_rate(f, s, rows[r].sign_outcome);
        if (!agree)
            pkey_rate(f, v, rows[r].verify_outcome);
        if (rows[r].variant)
            fprintf(f, "  (%s)", rows[r].variant);
        fputc('\n', f);
    }
    named_table(f, rows, nrows, CB_PK_KEM,
                "keygen    encaps    decaps keygens/s  encaps/s  decaps/s", mr);
    named_table(f, rows, nrows, CB_PK_SIG,
                "keygen     signs    verify keygens/s    sign/s  verify/s", mr);
}
