#!/bin/bash
# Kills `cuflow -i` at random moments over a tree of files with mixed
# modes, then checks that every file is either its original or its
# complete rewrite, that its mode is kept and that no temporary is left.
#   tests/killrun.sh CUFLOW GOLDEN_DIR KILLS [FILES]   (make check: a few
#   kills over a few files; long runs: hundreds over all). Prints one summary
#   line; exit 1 on any damage.
set -u
cuflow=$1 golden=$2 kills=${3:-10} max=${4:-1000}
opts=(-q -i --minimal-cuda) # the minimal header: quick parses, more kills per second
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
modes=(600 640 644 664 755 700)
# the tree: golden inputs that change, in nested directories, each with a mode
n=0
for d in "$golden"/0[0-2][0-9]-*/; do
	[ "$n" -lt "$max" ] && [ -f "$d/expected.cu" ] && ! cmp -s "$d/input.cu" "$d/expected.cu" || continue
	sub=orig/s$((n % 3))/t$((n % 2))
	mkdir -p "$tmp/$sub" "$tmp/want/${sub#orig/}"
	cp "$d/input.cu" "$tmp/$sub/f$n.cu"
	chmod "${modes[n % ${#modes[@]}]}" "$tmp/$sub/f$n.cu"
	n=$((n + 1))
done
# the complete rewrite of each file, by an uninterrupted run
cp -a "$tmp/orig" "$tmp/full"
t0=$(date +%s.%N)
"$cuflow" "${opts[@]}" "$tmp/full" 2>/dev/null
t1=$(date +%s.%N)
span=$(awk "BEGIN { print $t1 - $t0 }")
damaged=0 left=0 modeslost=0 orig=0 done=0 mixed=0
for k in $(seq "$kills"); do
	rm -rf "$tmp/run" && cp -a "$tmp/orig" "$tmp/run"
	# a moment in [0, 1.1 * span): most of a run is parsing, so half the
	# kills aim at its last fifth, where the files are written
	r=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
	if [ $((k % 2)) -eq 0 ]; then
		at=$(awk "BEGIN { printf \"%.4f\", $span * (0.8 + 0.3 * ($r % 1000) / 1000) }")
	else
		at=$(awk "BEGIN { printf \"%.4f\", $span * 1.1 * ($r % 1000) / 1000 }")
	fi
	sig=$([ $((r % 2)) -eq 0 ] && echo TERM || echo INT)
	"$cuflow" "${opts[@]}" "$tmp/run" 2>/dev/null &
	pid=$!
	sleep "$at"
	kill -s "$sig" "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	nor=0 ndone=0
	while IFS= read -r f; do
		rel=${f#"$tmp/run/"}
		if cmp -s "$f" "$tmp/orig/$rel"; then
			nor=$((nor + 1))
		elif cmp -s "$f" "$tmp/full/$rel"; then
			ndone=$((ndone + 1))
		else
			echo "damaged: $rel after $sig at ${at}s"
			damaged=$((damaged + 1))
		fi
		[ "$(stat -c %a "$f")" = "$(stat -c %a "$tmp/orig/$rel")" ] || modeslost=$((modeslost + 1))
	done < <(find "$tmp/run" -name '*.cu')
	t=$(find "$tmp/run" -name '*cuflow-*' | wc -l)
	[ "$t" -gt 0 ] && echo "temporaries left after $sig at ${at}s: $t"
	left=$((left + t))
	if [ "$ndone" -eq 0 ]; then orig=$((orig + 1)); elif [ "$nor" -eq 0 ]; then done=$((done + 1)); else mixed=$((mixed + 1)); fi
done
echo "killrun: $n files, run $span s, $kills kills: $orig before any write, $mixed mid-way, $done after all writes;" \
	"$damaged damaged files, $left temporaries left, $modeslost modes lost"
[ "$damaged" -eq 0 ] && [ "$left" -eq 0 ] && [ "$modeslost" -eq 0 ]
