/*
 * kernels/power/family.c - the power family's variants.  Each row: name, family,
 * primitive, required capabilities, priority, ops, summary.
 */
#include "kernels/families.h"

const cb_variant cb_family_power[] = {
    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_power_count = sizeof cb_family_power / sizeof cb_family_power[0] - 1;
