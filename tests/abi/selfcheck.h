/*
 * tests/abi/selfcheck.h - the checks that prove the ABI trampoline works, and the
 * one that sends every kernel through it: run by the cmocka programs
 * tests/test_abi.c and tests/test_abi_variants.c, and all together by
 * tests/abi/check_main.c without cmocka where Debian has no cmocka for the
 * target (ppc64, whose ELFv1 trampoline and kernels would otherwise go unchecked).
 */
#ifndef CB_ABI_SELFCHECK_H
#define CB_ABI_SELFCHECK_H

#include <stddef.h>

/* cb_abi_check_fn: one check; 0 when it passed, else -1 with the reason in msg
 * (which a passing check may also fill, with what it covered). */
typedef int (*cb_abi_check_fn)(char *msg, size_t len);

typedef struct cb_abi_check {
    const char *name;
    cb_abi_check_fn run;
} cb_abi_check;

/* cb_abi_check_variants calls every function of every variant this CPU can run
 * through the ABI check (tests/abi/variants.c); on success msg says how many. */
int cb_abi_check_variants(char *msg, size_t len);

/* cb_abi_checks returns the trampoline's own checks; *n gets the count. */
const cb_abi_check *cb_abi_checks(size_t *n);

#endif
