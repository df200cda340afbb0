/*
 * base/numbers.c - strict number parsing for options (base/numbers.h).
 */
#include "base/numbers.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/common.h"

/* plain_number: s starts as a number must, not with white space, which strtod and
 * strtol would skip (-bytes " 16" was taken as 16). */
static int plain_number(const char *s)
{
    return *s && !isspace((unsigned char)*s);
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

int cb_parse_u64(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    char shown[CB_PRINTABLE_LEN];
    cb_printable(s, shown, sizeof shown);
    /* strtoull would take "-1" as its largest value: a sign is refused first */
    unsigned long long v = plain_number(s) && *s != '-' && *s != '+' ? strtoull(s, &end, 10) : 0;
    if (!plain_number(s) || *s == '-' || *s == '+' || *end || errno) {
        cb_error("%s '%s' is not a whole number; give one from %llu to %llu.", opt, shown,
                 (unsigned long long)min, (unsigned long long)max);
        return -1;
    }
    if (v < min || v > max) {
        cb_error("%s %s is out of range; give a whole number from %llu to %llu.", opt, shown,
                 (unsigned long long)min, (unsigned long long)max);
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}
