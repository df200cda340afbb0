/*
 * kernels/armv8/ghash_macros.h - GHASH multiplication with PMULL/PMULL2, shared by
 * ghash_pmull.S and gcm_ce_stitched.S.  Included only from .S files.
 *
 * Representation.  GCM numbers bits the other way round from the carry-less
 * multiplier: the first bit of a block is the coefficient of x^0 (SP 800-38D 6.3).
 * Reversing a block's 16 bytes gives a 128-bit integer whose bit k is the coefficient
 * of x^(127-k) (the "reflected" form).  The carry-less product of two reflected values
 * then has bit k = coefficient of x^(254-k): one position short of a 256-bit
 * reflected value.  Instead of shifting every product, the table holds H' = H*x^-1 mod
 * P (a left shift of reflected H by one, with x^-1 = x^127 + x^6 + x + 1, i.e. the
 * constant 0xC2000000_00000000_00000000_00000001 when the bit shifted out was set), so
 * that a (x) H' is exactly the 256-bit reflected a*H.
 *
 * Register layout.  A reflected value v lives in a vector as d[0] = v[127:64],
 * d[1] = v[63:0]: that is what LD1 plus REV64 gives straight from the bytes, so data
 * needs no EXT to swap halves.  PMULL then multiplies the high halves, PMULL2 the low
 * halves; Karatsuba's middle product (a_hi^a_lo)(h_hi^h_lo) takes the h side from
 * the table (both halves of two powers of H packed in one vector).
 *
 * Reduction.  Reading the reflected 256-bit product c = c0 + c1 y^64 + c2 y^128 +
 * c3 y^192 as a polynomial in y (bit k = y^k), P(x) becomes Q(y) = y^128 + y^127 +
 * y^126 + y^121 + 1, and adding multiples of Q leaves the field element unchanged.
 * Adding c0*Q clears c0 (Q = 1 mod y^64): it adds c0 (x) K at y^64, where K =
 * y^57 + y^62 + y^63 = 0xC200000000000000, and c0 at y^128.  The same step on the new
 * c1 clears bits 64..127, and the result is the upper 128 bits: a Montgomery-style
 * reduction by y^128 done as two 64x64 multiplications by K.
 */
#ifndef CB_ARMV8_GHASH_MACROS_H
#define CB_ARMV8_GHASH_MACROS_H

#ifndef __ASSEMBLER__
#error "kernels/armv8/ghash_macros.h is for assembly sources"
#endif

/* Table layout (GHASH_PMULL_TABLE_SIZE in armv8.h): H'^1..H'^4, then the Karatsuba
 * halves-XORs: d[0] for H^1, d[1] for H^2; then d[0] H^3, d[1] H^4. */
#define GHT_H1 0
#define GHT_H2 16
#define GHT_H3 32
#define GHT_H4 48
#define GHT_K12 64
#define GHT_K34 80

// ghash_kconst reg, tmp: reg.d[0] = K (reduction constant), reg.d[1] = 0.
.macro ghash_kconst reg, tmp
	movz	\tmp, #0xc200, lsl #48
	fmov	\reg, \tmp
.endm

// gmul_first a, h, k, kmul, t, lo, hi, mid: start the three Karatsuba sums with a*h;
// kmul is pmull or pmull2, picking this power's half of k.  a survives; t is scratch.
.macro gmul_first a, h, k, kmul, t, lo, hi, mid
	ext	\t\().16b, \a\().16b, \a\().16b, #8
	eor	\t\().16b, \t\().16b, \a\().16b
	pmull2	\lo\().1q, \a\().2d, \h\().2d
	pmull	\hi\().1q, \a\().1d, \h\().1d
	.ifc	\kmul, pmull
	pmull	\mid\().1q, \t\().1d, \k\().1d
	.else
	pmull2	\mid\().1q, \t\().2d, \k\().2d
	.endif
.endm

// gmul_acc a, h, k, kmul, t, lo, hi, mid: add a*h into the sums.  a and t are
// clobbered (they hold partial products on the way).
.macro gmul_acc a, h, k, kmul, t, lo, hi, mid
	ext	\t\().16b, \a\().16b, \a\().16b, #8
	eor	\t\().16b, \t\().16b, \a\().16b
	.ifc	\kmul, pmull
	pmull	\t\().1q, \t\().1d, \k\().1d
	.else
	pmull2	\t\().1q, \t\().2d, \k\().2d
	.endif
	eor	\mid\().16b, \mid\().16b, \t\().16b
	pmull2	\t\().1q, \a\().2d, \h\().2d
	eor	\lo\().16b, \lo\().16b, \t\().16b
	pmull	\a\().1q, \a\().1d, \h\().1d
	eor	\hi\().16b, \hi\().16b, \a\().16b
.endm

// ghash_reduce x, lo, hi, mid, kc, t1, t2: x = (lo + mid*y^64 + hi*y^128) reduced,
// in the register layout above.  mid, t1 and t2 are clobbered; kc from ghash_kconst.
.macro ghash_reduce x, lo, hi, mid, kc, t1, t2
	eor	\mid\().16b, \mid\().16b, \lo\().16b
	eor	\mid\().16b, \mid\().16b, \hi\().16b	// Karatsuba: the true middle term
	pmull	\t1\().1q, \lo\().1d, \kc\().1d		// c0 (x) K
	ext	\t2\().16b, \lo\().16b, \lo\().16b, #8
	eor	\t2\().16b, \t2\().16b, \t1\().16b
	eor	\t2\().16b, \t2\().16b, \mid\().16b	// d[0] new c1, d[1] adds to c2
	pmull	\t1\().1q, \t2\().1d, \kc\().1d		// c1 (x) K
	ext	\t2\().16b, \t2\().16b, \t2\().16b, #8
	eor	\t2\().16b, \t2\().16b, \t1\().16b
	eor	\x\().16b, \hi\().16b, \t2\().16b	// (c2, c3): low half first
	ext	\x\().16b, \x\().16b, \x\().16b, #8	// back to high half first
.endm

#endif
