/*
 * cli/libopts.c - -lib and -lib-env, read for every command the same way.
 */
#include <stdio.h>
#include <string.h>

#include "base/common.h"
#include "cli/libopts.h"

/* valid_name: what a library variant may be called (kernels/select.h splits at
 * commas; -lib-env at the colon). */
static int valid_name(const char *s, size_t n)
{
    if (n == 0 || n >= 64)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!(s[i] == '-' || s[i] == '_' || s[i] == '.' || (s[i] >= '0' && s[i] <= '9') ||
              (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
            return 0;
    return !(n == 4 && strncmp(s, "auto", 4) == 0) && !(n == 3 && strncmp(s, "all", 3) == 0);
}

/* valid_var: an environment variable's name. */
static int valid_var(const char *s, size_t n)
{
    if (n == 0 || (s[0] >= '0' && s[0] <= '9'))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!(s[i] == '_' || (s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'z') ||
              (s[i] >= 'A' && s[i] <= 'Z')))
            return 0;
    return 1;
}

static cb_lib_request *find(cb_libopts *lo, const char *name, size_t n)
{
    for (size_t i = 0; i < lo->n; i++)
        if (strlen(lo->req[i].name) == n && strncmp(lo->req[i].name, name, n) == 0)
            return &lo->req[i];
    return NULL;
}

int cb_libopts_take(cb_args *a, cb_libopts *lo)
{
    const char *v;
    int r;
    if ((r = cb_args_value(a, "lib", &v)) != 0) {
        if (r < 0)
            return -1;
        const char *eq = strchr(v, '=');
        if (!eq || !valid_name(v, (size_t)(eq - v)) || !eq[1]) {
            cb_error("%s: -lib '%s' must be NAME=PATH, NAME letters, digits, '-', '_' or "
                     "'.' (not auto or all), e.g. -lib mine=/opt/ssl/lib/libcrypto.so.3.",
                     a->cmd, v);
            return -1;
        }
        if (find(lo, v, (size_t)(eq - v))) {
            cb_error("%s: -lib names '%.*s' twice; give each library its own name.", a->cmd,
                     (int)(eq - v), v);
            return -1;
        }
        if (lo->n == CB_LIB_MAX) {
            cb_error("%s: -lib is given more than %d times, and at most %d libraries load "
                     "in one run (each takes a namespace and static TLS of the dynamic "
                     "loader's: docs/libraries.md); give at most %d.", a->cmd, CB_LIB_MAX,
                     CB_LIB_MAX, CB_LIB_MAX);
            return -1;
        }
        /* the name is kept in lo itself: valid_name bounds it */
        char *name = lo->names[lo->n];
        snprintf(name, sizeof lo->names[0], "%.*s", (int)(eq - v), v);
        cb_lib_request *q = &lo->req[lo->n++];
        memset(q, 0, sizeof *q);
        q->name = name;
        q->path = eq + 1;
        return 1;
    }
    if ((r = cb_args_value(a, "lib-env", &v)) != 0) {
        if (r < 0)
            return -1;
        const char *colon = strchr(v, ':');
        const char *eq = colon ? strchr(colon, '=') : NULL;
        if (!colon || !eq || !valid_name(v, (size_t)(colon - v)) ||
            !valid_var(colon + 1, (size_t)(eq - colon - 1))) {
            cb_error("%s: -lib-env '%s' must be NAME:VAR=VALUE, NAME a -lib name or openssl, "
                     "e.g. -lib-env openssl:OPENSSL_ia32cap=0x0.", a->cmd, v);
            return -1;
        }
        /* one value per variable and library: two would leave the run ambiguous (the
         * library reads one, the record would list both) */
        for (size_t i = 0; i < lo->nenv; i++) {
            size_t k = (size_t)(eq - v) + 1; /* "NAME:VAR=" */
            if (strncmp(lo->env[i], v, k) == 0) {
                cb_error("%s: -lib-env sets %.*s for library '%.*s' twice ('%s', then "
                         "'%s'); give each variable one value.", a->cmd,
                         (int)(eq - colon - 1), colon + 1, (int)(colon - v), v, lo->env[i],
                         v);
                return -1;
            }
        }
        if (lo->nenv == sizeof lo->env / sizeof lo->env[0]) {
            cb_error("%s: too many -lib-env options (at most %d per library).", a->cmd,
                     CB_LIB_ENV_MAX);
            return -1;
        }
        lo->env[lo->nenv++] = v;
        return 1;
    }
    return 0;
}

/* names_default: does the -variant list name the default library? */
static int names_default(const char *variants)
{
    size_t n = strlen(CB_LIB_DEFAULT_NAME);
    for (const char *p = variants; p && *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, CB_LIB_DEFAULT_NAME, n) == 0)
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

int cb_libopts_check(cb_libopts *lo, const char *cmd, int allow_default)
{
    size_t n = strlen(CB_LIB_DEFAULT_NAME);
    for (size_t i = 0; i < lo->nenv; i++) {
        const char *colon = strchr(lo->env[i], ':');
        int len = (int)(colon - lo->env[i]);
        if (find(lo, lo->env[i], (size_t)len) ||
            (allow_default && (size_t)len == n && strncmp(lo->env[i], CB_LIB_DEFAULT_NAME, n) == 0))
            continue;
        cb_error("%s: -lib-env '%s' names library '%.*s', which no -lib loads; give "
                 "-lib %.*s=PATH%s%s%s.", cmd, lo->env[i], len, lo->env[i], len, lo->env[i],
                 allow_default ? ", or name " : "", allow_default ? CB_LIB_DEFAULT_NAME : "",
                 allow_default ? " (the system libcrypto)" : "");
        return -1;
    }
    return 0;
}

/* attach gives each request its -lib-env pairs (cb_libopts_check has found each
 * one's library). */
static int attach(cb_libopts *lo, const char *cmd)
{
    for (size_t i = 0; i < lo->nenv; i++) {
        const char *colon = strchr(lo->env[i], ':');
        cb_lib_request *q = find(lo, lo->env[i], (size_t)(colon - lo->env[i]));
        if (!q)
            continue; /* the system libcrypto, left out with a warning */
        if (q->nenv == CB_LIB_ENV_MAX) {
            cb_error("%s: at most %d -lib-env options per library.", cmd, CB_LIB_ENV_MAX);
            return -1;
        }
        q->env[q->nenv++] = colon + 1;
    }
    return 0;
}

int cb_libopts_load(cb_libopts *lo, const char *cmd, const char *variants, int want_default)
{
    size_t n = strlen(CB_LIB_DEFAULT_NAME);
    if (cb_libopts_check(lo, cmd, 1) != 0)
        return -1;
    int named_default = find(lo, CB_LIB_DEFAULT_NAME, n) != NULL;
    int env_default = 0;
    for (size_t i = 0; i < lo->nenv; i++)
        env_default |= strncmp(lo->env[i], CB_LIB_DEFAULT_NAME ":", n + 1) == 0;
    int quiet = 0;
    if (!named_default && (names_default(variants) || want_default || env_default)) {
        quiet = !names_default(variants) && !env_default;
        if (lo->n == CB_LIB_MAX && !quiet) {
            cb_error("%s: the system libcrypto (variant %s) would be library %d, and at "
                     "most %d load in one run; give one -lib fewer.", cmd,
                     CB_LIB_DEFAULT_NAME, CB_LIB_MAX + 1, CB_LIB_MAX);
            return -1;
        }
        if (lo->n == CB_LIB_MAX)
            cb_warn("%s: the system libcrypto is left out (as variant %s): the %d -lib "
                    "options take all %d places for libraries.", cmd, CB_LIB_DEFAULT_NAME,
                    CB_LIB_MAX, CB_LIB_MAX);
        else
            lo->req[lo->n++] = (cb_lib_request){.name = CB_LIB_DEFAULT_NAME, .path = NULL};
    }
    if (attach(lo, cmd) != 0)
        return -1;
    for (size_t i = 0; i < lo->n; i++) {
        char err[1024];
        if (cb_lib_loaded(lo->req[i].name))
            continue;
        int r = cb_lib_load(&lo->req[i], err, sizeof err);
        if (r != 0) {
            if (quiet && r == -2)
                continue; /* list: no system libcrypto is nothing to list */
            if (quiet && !lo->req[i].path) {
                /* one there that cannot be loaded: said, and the rest still listed */
                cb_warn("%s: %s; the system libcrypto is left out.", cmd, err);
                continue;
            }
            cb_error("%s: %s.", cmd, err);
            return -1;
        }
    }
    return 0;
}
