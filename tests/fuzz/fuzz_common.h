/*
 * tests/fuzz/fuzz_common.h - what both fuzz targets check on every input: a
 * rejected input is named "file:line: ...", an accepted one yields rows the
 * comparison and every renderer can digest (and, for imports, rows that survive
 * being written and read back).
 */
#ifndef CB_FUZZ_COMMON_H
#define CB_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "reports/csv/csv.h"

/* LLVMFuzzerTestOneInput is libFuzzer's entry point (and the replay driver's). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* fuzz_check_error aborts unless err starts with "name:" and a line number. */
void fuzz_check_error(const char *err, const char *name);

/* fuzz_exercise compares the first half of set's rows with the second and renders
 * the result in every style, aborting on an impossible number. */
void fuzz_exercise(const cb_csv_set *set);

/* fuzz_roundtrip writes set's rows as a CSV file and reads it back with the strict
 * reader, aborting unless every row comes back: what `import` writes, `compare`
 * must read. */
void fuzz_roundtrip(const cb_csv_set *set);

/* fuzz_check_text aborts unless text (len bytes, what names it) is well-formed UTF-8
 * with no C0 control byte but newline and tab: what a writer hands a terminal, a CI
 * service or a browser. */
void fuzz_check_text(const char *text, size_t len, const char *what);

/* fuzz_check_json aborts unless text is one well-formed JSON value (RFC 8259). */
void fuzz_check_json(const char *text, size_t len, const char *what);

#endif
