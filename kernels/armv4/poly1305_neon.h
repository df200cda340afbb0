/*
 * kernels/armv4/poly1305_neon.h - the state layout shared by poly1305_neon.S (which
 * reads it) and poly1305_neon_key.c (which fills it): byte offsets, so that the
 * assembler can include this file too.
 *
 * A table is what the NEON loop multiplies the two lanes by: nine pairs of words,
 * (lane 0, lane 1) of R0..R4 and S1..S4 = 5 R1..5 R4 in radix 2^26, loaded into
 * d22-d30 with three vld1.  Three tables: (r, 0) for a lone first block, (r^2, r^2)
 * for every pair but the last, (r^2, r) for the last pair.
 */
#ifndef CB_ARMV4_POLY1305_NEON_H
#define CB_ARMV4_POLY1305_NEON_H

#define POLY1305_NEON_TAB_BYTES 72
#define POLY1305_NEON_TAB_ONE 0
#define POLY1305_NEON_TAB_PAIR 72
#define POLY1305_NEON_TAB_LAST 144
/* The accumulator, five 26-bit limbs (each may carry a bit or two more) stored in
 * the order h0, h2, h1, h3, h4: the order one vtrn.32 turns into (h_i, 0) lanes. */
#define POLY1305_NEON_H 216
/* s, the key's second half, four little-endian words. */
#define POLY1305_NEON_PAD 236
#define POLY1305_NEON_STATE_SIZE 252

#endif
