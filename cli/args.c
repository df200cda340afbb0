/*
 * cli/args.c - option matching and strict number parsing.
 */
#include "cli/args.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"

/* name_len returns how much of arg (after the dashes) is the option name. */
static const char *strip_dashes(const char *arg)
{
    if (arg[0] != '-')
        return NULL;
    return arg[1] == '-' ? arg + 2 : arg + 1;
}

int cb_args_is(const char *arg, const char *name)
{
    const char *p = strip_dashes(arg);
    return p && strcmp(p, name) == 0;
}

int cb_args_flag(cb_args *a, const char *name)
{
    if (a->i < a->argc && cb_args_is(a->argv[a->i], name)) {
        a->i++;
        return 1;
    }
    return 0;
}

int cb_args_value(cb_args *a, const char *name, const char **val)
{
    const char *arg = a->argv[a->i];
    const char *p = strip_dashes(arg);
    size_t n = strlen(name);
    if (!p || strncmp(p, name, n) != 0)
        return 0;
    if (p[n] != '=' && p[n] != '\0')
        return 0;
    if (p[n] == '\0' && a->i + 1 >= a->argc) {
        cb_error("%s: option %s needs a value.", a->cmd, arg);
        return -1;
    }
    *val = p[n] == '=' ? p + n + 1 : a->argv[a->i + 1];
    a->i += p[n] == '=' ? 1 : 2;
    /* an empty value is never what was meant (-gate-on "" gated everything,
     * -cycles= ran as plain -cycles) */
    if (!**val) {
        cb_error("%s: option -%s has an empty value; give one ('cryptobench %s -help' lists "
                 "the options).", a->cmd,
                 name, a->cmd);
        return -1;
    }
    return 1;
}

/* plain_number: s starts as a number must, not with white space, which strtod and
 * strtol would skip (-bytes " 16" was taken as 16). */
static int plain_number(const char *s)
{
    return *s && !isspace((unsigned char)*s);
}

int cb_args_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "-help") == 0 || strcmp(arg, "--help") == 0;
}

int cb_parse_double(const char *opt, const char *s, double min, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    char shown[CB_PRINTABLE_LEN];
    cb_printable(s, shown, sizeof shown);
    if (!plain_number(s) || *end || errno || !isfinite(v)) {
        cb_error("%s '%s' is not a number; give a number from %g to %g.", opt, shown, min, max);
        return -1;
    }
    if (v < min || v > max) {
        cb_error("%s %s is out of range; give a number from %g to %g.", opt, shown, min, max);
        return -1;
    }
    *out = v;
    return 0;
}

int cb_parse_long(const char *opt, const char *s, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    char shown[CB_PRINTABLE_LEN];
    cb_printable(s, shown, sizeof shown);
    if (!plain_number(s) || *end || errno) {
        cb_error("%s '%s' is not a whole number; give one from %ld to %ld.", opt, shown, min,
                 max);
        return -1;
    }
    if (v < min || v > max) {
        cb_error("%s %s is out of range; give a whole number from %ld to %ld.", opt, shown, min,
                 max);
        return -1;
    }
    *out = v;
    return 0;
}

int cb_parse_size_list(const char *opt, const char *s, size_t min, size_t maxval, size_t *out,
                       size_t max)
{
    size_t n = 0;
    const char *p = s;
    char shown[CB_PRINTABLE_LEN], item_shown[CB_PRINTABLE_LEN];
    cb_printable(s, shown, sizeof shown);
    if (!*s) {
        cb_error("%s needs a size in bytes, or a comma-separated list of sizes.", opt);
        return -1;
    }
    while (1) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char item[32];
        if (len == 0 || len >= sizeof item) {
            cb_error("%s '%s' is not a list of sizes; give whole numbers from %zu to %zu "
                     "separated by commas.", opt, shown, min, maxval);
            return -1;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        cb_printable(item, item_shown, sizeof item_shown);
        char *end;
        errno = 0;
        if (item[0] == '-' || item[0] == '+' || !plain_number(item)) {
            cb_error("%s '%s' is not a size; give a whole number of bytes from %zu to %zu.",
                     opt, item_shown, min, maxval);
            return -1;
        }
        unsigned long long v = strtoull(item, &end, 10);
        if (*end || errno) {
            cb_error("%s '%s' is not a size; give a whole number of bytes from %zu to %zu.",
                     opt, item_shown, min, maxval);
            return -1;
        }
        if (v < min || v > maxval) {
            cb_error("%s %s is out of range; give a whole number of bytes from %zu to %zu.",
                     opt, item_shown, min, maxval);
            return -1;
        }
        if (n == max) {
            cb_error("%s lists more than %zu sizes.", opt, max);
            return -1;
        }
        out[n++] = (size_t)v;
        if (!comma)
            break;
        p = comma + 1;
    }
    return (int)n;
}
