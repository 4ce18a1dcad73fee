# tests/unit: unit tests of the analyses (see tests/unit/README). One program
# per area; each links the cuflow library and exits nonzero on a failed check.
UNIT_TESTS = tests/unit/test_dom
check_PROGRAMS += $(UNIT_TESTS)
TESTS += $(UNIT_TESTS)
EXTRA_DIST += tests/unit/README

tests_unit_test_dom_CFLAGS = $(TOOL_CFLAGS) -D_GNU_SOURCE
tests_unit_test_dom_SOURCES = tests/unit/test_dom.c tests/unit/check.h
tests_unit_test_dom_LDADD = $(TOOL_LIBS)
