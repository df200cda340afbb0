/*
 * kernels/power/family.c - the power family's variants.  Each row: name, family,
 * primitive, required capabilities, priority, ops, summary.
 *
 * Priorities (generic is 100; docs/power.md has the figures): p8 > ppc > ppc-hint.
 * p8 executes 27-32 times fewer instructions than the integer code for AES and
 * GHASH, 2.3 times fewer for SHA-256.  ppc and ppc-hint are the same instructions,
 * differing only in the BO field of the hinted branches; the static "not taken"
 * hints can at best tie with a dynamic predictor, and the 2012 POWER7 runs found
 * them slower, so ppc outranks ppc-hint and auto never picks ppc-hint (it needs
 * nothing ppc does not), which is there for -variant ppc-hint,ppc -compare.
 */
#include "kernels/families.h"
#include "kernels/power/power.h"

/* Priorities (generic is 100). */
#define PRIO_PPC_HINT 150
#define PRIO_PPC 200
#define PRIO_P8 300

/* DIGEST_INT(alg): the two builds of an integer digest, each with its own wipe. */
#define DIGEST_INT(alg)                                                                  \
    static const cb_digest_ops alg##_ppc_hint_ops = {alg##_ppc_hint_blocks,              \
                                                     wipe_ppc_hint_bytes};               \
    static const cb_digest_ops alg##_ppc_ops = {alg##_ppc_blocks, wipe_ppc_bytes}

DIGEST_INT(md5);
DIGEST_INT(sha1);
DIGEST_INT(sha256);
DIGEST_INT(sha512);

/* AES_INT(v): the T-table block functions of one build (aes_int.S) over the generic
 * key schedule (keys.c). */
#define AES_INT(v)                                                                       \
    static const cb_aes_ops aes_##v##_ops = {                                            \
        POWER_AES_KS_SIZE,     cb_power_aes_set_encrypt_key,                             \
        cb_power_aes_set_decrypt_key, aes_##v##_ecb_encrypt,                             \
        aes_##v##_ecb_decrypt, aes_##v##_cbc_encrypt,                                    \
        aes_##v##_cbc_decrypt, aes_##v##_ctr32}

AES_INT(ppc_hint);
AES_INT(ppc);

/* GHASH_INT(v): the 4-bit GHASH of one build, and GCM pairing it with that build's
 * AES (the portable GCM layer runs CTR, then GHASH, over each chunk). */
#define GHASH_INT(v)                                                                     \
    static const cb_ghash_ops ghash_##v##_ops = {                                        \
        POWER_GHASH4_TABLE_SIZE, cb_power_ghash4_init, ghash_##v##_blocks};              \
    static const cb_gcm_ops gcm_##v##_ops = {&aes_##v##_ops, &ghash_##v##_ops, NULL, NULL}

GHASH_INT(ppc_hint);
GHASH_INT(ppc);

static const cb_aes_ops aes_p8_ops = {
    POWER_AES_KS_SIZE,  cb_power_aes_set_encrypt_key, cb_power_aes_p8_set_decrypt_key,
    aes_p8_ecb_encrypt, aes_p8_ecb_decrypt,           aes_p8_cbc_encrypt,
    aes_p8_cbc_decrypt, aes_p8_ctr32};

static const cb_digest_ops sha256_p8_ops = {sha256_p8_blocks, wipe_ppc_bytes};
static const cb_digest_ops sha512_p8_ops = {sha512_p8_blocks, wipe_ppc_bytes};

static const cb_ghash_ops ghash_p8_ops = {POWER_GHASH_P8_TABLE_SIZE,
                                          cb_power_ghash_p8_init, ghash_p8_blocks};
static const cb_gcm_ops gcm_p8_ops = {&aes_p8_ops, &ghash_p8_ops, NULL, NULL};

/* INT_ROWS(prim, alg, what): the ppc-hint and ppc rows of one integer kernel. */
#define INT_ROWS(prim, alg, what)                                                        \
    {"ppc-hint", "power", prim, 0, PRIO_PPC_HINT, &alg##_ppc_hint_ops,                   \
     what ", static branch hints (bdnz-, beq-) as in 2012"},                             \
    {"ppc", "power", prim, 0, PRIO_PPC, &alg##_ppc_ops, what ", no static branch hints"}

const cb_variant cb_family_power[] = {
    INT_ROWS(CB_PRIM_MD5, md5, "integer asm"),
    INT_ROWS(CB_PRIM_SHA1, sha1, "integer asm"),
    INT_ROWS(CB_PRIM_SHA256, sha256, "integer asm"),
    INT_ROWS(CB_PRIM_SHA512, sha512, "integer asm"),
    INT_ROWS(CB_PRIM_AES, aes, "integer asm, T-tables"),
    INT_ROWS(CB_PRIM_GHASH, ghash, "integer asm, 4-bit tables (Shoup)"),
    INT_ROWS(CB_PRIM_GCM, gcm, "integer asm T-table AES-CTR, then 4-bit GHASH"),
    {"p8", "power", CB_PRIM_SHA256, CB_CAP_VCRYPTO, PRIO_P8, &sha256_p8_ops,
     "POWER8 vshasigmaw, one variable per vector register"},
    {"p8", "power", CB_PRIM_SHA512, CB_CAP_VCRYPTO, PRIO_P8, &sha512_p8_ops,
     "POWER8 vshasigmad, one variable per vector register"},
    {"p8", "power", CB_PRIM_AES, CB_CAP_VCRYPTO, PRIO_P8, &aes_p8_ops,
     "POWER8 vcipher/vncipher, 8 blocks interleaved (CBC decrypt, CTR, ECB)"},
    {"p8", "power", CB_PRIM_GHASH, CB_CAP_VCRYPTO, PRIO_P8, &ghash_p8_ops,
     "POWER8 vpmsumd, 4 blocks aggregated"},
    {"p8", "power", CB_PRIM_GCM, CB_CAP_VCRYPTO, PRIO_P8, &gcm_p8_ops,
     "POWER8 vcipher AES-CTR (8 blocks), then vpmsumd GHASH (4 blocks)"},
    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_power_count = sizeof cb_family_power / sizeof cb_family_power[0] - 1;
