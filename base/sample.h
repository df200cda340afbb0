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
} cb_run_info;

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
} cb_sample;

/* cb_sample_measured: is s a measurement (status ok or imported), not an outcome
 * without one (faulted, failed, skipped)? */
int cb_sample_measured(const cb_sample *s);

/* cb_sample_ops_per_sec and cb_sample_bytes_per_sec derive the rates. */
double cb_sample_ops_per_sec(const cb_sample *s);
double cb_sample_bytes_per_sec(const cb_sample *s);

#endif
