/*
 * reports/compare/axis.h - the axis of a comparison: what differs between the rows of
 * its two sides, named once for every style (the "axis:" line), and the warnings
 * about what should not differ.  Internal to reports/compare/compare.c.
 */
#ifndef CB_COMPARE_AXIS_H
#define CB_COMPARE_AXIS_H

#include <stddef.h>
#include <stdio.h>

#include "reports/csv/csv.h"

/*
 * cb_compare_axis returns, malloc'ed and whole however long, what differs between
 * the rows before[] and after[]: the run description (build, config, compiler,
 * cflags, host, cpu, caps), then "variant VARIANT" when variant is not NULL (the
 * caller's pairing: "generic -> ce-i4" or "(per row)"), then where the external
 * variants' code came from (library, library version, library info, library env:
 * the last three when both sides hold rows of external variants), each as "name
 * BEFORE -> AFTER" with a side's several values joined by '+'; or "none: ..." when
 * nothing differs.  Warnings go to warn when it is not NULL: hosts, CPU models or
 * capability sets that differ, a side run under an emulator, and a side that pools
 * samples of several builds, hosts, or of one variant loaded from several libraries;
 * names[0] and names[1] name the sides.  by_mask: the sides are two sweeps compared
 * mask by mask (reports/compare/mask.h), so "caps" names the detected capabilities
 * and the library environments, matched case by case, are neither axis nor warning.
 */
char *cb_compare_axis(const cb_csv_row *const *before, size_t nb,
                      const cb_csv_row *const *after, size_t na, const char *variant,
                      int by_mask, const char *const names[2], FILE *warn);

/*
 * cb_compare_axis_label returns, malloc'ed, the after side's values of what differs
 * between the sides ("host rpi4, caps none, library version OpenSSL 3.2.1"): the
 * fields cb_compare_axis names, without the before side's values, the variant
 * pairing left to the caller; or NULL when nothing differs.
 */
char *cb_compare_axis_label(const cb_csv_row *const *before, size_t nb,
                            const cb_csv_row *const *after, size_t na);

/*
 * cb_compare_axis_labels labels each of n sides (rows[i], count[i] of them) by what
 * tells it from the others: for each field of the axis (the run description, the
 * variants, the libraries) whose values are not alike on every side, "name VALUES";
 * out[i] is malloc'ed, or NULL when nothing tells the sides apart.
 */
void cb_compare_axis_labels(const cb_csv_row *const *const *rows, const size_t *count,
                            size_t n, char **out);

/* cb_condition: one condition a side was measured under, as a page lists them. */
typedef struct cb_condition {
    char name[32];      /* "cpu", "compiler", "library version", ... */
    char *value;        /* the side's distinct values joined by " + ", "(none)" */
} cb_condition;

/*
 * cb_side_conditions lists what the rows record about how they were measured, in
 * one fixed order whatever the rows (so two sides' lists line up): each field of the
 * run description (tool, build, config, compiler, cflags, arch, host, cpu,
 * capabilities detected and in force, mask and its source, emulator, timing), the
 * variants, then where external variants' code came from (library, library version,
 * library info, library env).  Returns how many and sets *out, which the caller
 * releases with cb_conditions_free.
 */
size_t cb_side_conditions(const cb_csv_row *const *rows, size_t n, cb_condition **out);

/* cb_conditions_free releases a list of cb_side_conditions. */
void cb_conditions_free(cb_condition *c, size_t n);

#endif
