# Host build on x86-64: the portable C kernels plus the x86_64 family.
TARGET_ARCH := x86_64
CROSS :=
OPT := -O2
# Files built at gcc's -O3 (HOT_OPT) instead of the build's -O2, where that measured
# faster on the development host (docs/x86_64.md "Files at -O3"): the portable
# Keccak-f[1600] that SHA-3, SHAKE and the ML-KEM/ML-DSA sponges share (311 -> 250 ns
# a permutation); ML-KEM's and ML-DSA's generic layers, whose loops gcc vectorises
# there (generic ML-KEM-768 from -35% to -15% of AWS-LC's portable build; generic
# ML-DSA-65 sign 520 -> 470 us, and the avx2 variant runs its rounding loops); and
# curve448's radix-2^56 field, whose 4x4 products and carries gcc unrolls there (X448
# from 0.9x to 1.6x of OpenSSL 3.0, Ed448 verification from 0.63x to 1.17x).
HOT_FILES := kernels/generic/sha3.c kernels/generic/mlkem.c kernels/generic/mldsa.c \
	kernels/generic/c448_r56.c
HOT_OPT := -O3
FAMILIES := x86_64
ARCH_CFLAGS :=
ARCH_LDFLAGS :=
QEMU_RUN :=
# check-cross also runs this build under qemu-x86_64 so dispatch is tested on CPUs
# older than the host: Nehalem (SSSE3), Westmere (+AES-NI, PCLMULQDQ), SandyBridge
# (+AVX), Haswell (+AVX2, BMI2), Broadwell (+ADX: the curve25519 variant mulx).  Not max: QEMU 7.2's 256-bit VAES gets the SP 800-38A
# answers wrong where this CPU gets them right; and TCG has no SHA extensions and
# no AVX-512.  Unit tests, kat and the command-line tests run natively instead.
QEMU := qemu-x86_64
QEMU_CPUS := Nehalem Westmere SandyBridge Haswell Broadwell
QEMU_MASKS := OPENSSL_ia32cap=~0x200000200000000 CRYPTOBENCH_CAPS=none
CROSS_CHECKS :=
