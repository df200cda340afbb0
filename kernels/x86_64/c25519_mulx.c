/*
 * kernels/x86_64/c25519_mulx.c - GF(2^255 - 19) on four 64-bit limbs (variant mulx,
 * needs bmi2 and adx) with the product and the square in inline assembly on MULX,
 * ADCX and ADOX, and X25519 and the Ed25519 group over it: the one ladder
 * (kernels/generic/c25519_ladder.h) and the one group (c25519_edwards.h) that the
 * generic radices use, instantiated for this field.
 *
 * Representation: any value below 2^256 (not necessarily below p); every function
 * takes and returns such values, so fe_carry has nothing to do and sums and
 * differences may go anywhere.  2^256 = 38 mod p folds every overflow back.
 *
 * The product (fe_mul): the 512-bit a b by rows, a_i times b_0..b_3 added into the
 * running limbs with two carry chains at once (ADCX adds the low words of MULX on
 * CF, ADOX the high words on OF, which neither MULX nor the other chain disturbs),
 * then t_lo + 38 t_hi in the same way, a carry limb below 39 times 38 added once
 * more, and the last carry (possible only when the limbs are then tiny) times 38
 * added to limb 0, where it cannot carry again.  The square (fe_sq) computes the six
 * cross products a_i a_j (i < j) once, doubles them in one ADC chain and adds the
 * four squares a_i^2: 10 MULX, not 16.
 *
 * Registers: rsi a, rcx b, rdi h, rdx MULX's implicit operand (and a zero for
 * closing the carry chains at the end), rax and rbx the products' low and high
 * words, r8..r15 the product's eight limbs t0..t7; r8..r11, the result, are stored
 * through h from the asm (not from C: GCC then keeps fewer values live across it,
 * 7% on X25519 here).  The compiler saves what the asm clobbers.  The asm names
 * its memory by a "memory" clobber, not by memory operands: those need address
 * registers of their own, and with a frame pointer and the sanitizers (-O1, make
 * check-asan) GCC had none left ("impossible constraints").
 *
 * Constant time: no branch and no address depends on the values (MULX, ADCX, ADOX,
 * ADC and SBB take the same time whatever their operands); the carry folds use masks
 * made with SBB.
 */
#include "kernels/x86_64/x86_64.h"

#include <stdint.h>
#include <string.h>

typedef unsigned __int128 u128;

typedef uint64_t fe_limb;
/* FE_BYTES: the encoding's bytes (kernels/generic/curve_common.h). */
#define FE_BYTES 32

typedef struct fe {
    fe_limb v[4];
} fe;

/* REDUCE: t0..t3 = t0..t3 + 38 t4..t7 mod p, below 2^256 (the tail of both products). */
#define REDUCE                                                                             \
    "movl $38, %%edx\n\t"                                                                  \
    "xorl %%eax, %%eax\n\t" /* clears CF and OF */                                          \
    "mulx %%r12, %%rax, %%rbx\n\t"                                                         \
    "adcx %%rax, %%r8\n\t"                                                                 \
    "adox %%rbx, %%r9\n\t"                                                                 \
    "mulx %%r13, %%rax, %%rbx\n\t"                                                         \
    "adcx %%rax, %%r9\n\t"                                                                 \
    "adox %%rbx, %%r10\n\t"                                                                \
    "mulx %%r14, %%rax, %%rbx\n\t"                                                         \
    "adcx %%rax, %%r10\n\t"                                                                \
    "adox %%rbx, %%r11\n\t"                                                                \
    "mulx %%r15, %%rax, %%r12\n\t"                                                         \
    "adcx %%rax, %%r11\n\t"                                                                \
    "movl $0, %%edx\n\t" /* a zero for closing the chains (MOV keeps the flags) */          \
    "adox %%rdx, %%r12\n\t"                                                                \
    "adcx %%rdx, %%r12\n\t" /* the carry limb, below 39 */                                 \
    "imulq $38, %%r12, %%r12\n\t"                                                          \
    "addq %%r12, %%r8\n\t"                                                                 \
    "adcq $0, %%r9\n\t"                                                                    \
    "adcq $0, %%r10\n\t"                                                                   \
    "adcq $0, %%r11\n\t"                                                                   \
    "sbbq %%rax, %%rax\n\t" /* all ones when it carried once more */                       \
    "andl $38, %%eax\n\t"                                                                  \
    "addq %%rax, %%r8\n\t"

static inline __attribute__((always_inline)) void fe_mul(fe *h, const fe *f, const fe *g)
{
    __asm__("movq 0(%%rsi), %%rdx\n\t"
            /* row 0: t0..t4 = a0 b */
            "mulx 0(%%rcx), %%r8, %%r9\n\t"
            "mulx 8(%%rcx), %%rax, %%r10\n\t"
            "addq %%rax, %%r9\n\t"
            "mulx 16(%%rcx), %%rax, %%r11\n\t"
            "adcq %%rax, %%r10\n\t"
            "mulx 24(%%rcx), %%rax, %%r12\n\t"
            "adcq %%rax, %%r11\n\t"
            "adcq $0, %%r12\n\t"
            /* row 1: t1..t5 += a1 b */
            "movq 8(%%rsi), %%rdx\n\t"
            "xorl %%r13d, %%r13d\n\t"
            "mulx 0(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r9\n\t"
            "adox %%rbx, %%r10\n\t"
            "mulx 8(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r10\n\t"
            "adox %%rbx, %%r11\n\t"
            "mulx 16(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r11\n\t"
            "adox %%rbx, %%r12\n\t"
            "mulx 24(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r12\n\t"
            "adox %%rbx, %%r13\n\t"
            "adcq $0, %%r13\n\t"
            /* row 2: t2..t6 += a2 b */
            "movq 16(%%rsi), %%rdx\n\t"
            "xorl %%r14d, %%r14d\n\t"
            "mulx 0(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r10\n\t"
            "adox %%rbx, %%r11\n\t"
            "mulx 8(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r11\n\t"
            "adox %%rbx, %%r12\n\t"
            "mulx 16(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r12\n\t"
            "adox %%rbx, %%r13\n\t"
            "mulx 24(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r13\n\t"
            "adox %%rbx, %%r14\n\t"
            "adcq $0, %%r14\n\t"
            /* row 3: t3..t7 += a3 b */
            "movq 24(%%rsi), %%rdx\n\t"
            "xorl %%r15d, %%r15d\n\t"
            "mulx 0(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r11\n\t"
            "adox %%rbx, %%r12\n\t"
            "mulx 8(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r12\n\t"
            "adox %%rbx, %%r13\n\t"
            "mulx 16(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r13\n\t"
            "adox %%rbx, %%r14\n\t"
            "mulx 24(%%rcx), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r14\n\t"
            "adox %%rbx, %%r15\n\t"
            "adcq $0, %%r15\n\t" REDUCE
            "movq %%r8, 0(%%rdi)\n\t"
            "movq %%r9, 8(%%rdi)\n\t"
            "movq %%r10, 16(%%rdi)\n\t"
            "movq %%r11, 24(%%rdi)\n\t"
            :
            : "S"(f), "c"(g), "D"(h)
            : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc",
              "memory");
}

static inline __attribute__((always_inline)) void fe_sq(fe *h, const fe *f)
{
    __asm__(/* cross products of a0: t1..t4 = a0 (a1, a2, a3) at 1, 2, 3 */
            "movq 0(%%rsi), %%rdx\n\t"
            "mulx 8(%%rsi), %%r9, %%r10\n\t"
            "mulx 16(%%rsi), %%rax, %%r11\n\t"
            "mulx 24(%%rsi), %%rbx, %%r12\n\t"
            "addq %%rax, %%r10\n\t"
            "adcq %%rbx, %%r11\n\t"
            "adcq $0, %%r12\n\t"
            /* of a1: t3..t5 += a1 (a2, a3) */
            "movq 8(%%rsi), %%rdx\n\t"
            "xorl %%r13d, %%r13d\n\t"
            "mulx 16(%%rsi), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r11\n\t"
            "adox %%rbx, %%r12\n\t"
            "mulx 24(%%rsi), %%rax, %%rbx\n\t"
            "adcx %%rax, %%r12\n\t"
            "adox %%rbx, %%r13\n\t"
            "adcq $0, %%r13\n\t"
            /* of a2: t5..t6 += a2 a3 */
            "movq 16(%%rsi), %%rdx\n\t"
            "mulx 24(%%rsi), %%rax, %%r14\n\t"
            "addq %%rax, %%r13\n\t"
            "adcq $0, %%r14\n\t"
            /* doubled: t1..t7 = 2 (t1..t6) */
            "xorl %%r15d, %%r15d\n\t"
            "addq %%r9, %%r9\n\t"
            "adcq %%r10, %%r10\n\t"
            "adcq %%r11, %%r11\n\t"
            "adcq %%r12, %%r12\n\t"
            "adcq %%r13, %%r13\n\t"
            "adcq %%r14, %%r14\n\t"
            "adcq $0, %%r15\n\t"
            /* plus the squares a_i^2 at 2i (MULX and MOV leave the flags alone) */
            "movq 0(%%rsi), %%rdx\n\t"
            "mulx %%rdx, %%r8, %%rax\n\t"
            "addq %%rax, %%r9\n\t"
            "movq 8(%%rsi), %%rdx\n\t"
            "mulx %%rdx, %%rax, %%rbx\n\t"
            "adcq %%rax, %%r10\n\t"
            "adcq %%rbx, %%r11\n\t"
            "movq 16(%%rsi), %%rdx\n\t"
            "mulx %%rdx, %%rax, %%rbx\n\t"
            "adcq %%rax, %%r12\n\t"
            "adcq %%rbx, %%r13\n\t"
            "movq 24(%%rsi), %%rdx\n\t"
            "mulx %%rdx, %%rax, %%rbx\n\t"
            "adcq %%rax, %%r14\n\t"
            "adcq %%rbx, %%r15\n\t" REDUCE
            "movq %%r8, 0(%%rdi)\n\t"
            "movq %%r9, 8(%%rdi)\n\t"
            "movq %%r10, 16(%%rdi)\n\t"
            "movq %%r11, 24(%%rdi)\n\t"
            :
            : "S"(f), "D"(h)
            : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc",
              "memory");
}

/* FOLD_CARRY(t): t = 38 when the last addition carried out of limb 3, else 0, added to
 * limb 0 with its carry; then the same once more, which cannot carry (a second
 * carry leaves limbs 1..3 zero and limb 0 below 38). */
#define FOLD_CARRY                                                                         \
    "sbbq %[t], %[t]\n\t"                                                                  \
    "andl $38, %k[t]\n\t"                                                                  \
    "addq %[t], %[h0]\n\t"                                                                 \
    "adcq $0, %[h1]\n\t"                                                                   \
    "adcq $0, %[h2]\n\t"                                                                   \
    "adcq $0, %[h3]\n\t"                                                                   \
    "sbbq %[t], %[t]\n\t"                                                                  \
    "andl $38, %k[t]\n\t"                                                                  \
    "addq %[t], %[h0]\n\t"

/* The sum, the difference and the product by a24 are in assembly too: GCC's code for
 * their carry chains on unsigned __int128 was loops through memory, as slow as a
 * product.  Their outputs go to registers the compiler picks, stored by C. */
#define FE_STORE(h)                                                                        \
    do {                                                                                   \
        (h)->v[0] = h0;                                                                    \
        (h)->v[1] = h1;                                                                    \
        (h)->v[2] = h2;                                                                    \
        (h)->v[3] = h3;                                                                    \
    } while (0)

static inline void fe_add(fe *h, const fe *f, const fe *g)
{
    uint64_t h0, h1, h2, h3, t;
    __asm__("movq 0(%[f]), %[h0]\n\t"
            "addq 0(%[g]), %[h0]\n\t"
            "movq 8(%[f]), %[h1]\n\t"
            "adcq 8(%[g]), %[h1]\n\t"
            "movq 16(%[f]), %[h2]\n\t"
            "adcq 16(%[g]), %[h2]\n\t"
            "movq 24(%[f]), %[h3]\n\t"
            "adcq 24(%[g]), %[h3]\n\t" FOLD_CARRY
            : [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [h3] "=&r"(h3), [t] "=&r"(t)
            : [f] "r"(f->v), [g] "r"(g->v), "m"(*f), "m"(*g)
            : "cc");
    FE_STORE(h);
}

/* fe_sub sets h = f - g: a borrow out (f < g) means 2^256 was added, so 38 is taken
 * away, and when that borrows again the value is near 2^256 and limb 0 can give 38. */
static inline void fe_sub(fe *h, const fe *f, const fe *g)
{
    uint64_t h0, h1, h2, h3, t;
    __asm__("movq 0(%[f]), %[h0]\n\t"
            "subq 0(%[g]), %[h0]\n\t"
            "movq 8(%[f]), %[h1]\n\t"
            "sbbq 8(%[g]), %[h1]\n\t"
            "movq 16(%[f]), %[h2]\n\t"
            "sbbq 16(%[g]), %[h2]\n\t"
            "movq 24(%[f]), %[h3]\n\t"
            "sbbq 24(%[g]), %[h3]\n\t"
            "sbbq %[t], %[t]\n\t"
            "andl $38, %k[t]\n\t"
            "subq %[t], %[h0]\n\t"
            "sbbq $0, %[h1]\n\t"
            "sbbq $0, %[h2]\n\t"
            "sbbq $0, %[h3]\n\t"
            "sbbq %[t], %[t]\n\t"
            "andl $38, %k[t]\n\t"
            "subq %[t], %[h0]\n\t"
            : [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [h3] "=&r"(h3), [t] "=&r"(t)
            : [f] "r"(f->v), [g] "r"(g->v), "m"(*f), "m"(*g)
            : "cc");
    FE_STORE(h);
}

/* fe_mul_a24: f times 121665 is five limbs, the fifth below 2^17, folded as 38 times it. */
static void fe_mul_a24(fe *h, const fe *f)
{
    uint64_t h0, h1, h2, h3, t, u;
    __asm__("movl $121665, %%edx\n\t"
            "mulx 0(%[f]), %[h0], %[t]\n\t"
            "mulx 8(%[f]), %[h1], %[u]\n\t"
            "addq %[t], %[h1]\n\t"
            "mulx 16(%[f]), %[h2], %[t]\n\t"
            "adcq %[u], %[h2]\n\t"
            "mulx 24(%[f]), %[h3], %[u]\n\t"
            "adcq %[t], %[h3]\n\t"
            "adcq $0, %[u]\n\t"
            "imulq $38, %[u], %[u]\n\t"
            "addq %[u], %[h0]\n\t"
            "adcq $0, %[h1]\n\t"
            "adcq $0, %[h2]\n\t"
            "adcq $0, %[h3]\n\t"
            "sbbq %[t], %[t]\n\t"
            "andl $38, %k[t]\n\t"
            "addq %[t], %[h0]\n\t"
            : [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [h3] "=&r"(h3), [t] "=&r"(t),
              [u] "=&r"(u)
            : [f] "r"(f->v), "m"(*f)
            : "rdx", "cc");
    FE_STORE(h);
}

/* fe_carry: nothing to do, every value is below 2^256 already. */
static void fe_carry(fe *h)
{
    (void)h;
}

static void fe_set(fe *h, uint64_t v)
{
    h->v[0] = v;
    h->v[1] = h->v[2] = h->v[3] = 0;
}

static void fe_frombytes(fe *h, const uint8_t s[32])
{
    for (int i = 0; i < 4; i++) {
        uint64_t x = 0;
        for (int j = 7; j >= 0; j--)
            x = x << 8 | s[8 * i + j];
        h->v[i] = x;
    }
    h->v[3] &= UINT64_MAX >> 1; /* bit 255 is dropped (RFC 7748 5) */
}

/* fe_tobytes: bit 255 folded in as 19 (below 2^255 + 19 then, under 2p), then p taken
 * away when h + 19 reaches 2^255, selected with a mask. */
static void fe_tobytes(uint8_t s[32], const fe *f)
{
    uint64_t t[4], u[4];
    uint64_t top = f->v[3] >> 63;
    u128 c = (u128)f->v[0] + 19 * top;
    for (int i = 0; i < 4; i++) {
        if (i > 0)
            c = (u128)(i == 3 ? f->v[3] & (UINT64_MAX >> 1) : f->v[i]) + (uint64_t)(c >> 64);
        t[i] = (uint64_t)c;
    }
    c = (u128)t[0] + 19;
    for (int i = 0; i < 4; i++) {
        if (i > 0)
            c = (u128)t[i] + (uint64_t)(c >> 64);
        u[i] = (uint64_t)c;
    }
    uint64_t ge_p = 0 - (u[3] >> 63); /* all ones: h >= p, keep h + 19 - 2^255 */
    u[3] &= UINT64_MAX >> 1;
    for (int i = 0; i < 4; i++) {
        uint64_t x = (t[i] & ~ge_p) | (u[i] & ge_p);
        for (int j = 0; j < 8; j++)
            s[8 * i + j] = (uint8_t)(x >> (8 * j));
    }
}

static void fe_cswap(fe *f, fe *g, unsigned b)
{
    uint64_t mask = 0 - (uint64_t)b;
    for (int i = 0; i < 4; i++) {
        uint64_t x = (f->v[i] ^ g->v[i]) & mask;
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

#include "kernels/generic/c25519_ladder.h"
#include "kernels/generic/c25519_edwards.h"

const cb_c25519_ops cb_c25519_mulx_ops = {x25519_ladder, sizeof(ed_ctx), ed_init, ed_base,
                                          ed_check};
