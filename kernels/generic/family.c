/*
 * kernels/generic/family.c - the portable C variants: the reference every other
 * variant is checked against, and the "before" column of an assembly port.
 * Priority 100: any variant that needs a capability outranks it.
 */
#include "kernels/families.h"
#include "kernels/generic/generic.h"

/* cb_gcm_generic_ops: generic AES-CTR and generic GHASH, not stitched. */
const cb_gcm_ops cb_gcm_generic_ops = {&cb_aes_generic_ops, &cb_ghash_generic_ops, NULL,
                                       NULL};

const cb_variant cb_family_generic[] = {
    /* digests (kernels/digests.h) */
#define GENERIC_DIGEST_ROW(NAME, name, check, summary, arg)                              \
    {"generic", "generic", CB_PRIM_##NAME, 0, 100, &cb_##name##_generic_ops, summary},
    CB_DIGESTS(GENERIC_DIGEST_ROW, CB_DIGEST_NO_A, ~)
#undef GENERIC_DIGEST_ROW

    /* AES, GHASH and GCM */
    {"generic", "generic", CB_PRIM_AES, 0, 100, &cb_aes_generic_ops,
     "portable C, T-tables (FIPS 197)"},
    {"generic", "generic", CB_PRIM_GHASH, 0, 100, &cb_ghash_generic_ops,
     "portable C, 4-bit tables (Shoup)"},
    {"generic", "generic", CB_PRIM_GCM, 0, 100, &cb_gcm_generic_ops,
     "portable C, T-table AES-CTR then 4-bit GHASH (Shoup)"},

    /* DES */
    {"generic", "generic", CB_PRIM_DES, 0, 100, &cb_des_generic_ops,
     "portable C, combined S-box and P tables"},
    {"generic", "generic", CB_PRIM_BF, 0, 100, &cb_bf_generic_ops,
     "portable C, tables from pi computed at first use (Schneier 1993)"},
    {"generic", "generic", CB_PRIM_CAST5, 0, 100, &cb_cast5_generic_ops,
     "portable C, RFC 2144's S-boxes, rounds unrolled"},
    {"generic", "generic", CB_PRIM_RC2, 0, 100, &cb_rc2_generic_ops,
     "portable C, 16-bit words in 32-bit registers, rounds unrolled"},
    {"generic", "generic", CB_PRIM_IDEA, 0, 100, &cb_idea_generic_ops,
     "portable C, multiplication mod 2^16+1 without branches"},
    {"generic", "generic", CB_PRIM_RC4, 0, 100, &cb_rc4_generic_ops,
     "portable C, 32-bit state words, eight bytes a turn"},
    {"generic", "generic", CB_PRIM_CAMELLIA, 0, 100, &cb_camellia_generic_ops,
     "portable C, merged S-box and P tables (RFC 3713)"},
    {"generic", "generic", CB_PRIM_SEED, 0, 100, &cb_seed_generic_ops,
     "portable C, SS tables (RFC 4269)"},
    {"generic", "generic", CB_PRIM_SM4, 0, 100, &cb_sm4_generic_ops,
     "portable C, four T-tables (GB/T 32907-2016)"},

    /* public key */
    {"generic", "generic", CB_PRIM_MONT, 0, 100, &cb_mont_generic_ops,
     "portable C Montgomery multiplication (CIOS, SOS squaring)"},
    /* Curves and Poly1305: the radix the target's multiplier wants is generic; a
     * 64-bit target also offers the 32-bit radix under its own name, so that it is
     * tested and timed on the host.  TWO_RADIXES writes both rows once. */
#ifdef __SIZEOF_INT128__
#define TWO_RADIXES(prim, wide_ops, wide_summary, narrow, narrow_ops, narrow_summary)     \
    {"generic", "generic", prim, 0, 100, wide_ops, wide_summary},                        \
        {narrow, "generic", prim, 0, 90, narrow_ops, narrow_summary},
#else
#define TWO_RADIXES(prim, wide_ops, wide_summary, narrow, narrow_ops, narrow_summary)     \
    {"generic", "generic", prim, 0, 100, narrow_ops, narrow_summary},
#endif
    TWO_RADIXES(CB_PRIM_C25519, &cb_c25519_r51_ops,
                "portable C, radix 2^51 (64x64->128 multiplies), Montgomery ladder (RFC 7748)",
                "radix25", &cb_c25519_r25_ops,
                "portable C, radix 2^25.5 (32x32->64 multiplies), Montgomery ladder (RFC 7748)")
    TWO_RADIXES(CB_PRIM_P256, &cb_p256_r64_ops,
                "portable C, 64-bit limbs (64x64->128 multiplies), Montgomery form, complete "
                "formulas",
                "radix32", &cb_p256_r32_ops,
                "portable C, 32-bit limbs (32x32->64 multiplies), Montgomery form, complete "
                "formulas")
    TWO_RADIXES(CB_PRIM_CHACHA, &cb_chacha_generic_ops,
                "portable C, one block at a time; Poly1305 in radix 2^64 (RFC 8439)",
                "radix26", &cb_chacha_generic_r26_ops,
                "portable C, one block at a time; Poly1305 in radix 2^26 (RFC 8439)")
    TWO_RADIXES(CB_PRIM_C448, &cb_c448_r56_ops,
                "portable C, radix 2^56 (64x64->128 multiplies), Montgomery ladder (RFC 7748), "
                "signed-digit comb",
                "radix28", &cb_c448_r28_ops,
                "portable C, radix 2^28 (32x32->64 multiplies), Montgomery ladder (RFC 7748), "
                "signed-digit comb")

    /* post-quantum */
    {"generic", "generic", CB_PRIM_MLKEM, 0, 100, &cb_mlkem_generic_ops,
     "portable C (FIPS 203): 16-bit NTT with Montgomery and Barrett reduction, constant time"},
    {"generic", "generic", CB_PRIM_MLDSA, 0, 100, &cb_mldsa_generic_ops,
     "portable C (FIPS 204): 32-bit NTT with Montgomery reduction, constant-time arithmetic"},

    /* binary fields (the K and B curves) */
    {"generic", "generic", CB_PRIM_GF2M, 0, 100, &cb_gf2m_generic_ops,
     "portable C, 32x32 carry-less products from integer multiplies with holes, Karatsuba"},

    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_generic_count = sizeof cb_family_generic / sizeof cb_family_generic[0] - 1;
