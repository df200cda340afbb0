/*
 * tests/fuzz/fuzz_caps.c - libFuzzer target for the capability masks
 * (base/capmask.c): CRYPTOBENCH_CAPS and OPENSSL_*cap values, on every
 * architecture's description.  The input is the CRYPTOBENCH_CAPS value, a NUL, the
 * OpenSSL variable's value; its first byte also picks the detected set and -force.
 * Accepted masks never add a capability the CPU lacks without force; a refusal is
 * one printable sentence.
 */
#include <stdlib.h>
#include <string.h>

#include "base/capmask.h"
#include "tests/fuzz/fuzz_common.h"

static void check_printable(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
            abort(); /* raw outside input in a message */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const arches[] = {"x86_64", "aarch64", "arm", "ppc64", "ppc64le"};
    if (size == 0 || size > 4096)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    const char *caps_value = text, *openssl_value = text + strlen(text);
    if ((size_t)(openssl_value - text) < size - 1)
        openssl_value++; /* after the NUL */
    int force = data[0] & 1;
    cb_caps detected = (data[0] & 2) ? ~(cb_caps)0 : (cb_caps)(data[0] >> 2) * UINT64_C(0x0101010101);
    for (size_t a = 0; a < sizeof arches / sizeof arches[0]; a++) {
        const cb_caps_arch *arch = cb_caps_arch_find(arches[a]);
        if (!arch)
            abort();
        cb_caps_mask m;
        char err[512];
        err[0] = '\0';
        if (cb_caps_resolve(arch, detected, caps_value, openssl_value, force, &m, err,
                            sizeof err) == 0) {
            if (!force && (m.effective & ~detected))
                abort();
            if (!memchr(m.text, '\0', sizeof m.text) || !memchr(m.source, '\0', sizeof m.source))
                abort();
            check_printable(m.text);
        } else {
            if (!err[0])
                abort();
            check_printable(err);
        }
    }
    free(text);
    return 0;
}
