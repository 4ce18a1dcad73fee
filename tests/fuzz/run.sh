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
work=$(cd "$work" && pwd) # libFuzzer's jobs write fuzz-N.log into the current directory: run in work
seeds=$here/corpus/$target
[ "$target" = rules ] && seeds=$here/../../rules # the shipped rules
[ "$target" = front ] && seeds=$here/../cli # small .cu files, one broken
par=
[ "$jobs" -gt 1 ] && par="-jobs=$jobs -workers=$jobs"
# shellcheck disable=SC2086 # par is empty or two options
(cd "$work" && "$bin" -max_total_time="$secs" -max_len=16384 -timeout=30 -rss_limit_mb=4096 \
	-print_final_stats=1 -artifact_prefix="$work/crash-" $par "$work/corpus" "$seeds" >"$work/log" 2>&1)
rc=$?
[ "$jobs" -gt 1 ] && cat "$work"/fuzz-*.log >>"$work/log" 2>/dev/null
grep -E "^stat::(number_of_executed_units|peak_rss_mb)|cov: |ERROR|SUMMARY" "$work/log" | tail -6
echo "$target: exit $rc, $(ls "$work/corpus" | wc -l) corpus units, $(ls "$work" | grep -c '^crash-') crash files"
exit $rc
