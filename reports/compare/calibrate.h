/*
 * reports/compare/calibrate.h - `compare -calibrate-gate A1.csv A2.csv ...`: how
 * small a -fail-if-slower separate files of one host can take.
 *
 * Every ordered pair of the A/A files (the same build, run apart, as CI's baseline
 * and new job are) is compared as `compare Ai Aj` would; each pair flags exactly
 * the thresholds below one value (its worst case: the upper end of the interval
 * of a significant slowdown, or the difference of a one-sample case).  The smallest
 * threshold that flags at most 5% of the pairs is the recommendation, rounded up to
 * 0.1%.  The record of it, one line per host, CPU and design, lets a later compare
 * warn when a smaller threshold is asked for.
 */
#ifndef CB_COMPARE_CALIBRATE_H
#define CB_COMPARE_CALIBRATE_H

#include <stddef.h>

#include "reports/compare/compare.h"

typedef struct cb_gate_calibration {
    double threshold_pct;  /* the smallest P flagging at most 5% of the pairs */
    double none_pct;       /* the smallest P flagging none */
    size_t pairs, files, flagged_at_threshold;
    char host[128], cpu[128];
    char design[32];       /* cb_case_judged of the files' cases: "runs/canary" ... */
    char date[32];         /* UTC, when calibrated */
} cb_gate_calibration;

/* CB_CALIBRATE_RATE: the false alarms a recommendation allows, as a fraction. */
#define CB_CALIBRATE_RATE 0.05

/*
 * cb_compare_calibrate compares every ordered pair of the n files (n >= 2, of one
 * host, each one run) and fills cal.  Returns 0, or -1 with one sentence in err (a
 * file that does not read, two that share no case, files of different hosts).
 */
int cb_compare_calibrate(const char *const *files, size_t n, const cb_compare_opts *o,
                         cb_gate_calibration *cal, char *err, size_t errlen);

/* cb_calibration_line writes cal as the record's one line (no newline) into buf. */
void cb_calibration_line(const cb_gate_calibration *cal, char *buf, size_t len);

/*
 * cb_calibration_find looks in text (a record: lines of cb_calibration_line) for
 * the line of host, cpu and design, the last one when several; 0 and cal filled, or
 * -1 when there is none.  Lines that do not parse are ignored.
 */
int cb_calibration_find(const char *text, const char *host, const char *cpu,
                        const char *design, cb_gate_calibration *cal);

/* cb_calibration_design: the design of c's gated cases as cb_case_judged names it
 * (the first unpaired gated case's), NULL when none is unpaired. */
const char *cb_calibration_design(const cb_comparison *c);

#endif
