/* flags.c: nvcc's command line as clang parses it. Build systems hand cuflow
 * nvcc's flags (compile databases, Makefiles, `-- ARGS`); the ones that change
 * how a file parses are translated (-rdc=true is -fgpu-rdc, -Xcompiler passes host flags, --std c++14 is
 * -std=c++14), the toolkit's own include directory is dropped (clang adds the
 * toolkit it parses against; a second copy redefines its types), and flags
 * that only steer code generation are dropped with their values. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cuflow.h"

/* nvcc flags whose value is a separate argument and that mean nothing to a parse */
static const char *const skipval[] = {
	"-o", "-ccbin", "--compiler-bindir", "-Xptxas", "--ptxas-options", "-Xlinker", "--linker-options",
	"-Xnvlink", "--nvlink-options", "-Xcudafe", "-Xarchive", "--archive-options", "-maxrregcount",
	"--maxrregcount", "-t", "--threads", "-l", "--library", "-L", "--library-path", "-MF", "-MT", "-MQ",
	"-odir", "--output-directory", "-code", "--gpu-code", "-x", "--x", "--options-file", "-optf",
	"--dependency-output", "-split-compile", "--split-compile", "-Xfatbin", "--fatbin-options",
	"--keep-dir", "-keep-dir", "-arch", "--gpu-architecture", "-gencode", "--generate-code",
	"-std", "--std", "--default-stream", "-default-stream", "-rdc", "--relocatable-device-code",
	"-Xcompiler", "--compiler-options", "-I", "--include-path", "-isystem", "--system-include",
	"-include", "--pre-include", "-iquote", "-idirafter", "-D", "--define-macro", "-U", "--undefine-macro",
	NULL,
};
/* nvcc-only flags without a value: dropped even where unknown flags are kept */
static const char *const nvcconly[] = {
	"-dc", "--device-c", "-dw", "--device-w", "-lineinfo", "--generate-line-info", "-G", "--device-debug",
	"--use_fast_math", "-use_fast_math", "--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
	"--expt-extended-lambda", "-expt-extended-lambda", "--extended-lambda", "-extended-lambda",
	"-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler", "-forward-unknown-to-host-linker",
	"-cudart", "--cudart", "-cudadevrt", "--resource-usage", "-res-usage", "-restrict", "--restrict",
	"-m64", "--machine", "-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets", "-Wno-deprecated-declarations",
	"-src-in-ptx", "--source-in-ptx", "-lto", "-dlto", "--dlink-time-opt", "-ftz", "-prec-div", "-prec-sqrt",
	"-fmad", "--ftz", "--prec-div", "--prec-sqrt", "--fmad", "-Werror", "-w", "-c", "--compile", "-keep",
	"--keep", "-v", "--verbose", "-O0", "-O1", "-O2", "-O3", "-g", "-pg", "-dryrun", "--dryrun",
	NULL,
};

static bool
inlist(const char *const *l, const char *a)
{
	for (; *l; l++)
		if (!strcmp(*l, a))
			return true;
	return false;
}

/* The flag part of "--flag=value" (the whole argument when there is no '='). */
static char *
flagof(const char *a)
{
	const char *eq = strchr(a, '=');
	return eq ? xstrndup(a, eq - a) : xstrdup(a);
}

/* A directory of a CUDA toolkit's own headers (it holds cuda_runtime_api.h and crt/). */
static bool
toolkitinclude(const char *dir)
{
	char *h = fmt("%s/cuda_runtime_api.h", dir), *c = fmt("%s/crt", dir);
	struct stat sb, sc;
	bool yes = stat(h, &sb) == 0 && stat(c, &sc) == 0 && S_ISDIR(sc.st_mode);
	free(h);
	free(c);
	return yes;
}

static char *
absolute(const char *dir, const char *p)
{
	return !dir || p[0] == '/' ? xstrdup(p) : fmt("%s/%s", dir, p);
}

static void translate(const char *flag, const char *val, const char *dir, bool keep, Strs *out);

/* -Xcompiler -fopenmp,-DX=1: the host compiler's flags, those a parse needs */
static void
hostflags(const char *list, const char *dir, Strs *out)
{
	char *s = xstrdup(list), *save = NULL;
	for (char *a = strtok_r(s, ",", &save); a; a = strtok_r(NULL, ",", &save)) {
		if (!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) || !strncmp(a, "-I", 2) || !strncmp(a, "-std=", 5) ||
		    !strcmp(a, "-fopenmp"))
			translate(a, NULL, dir, false, out);
	}
	free(s);
}

static void
pathflag(const char *clangflag, const char *val, const char *dir, Strs *out)
{
	char *abs = absolute(dir, val);
	if ((!strcmp(clangflag, "-I") || !strcmp(clangflag, "-isystem")) && toolkitinclude(abs))
		; /* the toolkit's own headers: clang adds those it parses against */
	else if (!strcmp(clangflag, "-I"))
		vpush(*out, fmt("-I%s", abs));
	else {
		vpush(*out, xstrdup(clangflag));
		vpush(*out, xstrdup(abs));
	}
	free(abs);
}

/* One flag with its value (val NULL when it has none or it is joined). */
static void
translate(const char *a, const char *val, const char *dir, bool keep, Strs *out)
{
	static const char *const paths[][2] = {
		{"-I", "-I"}, {"--include-path", "-I"}, {"-isystem", "-isystem"}, {"--system-include", "-isystem"},
		{"-include", "-include"}, {"--pre-include", "-include"}, {"-iquote", "-iquote"}, {"-idirafter", "-idirafter"},
	};
	char *f = flagof(a);
	const char *eq = strchr(a, '=');
	for (size_t k = 0; k < sizeof paths / sizeof *paths; k++) {
		size_t n = strlen(paths[k][0]);
		bool joined = paths[k][0][1] != '-' && !strncmp(a, paths[k][0], n) && a[n] && a[n] != '=';
		if (strcmp(f, paths[k][0]) && !joined)
			continue;
		const char *v = joined ? a + n : eq ? eq + 1 : val;
		if (v && *v)
			pathflag(paths[k][1], v, dir, out);
		free(f);
		return;
	}
	if (!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) || !strcmp(f, "--define-macro") || !strcmp(f, "--undefine-macro")) {
		bool def = a[1] == 'D' || !strcmp(f, "--define-macro");
		const char *v = a[1] != '-' && a[2] ? a + 2 : eq && a[1] == '-' ? eq + 1 : val;
		if (v && *v)
			vpush(*out, fmt("-%c%s", def ? 'D' : 'U', v));
	} else if (!strcmp(f, "-std") || !strcmp(f, "--std")) {
		const char *v = eq ? eq + 1 : val;
		if (v)
			vpush(*out, fmt("-std=%s", v));
	} else if (!strcmp(f, "-rdc") || !strcmp(f, "--relocatable-device-code")) {
		const char *v = eq ? eq + 1 : val;
		if (v && !strcmp(v, "true"))
			vpush(*out, xstrdup("-fgpu-rdc"));
	} else if (!strcmp(a, "-dc") || !strcmp(a, "--device-c") || !strcmp(a, "-fgpu-rdc")) {
		vpush(*out, xstrdup("-fgpu-rdc"));
	} else if (!strcmp(f, "-Xcompiler") || !strcmp(f, "--compiler-options")) {
		const char *v = eq ? eq + 1 : val;
		if (v)
			hostflags(v, dir, out);
	} else if (!strcmp(f, "--default-stream") || !strcmp(f, "-default-stream")) {
		const char *v = eq ? eq + 1 : val;
		if (v && !strcmp(v, "per-thread"))
			vpush(*out, xstrdup("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"));
	} else if (!strcmp(a, "-fopenmp")) {
		vpush(*out, xstrdup(a));
	} else if (keep && !inlist(skipval, f) && !inlist(nvcconly, a) && strncmp(a, "-O", 2)) {
		vpush(*out, xstrdup(a));
	}
	free(f);
}

/* --options-file FILE: more arguments, separated by white space, quoted with
 * '' or "" (CMake writes a target's include paths there). */
static void
optionsfile(const char *file, const char *dir, bool keep, Strs *out)
{
	char *path = absolute(dir, file), *err = NULL;
	size_t len;
	char *text = readfile(path, &len, &err);
	free(path);
	free(err);
	if (!text)
		return;
	Strs args = {0};
	Buf w = {0};
	for (size_t i = 0; i <= len; i++) {
		char c = i < len ? text[i] : ' ';
		if (c == '"' || c == '\'') {
			for (i++; i < len && text[i] != c; i++)
				vpush(w, text[i]);
		} else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			if (w.n)
				vpush(args, xstrndup(w.v, w.n));
			w.n = 0;
		} else
			vpush(w, c);
	}
	nvccflags((const char *const *)args.v, args.n, dir, keep, out);
	for (int i = 0; i < args.n; i++)
		free(args.v[i]);
	vfree(args);
	vfree(w);
	free(text);
}

/* nvcc's (or clang's) arguments argv[0..argc) as clang flags for a parse,
 * appended to out. Relative paths resolve against dir (NULL: as they are).
 * keep: pass flags this table does not know (command-line `-- ARGS`, which
 * may be clang's own); a compile database's other flags are dropped. */
void
nvccflags(const char *const *argv, int argc, const char *dir, bool keep, Strs *out)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		char *f = flagof(a);
		bool takes = inlist(skipval, f) && !strchr(a, '=');
		/* -I/-D/-U/-isystem/-include written joined (-Idir) carry their value */
		if (takes && (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-U", 2)) && a[2])
			takes = false;
		const char *val = takes && i + 1 < argc ? argv[++i] : NULL;
		const char *eq = strchr(a, '=');
		if (!strcmp(f, "--options-file") || !strcmp(f, "-optf")) {
			if (eq || val)
				optionsfile(eq ? eq + 1 : val, dir, keep, out);
		} else
			translate(a, val, dir, keep, out);
		free(f);
	}
}

/* The options a file is parsed with: the run's, its compile command's flags
 * (dbflags, may be NULL) and then the command line's. all holds the merged
 * list (borrowed strings: free only the vector) and must outlive the result. */
Opts
fileopts(const Opts *run, const Strs *dbflags, Strs *all)
{
	for (int k = 0; dbflags && k < dbflags->n; k++)
		vpush(*all, dbflags->v[k]);
	for (int k = 0; k < run->ncargs; k++)
		vpush(*all, (char *)run->cargs[k]);
	Opts o = *run;
	o.cargs = (const char **)all->v;
	o.ncargs = all->n;
	return o;
}
