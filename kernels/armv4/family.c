/*
 * kernels/armv4/family.c - the armv4 family's variants: 32-bit ARM assembly with an
 * ARMv4 baseline (priority 200) and NEON where the CPU has it (priority 300), so
 * `auto` prefers NEON, then integer assembly, then generic (100).  Each row: name,
 * family, primitive, required capabilities, priority, ops, summary.
 */
#include "kernels/armv4/armv4.h"
#include "kernels/families.h"

/* Priorities: every armv4 variant outranks generic, NEON outranks integer code. */
#define PRIO_INT 200
#define PRIO_NEON 300

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

static const cb_digest_ops sha1_armv4_ops = {sha1_armv4_blocks, NULL};
static const cb_digest_ops sha1_neon_ops = {sha1_neon_blocks, NULL};
static const cb_digest_ops sha256_armv4_ops = {sha256_armv4_blocks, NULL};
static const cb_digest_ops sha256_neon_ops = {sha256_neon_blocks, NULL};
static const cb_digest_ops sha512_armv4_ops = {sha512_armv4_blocks, NULL};
static const cb_digest_ops sha512_neon_ops = {sha512_neon_blocks, NULL};

const cb_variant cb_family_armv4[] = {
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
    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_armv4_count = sizeof cb_family_armv4 / sizeof cb_family_armv4[0] - 1;
