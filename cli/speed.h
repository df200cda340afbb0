/*
 * cli/speed.h - the `speed` command's options, shared by cli/cmd_speed.c (the run)
 * and cli/speed_opts.c (OpenSSL's command line, parsed and checked).  Internal to
 * the command; nothing outside cli/ includes it.
 */
#ifndef CB_CLI_SPEED_H
#define CB_CLI_SPEED_H

#include <stddef.h>

#include "harness/bench.h"
#include "harness/cycles.h"
#include "kernels/kernel.h"

/* Limits of one run: block sizes, algorithms named, planned (algorithm, variant,
 * direction) entries, and the largest block. */
#define MAX_SIZES 32
#define MAX_ALGS 64
#define MAX_ENTRIES 512
#define MAX_BYTES (64u << 20)

/* speed_opts: what the command line asked for, checked. */
typedef struct speed_opts {
    const cb_alg *algs[MAX_ALGS];
    size_t nalgs;
    size_t sizes[MAX_SIZES];
    size_t nsizes;
    cb_bench_cfg bench;
    int decrypt, aead, mr, force_caps, compare, inplace;
    const char *style;    /* -style for -compare */
    cb_cycles_mode cycles;
    unsigned misalign;
    long cpu;             /* -cpu N: pin to this CPU; -1 leaves scheduling alone */
    long multi;           /* -multi N: N workers on distinct CPUs; 0 = none */
    const char *variants; /* NULL or "auto": auto selection */
    const char *csv_path;
    const char *json_path;
} speed_opts;

/* cb_speed_parse fills o from the command line: -1 (after one sentence on stderr) on
 * bad usage, 1 when help was printed, 0 to run.  Every check that can be made
 * before anything is timed is made here. */
int cb_speed_parse(speed_opts *o, int argc, char **argv);

#endif
