/*
 * tests/fuzz/fuzz_common.c - the checks shared by the fuzz targets.
 */
#include "tests/fuzz/fuzz_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reports/compare/compare.h"
#include "reports/styles/styles.h"

void fuzz_check_error(const char *err, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(err, name, n) != 0 || err[n] != ':' || err[n + 1] < '0' || err[n + 1] > '9') {
        fprintf(stderr, "error without file:line: '%s'\n", err);
        abort();
    }
}

void fuzz_exercise(const cb_csv_set *set)
{
    size_t n = cb_csv_set_count(set), cut = n / 2;
    const cb_csv_row **rows = malloc((n + 1) * sizeof *rows);
    for (size_t i = 0; i < n; i++) {
        rows[i] = cb_csv_set_row(set, i);
        if (!isfinite(rows[i]->ops_per_sec) || rows[i]->ops_per_sec < 0)
            abort();
    }
    cb_compare_opts o = cb_compare_default_opts();
    o.gate = 1;
    o.threshold_pct = 5;
    cb_comparison c;
    memset(&c, 0, sizeof c);
    char err[1024];
    if (cb_compare_rows(&c, rows, cut, rows + cut, n - cut, &o, NULL, err, sizeof err) == 0) {
        for (size_t s = 0; s < cb_compare_style_count(); s++) {
            char *buf = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&buf, &len);
            cb_compare_render(&c, cb_compare_style_at(s)->name, f);
            fclose(f);
            free(buf);
        }
    }
    cb_comparison_free(&c);
    free(rows);
}

void fuzz_roundtrip(const cb_csv_set *set)
{
    char dir[] = "/tmp/cb-fuzz-XXXXXX", path[64], err[1024];
    if (!mkdtemp(dir))
        return; /* no scratch space: nothing to learn about the code */
    snprintf(path, sizeof path, "%s/rows.csv", dir);
    cb_csv_writer *w = cb_csv_open(path, err, sizeof err);
    if (!w)
        abort();
    size_t n = cb_csv_set_count(set);
    for (size_t i = 0; i < n; i++)
        if (cb_csv_write_row(w, cb_csv_set_row(set, i)) != 0)
            abort();
    if (cb_csv_commit(w, err, sizeof err) != 0)
        abort();
    cb_csv_set *back = cb_csv_set_new();
    if (cb_csv_read_file(back, path, err, sizeof err) != 0 || cb_csv_set_count(back) != n) {
        fprintf(stderr, "rows written do not read back: %s\n", err);
        abort();
    }
    cb_csv_set_free(back);
    unlink(path);
    rmdir(dir);
}
