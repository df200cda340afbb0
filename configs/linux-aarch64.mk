# 64-bit ARM: portable C plus the ARMv8 family (Crypto Extensions, NEON fallbacks).
TARGET_ARCH := aarch64
CROSS := aarch64-linux-gnu-
OPT := -O2
FAMILIES := armv8
ARCH_CFLAGS :=
ARCH_LDFLAGS := -static
QEMU := qemu-aarch64
QEMU_CPUS := cortex-a53 cortex-a57 max
QEMU_RUN := $(QEMU) -cpu max
