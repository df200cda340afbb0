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
 * vsx (ChaCha20, the only power rows of CB_PRIM_CHACHA) executes 4.8 times fewer
 * instructions than generic for chacha20, 3.8 for chacha20-poly1305.
 */
#include "kernels/families.h"
#include "kernels/generic/generic.h"
#include "kernels/power/power.h"

/* PRIO_P8: the vector crypto (the integer builds' priorities are in knobs.h). */
#define PRIO_P8 300
/* PRIO_VSX: the vector ChaCha20 (ALTIVEC and VSX, POWER7 and later). */
#define PRIO_VSX 300

/* INT_OPS(v): the ops of one integer build: each digest with that build's wipe, the
 * T-table AES over the generic key schedule (keys.c), the 4-bit GHASH, and GCM
 * pairing the two (the portable GCM layer runs CTR, then GHASH, over each chunk).
 * MD4, RIPEMD-160, Whirlpool and MDC-2 have no assembly: their builds are the generic
 * compression with the build's wipe, which is all that differed between the hinted
 * and unhinted 2012 code for a C-only digest (the cleanse loop once per hash). */
#define INT_OPS(v, name, hints, prio, summary)                                           \
    static const cb_digest_ops md4_##v##_ops = {cb_md4_generic_blocks, wipe_##v##_bytes}; \
    static const cb_digest_ops rmd160_##v##_ops = {cb_rmd160_generic_blocks,             \
                                                   wipe_##v##_bytes};                    \
    static const cb_digest_ops whirlpool_##v##_ops = {cb_whirlpool_generic_blocks,       \
                                                      wipe_##v##_bytes};                 \
    static const cb_digest_ops mdc2_##v##_ops = {cb_mdc2_generic_blocks, wipe_##v##_bytes}; \
    static const cb_digest_ops md5_##v##_ops = {md5_##v##_blocks, wipe_##v##_bytes};     \
    static const cb_digest_ops sha1_##v##_ops = {sha1_##v##_blocks, wipe_##v##_bytes};   \
    static const cb_digest_ops sha256_##v##_ops = {sha256_##v##_blocks, wipe_##v##_bytes}; \
    static const cb_digest_ops sha512_##v##_ops = {sha512_##v##_blocks, wipe_##v##_bytes}; \
    static const cb_aes_ops aes_##v##_ops = {                                            \
        POWER_AES_KS_SIZE,     cb_power_aes_set_encrypt_key,                             \
        cb_power_aes_set_decrypt_key, aes_##v##_ecb_encrypt,                             \
        aes_##v##_ecb_decrypt, aes_##v##_cbc_encrypt,                                    \
        aes_##v##_cbc_decrypt, aes_##v##_ctr32};                                         \
    static const cb_ghash_ops ghash_##v##_ops = {                                        \
        POWER_GHASH4_TABLE_SIZE, cb_power_ghash4_init, ghash_##v##_blocks};              \
    static const cb_gcm_ops gcm_##v##_ops = {&aes_##v##_ops, &ghash_##v##_ops, NULL, NULL};

POWER_INT_BUILDS(INT_OPS)

static const cb_aes_ops aes_p8_ops = {
    POWER_AES_KS_SIZE,  cb_power_aes_set_encrypt_key, cb_power_aes_p8_set_decrypt_key,
    aes_p8_ecb_encrypt, aes_p8_ecb_decrypt,           aes_p8_cbc_encrypt,
    aes_p8_cbc_decrypt, aes_p8_ctr32};

static const cb_digest_ops sha256_p8_ops = {sha256_p8_blocks, wipe_ppc_bytes};
static const cb_digest_ops sha512_p8_ops = {sha512_p8_blocks, wipe_ppc_bytes};

static const cb_ghash_ops ghash_p8_ops = {POWER_GHASH_P8_TABLE_SIZE,
                                          cb_power_ghash_p8_init, ghash_p8_blocks};
static const cb_gcm_ops gcm_p8_ops = {&aes_p8_ops, &ghash_p8_ops, NULL, NULL};

static const cb_poly1305_ops poly1305_ppc_ops = {POWER_POLY1305_STATE_SIZE, poly1305_ppc_init,
                                                  poly1305_ppc_blocks, poly1305_ppc_emit};
static const cb_chacha_ops chacha_vsx_ops = {chacha_vsx_blocks, &poly1305_ppc_ops};

/* INT_ROW(prim, alg, what, v, ...): the row of one integer kernel in build v. */
#define INT_ROW(prim, alg, what, v, name, prio, summary)                                 \
    {name, "power", prim, 0, prio, &alg##_##v##_ops, what ", " summary},

/* INT_ROWS(v): every integer kernel of one build of knobs.h. */
#define INT_ROWS(v, name, hints, prio, summary)                                          \
    INT_ROW(CB_PRIM_MD5, md5, "integer asm", v, name, prio, summary)                      \
    INT_ROW(CB_PRIM_SHA1, sha1, "integer asm", v, name, prio, summary)                    \
    INT_ROW(CB_PRIM_SHA256, sha256, "integer asm", v, name, prio, summary)                \
    INT_ROW(CB_PRIM_SHA512, sha512, "integer asm", v, name, prio, summary)                \
    INT_ROW(CB_PRIM_AES, aes, "integer asm, T-tables", v, name, prio, summary)            \
    INT_ROW(CB_PRIM_GHASH, ghash, "integer asm, 4-bit tables (Shoup)", v, name, prio,     \
            summary)                                                                     \
    INT_ROW(CB_PRIM_GCM, gcm, "integer asm T-table AES-CTR, then 4-bit GHASH", v, name,  \
            prio, summary)                                                               \
    INT_ROW(CB_PRIM_MD4, md4, "generic C, this build's wipe", v, name, prio, summary)     \
    INT_ROW(CB_PRIM_RMD160, rmd160, "generic C, this build's wipe", v, name, prio, summary) \
    INT_ROW(CB_PRIM_WHIRLPOOL, whirlpool, "generic C, this build's wipe", v, name, prio,  \
            summary)                                                                     \
    INT_ROW(CB_PRIM_MDC2, mdc2, "generic C, this build's wipe", v, name, prio, summary)

/*
 * SAME_CODE_ROWS(v): under each build's name, the portable C of every cipher the
 * family has no assembly for (CB_BLOCK_PRIMS, CB_STREAM_PRIMS), so that `-variant ppc-hint,ppc`
 * runs every row of the 2012 report.  Those rows ran OpenSSL's C on both sides of
 * the hint patch, so both sides here run the same code, and `speed -compare` says
 * so (their differences are noise).  Priority 0: auto never picks them; generic is
 * what they are.
 */
#define SAME_CODE_ROW(NAME, lower, vname)                                                \
    {vname, "power", CB_PRIM_##NAME, 0, 0, &cb_##lower##_generic_ops,                    \
     "portable C, nothing hinted: the same code under every build of knobs.h"},
#define SAME_CODE_ROWS(v, name, hints, prio, summary)                                    \
    CB_BLOCK_PRIMS(SAME_CODE_ROW, name) CB_STREAM_PRIMS(SAME_CODE_ROW, name)

const cb_variant cb_family_power[] = {
    POWER_INT_BUILDS(INT_ROWS)
    POWER_INT_BUILDS(SAME_CODE_ROWS)
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
    {"vsx", "power", CB_PRIM_CHACHA, CB_CAP_ALTIVEC | CB_CAP_VSX, PRIO_VSX, &chacha_vsx_ops,
     "VMX/VSX ChaCha20, 4 blocks (vertical layout); integer asm Poly1305, radix 2^64"},
    {"p8", "power", CB_PRIM_GF2M, CB_CAP_VCRYPTO, PRIO_P8, &cb_gf2m_p8_ops,
     "GF(2^m) schoolbook products, one vpmsumd a word pair; shared shift-and-XOR reduction"},
    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_power_count = sizeof cb_family_power / sizeof cb_family_power[0] - 1;
