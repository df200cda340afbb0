/*
 * cli/args.c - option matching and strict number parsing.
 */
#include "cli/args.h"

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
    if (p[n] == '=') {
        *val = p + n + 1;
        a->i++;
        return 1;
    }
    if (p[n] != '\0')
        return 0;
    if (a->i + 1 >= a->argc) {
        cb_error("%s: option %s needs a value.", a->cmd, arg);
        return -1;
    }
    *val = a->argv[a->i + 1];
    a->i += 2;
    return 1;
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
    if (!*s || *end || errno || !isfinite(v)) {
        cb_error("%s '%s' is not a number; give a number from %g to %g.", opt, s, min, max);
        return -1;
    }
    if (v < min || v > max) {
        cb_error("%s %s is out of range; give a number from %g to %g.", opt, s, min, max);
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
    if (!*s || *end || errno) {
        cb_error("%s '%s' is not a whole number; give one from %ld to %ld.", opt, s, min, max);
        return -1;
    }
    if (v < min || v > max) {
        cb_error("%s %s is out of range; give a whole number from %ld to %ld.", opt, s, min,
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
                     "separated by commas.", opt, s, min, maxval);
            return -1;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        char *end;
        errno = 0;
        if (item[0] == '-' || item[0] == '+') {
            cb_error("%s '%s' is not a size; give a whole number of bytes from %zu to %zu.",
                     opt, item, min, maxval);
            return -1;
        }
        unsigned long long v = strtoull(item, &end, 10);
        if (*end || errno) {
            cb_error("%s '%s' is not a size; give a whole number of bytes from %zu to %zu.",
                     opt, item, min, maxval);
            return -1;
        }
        if (v < min || v > maxval) {
            cb_error("%s %s is out of range; give a whole number of bytes from %zu to %zu.",
                     opt, item, min, maxval);
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
