# kernels/power/family.mk - assembles each integer source twice: HINTS=1 for the
# ppc-hint variant, HINTS=0 for ppc, each with its own symbols (<alg>_ppc_hint_<op>,
# <alg>_ppc_<op>).  The p8 sources are assembled once by the Makefile's wildcard.
# The Makefile includes this file before it defines OBJ, hence $(BUILD)/obj.
POWER_INT_SRCS := $(wildcard kernels/power/*_int.S)
FAMILY_EXCLUDE += $(POWER_INT_SRCS)

# power_int_build(source stem, variant, hints)
define power_int_build
FAMILY_OBJS += $(BUILD)/obj/kernels/power/$(1)_$(2).o
$(BUILD)/obj/kernels/power/$(1)_$(2).o: kernels/power/$(1).S
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CPPFLAGS) $$(ARCH_CFLAGS) $$(ASFLAGS) -DVARIANT=$(2) -DHINTS=$(3) \
	    -MMD -MP -c -o $$@ $$<
endef

$(foreach s,$(basename $(notdir $(POWER_INT_SRCS))),\
  $(eval $(call power_int_build,$(s),ppc_hint,1))\
  $(eval $(call power_int_build,$(s),ppc,0)))

# The hinted and unhinted objects, for tests/power_hints.sh.
POWER_HINT_PAIRS := $(foreach s,$(basename $(notdir $(POWER_INT_SRCS))),\
  $(BUILD)/obj/kernels/power/$(s)_ppc_hint.o:$(BUILD)/obj/kernels/power/$(s)_ppc.o)

.PHONY: check-power-hints
check-power-hints: $(subst :, ,$(POWER_HINT_PAIRS))
	@tests/power_hints.sh $(CROSS)objdump $(POWER_HINT_PAIRS)
