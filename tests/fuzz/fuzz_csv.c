/*
 * tests/fuzz/fuzz_csv.c - libFuzzer target for the CSV reader (and, through the
 * rows it accepts, compare and its renderers).
 */
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024];
    cb_csv_set *set = cb_csv_set_new();
    if (cb_csv_read_buffer(set, "fuzz.csv", (const char *)data, size, err, sizeof err) == 0)
        fuzz_exercise(set);
    else
        fuzz_check_error(err, "fuzz.csv");
    cb_csv_set_free(set);
    return 0;
}
