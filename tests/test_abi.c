/*
 * tests/test_abi.c - the ABI check proves itself, then checks every kernel: each
 * check of tests/abi/selfcheck.c as one cmocka test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tests/abi/selfcheck.h"

static void run_check(void **state)
{
    const cb_abi_check *c = *state;
    char msg[768] = "";
    if (c->run(msg, sizeof msg) != 0)
        fail_msg("%s: %s", c->name, msg);
    if (msg[0])
        print_message("%s\n", msg);
}

int main(void)
{
    size_t n;
    const cb_abi_check *c = cb_abi_checks(&n);
    struct CMUnitTest tests[16];
    if (n > sizeof tests / sizeof tests[0])
        fail_msg("test_abi: %zu checks, room for %zu", n, sizeof tests / sizeof tests[0]);
    for (size_t i = 0; i < n; i++)
        tests[i] = (struct CMUnitTest){c[i].name, run_check, NULL, NULL, (void *)&c[i]};
    return _cmocka_run_group_tests("test_abi", tests, n, NULL, NULL);
}
