#!/bin/sh
# Memory and time of the analysis on generated programs (tests/genprog.py):
# one table row per size, as doc/results/scaling.md shows them.
#   tests/scaling.sh CUFLOW [N...]   (default 1000 2000 5000 10000 20000)
# The file is rewritten in place (-i): the analysis and the rewrite, not
# the diff. Each run is capped at 8 GiB of address space (exit 2: out of
# memory). Columns: functions, source size, peak RSS, analysis seconds (the
# --timing analyse= figure), whole run seconds, exit status.
set -u
cuflow=$1
shift
[ $# -eq 0 ] && set -- 1000 2000 5000 10000 20000
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| functions | source | peak RSS | analysis | run | exit |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
for n in "$@"; do
	python3 "$here/genprog.py" "$n" >"$tmp/p.cu"
	size=$(wc -c <"$tmp/p.cu")
	(ulimit -v 8388608; /usr/bin/time -f "%M %e" -o "$tmp/time" "$cuflow" -i --timing "$tmp/p.cu" \
		>/dev/null 2>"$tmp/err")
	rc=$?
	rss=$(awk '{ printf "%.0f", $1 / 1024 }' "$tmp/time" | tail -1)
	run=$(tail -1 "$tmp/time" | awk '{ print $2 }')
	an=$(sed -n 's/.*analyse=\([0-9.]*\).*/\1/p' "$tmp/err")
	echo "| $n | $(awk -v s="$size" 'BEGIN { printf "%.1f MB", s / 1e6 }') | $rss MiB | ${an:--} s | $run s | $rc |"
done
