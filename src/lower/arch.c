/* arch.c: preprocessor branches in device code, taken as nvcc's device
 * compile takes them.
 *
 * nvcc compiles a .cu file twice: for the host, with __CUDA_ARCH__
 * undefined, and for the GPU, with __CUDA_ARCH__ the architecture (750 for
 * sm_75, nvcc 13's default). The lowered program is compiled once, by a host
 * compiler, so the user's directives would all take the host's branches:
 * `#if __CUDA_ARCH__ >= 350 ... #else placeholder #endif` in a kernel ran the
 * placeholder. And the kernel lowering copies statements, not the directives
 * between them, so a branch in a kernel body lost its `#if` or `#endif`.
 *
 * So, before anything is lowered, the user's files are parsed a second time
 * with __CUDA_ARCH__ defined (where any user file names it), and libclang's
 * skipped ranges of both parses say which lines each compile keeps. Every
 * conditional (#if ... #endif) wholly inside device code, and every one whose
 * lines the two compiles keep differently inside device code (kernel
 * bodies, __device__ functions that are not also __host__), is resolved as
 * the device compile resolves it: its directive lines and the lines the
 * device compile skips become empty lines (line numbers stay), the rest stays.
 * The files are then parsed again from that text, and the kernels lowered
 * from it. Host code keeps the host compile's view: a conditional whose
 * lines differ only inside host-only functions, or in declarations and
 * #includes outside device code that only the host sees, stays as written.
 * One whose lines differ anywhere else (a __host__ __device__ function: one
 * function serves both sides on the CPU; declarations only the device
 * sees), a #define or #undef that only one compile sees and an #include only
 * the device sees are refused with their line. The skipped ranges need the
 * detailed preprocessing record, which the lowering's parses ask for. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"

enum { D_NONE, D_IF, D_ELSE, D_ENDIF, D_MACRO, D_INCLUDE, D_OTHER }; /* D_ELSE: #else, #elif */

/* One user file of a translation unit, line by line. */
typedef struct {
	CXFile file;
	char *path;
	const char *src;
	size_t len;
	int n;           /* lines */
	int *start;      /* offset of each line */
	char *dir;       /* D_* of the directive that covers the line */
	char *code;      /* a token starts on the line */
	char *hlive;     /* the host compile keeps the line */
	char *dlive;     /* the device compile keeps it */
	char *devcode;   /* inside device code: a kernel body or a __device__-only function */
	char *hostcode;  /* inside a function that is neither a kernel nor __device__ */
	char *blank;     /* emptied in the device text */
	Ints gif, gend;  /* conditionals: the lines of #if and #endif */
} AFile;

typedef VEC(AFile) AFiles;

static int
aline(const AFile *a, int off)
{
	int lo = 0, hi = a->n - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (a->start[mid] <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

static AFile *
afile(AFiles *fs, CXFile f)
{
	for (int i = 0; i < fs->n; i++)
		if (clang_File_isEqual(fs->v[i].file, f))
			return &fs->v[i];
	return NULL;
}

/* The directive's kind, from the word after '#'. */
static int
dirkind(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	static const struct {
		const char *w;
		int k;
	} ws[] = {{"ifdef", D_IF}, {"ifndef", D_IF}, {"if", D_IF}, {"elifdef", D_ELSE}, {"elifndef", D_ELSE},
	          {"elif", D_ELSE}, {"else", D_ELSE}, {"endif", D_ENDIF}, {"define", D_MACRO}, {"undef", D_MACRO},
	          {"include", D_INCLUDE}};
	for (size_t i = 0; i < sizeof ws / sizeof *ws; i++) {
		size_t n = strlen(ws[i].w);
		if (!strncmp(p, ws[i].w, n) && !isident(p[n]))
			return ws[i].k;
	}
	return D_OTHER;
}

/* The last line of the directive at off: continued by a backslash or by a
 * block comment that runs past the line's end. */
static int
dirend(const AFile *a, int off)
{
	const char *s = a->src;
	int i = off, n = (int)a->len;
	while (i < n && s[i] != '\n') {
		if (s[i] == '\\' && i + 1 < n && s[i + 1] == '\n')
			i++;
		else if (s[i] == '\\' && i + 2 < n && s[i + 1] == '\r' && s[i + 2] == '\n')
			i += 2;
		else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
			const char *e = strstr(s + i + 2, "*/");
			i = e ? (int)(e - s) + 1 : n;
		}
		i++;
	}
	return aline(a, i < n ? i : n - 1);
}

/* Directive lines and lines holding code, from the file's tokens (comments
 * are no tokens, so a '#' in one is no directive). */
static void
scanlines(CXTranslationUnit tu, AFile *a)
{
	Tokens t = filetokens(tu, a->file, a->len);
	int prevline = -1;
	Ints stack = {0};
	for (unsigned i = 0; i < t.n; i++) {
		if (clang_getTokenKind(t.v[i]) == CXToken_Comment)
			continue;
		int off = tokenoff(&t, i); /* a file's own tokens: spelled where they expand */
		int l = aline(a, off);
		bool first = l != prevline;
		prevline = l;
		if (a->dir[l])
			continue;
		a->code[l] = 1;
		if (!first || a->src[off] != '#')
			continue;
		int k = dirkind(a->src + off + 1), e = dirend(a, off);
		for (int j = l; j <= e; j++)
			a->dir[j] = (char)k;
		a->code[l] = 0;
		prevline = e;
		if (k == D_IF)
			vpush(stack, l);
		else if (k == D_ENDIF && stack.n) {
			vpush(a->gif, stack.v[--stack.n]);
			vpush(a->gend, e);
		}
	}
	vfree(stack);
	freetokens(&t);
}

/* Which lines a parse keeps: those not in its skipped ranges. */
static void
livelines(CXTranslationUnit tu, AFile *a, char *live)
{
	memset(live, 1, (size_t)a->n);
	CXSourceRangeList *r = clang_getSkippedRanges(tu, a->file);
	for (unsigned i = 0; r && i < r->count; i++) {
		unsigned b, e;
		clang_getSpellingLocation(clang_getRangeStart(r->ranges[i]), NULL, NULL, NULL, &b);
		clang_getSpellingLocation(clang_getRangeEnd(r->ranges[i]), NULL, NULL, NULL, &e);
		for (int l = aline(a, (int)b); l <= aline(a, (int)e); l++)
			live[l] = 0;
	}
	if (r)
		clang_disposeSourceRangeList(r);
}

/* ---------------------------------------------------------------- device code */

enum { M_HOST, M_DEVICE, M_KERNEL };

static void
mark(AFiles *fs, CXCursor c, int m)
{
	CXFile f;
	int b, e;
	AFile *a = extentfile(c, &f, &b, &e) ? afile(fs, f) : NULL;
	if (!a)
		return;
	/* a kernel's body only: its signature is host code too */
	int k = m == M_KERNEL;
	for (int l = aline(a, b) + k; l <= aline(a, e) - k; l++)
		(m == M_HOST ? a->hostcode : a->devcode)[l] = 1;
}

static int
devicecode(CXCursor c, void *d)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (insystem(c))
		return WALK_OVER;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_ClassDecl ||
	    k == CXCursor_StructDecl || k == CXCursor_ClassTemplate || k == CXCursor_UnionDecl ||
	    k == CXCursor_ClassTemplatePartialSpecialization)
		return WALK_IN;
	bool fn = k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
	          k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
	if (!fn || !clang_isCursorDefinition(c))
		return WALK_OVER;
	if (iskernel(c)) {
		CXCursor *ks;
		int n = kids(c, &ks);
		for (int i = 0; i < n; i++)
			if (clang_getCursorKind(ks[i]) == CXCursor_CompoundStmt)
				mark(d, ks[i], M_KERNEL);
		free(ks);
	} else if (!haskid(c, CXCursor_CUDADeviceAttr))
		mark(d, c, M_HOST);
	else if (!haskid(c, CXCursor_CUDAHostAttr))
		mark(d, c, M_DEVICE);
	return WALK_OVER;
}

/* ---------------------------------------------------------------- resolving */

static void
freeafiles(AFiles *fs)
{
	for (int i = 0; i < fs->n; i++) {
		AFile *a = &fs->v[i];
		free(a->path);
		free(a->start);
		free(a->dir);
		free(a->code);
		free(a->hlive);
		free(a->dlive);
		free(a->devcode);
		free(a->hostcode);
		free(a->blank);
		vfree(a->gif);
		vfree(a->gend);
	}
	vfree(*fs);
}

static void
userfile(CXFile inc, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
	(void)stack;
	(void)depth;
	void **a = d;
	AFiles *fs = a[0];
	CXTranslationUnit tu = a[1];
	if (systemfile(tu, inc) || afile(fs, inc))
		return;
	char *name = filename(inc);
	bool virt = !name || !strncmp(name, "/__cuflow__/", 12);
	AFile f = {0};
	if (!virt) {
		f.file = inc;
		f.path = name;
		f.src = clang_getFileContents(tu, inc, &f.len);
	}
	if (virt || !f.src) {
		free(name);
		return;
	}
	f.start = linestarts(f.src, f.len, &f.n);
	f.dir = xcalloc((size_t)f.n, 1);
	f.code = xcalloc((size_t)f.n, 1);
	f.hlive = xcalloc((size_t)f.n, 1);
	f.dlive = xcalloc((size_t)f.n, 1);
	f.devcode = xcalloc((size_t)f.n, 1);
	f.hostcode = xcalloc((size_t)f.n, 1);
	f.blank = xcalloc((size_t)f.n, 1);
	vpush(*fs, f);
}

static bool
namesarch(const AFile *a)
{
	const char *p = a->src, *e = a->src + a->len;
	while ((p = memmem(p, (size_t)(e - p), "__CUDA_ARCH__", 13)))
		if (a->dir[aline(a, (int)(p++ - a->src))])
			return true;
	return false;
}

/* A line of code, a macro directive or an #include that the two compiles
 * keep differently. */
static bool
differs(const AFile *a, int l)
{
	return a->hlive[l] != a->dlive[l] && (a->code[l] || a->dir[l] == D_MACRO || a->dir[l] == D_INCLUDE);
}

enum { G_KEEP, G_DEVICE, G_BAD, G_MACRO }; /* what a conditional's lines ask for */

/* Conditional g, from line b to e: kept as written (the host's branches,
 * which the lowered program's compiler takes too), resolved as the device
 * compile resolves it (device code, every conditional wholly inside it:
 * in a kernel body the thread loops copy statements, not directives, and a
 * __device__ helper with a directive in its body could not be inlined), or
 * refused. Host-side lines are those in host-only functions and, outside
 * device code, declarations and #includes only the host compile sees
 * (device code cannot use them: nvcc's device compile would not know
 * them). Refused: lines only the device compile sees outside device code,
 * device-side and host-side lines in one conditional, a macro only one
 * compile defines, an #include only the device compile sees. */
static int
gstate(const AFile *a, int b, int e)
{
	bool indev = true, dev = false, host = false, other = false;
	for (int l = b; l <= e; l++) {
		indev &= a->devcode[l] != 0;
		if (!differs(a, l))
			continue;
		bool hostside = a->hostcode[l] || (!a->devcode[l] && a->hlive[l]);
		if (a->dir[l] == D_MACRO || (a->dir[l] == D_INCLUDE && !hostside))
			return G_MACRO;
		dev |= a->devcode[l] != 0;
		host |= hostside;
		other |= !a->devcode[l] && !hostside;
	}
	if (other || (dev && host))
		return G_BAD;
	return dev || indev ? G_DEVICE : G_KEEP;
}

/* Resolves every conditional that must be, or refuses; true if a line changed. */
static bool
resolve(Lower *L, AFile *a)
{
	bool changed = false;
	int *st = xcalloc((size_t)a->gif.n + 1, sizeof *st);
	for (int g = 0; g < a->gif.n; g++)
		st[g] = gstate(a, a->gif.v[g], a->gend.v[g]);
	for (int g = 0; g < a->gif.n; g++) {
		int b = a->gif.v[g], e = a->gend.v[g];
		if (st[g] == G_BAD || st[g] == G_MACRO) {
			bool inner = false; /* the innermost conditional that refuses says it */
			for (int h = 0; h < a->gif.n && !inner; h++)
				inner = h != g && a->gif.v[h] > b && a->gend.v[h] < e && (st[h] == G_BAD || st[h] == G_MACRO);
			if (!inner)
				refuseline(L, a->path, b + 1, "%s",
				           st[g] == G_MACRO
				               ? "a #define, #undef or #include that the host and device compiles see "
				                 "differently (__CUDA_ARCH__)"
				               : "a preprocessor branch that the host and device compiles take differently "
				                 "(__CUDA_ARCH__) outside device code (a __host__ __device__ function, a "
				                 "declaration only the device compile sees)");
			continue;
		}
		if (st[g] != G_DEVICE)
			continue;
		for (int l = b; l <= e; l++)
			if (a->dir[l] == D_IF || a->dir[l] == D_ELSE || a->dir[l] == D_ENDIF || !a->dlive[l]) {
				changed |= !a->blank[l];
				a->blank[l] = 1;
			}
	}
	free(st);
	return changed;
}

/* a's text with its blanked lines emptied (their newlines kept). */
static char *
blanked(const AFile *a, size_t *len)
{
	Buf b = {0};
	for (int l = 0; l < a->n; l++) {
		int s = a->start[l], e = l + 1 < a->n ? a->start[l + 1] : (int)a->len;
		if (!a->blank[l])
			bputn(&b, a->src + s, (size_t)(e - s));
		else if (e > s && a->src[e - 1] == '\n')
			bputn(&b, "\n", 1);
	}
	*len = (size_t)b.n;
	return bstr(&b);
}

/* The device compile's parse of path: the host options plus __CUDA_ARCH__;
 * NULL (refused) when it stops at a fatal error, whose skipped ranges would
 * end there. */
static CXTranslationUnit
deviceparse(Lower *L, const char *path, const Opts *o, CXIndex *idx)
{
	Opts d = *o;
	const char **args = xcalloc((size_t)o->ncargs + 1, sizeof *args);
	memcpy(args, o->cargs, (size_t)o->ncargs * sizeof *args);
	char *def = fmt("-D__CUDA_ARCH__=%d", o->cudaarch ? o->cudaarch : CUDA_ARCH_DEFAULT);
	args[o->ncargs] = def;
	d.cargs = args;
	d.ncargs = o->ncargs + 1;
	int mode;
	char *why = NULL;
	CXTranslationUnit tu = parsetu(path, &d, d.text, d.text ? d.textlen : 0, &mode, idx, &why);
	if (tu && !why)
		why = firstfatal(tu);
	free(def);
	free(args);
	if (why) {
		bprintf(&L->why, "%s: cannot lower: the device-side parse (%s) failed: %s\n", path,
		        "__CUDA_ARCH__ defined", why);
		free(why);
		if (tu)
			closetu(tu, *idx);
		return NULL;
	}
	return tu;
}

/* fs's files as translation unit tu knows them (NULL: not part of it). */
static void
usetu(AFiles *fs, CXTranslationUnit tu)
{
	for (int i = 0; i < fs->n; i++)
		fs->v[i].file = clang_getFile(tu, fs->v[i].path);
}

/* The device-side texts of tu's user files that change, added to *out;
 * false if something was refused. */
bool
devicetexts(Lower *L, CXTranslationUnit tu, const char *path, const Opts *o, FileTexts *out)
{
	AFiles fs = {0};
	void *a[2] = {&fs, tu};
	clang_getInclusions(tu, userfile, a);
	bool arch = false;
	for (int i = 0; i < fs.n; i++) {
		scanlines(tu, &fs.v[i]);
		livelines(tu, &fs.v[i], fs.v[i].hlive);
		arch |= namesarch(&fs.v[i]);
	}
	descend(clang_getTranslationUnitCursor(tu), devicecode, &fs);
	bool ok = true;
	if (arch) {
		CXIndex idx;
		CXTranslationUnit dtu = deviceparse(L, path, o, &idx);
		ok = dtu != NULL;
		if (dtu) {
			usetu(&fs, dtu);
			for (int i = 0; i < fs.n; i++)
				if (fs.v[i].file)
					livelines(dtu, &fs.v[i], fs.v[i].dlive);
				else
					memcpy(fs.v[i].dlive, fs.v[i].hlive, (size_t)fs.v[i].n);
			/* device code the host compile does not see (a function in a device-only branch) */
			descend(clang_getTranslationUnitCursor(dtu), devicecode, &fs);
			usetu(&fs, tu);
			closetu(dtu, idx);
		}
	} else
		for (int i = 0; i < fs.n; i++)
			memcpy(fs.v[i].dlive, fs.v[i].hlive, (size_t)fs.v[i].n);
	int nwhy = L->why.n;
	for (int i = 0; ok && i < fs.n; i++)
		if (resolve(L, &fs.v[i])) {
			FileText t = {xstrdup(fs.v[i].path), NULL, 0};
			t.text = blanked(&fs.v[i], &t.len);
			vpush(*out, t);
		}
	freeafiles(&fs);
	return ok && L->why.n == nwhy;
}
