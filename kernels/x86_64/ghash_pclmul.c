/*
 * kernels/x86_64/ghash_pclmul.c - GHASH with PCLMULQDQ (variant pclmul): Karatsuba
 * multiplication, powers H^1..H^8, one reduction per 8 blocks (then 4, then the
 * rest).  The arithmetic is in pclmul.h.
 *
 * Why 8: a reduction is two dependent multiplications plus shuffles, about 16 cycles
 * of latency on the Xi chain; aggregating 8 blocks leaves 2 cycles of chain per
 * block, below the 3 PCLMULQDQ per block the port can issue anyway.
 */
#pragma GCC target("pclmul,ssse3")

#include "kernels/x86_64/pclmul.h"
#include "kernels/x86_64/x86_64.h"

/* ghash_pclmul_init computes H^1..H^8 and their Karatsuba halves. */
static void ghash_pclmul_init(void *table, const uint8_t h[16])
{
    gf_table_init(table, h);
}

/* ghash_pclmul_blocks folds nblocks blocks into xi, 8 per reduction while it can. */
static void ghash_pclmul_blocks(const void *table, uint8_t xi[16], const uint8_t *in,
                                size_t nblocks)
{
    const gf_table *t = table;
    __m128i x = gf_load(xi);
    for (; nblocks >= 8; nblocks -= 8, in += 128)
        x = gf_fold(t, x, in, 8);
    if (nblocks >= 4) {
        x = gf_fold(t, x, in, 4);
        nblocks -= 4;
        in += 64;
    }
    if (nblocks)
        x = gf_fold(t, x, in, nblocks);
    gf_store(xi, x);
}

/* cb_ghash_pclmul_ops: the pclmul variant's ops. */
const cb_ghash_ops cb_ghash_pclmul_ops = {
    .table_size = sizeof(gf_table),
    .init = ghash_pclmul_init,
    .blocks = ghash_pclmul_blocks,
};
