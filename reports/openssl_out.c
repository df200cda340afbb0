/*
 * reports/openssl_out.c - OpenSSL speed's text and -mr formats.
 *
 * Layouts follow what `openssl speed` prints (OpenSSL 1.0 to 3.x): "type" and
 * "%7d bytes" columns, "%-13s" row labels, values as " %11.2fk" in 1000s of bytes per
 * second (" %11.2f " below 10000 bytes/s); -mr prints bytes per second.
 */
#include "reports/openssl_out.h"

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
            if (what && !mr)
                fprintf(f, " %11s ", what);
            else if (mr)
                fprintf(f, ":%.2f", v);
            else if (v > 10000)
                fprintf(f, " %11.2fk", v / 1e3);
            else
                fprintf(f, " %11.2f ", v);
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

void cb_out_pkey_progress(FILE *f, const char *kind, unsigned bits, int verify,
                          double for_seconds, unsigned long long count, double seconds,
                          int mr)
{
    int rsa = kind[0] == 'r';
    if (mr) {
        fprintf(f, "+R%d:%llu:%u:%.2f\n", (rsa ? 1 : 3) + verify, count, bits, seconds);
        return;
    }
    if (rsa)
        fprintf(f, "Doing %u bits %s rsa's for %gs: %llu %u bits %s RSA's in %.2fs\n", bits,
                verify ? "public" : "private", for_seconds, count, bits,
                verify ? "public" : "private", seconds);
    else
        fprintf(f, "Doing %u bits %s dsa's for %gs: %llu %u bits DSA %s in %.2fs\n", bits,
                verify ? "verify" : "sign", for_seconds, count, bits,
                verify ? "verify" : "signs", seconds);
}

/* openssl_pkey_index is the row number OpenSSL's -mr output gives a key size: its
 * tables run 512, 1024, 2048, 3072, 4096, 7680, 15360 (rsa) and 512, 1024, 2048 (dsa). */
static unsigned openssl_pkey_index(unsigned bits)
{
    static const unsigned sizes[] = {512, 1024, 2048, 3072, 4096, 7680, 15360};
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (sizes[i] == bits)
            return i;
    return bits;
}

/* pkey_time and pkey_rate print one direction's seconds per operation and
 * operations per second, or what the case is instead (in the same widths). */
static void pkey_time(FILE *f, double rate, const char *outcome)
{
    if (outcome)
        fprintf(f, " %9s", outcome);
    else
        fprintf(f, " %8.6fs", rate > 0 ? 1.0 / rate : 0.0);
}

static void pkey_rate(FILE *f, double rate, const char *outcome)
{
    if (outcome)
        fprintf(f, " %8s", outcome);
    else
        fprintf(f, " %8.1f", rate);
}

void cb_out_pkey_table(FILE *f, const cb_pkey_row *rows, size_t nrows, int mr)
{
    int header[2] = {0, 0};
    for (size_t r = 0; r < nrows; r++) {
        int rsa = rows[r].kind[0] == 'r';
        double s = rows[r].sign_rate < 0 ? 0 : rows[r].sign_rate;
        double v = rows[r].verify_rate < 0 ? 0 : rows[r].verify_rate;
        if (mr) {
            fprintf(f, "+F%d:%u:%u:%f:%f\n", rsa ? 2 : 3, openssl_pkey_index(rows[r].bits),
                    rows[r].bits, s, v);
            continue;
        }
        if (!header[rsa]) {
            fprintf(f, "%18ssign    verify    sign/s verify/s\n", " ");
            header[rsa] = 1;
        }
        fprintf(f, "%s %4u bits", rows[r].kind, rows[r].bits);
        pkey_time(f, s, rows[r].sign_outcome);
        pkey_time(f, v, rows[r].verify_outcome);
        pkey_rate(f, s, rows[r].sign_outcome);
        pkey_rate(f, v, rows[r].verify_outcome);
        if (rows[r].variant)
            fprintf(f, "  (%s)", rows[r].variant);
        fputc('\n', f);
    }
}
