# 32-bit ARM (armhf) at -O3 with the armv4 assembly family: the "after" column of
# the 2013 report (OpenSSL's linux-armv4 config).
TARGET_ARCH := arm
# Debian's libssl3 for this architecture (scripts/foreign-libcrypto.sh), which
# check-cross loads as variant openssl.
DEB_ARCH := armhf
CROSS := arm-linux-gnueabihf-
OPT := -O3
FAMILIES := armv4
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
# The forced mask that must die (check-cross): model, -lib-env pair, algorithm; the
# 2021 report's Cortex-A7 finding (no AES or PMULL instructions) on a Cortex-A15.
LIB_FAULT := cortex-a15 OPENSSL_armcap=0xff aes-256-gcm
# caps -sweep of Debian's armhf libcrypto (check-cross): model, algorithm, and the
# OpenSSL bits that set alone must raise SIGILL there (the 2021 report's findings).
LIB_SWEEP := cortex-a15 aes-256-gcm ARMV8_AES,ARMV8_PMULL
