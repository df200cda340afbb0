/*
 * kernels/wipe.c - the portable secure wipe the digest layer calls on its context.
 */
#include "kernels/kernel.h"

void cb_wipe(void *p, size_t len)
{
    /* Writing through a volatile pointer keeps the compiler from dropping the stores
     * as dead, which it may do for a plain memset on memory about to go out of scope. */
    volatile unsigned char *v = p;
    while (len--)
        *v++ = 0;
}
