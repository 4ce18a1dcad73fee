# tests/fuzz/: libFuzzer targets (rules reader, LSP message reader, front
# end on .cu bytes), built with clang-22 -fsanitize=fuzzer,address,undefined
# into tests/fuzz.out/ and smoke-run by tests/fuzz.test for a few seconds
# each; tests/fuzz/run.sh runs one for as long as asked. Where clang's
# fuzzer runtime is missing (Debian: libclang-rt-22-dev) the build leaves
# tests/fuzz.out/why and the smoke test skips (fails under CUFLOW_REQUIRE_TOOLS).
FUZZ_CC = clang-22
FUZZ_SAN = -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_OBJSAN = -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS = -std=c11 -g -O1 -D_GNU_SOURCE -I$(srcdir)/src -I$(top_builddir) $(CLANG_CFLAGS) \
	$(TREE_SITTER_CFLAGS) $(JANSSON_CFLAGS)
FUZZ_LIBSRC = $(addprefix $(srcdir)/,$(filter %.c,$(src_libcuflow_a_SOURCES))) $(nodist_src_libcuflow_a_SOURCES)
FUZZ_HDRS = $(addprefix $(srcdir)/,$(filter %.h,$(src_libcuflow_a_SOURCES)))
FUZZ_LIBS = src/libtscuda.a $(CLANG_LIBS) $(TREE_SITTER_LIBS) $(JANSSON_LIBS) -lpthread
# the library's objects once (kept while newer than their source and every
# header: a struct that grew must not meet an object built before), then the three targets
tests/fuzz.out/built: $(srcdir)/tests/fuzz/fuzz_rules.c $(srcdir)/tests/fuzz/fuzz_lsp.c \
		$(srcdir)/tests/fuzz/fuzz_front.c $(FUZZ_LIBSRC) $(FUZZ_HDRS) src/libtscuda.a
	@$(MKDIR_P) $(@D)/obj
	$(AM_V_GEN)rm -f $(@D)/why $(@D)/build.log; objs=; \
	for s in $(FUZZ_LIBSRC); do \
		o=$(@D)/obj/$$(echo "$$s" | tr ./ __).o; objs="$$objs $$o"; fresh=yes; \
		for h in "$$s" $(FUZZ_HDRS); do [ "$$o" -nt "$$h" ] || fresh=; done; \
		[ -n "$$fresh" ] || $(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_OBJSAN) -c "$$s" -o "$$o" \
			2>>$(@D)/build.log || { rm -f "$$o"; break; }; \
	done; \
	for t in rules lsp front; do \
		rm -f $(@D)/fuzz_$$t; \
		$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) $(srcdir)/tests/fuzz/fuzz_$$t.c $$objs $(FUZZ_LIBS) \
			-o $(@D)/fuzz_$$t 2>>$(@D)/build.log || \
			echo "$(FUZZ_CC) could not build fuzz_$$t: $$(grep -m1 -i error $(@D)/build.log)" >>$(@D)/why; \
	done; touch $@
tests/fuzz.log: tests/fuzz.out/built
TESTS += tests/fuzz.test
EXTRA_DIST += tests/fuzz/local.mk tests/fuzz/fuzz_rules.c tests/fuzz/fuzz_lsp.c tests/fuzz/fuzz_front.c \
	tests/fuzz/run.sh tests/fuzz/corpus tests/fuzz.test
clean-local: clean-fuzz
clean-fuzz:
	rm -rf tests/fuzz.out
.PHONY: clean-fuzz
