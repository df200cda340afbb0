/*
 * tests/fuzz/fuzz_import.c - libFuzzer target for the openssl-speed / tcrypt
 * importer (and compare over what it imports, and the strict reader over what it
 * writes).
 */
#include <string.h>

#include "reports/import/import.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024];
    cb_import_opts o;
    memset(&o, 0, sizeof o);
    cb_csv_set *set = cb_csv_set_new();
    if (cb_import_buffer(set, "fuzz.log", (const char *)data, size, &o, NULL, err,
                         sizeof err) > 0) {
        fuzz_exercise(set);
        fuzz_roundtrip(set);
    } else {
        fuzz_check_error(err, "fuzz.log");
    }
    cb_csv_set_free(set);
    return 0;
}
