/*
 * cli/libopts.h - the library options every command that picks variants takes
 * (speed, selftest, kat, list, caps):
 *
 *   -lib NAME=PATH            the libcrypto at PATH as variant NAME (repeatable)
 *   -lib-env NAME:VAR=VALUE   VAR=VALUE in library NAME's environment when it
 *                             initialises (repeatable): OPENSSL_armcap and friends
 *                             for that instance alone
 *
 * and the variant name "openssl": the libcrypto the dynamic loader finds, loaded
 * when -variant names it (list loads it whenever one is installed).  Libraries are
 * loaded after the whole command line is read and before -variant is checked, so
 * the options may come in any order.
 */
#ifndef CB_LIBOPTS_H
#define CB_LIBOPTS_H

#include <stddef.h>

#include "cli/args.h"
#include "kernels/libcrypto/libcrypto.h"

typedef struct cb_libopts {
    cb_lib_request req[CB_LIB_MAX];
    char names[CB_LIB_MAX][64];  /* the -lib names req[i].name points at (so a
                                  * cb_libopts is not copied by value) */
    size_t n;
    const char *env[CB_LIB_MAX * CB_LIB_ENV_MAX]; /* "NAME:VAR=VALUE" as given */
    size_t nenv;
} cb_libopts;

/* The option lines for a command's usage text. */
#define CB_LIBOPTS_STR_(x) #x
#define CB_LIBOPTS_STR(x) CB_LIBOPTS_STR_(x)
#define CB_LIBOPTS_USAGE                                                                   \
    "  -lib NAME=PATH   the libcrypto at PATH as variant NAME (repeatable, at most "        \
    CB_LIBOPTS_STR(CB_LIB_MAX) "\n"                                                       \
    "                   libraries with openssl, the libcrypto the loader finds)\n"         \
    "  -lib-env NAME:VAR=VALUE  VAR=VALUE in library NAME's environment when it\n"         \
    "                   initialises, e.g. OPENSSL_ia32cap=0x0 (repeatable)\n"

/*
 * cb_libopts_take consumes -lib or -lib-env at a's position.  Returns 1 when it took
 * one, 0 when the argument is another option, -1 (message printed) on a malformed
 * value.
 */
int cb_libopts_take(cb_args *a, cb_libopts *lo);

/*
 * cb_libopts_check refuses (-1, one sentence printed, prefixed by cmd) a -lib-env
 * whose library no -lib names, but for "openssl" when allow_default is set (the
 * commands that load it themselves).  cb_libopts_load calls it; a command that only
 * passes the options on (caps -sweep) calls it after parsing.
 */
int cb_libopts_check(cb_libopts *lo, const char *cmd, int allow_default);

/*
 * cb_libopts_load loads every -lib, and "openssl" when the -variant list variants
 * (NULL: none) names it or want_default is set (then quietly: none installed is
 * fine).  Returns 0, or -1 with one sentence printed (prefixed by cmd).
 */
int cb_libopts_load(cb_libopts *lo, const char *cmd, const char *variants, int want_default);

#endif
