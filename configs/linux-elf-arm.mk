# 32-bit ARM (armhf), portable C only at -O2: OpenSSL's old linux-elf-arm build, the
# "before" column of the 2013 report.
TARGET_ARCH := arm
# Debian's libssl3 for this architecture (scripts/foreign-libcrypto.sh), which
# check-cross loads as variant openssl.
DEB_ARCH := armhf
CROSS := arm-linux-gnueabihf-
OPT := -O2
FAMILIES :=
ARCH_CFLAGS :=
# Linked dynamically (qemu-user runs it with the multiarch loader and libc) so that
# it can load a libcrypto with dlmopen: -variant openssl, -lib NAME=PATH.
ARCH_LDFLAGS :=
# Test programs link Debian's multiarch libcmocka (no static library) dynamically;
# qemu finds its loader and libraries where multiarch installed them (no -L: the
# cross toolchain's libc in /usr/<triple> is another build than that loader's).
TEST_ARCH_LDFLAGS :=
QEMU := qemu-arm
# cortex-a8, cortex-a15: ARMv7 with NEON, no crypto; max: AArch32 AES, PMULL, SHA.
QEMU_CPUS := cortex-a8 cortex-a15 max
QEMU_MASKS := CRYPTOBENCH_CAPS=-aes,-pmull,-sha1,-sha2 OPENSSL_armcap=0
QEMU_RUN := $(QEMU) -cpu max
# kat, the command-line tests and the library's kat run in linux-armv4's jobs on the
# same architecture and QEMU models (this build's code is linux-armv4's generic rows
# at another -O): here the unit tests, every selftest and the dispatch table.  They
# were a fifth of check-cross's time.
CROSS_CHECKS := unit
