/*
 * kernels/sha256.c - SHA-256 compression function in portable C (FIPS 180-4 section
 * 6.2.2); SHA-224 uses it with its own initial value (section 6.3).
 *
 * This file holds what is particular to SHA-256 (word size, functions, constants);
 * the round loop it shares with SHA-512 is in kernels/sha2_rounds.h.
 */
#include "kernels/generic.h"

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

/* The constants of FIPS 180-4 section 4.2.2: the first 32 bits of the fractional
 * parts of the cube roots of the first 64 primes. */
static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
};

#define SHA2_WORD uint32_t
#define SHA2_ROUNDS 64
#define SHA2_BLOCKS sha256_generic_blocks
#define LOAD_WORD LOAD32_BE
#include "kernels/sha2_rounds.h"

const cb_digest_ops cb_sha256_generic_ops = {sha256_generic_blocks, NULL};
