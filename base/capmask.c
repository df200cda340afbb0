/*
 * base/capmask.c - per-architecture capability names and the mask parsers.
 *
 * CRYPTOBENCH_CAPS is a comma-separated list applied left to right: "-x" removes
 * x, "+x" adds it back, "none" empties the set; a bare name means "exactly these",
 * so a list with one starts from the empty set.  The OpenSSL variables keep
 * OpenSSL's meaning (a number that replaces the capability word, or "~number" that
 * clears bits from it); only the bits that name one of our capabilities count.
 * Adding what the CPU lacks needs force, so a typo cannot make a kernel fault.
 */
#include "base/capmask.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/common.h"

typedef struct cap_alias {
    const char *name;
    cb_caps bit;
} cap_alias;

/* openssl_bit: bit `bit` of word `word` of the OpenSSL variable means cap. */
typedef struct openssl_bit {
    unsigned word;
    unsigned bit;
    cb_caps cap;
} openssl_bit;

/* openssl_clear_rule: clearing this bit with "~" also clears caps (OpenSSL's FXSR
 * rule: without FXSR no XMM code runs at all). */
typedef struct openssl_clear_rule {
    unsigned word;
    unsigned bit;
    cb_caps caps;
} openssl_clear_rule;

/* cap_dependency: after an OpenSSL variable is applied, cap goes when needs went. */
typedef struct cap_dependency {
    cb_caps cap;
    cb_caps needs;
} cap_dependency;

struct cb_caps_arch {
    const char *name;
    const char *kind; /* "an ARM capability" in messages */
    const cb_cap_name *caps;
    size_t ncaps;
    const cap_alias *aliases;
    size_t naliases;
    const char *openssl_var;
    unsigned openssl_words; /* how many ':'-separated words OpenSSL accepts */
    unsigned word_bits;     /* 32 or 64 */
    const char *openssl_example;
    const openssl_bit *bits;
    size_t nbits;
    const openssl_clear_rule *clear_rules;
    size_t nclear_rules;
    const cap_dependency *deps;
    size_t ndeps;
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- x86-64: cpuid; OPENSSL_ia32cap(3) words LV0 = leaf 1 EDX | ECX << 32 and
 * LV1 = leaf 7 EBX | ECX << 32 ---- */
static const cb_cap_name x86_caps[] = {
    {"ssse3", CB_CAP_SSSE3, "SSSE3"},
    {"aesni", CB_CAP_AESNI, "AES-NI instructions"},
    {"pclmul", CB_CAP_PCLMUL, "PCLMULQDQ carry-less multiply"},
    {"avx", CB_CAP_AVX, "AVX (with OS support for YMM state)"},
    {"avx2", CB_CAP_AVX2, "AVX2"},
    {"sha", CB_CAP_SHANI, "SHA extensions (SHA-1, SHA-256)"},
    {"vaes", CB_CAP_VAES, "VAES (AES on YMM/ZMM registers)"},
    {"vpclmulqdq", CB_CAP_VPCLMUL, "VPCLMULQDQ (carry-less multiply on YMM/ZMM)"},
    {"avx512f", CB_CAP_AVX512F, "AVX-512 Foundation (with OS support for ZMM state)"},
    {"avx512bw", CB_CAP_AVX512BW, "AVX-512 Byte and Word"},
    {"avx512vl", CB_CAP_AVX512VL, "AVX-512 Vector Length"},
    {"bmi2", CB_CAP_BMI2, "BMI2 (MULX, RORX, SHLX/SHRX)"},
    {"adx", CB_CAP_ADX, "ADX (ADCX/ADOX: two independent carry chains)"},
};
static const cap_alias x86_aliases[] = {
    {"aes", CB_CAP_AESNI},      {"pclmulqdq", CB_CAP_PCLMUL}, {"shani", CB_CAP_SHANI},
    {"sha_ni", CB_CAP_SHANI},   {"vpclmul", CB_CAP_VPCLMUL},
};
static const openssl_bit x86_bits[] = {
    {0, 32 + 1, CB_CAP_PCLMUL},  {0, 32 + 9, CB_CAP_SSSE3},    {0, 32 + 25, CB_CAP_AESNI},
    {0, 32 + 28, CB_CAP_AVX},    {1, 5, CB_CAP_AVX2},          {1, 16, CB_CAP_AVX512F},
    {1, 29, CB_CAP_SHANI},       {1, 30, CB_CAP_AVX512BW},     {1, 31, CB_CAP_AVX512VL},
    {1, 32 + 9, CB_CAP_VAES},    {1, 32 + 10, CB_CAP_VPCLMUL}, {1, 8, CB_CAP_BMI2},
    {1, 19, CB_CAP_ADX},
};
static const openssl_clear_rule x86_clear_rules[] = {
    {0, 24, CB_CAP_PCLMUL | CB_CAP_AESNI | CB_CAP_AVX},
};

/* ---- AArch64: AT_HWCAP; OpenSSL's arm_arch.h bits ---- */
static const cb_cap_name aarch64_caps[] = {
    {"neon", CB_CAP_NEON, "Advanced SIMD (asimd)"},
    {"aes", CB_CAP_AES, "AES instructions (AESE/AESD/AESMC/AESIMC)"},
    {"pmull", CB_CAP_PMULL, "64x64 polynomial multiply (PMULL/PMULL2)"},
    {"sha1", CB_CAP_SHA1, "SHA-1 instructions"},
    {"sha2", CB_CAP_SHA2, "SHA-256 instructions"},
    {"sha512", CB_CAP_SHA512, "SHA-512 instructions"},
    {"sha3", CB_CAP_SHA3, "SHA-3 instructions (EOR3, RAX1, XAR, BCAX)"},
    {"sm4", CB_CAP_SM4, "SM4 instructions (SM4E, SM4EKEY)"},
};
static const cap_alias aarch64_aliases[] = {{"asimd", CB_CAP_NEON}, {"sha256", CB_CAP_SHA2}};
static const openssl_bit arm_bits[] = {
    {0, 0, CB_CAP_NEON},   {0, 2, CB_CAP_AES},    {0, 3, CB_CAP_SHA1},  {0, 4, CB_CAP_SHA2},
    {0, 5, CB_CAP_PMULL},  {0, 6, CB_CAP_SHA512}, {0, 11, CB_CAP_SHA3},
    {0, 10, CB_CAP_SM4},
};

/* ---- 32-bit ARM: NEON in AT_HWCAP, the AArch32 crypto instructions in AT_HWCAP2 ---- */
static const cb_cap_name arm_caps[] = {
    {"neon", CB_CAP_NEON, "NEON"},
    {"aes", CB_CAP_AES, "AArch32 AES instructions"},
    {"pmull", CB_CAP_PMULL, "AArch32 VMULL.P64"},
    {"sha1", CB_CAP_SHA1, "AArch32 SHA-1 instructions"},
    {"sha2", CB_CAP_SHA2, "AArch32 SHA-256 instructions"},
};
static const cap_alias arm_aliases[] = {{"sha256", CB_CAP_SHA2}};

/* ---- POWER: AT_HWCAP/AT_HWCAP2; OpenSSL's ppc_arch.h has PPC_ALTIVEC (0x2) and
 * PPC_CRYPTO207 (0x4, set only with VSX and VEC_CRYPTO); its other bits (FPU64 0x1,
 * FPU 0x8, MADD300 0x10, MFTB 0x20, MFSPR268 0x40, BRD31 0x80) pick scalar code
 * paths we do not model.  VSX has no bit of its own: it goes with AltiVec, whose
 * registers it extends. ---- */
static const cb_cap_name ppc_caps[] = {
    {"altivec", CB_CAP_ALTIVEC, "AltiVec/VMX"},
    {"vsx", CB_CAP_VSX, "VSX"},
    {"arch_2_07", CB_CAP_ARCH207, "Power ISA 2.07 (POWER8)"},
    {"vcrypto", CB_CAP_VCRYPTO, "vector crypto (vcipher, vpmsumd, vshasigma)"},
};
static const cap_alias ppc_aliases[] = {
    {"vmx", CB_CAP_ALTIVEC}, {"vec_crypto", CB_CAP_VCRYPTO}, {"crypto207", CB_CAP_VCRYPTO},
};
static const openssl_bit ppc_bits[] = {{0, 1, CB_CAP_ALTIVEC}, {0, 2, CB_CAP_VCRYPTO}};
static const cap_dependency ppc_deps[] = {{CB_CAP_VSX, CB_CAP_ALTIVEC}};

#define ARCH_NAMES(t, a) t, COUNT(t), a, COUNT(a)
#define OPENSSL_BITS(b) b, COUNT(b)

static const cb_caps_arch arches[] = {
    {"arm", "an ARM capability", ARCH_NAMES(arm_caps, arm_aliases), "OPENSSL_armcap", 1,
     32, "OPENSSL_armcap=0x1 (NEON only)", OPENSSL_BITS(arm_bits), NULL, 0, NULL, 0},
    {"aarch64", "an AArch64 capability", ARCH_NAMES(aarch64_caps, aarch64_aliases),
     "OPENSSL_armcap", 1, 32, "OPENSSL_armcap=0x1 (NEON only)", OPENSSL_BITS(arm_bits), NULL,
     0, NULL, 0},
    {"ppc64", "a POWER capability", ARCH_NAMES(ppc_caps, ppc_aliases), "OPENSSL_ppccap", 1,
     32, "OPENSSL_ppccap=0x2 (AltiVec, no POWER8 crypto)", OPENSSL_BITS(ppc_bits), NULL, 0,
     ppc_deps, COUNT(ppc_deps)},
    {"ppc64le", "a POWER capability", ARCH_NAMES(ppc_caps, ppc_aliases), "OPENSSL_ppccap",
     1, 32, "OPENSSL_ppccap=0x2 (AltiVec, no POWER8 crypto)", OPENSSL_BITS(ppc_bits), NULL,
     0, ppc_deps, COUNT(ppc_deps)},
    {"x86_64", "an x86-64 capability", ARCH_NAMES(x86_caps, x86_aliases), "OPENSSL_ia32cap",
     5, 64, "OPENSSL_ia32cap=~0x200000200000000 (no AES-NI, no PCLMULQDQ)",
     OPENSSL_BITS(x86_bits), x86_clear_rules, COUNT(x86_clear_rules), NULL, 0},
};

static const cb_caps_arch unknown_arch = {"unknown", "a capability", NULL, 0, NULL, 0, NULL,
                                          0, 0, NULL, NULL, 0, NULL, 0, NULL, 0};

size_t cb_caps_foreign_vars(const cb_caps_arch *arch, const char **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < COUNT(arches); i++) {
        const char *v = arches[i].openssl_var;
        if (!v || (arch->openssl_var && strcmp(v, arch->openssl_var) == 0))
            continue;
        size_t j = 0;
        while (j < n && strcmp(out[j], v) != 0) /* arm and aarch64 share one */
            j++;
        if (j == n && n < max)
            out[n++] = v;
    }
    return n;
}

const cb_caps_arch *cb_caps_arch_find(const char *name)
{
    for (size_t i = 0; i < COUNT(arches); i++)
        if (strcasecmp(arches[i].name, name) == 0)
            return &arches[i];
    return NULL;
}

const cb_caps_arch *cb_caps_arch_this(void)
{
#if defined(__x86_64__)
    const char *name = "x86_64";
#elif defined(__aarch64__)
    const char *name = "aarch64";
#elif defined(__arm__)
    const char *name = "arm";
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
    const char *name = "ppc64le";
#elif defined(__powerpc64__)
    const char *name = "ppc64";
#else
    const char *name = "unknown";
#endif
    const cb_caps_arch *a = cb_caps_arch_find(name);
    return a ? a : &unknown_arch;
}

const char *cb_caps_arch_label(const cb_caps_arch *arch) { return arch->name; }

const cb_cap_name *cb_caps_arch_names(const cb_caps_arch *arch, size_t *n)
{
    *n = arch->ncaps;
    return arch->caps;
}

const char *cb_caps_openssl_var(const cb_caps_arch *arch) { return arch->openssl_var; }

const char *cb_caps_openssl_equiv(const cb_caps_arch *arch, cb_caps detected,
                                  cb_caps effective, char *buf, size_t len)
{
    uint64_t words[2] = {0, 0};
    if (!arch->openssl_var)
        return NULL;
    int clear = arch->openssl_words > 1; /* x86-64: clear from OpenSSL's detection */
    if (clear && (effective & ~detected))
        return NULL;
    cb_caps want = clear ? detected & ~effective : effective;
    for (size_t i = 0; i < arch->nbits; i++)
        if (want & arch->bits[i].cap)
            words[arch->bits[i].word] |= UINT64_C(1) << arch->bits[i].bit;
    if (clear)
        snprintf(buf, len, "~0x%" PRIx64 ":~0x%" PRIx64, words[0], words[1]);
    else
        snprintf(buf, len, "0x%" PRIx64, words[0]);
    return buf;
}

/* OpenSSL's names of its capability bits (arm_arch.h, ppc_arch.h, the
 * OPENSSL_ia32cap manual), the ones its crypto code looks at. */
typedef struct openssl_named_bit {
    const char *arch; /* "arm" serves arm and aarch64; "ppc" both POWERs */
    const char *name;
    unsigned word, bit;
} openssl_named_bit;

static const openssl_named_bit openssl_named[] = {
    {"arm", "ARMV7_NEON", 0, 0},      {"arm", "ARMV7_TICK", 0, 1},
    {"arm", "ARMV8_AES", 0, 2},       {"arm", "ARMV8_SHA1", 0, 3},
    {"arm", "ARMV8_SHA256", 0, 4},    {"arm", "ARMV8_PMULL", 0, 5},
    {"arm", "ARMV8_SHA512", 0, 6},    {"arm", "ARMV8_SHA3", 0, 11},
    {"arm", "ARMV8_SM4", 0, 10},
    {"ppc", "PPC_FPU64", 0, 0},       {"ppc", "PPC_ALTIVEC", 0, 1},
    {"ppc", "PPC_CRYPTO207", 0, 2},   {"ppc", "PPC_FPU", 0, 3},
    {"ppc", "PPC_MADD300", 0, 4},     {"ppc", "PPC_MFTB", 0, 5},
    {"ppc", "PPC_MFSPR268", 0, 6},    {"ppc", "PPC_BRD31", 0, 7},
    {"x86", "FXSR", 0, 24},           {"x86", "SSSE3", 0, 32 + 9},
    {"x86", "PCLMULQDQ", 0, 32 + 1},  {"x86", "MOVBE", 0, 32 + 22},
    {"x86", "AES", 0, 32 + 25},       {"x86", "AVX", 0, 32 + 28},
    {"x86", "BMI1", 1, 3},            {"x86", "AVX2", 1, 5},
    {"x86", "BMI2", 1, 8},            {"x86", "AVX512F", 1, 16},
    {"x86", "ADX", 1, 19},            {"x86", "SHA", 1, 29},
    {"x86", "AVX512BW", 1, 30},       {"x86", "AVX512VL", 1, 31},
    {"x86", "VAES", 1, 32 + 9},       {"x86", "VPCLMULQDQ", 1, 32 + 10},
};

size_t cb_caps_openssl_bits(const cb_caps_arch *arch, const char **names, unsigned *words,
                            unsigned *bits, size_t max)
{
    const char *family = !arch->openssl_var                       ? ""
                         : strcmp(arch->openssl_var, "OPENSSL_armcap") == 0 ? "arm"
                         : strcmp(arch->openssl_var, "OPENSSL_ppccap") == 0 ? "ppc"
                                                                            : "x86";
    size_t n = 0;
    for (size_t i = 0; i < COUNT(openssl_named) && n < max; i++)
        if (strcmp(openssl_named[i].arch, family) == 0) {
            names[n] = openssl_named[i].name;
            words[n] = openssl_named[i].word;
            bits[n++] = openssl_named[i].bit;
        }
    return n;
}

cb_caps cb_caps_openssl_bit_cap(const cb_caps_arch *arch, unsigned word, unsigned bit)
{
    for (size_t i = 0; i < arch->nbits; i++)
        if (arch->bits[i].word == word && arch->bits[i].bit == bit)
            return arch->bits[i].cap;
    return 0;
}

/* ---- messages ---- */

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* name_list writes "neon, aes, pmull" for messages. */
static const char *name_list(const cb_caps_arch *arch, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < arch->ncaps && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", arch->caps[i].name);
    if (arch->ncaps == 0)
        snprintf(buf, len, "(none known)");
    return buf;
}

/* lookup finds a capability name or alias of arch (case-insensitive); 0 if none. */
static cb_caps lookup(const cb_caps_arch *arch, const char *name, size_t len)
{
    for (size_t i = 0; i < arch->ncaps; i++)
        if (strlen(arch->caps[i].name) == len && strncasecmp(arch->caps[i].name, name, len) == 0)
            return arch->caps[i].bit;
    for (size_t i = 0; i < arch->naliases; i++)
        if (strlen(arch->aliases[i].name) == len &&
            strncasecmp(arch->aliases[i].name, name, len) == 0)
            return arch->aliases[i].bit;
    return 0;
}

/* foreign_kind says whose capability name is when it is not arch's, or NULL. */
static const char *foreign_kind(const cb_caps_arch *arch, const char *name, size_t len)
{
    for (size_t i = 0; i < COUNT(arches); i++)
        if (arches[i].caps != arch->caps && lookup(&arches[i], name, len))
            return arches[i].kind;
    return NULL;
}

/* refuse_claim explains that a mask asked for a capability the CPU lacks. */
static int refuse_claim(const cb_caps_arch *arch, cb_caps missing, const char *var,
                        const char *value, char *err, size_t errlen)
{
    for (size_t i = 0; i < arch->ncaps; i++)
        if (missing & arch->caps[i].bit)
            return fail(err, errlen,
                        "%s='%s' asks for %s (%s), which this CPU does not offer; a mask "
                        "can only remove capabilities unless -force-caps is given.",
                        var, value, arch->caps[i].name, arch->caps[i].what);
    return fail(err, errlen, "%s='%s' asks for a capability this CPU does not offer.", var,
                value);
}

/* ---- CRYPTOBENCH_CAPS ---- */

typedef struct item {
    const char *p;
    size_t len;
} item;

/* next_item splits the comma-separated list at *s into a trimmed item. */
static int next_item(const char **s, item *it)
{
    const char *p = *s;
    if (*p == '\0')
        return 0;
    const char *end = strchr(p, ',');
    if (!end)
        end = p + strlen(p);
    *s = *end ? end + 1 : end;
    while (p < end && isspace((unsigned char)*p))
        p++;
    while (end > p && isspace((unsigned char)end[-1]))
        end--;
    it->p = p;
    it->len = (size_t)(end - p);
    return 1;
}

static int is_word(const item *it, const char *w)
{
    return it->len == strlen(w) && strncasecmp(it->p, w, it->len) == 0;
}

/* list_has_bare reports whether a list names capabilities without +/- (or "none"),
 * which makes it "exactly these" rather than an edit of the current set. */
static int list_has_bare(const char *value)
{
    item it;
    while (next_item(&value, &it))
        if (it.len > 0 && it.p[0] != '-' && it.p[0] != '+')
            return 1;
    return 0;
}

static int empty_item(const char *value, char *err, size_t errlen)
{
    return fail(err, errlen,
                "CRYPTOBENCH_CAPS='%s' has an empty item; write capability names separated "
                "by commas, e.g. CRYPTOBENCH_CAPS=-aes,-pmull.",
                value);
}

static int caps_item(const cb_caps_arch *arch, cb_caps detected, cb_caps *cur, const item *it,
                     const char *value, int force, char *err, size_t errlen)
{
    char names[160];
    if (it->len == 0)
        return empty_item(value, err, errlen);
    if (is_word(it, "none")) {
        *cur = 0;
        return 0;
    }
    char op = (it->p[0] == '-' || it->p[0] == '+') ? it->p[0] : 0;
    const char *name = it->p + (op != 0);
    size_t len = it->len - (op != 0);
    if (len == 0)
        return fail(err, errlen,
                    "CRYPTOBENCH_CAPS='%s': '%c' must be followed by a capability name, "
                    "one of %s.",
                    value, op, name_list(arch, names, sizeof names));
    cb_caps bit = lookup(arch, name, len);
    if (!bit) {
        const char *kind = foreign_kind(arch, name, len);
        if (kind)
            return fail(err, errlen,
                        "CRYPTOBENCH_CAPS='%s': '%.*s' is %s; this is %s, whose "
                        "capabilities are %s.",
                        value, (int)len, name, kind, arch->name,
                        name_list(arch, names, sizeof names));
        return fail(err, errlen,
                    "CRYPTOBENCH_CAPS='%s': unknown capability '%.*s'; on %s the "
                    "capabilities are %s, and 'none' removes them all.",
                    value, (int)len, name, arch->name, name_list(arch, names, sizeof names));
    }
    if (op == '-') {
        *cur &= ~bit;
        return 0;
    }
    if (!(detected & bit) && !force)
        return refuse_claim(arch, bit, "CRYPTOBENCH_CAPS", value, err, errlen);
    *cur |= bit;
    return 0;
}

static int apply_caps_list(const cb_caps_arch *arch, cb_caps detected, cb_caps *caps,
                           const char *value, int force, char *err, size_t errlen)
{
    cb_caps cur = list_has_bare(value) ? 0 : *caps;
    const char *s = value;
    item it;
    if (*s == '\0')
        return fail(err, errlen,
                    "CRYPTOBENCH_CAPS is empty; give capability names such as -aes,-pmull "
                    "or 'none', or unset it.");
    if (s[strlen(s) - 1] == ',')
        return empty_item(value, err, errlen);
    while (next_item(&s, &it))
        if (caps_item(arch, detected, &cur, &it, value, force, err, errlen) != 0)
            return -1;
    *caps = cur;
    return 0;
}

/* ---- OpenSSL variables ---- */

static int openssl_malformed(const cb_caps_arch *arch, const char *var, const char *value,
                             char *err, size_t errlen)
{
    if (arch->openssl_words > 1)
        return fail(err, errlen,
                    "%s='%s' is not in OpenSSL's form: up to %u ':'-separated %u-bit "
                    "numbers (decimal, 0x hex or 0 octal), each either a value that "
                    "replaces that capability word or '~' and the bits to clear, e.g. %s.",
                    var, value, arch->openssl_words, arch->word_bits, arch->openssl_example);
    return fail(err, errlen,
                "%s='%s' is not a %u-bit number as OpenSSL reads it (decimal, 0x hex or "
                "0 octal, optionally after '~' to clear those bits), e.g. %s.",
                var, value, arch->word_bits, arch->openssl_example);
}

/* parse_word reads one word "[~]number" of len characters; 0 or -1. */
static int parse_word(const char *p, size_t len, unsigned bits, int *clear,
                      unsigned long long *v)
{
    char buf[40];
    *clear = len > 0 && p[0] == '~';
    p += *clear;
    len -= (size_t)*clear;
    if (len == 0 || len >= sizeof buf || !isdigit((unsigned char)p[0]))
        return -1;
    memcpy(buf, p, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    *v = strtoull(buf, &end, 0);
    if (errno || *end != '\0')
        return -1;
    if (bits < 64 && (*v >> bits) != 0)
        return -1;
    return 0;
}

/* arch_caps_mask is every capability bit arch has: OPENSSL_armcap's SHA-512 bit
 * means nothing on 32-bit ARM, where no such instructions exist. */
static cb_caps arch_caps_mask(const cb_caps_arch *arch)
{
    cb_caps m = 0;
    for (size_t i = 0; i < arch->ncaps; i++)
        m |= arch->caps[i].bit;
    return m;
}

/* apply_word applies word w's value to cur; want collects what it claims. */
static void apply_word(const cb_caps_arch *arch, unsigned w, int clear, unsigned long long v,
                       cb_caps *cur, cb_caps *want)
{
    cb_caps known = arch_caps_mask(arch);
    for (size_t i = 0; i < arch->nbits; i++) {
        const openssl_bit *b = &arch->bits[i];
        if (b->word != w || !(b->cap & known))
            continue;
        int set = (v >> b->bit) & 1;
        if (clear && set)
            *cur &= ~b->cap;
        else if (!clear && set)
            *want |= b->cap;
        else if (!clear)
            *cur &= ~b->cap;
    }
    for (size_t i = 0; clear && i < arch->nclear_rules; i++)
        if (arch->clear_rules[i].word == w && ((v >> arch->clear_rules[i].bit) & 1))
            *cur &= ~arch->clear_rules[i].caps;
}

static int apply_openssl(const cb_caps_arch *arch, cb_caps detected, cb_caps *caps,
                         const char *var, const char *value, int force, char *err,
                         size_t errlen)
{
    cb_caps cur = *caps, want = 0;
    const char *p = value;
    unsigned w = 0;
    for (;; w++) {
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (w >= arch->openssl_words)
            return openssl_malformed(arch, var, value, err, errlen);
        if (len > 0 || arch->openssl_words == 1) {
            int clear;
            unsigned long long v;
            if (parse_word(p, len, arch->word_bits, &clear, &v) != 0)
                return openssl_malformed(arch, var, value, err, errlen);
            apply_word(arch, w, clear, v, &cur, &want);
        }
        if (!end)
            break;
        p = end + 1;
    }
    if ((want & ~detected) && !force)
        return refuse_claim(arch, want & ~detected, var, value, err, errlen);
    cur |= want;
    for (size_t i = 0; i < arch->ndeps; i++)
        if (!(cur & arch->deps[i].needs))
            cur &= ~arch->deps[i].cap;
    *caps = cur;
    return 0;
}

int cb_caps_apply_mask(const cb_caps_arch *arch, cb_caps detected, cb_caps *caps,
                       const char *var, const char *value, int force, char *err,
                       size_t errlen)
{
    /* Capability names and OpenSSL's numbers are printable ASCII: anything else is
     * refused before a message could echo it raw. */
    for (const char *p = value; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f) {
            char shown[CB_PRINTABLE_LEN];
            return fail(err, errlen, "%s='%s' holds a byte (\\x%02x) that is part of no "
                        "capability name or number; give names such as -aes,+neon or a "
                        "number.", var, cb_printable(value, shown, sizeof shown),
                        (unsigned char)*p);
        }
    if (strcmp(var, "CRYPTOBENCH_CAPS") == 0)
        return apply_caps_list(arch, detected, caps, value, force, err, errlen);
    if (arch->openssl_var && strcmp(var, arch->openssl_var) == 0)
        return apply_openssl(arch, detected, caps, var, value, force, err, errlen);
    return fail(err, errlen, "%s does not apply to %s; its mask variables are "
                "CRYPTOBENCH_CAPS%s%s.",
                var, arch->name, arch->openssl_var ? " and " : "",
                arch->openssl_var ? arch->openssl_var : "");
}

static int is_set(const char *v) { return v && *v; }

int cb_caps_resolve(const cb_caps_arch *arch, cb_caps detected, const char *caps_value,
                    const char *openssl_value, int force, cb_caps_mask *out, char *err,
                    size_t errlen)
{
    cb_caps cur = detected;
    int use_openssl = is_set(openssl_value) && arch->openssl_var;
    if (use_openssl && cb_caps_apply_mask(arch, detected, &cur, arch->openssl_var,
                                          openssl_value, force, err, errlen) != 0)
        return -1;
    if (is_set(caps_value) && cb_caps_apply_mask(arch, detected, &cur, "CRYPTOBENCH_CAPS",
                                                 caps_value, force, err, errlen) != 0)
        return -1;
    out->effective = cur;
    if (use_openssl && is_set(caps_value)) {
        snprintf(out->text, sizeof out->text, "%s=%s CRYPTOBENCH_CAPS=%s", arch->openssl_var,
                 openssl_value, caps_value);
        snprintf(out->source, sizeof out->source, "%s+CRYPTOBENCH_CAPS", arch->openssl_var);
    } else if (use_openssl) {
        snprintf(out->text, sizeof out->text, "%s", openssl_value);
        snprintf(out->source, sizeof out->source, "%s", arch->openssl_var);
    } else if (is_set(caps_value)) {
        snprintf(out->text, sizeof out->text, "%s", caps_value);
        snprintf(out->source, sizeof out->source, "CRYPTOBENCH_CAPS");
    } else {
        snprintf(out->text, sizeof out->text, "none");
        snprintf(out->source, sizeof out->source, "none");
    }
    if (cur & ~detected) {
        size_t n = strlen(out->source);
        snprintf(out->source + n, sizeof out->source - n, " -force-caps");
    }
    return 0;
}
