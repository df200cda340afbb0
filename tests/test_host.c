/*
 * tests/test_host.c - host facts for the results file: the CPU model read from the
 * /proc/cpuinfo of each architecture (texts shaped like the kernels print them),
 * and the live readers' ranges.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "harness/host.h"

static const char *model(const char *cpuinfo)
{
    static char buf[256];
    return cb_host_cpu_model_from(cpuinfo, buf, sizeof buf);
}

static void test_cpu_model(void **state)
{
    (void)state;
    assert_string_equal(model("processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\n"
                              "model\t\t: 207\nmodel name\t: Intel(R) Xeon(R) Processor\n"),
                        "Intel(R) Xeon(R) Processor");
    /* arm64 kernels print no model name, only the MIDR fields */
    assert_string_equal(model("processor\t: 0\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd aes\n"
                              "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: "
                              "0x0\nCPU part\t: 0xd08\nCPU revision\t: 3\n"),
                        "ARM Cortex-A72 (implementer 0x41, part 0xd08)");
    /* 32-bit ARM: the part says more than "ARMv7 Processor rev 4 (v7l)" */
    assert_string_equal(model("processor\t: 0\nmodel name\t: ARMv7 Processor rev 4 (v7l)\n"
                              "CPU implementer\t: 0x41\nCPU part\t: 0xc0f\n"),
                        "ARM Cortex-A15 (implementer 0x41, part 0xc0f)");
    assert_string_equal(model("CPU implementer\t: 0x51\nCPU part\t: 0x800\n"),
                        "Qualcomm core (implementer 0x51, part 0x800)");
    assert_string_equal(model("processor\t: 0\ncpu\t\t: POWER9 (raw), altivec supported\n"
                              "clock\t\t: 2750.000000MHz\ntimebase\t: 512000000\n"),
                        "POWER9 (raw), altivec supported");
    /* "cpu family" is not the key "cpu" */
    assert_string_equal(model("processor\t: 0\ncpu family\t: 6\ncpu MHz\t\t: 2100.000\n"),
                        "unknown");
    assert_string_equal(model(""), "unknown");
}

static void test_live(void **state)
{
    (void)state;
    char buf[256];
    assert_true(strlen(cb_host_name(buf, sizeof buf)) > 0);
    assert_true(strlen(cb_host_cpu_model(buf, sizeof buf)) > 0);
    assert_true(strlen(cb_host_governor(buf, sizeof buf)) > 0);
    assert_null(strchr(buf, '\n'));
    double load = cb_host_loadavg();
    assert_true(load >= 0 || load == -1);
    assert_true(cb_host_cpus() >= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cpu_model),
        cmocka_unit_test(test_live),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
