# 64-bit little-endian POWER (ELFv2 ABI), POWER8 and later.
TARGET_ARCH := ppc64le
# Debian's libssl3 for this architecture (scripts/foreign-libcrypto.sh), which
# check-cross loads as variant openssl.
DEB_ARCH := ppc64el
CROSS := powerpc64le-linux-gnu-
OPT := -O2
FAMILIES := power
ARCH_CFLAGS := -mcpu=power8 -mabi=elfv2
# Linked dynamically (qemu-user runs it with the multiarch loader and libc) so that
# it can load a libcrypto with dlmopen: -variant openssl, -lib NAME=PATH.
ARCH_LDFLAGS :=
# Test programs link Debian's multiarch libcmocka (no static library) dynamically;
# qemu finds its loader and libraries where multiarch installed them (no -L: the
# cross toolchain's libc in /usr/<triple> is another build than that loader's).
TEST_ARCH_LDFLAGS :=
QEMU := qemu-ppc64le
# power8: ISA 2.07 with vector crypto; power9: ISA 3.0; power10: ISA 3.1.
QEMU_CPUS := power8 power9 power10
QEMU_MASKS := CRYPTOBENCH_CAPS=-vcrypto OPENSSL_ppccap=0x2 OPENSSL_ppccap=0
QEMU_RUN := $(QEMU) -cpu power9
# As linux-aarch64: a 64-bit little-endian target repeats the native command-line
# run (linux-ppc64's jobs run it big-endian on the same kernels): unit tests and kat.
CROSS_CHECKS := unit kat
