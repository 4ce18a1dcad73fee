# rules/: CUDA and library API semantics, embedded into the binary and
# installed for reference and for users' own rule files to sit beside.
rulesdir = $(pkgdatadir)/rules
dist_rules_DATA = $(RULE_FILES)
