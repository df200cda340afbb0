/*
 * kernels/armv8/family.c - the armv8 family's variants.  Each row: name, family,
 * primitive, required capabilities, priority, ops, summary.
 */
#include "kernels/families.h"

const cb_variant cb_family_armv8[] = {
    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_armv8_count = sizeof cb_family_armv8 / sizeof cb_family_armv8[0] - 1;
