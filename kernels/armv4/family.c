/*
 * kernels/armv4/family.c - the armv4 family's variants.  Each row: name, family,
 * primitive, required capabilities, priority, ops, summary.
 */
#include "kernels/families.h"

const cb_variant cb_family_armv4[] = {
    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_armv4_count = sizeof cb_family_armv4 / sizeof cb_family_armv4[0] - 1;
