/*
 * tests/bench_slow.h - a kernel slowed by an exact amount, for `make bench`'s gate
 * trials (not a test, not part of cryptobench).
 */
#ifndef CB_BENCH_SLOW_H
#define CB_BENCH_SLOW_H

#include "kernels/registry.h"

/*
 * bench_slow_register registers and returns a sha256 variant called name: the
 * generic compression plus one more for every `per` blocks, the remainder carried
 * from call to call, so exactly 1 / per more work (per 100: 1%; per 10: 10%).  One
 * such variant per process.
 */
const cb_variant *bench_slow_register(const char *name, unsigned per);

#endif
