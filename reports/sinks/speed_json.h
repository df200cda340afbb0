/*
 * reports/sinks/speed_json.h - `speed -json FILE`: one object per case with its median,
 * the 95% confidence interval of the median, the spread (coefficient of variation)
 * and whether it reached the precision asked for, under the run's conditions; with
 * `-multi N`, also each worker's own figures.
 *
 * Schema "cryptobench-speed 1.3" (1.2 plus "library", "library_version",
 * "library_info" and "library_env"; 1.2 was 1.1 plus "signal" and "note"; 1.1 was
 * 1.0 plus "workers" and "per_worker"):
 *   {"schema", "run": {...}, "precision_goal_pct", "workers": N (1 without -multi),
 *    "cases": [{algorithm, variant, library, library_version, library_info,
 *               library_env, direction, key_bits, block_bytes, misalign, aead,
 *               samples, ops_per_sec, bytes_per_sec, ci95_low_ops, ci95_high_ops,
 *               ci95_halfwidth_pct, cv_pct, cycles_per_byte, cycles_source, noisy,
 *               status, signal, note, and with -multi "per_worker": [{worker,
 *               samples, ops_per_sec, ... note}, one per worker]}]}
 * status is "ok", "faulted" (signal names the signal), "failed" (wrong answers in
 * the check before timing), "skipped" (not timed after the variant faulted at a
 * smaller size) or, for a -multi case some worker did not finish, "not timed"; note
 * says in a few words why a case was not measured ("" when it was); the library
 * fields say where a variant loaded at run time came from, as the CSV columns of
 * those names do (docs/csv.md), and are "" for built-in variants; numbers that are
 * not known are null.
 */
#ifndef CB_SPEED_JSON_H
#define CB_SPEED_JSON_H

#include <stddef.h>

#include <stdio.h>

#include "base/sink.h"

/*
 * cb_speed_json_write writes the run and its cases to f (the caller makes it a result
 * file, base/outfile.h).  workers is N for a `-multi N` run and 0 otherwise; with
 * -multi, cases[i] is the case as the machine ran it (its samples are the rounds:
 * round j sums the j-th sample of every worker) and per_worker holds n x workers
 * summaries, case-major: worker w's own figures for case i at
 * per_worker[i * workers + w], written as the case's "per_worker" array.  Returns 0,
 * or -1 when f reports a write error.
 */
int cb_speed_json_write(FILE *f, const cb_run_info *run, double precision,
                        const cb_case_summary *cases, size_t n, size_t workers,
                        const cb_case_summary *per_worker);

#endif
