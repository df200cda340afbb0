/*
 * kernels/generic/sha256.c - SHA-256 compression function in portable C (FIPS 180-4 section
 * 6.2.2); SHA-224 uses it with its own initial value (section 6.3).
 *
 * This file holds what is particular to SHA-256 (word size, functions, constants);
 * the round loop it shares with SHA-512 is in kernels/generic/sha2_rounds.h.
 */
#include "kernels/generic/generic.h"
#include "kernels/generic/sha2_k.h"

/* LOAD32_BE reads a big-endian word of the message block (FIPS 180-4 section 3.1). */
#define LOAD32_BE(p) ((uint32_t)(p)[0] << 24 | (uint32_t)(p)[1] << 16 | \
                      (uint32_t)(p)[2] << 8 | (uint32_t)(p)[3])
#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/*
 * The functions of FIPS 180-4 section 4.1.2, with the rotations nested: ROTR^2 ^
 * ROTR^13 ^ ROTR^22 equals ROTR^2(x ^ ROTR^11(x ^ ROTR^9(x))).  On a two-operand ISA
 * each rotation then works on the previous result instead of a fresh copy of x,
 * which saves two register moves per function.
 */
#define BSIG0(x) ROR((x) ^ ROR((x) ^ ROR(x, 9), 11), 2)
#define BSIG1(x) ROR((x) ^ ROR((x) ^ ROR(x, 14), 5), 6)
#define SSIG0(x) (ROR((x) ^ ROR(x, 11), 7) ^ ((x) >> 3))
#define SSIG1(x) (ROR((x) ^ ROR(x, 2), 17) ^ ((x) >> 10))

#define K cb_sha256_k

#define SHA2_WORD uint32_t
#define SHA2_ROUNDS 64
#define SHA2_BLOCKS sha256_generic_blocks
#define LOAD_WORD LOAD32_BE
#include "kernels/generic/sha2_rounds.h"

const cb_digest_ops cb_sha256_generic_ops = {sha256_generic_blocks, NULL};
