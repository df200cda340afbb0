# Host build on x86-64: the portable C kernels plus the x86_64 family.
TARGET_ARCH := x86_64
CROSS :=
OPT := -O2
FAMILIES := x86_64
ARCH_CFLAGS :=
ARCH_LDFLAGS :=
QEMU_RUN :=
