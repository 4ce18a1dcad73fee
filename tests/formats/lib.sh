# lib.sh: shared by the report-format tests (tests/formats/*.test): where
# prepare.test leaves cuflow's outputs, where the validators are, and how a
# test fails or skips. Tests run in the top build directory.
out=$PWD/tests/formats.out
validators=${CUFLOW_VALIDATORS:-$PWD/tests/validators}
ajv=$validators/node_modules/.bin/ajv
multitool=$validators/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
sarifschema=$validators/node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json
apply=$srcdir/tests/formats/apply.py
fail=0
skipped=""
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
ok() { echo "ok: $*"; }
# a check that cannot run: the test ends as SKIP (77) unless something failed;
# CUFLOW_REQUIRE_TOOLS=1 (CI) makes it a failure
cannot() {
	if [ "${CUFLOW_REQUIRE_TOOLS:-0}" = 1 ]; then bad "$* (CUFLOW_REQUIRE_TOOLS=1)"; else echo "SKIP: $*"; skipped="$skipped; $*"; fi
}
finish() {
	[ "$fail" -eq 0 ] || { echo "$fail failures"; exit 1; }
	[ -z "$skipped" ] || exit 77
	exit 0
}
# each args group of the golden cases: a directory under $out
groups() { for g in "$out"/*/; do [ -f "$g/args" ] && echo "${g%/}"; done; }
[ -f "$out/done" ] || { echo "FAIL: $out is missing: prepare.test did not run or failed"; exit 1; }
command -v python3 >/dev/null 2>&1 || { cannot "python3 is not installed"; finish; }
