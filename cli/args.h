/*
 * cli/args.h - option parsing shared by the subcommands.
 *
 * Options use OpenSSL's single-dash spelling (-seconds 3); the GNU spellings
 * --seconds 3 and --seconds=3 are accepted too.  Every parse error prints one
 * sentence naming the option, the value and what would be accepted.
 */
#ifndef CB_ARGS_H
#define CB_ARGS_H

#include <stddef.h>

#include "base/numbers.h" /* the numbers options take */

typedef struct cb_args {
    int argc;
    char **argv;
    int i;           /* the argument being looked at */
    const char *cmd; /* for messages: "speed" */
} cb_args;

/* cb_args_is reports whether arg spells option name ("seconds": -seconds, --seconds). */
int cb_args_is(const char *arg, const char *name);

/* cb_args_flag consumes the current argument if it is flag name. */
int cb_args_flag(cb_args *a, const char *name);

/*
 * cb_args_value consumes option name and its value (next argument or after '=').
 * Returns 1 and sets *val on a match, 0 when the argument is another option, and -1
 * (message printed) when the value is missing.
 */
int cb_args_value(cb_args *a, const char *name, const char **val);

/*
 * cb_args_output_apart refuses an output that would replace a file the command
 * reads: when out (the value of option opt) names one of the n paths in (the same
 * file once symbolic and hard links are followed; an output that does not exist yet
 * is fine), it prints one sentence, "CMD: OPT OUT is ROLE 'IN'; ...", and returns
 * -1; otherwise 0.  Every command that writes a file checks each of its outputs
 * with it before any work, so the file is left untouched.
 */
int cb_args_output_apart(const char *cmd, const char *opt, const char *out,
                         const char *const *in, size_t n, const char *role);

/* cb_args_help reports whether arg is -h, -help or --help. */
int cb_args_help(const char *arg);

/* cb_args_workload reads -workload's value v into w (base/workload.h): 0, or -1
 * after one sentence naming the command ("speed: -workload ..."). */
struct cb_workload;
int cb_args_workload(const char *cmd, const char *v, struct cb_workload *w);

#endif
