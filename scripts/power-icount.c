/*
 * scripts/power-icount.c - runs one benchmark case a fixed number of times, for
 * scripts/power-icount.sh to count guest instructions under QEMU's plugin.
 *
 * `cryptobench speed` runs for a time, so how much work it did under the plugin is
 * not known exactly; this driver does exactly n operations through the same
 * cb_inst path `speed` times, so two runs with different n differ by exactly the
 * work of the extra operations.  It is linked against libcryptobench.a and is not
 * part of the cryptobench binary.
 *
 *     power-icount ALG VARIANT DIRECTION BYTES N
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/common.h"
#include "kernels/inst.h"
#include "kernels/registry.h"

/* parse_dir maps a direction name to cb_dir; -1 when unknown. */
static int parse_dir(const char *s)
{
    for (int d = 0; d < CB_DIR_COUNT; d++)
        if (strcmp(s, cb_dir_name((cb_dir)d)) == 0)
            return d;
    return -1;
}

int main(int argc, char **argv)
{
    char err[256];
    if (argc != 6) {
        fprintf(stderr, "usage: power-icount ALG VARIANT DIRECTION BYTES N\n");
        return CB_EXIT_USAGE;
    }
    const cb_alg *a = cb_alg_find(argv[1]);
    const cb_variant *v = a ? cb_variant_find(a, argv[2]) : NULL;
    int d = parse_dir(argv[3]);
    size_t len = strtoul(argv[4], NULL, 10);
    uint64_t n = strtoull(argv[5], NULL, 10);
    if (!v || d < 0 || !cb_inst_len_ok(a, len, err, sizeof err)) {
        fprintf(stderr, "power-icount: no case %s/%s/%s at %s bytes\n", argv[1], argv[2],
                argv[3], argv[4]);
        return CB_EXIT_USAGE;
    }
    cb_inst *x = cb_inst_new(a, v, (cb_dir)d, 0, err, sizeof err);
    uint8_t *in = cb_aligned_alloc(64, len + 16), *out = cb_aligned_alloc(64, len + 16);
    if (!x || cb_inst_prepare(x, in, len, err, sizeof err) != 0) {
        fprintf(stderr, "power-icount: %s\n", err);
        return CB_EXIT_USAGE;
    }
    cb_inst_run(x, in, out, len, n);
    int failed = cb_inst_failures(x) != 0;
    cb_inst_free(x);
    free(in);
    free(out);
    return failed ? CB_EXIT_FAIL : CB_EXIT_OK;
}
