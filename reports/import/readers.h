/*
 * reports/import/readers.h - the table of log readers: one row each, in the order a
 * line is offered to them.  A reader is one file, reports/import/<tool>.c, that reads
 * lines into the importer's measures (reports/import/common.h) and defines the
 * functions its row names; reports/import/import.c offers every line to the rows'
 * line recognisers in order, then the line's words to their table recognisers, and
 * turns the measures into rows.  So a new reader is its file plus its row here.
 *
 * X(NAME, LINE, TOKENS): LINE(im, s) is offered each line (its dmesg timestamp
 * stripped), TOKENS(im, tok, n) the blank-separated words of a line no LINE took;
 * either may be NULL.  Each returns 1 when the line was its own, 0 when not, and -1
 * (after cb_imp_fail) when it was its own but malformed.
 */
#ifndef CB_IMPORT_READERS_H
#define CB_IMPORT_READERS_H

#include "reports/import/common.h"

#define CB_IMPORT_READERS(X)                                                             \
    X(openssl_multi, cb_imp_openssl_child, NULL)                                         \
    X(openssl, cb_imp_openssl_text, cb_imp_openssl_table)                                \
    X(tcrypt, cb_imp_tcrypt_line, NULL)                                                  \
    X(bssl, cb_imp_bssl_line, NULL)                                                      \
    X(oqs, cb_imp_oqs_line, NULL)                                                        \
    X(cryptsetup, cb_imp_cryptsetup_line, cb_imp_cryptsetup_table)                       \
    X(kcapi, cb_imp_kcapi_line, NULL)                                                    \
    X(kunit, cb_imp_kunit_line, NULL)

/* openssl.c: cb_imp_openssl_child reads what `openssl speed -multi` prints for its
 * children ("Forked child N", "Got: LINE from N", LINE read as the child's);
 * cb_imp_openssl_text the progress ("Doing ..."), -mr ("+...") and self-description
 * (version, compiler, options) lines; cb_imp_openssl_table a tokenised line of the
 * rate tables: the "type 16 bytes ..." header and its rows, the public-key headers
 * and rows. */
int cb_imp_openssl_child(importer *im, const char *s);
int cb_imp_openssl_text(importer *im, const char *s);
int cb_imp_openssl_table(importer *im, char **tok, int n);

/* tcrypt.c: cb_imp_tcrypt_line reads tcrypt's "testing speed of" headings and
 * "test N (...)" results. */
int cb_imp_tcrypt_line(importer *im, const char *s);

/* bssl.c: cb_imp_bssl_line reads `bssl speed`'s "Did N DESCRIPTION operations in
 * Nus (R ops/sec)" lines (BoringSSL, AWS-LC); cb_imp_bssl_json its -json output, the
 * whole text: 0 when the text is not a JSON array of objects, 1 when it was read, -1
 * (after cb_imp_fail) when it is one but malformed.  import.c offers the text to
 * cb_imp_bssl_json before the line loop. */
int cb_imp_bssl_line(importer *im, const char *s);
int cb_imp_bssl_json(importer *im, const char *text, size_t len);

/* oqs.c: cb_imp_oqs_line reads liboqs's speed_kem and speed_sig output: the
 * "Configuration info" banner, the table header, its algorithm headings and
 * operation rows, and the lines around the table. */
int cb_imp_oqs_line(importer *im, const char *s);

/* cryptsetup.c: cb_imp_cryptsetup_line reads `cryptsetup benchmark`'s messages,
 * cb_imp_cryptsetup_table a tokenised line of its results: the PBKDF2 and Argon2
 * lines, the cipher table's header and rows. */
int cb_imp_cryptsetup_line(importer *im, const char *s);
int cb_imp_cryptsetup_table(importer *im, char **tok, int n);

/* kcapi.c: cb_imp_kcapi_line reads libkcapi's kcapi-speed result lines (text and
 * -r), its "untested" lines and its -l listing of each test's driver. */
int cb_imp_kcapi_line(importer *im, const char *s);

/* gbench.c: cb_imp_gbench_json reads Google Benchmark's JSON output (an object of
 * "context" and "benchmarks"), the whole text, with cb_imp_bssl_json's returns; import.c
 * offers the text to it first. */
int cb_imp_gbench_json(importer *im, const char *text, size_t len);

/* kunit.c: cb_imp_kunit_line reads the KTAP lines of the kernel's KUnit lib/crypto
 * benchmarks (Linux 6.15 on): "# Subtest: sha256" opens a suite, "# benchmark_hash:
 * len=16: 180 MB/s" is a value, "ok 12 benchmark_hash" / "not ok ..." ends a case;
 * the other lines of a suite are its chatter. */
int cb_imp_kunit_line(importer *im, const char *s);

#endif
