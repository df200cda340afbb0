/*
 * cli/caps_sweep.h - the parts of `caps -sweep` (cli/caps_sweep.c) the fuzz target
 * tests/fuzz/fuzz_sweep.c drives: reading the command line and building each child's
 * `speed` command line from it, whatever the user repeated or how long a value is.
 */
#ifndef CB_CAPS_SWEEP_H
#define CB_CAPS_SWEEP_H

#include <stddef.h>

typedef struct cb_sweep cb_sweep;

/* cb_sweep_parse reads `caps -sweep ARGS` (argv[0] is "caps"): 0 with *out set,
 * 1 when help was printed, -1 with one sentence printed; *out is NULL unless 0. */
int cb_sweep_parse(cb_sweep **out, int argc, char **argv);

/* cb_sweep_free releases a parsed sweep (NULL is fine). */
void cb_sweep_free(cb_sweep *sw);

/*
 * cb_sweep_child_argv builds the speed command line of one mask: the algorithms, the
 * options passed on as given, -csv csv, and with a library its -lib, the user's
 * -lib-env, the mask's env ("VAR=VALUE", or NULL or "" for none) and -variant.
 * Returns a NULL-terminated vector (free with cb_sweep_argv_free), its length in *argc.
 */
char **cb_sweep_child_argv(const cb_sweep *sw, const char *env, const char *csv,
                           size_t *argc);
void cb_sweep_argv_free(char **argv);

#endif
