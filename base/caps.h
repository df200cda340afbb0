/*
 * base/caps.h - CPU capabilities: detection, masks and names.
 *
 * One bit space for every architecture, so kernel descriptors can name what they
 * need without #ifdefs; each architecture's table lists the bits that exist there,
 * which is how "a capability of another architecture" is told apart from a typo.
 */
#ifndef CB_CAPS_H
#define CB_CAPS_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t cb_caps;

/* 32-bit ARM and AArch64 (AArch64 calls NEON "asimd"; both names are accepted). */
#define CB_CAP_NEON    (UINT64_C(1) << 0)
#define CB_CAP_AES     (UINT64_C(1) << 1)
#define CB_CAP_PMULL   (UINT64_C(1) << 2)
#define CB_CAP_SHA1    (UINT64_C(1) << 3)
#define CB_CAP_SHA2    (UINT64_C(1) << 4)
#define CB_CAP_SHA512  (UINT64_C(1) << 5)
#define CB_CAP_SHA3    (UINT64_C(1) << 6)
#define CB_CAP_SM4     (UINT64_C(1) << 7)  /* AArch64 only: SM4E, SM4EKEY */
/* POWER */
#define CB_CAP_ALTIVEC (UINT64_C(1) << 16)
#define CB_CAP_VSX     (UINT64_C(1) << 17)
#define CB_CAP_ARCH207 (UINT64_C(1) << 18)
#define CB_CAP_VCRYPTO (UINT64_C(1) << 19)
/* x86-64 */
#define CB_CAP_SSSE3   (UINT64_C(1) << 32)
#define CB_CAP_AESNI   (UINT64_C(1) << 33)
#define CB_CAP_PCLMUL  (UINT64_C(1) << 34)
#define CB_CAP_AVX     (UINT64_C(1) << 35)
#define CB_CAP_AVX2    (UINT64_C(1) << 36)
#define CB_CAP_SHANI   (UINT64_C(1) << 37)
#define CB_CAP_VAES    (UINT64_C(1) << 38)
#define CB_CAP_VPCLMUL (UINT64_C(1) << 39)
#define CB_CAP_AVX512F (UINT64_C(1) << 40)
#define CB_CAP_AVX512BW (UINT64_C(1) << 41)
#define CB_CAP_AVX512VL (UINT64_C(1) << 42)
#define CB_CAP_BMI2    (UINT64_C(1) << 43)
#define CB_CAP_ADX     (UINT64_C(1) << 44)

/* cb_cap_name describes one capability bit of this architecture's table. */
typedef struct cb_cap_name {
    const char *name;  /* as CRYPTOBENCH_CAPS spells it */
    cb_caps bit;
    const char *what;  /* for `caps` and error messages */
} cb_cap_name;

/* cb_caps_arch_name is the architecture this binary was built for ("aarch64", ...). */
const char *cb_caps_arch_name(void);

/* cb_caps_table returns this architecture's capability names; *n gets the count. */
const cb_cap_name *cb_caps_table(size_t *n);

/* cb_caps_detected returns what the CPU offers (cached after the first call). */
cb_caps cb_caps_detected(void);

/*
 * cb_caps_effective returns the capabilities kernels may use: detected, then masked
 * by the environment (CRYPTOBENCH_CAPS, OPENSSL_armcap, ...).  Before the mask has
 * been applied with cb_caps_init it equals cb_caps_detected().
 */
cb_caps cb_caps_effective(void);

/*
 * cb_caps_init applies the masks from the environment.  force allows adding
 * capabilities the CPU lacks.  On bad input it writes one sentence to err and
 * returns -1.
 */
int cb_caps_init(int force, char *err, size_t errlen);

/* cb_caps_mask_text describes the mask in force and where it came from. */
const char *cb_caps_mask_text(void);
const char *cb_caps_mask_source(void);

/* cb_caps_format writes "aes,pmull,..." (or "none") into buf. */
const char *cb_caps_format(cb_caps c, char *buf, size_t len);

/* cb_caps_missing names the first capability of need absent from have, or NULL. */
const char *cb_caps_missing(cb_caps need, cb_caps have);

#endif
