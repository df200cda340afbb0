/*
 * tests/abi/check_main.c - runs the ABI self-checks and every kernel through the
 * ABI check without cmocka, for targets that have no cmocka (Debian ships none
 * for big-endian ppc64).  Prints one line
 * per check and the summary line CI reads; exits 1 when a check failed.
 */
#include <stdio.h>

#include "tests/abi/selfcheck.h"

static int run(const cb_abi_check *c)
{
    char msg[768] = "";
    int rc = c->run(msg, sizeof msg);
    printf("%s %s%s%s\n", rc == 0 ? "ok  " : "FAIL", c->name, msg[0] ? ": " : "", msg);
    return rc != 0;
}

int main(void)
{
    static const cb_abi_check variants = {"every runnable variant's functions through the check",
                                          cb_abi_check_variants};
    size_t n, failed = 0;
    const cb_abi_check *c = cb_abi_checks(&n);
    for (size_t i = 0; i < n; i++)
        failed += (size_t)run(&c[i]);
    failed += (size_t)run(&variants);
    printf("%zu passed, %zu failed\n", n + 1 - failed, failed);
    return failed ? 1 : 0;
}
