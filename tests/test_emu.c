/*
 * tests/test_emu.c - the emulator verdict: the decision from its facts, the maps
 * line and /proc/cpuinfo readers, and the live verdict.  check-cross runs this
 * program under qemu-user with CB_EXPECT_EMULATOR=qemu-user, and `make check`
 * natively with CB_EXPECT_EMULATOR=none, so the live verdict is checked both ways.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness/emu.h"

static void test_judge(void **state)
{
    (void)state;
    char why[256];
    assert_string_equal(cb_emu_judge("aarch64", "x86_64", 1, "/usr/bin/qemu-aarch64", why,
                                     sizeof why),
                        "qemu-user");
    assert_non_null(strstr(why, "/usr/bin/qemu-aarch64 is mapped"));
    /* qemu-x86_64 on an x86-64 host: same architecture, still emulated */
    assert_string_equal(cb_emu_judge("x86_64", "x86_64", 1, "/usr/bin/qemu-x86_64-static", why,
                                     sizeof why),
                        "qemu-user");
    assert_string_equal(cb_emu_judge("x86_64", "x86_64", 1, NULL, why, sizeof why), "none");
    assert_string_equal(cb_emu_judge("arm", "aarch64", 1, NULL, why, sizeof why), "none");
    assert_string_equal(cb_emu_judge("arm", "armv7l", 1, NULL, why, sizeof why), "none");
    assert_string_equal(cb_emu_judge("ppc64le", "ppc64le", 1, NULL, why, sizeof why), "none");
    /* a translator that is not QEMU (or a QEMU we could not see) */
    assert_string_equal(cb_emu_judge("x86_64", "aarch64", 1, NULL, why, sizeof why), "unknown");
    assert_non_null(strstr(why, "the kernel is aarch64 but this binary is x86_64"));
    assert_string_equal(cb_emu_judge("aarch64", NULL, 1, NULL, why, sizeof why), "unknown");
    assert_string_equal(cb_emu_judge("aarch64", "aarch64", 0, NULL, why, sizeof why), "unknown");
}

static void test_maps_line(void **state)
{
    (void)state;
    char buf[256];
    assert_string_equal(
        cb_emu_qemu_mapping("5576f0d4b000-5576f0de4000 r--p 00000000 fe:00 10977427    "
                            "               /usr/bin/qemu-aarch64\n",
                            buf, sizeof buf),
        "/usr/bin/qemu-aarch64");
    assert_non_null(cb_emu_qemu_mapping("00400000-00401000 r-xp 00000000 08:01 7 "
                                        "/usr/bin/qemu-ppc64le-static", buf, sizeof buf));
    assert_null(cb_emu_qemu_mapping("7f34cc188000-7f34cc18a000 r-xp 00000000 00:00 0  "
                                    "[vdso]\n", buf, sizeof buf));
    assert_null(cb_emu_qemu_mapping("00400000-00401000 r-xp 00000000 08:01 7 "
                                    "/home/qemu-user/cryptobench\n", buf, sizeof buf));
    assert_null(cb_emu_qemu_mapping("7f0000000000-7f0000001000 rw-p 00000000 00:00 0\n", buf,
                                    sizeof buf));
}

static void test_cpuinfo_arch(void **state)
{
    (void)state;
    assert_string_equal(cb_emu_cpuinfo_arch("processor\t: 0\nvendor_id\t: GenuineIntel\n"
                                            "flags\t\t: fpu vme\n"),
                        "x86_64");
    assert_string_equal(cb_emu_cpuinfo_arch("processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: "
                                            "fp asimd\nCPU implementer\t: 0x41\n"),
                        "arm");
    assert_string_equal(cb_emu_cpuinfo_arch("processor\t: 0\ncpu\t\t: POWER9 (raw)\n"
                                            "timebase\t: 512000000\n"),
                        "ppc64");
    assert_null(cb_emu_cpuinfo_arch("processor\t: 0\n"));
}

static void test_live_verdict(void **state)
{
    (void)state;
    const char *v = cb_emulator();
    assert_true(strcmp(v, "qemu-user") == 0 || strcmp(v, "none") == 0 ||
                strcmp(v, "unknown") == 0);
    assert_true(strlen(cb_emulator_evidence()) > 0);
    const char *want = getenv("CB_EXPECT_EMULATOR");
    if (want && *want && strcmp(v, want) != 0)
        fail_msg("emulator verdict %s (%s), expected %s", v, cb_emulator_evidence(), want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_judge),
        cmocka_unit_test(test_maps_line),
        cmocka_unit_test(test_cpuinfo_arch),
        cmocka_unit_test(test_live_verdict),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
