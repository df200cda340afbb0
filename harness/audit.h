/*
 * harness/audit.h - how `cryptobench audit` measures: every variant of an algorithm
 * this machine can run, in every direction, timed interleaved in rounds of one short
 * batch each (as -compare times two) at every block size of a dense sweep, each case
 * ending as soon as base/fastest.h resolves which variants are fastest, or at its
 * share of the algorithm's time cap.  The run itself is harness/run.h's; this sets
 * its options.  What the samples mean is reports/audit/'s.
 */
#ifndef CB_AUDIT_H
#define CB_AUDIT_H

#include <stddef.h>

#include "harness/plan.h"

/* The default sweep: 16 B to 16 KiB, each size a multiple of 16 (every block of
 * this build divides it) and at most 1.25 times the one before, so a crossover is
 * placed to within 25% (to within one 16-byte step below 80 B, the finest a block
 * allows). */
#define CB_AUDIT_FIRST 16
#define CB_AUDIT_LAST 16384
#define CB_AUDIT_STEP 1.25
#define CB_AUDIT_QUANTUM 16

/* CB_AUDIT_SECONDS: the default time cap of one algorithm in one direction, shared
 * evenly by its block sizes (docs/audit.md says what the whole default audit takes).
 * CB_AUDIT_BATCH: one batch's target length; short, so that a size's share of the
 * cap holds enough rounds for the first looks (16, 24, 32 rounds). */
#define CB_AUDIT_SECONDS 2.0
#define CB_AUDIT_BATCH 0.0005

/* cb_audit_sizes writes the default sweep into out (up to max) and returns how many. */
size_t cb_audit_sizes(size_t *out, size_t max);

/*
 * cb_audit_setup turns o (algorithms, sizes, a -variant selection, the clock) into
 * an audit's run: every direction, the candidates interleaved in one group per
 * algorithm and direction (-variant all, without the ones that cannot run here,
 * unless a list was given), short batches, no canary (the rounds cancel drift) and
 * no steady-state test, and the stop rule above with seconds as each algorithm's
 * cap in each direction.
 */
void cb_audit_setup(cb_run_opts *o, double seconds);

#endif
