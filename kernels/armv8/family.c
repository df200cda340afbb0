/*
 * kernels/armv8/family.c - the armv8 family's variants.  Each row: name, family,
 * primitive, required capabilities, priority, ops, summary.  The interleave builds'
 * rows come from kernels/armv8/knobs.h, which also holds their priorities.
 *
 * Priorities: generic is 100; the NEON fallbacks 200, so they win only when the
 * Crypto Extensions are absent or masked; the Crypto Extensions variants 260-310.
 * For GCM the stitched loop (310) comes first.
 *
 * Among the interleave factors `auto` prefers ce-i4.  Nothing in HWCAP says which
 * core this is, so auto takes the factor that is never bad: 4 chains cover the 3-cycle
 * AESE/AESMC latency of Cortex-A57/A72 (where 2 chains left ~30% on the table in
 * 2015), cost nothing on the in-order 2-cycle Cortex-A53, and leave a
 * shorter single-block tail than 5 on short buffers.  ce-i5t512 (5 chains from 512
 * bytes on, the Graviton2 choice) comes next, then ce-i5, then the 2-way builds.
 * People with a board pick by measuring: scripts/armv8-2015-tcrypt.sh and
 * scripts/armv8-2022-graviton.sh.
 *
 * ChaCha20: neon (300) over neon-i5 (290).  LLVM's models give neon-i5 20% fewer
 * cycles a block on Cortex-A57 and Neoverse N1 (the integer pipes idle beside the
 * vector ones) and 49% more on the in-order Cortex-A53; neon's worst case is the
 * smaller, and it executes a third fewer instructions (docs/armv8.md).
 */
#include "kernels/armv8/armv8.h"
#include "kernels/families.h"

/* AES_CE_OPS(v): the ops of one build of aes_ce_modes.S (or of the ce-i5t512 mix);
 * key schedules and serial CBC encryption are shared by all. */
#define AES_CE_OPS(v)                                                                    \
    static const cb_aes_ops aes_ce_##v##_ops = {                                         \
        AES_CE_KS_SIZE,          aes_ce_set_encrypt_key,  aes_ce_set_decrypt_key,         \
        aes_ce_##v##_ecb_encrypt, aes_ce_##v##_ecb_decrypt, aes_ce_cbc_encrypt,          \
        aes_ce_##v##_cbc_decrypt, aes_ce_##v##_ctr32,                                    \
    };

static const cb_digest_ops sha1_ce_ops = {sha1_ce_blocks, NULL};
static const cb_digest_ops sha256_ce_ops = {sha256_ce_blocks, NULL};
static const cb_digest_ops sha512_ce_ops = {sha512_ce_blocks, NULL};
static const cb_digest_ops sha3_ce_ops = {sha3_ce_blocks, NULL};

static const cb_ghash_ops ghash_pmull_ops = {GHASH_PMULL_TABLE_SIZE, ghash_pmull_init,
                                              ghash_pmull_blocks};

/* GCM_CE(v): a ce AES build with the pmull GHASH, the portable layer gluing them. */
#define GCM_CE(v)                                                                        \
    static const cb_gcm_ops gcm_ce_##v##_ops = {&aes_ce_##v##_ops, &ghash_pmull_ops, NULL, \
                                                NULL};

/* BUILD_OPS: both for every build of kernels/armv8/knobs.h. */
#define BUILD_OPS(sym, name, interleave, inl, prio, summary) AES_CE_OPS(sym) GCM_CE(sym)
AES_CE_BUILDS(BUILD_OPS)
AES_CE_OPS(i5t512)
GCM_CE(i5t512)

static const cb_gcm_ops gcm_ce_stitched_ops = {&aes_ce_i4_ops, &ghash_pmull_ops,
                                               gcm_ce_stitched_encrypt, gcm_ce_stitched_decrypt};

static const cb_aes_ops aes_neon_ops = {
    AES_NEON_KS_SIZE,     aes_neon_set_encrypt_key, aes_neon_set_decrypt_key,
    aes_neon_ecb_encrypt, aes_neon_ecb_decrypt,     aes_neon_cbc_encrypt,
    aes_neon_cbc_decrypt, aes_neon_ctr32,
};
static const cb_ghash_ops ghash_neon_ops = {GHASH_NEON_TABLE_SIZE, ghash_neon_init,
                                             ghash_neon_blocks};
static const cb_gcm_ops gcm_neon_ops = {&aes_neon_ops, &ghash_neon_ops, NULL, NULL};

static const cb_poly1305_ops poly1305_x64_ops = {POLY1305_X64_STATE_SIZE, poly1305_x64_init,
                                                 poly1305_x64_blocks, poly1305_x64_emit};

/* CHACHA_OPS: a build of chacha_neon.S with the assembly radix-2^64 Poly1305. */
#define CHACHA_OPS(sym, name, scalar, prio, summary)                                     \
    static const cb_chacha_ops chacha_neon_##sym##_ops = {chacha20_neon_##sym##_blocks,  \
                                                          &poly1305_x64_ops};
CHACHA_NEON_BUILDS(CHACHA_OPS)

#define CE_AES (CB_CAP_NEON | CB_CAP_AES)
#define CE_GCM (CB_CAP_NEON | CB_CAP_AES | CB_CAP_PMULL)

const cb_variant cb_family_armv8[] = {
    /* digests */
    {"ce", "armv8", CB_PRIM_SHA1, CB_CAP_NEON | CB_CAP_SHA1, 300, &sha1_ce_ops,
     "SHA1C/P/M/H, SHA1SU0/SU1"},
    {"ce", "armv8", CB_PRIM_SHA256, CB_CAP_NEON | CB_CAP_SHA2, 300, &sha256_ce_ops,
     "SHA256H/H2, SHA256SU0/SU1"},
    {"ce", "armv8", CB_PRIM_SHA512, CB_CAP_NEON | CB_CAP_SHA512, 300, &sha512_ce_ops,
     "SHA512H/H2, SHA512SU0/SU1 (ARMv8.2)"},
    /* Below generic: on Neoverse cores the SHA-3 instructions share one pipe and the
     * scalar Keccak is expected to win (docs/armv8.md); OpenSSL, from hardware, uses
     * its SHA-3-instruction Keccak only on Apple cores, which HWCAP cannot tell. */
    {"ce", "armv8", CB_PRIM_SHA3, CB_CAP_NEON | CB_CAP_SHA3, 90, &sha3_ce_ops,
     "Keccak-f[1600] in v0..v24: EOR3, RAX1, XAR, BCAX (ARMv8.2)"},

    /* AES: the builds of knobs.h, then the mix of two of them */
#define AES_ROW(sym, name, interleave, inl, prio, summary)                               \
    {name, "armv8", CB_PRIM_AES, CE_AES, prio, &aes_ce_##sym##_ops, summary},
    AES_CE_BUILDS(AES_ROW)
    {"ce-i5t512", "armv8", CB_PRIM_AES, CE_AES, 290, &aes_ce_i5t512_ops,
     "5 blocks from 512 bytes, 4 below (Graviton2, 2022)"},
    {"neon", "armv8", CB_PRIM_AES, CB_CAP_NEON, 200, &aes_neon_ops,
     "no Crypto Extensions: TBL/TBX S-box, 4 blocks"},

    /* GHASH */
    {"pmull", "armv8", CB_PRIM_GHASH, CB_CAP_NEON | CB_CAP_PMULL, 300, &ghash_pmull_ops,
     "PMULL Karatsuba, H..H^4, 1 reduction per 4 blocks"},
    {"neon", "armv8", CB_PRIM_GHASH, CB_CAP_NEON, 200, &ghash_neon_ops,
     "no PMULL.1Q: products from 8-bit PMULLs"},

    /* AES-GCM: the stitched loop first, then the AES variants in their own order */
    {"ce-gcm-stitched", "armv8", CB_PRIM_GCM, CE_GCM, 310, &gcm_ce_stitched_ops,
     "CTR+GHASH in one loop from 8 blocks, ce-i4 below"},
#define GCM_ROW(sym, name, interleave, inl, prio, summary)                               \
    {name, "armv8", CB_PRIM_GCM, CE_GCM, prio, &gcm_ce_##sym##_ops, name " AES + pmull GHASH"},
    AES_CE_BUILDS(GCM_ROW)
    {"ce-i5t512", "armv8", CB_PRIM_GCM, CE_GCM, 290, &gcm_ce_i5t512_ops,
     "ce-i5t512 AES + pmull GHASH"},
    {"neon", "armv8", CB_PRIM_GCM, CB_CAP_NEON, 200, &gcm_neon_ops,
     "neon AES + neon GHASH"},

    /* SM4 */
    {"aese", "armv8", CB_PRIM_SM4, CB_CAP_NEON | CB_CAP_AES, 200, &cb_sm4_aese_ops,
     "SM4 4 blocks a pass, S-box as AESE between two TBL affine maps (constant time)"},
    {"ce", "armv8", CB_PRIM_SM4, CB_CAP_NEON | CB_CAP_SM4, 300, &cb_sm4_ce_ops,
     "SM4E four rounds an instruction, SM4EKEY key schedule, 4 blocks in flight"},

    /* ChaCha20 (and its AEAD with Poly1305): the builds of knobs.h */
#define CHACHA_ROW(sym, name, scalar, prio, summary)                                     \
    {name, "armv8", CB_PRIM_CHACHA, CB_CAP_NEON, prio, &chacha_neon_##sym##_ops, summary},
    CHACHA_NEON_BUILDS(CHACHA_ROW)

    /* binary fields (the K and B curves) */
    {"pmull", "armv8", CB_PRIM_GF2M, CB_CAP_NEON | CB_CAP_PMULL, 300, &cb_gf2m_pmull_ops,
     "GF(2^m) schoolbook products, one PMULL a word pair; shared shift-and-XOR reduction"},

    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_armv8_count = sizeof cb_family_armv8 / sizeof cb_family_armv8[0] - 1;
