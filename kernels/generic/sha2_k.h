/*
 * kernels/generic/sha2_k.h - the SHA-2 round constants (FIPS 180-4 4.2.2, 4.2.3).
 */
#ifndef CB_SHA2_K_H
#define CB_SHA2_K_H

#include <stdint.h>

/* cb_sha256_k: SHA-224/256's 64 constants, 64-byte aligned. */
extern const uint32_t cb_sha256_k[64];

/* cb_sha512_k: SHA-384/512's 80 constants, 64-byte aligned. */
extern const uint64_t cb_sha512_k[80];

#endif
