/*
 * kernels/libcrypto/libcrypto.h - an OpenSSL-compatible libcrypto loaded at run time
 * as a variant: OpenSSL 1.1 and 3.x, BoringSSL, LibreSSL, AWS-LC.
 *
 * cb_lib_load opens the library in a link-map namespace of its own (dlmopen), so two
 * builds with one SONAME, or two instances of one file, live side by side in one
 * process and their batches interleave like any two variants'.  The instance
 * initialises under the process environment plus the VAR=VALUE pairs given for it
 * (OPENSSL_armcap, OPENSSL_ia32cap, OPENSSL_ppccap reach this instance only).  Its
 * algorithms are whatever it offers of cryptobench's (docs/libraries.md: how one
 * operation maps to EVP calls); the variant is registered with cb_variant_register,
 * so -variant NAME, list, selftest, kat and speed find it, below auto's priority:
 * it runs only when named.
 */
#ifndef CB_LIBCRYPTO_H
#define CB_LIBCRYPTO_H

#include <stddef.h>

#include "kernels/kernel.h"

/* The variant name of the libcrypto the dynamic loader finds. */
#define CB_LIB_DEFAULT_NAME "openssl"
/* The family `list` shows for library variants. */
#define CB_LIB_FAMILY "library"
/* How many libraries one run loads (the system libcrypto, "openssl", counted), and
 * environment pairs per library.  Each library has a namespace of its own with a
 * libc of its own, and each libc takes its thread-local storage from glibc's static
 * TLS reserve: with glibc 2.36's default reserve on x86-64, the 12th OpenSSL 3
 * fails with "cannot allocate memory in static TLS block" (glibc's hard limit, 15
 * namespaces beside the main one, comes later).  docs/libraries.md. */
#define CB_LIB_MAX 11
#define CB_LIB_ENV_MAX 8

/* cb_lib_request: one library to load. */
typedef struct cb_lib_request {
    const char *name;                 /* the variant name */
    const char *path;                 /* NULL: libcrypto.so.3, else libcrypto.so.1.1 */
    const char *env[CB_LIB_ENV_MAX];  /* "VAR=VALUE" */
    size_t nenv;
} cb_lib_request;

/*
 * cb_lib_load loads r's library and registers it as variant r->name.  Returns 0, or
 * -1 with one sentence in err naming the path and what is wrong (not found, not a
 * shared library for this machine, truncated, not a libcrypto: which functions it
 * lacks; no room in the loader; a name already taken; this build cannot load
 * libraries), or -2 (the sentence in err too) when r->path is NULL and the loader
 * finds no libcrypto at all: none is installed.
 */
int cb_lib_load(const cb_lib_request *r, char *err, size_t errlen);

/* cb_lib_loaded returns the library variant called name, or NULL. */
const cb_variant *cb_lib_loaded(const char *name);

/* cb_lib_is_library: is v a variant cb_lib_load registered? */
int cb_lib_is_library(const cb_variant *v);

/*
 * cb_lib_set_exit_hook: a library calling exit() runs its own libc's exit handlers
 * and ends the process, ours never run.  Every library loaded after this call gets
 * a handler in its libc that calls hook(status, the variant's name); a hook that
 * returns lets the exit go on (harness/guard.c's jumps back into the guarded call,
 * or ends the process with its own status).  The handler puts itself back first,
 * as exit() uses a handler up.
 */
void cb_lib_set_exit_hook(void (*hook)(int status, void *name));

#endif
