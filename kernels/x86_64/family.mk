# kernels/x86_64/family.mk - compiles aesni_modes.c once per row of
# kernels/x86_64/knobs.h's AESNI_BUILDS, with -DAESNI_I set to the row's factor (the
# symbols carry it: cb_aesni_i<i>_ops).  The rows come through the compiler's
# preprocessor as one word per build, so this file names no factor.  The Makefile
# includes this file before it defines OBJ, hence $(BUILD)/obj.

X86_64_AESNI_BUILDS := $(or $(shell $(CC) -E -P -x c -DCB_KNOBS_MAKE kernels/x86_64/knobs.h),$(error kernels/x86_64/knobs.h gave no AESNI_BUILDS rows through $(CC) -E))
FAMILY_EXCLUDE += kernels/x86_64/aesni_modes.c

# x86_64_aesni_object(i): aesni_modes.c built as aesni_modes_i<i>.o.
define x86_64_aesni_object
FAMILY_OBJS += $(BUILD)/obj/kernels/x86_64/aesni_modes_i$(1).o
$(BUILD)/obj/kernels/x86_64/aesni_modes_i$(1).o: kernels/x86_64/aesni_modes.c kernels/x86_64/knobs.h
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CPPFLAGS) $$(ALL_CFLAGS) -DAESNI_I=$(1) -MMD -MP -c -o $$@ $$<
endef
$(foreach i,$(X86_64_AESNI_BUILDS),$(eval $(call x86_64_aesni_object,$(i))))
