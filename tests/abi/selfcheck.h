/*
 * tests/abi/selfcheck.h - the checks that prove the ABI trampoline works: shared by
 * the cmocka program tests/test_abi.c and by tests/abi/check_main.c, which runs
 * them without cmocka where Debian has no cmocka for the target (ppc64, whose
 * ELFv1 trampoline would otherwise go untested).
 */
#ifndef CB_ABI_SELFCHECK_H
#define CB_ABI_SELFCHECK_H

#include <stddef.h>

/* cb_abi_check_fn: one check; 0 when it passed, else -1 with the reason in msg. */
typedef int (*cb_abi_check_fn)(char *msg, size_t len);

typedef struct cb_abi_check {
    const char *name;
    cb_abi_check_fn run;
} cb_abi_check;

/* cb_abi_checks returns every check; *n gets the count. */
const cb_abi_check *cb_abi_checks(size_t *n);

#endif
