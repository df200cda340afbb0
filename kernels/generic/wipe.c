/*
 * kernels/generic/wipe.c - the portable secure wipe the digest layer calls on its context.
 */
#include <string.h>

#include "kernels/kernel.h"

void cb_wipe(void *p, size_t len)
{
    memset(p, 0, len);
    /* The empty asm takes p as an input and clobbers memory, so the compiler must
     * assume the zeroed bytes are read and cannot drop the memset as a dead store
     * to memory about to go out of scope.  (A byte loop through a volatile pointer
     * does the same but costs a sixth of a 16-byte SHA-256 digest.) */
    __asm__ __volatile__("" : : "r"(p) : "memory");
}
