/*
 * base/sample.h - what a measurement produces, the one input of every output
 * format (text table, -mr, CSV, JSON, compare): they are renderers over the same
 * samples, so they cannot disagree.
 */
#ifndef CB_SAMPLE_H
#define CB_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

/* cb_run_info: how, where and under which conditions a run was measured.  The same
 * for every sample of one run; repeated on every CSV row so files concatenate. */
typedef struct cb_run_info {
    const char *tool_version;   /* CB_VERSION */
    const char *build_rev;      /* git revision of the build, "-dirty" if modified */
    const char *build_config;   /* configs/<name> */
    const char *compiler;       /* first line of $CC --version */
    const char *cflags;
    const char *host_arch;      /* "x86_64", "aarch64", "arm", "ppc64", "ppc64le" */
    const char *hostname;
    const char *cpu_model;
    const char *caps_detected;  /* "aesni,pclmul,..." */
    const char *caps_effective;
    const char *caps_mask;      /* the mask as given, "none" */
    const char *mask_source;    /* "CRYPTOBENCH_CAPS", "OPENSSL_armcap", "none" */
    const char *emulator;       /* "none", "qemu-user", "unknown" */
    const char *timing;         /* "cpu" (user+system time) or "wall" */
    const char *started;        /* ISO 8601 UTC */
    /* The tuning file auto followed (schema 1.7): "NAME fnv1a64:SUM", its name as
     * given and the checksum of its bytes (kernels/tune.h); "" (or NULL) for none. */
    const char *tune;
} cb_run_info;

/*
 * cb_provenance: where the code of a whole-algorithm variant came from (a libcrypto
 * loaded at run time, kernels/kernel.h's cb_alg_impl), recorded on every sample so
 * that two builds of one library, or one library loaded under two environments,
 * stay apart in results files and in compare.  Every field is "" (or NULL, which
 * reads the same) for a built-in variant.  Each holds at most CB_PROVENANCE_MAX
 * bytes, as cb_provenance_clean leaves it.
 */
typedef struct cb_provenance {
    const char *library;  /* the path as loaded: "/opt/openssl-3.2/lib64/libcrypto.so.3" */
    const char *version;  /* what the library says it is: "OpenSSL 3.2.1 30 Jan 2024" */
    const char *info;     /* its build notes joined by "; ": "cflags=-O3; platform=..." */
    const char *env;      /* the environment it was loaded under, "VAR=VALUE" joined by
                           * "; ": "OPENSSL_ia32cap=0x0" */
} cb_provenance;

/* CB_PROVENANCE_MAX bounds each provenance string: a path (PATH_MAX is 4096 with its
 * NUL) and a distribution's compiler flags fit, a corrupted field does not pass. */
#define CB_PROVENANCE_MAX 4095

/* The fields in order, and as results files name them (CSV columns, JSON keys): the
 * list an initializer can hold, written once. */
enum { CB_PROV_LIBRARY, CB_PROV_VERSION, CB_PROV_INFO, CB_PROV_ENV, CB_PROVENANCE_FIELDS };
#define CB_PROVENANCE_KEYS "library", "library_version", "library_info", "library_env"

/* cb_provenance_key names field i (CB_PROV_LIBRARY ...). */
const char *cb_provenance_key(int i);

/* cb_provenance_str returns field i of p, "" for NULL. */
const char *cb_provenance_str(const cb_provenance *p, int i);

/* cb_provenance_field gives the address of field i of p, for readers filling it. */
const char **cb_provenance_field(cb_provenance *p, int i);

/* cb_provenance_external: does p name a library (the sample is an external
 * variant's)? */
int cb_provenance_external(const cb_provenance *p);

/* cb_provenance_equal: do a and b say the same, field by field (NULL equals "")? */
int cb_provenance_equal(const cb_provenance *a, const cb_provenance *b);

/*
 * cb_provenance_clean copies s (NULL: "") into buf, which holds CB_PROVENANCE_MAX + 1
 * bytes, as every results file can carry it and read it back: control bytes other
 * than tab, CR and LF become '?', and text longer than CB_PROVENANCE_MAX bytes is cut
 * and ends with "...".  Returns buf.
 */
const char *cb_provenance_clean(const char *s, char *buf);

/* cb_sample: one timed batch of one case. */
typedef struct cb_sample {
    const char *alg;            /* canonical algorithm name */
    const char *variant;
    const char *direction;      /* "encrypt", "decrypt", "digest", "sign", "verify" */
    unsigned key_bits;
    size_t block_bytes;         /* 0 for public-key rows */
    unsigned misalign;
    int aead;                   /* 13-byte AAD per message (-aead) */
    unsigned sample_index;      /* 0-based within the case */
    uint64_t iterations;        /* operations in this sample */
    double seconds;             /* time they took (cpu or wall, per run_info.timing) */
    double cycles;              /* counted cycles, or < 0 when not measured */
    const char *cycles_source;  /* "perf", "tsc-ref", "timebase", "" */
    const char *status;         /* "ok" (measured), "faulted" (a signal stopped the
                                 * variant, timed or in its check before timing),
                                 * "failed" (it gave wrong answers in that check),
                                 * "skipped" (not timed: its variant faulted at an
                                 * earlier size), "imported" */
    /* What the whole case's samples say (schema 1.1), repeated on each of its rows;
     * unknown when case_ci_high <= 0 (imports, schema 1.0 files). */
    double case_ci_low, case_ci_high; /* 95% CI of the median, operations per second */
    double case_cv;                   /* coefficient of variation of the sample rates */
    int case_noisy;                   /* the precision goal was not reached */
    /* Who took it (schema 1.2): `speed -multi N` runs N workers at once and each
     * sample is one worker's.  A normal run is workers 1 (0 reads the same), worker 0. */
    unsigned workers;                 /* how many workers ran at once */
    unsigned worker;                  /* 0-based index of the worker that took it */
    /* Why a case was not measured (schema 1.3); "" (or NULL) for a measured one. */
    const char *signal;               /* "SIGILL" etc. for a faulted case */
    const char *note;                 /* one short phrase: "this CPU lacks sha" */
    /* Where the variant's code came from (schema 1.4); none ("" or NULL) for
     * built-in variants and imported rows. */
    cb_provenance lib;
    /* The design of an interleaved comparison (schema 1.5): `speed -variant A,B
     * -compare` takes its variants' samples in rounds of one batch each, in a random
     * order per round; scripts/compare-builds.sh does the same with two builds'
     * runs.  Unpaired samples (paired 0, what a zero sample reads as) have none. */
    int paired;                       /* the sample is one batch of a round */
    unsigned pair;                    /* the round, 0-based */
    unsigned pair_order;              /* its place in the round, 0 first */
    unsigned arm;                     /* which side: 0 the first of -variant A,B (A),
                                       * 1 the second; tells A,A's two apart */
    /* Separate runs compared (schema 1.6): which repetition of `speed -runs N` took
     * the sample, whether it was taken before the case settled (left out of every
     * figure), and the canary batch of its round (docs/compare.md). */
    unsigned run;                     /* 0-based */
    int transient;
    const char *canary;               /* "scalar", "aes", "simd"; "" (or NULL): none */
    const char *canary_sum;           /* the canary code's checksum */
    uint64_t canary_iterations;
    double canary_seconds;            /* <= 0: no canary */
    int case_unsettled;               /* the case's samples never lost their trend */
} cb_sample;

/* cb_sample_measured: is s a measurement (status ok or imported), not an outcome
 * without one (faulted, failed, skipped)? */
int cb_sample_measured(const cb_sample *s);

/* cb_sample_ops_per_sec and cb_sample_bytes_per_sec derive the rates. */
double cb_sample_ops_per_sec(const cb_sample *s);
double cb_sample_bytes_per_sec(const cb_sample *s);

#endif
