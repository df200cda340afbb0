/*
 * tests/fuzz/fuzz_kat.c - libFuzzer target for whole known-answer files through the
 * kat engine (kernels/check/kat/kat.h): identification, every decoder, and every variant
 * of the build run on the cases that decode.
 *
 * The engine identifies a file by its name, so the first input byte picks one: the
 * names are every official file name kat knows, in the order of its kinds table
 * (cb_kat_kind_names, brace-expanded: SHA1ShortMsg.rsp, SHA1LongMsg.rsp, ...), then
 * "renamed.txt" once per algorithm, read with -alg naming it.  The rest of the input
 * is the file's content, written into a scratch folder (the engine reads a path),
 * in the subfolder a name includes for the kinds known by their folder too
 * (ChaCha20Poly1305/openssl.txt).
 * The corpus (corpus/kat/) keeps each seed's first byte on the name it was made for;
 * a kind added at the end of the table leaves them where they are.  ACVP's JSON files
 * (acvp-*.json seeds, from tests/data/acvp/) are known by their content under any
 * name, so their first byte matters not.
 *
 * On every input: a refused file says why in one line that names the file (or the
 * -alg that does not fit it); every variant that ran counted every case exactly once;
 * a file passes only when no variant failed; each failure shown has its line, label
 * and reason; no variant faults (there is no guard here: a fault is a crash).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/caps.h"
#include "kernels/check/kat/kat.h"
#include "kernels/registry.h"
#include "tests/fuzz/fuzz_common.h"

#define MAX_NAMES 512
#define NAME_LEN 64

/* names: every official file name, expanded once. */
static char names[MAX_NAMES][NAME_LEN];
static size_t nnames;

static void add_name(const char *name)
{
    if (nnames < MAX_NAMES && strlen(name) < NAME_LEN)
        snprintf(names[nnames++], NAME_LEN, "%s", name);
}

/* expand adds every name the shell would make of pattern's {a,b} groups (nested
 * ones too), the first group varying slowest, as the help text reads. */
static void expand(const char *pattern)
{
    const char *open = strchr(pattern, '{'), *close = NULL;
    int depth = 0;
    for (const char *q = open; q && *q && !close; q++) {
        depth += *q == '{';
        if (*q == '}' && --depth == 0)
            close = q;
    }
    if (!close) {
        add_name(pattern);
        return;
    }
    const char *alt = open + 1;
    depth = 0;
    for (const char *q = open + 1; q <= close; q++) {
        if (*q == '{') {
            depth++;
        } else if (*q == '}' && q != close) {
            depth--;
        } else if ((*q == ',' && depth == 0) || q == close) {
            char next[256];
            snprintf(next, sizeof next, "%.*s%.*s%s", (int)(open - pattern), pattern,
                     (int)(q - alt), alt, close + 1);
            expand(next);
            alt = q + 1;
        }
    }
}

/* scratch is the folder the files are written in, made on first use. */
static char scratch[] = "/tmp/cb-fuzz-kat-XXXXXX";

/* folder_of writes scratch/FOLDER for a name FOLDER/FILE; 0 when it has none. */
static int folder_of(const char *name, char *out, size_t len)
{
    const char *slash = strrchr(name, '/');
    if (!slash)
        return 0;
    snprintf(out, len, "%s/%.*s", scratch, (int)(slash - name), name);
    return 1;
}

static void remove_scratch(void)
{
    char dir[sizeof scratch + NAME_LEN + 1];
    for (size_t i = 0; i < nnames; i++)
        if (folder_of(names[i], dir, sizeof dir))
            rmdir(dir);
    rmdir(scratch);
}

static int setup(void)
{
    static int done, ok;
    if (done)
        return ok;
    done = 1;
    char err[256];
    if (cb_caps_init(0, err, sizeof err) != 0)
        abort(); /* the environment of a fuzz run sets no mask */
    for (size_t i = 0; i < cb_kat_kind_count(); i++) {
        char pattern[256];
        expand(cb_kat_kind_names(i, pattern, sizeof pattern, NULL));
    }
    if (nnames == 0 || !mkdtemp(scratch))
        return 0;
    atexit(remove_scratch);
    char dir[sizeof scratch + NAME_LEN + 1];
    for (size_t i = 0; i < nnames; i++) /* a folder shared by two names is made once */
        if (folder_of(names[i], dir, sizeof dir) && mkdir(dir, 0700) != 0 &&
            errno != EEXIST)
            return 0;
    return ok = 1;
}

/* check_refusal: one line that names the file, or the -alg that does not fit it. */
static void check_refusal(const cb_kat_result *res, const char *path)
{
    if (!res->err[0] || strchr(res->err, '\n') ||
        (!strstr(res->err, path) && strncmp(res->err, "-alg ", 5) != 0)) {
        fprintf(stderr, "refusal without the file named in one line: '%s'\n", res->err);
        abort();
    }
}

/* check_tallies: what the engine counted adds up. */
static void check_tallies(const cb_kat_result *res, cb_kat_status st)
{
    int any_failed = 0;
    if (res->cases == 0 && res->nskips == 0)
        abort(); /* a file without cases is refused, unless it said why none ran */
    for (size_t i = 0; i < res->ntallies; i++) {
        const cb_kat_tally *t = &res->tallies[i];
        unsigned long counted = t->passed + t->failed + t->skipped;
        if (t->unavailable[0] ? counted != 0 : counted != res->cases) {
            fprintf(stderr, "%s counted %lu of %lu cases\n", t->var->name, counted,
                    res->cases);
            abort();
        }
        for (unsigned long n = 0; n < t->failed && n < CB_KAT_SHOWN; n++)
            if (t->shown[n].line <= 0 || !t->shown[n].label[0] || !t->shown[n].why[0])
                abort();
        any_failed |= t->failed > 0;
    }
    if ((st == CB_KAT_FAILED) != any_failed)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || !setup())
        return 0;
    size_t pick = data[0] % (nnames + cb_alg_count());
    const char *alg = pick < nnames ? NULL : cb_alg_at(pick - nnames)->name;
    char path[sizeof scratch + NAME_LEN + 1];
    snprintf(path, sizeof path, "%s/%s", scratch, alg ? "renamed.txt" : names[pick]);
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0; /* no scratch space: nothing to learn about the code */
    fwrite(data + 1, 1, size - 1, f);
    if (fclose(f) != 0) {
        unlink(path);
        return 0;
    }
    cb_kat_opts o = {alg, NULL, cb_caps_effective(), NULL};
    cb_kat_result res;
    cb_kat_status st = cb_kat_run_file(path, &o, &res);
    if (st == CB_KAT_REFUSED)
        check_refusal(&res, path);
    else if (st == CB_KAT_FAULTED)
        abort();
    else
        check_tallies(&res, st);
    cb_kat_result_free(&res);
    unlink(path);
    return 0;
}
