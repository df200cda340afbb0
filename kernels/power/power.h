/*
 * kernels/power/power.h - the power family's assembly entry points and the C glue
 * they share (the .S and .c files of kernels/power/).
 *
 * The integer sources (*_int.S) are assembled twice (kernels/power/family.mk): with
 * static branch hints for the ppc-hint variant (symbols <alg>_ppc_hint_<op>) and
 * without for ppc (<alg>_ppc_<op>).  POWER_INT declares both builds of one entry.
 */
#ifndef CB_POWER_H
#define CB_POWER_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

#define POWER_INT(ret, alg, op, params) \
    ret alg##_ppc_hint_##op params;     \
    ret alg##_ppc_##op params

/* wipe_<variant>_bytes clears len bytes at p with stores the compiler cannot drop. */
POWER_INT(void, wipe, bytes, (void *p, size_t len));

/* md5_<variant>_blocks is the MD5 compression (RFC 1321 3.4). */
POWER_INT(void, md5, blocks, (void *state, const uint8_t *in, size_t nblocks));
/* sha1_<variant>_blocks is the SHA-1 compression (FIPS 180-4 6.1.2). */
POWER_INT(void, sha1, blocks, (void *state, const uint8_t *in, size_t nblocks));
/* sha256_<variant>_blocks is the SHA-224/256 compression (FIPS 180-4 6.2.2). */
POWER_INT(void, sha256, blocks, (void *state, const uint8_t *in, size_t nblocks));
/* sha512_<variant>_blocks is the SHA-384/512 compression (FIPS 180-4 6.4.2). */
POWER_INT(void, sha512, blocks, (void *state, const uint8_t *in, size_t nblocks));

#endif
