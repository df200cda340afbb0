/*
 * scripts/icount-driver.c - a fixed amount of work for guest instruction counting:
 * N benchmark operations (kernels/inst.h) of one algorithm, variant and direction on
 * blocks of BYTES bytes, and nothing else that depends on time.
 *
 * `cryptobench speed` calibrates its batches against the clock, so under QEMU the
 * number of operations it runs is not repeatable (`speed -iterations` fixes that, but
 * runs sign and verify together); scripts/armv4-icount.sh and power-icount.sh run this
 * program twice with different N under the instruction-counting plugin and divides
 * the difference in instructions by the difference in bytes, so start-up, keying and
 * the check cancel out.
 *
 * Built by `make CONFIG=... build/CONFIG/icount-driver`; not part of cryptobench.
 *
 * Usage: icount-driver ALG VARIANT encrypt|decrypt|digest|sign|verify BYTES N
 * Exit status: 0 done, 1 a tag check failed, 2 bad arguments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/caps.h"
#include "base/common.h"
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
        fprintf(stderr, "usage: icount-driver ALG VARIANT DIRECTION BYTES N\n");
        return 2;
    }
    if (cb_caps_init(0, err, sizeof err) != 0) {
        fprintf(stderr, "icount-driver: %s\n", err);
        return 2;
    }
    const cb_alg *a = cb_alg_find(argv[1]);
    const cb_variant *v = a ? cb_variant_find(a, argv[2]) : NULL;
    int d = parse_dir(argv[3]);
    long bytes = strtol(argv[4], NULL, 10), n = strtol(argv[5], NULL, 10);
    if (!v || d < 0 || bytes <= 0 || n < 0) {
        fprintf(stderr, "icount-driver: no variant %s of %s in direction %s, or a bad size"
                        " (%s) or count (%s)\n", argv[2], argv[1], argv[3], argv[4], argv[5]);
        return 2;
    }
    cb_inst *x = cb_inst_new(a, v, (cb_dir)d, 0, err, sizeof err);
    if (!x) {
        fprintf(stderr, "icount-driver: %s\n", err);
        return 2;
    }
    uint8_t *in = cb_aligned_alloc(64, (size_t)bytes), *out = cb_aligned_alloc(64, (size_t)bytes);
    memset(in, 0xa5, (size_t)bytes);
    if (cb_inst_prepare(x, in, (size_t)bytes, err, sizeof err) != 0) {
        fprintf(stderr, "icount-driver: %s\n", err);
        return 2;
    }
    cb_inst_run(x, in, out, (size_t)bytes, (uint64_t)n);
    int failed = cb_inst_failures(x) != 0;
    cb_inst_free(x);
    free(in);
    free(out);
    return failed;
}
