/* parse.c: one libclang translation unit per input file, parsed the way nvcc
 * compiles it: host side only, the toolkit's include paths (CUDA 13 keeps
 * thrust, cub and libcu++ under include/cccl, which nvcc adds and clang does
 * not), GCC's omp.h. Without a usable toolkit, cuflow's own minimal CUDA
 * declarations (embedded, src/front/hdr/) stand in, and the report says so. */
#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "cuflow.h"
#include "front/front.h"
#include "front/parse.h"

#define HDRDIR "/__cuflow__/include"
#define MAXFILE (32 << 20) /* larger inputs are generated code, not sources to rewrite */
/* Deeper syntax trees are refused before libclang sees them: libclang and
 * build.c recurse once per level, on a thread with PARSESTACK bytes of
 * stack (LIBCLANG_NOTHREADS, set by main, keeps libclang on that thread
 * instead of its own 8 MiB one). Measured with 256 MiB: "- - - a" parses
 * 50,000 levels deep and overflows at 100,000 (about 4 KiB a level), "a+a+a"
 * 400,000 terms; clang itself stops brackets at 2,048. */
#define MAXDEPTH 10000
#define PARSESTACK ((size_t)256 << 20)

typedef struct {
	const char *name, *text;
} Embedded;
extern const Embedded cuflow_headers[];

static bool
isfile(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* The toolkit to parse against, or NULL for the minimal header. */
static const char *
cudapath(const Opts *o)
{
	if (o->minimal)
		return NULL;
	const char *p = o->cudapath;
	if (!p)
		p = getenv("CUDA_PATH");
	if (!p)
		p = getenv("CUDA_HOME");
	if (!p)
		p = CUDA_DEFAULT;
	char *hdr = fmt("%s/include/cuda_runtime_api.h", p);
	bool ok = isfile(hdr);
	free(hdr);
	return ok ? p : NULL;
}

/* CUDART_VERSION of the toolkit at p (13000 for CUDA 13.0), 0 if unknown. */
static int
cudaversion(const char *p)
{
	char *hdr = fmt("%s/include/cuda_runtime_api.h", p), *err = NULL;
	size_t len;
	char *src = readfile(hdr, &len, &err);
	free(hdr);
	free(err);
	if (!src)
		return 0;
	char *d = strstr(src, "#define CUDART_VERSION");
	int v = d ? atoi(d + strlen("#define CUDART_VERSION")) : 0;
	free(src);
	return v;
}

/* Decides the parse mode once per run: libclang before 22 cannot parse the
 * CUDA 13 headers, so it gets the minimal header too. */
int
parsemode(const Opts *o, const char **cuda)
{
	*cuda = cudapath(o);
	if (*cuda && LLVM_MAJOR < 22 && cudaversion(*cuda) >= 13000)
		*cuda = NULL;
	return *cuda ? PM_CUDA : PM_MINIMAL;
}

static bool
hasstd(const Opts *o)
{
	for (int i = 0; i < o->ncargs; i++)
		if (!strncmp(o->cargs[i], "-std=", 5))
			return true;
	return false;
}

/* Do o's flags make nvcc compile every file as CUDA (-x cu, --x cu)? */
static bool
xcuda(const Opts *o)
{
	for (int i = 0; i < o->ncargs; i++) {
		const char *f = o->cargs[i], *v = NULL;
		if ((!strcmp(f, "-x") || !strcmp(f, "--x")) && i + 1 < o->ncargs)
			v = o->cargs[i + 1];
		else if (!strncmp(f, "--x=", 4) || !strncmp(f, "-x=", 3))
			v = strchr(f, '=') + 1;
		else if (!strncmp(f, "-x", 2) && f[2])
			v = f + 2;
		if (v && !strcmp(v, "cu"))
			return true;
	}
	return false;
}

/* A C file: nvcc hands it to the host C compiler, so it is read as C (old
 * C too: implicit int and declarations stay warnings, as GCC long had them),
 * with none of CUDA's declarations; unless -x cu makes it CUDA. */
static bool
cfile(const char *path, const Opts *o)
{
	size_t n = strlen(path);
	return n > 2 && !strcmp(path + n - 2, ".c") && !xcuda(o);
}

static void pushcudaargs(Strs *a, const Opts *o, int mode, const char *cuda);

static void
pushcargs(Strs *a, const Opts *o)
{
	static const char *flags[] = {"-x", "c", "-Wno-error=implicit-int", "-Wno-error=implicit-function-declaration",
	                              "-Wno-error=int-conversion", "-Wno-error=incompatible-pointer-types",
	                              "-Wno-error=return-type"};
	for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
		vpush(*a, xstrdup(flags[i]));
#ifdef CLANG_RESOURCE_DIR
	vpush(*a, xstrdup("-resource-dir"));
	vpush(*a, xstrdup(CLANG_RESOURCE_DIR));
#endif
	if (!hasstd(o))
		vpush(*a, xstrdup("-std=gnu11"));
#ifdef GCC_INCLUDE
	vpush(*a, xstrdup("-idirafter" GCC_INCLUDE));
#endif
}

/* The include directories clang takes from the environment (CPATH as -I
 * after the command line's, CPLUS_INCLUDE_PATH or C_INCLUDE_PATH as
 * -isystem; an empty element is the working directory), written as flags:
 * the caches' keys and their shadow checks see them. */
static void
envpaths(Strs *a, const char *var, const char *flag)
{
	const char *v = getenv(var);
	for (const char *p = v; p && *p;) {
		size_t n = strcspn(p, ":");
		vpush(*a, fmt("%s%.*s", flag, (int)n, n ? p : "."));
		p += n + (p[n] == ':');
	}
}

/* The flags of a parse of path; those from the returned index on (the
 * file's own directory, the user's flags) differ between files of a run. */
static int
pushargs(Strs *a, const Opts *o, const char *path, int mode, const char *cuda)
{
	if (cfile(path, o))
		pushcargs(a, o);
	else
		pushcudaargs(a, o, mode, cuda);
	int from = a->n;
	/* quoted includes resolve against the file's directory, as nvcc does */
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	if (slash) {
		*slash = 0;
		vpush(*a, fmt("-I%s", *dir ? dir : "/"));
	}
	free(dir);
	nvccflags(o->cargs, o->ncargs, NULL, true, a);
	envpaths(a, "CPATH", "-I");
	envpaths(a, cfile(path, o) ? "C_INCLUDE_PATH" : "CPLUS_INCLUDE_PATH", "-isystem");
	return from;
}

static void
pushcudaargs(Strs *a, const Opts *o, int mode, const char *cuda)
{
	vpush(*a, xstrdup("-x"));
	vpush(*a, xstrdup("cuda"));
	vpush(*a, xstrdup("--cuda-host-only"));
#ifdef CLANG_RESOURCE_DIR
	vpush(*a, xstrdup("-resource-dir")); /* else clang's CUDA wrappers of <new>, <cmath>... are lost */
	vpush(*a, xstrdup(CLANG_RESOURCE_DIR));
#endif
	vpush(*a, xstrdup("-Wno-unknown-cuda-version"));
	vpush(*a, xstrdup("-Wno-unused-command-line-argument"));
	/* old C++ that nvcc's host compiler (GCC) only warns about */
	vpush(*a, xstrdup("-Wno-register"));
	vpush(*a, xstrdup("-Wno-c++11-narrowing"));
	vpush(*a, xstrdup("-Wno-reserved-user-defined-literal"));
	if (!hasstd(o))
		vpush(*a, xstrdup("-std=c++17"));
	if (mode == PM_CUDA) {
		vpush(*a, fmt("--cuda-path=%s", cuda));
		vpush(*a, fmt("-isystem%s/include/cccl", cuda));
		vpush(*a, xstrdup("-include")); /* the minimal header has its own */
		vpush(*a, xstrdup(HDRDIR "/cuflow_minmax.h"));
		vpush(*a, xstrdup("-include")); /* nvcc's builtin atomics, which clang lacks */
		vpush(*a, xstrdup(HDRDIR "/cuflow_nvatomic.h"));
	} else {
		vpush(*a, xstrdup("-nocudainc"));
		vpush(*a, xstrdup("-nocudalib"));
		vpush(*a, xstrdup("-isystem" HDRDIR));
		vpush(*a, xstrdup("-include"));
		vpush(*a, xstrdup("cuflow_cuda.h")); /* by name, found in the system directory above */
	}
	/* what nvcc's cuda_runtime.h includes, so code that relies on it parses */
	static const char *implicit[] = {"assert.h", "stdio.h", "stdlib.h", "string.h", "time.h", "ctype.h",
	                                 "limits.h", "math.h", "new", "cmath", "cstdlib", "limits", "utility"};
	for (size_t i = 0; i < sizeof implicit / sizeof *implicit; i++) {
		vpush(*a, xstrdup("-include"));
		vpush(*a, xstrdup(implicit[i]));
	}
#ifdef GCC_INCLUDE
	/* after clang's own headers: only what clang lacks (omp.h) comes from GCC */
	vpush(*a, xstrdup("-idirafter" GCC_INCLUDE));
#endif
}

/* A flag that would fix the first error, for the refusal message. */
static char *
fixhint(const char *msg, int mode)
{
	const char *q = strchr(msg, '\'');
	if (q && strstr(msg, "file not found")) {
		const char *e = strchr(q + 1, '\'');
		char *name = xstrndup(q + 1, e ? (size_t)(e - q - 1) : strlen(q + 1));
		char *h;
		if (mode == PM_MINIMAL && (!strncmp(name, "thrust/", 7) || !strncmp(name, "cub/", 4) ||
		                           !strncmp(name, "cuda/", 5)))
			h = xstrdup("--cuda-path=DIR (this header needs the CUDA toolkit's own headers)");
		else
			h = fmt("-I DIR where DIR holds %s", name);
		free(name);
		return h;
	}
	if (strstr(msg, "requires relocatable device code"))
		return xstrdup("-rdc=true (nvcc's flag for launches from device code; a compile database passes it)");
	if (strstr(msg, "'cudaGraph") || strstr(msg, "NodeParams'"))
		return xstrdup("a graph captured from a stream (cudaStreamBeginCapture): cuflow's CUDA declarations, the "
		               "minimal header's and the CPU runtime's, build no graph node by node");
	if (strstr(msg, "undeclared identifier") || strstr(msg, "unknown type name"))
		return xstrdup("-D NAME=VALUE (a macro the build defines), or -I for a missing header");
	return NULL;
}

/* Refuses the unit with the first error diagnostic, if any. */
static void
diagnose(Unit *u, CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		if (sev >= CXDiagnostic_Error) {
			u->ndiag++;
			if (!u->refused) {
				CXString msg = clang_getDiagnosticSpelling(d);
				CXFile f;
				unsigned line, col;
				clang_getSpellingLocation(clang_getDiagnosticLocation(d), &f, &line, &col, NULL);
				CXString fname = clang_getFileName(f);
				const char *fn = clang_getCString(fname);
				if (fn)
					u->refused = fmt("%s:%u:%u: %s", fn, line, col, clang_getCString(msg));
				else /* a flag's -include: no line of a file to name */
					u->refused = fmt("%s (a flag's -include)", clang_getCString(msg));
				u->fixhint = fixhint(clang_getCString(msg), u->mode);
				clang_disposeString(fname);
				clang_disposeString(msg);
			}
		}
		clang_disposeDiagnostic(d);
	}
}

static bool
isbinary(const char *s, size_t n)
{
	return memchr(s, 0, n) != NULL;
}

/* The line of a CR not followed by LF outside a block comment (classic
 * Mac OS line ends: clang ends a line, a // comment or a directive there,
 * cuflow's lines do not), or 0. One inside a block comment changes no code. */
static int
lonecr(const char *s, size_t n)
{
	int line = 1;
	bool block = false;
	for (size_t i = 0; i < n; i++)
		if (s[i] == '\n')
			line++;
		else if (!block && s[i] == '/' && i + 1 < n && s[i + 1] == '*')
			block = true, i++;
		else if (block && s[i] == '*' && i + 1 < n && s[i + 1] == '/')
			block = false, i++;
		else if (!block && s[i] == '\r' && (i + 1 == n || s[i + 1] != '\n'))
			return line;
	return 0;
}

/* nvcc takes "k << < g, b >> > (args)"; clang wants the brackets together.
 * The same text with "<< <" and its closing "> > >" pulled together, the
 * spaces moved behind them: the length and every offset stay the same.
 * NULL when there is nothing to change. */
static char *
joinlaunch(const char *src, size_t len)
{
	char *t = NULL;
	for (size_t i = 0; i + 3 < len; i++) {
		if (src[i] != '<' || src[i + 1] != '<' || (src[i + 2] != ' ' && src[i + 2] != '\t'))
			continue;
		size_t j = i + 2;
		while (j < len && (src[j] == ' ' || src[j] == '\t'))
			j++;
		if (j >= len || src[j] != '<')
			continue;
		size_t c = j; /* the closing ">> >" before the next '(' */
		while (c + 2 < len && !(src[c] == '>' && src[c + 1] == '>') && src[c] != ';')
			c++;
		size_t d = c + 2;
		while (d < len && (src[d] == ' ' || src[d] == '\t'))
			d++;
		if (c + 2 >= len || src[c] != '>' || d >= len || src[d] != '>' || d == c + 2)
			continue;
		if (!t) {
			t = xmalloc(len + 1);
			memcpy(t, src, len);
			t[len] = 0;
		}
		t[i + 2] = '<';
		for (size_t k = i + 3; k <= j; k++)
			t[k] = ' ';
		t[c + 2] = '>';
		for (size_t k = c + 3; k <= d; k++)
			t[k] = ' ';
		i = d;
	}
	return t;
}

/* The flags a parse of path with o takes: the unit cache's key. */
void
parseargs(const char *path, const Opts *o, Strs *args)
{
	const char *cuda;
	int mode = parsemode(o, &cuda);
	pushargs(args, o, path, mode, cuda);
}

static void
inputof(Input *in, const char *path, const Opts *o, const char *text, size_t len, int mode, const char *cuda)
{
	memset(in, 0, sizeof *in);
	in->from = pushargs(&in->args, o, path, mode, cuda);
	if (!text) {
		char *rerr = NULL;
		text = in->own = readfile(path, &len, &rerr);
		free(rerr);
	}
	if (text && (in->joined = joinlaunch(text, len)))
		text = in->joined;
	if (o->text || in->joined) { /* an editor's buffer, or the launches pulled together */
		struct CXUnsavedFile f = {xstrdup(path), text, len};
		vpush(in->uf, f);
	}
	for (int i = 0; i < o->nfiles; i++)
		if (strcmp(o->files[i].path, path)) {
			struct CXUnsavedFile f = {xstrdup(o->files[i].path), o->files[i].text, o->files[i].len};
			vpush(in->uf, f);
		}
	in->hdr0 = in->uf.n;
	for (const Embedded *e = cuflow_headers; e->name; e++) { /* cuflow_minmax.h, cuflow_nvatomic.h serve the toolkit's mode too */
		struct CXUnsavedFile f = {fmt(HDRDIR "/%s", e->name), e->text, strlen(e->text)};
		vpush(in->uf, f);
	}
}

static void
inputfree(Input *in)
{
	for (int i = 0; i < in->args.n; i++)
		free(in->args.v[i]);
	vfree(in->args);
	for (int i = 0; i < in->uf.n; i++)
		free((char *)in->uf.v[i].Filename);
	vfree(in->uf);
	free(in->own);
	free(in->joined);
}

/* The header cache's PCH for in (NULL: none), *state saying how it went;
 * its headers go to deps when not NULL (the translation unit does not list
 * them). */
static char *
pchof(const Input *in, const Opts *o, const char **state, Deps *deps)
{
	if (o->nocache) {
		*state = "off";
		return NULL;
	}
	if (o->nfiles) { /* other files' texts could stand in for headers */
		*state = "files";
		return NULL;
	}
	return pch_for(&in->args, in->from, in->uf.v + in->hdr0, in->uf.n - in->hdr0, state, deps);
}

/* libclang's parse of path with args, on top of pch when not NULL: the
 * -include flags' headers are in it. */
enum CXErrorCode
parsewith(CXIndex idx, const char *path, const Input *in, const char *pch, unsigned flags, CXTranslationUnit *tu)
{
	Strs a = {0};
	for (int i = 0; i < in->args.n; i++) {
		if (pch && !strcmp(in->args.v[i], "-include") && i + 1 < in->args.n)
			i++;
		else
			vpush(a, in->args.v[i]);
	}
	if (pch) {
		vpush(a, "-include-pch");
		vpush(a, (char *)pch);
	}
	*tu = NULL;
	enum CXErrorCode ec =
		clang_parseTranslationUnit2(idx, path, (const char *const *)a.v, a.n, in->uf.v, in->uf.n, flags, tu);
	vfree(a);
	return ec;
}

/* A parse of in on the header cache's PCH, or reading the headers when
 * there is none or it does not load. */
static CXTranslationUnit
cachedparse(CXIndex idx, const char *path, const Input *in, char *pch, const char **state, enum CXErrorCode *ec)
{
	CXTranslationUnit tu = NULL;
	if (pch && (*ec = parsewith(idx, path, in, pch, CXTranslationUnit_None, &tu)) != CXError_Success) {
		pch_drop(pch);
		*state = "failed";
	}
	if (!tu)
		*ec = parsewith(idx, path, in, NULL, CXTranslationUnit_None, &tu);
	free(pch);
	return tu;
}

/* Whether in's flags parse path emptied (its text and the toolkit's headers
 * left out: the driver's checks are what is probed), without args[skip] and
 * the value it takes when skip >= 0. */
static bool
probeparse(CXIndex idx, const char *path, const Input *in, int skip, int nskip)
{
	Strs a = {0};
	for (int i = 0; i < in->args.n; i++)
		if (i < skip || i >= skip + nskip)
			vpush(a, in->args.v[i]);
	vpush(a, "-nocudainc");
	vpush(a, "-nocudalib");
	VEC(struct CXUnsavedFile) uf = {0};
	struct CXUnsavedFile empty = {path, "", 0};
	vpush(uf, empty);
	for (int i = 0; i < in->uf.n; i++)
		if (strcmp(in->uf.v[i].Filename, path))
			vpush(uf, in->uf.v[i]);
	CXTranslationUnit tu = NULL;
	enum CXErrorCode ec = clang_parseTranslationUnit2(idx, path, (const char *const *)a.v, a.n, uf.v, uf.n,
	                                                  CXTranslationUnit_None, &tu);
	if (tu)
		clang_disposeTranslationUnit(tu);
	vfree(a);
	vfree(uf);
	return ec == CXError_Success && tu;
}

/* Flags whose value is the next argument. */
static bool
takesvalue(const char *f)
{
	static const char *const two[] = {"-include", "-isystem", "-I", "-D", "-U", "-x", "-Xclang", "-idirafter",
	                                  "-iquote", "-imacros", "-o", "-MF", "-MT", "-MQ", "--include"};
	for (size_t i = 0; i < sizeof two / sizeof *two; i++)
		if (!strcmp(f, two[i]))
			return true;
	return false;
}

/* Why libclang refused to parse path at all: its driver rejects a flag
 * and says so only on stderr, so the user's flags are left out one at a
 * time until an empty file parses. */
static char *
parsefailure(const char *path, const Input *in, enum CXErrorCode ec)
{
	CXIndex idx = clang_createIndex(0, 0);
	char *why = NULL;
	if (!probeparse(idx, path, in, -1, 0))
		for (int i = in->from; i < in->args.n && !why; i++) {
			int n = takesvalue(in->args.v[i]) && i + 1 < in->args.n ? 2 : 1;
			if (probeparse(idx, path, in, i, n))
				why = fmt("libclang rejects the compiler flag '%s%s%s'", in->args.v[i], n == 2 ? " " : "",
				          n == 2 ? in->args.v[i + 1] : "");
		}
	clang_disposeIndex(idx);
	return why ? why : fmt("libclang could not parse the file (error %d)", (int)ec);
}

/* parsetu's work; with keep, the unit is keep's (not the caller's to
 * dispose) and *idx is unset. *cache says how the header cache served it;
 * the PCH's headers go to deps when not NULL. */
static CXTranslationUnit
parseunit(const char *path, const Opts *o, const char *text, size_t len, int *mode, CXIndex *idx, char **err,
          const char **cache, Kept *keep, Deps *deps)
{
	const char *cuda;
	*mode = parsemode(o, &cuda);
	Input in;
	inputof(&in, path, o, text, len, *mode, cuda);
	char *pch = pchof(&in, o, cache, deps);
	enum CXErrorCode ec;
	CXTranslationUnit tu;
	if (keep)
		tu = keptparse(keep, path, &in, pch, cache, &ec);
	else {
		*idx = clang_createIndex(0, 0);
		tu = cachedparse(*idx, path, &in, pch, cache, &ec);
	}
	if (ec != CXError_Success || !tu) {
		*err = parsefailure(path, &in, ec);
		inputfree(&in);
		if (!keep)
			clang_disposeIndex(*idx);
		return NULL;
	}
	inputfree(&in);
	return tu;
}

/* A translation unit of path parsed as nvcc would, with text standing in
 * for the file when o->text is set; NULL with a reason on failure. The
 * caller disposes the TU and *idx. */
CXTranslationUnit
parsetu(const char *path, const Opts *o, const char *text, size_t len, int *mode, CXIndex *idx, char **err)
{
	const char *cache;
	return parseunit(path, o, text, len, mode, idx, err, &cache, NULL, NULL);
}

/* The first error diagnostic of a parse, for a refusal, with what may fix
 * it; or NULL. */
char *
firsterror(CXTranslationUnit tu, const char *path)
{
	Unit u = {0};
	u.path = (char *)path;
	diagnose(&u, tu);
	char *why = u.refused && u.fixhint ? fmt("%s; try %s", u.refused, u.fixhint) : u.refused;
	if (why != u.refused)
		free(u.refused);
	free(u.fixhint);
	return why;
}

void
closetu(CXTranslationUnit tu, CXIndex idx)
{
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
}

char *
firstfatal(CXTranslationUnit tu)
{
	char *why = NULL;
	for (unsigned i = 0; i < clang_getNumDiagnostics(tu) && !why; i++) {
		CXDiagnostic g = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(g) == CXDiagnostic_Fatal) {
			CXString s = clang_formatDiagnostic(g, CXDiagnostic_DisplaySourceLocation);
			why = xstrdup(clang_getCString(s));
			clang_disposeString(s);
		}
		clang_disposeDiagnostic(g);
	}
	return why;
}

/* APIs CUDA 12 and 13 removed that old code still uses: the toolkit's
 * headers reject them, cuflow's minimal header still declares them. */
static const char *legacy[] = {
	"clockRate", "memoryClockRate", "kernelExecTimeoutEnabled", "deviceOverlap", "maxTexture1DLinear",
	"cudaThreadSynchronize", "cudaThreadExit", "cudaThreadSetCacheConfig", "cudaThreadGetCacheConfig",
	"cudaThreadSetLimit", "cudaThreadGetLimit", "cudaBindTexture", "cudaUnbindTexture", "cudaBindTextureToArray",
	"texture", "surface", "cudaGetTextureReference", "cudaConfigureCall", "cudaSetupArgument", "cudaLaunch",
};

/* What replaces a removed API (nvcc's own advice), or NULL: a field of
 * cudaDeviceProp, the texture references. */
static const char *
replacement(const char *old)
{
	static const char *const by[][2] = {
		{"cudaThreadSynchronize", "cudaDeviceSynchronize"}, {"cudaThreadExit", "cudaDeviceReset"},
		{"cudaThreadSetCacheConfig", "cudaDeviceSetCacheConfig"},
		{"cudaThreadGetCacheConfig", "cudaDeviceGetCacheConfig"}, {"cudaThreadSetLimit", "cudaDeviceSetLimit"},
		{"cudaThreadGetLimit", "cudaDeviceGetLimit"},
	};
	for (size_t i = 0; i < sizeof by / sizeof *by; i++)
		if (!strcmp(by[i][0], old))
			return by[i][1];
	return NULL;
}

/* The header a "file not found" error names when the CUDA toolkit has it
 * (a library's: nccl.h, cutensor.h), or NULL. */
char *
toolkitheader(const char *error, const Opts *o)
{
	const char *q = error ? strstr(error, "' file not found") : NULL, *b = q;
	while (b && b > error && b[-1] != '\'')
		b--;
	Opts full = *o;
	full.minimal = false;
	const char *cuda = q && b > error ? cudapath(&full) : NULL;
	if (!cuda)
		return NULL;
	char *name = xstrndup(b, (size_t)(q - b)), *hdr = fmt("%s/include/%s", cuda, name);
	bool there = isfile(hdr);
	free(hdr);
	if (!there) {
		free(name);
		return NULL;
	}
	return name;
}

/* The folder of the toolkit's thrust (CCCL's: include/cccl since CUDA 13,
 * include before), for a lowered program that calls thrust; or NULL. */
char *
thrustdir(const Opts *o)
{
	Opts full = *o;
	full.minimal = false;
	const char *cuda = cudapath(&full);
	for (int i = 0; cuda && i < 2; i++) {
		char *dir = fmt(i ? "%s/include" : "%s/include/cccl", cuda), *hdr = fmt("%s/thrust/version.h", dir);
		bool there = isfile(hdr);
		free(hdr);
		if (there)
			return dir;
		free(dir);
	}
	return NULL;
}

/* A file parsed with the minimal declarations because it uses a removed
 * API (u->legacy) and refused for a header the toolkit has (a library's:
 * nccl.h): the refusal names that cause and the flag that lets it parse
 * with the toolkit, instead of suggesting -I for a header that is there. */
static void
legacyrefusal(Unit *u, const Opts *o)
{
	char *name = toolkitheader(u->refused, o);
	if (!name)
		return;
	Opts full = *o;
	full.minimal = false;
	const char *by = replacement(u->legacy), *at = strstr(u->refused, name) - 1;
	int v = cudaversion(cudapath(&full)) / 1000;
	char *why = fmt("%.*s%s is the CUDA toolkit's, which cuflow's own declarations do not include; those stand in "
	                "because the file uses %s, which CUDA %d removed",
	                (int)(at - u->refused), u->refused, name, u->legacy, v);
	free(u->refused);
	free(u->fixhint);
	u->refused = why;
	u->fixhint = by ? fmt("-D%s=%s (what replaces it: the file then parses with the toolkit)", u->legacy, by)
	                : fmt("--cuda-path=DIR of a CUDA toolkit older than %d, which still declares %s", v, u->legacy);
	free(name);
}

/* The removed API the first error names, or NULL. */
const char *
legacyapi(const char *error)
{
	for (size_t i = 0; error && i < sizeof legacy / sizeof *legacy; i++) {
		size_t n = strlen(legacy[i]);
		for (const char *p = error; (p = strstr(p, legacy[i])); p++) /* every one: the file's name may hold it */
			if ((p == error || p[-1] == '\'' || p[-1] == ' ') && (p[n] == '\'' || p[n] == ' ' || p[n] == 0 || p[n] == '<'))
				return legacy[i];
	}
	return NULL;
}

typedef struct {
	Unit *u;
	const Opts *o;
	const Rules *rules;
	const char *path;
	Kept *keep;
	UnitEntry *entry; /* the unit cache's entry to fill, or NULL */
} ParseJob;
static void *parsebuild(void *arg);

Unit *
unit_parse(const char *path, const Opts *o, const Rules *rules)
{
	return unit_parsekept(path, o, rules, NULL);
}

/* unit_parse reusing and then keeping *keep's translation unit (a new one
 * when *keep is NULL): an editor's next analysis of the buffer reparses it
 * on its precompiled preamble instead of reading every header again. */
Unit *
unit_parsekept(const char *path, const Opts *o, const Rules *rules, Kept **keep)
{
	Unit *u = xcalloc(1, sizeof *u);
	u->path = xstrdup(path);
	char *err = NULL;
	if (o->text) {
		u->src = xstrndup(o->text, o->textlen);
		u->len = o->textlen;
	} else if (!(u->src = readfile(path, &u->len, &err))) {
		u->refused = err;
		return u;
	}
	u->lines = linestarts(u->src, u->len, &u->nlines);
	if (o->text && o->origline) {
		u->origline = xmalloc(u->nlines * sizeof *u->origline);
		memcpy(u->origline, o->origline, u->nlines * sizeof *u->origline);
	}
	if (isbinary(u->src, u->len)) {
		u->refused = xstrdup("binary file (contains NUL bytes)");
		return u;
	}
	int cr = lonecr(u->src, u->len);
	if (cr) {
		u->refused = fmt("line %d ends with a lone carriage return (classic Mac OS): cuflow reads LF and CRLF line "
		                 "ends only",
		                 cr);
		return u;
	}
	if (u->len > MAXFILE) {
		u->refused = fmt("file too large (%zu bytes; the limit is %d MiB)", u->len, MAXFILE >> 20);
		return u;
	}
	if (o->skip) {
		u->skipped = o->skip;
		return u;
	}
	int depth;
	bool cuda = cst_hascuda(u->src, u->len, &depth);
	if (depth > MAXDEPTH) {
		u->refused = fmt("nested %d levels deep (the limit is %d): it would overflow the parser's stack", depth,
		                 MAXDEPTH);
		return u;
	}
	if (o->prescan && !cuda) {
		u->skipped = "the pre-scan found no CUDA calls, launches or kernels";
		u->nocuda = true;
		return u;
	}
	if (keep && !*keep)
		*keep = kept_new();
	/* editors' buffers and texts standing in for files are no files to key
	 * on; a kept unit's next parse is already cheap */
	bool cached = !keep && !o->text && !o->nfiles && !o->nocache;
	UnitEntry e;
	double t0 = now();
	if (cached && units_load(&e, u, o, rules)) {
		u->tparse = now() - t0;
		u->cache = "unit";
		return u;
	}
	ParseJob j = {u, o, rules, path, keep ? *keep : NULL, cached ? &e : NULL};
	if (!onstack(parsebuild, &j, PARSESTACK)) {
		u->refused = xstrdup("cannot start a thread to parse it");
		if (cached)
			e.ntu = 0; /* no verdict on the file */
	}
	if (cached)
		units_save(&e, u);
	return u;
}

/* libclang's parse and build.c's model of u. */
static void *
parsebuild(void *arg)
{
	ParseJob *j = arg;
	Unit *u = j->u;
	const Opts *o = j->o;
	const char *path = j->path;
	double t0 = now();
	CXIndex idx = NULL;
	Deps *deps = j->entry ? &j->entry->deps : NULL;
	CXTranslationUnit tu =
		parseunit(path, o, u->src, u->len, &u->mode, &idx, &u->refused, &u->cache, j->keep, deps);
	if (tu) {
		diagnose(u, tu);
		units_deps(j->entry, tu);
	}
	const char *old = u->mode == PM_CUDA && u->refused ? legacyapi(u->refused) : NULL;
	if (old) { /* code older than the toolkit: parse it with the declarations it was written for */
		if (j->keep)
			keptclear(j->keep); /* kept units are the toolkit's: this one is parsed afresh each time */
		else if (tu) {
			clang_disposeTranslationUnit(tu);
			clang_disposeIndex(idx);
		}
		free(u->refused);
		free(u->fixhint);
		u->refused = u->fixhint = NULL;
		u->ndiag = 0;
		u->legacy = xstrdup(old);
		Opts mo = *o;
		mo.minimal = true;
		tu = parseunit(path, &mo, u->src, u->len, &u->mode, &idx, &u->refused, &u->cache, NULL, deps);
		if (tu) {
			diagnose(u, tu);
			units_deps(j->entry, tu);
			legacyrefusal(u, o);
		} else if (j->entry)
			j->entry->ntu = 0; /* the first parse alone says nothing */
	}
	u->tparse = now() - t0;
	if (tu) {
		if (!u->refused) {
			t0 = now();
			build(u, tu, j->rules);
			u->tbuild = now() - t0;
		}
		if (!keptholds(j->keep, tu)) {
			clang_disposeTranslationUnit(tu);
			clang_disposeIndex(idx);
		}
	}
	return NULL;
}

void
unit_free(Unit *u)
{
	if (!u)
		return;
	for (int i = 0; i < u->syms.n; i++) {
		free(u->syms.v[i].usr);
		free(u->syms.v[i].name);
		free(u->syms.v[i].qualname);
	}
	vfree(u->syms);
	for (int f = 0; f < u->fns.n; f++) {
		Func *fn = &u->fns.v[f];
		for (int i = 0; i < fn->st.n; i++) {
			vfree(fn->st.v[i].succ);
			vfree(fn->st.v[i].pred);
			vfree(fn->st.v[i].decls);
			vfree(fn->st.v[i].dbeg);
			vfree(fn->st.v[i].dend);
			free(fn->st.v[i].label);
			free(fn->st.v[i].first);
		}
		vfree(fn->st);
		vfree(fn->nodes);
		vfree(fn->ops);
		for (int i = 0; i < fn->calls.n; i++) {
			Call *c = &fn->calls.v[i];
			free(c->name);
			free(c->argv);
			free(c->argl);
			free(c->argk);
			free(c->cands);
		}
		vfree(fn->calls);
		for (int i = 0; i < fn->lists.n; i++) {
			vfree(fn->lists.v[i].first);
			vfree(fn->lists.v[i].last);
		}
		vfree(fn->lists);
		vfree(fn->allocs);
		vfree(fn->dels);
		vfree(fn->params);
		free(fn->file);
	}
	vfree(u->fns);
	vfree(u->comments);
	vfree(u->directives);
	for (int i = 0; i < u->cfgmacros.n; i++)
		free(u->cfgmacros.v[i]);
	vfree(u->cfgmacros);
	for (int i = 0; i < u->macros.n; i++)
		free(u->macros.v[i]);
	vfree(u->macros);
	free(u->path);
	free(u->src);
	free(u->lines);
	free(u->origline);
	free(u->scan);
	free(u->refused);
	free(u->fixhint);
	free(u->legacy);
	free(u);
}
