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

/*
 * decimal reports whether all of s is a number written in decimal, the one rule of
 * every numeric option: an optional sign, digits with at most one point among them,
 * and (with fraction set) an optional exponent, e.g. 5, 0.25, 1e-3.  strtod alone
 * would also take hexadecimal (-seconds 0x10 ran for 16 s), inf and nan.
 */
static int decimal(const char *s, int fraction)
{
    const char *p = s + (*s == '-' || *s == '+');
    int digits = 0;
    while (isdigit((unsigned char)*p)) {
        p++;
        digits = 1;
    }
    if (fraction && *p == '.')
        for (p++; isdigit((unsigned char)*p); p++)
            digits = 1;
    if (!digits)
        return 0;
    if (fraction && (*p == 'e' || *p == 'E')) {
        p += 1 + (p[1] == '-' || p[1] == '+');
        if (!isdigit((unsigned char)*p))
            return 0;
        while (isdigit((unsigned char)*p))
            p++;
    }
    return *p == '\0';
}


int cb_parse_double(const char *opt, const char *s, double min, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    char shown[CB_PRINTABLE_LEN];
    cb_printable(s, shown, sizeof shown);
    if (!decimal(s, 1) || *end) {
        cb_error("%s '%s' is not a number; give a decimal number from %g to %g.", opt, shown,
                 min, max);
        return -1;
    }
    /* a decimal too large for a double (1e999) is out of range, as is any value past
     * max; one too small (1e-999) reads as 0 and is judged as that */
    if (!isfinite(v) || v < min || v > max) {
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
    int huge = errno == ERANGE; /* past what a long holds */
    char shown[CB_PRINTABLE_LEN];
    cb_printable(s, shown, sizeof shown);
    if (!decimal(s, 0) || *end) {
        cb_error("%s '%s' is not a whole number; give one from %ld to %ld.", opt, shown, min,
                 max);
        return -1;
    }
    if (huge || v < min || v > max) {
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
        int huge = errno == ERANGE;
        if (!decimal(item, 0) || *end) {
            cb_error("%s '%s' is not a size; give a whole number of bytes from %zu to %zu.",
                     opt, item_shown, min, maxval);
            return -1;
        }
        if (huge || v < min || v > maxval) {
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
    int huge = errno == ERANGE;
    if (*s == '-' || *s == '+' || !decimal(s, 0) || *end) {
        cb_error("%s '%s' is not a whole number; give one from %llu to %llu.", opt, shown,
                 (unsigned long long)min, (unsigned long long)max);
        return -1;
    }
    if (huge || v < min || v > max) {
        cb_error("%s %s is out of range; give a whole number from %llu to %llu.", opt, shown,
                 (unsigned long long)min, (unsigned long long)max);
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

int cb_parse_percent(const char *opt, const char *s, double *out)
{
    char buf[64], shown[CB_PRINTABLE_LEN];
    size_t n = strlen(s);
    cb_printable(s, shown, sizeof shown);
    snprintf(buf, sizeof buf, "%s", s);
    if (n > 0 && n < sizeof buf && buf[n - 1] == '%')
        buf[n - 1] = '\0';
    double v = n < sizeof buf && decimal(buf, 1) ? strtod(buf, NULL) : NAN;
    if (isnan(v)) {
        cb_error("%s '%s' is not a percentage; give one above 0 and at most 100, such as 5%%.",
                 opt, shown);
        return -1;
    }
    /* 0 is refused by every command alike: with no margin an unchanged case can never
     * be told from a slower one, so the gate would only ever be undecided or fail */
    if (!(v > 0 && v <= 100)) {
        cb_error("%s %s is out of range; give a percentage above 0 and at most 100, such "
                 "as 0.5%%.", opt, shown);
        return -1;
    }
    *out = v;
    return 0;
}
