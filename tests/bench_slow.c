/*
 * tests/bench_slow.c - the slowed SHA-256 of tests/bench_slow.h.
 */
#include "tests/bench_slow.h"

#include <stdio.h>

#include "kernels/modes/digest.h"

static size_t slow_carry, slow_per;
static uint32_t slow_scratch[8];
/* slow_generic: generic's compression, looked up once at registration (a lookup per
 * call would cost far more than the 1% some trials measure). */
static const cb_digest_ops *slow_generic;

static void slow_blocks(void *state, const uint8_t *in, size_t nblocks)
{
    const cb_digest_ops *g = slow_generic;
    g->blocks(state, in, nblocks);
    slow_carry += nblocks;
    size_t extra = slow_carry / slow_per;
    slow_carry %= slow_per;
    for (size_t i = 0; i < extra; i++)
        g->blocks(slow_scratch, in, 1);
}

static const cb_digest_ops slow_ops = {slow_blocks, NULL};
static char slow_summary[64];
static cb_variant slow_variant = {NULL, "bench", CB_PRIM_SHA256, 0, 0, &slow_ops, slow_summary};

const cb_variant *bench_slow_register(const char *name, unsigned per)
{
    slow_generic = cb_variant_generic(cb_alg_find("sha256"))->ops;
    slow_per = per;
    slow_variant.name = name;
    snprintf(slow_summary, sizeof slow_summary, "generic plus 1/%u more compression work",
             per);
    cb_variant_register(&slow_variant);
    return &slow_variant;
}
