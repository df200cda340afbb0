/*
 * kernels/pkey/ecp_curves.c - the prime curves' parameters (kernels/curves.h) as a
 * table, and finding a row's curve by its name.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "kernels/curves.h"
#include "kernels/pkey/ecp.h"

#define CURVE_ROW(id, sn, curve, bits, sig, p, a, b, gx, gy, n, arg)                     \
    {#id, sn, curve, bits, sig, p, a, b, gx, gy, n},
const cb_ecp_params cb_ecp_curves[] = {CB_ECP_CURVES(CURVE_ROW, ~)};
#undef CURVE_ROW

const size_t cb_ecp_curve_count = sizeof cb_ecp_curves / sizeof cb_ecp_curves[0];

const cb_ecp_params *cb_ecp_find(const char *name)
{
    for (size_t i = 0; i < cb_ecp_curve_count; i++) {
        const cb_ecp_params *c = &cb_ecp_curves[i];
        if (strcasecmp(name, c->id) == 0 || strcasecmp(name, c->sn) == 0 ||
            strcasecmp(name, c->curve) == 0)
            return c;
    }
    return NULL;
}

const cb_ecp_params *cb_ecp_of_alg(const cb_alg *a, int *derive)
{
    if (!a || a->kind != CB_KIND_PKEY || a->prim != CB_PRIM_MONT)
        return NULL;
    int dh = strncmp(a->name, "ecdh", 4) == 0;
    if (!dh && strncmp(a->name, "ecdsa", 5) != 0)
        return NULL;
    const char *id = a->name + (dh ? 4 : 5);
    for (size_t i = 0; i < cb_ecp_curve_count; i++)
        if (strcmp(id, cb_ecp_curves[i].id) == 0 && (dh || cb_ecp_curves[i].sig)) {
            if (derive)
                *derive = dh;
            return &cb_ecp_curves[i];
        }
    return NULL;
}
