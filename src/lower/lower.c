/* lower.c: cuflow --lower=openmp: a CUDA program -> one C++ file that runs
 * on a CPU with OpenMP and cuflow's runtime (CuPBoP, Han et al. 2022, does
 * this at the LLVM IR level; cuflow does it on the source, keeping the
 * user's names and comments).
 *
 * Every file given is parsed as nvcc would; the user's own files (the ones
 * given and the headers they include, not system headers) are copied with
 * edits: each kernel becomes a per-block function and a launcher (kernel.c),
 * each launch a call of the launcher, and each #include of a user file the
 * lowered text of that file, once. Host code, device functions, __constant__
 * and __device__ variables stay as written: the support header turns the
 * CUDA qualifiers into nothing. Anything that cannot be lowered faithfully is
 * refused, with the construct and its line, and no output is written. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"

/* The user's line of offset off at line `line` of a text inline.c grew
 * with ins. */
static int
insline(const Inserts *ins, int off, int line)
{
	for (int i = 0; i < ins->n; i++) {
		const Insert *s = &ins->v[i];
		if (off >= s->off + s->len)
			line -= s->lines;
		else if (off >= s->off)
			return s->line;
	}
	return line;
}

int
userline(const LFile *F, int off, int line)
{
	return F ? insline(&F->ins, off, line) : line;
}

static void
vrefuse(Lower *L, const char *path, int line, const char *f, va_list ap)
{
	char buf[512];
	vsnprintf(buf, sizeof buf, f, ap);
	char *msg = fmt("%s:%d: cannot lower %s\n", path, line, buf);
	const char *seen = L->why.n ? bstr(&L->why) : "";
	for (const char *at = seen; (at = strstr(at, msg)); at++) /* two calls on one line: one refusal */
		if (at == seen || at[-1] == '\n') {
			free(msg);
			return;
		}
	bputs(&L->why, msg);
	free(msg);
}

/* The user file holding name, or NULL. */
static const LFile *
userfileof(Lower *L, const char *name)
{
	for (int i = 0; name && i < L->files.n; i++)
		if (!strcmp(L->files.v[i].path, name))
			return &L->files.v[i];
	return NULL;
}

/* NOTINLINED, and why inline.c left the call alone. */
char *
notinlined(Lower *L, CXCursor call)
{
	CXFile file;
	int off;
	locate(call, &file, NULL, &off);
	char *name = filename(file);
	const LFile *F = userfileof(L, name);
	free(name);
	const char *why = NULL;
	for (int i = 0; F && i < F->whys.n; i++)
		if (F->whys.v[i].off == off)
			why = F->whys.v[i].why;
	if (!why && L->inlinefail) /* inlined, but a round's text did not parse: kept as it was */
		return fmt("%s: the text inlining gave did not parse (%s)", NOTINLINED, L->inlinefail);
	char *owner = typespelling(clang_getCursorType(clang_getCursorSemanticParent(clang_getCursorReferenced(call))));
	bool lambda = !why && strstr(owner, "(lambda at ");
	free(owner);
	if (lambda)
		return xstrdup("a call of a lambda holding a barrier or warp operation (cuflow inlines __device__ functions, "
		               "not lambdas)");
	return fmt("%s: %s", NOTINLINED,
	           why ? why
	               : "the call is not a statement of its own, a declaration's initialiser or an assignment's right "
	                 "side, or the kernel is a template");
}

void
refuse(Lower *L, CXCursor at, const char *f, ...)
{
	CXFile file;
	int line, off;
	locate(at, &file, &line, &off);
	char *name = filename(file);
	const LFile *F = userfileof(L, name);
	va_list ap;
	va_start(ap, f);
	vrefuse(L, name ? name : "?", userline(F, off, line), f, ap);
	va_end(ap);
	free(name);
}

/* A refusal at a line of the user's file path, as written. */
void
refuseline(Lower *L, const char *path, int line, const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	vrefuse(L, path, line, f, ap);
	va_end(ap);
}

/* CUDA's __noinline__ as GCC's attribute. The support header cannot make it
 * a macro: libstdc++ 13 writes __attribute__((__noinline__)) itself. Done
 * last, where no other edit covers the word (a dead or inlined helper's
 * removal did: "edits overlap"). */
static void
noinline(LFile *F)
{
	Tokens t = filetokens(F->tu, F->file, F->len);
	int n = F->edits.n;
	for (unsigned i = 0; i < t.n; i++) {
		CXTokenKind k = clang_getTokenKind(t.v[i]);
		int at = tokenoff(&t, i);
		bool covered = false;
		for (int e = 0; e < n && !covered; e++)
			covered = F->edits.v[e].off < at + 12 && at < F->edits.v[e].off + F->edits.v[e].len;
		if ((k == CXToken_Identifier || k == CXToken_Keyword) && tokenis(&t, i, "__noinline__") && !covered)
			addedit(&F->edits, at, 12, xstrdup("__attribute__((noinline))"));
	}
	freetokens(&t);
}

/* The user file f (found in translation unit tu), recorded once. */
LFile *
lfile(Lower *L, CXTranslationUnit tu, CXFile f)
{
	char *path = filename(f);
	for (int i = 0; i < L->files.n; i++)
		if (!strcmp(L->files.v[i].path, path)) {
			free(path);
			return &L->files.v[i];
		}
	LFile F = {0};
	F.path = path;
	F.file = f;
	F.tu = tu;
	F.src = clang_getFileContents(tu, f, &F.len);
	vpush(L->files, F);
	return &L->files.v[L->files.n - 1];
}

char *
cursortext(LFile *F, CXCursor c)
{
	int b = startof(c), e = endof(c);
	return xstrndup(F->src + b, e > b ? e - b : 0);
}

/* ---------------------------------------------------------------- launches */

static bool
isconfig(CXCursor c)
{
	c = strip(c);
	return named(calleeof(c), "__cudaPushCallConfiguration");
}

/* Where c's text is in F: its extent, or in a launch a macro expands (mac),
 * where the macro's argument spells it (a launch in a lambda passed to a
 * dispatch macro): the text is the same in every expansion, so one edit of
 * it serves them all. (In a macro's definition the extent's end is the
 * expansion's: lowerlaunch's checks refuse.) */
static bool
launchtext(LFile *F, CXCursor c, bool mac, int *b, int *e)
{
	if (!mac) {
		*b = startof(c);
		*e = endof(c);
		return true;
	}
	return spelledin(c, F->file, b, e) && *b < *e && *e <= (int)F->len;
}

/* Does the macro whose use expands to c turn arguments into strings (#x,
 * or pastes them, ##)? Rewriting the argument would change the string. */
typedef struct {
	char *name;
	bool yes;
} Stringize;

static void
stringizekid(CXCursor c, void *arg)
{
	Stringize *z = arg;
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition || !named(c, z->name))
		return;
	Tokens t = cursortokens(c);
	for (unsigned i = 0; i < t.n; i++)
		z->yes |= clang_getTokenKind(t.v[i]) == CXToken_Punctuation && (tokenis(&t, i, "#") || tokenis(&t, i, "##"));
	freetokens(&t);
}

static bool
stringizes(LFile *F, CXCursor c)
{
	int off;
	locate(c, NULL, NULL, &off); /* the use of the macro: its name */
	int n = 0;
	while (off + n < (int)F->len && isident(F->src[off + n]))
		n++;
	Stringize z = {xstrndup(F->src + off, (size_t)n), n == 0};
	eachkid(clang_getTranslationUnitCursor(F->tu), stringizekid, &z);
	free(z.name);
	return z.yes;
}

static char *
configarg(LFile *F, CXCursor cfg, bool mac, int i)
{
	if (i >= clang_Cursor_getNumArguments(cfg))
		return xstrdup("0");
	CXCursor a = clang_Cursor_getArgument(cfg, i);
	int b, e;
	if (clang_Cursor_isNull(lastkid(a)) && clang_getCursorKind(a) == CXCursor_UnexposedExpr)
		return xstrdup("0"); /* left out */
	return launchtext(F, a, mac, &b, &e) ? xstrndup(F->src + b, (size_t)(e - b)) : NULL;
}

/* Does the logical line holding offset at begin with #define? */
static bool
indefine(const char *src, int at)
{
	int b = at;
	for (;;) { /* back to the line's start, over continued lines */
		while (b > 0 && src[b - 1] != '\n')
			b--;
		if (b < 2 || src[b - 2] != '\\')
			break;
		b--;
	}
	while (src[b] == ' ' || src[b] == '\t')
		b++;
	if (src[b++] != '#')
		return false;
	while (src[b] == ' ' || src[b] == '\t')
		b++;
	return !strncmp(src + b, "define", 6);
}

/* i moved back over blanks and a definition's continued line ends. */
static int
blankback(const char *src, int i)
{
	for (;;) {
		if (i > 0 && (src[i - 1] == ' ' || src[i - 1] == '\t' || src[i - 1] == '\r'))
			i--;
		else if (i > 1 && src[i - 1] == '\n' && src[i - 2] == '\\')
			i -= 2;
		else
			return i;
	}
}

/* Where the launch's callee starts, written before `<<<` at lt in a
 * macro's definition: a name, maybe qualified, maybe with template
 * arguments (Func<T, 1, 128>); -1 when it is not so. */
static int
calleestart(const char *src, int lt)
{
	int i = blankback(src, lt);
	if (i > 0 && src[i - 1] == '>') { /* template arguments */
		int depth = 0;
		do {
			i--;
			depth += src[i] == '>' ? 1 : src[i] == '<' ? -1 : 0;
			if (strchr(";{}", src[i]) || (src[i] == '\n' && (i == 0 || src[i - 1] != '\\')))
				return -1;
		} while (i > 0 && depth > 0);
		i = blankback(src, i);
	}
	int end = i;
	while (i > 0 && (isident(src[i - 1]) || src[i - 1] == ':'))
		i--;
	return i < end && isident(src[i]) && !(src[i] >= '0' && src[i] <= '9') ? i : -1;
}

static void
pushonceedit(Edits *e, int off, int len, const char *text)
{
	for (int i = 0; i < e->n; i++)
		if (e->v[i].off == off && e->v[i].len == len && !strcmp(e->v[i].text, text))
			return;
	addedit(e, off, len, xstrdup(text));
}

/* A launch written in a macro's definition (HeCBench's benchmark(kernel,
 * grid) macros): k<<<g, b>>>(args) there becomes
 * cuflowVia(k, cuflowConfig(g, b))(args). As CUDA's own front end does, the
 * configuration is pushed and the kernel's host function called; the
 * lowering's host function of each kernel pops it and runs the launcher
 * (cuflow_lower.h). The definition's text is edited once, whatever the
 * kernels its uses name. */
static bool
macrolaunch(LFile *F, CXCursor cfg)
{
	int fb, fe;
	if (!spelledin(cfg, F->file, &fb, &fe) || fb < 0 || fb + 3 > (int)F->len)
		return false;
	const char *src = F->src;
	if (strncmp(src + fb, "<<<", 3) || !indefine(src, fb))
		return false;
	/* the range's end may be an argument's, spelled where the macro is
	 * used: the definition's `>>>`, outside parentheses, on its lines */
	int gt = fb + 3, depth = 0;
	for (; gt + 3 <= (int)F->len && (depth || strncmp(src + gt, ">>>", 3)); gt++) {
		depth += src[gt] == '(' ? 1 : src[gt] == ')' ? -1 : 0;
		if (depth < 0 || (src[gt] == '\n' && src[gt - 1] != '\\'))
			return false;
	}
	if (gt + 3 > (int)F->len)
		return false;
	gt += 3;
	int kb = calleestart(src, fb), before = kb < 0 ? 0 : blankback(src, kb), after = gt;
	while (after < (int)F->len && (src[after] == ' ' || src[after] == '\t'))
		after++;
	if (kb < 0 || (before > 0 && src[before - 1] == '#') || src[after] == '#') /* pasted or stringized: left alone */
		return false;
	pushonceedit(&F->edits, kb, 0, "cuflowVia(");
	pushonceedit(&F->edits, fb, 3, ", cuflowConfig(");
	pushonceedit(&F->edits, gt - 3, 3, "))");
	return true;
}

/* A launch through a pointer to a kernel, or an expression giving one (a
 * variable set to one of several kernels: HeCBench matrixT), written
 * outside macros: p<<<g, b, s, st>>>(args) -> cuflowVia(p, cuflowConfig(g,
 * b, s, st))(args), as for a launch in a macro's definition: the pointer
 * holds the kernel's host function, which pops the configuration and runs
 * the launcher. False where it cannot be written so. */
static bool
vialaunch(LFile *F, CXCursor cfg, bool mac, int kb, int ke, int fe, int ce)
{
	if (mac)
		return false;
	int paren = fe;
	while (paren < ce && F->src[paren] != '(')
		paren++;
	char *g = configarg(F, cfg, mac, 0), *b = configarg(F, cfg, mac, 1), *s = configarg(F, cfg, mac, 2),
	     *st = configarg(F, cfg, mac, 3);
	bool ok = g && b && s && st && paren < ce;
	if (ok)
		addedit(&F->edits, kb, paren - kb,
		        fmt("cuflowVia(%.*s, cuflowConfig(%s, %s, %s, %s))", ke - kb, F->src + kb, g, b, s, st));
	free(g);
	free(b);
	free(s);
	free(st);
	return ok;
}

/* k<<<g, b, s, st>>>(args)  ->  cuflow_launch_k(g, b, s, st, args) */
static void
lowerlaunch(Lower *L, LFile *F, CXCursor call)
{
	CXCursor *ks;
	int nk = kids(call, &ks);
	CXCursor callee = ks[0], cfg = strip(ks[1]);
	free(ks);
	int nargs = nk - 2; /* the callee, the configuration, then the arguments */
	int cb, ce, kb, ke, fb, fe;
	bool mac = ismacro(call);
	if (!launchtext(F, call, mac, &cb, &ce) || !launchtext(F, callee, mac, &kb, &ke) ||
	    !launchtext(F, cfg, mac, &fb, &fe) || kb != cb || fb < ke || fe > ce) {
		if (!mac || !macrolaunch(F, cfg))
			refuse(L, call, "a kernel launch written in a macro's definition in a form cuflow cannot edit");
		return;
	}
	if (mac && stringizes(F, call)) {
		refuse(L, call, "a kernel launch in the argument of a macro that turns its arguments into strings");
		return;
	}
	CXCursor k = clang_getCursorReferenced(call);
	CXCursor t = clang_getSpecializedCursorTemplate(k);
	if (!clang_Cursor_isNull(t))
		k = t;
	/* in a template the callee may be unresolved: the overload set still names it */
	if (clang_Cursor_isNull(k))
		k = overloadref(callee);
	char *name = spelling(clang_Cursor_isNull(k) ? callee : k);
	enum CXCursorKind kk = clang_getCursorKind(k);
	if (kk == CXCursor_VarDecl || kk == CXCursor_ParmDecl || kk == CXCursor_FieldDecl || !*name) {
		/* a pointer to a kernel is its host function's address */
		if (!vialaunch(F, cfg, mac, kb, ke, fe, ce))
			refuse(L, call, "a launch through a function pointer or an expression (%s) written in a macro", *name ? name : "?");
		free(name);
		return;
	}
	char *ctext = xstrndup(F->src + kb, (size_t)(ke - kb));
	/* the launcher's name goes where the kernel's is, before any template arguments */
	char *at = NULL;
	for (char *p = strstr(ctext, name); p; p = strstr(p + 1, name))
		if (p == ctext || !isident(p[-1]))
			at = p;
	if (!at) {
		refuse(L, call, "a launch of %s through an expression cuflow cannot rename", name);
		free(ctext);
		free(name);
		return;
	}
	char *g = configarg(F, cfg, mac, 0), *b = configarg(F, cfg, mac, 1), *s = configarg(F, cfg, mac, 2),
	     *st = configarg(F, cfg, mac, 3);
	int paren = fe;
	while (paren < ce && F->src[paren] != '(')
		paren++;
	if (!g || !b || !s || !st || paren >= ce)
		refuse(L, call, "a kernel launch written in a macro's definition (one in a macro's argument is lowered)");
	else {
		char *text = fmt("%.*scuflow_launch_%s(%s, %s, %s, %s%s", (int)(at - ctext), ctext, at, g, b, s, st,
		                 nargs > 0 ? ", " : "");
		bool again = false; /* the launch of a macro's argument that it expands twice */
		for (int i = 0; i < F->edits.n && !again; i++)
			again = F->edits.v[i].off == kb && F->edits.v[i].len == paren + 1 - kb && !strcmp(F->edits.v[i].text, text);
		if (again)
			free(text);
		else
			addedit(&F->edits, kb, paren + 1 - kb, text);
	}
	free(g);
	free(b);
	free(s);
	free(st);
	free(ctext);
	free(name);
}

typedef struct {
	Lower *L;
	LFile *F;
	bool device; /* __device__ and not __host__: no launches */
	bool devfn;  /* __device__ */
} Launches;

/* `extern __shared__ T v[]` in a __device__ function (or method) names the
 * block's dynamic shared memory, which the runtime keeps for the thread
 * running the block: `T *v = (T *)cuflowDynShared()`. */
static void
dynshared(LFile *F, CXCursor v)
{
	char *es = elemspelling(v), *name = spelling(v);
	addedit(&F->edits, startof(v), endof(v) - startof(v),
	        fmt("%s *%s = (%s *)cuflowDynShared() /* extern __shared__ */", es, name, es));
	free(name);
	free(es);
}

/* A static __shared__ variable there is one per block as well (and one
 * per template instance): the runtime keeps it for the thread running the
 * block, under the address of a key of its own. Its declaration, without
 * static and __shared__, names its type: `__shared__ float s[32]` becomes
 * `typedef float cuflow_sht_s[32]; static char cuflow_shk_s; auto &s =
 * *(cuflow_sht_s *)cuflowBlockShared(&cuflow_shk_s, sizeof(cuflow_sht_s))`.
 * The calls kernels make are inlined (inline.c: the variable becomes the
 * kernel's); this serves the function as it stays (a method of a block-wide
 * helper class, which inline.c leaves). */
static void
staticshared(LFile *F, CXCursor v, int b)
{
	char *name = spelling(v);
	size_t nl = strlen(name);
	int e = endof(v), at = -1, depth = 0;
	Buf t = {0};
	bputs(&t, "typedef ");
	/* the words static and __shared__ go; the declarator's name (the last
	 * one outside brackets) becomes the type's */
	for (int i = b, from = b; i <= e; i++) {
		if (i == e) {
			bprintf(&t, "%.*s", e - from, F->src + from);
			break;
		}
		char c = F->src[i];
		depth += c == '[' || c == '(' || c == '<' || c == '{' ? 1 : c == ']' || c == ')' || c == '>' || c == '}' ? -1 : 0;
		if (!isident(c) || (i > b && isident(F->src[i - 1])))
			continue;
		int n = 0;
		while (i + n < e && isident(F->src[i + n]))
			n++;
		bool drop = (n == 6 && !strncmp(F->src + i, "static", 6)) || (n == 10 && !strncmp(F->src + i, "__shared__", 10));
		if (!drop && !(depth == 0 && (size_t)n == nl && !strncmp(F->src + i, name, nl)))
			continue;
		bprintf(&t, "%.*s%s", i - from, F->src + from, drop ? "" : "cuflow_sht_");
		if (!drop) {
			bputs(&t, name);
			at = i;
		}
		from = i + n;
		i += n - 1;
	}
	bprintf(&t, "; static char cuflow_shk_%s; auto &%s = *(cuflow_sht_%s *)cuflowBlockShared(&cuflow_shk_%s, "
	            "sizeof(cuflow_sht_%s)) /* __shared__ */", name, name, name, name, name);
	if (at >= 0)
		addedit(&F->edits, b, e - b, xstrdup(bstr(&t)));
	vfree(t);
	free(name);
}

/* Where the declaration of a variable of an unnamed struct or union type
 * starts (`__shared__ union { ... } temp;`, as cub's programs share their
 * TempStorage): before the type's definition and the words ahead of it;
 * -1 for a variable of another type. */
static int
anonstart(LFile *F, CXCursor v)
{
	CXType t = clang_getCursorType(v);
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = clang_getArrayElementType(t);
	CXCursor r = clang_getTypeDeclaration(t);
	if (clang_Cursor_isNull(r) || !clang_Cursor_isAnonymous(r) || endof(r) > startof(v) || startof(r) < 0)
		return -1;
	int b = startof(r);
	for (;;) { /* back over static, __shared__, volatile */
		int i = b, w;
		while (i > 0 && strchr(" \t\r\n", F->src[i - 1]))
			i--;
		for (w = i; w > 0 && isident(F->src[w - 1]);)
			w--;
		bool word = false;
		for (const char *const *k = (const char *const[]){"static", "__shared__", "volatile", NULL}; *k; k++)
			word |= (size_t)(i - w) == strlen(*k) && !strncmp(F->src + w, *k, strlen(*k));
		if (!word)
			return b;
		b = w;
	}
}

/* Has a kernel taken v in as its own (inline.c names it cuflow_F_V)? The
 * function's calls left alone would use another block-wide variable. */
static bool
inlinedtoo(const LFile *F, CXCursor v)
{
	char *fn = spelling(clang_getCursorSemanticParent(v)), *vn = spelling(v), *hoisted = fmt("cuflow_%s_%s", fn, vn);
	bool yes = false;
	size_t n = strlen(hoisted);
	for (const char *s = F->src; !yes && (s = strstr(s, hoisted)); s += n)
		yes = !isident(s[n]);
	free(fn);
	free(vn);
	free(hoisted);
	return yes;
}

/* A __shared__ variable of a __device__ function, written alone in its
 * declaration (`__shared__ int a[4], b[4]` is refused at b: its text has
 * no type to rewrite; `__shared__ union { ... } u` starts at its union). */
static void
devshared(Lower *L, LFile *F, CXCursor v)
{
	char *name = spelling(v);
	int anon = anonstart(F, v);
	bool alone = anon >= 0 || strncmp(F->src + startof(v), name, strlen(name)) != 0; /* a later declarator starts at its name */
	free(name);
	if (frommacro(clang_getCursorLocation(v)) || frommacro(clang_getRangeEnd(clang_getCursorExtent(v))))
		refuse(L, v, "a __shared__ variable of a __device__ function declared through a macro");
	else if (!alone)
		refuse(L, v, "a __shared__ variable of a __device__ function declared beside another in one declaration");
	else if (clang_Cursor_hasVarDeclExternalStorage(v))
		dynshared(F, v);
	else if (inlinedtoo(F, v))
		refuse(L, v, "a __shared__ variable of a __device__ function some of whose calls a kernel inlines and some "
		             "not (an arm of ?:, a larger expression): the two would be two variables, one on the GPU");
	else
		staticshared(F, v, anon >= 0 ? anon : startof(v));
}

static int
findlaunches(CXCursor c, void *arg)
{
	Launches *w = arg;
	if (w->devfn && clang_getCursorKind(c) == CXCursor_VarDecl && haskid(c, CXCursor_CUDASharedAttr)) {
		devshared(w->L, w->F, c);
		return WALK_OVER;
	}
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		CXCursor *ks;
		int n = kids(c, &ks);
		bool launch = n >= 2 && isconfig(ks[1]);
		free(ks);
		if (launch) {
			if (w->device)
				refuse(w->L, c, "a kernel launch from device code (dynamic parallelism)");
			else
				lowerlaunch(w->L, w->F, c);
			return WALK_OVER; /* the arguments stay as they are */
		}
	}
	return WALK_IN;
}

/* ---------------------------------------------------------------- declarations */

static bool
isfn(enum CXCursorKind k)
{
	return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
	       k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
}

static bool
istexture(CXCursor v)
{
	char *s = typespelling(canontype(v));
	bool yes = !strncmp(s, "texture<", 8) || strstr(s, "surface<");
	free(s);
	return yes;
}

/* A texture reference's dimensionality: texture<T, dim, mode>'s second
 * template argument, default ones filled in by the specialisation (the
 * type's text leaves them out: texture<Node> is one-dimensional); -1 where
 * it is not an integer, 0 for a surface (its output does not compile). */
static long long
texdims(CXCursor v)
{
	CXCursor d = clang_getTypeDeclaration(canontype(v));
	if (!named(d, "texture"))
		return 0;
	if (clang_Cursor_getNumTemplateArguments(d) < 2 ||
	    clang_Cursor_getTemplateArgumentKind(d, 1) != CXTemplateArgumentKind_Integral)
		return -1;
	return clang_Cursor_getTemplateArgumentValue(d, 1);
}

static void lowerdecls(Lower *L, CXTranslationUnit tu, CXCursor parent);

/* ---------------------------------------------------------------- dead device code */

/* A __device__ function (not __host__) nothing live calls: inline.c
 * inlined every call a kernel made (or none was made), and the functions
 * calling it are dead too. It leaves the output: its body may hold what only
 * a kernel's lowering gives a meaning (a barrier, a warp operation, a
 * block's __shared__ memory). Only where no other unit can call it: the
 * program's only unit, or in a program of several the unit's own file (not
 * a header another unit includes) without relocatable device code (nvcc
 * links no device function across units then), or a static function. */
typedef struct {
	Cursors fns; /* the candidates, canonical */
	Ints from, to; /* edges: a candidate (or -1: live code) names one */
	int at;      /* the candidate being walked, or -1 */
} Dead;

static int
deadindex(const Dead *d, CXCursor c)
{
	CXCursor cc = clang_getCanonicalCursor(c);
	for (int i = 0; i < d->fns.n; i++)
		if (clang_equalCursors(d->fns.v[i], cc))
			return i;
	return -1;
}

static void
deadedge(Dead *d, CXCursor r)
{
	CXCursor t = clang_getSpecializedCursorTemplate(r); /* a template's specialisation names the template */
	int j = deadindex(d, clang_Cursor_isNull(t) ? r : t);
	if (j >= 0 && j != d->at) {
		vpush(d->from, d->at);
		vpush(d->to, j);
	}
	/* a template, or a name a template's dependent call may bind
	 * at instantiation (explicit specialisations, overloads declared later
	 * and found by ADL): every candidate of the same name */
	if (clang_getCursorKind(r) == CXCursor_FunctionTemplate || !clang_Cursor_isNull(t)) {
		char *n = spelling(r);
		for (int i = 0; i < d->fns.n; i++) {
			char *m = spelling(d->fns.v[i]);
			if (i != d->at && !strcmp(n, m)) {
				vpush(d->from, d->at);
				vpush(d->to, i);
			}
			free(m);
		}
		free(n);
	}
}

static int
deadrefs(CXCursor c, void *arg)
{
	Dead *d = arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr)
		deadedge(d, clang_getCursorReferenced(c));
	for (unsigned i = 0; k == CXCursor_OverloadedDeclRef && i < clang_getNumOverloadedDecls(c); i++)
		deadedge(d, clang_getOverloadedDecl(c, i));
	return WALK_IN;
}

/* A candidate of unit main: in a program of several units, a function of
 * main's own file (a header's may serve another unit's kernels). */
static bool
devonly(Lower *L, CXCursor c, CXFile main)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXFile f = fileof(c);
	return (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) && clang_isCursorDefinition(c) &&
	       !insystem(c) && haskid(c, CXCursor_CUDADeviceAttr) && !haskid(c, CXCursor_CUDAHostAttr) && !iskernel(c) &&
	       (L->units == 1 ||
	        (f && clang_File_isEqual(f, main) && (!L->rdc || clang_getCursorLinkage(c) == CXLinkage_Internal)));
}

static void
deadcand(CXCursor c, void *arg)
{
	void **a = arg;
	if (devonly(a[0], c, a[2]))
		vpush(((Dead *)a[1])->fns, clang_getCanonicalCursor(c));
}

static void
deadwalk(CXCursor c, void *arg)
{
	Dead *d = arg;
	if (insystem(c))
		return;
	int i = deadindex(d, c);
	d->at = i >= 0 && clang_isCursorDefinition(c) ? i : -1;
	descend(c, deadrefs, d);
}

/* L->dead: tu's dead device functions (the greatest set none of whose
 * members live code names). */
static void
finddead(Lower *L, CXTranslationUnit tu, const char *path)
{
	Dead d = {0};
	CXCursor t = clang_getTranslationUnitCursor(tu);
	void *a[3] = {L, &d, clang_getFile(tu, path)};
	eachkid(t, deadcand, a);
	L->dead.n = 0;
	if (d.fns.n) {
		eachkid(t, deadwalk, &d);
		bool *dead = xmalloc(sizeof *dead * (size_t)d.fns.n);
		for (int i = 0; i < d.fns.n; i++)
			dead[i] = true;
		for (bool changed = true; changed;) {
			changed = false;
			for (int e = 0; e < d.to.n; e++)
				if ((d.from.v[e] < 0 || !dead[d.from.v[e]]) && dead[d.to.v[e]])
					dead[d.to.v[e]] = false, changed = true;
		}
		for (int i = 0; i < d.fns.n; i++)
			if (dead[i])
				vpush(L->dead, d.fns.v[i]);
		free(dead);
	}
	vfree(d.fns);
	vfree(d.from);
	vfree(d.to);
}

static bool
isdead(Lower *L, CXCursor c)
{
	CXCursor cc = clang_getCanonicalCursor(c);
	for (int i = 0; i < L->dead.n; i++)
		if (clang_equalCursors(L->dead.v[i], cc))
			return true;
	return false;
}

/* A declaration of a user file, lowered (its members: lowerdecls). */
static void
lowerdecl(CXCursor c, void *d)
{
	void **a = d;
	Lower *L = a[0];
	CXTranslationUnit tu = a[1];
	if (insystem(c))
		return;
	CXFile f = fileof(c);
	if (!f)
		return;
	LFile *F = lfile(L, tu, f);
	if (F->done) /* lowered already, from another file including it */
		return;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_ClassDecl ||
	    k == CXCursor_StructDecl || k == CXCursor_ClassTemplate || k == CXCursor_FriendDecl) { /* a friend defined in its class */
		lowerdecls(L, tu, c);
		return;
	}
	if (k == CXCursor_VarDecl && istexture(c)) {
		long long dims = texdims(c);
		if (dims && dims != 1)
			refuse(L, c, "a texture reference that is not one-dimensional");
		return;
	}
	if (k == CXCursor_VarDecl && haskid(c, CXCursor_CUDASharedAttr)) {
		refuse(L, c, "a __shared__ variable declared outside any function (one per block: declare it in the "
		             "kernel or a __device__ function)");
		return;
	}
	if (!isfn(k))
		return;
	if (iskernel(c)) {
		if (clang_isCursorDefinition(c))
			lowerkernel(L, F, c);
		else
			lowerkerneldecl(L, F, c);
		return;
	}
	if (clang_isCursorDefinition(c) && isdead(L, c)) {
		char *name = spelling(c);
		addedit(&F->edits, startof(c), endof(c) - startof(c),
		        fmt("/* cuflow: __device__ %s left out: no call of it is left */", name));
		free(name);
		return;
	}
	if (clang_isCursorDefinition(c)) {
		bool dev = haskid(c, CXCursor_CUDADeviceAttr);
		Launches w = {L, F, dev && !haskid(c, CXCursor_CUDAHostAttr), dev};
		descend(c, findlaunches, &w);
	}
}

static void
lowerdecls(Lower *L, CXTranslationUnit tu, CXCursor parent)
{
	void *a[2] = {L, tu};
	eachkid(parent, lowerdecl, a);
}

/* #include lines of user files, recorded in the including file. */
static void
addinclusion(Lower *L, CXTranslationUnit tu, CXFile from, int off, CXFile inc)
{
	if (!from || systemfile(tu, inc)) /* no from: -include FILE, no directive to rewrite */
		return;
	char *name = filename(inc);
	bool virt = !name || !strncmp(name, "/__cuflow__/", 12);
	free(name);
	if (virt || systemfile(tu, from))
		return;
	LFile *F = lfile(L, tu, from), *G = lfile(L, tu, inc);
	int gi = (int)(G - L->files.v);
	F = lfile(L, tu, from); /* lfile may have moved the array */
	for (int i = 0; i < F->incoff.n; i++)
		if (F->incfile.v[i] == gi && F->incoff.v[i] <= off && off < F->incend.v[i])
			return;
	/* the whole directive line */
	vpush(F->incoff, linestart(F->src, off));
	vpush(F->incend, lineend(F->src, F->len, off));
	vpush(F->incfile, gi);
	L->files.v[gi].included = true;
}

static void
inclusion(CXFile inc, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
	void **a = d;
	if (depth == 0 || clang_Location_isInSystemHeader(stack[0]))
		return;
	CXFile from;
	unsigned off;
	clang_getExpansionLocation(stack[0], &from, NULL, NULL, &off);
	addinclusion(a[0], a[1], from, (int)off, inc);
}

/* The #include directives of user files again, from the preprocessing
 * record: a file's second #include (its guard makes the inclusion list skip
 * it) must go too, or the lowered text names it from the wrong folder. */
static void
directive(CXCursor c, void *d)
{
	void **a = d;
	if (clang_getCursorKind(c) != CXCursor_InclusionDirective || insystem(c))
		return;
	CXFile inc = clang_getIncludedFile(c), from;
	int off;
	locate(c, &from, NULL, &off);
	if (inc)
		addinclusion(a[0], a[1], from, off, inc);
	Lower *L = a[0];
	char *name = spelling(c);
	bool seen = strncmp(name, "thrust/", 7) != 0;
	for (int i = 0; !seen && i < L->thrust.n; i++)
		seen = !strcmp(L->thrust.v[i], name);
	if (seen)
		free(name);
	else
		vpush(L->thrust, name);
}

/* What CUDA's thrust headers include on the way and its OpenMP system's do
 * not (thrust/sort.h brings extrema.h there): programs that call
 * thrust::minmax_element after including only thrust/sort.h build with nvcc. */
static const char *const thrustmore[] = {"thrust/extrema.h", "thrust/iterator/constant_iterator.h",
                                         "thrust/iterator/discard_iterator.h", "thrust/swap.h"};
#define NTHRUSTMORE (sizeof thrustmore / sizeof *thrustmore)

/* thrust on the CPU: its OpenMP system (CCCL's own), configured before
 * __CUDACC__ is defined, or CCCL takes g++ for a CUDA compiler; half types
 * are the runtime's, not CCCL's; the standard headers CUDA's thrust
 * brings come first (cuflow_cccl_std.h), its own headers last. A thrust
 * call does not wait for deferred launches, so the program runs eagerly
 * (CUFLOW_DEFER is ignored). */
static void
emitthrust(const Lower *L, Buf *b)
{
	if (!L->thrust.n)
		return;
	bputs(b, "#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_OMP\n#define CCCL_DISABLE_FP16_SUPPORT\n"
	         "#define CCCL_DISABLE_BF16_SUPPORT\n#define CCCL_DISABLE_NVFP8_SUPPORT\n#include <cuflow_cccl_std.h>\n");
	for (int i = 0; i < L->thrust.n; i++)
		bprintf(b, "#include <%s>\n", L->thrust.v[i]);
	for (size_t i = 0; i < NTHRUSTMORE; i++)
		bprintf(b, "#include <%s>\n", thrustmore[i]);
	bputs(b, "#include <cuflow_thrust.h>\n"); /* thrust::cuda's policies, as the parse's cuflow_cccl.h */
	bputs(b, "static const int cuflow_eager = cuflowRunEagerly();\n");
}

/* The arguments a program that includes thrust parses with: the
 * toolkit's thrust on its OpenMP system (emitthrust), or NULL. */
static const char **
thrustargs(const Opts *o, int *n, char **dir)
{
	if (!(*dir = thrustdir(o)))
		return NULL;
	const char *more[] = {"-isystem", *dir, "-fopenmp", "-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_OMP",
	                      "-DCCCL_DISABLE_FP16_SUPPORT", "-DCCCL_DISABLE_BF16_SUPPORT", "-DCCCL_DISABLE_NVFP8_SUPPORT",
	                      "-DCUFLOW_CCCL", "-include", "cuflow_cccl_std.h"};
	size_t nmore = sizeof more / sizeof *more;
	const char **args = xcalloc((size_t)o->ncargs + nmore + 2 * NTHRUSTMORE + 2, sizeof *args);
	memcpy(args, o->cargs, (size_t)o->ncargs * sizeof *args);
	*n = o->ncargs;
	for (size_t i = 0; i < nmore; i++)
		args[(*n)++] = more[i];
	for (size_t i = 0; i < NTHRUSTMORE; i++) {
		args[(*n)++] = "-include";
		args[(*n)++] = thrustmore[i];
	}
	args[(*n)++] = "-include"; /* __NVCC__ after CCCL's setup */
	args[(*n)++] = "cuflow_cccl.h";
	return args;
}

/* ---------------------------------------------------------------- output */

static void emitfile(Lower *L, Buf *out, int fi);

/* The edit among the first n of e whose replaced text holds [b, e2) (a
 * kernel's, holding an #include line of its body), or -1. */
static int
rewritten(const Edits *e, int n, int b, int e2)
{
	for (int i = 0; i < n; i++)
		if (e->v[i].len > 0 && e->v[i].off <= b && e2 <= e->v[i].off + e->v[i].len)
			return i;
	return -1;
}

/* The included text where a rewrite x keeps include line i of F, as the
 * line's own edit would put it (HeCBench wsm5's `#include "constants.h"`
 * in a kernel's body, whose lowering copies the directive); false when x
 * dropped it. */
static bool
inlineinto(Edit *x, LFile *F, int i, const char *text)
{
	const char *src = F->src + F->incoff.v[i], *hash = strchr(src, '#');
	char *line = xstrndup(hash, (size_t)(F->src + F->incend.v[i] - hash));
	bool kept = strstr(x->text, line) != NULL;
	if (kept) {
		char *t = replaceall(x->text, line, text);
		free(x->text);
		x->text = t;
	}
	free(line);
	return kept;
}

static void
emitfile(Lower *L, Buf *out, int fi)
{
	LFile *F = &L->files.v[fi];
	if (F->emitted)
		return;
	F->emitted = true;
	noinline(F);
	Edits all = {0};
	for (int i = 0; i < F->edits.n; i++) {
		Edit e = F->edits.v[i];
		e.text = xstrdup(e.text);
		vpush(all, e);
	}
	for (int i = 0; i < F->incoff.n; i++) {
		int gi = F->incfile.v[i];
		int in = rewritten(&all, F->edits.n, F->incoff.v[i], F->incend.v[i]);
		Buf sub = {0};
		if (L->files.v[gi].emitted)
			bprintf(&sub, "/* cuflow: %s was included above */", L->files.v[gi].path);
		else {
			bprintf(&sub, "/* cuflow: begin %s */\n", L->files.v[gi].path);
			emitfile(L, &sub, gi);
			bprintf(&sub, "\n/* cuflow: end %s */", L->files.v[gi].path);
		}
		F = &L->files.v[fi];
		if (in < 0) {
			addedit(&all, F->incoff.v[i], F->incend.v[i] - F->incoff.v[i], bstr(&sub));
			continue;
		}
		if (!inlineinto(&all.v[in], F, i, bstr(&sub)))
			bprintf(&L->why, "%s:%d: cannot lower an #include inside a construct cuflow rewrites without keeping the "
			                 "line\n",
			        F->path, 1 + newlines(F->src, F->incoff.v[i]));
		free(sub.v);
	}
	size_t len;
	char *err = NULL, *txt = applyedits(F->src, F->len, &all, &len, &err);
	size_t bom = txt && len >= 3 && !memcmp(txt, "\xef\xbb\xbf", 3) ? 3 : 0; /* mid-output, g++ reads it as code */
	if (txt)
		bputn(out, txt + bom, len - bom);
	else
		bprintf(&L->why, "%s: cannot lower: %s\n", F->path, err);
	free(txt);
	free(err);
	freeedits(&all);
}

/* The lines every output starts with: what it came from, the runtime's
 * header, and the program's #if groups as the parse (and nvcc) saw them: a
 * CUDA compilation, with OpenMP only where the program asked for it. */
static bool openmpflag(const Opts *o);

/* May a pointer to t alias anything (char, unsigned char, std::byte,
 * void), or is t a pointer (cudaMalloc((void **)&p)'s)? */
static bool
anyalias(CXType t)
{
	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Void:
	case CXType_Char_S:
	case CXType_Char_U:
	case CXType_SChar:
	case CXType_UChar:
	case CXType_Pointer:
		return true;
	default: {
		char *n = typespelling(clang_getUnqualifiedType(t));
		bool byte = !strcmp(n, "std::byte");
		free(n);
		return byte;
	}
	}
}

typedef struct {
	CXType want;
	int depth;
	bool yes;
} Holds;

static bool holds(CXType a, CXType b, int depth);

static enum CXVisitorResult
holdsfield(CXCursor f, CXClientData d)
{
	Holds *h = d;
	h->yes = holds(clang_getCursorType(f), h->want, h->depth + 1);
	return h->yes ? CXVisit_Break : CXVisit_Continue;
}

/* Does type a hold a b (is it one, or a record or array with a member that
 * holds one)? GCC's alias analysis takes an access through such a record
 * (float4 over float[]) as one that may touch its members' objects. */
static bool
holds(CXType a, CXType b, int depth)
{
	a = clang_getUnqualifiedType(clang_getCanonicalType(a));
	if (clang_equalTypes(a, b))
		return true;
	if (depth > 8)
		return false;
	if (a.kind == CXType_ConstantArray || a.kind == CXType_IncompleteArray)
		return holds(clang_getArrayElementType(a), b, depth + 1);
	if (a.kind != CXType_Record)
		return false;
	Holds h = {b, depth, false};
	clang_Type_visitFields(a, holdsfield, &h);
	return h.yes;
}

/* A cast of a pointer to one of another type (*(float2 *)h on __half h[],
 * reinterpret_cast<float4 *>(x) on float x[]) in a user file: CUDA code
 * reads memory so, and nvcc compiles it as written, where GCC's type-based
 * alias analysis may reorder the accesses (the output then turns it off:
 * emitprologue). */
static int
punkid(CXCursor c, void *arg)
{
	Lower *L = arg;
	if (L->puns || insystem(c))
		return insystem(c) ? WALK_OVER : WALK_STOP;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_CStyleCastExpr || k == CXCursor_CXXReinterpretCastExpr) {
		CXCursor *ks;
		int n = kids(c, &ks);
		CXType to = clang_getCanonicalType(clang_getCursorType(c));
		CXType from = n ? clang_getCanonicalType(clang_getCursorType(ks[n - 1])) : (CXType){0};
		bool arr = from.kind == CXType_ConstantArray || from.kind == CXType_IncompleteArray;
		if (to.kind == CXType_Pointer && (from.kind == CXType_Pointer || arr)) {
			CXType a = clang_getUnqualifiedType(clang_getCanonicalType(clang_getPointeeType(to)));
			CXType b = clang_getUnqualifiedType(
			    clang_getCanonicalType(arr ? clang_getArrayElementType(from) : clang_getPointeeType(from)));
			L->puns = !anyalias(a) && !anyalias(b) && !holds(a, b, 0) && !holds(b, a, 0);
		}
		free(ks);
	}
	return L->puns ? WALK_STOP : WALK_IN;
}

/* The names unit file F's own lines #define, into *names. */
static void
definednames(const LFile *F, Strs *names)
{
	for (size_t i = 0; i < F->len; i++) {
		if (i && F->src[i - 1] != '\n')
			continue;
		const char *p = F->src + i;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p++ != '#')
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, "define", 6) || isident(p[6]))
			continue;
		p += 6;
		while (*p == ' ' || *p == '\t')
			p++;
		size_t n = 0;
		while (isident(p[n]))
			n++;
		if (n)
			vpush(*names, xstrndup(p, n));
	}
}

/* Does text name identifier id? */
static bool
namesid(const char *text, size_t len, const char *id)
{
	size_t n = strlen(id);
	for (const char *p = text; (p = strstr(p, id)) && p + n <= text + len; p += n)
		if ((p == text || !isident(p[-1])) && !isident(p[n]))
			return true;
	return false;
}

/* Units lowered into one file share one preprocessor: a macro one unit's
 * own file defines would reach the units after it (an #ifndef there would
 * take its value). Refused where a later unit's file names it: with -o
 * DIR/ each unit is written and built apart, as nvcc builds them. */
static void
unitmacros(Lower *L)
{
	for (int i = 0; i < L->files.n; i++) {
		const LFile *A = &L->files.v[i];
		if (!A->given || A->included)
			continue;
		Strs names = {0};
		definednames(A, &names);
		for (int j = i + 1; j < L->files.n; j++) {
			const LFile *B = &L->files.v[j];
			for (int k = 0; B->given && !B->included && k < names.n; k++)
				if (namesid(B->src, B->len, names.v[k])) {
					bprintf(&L->why, "%s: cannot lower into one file: macro %s, defined in %s, is named here too "
					                 "(write one output per unit: -o DIR/)\n",
					        B->path, names.v[k], A->path);
					break;
				}
		}
		for (int k = 0; k < names.n; k++)
			free(names.v[k]);
		vfree(names);
	}
}

static void
emitprologue(const Lower *L, Buf *b, const char **paths, int n, const Opts *o0, const CxFacts *facts)
{
	bprintf(b, "/* Generated by cuflow --lower=%s from", facts ? "coexec (the CPU's side)" : "openmp");
	for (int i = 0; i < n; i++)
		bprintf(b, " %s", paths[i]);
	bputs(b, facts ? ".\n * Build: doc/coexec.md (a shared object exporting cuflow_cpu_* alone) */\n"
	               : ".\n * Build: g++ -O2 -fopenmp THIS.cpp $(pkg-config --cflags --libs cuflow-runtime) */\n");
	if (L->puns) /* (punkid) */
		bputs(b, "#define CUFLOW_NO_STRICT_ALIASING 1\n");
	bputs(b, "#include <cuflow_lower.h>\n");
	emitthrust(L, b);
	bputs(b, "#ifndef __CUDACC__\n#define __CUDACC__ 1\n#endif\n");
	/* nvcc's macros as the parse has them (cuflow_cuda.h), after thrust as there (cuflow_cccl.h) */
	bputs(b, "#ifndef __NVCC__\n#define __NVCC__ 1\n#endif\n#ifndef __CUDACC_VER_MAJOR__\n#define __CUDACC_VER_MAJOR__ 12\n"
	         "#define __CUDACC_VER_MINOR__ 8\n#define __CUDACC_VER_BUILD__ 0\n#endif\n");
	if (!openmpflag(o0))
		bputs(b, "#undef _OPENMP\n");
}

static void
emitunit(Lower *L, Buf *b, int fi)
{
	bprintf(b, "/* cuflow: begin %s */\n", L->files.v[fi].path);
	emitfile(L, b, fi);
	bprintf(b, "\n/* cuflow: end %s */\n", L->files.v[fi].path);
}

static void
freelower(Lower *L)
{
	for (int i = 0; i < L->files.n; i++) {
		LFile *F = &L->files.v[i];
		free(F->path);
		freeedits(&F->edits);
		vfree(F->ins);
		vfree(F->whys);
		vfree(F->incoff);
		vfree(F->incend);
		vfree(F->incfile);
	}
	vfree(L->files);
	for (int i = 0; i < L->tus.n; i++)
		clang_disposeTranslationUnit(L->tus.v[i]);
	for (int i = 0; i < L->idx.n; i++)
		clang_disposeIndex(L->idx.v[i]);
	vfree(L->tus);
	vfree(L->idx);
	vfree(L->dead);
	free(L->inlinefail);
	for (int i = 0; i < L->kernels.n; i++)
		free(L->kernels.v[i]);
	vfree(L->kernels);
	for (int i = 0; i < L->texts.n; i++)
		free(L->texts.v[i]);
	vfree(L->texts);
	for (int i = 0; i < L->thrust.n; i++)
		free(L->thrust.v[i]);
	vfree(L->thrust);
	free(L->why.v);
}

/* The user files of a translation unit: its main file and those it includes. */
static void
userfile(CXFile inc, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
	void **a = d;
	Strs *paths = a[0];
	CXTranslationUnit tu = a[1];
	if ((depth > 0 && clang_Location_isInSystemHeader(stack[0])) || systemfile(tu, inc))
		return;
	char *name = filename(inc);
	bool skip = !name || !strncmp(name, "/__cuflow__/", 12);
	for (int i = 0; i < paths->n && !skip; i++)
		skip = !strcmp(paths->v[i], name);
	if (skip)
		free(name);
	else
		vpush(*paths, name);
}

static void
freeins(FileInses *fi)
{
	for (int i = 0; i < fi->n; i++) {
		free(fi->v[i].path);
		vfree(fi->v[i].ins);
		vfree(fi->v[i].whys);
	}
	fi->n = 0;
}

static int
byoff(const void *a, const void *b)
{
	return ((const Insert *)a)->off - ((const Insert *)b)->off;
}

static void
sortins(Inserts *ins)
{
	if (ins->n)
		qsort(ins->v, (size_t)ins->n, sizeof *ins->v, byoff);
}

/* Does the new insert n, at po in the old text, lie in the old insert a? */
static bool
inside(const Insert *a, const Insert *n, int po)
{
	return (po > a->off || (po == a->off && n->oldlen > 0)) && po + n->oldlen <= a->off + a->len;
}

/* Where inserts ins (text offsets of a new round, lines of the text
 * before it) lie, once their lines are the user's (acc: the rounds before,
 * in the old text's offsets): acc's inserts move past the new ones before
 * them and grow by those inside them; a new one outside them all joins
 * acc, its line the user's. */
static void
compose(Inserts *acc, Inserts *ins)
{
	sortins(ins);
	int *po = xmalloc(sizeof *po * (size_t)(ins->n + 1)), shift = 0;
	bool *in = xmalloc(sizeof *in * (size_t)(ins->n + 1));
	for (int i = 0; i < ins->n; i++) { /* where each was in the old text */
		po[i] = ins->v[i].off - shift;
		shift += ins->v[i].len - ins->v[i].oldlen;
		in[i] = false;
		for (int j = 0; j < acc->n && !in[i]; j++)
			in[i] = inside(&acc->v[j], &ins->v[i], po[i]);
		if (!in[i])
			ins->v[i].line = insline(acc, po[i], ins->v[i].line);
	}
	for (int j = 0; j < acc->n; j++) {
		Insert *a = &acc->v[j], old = *a;
		for (int i = 0; i < ins->n; i++) {
			const Insert *n = &ins->v[i];
			if (inside(&old, n, po[i])) {
				a->len += n->len - n->oldlen;
				a->lines += n->lines;
			} else if (po[i] + n->oldlen <= old.off)
				a->off += n->len - n->oldlen;
		}
	}
	for (int i = 0; i < ins->n; i++)
		if (!in[i])
			vpush(*acc, ins->v[i]);
	free(po);
	free(in);
	sortins(acc);
}

/* The entry of ins for path, added where there is none. */
static FileIns *
fileins(FileInses *ins, const char *path)
{
	for (int i = 0; i < ins->n; i++)
		if (!strcmp(ins->v[i].path, path))
			return &ins->v[i];
	FileIns fresh = {xstrdup(path), {0}, {0}};
	vpush(*ins, fresh);
	return &ins->v[ins->n - 1];
}

/* One round: tu parsed again with the calls inline.c inlines in the
 * kernels of each of its user files (tu itself when there are none, or when
 * the new text does not parse, which would be cuflow's bug); o's texts
 * become the new ones (all: o's list, which this owns), *ins: where each
 * file's inserted text is. */
static CXTranslationUnit
inlineround(Lower *L, CXTranslationUnit tu, const char *path, Opts *o, FileTexts *all, FileInses *ins)
{
	Strs paths = {0};
	void *a[2] = {&paths, tu};
	clang_getInclusions(tu, userfile, a);
	FileTexts texts = {0};
	VEC(Inserts) rins = {0};
	VEC(Whys) whys = {0};
	for (int i = 0; i < paths.n; i++) {
		Inserts fi = {0};
		size_t len;
		vpush(whys, (Whys){0});
		char *text = inlinecalls(tu, paths.v[i], &len, &fi, &whys.v[i]);
		if (!text)
			continue;
		FileText t = {xstrdup(paths.v[i]), text, len}; /* its own path: paths are freed below, the texts kept */
		vpush(texts, t);
		vpush(rins, fi);
	}
	CXTranslationUnit nt = NULL;
	if (texts.n) {
		Opts to = *o; /* the texts, each file inlined here replaced */
		FileTexts now = {0};
		for (int i = 0; i < o->nfiles; i++) {
			bool mine = false;
			for (int j = 0; j < texts.n && !mine; j++)
				mine = !strcmp(texts.v[j].path, o->files[i].path);
			if (!mine)
				vpush(now, o->files[i]);
		}
		for (int j = 0; j < texts.n; j++) {
			vpush(now, texts.v[j]);
			if (!strcmp(texts.v[j].path, path)) {
				to.text = texts.v[j].text;
				to.textlen = texts.v[j].len;
			}
		}
		to.files = now.v;
		to.nfiles = now.n;
		int mode;
		CXIndex idx;
		char *why = NULL;
		nt = parsetu(path, &to, to.text, to.textlen, &mode, &idx, &why);
		if (nt && !(why = firsterror(nt, path))) {
			vpush(L->tus, nt);
			vpush(L->idx, idx);
			*o = to;
			vfree(*all);
			*all = now;
		} else {
			if (why && !L->inlinefail) /* the calls left then say so (notinlined) */
				L->inlinefail = xstrdup(why);
			if (nt)
				closetu(nt, idx);
			nt = NULL;
			vfree(now);
		}
		free(why);
	}
	for (int j = 0; j < texts.n; j++) {
		if (!nt) {
			free(texts.v[j].path);
			free(texts.v[j].text);
			vfree(rins.v[j]);
			continue;
		}
		vpush(L->texts, texts.v[j].text); /* freed with the translation units */
		vpush(L->texts, texts.v[j].path);
		compose(&fileins(ins, texts.v[j].path)->ins, &rins.v[j]);
		vfree(rins.v[j]);
	}
	for (int i = 0; i < paths.n; i++) { /* the reasons of the file's last text: this round's, unless it changed */
		bool changed = false;
		for (int j = 0; j < texts.n && nt && !changed; j++)
			changed = !strcmp(texts.v[j].path, paths.v[i]);
		if (changed) {
			vfree(whys.v[i]);
			continue;
		}
		FileIns *f = fileins(ins, paths.v[i]);
		vfree(f->whys);
		f->whys = whys.v[i];
	}
	vfree(whys);
	vfree(rins);
	vfree(texts);
	for (int i = 0; i < paths.n; i++)
		free(paths.v[i]);
	vfree(paths);
	return nt ? nt : tu;
}

/* tu with the calls inline.c inlines, round after round: a callee inlined
 * brings the calls its body makes into the kernel (a block reduction's
 * warp reductions), up to a depth no real program needs. */
static CXTranslationUnit
inlined(Lower *L, CXTranslationUnit tu, const char *path, const Opts *o, FileInses *ins)
{
	Opts to = *o;
	FileTexts all = {0};
	for (int round = 0; round < 8; round++) {
		CXTranslationUnit nt = inlineround(L, tu, path, &to, &all, ins);
		if (nt == tu)
			break;
		tu = nt;
	}
	vfree(all);
	return tu;
}

/* tu parsed again from the device-side texts of its files (arch.c), which
 * *o then carries for the parses that follow; NULL (refused) where the
 * device side does not parse. */
static CXTranslationUnit
deviceview(Lower *L, const char *path, Opts *o, FileTexts *dev)
{
	o->files = dev->v;
	o->nfiles = dev->n;
	for (int i = 0; i < dev->n; i++) {
		if (!strcmp(dev->v[i].path, path)) {
			o->text = dev->v[i].text;
			o->textlen = dev->v[i].len;
		}
		vpush(L->texts, dev->v[i].text); /* freed with the translation units */
	}
	int mode;
	CXIndex idx;
	char *why = NULL;
	CXTranslationUnit tu = parsetu(path, o, o->text, o->textlen, &mode, &idx, &why);
	if (tu) {
		vpush(L->tus, tu);
		vpush(L->idx, idx);
		why = firsterror(tu, path);
	}
	if (why) {
		bprintf(&L->why, "%s: not parsed with device code's preprocessor branches: %s\n", path, why);
		free(why);
		return NULL;
	}
	return tu;
}

static void
freepaths(FileTexts *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->v[i].path);
	vfree(*t);
}

/* Was the program built with OpenMP (-fopenmp, or -Xcompiler -fopenmp)?
 * Otherwise nvcc defines no _OPENMP, and the lowered file, which g++
 * compiles with -fopenmp, undefines it before the program's text: HeCBench's
 * shared headers declare their own uchar4 and float2 under #ifdef _OPENMP
 * for its OpenMP versions, which clash with the runtime's vector types (and
 * test __CUDACC__ first, which the lowered file defines as the parse did). */
static bool
openmpflag(const Opts *o)
{
	for (int i = 0; i < o->ncargs; i++)
		if (strstr(o->cargs[i], "fopenmp") || strstr(o->cargs[i], "qopenmp"))
			return true;
	return false;
}

/* Does the program compile with relocatable device code (nvcc -rdc=true,
 * -dc), which alone lets a unit call another's __device__ functions? */
static bool
rdcflag(const Opts *o)
{
	for (int i = 0; i < o->ncargs; i++)
		if (!strncmp(o->cargs[i], "-rdc", 4) ? !strstr(o->cargs[i], "false")
		    : !strncmp(o->cargs[i], "--relocatable-device-code", 25) ? !strstr(o->cargs[i], "false")
		                                                             : !strcmp(o->cargs[i], "-dc"))
			return true;
	return false;
}

/* Lowers the program made of paths into the text *out; 0 on success, else
 * -1 with every refusal in *err. */
int
lowerprogram(const char **paths, int n, const Opts *o0, CxFacts *facts, char **out, Strs *units, char **err)
{
	Lower L = {.units = n, .rdc = rdcflag(o0), .cx = facts};
	const char **thrust = NULL; /* the parse's arguments once a unit includes thrust */
	char *thrustinc = NULL;
	/* parsed against the declarations the lowered program is compiled with */
	Opts mo = *o0, *o = &mo;
	mo.minimal = true;
	/* the preprocessing record keeps the ranges #if skipped (arch.c) */
	const char **args = xcalloc((size_t)o0->ncargs + 5, sizeof *args);
	memcpy(args, o0->cargs, (size_t)o0->ncargs * sizeof *args);
	args[o0->ncargs] = "-Xclang";
	args[o0->ncargs + 1] = "-detailed-preprocessing-record";
	mo.cargs = args;
	mo.ncargs = o0->ncargs + 2;
#ifndef HAVE_BLAS
	args[mo.ncargs++] = "-DCUFLOW_LOWER_NO_BLAS"; /* cublas_v2.h stops the parse, naming what is missing */
#endif
#ifndef HAVE_FFTW
	args[mo.ncargs++] = "-DCUFLOW_LOWER_NO_FFTW"; /* and cufft.h */
#endif
#ifndef HAVE_LAPACK
	args[mo.ncargs++] = "-DCUFLOW_LOWER_NO_LAPACK"; /* cusolverDn.h, and cuBLAS's getrf/gels batched */
#endif
	for (int i = 0; i < n; i++) {
		int mode;
		CXIndex idx;
		char *why = NULL;
		CXTranslationUnit tu = parsetu(paths[i], o, NULL, 0, &mode, &idx, &why);
		if (tu) {
			why = firsterror(tu, paths[i]);
			vpush(L.tus, tu);
			vpush(L.idx, idx);
		}
		if (tu && why && strstr(why, "'thrust/") && strstr(why, "' file not found") && !thrust) {
			thrust = thrustargs(o, &mo.ncargs, &thrustinc); /* again, with the toolkit's thrust */
			if (thrust) {
				mo.cargs = thrust;
				closetu(tu, idx);
				L.tus.n--;
				L.idx.n--;
				free(why);
				why = NULL;
				i--;
				continue;
			}
		}
		if (why) {
			char *lib = toolkitheader(why, o0);
			if (lib) /* the runtime is the CUDA runtime API's: no library behind this header */
				bprintf(&L.why, "%s: not lowered: it includes %s, a CUDA library's header the lowering has no CPU "
				                "version of (%s)\n", paths[i], lib, why);
			else
				bprintf(&L.why, "%s: not parsed: %s\n", paths[i], why);
			free(lib);
			free(why);
			continue;
		}
		Opts ao = *o; /* with the device-side texts */
		FileTexts dev = {0};
		bool ok = devicetexts(&L, tu, paths[i], o, &dev);
		if (ok && dev.n)
			ok = (tu = deviceview(&L, paths[i], &ao, &dev)) != NULL;
		if (!ok) {
			for (int j = 0; j < dev.n; j++)
				if (!ao.files)
					free(dev.v[j].text);
			freepaths(&dev);
			continue;
		}
		FileInses ins = {0};
		tu = inlined(&L, tu, paths[i], &ao, &ins);
		freepaths(&dev);
		CXFile mf = clang_getFile(tu, paths[i]);
		LFile *F = lfile(&L, tu, mf);
		F->given = true;
		void *a[2] = {&L, tu};
		clang_getInclusions(tu, inclusion, a);
		eachkid(clang_getTranslationUnitCursor(tu), directive, a);
		for (int j = 0; j < ins.n; j++) { /* to files first lowered from this unit */
			LFile *G = lfile(&L, tu, clang_getFile(tu, ins.v[j].path));
			if (G->tu == tu && !G->ins.n && !G->whys.n) {
				G->ins = ins.v[j].ins;
				G->whys = ins.v[j].whys;
				ins.v[j].ins = (Inserts){0};
				ins.v[j].whys = (Whys){0};
			}
		}
		freeins(&ins);
		vfree(ins);
		finddead(&L, tu, paths[i]);
		descend(clang_getTranslationUnitCursor(tu), punkid, &L);
		lowerdecls(&L, tu, clang_getTranslationUnitCursor(tu));
		for (int f = 0; f < L.files.n; f++)
			if (L.files.v[f].tu == tu)
				L.files.v[f].done = true;
	}
	Buf b = {0};
	if (units) /* one output per unit, each built on its own, as nvcc builds them */
		for (int i = 0; i < L.files.n; i++) {
			if (!L.files.v[i].given)
				continue;
			for (int j = 0; j < L.files.n; j++)
				L.files.v[j].emitted = false;
			const char *one = L.files.v[i].path;
			emitprologue(&L, &b, &one, 1, o0, facts);
			emitunit(&L, &b, i);
			vpush(*units, xstrdup(one));
			vpush(*units, bstr(&b));
			b = (Buf){0};
		}
	else {
		unitmacros(&L);
		emitprologue(&L, &b, paths, n, o0, facts);
		for (int i = 0; i < L.files.n; i++)
			if (L.files.v[i].given && !L.files.v[i].included)
				emitunit(&L, &b, i);
	}
	/* a program without kernels (its device work all cuBLAS calls) still
	 * needs the runtime's API: it lowers to its own text */
	int rc = 0;
	if (L.why.n) {
		*err = xstrdup(bstr(&L.why));
		free(b.v);
		for (int i = 0; units && i < units->n; i++)
			free(units->v[i]);
		if (units)
			units->n = 0;
		rc = -1;
	} else if (!units)
		*out = bstr(&b);
	freelower(&L);
	free(args);
	free(thrust);
	free(thrustinc);
	return rc;
}
