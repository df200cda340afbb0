/*
 * kernels/libcrypto/load.c - loading a libcrypto into a namespace of its own, under an
 * environment of its own, and registering it as a variant.
 */
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/common.h"
#include "kernels/libcrypto/elf.h"
#include "kernels/libcrypto/lib.h"
#include "kernels/registry.h"

static cb_lib *loaded[CB_LIB_MAX];
static size_t nloaded;

const cb_variant *cb_lib_loaded(const char *name)
{
    for (size_t i = 0; i < nloaded; i++)
        if (strcmp(loaded[i]->name, name) == 0)
            return &loaded[i]->var;
    return NULL;
}

int cb_lib_is_library(const cb_variant *v)
{
    return v && v->family && strcmp(v->family, CB_LIB_FAMILY) == 0;
}

#ifdef CB_NO_DLOPEN
/* A static build (linux-ppc64: Debian has no big-endian libc to link dynamically)
 * has no dynamic loader to load a library with. */
int cb_lib_load(const cb_lib_request *r, char *err, size_t errlen)
{
    snprintf(err, errlen, "this build of cryptobench is linked statically and cannot load "
             "library '%s' for variant '%s'; use a build for a target with a dynamic "
             "loader", r->path ? r->path : "libcrypto.so.3", r->name ? r->name : "");
    return r->path ? -1 : -2; /* without -lib: no system libcrypto to be had */
}

#else
/* name_taken: is name a variant already (built in or loaded)? */
static int name_taken(const char *name)
{
    for (size_t i = 0; i < cb_variant_count(); i++)
        if (strcmp(cb_variant_at(i)->name, name) == 0)
            return 1;
    return 0;
}

/*
 * make_env copies the process environment with pairs set over it (a pair replaces
 * the variable of its name).  The copy is the instance's for its lifetime.
 */
static char **make_env(const char *const *pairs, size_t npairs)
{
    size_t n = 0;
    while (environ && environ[n])
        n++;
    char **env = cb_xcalloc(n + npairs + 1, sizeof *env);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        size_t vlen = strcspn(environ[i], "=");
        int replaced = 0;
        for (size_t j = 0; j < npairs; j++)
            replaced |= strncmp(pairs[j], environ[i], vlen + 1) == 0;
        if (!replaced)
            env[k++] = cb_xstrdup(environ[i]);
    }
    for (size_t j = 0; j < npairs; j++)
        env[k++] = cb_xstrdup(pairs[j]);
    env[k] = NULL;
    return env;
}

static void free_env(char **env)
{
    for (size_t i = 0; env && env[i]; i++)
        free(env[i]);
    free(env);
}

/*
 * open_in_namespace dlmopens path into a new link-map namespace with env as the
 * environment its initialisers see: glibc hands the caller's environ to the new
 * namespace's libc, which keeps the pointer, so OpenSSL's capability variables are
 * read from env at load time (OPENSSL_cpuid_setup runs as a constructor) and later.
 */
static void *open_in_namespace(const char *path, char **env)
{
    char **saved = environ;
    environ = env;
    void *h = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
    environ = saved;
    return h;
}

/* resolve looks every entry point up; returns the required ones missing, or "". */
static void resolve(cb_lib *L, char *missing, size_t len)
{
    size_t n = 0, more = 0;
    missing[0] = '\0';
#define CB_LIB_RESOLVE(req, ret, name, params)                                          \
    *(void **)&L->f.name = cb_lib_sym(L, #name);                                         \
    if (req && !L->f.name && n++ < 3)                                                    \
        snprintf(missing + strlen(missing), len - strlen(missing), "%s%s",               \
                 missing[0] ? ", " : "", #name);                                          \
    else if (req && !L->f.name)                                                          \
        more++;
    CB_LIB_SYMS(CB_LIB_RESOLVE)
#undef CB_LIB_RESOLVE
    if (more)
        snprintf(missing + strlen(missing), len - strlen(missing),
                 " and %zu more of the EVP functions cryptobench calls", more);
}

/* note adds "key=value" to L's notes (value cut at the first newline). */
static void note(cb_lib *L, const char *key, const char *value)
{
    size_t n = 0;
    while (n < CB_LIB_NOTES - 1 && L->notes[n])
        n++;
    if (n == CB_LIB_NOTES - 1 || !value || !*value || strcmp(value, "n/a") == 0)
        return; /* BoringSSL answers "n/a" for what it does not record */
    char buf[1024];
    snprintf(buf, sizeof buf, "%s=%.*s", key, (int)strcspn(value, "\n"), value);
    L->notes[n] = cb_xstrdup(buf);
}

/* after_colon: OpenSSL_version's strings start "compiler: ", "platform: " ... */
static const char *after_colon(const char *s)
{
    const char *c = s ? strstr(s, ": ") : NULL;
    return c ? c + 2 : s;
}

/* identify records the version and build strings the library reports, and the
 * environment pairs it was given. */
static void identify(cb_lib *L, const cb_lib_request *r)
{
    /* OpenSSL_version's types, the same numbers in 1.1, 3.x, LibreSSL, BoringSSL */
    enum { V_VERSION = 0, V_CFLAGS = 1, V_BUILT_ON = 2, V_PLATFORM = 3, V_DIR = 4 };
    const char *v = L->f.OpenSSL_version ? L->f.OpenSSL_version(V_VERSION) : NULL;
    L->version = cb_xstrdup(v && *v ? v : "unknown");
    if (L->f.OpenSSL_version) {
        note(L, "cflags", after_colon(L->f.OpenSSL_version(V_CFLAGS)));
        note(L, "platform", after_colon(L->f.OpenSSL_version(V_PLATFORM)));
        note(L, "built_on", after_colon(L->f.OpenSSL_version(V_BUILT_ON)));
        note(L, "dir", after_colon(L->f.OpenSSL_version(V_DIR)));
    }
    for (size_t i = 0; i < r->nenv; i++)
        note(L, "env", r->env[i]);
}

/*
 * reserve_keys gives instance number n (1, 2, ...) its own range of thread-specific
 * keys.  Every namespace has its own libc, and each libc hands out pthread keys from
 * 0 while the thread's table of values is shared: two libraries would read and free
 * each other's per-thread state (OpenSSL's error queue in BoringSSL's hands).  So
 * before the library makes its first key, keys are taken in its libc up to
 * n * KEY_RANGE and the last one is given back; the keys it creates then start
 * there.  The main program's libc keeps the first range.
 */
#define KEY_RANGE 64 /* a multiple of libc's 32-key blocks; 1024 keys: 15 ranges */
static void reserve_keys(cb_lib *L, size_t n)
{
    int (*create)(pthread_key_t *, void (*)(void *));
    int (*destroy)(pthread_key_t);
    *(void **)&create = dlsym(L->handle, "pthread_key_create");
    *(void **)&destroy = dlsym(L->handle, "pthread_key_delete");
    pthread_key_t k = 0;
    if (!create || !destroy)
        return;
    while (create(&k, NULL) == 0 && k < n * KEY_RANGE)
        ;
    if (k >= n * KEY_RANGE)
        destroy(k);
}

/*
 * init initialises the library before any other call, as OpenSSL's implicit init
 * would (its configuration file included) but without the exit handler: every
 * instance would otherwise tear its state down at exit, in whatever order the
 * namespaces are finalised, and one instance's cleanup can crash in another's
 * freed memory.  The process is ending anyway; the kernel takes the memory back.
 */
static void init(cb_lib *L)
{
    enum { NO_ATEXIT = 0x80000 }; /* OPENSSL_INIT_NO_ATEXIT, 1.1.1 and later */
    if (L->f.OPENSSL_init_crypto) {
        L->f.OPENSSL_init_crypto(NO_ATEXIT, NULL); /* the default init otherwise */
        cb_lib_clear_errors(L);
    }
}

/*
 * load_providers: in OpenSSL 3 the old algorithms (single DES, and those `openssl
 * speed` needs -provider legacy for) live in the legacy provider.  Loading it beside
 * the default one, as `-provider default -provider legacy` does, lets the library
 * offer them; what the default provider implements is unchanged.
 */
static void load_providers(cb_lib *L)
{
    if (!L->f.OSSL_PROVIDER_load)
        return;
    int def = L->f.OSSL_PROVIDER_load(NULL, "default") != NULL;
    int legacy = L->f.OSSL_PROVIDER_load(NULL, "legacy") != NULL;
    cb_lib_clear_errors(L);
    note(L, "providers", def && legacy ? "default,legacy" : def ? "default" : "none loaded");
}

/* real_path: the file the loader opened, for the record. */
static char *real_path(cb_lib *L, const char *asked)
{
    struct link_map *lm = NULL;
    if (dlinfo(L->handle, RTLD_DI_LINKMAP, &lm) == 0 && lm && lm->l_name && lm->l_name[0])
        return cb_xstrdup(lm->l_name);
    return cb_xstrdup(asked);
}

/* check_path: a named file must exist and be a regular file (or a link to one). */
static int check_path(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (!strchr(path, '/'))
        return 0; /* a bare name is the dynamic loader's to find */
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "cannot load library '%s': %s; give the path of a "
                 "libcrypto shared library (libcrypto.so.3, libcrypto.so.1.1, ...)",
                 path, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "cannot load library '%s': it is not a regular file; give "
                 "the path of a libcrypto shared library", path);
        return -1;
    }
    return 0;
}

/*
 * locate decides which file the loader is given for asked (a path, or a bare name
 * the loader searches for), checked first (kernels/libcrypto/elf.h): a path as it
 * is; a bare name as found in LD_LIBRARY_PATH, the file's path then given to the
 * loader so that the file checked is the file loaded; else the bare name, for the
 * loader's cache and default directories.  *use points at asked or at found.
 * Returns 0, or -1 with the sentence in why.
 */
static int locate(const char *asked, char *found, size_t flen, const char **use, char *why,
                  size_t wlen)
{
    *use = asked;
    if (strchr(asked, '/'))
        return cb_elf_check(asked, why, wlen) == CB_ELF_OK ? 0 : -1;
    int r = cb_elf_find(asked, found, flen, why, wlen);
    if (r > 0)
        *use = found;
    return r < 0 ? -1 : 0;
}

/* loader_refused words why the loader refused a library: glibc's static TLS reserve
 * (docs/libraries.md) runs out before its namespaces do, naming only libc.so.6. */
static int loader_refused(char *why, size_t len)
{
    const char *e = dlerror();
    int full = e && strstr(e, "static TLS");
    if (full)
        snprintf(why, len, "the dynamic loader has no room left for it after %zu "
                 "libraries (%s); load fewer libraries in one run", nloaded, e);
    else
        snprintf(why, len, "%s", e ? e : "the dynamic loader refused it");
    return full;
}

/*
 * open_default finds the libcrypto the dynamic loader finds: 3.x, else 1.1.  NULL
 * with *refused set when there is one but it fails its check or does not fit.
 */
static void *open_default(char **env, const char **used, int *refused, char *why, size_t len)
{
    static const char *const sonames[] = {"libcrypto.so.3", "libcrypto.so.1.1"};
    static char found[4096];
    for (size_t i = 0; i < sizeof sonames / sizeof sonames[0]; i++) {
        const char *use;
        if (locate(sonames[i], found, sizeof found, &use, why, len) != 0) {
            *refused = 1;
            return NULL;
        }
        void *h = open_in_namespace(use, env);
        if (h) {
            *used = sonames[i];
            return h;
        }
        if (i == 0 && loader_refused(why, len)) {
            *refused = 1;
            return NULL;
        }
    }
    return NULL;
}

int cb_lib_load(const cb_lib_request *r, char *err, size_t errlen)
{
    if (!r->name || !*r->name || strlen(r->name) >= sizeof ((cb_lib *)0)->name ||
        strpbrk(r->name, ", \t=:") || strcmp(r->name, "auto") == 0 ||
        strcmp(r->name, "all") == 0) {
        snprintf(err, errlen, "'%s' cannot name a library variant; give a short name of "
                 "letters, digits, '-' or '_' (not auto or all)", r->name ? r->name : "");
        return -1;
    }
    if (name_taken(r->name)) {
        snprintf(err, errlen, "the variant name '%s' is taken already; give the library "
                 "another name (-lib NAME=PATH)", r->name);
        return -1;
    }
    if (nloaded == CB_LIB_MAX) {
        snprintf(err, errlen, "cannot load variant '%s': at most %d libraries load in one "
                 "run (the system libcrypto counted)", r->name, CB_LIB_MAX);
        return -1;
    }
    if (r->path && check_path(r->path, err, errlen) != 0)
        return -1;
    cb_lib *L = cb_xcalloc(1, sizeof *L);
    snprintf(L->name, sizeof L->name, "%s", r->name);
    L->env = make_env(r->env, r->nenv);
    const char *asked = r->path;
    char why[768] = "";
    int broken = 0, refused = 0;
    if (asked) {
        static char found[4096];
        const char *use;
        broken = locate(asked, found, sizeof found, &use, why, sizeof why) != 0;
        if (!broken && !(L->handle = open_in_namespace(use, L->env)))
            loader_refused(why, sizeof why);
    } else {
        L->handle = open_default(L->env, &asked, &refused, why, sizeof why);
    }
    if (!L->handle) {
        int none = !r->path && !refused;
        if (broken || refused)
            snprintf(err, errlen, "cannot load variant '%s': %s", r->name, why);
        else if (r->path)
            snprintf(err, errlen, "cannot load library '%s' for variant '%s': %s", r->path,
                     r->name, why);
        else
            snprintf(err, errlen, "no system libcrypto for variant '%s': the dynamic "
                     "loader finds neither libcrypto.so.3 nor libcrypto.so.1.1 (%s); "
                     "install one (Debian: libssl3) or give -lib %s=PATH",
                     r->name, why, r->name);
        free_env(L->env);
        free(L);
        return none ? -2 : -1;
    }
    char missing[1024];
    resolve(L, missing, sizeof missing);
    if (missing[0]) {
        snprintf(err, errlen, "'%s' is not a usable libcrypto: it lacks %s (OpenSSL 1.1 "
                 "or 3.x, BoringSSL, LibreSSL and AWS-LC have them)", asked, missing);
        dlclose(L->handle);
        free_env(L->env);
        free(L);
        return -1;
    }
    L->path = real_path(L, asked);
    reserve_keys(L, nloaded + 1);
    init(L);
    cb_lib_catch_exit(L);
    identify(L, r);
    load_providers(L);
    L->impl.data = L;
    L->impl.library = L->path;
    L->impl.version = L->version;
    L->impl.notes = L->notes;
    cb_lib_evp_setup(L);
    cb_lib_pkey_setup(L);
    cb_lib_pq_setup(L);
    /* the summary is what list prints: the library's own words made safe for a
     * terminal (no escape sequence of a version string reaches it) */
    char summary[512], shown[2][CB_PRINTABLE_LEN * 2];
    snprintf(summary, sizeof summary, "%s (%s)",
             cb_printable(L->version, shown[0], sizeof shown[0]),
             cb_printable(L->path, shown[1], sizeof shown[1]));
    L->var = (cb_variant){.name = L->name,
                          .family = CB_LIB_FAMILY,
                          .prim = CB_PRIM_WHOLE,
                          .caps = 0,
                          .priority = CB_PRIORITY_AUTO_MIN - 1,
                          .ops = &L->impl,
                          .summary = cb_xstrdup(summary)};
    if (cb_variant_register(&L->var) != 0) {
        snprintf(err, errlen, "cannot register library '%s' as variant '%s': the "
                 "variant table is full", L->path, L->name);
        return -1; /* the library stays loaded: its constructors have run */
    }
    loaded[nloaded++] = L;
    return 0;
}
#endif /* !CB_NO_DLOPEN */
