/*
 * kernels/generic/sha512.c - SHA-512 compression function in portable C (FIPS 180-4 section
 * 6.4.2); SHA-384 uses it with its own initial value (section 6.5).
 *
 * This file holds what is particular to SHA-512 (word size, functions, constants);
 * the round loop it shares with SHA-256 is in kernels/generic/sha2_rounds.h.  On a 32-bit
 * target gcc splits every 64-bit operation into two, which is what a portable C
 * build of SHA-512 costs there.
 */
#include "kernels/generic/generic.h"
#include "kernels/generic/sha2_k.h"

/* LOAD64_BE reads a big-endian word of the message block (FIPS 180-4 section 3.1). */
#define LOAD64_BE(p) ((uint64_t)(p)[0] << 56 | (uint64_t)(p)[1] << 48 | \
                      (uint64_t)(p)[2] << 40 | (uint64_t)(p)[3] << 32 | \
                      (uint64_t)(p)[4] << 24 | (uint64_t)(p)[5] << 16 | \
                      (uint64_t)(p)[6] << 8 | (uint64_t)(p)[7])
#define ROR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* The functions of FIPS 180-4 section 4.1.3, rotations nested as in kernels/generic/sha256.c:
 * ROTR^28 ^ ROTR^34 ^ ROTR^39 equals ROTR^28(x ^ ROTR^6(x ^ ROTR^5(x))). */
#define BSIG0(x) ROR((x) ^ ROR((x) ^ ROR(x, 5), 6), 28)
#define BSIG1(x) ROR((x) ^ ROR((x) ^ ROR(x, 23), 4), 14)
#define SSIG0(x) (ROR((x) ^ ROR(x, 7), 1) ^ ((x) >> 7))
#define SSIG1(x) (ROR((x) ^ ROR(x, 42), 19) ^ ((x) >> 6))

#define K cb_sha512_k

#define SHA2_WORD uint64_t
#define SHA2_ROUNDS 80
#define SHA2_BLOCKS sha512_generic_blocks
#define LOAD_WORD LOAD64_BE
#include "kernels/generic/sha2_rounds.h"

const cb_digest_ops cb_sha512_generic_ops = {sha512_generic_blocks, NULL};
