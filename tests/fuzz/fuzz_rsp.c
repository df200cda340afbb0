/*
 * tests/fuzz/fuzz_rsp.c - libFuzzer target for the CAVP .rsp reader
 * (kernels/check/kat/rsp.c): every record, every field decoded as hex and as a number.
 * A rejected input must be named "FILE:LINE: ..."; nothing may crash or leak.
 */
#include <stdlib.h>
#include <string.h>

#include "kernels/check/kat/rsp.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cb_rsp r;
    cb_rsp_open_mem(&r, "fuzz.rsp", (const char *)data, size);
    cb_rsp_record rec;
    int got;
    while ((got = cb_rsp_next(&r, &rec)) == 1) {
        for (size_t i = 0; i < rec.nfields; i++) {
            uint8_t *bytes = NULL;
            size_t len = 0;
            if (cb_rsp_hex(&r, &rec.fields[i], &bytes, &len) == 0 &&
                len * 2 > strlen(rec.fields[i].value))
                abort(); /* more bytes than the digits could hold */
            free(bytes);
            unsigned long v;
            if (cb_rsp_uint(&r, &rec.fields[i], 1000000, &v) == 0 && v > 1000000)
                abort();
        }
        const cb_rsp_field *f = cb_rsp_get(&rec, "COUNT");
        if (f && !f->value)
            abort();
    }
    if (got < 0)
        fuzz_check_error(r.err, "fuzz.rsp");
    cb_rsp_close(&r);
    return 0;
}
