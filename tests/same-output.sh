#!/bin/sh
# same-output.sh REFDIR CUFLOW: proves a refactoring changed no output. The
# first run (REFDIR absent) writes every output of CUFLOW there; a later run
# writes them again into a scratch folder and compares byte for byte, listing
# the files that differ (exit 1) or none (exit 0). The outputs: for every
# golden case the diff and the report in text, json and sarif, the
# --export-fixes YAML and the model dump; the lowered C++ (and its log and
# exit status) of every program the CPU oracle lowers (golden inputs before
# and after the rewrite, tests/lower, tests/gpu/overlap, examples) and of
# Rodinia's benchmarks as tests/rodinia/run lowers them (RODINIA, default
# /work/corpus/gpu-rodinia; skipped where it is missing). Every command runs
# in a scratch folder on relative paths; the reports' timings and the scratch
# folder's path (the YAML's and the machine reports' cwd) are normalised away.
set -u
[ $# -eq 2 ] || { echo "usage: $0 REFDIR CUFLOW" >&2; exit 2; }
ref=$1
cuflow=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
here=$(cd "$(dirname "$0")" && pwd)
rodinia=${RODINIA:-/work/corpus/gpu-rodinia}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -e "$ref" ]; then out=$work/out; else out=$ref; fi
mkdir -p "$out/golden" "$out/lower" "$out/rodinia"

# norm FILE: FILE without what differs from run to run
norm() {
	sed -E -e "s#/tmp/[^/\"]*/c([/\"])#WORK\1#g" -e 's#("(parse|build|analyse|wall)": )[0-9.e+-]+#\1T#' \
		-e '/^  time  /d' "$1" >"$1.n" && mv "$1.n" "$1"
}

# lower NAME FILE: the lowered C++ of FILE, with its log and exit status
lower() {
	rm -rf "$work/l" && mkdir "$work/l" && cp "$2" "$work/l/p.cu"
	(cd "$work/l" && "$cuflow" --lower=openmp -o p.cpp p.cu >log 2>&1; echo "rc $?" >>log)
	cp "$work/l/log" "$out/lower/$1.log"
	[ -f "$work/l/p.cpp" ] && cp "$work/l/p.cpp" "$out/lower/$1.cpp"
	return 0
}

for dir in "$here"/golden/[0-9]*/; do
	name=$(basename "$dir")
	args=$(cat "$dir/args" 2>/dev/null || true)
	o=$out/golden/$name
	mkdir -p "$o"
	rm -rf "$work/c" && mkdir "$work/c" && cp "$dir/input.cu" "$work/c/input.cu"
	(
		cd "$work/c" || exit 1
		for f in text json sarif; do
			"$cuflow" $args --report=$f input.cu >"$o/diff.$f" 2>"$o/report.$f"
			echo "rc $?" >>"$o/diff.$f"
		done
		"$cuflow" $args -q --export-fixes=fixes.yaml input.cu >/dev/null 2>&1
		cp fixes.yaml "$o/fixes.yaml" 2>/dev/null
		"$cuflow" $args --dump=model input.cu >"$o/model" 2>&1
		cp input.cu after.cu && "$cuflow" $args -q -i after.cu
	)
	for f in "$o"/report.* "$o/fixes.yaml"; do [ -f "$f" ] && norm "$f"; done
	lower "$name.orig" "$dir/input.cu"
	lower "$name.new" "$work/c/after.cu"
done
for f in "$here"/lower/*.cu "$here"/gpu/overlap/*.cu "$here"/../examples/*.cu; do
	[ -f "$f" ] && lower "$(basename "$(dirname "$f")")-$(basename "$f" .cu)" "$f"
done

if [ -d "$rodinia/cuda" ]; then
	# Rodinia's sources, patched and lowered with the flags of tests/rodinia/run
	(cd "$work" && CUFLOW=$cuflow python3 - "$here/rodinia/run" "$rodinia" "$out/rodinia" <<-'EOF'
		import importlib.machinery, importlib.util, os, subprocess, sys
		path, rodinia, out = sys.argv[1:]
		spec = importlib.util.spec_from_loader('rodinia', importlib.machinery.SourceFileLoader('rodinia', path))
		r = importlib.util.module_from_spec(spec)
		spec.loader.exec_module(r)
		r.copy_sources(r.check_rodinia(rodinia), 'src', r.BENCHES, 'cpu')
		for b in r.BENCHES:
		    variants = [('', b.get('defs', []))]
		    if 'tdefs' in b and b['tdefs'] != b.get('defs', []):
		        variants.append(('.time', b['tdefs']))
		    for tag, defs in variants:
		        cpp = os.path.join(out, b['name'] + tag + '.cpp')
		        cmd = r.lower_cmd(b, os.path.join('src', b['dir']), cpp, defs)
		        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
		        with open(os.path.join(out, b['name'] + tag + '.log'), 'wb') as f:
		            f.write(p.stdout + b'rc %d\n' % p.returncode)
	EOF
	)
fi

[ "$out" = "$ref" ] && { echo "reference written to $ref"; exit 0; }
if diff -rq "$ref" "$out" >"$work/differ"; then
	echo "same output: $(find "$out" -type f | wc -l) files"
else
	cat "$work/differ"
	exit 1
fi
