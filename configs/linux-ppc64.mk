# 64-bit big-endian POWER (ELFv1 ABI), tuned for POWER7: the 2012 branch-hint report.
TARGET_ARCH := ppc64
CROSS := powerpc64-linux-gnu-
OPT := -O2
FAMILIES := power
ARCH_CFLAGS := -mcpu=power7
ARCH_LDFLAGS := -static
QEMU := qemu-ppc64
QEMU_CPUS := power7 power8
QEMU_RUN := $(QEMU) -cpu power8
