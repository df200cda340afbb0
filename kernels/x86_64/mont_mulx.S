/*
 * kernels/x86_64/mont_mulx.S - Montgomery multiplication for the bignum core (the
 * `mulx` variant of rsa* and dsa*, kernels/x86_64/family.c), with MULX (BMI2) and
 * the two independent carry chains of ADCX and ADOX (ADX).
 *
 *   void cb_mont_mulx_mul(cb_limb *r, const cb_limb *a, const cb_limb *b,
 *                         const cb_limb *n, cb_limb n0, size_t limbs)
 *        r = a b R^-1 mod n, R = 2^(64 limbs); the contract of cb_mont_ops
 *        (kernels/generic/bn_core.h).  Limb counts that are not a multiple of 4 are
 *        handed to cb_mont_mul_generic (a tail call with the same arguments).
 *
 * Operand scanning (CIOS in Koc, Acar and Kaliski, IEEE Micro 1996) over a stack
 * copy of the running sum t.  Each outer step i adds a_i b and m n to t, with
 * m = (t_0 + a_i b_0) n0 mod 2^64, and divides by 2^64.  The inner loop takes four
 * limbs of t at a time and does both rows on them while they sit in registers:
 *   part A  x = t_j..t_j+3 + a_i b_j..b_j+3 + cA     (rdx = a_i)
 *   part B  t_j-1..t_j+2 = x + m n_j..n_j+3 + cB      (rdx = m)
 * so each limb of t is loaded once and stored once per step.  In a part, the low
 * word of product j and the high word of product j-1 both belong to limb j: one is
 * added on the ADOX chain (OF), the other on the ADCX chain (CF), so neither waits
 * for the other, and MULX touches no flag.  Each part ends by folding both carries
 * into its last high word, which becomes cA or cB, the part's carry into the next
 * four limbs (a part's five-word total is below 2^320, so that cannot overflow);
 * the flags are then clear and the loop's ADD/JNZ may use them.
 *
 * Measured on the development host (AMD EPYC, Zen 4; minimum of 200 x 100 calls,
 * TSC ticks, a core cycle is 0.70 ticks): 880 ticks at 16 limbs and 3370 at 32,
 * against kernels/generic/mont.c's MUL/ADC product scanning at 997 and 3740, and 940
 * for a first version that made the two rows as two passes over t in memory.  That
 * is still about 2.4 cycles a product where MULX, ADCX and ADOX in isolation allow
 * 1.25: with part B taken out, part A alone runs at 2.6, and neither the
 * memory operands, the carry folding nor reloading rdx changed it, so the bound is
 * elsewhere (docs/x86_64.md).
 *
 * m is known once part A of the first four limbs has t_0 + a_i b_0 (x0 there);
 * part B's limb 0, always zero, goes to a scratch word below t.
 *
 * t < 2n before each step, and after it again: limbs words and a top bit (a stack
 * word), to which the step's cA and cB are added at limb `limbs`.  The end
 * subtracts n once into r and chooses t or t - n with CMOV on the borrow: the
 * instruction trace and addresses depend on limbs only, never on a, b or n.
 *
 * Registers:
 *   rdx  MULX's multiplier (a_i or m)   rcx  the index j - limbs, negative up to 0
 *   rbx, rdi, r8, r9  x, the four limbs between the parts
 *   r12, r13  part A's high words (r13 carries cA)
 *   r14, r15  part B's high words (r15 carries cB)
 *   rsi  a part B product's low word    rax  zero
 *   r10  the end of b    r11  the end of n    rbp  the end of t
 * Stack (64-byte aligned): 0 the caller's rsp, 8 &a_i, 16 the end of a, 24 the end
 * of r, 32 n0, 40 -limbs, 48 a_i, 56 m, 64 t's top bit, 72 the scratch word,
 * 80.. t_0 .. t_(limbs-1).
 */

#define X0 %rbx
#define X1 %rdi
#define X2 %r8
#define X3 %r9
#define HA0 %r12
#define HA1 %r13
#define HB0 %r14
#define HB1 %r15
#define B %r10
#define N %r11
#define T %rbp

#define S_RSP 0
#define S_A 8
#define S_AEND 16
#define S_REND 24
#define S_N0 32
#define S_NEGL 40
#define S_AI 48
#define S_M 56
#define S_TOP 64
#define S_T 80

	.text

/* a_limb k, x, hin, hout: limb k of part A into x */
.macro a_limb k, x, hin, hout
	mulxq	8*\k(B,%rcx,8), \x, \hout
	adoxq	\hin, \x
	adcxq	8*\k(T,%rcx,8), \x
.endm

/* part_a: x = t_j..t_j+3 + a_i b_j..b_j+3 + cA (HA1), then cA = the carry out */
.macro part_a
	a_limb	0, X0, HA1, HA0
	a_limb	1, X1, HA0, HA1
	a_limb	2, X2, HA1, HA0
	a_limb	3, X3, HA0, HA1
	adoxq	%rax, HA1
	adcxq	%rax, HA1
.endm

/* b_limb k, x, hin, hout: limb k of part B, stored one limb down */
.macro b_limb k, x, hin, hout
	mulxq	8*\k(N,%rcx,8), %rsi, \hout
	adoxq	\hin, %rsi
	adcxq	\x, %rsi
	movq	%rsi, 8*(\k - 1)(T,%rcx,8)
.endm

/* part_b: t_j-1..t_j+2 = x + m n_j..n_j+3 + cB (HB1), then cB = the carry out */
.macro part_b
	b_limb	0, X0, HB1, HB0
	b_limb	1, X1, HB0, HB1
	b_limb	2, X2, HB1, HB0
	b_limb	3, X3, HB0, HB1
	adoxq	%rax, HB1
	adcxq	%rax, HB1
.endm

	.p2align	5
	.globl	cb_mont_mulx_mul
	.type	cb_mont_mulx_mul, @function
cb_mont_mulx_mul:
	testq	$3, %r9
	jnz	.Lgeneric
	cmpq	$4, %r9
	jb	.Lgeneric
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, %rbx
	leaq	(S_T + 64)(,%r9,8), %rax	/* the frame and 64 bytes of alignment slack */
	subq	%rax, %rsp
	andq	$-64, %rsp
	movq	%rbx, S_RSP(%rsp)
	movq	%rsi, S_A(%rsp)
	leaq	(%rsi,%r9,8), %rax
	movq	%rax, S_AEND(%rsp)
	leaq	(%rdi,%r9,8), %rax
	movq	%rax, S_REND(%rsp)
	movq	%r8, S_N0(%rsp)
	leaq	(%rdx,%r9,8), B
	leaq	(%rcx,%r9,8), N
	leaq	S_T(%rsp,%r9,8), T
	negq	%r9
	movq	%r9, S_NEGL(%rsp)
	xorl	%eax, %eax
	movq	%rax, S_TOP(%rsp)
	movq	%r9, %rcx
.Lzero:
	.irp	k, 0, 1, 2, 3
	movq	%rax, 8*\k(T,%rcx,8)
	.endr
	addq	$4, %rcx
	jnz	.Lzero

	.p2align	4
.Louter:
	movq	S_A(%rsp), %rsi
	movq	(%rsi), %rdx
	movq	%rdx, S_AI(%rsp)
	addq	$8, %rsi
	movq	%rsi, S_A(%rsp)
	movq	S_NEGL(%rsp), %rcx
	xorl	%r13d, %r13d
	xorl	%r15d, %r15d
	xorl	%eax, %eax		/* also clears CF and OF */
	/* the first four limbs: m from x0 = t_0 + a_i b_0 */
	part_a
	movq	X0, %rdx
	imulq	S_N0(%rsp), %rdx
	movq	%rdx, S_M(%rsp)
	part_b
	/* every part leaves CF and OF clear; ADD of 4 to a negative index that stays
	 * negative leaves them clear too, so the chains start clean */
	addq	$4, %rcx
	jz	.Ltop
	.p2align	4
.Linner:
	movq	S_AI(%rsp), %rdx
	part_a
	movq	S_M(%rsp), %rdx
	part_b
	addq	$4, %rcx
	jnz	.Linner
.Ltop:
	/* limb limbs - 1 of the new t: cA + cB + the old top bit; the carry is the new
	 * top bit (t stays below 2n) */
	xorl	%ebx, %ebx
	addq	HB1, HA1
	adcq	$0, %rbx
	addq	S_TOP(%rsp), HA1
	adcq	$0, %rbx
	movq	HA1, -8(T)
	movq	%rbx, S_TOP(%rsp)
	movq	S_A(%rsp), %rsi
	cmpq	S_AEND(%rsp), %rsi
	jne	.Louter

	/* r = t - n; the borrow out of the top bit says t < n */
	movq	S_REND(%rsp), %rdi
	movq	S_NEGL(%rsp), %rcx
	xorl	%eax, %eax
.Lsub:
	.irp	k, 0, 1, 2, 3
	movq	8*\k(T,%rcx,8), %rbx
	sbbq	8*\k(N,%rcx,8), %rbx
	movq	%rbx, 8*\k(%rdi,%rcx,8)
	.endr
	leaq	4(%rcx), %rcx		/* LEA and JRCXZ keep the borrow */
	jrcxz	.Lsub_end
	jmp	.Lsub
.Lsub_end:
	movq	S_TOP(%rsp), %rbx
	sbbq	$0, %rbx		/* CF: t < n, keep t */
	movq	S_NEGL(%rsp), %rcx
.Lselect:
	.irp	k, 0, 1, 2, 3
	movq	8*\k(%rdi,%rcx,8), %rbx
	cmovcq	8*\k(T,%rcx,8), %rbx
	movq	%rbx, 8*\k(%rdi,%rcx,8)
	.endr
	leaq	4(%rcx), %rcx
	jrcxz	.Lselect_end
	jmp	.Lselect
.Lselect_end:
	movq	S_RSP(%rsp), %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	ret
.Lgeneric:
	jmp	cb_mont_mul_generic@PLT
	.size	cb_mont_mulx_mul, .-cb_mont_mulx_mul

	.section .note.GNU-stack,"",@progbits
