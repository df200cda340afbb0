/*
 * kernels/armv4/mont_frame.h - the size of mont_armv4.S's running t, in a header
 * the assembly and family.c both read (bn_core.h's typedefs keep it out of the
 * assembly), so the C side can assert it against CB_BN_MAX_LIMBS.
 */
#ifndef CB_ARMV4_MONT_FRAME_H
#define CB_ARMV4_MONT_FRAME_H

/* MONT_T_WORDS: t has limbs + 1 words; 481 for 15360-bit moduli of 32-bit limbs.
 * mont_armv4.S's frame offsets (M_R ...) sit above 4 * 481 = 1924 bytes. */
#define MONT_T_WORDS 481

#endif
