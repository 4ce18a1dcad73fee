#!/usr/bin/env bash
# check.sh: compare clang parses of a CUDA corpus with the real CUDA headers
# against cuflow's minimal headers (src/front/hdr, runtime/include).
#
#   tests/minhdr/check.sh CORPUS_DIR [OUT_DIR]
#
# For every *.cu under CORPUS_DIR it runs clang -fsyntax-only twice:
#   real:    --cuda-path=/usr/local/cuda (toolkit headers)
#   minimal: -nocudainc -nocudalib -include cuflow_cuda.h (our headers)
# and writes OUT_DIR/results.tsv (one row a file) plus a summary on stdout.
# Files whose own sources include thrust/, cub/ or cuda/ (CCCL) are reported
# apart and left out of the minimal-ok percentage: the minimal headers do not
# try to carry CCCL.
#
# Environment: CLANG (default clang-22), CUDA_PATH (default /usr/local/cuda),
# JOBS (default 2), STD (default c++17).
set -u

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
	echo "usage: $0 CORPUS_DIR [OUT_DIR]" >&2
	exit 2
fi

here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
corpus=$(cd "$1" && pwd)
out=${2:-$srcdir/tests/out/minhdr}
mkdir -p "$out/rows" "$out/log" || exit 2
out=$(cd "$out" && pwd)
rm -f "$out"/rows/* "$out"/log/*

export CLANG=${CLANG:-clang-22}
export CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
export STD=${STD:-c++17}
export SRCDIR=$srcdir OUT=$out
jobs=${JOBS:-2}

# One file: both parses, timing, first error, CCCL use. Writes one row file
# (named by a hash of the path, so parallel workers never share a file).
one() {
	f=$1
	d=$(dirname "$f")
	key=$(printf '%s' "$f" | md5sum | cut -c1-16)
	log=$OUT/log/$key
	common=(-fsyntax-only -x cuda --cuda-host-only -Wno-unknown-cuda-version
		-I"$CUDA_PATH/include/cccl" -I"$d" -std="$STD")

	t0=$EPOCHREALTIME
	"$CLANG" "${common[@]}" --cuda-path="$CUDA_PATH" \
		-MD -MF "$log.dep" "$f" >"$log.real" 2>&1
	real_rc=$?
	t1=$EPOCHREALTIME
	"$CLANG" "${common[@]}" -nocudainc -nocudalib \
		-include "$SRCDIR/src/front/hdr/cuflow_cuda.h" \
		-I"$SRCDIR/src/front/hdr" -I"$SRCDIR/runtime/include" \
		"$f" >"$log.min" 2>&1
	min_rc=$?
	t2=$EPOCHREALTIME

	# CCCL use: the .cu itself or a project header it pulls in (anything
	# outside the toolkit and the system dirs) includes thrust/cub/cuda/.
	cccl=0
	{
		echo "$f"
		if [ -s "$log.dep" ]; then
			tr ' \\' '\n\n' <"$log.dep" | grep -v -e ':$' -e '^$' |
				grep -v -e "^$CUDA_PATH/" -e '^/usr/'
		fi
	} | sort -u >"$log.srcs"
	if xargs -d '\n' grep -l -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](thrust|cub|cuda)/' \
		<"$log.srcs" >/dev/null 2>&1; then
		cccl=1
	fi
	# Also when the real parse failed before listing dependencies.
	if [ "$cccl" = 0 ] && grep -q -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](thrust|cub|cuda)/' "$f"; then
		cccl=1
	fi

	first_err() {
		grep -m1 -E ': (fatal )?error: ' "$1" | sed -e 's/\t/ /g'
	}
	real_err=$(first_err "$log.real")
	min_err=$(first_err "$log.min")
	tr=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')
	tm=$(awk -v a="$t1" -v b="$t2" 'BEGIN{printf "%.3f", b-a}')
	printf '%s\t%d\t%d\t%d\t%s\t%s\t%s\t%s\n' "$f" \
		$((real_rc == 0)) $((min_rc == 0)) "$cccl" "$tr" "$tm" \
		"$min_err" "$real_err" >"$OUT/rows/$key"
	rm -f "$log.dep" "$log.srcs"
	# Keep logs only for failures worth reading.
	[ "$real_rc" = 0 ] && [ "$min_rc" = 0 ] && rm -f "$log.real" "$log.min"
	return 0
}
export -f one

find -L "$corpus" -name '*.cu' -type f -print0 | sort -z |
	xargs -0 -r -P "$jobs" -n 1 bash -c 'one "$1"' _

res=$out/results.tsv
{
	printf 'file\treal_ok\tmin_ok\tcccl\treal_s\tmin_s\tmin_first_error\treal_first_error\n'
	cat "$out"/rows/* 2>/dev/null | sort
} >"$res"

# Summary. The error "kind" drops the path and line:col so that equal
# messages from different files count together.
awk -F'\t' '
function median(a, n,   i, j, t) {
	for (i = 2; i <= n; i++)  # insertion sort: n is a few thousand at most
		for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	if (n == 0) return 0
	return (n % 2) ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
}
NR == 1 { next }
{
	n++
	rt[n] = $5; mt[n] = $6
	if ($2 == 1) {
		real_ok++
		if ($4 == 1) { cccl++; if ($3 == 1) cccl_ok++; next }
		den++
		if ($3 == 1) min_ok++
		else {
			e = $7
			sub(/^.*: (fatal )?error: /, "", e)
			if (e == "") e = "(no error line; clang crashed or timed out?)"
			kind[e]++
		}
	} else if ($3 == 1) min_only++
}
END {
	printf "files:                %d\n", n
	printf "real-ok:              %d\n", real_ok
	printf "  using thrust/cub/cuda:: (excluded): %d (minimal-ok anyway: %d)\n", cccl, cccl_ok
	printf "minimal-ok among real-ok (excl. CCCL): %d / %d = %.1f%%\n", min_ok, den, den ? 100 * min_ok / den : 0
	printf "minimal-ok where real fails: %d\n", min_only
	printf "median wall time per file: real %.3fs, minimal %.3fs\n", median(rt, n), median(mt, n)
	printf "most frequent first errors (minimal, real-ok, non-CCCL):\n"
	m = 0
	for (e in kind) { m++; ke[m] = e }
	for (i = 1; i <= m && i <= 15; i++) {
		b = i
		for (j = i + 1; j <= m; j++) if (kind[ke[j]] > kind[ke[b]]) b = j
		t = ke[i]; ke[i] = ke[b]; ke[b] = t
		printf "  %4d  %s\n", kind[ke[i]], ke[i]
	}
}' "$res"
echo "rows: $res"
