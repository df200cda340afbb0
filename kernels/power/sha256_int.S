/*
 * kernels/power/sha256_int.S - SHA-224/256 compression (FIPS 180-4 section 6.2.2) in
 * 64-bit POWER integer code, for the ppc-hint and ppc variants (family.mk assembles
 * it with HINTS=1 and HINTS=0).  The body is kernels/power/sha2_int.h.
 *
 *     void sha256_<variant>_blocks(uint32_t state[8], const uint8_t *in, size_t n)
 *
 * 32-bit words in 64-bit registers: after add the upper halves hold garbage, which
 * never matters, as only rotlwi and srwi (which read the low word) and stw consume
 * them.
 */
#include "kernels/power/asm.h"

#define SHA2_ALG sha256
#define SHA2_K cb_sha256_k
#define WB 4
#define ROUNDS 64
#define ROTR(d, s, n) rotlwi d, s, 32 - (n)
#define SHR(d, s, n) srwi d, s, n
#define LDW lwz
#define STW stw
/* FIPS 180-4 (4.4)-(4.7) */
#define BS0_A 2
#define BS0_B 13
#define BS0_C 22
#define BS1_A 6
#define BS1_B 11
#define BS1_C 25
#define SS0_A 7
#define SS0_B 18
#define SS0_C 3
#define SS1_A 17
#define SS1_B 19
#define SS1_C 10


#include "kernels/power/sha2_int.h"
