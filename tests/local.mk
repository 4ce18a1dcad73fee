# tests/: golden cases (tests/golden/NNN-*/), unit tests of the analyses
# (tests/unit/), and scripts for corpus and GPU runs that need what CI lacks.
TESTS += tests/golden.test tests/cli.test tests/oracle.test tests/lsp.test tests/nvim.test tests/minhdr.test \
	tests/precommit.test tests/man.test tests/flags.test tests/safety.test tests/kill.test tests/hostile.test \
	tests/refuse.test tests/cache.test tests/racecheck.test tests/spell.test tests/verify.test tests/smith.test \
	tests/unseen.test tests/lowerfiles.test tests/across.test tests/coexec.test
EXTRA_DIST += tests/golden tests/golden.test tests/cli tests/cli.test tests/oracle tests/oracle.test tests/lower \
	tests/corpus tests/gpu tests/rodinia tests/lsp tests/lsp.test tests/nvim.test tests/minhdr tests/minhdr.test \
	tests/precommit.test tests/man.test tests/flags tests/flags.test tests/safety.test tests/kill.test \
	tests/killrun.sh tests/hostile.test tests/refuse tests/refuse.test tests/lowerfiles tests/lowerfiles.test tests/cache.test tests/racecheck \
	tests/racecheck.test tests/spell tests/spell.test tests/verify tests/verify.test tests/smith/gen.py \
	tests/smith/model.py tests/smith/ir.py tests/smith/reasons.py tests/smith/campaign tests/smith/mutants \
	tests/smith.test tests/unseen tests/unseen.test tests/across tests/across.test tests/coexec tests/coexec.test
EXTRA_DIST += tests/verify-all

# the report formats (JSON, SARIF, export-fixes) on every golden input:
# prepare.test runs cuflow once per args group, the others check its output
FORMAT_TESTS = tests/formats/json.test tests/formats/sarif.test tests/formats/fixes.test
TESTS += tests/formats/prepare.test $(FORMAT_TESTS)
EXTRA_DIST += tests/formats/lib.sh tests/formats/apply.py tests/formats/prepare.test $(FORMAT_TESTS)
$(FORMAT_TESTS:.test=.log): tests/formats/prepare.log
clean-local: clean-formats
clean-formats:
	rm -rf tests/formats.out tests/cache.tmp
distclean-local: distclean-validators
distclean-validators:
	rm -rf tests/validators
.PHONY: clean-formats distclean-validators
TEST_EXTENSIONS = .test
# the tests run at once, as many as there are cores (a plain `make check`
# too): the long ones keep both cores busy, the short ones fill the gaps
AM_MAKEFLAGS = -j$(shell nproc 2>/dev/null || echo 2)
TEST_LOG_COMPILER = $(SHELL)
# the header cache of the tests' runs: their own, shared by tests running at once
AM_TESTS_ENVIRONMENT = CUFLOW=$(abs_top_builddir)/src/cuflow; export CUFLOW; \
	XDG_CACHE_HOME=$(abs_top_builddir)/tests/cache.tmp; export XDG_CACHE_HOME;
include tests/unit/local.mk
include tests/fuzz/local.mk
