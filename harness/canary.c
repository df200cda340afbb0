/*
 * harness/canary.c - the canary's loops, its checksum and its batches.
 */
#include "harness/canary.h"

#include <stdio.h>
#include <string.h>

#include "base/caps.h"

/* The loops, all in the section cb_canary (its bounds come from the linker's
 * __start_/__stop_ symbols).  Each takes the iteration count and returns a value
 * that depends on every iteration, so nothing of the work can be left out. */
uint64_t cb_canary_scalar(uint64_t n);
#if defined(__x86_64__)
uint64_t cb_canary_aes(uint64_t n);
uint64_t cb_canary_simd(uint64_t n);

/* Written in assembly so that the machine code, and with it the checksum, is the
 * same whatever compiler and options built cryptobench.  Each loop runs six or more
 * independent chains, enough to keep every unit of its class busy: a kernel is
 * limited by the units' throughput, and a neighbour on the sibling hyperthread
 * takes throughput, which one dependency chain's latency would never show. */
__asm__(
    ".pushsection cb_canary,\"ax\",@progbits\n"
    ".p2align 6\n"
    ".globl cb_canary_scalar\n"
    ".type cb_canary_scalar,@function\n"
    "cb_canary_scalar:\n"
    "    pushq %rbx\n"
    "    pushq %r12\n"
    "    pushq %r13\n"
    "    pushq %r14\n"
    "    pushq %r15\n"
    "    movabsq $0x9e3779b97f4a7c15, %rax\n"
    "    movabsq $0xbf58476d1ce4e5b9, %rbx\n"
    "    movabsq $0x94d049bb133111eb, %rcx\n"
    "    movabsq $0x2545f4914f6cdd1d, %rdx\n"
    "    movabsq $0xd6e8feb86659fd93, %rsi\n"
    "    movabsq $0xa0761d6478bd642f, %r8\n"
    "    movabsq $0xe7037ed1a0b428db, %r9\n"
    "    movabsq $0x8ebc6af09c88c6e3, %r10\n"
    "    movabsq $0x589965cc75374cc3, %r11\n"
    "    movabsq $0x1d8e4e27c47d124f, %r12\n"
    "    movabsq $0x7a3f2b5e8c4d6f10, %r13\n"
    "    movabsq $0x3c6ef372fe94f82b, %r14\n"
    "    testq %rdi, %rdi\n"
    "    jz 2f\n"
    "1:\n"
    "    addq %rbx, %rax\n"
    "    addq %rdx, %rcx\n"
    "    addq %r8, %rsi\n"
    "    addq %r10, %r9\n"
    "    addq %r12, %r11\n"
    "    addq %r14, %r13\n"
    "    xorq %rax, %rbx\n"
    "    xorq %rcx, %rdx\n"
    "    xorq %rsi, %r8\n"
    "    xorq %r9, %r10\n"
    "    xorq %r11, %r12\n"
    "    xorq %r13, %r14\n"
    "    rolq $16, %rbx\n"
    "    rolq $12, %rdx\n"
    "    rolq $8, %r8\n"
    "    rolq $7, %r10\n"
    "    rolq $21, %r12\n"
    "    rolq $27, %r14\n"
    "    subq $1, %rdi\n"
    "    jnz 1b\n"
    "2:\n"
    "    xorq %rcx, %rax\n"
    "    xorq %rdx, %rax\n"
    "    xorq %rsi, %rax\n"
    "    xorq %r8, %rax\n"
    "    xorq %r9, %rax\n"
    "    xorq %r10, %rax\n"
    "    xorq %r11, %rax\n"
    "    xorq %r12, %rax\n"
    "    xorq %r13, %rax\n"
    "    xorq %r14, %rax\n"
    "    xorq %rbx, %rax\n"
    "    popq %r15\n"
    "    popq %r14\n"
    "    popq %r13\n"
    "    popq %r12\n"
    "    popq %rbx\n"
    "    ret\n"
    ".size cb_canary_scalar, .-cb_canary_scalar\n"
    ".p2align 6\n"
    ".globl cb_canary_aes\n"
    ".type cb_canary_aes,@function\n"
    "cb_canary_aes:\n"
    "    pcmpeqd %xmm8, %xmm8\n"
    "    psrlq $3, %xmm8\n"
    "    movdqa %xmm8, %xmm0\n"
    "    psllq $1, %xmm0\n"
    "    movdqa %xmm8, %xmm1\n"
    "    psllq $2, %xmm1\n"
    "    movdqa %xmm8, %xmm2\n"
    "    psllq $3, %xmm2\n"
    "    movdqa %xmm8, %xmm3\n"
    "    psllq $4, %xmm3\n"
    "    movdqa %xmm8, %xmm4\n"
    "    psllq $5, %xmm4\n"
    "    movdqa %xmm8, %xmm5\n"
    "    psllq $6, %xmm5\n"
    "    movdqa %xmm8, %xmm6\n"
    "    psllq $7, %xmm6\n"
    "    movdqa %xmm8, %xmm7\n"
    "    psllq $8, %xmm7\n"
    "    movdqa %xmm8, %xmm9\n"
    "    movdqa %xmm0, %xmm10\n"
    "    movdqa %xmm1, %xmm11\n"
    "    testq %rdi, %rdi\n"
    "    jz 2f\n"
    "1:\n"
    "    aesenc %xmm8, %xmm0\n"
    "    aesenc %xmm8, %xmm1\n"
    "    aesenc %xmm8, %xmm2\n"
    "    aesenc %xmm8, %xmm3\n"
    "    aesenc %xmm8, %xmm4\n"
    "    aesenc %xmm8, %xmm5\n"
    "    aesenc %xmm8, %xmm6\n"
    "    aesenc %xmm8, %xmm7\n"
    "    pclmulqdq $0x00, %xmm11, %xmm9\n"
    "    pclmulqdq $0x11, %xmm11, %xmm10\n"
    "    aesenc %xmm8, %xmm0\n"
    "    aesenc %xmm8, %xmm1\n"
    "    aesenc %xmm8, %xmm2\n"
    "    aesenc %xmm8, %xmm3\n"
    "    aesenc %xmm8, %xmm4\n"
    "    aesenc %xmm8, %xmm5\n"
    "    aesenc %xmm8, %xmm6\n"
    "    aesenc %xmm8, %xmm7\n"
    "    subq $1, %rdi\n"
    "    jnz 1b\n"
    "2:\n"
    "    pxor %xmm1, %xmm0\n"
    "    pxor %xmm2, %xmm0\n"
    "    pxor %xmm3, %xmm0\n"
    "    pxor %xmm4, %xmm0\n"
    "    pxor %xmm5, %xmm0\n"
    "    pxor %xmm6, %xmm0\n"
    "    pxor %xmm7, %xmm0\n"
    "    pxor %xmm9, %xmm0\n"
    "    pxor %xmm10, %xmm0\n"
    "    movq %xmm0, %rax\n"
    "    ret\n"
    ".size cb_canary_aes, .-cb_canary_aes\n"
    ".p2align 6\n"
    ".globl cb_canary_simd\n"
    ".type cb_canary_simd,@function\n"
    "cb_canary_simd:\n"
    "    vpcmpeqd %ymm12, %ymm12, %ymm12\n"
    "    vpsrld $1, %ymm12, %ymm0\n"
    "    vpsrld $2, %ymm12, %ymm1\n"
    "    vpsrld $3, %ymm12, %ymm2\n"
    "    vpsrld $4, %ymm12, %ymm3\n"
    "    vpsrld $5, %ymm12, %ymm4\n"
    "    vpsrld $6, %ymm12, %ymm5\n"
    "    vpsrld $7, %ymm12, %ymm6\n"
    "    vpsrld $8, %ymm12, %ymm7\n"
    "    vpsrld $9, %ymm12, %ymm8\n"
    "    vpsrld $10, %ymm12, %ymm9\n"
    "    vpsrld $11, %ymm12, %ymm10\n"
    "    vpsrld $12, %ymm12, %ymm11\n"
    "    vpsrldq $4, %ymm0, %ymm0\n"
    "    vpsrldq $8, %ymm2, %ymm2\n"
    "    vpsrldq $12, %ymm4, %ymm4\n"
    "    testq %rdi, %rdi\n"
    "    jz 2f\n"
    "1:\n"
    "    vpaddd %ymm1, %ymm0, %ymm0\n"
    "    vpaddd %ymm3, %ymm2, %ymm2\n"
    "    vpaddd %ymm5, %ymm4, %ymm4\n"
    "    vpaddd %ymm7, %ymm6, %ymm6\n"
    "    vpaddd %ymm9, %ymm8, %ymm8\n"
    "    vpaddd %ymm11, %ymm10, %ymm10\n"
    "    vpxor %ymm0, %ymm1, %ymm1\n"
    "    vpxor %ymm2, %ymm3, %ymm3\n"
    "    vpxor %ymm4, %ymm5, %ymm5\n"
    "    vpxor %ymm6, %ymm7, %ymm7\n"
    "    vpxor %ymm8, %ymm9, %ymm9\n"
    "    vpxor %ymm10, %ymm11, %ymm11\n"
    "    vpshufd $0x39, %ymm1, %ymm1\n"
    "    vpshufd $0x39, %ymm3, %ymm3\n"
    "    vpshufd $0x39, %ymm5, %ymm5\n"
    "    vpshufd $0x39, %ymm7, %ymm7\n"
    "    vpshufd $0x39, %ymm9, %ymm9\n"
    "    vpshufd $0x39, %ymm11, %ymm11\n"
    "    subq $1, %rdi\n"
    "    jnz 1b\n"
    "2:\n"
    "    vpxor %ymm1, %ymm0, %ymm0\n"
    "    vpxor %ymm2, %ymm0, %ymm0\n"
    "    vpxor %ymm3, %ymm0, %ymm0\n"
    "    vpxor %ymm4, %ymm0, %ymm0\n"
    "    vpxor %ymm5, %ymm0, %ymm0\n"
    "    vpxor %ymm6, %ymm0, %ymm0\n"
    "    vpxor %ymm7, %ymm0, %ymm0\n"
    "    vpxor %ymm8, %ymm0, %ymm0\n"
    "    vpxor %ymm9, %ymm0, %ymm0\n"
    "    vpxor %ymm10, %ymm0, %ymm0\n"
    "    vpxor %ymm11, %ymm0, %ymm0\n"
    "    vextracti128 $1, %ymm0, %xmm1\n"
    "    vpaddq %xmm1, %xmm0, %xmm0\n"
    "    vmovq %xmm0, %rax\n"
    "    vzeroupper\n"
    "    ret\n"
    ".size cb_canary_simd, .-cb_canary_simd\n"
    ".popsection\n");
#else
/* Elsewhere plain C: the same independent lanes as the x86-64 loop. */
__attribute__((section("cb_canary"), noinline)) uint64_t cb_canary_scalar(uint64_t n)
{
    uint64_t x[4] = {UINT64_C(0x9e3779b97f4a7c15), UINT64_C(0xbf58476d1ce4e5b9),
                     UINT64_C(0x94d049bb133111eb), UINT64_C(0x2545f4914f6cdd1d)};
    uint64_t y[4] = {UINT64_C(0xd6e8feb86659fd93), UINT64_C(0xa0761d6478bd642f),
                     UINT64_C(0xe7037ed1a0b428db), UINT64_C(0x8ebc6af09c88c6e3)};
    for (; n > 0; n--) {
        for (int i = 0; i < 4; i++) {
            x[i] += y[i];
            y[i] ^= x[i];
            y[i] = y[i] << (7 + 4 * i) | y[i] >> (57 - 4 * i);
        }
        __asm__ volatile("" : "+r"(x[0]), "+r"(y[3])); /* one iteration each */
    }
    return x[0] ^ x[1] ^ x[2] ^ x[3] ^ y[0] ^ y[1] ^ y[2] ^ y[3];
}
#endif

extern const unsigned char __start_cb_canary[], __stop_cb_canary[];

const char *cb_canary_name(cb_canary_class c)
{
    static const char *const names[] = {"none", "scalar", "aes", "simd", "auto"};
    return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "none";
}

int cb_canary_parse(const char *name, cb_canary_class *c)
{
    for (int i = CB_CANARY_NONE; i <= CB_CANARY_AUTO; i++)
        if (strcmp(name, cb_canary_name((cb_canary_class)i)) == 0) {
            *c = (cb_canary_class)i;
            return 0;
        }
    return -1;
}

int cb_canary_available(cb_canary_class c)
{
    cb_caps have = cb_caps_effective();
    switch (c) {
    case CB_CANARY_SCALAR:
        return 1;
#if defined(__x86_64__)
    case CB_CANARY_AES:
        return (have & (CB_CAP_AESNI | CB_CAP_PCLMUL)) == (CB_CAP_AESNI | CB_CAP_PCLMUL);
    case CB_CANARY_SIMD:
        return (have & (CB_CAP_AVX | CB_CAP_AVX2)) == (CB_CAP_AVX | CB_CAP_AVX2);
#endif
    default:
        (void)have;
        return 0;
    }
}

/* What each class stands for, by the capabilities a variant needs. */
#define AES_CAPS                                                                        \
    (CB_CAP_AES | CB_CAP_PMULL | CB_CAP_SHA1 | CB_CAP_SHA2 | CB_CAP_SHA512 | CB_CAP_SHA3 | CB_CAP_SM4 | \
     CB_CAP_VCRYPTO | CB_CAP_AESNI | CB_CAP_PCLMUL | CB_CAP_SHANI | CB_CAP_VAES |          \
     CB_CAP_VPCLMUL)
#define SIMD_CAPS                                                                      \
    (CB_CAP_NEON | CB_CAP_ALTIVEC | CB_CAP_VSX | CB_CAP_ARCH207 | CB_CAP_SSSE3 |        \
     CB_CAP_AVX | CB_CAP_AVX2 | CB_CAP_AVX512F | CB_CAP_AVX512BW | CB_CAP_AVX512VL)

cb_canary_class cb_canary_class_of(const cb_alg *a, const cb_variant *v)
{
    cb_caps need = v->caps;
    /* A library's variant names no capabilities: its AES rows use the AES
     * instructions wherever the CPU has them. */
    if (v->prim == CB_PRIM_WHOLE && !need &&
        (a->prim == CB_PRIM_AES || a->prim == CB_PRIM_GCM || a->prim == CB_PRIM_GHASH))
        need = AES_CAPS;
    if ((need & AES_CAPS) && cb_canary_available(CB_CANARY_AES))
        return CB_CANARY_AES;
    if ((need & (AES_CAPS | SIMD_CAPS)) && cb_canary_available(CB_CANARY_SIMD))
        return CB_CANARY_SIMD;
    return CB_CANARY_SCALAR;
}

const char *cb_canary_sum(void)
{
    static char sum[17];
    if (!sum[0]) {
        uint64_t h = UINT64_C(0xcbf29ce484222325);
        for (const unsigned char *p = __start_cb_canary; p < __stop_cb_canary; p++)
            h = (h ^ *p) * UINT64_C(0x100000001b3);
        snprintf(sum, sizeof sum, "%016llx", (unsigned long long)h);
    }
    return sum;
}

uint64_t cb_canary_run(cb_canary_class c, uint64_t n)
{
#if defined(__x86_64__)
    if (c == CB_CANARY_AES)
        return cb_canary_aes(n);
    if (c == CB_CANARY_SIMD)
        return cb_canary_simd(n);
#endif
    (void)c;
    return cb_canary_scalar(n);
}

/* sink keeps each result, so that no call is thought to be without effect. */
static volatile uint64_t sink;

double cb_canary_batch(cb_canary_class c, cb_clock clock, uint64_t *iterations)
{
    static uint64_t count[CB_CANARY_AUTO];
    if ((unsigned)c >= CB_CANARY_AUTO || c == CB_CANARY_NONE)
        c = CB_CANARY_SCALAR;
    if (!count[c]) {
        /* calibrated once: grow until a batch lasts a sixteenth of the target */
        uint64_t n = 1024;
        for (;;) {
            double t0 = cb_clock_now(clock);
            sink = cb_canary_run(c, n);
            double t = cb_clock_now(clock) - t0;
            if (t >= CB_CANARY_SECONDS / 16 || n >= (UINT64_C(1) << 40)) {
                double want = t > 0 ? (double)n * CB_CANARY_SECONDS / t : (double)n * 16;
                count[c] = want < 1 ? 1 : (uint64_t)want;
                break;
            }
            n *= 4;
        }
    }
    double t0 = cb_clock_now(clock);
    sink = cb_canary_run(c, count[c]);
    double t = cb_clock_now(clock) - t0;
    *iterations = count[c];
    return t;
}
