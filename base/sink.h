/*
 * base/sink.h - where a run's records go.
 *
 * The harness emits one stream per run: begin (what will be timed), then for every
 * case its samples and its summary, then end.  Every outcome of a case is in the
 * stream: measured, faulted, failed its check, skipped.  Each output format (the
 * openssl text table, -mr, CSV, JSON, the -compare table, the progress line) is one
 * cb_sink over that stream, so they cannot disagree, and adding a format is adding
 * a sink.  The harness knows no format; the formats know no harness.
 */
#ifndef CB_SINK_H
#define CB_SINK_H

#include <stddef.h>

#include "base/sample.h"

/* cb_sink_entry: one planned (algorithm, variant, direction): a row of the table. */
typedef struct cb_sink_entry {
    const char *label;     /* "md5", or "md5/generic" when variants were named */
    const char *alg, *variant, *direction;
    unsigned key_bits;
    int pkey;              /* counts operations, at one size (block_bytes 0) */
    const char *heading;   /* pkey: the word the table heads its row with ("rsa") */
    int labelled;          /* the label names the variant */
} cb_sink_entry;

/* cb_sink_run: what a run will time and how; given to begin, valid until end. */
typedef struct cb_sink_run {
    const cb_run_info *info;
    const size_t *sizes;
    size_t nsizes;
    const cb_sink_entry *entries;
    size_t nentries;
    size_t cases;            /* how many case summaries with worker < 0 will follow */
    unsigned workers;        /* N for `-multi N`, 0 for one process */
    double seconds;          /* -seconds per case, 0 when precision-driven */
    double precision;        /* the precision goal (0.01 is +-1%) */
    double max_case_seconds; /* precision mode: a case's time cap */
    int cycles_asked;        /* -cycles was given */
    const char *cycles_source; /* "perf", "tsc-ref", "timebase", "" when none */
    const char *cycles_why;  /* why there is none, when asked */
} cb_sink_run;

/* CB_SUMMARY_CASE as cb_case_summary.worker: the case as the run reports it (with
 * -multi, the whole machine); 0..N-1 is one worker's own figures. */
#define CB_SUMMARY_CASE (-1)

/* cb_case_summary: what one case's samples say, computed once for every sink. */
typedef struct cb_case_summary {
    size_t entry, size_index;  /* the row and the column */
    int worker;                /* CB_SUMMARY_CASE or a worker's index */
    const char *alg, *variant, *direction;
    unsigned key_bits;
    size_t block_bytes;
    unsigned misalign;
    int aead;
    unsigned samples;
    double ops_per_sec;        /* median; < 0 when nothing was measured */
    double ci_low, ci_high;    /* 95% CI of the median, operations per second */
    double cv;                 /* standard deviation / mean of the sample rates */
    double cycles_per_byte;    /* median (per operation for pkey); < 0 when not counted */
    const char *cycles_source;
    int noisy;                 /* the precision goal was not reached */
    unsigned long long count;  /* operations in all samples */
    double seconds;            /* time they took */
    const char *status;        /* "ok", "faulted", "failed", "skipped", "not timed" */
    const char *signal;        /* faulted: "SIGILL" ...; else "" */
    const char *note;          /* not measured: why, one phrase; else "" */
    cb_provenance lib;         /* where the variant's code came from; "" built in */
} cb_case_summary;

/* How a run ended, for cb_sink.end. */
typedef enum cb_sink_end {
    CB_SINK_DONE,      /* every case ran */
    CB_SINK_STOPPED,   /* a stop signal ended it early: keep what finished */
    CB_SINK_ABANDONED  /* refused before anything was timed: leave nothing behind */
} cb_sink_end;

/*
 * cb_sink: callbacks over the stream; any but end may be NULL.  begin comes first
 * (not on an abandoned run), then per case: case_start (the case is about to be
 * timed), its samples, its case_end; end comes last, always, and frees ctx.  end
 * returns 0, or -1 after saying why on stderr (a file that could not be written).
 */
typedef struct cb_sink {
    void *ctx;
    void (*begin)(void *ctx, const cb_sink_run *run);
    void (*case_start)(void *ctx, size_t entry, size_t size_index);
    void (*sample)(void *ctx, const cb_sample *s);
    void (*case_end)(void *ctx, const cb_case_summary *c);
    int (*end)(void *ctx, cb_sink_end how);
} cb_sink;

#endif
