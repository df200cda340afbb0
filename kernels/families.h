/*
 * kernels/families.h - the per-family variant tables the registry concatenates.
 * Each family defines its table in its own folder; configs/ decide which are built.
 */
#ifndef CB_FAMILIES_H
#define CB_FAMILIES_H

#include <stddef.h>

#include "kernels/kernel.h"

extern const cb_variant cb_family_generic[];
extern const size_t cb_family_generic_count;
extern const cb_variant cb_family_armv4[];
extern const size_t cb_family_armv4_count;
extern const cb_variant cb_family_armv8[];
extern const size_t cb_family_armv8_count;
extern const cb_variant cb_family_power[];
extern const size_t cb_family_power_count;
extern const cb_variant cb_family_x86_64[];
extern const size_t cb_family_x86_64_count;

#endif
