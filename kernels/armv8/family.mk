# kernels/armv8/family.mk - assembles aes_ce_modes.S once per interleave variant
# (name:INTERLEAVE:INLINE); each build gets its own symbols (aes_ce_<name>_*).
# The Makefile includes this file before it defines OBJ, hence $(BUILD)/obj.
ARMV8_AES_CE_BUILDS := i2:2:0 i4:4:0 i5:5:0 i2_inline:2:1
FAMILY_EXCLUDE += kernels/armv8/aes_ce_modes.S

define armv8_aes_ce_build
FAMILY_OBJS += $(BUILD)/obj/kernels/armv8/aes_ce_modes_$(1).o
$(BUILD)/obj/kernels/armv8/aes_ce_modes_$(1).o: kernels/armv8/aes_ce_modes.S
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CPPFLAGS) $$(ARCH_CFLAGS) $$(ASFLAGS) -DVARIANT=$(1) -DINTERLEAVE=$(2) -DINLINE=$(3) -MMD -MP -c -o $$@ $$<
endef

$(foreach b,$(ARMV8_AES_CE_BUILDS),$(eval $(call armv8_aes_ce_build,$(word 1,$(subst :, ,$(b))),$(word 2,$(subst :, ,$(b))),$(word 3,$(subst :, ,$(b))))))

# The interleaved loops under LLVM's Cortex-A57 and Neoverse N1 models: every AES
# instruction seen, and cycles per block not rising from ce-i2 to ce-i4 to ce-i5
# (scripts/armv8-mca.sh; scripts/check-cross.sh runs this for linux-aarch64).
.PHONY: check-armv8-mca
check-armv8-mca:
	@CC=$(CC) scripts/armv8-mca.sh -check
