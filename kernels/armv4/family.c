/*
 * kernels/armv4/family.c - the armv4 family's variants: 32-bit ARM assembly with an
 * ARMv4 baseline (priority 200) and NEON where the CPU has it (priority 300), so
 * `auto` prefers NEON, then integer assembly, then generic (100).  Each row: name,
 * family, primitive, required capabilities, priority, ops, summary.
 */
#include "kernels/armv4/armv4.h"
#include "kernels/generic/bn_core.h"
#include "kernels/armv4/mont_frame.h"
#include "kernels/armv4/poly1305_neon.h"
#include "kernels/families.h"

#if CB_LIMB_BITS != 32
#error "mont_armv4.S works on 32-bit limbs; kernels/generic/bn_core.h chose another size"
#endif

/* Priorities: every armv4 variant outranks generic, NEON outranks integer code, and
 * for GCM the bit-sliced pairing outranks armv4-neon's integer AES. */
#define PRIO_INT 200
#define PRIO_NEON 300
#define PRIO_BSAES_GCM 310

static const cb_aes_ops aes_armv4_ops = {
    .key_size = ARMV4_AES_KS_SIZE,
    .set_encrypt_key = aes_armv4_set_encrypt_key,
    .set_decrypt_key = aes_armv4_set_decrypt_key,
    .ecb_encrypt = aes_armv4_ecb_encrypt,
    .ecb_decrypt = aes_armv4_ecb_decrypt,
    .cbc_encrypt = aes_armv4_cbc_encrypt,
    .cbc_decrypt = aes_armv4_cbc_decrypt,
    .ctr32 = aes_armv4_ctr32,
};

static const cb_digest_ops md5_armv4_ops = {md5_armv4_blocks, NULL};
static const cb_digest_ops sha1_armv4_ops = {sha1_armv4_blocks, NULL};
static const cb_digest_ops sha1_neon_ops = {sha1_armv4_neon_blocks, NULL};
static const cb_digest_ops sha256_armv4_ops = {sha256_armv4_blocks, NULL};
static const cb_digest_ops sha256_neon_ops = {sha256_armv4_neon_blocks, NULL};
static const cb_digest_ops sha512_armv4_ops = {sha512_armv4_blocks, NULL};
static const cb_digest_ops sha512_neon_ops = {sha512_armv4_neon_blocks, NULL};

/* bsaes-neon offers only the modes it speeds up; ECB and CBC encryption stay with
 * armv4, whose rows auto then picks. */
static const cb_aes_ops aes_bsaes_neon_ops = {
    .key_size = BSAES_KS_SIZE,
    .set_encrypt_key = aes_bsaes_neon_set_encrypt_key,
    .set_decrypt_key = aes_bsaes_neon_set_decrypt_key,
    .cbc_decrypt = aes_bsaes_neon_cbc_decrypt,
    .ctr32 = aes_bsaes_neon_ctr32,
};

static const cb_ghash_ops ghash_armv4_ops = {ARMV4_GHASH_TABLE_SIZE, ghash_armv4_init,
                                             ghash_armv4_blocks};
static const cb_ghash_ops ghash_neon_ops = {ARMV4_NEON_GHASH_TABLE_SIZE, ghash_armv4_neon_init,
                                            ghash_armv4_neon_blocks};

static const cb_gcm_ops gcm_armv4_ops = {&aes_armv4_ops, &ghash_armv4_ops, NULL, NULL};
static const cb_gcm_ops gcm_armv4_neon_ops = {&aes_armv4_ops, &ghash_neon_ops, NULL, NULL};
static const cb_gcm_ops gcm_bsaes_neon_ops = {&aes_bsaes_neon_ops, &ghash_neon_ops, NULL, NULL};

/* Squaring goes through mul (sqr NULL): a dedicated square would save a third of the
 * products; one kernel is what this variant measures. */
static const cb_mont_ops mont_armv4_ops = {mont_armv4_mul, NULL};
_Static_assert(CB_BN_MAX_LIMBS + 1 == MONT_T_WORDS,
               "mont_armv4.S's frame holds t for CB_BN_MAX_LIMBS limbs exactly");

static const cb_poly1305_ops poly1305_neon_ops = {
    POLY1305_NEON_STATE_SIZE, poly1305_armv4_neon_init, poly1305_armv4_neon_blocks,
    poly1305_armv4_neon_emit};
static const cb_chacha_ops chacha_neon_ops = {chacha_armv4_neon_blocks, &poly1305_neon_ops};

const cb_variant cb_family_armv4[] = {
    {"armv4", "armv4", CB_PRIM_MD5, 0, PRIO_INT, &md5_armv4_ops,
     "ARM assembly, round 1 fed by ldm, constants' registers as temporaries (ARMv4+)"},
    {"armv4", "armv4", CB_PRIM_SHA1, 0, PRIO_INT, &sha1_armv4_ops,
     "ARM assembly, unrolled, schedule by ldm/stm in groups of four (ARMv4+)"},
    {"armv4-neon", "armv4", CB_PRIM_SHA1, CB_CAP_NEON, PRIO_NEON, &sha1_neon_ops,
     "ARM assembly rounds, message expansion on NEON"},
    {"armv4", "armv4", CB_PRIM_SHA256, 0, PRIO_INT, &sha256_armv4_ops,
     "ARM assembly, Maj addition deferred to the next round (ARMv4+)"},
    {"armv4-neon", "armv4", CB_PRIM_SHA256, CB_CAP_NEON, PRIO_NEON, &sha256_neon_ops,
     "ARM assembly rounds, message schedule vectorised on NEON"},
    {"armv4", "armv4", CB_PRIM_AES, 0, PRIO_INT, &aes_armv4_ops,
     "ARM assembly, one T-table and the barrel shifter (ARMv4+)"},
    {"armv4", "armv4", CB_PRIM_SHA512, 0, PRIO_INT, &sha512_armv4_ops,
     "ARM assembly, 64-bit words in register pairs, a/e history on the stack (ARMv4+)"},
    {"armv4-neon", "armv4", CB_PRIM_SHA512, CB_CAP_NEON, PRIO_NEON, &sha512_neon_ops,
     "NEON, the state in d registers, schedule two words at a time"},
    {"bsaes-neon", "armv4", CB_PRIM_AES, CB_CAP_NEON, PRIO_NEON, &aes_bsaes_neon_ops,
     "NEON, bit-sliced, 8 blocks at a time, constant time (CTR, CBC decrypt)"},
    {"armv4", "armv4", CB_PRIM_GHASH, 0, PRIO_INT, &ghash_armv4_ops,
     "ARM assembly, 4-bit tables (Shoup), one ldm per nibble (ARMv4+)"},
    {"armv4-neon", "armv4", CB_PRIM_GHASH, CB_CAP_NEON, PRIO_NEON, &ghash_neon_ops,
     "NEON, 64x64 carry-less products from vmull.p8, Karatsuba, two-phase reduction"},
    {"armv4", "armv4", CB_PRIM_GCM, 0, PRIO_INT, &gcm_armv4_ops,
     "armv4 AES-CTR then armv4 GHASH"},
    {"armv4-neon", "armv4", CB_PRIM_GCM, CB_CAP_NEON, PRIO_NEON, &gcm_armv4_neon_ops,
     "armv4 AES-CTR then NEON GHASH"},
    {"bsaes-neon", "armv4", CB_PRIM_GCM, CB_CAP_NEON, PRIO_BSAES_GCM, &gcm_bsaes_neon_ops,
     "bit-sliced NEON AES-CTR then NEON GHASH"},
    {"armv4", "armv4", CB_PRIM_MONT, 0, PRIO_INT, &mont_armv4_ops,
     "ARM assembly CIOS, two umaal chains per limb (umlal before ARMv6)"},
    {"armv4-neon", "armv4", CB_PRIM_CHACHA, CB_CAP_NEON, PRIO_NEON, &chacha_neon_ops,
     "NEON, three blocks as rows of q registers; Poly1305 NEON radix 2^26, two blocks a step"},
    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_armv4_count = sizeof cb_family_armv4 / sizeof cb_family_armv4[0] - 1;
