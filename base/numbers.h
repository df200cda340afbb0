/*
 * base/numbers.h - numbers from outside input (the command line), read strictly:
 * exactly as typed, in range, or refused with one sentence naming the value (quoted
 * and shortened) and what would be accepted.  Every one takes decimal digits only
 * (no hexadecimal, no inf or nan), and a value too large to hold is out of range.
 */
#ifndef CB_NUMBERS_H
#define CB_NUMBERS_H

#include <stddef.h>
#include <stdint.h>

/* Number parsers: 0 on success, -1 after printing why the value is not accepted. */
int cb_parse_double(const char *opt, const char *s, double min, double max, double *out);
int cb_parse_long(const char *opt, const char *s, long min, long max, long *out);
/* cb_parse_u64 is cb_parse_long for counts past 32 bits (long is 32 bits on armhf). */
int cb_parse_u64(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* cb_parse_percent reads a threshold such as -fail-if-slower's: "P%" or "P", a
 * decimal number above 0 and at most 100. */
int cb_parse_percent(const char *opt, const char *s, double *out);

/*
 * cb_parse_size_list parses "16,64,1024" into out (at most max entries), each
 * between min and maxval.  Returns the count, or -1 after printing the problem.
 */
int cb_parse_size_list(const char *opt, const char *s, size_t min, size_t maxval,
                       size_t *out, size_t max);

#endif
