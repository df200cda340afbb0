# kernels/armv8/family.mk - assembles aes_ce_modes.S once per row of
# kernels/armv8/knobs.h's AES_CE_BUILDS and chacha_neon.S once per row of its
# CHACHA_NEON_BUILDS; each build gets its own symbols (aes_ce_<sym>_*,
# chacha20_neon_<sym>_blocks).  The rows come through the compiler's preprocessor
# as words sym:INTERLEAVE:INLINE and sym:SCALAR, so this file names no build.  The
# Makefile includes this file before it defines OBJ, hence $(BUILD)/obj.

# armv8_knob_rows(define, list): the words knobs.h gives through the preprocessor
# with -Ddefine; make stops when there are none.
armv8_knob_rows = $(or $(shell $(CC) -E -P -x c -D$(1) kernels/armv8/knobs.h),$(error kernels/armv8/knobs.h gave no $(2) rows through $(CC) -E))

# armv8_knob_object(source stem, sym, -D flags): one assembly of kernels/armv8/<stem>.S
# as <stem>_<sym>.o.
define armv8_knob_object
FAMILY_OBJS += $(BUILD)/obj/kernels/armv8/$(1)_$(2).o
$(BUILD)/obj/kernels/armv8/$(1)_$(2).o: kernels/armv8/$(1).S kernels/armv8/knobs.h
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CPPFLAGS) $$(ARCH_CFLAGS) $$(ASFLAGS) -DVARIANT=$(2) $(3) -MMD -MP -c -o $$@ $$<
endef

# armv8_field(n, word): the n-th colon-separated field of a row word.
armv8_field = $(word $(1),$(subst :, ,$(2)))

ARMV8_AES_CE_BUILDS := $(call armv8_knob_rows,CB_KNOBS_MAKE,AES_CE_BUILDS)
FAMILY_EXCLUDE += kernels/armv8/aes_ce_modes.S
$(foreach b,$(ARMV8_AES_CE_BUILDS),$(eval $(call armv8_knob_object,aes_ce_modes,$(call armv8_field,1,$(b)),-DINTERLEAVE=$(call armv8_field,2,$(b)) -DINLINE=$(call armv8_field,3,$(b)))))

# chacha_neon.S likewise, once per row of CHACHA_NEON_BUILDS (words sym:scalar).
ARMV8_CHACHA_BUILDS := $(call armv8_knob_rows,CB_KNOBS_MAKE_CHACHA,CHACHA_NEON_BUILDS)
FAMILY_EXCLUDE += kernels/armv8/chacha_neon.S
$(foreach b,$(ARMV8_CHACHA_BUILDS),$(eval $(call armv8_knob_object,chacha_neon,$(call armv8_field,1,$(b)),-DSCALAR=$(call armv8_field,2,$(b)))))

# The interleaved loops under LLVM's Cortex-A57 and Neoverse N1 models: every AES
# instruction seen, and cycles per block not rising with the factor
# (scripts/armv8-mca.sh, which reads the same rows; scripts/check-cross.sh runs this
# for linux-aarch64).
.PHONY: check-armv8-mca
check-armv8-mca:
	@CC=$(CC) scripts/armv8-mca.sh -check
