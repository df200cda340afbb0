/*
 * tests/abi/check_main.c - runs the ABI self-checks without cmocka, for targets
 * that have no cmocka (Debian ships none for big-endian ppc64).  Prints one line
 * per check and the summary line CI reads; exits 1 when a check failed.
 */
#include <stdio.h>

#include "tests/abi/selfcheck.h"

int main(void)
{
    size_t n, failed = 0;
    const cb_abi_check *c = cb_abi_checks(&n);
    for (size_t i = 0; i < n; i++) {
        char msg[768] = "";
        int rc = c[i].run(msg, sizeof msg);
        printf("%s %s%s%s\n", rc == 0 ? "ok  " : "FAIL", c[i].name, rc ? ": " : "", msg);
        failed += rc != 0;
    }
    printf("%zu passed, %zu failed\n", n - failed, failed);
    return failed ? 1 : 0;
}
