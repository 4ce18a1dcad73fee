# src/: the cuflow tool. Everything but main.c goes into a library the unit
# tests link too.
bin_PROGRAMS += src/cuflow
noinst_LIBRARIES += src/libcuflow.a src/libtscuda.a

TOOL_CFLAGS = $(AM_CFLAGS) $(CLANG_CFLAGS) $(TREE_SITTER_CFLAGS) $(JANSSON_CFLAGS) $(MUTANT_CFLAGS)
TOOL_LIBS = src/libcuflow.a src/libtscuda.a $(CLANG_LIBS) $(TREE_SITTER_LIBS) $(JANSSON_LIBS) -lpthread

src_libcuflow_a_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
src_libcuflow_a_SOURCES = \
	src/cuflow.h src/util.c src/text.c src/bits.c \
	src/front/front.h src/front/cursor.h src/front/cursor.c src/front/flags.c src/front/parse.h src/front/parse.c src/front/cache.c src/front/units.c src/front/kept.c src/front/build.c src/front/expr.c \
	src/model/rules.c src/model/dump.c \
	src/model/link.c \
	src/analysis/analysis.h src/analysis/pts.c src/analysis/kernel.c src/analysis/effects.c \
	src/analysis/dom.c src/analysis/loop.c src/analysis/pending.c src/analysis/cfg.c src/analysis/hidden.c src/analysis/callers.c \
	src/front/cst.c src/pass/sync.c src/pass/copies.h src/pass/copies.c src/pass/copy.c src/pass/redundant.c src/pass/config.c src/pass/promote.c src/pass/pin.c src/pass/fuse.c src/pass/pipeline.c src/pass/coexec.c src/edit/place.c src/edit/edit.c src/edit/forms.c src/edit/compose.c \
	src/report/report.h src/report/diff.c src/report/text.c src/report/common.c src/report/formats.c \
	src/report/json.c src/report/sarif.c src/report/fixes.c \
	src/driver/driver.c src/driver/fixpoint.c src/driver/verify.c src/driver/compdb.c src/driver/walk.c \
	src/lower/lower.h src/lower/lower.c src/lower/kernel.h src/lower/kernel.c src/lower/vars.c src/lower/remat.c src/lower/invariant.c src/lower/isplit.c src/lower/warpsync.c src/lower/affine.c src/lower/ranges.c src/lower/inline.c src/lower/macro.c src/lower/arch.c \
	src/lsp/lsp.h src/lsp/lsp.c src/lsp/rpc.c src/lsp/positions.c src/lsp/doc.c src/lsp/analyse.c
nodist_src_libcuflow_a_SOURCES = src/front/headers.c src/model/builtin_rules.c

# the minimal CUDA declarations and the shipped rules live inside the binary
HDR_FILES = $(wildcard $(srcdir)/src/front/hdr/*.h $(srcdir)/src/front/hdr/*/*.h $(srcdir)/src/front/hdr/*/*.cuh) \
	$(srcdir)/runtime/include/cuflow_cuda_api.h $(srcdir)/runtime/include/cuflow_cublas_api.h \
	$(srcdir)/runtime/include/cuflow_cublaslt_api.h $(srcdir)/runtime/include/cuflow_cusolver_api.h \
	$(srcdir)/runtime/include/cuflow_cusparse_api.h \
	$(srcdir)/runtime/include/cuflow_cufft_api.h $(srcdir)/runtime/include/cuComplex.h \
	$(srcdir)/runtime/include/cuflow_curand_api.h $(srcdir)/runtime/include/cuflow_curand_kernel_api.h \
	$(srcdir)/runtime/include/cuflow_cub.h $(srcdir)/runtime/include/cuflow_cccl_std.h \
	$(wildcard $(srcdir)/runtime/include/cub/*.cuh $(srcdir)/runtime/include/cub/*/*.cuh)
RULE_FILES = $(wildcard $(srcdir)/rules/*.rules)
src/front/headers.c: $(srcdir)/tools/embed $(HDR_FILES)
	@$(MKDIR_P) $(@D)
	$(AM_V_GEN)$(srcdir)/tools/embed cuflow_headers -r $(srcdir)/src/front/hdr -r $(srcdir)/runtime/include $(HDR_FILES) > $@.tmp && mv $@.tmp $@
src/model/builtin_rules.c: $(srcdir)/tools/embed $(RULE_FILES)
	@$(MKDIR_P) $(@D)
	$(AM_V_GEN)$(srcdir)/tools/embed cuflow_rules $(RULE_FILES) > $@.tmp && mv $@.tmp $@
CLEANFILES += src/front/headers.c src/model/builtin_rules.c
EXTRA_DIST += src/front/hdr runtime/include

# the tree-sitter CUDA grammar, fetched by ./bootstrap; generated code, so
# built without the project's warning flags
TSDIR = $(srcdir)/third_party/tree-sitter-cuda/src
src_libtscuda_a_CFLAGS = -std=c11 -O1 -w -I$(TSDIR)
src_libtscuda_a_SOURCES = third_party/tree-sitter-cuda/src/parser.c third_party/tree-sitter-cuda/src/scanner.c
# the tarball carries the grammar (MIT; ./bootstrap fetched it pinned and
# checksummed), so a release builds without npm
EXTRA_DIST += third_party/tree-sitter-cuda/LICENSE third_party/tree-sitter-cuda/package.json \
	third_party/tree-sitter-cuda/src/tree_sitter

src_cuflow_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
src_cuflow_SOURCES = src/main.c
src_cuflow_LDADD = $(TOOL_LIBS)
