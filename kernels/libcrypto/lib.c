/*
 * kernels/libcrypto/lib.c - what load.c, evp.c, pkey.c and pq.c share about one
 * loaded library, below all four: the library of a session, its symbols, its error
 * queue, a session's key, BIGNUMs from hex and into bytes.  load.c (the door) calls evp.c, pkey.c and pq.c, evp.c
 * calls pkey.c and pq.c, pkey.c calls pq.c (ML-DSA's signatures), and each calls
 * this file alone otherwise: no call goes back up that order.
 */
#include "kernels/libcrypto/lib.h"

#include <stddef.h>
#include <string.h>
#ifndef CB_NO_DLOPEN
#include <dlfcn.h>
#endif

cb_lib *cb_lib_of(const cb_alg_session *s)
{
    return (cb_lib *)((char *)s->impl - offsetof(cb_lib, impl));
}

void *cb_lib_sym(cb_lib *L, const char *name)
{
#ifdef CB_NO_DLOPEN
    (void)L, (void)name;
    return NULL;
#else
    return dlsym(L->handle, name);
#endif
}

void cb_lib_clear_errors(cb_lib *L)
{
    if (L->f.ERR_clear_error)
        L->f.ERR_clear_error();
}

void cb_lib_free_ctx(cb_lib *L, obj **ctx, int md)
{
    if (*ctx && md)
        L->f.EVP_MD_CTX_free(*ctx);
    else if (*ctx)
        L->f.EVP_PKEY_CTX_free(*ctx);
    *ctx = NULL;
}

void cb_lib_free_pkey(cb_lib *L, obj **pkey)
{
    if (*pkey)
        L->f.EVP_PKEY_free(*pkey);
    *pkey = NULL;
}

static void (*exit_hook)(int status, void *name);

void cb_lib_set_exit_hook(void (*hook)(int status, void *name))
{
    exit_hook = hook;
}

/* on_lib_exit runs inside the library's exit(): registered again before the hook,
 * which may jump away, so the next exit() is caught too. */
static void on_lib_exit(int status, void *arg)
{
    cb_lib *L = arg;
    cb_lib_catch_exit(L);
    if (exit_hook)
        exit_hook(status, L->name);
}

void cb_lib_catch_exit(cb_lib *L)
{
    int (*reg)(void (*fn)(int, void *), void *arg);
    *(void **)&reg = exit_hook ? cb_lib_sym(L, "on_exit") : NULL;
    if (reg)
        reg(on_lib_exit, L);
}

/* A session context begins with its key (evp.c's evp_ctx). */
void *cb_lib_pkey_key(const cb_alg_session *s)
{
    return *(void *const *)s->ctx;
}

obj *cb_lib_bn_hex(cb_lib *L, const char *hex)
{
    obj *b = NULL;
    if (!hex || L->f.BN_hex2bn(&b, hex) != (int)strlen(hex)) {
        if (b)
            L->f.BN_free(b);
        return NULL;
    }
    return b;
}

int cb_lib_bn_put(cb_lib *L, const obj *b, uint8_t *out, size_t nb)
{
    size_t n = ((size_t)L->f.BN_num_bits(b) + 7) / 8;
    if (n > nb)
        return -1;
    memset(out, 0, nb - n);
    L->f.BN_bn2bin(b, out + nb - n);
    return 0;
}
