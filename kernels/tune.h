/*
 * kernels/tune.h - a tuning file: which variant auto takes, per algorithm, direction
 * and range of block sizes, as `cryptobench audit -o FILE.tune` measured it on one
 * machine.
 *
 * The format (docs/audit.md), text, one item a line, '#' starting a comment line:
 *
 *   cryptobench-tune 1
 *   cpu: AMD EPYC
 *   caps: ssse3,aesni,pclmul,avx,avx2,sha,vaes
 *   build: revision 350f311, config linux-x86_64
 *   aes-128-cbc decrypt 16 48 aesni-i4
 *   aes-128-cbc decrypt 64 16384 vaes-avx2
 *
 * The header keys the file to the CPU (its model string as `caps` shows it), the
 * capability set in force and the build (as speed's "built on:" line), so a file
 * made elsewhere is refused rather than followed; each range line says algorithm,
 * direction, the first and last block size it covers (0 0 for a public-key
 * algorithm, which has no size) and the variant.  Ranges of one algorithm and
 * direction may not overlap.  Sizes outside every range are auto's as usual.
 */
#ifndef CB_TUNE_H
#define CB_TUNE_H

#include <stddef.h>
#include <stdio.h>

#include "base/caps.h"
#include "kernels/kernel.h"

/* CB_TUNE_MAGIC: the first line, with the format's version. */
#define CB_TUNE_MAGIC "cryptobench-tune 1"
#define CB_TUNE_MAX_RANGES 4096

/* cb_tune_range: one line of the file. */
typedef struct cb_tune_range {
    const cb_alg *alg;
    cb_dir dir;
    size_t from, to;          /* block sizes, both included */
    const cb_variant *var;
    unsigned line;            /* where it was read (0: made, not read) */
} cb_tune_range;

/* cb_tune: a tuning file in memory. */
typedef struct cb_tune {
    char cpu[256], caps[512], build[256]; /* the header */
    cb_tune_range *r;
    size_t n, cap;
    char name[256];           /* the file as named (for the records), "" when none */
    char sum[17];             /* FNV-1a 64 of its bytes, in hex, for the records */
} cb_tune;

/*
 * cb_tune_parse reads a tuning file's text (len bytes) into t, which it initialises.
 * Every line is checked: the first must be CB_TUNE_MAGIC, the header's three fields
 * must each come once before the first range, an algorithm, direction or variant
 * must be one of this build, sizes numbers with from <= to, ranges apart.  On bad
 * input it writes one sentence to err naming the line ("line 7: 'aes-128-cbc
 * sideways 16 32 x' has no direction sideways; ...") and returns -1 (t freed).
 */
int cb_tune_parse(cb_tune *t, const char *text, size_t len, char *err, size_t errlen);

/* cb_tune_add appends a range, merging it into the last when that one is the same
 * algorithm, direction and variant and ends just before it (writers build with it). */
void cb_tune_add(cb_tune *t, const cb_alg *a, cb_dir d, size_t from, size_t to,
                 const cb_variant *v);

/* cb_tune_write writes t as a file (header, then its ranges in order); -1 on a write
 * error. */
int cb_tune_write(const cb_tune *t, FILE *f);

/* cb_tune_lookup: the variant t names for a in d at block size len, or NULL when no
 * range covers it. */
const cb_variant *cb_tune_lookup(const cb_tune *t, const cb_alg *a, cb_dir d, size_t len);

/* cb_tune_sum: FNV-1a 64 of len bytes as 16 hex digits into sum[17]. */
void cb_tune_sum(const char *text, size_t len, char sum[17]);

void cb_tune_free(cb_tune *t);

#endif
