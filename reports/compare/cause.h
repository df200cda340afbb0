/*
 * reports/compare/cause.h - why the two sides of a comparison differ in more than
 * their axis: the conditions recorded with their samples (the run description of
 * base/sample.h and the provenance of a library's variant) that differ, and for each
 * case whose variant (or whose library's own choice of code) differs, what made it
 * differ.  The result is a few lines, one per cause however many cases share it, that
 * every style prints under the axis (docs/compare.md, "Causes").  Internal to
 * reports/compare/compare.c.
 *
 * Recorded, and so named: the capabilities the CPUs report (caps_detected), the mask
 * and where it came from (caps_mask, mask_source, and what it left in
 * caps_effective), a library variant's -lib-env (library_env), a variant one build
 * has and the other lacks (build_config, build_rev), the emulator, the compiler, its
 * flags, the build revision and the library version (library_version, or an
 * imported openssl log's version).  Not recorded, and so never named: the load and
 * the frequency governor (speed warns about them when it runs, on stderr only).
 */
#ifndef CB_COMPARE_CAUSE_H
#define CB_COMPARE_CAUSE_H

#include <stddef.h>

#include "reports/compare/compare.h"
#include "reports/csv/csv.h"

typedef struct cb_causes cb_causes;

/* cb_case_why: the conditions behind one case's samples on each side; cases whose
 * samples come from the same runs and libraries share one. */
typedef struct cb_case_why cb_case_why;

/*
 * cb_causes_new starts the causes of a comparison of before[] with after[] (every row
 * of each side, measured or not: a variant that faulted was still built).  Free it
 * with cb_causes_finish.
 */
cb_causes *cb_causes_new(const cb_csv_row *const *before, size_t nb,
                         const cb_csv_row *const *after, size_t na);

/*
 * cb_causes_note describes the conditions of one case from its rows on each side,
 * rb[0..nrb) and ra[0..nra) (at least one each).  The description stays valid until
 * cb_causes_finish and holds no pointer to the rows themselves, only to the strings
 * and run descriptions of their set.
 */
const cb_case_why *cb_causes_note(cb_causes *cs, const cb_csv_row *const *rb, size_t nrb,
                                  const cb_csv_row *const *ra, size_t nra);

/*
 * cb_causes_finish sets each case's variant_cause (whys[i] describes c->cases[i]),
 * writes the cause lines into c->causes (in the order docs/compare.md lists them, the
 * cases in display order) and frees cs.
 */
void cb_causes_finish(cb_causes *cs, cb_comparison *c, const cb_case_why *const *whys);

/* cb_causes_free frees cs without writing anything (nothing was compared). */
void cb_causes_free(cb_causes *cs);

#endif
