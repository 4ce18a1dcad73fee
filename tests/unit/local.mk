# tests/unit: unit tests of the analyses (see tests/unit/README). One program
# per area; each links the cuflow library and exits nonzero on a failed check.
UNIT_TESTS = tests/unit/test_dom tests/unit/test_rules tests/unit/test_cfg tests/unit/test_pts \
	tests/unit/test_kernel tests/unit/test_effects tests/unit/test_pending \
	tests/unit/test_edit tests/unit/test_diff tests/unit/test_formats tests/unit/test_lsp
check_PROGRAMS += $(UNIT_TESTS)
TESTS += $(UNIT_TESTS)
EXTRA_DIST += tests/unit/README
UNIT_FIXTURE = tests/unit/check.h tests/unit/fixture.h tests/unit/fixture.c

tests_unit_test_dom_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_dom_SOURCES = tests/unit/test_dom.c tests/unit/check.h
tests_unit_test_dom_LDADD = $(TOOL_LIBS)

tests_unit_test_rules_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_rules_SOURCES = tests/unit/test_rules.c $(UNIT_FIXTURE)
tests_unit_test_rules_LDADD = $(TOOL_LIBS)

tests_unit_test_cfg_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_cfg_SOURCES = tests/unit/test_cfg.c $(UNIT_FIXTURE)
tests_unit_test_cfg_LDADD = $(TOOL_LIBS)

tests_unit_test_pts_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_pts_SOURCES = tests/unit/test_pts.c $(UNIT_FIXTURE)
tests_unit_test_pts_LDADD = $(TOOL_LIBS)

tests_unit_test_kernel_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_kernel_SOURCES = tests/unit/test_kernel.c $(UNIT_FIXTURE)
tests_unit_test_kernel_LDADD = $(TOOL_LIBS)

tests_unit_test_effects_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_effects_SOURCES = tests/unit/test_effects.c $(UNIT_FIXTURE)
tests_unit_test_effects_LDADD = $(TOOL_LIBS)

tests_unit_test_pending_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_pending_SOURCES = tests/unit/test_pending.c $(UNIT_FIXTURE)
tests_unit_test_pending_LDADD = $(TOOL_LIBS)

tests_unit_test_edit_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_edit_SOURCES = tests/unit/test_edit.c tests/unit/check.h
tests_unit_test_edit_LDADD = $(TOOL_LIBS)

tests_unit_test_diff_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_diff_SOURCES = tests/unit/test_diff.c tests/unit/check.h
tests_unit_test_diff_LDADD = $(TOOL_LIBS)

tests_unit_test_formats_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_formats_SOURCES = tests/unit/test_formats.c tests/unit/check.h
tests_unit_test_formats_LDADD = $(TOOL_LIBS)
tests_unit_test_lsp_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_lsp_SOURCES = tests/unit/test_lsp.c tests/unit/check.h
tests_unit_test_lsp_LDADD = $(TOOL_LIBS)
