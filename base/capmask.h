/*
 * base/capmask.h - capability masks: CRYPTOBENCH_CAPS and OpenSSL's
 * OPENSSL_armcap / OPENSSL_ppccap / OPENSSL_ia32cap, for every architecture.
 *
 * Every architecture's description is compiled into every build, so a mask is
 * parsed the same way whatever the host, "a capability of another architecture"
 * can be told apart from a typo, and the unit tests exercise every parser
 * natively.  cb_caps_init (base/caps.h) applies the environment's masks with
 * this architecture's description; docs/platform.md describes the syntax.
 */
#ifndef CB_CAPMASK_H
#define CB_CAPMASK_H

#include <stddef.h>

#include "base/caps.h"

/* cb_caps_arch: one architecture's capability names and OpenSSL variable. */
typedef struct cb_caps_arch cb_caps_arch;

/* cb_caps_arch_find returns the description of "x86_64", "aarch64", "arm",
 * "ppc64" or "ppc64le" (case-insensitive), or NULL. */
const cb_caps_arch *cb_caps_arch_find(const char *name);

/* cb_caps_foreign_vars writes (up to max) the OpenSSL mask variables of the other
 * architectures, each once, that arch does not read; returns how many. */
size_t cb_caps_foreign_vars(const cb_caps_arch *arch, const char **out, size_t max);

/* cb_caps_arch_this returns the description of the architecture this binary was
 * built for (one with no capabilities on an architecture cryptobench does not know). */
const cb_caps_arch *cb_caps_arch_this(void);

/* cb_caps_arch_label returns the architecture's name as cb_caps_arch_name spells it. */
const char *cb_caps_arch_label(const cb_caps_arch *arch);

/* cb_caps_arch_names returns the architecture's capability table; *n gets the count. */
const cb_cap_name *cb_caps_arch_names(const cb_caps_arch *arch, size_t *n);

/* cb_caps_openssl_var returns "OPENSSL_armcap", "OPENSSL_ppccap", "OPENSSL_ia32cap"
 * or NULL when OpenSSL has no such variable for the architecture. */
const char *cb_caps_openssl_var(const cb_caps_arch *arch);

/*
 * cb_caps_openssl_equiv writes the value of the architecture's OpenSSL variable that
 * asks for what mask took from detected to reach effective: for x86-64 the '~' form
 * that clears those bits and keeps OpenSSL's own detection of the rest
 * ("~0x200000000000000:~0"), elsewhere the whole word of effective's bits
 * ("0x35").  Returns buf, or NULL when OpenSSL has no variable here or no value
 * says it (x86-64 capabilities added beyond detection).
 */
const char *cb_caps_openssl_equiv(const cb_caps_arch *arch, cb_caps detected,
                                  cb_caps effective, char *buf, size_t len);

/*
 * cb_caps_openssl_bits lists the bits of the architecture's OpenSSL variable with
 * the names OpenSSL gives them ("ARMV8_AES"), the ones its crypto code tests:
 * returns how many it wrote into names/words/bits (up to max).
 */
size_t cb_caps_openssl_bits(const cb_caps_arch *arch, const char **names, unsigned *words,
                            unsigned *bits, size_t max);

/* cb_caps_openssl_bit_cap: the capability of cryptobench's that bit `bit` of word
 * `word` of the OpenSSL variable stands for, or 0 when it stands for none. */
cb_caps cb_caps_openssl_bit_cap(const cb_caps_arch *arch, unsigned word, unsigned bit);

/*
 * cb_caps_apply_mask applies one variable's mask to *caps.  var is
 * "CRYPTOBENCH_CAPS" or the architecture's OpenSSL variable and value its text;
 * detected is what the CPU offers: a mask that would add a capability outside it
 * is refused unless force is set.  Returns 0 and updates *caps, or -1 with one
 * sentence in err (naming the variable, the offending value and what would be
 * accepted) and *caps unchanged.
 */
int cb_caps_apply_mask(const cb_caps_arch *arch, cb_caps detected, cb_caps *caps,
                       const char *var, const char *value, int force, char *err,
                       size_t errlen);

/* cb_caps_mask: the effective capabilities and a description of the mask. */
typedef struct cb_caps_mask {
    cb_caps effective;
    char text[256];  /* the mask as given: "-aes,-pmull"; both variables as
                        "OPENSSL_armcap=0 CRYPTOBENCH_CAPS=+neon"; "none" */
    char source[96]; /* "CRYPTOBENCH_CAPS", "OPENSSL_armcap",
                        "OPENSSL_armcap+CRYPTOBENCH_CAPS" or "none"; " -force-caps"
                        is appended when force added what the CPU lacks */
} cb_caps_mask;

/*
 * cb_caps_resolve computes the effective capabilities from detected and the two
 * variables' values (NULL or "" when unset).  The OpenSSL variable is applied
 * first, as OpenSSL would, and CRYPTOBENCH_CAPS then edits its result, so
 * OPENSSL_armcap=0 CRYPTOBENCH_CAPS=+neon leaves NEON alone.  Returns 0, or -1
 * with one sentence in err.
 */
int cb_caps_resolve(const cb_caps_arch *arch, cb_caps detected, const char *caps_value,
                    const char *openssl_value, int force, cb_caps_mask *out, char *err,
                    size_t errlen);

#endif
