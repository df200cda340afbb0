/*
 * tests/support.c - helpers the cmocka test programs share (tests/support.h).
 */
#include "tests/support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/caps.h"
#include "kernels/registry.h"

uint8_t *tu_unhex(const char *hex, size_t *len)
{
    size_t n = hex ? strlen(hex) / 2 : 0;
    uint8_t *p = calloc(n + 1, 1);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++)
        sscanf(hex + 2 * i, "%2hhx", &p[i]);
    *len = n;
    return p;
}

int tu_runnable(const cb_variant *v, const cb_alg *a, cb_dir d)
{
    return cb_variant_offers(v, a, d) && !(v->caps & ~cb_caps_effective());
}

int tu_runnable_said(const cb_variant *v, const cb_alg *a)
{
    if (!cb_variant_offers(v, a, CB_DIR_DIGEST))
        return 0;
    if (v->caps & ~cb_caps_effective()) {
        print_message("UNAVAILABLE %s/%s (needs capabilities this CPU lacks)\n", a->name,
                      v->name);
        return 0;
    }
    return 1;
}

void tu_fill(uint8_t *p, size_t len, uint32_t seed)
{
    uint32_t x = seed | 1;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        p[i] = (uint8_t)x;
    }
}

static void ctr32_nothing(const void *ks, const uint8_t ctr[16], const uint8_t *in,
                          uint8_t *out, size_t nblocks)
{
    (void)ks, (void)ctr, (void)in, (void)out, (void)nblocks;
}

static int key_nothing(void *ks, const uint8_t *key, unsigned bits)
{
    (void)ks, (void)key, (void)bits;
    return 0;
}

const cb_aes_ops tu_aes_ctr_only = {64, key_nothing, NULL, NULL, NULL, NULL, NULL,
                                    ctr32_nothing};
