/*
 * kernels/generic/family.c - the portable C variants: the reference every other
 * variant is checked against, and the "before" column of an assembly port.
 * Priority 100: any variant that needs a capability outranks it.
 */
#include "kernels/families.h"
#include "kernels/generic/generic.h"

const cb_variant cb_family_generic[] = {
    /* digests */
    {"generic", "generic", CB_PRIM_MD5, 0, 100, &cb_md5_generic_ops, "portable C (RFC 1321)"},
    {"generic", "generic", CB_PRIM_SHA1, 0, 100, &cb_sha1_generic_ops, "portable C (FIPS 180-4)"},
    {"generic", "generic", CB_PRIM_SHA256, 0, 100, &cb_sha256_generic_ops,
     "portable C (FIPS 180-4)"},
    {"generic", "generic", CB_PRIM_SHA512, 0, 100, &cb_sha512_generic_ops,
     "portable C (FIPS 180-4)"},
    {"generic", "generic", CB_PRIM_SHA3, 0, 100, &cb_sha3_generic_ops,
     "portable C Keccak-f[1600] (FIPS 202)"},

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

    /* public key */
    {"generic", "generic", CB_PRIM_MONT, 0, 100, &cb_mont_generic_ops,
     "portable C Montgomery multiplication (CIOS, SOS squaring)"},
    /* curve25519: the radix the target's multiplier wants is generic; a 64-bit target
     * also offers the 32-bit radix so that it is tested on the host */
#ifdef __SIZEOF_INT128__
    {"generic", "generic", CB_PRIM_C25519, 0, 100, &cb_c25519_r51_ops,
     "portable C, radix 2^51 (64x64->128 multiplies), Montgomery ladder (RFC 7748)"},
    {"radix25", "generic", CB_PRIM_C25519, 0, 90, &cb_c25519_r25_ops,
     "portable C, radix 2^25.5 (32x32->64 multiplies), Montgomery ladder (RFC 7748)"},
#else
    {"generic", "generic", CB_PRIM_C25519, 0, 100, &cb_c25519_r25_ops,
     "portable C, radix 2^25.5 (32x32->64 multiplies), Montgomery ladder (RFC 7748)"},
#endif

    {0}, /* keeps the array non-empty while rows are added; not counted */
};

const size_t cb_family_generic_count = sizeof cb_family_generic / sizeof cb_family_generic[0] - 1;
