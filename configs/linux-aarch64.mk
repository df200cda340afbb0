# 64-bit ARM: portable C plus the ARMv8 family (Crypto Extensions, NEON fallbacks).
TARGET_ARCH := aarch64
# Debian's libssl3 for this architecture (scripts/foreign-libcrypto.sh), which
# check-cross loads as variant openssl.
DEB_ARCH := arm64
CROSS := aarch64-linux-gnu-
OPT := -O2
FAMILIES := armv8
ARCH_CFLAGS :=
# Linked dynamically (qemu-user runs it with the multiarch loader and libc) so that
# it can load a libcrypto with dlmopen: -variant openssl, -lib NAME=PATH.
ARCH_LDFLAGS :=
# Test programs link Debian's multiarch libcmocka (no static library) dynamically;
# qemu finds its loader and libraries where multiarch installed them (no -L: the
# cross toolchain's libc in /usr/<triple> is another build than that loader's).
TEST_ARCH_LDFLAGS :=
QEMU := qemu-aarch64
# cortex-a53, cortex-a57 (ARMv8.0) and neoverse-n1 (ARMv8.2): AES, PMULL, SHA-1,
# SHA-256; max, the widest and so last: every extension QEMU emulates (SHA-512,
# SHA-3 as well).
QEMU_CPUS := cortex-a53 cortex-a57 neoverse-n1 max
# Masks that turn the crypto instructions off (check-cross runs selftest under them).
QEMU_MASKS := CRYPTOBENCH_CAPS=-aes,-pmull,-sha1,-sha2,-sha512,-sha3,-sm4 OPENSSL_armcap=0x1 OPENSSL_armcap=0
QEMU_RUN := $(QEMU) -cpu max
# The forced mask that must die (check-cross): model, -lib-env pair, algorithm.
# cortex-a53 has no SHA-512 instructions, which OPENSSL_armcap bit 6 claims.
LIB_FAULT := cortex-a53 OPENSSL_armcap=0xff sha512
# caps -sweep with -force-caps on models without SHA-512 instructions (check-cross):
# algorithm, capability, models; the "+sha512 (forced)" row must raise SIGILL.
SWEEP_FORCED := sha512 sha512 cortex-a57 neoverse-n1
# The command-line tests check the same C on every target; an emulated run adds
# what the native x86-64 run cannot see: 32-bit long (linux-armv4's jobs) and big
# endian (linux-ppc64's).  A 64-bit little-endian target repeats the native run,
# so here: the unit tests and kat (check-cross's 30-minute budget).
CROSS_CHECKS := unit kat
