/*
 * tests/abi/abi.h - the ABI check: calls a function with every callee-saved
 * register holding a random value and reports each register it did not restore.
 *
 * Every assembly entry point is called through it in the tests, so a kernel that
 * uses x19 or v20 without saving it fails here, on the CPU models QEMU emulates,
 * instead of corrupting its caller's state on some machine later.  What is checked:
 *
 *   x86-64 (SysV)     rbx, rbp, r12-r15, and the direction flag clear on return
 *   AArch64 (AAPCS64) x19-x29, d8-d15 (the low 64 bits of v8-v15)
 *   ARM (AAPCS, hf)   r4-r11, d8-d15
 *   POWER ELFv1/v2    r14-r31, f14-f31, v20-v31, CR fields cr2-cr4, and r2 (the
 *                     TOC pointer) unchanged on return; ELFv1 function pointers
 *                     are descriptors, which the trampoline follows like a C call
 *
 * Arguments are words (pointers, size_t, int, unsigned): up to CB_ABI_MAX_ARGS of
 * them, in registers or on the stack as the ABI says.  64-bit integers on 32-bit
 * ARM, floating-point and structure arguments are not supported.  Usage:
 *
 *     cb_abi_report r;
 *     cb_abi_call(&r, (cb_abi_fn)aes_ce_i4_cbc_encrypt, 5, (uintptr_t)ks,
 *                 (uintptr_t)iv, (uintptr_t)in, (uintptr_t)out, (uintptr_t)nblocks);
 *     if (r.clobbered)
 *         fail_msg("aes_ce_i4_cbc_encrypt did not restore %s", r.names);
 *
 * The objects are built from tests/abi/abi.c and tests/abi/abi_<arch>.S and linked
 * into every test program (TEST_EXTRA_OBJS in the Makefile).
 */
#ifndef CB_ABI_H
#define CB_ABI_H

#include <stddef.h>
#include <stdint.h>

#define CB_ABI_MAX_ARGS 8

/* cb_abi_fn: any function, cast to this type to be called through the check. */
typedef void (*cb_abi_fn)(void);

/* cb_abi_report: the registers a call did not restore. */
typedef struct cb_abi_report {
    unsigned clobbered; /* how many registers (or flags) were not as required */
    char names[512];    /* "x19, d8" in register order; "" when none */
} cb_abi_report;

/* cb_abi_supported reports whether this architecture has a trampoline; where it has
 * none, cb_abi_call calls fn directly and checks nothing. */
int cb_abi_supported(void);

/*
 * cb_abi_call calls fn with nargs word arguments (the variadic arguments, each a
 * uintptr_t) and every callee-saved register set to a fresh random value; fills
 * report and returns fn's return value (0 for a void function is meaningless).
 */
uintptr_t cb_abi_call(cb_abi_report *report, cb_abi_fn fn, size_t nargs, ...);

/* cb_abi_call_array is cb_abi_call with the arguments in an array. */
uintptr_t cb_abi_call_array(cb_abi_report *report, cb_abi_fn fn, size_t nargs,
                            const uintptr_t *args);

/* cb_abi_register_count and cb_abi_register_name list what the check covers. */
size_t cb_abi_register_count(void);
const char *cb_abi_register_name(size_t i);

/* cb_abi_broken: a deliberately broken assembly function and what it breaks. */
typedef struct cb_abi_broken {
    const char *name;    /* the symbol, for messages */
    cb_abi_fn fn;        /* takes no arguments */
    const char *breaks;  /* the one register name the report must give, or NULL
                            when it breaks every register the check covers */
} cb_abi_broken;

/* cb_abi_broken_fns returns this architecture's broken functions; *n the count. */
const cb_abi_broken *cb_abi_broken_fns(size_t *n);

#endif
