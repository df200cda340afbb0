# 32-bit ARM (armhf) at -O3 with the armv4 assembly family: the "after" column of
# the 2013 report (OpenSSL's linux-armv4 config).
TARGET_ARCH := arm
CROSS := arm-linux-gnueabihf-
OPT := -O3
FAMILIES := armv4
ARCH_CFLAGS :=
ARCH_LDFLAGS := -static
QEMU := qemu-arm
QEMU_CPUS := cortex-a8 cortex-a15 max
QEMU_RUN := $(QEMU) -cpu max
