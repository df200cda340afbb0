/*
 * tests/abi/selfcheck.c - proves the ABI check: a well-behaved C function passes
 * with every argument count and gets its arguments in order, and each
 * deliberately broken assembly function is caught naming exactly the register it
 * breaks (or every register, for the one that breaks them all).
 */
#include "tests/abi/selfcheck.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tests/abi/abi.h"

/* weigh8 tells every argument position apart: each has its own odd weight. */
__attribute__((noinline)) static uintptr_t weigh8(uintptr_t a, uintptr_t b, uintptr_t c,
                                                  uintptr_t d, uintptr_t e, uintptr_t f,
                                                  uintptr_t g, uintptr_t h)
{
    return a * 1 + b * 3 + c * 5 + d * 7 + e * 11 + f * 13 + g * 17 + h * 19;
}

static const uintptr_t weights[CB_ABI_MAX_ARGS] = {1, 3, 5, 7, 11, 13, 17, 19};

static int check_arguments(char *msg, size_t len)
{
    uintptr_t args[CB_ABI_MAX_ARGS];
    for (size_t i = 0; i < CB_ABI_MAX_ARGS; i++)
        args[i] = (uintptr_t)0x1000 * (i + 1) + i;
    for (size_t n = 0; n <= CB_ABI_MAX_ARGS; n++) {
        uintptr_t want = 0;
        for (size_t i = 0; i < n; i++)
            want += args[i] * weights[i];
        cb_abi_report r;
        uintptr_t got = cb_abi_call_array(&r, (cb_abi_fn)weigh8, n, args);
        if (got != want) {
            snprintf(msg, len, "with %zu arguments weigh8 returned %#lx, expected %#lx", n,
                     (unsigned long)got, (unsigned long)want);
            return -1;
        }
        if (r.clobbered) {
            snprintf(msg, len, "a compiled C function was reported to break %s", r.names);
            return -1;
        }
    }
    return 0;
}

static int check_variadic_form(char *msg, size_t len)
{
    cb_abi_report r;
    uintptr_t got = cb_abi_call(&r, (cb_abi_fn)weigh8, 8, (uintptr_t)1, (uintptr_t)2,
                                (uintptr_t)3, (uintptr_t)4, (uintptr_t)5, (uintptr_t)6,
                                (uintptr_t)7, (uintptr_t)8);
    uintptr_t want = 1 * 1 + 2 * 3 + 3 * 5 + 4 * 7 + 5 * 11 + 6 * 13 + 7 * 17 + 8 * 19;
    if (got == want && r.clobbered == 0)
        return 0;
    snprintf(msg, len, "cb_abi_call returned %lu (expected %lu), clobbered '%s'",
             (unsigned long)got, (unsigned long)want, r.names);
    return -1;
}

/* all_names is what the report says when every covered register was broken. */
static void all_names(char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < cb_abi_register_count() && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", cb_abi_register_name(i));
}

static int check_broken(char *msg, size_t len)
{
    size_t n;
    const cb_abi_broken *b = cb_abi_broken_fns(&n);
    if (cb_abi_supported() && n == 0) {
        snprintf(msg, len, "this architecture has a trampoline but no broken functions");
        return -1;
    }
    char all[sizeof ((cb_abi_report *)0)->names];
    all_names(all, sizeof all);
    for (size_t i = 0; i < n; i++) {
        cb_abi_report r;
        cb_abi_call(&r, b[i].fn, 0);
        const char *want = b[i].breaks ? b[i].breaks : all;
        unsigned count = b[i].breaks ? 1 : (unsigned)cb_abi_register_count();
        if (r.clobbered != count || strcmp(r.names, want) != 0) {
            snprintf(msg, len, "%s: the check reported %u register(s) '%s', expected '%s'",
                     b[i].name, r.clobbered, r.names, want);
            return -1;
        }
    }
    return 0;
}

static int check_coverage(char *msg, size_t len)
{
    if (!cb_abi_supported())
        return 0;
#if defined(__x86_64__)
    size_t want = 7;
#elif defined(__aarch64__)
    size_t want = 19;
#elif defined(__arm__)
    size_t want = 16;
#elif defined(__powerpc64__)
    size_t want = 52;
#else
    size_t want = 0;
#endif
    if (cb_abi_register_count() == want)
        return 0;
    snprintf(msg, len, "the check covers %zu registers, the ABI has %zu callee-saved",
             cb_abi_register_count(), want);
    return -1;
}

static const cb_abi_check checks[] = {
    {"arguments 0..8 in order, nothing clobbered", check_arguments},
    {"variadic cb_abi_call", check_variadic_form},
    {"every broken function is caught", check_broken},
    {"every callee-saved register is covered", check_coverage},
};

const cb_abi_check *cb_abi_checks(size_t *n)
{
    *n = sizeof checks / sizeof checks[0];
    return checks;
}
