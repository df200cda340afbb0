# Portable C kernels only, -O2, on the host: the "before" column of any assembly port
# (OpenSSL's old linux-elf-arm style of build, with no assembly at all).
TARGET_ARCH := $(shell uname -m)
CROSS :=
OPT := -O2
FAMILIES :=
ARCH_CFLAGS :=
ARCH_LDFLAGS :=
QEMU_RUN :=
