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

/* cb_args_help reports whether arg is -h, -help or --help. */
int cb_args_help(const char *arg);

/* Number parsers: 0 on success, -1 after printing why the value is not accepted. */
int cb_parse_double(const char *opt, const char *s, double min, double max, double *out);
int cb_parse_long(const char *opt, const char *s, long min, long max, long *out);

/*
 * cb_parse_size_list parses "16,64,1024" into out (at most max entries), each
 * between min and maxval.  Returns the count, or -1 after printing the problem.
 */
int cb_parse_size_list(const char *opt, const char *s, size_t min, size_t maxval,
                       size_t *out, size_t max);

#endif
