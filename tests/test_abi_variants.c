/*
 * tests/test_abi_variants.c - every function of every variant this CPU can run,
 * called through the ABI check and directly, which must agree
 * (tests/abi/variants.c).  check-cross also runs it on every QEMU CPU model,
 * inside abi-check, so each model checks the variants it can run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tests/abi/selfcheck.h"

static void test_every_variant(void **state)
{
    (void)state;
    char msg[768] = "";
    if (cb_abi_check_variants(msg, sizeof msg) != 0)
        fail_msg("%s", msg);
    print_message("%s\n", msg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_variant)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
