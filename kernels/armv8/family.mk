# kernels/armv8/family.mk - assembles aes_ce_modes.S once per row of
# kernels/armv8/knobs.h's AES_CE_BUILDS; each build gets its own symbols
# (aes_ce_<sym>_*).  The rows come through the compiler's preprocessor as words
# sym:INTERLEAVE:INLINE, so this file names no build.  The Makefile includes this
# file before it defines OBJ, hence $(BUILD)/obj.
ARMV8_AES_CE_BUILDS := $(shell $(CC) -E -P -x c -DCB_KNOBS_MAKE kernels/armv8/knobs.h)
ifeq ($(strip $(ARMV8_AES_CE_BUILDS)),)
$(error kernels/armv8/knobs.h gave no AES_CE_BUILDS rows through $(CC) -E)
endif
FAMILY_EXCLUDE += kernels/armv8/aes_ce_modes.S

# armv8_aes_ce_build(sym, interleave, inline)
define armv8_aes_ce_build
FAMILY_OBJS += $(BUILD)/obj/kernels/armv8/aes_ce_modes_$(1).o
$(BUILD)/obj/kernels/armv8/aes_ce_modes_$(1).o: kernels/armv8/aes_ce_modes.S kernels/armv8/knobs.h
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CPPFLAGS) $$(ARCH_CFLAGS) $$(ASFLAGS) -DVARIANT=$(1) -DINTERLEAVE=$(2) -DINLINE=$(3) -MMD -MP -c -o $$@ $$<
endef

$(foreach b,$(ARMV8_AES_CE_BUILDS),$(eval $(call armv8_aes_ce_build,$(word 1,$(subst :, ,$(b))),$(word 2,$(subst :, ,$(b))),$(word 3,$(subst :, ,$(b))))))

# chacha_neon.S likewise, once per row of knobs.h's CHACHA_NEON_BUILDS (sym:scalar).
ARMV8_CHACHA_BUILDS := $(shell $(CC) -E -P -x c -DCB_KNOBS_MAKE_CHACHA kernels/armv8/knobs.h)
ifeq ($(strip $(ARMV8_CHACHA_BUILDS)),)
$(error kernels/armv8/knobs.h gave no CHACHA_NEON_BUILDS rows through $(CC) -E)
endif
FAMILY_EXCLUDE += kernels/armv8/chacha_neon.S

# armv8_chacha_build(sym, scalar)
define armv8_chacha_build
FAMILY_OBJS += $(BUILD)/obj/kernels/armv8/chacha_neon_$(1).o
$(BUILD)/obj/kernels/armv8/chacha_neon_$(1).o: kernels/armv8/chacha_neon.S kernels/armv8/knobs.h
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CPPFLAGS) $$(ARCH_CFLAGS) $$(ASFLAGS) -DVARIANT=$(1) -DSCALAR=$(2) -MMD -MP -c -o $$@ $$<
endef

$(foreach b,$(ARMV8_CHACHA_BUILDS),$(eval $(call armv8_chacha_build,$(word 1,$(subst :, ,$(b))),$(word 2,$(subst :, ,$(b))))))

# The interleaved loops under LLVM's Cortex-A57 and Neoverse N1 models: every AES
# instruction seen, and cycles per block not rising with the factor
# (scripts/armv8-mca.sh, which reads the same rows; scripts/check-cross.sh runs this
# for linux-aarch64).
.PHONY: check-armv8-mca
check-armv8-mca:
	@CC=$(CC) scripts/armv8-mca.sh -check
