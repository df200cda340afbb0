# kernels/power/family.mk - assembles each integer source once per row of
# kernels/power/knobs.h's POWER_INT_BUILDS (HINTS=1 for ppc-hint, HINTS=0 for ppc),
# each with its own symbols (<alg>_<sym>_<op>).  The rows come through the
# compiler's preprocessor as words sym:HINTS, so this file names no build.  The p8
# sources are assembled once by the Makefile's wildcard.  The Makefile includes this
# file before it defines OBJ, hence $(BUILD)/obj.
POWER_INT_SRCS := $(wildcard kernels/power/*_int.S)
POWER_INT_BUILDS := $(shell $(CC) -E -P -x c -DCB_KNOBS_MAKE kernels/power/knobs.h)
ifeq ($(strip $(POWER_INT_BUILDS)),)
$(error kernels/power/knobs.h gave no POWER_INT_BUILDS rows through $(CC) -E)
endif
FAMILY_EXCLUDE += $(POWER_INT_SRCS)

# power_int_build(source stem, sym, hints)
define power_int_build
FAMILY_OBJS += $(BUILD)/obj/kernels/power/$(1)_$(2).o
$(BUILD)/obj/kernels/power/$(1)_$(2).o: kernels/power/$(1).S kernels/power/knobs.h
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CPPFLAGS) $$(ARCH_CFLAGS) $$(ASFLAGS) -DVARIANT=$(2) -DHINTS=$(3) \
	    -MMD -MP -c -o $$@ $$<
endef

power_knob = $(word $(2),$(subst :, ,$(1)))
$(foreach s,$(basename $(notdir $(POWER_INT_SRCS))),$(foreach b,$(POWER_INT_BUILDS),\
  $(eval $(call power_int_build,$(s),$(call power_knob,$(b),1),$(call power_knob,$(b),2)))))

# The first hinted and the first plain build, and their objects paired per source
# for tests/power_hints.sh.
POWER_HINTED := $(firstword $(foreach b,$(POWER_INT_BUILDS),$(if $(filter 1,$(call power_knob,$(b),2)),$(call power_knob,$(b),1))))
POWER_PLAIN := $(firstword $(foreach b,$(POWER_INT_BUILDS),$(if $(filter 0,$(call power_knob,$(b),2)),$(call power_knob,$(b),1))))
POWER_HINT_PAIRS := $(foreach s,$(basename $(notdir $(POWER_INT_SRCS))),\
  $(BUILD)/obj/kernels/power/$(s)_$(POWER_HINTED).o:$(BUILD)/obj/kernels/power/$(s)_$(POWER_PLAIN).o)

.PHONY: check-power-hints
check-power-hints: $(subst :, ,$(POWER_HINT_PAIRS))
	@tests/power_hints.sh $(CROSS)objdump $(POWER_HINTED) $(POWER_PLAIN) $(POWER_HINT_PAIRS)
