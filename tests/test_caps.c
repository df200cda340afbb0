/*
 * tests/test_caps.c - capability masks: CRYPTOBENCH_CAPS and the OpenSSL variables
 * of every architecture (the parsers take the architecture as an argument, so all
 * of them run on every host), the messages for bad input, and cb_caps_init on the
 * real environment.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/capmask.h"
#include "base/caps.h"

#define ARM_ALL (CB_CAP_NEON | CB_CAP_AES | CB_CAP_PMULL | CB_CAP_SHA1 | CB_CAP_SHA2)
#define A64_V80 ARM_ALL /* an ARMv8.0 core with the Crypto Extensions: no SHA-512/SHA-3 */
#define PPC_P8 (CB_CAP_ALTIVEC | CB_CAP_VSX | CB_CAP_ARCH207 | CB_CAP_VCRYPTO)
#define X86_ICX                                                                          \
    (CB_CAP_SSSE3 | CB_CAP_AESNI | CB_CAP_PCLMUL | CB_CAP_AVX | CB_CAP_AVX2 | CB_CAP_SHANI | \
     CB_CAP_VAES | CB_CAP_VPCLMUL | CB_CAP_AVX512F | CB_CAP_AVX512BW | CB_CAP_AVX512VL | CB_CAP_BMI2 | CB_CAP_ADX)

static char err[512];

static const cb_caps_arch *arch(const char *name)
{
    const cb_caps_arch *a = cb_caps_arch_find(name);
    assert_non_null(a);
    return a;
}

/* apply runs one mask from detected and returns the result, failing on error. */
static cb_caps apply(const char *arch_name, cb_caps detected, const char *var,
                     const char *value)
{
    cb_caps c = detected;
    err[0] = '\0';
    int rc = cb_caps_apply_mask(arch(arch_name), detected, &c, var, value, 0, err, sizeof err);
    if (rc != 0)
        fail_msg("%s=%s refused: %s", var, value, err);
    return c;
}

/* refused checks that a mask is refused with a sentence containing want, and that
 * the capability set is left alone. */
static void refused(const char *arch_name, cb_caps detected, const char *var,
                    const char *value, const char *want)
{
    cb_caps c = detected;
    err[0] = '\0';
    assert_int_equal(cb_caps_apply_mask(arch(arch_name), detected, &c, var, value, 0, err,
                                        sizeof err),
                     -1);
    assert_true(c == detected);
    if (!strstr(err, want))
        fail_msg("%s=%s: message \"%s\" lacks \"%s\"", var, value, err, want);
    assert_non_null(strstr(err, var));
    assert_int_equal(err[strlen(err) - 1], '.');
    assert_null(strchr(err, '\n'));
}

/* ---- CRYPTOBENCH_CAPS ---- */

static void test_list_removes(void **state)
{
    (void)state;
    assert_true(apply("aarch64", A64_V80, "CRYPTOBENCH_CAPS", "-aes,-pmull") ==
                (CB_CAP_NEON | CB_CAP_SHA1 | CB_CAP_SHA2));
    assert_true(apply("aarch64", A64_V80, "CRYPTOBENCH_CAPS", " -AES , -Pmull ") ==
                (CB_CAP_NEON | CB_CAP_SHA1 | CB_CAP_SHA2));
    /* removing what the CPU lacks is harmless */
    assert_true(apply("aarch64", A64_V80, "CRYPTOBENCH_CAPS", "-sha512") == A64_V80);
}

static void test_list_none_and_exact(void **state)
{
    (void)state;
    assert_true(apply("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "none") == 0);
    assert_true(apply("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "NONE,+neon") == CB_CAP_NEON);
    assert_true(apply("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "neon,Aes") ==
                (CB_CAP_NEON | CB_CAP_AES));
    /* a bare name makes the list exact, whatever its position */
    assert_true(apply("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "-aes,neon") == CB_CAP_NEON);
    assert_true(apply("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "-aes,+aes") == ARM_ALL);
    assert_true(apply("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "+neon") == ARM_ALL);
}

static void test_list_aliases(void **state)
{
    (void)state;
    assert_true(apply("aarch64", A64_V80, "CRYPTOBENCH_CAPS", "-asimd,-sha256") ==
                (CB_CAP_AES | CB_CAP_PMULL | CB_CAP_SHA1));
    assert_true(apply("x86_64", X86_ICX, "CRYPTOBENCH_CAPS", "-aes,-pclmulqdq") ==
                (X86_ICX & ~(CB_CAP_AESNI | CB_CAP_PCLMUL)));
    assert_true(apply("ppc64", PPC_P8, "CRYPTOBENCH_CAPS", "-vmx") == (PPC_P8 & ~CB_CAP_ALTIVEC));
}

static void test_list_unknown_name(void **state)
{
    (void)state;
    refused("aarch64", A64_V80, "CRYPTOBENCH_CAPS", "-aes,-foo",
            "unknown capability 'foo'; on aarch64 the capabilities are neon, aes, pmull, "
            "sha1, sha2, sha512, sha3");
    refused("x86_64", X86_ICX, "CRYPTOBENCH_CAPS", "avx9", "unknown capability 'avx9'");
}

static void test_list_foreign_name(void **state)
{
    (void)state;
    refused("x86_64", X86_ICX, "CRYPTOBENCH_CAPS", "-aes,-pmull",
            "'pmull' is an ARM capability; this is x86_64, whose capabilities are ssse3");
    refused("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "-sha512",
            "'sha512' is an AArch64 capability; this is arm");
    refused("aarch64", A64_V80, "CRYPTOBENCH_CAPS", "-AESNI",
            "'AESNI' is an x86-64 capability; this is aarch64");
    refused("ppc64le", PPC_P8, "CRYPTOBENCH_CAPS", "-neon", "'neon' is an ARM capability");
    refused("aarch64", A64_V80, "CRYPTOBENCH_CAPS", "-vcrypto", "is a POWER capability");
}

static void test_list_malformed(void **state)
{
    (void)state;
    refused("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "-aes,,-pmull", "has an empty item");
    refused("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "-aes,", "has an empty item");
    refused("arm", ARM_ALL, "CRYPTOBENCH_CAPS", ",-aes", "has an empty item");
    refused("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "-", "'-' must be followed by a capability");
    refused("arm", ARM_ALL, "CRYPTOBENCH_CAPS", "", "is empty");
}

static void test_list_claim_needs_force(void **state)
{
    (void)state;
    cb_caps detected = CB_CAP_NEON, c = detected;
    refused("aarch64", detected, "CRYPTOBENCH_CAPS", "+sha512",
            "asks for sha512 (SHA-512 instructions), which this CPU does not offer");
    refused("aarch64", detected, "CRYPTOBENCH_CAPS", "neon,aes", "asks for aes");
    assert_int_equal(cb_caps_apply_mask(arch("aarch64"), detected, &c, "CRYPTOBENCH_CAPS",
                                        "+sha512", 1, err, sizeof err),
                     0);
    assert_true(c == (CB_CAP_NEON | CB_CAP_SHA512));
}

/* ---- OPENSSL_armcap ---- */

static void test_armcap_values(void **state)
{
    (void)state;
    assert_true(apply("aarch64", A64_V80, "OPENSSL_armcap", "0") == 0);
    assert_true(apply("aarch64", A64_V80, "OPENSSL_armcap", "1") == CB_CAP_NEON);
    assert_true(apply("aarch64", A64_V80, "OPENSSL_armcap", "0x1") == CB_CAP_NEON);
    /* ARMV7_NEON|ARMV8_AES|ARMV8_SHA1|ARMV8_SHA256|ARMV8_PMULL = 0x3d */
    assert_true(apply("aarch64", A64_V80, "OPENSSL_armcap", "0x3D") == A64_V80);
    assert_true(apply("aarch64", A64_V80, "OPENSSL_armcap", "61") == A64_V80);
    /* strtoul(..., 0) reads a leading 0 as octal: 010 is ARMV8_SHA1 */
    assert_true(apply("aarch64", A64_V80, "OPENSSL_armcap", "010") == CB_CAP_SHA1);
    /* "~" clears: ARMV8_AES|ARMV8_PMULL */
    assert_true(apply("aarch64", A64_V80, "OPENSSL_armcap", "~0x24") ==
                (CB_CAP_NEON | CB_CAP_SHA1 | CB_CAP_SHA2));
    /* ARMV7_TICK (1<<1) and ARMV8_CPUID (1<<7) name nothing we model */
    assert_true(apply("aarch64", A64_V80, "OPENSSL_armcap", "0x83") == CB_CAP_NEON);
}

static void test_armcap_v82_bits(void **state)
{
    (void)state;
    cb_caps v82 = A64_V80 | CB_CAP_SHA512 | CB_CAP_SHA3;
    /* ARMV8_SHA512 1<<6, ARMV8_SHA3 1<<11 */
    assert_true(apply("aarch64", v82, "OPENSSL_armcap", "0x840") ==
                (CB_CAP_SHA512 | CB_CAP_SHA3));
    assert_true(apply("aarch64", v82, "OPENSSL_armcap", "~0x840") == A64_V80);
    /* ARMV8_SM4 1<<10 */
    assert_true(apply("aarch64", v82 | CB_CAP_SM4, "OPENSSL_armcap", "~0x400") == v82);
    assert_true(apply("aarch64", v82 | CB_CAP_SM4, "OPENSSL_armcap", "0x401") ==
                (CB_CAP_NEON | CB_CAP_SM4));
    /* 32-bit ARM has no SHA-512 instructions: the bit means nothing there */
    assert_true(apply("arm", ARM_ALL, "OPENSSL_armcap", "0x7d") == ARM_ALL);
}

static void test_armcap_malformed(void **state)
{
    (void)state;
    const char *bad[] = {"abc", "0xZZ", "12abc", "-1", " 1", "+1", "1:2", "~", "",
                         "0x100000000", "~~1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refused("aarch64", A64_V80, "OPENSSL_armcap", bad[i],
                "is not a 32-bit number as OpenSSL reads it");
}

static void test_armcap_claim(void **state)
{
    (void)state;
    refused("arm", CB_CAP_NEON, "OPENSSL_armcap", "0x5",
            "OPENSSL_armcap='0x5' asks for aes (AArch32 AES instructions), which this CPU "
            "does not offer");
    cb_caps c = CB_CAP_NEON;
    assert_int_equal(cb_caps_apply_mask(arch("arm"), CB_CAP_NEON, &c, "OPENSSL_armcap", "0x5",
                                        1, err, sizeof err),
                     0);
    assert_true(c == (CB_CAP_NEON | CB_CAP_AES));
}

/* ---- OPENSSL_ppccap ---- */

static void test_ppccap(void **state)
{
    (void)state;
    /* no vector unit: VSX goes with AltiVec; ISA 2.07 scalar code has no OpenSSL bit */
    assert_true(apply("ppc64", PPC_P8, "OPENSSL_ppccap", "0") == CB_CAP_ARCH207);
    /* PPC_ALTIVEC only: vpaes-style code, no POWER8 crypto */
    assert_true(apply("ppc64le", PPC_P8, "OPENSSL_ppccap", "0x2") ==
                (CB_CAP_ALTIVEC | CB_CAP_VSX | CB_CAP_ARCH207));
    assert_true(apply("ppc64le", PPC_P8, "OPENSSL_ppccap", "6") == PPC_P8);
    assert_true(apply("ppc64", PPC_P8, "OPENSSL_ppccap", "~0x4") == (PPC_P8 & ~CB_CAP_VCRYPTO));
    /* PPC_FPU64|PPC_FPU|PPC_MFTB pick scalar paths we do not model */
    assert_true(apply("ppc64", PPC_P8, "OPENSSL_ppccap", "0x29") == CB_CAP_ARCH207);
    cb_caps p7 = CB_CAP_ALTIVEC | CB_CAP_VSX;
    refused("ppc64", p7, "OPENSSL_ppccap", "0x6", "asks for vcrypto");
    refused("ppc64", p7, "OPENSSL_ppccap", "power8", "is not a 32-bit number");
}

/* ---- OPENSSL_ia32cap ---- */

static void test_ia32cap_clear(void **state)
{
    (void)state;
    /* LV0 bit 57 AES-NI, bit 33 PCLMULQDQ */
    assert_true(apply("x86_64", X86_ICX, "OPENSSL_ia32cap", "~0x200000200000000") ==
                (X86_ICX & ~(CB_CAP_AESNI | CB_CAP_PCLMUL)));
    /* LV1 bit 5 AVX2, bit 29 SHA, bit 41 VAES, bit 42 VPCLMULQDQ */
    assert_true(apply("x86_64", X86_ICX, "OPENSSL_ia32cap", ":~0x20") == (X86_ICX & ~CB_CAP_AVX2));
    assert_true(apply("x86_64", X86_ICX, "OPENSSL_ia32cap", ":~0x60020000000") ==
                (X86_ICX & ~(CB_CAP_SHANI | CB_CAP_VAES | CB_CAP_VPCLMUL)));
    /* LV1 bit 8 BMI2, bit 19 ADX: the MULX and ADCX/ADOX bignum code */
    assert_true(apply("x86_64", X86_ICX, "OPENSSL_ia32cap", ":~0x100") == (X86_ICX & ~CB_CAP_BMI2));
    assert_true(apply("x86_64", X86_ICX, "OPENSSL_ia32cap", ":~0x80000") == (X86_ICX & ~CB_CAP_ADX));
    /* clearing FXSR (LV0 bit 24) also turns off the XMM users PCLMULQDQ, AES-NI, AVX */
    assert_true(apply("x86_64", X86_ICX, "OPENSSL_ia32cap", "~0x1000000") ==
                (X86_ICX & ~(CB_CAP_PCLMUL | CB_CAP_AESNI | CB_CAP_AVX)));
}

static void test_ia32cap_replace(void **state)
{
    (void)state;
    assert_true(apply("x86_64", X86_ICX, "OPENSSL_ia32cap", "0:0") == 0);
    /* LV0 replaced, LV1 left as detected */
    assert_true(apply("x86_64", X86_ICX, "OPENSSL_ia32cap", "0x200000000") ==
                (X86_ICX & ~(CB_CAP_SSSE3 | CB_CAP_AESNI | CB_CAP_AVX)));
    assert_true(apply("x86_64", X86_ICX, "OPENSSL_ia32cap", ":") == X86_ICX);
    /* LV2..LV4 exist in OpenSSL 3.x; none of their bits is ours */
    assert_true(apply("x86_64", X86_ICX, "OPENSSL_ia32cap", "::0:0:0") == X86_ICX);
    refused("x86_64", CB_CAP_SSSE3, "OPENSSL_ia32cap", "0x200000000", "asks for pclmul");
}

static void test_ia32cap_malformed(void **state)
{
    (void)state;
    const char *bad[] = {"1:2:3:4:5:6", "0x:1", "~", "zz", "1;2", "~0x1 "};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refused("x86_64", X86_ICX, "OPENSSL_ia32cap", bad[i], "is not in OpenSSL's form");
}

static void test_wrong_variable(void **state)
{
    (void)state;
    refused("x86_64", X86_ICX, "OPENSSL_armcap", "0",
            "does not apply to x86_64; its mask variables are CRYPTOBENCH_CAPS and "
            "OPENSSL_ia32cap");
    assert_string_equal(cb_caps_openssl_var(arch("arm")), "OPENSSL_armcap");
    assert_string_equal(cb_caps_openssl_var(arch("PPC64LE")), "OPENSSL_ppccap");
    assert_null(cb_caps_arch_find("mips"));
}

/* ---- both variables, text and source ---- */

static void test_resolve_precedence(void **state)
{
    (void)state;
    cb_caps_mask m;
    assert_int_equal(cb_caps_resolve(arch("aarch64"), A64_V80, "+neon", "0", 0, &m, err,
                                     sizeof err),
                     0);
    assert_true(m.effective == CB_CAP_NEON);
    assert_string_equal(m.text, "OPENSSL_armcap=0 CRYPTOBENCH_CAPS=+neon");
    assert_string_equal(m.source, "OPENSSL_armcap+CRYPTOBENCH_CAPS");

    assert_int_equal(
        cb_caps_resolve(arch("aarch64"), A64_V80, NULL, NULL, 0, &m, err, sizeof err), 0);
    assert_true(m.effective == A64_V80);
    assert_string_equal(m.text, "none");
    assert_string_equal(m.source, "none");

    assert_int_equal(
        cb_caps_resolve(arch("aarch64"), A64_V80, "", "0x1", 0, &m, err, sizeof err), 0);
    assert_true(m.effective == CB_CAP_NEON);
    assert_string_equal(m.text, "0x1");
    assert_string_equal(m.source, "OPENSSL_armcap");

    assert_int_equal(
        cb_caps_resolve(arch("x86_64"), X86_ICX, "-aes", NULL, 0, &m, err, sizeof err), 0);
    assert_string_equal(m.text, "-aes");
    assert_string_equal(m.source, "CRYPTOBENCH_CAPS");
}

static void test_resolve_errors_and_force(void **state)
{
    (void)state;
    cb_caps_mask m;
    assert_int_equal(cb_caps_resolve(arch("aarch64"), A64_V80, "-aes", "0xq", 0, &m, err,
                                     sizeof err),
                     -1);
    assert_non_null(strstr(err, "OPENSSL_armcap='0xq'"));
    assert_int_equal(cb_caps_resolve(arch("aarch64"), CB_CAP_NEON, "+sha3", NULL, 1, &m, err,
                                     sizeof err),
                     0);
    assert_true(m.effective == (CB_CAP_NEON | CB_CAP_SHA3));
    assert_string_equal(m.source, "CRYPTOBENCH_CAPS -force-caps");
}

/* ---- the process-wide state ---- */

static void test_init_from_environment(void **state)
{
    (void)state;
    const char *var = cb_caps_openssl_var(cb_caps_arch_this());
    if (var)
        unsetenv(var);
    unsetenv("CRYPTOBENCH_CAPS");
    assert_int_equal(cb_caps_init(0, err, sizeof err), 0);
    assert_true(cb_caps_effective() == cb_caps_detected());
    assert_string_equal(cb_caps_mask_source(), "none");

    setenv("CRYPTOBENCH_CAPS", "none", 1);
    assert_int_equal(cb_caps_init(0, err, sizeof err), 0);
    assert_true(cb_caps_effective() == 0);
    assert_string_equal(cb_caps_mask_text(), "none");
    assert_string_equal(cb_caps_mask_source(), "CRYPTOBENCH_CAPS");

    setenv("CRYPTOBENCH_CAPS", "-no-such-capability", 1);
    assert_int_equal(cb_caps_init(0, err, sizeof err), -1);
    assert_non_null(strstr(err, "no-such-capability"));
    unsetenv("CRYPTOBENCH_CAPS");
    if (var) {
        setenv(var, "0", 1);
        assert_int_equal(cb_caps_init(0, err, sizeof err), 0);
        assert_string_equal(cb_caps_mask_source(), var);
        unsetenv(var);
    }
}

static void test_format(void **state)
{
    (void)state;
    char buf[256];
    assert_string_equal(cb_caps_format(0, buf, sizeof buf), "none");
    size_t n;
    const cb_cap_name *t = cb_caps_table(&n);
    if (n == 0)
        return;
    assert_string_equal(cb_caps_format(t[0].bit, buf, sizeof buf), t[0].name);
    assert_string_equal(cb_caps_missing(t[0].bit, 0), t[0].name);
    assert_null(cb_caps_missing(t[0].bit, t[0].bit));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list_removes),
        cmocka_unit_test(test_list_none_and_exact),
        cmocka_unit_test(test_list_aliases),
        cmocka_unit_test(test_list_unknown_name),
        cmocka_unit_test(test_list_foreign_name),
        cmocka_unit_test(test_list_malformed),
        cmocka_unit_test(test_list_claim_needs_force),
        cmocka_unit_test(test_armcap_values),
        cmocka_unit_test(test_armcap_v82_bits),
        cmocka_unit_test(test_armcap_malformed),
        cmocka_unit_test(test_armcap_claim),
        cmocka_unit_test(test_ppccap),
        cmocka_unit_test(test_ia32cap_clear),
        cmocka_unit_test(test_ia32cap_replace),
        cmocka_unit_test(test_ia32cap_malformed),
        cmocka_unit_test(test_wrong_variable),
        cmocka_unit_test(test_resolve_precedence),
        cmocka_unit_test(test_resolve_errors_and_force),
        cmocka_unit_test(test_init_from_environment),
        cmocka_unit_test(test_format),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
