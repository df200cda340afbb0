/*
 * kernels/power/wipe_int.S - the secure wipe the ppc and ppc-hint digests call on their
 * context at the end of every digest (cb_digest_ops.wipe).  Assembled twice (see
 * family.mk): HINTS=1 gives wipe_ppc_hint_bytes, HINTS=0 wipe_ppc_bytes.
 *
 *     void wipe_<variant>_bytes(void *p, size_t len)
 *
 * Stores the compiler cannot drop: it is an out-of-line call it knows nothing
 * about.  Bytes up to an 8-byte boundary, doublewords, then the tail bytes; each
 * part is a counted loop on CTR closed by a bdnz, and its entry is guarded by a
 * beq/bne on the count or the alignment: the branches the 2012 code hinted, run on
 * every hash however short the message (the digest context is 8-byte aligned, so
 * for it only the doubleword loop and the guards run).
 *
 * Registers: r3 p (advanced), r4 len (remaining), r5 counts, r0 zero.
 */
#include "kernels/power/asm.h"

    .machine power7

FUNC_START(SYM(wipe, bytes))
    li r0, 0
    cmpldi cr1, r4, 8
    andi. r5, r3, 7
    bc_hint blt, cr1, .Ltail         # short: bytes only
    bc_hint beq, cr0, .Laligned
    subfic r5, r5, 8                 # bytes to the next 8-byte boundary
    sub r4, r4, r5
    mtctr r5
.Lhead:
    stb r0, 0(r3)
    addi r3, r3, 1
    bc_hint bdnz, .Lhead
.Laligned:
    srdi. r5, r4, 3                  # whole doublewords
    clrldi r4, r4, 61                # and the bytes after them
    bc_hint beq, cr0, .Ltail
    mtctr r5
.Lwords:
    std r0, 0(r3)
    addi r3, r3, 8
    bc_hint bdnz, .Lwords
.Ltail:
    cmpldi r4, 0
    bc_hint beqlr
    mtctr r4
.Lbytes:
    stb r0, 0(r3)
    addi r3, r3, 1
    bc_hint bdnz, .Lbytes
    blr
FUNC_END(SYM(wipe, bytes))

    .section .note.GNU-stack, "", @progbits
