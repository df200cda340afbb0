/*
 * kernels/generic/generic.h - ops tables of the portable C kernels (one per primitive).
 */
#ifndef CB_GENERIC_H
#define CB_GENERIC_H

#include "kernels/kernel.h"

/* digests */

/* cb_md5_generic_ops is MD5 from RFC 1321 in portable C. */
extern const cb_digest_ops cb_md5_generic_ops;
/* cb_sha1_generic_ops is SHA-1 from FIPS 180-4 in portable C. */
extern const cb_digest_ops cb_sha1_generic_ops;
/* cb_sha256_generic_ops is the SHA-224/SHA-256 compression from FIPS 180-4. */
extern const cb_digest_ops cb_sha256_generic_ops;
/* cb_sha512_generic_ops is the SHA-384/SHA-512 compression from FIPS 180-4. */
extern const cb_digest_ops cb_sha512_generic_ops;
/* cb_sha3_generic_ops absorbs into Keccak-f[1600] from FIPS 202 in portable C. */
extern const cb_digest_ops cb_sha3_generic_ops;

/* AES, GHASH and GCM */
extern const cb_aes_ops cb_aes_generic_ops;     /* kernels/generic/aes.c */
extern const cb_ghash_ops cb_ghash_generic_ops; /* kernels/generic/ghash.c */
extern const cb_gcm_ops cb_gcm_generic_ops;     /* kernels/modes/gcm.c */

/* DES */

/* cb_des_generic_ops: DES and EDE3 with combined S-box/P tables (kernels/generic/des.c). */
extern const cb_block_ops cb_des_generic_ops;

/* public key */

/* cb_mont_generic_ops: portable Montgomery multiplication and squaring (kernels/generic/mont.c;
 * the struct is defined in kernels/pkey/bn.h). */
extern const struct cb_mont_ops cb_mont_generic_ops;

/* cb_c25519_r51_ops: curve25519 in radix 2^51, where the compiler has __int128
 * (kernels/generic/c25519_r51.c); cb_c25519_r25_ops: in radix 2^25.5 (c25519_r25.c). */
#ifdef __SIZEOF_INT128__
extern const cb_c25519_ops cb_c25519_r51_ops;
#endif
extern const cb_c25519_ops cb_c25519_r25_ops;

#endif
