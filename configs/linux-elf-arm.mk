# 32-bit ARM (armhf), portable C only at -O2: OpenSSL's old linux-elf-arm build, the
# "before" column of the 2013 report.
TARGET_ARCH := arm
CROSS := arm-linux-gnueabihf-
OPT := -O2
FAMILIES :=
ARCH_CFLAGS :=
ARCH_LDFLAGS := -static
QEMU := qemu-arm
QEMU_CPUS := cortex-a8 cortex-a15 max
QEMU_RUN := $(QEMU) -cpu max
