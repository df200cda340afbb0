/*
 * kernels/x86_64/keccakx4.h - four SHAKE sponges in step on AVX2
 * (kernels/x86_64/keccakx4.c), for the avx2 ML-KEM and ML-DSA backends: one
 * absorbed block of input each, then any number of squeezed blocks.  Callers are
 * compiled for AVX2 and run only where the capability set has it.
 */
#ifndef CB_X86_64_KECCAKX4_H
#define CB_X86_64_KECCAKX4_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

/* cb_shakex4_absorb starts four SHAKE sponges of rate `rate` (CB_SHAKE128_RATE or
 * CB_SHAKE256_RATE) on the seedlen-byte seed (a multiple of 8: 32 or 64) that all
 * four share, followed by the `extra` bytes tail[j][0..extra) (1 or 2) of stream j,
 * all in one block: A[x + 5y] holds lane (x, y) of state j in its element j. */
void cb_shakex4_absorb(__m256i A[25], const uint8_t *seed, unsigned seedlen,
                       const uint8_t tail[4][2], unsigned extra, unsigned rate);

/* cb_shakex4_squeeze permutes and writes the next `rate` bytes of stream j to
 * out[j] + off. */
void cb_shakex4_squeeze(__m256i A[25], uint8_t *out[4], size_t off, unsigned rate);

#endif
