#!/bin/sh
# Runs one fuzz target (rules, lsp or front) for SECONDS from its seed
# corpus, keeping what it finds in WORKDIR (corpus/ and crash-* files), and
# prints libFuzzer's final counts: executions, coverage, corpus, crashes.
#   tests/fuzz/run.sh BUILDDIR TARGET SECONDS [WORKDIR] [JOBS]
set -u
build=$1 target=$2 secs=$3 work=${4:-fuzz-$2} jobs=${5:-1}
here=$(cd "$(dirname "$0")" && pwd)
bin=$build/tests/fuzz.out/fuzz_$target
[ -x "$bin" ] || { echo "no $bin: run make tests/fuzz.out/built"; exit 2; }
mkdir -p "$work/corpus"
seeds=$here/corpus/$target
[ "$target" = rules ] && seeds=$here/../../rules # the shipped rules
[ "$target" = front ] && seeds=$here/../cli # small .cu files, one broken
"$bin" -max_total_time="$secs" -max_len=16384 -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
	-artifact_prefix="$work/crash-" -jobs="$jobs" -workers="$jobs" "$work/corpus" "$seeds" >"$work/log" 2>&1
rc=$?
[ "$jobs" -gt 1 ] && cat fuzz-*.log >>"$work/log" 2>/dev/null && rm -f fuzz-*.log
grep -E "^stat::(number_of_executed_units|peak_rss_mb)|cov: |ERROR|SUMMARY" "$work/log" | tail -6
echo "$target: exit $rc, $(ls "$work/corpus" | wc -l) corpus units, $(ls "$work" | grep -c '^crash-') crash files"
exit $rc
