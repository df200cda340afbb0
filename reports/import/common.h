/*
 * reports/import/common.h - what the importer's files share: the measures read from a
 * log, the importer's state and small parsers (reports/import/common.c).  The log
 * readers (reports/import/readers.h) and the loop (reports/import/import.c) sit
 * above it.  Internal to reports/import/.
 */
#ifndef CB_IMPORT_COMMON_H
#define CB_IMPORT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"
#include "reports/import/import.h"

#define MAX_TOKENS 48
#define MAX_SIZES 32
#define NAME_LEN 64
/* CB_IMP_CHILDREN: the -multi children (and the parent, 0) whose +F9 and +F10 lines are
 * counted apart; a child past it is counted with the parent's. */
#define CB_IMP_CHILDREN 65
/* CB_IMP_LINE_MAX bounds one line of a log: a compiler line of a distribution build
 * runs to several hundred characters, and is kept whole. */
#define CB_IMP_LINE_MAX 8192

/* Public-key operations, one per rate column of OpenSSL's public-key tables; 0 is
 * "not public key".  cb_imp_pk_dirs gives each its CSV direction. */
enum { PK_NONE, PK_SIGN, PK_VERIFY, PK_ENCRYPT, PK_DECRYPT, PK_DERIVE, PK_KEYGEN,
       PK_ENCAPS, PK_DECAPS, PK_COUNT };
extern const char *const cb_imp_pk_dirs[PK_COUNT];

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
    char driver[NAME_LEN];/* tcrypt, bssl: the variant (the driver, -variant, "bssl") */
    char dir[16];         /* and encrypt, decrypt or digest (bssl: any direction) */
    int aead;             /* bssl: the operation carried AAD (the CSV's aead bits) */
    unsigned misalign;    /* gbench: our own export's /misalignN */
    unsigned child;       /* `openssl speed -multi`: 1 + the child that reported it
                           * ("Got: ... from N"); 0 for a line of the parent's */
    char note[96];        /* cryptsetup's Argon2 costs, the row's note; "" for none */
    char cyc_src[16];     /* liboqs: a timed row that also counted cycles (cycles is
                           * then per operation, the row's cycles_source this) */
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
    const char *text;      /* the line being read (its timestamp stripped), for the
                            * messages of a table recogniser */
    mlist progress, values;
    mlist tcrypt;          /* tcrypt samples: name is our algorithm, rate in bytes/s */
    mlist bssl;            /* `bssl speed` results, named and counted when read */
    mlist gbench;          /* Google Benchmark runs, named and counted when read */
    mlist named;           /* liboqs, cryptsetup and kcapi-speed results, named when
                            * read (reports/import/oqs.c, cryptsetup.c, kcapi.c) */
    mlist kunit;           /* KUnit benchmark lines, named when read (reports/import/kunit.c) */
    /* table state */
    size_t sizes[MAX_SIZES], nsizes;
    int in_table;
    int pk_cols[MAX_TOKENS]; /* per column: the operation of a rate, -1 for a time */
    char pk_words[MAX_TOKENS][12]; /* the heading's words, for messages */
    size_t npk_cols;
    int in_pk_table;
    size_t mr_sizes[MAX_SIZES], nmr_sizes;
    measure mr_pending;    /* from +DT or +DTP, waiting for its +R line */
    size_t f9_seen[CB_IMP_CHILDREN], f10_seen[CB_IMP_CHILDREN]; /* +F9/+F10 lines read */
    /* tcrypt state */
    char tc_alg[NAME_LEN], tc_driver[NAME_LEN], tc_dir[16];
    /* run description */
    char version[96], compiler[CB_IMP_LINE_MAX], options[1536], cpuinfo[512];
    char caps_detected[256], caps_effective[256], caps_mask[192], mask_source[48];
    char cpu_model[256];    /* from cryptobench's own CPUINFO line; "" otherwise */
    char auto_picks[1024];  /* cryptobench's own "auto:" line: "md5 generic, ..." */
    unsigned got_child;    /* 1 + N while a "Got: ... from N" line is read, else 0 */
    unsigned children;     /* -multi: how many children reported */
    mlist per_child;       /* -multi: each child's +F values */
    size_t multi_progress; /* -multi: progress lines left out (they name no child) */
    size_t multi_disagree; /* -multi: table values the children's sum does not give */
    int wall;
    int tcrypt_seen, openssl_seen;
    int bssl_seen, bssl_json;  /* a `bssl speed` result was read; the log was -json */
    int gbench_seen;       /* the text was Google Benchmark JSON */
    int kunit_seen;        /* a KUnit suite or benchmark line was read */
    char ku_suite[NAME_LEN], ku_case[NAME_LEN]; /* the suite and benchmark being read */
    char ku_nested[NAME_LEN]; /* a parameterised case's own "# Subtest:" inside it */
    size_t ku_case_first;  /* the case's first measure in kunit */
    size_t ku_failed, ku_unread, ku_zero; /* KUnit values left out: a failed case's, lines
                           * of another form, values of 0 MB/s */
    char gb_version[48];   /* its context's "library_version", "" when none */
    char hostname[128];    /* the host the log names (Google Benchmark's host_name) */
    char started[64];      /* when the log says the run started (its "date"), or "" */
    size_t gb_errored;     /* Google Benchmark runs left out: "error_occurred" */
    size_t gb_aggregates;  /* runs imported from an aggregate (no iteration entries) */
    /* liboqs speed_kem / speed_sig state */
    int oqs_seen;          /* its configuration banner or table header was read */
    int oqs_config;        /* inside the "Configuration info" banner */
    int oqs_table;         /* 0 no table, 1 cycles column, 2 nanoseconds column */
    char oqs_alg[NAME_LEN];/* the algorithm heading the rows, "" before one */
    char oqs_version[48];  /* its "OQS version:", "" when none */
    /* cryptsetup benchmark, kcapi-speed */
    int cs_seen, cs_table; /* a cryptsetup line was read; its cipher header was */
    int kcapi_seen;        /* a kcapi-speed result was read */
    struct kcapi_listed { char test[NAME_LEN], driver[NAME_LEN]; } *kc_list;
    size_t kc_nlist;       /* its `-l` lines: test name to driver */
    size_t kc_old;         /* results in the older layout (a 10-character rate), whose
                            * kcapi-speed divided by totaltime>>30 (docs/compare.md) */
    /* what the warnings report */
    size_t unnamed_mr, curveless, tc_unread;
    char foreign[1024];    /* names kept that cryptobench cannot run */
    size_t foreign_more;   /* ... and how many did not fit */
} importer;

/* ---- shared helpers (reports/import/import.c) ------------------------------------------- */

/* cb_imp_fail writes "FILE:LINE: message" into the importer's error buffer; returns
 * -1. */
int cb_imp_fail(importer *im, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* cb_imp_push appends a cleared measure (rate -1: none yet) to l. */
measure *cb_imp_push(mlist *l);

/* cb_imp_copy_name copies len bytes of src into a NAME_LEN buffer, cut to fit. */
void cb_imp_copy_name(char *dst, const char *src, size_t len);

/* cb_imp_trim copies len bytes of s into out (of size outlen) without the blanks at
 * either end. */
void cb_imp_trim(char *out, size_t outlen, const char *s, size_t len);

/* cb_imp_lower_copy copies src into dst (of size len) in lower case. */
void cb_imp_lower_copy(char *dst, size_t len, const char *src);

/* cb_imp_normalise writes text lower case, each run of anything but letters, digits,
 * '.' and '_' one '-', none at either end ("ECDSA P-256" is ecdsa-p-256). */
void cb_imp_normalise(char *out, size_t len, const char *text);

/* cb_imp_tokenize splits s in place at blanks into at most MAX_TOKENS words. */
int cb_imp_tokenize(char *s, char **tok);

/* cb_imp_all_digits: s is one or more decimal digits and nothing else. */
int cb_imp_all_digits(const char *s);

/* cb_imp_json_start sets *j up over text for a JSON reader of the importer: what
 * names the format ("`bssl speed -json` output"), and a refusal becomes the
 * importer's error at the cursor's line. */
struct cb_json;
void cb_imp_json_start(struct cb_json *j, importer *im, const char *what, const char *text,
                       size_t len);

/* cb_imp_parse_count reads a whole number that is the whole of s. */
int cb_imp_parse_count(const char *s, uint64_t *out);

/* CB_IMP_DECIMAL_MAX: the longest decimal read (far past any rate a table holds). */
#define CB_IMP_DECIMAL_MAX 39

/* cb_imp_parse_decimal reads "123.45" (digits, at most one '.'), len bytes of s. */
int cb_imp_parse_decimal(const char *s, size_t len, double *out);

/* cb_imp_parse_table_value reads "1411716.28k" (x1000) or "9999.99" (bytes per
 * second). */
int cb_imp_parse_table_value(const char *s, double *out);

/* cb_imp_parse_seconds reads "2.99s". */
int cb_imp_parse_seconds(const char *s, double *out);

/* cb_imp_symmetric_alg returns cryptobench's algorithm called name and writes its
 * canonical spelling over name; NULL (name unchanged) when it has none or a
 * public-key one. */
const cb_alg *cb_imp_symmetric_alg(char *name, size_t len);

/* cb_imp_kernel_name writes our name for a Linux crypto API name ("cbc(aes)") and key
 * size into out (reports/import/tcrypt.c, shared with kcapi.c): cryptobench's
 * algorithm when it has one, NULL otherwise (out then holds the API name). */
const cb_alg *cb_imp_kernel_name(const char *api, unsigned key_bits, char *out, size_t len);

/* cb_imp_add_option appends "NAME VALUE" to the run's flags text, "; " between. */
void cb_imp_add_option(importer *im, const char *name, const char *value);

/* cb_imp_times_direction reports whether cryptobench times a's direction called dir
 * (rsa* signs and verifies, but an imported rsa encrypt row is OpenSSL's alone). */
int cb_imp_times_direction(const cb_alg *a, const char *dir);

#endif
