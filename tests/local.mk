# tests/: golden cases (tests/golden/NNN-*/), unit tests of the analyses
# (tests/unit/), and scripts for corpus and GPU runs that need what CI lacks.
TESTS += tests/golden.test tests/cli.test tests/oracle.test tests/lsp.test tests/nvim.test tests/minhdr.test
EXTRA_DIST += tests/golden tests/golden.test tests/cli tests/cli.test tests/oracle tests/oracle.test tests/lower tests/corpus tests/gpu \
	tests/lsp tests/lsp.test tests/nvim.test tests/minhdr tests/minhdr.test
TEST_EXTENSIONS = .test
TEST_LOG_COMPILER = $(SHELL)
AM_TESTS_ENVIRONMENT = CUFLOW=$(abs_top_builddir)/src/cuflow; export CUFLOW;
include tests/unit/local.mk
