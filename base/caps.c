/*
 * base/caps.c - capability detection and masks.
 *
 * Detection uses getauxval(AT_HWCAP/AT_HWCAP2) on ARM and POWER (the kernel's view,
 * which is what counts: it also says whether the OS saves the registers) and cpuid
 * plus xgetbv on x86-64.  The names, aliases and mask parsers of every architecture
 * live in base/capmask.c.
 */
#include "base/caps.h"

#include "base/capmask.h"
#include "base/common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif
#if defined(__aarch64__) || defined(__arm__) || defined(__powerpc__) || defined(__powerpc64__)
#include <sys/auxv.h>
#endif

const char *cb_caps_arch_name(void) { return cb_caps_arch_label(cb_caps_arch_this()); }

const cb_cap_name *cb_caps_table(size_t *n) { return cb_caps_arch_names(cb_caps_arch_this(), n); }

#if defined(__x86_64__)
static cb_caps detect(void)
{
    unsigned a, b, c, d;
    cb_caps caps = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    if (c & bit_SSSE3) caps |= CB_CAP_SSSE3;
    if (c & bit_AES) caps |= CB_CAP_AESNI;
    if (c & bit_PCLMUL) caps |= CB_CAP_PCLMUL;
    unsigned long long xcr0 = 0;
    int osxsave = (c & bit_OSXSAVE) != 0;
    if (osxsave) {
        unsigned lo, hi;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        xcr0 = ((unsigned long long)hi << 32) | lo;
    }
    int ymm = osxsave && (xcr0 & 0x6) == 0x6;
    int zmm = ymm && (xcr0 & 0xe0) == 0xe0;
    if (ymm && (c & bit_AVX)) caps |= CB_CAP_AVX;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        if (ymm && (b & bit_AVX2)) caps |= CB_CAP_AVX2;
        if (b & bit_SHA) caps |= CB_CAP_SHANI;
        if (b & bit_BMI2) caps |= CB_CAP_BMI2;
        if (b & bit_ADX) caps |= CB_CAP_ADX;
        if (ymm && (c & bit_VAES)) caps |= CB_CAP_VAES;
        if (ymm && (c & bit_VPCLMULQDQ)) caps |= CB_CAP_VPCLMUL;
        if (zmm && (b & bit_AVX512F)) caps |= CB_CAP_AVX512F;
        if (zmm && (b & bit_AVX512BW)) caps |= CB_CAP_AVX512BW;
        if (zmm && (b & bit_AVX512VL)) caps |= CB_CAP_AVX512VL;
    }
    return caps;
}
#elif defined(__aarch64__)
/* Bit numbers from the Linux arm64 uapi hwcap.h (AT_HWCAP). */
static cb_caps detect(void)
{
    unsigned long hw = getauxval(AT_HWCAP);
    cb_caps caps = 0;
    if (hw & (1UL << 1)) caps |= CB_CAP_NEON;
    if (hw & (1UL << 3)) caps |= CB_CAP_AES;
    if (hw & (1UL << 4)) caps |= CB_CAP_PMULL;
    if (hw & (1UL << 5)) caps |= CB_CAP_SHA1;
    if (hw & (1UL << 6)) caps |= CB_CAP_SHA2;
    if (hw & (1UL << 17)) caps |= CB_CAP_SHA3;
    if (hw & (1UL << 19)) caps |= CB_CAP_SM4;
    if (hw & (1UL << 21)) caps |= CB_CAP_SHA512;
    return caps;
}
#elif defined(__arm__)
/* HWCAP_NEON is bit 12 of AT_HWCAP; the crypto bits live in AT_HWCAP2. */
static cb_caps detect(void)
{
    unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
    cb_caps caps = 0;
    if (hw & (1UL << 12)) caps |= CB_CAP_NEON;
    if (hw2 & (1UL << 0)) caps |= CB_CAP_AES;
    if (hw2 & (1UL << 1)) caps |= CB_CAP_PMULL;
    if (hw2 & (1UL << 2)) caps |= CB_CAP_SHA1;
    if (hw2 & (1UL << 3)) caps |= CB_CAP_SHA2;
    return caps;
}
#elif defined(__powerpc64__)
/* PPC_FEATURE_HAS_ALTIVEC/HAS_VSX in AT_HWCAP, ARCH_2_07/VEC_CRYPTO in AT_HWCAP2. */
static cb_caps detect(void)
{
    unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
    cb_caps caps = 0;
    if (hw & 0x10000000UL) caps |= CB_CAP_ALTIVEC;
    if (hw & 0x00000080UL) caps |= CB_CAP_VSX;
    if (hw2 & 0x80000000UL) caps |= CB_CAP_ARCH207;
    if (hw2 & 0x02000000UL) caps |= CB_CAP_VCRYPTO;
    return caps;
}
#else
static cb_caps detect(void) { return 0; }
#endif

static int detected_done;
static cb_caps detected_caps;
static int effective_set;
static cb_caps effective_caps;
static char mask_text[256] = "none";
static char mask_source[96] = "none";

cb_caps cb_caps_detected(void)
{
    if (!detected_done) {
        detected_caps = detect();
        detected_done = 1;
    }
    return detected_caps;
}

cb_caps cb_caps_effective(void)
{
    return effective_set ? effective_caps : cb_caps_detected();
}

const char *cb_caps_mask_text(void) { return mask_text; }
const char *cb_caps_mask_source(void) { return mask_source; }

int cb_caps_init(int force, char *err, size_t errlen)
{
    const cb_caps_arch *arch = cb_caps_arch_this();
    const char *var = cb_caps_openssl_var(arch);
    cb_caps_mask m;
    if (cb_caps_resolve(arch, cb_caps_detected(), getenv("CRYPTOBENCH_CAPS"),
                        var ? getenv(var) : NULL, force, &m, err, errlen) != 0)
        return -1;
    /* a mask for another architecture does nothing here: say so rather than measure
     * as if it had applied (a README example copied from an ARM board) */
    const char *foreign[8];
    size_t nf = cb_caps_foreign_vars(arch, foreign, 8);
    for (size_t i = 0; i < nf; i++)
        if (getenv(foreign[i]) && getenv(foreign[i])[0])
            cb_warn("%s is set but applies to another architecture; it has no effect on "
                    "%s, whose masks are CRYPTOBENCH_CAPS%s%s.", foreign[i],
                    cb_caps_arch_label(arch), var ? " and " : "", var ? var : "");
    effective_caps = m.effective;
    effective_set = 1;
    snprintf(mask_text, sizeof mask_text, "%s", m.text);
    snprintf(mask_source, sizeof mask_source, "%s", m.source);
    return 0;
}

const char *cb_caps_format(cb_caps c, char *buf, size_t len)
{
    size_t n = 0, count;
    const cb_cap_name *t = cb_caps_table(&count);
    buf[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        if (!(c & t[i].bit))
            continue;
        int w = snprintf(buf + n, len - n, "%s%s", n ? "," : "", t[i].name);
        if (w < 0 || (size_t)w >= len - n)
            break;
        n += (size_t)w;
    }
    if (n == 0)
        snprintf(buf, len, "none");
    return buf;
}

const char *cb_caps_missing(cb_caps need, cb_caps have)
{
    size_t count;
    const cb_cap_name *t = cb_caps_table(&count);
    for (size_t i = 0; i < count; i++)
        if ((need & t[i].bit) && !(have & t[i].bit))
            return t[i].name;
    if (need & ~have)
        return "a capability of another architecture";
    return NULL;
}
