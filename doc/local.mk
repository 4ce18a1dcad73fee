# doc/: the manual page, the report formats' documentation and the JSON
# report's schema (installed beside the rules, for programs that validate).
dist_man1_MANS = doc/cuflow.1
dist_doc_DATA = README.md doc/reports.md doc/integrations.md doc/rules.md doc/design.md doc/pin.md doc/fuse.md doc/coexec.md
dist_pkgdata_DATA += doc/cuflow-report.schema.json
EXTRA_DIST += doc/cuflow.1 doc/error-paths.md doc/smith.md doc/results .pre-commit-hooks.yaml
