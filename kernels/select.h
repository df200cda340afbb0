/*
 * kernels/select.h - the one reading of `-variant LIST`, shared by speed, selftest,
 * kat and list.
 *
 * A selection is "auto" (the default: the variant auto selection picks), "all" (every
 * variant of the algorithm) or a comma-separated list of variant names in which "auto"
 * may stand for auto's pick (`-variant auto,generic`).  A name may repeat
 * (`-variant ce-i4,ce-i4`: one variant against itself, the smallest difference a
 * machine resolves).  Names are checked against the whole registry, so variants
 * registered at run time (loaded libraries) are names like any other once registered.
 */
#ifndef CB_SELECT_H
#define CB_SELECT_H

#include <stddef.h>

#include "kernels/kernel.h"
#include "kernels/tune.h"

#define CB_SELECT_MAX 16       /* names in one list */
#define CB_SELECT_NAME 64      /* bytes of one name, with its NUL */

typedef enum cb_select_mode {
    CB_SELECT_AUTO,
    CB_SELECT_ALL,
    CB_SELECT_LIST
} cb_select_mode;

/* cb_selection: a parsed -variant value. */
typedef struct cb_selection {
    cb_select_mode mode;
    size_t n;                                 /* LIST: how many names */
    char names[CB_SELECT_MAX][CB_SELECT_NAME];
} cb_selection;

/* cb_pick: one variant a selection picked for an algorithm and direction. */
typedef struct cb_pick {
    const cb_variant *var;
    char why[160];   /* "" when it can run with the capabilities given, else why not
                      * ("needs aes, which this CPU lacks") */
    int named;       /* picked by its name in a LIST (not by auto or all) */
} cb_pick;

/* CB_DIR_ANY as the direction of cb_select: every variant that offers the algorithm
 * in any of its directions (selftest and kat check whole algorithms). */
#define CB_DIR_ANY CB_DIR_COUNT

/*
 * cb_selection_parse reads spec (NULL means auto).  Every name must be a variant of
 * this build or "auto"; "all" stands alone.  On bad input writes one sentence to err
 * naming the offending word and what is accepted, and returns -1.
 */
int cb_selection_parse(cb_selection *sel, const char *spec, char *err, size_t errlen);

/* cb_selection_text writes the selection back as the user would type it. */
const char *cb_selection_text(const cb_selection *sel, char *buf, size_t len);

/*
 * cb_select writes into out (up to max) the variants sel picks for algorithm a in
 * direction d (or CB_DIR_ANY), and returns how many it wrote.  auto picks the one
 * auto selection picks under caps (none when nothing can run); all, every variant
 * that offers a, in registry order, with why filled for those that cannot run under
 * caps; a list, its names in order, skipping names a does not have (see
 * cb_selection_missing).
 */
size_t cb_select(const cb_selection *sel, const cb_alg *a, cb_dir d, cb_caps caps,
                 cb_pick *out, size_t max);

/*
 * cb_selection_missing returns the first listed name that is no variant of a in
 * direction d (or in any direction, for CB_DIR_ANY), or NULL when a has them all
 * (always NULL for auto and all).
 */
const char *cb_selection_missing(const cb_selection *sel, const cb_alg *a, cb_dir d);

/* cb_selection_offered: does a have at least one variant sel can pick? */
int cb_selection_offered(const cb_selection *sel, const cb_alg *a);

/*
 * A tuning file (kernels/tune.h) makes auto follow it: cb_select_tune installs t
 * (NULL: none; t must outlive its use), checked by the caller against this machine.
 * cb_select_tuned returns what is installed.  cb_select_auto_at is auto's pick for a
 * in d at block size len (0 for a public-key algorithm): the file's variant where one
 * of its ranges covers len and the variant can run under caps, else auto's usual
 * pick (cb_select's).  The planner asks it for every size of an auto entry.
 */
void cb_select_tune(const cb_tune *t);
const cb_tune *cb_select_tuned(void);
const cb_variant *cb_select_auto_at(const cb_alg *a, cb_dir d, cb_caps caps, size_t len);

/* cb_variant_all_names lists every distinct variant name of this build,
 * comma-separated, for error messages. */
const char *cb_variant_all_names(char *buf, size_t len);

#endif
