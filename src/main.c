/* main.c: the command line. Parses options and hands them to the driver. */
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "cuflow.h"
#include "report/report.h"

static const char usage[] =
	"usage: cuflow [options] FILE|DIR... [-- COMPILER_ARGS...]\n"
	"  (default)          print a unified diff of every rewrite; the report on stderr\n"
	"  -i, --in-place     write the rewrites into the files\n"
	"  --check            print the diff; exit 1 if any file would change\n"
	"  --verify=ARGS      run each rewritten program and its original on the CPU with ARGS, eagerly\n"
	"                     and with launches deferred; a rewrite that prints otherwise is left out\n"
	"                     (repeatable: one run each)\n"
	"  --verify-ignore=RE lines matching the extended regular expression RE (timings) are not\n"
	"                     compared by --verify (repeatable)\n"
	"  --passes=LIST      comma list of passes to run: sync (the default), copies, pin, fuse, or all;\n"
	"                     two or more (or sync) run round after round until a round changes nothing\n"
	"  --lower=openmp -o OUT.cpp  lower the program to C++/OpenMP for a CPU (no GPU); -o DIR/: a file per unit\n"
	"  --lower=coexec -o OUT.cu   run its kernels on the CPU and the GPU at once (OUT-cpu.cpp beside it)\n"
	"  --cuda-arch=sm_XX  the GPU the program is built for: __CUDA_ARCH__ in device code (sm_75)\n"
	"  -p DIR             read compile flags from DIR/compile_commands.json\n"
	"  --cuda-path=DIR    the CUDA toolkit to parse against\n"
	"  --minimal-cuda     parse with cuflow's own minimal CUDA declarations\n"
	"  -I DIR, -D NAME[=V], -U NAME, --include FILE   as clang takes them\n"
	"  --rules=PATH       add API rules from a file or directory (later ones win)\n"
	"  --move-past-timers allow moving syncs past clock reads\n"
	"  --report=FORMAT    text (default), json or sarif\n"
	"  --report-file=PATH write the report there instead of stderr\n"
	"  --export-fixes=FILE write the moves as clang-apply-replacements YAML\n"
	"  -j N               analyse N files at a time (-j alone: one per core)\n"
	"  --pin-limit=SIZE   page-locked bytes a program may hold after the pin pass (K, M, G;\n"
	"                     0: no cap; default 1G; buffers whose size is not a constant are not counted)\n"
	"  --max-memory=SIZE  refuse a program whose analysis would take the process past SIZE\n"
	"                     (K, M, G; 0: no cap; default three quarters of the machine's memory)\n"
	"  -q, --quiet        no report\n"
	"  --timing           add parse and analysis times per file to the report\n"
	"  --no-prescan       parse every file, even those with no CUDA calls\n"
	"  --no-cache         parse every file and header, without the caches (~/.cache/cuflow)\n"
	"  --dump=model       print the front end's model (debugging)\n"
	"  --lsp              serve the Language Server Protocol on stdin/stdout (see doc/editors.md)\n"
	"  --version, --help\n"
	"exit status: 0 done, 1 changes pending under --check, 2 usage error,\n"
	"             3 an input could not be analysed, 4 a rewrite failed --verify\n";

static int
usageerr(const char *msg, const char *arg)
{
	fprintf(stderr, "cuflow: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
	fputs("try 'cuflow --help'\n", stderr);
	return 2;
}

/* __CUDA_ARCH__ for sm_XX or compute_XX (sm_90a: 900), 0 if not one. */
static int
cudaarch(const char *a)
{
	const char *d = !strncmp(a, "sm_", 3) ? a + 3 : !strncmp(a, "compute_", 8) ? a + 8 : NULL;
	char *e;
	long v = d ? strtol(d, &e, 10) : 0;
	if (!d || e == d || v < 10 || v > 999 || (*e && strcmp(e, "a") && strcmp(e, "f")))
		return 0;
	return (int)v * 10;
}

enum {
	OPT_CHECK = 256,
	OPT_PASSES,
	OPT_CUDA,
	OPT_MINIMAL,
	OPT_RULES,
	OPT_TIMERS,
	OPT_REPORT,
	OPT_REPORTFILE,
	OPT_EXPORTFIXES,
	OPT_DUMP,
	OPT_VERSION,
	OPT_INCLUDE,
	OPT_TIMING,
	OPT_NOPRESCAN,
	OPT_LOWER,
	OPT_LSP,
	OPT_CUDAARCH,
	OPT_NOCACHE,
	OPT_MAXMEM,
	OPT_PINLIMIT,
	OPT_VERIFY,
	OPT_VIGNORE,
};

static const struct option longopts[] = {
	{"in-place", no_argument, NULL, 'i'},
	{"check", no_argument, NULL, OPT_CHECK},
	{"passes", required_argument, NULL, OPT_PASSES},
	{"cuda-path", required_argument, NULL, OPT_CUDA},
	{"minimal-cuda", no_argument, NULL, OPT_MINIMAL},
	{"rules", required_argument, NULL, OPT_RULES},
	{"move-past-timers", no_argument, NULL, OPT_TIMERS},
	{"report", required_argument, NULL, OPT_REPORT},
	{"report-file", required_argument, NULL, OPT_REPORTFILE},
	{"export-fixes", required_argument, NULL, OPT_EXPORTFIXES},
	{"dump", required_argument, NULL, OPT_DUMP},
	{"quiet", no_argument, NULL, 'q'},
	{"include", required_argument, NULL, OPT_INCLUDE},
	{"timing", no_argument, NULL, OPT_TIMING},
	{"no-prescan", no_argument, NULL, OPT_NOPRESCAN},
	{"no-cache", no_argument, NULL, OPT_NOCACHE},
	{"lower", required_argument, NULL, OPT_LOWER},
	{"cuda-arch", required_argument, NULL, OPT_CUDAARCH},
	{"max-memory", required_argument, NULL, OPT_MAXMEM},
	{"pin-limit", required_argument, NULL, OPT_PINLIMIT},
	{"verify", required_argument, NULL, OPT_VERIFY},
	{"verify-ignore", required_argument, NULL, OPT_VIGNORE},
	{"output", required_argument, NULL, 'o'},
	{"lsp", no_argument, NULL, OPT_LSP},
	{"version", no_argument, NULL, OPT_VERSION},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

/* "512M", "4G", "0": bytes, with a binary suffix. */
static bool
parsesize(const char *s, size_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	int shift = 0;
	if (*end == 'K' || *end == 'k')
		shift = 10;
	else if (*end == 'M' || *end == 'm')
		shift = 20;
	else if (*end == 'G' || *end == 'g')
		shift = 30;
	if (shift)
		end++;
	if (end == s || *end || errno || *s == '-' || v > (SIZE_MAX >> shift))
		return false;
	*out = (size_t)v << shift;
	return true;
}

/* The default memory cap: three quarters of the machine's memory. */
static size_t
defaultmaxmem(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	return pages > 0 && size > 0 ? (size_t)pages / 4 * 3 * (size_t)size : 0;
}

/* What main allocated for the run (leak checkers see the rest freed). */
static void
freerun(Run *r)
{
	for (int i = 0; i < r->cargs.n; i++)
		free(r->cargs.v[i]);
	vfree(r->cargs);
	vfree(r->inputs);
	vfree(r->rulefiles);
	vfree(r->verify);
	vfree(r->vignore);
	free(r->passes);
}

/* -j's number: joined (-j4), the next argument when it is a number (-j 4),
 * else one worker per core; 0 when *v is out of range. */
static int
jobs(char **argv, int argc, const char **v)
{
	*v = optarg;
	if (!*v && optind < argc && argv[optind][0] >= '0' && argv[optind][0] <= '9')
		*v = argv[optind++];
	if (!*v) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		return n < 1 ? 1 : n > 256 ? 256 : (int)n;
	}
	char *end;
	long j = strtol(*v, &end, 10);
	return *end || j < 1 || j > 256 ? 0 : (int)j;
}

static void
addcarg(Run *r, const char *flag, const char *val)
{
	vpush(r->cargs, val ? fmt("%s%s", flag, val) : xstrdup(flag));
}

int
main(int argc, char **argv)
{
	/* libclang parses on the calling thread, whose stack cuflow sizes for
	 * deeply nested input (front/parse.c), not on its own 8 MiB thread */
	setenv("LIBCLANG_NOTHREADS", "1", 1);
	Run r = {0};
	r.jobs = 1;
	r.opts.prescan = true;
	r.opts.maxmem = defaultmaxmem();
	r.opts.pinlimit = (size_t)1 << 30;
#ifdef CUFLOW_MUTANTS
	r.opts.mutant = getenv("CUFLOW_MUTANT") ? atoi(getenv("CUFLOW_MUTANT")) : 0;
#endif
	r.passes = xstrdup("sync");
	/* everything after "--" goes to the compiler untouched */
	int dd = argc;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			dd = i;
			break;
		}
	for (int i = dd + 1; i < argc; i++)
		addcarg(&r, argv[i], NULL);
	int c;
	opterr = 0;
	/* the leading ':' tells a missing value (':') from an unknown option ('?') */
	while ((c = getopt_long(dd, argv, ":iqp:I:D:U:j::ho:", longopts, NULL)) != -1) {
		switch (c) {
		case 'i':
			r.inplace = true;
			break;
		case OPT_CHECK:
			r.check = true;
			break;
		case OPT_PASSES:
			free(r.passes);
			r.passes = xstrdup(optarg);
			break;
		case 'p':
			r.opts.compdb = optarg;
			break;
		case OPT_CUDA:
			r.opts.cudapath = optarg;
			break;
		case OPT_MINIMAL:
			r.opts.minimal = true;
			break;
		case OPT_RULES:
			vpush(r.rulefiles, optarg);
			break;
		case OPT_TIMERS:
			r.opts.timers = true;
			break;
		case OPT_REPORT:
			r.report = optarg;
			break;
		case OPT_REPORTFILE:
			r.reportfile = optarg;
			break;
		case OPT_EXPORTFIXES:
			r.exportfixes = optarg;
			break;
		case OPT_DUMP:
			r.dump = optarg;
			break;
		case 'q':
			r.quiet = true;
			break;
		case OPT_TIMING:
			r.timing = true;
			break;
		case OPT_NOPRESCAN:
			r.opts.prescan = false;
			break;
		case OPT_NOCACHE:
			r.opts.nocache = true;
			break;
		case OPT_LOWER:
			if (strcmp(optarg, "openmp") && strcmp(optarg, "coexec"))
				return usageerr("--lower takes 'openmp' or 'coexec'", optarg);
			r.lower = optarg;
			break;
		case 'o':
			r.output = optarg;
			break;
		case OPT_CUDAARCH:
			if ((r.opts.cudaarch = cudaarch(optarg)) <= 0)
				return usageerr("--cuda-arch takes sm_XX or compute_XX", optarg);
			break;
		case OPT_LSP:
			r.lsp = true;
			break;
		case 'I':
		case 'D':
		case 'U':
			addcarg(&r, c == 'I' ? "-I" : c == 'D' ? "-D" : "-U", optarg);
			break;
		case OPT_INCLUDE:
			addcarg(&r, "-include", NULL);
			addcarg(&r, optarg, NULL);
			break;
		case OPT_MAXMEM:
			if (!parsesize(optarg, &r.opts.maxmem))
				return usageerr("--max-memory takes a size in bytes, with an optional K, M or G", optarg);
			break;
		case OPT_PINLIMIT:
			if (!parsesize(optarg, &r.opts.pinlimit))
				return usageerr("--pin-limit takes a size in bytes, with an optional K, M or G", optarg);
			break;
		case OPT_VERIFY:
			if (!verifyargs(optarg))
				return usageerr("--verify takes arguments that split into words as a shell splits them", optarg);
			vpush(r.verify, optarg);
			break;
		case OPT_VIGNORE:
			if (!verifyregex(optarg))
				return usageerr("--verify-ignore takes an extended regular expression", optarg);
			vpush(r.vignore, optarg);
			break;
		case 'j': {
			const char *v;
			if ((r.jobs = jobs(argv, dd, &v)) < 1)
				return usageerr("-j takes a number from 1 to 256", v);
			break;
		}
		case OPT_VERSION:
			printf("cuflow %s (libclang %d)\n", PACKAGE_VERSION, LLVM_MAJOR);
			return 0;
		case 'h':
			fputs(usage, stdout);
			return 0;
		case ':':
			return usageerr("option needs a value", argv[optind - 1]);
		case '?': {
			char shortopt[] = {'-', (char)optopt, 0};
			return usageerr("unknown option", optopt ? shortopt : argv[optind - 1]);
		}
		}
	}
	for (int i = optind; i < dd; i++)
		vpush(r.inputs, argv[i]);
	if (!(r.passset = passset(r.passes)))
		return usageerr("--passes takes a comma list of: sync, copies, pin, fuse, all", r.passes);
	free(r.passes);
	r.passes = passlist(r.passset);
	if (r.lower && !r.output)
		return usageerr("--lower needs -o OUT (OUT.cpp for openmp, OUT.cu for coexec)", NULL);
	if (r.output && !r.lower)
		return usageerr("-o goes with --lower", NULL);
	if (r.inplace && r.check)
		return usageerr("--check and --in-place exclude each other", NULL);
	if (r.inplace && r.exportfixes)
		return usageerr("--export-fixes and --in-place exclude each other (the fixes are for the original files)",
		                NULL);
	if (r.dump && strcmp(r.dump, "model"))
		return usageerr("--dump takes 'model'", r.dump);
	if (r.report && !reportformat(r.report))
		return usageerr("--report takes text, json or sarif", r.report);
	if (r.vignore.n && !r.verify.n)
		return usageerr("--verify-ignore goes with --verify", NULL);
	if (r.verify.n && (r.lower || r.lsp || r.dump))
		return usageerr("--verify goes with a rewrite, not --lower, --lsp or --dump", NULL);
	if (r.lsp && (r.inputs.n || r.inplace || r.check || r.dump || r.report))
		return usageerr("--lsp takes its files from the editor, and no output options", NULL);
	if (!r.inputs.n && !r.opts.compdb && !r.lsp)
		return usageerr("no input files", NULL);
	r.opts.cargs = (const char **)r.cargs.v;
	r.opts.ncargs = r.cargs.n;
	int rc;
	char *err = NULL;
	Rules *rules = rules_loadall(r.rulefiles.v, r.rulefiles.n, &err);
	if (rules) {
		rc = r.lower ? drivelower(&r, rules) : r.lsp ? lspserve(&r, rules) : drive(&r, rules);
		rules_free(rules);
	} else {
		fprintf(stderr, "cuflow: %s\n", err);
		free(err);
		rc = 2;
	}
	freerun(&r);
	return rc;
}
