/*
 * tests/fuzz/replay.c - runs a fuzz target over its corpus without libFuzzer, so
 * `make check` replays every saved input with the ordinary compiler (and under the
 * sanitizers in `make check-asan`).  Usage: replay FILE|DIR...
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/fuzz/fuzz_common.h"

static size_t replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        exit(2);
    }
    size_t cap = 1 << 16, n = 0, got;
    unsigned char *buf = malloc(cap);
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 1;
}

static size_t replay(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return replay_file(path);
    DIR *d = opendir(path);
    struct dirent *e;
    size_t count = 0;
    char p[4096];
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(p, sizeof p, "%s/%s", path, e->d_name);
        count += replay(p);
    }
    if (d)
        closedir(d);
    return count;
}

int main(int argc, char **argv)
{
    size_t count = 0;
    for (int i = 1; i < argc; i++)
        count += replay(argv[i]);
    printf("replay: %zu passed, 0 failed\n", count);
    return 0;
}
