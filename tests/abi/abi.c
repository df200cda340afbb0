/*
 * tests/abi/abi.c - the C side of the ABI check: fills the register file with
 * random values, runs the architecture's trampoline (tests/abi/abi_<arch>.S) and
 * names every register that came back different.
 *
 * cb_abi_regs is shared with the assembly, which addresses it by these fixed
 * offsets on every architecture (the static assertions keep the two in step):
 *   0    gpr[18]   callee-saved general registers, in order (32-bit ARM: low words)
 *   144  fpr[18]   callee-saved floating-point registers (raw bits)
 *   288  vr[12]    POWER v20-v31, 16 bytes each
 *   480  cr        POWER condition register (fields 2-4 are callee-saved)
 *   484  flags     x86-64: the direction flag after the call
 *   488  toc_in    POWER r2 as the callee received it
 *   496  toc_out   POWER r2 as the callee left it
 */
#include "tests/abi/abi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cb_abi_regs {
    uint64_t gpr[18];
    uint64_t fpr[18];
    uint8_t vr[12][16];
    uint32_t cr;
    uint32_t flags;
    uint64_t toc_in;
    uint64_t toc_out;
    uint64_t pad;
} __attribute__((aligned(16))) cb_abi_regs;

_Static_assert(offsetof(cb_abi_regs, fpr) == 144, "fpr offset shared with the .S files");
_Static_assert(offsetof(cb_abi_regs, vr) == 288, "vr offset shared with the .S files");
_Static_assert(offsetof(cb_abi_regs, cr) == 480, "cr offset shared with the .S files");
_Static_assert(offsetof(cb_abi_regs, flags) == 484, "flags offset shared with the .S files");
_Static_assert(offsetof(cb_abi_regs, toc_in) == 488, "toc offset shared with the .S files");
_Static_assert(sizeof(cb_abi_regs) == 512, "size shared with the .S files");

typedef enum { K_GPR, K_FPR, K_VR, K_CR, K_DF, K_TOC } reg_kind;

typedef struct reg_slot {
    const char *name;
    reg_kind kind;
    unsigned index; /* into gpr/fpr/vr; the CR field number for K_CR */
} reg_slot;

#define GPR(n, i) {n, K_GPR, i}
#define FPR(n, i) {n, K_FPR, i}
#define VR(n, i) {n, K_VR, i}

#if defined(__x86_64__)
#define HAVE_TRAMPOLINE 1
#define GPR_BITS 64
static const reg_slot slots[] = {
    GPR("rbx", 0), GPR("rbp", 1), GPR("r12", 2), GPR("r13", 3), GPR("r14", 4), GPR("r15", 5),
    {"DF (direction flag left set)", K_DF, 0},
};
void cb_abi_broken_rbx(void);
void cb_abi_broken_r15(void);
void cb_abi_broken_df(void);
void cb_abi_broken_all(void);
static const cb_abi_broken broken[] = {
    {"cb_abi_broken_rbx", cb_abi_broken_rbx, "rbx"},
    {"cb_abi_broken_r15", cb_abi_broken_r15, "r15"},
    {"cb_abi_broken_df", cb_abi_broken_df, "DF (direction flag left set)"},
    {"cb_abi_broken_all", cb_abi_broken_all, NULL},
};
#elif defined(__aarch64__)
#define HAVE_TRAMPOLINE 1
#define GPR_BITS 64
static const reg_slot slots[] = {
    GPR("x19", 0), GPR("x20", 1), GPR("x21", 2), GPR("x22", 3), GPR("x23", 4), GPR("x24", 5),
    GPR("x25", 6), GPR("x26", 7), GPR("x27", 8), GPR("x28", 9), GPR("x29", 10),
    FPR("d8", 0),  FPR("d9", 1),  FPR("d10", 2), FPR("d11", 3), FPR("d12", 4), FPR("d13", 5),
    FPR("d14", 6), FPR("d15", 7),
};
void cb_abi_broken_x19(void);
void cb_abi_broken_x29(void);
void cb_abi_broken_d8(void);
void cb_abi_broken_d15(void);
void cb_abi_broken_all(void);
static const cb_abi_broken broken[] = {
    {"cb_abi_broken_x19", cb_abi_broken_x19, "x19"},
    {"cb_abi_broken_x29", cb_abi_broken_x29, "x29"},
    {"cb_abi_broken_d8", cb_abi_broken_d8, "d8"},
    {"cb_abi_broken_d15", cb_abi_broken_d15, "d15"},
    {"cb_abi_broken_all", cb_abi_broken_all, NULL},
};
#elif defined(__arm__)
#define HAVE_TRAMPOLINE 1
#define GPR_BITS 32
static const reg_slot slots[] = {
    GPR("r4", 0), GPR("r5", 1), GPR("r6", 2),   GPR("r7", 3),   GPR("r8", 4),
    GPR("r9", 5), GPR("r10", 6), GPR("r11", 7), FPR("d8", 0),   FPR("d9", 1),
    FPR("d10", 2), FPR("d11", 3), FPR("d12", 4), FPR("d13", 5), FPR("d14", 6),
    FPR("d15", 7),
};
void cb_abi_broken_r4(void);
void cb_abi_broken_r11(void);
void cb_abi_broken_d8(void);
void cb_abi_broken_all(void);
static const cb_abi_broken broken[] = {
    {"cb_abi_broken_r4", cb_abi_broken_r4, "r4"},
    {"cb_abi_broken_r11", cb_abi_broken_r11, "r11"},
    {"cb_abi_broken_d8", cb_abi_broken_d8, "d8"},
    {"cb_abi_broken_all", cb_abi_broken_all, NULL},
};
#elif defined(__powerpc64__)
#define HAVE_TRAMPOLINE 1
#define GPR_BITS 64
static const reg_slot slots[] = {
    GPR("r14", 0),  GPR("r15", 1),  GPR("r16", 2),  GPR("r17", 3),  GPR("r18", 4),
    GPR("r19", 5),  GPR("r20", 6),  GPR("r21", 7),  GPR("r22", 8),  GPR("r23", 9),
    GPR("r24", 10), GPR("r25", 11), GPR("r26", 12), GPR("r27", 13), GPR("r28", 14),
    GPR("r29", 15), GPR("r30", 16), GPR("r31", 17), FPR("f14", 0),  FPR("f15", 1),
    FPR("f16", 2),  FPR("f17", 3),  FPR("f18", 4),  FPR("f19", 5),  FPR("f20", 6),
    FPR("f21", 7),  FPR("f22", 8),  FPR("f23", 9),  FPR("f24", 10), FPR("f25", 11),
    FPR("f26", 12), FPR("f27", 13), FPR("f28", 14), FPR("f29", 15), FPR("f30", 16),
    FPR("f31", 17), VR("v20", 0),   VR("v21", 1),   VR("v22", 2),   VR("v23", 3),
    VR("v24", 4),   VR("v25", 5),   VR("v26", 6),   VR("v27", 7),   VR("v28", 8),
    VR("v29", 9),   VR("v30", 10),  VR("v31", 11),  {"cr2", K_CR, 2}, {"cr3", K_CR, 3},
    {"cr4", K_CR, 4}, {"r2 (TOC)", K_TOC, 0},
};
void cb_abi_broken_r14(void);
void cb_abi_broken_r31(void);
void cb_abi_broken_f14(void);
void cb_abi_broken_v20(void);
void cb_abi_broken_cr2(void);
void cb_abi_broken_toc(void);
void cb_abi_broken_all(void);
static const cb_abi_broken broken[] = {
    {"cb_abi_broken_r14", cb_abi_broken_r14, "r14"},
    {"cb_abi_broken_r31", cb_abi_broken_r31, "r31"},
    {"cb_abi_broken_f14", cb_abi_broken_f14, "f14"},
    {"cb_abi_broken_v20", cb_abi_broken_v20, "v20"},
    {"cb_abi_broken_cr2", cb_abi_broken_cr2, "cr2"},
    {"cb_abi_broken_toc", cb_abi_broken_toc, "r2 (TOC)"},
    {"cb_abi_broken_all", cb_abi_broken_all, NULL},
};
#else
#define HAVE_TRAMPOLINE 0
static const reg_slot slots[] = {{"", K_GPR, 0}};
static const cb_abi_broken broken[] = {{"", NULL, NULL}};
#endif

#if HAVE_TRAMPOLINE
/* cb_abi_trampoline (tests/abi/abi_<arch>.S) saves its caller's callee-saved
 * registers, loads want's, calls fn with args[0..7], stores what the callee left
 * into got and returns fn's return value. */
uintptr_t cb_abi_trampoline(cb_abi_fn fn, const uintptr_t *args, const cb_abi_regs *want,
                            cb_abi_regs *got);
#endif

int cb_abi_supported(void) { return HAVE_TRAMPOLINE; }

size_t cb_abi_register_count(void) { return HAVE_TRAMPOLINE ? sizeof slots / sizeof slots[0] : 0; }

const char *cb_abi_register_name(size_t i)
{
    return i < cb_abi_register_count() ? slots[i].name : NULL;
}

const cb_abi_broken *cb_abi_broken_fns(size_t *n)
{
    *n = HAVE_TRAMPOLINE ? sizeof broken / sizeof broken[0] : 0;
    return broken;
}

/* next_random is splitmix64: fresh, well-mixed values for every call, reproducible
 * from run to run so a failure can be replayed. */
static uint64_t next_random(void)
{
    static uint64_t state = 0x6a09e667f3bcc908u;
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

#if HAVE_TRAMPOLINE
static void fill_random(cb_abi_regs *r)
{
    memset(r, 0, sizeof *r);
    for (size_t i = 0; i < 18; i++) {
        r->gpr[i] = next_random();
        if (GPR_BITS == 32)
            r->gpr[i] &= 0xffffffffu;
        r->fpr[i] = next_random();
    }
    for (size_t i = 0; i < 12; i++)
        for (size_t j = 0; j < 16; j += 8) {
            uint64_t v = next_random();
            memcpy(&r->vr[i][j], &v, 8);
        }
    r->cr = (uint32_t)next_random();
}

/* slot_differs compares one register of want and got. */
static int slot_differs(const reg_slot *s, const cb_abi_regs *want, const cb_abi_regs *got)
{
    switch (s->kind) {
    case K_GPR:
        return want->gpr[s->index] != got->gpr[s->index];
    case K_FPR:
        return want->fpr[s->index] != got->fpr[s->index];
    case K_VR:
        return memcmp(want->vr[s->index], got->vr[s->index], 16) != 0;
    case K_CR: {
        uint32_t field = UINT32_C(0xf) << (28 - 4 * s->index);
        return ((want->cr ^ got->cr) & field) != 0;
    }
    case K_DF:
        return got->flags != 0;
    case K_TOC:
        return got->toc_in != got->toc_out;
    }
    return 0;
}

static void compare(const cb_abi_regs *want, const cb_abi_regs *got, cb_abi_report *report)
{
    size_t n = 0;
    for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++) {
        if (!slot_differs(&slots[i], want, got))
            continue;
        report->clobbered++;
        if (n < sizeof report->names)
            n += (size_t)snprintf(report->names + n, sizeof report->names - n, "%s%s",
                                  n ? ", " : "", slots[i].name);
    }
}
#endif

/* too_many stops a test that passes more arguments than the trampoline carries: a
 * silently dropped argument would make the kernel under test read garbage. */
static void too_many(size_t nargs)
{
    if (nargs <= CB_ABI_MAX_ARGS)
        return;
    fprintf(stderr, "cb_abi_call: %zu arguments; at most %d are supported\n", nargs,
            CB_ABI_MAX_ARGS);
    abort();
}

uintptr_t cb_abi_call_array(cb_abi_report *report, cb_abi_fn fn, size_t nargs,
                            const uintptr_t *args)
{
    uintptr_t a[CB_ABI_MAX_ARGS] = {0};
    memset(report, 0, sizeof *report);
    too_many(nargs);
    for (size_t i = 0; i < nargs; i++)
        a[i] = args[i];
#if HAVE_TRAMPOLINE
    cb_abi_regs want, got;
    fill_random(&want);
    memset(&got, 0, sizeof got);
    uintptr_t ret = cb_abi_trampoline(fn, a, &want, &got);
    compare(&want, &got, report);
    return ret;
#else
    typedef uintptr_t (*fn8)(uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                             uintptr_t, uintptr_t);
    (void)next_random;
    return ((fn8)fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
#endif
}

uintptr_t cb_abi_call(cb_abi_report *report, cb_abi_fn fn, size_t nargs, ...)
{
    uintptr_t a[CB_ABI_MAX_ARGS] = {0};
    va_list ap;
    too_many(nargs);
    va_start(ap, nargs);
    for (size_t i = 0; i < nargs; i++)
        a[i] = va_arg(ap, uintptr_t);
    va_end(ap);
    return cb_abi_call_array(report, fn, nargs, a);
}
