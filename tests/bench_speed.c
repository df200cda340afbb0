/*
 * tests/bench_speed.c - `cryptobench speed` with one more variant of sha256, slow10
 * (generic plus exactly 10% more compression work, tests/bench_slow.h), for the
 * separate-run gate trials of `make bench` (scripts/bench-separate.sh), which run
 * one process per side as CI does.  Not a test, not part of cryptobench.
 */
#include <stdio.h>
#include <string.h>

#include "base/common.h"
#include "cli/commands.h"
#include "tests/bench_slow.h"

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "speed") != 0) {
        fprintf(stderr, "usage: bench_speed speed [speed's options]\n");
        return CB_EXIT_USAGE;
    }
    bench_slow_register("slow10", 10);
    return cb_stdout_finish(cb_cmd_speed(argc - 1, argv + 1));
}
