/*
 * kernels/power/p8.h - what the POWER8 vector-crypto sources (*_p8.S) share: vector
 * register saving, block loads and stores in either byte order, and the frame
 * layout.  Included only from .S files, after asm.h.
 *
 * Byte order.  The vector instructions number register bytes from the most
 * significant (byte 0) on either endianness, and vcipher, vpmsumd and vshasigma see
 * a block as FIPS 197 and SP 800-38D write it when register byte i holds block byte
 * i.  lxvd2x / stxvd2x move two doublewords, each in the CPU's byte order: on
 * big-endian that is already register byte i = memory byte i; on little-endian each
 * doubleword arrives byte-reversed, and one vperm with PERM = {7,6,..,0,15,..,8}
 * (lvsl's {0..15} xor 7) puts it right.  Round keys and SHA-2 constants are arrays
 * of native words, which lxvw4x (lxvd2x for 64-bit words) loads as element i = word
 * i on either endianness, so they need no permutation.
 *
 * Frame.  The kernels need no stack frame: the 288-byte area below the stack
 * pointer, which both ABIs leave to leaf functions, holds v20..v31 (VR_SLOT) and a
 * few GPRs below them (P8_GPR_SLOT).
 */
#ifndef CB_POWER_P8_H
#define CB_POWER_P8_H

    .machine power8

/* VR_OFF(n): the offset from r1 where v<n> (20..31) is saved. */
#define VR_OFF(n) (-16 * ((n) - 19))
/* P8_GPR_SLOT(i): slot i (0..11) for a GPR, below the vector slots. */
#define P8_GPR_SLOT(i) (-200 - 8 * (i))(r1)

/* vrs op, first, last, tmp: op (stvx or lvx) v<first>..v<last> to or from VR_OFF,
 * tmp holding each offset. */
.macro vrs op, first, last, tmp
.irp n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
.if \n >= \first && \n <= \last
    li \tmp, VR_OFF(\n)
    \op \n, r1, \tmp
.endif
.endr
.endm

/* make_perm p, t, tmp, size: on little-endian, p = the fix that reverses the bytes
 * of each element of size bytes (8: the doubleword fix above; 4 for words): lvsl's
 * {0..15} ^ (size - 1).  t is clobbered, tmp set to 0; nothing on big-endian. */
.macro make_perm p, t, tmp, size=8
#if CB_LITTLE_ENDIAN
    li \tmp, 0
    lvsl \p, 0, \tmp
    vspltisb \t, \size - 1
    vxor \p, \p, \t
#endif
.endm

/* fix x, p: x in memory order <-> register order (little-endian only). */
.macro fix x, p
#if CB_LITTLE_ENDIAN
    vperm \x, \x, \x, \p
#endif
.endm

/* ld_block x, ra, rb, p: x = the 16 bytes at ra + rb, byte i in register byte i. */
.macro ld_block x, ra, rb, p
    lxvd2x VSR(\x), \ra, \rb
    fix \x, \p
.endm

/* st_block x, ra, rb, p, t: the 16 bytes at ra + rb = x (t: a scratch register for
 * little-endian, so that x survives). */
.macro st_block x, ra, rb, p, t
#if CB_LITTLE_ENDIAN
    vperm \t, \x, \x, \p
    stxvd2x VSR(\t), \ra, \rb
#else
    stxvd2x VSR(\x), \ra, \rb
#endif
.endm

#endif
