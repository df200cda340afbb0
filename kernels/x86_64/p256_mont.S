/*
 * kernels/x86_64/p256_mont.S - Montgomery multiplication and squaring modulo the
 * P-256 prime p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (SP 800-186 3.2.1.3) and modulo
 * the group order n, and the field's sum and difference, for the x64-asm variant (kernels/x86_64/p256_x64.c), baseline x86-64 only (MUL, ADD/ADC,
 * shifts, CMOV: no capability bit needed).
 *
 *   void p256_x64_mont_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
 *        r = a b R^-1 mod p
 *   void p256_x64_mont_sqr(uint64_t r[4], const uint64_t a[4])
 *        r = a^2 R^-1 mod p
 *   void p256_x64_ord_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4],
 *                         uint64_t n0)
 *   void p256_x64_ord_sqr(uint64_t r[4], const uint64_t a[4], uint64_t n0)
 *        the same modulo the group order n, n0 = -n^-1 mod 2^64 (after the field's
 *        products, with what differs)
 *   void p256_x64_mod_add(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
 *   void p256_x64_mod_sub(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
 *        r = a + b mod p, r = a - b mod p (any representation below p)
 *
 * The representation is kernels/generic/p256_impl.h's: four limbs, least
 * significant first, x R mod p with R = 2^256, inputs and output fully reduced
 * (below p).  r may be a or b: every input limb is read before r is written.
 *
 * 1. The 512-bit product t7..t0.  mont_mul scans by columns (Comba): column k's
 *    products a_i b_(k-i) are summed into a three-limb accumulator whose low limb
 *    is then limb k of the product.  MUL writes the flags, so a carry chain cannot
 *    span two products; the column form costs one MUL and four instructions per
 *    product (mov, add, adc, adc), where rows would cost six.  The accumulators are
 *    (t_k, t_k+1, t_k+2), so a column ends with its limb already in place and no
 *    moves.  mont_sqr computes the six cross products a_i a_j (i < j) by rows,
 *    doubles them in one ADC chain and adds the four squares: 10 MULs, not 16.
 *
 * 2. Montgomery's reduction, using p's shape.  -p^-1 = 1 mod 2^64 (p = -1 mod
 *    2^96), so the quotient digit q of a step is the low limb itself, and adding
 *    q p cancels it, adds q 2^96 (q << 32 one limb up, q >> 32 two limbs up) and
 *    q (2^64 - 2^32 + 1) = q 0xffffffff00000001 three limbs up: one MUL per step.
 *    Only the low half t3..t0 goes through the four steps: after k steps the window
 *    holds (t_lo + Q p) / 2^(64k) < 2^(256 - 64k) + p < 2^256, so it never needs a
 *    fifth limb, and the limb a step frees takes the step's top word.  After four
 *    steps the window is at most p; the high half t7..t4 (below p, as a b < p^2) is
 *    added, giving less than 2p in four limbs and a carry, and p is subtracted once,
 *    the result chosen by CMOV on the borrow: no branch on secret data.
 *
 * The products modulo n and p256_x64_mod_add and p256_x64_mod_sub, the field's
 * sum and difference, follow, each with its own comment.
 *
 * Registers (the products modulo p; those modulo n differ where their comment says):
 *   rdi  r                 rsi  a (then the carry above the sum, in the reduction)
 *   rcx  b in mont_mul; a temporary (q << 32, then p's limb 1)
 *   rax, rdx  MUL's operand and product; rax holds 0xffffffff00000001 for the MULs
 *             of the reduction and as p's limb 3
 *   r8, r9, r10, r11, rbx, rbp, r12, r13  t0..t7, the product's limbs (rbx, rbp,
 *             r12, r13 are callee-saved: pushed)
 */

#define T0 %r8
#define T1 %r9
#define T2 %r10
#define T3 %r11
#define T4 %rbx
#define T5 %rbp
#define T6 %r12
#define T7 %r13

	.text

/* p's limb 3, which is also the multiplier 2^64 - 2^32 + 1 of the reduction */
#define P3 0xffffffff00000001

/* madd i, j, c0, c1, c2: (c2:c1:c0) += a_i b_j (a in rsi, b in rcx) */
.macro madd i, j, c0, c1, c2
	movq	8*\i(%rsi), %rax
	mulq	8*\j(%rcx)
	addq	%rax, \c0
	adcq	%rdx, \c1
	adcq	$0, \c2
.endm

/* column k, first, count, c0, c1, c2: column k of a b, the products a_i b_(k-i) for
 * count values of i from first, summed into (c2:c1:c0) after c2 is zeroed */
.macro column k, first, count, c0, c1, c2
	xorq	\c2, \c2
	.set	.Li, \first
	.rept	\count
	madd	.Li, (\k - .Li), \c0, \c1, \c2
	.set	.Li, .Li + 1
	.endr
.endm

/* redc_step q, u1, u2, u3: one Montgomery step on the window (u3:u2:u1:q): q
 * becomes the window's new top limb.  The window stays below 2^256 (see above), so
 * the ADC into rdx cannot carry out. */
.macro redc_step q, u1, u2, u3
	movabsq	$P3, %rax
	mulq	\q
	movq	\q, %rcx
	shlq	$32, %rcx
	shrq	$32, \q
	addq	%rcx, \u1
	adcq	\q, \u2
	adcq	%rax, \u3
	adcq	$0, %rdx
	movq	%rdx, \q
.endm

/* redc_window step: the four steps of a Montgomery reduction on the window T3..T0,
 * rotating which register is the window's low limb */
.macro redc_window step
	\step	T0, T1, T2, T3
	\step	T1, T2, T3, T0
	\step	T2, T3, T0, T1
	\step	T3, T0, T1, T2
.endm

/* add_high_sub m0, m1, m2, m3: T7..T4 = the window T3..T0 (at most the modulus m)
 * plus the high half T7..T4, less m when that is at least m.  The sum is below 2m:
 * four limbs and a carry in rsi; T3..T0 take the sum - m, and the borrow out of rsi
 * says the sum was below m.  m's limbs are operands of SUB/SBB. */
.macro add_high_sub m0, m1, m2, m3
	xorl	%esi, %esi
	addq	T0, T4
	adcq	T1, T5
	adcq	T2, T6
	adcq	T3, T7
	adcq	$0, %rsi
	movq	T4, T0
	movq	T5, T1
	movq	T6, T2
	movq	T7, T3
	subq	\m0, T0
	sbbq	\m1, T1
	sbbq	\m2, T2
	sbbq	\m3, T3
	sbbq	$0, %rsi
	cmovncq	T0, T4
	cmovncq	T1, T5
	cmovncq	T2, T6
	cmovncq	T3, T7
.endm

/* redc_p: T7..T4 = t R^-1 mod p for the product t in T7..T0 (below p^2).  p's
 * limbs: all ones (imm8 -1, sign-extended), 2^32 - 1 (rcx), 0, P3 (rax). */
.macro redc_p
	redc_window redc_step
	movl	$0xffffffff, %ecx
	movabsq	$P3, %rax
	add_high_sub $-1, %rcx, $0, %rax
.endm

/* store_return: r = T7..T4, then restore the callee-saved registers and return. */
.macro store_return
	movq	T4, 0(%rdi)
	movq	T5, 8(%rdi)
	movq	T6, 16(%rdi)
	movq	T7, 24(%rdi)
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	ret
.endm

/* save: push the callee-saved registers that hold T4..T7 */
.macro save
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
.endm

/* mul_product: T7..T0 = a b (a in rsi, b in rcx), by columns */
.macro mul_product
	/* column 0 */
	movq	0(%rsi), %rax
	mulq	0(%rcx)
	movq	%rax, T0
	movq	%rdx, T1
	xorl	%r10d, %r10d		/* T2, column 1's middle limb */
	column	1, 0, 2, T1, T2, T3
	column	2, 0, 3, T2, T3, T4
	column	3, 0, 4, T3, T4, T5
	column	4, 1, 3, T4, T5, T6
	column	5, 2, 2, T5, T6, T7
	/* column 6: the product is below 2^512, so nothing carries out of T7 */
	movq	24(%rsi), %rax
	mulq	24(%rcx)
	addq	%rax, T6
	adcq	%rdx, T7

.endm

/* sqr_product: T7..T0 = a^2 (a in rsi); clobbers rcx */
.macro sqr_product
	/* the cross products a_i a_j, i < j, into T6..T1, one row per i; a row's
	 * carry waits in rdx (a high word is at most 2^64 - 2, so +1 fits) */
	movq	8(%rsi), %rax
	mulq	0(%rsi)
	movq	%rax, T1
	movq	%rdx, T2
	movq	16(%rsi), %rax
	mulq	0(%rsi)
	addq	%rax, T2
	adcq	$0, %rdx
	movq	%rdx, T3
	movq	24(%rsi), %rax
	mulq	0(%rsi)
	addq	%rax, T3
	adcq	$0, %rdx
	movq	%rdx, T4

	movq	16(%rsi), %rax
	mulq	8(%rsi)
	addq	%rax, T3
	adcq	$0, %rdx
	movq	%rdx, %rcx
	movq	24(%rsi), %rax
	mulq	8(%rsi)
	addq	%rcx, T4
	adcq	$0, %rdx
	addq	%rax, T4
	adcq	$0, %rdx
	movq	%rdx, T5

	movq	24(%rsi), %rax
	mulq	16(%rsi)
	addq	%rax, T5
	adcq	$0, %rdx
	movq	%rdx, T6

	/* doubled: T7..T1 = 2 (T6..T1); xor clears CF as well as T7 */
	xorl	%r13d, %r13d
	addq	T1, T1
	adcq	T2, T2
	adcq	T3, T3
	adcq	T4, T4
	adcq	T5, T5
	adcq	T6, T6
	adcq	$0, T7

	/* the squares a_i^2 at limbs 2i, 2i+1; the carry between them waits in rcx */
	movq	0(%rsi), %rax
	mulq	%rax
	movq	%rax, T0
	movq	%rdx, %rcx
	movq	8(%rsi), %rax
	mulq	%rax
	addq	%rcx, T1
	adcq	%rax, T2
	adcq	$0, %rdx
	movq	%rdx, %rcx
	movq	16(%rsi), %rax
	mulq	%rax
	addq	%rcx, T3
	adcq	%rax, T4
	adcq	$0, %rdx
	movq	%rdx, %rcx
	movq	24(%rsi), %rax
	mulq	%rax
	addq	%rcx, T5
	adcq	%rax, T6
	adcq	%rdx, T7		/* the square is below 2^512: no carry out */

.endm

	.globl	p256_x64_mont_mul
	.type	p256_x64_mont_mul, @function
	.p2align 4
p256_x64_mont_mul:
	save
	movq	%rdx, %rcx		/* MUL takes rdx */
	mul_product
	redc_p
	store_return
	.size	p256_x64_mont_mul, .-p256_x64_mont_mul

	.globl	p256_x64_mont_sqr
	.type	p256_x64_mont_sqr, @function
	.p2align 4
p256_x64_mont_sqr:
	save
	sqr_product
	redc_p
	store_return
	.size	p256_x64_mont_sqr, .-p256_x64_mont_sqr

/*
 * p256_x64_ord_mul(r, a, b, n0): r = a b R^-1 mod n; p256_x64_ord_sqr(r, a, n0):
 * r = a^2 R^-1 mod n; n the group order (SP 800-186 3.2.1.3), n0 = -n^-1 mod 2^64
 * (the context's, computed from n at init), a and b below n.  Inverting a nonce
 * (a^(n-2), 255 squarings and about 60 products) was a fifth of a signature in C.
 * The same products as above; the reduction is Montgomery's without p's shape: q =
 * low limb times n0 and q n added by four MULs per step, on the same low-half
 * window (the bound holds for n too: 2^192 + n < 2^256), then the high half added
 * and n subtracted once under CMOV.  n0 waits on the stack ((%rsp)); n's limbs are
 * memory operands; rcx holds q and rsi the carry word of a step.
 */
	.section .rodata
	.p2align 5
.Lord:	/* n, least significant limb first */
	.quad	0xf3b9cac2fc632551, 0xbce6faada7179e84, 0xffffffffffffffff, 0xffffffff00000000

	.text

/* ord_addmul j, u, out: u += q n_j + the carry word in rsi (q in rcx); the carry
 * word out goes to out (rsi unless given).  u + rsi + q n_j < 2^128, so the ADCs
 * into rdx cannot carry out. */
.macro ord_addmul j, u, out=%rsi
	movq	.Lord+8*\j(%rip), %rax
	mulq	%rcx
	addq	%rsi, \u
	adcq	$0, %rdx
	addq	%rax, \u
	adcq	$0, %rdx
	movq	%rdx, \out
.endm

/* redc_n_step u0, u1, u2, u3: one Montgomery step modulo n on the window
 * (u3:u2:u1:u0); u0 becomes its new top limb */
.macro redc_n_step u0, u1, u2, u3
	movq	(%rsp), %rcx
	imulq	\u0, %rcx		/* q = u0 n0 mod 2^64: u0 + q n_0 = 0 mod 2^64 */
	movq	.Lord(%rip), %rax
	mulq	%rcx
	addq	%rax, \u0		/* 0, and a carry */
	adcq	$0, %rdx
	movq	%rdx, %rsi
	ord_addmul 1, \u1
	ord_addmul 2, \u2
	ord_addmul 3, \u3, \u0
.endm

/* redc_n: T7..T4 = t R^-1 mod n for the product t in T7..T0 (below n^2) */
.macro redc_n
	redc_window redc_n_step
	add_high_sub .Lord(%rip), .Lord+8(%rip), .Lord+16(%rip), .Lord+24(%rip)
.endm

	.globl	p256_x64_ord_mul
	.type	p256_x64_ord_mul, @function
	.p2align 4
p256_x64_ord_mul:
	save
	pushq	%rcx			/* n0 */
	movq	%rdx, %rcx
	mul_product
	redc_n
	addq	$8, %rsp
	store_return
	.size	p256_x64_ord_mul, .-p256_x64_ord_mul

	.globl	p256_x64_ord_sqr
	.type	p256_x64_ord_sqr, @function
	.p2align 4
p256_x64_ord_sqr:
	save
	pushq	%rdx			/* n0 */
	sqr_product
	redc_n
	addq	$8, %rsp
	store_return
	.size	p256_x64_ord_sqr, .-p256_x64_ord_sqr

/*
 * p256_x64_mod_add(r, a, b): r = a + b mod p; p256_x64_mod_sub(r, a, b): r = a - b
 * mod p (a, b below p; r may be a or b).  Not Montgomery products, but the curve
 * formulas call them about as often, and GCC's code for the template's carries
 * (compares and SETB) was near 80 instructions each, a third of a signature.
 * Both subtract (or add back) p under a mask made from the borrow by SBB, and use
 * p's limbs: 2^64 - 1 (the mask itself), 2^32 - 1 (the mask shifted right 32),
 * 0, and 2^64 - 2^32 + 1 (the negation of the previous).
 * Registers: rdi r, rsi a, rdx b; r8..r11 the result's limbs; rax the carry, then
 * the mask; rcx and rsi p's limbs 1 and 3 (in mod_add unmasked first, for the
 * subtraction).
 */
/* add_p_masked_store: r = r11..r8 + (p and the mask in rax), then return */
.macro add_p_masked_store
	movq	%rax, %rcx
	shrq	$32, %rcx		/* p's limb 1, masked */
	movq	%rcx, %rsi
	negq	%rsi			/* p's limb 3, masked: -(2^32 - 1) mod 2^64 */
	addq	%rax, %r8
	adcq	%rcx, %r9
	adcq	$0, %r10
	adcq	%rsi, %r11
	movq	%r8, 0(%rdi)
	movq	%r9, 8(%rdi)
	movq	%r10, 16(%rdi)
	movq	%r11, 24(%rdi)
	ret
.endm

	.globl	p256_x64_mod_add
	.type	p256_x64_mod_add, @function
	.p2align 4
p256_x64_mod_add:
	movq	0(%rsi), %r8
	movq	8(%rsi), %r9
	movq	16(%rsi), %r10
	movq	24(%rsi), %r11
	xorl	%eax, %eax
	addq	0(%rdx), %r8
	adcq	8(%rdx), %r9
	adcq	16(%rdx), %r10
	adcq	24(%rdx), %r11
	adcq	$0, %rax		/* the sum's bit 256 */
	movl	$0xffffffff, %ecx
	movabsq	$P3, %rsi
	subq	$-1, %r8
	sbbq	%rcx, %r9
	sbbq	$0, %r10
	sbbq	%rsi, %r11
	/* the sum is below 2p, so it was below p exactly when this borrows: rax
	 * becomes all ones (add p back) or 0 */
	sbbq	$0, %rax
	add_p_masked_store
	.size	p256_x64_mod_add, .-p256_x64_mod_add

	.globl	p256_x64_mod_sub
	.type	p256_x64_mod_sub, @function
	.p2align 4
p256_x64_mod_sub:
	movq	0(%rsi), %r8
	movq	8(%rsi), %r9
	movq	16(%rsi), %r10
	movq	24(%rsi), %r11
	subq	0(%rdx), %r8
	sbbq	8(%rdx), %r9
	sbbq	16(%rdx), %r10
	sbbq	24(%rdx), %r11
	sbbq	%rax, %rax		/* all ones when a < b: add p back */
	add_p_masked_store
	.size	p256_x64_mod_sub, .-p256_x64_mod_sub

	.section .note.GNU-stack,"",@progbits
