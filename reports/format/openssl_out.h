/*
 * reports/format/openssl_out.h - `openssl speed`'s output formats, so scripts that parse
 * OpenSSL's output parse ours: the progress lines, the final table ("The 'numbers'
 * are in 1000s of bytes per second processed."), and the -mr machine-readable lines.
 */
#ifndef CB_OPENSSL_OUT_H
#define CB_OPENSSL_OUT_H

#include <stddef.h>
#include <stdio.h>

/* cb_speed_row: one table row; rate[i] is bytes per second at sizes[i], < 0 when
 * the case was not measured (interrupted before its first sample).  outcome, when
 * not NULL, holds per size NULL for a measured case, else what it is instead of a
 * number ("faulted", "failed", "skipped"); -mr, whose lines scripts parse as
 * numbers, prints 0 there as OpenSSL does for a case it could not time. */
typedef struct cb_speed_row {
    const char *label;   /* "aes-256-gcm" or "aes-128-cbc/ce-i4" */
    const double *rate;
    const char *const *outcome;
    const unsigned char *noisy; /* per size, 1: the case missed its precision goal,
                                 * its figure marked with a '*' (not with -mr); or NULL */
} cb_speed_row;

/* cb_pkey_row: a public-key row; ops per second, < 0 when not measured; an outcome
 * other than NULL is printed instead of that direction's figures (not with -mr).  A
 * three-operation row has its operations in its table's order in the three: a KEM's
 * (heading "ML-KEM-768") keygen, encaps and decaps, ML-DSA's ("ML-DSA-65") keygen,
 * sign and verify (cb_out_pkey_slot). */
typedef struct cb_pkey_row {
    const char *kind;    /* the algorithm's heading: "rsa", "dsa", "ecdh (X25519)" */
    unsigned bits;
    const char *variant; /* shown after the row when several variants ran, else NULL */
    double sign_rate;    /* sign, or a key agreement's derive, or a keygen */
    double verify_rate;  /* verify, or a KEM's encaps, or ML-DSA's sign */
    const char *sign_outcome, *verify_outcome;
    double third_rate;   /* a KEM's decaps, ML-DSA's verify */
    const char *third_outcome;
} cb_pkey_row;

/* cb_out_pkey_slot: which of a row's three figures (0 sign_rate, 1 verify_rate, 2
 * third_rate) direction fills in the row headed heading. */
int cb_out_pkey_slot(const char *heading, const char *direction);

/* cb_out_progress prints "Doing LABEL for Ss on N size blocks: C LABEL's in T s". */
void cb_out_progress(FILE *f, const char *label, double for_seconds, size_t len,
                     unsigned long long count, double seconds);

/* cb_out_mr_case prints the -mr "+DT:" and "+R:" lines of one case. */
void cb_out_mr_case(FILE *f, const char *label, double for_seconds, size_t len,
                    unsigned long long count, double seconds);

/* cb_out_table prints the symmetric table (mr: the "+H:" and "+F:" lines). */
void cb_out_table(FILE *f, const size_t *sizes, size_t nsizes, const cb_speed_row *rows,
                  size_t nrows, int mr);

/* cb_out_cpb_table prints cycles (or ticks) per byte, one column per size; rate[]
 * holds the figures, < 0 for n/a (or the row's outcome, when it has one). */
void cb_out_cpb_table(FILE *f, const char *source, const size_t *sizes, size_t nsizes,
                      const cb_speed_row *rows, size_t nrows);

/* cb_out_pkey_progress prints OpenSSL's public-key progress line (mr: its +R line) for
 * one direction ("sign", "verify", "derive"; a KEM's "keygen", "encaps", "decaps",
 * as OpenSSL 3.5's "Doing ML-KEM-768 keygen ops for 10s: ..." and +R15 to +R17;
 * ML-DSA's "keygen", "sign", "verify" with +R18 to +R20) of the row headed heading. */
void cb_out_pkey_progress(FILE *f, const char *heading, unsigned bits, const char *direction,
                          double for_seconds, unsigned long long count, double seconds,
                          int mr);

/* cb_openssl_curve: a curve of OpenSSL speed's ECDSA and ECDH tables, whose position
 * is the index of its +F4 and +F5 lines (the same for the first 16 from 1.0 to 3.x,
 * then brainpool, X25519 and X448; a build without binary curves shifts them). */
typedef struct cb_openssl_curve {
    const char *name; /* lower case, as the import names them */
    unsigned bits;
} cb_openssl_curve;

extern const cb_openssl_curve cb_openssl_curves[];
extern const size_t cb_openssl_curve_count;

/* cb_out_pkey_table prints the public-key tables, a heading per family as OpenSSL 3.0
 * does (mr: "+F2:" rsa, "+F3:" dsa, "+F4:" ecdsa, "+F5:" ecdh, "+F6:" EdDSA), and
 * OpenSSL 3.5's KEM table ("keygen encaps decaps keygens/s encaps/s decaps/s"; mr:
 * "+F9:N:keygen:encaps:decaps", N counting the KEM rows printed from 0) and its
 * signature table ("keygen signs verify keygens/s sign/s verify/s"; mr:
 * "+F10:N:keygen:sign:verify"). */
void cb_out_pkey_table(FILE *f, const cb_pkey_row *rows, size_t nrows, int mr);

#endif
