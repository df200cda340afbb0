/*
 * tests/fuzz/fuzz_sweep.c - libFuzzer target for `caps -sweep`'s command line and the
 * `speed` command lines it builds for its children (cli/caps_sweep.c).  The input is
 * the arguments after `caps`, separated by NUL bytes.  Whatever is repeated and
 * however long a value is, an accepted command line yields, for every mask, a
 * NULL-terminated child command line that starts with speed, carries every value
 * passed on in the order given, and the library's NAME=PATH whole.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/caps_sweep.h"
#include "tests/fuzz/fuzz_common.h"

#define MAX_ARGS 512

/* value_after: the argument after the first `opt` in argv, or NULL. */
static const char *value_after(char **argv, size_t argc, const char *opt)
{
    for (size_t i = 0; i + 1 < argc; i++)
        if (strcmp(argv[i], opt) == 0)
            return argv[i + 1];
    return NULL;
}

/* passed_in_order: every -bytes/-seconds/-iterations/-samples pair of the user's
 * line appears in the child's, in the same order. */
static int passed_in_order(char **user, size_t nu, char **child, size_t nc)
{
    static const char *const passed[] = {"-bytes", "-seconds", "-iterations", "-samples"};
    size_t j = 0;
    for (size_t i = 1; i + 1 < nu; i++) {
        int is_passed = 0;
        for (size_t p = 0; p < sizeof passed / sizeof passed[0]; p++)
            is_passed |= strcmp(user[i], passed[p]) == 0;
        if (!is_passed) {
            if (user[i][0] == '-' && strcmp(user[i], "-sweep") && strcmp(user[i], "-force-caps"))
                i++; /* another option's value is not an option */
            continue;
        }
        while (j + 1 < nc && !(strcmp(child[j], user[i]) == 0 &&
                               strcmp(child[j + 1], user[i + 1]) == 0))
            j++;
        if (j + 1 >= nc)
            return 0;
        j += 2;
        i++;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int quiet;
    if (!quiet) { /* help text is not the finding (refusals go to stderr, the log) */
        quiet = 1;
        if (!freopen("/dev/null", "w", stdout))
            return 0;
    }
    if (size > 8192)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    char *argv[MAX_ARGS + 2];
    size_t argc = 0;
    argv[argc++] = "caps";
    for (size_t at = 0; at <= size && argc < MAX_ARGS; at += strlen(text + at) + 1)
        argv[argc++] = text + at;
    argv[argc] = NULL;
    cb_sweep *sw = NULL;
    if (cb_sweep_parse(&sw, (int)argc, argv) == 0) {
        static const char *const envs[] = {NULL, "", "OPENSSL_ia32cap=0x0:0x0",
                                           "OPENSSL_armcap=0x3d"};
        for (size_t e = 0; e < sizeof envs / sizeof envs[0]; e++) {
            size_t n = 0;
            char **child = cb_sweep_child_argv(sw, envs[e], "/tmp/mask0.csv", &n);
            if (!child || n < 4 || child[n] != NULL || strcmp(child[0], "speed") != 0)
                abort();
            for (size_t i = 0; i < n; i++)
                if (!child[i])
                    abort();
            const char *lib = value_after(argv, argc, "-lib");
            const char *got = value_after(child, n, "-lib");
            if (lib && (!got || strcmp(lib, got) != 0))
                abort(); /* the library's path cut or lost */
            if (!passed_in_order(argv, argc, child, n))
                abort();
            cb_sweep_argv_free(child);
        }
        cb_sweep_free(sw);
    }
    free(text);
    return 0;
}
