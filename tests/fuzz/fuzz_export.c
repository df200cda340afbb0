/*
 * tests/fuzz/fuzz_export.c - libFuzzer target for `export` (reports/export/): the
 * input is a results CSV; whatever rows the reader accepts, every format of the one
 * table (formats.h) writes them as well-formed text, the JSON formats as one JSON
 * value and JUnit as an XML document, whatever bytes the CSV's strings hold.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/export/export.h"
#include "reports/export/formats.h"
#include "tests/fuzz/fuzz_common.h"

#define NAME_OF(name, write, failures, gate, what) name,
static const char *const formats[] = {CB_EXPORT_FORMATS(NAME_OF)};
#undef NAME_OF

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024];
    cb_csv_set *set = cb_csv_set_new();
    if (cb_csv_read_buffer(set, "fuzz.csv", (const char *)data, size, err, sizeof err) != 0) {
        fuzz_check_error(err, "fuzz.csv");
        cb_csv_set_free(set);
        return 0;
    }
    cb_export_cases cs;
    memset(&cs, 0, sizeof cs);
    if (cb_export_group(set, &cs, err, sizeof err) == 0) {
        for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
            const cb_export_format *fm = cb_export_format_find(formats[i]);
            if (!fm)
                abort(); /* the table and its lookup disagree */
            char *buf = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&buf, &len);
            fm->write(&cs, f);
            fclose(f);
            if (strcmp(fm->name, "bmf") == 0 || strcmp(fm->name, "github") == 0)
                fuzz_check_json(buf, len, fm->name);
            else
                fuzz_check_text(buf, len, fm->name);
            if (strcmp(fm->name, "junit") == 0 && strncmp(buf, "<?xml ", 6) != 0)
                abort();
            if (fm->failures && fm->failures(&cs) > cs.n)
                abort(); /* more failed cases than cases */
            free(buf);
        }
    }
    cb_export_cases_free(&cs);
    cb_csv_set_free(set);
    return 0;
}
