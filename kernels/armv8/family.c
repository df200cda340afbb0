/*
 * kernels/armv8/family.c - the armv8 family's variants.  Each row: name, family,
 * primitive, required capabilities, priority, ops, summary.
 *
 * Priorities: generic is 100; the NEON fallbacks 200, so they win only when the
 * Crypto Extensions are absent or masked; the Crypto Extensions variants 260-310.
 *
 * Among the interleave factors `auto` prefers ce-i4.  Nothing in HWCAP says which
 * core this is, so auto takes the factor that is never bad: 4 chains cover the 3-cycle
 * AESE/AESMC latency and two pipes of Cortex-A57/A72 (where 2 chains left ~30% on the
 * table in 2015), cost nothing on the in-order 2-cycle Cortex-A53, and leave a
 * shorter single-block tail than 5 on short buffers.  ce-i5t512 (5 chains from 512
 * bytes on, the Graviton2 choice) comes next, then ce-i5, then the 2-way builds.
 * People with a board pick by measuring: scripts/armv8-2015-tcrypt.sh and
 * scripts/armv8-2022-graviton.sh.
 */
#include "kernels/armv8/armv8.h"
#include "kernels/families.h"

#define AES_CE_OPS(v)                                                                    \
    static const cb_aes_ops aes_ce_##v##_ops = {                                         \
        AES_CE_KS_SIZE,          aes_ce_set_encrypt_key,  aes_ce_set_decrypt_key,         \
        aes_ce_##v##_ecb_encrypt, aes_ce_##v##_ecb_decrypt, aes_ce_cbc_encrypt,          \
        aes_ce_##v##_cbc_decrypt, aes_ce_##v##_ctr32,                                    \
    }

AES_CE_OPS(i2);
AES_CE_OPS(i4);
AES_CE_OPS(i5);
AES_CE_OPS(i5t512);
AES_CE_OPS(i2_inline);

#define CE_AES (CB_CAP_NEON | CB_CAP_AES)

const cb_variant cb_family_armv8[] = {
    /* AES */
    {"ce-i4", "armv8", CB_PRIM_AES, CE_AES, 300, &aes_ce_i4_ops,
     "AESE/AESMC, 4 blocks interleaved (Cortex-A57/A72: 3-cycle latency, 2 pipes)"},
    {"ce-i5t512", "armv8", CB_PRIM_AES, CE_AES, 290, &aes_ce_i5t512_ops,
     "AESE/AESMC, 5 blocks from 512 bytes, 4 below (the 2022 Graviton2 change)"},
    {"ce-i5", "armv8", CB_PRIM_AES, CE_AES, 280, &aes_ce_i5_ops,
     "AESE/AESMC, 5 blocks interleaved (Neoverse N1)"},
    {"ce-i2-inline", "armv8", CB_PRIM_AES, CE_AES, 270, &aes_ce_i2_inline_ops,
     "AESE/AESMC, 2 blocks, rounds expanded in every loop (2015 INTERLEAVE_INLINE)"},
    {"ce-i2", "armv8", CB_PRIM_AES, CE_AES, 260, &aes_ce_i2_ops,
     "AESE/AESMC, 2 blocks interleaved (Cortex-A53: 2-cycle latency)"},

    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_armv8_count = sizeof cb_family_armv8 / sizeof cb_family_armv8[0] - 1;
