/*
 * kernels/power/sha512_int.S - SHA-384/512 compression (FIPS 180-4 section 6.4.2) in
 * 64-bit POWER integer code, for the ppc-hint and ppc variants (family.mk assembles
 * it with HINTS=1 and HINTS=0).  The body is kernels/power/sha2_int.h.
 *
 *     void sha512_<variant>_blocks(uint64_t state[8], const uint8_t *in, size_t n)
 *
 * Message words are big-endian: ld on big-endian, ldbrx with an index register on
 * little-endian.
 */
#include "kernels/power/asm.h"

#define SHA2_ALG sha512
#define SHA2_K cb_sha512_k
#define WB 8
#define ROUNDS 80
#define ROTR(d, s, n) rotldi d, s, 64 - (n)
#define SHR(d, s, n) srdi d, s, n
#define LDW ld
#define STW std
/* FIPS 180-4 (4.10)-(4.13) */
#define BS0_A 28
#define BS0_B 34
#define BS0_C 39
#define BS1_A 14
#define BS1_B 18
#define BS1_C 41
#define SS0_A 1
#define SS0_B 8
#define SS0_C 7
#define SS1_A 19
#define SS1_B 61
#define SS1_C 6


#include "kernels/power/sha2_int.h"
