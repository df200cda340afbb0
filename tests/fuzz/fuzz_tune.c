/*
 * tests/fuzz/fuzz_tune.c - libFuzzer target for tuning files (kernels/tune.c): a
 * refusal is one printable sentence that names a line (or says the file is empty);
 * an accepted file has ranges with FIRST <= LAST that do not overlap, and written
 * back it reads again to the same ranges.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/tune.h"
#include "tests/fuzz/fuzz_common.h"

static void check_refusal(const char *err)
{
    if (!err[0] || (strncmp(err, "line ", 5) != 0 && strncmp(err, "the file is empty", 17)))
        abort();
    for (const char *c = err; *c; c++)
        if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
            abort(); /* raw outside input in a message */
}

static void check_ranges(const cb_tune *t)
{
    for (size_t i = 0; i < t->n; i++) {
        if (t->r[i].from > t->r[i].to || !t->r[i].alg || !t->r[i].var)
            abort();
        for (size_t j = 0; j < i; j++)
            if (t->r[j].alg == t->r[i].alg && t->r[j].dir == t->r[i].dir &&
                t->r[i].from <= t->r[j].to && t->r[j].from <= t->r[i].to)
                abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512] = "";
    cb_tune t;
    if (cb_tune_parse(&t, (const char *)data, size, err, sizeof err) != 0) {
        check_refusal(err);
        return 0;
    }
    check_ranges(&t);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f || cb_tune_write(&t, f) != 0)
        abort();
    fclose(f);
    cb_tune again;
    if (cb_tune_parse(&again, buf, len, err, sizeof err) != 0 || again.n != t.n)
        abort();
    for (size_t i = 0; i < t.n; i++)
        if (again.r[i].alg != t.r[i].alg || again.r[i].dir != t.r[i].dir ||
            again.r[i].from != t.r[i].from || again.r[i].to != t.r[i].to ||
            again.r[i].var != t.r[i].var)
            abort();
    if (strcmp(again.cpu, t.cpu) || strcmp(again.caps, t.caps) || strcmp(again.build, t.build))
        abort();
    cb_tune_free(&again);
    cb_tune_free(&t);
    free(buf);
    return 0;
}
