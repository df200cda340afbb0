/*
 * tests/fuzz/fuzz_plot.c - libFuzzer target for `plot` (reports/plot/): the input is
 * a results CSV, read through the file path plot takes (a memory file); whatever it
 * accepts is drawn as one SVG document of well-formed text, and whatever it refuses
 * is one sentence naming the file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "reports/plot/plot.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("fuzz-plot", 0);
        if (fd < 0)
            abort();
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    char err[1024];
    const char *paths[1] = {path};
    cb_plot *p = cb_plot_load(paths, 1, err, sizeof err);
    if (!p) {
        if (strncmp(err, path, strlen(path)) != 0 && !strstr(err, "nothing"))
            fprintf(stderr, "refusal naming no file: '%s'\n", err);
        fuzz_check_text(err, strlen(err), "plot's refusal");
        return 0;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (cb_plot_svg(f, p, NULL) != 0)
        abort();
    fclose(f);
    fuzz_check_text(buf, len, "plot's SVG");
    if (strncmp(buf, "<svg ", 5) != 0 && strncmp(buf, "<?xml ", 6) != 0)
        abort();
    if (len < 7 || !strstr(buf + len - 8, "</svg>"))
        abort();
    free(buf);
    cb_plot_free(p);
    return 0;
}
