# 64-bit big-endian POWER (ELFv1 ABI), tuned for POWER7: the 2012 branch-hint report.
# Debian's powerpc64-linux-gnu-gcc already defaults to ELFv1 (_CALL_ELF == 1);
# -mabi=elfv1 says so explicitly, so a toolchain with another default fails loudly.
TARGET_ARCH := ppc64
CROSS := powerpc64-linux-gnu-
OPT := -O2
FAMILIES := power
ARCH_CFLAGS := -mcpu=power7 -mabi=elfv1
ARCH_LDFLAGS := -static
# Debian has no big-endian ppc64 libc to link against dynamically, so this build
# cannot load libraries (-lib, -variant openssl say so).
CONFIG_CPPFLAGS := -DCB_NO_DLOPEN
# Debian has no cmocka for big-endian ppc64 (it is not a release architecture), so
# only the ABI self-check, selftest, kat and the command-line tests run here.
NO_CMOCKA := 1
QEMU := qemu-ppc64
# power7: AltiVec and VSX; power8: ISA 2.07 with the vector crypto instructions.
QEMU_CPUS := power7 power8
QEMU_MASKS := CRYPTOBENCH_CAPS=-vcrypto OPENSSL_ppccap=0
QEMU_RUN := $(QEMU) -cpu power8
