/*
 * tests/fuzz/fuzz_args.c - libFuzzer target for the command line's number parsers
 * (base/numbers.c): every value is taken exactly as typed and lands in its range, or is
 * refused.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/numbers.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *s = malloc(size + 1);
    memcpy(s, data, size);
    s[size] = '\0';
    /* whatever is accepted was typed as a number: no blank skipped in front */
    int blank_first = size > 0 && (s[0] == ' ' || (s[0] >= '\t' && s[0] <= '\r'));
    double d;
    if (cb_parse_double("-seconds", s, 0.001, 86400, &d) == 0 && blank_first)
        abort();
    if (cb_parse_double("-seconds", s, 0.001, 86400, &d) == 0 &&
        (!isfinite(d) || d < 0.001 || d > 86400))
        abort();
    long l;
    if (cb_parse_long("-multi", s, 1, 1024, &l) == 0 && (l < 1 || l > 1024))
        abort();
    uint64_t u;
    if (cb_parse_u64("-iterations", s, 1, UINT64_C(1000000000000), &u) == 0 &&
        (u < 1 || u > UINT64_C(1000000000000) || blank_first))
        abort();
    size_t sizes[8];
    int n = cb_parse_size_list("-bytes", s, 1, 1u << 26, sizes, 8);
    if (n > 8)
        abort();
    for (int i = 0; i < n; i++)
        if (sizes[i] < 1 || sizes[i] > (1u << 26))
            abort();
    free(s);
    return 0;
}
