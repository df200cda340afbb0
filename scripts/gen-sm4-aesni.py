#!/usr/bin/env python3
# gen-sm4-aesni.py - derives the nibble tables of kernels/x86_64/sm4_aesni.c: the two
# affine maps IN and OUT of GF(2)^8 with S_sm4(x) = OUT(S_aes(IN(x))) for every byte.
#
# Both S-boxes are built here from their definitions: SM4's as A * inv(A * x + C) + C
# modulo x^8+x^7+x^6+x^5+x^4+x^2+1 (A the circulant of 0xd3 rotated right, C = 0xd3;
# kernels/generic/sm4_sbox.h), AES's as FIPS 197 5.1.1's affine map of the inverse
# modulo x^8+x^4+x^3+x+1.  phi maps SM4's field onto AES's: alpha^i -> beta^i for a
# root beta of SM4's polynomial in AES's field, a ring isomorphism (checked).  Then
#   IN(x)  = phi(A x + C)
#   OUT(s) = A phi^-1 L^-1 (s + 0x63) + C,  L the linear part of AES's affine map,
# checked on all 256 inputs, and printed as the four 16-byte tables the kernel
# reads with PSHUFB (the constant term of each map in its low-nibble table).
import sys

SM4_POLY, AES_POLY = 0x1F5, 0x11B


def mul(a, b, poly):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        if a & 0x100:
            a ^= poly
        b >>= 1
    return r


def inverse(a, poly):
    return next((b for b in range(1, 256) if mul(a, b, poly) == 1), 0) if a else 0


def parity(x):
    return bin(x).count("1") & 1


def sm4_affine(x):
    y = 0
    for i in range(8):
        row = ((0xD3 >> i) | (0xD3 << (8 - i))) & 0xFF
        y |= parity(x & row) << (7 - i)
    return y ^ 0xD3


def rotl8(x, n):
    return ((x << n) | (x >> (8 - n))) & 0xFF


def aes_affine(x):
    return x ^ rotl8(x, 1) ^ rotl8(x, 2) ^ rotl8(x, 3) ^ rotl8(x, 4) ^ 0x63


def matrix(f):
    """The linear map f as the images of the eight unit bytes."""
    return [f(1 << i) for i in range(8)]


def apply(m, x):
    y = 0
    for i in range(8):
        if x >> i & 1:
            y ^= m[i]
    return y


def invert(m):
    images = {apply(m, x): x for x in range(256)}
    assert len(images) == 256, "singular map"
    return [images[1 << i] for i in range(8)]


SM4 = [sm4_affine(inverse(sm4_affine(x), SM4_POLY)) for x in range(256)]
AES = [aes_affine(inverse(x, AES_POLY)) for x in range(256)]
assert SM4[0x00] == 0xD6 and SM4[0xFF] == 0x48 and AES[0x00] == 0x63 and AES[0x53] == 0xED


def root_map():
    for beta in range(2, 256):
        value, power = 0, 1
        for i in range(9):
            if SM4_POLY >> i & 1:
                value ^= power
            power = mul(power, beta, AES_POLY)
        if value:
            continue
        phi, power = [], 1
        for _ in range(8):
            phi.append(power)
            power = mul(power, beta, AES_POLY)
        if all(apply(phi, mul(a, b, SM4_POLY)) == mul(apply(phi, a), apply(phi, b), AES_POLY)
               for a in range(256) for b in range(0, 256, 17)):
            return phi
    sys.exit("no isomorphism found")


phi = root_map()
A = matrix(lambda x: sm4_affine(x) ^ 0xD3)
Linv = invert(matrix(lambda x: aes_affine(x) ^ 0x63))
phi_inv = invert(phi)


def IN(x):
    return apply(phi, apply(A, x) ^ 0xD3)


def OUT(s):
    return apply(A, apply(phi_inv, apply(Linv, s ^ 0x63))) ^ 0xD3


assert all(OUT(AES[IN(x)]) == SM4[x] for x in range(256))
tables = {
    "in_lo": [IN(i) for i in range(16)],
    "in_hi": [IN(i << 4) ^ IN(0) for i in range(16)],
    "out_lo": [OUT(i) for i in range(16)],
    "out_hi": [OUT(i << 4) ^ OUT(0) for i in range(16)],
}
for x in range(256):
    assert tables["in_lo"][x & 15] ^ tables["in_hi"][x >> 4] == IN(x)
    assert tables["out_lo"][x & 15] ^ tables["out_hi"][x >> 4] == OUT(x)
for name, t in tables.items():
    print("static const uint8_t %s[16] = {%s};" % (name, ", ".join("0x%02x" % v for v in t)))
