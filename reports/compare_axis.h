/*
 * reports/compare_axis.h - the axis of a comparison: what differs between the rows of
 * its two sides, named once for every style (the "axis:" line), and the warnings
 * about what should not differ.  Internal to reports/compare.c.
 */
#ifndef CB_COMPARE_AXIS_H
#define CB_COMPARE_AXIS_H

#include <stddef.h>
#include <stdio.h>

#include "reports/csv.h"

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
 * mask by mask (reports/compare_mask.h), so "caps" names the detected capabilities
 * and the library environments, matched case by case, are neither axis nor warning.
 */
char *cb_compare_axis(const cb_csv_row *const *before, size_t nb,
                      const cb_csv_row *const *after, size_t na, const char *variant,
                      int by_mask, const char *const names[2], FILE *warn);

#endif
