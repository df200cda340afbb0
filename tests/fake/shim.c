/*
 * tests/fake/shim.c - a libcrypto that misbehaves on request, for tests/lib_fault.sh.
 *
 * Linked against the system's libcrypto.so.3 (so every other entry point cryptobench
 * looks up is the real one), it forwards a few functions to it through
 * dlsym(RTLD_NEXT) and, once one of them has been called CB_SHIM_AFTER times, does
 * what CB_SHIM_BAD says on every later call of that function:
 *   spin   loop forever            segv   write through a null pointer
 *   abort  abort()                 exit   exit(0)        sleep  sleep forever
 * CB_SHIM_FN names the function that misbehaves (default EVP_Digest): EVP_Digest
 * (digests, the check of a digest), EVP_CipherUpdate (ciphers), or
 * EVP_PKEY_new_raw_private_key (the key set-up of ed25519 and x25519).  The
 * variables are read from the library's own environment, so `-lib-env
 * NAME:CB_SHIM_BAD=segv` sets them for one instance.
 */
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int EVP_Digest(const void *data, size_t n, unsigned char *md, unsigned int *size,
               const void *type, void *engine);
int EVP_CipherUpdate(void *ctx, unsigned char *out, int *outl, const unsigned char *in,
                     int inl);
void *EVP_PKEY_new_raw_private_key(int type, void *e, const unsigned char *priv,
                                   size_t len);

static int *volatile nullp;

/* misbehave does CB_SHIM_BAD once fn has been called more than CB_SHIM_AFTER times. */
static void misbehave(const char *fn, unsigned long *calls)
{
    const char *which = getenv("CB_SHIM_FN"), *bad = getenv("CB_SHIM_BAD");
    const char *after = getenv("CB_SHIM_AFTER");
    if (strcmp(fn, which ? which : "EVP_Digest") != 0 || !bad)
        return;
    if (++*calls <= (after ? strtoul(after, NULL, 10) : 100000UL))
        return;
    if (strcmp(bad, "spin") == 0)
        for (;;)
            __asm__ volatile("");
    if (strcmp(bad, "sleep") == 0)
        for (;;)
            pause();
    if (strcmp(bad, "segv") == 0)
        *nullp = 1;
    if (strcmp(bad, "abort") == 0)
        abort();
    if (strcmp(bad, "exit") == 0)
        exit(0);
}

/* next: the real function of that name, after this library. */
#define NEXT(type, name) ((type)(size_t)dlsym(RTLD_NEXT, name))

int EVP_Digest(const void *data, size_t n, unsigned char *md, unsigned int *size,
               const void *type, void *engine)
{
    static unsigned long calls;
    misbehave("EVP_Digest", &calls);
    typedef int fn(const void *, size_t, unsigned char *, unsigned int *, const void *,
                   void *);
    return NEXT(fn *, "EVP_Digest")(data, n, md, size, type, engine);
}

int EVP_CipherUpdate(void *ctx, unsigned char *out, int *outl, const unsigned char *in,
                     int inl)
{
    static unsigned long calls;
    misbehave("EVP_CipherUpdate", &calls);
    typedef int fn(void *, unsigned char *, int *, const unsigned char *, int);
    return NEXT(fn *, "EVP_CipherUpdate")(ctx, out, outl, in, inl);
}

void *EVP_PKEY_new_raw_private_key(int type, void *e, const unsigned char *priv, size_t len)
{
    static unsigned long calls;
    misbehave("EVP_PKEY_new_raw_private_key", &calls);
    typedef void *fn(int, void *, const unsigned char *, size_t);
    return NEXT(fn *, "EVP_PKEY_new_raw_private_key")(type, e, priv, len);
}
