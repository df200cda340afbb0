# 64-bit little-endian POWER (ELFv2 ABI), POWER8 and later.
TARGET_ARCH := ppc64le
CROSS := powerpc64le-linux-gnu-
OPT := -O2
FAMILIES := power
ARCH_CFLAGS := -mcpu=power8
ARCH_LDFLAGS := -static
QEMU := qemu-ppc64le
QEMU_CPUS := power8 power9 power10
QEMU_RUN := $(QEMU) -cpu power9
