/* inline.c: calls of __device__ functions inlined into the kernels making
 * them before the kernels are lowered (MCUDA and COX inline every device
 * function first; cuflow inlines these): functions that hold a barrier, a
 * warp operation, a __shared__ variable or a call of such a function (the
 * thread loops must see the barrier, the lanes' exchange, the block's one
 * array: warpReduceSum, blockReduceSum), functions that hold a loop, and
 * calls that pass __shared__ memory. Inlined, a loop can run with the
 * block's threads inside it (kernel.c, interchange): a thread that walks
 * one column of a column-major array, the layout GPU code uses for
 * coalescing (streamcluster's d_dist), misses the cache on every element
 * when it runs alone; and accesses to __shared__ memory can run in step
 * with the other lanes' where the code relies on it (warpsync.c). lower.c
 * calls this round after round, so a helper's own calls come in too.
 *
 * Only where the text moves without changing its meaning: the call is a
 * declaration's initialiser, an assignment's or compound assignment's right
 * side (its left side calls nothing: C++17 evaluates the right first) or a
 * statement of its own, in a block; nothing else in the statement has a
 * side effect or another call, and no &&, ||, ?: or comma outside the
 * arguments makes the call conditional. The callee is a __device__
 * function or a function template's specialisation (its arguments written
 * in place of its parameters; no method, variadic, pack, static local other
 * than __shared__, goto or preprocessor line) whose returns end its text or
 * an if's then-branch (flatbody). A parameter becomes the kernel variable,
 * element or constant its argument names where nothing could tell the
 * difference, else a local. Its __shared__ variables become the kernel's, declared once at its
 * top. No name the moved text uses may mean something else at its new
 * place. The result is a new text of the file, parsed again; the inserted
 * lines are recorded so refusals still name the user's lines, and each call
 * that needs inlining and stays says why (a refusal names it). */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"

enum { AT_BLOCK = 1, AT_BRANCH };

typedef struct {
	CXFile from; /* NULL: the command line's -include */
	int off;
	CXFile inc;
} Incl;
typedef VEC(Incl) Incls;
typedef VEC(CXFile) Files;

typedef struct {
	CXTranslationUnit tu;
	CXFile file;
	const char *src;
	size_t len;
	CXCursor kernel;
	Strs names; /* every variable and parameter name the kernel declares */
	Edits edits;
	Ints lines; /* the user's line of each edit, by its seq */
	bool refs;   /* the kernel binds references: a name could be reached through one */
	Buf hoist;   /* the callees' __shared__ declarations, for the kernel's top */
	Whys *whys;  /* why each call left alone was (by its offset) */
	Strs hoisted; /* their names */
	int at;     /* blocks: visiting a statement of a block (AT_BLOCK), a branch or loop body (AT_BRANCH) */
	int n;
	Incls incls; /* the #includes the unit entered (inclat), once asked */
	bool inclsdone;
} In;

static bool
within(CXCursor c, CXCursor outer)
{
	CXFile a = fileof(c), b = fileof(outer);
	int o = startof(c);
	return a && b && clang_File_isEqual(a, b) && o >= startof(outer) && o < endof(outer);
}

static bool
hasname(const Strs *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], name))
			return true;
	return false;
}

/* ---------------------------------------------------------------- the callee */

typedef struct {
	CXCursor fn, body;
	Strs locals;   /* names declared in the body */
	Strs outside;  /* names the body uses that it does not declare */
	VEC(CXCursor) refs; /* uses of the parameters */
	Cursors shdecls, shvars, shrefs; /* its __shared__ declarations, variables and their uses */
	Strs targs;    /* a template's: pairs of a parameter's name and what it stands for */
	Cursors trefs; /* uses of the template's parameters */
	bool typedefs; /* it declares a local typedef or alias (typedef cub::BlockReduce<T, 256> BR) */
	bool dep;      /* a function template's own text, called from a kernel template with its arguments written
	                  (blockReduce<T, BS>(v)): targs hold the arguments' text */
	bool bad;
	const char *why; /* why it may not be inlined */
} Callee;

/* A __shared__ variable (static or not: in CUDA both are one per block),
 * not extern (the block's dynamic memory, which lower.c maps in place). */
static bool
isshared(CXCursor c, void *arg)
{
	(void)arg;
	return clang_getCursorKind(c) == CXCursor_VarDecl && haskid(c, CXCursor_CUDASharedAttr) &&
	       !clang_Cursor_hasVarDeclExternalStorage(c);
}

/* Is the name at c written after a "::" (found by qualified lookup,
 * which no later or inner declaration of the name changes)? */
static bool
qualified(CXCursor c)
{
	CXFile file = fileof(c);
	size_t len;
	const char *src = file ? clang_getFileContents(clang_Cursor_getTranslationUnit(c), file, &len) : NULL;
	int o = startof(c);
	if (!src || o <= 0 || (size_t)o > len || ismacro(c))
		return false;
	while (o > 0 && (src[o - 1] == ' ' || src[o - 1] == '\t' || src[o - 1] == '\n'))
		o--;
	return o >= 2 && src[o - 1] == ':' && src[o - 2] == ':';
}

static int
calleekid(CXCursor c, void *arg)
{
	Callee *f = arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	switch (k) {
	case CXCursor_TypedefDecl: /* stays in the inlined block; a __shared__ variable's hoisted type is spelled out */
	case CXCursor_TypeAliasDecl:
		f->typedefs = true;
		break;
	case CXCursor_LabelStmt: /* a second inlined copy would define the label again */
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
	case CXCursor_CXXTryStmt:
	case CXCursor_CXXThrowExpr:
	case CXCursor_AsmStmt:
	case CXCursor_StructDecl:
	case CXCursor_ClassDecl:
		f->bad = true;
		f->why = "it holds a goto, label, try, throw, asm or local class";
		return WALK_STOP;
	case CXCursor_DeclStmt: /* __shared__ ones alone: they move to the kernel's top */
		if (contains(c, false, isshared, NULL)) {
			if (!allkids(c, isshared, NULL)) {
				f->bad = true;
				f->why = "a declaration of __shared__ and other variables together";
				return WALK_STOP;
			}
			vpush(f->shdecls, c);
		}
		break;
	case CXCursor_VarDecl: {
		enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
		bool shared = isshared(c, NULL);
		/* extern __shared__: the block's dynamic memory, which the kernel's lowering maps where it is declared */
		bool dynamic = sc == CX_SC_Extern && haskid(c, CXCursor_CUDASharedAttr);
		if (shared ? sc != CX_SC_None && sc != CX_SC_Static : sc != CX_SC_None && !dynamic) { /* static or extern locals */
			f->bad = true;
			f->why = "a static or extern local";
			return WALK_STOP;
		}
		if (shared)
			vpush(f->shvars, c);
		vpush(f->locals, spelling(c));
		break;
	}
	case CXCursor_TypeRef:
	case CXCursor_TemplateRef: { /* a type's name: a kernel's typedef could hide it (not a qualified one: cub::X) */
		CXCursor r = clang_getCursorReferenced(c);
		if (clang_getCursorKind(r) != CXCursor_TemplateTypeParameter && !qualified(c) && !within(r, f->fn))
			vpush(f->outside, spelling(r));
		break;
	}
	case CXCursor_VariableRef: { /* a lambda's capture of a parameter by name */
		CXCursor r = clang_getCursorReferenced(c);
		if (clang_getCursorKind(r) == CXCursor_ParmDecl && within(r, f->fn))
			vpush(f->refs, c);
		break;
	}
	case CXCursor_DeclRefExpr:
	case CXCursor_OverloadedDeclRef: {
		CXCursor r = clang_getCursorReferenced(c);
		if (clang_getCursorKind(r) == CXCursor_NonTypeTemplateParameter)
			break;
		if (clang_equalCursors(clang_getCanonicalCursor(r), clang_getCanonicalCursor(f->fn))) {
			f->bad = true;
			f->why = "recursion";
			return WALK_STOP;
		}
		if (clang_getCursorKind(r) == CXCursor_ParmDecl && within(r, f->fn))
			vpush(f->refs, c);
		else if (isshared(r, NULL) && within(r, f->fn))
			vpush(f->shrefs, c);
		else if (k == CXCursor_OverloadedDeclRef || !within(r, f->fn))
			vpush(f->outside, spelling(c));
		break;
	}
	default:
		break;
	}
	return WALK_IN;
}

static bool
hasloop(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
		return true;
	CXCursor *ks;
	int n = kids(c, &ks);
	bool yes = false;
	for (int i = 0; i < n && !yes; i++)
		yes = hasloop(ks[i]);
	free(ks);
	return yes;
}

/* Is e __shared__ memory: names a __shared__ variable, or a local pointer
 * initialised from one? */
static bool
sharedkid(CXCursor c, void *arg)
{
	(void)arg;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return false;
	CXCursor v = clang_getCursorReferenced(c);
	if (clang_getCursorKind(v) != CXCursor_VarDecl)
		return false;
	if (haskid(v, CXCursor_CUDASharedAttr))
		return true;
	CXCursor init = clang_Cursor_getVarDeclInitializer(v);
	return canontype(v).kind == CXType_Pointer && !clang_Cursor_isNull(init) &&
	       contains(init, true, sharedkid, NULL);
}

/* Does the call pass __shared__ memory? Inlined, the callee's accesses can
 * run in step with the other lanes' (warpsync.c). */
static bool
passesshared(CXCursor call)
{
	for (int i = 0; i < clang_Cursor_getNumArguments(call); i++)
		if (contains(clang_Cursor_getArgument(call, i), true, sharedkid, NULL))
			return true;
	return false;
}

/* A preprocessor line in [b, e) other than a #pragma (#pragma unroll is
 * copied with the body: it stays on its own line). */
static bool
hasdirective(const char *s, int b, int e)
{
	for (int i = b; i < e; i++)
		if ((i == b || s[i - 1] == '\n') && isdirective(s, i, e)) {
			const char *p = strchr(s + i, '#') + 1;
			while (*p == ' ' || *p == '\t')
				p++;
			if (strncmp(p, "pragma", 6) || isident(p[6]))
				return true;
		}
	return false;
}

static void
freecallee(Callee *f)
{
	for (int i = 0; i < f->locals.n; i++)
		free(f->locals.v[i]);
	for (int i = 0; i < f->outside.n; i++)
		free(f->outside.v[i]);
	vfree(f->locals);
	vfree(f->outside);
	vfree(f->refs);
	for (int i = 0; i < f->targs.n; i++)
		free(f->targs.v[i]);
	vfree(f->targs);
	vfree(f->trefs);
	vfree(f->shdecls);
	vfree(f->shvars);
	vfree(f->shrefs);
}

/* An #include the translation unit entered: the including file, the
 * directive's offset there, the file included. */
static void
addincl(CXFile inc, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
	Incls *v = d;
	if (depth < 1)
		return;
	Incl x = {NULL, 0, inc};
	unsigned off;
	clang_getExpansionLocation(stack[0], &x.from, NULL, NULL, &off);
	x.off = (int)off;
	vpush(*v, x);
}

/* The inclusion the #include line [b, e] of file brings, or NULL: none
 * entered there (a header included before, behind a guard the
 * preprocessor knows), or a system header entered again (<cstdio> opens
 * with a #pragma before its guard: its declarations are the ones before). */
static const Incl *
inclat(In *in, CXFile file, int b, int e)
{
	if (!in->inclsdone)
		clang_getInclusions(in->tu, addincl, &in->incls);
	in->inclsdone = true;
	for (int i = 0; i < in->incls.n; i++) {
		const Incl *x = &in->incls.v[i];
		if (!x->from || !clang_File_isEqual(x->from, file) || x->off < b || x->off > e)
			continue;
		bool again = false;
		for (int j = 0; j < i && !again; j++)
			again = clang_File_isEqual(in->incls.v[j].inc, x->inc);
		return again && systemfile(in->tu, x->inc) ? NULL : x;
	}
	return NULL;
}

/* Where the kernel's file includes header h itself (the #include line's
 * offset), or -1: h entered only through another header, or not at all. */
static int
includeline(In *in, CXFile h)
{
	inclat(in, in->file, 0, 0);
	int at = -1;
	for (int i = 0; i < in->incls.n; i++) {
		const Incl *x = &in->incls.v[i];
		if (clang_File_isEqual(x->inc, h) && x->from && clang_File_isEqual(x->from, in->file) && (at < 0 || x->off < at))
			at = x->off;
	}
	return at;
}

/* A file that includes header h and, after it, the kernel's file (pns's
 * main.cu: #include "rand_gen.cu", then #include "petri_kernel.cu"): *p,
 * with the offsets of the two #includes; false when there is none. */
static bool
siblingincl(In *in, CXFile h, CXFile *p, int *hat, int *kat)
{
	inclat(in, in->file, 0, 0);
	for (int i = 0; i < in->incls.n; i++) {
		const Incl *k = &in->incls.v[i];
		if (!k->from || !clang_File_isEqual(k->inc, in->file))
			continue;
		for (int j = 0; j < in->incls.n; j++) {
			const Incl *x = &in->incls.v[j];
			if (x->from && clang_File_isEqual(x->from, k->from) && clang_File_isEqual(x->inc, h) && x->off < k->off) {
				*p = k->from, *hat = x->off, *kat = k->off;
				return true;
			}
		}
	}
	return false;
}

/* Does a #define or #undef in [b, e) of src (file's text) name an
 * identifier of f's body (which would mean something else at the kernel)?
 * An #include there that enters a user header counts its text too, and
 * adds it to *seen (its declarations: redeclared); one that enters a
 * system header counts as yes where the body names anything declared
 * outside it: the header may declare an overload of a function the body
 * calls (a body of its parameters' members alone, helper_math's
 * a.x += b.x, names nothing a standard header may declare). */
static CXCursor param(CXCursor fn, int i);
static int nparams(CXCursor fn);

static bool
redefined(In *in, Callee *f, CXFile file, const char *src, int b, int e, Files *seen, int depth)
{
	Strs names = {0};
	bool yes = false;
	for (int i = b; i < e && !yes; i++) {
		if ((i != b && src[i - 1] != '\n') || !isdirective(src, i, e))
			continue;
		const char *p = strchr(src + i, '#') + 1;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!strncmp(p, "include", 7)) {
			const Incl *x = inclat(in, file, i, lineend(src, (size_t)e, i));
			size_t hlen;
			const char *h = !x || systemfile(in->tu, x->inc) || depth > 8 ? NULL
			                                                                : clang_getFileContents(in->tu, x->inc, &hlen);
			if (x && !h)
				yes = f->outside.n > 0;
			else if (x) {
				vpush(*seen, x->inc);
				yes = redefined(in, f, x->inc, h, 0, (int)hlen, seen, depth + 1);
			}
			continue;
		}
		if (strncmp(p, "define", 6) && strncmp(p, "undef", 5))
			continue;
		p += *p == 'd' ? 6 : 5;
		while (*p == ' ' || *p == '\t')
			p++;
		int n = 0;
		while (isident(p[n]))
			n++;
		vpush(names, xstrndup(p, (size_t)n));
	}
	/* the body's names and the parameters' (their defaults) */
	for (int p = -1; p < nparams(f->fn) && names.n && !yes; p++) {
		Tokens t = cursortokens(p < 0 ? f->body : param(f->fn, p));
		for (unsigned i = 0; i < t.n && !yes; i++)
			for (int j = 0; j < names.n && !yes; j++)
				yes = clang_getTokenKind(t.v[i]) == CXToken_Identifier && tokenis(&t, i, names.v[j]);
		freetokens(&t);
	}
	for (int j = 0; j < names.n; j++)
		free(names.v[j]);
	vfree(names);
	return yes;
}

/* Is a name the callee's body uses declared again between it and the
 * kernel (a later overload, a variable hiding a global)? */
typedef struct {
	In *in;
	Callee *f;
	int from; /* in the kernel's file: the callee's end, or the #include of its header */
	const Files *seen; /* headers first entered in between: all of their declarations count */
	CXFile parent;     /* a file including the callee's header, then the kernel's file: [pb, pe) of it */
	int pb, pe;
} Between;

/* A declaration of the scope that names nothing the body uses, or lies
 * outside the span between them: the rest of the callee's header, then the
 * kernel's file from `from` to the kernel. */
static bool
nothingnew(CXCursor c, void *arg)
{
	Between *b = arg;
	CXFile cf = fileof(c), ff = fileof(b->f->fn);
	bool inkernel = cf && clang_File_isEqual(cf, b->in->file), incallee = cf && !inkernel && clang_File_isEqual(cf, ff);
	bool inseen = b->parent && cf && clang_File_isEqual(cf, b->parent) && startof(c) >= b->pb && startof(c) < b->pe;
	for (int i = 0; cf && i < b->seen->n && !inseen; i++)
		inseen = clang_File_isEqual(cf, b->seen->v[i]);
	if (!inseen && (incallee ? startof(c) < endof(b->f->fn)
	                         : !inkernel || startof(c) < b->from || startof(c) >= startof(b->in->kernel)))
		return true;
	char *name = spelling(c);
	bool yes = hasname(&b->f->outside, name) || clang_getCursorKind(c) == CXCursor_Namespace ||
	           clang_getCursorKind(c) == CXCursor_UsingDirective || clang_getCursorKind(c) == CXCursor_UsingDeclaration;
	free(name);
	return !yes;
}

static bool
redeclared(In *in, Callee *f, int from, const Files *seen, CXFile parent, int pb, int pe)
{
	Between b = {in, f, from, seen, parent, pb, pe};
	return !allkids(clang_getCursorSemanticParent(in->kernel), nothingnew, &b);
}

/* Does device function fn's body hold what only a kernel's lowering gives a
 * meaning (a barrier, a warp operation, the block's __shared__ memory), in
 * itself or in a function it calls (depth: how far down the calls)? */
static bool blockwide(CXCursor fn, int depth);

static bool
callsblockwide(CXCursor c, void *arg)
{
	int depth = *(int *)arg;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	CXCursor d = clang_getCursorDefinition(clang_getCursorReferenced(c));
	return clang_getCursorKind(d) == CXCursor_FunctionDecl && !insystem(d) && blockwide(d, depth + 1);
}

static bool
blockwide(CXCursor fn, int depth)
{
	CXCursor body = lastkid(fn);
	if (depth > 8 || clang_getCursorKind(body) != CXCursor_CompoundStmt || !haskid(fn, CXCursor_CUDADeviceAttr))
		return false;
	return hassync(body) || contains(body, false, isshared, NULL) || contains(body, false, callsblockwide, &depth);
}

static bool writtenargs(CXCursor call, Strs *out);

/* A type argument's text in place of its parameter's name: a spelling of
 * several words or with declarator marks (long long, float *) as one name,
 * so T(0) and T::x stay valid where T stood. */
static char *
typearg(char *text)
{
	if (!text || !text[strcspn(text, " *&[(")])
		return text;
	char *r = fmt("std::common_type<%s>::type", text);
	free(text);
	return r;
}

/* For a function template's specialisation d, what each of the template's
 * parameters stands for there: pairs of its name and a text (`T`: `float`,
 * `BS`: `((int)256)`) that replaces it in the template's body; false where
 * one cannot be written (a pack; a template template parameter, unless
 * call writes its argument: BlockReduce<SumOp, float>(v), whose name no
 * local of the callee hides). */
static bool
templateargs(CXCursor d, CXCursor call, const Strs *locals, Strs *out)
{
	CXCursor t = clang_getSpecializedCursorTemplate(d);
	if (clang_Cursor_isNull(t))
		return true;
	int na = clang_Cursor_getNumTemplateArguments(d), j = 0;
	CXCursor *ks;
	int n = kids(t, &ks);
	bool ok = na >= 0;
	Strs written = {0}; /* a template template argument's name: libclang has none but the call's text */
	if (!writtenargs(call, &written) || written.n != na)
		for (; written.n; written.n--)
			free(written.v[written.n - 1]);
	for (int i = 0; i < n && ok; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks[i]);
		if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
		    k != CXCursor_TemplateTemplateParameter)
			continue;
		enum CXTemplateArgumentKind ak = j < na ? clang_Cursor_getTemplateArgumentKind(d, (unsigned)j) : CXTemplateArgumentKind_Invalid;
		char *text = NULL;
		if (k == CXCursor_TemplateTypeParameter && ak == CXTemplateArgumentKind_Type)
			text = typearg(typespelling(clang_Cursor_getTemplateArgumentType(d, (unsigned)j)));
		else if (k == CXCursor_NonTypeTemplateParameter && ak == CXTemplateArgumentKind_Integral) {
			CXType pt = clang_getCanonicalType(clang_getCursorType(ks[i]));
			char *ts = typespelling(pt);
			enum CXTypeKind ck = pt.kind;
			if (ck == CXType_Bool || ck == CXType_UInt || ck == CXType_ULong || ck == CXType_ULongLong ||
			    ck == CXType_UShort || ck == CXType_UChar)
				text = fmt("((%s)%lluull)", ts, clang_Cursor_getTemplateArgumentUnsignedValue(d, (unsigned)j));
			else if (ck >= CXType_FirstBuiltin && ck <= CXType_LastBuiltin)
				text = fmt("((%s)%lldll)", ts, clang_Cursor_getTemplateArgumentValue(d, (unsigned)j));
			free(ts);
		} else if (k == CXCursor_TemplateTemplateParameter && ak == CXTemplateArgumentKind_Template && j < written.n &&
		           !hasname(locals, written.v[j]))
			text = xstrdup(written.v[j]);
		ok = text && !strstr(text, "type-parameter");
		vpush(*out, spelling(ks[i]));
		vpush(*out, text ? text : xstrdup(""));
		j++;
	}
	free(ks);
	for (int i = 0; i < written.n; i++)
		free(written.v[i]);
	vfree(written);
	return ok && j == na;
}

/* The uses of a template's parameters in its body, as written (the
 * specialisation's body has the arguments in their place, at the same
 * offsets). */
static int
templaterefs(CXCursor c, void *arg)
{
	Callee *f = arg;
	enum CXCursorKind k = clang_getCursorKind(c), rk = clang_getCursorKind(clang_getCursorReferenced(c));
	if ((k == CXCursor_TypeRef && rk == CXCursor_TemplateTypeParameter) ||
	    (k == CXCursor_DeclRefExpr && rk == CXCursor_NonTypeTemplateParameter) ||
	    (k == CXCursor_TemplateRef && rk == CXCursor_TemplateTemplateParameter)) {
		for (int i = 0; i < f->trefs.n; i++) /* T a, b: each declarator's type names the same T */
			if (startof(f->trefs.v[i]) == startof(c))
				return WALK_IN;
		vpush(f->trefs, c);
	}
	return WALK_IN;
}

/* What the template parameter named at c stands for (f->targs), or NULL. */
static const char *
targof(const Callee *f, CXCursor c)
{
	char *name = spelling(clang_getCursorReferenced(c));
	const char *r = NULL;
	for (int i = 0; i + 1 < f->targs.n && !r; i += 2)
		if (!strcmp(f->targs.v[i], name))
			r = f->targs.v[i + 1];
	free(name);
	return r;
}

static bool
nowhy(Callee *f, const char *why)
{
	f->why = why;
	return false;
}

/* The explicit template arguments of a call's callee as written
 * (blockReduce<T, BS / 32>(v): "T", "BS / 32"), into *out; false when
 * there are none or the text is not plain. */
static bool
writtenargs(CXCursor call, Strs *out)
{
	Tokens t = cursortokens(call);
	int depth = 0, start = -1, end = endof(call);
	bool ok = false;
	const char *src = NULL;
	size_t len;
	CXFile file = fileof(call);
	src = file ? clang_getFileContents(clang_Cursor_getTranslationUnit(call), file, &len) : NULL;
	for (unsigned i = 0; src && i < t.n && tokenoff(&t, i) < end; i++) {
		int o = tokenoff(&t, i);
		if (!depth && tokenis(&t, i, "("))
			break;
		bool open = tokenis(&t, i, "<"), close = tokenis(&t, i, ">"), close2 = tokenis(&t, i, ">>");
		bool inner = tokenis(&t, i, "(") || tokenis(&t, i, "[") || tokenis(&t, i, "{");
		bool outer = tokenis(&t, i, ")") || tokenis(&t, i, "]") || tokenis(&t, i, "}");
		if (open && !depth++) {
			start = o + 1;
			continue;
		}
		if (depth == 1 && (tokenis(&t, i, ",") || close || close2)) {
			char *a = xstrndup(src + start, (size_t)(o - start));
			vpush(*out, a);
			start = o + 1;
		}
		if (close || close2) {
			depth -= close2 ? 2 : 1;
			if (depth < 0)
				break;
			if (!depth)
				ok = true;
			if (!depth && close2) /* a>> closing both: not ours */
				ok = false;
		} else if (depth && (inner || outer))
			depth += inner ? 1 : -1;
		else if (!depth && ok)
			break;
	}
	freetokens(&t);
	for (int i = 0; i < out->n && ok; i++) {
		char *a = out->v[i];
		while (*a == ' ' || *a == '\t')
			memmove(a, a + 1, strlen(a));
		for (size_t n = strlen(a); n && (a[n - 1] == ' ' || a[n - 1] == '\t'); n--)
			a[n - 1] = 0;
		ok = *a != 0;
	}
	return ok && out->n;
}

/* A template's parameters, or -1 where one is a pack or has a default.
 * A template template parameter (template <typename> class Op) counts: the
 * argument's name takes its place in the text as a type's would. */
static int
tparams(CXCursor tmpl, Strs *names)
{
	CXCursor *ks;
	int n = kids(tmpl, &ks), np = 0;
	for (int i = 0; i < n && np >= 0; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks[i]);
		if (k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
		    k == CXCursor_TemplateTemplateParameter) {
			Tokens t = cursortokens(ks[i]);
			for (unsigned j = 0; j < t.n && np >= 0; j++)
				if (tokenoff(&t, j) < endof(ks[i]) && (tokenis(&t, j, "...") || tokenis(&t, j, "=")))
					np = -1;
			freetokens(&t);
			if (np >= 0 && names)
				vpush(*names, spelling(ks[i]));
			np += np >= 0;
		}
	}
	free(ks);
	return np;
}

/* The type deduction takes from argument a of a by-value or const &
 * parameter: a variable's declared type, without reference or top-level
 * qualifiers, as written (a kernel template's `float_type`); of a `T *`
 * or `const T *` parameter (ptr 2 or 1): what the pointer variable points
 * to, with its const for `T *` (or an array's element: it decays); NULL
 * for an expression, an array by value, a function or an undeduced type. */
static char *
deducedtype(CXCursor a, int ptr)
{
	a = strip(a);
	if (ptr && clang_getCursorKind(a) == CXCursor_BinaryOperator &&
	    (clang_getCursorBinaryOperatorKind(a) == CXBinaryOperator_Add ||
	     clang_getCursorBinaryOperatorKind(a) == CXBinaryOperator_Sub)) {
		CXCursor *ks; /* p + i, p - i: p's type (an integer has none to give) */
		int n = kids(a, &ks);
		a = n == 2 ? strip(ks[0]) : clang_getNullCursor();
		free(ks);
	}
	bool elem = clang_getCursorKind(a) == CXCursor_ArraySubscriptExpr; /* p[i], a[i]: their element type */
	if (elem) {
		CXCursor *ks;
		int n = kids(a, &ks);
		a = n == 2 ? strip(ks[0]) : clang_getNullCursor();
		free(ks);
	}
	if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return NULL;
	CXCursor v = clang_getCursorReferenced(a);
	enum CXCursorKind k = clang_getCursorKind(v);
	if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
		return NULL;
	CXType t = clang_getNonReferenceType(clang_getCursorType(v));
	bool array = t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
	             t.kind == CXType_DependentSizedArray;
	if (ptr && (elem || (t.kind != CXType_Pointer && !array)))
		return NULL;
	if (elem || ptr) /* a pointer's target, an array's element (the array decays) */
		t = t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t);
	if (ptr != 2)
		t = clang_getUnqualifiedType(t);
	if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_DependentSizedArray ||
	    t.kind == CXType_FunctionProto || t.kind == CXType_Auto)
		return NULL;
	char *ts = typespelling(t);
	if (!*ts || strstr(ts, "auto") || strstr(ts, "decltype") || strpbrk(ts, "([")) {
		free(ts);
		return NULL;
	}
	return ts;
}

/* Which template parameters, past the n written, are not type ones? */
static bool
untyped(CXCursor t, int n)
{
	CXCursor *ks;
	int nk = kids(t, &ks), j = 0;
	bool no = false;
	for (int i = 0; i < nk && !no; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks[i]);
		if (k == CXCursor_NonTypeTemplateParameter || k == CXCursor_TemplateTemplateParameter)
			no = j >= n;
		j += k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
		     k == CXCursor_TemplateTemplateParameter;
	}
	free(ks);
	return no;
}

/* The template arguments a call leaves to deduction where the text makes
 * them certain (warpMax(v) with v declared float_type; fill<4, 32>(sh,
 * A + d * m, ...) with A a const T *): the name has one candidate, a
 * function template whose parameters past the *out written are type ones,
 * each the type of a parameter written T, const T, const T &, T * or const
 * T * (its own const and __restrict aside) whose argument is a variable,
 * or a pointer plus or minus an offset (deducedtype). Added to *out, in the
 * template's order. */
static bool
deducedargs(CXCursor call, CXCursor o, Strs *out)
{
	if (clang_getNumOverloadedDecls(o) != 1)
		return false;
	CXCursor t = clang_getCursorDefinition(clang_getOverloadedDecl(o, 0));
	Strs names = {0};
	bool ok = clang_getCursorKind(t) == CXCursor_FunctionTemplate && tparams(t, &names) > out->n &&
	          !untyped(t, out->n);
	int na = clang_Cursor_getNumArguments(call);
	for (int j = out->n; ok && j < names.n; j++) {
		char *got = NULL, *c = fmt("const %s", names.v[j]), *cr = fmt("const %s &", names.v[j]),
		     *r = fmt("%s &", names.v[j]), *p = fmt("%s *", names.v[j]), *cp = fmt("const %s *", names.v[j]);
		for (int i = 0; i < nparams(t) && i < na && !got; i++) {
			char *ts = typespelling(clang_getCursorType(param(t, i)));
			CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
			size_t tn = strlen(ts);
			if (tn > 10 && !strcmp(ts + tn - 10, "__restrict")) /* the parameter's own qualifiers */
				for (ts[tn -= 10] = '\0'; tn && ts[tn - 1] == ' '; tn--)
					ts[tn - 1] = '\0';
			if (tn > 7 && !strcmp(ts + tn - 7, " *const"))
				ts[tn - 5] = '\0';
			if (!strcmp(ts, names.v[j]) || !strcmp(ts, c) || !strcmp(ts, cr) || !strcmp(ts, r))
				got = deducedtype(arg, 0);
			else if (!strcmp(ts, cp) || !strcmp(ts, p))
				got = deducedtype(arg, strcmp(ts, cp) ? 2 : 1);
			free(ts);
		}
		free(c);
		free(cr);
		free(p);
		free(r);
		free(cp);
		ok = got != NULL;
		if (ok)
			vpush(*out, got);
	}
	for (int i = 0; i < names.n; i++)
		free(names.v[i]);
	vfree(names);
	return ok;
}

/* In a kernel template, a call the template's parameters leave unresolved
 * whose callee is still certain: every candidate a function template, one
 * with as many parameters (no pack, none defaulted) as the call writes
 * template arguments (or deducedargs finds), the others fewer (they cannot
 * take them). *d: its
 * definition; f->targs: its parameters' names and the arguments' text
 * (non-type ones parenthesised). */
static bool
exprkid(CXCursor c, void *arg)
{
	(void)arg;
	return clang_isExpression(clang_getCursorKind(c));
}

/* Can a call writing n template arguments not call function template c?
 * One of c's later template parameters is a non-type one with no default
 * that none of its function parameters' types names: nothing deduces it
 * (channelSum's BlockReduce<T, kBlockDimX, kBlockDimY> beside
 * BlockReduce<T>, called as BlockReduce<T>(a, b)). */
static bool
cannottake(CXCursor c, int n)
{
	CXCursor *ks;
	int nk = kids(c, &ks), j = 0;
	bool no = false;
	for (int i = 0; i < nk && !no; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks[i]);
		if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
		    k != CXCursor_TemplateTemplateParameter)
			continue;
		if (j++ < n || k != CXCursor_NonTypeTemplateParameter || contains(ks[i], false, exprkid, NULL))
			continue; /* written, a type, or with a default */
		char *name = spelling(ks[i]);
		no = *name != '\0';
		for (int p = 0; no && p < nparams(c); p++) {
			char *ts = typespelling(clang_getCursorType(param(c, p)));
			int at = 0, len = (int)strlen(ts), b;
			while (no && (b = nexttoken(ts, &at, len)) >= 0)
				no = at - b != (int)strlen(name) || strncmp(ts + b, name, (size_t)(at - b));
			free(ts);
		}
		free(name);
	}
	free(ks);
	return no;
}

static bool
depcallee(CXCursor call, CXCursor *d, Callee *f)
{
	CXCursor o = overloadref(call);
	Strs args = {0};
	bool ok = !clang_Cursor_isNull(o) && (writtenargs(call, &args) || !args.n);
	if (ok && clang_getNumOverloadedDecls(o) == 1) { /* the arguments not written, deduced */
		CXCursor c = clang_getCursorDefinition(clang_getOverloadedDecl(o, 0));
		if (clang_getCursorKind(c) == CXCursor_FunctionTemplate && tparams(c, NULL) > args.n)
			ok = deducedargs(call, o, &args);
	}
	CXCursor pick = clang_getNullCursor();
	for (unsigned i = 0; ok && i < clang_getNumOverloadedDecls(o); i++) {
		CXCursor c = clang_getOverloadedDecl(o, i);
		int np = clang_getCursorKind(c) == CXCursor_FunctionTemplate ? tparams(c, NULL) : -1;
		ok = np >= 0 && (np < args.n || (np == args.n && clang_Cursor_isNull(pick)) || (np > args.n && cannottake(c, args.n)));
		if (ok && np == args.n)
			pick = c;
	}
	ok = ok && !clang_Cursor_isNull(pick);
	if (ok) {
		*d = clang_getCursorDefinition(pick);
		ok = clang_getCursorKind(*d) == CXCursor_FunctionTemplate;
	}
	Strs names = {0};
	if (ok && tparams(*d, &names) == args.n) {
		CXCursor *ks;
		int n = kids(*d, &ks), j = 0;
		for (int i = 0; i < n; i++) {
			enum CXCursorKind k = clang_getCursorKind(ks[i]);
			if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
			    k != CXCursor_TemplateTemplateParameter)
				continue;
			vpush(f->targs, xstrdup(names.v[j]));
			vpush(f->targs, k == CXCursor_NonTypeTemplateParameter ? fmt("(%s)", args.v[j])
			                : k == CXCursor_TemplateTypeParameter ? typearg(xstrdup(args.v[j]))
			                                                      : xstrdup(args.v[j]));
			j++;
		}
		free(ks);
	} else
		ok = false;
	for (int i = 0; i < names.n; i++)
		free(names.v[i]);
	vfree(names);
	for (int i = 0; i < args.n; i++)
		free(args.v[i]);
	vfree(args);
	f->dep = ok;
	return ok;
}

/* Text with a dependent callee's template parameters replaced by the
 * call's arguments. */
static char *
substargs(const Callee *f, const char *text)
{
	static const Strs none;
	return pairsubst(f->dep ? &f->targs : &none, text);
}

/* A function's (or function template's) parameter i, and their number. */
static CXCursor
param(CXCursor fn, int i)
{
	if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate)
		return clang_Cursor_getArgument(fn, (unsigned)i);
	CXCursor *ks, r = clang_getNullCursor();
	int n = kids(fn, &ks);
	for (int j = 0; j < n; j++)
		if (clang_getCursorKind(ks[j]) == CXCursor_ParmDecl && !i--) {
			r = ks[j];
			break;
		}
	free(ks);
	return r;
}

static int
nparams(CXCursor fn)
{
	if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate)
		return clang_Cursor_getNumArguments(fn);
	int n = 0;
	while (!clang_Cursor_isNull(param(fn, n)))
		n++;
	return n;
}

static void
ctorkid(CXCursor c, void *arg)
{
	int *n = arg;
	if (clang_getCursorKind(c) == CXCursor_Constructor) {
		n[0]++;
		n[1] += clang_Cursor_getNumArguments(c) == 0;
	}
}

/* Can the result's local be declared without a value (`T r;`, then
 * assigned)? A class declaring no constructor, or one taking nothing. */
static bool
defaultctor(CXType t)
{
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(t));
	if (clang_Cursor_isNull(d) || !clang_isCursorDefinition(clang_getCursorDefinition(d)))
		return false;
	int n[2] = {0, 0};
	eachkid(clang_getCursorDefinition(d), ctorkid, n);
	return n[0] == 0 || n[1] > 0;
}

/* ---------------------------------------------------------------- early returns */

/* Returns before the end (lda's `if (blockDim.x <= WARP_SIZE) return
 * shared[0];` ahead of a barrier): inlined, the text runs to its end, as no
 * jump may leave it (the thread loops split it at the barrier). Where an
 * if's then-branch returns on every path, the statements after the if go
 * into its else, and each return becomes the result's assignment: `if (c)
 * r = shared[0]; else { __syncthreads(); ... r = shared[0]; }`. Only
 * returns reached through ifs and blocks (a lambda's are its own); a return
 * in a loop or a switch, an else returning where its then does not, a block
 * returning on some paths and not others, and code after a return stay
 * refused. Flat's edits, when not NULL, get the braces. */
typedef struct {
	const char *src; /* the callee's file */
	size_t len;
	int bb;   /* where the body's text starts: the edits are relative to it */
	Edits *e; /* NULL: only check */
} Flat;

static int
retkid(CXCursor c, void *arg)
{
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return WALK_OVER;
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt)
		++*(int *)arg;
	return WALK_IN;
}

/* The returns c is or holds, a lambda's aside. */
static int
nrets(CXCursor c)
{
	int n = clang_getCursorKind(c) == CXCursor_ReturnStmt;
	if (clang_getCursorKind(c) != CXCursor_LambdaExpr)
		descend(c, retkid, &n);
	return n;
}

/* Past the ';' ending the statement that ends at i (extents stop before
 * it); -1 when anything else stands between. */
static int
semiafter(const char *src, size_t len, int i)
{
	while (i < (int)len && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r'))
		i++;
	return i < (int)len && src[i] == ';' ? i + 1 : -1;
}

static bool flatlist(Flat *x, CXCursor *ks, int n, int close, bool *all);

/* Statement b (a branch, or a block in a list): true when its returns
 * flatten; *all: every path through it returns. */
static bool
flatstmt(Flat *x, CXCursor b, bool *all)
{
	*all = false;
	if (clang_Cursor_isNull(b) || !nrets(b))
		return true;
	if (clang_getCursorKind(b) != CXCursor_CompoundStmt)
		return flatlist(x, &b, 1, -1, all);
	CXCursor *ks;
	int n = kids(b, &ks);
	bool ok = flatlist(x, ks, n, endof(b) - 1, all);
	free(ks);
	return ok;
}

static void
flatedit(Flat *x, int off, const char *text)
{
	if (x->e)
		addedit(x->e, off - x->bb, 0, xstrdup(text));
}

/* if (c) T [else E] at ks[i], T returning on every path, E never: the
 * statements after it, up to the list's '}' at close, become E's. */
static bool
flatif(Flat *x, CXCursor *ks, int i, int n, int close)
{
	if (i == n - 1)
		return true;
	if (close < 0)
		return false;
	CXCursor *ik;
	int m = kids(ks[i], &ik);
	int after = clang_getCursorKind(ik[1]) == CXCursor_CompoundStmt ? endof(ik[1]) : semiafter(x->src, x->len, endof(ik[1]));
	if (m == 3)
		flatedit(x, startof(ik[2]), "{ ");
	else if (after >= 0)
		flatedit(x, after, " else {");
	free(ik);
	flatedit(x, close, "}\n");
	return after >= 0 || m == 3;
}

/* The statements ks[0..n) of a list whose '}' is at close (-1: a branch
 * that is no block). */
static bool
flatlist(Flat *x, CXCursor *ks, int n, int close, bool *all)
{
	*all = false;
	for (int i = 0; i < n; i++) {
		if (!nrets(ks[i]))
			continue;
		enum CXCursorKind k = clang_getCursorKind(ks[i]);
		if (k == CXCursor_ReturnStmt)
			return (*all = true) && i == n - 1;
		if (k == CXCursor_CompoundStmt)
			return flatstmt(x, ks[i], all) && *all && i == n - 1;
		CXCursor *ik;
		int m = kids(ks[i], &ik);
		bool tall, eall;
		bool ok = k == CXCursor_IfStmt && (m == 2 || m == 3) && clang_getCursorKind(ik[0]) != CXCursor_DeclStmt &&
		          clang_getCursorKind(ik[0]) != CXCursor_VarDecl && flatstmt(x, ik[1], &tall) &&
		          flatstmt(x, m == 3 ? ik[2] : clang_getNullCursor(), &eall);
		bool eret = m == 3 && nrets(ik[2]);
		free(ik);
		if (!ok || !tall)
			return false;
		if (eret)
			return eall && (*all = true) && i == n - 1;
		if (!flatif(x, ks, i, n, close))
			return false;
	}
	return true;
}

/* Do f's returns flatten? The body's last path must return unless it is
 * void. */
static bool
flatbody(Flat *x, CXCursor body, bool isvoid)
{
	CXCursor *ks;
	int n = kids(body, &ks);
	bool all;
	bool ok = flatlist(x, ks, n, endof(body) - 1, &all) && (isvoid || all);
	free(ks);
	return ok;
}

/* The callee of call when it may be inlined: false, or *f filled. */
static bool
callee(In *in, CXCursor call, Callee *f)
{
	memset(f, 0, sizeof *f);
	CXCursor r = clang_getCursorReferenced(call), d;
	if (clang_Cursor_isNull(r) || clang_getCursorKind(r) == CXCursor_OverloadedDeclRef) {
		if (!depcallee(call, &d, f)) {
			freecallee(f);
			return nowhy(f, "a call a kernel template's parameters leave unresolved (its arguments depend on them, or "
			                "its template arguments are not all written)");
		}
	} else
		d = clang_getCursorDefinition(r);
	if (clang_getCursorKind(d) != (f->dep ? CXCursor_FunctionTemplate : CXCursor_FunctionDecl) || insystem(d) ||
	    iskernel(d) || !haskid(d, CXCursor_CUDADeviceAttr) ||
	    (!f->dep && clang_isFunctionTypeVariadic(clang_getCursorType(d))))
		return nowhy(f, "not a plain __device__ function or template specialisation with its definition in sight");
	CXCursor body = lastkid(d);
	if (clang_getCursorKind(body) != CXCursor_CompoundStmt || !(hasloop(body) || passesshared(call) || blockwide(d, 0)))
		return false;
	CXFile df = fileof(d);
	size_t dlen;
	const char *dsrc = clang_getFileContents(in->tu, df, &dlen);
	if (!dsrc || hasdirective(dsrc, startof(body), endof(body)) || ismacro(body))
		return nowhy(f, "its body holds a preprocessor line, or a macro writes it");
	/* in the kernel's file and scope, before it, or at the top level of a
	 * header the kernel's file includes itself before it (reduce.h's
	 * blockReduceSum): the names the body uses then mean what they meant
	 * there (unless a macro of them is defined, a header included, or they
	 * are declared again, in between: redefined, redeclared below) */
	bool here = clang_File_isEqual(df, in->file);
	int inc = here ? startof(d) : includeline(in, df);
	CXFile pf = NULL; /* or a file including its header, then the kernel's */
	int hat = -1, kat = -1;
	if (!here && inc < 0 && siblingincl(in, df, &pf, &hat, &kat))
		inc = 0;
	CXCursor dp = clang_getCursorSemanticParent(d), kp = clang_getCursorSemanticParent(in->kernel);
	if (inc < 0 || inc > startof(in->kernel) || !clang_equalCursors(dp, kp) ||
	    (!here && clang_getCursorKind(kp) != CXCursor_TranslationUnit))
		return nowhy(f, "it is defined after the kernel, in another scope, or in a header included neither by the "
		                "kernel's file nor before it by the file including that");
	f->fn = d;
	f->body = body;
	descend(body, calleekid, f);
	CXCursor pattern = f->dep ? d : clang_getSpecializedCursorTemplate(d);
	if (!clang_Cursor_isNull(pattern))
		descend(lastkid(pattern), templaterefs, f);
	CXType rt = clang_getResultType(clang_getCursorType(d));
	bool isvoid = rt.kind == CXType_Void;
	Flat flat = {dsrc, dlen, 0, NULL};
	Files seen = {0};
	size_t plen = 0;
	const char *psrc = pf ? clang_getFileContents(in->tu, pf, &plen) : NULL;
	bool macros = here ? redefined(in, f, df, dsrc, endof(d), startof(in->kernel), &seen, 0)
	                   : redefined(in, f, df, dsrc, endof(d), (int)dlen, &seen, 0) ||
	                         (pf && (!psrc || redefined(in, f, pf, psrc, lineend(psrc, plen, hat), kat, &seen, 0))) ||
	                         redefined(in, f, in->file, in->src, pf ? 0 : lineend(in->src, in->len, inc), startof(in->kernel),
	                                   &seen, 0);
	bool again = !macros && redeclared(in, f, here ? endof(d) : inc, &seen, pf, psrc ? lineend(psrc, plen, hat) : 0, kat);
	vfree(seen);
	const char *why = f->bad                                                   ? f->why
	                  : macros                                                 ? "a macro it names is defined, or a header included, before the kernel"
	                  : again                                                  ? "a name it uses is declared again before the kernel"
	                  : !flatbody(&flat, body, isvoid)                         ? "a return in a loop or a switch, in an else "
	                                                                             "whose then does not return, or before more code"
	                  : !isvoid && !f->dep && !clang_isPODType(rt) && !defaultctor(rt) ? "it returns a class type with no default constructor"
	                  : !f->dep && !templateargs(d, call, &f->locals, &f->targs) ? "a template parameter pack, or a template template "
	                                                                             "parameter its call does not name"
	                                                                           : NULL;
	if (why) {
		freecallee(f);
		return nowhy(f, why);
	}
	return true;
}

/* ---------------------------------------------------------------- the call site */

/* Punctuation that makes a call conditional or has a side effect. */
static const char *const sideeffects[] = {"++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                          "<<=", ">>=", "&&", "||", "?", ",", "{", NULL};

/* Punctuation an argument may hold: the arguments are evaluated before the
 * call either way. */
static const char *const inargs[] = {",", "&&", "||", "?", NULL};

/* Where a binary operator call's operator lies, between its operands;
 * an empty span for other calls. */
static void
opspan(CXCursor call, int *b, int *e)
{
	*b = *e = 0;
	char *name = spelling(call);
	if (!strncmp(name, "operator", 8) && !isident(name[8]) && clang_Cursor_getNumArguments(call) == 2) {
		*b = endof(clang_Cursor_getArgument(call, 0));
		*e = startof(clang_Cursor_getArgument(call, 1));
	}
	free(name);
}

/* The statement s's tokens outside the call: how many '=', -1 when one has
 * a side effect or makes the call conditional. The arguments ([lo, hi)
 * inside the call) may hold no side effect either. */
static int
assignsout(CXCursor s, CXCursor call, const Ints *seps)
{
	Tokens t = cursortokens(s);
	int eq = 0, cb = startof(call), ce = endof(call), ob, oe;
	opspan(call, &ob, &oe);
	/* a declaration's from its name: its type's are no operators (Pair<K, V> v) */
	int from = clang_getCursorKind(s) == CXCursor_VarDecl ? locof(s) : 0;
	for (unsigned i = 0; i < t.n && eq >= 0; i++) {
		if (clang_getTokenKind(t.v[i]) != CXToken_Punctuation || tokenoff(&t, i) < from)
			continue;
		int o = tokenoff(&t, i);
		if (o >= endof(s))
			break;
		if (o >= ob && o < oe) /* the call's own operator (s[t] += s[t + i] on a struct) */
			continue;
		bool inside = o >= cb && o < ce, sep = false;
		for (int j = 0; seps && j + 1 < seps->n && !sep; j += 2)
			sep = o >= seps->v[j] && o < seps->v[j + 1] && tokenis(&t, i, ",");
		if (tokenis(&t, i, "=") && !inside)
			eq++;
		else if (tokenis(&t, i, "=") || (tokenin(&t, i, sideeffects) && !sep && (!inside || !tokenin(&t, i, inargs))))
			eq = -1;
	}
	freetokens(&t);
	return eq;
}

static int
assigns(CXCursor s, CXCursor call)
{
	return assignsout(s, call, NULL);
}

/* Is call inner, inside e, evaluated whenever e is, with nothing on the
 * way that could skip it (&&, ||, ?:) or order it (the comma operator, an
 * assignment, ++)? Through calls' arguments, other operators, casts and
 * member accesses only; the gaps between the arguments of the calls on the
 * way go to seps (their commas separate, they are no operator). */
static bool
alwaysin(CXCursor e, CXCursor inner, Ints *seps)
{
	if (clang_equalCursors(e, inner))
		return true;
	enum CXCursorKind k = clang_getCursorKind(e);
	bool ok = k == CXCursor_CallExpr || k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr ||
	          k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXFunctionalCastExpr ||
	          k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr;
	if (k == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(e);
		ok = o != CXBinaryOperator_LAnd && o != CXBinaryOperator_LOr && o != CXBinaryOperator_Comma &&
		     o != CXBinaryOperator_Assign;
	} else if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(e);
		ok = u != CXUnaryOperator_PostInc && u != CXUnaryOperator_PostDec && u != CXUnaryOperator_PreInc &&
		     u != CXUnaryOperator_PreDec;
	}
	for (int i = 0; ok && k == CXCursor_CallExpr && i + 1 < clang_Cursor_getNumArguments(e); i++) {
		vpush(*seps, endof(clang_Cursor_getArgument(e, i)));
		vpush(*seps, startof(clang_Cursor_getArgument(e, i + 1)));
	}
	CXCursor *ks;
	int n = kids(e, &ks);
	int at = -1;
	for (int i = 0; i < n && at < 0; i++)
		if (within(inner, ks[i]))
			at = i;
	ok = ok && at >= 0 && alwaysin(ks[at], inner, seps);
	free(ks);
	return ok;
}

/* An object copied by the constructor the compiler writes (float3 b
 * passed by value: libclang shows the copy as a call): nothing to inline,
 * no side effect. */
static bool
plaincopy(CXCursor c)
{
	CXCursor r = clang_getCursorReferenced(c);
	return clang_getCursorKind(r) == CXCursor_Constructor && clang_CXXMethod_isDefaulted(r) &&
	       (clang_CXXConstructor_isCopyConstructor(r) || clang_CXXConstructor_isMoveConstructor(r));
}

static int
countcalls(CXCursor c, void *arg)
{
	Cursors *calls = arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if ((k == CXCursor_CallExpr && !plaincopy(c)) || k == CXCursor_LambdaExpr || k == CXCursor_CXXNewExpr ||
	    k == CXCursor_CXXDeleteExpr || k == CXCursor_StmtExpr)
		vpush(*calls, c);
	return WALK_IN;
}

static bool
iscall(CXCursor c, void *arg)
{
	(void)arg;
	return clang_getCursorKind(c) == CXCursor_CallExpr;
}

/* Is statement s `v = ...` or `v op= ...` with the operator a class's
 * (call c: operator=, operator+=, or one a template leaves unresolved),
 * its left side calling nothing? C++17 evaluates an overloaded
 * assignment's right side first too ([over.match.oper]), so a call there
 * may go before. 1 for =, 2 for op=, 0 otherwise. */
static int
opassign(CXCursor s, CXCursor c)
{
	if (!clang_equalCursors(c, strip(s)) || clang_Cursor_getNumArguments(c) != 2) /* (under its temporary's cleanups) */
		return 0;
	static const char *const ops[] = {"operator=",  "operator+=", "operator-=", "operator*=",  "operator/=", "operator%=",
	                                  "operator&=", "operator|=", "operator^=", "operator<<=", "operator>>=", NULL};
	char *name = spelling(c);
	if (!*name) { /* unresolved in a template: the operator's token between the operands */
		Tokens t = cursortokens(c);
		int from = endof(clang_Cursor_getArgument(c, 0)), to = startof(clang_Cursor_getArgument(c, 1));
		for (unsigned i = 0; i < t.n && !*name; i++)
			if (tokenoff(&t, i) >= from && tokenoff(&t, i) < to && clang_getTokenKind(t.v[i]) == CXToken_Punctuation) {
				CXString op = clang_getTokenSpelling(t.tu, t.v[i]);
				free(name);
				name = fmt("operator%s", clang_getCString(op));
				clang_disposeString(op);
			}
		freetokens(&t);
	}
	int kind = 0;
	for (int i = 0; ops[i] && !kind; i++)
		if (!strcmp(name, ops[i]))
			kind = i ? 2 : 1;
	free(name);
	return kind && !contains(clang_Cursor_getArgument(c, 0), true, iscall, NULL) ? kind : 0;
}

/* Is s `(void) c;` (the result dropped as by `c;`)? */
static bool
voided(CXCursor s, CXCursor c)
{
	if (clang_getCursorKind(s) != CXCursor_CStyleCastExpr || clang_getCursorType(s).kind != CXType_Void)
		return false;
	CXCursor *ks;
	int n = kids(s, &ks);
	bool yes = n >= 1 && clang_equalCursors(strip(ks[n - 1]), c);
	free(ks);
	return yes;
}

/* The call s makes, when s is T v = ...f()...; or v = ...f()...; or f();
 * (other calls only in f's arguments) */
static CXCursor
onecall(CXCursor s, bool *isstmt)
{
	CXCursor none = clang_getNullCursor();
	Cursors calls = {0};
	countcalls(s, &calls);
	descend(s, countcalls, &calls);
	int opeq = calls.n >= 2 ? opassign(s, calls.v[0]) : 0;
	int from = opeq != 0; /* v = f(): the call is operator='s right side */
	/* the first call, in pre-order: the outermost; any other lies in its
	 * arguments, which are evaluated before the call either way */
	CXCursor c = calls.n > from && clang_getCursorKind(calls.v[from]) == CXCursor_CallExpr ? calls.v[from] : none;
	for (int i = from + 1; i < calls.n && !clang_Cursor_isNull(c); i++) {
		bool inarg = false;
		for (int a = 0; a < clang_Cursor_getNumArguments(c) && !inarg; a++)
			inarg = within(calls.v[i], clang_Cursor_getArgument(c, a));
		if (!inarg)
			c = none;
	}
	vfree(calls);
	if (clang_Cursor_isNull(c) || ismacro(s) || ismacro(c))
		return none;
	enum CXCursorKind k = clang_getCursorKind(s);
	*isstmt = clang_equalCursors(c, strip(s)) || voided(s, c); /* (a call under its temporaries' cleanups) */
	if (opeq) {
		CXCursor lhs = clang_Cursor_getArgument(strip(s), 0), rhs = clang_Cursor_getArgument(strip(s), 1);
		bool ok = within(c, rhs) && (opeq == 1 ? assigns(s, c) == 1 : assigns(lhs, c) == 0 && assigns(rhs, c) == 0);
		return ok ? c : none;
	}
	if (*isstmt)
		return assigns(s, c) == 0 ? c : none;
	if (k == CXCursor_DeclStmt) { /* in the first declarator: the others, calling nothing, run after it as before */
		CXCursor *ks;
		int n = kids(s, &ks);
		bool ok = n >= 1 && within(c, ks[0]) && assigns(ks[0], c) == 1;
		for (int i = 0; i < n && ok; i++) /* (the commas between declarators are no operator: each apart) */
			ok = clang_getCursorKind(ks[i]) == CXCursor_VarDecl && clang_Cursor_getStorageClass(ks[i]) == CX_SC_None &&
			     (i == 0 || (assigns(ks[i], c) >= 0 && assigns(ks[i], c) <= 1));
		free(ks);
		return ok ? c : none;
	}
	if (k == CXCursor_BinaryOperator) { /* its right side is evaluated first (C++17): the call may go before */
		CXCursor *ks;
		int n = kids(s, &ks);
		bool ok = n == 2 && clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Assign && !contains(ks[0], true, iscall, NULL);
		free(ks);
		return ok && assigns(s, c) == 1 ? c : none;
	}
	if (k == CXCursor_CompoundAssignOperator) { /* the same for x op= f() */
		CXCursor *ks;
		int n = kids(s, &ks);
		bool ok = n == 2 && !contains(ks[0], true, iscall, NULL) && assigns(ks[0], c) == 0 && assigns(ks[1], c) == 0;
		free(ks);
		return ok ? c : none;
	}
	return none;
}

/* Does the callee's body change parameter parm: assign it (=, op=, ++,
 * --), take its address, bind a reference to it, or pass it to a function
 * taking a non-const reference (or to one cuflow cannot see)? */
static bool
isparm(CXCursor parm, CXCursor e)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), parm);
}

/* Is the first token of c at or after offset from one of set? */
static bool
optoken(CXCursor c, int from, const char *const *set)
{
	Tokens t = cursortokens(c);
	unsigned i = 0;
	while (i < t.n && tokenoff(&t, i) < from)
		i++;
	bool yes = i < t.n && tokenin(&t, i, set);
	freetokens(&t);
	return yes;
}

/* Does every candidate of a call a template leaves unresolved take
 * argument i by value, each one the toolkit's (__shfl_xor_sync(m, v, o))? */
static bool
byvalue(CXCursor call, int i)
{
	CXCursor o = overloadref(call);
	unsigned n = clang_Cursor_isNull(o) ? 0 : clang_getNumOverloadedDecls(o);
	bool yes = n > 0;
	for (unsigned j = 0; j < n && yes; j++) {
		CXCursor d = clang_getOverloadedDecl(o, j);
		CXType ft = clang_getCursorType(d);
		yes = insystem(d) && clang_getCursorKind(d) == CXCursor_FunctionDecl && ft.kind == CXType_FunctionProto &&
		      i < clang_getNumArgTypes(ft) && !isref(clang_getArgType(ft, (unsigned)i));
	}
	return yes;
}

static bool
writesparm(CXCursor c, void *arg)
{
	CXCursor *parm = arg;
	static const char *const assign[] = {"=", NULL}, *const unary[] = {"++", "--", "&", NULL};
	CXCursor *ks;
	int n = kids(c, &ks);
	bool yes = false;
	switch (clang_getCursorKind(c)) {
	case CXCursor_CompoundAssignOperator:
		yes = n >= 1 && isparm(*parm, ks[0]);
		break;
	case CXCursor_BinaryOperator: /* the operator is the first token after the left side */
		yes = n == 2 && isparm(*parm, ks[0]) && optoken(c, endof(ks[0]), assign);
		break;
	case CXCursor_UnaryOperator: /* prefix: the first token; postfix: after the operand */
		yes = n == 1 && isparm(*parm, ks[0]) &&
		      (optoken(c, startof(c), unary) || optoken(c, endof(ks[0]), unary));
		break;
	case CXCursor_VarDecl: {
		CXCursor init = clang_Cursor_getVarDeclInitializer(c);
		yes = isref(clang_getCursorType(c)) && !clang_Cursor_isNull(init) && isparm(*parm, init);
		break;
	}
	case CXCursor_CallExpr: {
		CXCursor fn = clang_getCursorReferenced(c);
		CXType ft = clang_getCursorType(fn);
		for (int i = 0; i < clang_Cursor_getNumArguments(c) && !yes; i++) {
			if (!isparm(*parm, clang_Cursor_getArgument(c, i)))
				continue;
			if (clang_Cursor_isNull(fn) || ft.kind != CXType_FunctionProto) {
				yes = !byvalue(c, i); /* unresolved: the toolkit's shuffles take their values so */
				break;
			}
			if (i >= clang_getNumArgTypes(ft))
				continue; /* variadic: by value */
			CXType at = clang_getArgType(ft, i);
			yes = mutref(at) || at.kind == CXType_RValueReference;
		}
		break;
	}
	default:
		break;
	}
	free(ks);
	return yes;
}

static bool
written(Callee *f, CXCursor parm)
{
	bool yes = contains(f->body, false, writesparm, &parm);
	for (int i = 0; i < f->refs.n && !yes; i++)
		yes = ismacro(f->refs.v[i]) && clang_equalCursors(clang_getCursorReferenced(f->refs.v[i]), parm);
	return yes;
}

/* Does kernel variable v have the type of a dependent callee's parameter
 * parm (its reference's), as written, the callee's template parameters
 * replaced by the call's arguments? */
static bool
sametype(const Callee *f, CXCursor v, CXCursor parm)
{
	CXType pt = clang_getCursorType(parm), vt = canontype(v);
	/* T &a bound to a float variable: the call builds only where T is float
	 * (a non-const lvalue reference takes no conversion) */
	if (pt.kind == CXType_LValueReference && !clang_isConstQualifiedType(clang_getNonReferenceType(pt)) &&
	    vt.kind >= CXType_FirstBuiltin && vt.kind <= CXType_LastBuiltin)
		return true;
	if (isref(pt))
		pt = clang_getNonReferenceType(pt);
	char *a = typespelling(clang_getUnqualifiedType(clang_getCursorType(v)));
	char *p = typespelling(clang_getUnqualifiedType(pt)), *q = substargs(f, p);
	bool same = !strcmp(a, q);
	free(a);
	free(p);
	free(q);
	return same;
}

/* A kernel variable passed as it is: its name can stand for the parameter
 * when the types agree, the callee never writes the parameter, and the
 * kernel never takes the variable's address (which the callee could then
 * write through). */
static char *
passedname(In *in, CXCursor arg, CXCursor parm, Callee *f)
{
	CXCursor a = strip(arg);
	if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return NULL;
	CXCursor v = clang_getCursorReferenced(a);
	enum CXCursorKind vk = clang_getCursorKind(v);
	if ((vk != CXCursor_VarDecl && vk != CXCursor_ParmDecl) || !within(v, in->kernel) ||
	    clang_Cursor_getStorageClass(v) != CX_SC_None)
		return NULL;
	CXType vt = canontype(v), pt = canontype(parm);
	if (f->dep && !sametype(f, v, parm)) /* canonical types cannot tell one template's T from another's */
		return NULL;
	if (isref(pt)) { /* a reference to the variable: the variable itself */
		char *name = spelling(v);
		if ((!f->dep && !clang_equalTypes(clang_getUnqualifiedType(vt), clang_getUnqualifiedType(pointee(pt)))) ||
		    hasname(&f->locals, name)) {
			free(name);
			return NULL;
		}
		return name;
	}
	bool scalar = (pt.kind >= CXType_FirstBuiltin && pt.kind <= CXType_LastBuiltin) || pt.kind == CXType_Pointer ||
	              pt.kind == CXType_Enum; /* no member function can change it */
	if (!clang_equalTypes(vt, pt) || !scalar || in->refs)
		return NULL;
	char *name = spelling(v);
	if (hasname(&f->locals, name)) {
		free(name);
		return NULL;
	}
	bool ok = !written(f, parm);
	/* and the kernel never takes the variable's address */
	Tokens t = cursortokens(in->kernel);
	for (unsigned j = 1; j < t.n && ok; j++)
		ok = !(tokenis(&t, j, name) && tokenis(&t, j - 1, "&"));
	freetokens(&t);
	if (!ok) {
		free(name);
		return NULL;
	}
	return name;
}

static int
argnames(CXCursor c, void *arg)
{
	Strs *s = arg;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		vpush(*s, spelling(c));
	return WALK_IN;
}

static char *
slice(const char *s, int b, int e)
{
	return xstrndup(s + b, (size_t)(e > b ? e - b : 0));
}

static int
stmtline(CXCursor c)
{
	int line;
	locate(c, NULL, &line, NULL);
	return line;
}

/* An edit of the file, made at the user's line `line` (for refusals). */
static void
record(In *in, int off, int len, char *text, int line)
{
	addedit(&in->edits, off, len, text);
	vpush(in->lines, line);
}

/* Past the ';' that ends statement s (extents stop before it); -1 when
 * a comment or anything else stands between. */
static int
pastsemi(In *in, CXCursor s)
{
	int i = endof(s);
	while (i < (int)in->len && (in->src[i] == ' ' || in->src[i] == '\t' || in->src[i] == '\n' || in->src[i] == '\r'))
		i++;
	return i < (int)in->len && in->src[i] == ';' ? i + 1 : -1;
}

/* The name a callee's __shared__ variable v takes in the kernel. */
static char *
sharedname(const char *fname, CXCursor v)
{
	char *vn = spelling(v), *s = fmt("cuflow_%s_%s", fname, vn);
	free(vn);
	return s;
}

/* What names a callee's __shared__ variables in the kernel: its name, and
 * a template's arguments (each specialisation has its own). */
static char *
sharedtag(const Callee *f, const char *fname)
{
	Buf b = {0};
	bputs(&b, fname);
	for (int i = 0; i + 1 < f->targs.n; i += 2) {
		bputs(&b, "_");
		for (const char *v = f->targs.v[i + 1]; *v; v++)
			if (isident(*v))
				bprintf(&b, "%c", *v);
			else if (*v == ' ' || *v == '*' || *v == '-')
				bprintf(&b, "_");
	}
	return bstr(&b);
}

/* Declaration statement d of a template's __shared__ variables, with the
 * types of the specialisation: `__shared__ double cuflow_f_part[8];`. */
static char *
instdecl(CXCursor d, const char *fname)
{
	Buf b = {0};
	CXCursor *ks;
	int n = kids(d, &ks);
	for (int i = 0; i < n; i++) {
		CXType t = canontype(ks[i]);
		Buf dims = {0};
		for (; t.kind == CXType_ConstantArray; t = clang_getCanonicalType(clang_getArrayElementType(t)))
			bprintf(&dims, "[%lld]", clang_getArraySize(t));
		char *ts = typespelling(t), *name = sharedname(fname, ks[i]);
		bprintf(&b, "%s__shared__ %s %s%s;", i ? " " : "", ts, name, dims.n ? bstr(&dims) : "");
		free(ts);
		free(name);
		free(dims.v);
	}
	free(ks);
	return bstr(&b);
}

/* A dependent callee's __shared__ declaration (text, owned) for the
 * kernel's top: each name of a typedef or alias of its body replaced by
 * what it stands for (as written), then its template's parameters by the
 * call's arguments; NULL where a type is then not plain. */
static int
findaliases(CXCursor c, void *arg)
{
	Strs *a = arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_TypedefDecl || k == CXCursor_TypeAliasDecl) {
		vpush(*a, spelling(c));
		vpush(*a, typespelling(clang_getTypedefDeclUnderlyingType(c)));
	}
	return WALK_IN;
}

static char *
depdecl(const Callee *f, char *text)
{
	if (!text)
		return NULL;
	Strs a = {0};
	descend(f->body, findaliases, &a);
	char *t = pairsubst(&a, text), *r = substargs(f, t);
	for (int i = 0; i < a.n; i++)
		free(a.v[i]);
	vfree(a);
	free(text);
	free(t);
	if (strstr(r, "type-parameter") || strstr(r, "dependent")) {
		free(r);
		return NULL;
	}
	return r;
}

/* The callee's __shared__ variables become the kernel's, declared once at
 * its top (one per block, as the callee's are, however many calls there
 * are): their declarations leave the body (edits of body, whose text starts
 * at bb) and their uses take the new names. */
static bool
sharedvars(In *in, Callee *f, const char *fname, const char *dsrc, int bb, Edits *body)
{
	for (int i = 0; i < f->shrefs.n; i++) {
		CXCursor r = f->shrefs.v[i];
		if (ismacro(r))
			return false;
		addedit(body, startof(r) - bb, endof(r) - startof(r), sharedname(fname, clang_getCursorReferenced(r)));
	}
	for (int i = 0; i < f->shdecls.n; i++) {
		CXCursor d = f->shdecls.v[i]; /* (it may start with the macro __shared__) */
		if (frommacro(clang_getRangeEnd(clang_getCursorExtent(d))))
			return false;
		addedit(body, startof(d) - bb, endof(d) - startof(d), xstrdup(""));
		Edits e = {0};
		Tokens t = cursortokens(d);
		for (unsigned j = 0; j < t.n; j++)
			if (tokenis(&t, j, "static") && tokenoff(&t, j) < endof(d))
				addedit(&e, tokenoff(&t, j) - startof(d), 6, xstrdup(""));
		freetokens(&t);
		bool fresh = false;
		for (int j = 0; j < f->shvars.n; j++) {
			CXCursor v = f->shvars.v[j];
			if (startof(v) < startof(d) || startof(v) >= endof(d))
				continue;
			if (frommacro(clang_getCursorLocation(v)))
				return false;
			char *n = sharedname(fname, v), *vn = spelling(v);
			if (!hasname(&in->names, n) && !hasname(&in->hoisted, n)) {
				fresh = true;
				vpush(in->hoisted, xstrdup(n));
			}
			addedit(&e, locof(v) - startof(d), (int)strlen(vn), n);
			free(vn);
		}
		size_t len;
		char *err = NULL, *text = NULL;
		if (f->dep) /* as written, the body's typedefs and the template's parameters replaced */
			text = depdecl(f, applyedits(dsrc + startof(d), (size_t)(endof(d) - startof(d)), &e, &len, &err));
		else if (f->targs.n || f->typedefs) /* the template's parameters, the body's typedefs mean nothing at the */
			text = instdecl(d, fname);      /* kernel's top: the types spelled out */
		else
			text = applyedits(dsrc + startof(d), (size_t)(endof(d) - startof(d)), &e, &len, &err);
		freeedits(&e);
		free(err);
		if (!text)
			return false;
		if (fresh) /* (a callee inlined again declares nothing new) */
			bprintf(&in->hoist, "\n\t%s%s /* cuflow: from %s */", text, dsrc[endof(d) - 1] == ';' ? "" : ";", fname);
		free(text);
	}
	return true;
}

/* One call being inlined: the callee's body text [bb, be) of dsrc, its
 * edits, and the text that goes before it. */
typedef struct {
	In *in;
	Callee f;
	CXCursor call;
	const char *dsrc;
	size_t dlen;
	int bb, be;
	char *ind;   /* the statement's indentation */
	Buf head;    /* the result's declaration, the block's opening, the parameters' locals */
	Edits body;  /* of the body's text */
	Strs pnames; /* the parameters' names */
	Strs clashes; /* names an argument put in a parameter's place that another parameter has too */
	const char *why;
} Site;

static bool
sitewhy(Site *t, const char *why)
{
	t->why = why;
	return false;
}

/* A template's parameters in the body: what they stand for. */
static bool
bindtemplate(Site *t)
{
	for (int i = 0; i < t->f.trefs.n; i++) {
		CXCursor r = t->f.trefs.v[i];
		const char *text = targof(&t->f, r);
		bool moved = false; /* in a __shared__ declaration, which goes to the kernel's top as instantiated */
		for (int j = 0; j < t->f.shdecls.n && !moved; j++)
			moved = within(r, t->f.shdecls.v[j]);
		if (!text || ismacro(r))
			return sitewhy(t, "a macro writes a use of a template parameter");
		if (!moved)
			addedit(&t->body, startof(r) - t->bb, endof(r) - startof(r), xstrdup(text));
	}
	return true;
}

/* Parameter parm's uses in the body become name. */
static void
renameparm(Site *t, CXCursor parm, const char *name)
{
	for (int r = 0; r < t->f.refs.n; r++) {
		CXCursor c = t->f.refs.v[r];
		bool again = false; /* a capture [p] is also the closure's use of p, at the same bytes */
		for (int q = 0; q < r && !again; q++)
			again = startof(t->f.refs.v[q]) == startof(c) && clang_equalCursors(clang_getCursorReferenced(t->f.refs.v[q]), parm);
		if (!again && clang_equalCursors(clang_getCursorReferenced(c), parm))
			addedit(&t->body, startof(c) - t->bb, endof(c) - startof(c), xstrdup(name));
	}
}

static bool
refmacro(Site *t, CXCursor parm)
{
	for (int r = 0; r < t->f.refs.n; r++)
		if (clang_equalCursors(clang_getCursorReferenced(t->f.refs.v[r]), parm) && ismacro(t->f.refs.v[r]))
			return true;
	return false;
}

/* Does a value of e's kind name an object (a reference parameter would
 * bind to it, a copy would not see its changes)? */
static bool
lvalue(CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(strip(e));
	return k == CXCursor_DeclRefExpr || k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr ||
	       k == CXCursor_UnaryOperator || k == CXCursor_CallExpr || k == CXCursor_UnexposedExpr;
}

/* Is argument i's variable also the argument of a reference parameter
 * (f(x, x) with f(int a, int &b))? */
static bool
boundbyref(Site *t, int i)
{
	CXCursor v = clang_getCursorReferenced(strip(clang_Cursor_getArgument(t->call, i)));
	for (int j = 0; j < clang_Cursor_getNumArguments(t->call); j++) {
		CXCursor a = strip(clang_Cursor_getArgument(t->call, j));
		if (j != i && isref(clang_getCursorType(param(t->f.fn, j))) &&
		    clang_getCursorKind(a) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(a), v))
			return true;
	}
	return false;
}

/* The offset after the '=' of parameter p's default, or -1. */
static int
defaultat(CXCursor p)
{
	Tokens tk = cursortokens(p);
	int at = -1;
	for (unsigned i = 0; i < tk.n && at < 0 && tokenoff(&tk, i) < endof(p); i++)
		if (tokenis(&tk, i, "="))
			at = tokenoff(&tk, i) + 1;
	freetokens(&tk);
	return at;
}

/* Is expression e a constant: literals, operators, enumerators, template
 * parameters and const variables outside the kernel (warpSize)? */
static bool
constkid(CXCursor c, void *arg)
{
	(void)arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_CallExpr || k == CXCursor_LambdaExpr)
		return true;
	if (k != CXCursor_DeclRefExpr)
		return false;
	CXCursor r = clang_getCursorReferenced(c);
	enum CXCursorKind rk = clang_getCursorKind(r);
	return !(rk == CXCursor_EnumConstantDecl || rk == CXCursor_NonTypeTemplateParameter ||
	         (rk == CXCursor_VarDecl && clang_isConstQualifiedType(clang_getCursorType(r)) &&
	          clang_getCursorKind(clang_getCursorSemanticParent(r)) != CXCursor_FunctionDecl));
}

/* A scalar parameter the callee never changes whose value e (text) is a
 * constant (WARP_SIZE, 32, a template's parameter): the text, converted to
 * the parameter's type, stands for each of its uses, as a local would; no
 * local is needed (a warp operation's exchange, emitted apart, reads it). */
static bool
constparam(Site *t, CXCursor parm, CXCursor e, const char *text)
{
	CXType pt = clang_getCursorType(parm);
	enum CXTypeKind k = clang_getCanonicalType(pt).kind;
	if (clang_Cursor_isNull(e) || !clang_isExpression(clang_getCursorKind(e)) || contains(e, true, constkid, NULL) ||
	    !(k >= CXType_Bool && k <= CXType_LongDouble) || written(&t->f, parm) || refmacro(t, parm))
		return false;
	for (const char *p = text; *p; p++) { /* a name the callee declares too would mean its own there */
		if (!isident(*p) || (p > text && isident(p[-1])))
			continue;
		size_t n = 0;
		while (isident(p[n]))
			n++;
		char *id = xstrndup(p, n);
		bool hidden = hasname(&t->f.locals, id) || hasname(&t->pnames, id);
		free(id);
		if (hidden)
			return false;
		p += n - 1;
	}
	char *ts = typespelling(clang_getUnqualifiedType(pt));
	char *in = fmt("((%s)(%s))", ts, text);
	renameparm(t, parm, in);
	free(in);
	free(ts);
	return true;
}

/* A parameter the call leaves to its default (shfl_xor(v, m) with int
 * width = WARP_SIZE): a local of that value, the default's text as the
 * callee writes it (a macro it names is checked with the body's: callee),
 * where it names no variable of the kernel or parameter. */
static bool
defaultparam(Site *t, CXCursor parm, int i)
{
	CXCursor p = parm, pat = clang_getSpecializedCursorTemplate(t->f.fn);
	int at = defaultat(p);
	if (at < 0 && !clang_Cursor_isNull(pat) && !clang_Cursor_isNull(p = param(pat, i)))
		at = defaultat(p);
	if (at < 0 || endof(p) <= at || !clang_File_isEqual(fileof(p), fileof(t->f.fn)))
		return sitewhy(t, "a default argument cuflow cannot read");
	Tokens tk = cursortokens(p);
	bool ok = true;
	for (unsigned k = 0; k < tk.n && ok; k++) {
		if (tokenoff(&tk, k) < at || tokenoff(&tk, k) >= endof(p) || clang_getTokenKind(tk.v[k]) != CXToken_Identifier)
			continue;
		CXString n = clang_getTokenSpelling(tk.tu, tk.v[k]);
		ok = !hasname(&t->in->names, clang_getCString(n)) && !hasname(&t->pnames, clang_getCString(n));
		clang_disposeString(n);
	}
	freetokens(&tk);
	if (!ok)
		return sitewhy(t, "a default argument naming a variable of the kernel or a parameter");
	char *dtext = slice(t->dsrc, at, endof(p));
	bool inplace = constparam(t, parm, lastkid(p), dtext);
	free(dtext);
	if (inplace)
		return true;
	char *pn = spelling(parm), *ts = typespelling(clang_getNonReferenceType(clang_getCursorType(parm)));
	if (t->f.dep) { /* T: the call's argument */
		char *w = substargs(&t->f, ts);
		free(ts);
		ts = w;
	}
	/* a kernel variable of the parameter's name (an earlier inlined body's): the local is renamed */
	char *local = hasname(&t->in->names, pn) ? fmt("%s_%d", pn, t->in->n) : xstrdup(pn);
	ok = !strpbrk(ts, "([") && !hasname(&t->in->names, local) && !hasname(&t->f.locals, local) &&
	     (!strcmp(local, pn) || !refmacro(t, parm));
	if (ok) {
		if (strcmp(local, pn))
			renameparm(t, parm, local);
		char *atext = slice(t->dsrc, at, endof(p));
		bprintf(&t->head, "%s\t%s %s = (%s);\n", t->ind, ts, local, atext);
		free(atext);
	}
	free(local);
	free(pn);
	free(ts);
	return ok ? true : sitewhy(t, "a default argument for a parameter cuflow cannot give its copy");
}

/* Would a local or another parameter of the callee hide kernel variable
 * name, put for parameter self? (Its own name leaves with it.) */
static bool
hidden(const Site *t, const char *name, int self)
{
	bool yes = hasname(&t->f.locals, name);
	for (int j = 0; !yes && j < t->pnames.n; j++)
		yes = j != self && !strcmp(t->pnames.v[j], name);
	return yes;
}

/* A name in a reference parameter's argument path (refpath): a constant,
 * or a variable of the kernel that no other non-const reference parameter
 * of the call is bound to and whose address the kernel never takes (the
 * callee cannot change it), and that no name of the callee hides. */
typedef struct {
	Site *t;
	int self; /* the argument's index */
	bool bad;
} Path;

static int
pathkid(CXCursor c, void *arg)
{
	Path *x = arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_CallExpr || k == CXCursor_LambdaExpr || k == CXCursor_CompoundAssignOperator ||
	    (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Deref &&
	     clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Minus) ||
	    (k == CXCursor_BinaryOperator && (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign ||
	                                     clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Comma))) {
		x->bad = true;
		return WALK_STOP;
	}
	if (k != CXCursor_DeclRefExpr || !constkid(c, NULL))
		return WALK_IN;
	CXCursor v = clang_getCursorReferenced(c);
	enum CXCursorKind vk = clang_getCursorKind(v);
	char *name = spelling(v);
	In *in = x->t->in;
	bool ok = (vk == CXCursor_VarDecl || vk == CXCursor_ParmDecl) && within(v, in->kernel) && !in->refs &&
	          !hidden(x->t, name, x->self);
	for (int j = 0; ok && j < clang_Cursor_getNumArguments(x->t->call); j++) {
		CXCursor a = strip(clang_Cursor_getArgument(x->t->call, j));
		ok = j == x->self || !mutref(clang_getCursorType(param(x->t->f.fn, j))) ||
		     clang_getCursorKind(a) != CXCursor_DeclRefExpr || !clang_equalCursors(clang_getCursorReferenced(a), v);
	}
	Tokens tk = cursortokens(in->kernel);
	for (unsigned j = 1; j < tk.n && ok; j++)
		ok = !(tokenis(&tk, j, name) && tokenis(&tk, j - 1, "&"));
	freetokens(&tk);
	free(name);
	x->bad |= !ok;
	return ok ? WALK_IN : WALK_STOP;
}

static bool
noload(CXCursor c, void *arg)
{
	(void)arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	return k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr || k == CXCursor_CallExpr ||
	       (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref);
}

/* Does path e name one object however often it is evaluated while the
 * callee runs, given that its variables keep their values (pathkid)? No
 * value it reads from memory may choose the object: a subscript's base is an
 * array or a variable, its index reads no memory; an arrow's or a deref's
 * operand is a variable (ptrs[j][i] would follow ptrs[j], which the callee
 * may change, where the reference was bound once). */
static bool
stablepath(CXCursor e)
{
	e = strip(e);
	enum CXCursorKind k = clang_getCursorKind(e);
	if (k == CXCursor_DeclRefExpr)
		return true;
	CXCursor *ks;
	int n = kids(e, &ks);
	bool ok = false;
	if (k == CXCursor_ArraySubscriptExpr && n == 2) {
		enum CXTypeKind bt = canontype(strip(ks[0])).kind;
		bool array = bt == CXType_ConstantArray || bt == CXType_IncompleteArray || bt == CXType_DependentSizedArray;
		ok = (array ? stablepath(ks[0]) : clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr) &&
		     !contains(ks[1], true, noload, NULL);
	} else if (k == CXCursor_MemberRefExpr && n == 1) {
		enum CXTypeKind bt = canontype(strip(ks[0])).kind;
		ok = bt == CXType_Pointer ? clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr : stablepath(ks[0]);
	}
	free(ks);
	return ok;
}

/* A reference parameter bound to a kernel variable or an element or
 * member of one (fill(sh_A[d], ...) with T (&sh)[N], HeCBench expdist): the
 * argument's text, parenthesised, in its place, where the binding is the
 * object itself (a non-const reference, or the type as it is) and the
 * path's names keep their values while the callee runs (pathkid), so the
 * analyses of __shared__ memory see the element the body reaches. */
static bool
refpath(Site *t, CXCursor parm, CXCursor arg, int i)
{
	CXType pt = clang_getCursorType(parm);
	CXCursor a = strip(arg);
	enum CXCursorKind k = clang_getCursorKind(a);
	if (!isref(pt) || ismacro(arg) ||
	    (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr && k != CXCursor_DeclRefExpr))
		return false;
	bool same = !t->f.dep && clang_equalTypes(clang_getUnqualifiedType(canontype(a)),
	                                          clang_getUnqualifiedType(pointee(pt)));
	if (!mutref(pt) && !same)
		return false;
	if (!stablepath(a))
		return false;
	Path x = {t, i, false};
	if (k == CXCursor_DeclRefExpr) /* the whole variable (a template's T (&)[N] its array) */
		pathkid(a, &x);
	else
		descend(a, pathkid, &x);
	if (x.bad)
		return false;
	char *text = slice(t->in->src, startof(arg), endof(arg)), *in = fmt("(%s)", text);
	renameparm(t, parm, in);
	free(in);
	free(text);
	return true;
}

/* Is every use of parm subscripted (rl[y][x])? Elsewhere the array would
 * not mean the pointer: sizeof, a template's deduction, an overload. */
static bool
subscriptedonly(const Site *t, CXCursor parm)
{
	bool ok = true;
	for (int r = 0; r < t->f.refs.n && ok; r++) {
		CXCursor c = t->f.refs.v[r];
		if (!clang_equalCursors(clang_getCursorReferenced(c), parm))
			continue;
		int at = endof(c);
		while (at < (int)t->dlen && (t->dsrc[at] == ' ' || t->dsrc[at] == '\t'))
			at++;
		ok = at < (int)t->dlen && t->dsrc[at] == '[' && clang_getCursorKind(c) == CXCursor_DeclRefExpr;
	}
	return ok;
}

/* A pointer parameter (written as an array or not: T rl[H][W] is a
 * T (*)[W]) passed an array of the kernel, which decays to it, that the
 * callee never changes (HeCBench tsa): the array's name in its place. */
static bool
arrayparm(Site *t, CXCursor parm, CXCursor arg, int i)
{
	CXCursor a = strip(arg);
	if ((clang_getCanonicalType(clang_getCursorType(parm)).kind != CXType_Pointer && !parmarray(parm)) || ismacro(arg) ||
	    clang_getCursorKind(a) != CXCursor_DeclRefExpr || written(&t->f, parm))
		return false;
	CXCursor v = clang_getCursorReferenced(a);
	enum CXTypeKind vk = canontype(v).kind;
	if (clang_getCursorKind(v) != CXCursor_VarDecl || !within(v, t->in->kernel) ||
	    (vk != CXType_ConstantArray && vk != CXType_DependentSizedArray))
		return false;
	char *name = spelling(v);
	bool ok = !hidden(t, name, i) && subscriptedonly(t, parm);
	if (ok)
		renameparm(t, parm, name);
	free(name);
	return ok;
}

/* Does a lambda of the callee capture parm by name? */
static bool
captured(const Callee *f, CXCursor parm)
{
	for (int r = 0; r < f->refs.n; r++)
		if (clang_getCursorKind(f->refs.v[r]) == CXCursor_VariableRef &&
		    clang_equalCursors(clang_getCursorReferenced(f->refs.v[r]), parm))
			return true;
	return false;
}

static bool localparam(Site *t, CXCursor parm, CXCursor arg, int i, bool keepname);

/* Parameter i where a macro writes the argument (a size macro: gmm's
 * parallelSum(data, NUM_THREADS)) or a use of the parameter in the body:
 * the kernel's variable where it has the parameter's name, else a local
 * initialised from the argument's text, which lies whole between the
 * call's parentheses, so the macros mean there what they meant in the
 * call. The local keeps the parameter's name where a macro of the body
 * names it (the macro would still say the old name). */
static bool
macroarged(Site *t, CXCursor parm, CXCursor arg, int i)
{
	if (!ismacro(arg)) { /* the kernel's variable of the parameter's own name: nothing to rename */
		char *name = passedname(t->in, arg, parm, &t->f);
		bool same = name && !strcmp(name, t->pnames.v[i]) && (isref(clang_getCursorType(parm)) || !boundbyref(t, i));
		free(name);
		if (same)
			return true;
	}
	int b = startof(arg), e = endof(arg);
	bool own = b < e && b > startof(t->call) && e < endof(t->call);
	for (int j = 0; own && j < clang_Cursor_getNumArguments(t->call); j++) { /* not `#define AB a, b`: f(AB) */
		CXCursor o = clang_Cursor_getArgument(t->call, j);
		own = j == i || clang_Range_isNull(clang_getCursorExtent(o)) || endof(o) <= b || startof(o) >= e;
	}
	if (isref(clang_getCursorType(parm)) || !own)
		return sitewhy(t, "a macro writes an argument, or a use of a reference parameter");
	return localparam(t, parm, arg, i, refmacro(t, parm));
}

/* Parameter i: the argument's variable in its place, or a local
 * initialised from the argument. */
static bool
bindparam(Site *t, int i)
{
	In *in = t->in;
	CXCursor parm = param(t->f.fn, i), arg = clang_Cursor_getArgument(t->call, i);
	char *pn = t->pnames.v[i];
	if (!*pn)
		return sitewhy(t, "an unnamed parameter");
	if (clang_Range_isNull(clang_getCursorExtent(arg))) /* a default argument */
		return defaultparam(t, parm, i);
	if (ismacro(arg) || refmacro(t, parm))
		return macroarged(t, parm, arg, i);
	if (captured(&t->f, parm)) /* [histogram] names an automatic variable: only a local will do */
		return localparam(t, parm, arg, i, false);
	char *name = passedname(in, arg, parm, &t->f);
	if (name && !isref(clang_getCursorType(parm)) && boundbyref(t, i)) {
		free(name); /* the body writes it through the reference: this parameter keeps its copy */
		name = NULL;
	}
	if (name) {
		if (hasname(&t->pnames, name) && strcmp(name, pn)) /* fine where that parameter's name leaves too */
			vpush(t->clashes, xstrdup(name));
		renameparm(t, parm, name);
		free(name);
		return true;
	}
	if (refpath(t, parm, arg, i) || arrayparm(t, parm, arg, i))
		return true;
	char *atext0 = slice(in->src, startof(arg), endof(arg));
	bool inplace = constparam(t, parm, arg, atext0);
	free(atext0);
	return inplace || localparam(t, parm, arg, i, false);
}

/* Parameter i as a local initialised from the argument (renamed where a
 * name clashes, unless keepname). */
static bool
localparam(Site *t, CXCursor parm, CXCursor arg, int i, bool keepname)
{
	In *in = t->in;
	char *pn = t->pnames.v[i];
	CXType pt = clang_getCursorType(parm), vt = clang_getNonReferenceType(pt);
	if (isref(pt) && (!clang_isConstQualifiedType(vt) || lvalue(arg)))
		return sitewhy(t, "a reference parameter passed an expression that is not one of the kernel's variables");
	char *ts = typespelling(vt);
	if (t->f.dep) {
		char *w = substargs(&t->f, ts);
		free(ts);
		ts = w;
	}
	Strs used = {0};
	argnames(arg, &used);
	descend(arg, argnames, &used);
	/* the argument names a parameter, or the kernel has a variable of
	 * the name (a callee inlined before): the local is renamed */
	bool clash = hasname(&in->names, pn);
	for (int u = 0; u < used.n; u++) {
		clash |= hasname(&t->pnames, used.v[u]);
		free(used.v[u]);
	}
	vfree(used);
	if (clash && keepname)
		return sitewhy(t, "a macro of its body names a parameter whose name the kernel or the argument uses too");
	char *local = clash ? fmt("%s_%d", pn, in->n) : xstrdup(pn);
	for (int k = 1; clash && (hasname(&t->f.locals, local) || hasname(&in->names, local)); k++) {
		free(local); /* an earlier round's copy has the name */
		local = fmt("%s_%d_%d", pn, in->n, k);
	}
	bool ok = !strpbrk(ts, "([") && !hasname(&t->f.locals, local) && !hasname(&in->names, local);
	if (ok) {
		if (clash)
			renameparm(t, parm, local);
		char *atext = slice(in->src, startof(arg), endof(arg));
		bprintf(&t->head, "%s\t%s %s = (%s);\n", t->ind, ts, local, atext);
		free(atext);
	}
	free(local);
	free(ts);
	return ok ? true : sitewhy(t, "a parameter of array or function type, or a name cuflow cannot give its copy");
}

static int
retlist(CXCursor c, void *arg)
{
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return WALK_OVER;
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt)
		vpush(*(Cursors *)arg, c);
	return WALK_IN;
}

/* The body's text with its edits: the parameters, the template's, the
 * __shared__ variables and the return (`ret = e;`, or `(void) e;` where the
 * call is a statement of its own). */
static char *
bodytext(Site *t, const char *fname, const char *ret, bool useret)
{
	char *tag = sharedtag(&t->f, fname);
	bool plain = true; /* an operator's name is no part of an identifier */
	for (const char *p = fname; *p; p++)
		plain &= isident(*p);
	bool ok = (plain || !t->f.shdecls.n) && sharedvars(t->in, &t->f, tag, t->dsrc, t->bb, &t->body);
	free(tag);
	if (!ok)
		return sitewhy(t, "a macro writes a __shared__ declaration"), NULL;
	bool isvoid = clang_getResultType(clang_getCursorType(t->f.fn)).kind == CXType_Void;
	Cursors rets = {0};
	descend(t->f.body, retlist, &rets);
	for (int i = 0; i < rets.n && ok; i++) {
		CXCursor r = rets.v[i];
		int o = startof(r);
		ok = !ismacro(r) && !strncmp(t->dsrc + o, "return", 6);
		bool val = !clang_Cursor_isNull(lastkid(r));
		/* void: `return;` leaves its ';', `return f();` the call */
		addedit(&t->body, o - t->bb, 6, isvoid ? xstrdup("") : useret ? fmt("%s =", ret) : xstrdup("(void)("));
		if (!isvoid && !useret && val) /* (void)(a + b): a cast binds tighter than a sum */
			addedit(&t->body, endof(lastkid(r)) - t->bb, 0, xstrdup(")"));
	}
	vfree(rets);
	Flat flat = {t->dsrc, t->dlen, t->bb, &t->body};
	if (!ok || !flatbody(&flat, t->f.body, isvoid))
		return sitewhy(t, "a macro writes a return"), NULL;
	size_t blen;
	char *err = NULL, *raw = slice(t->dsrc, t->bb, t->be);
	char *text = applyedits(raw, strlen(raw), &t->body, &blen, &err);
	free(raw);
	free(err);
	if (!text)
		sitewhy(t, "overlapping rewrites of its body");
	return text;
}

/* Does a use of the parameter named name keep that name in the body
 * (no edit puts another text in its place)? */
static bool
stays(const Site *t, const char *name)
{
	int j = 0;
	while (j < t->pnames.n && strcmp(t->pnames.v[j], name))
		j++;
	if (j == t->pnames.n)
		return false;
	CXCursor parm = param(t->f.fn, j);
	for (int r = 0; r < t->f.refs.n; r++) {
		CXCursor c = t->f.refs.v[r];
		if (!clang_equalCursors(clang_getCursorReferenced(c), parm))
			continue;
		bool gone = false;
		for (int e = 0; e < t->body.n && !gone; e++)
			gone = t->body.v[e].off == startof(c) - t->bb && t->body.v[e].len > 0 && strcmp(t->body.v[e].text, name);
		if (!gone)
			return true;
	}
	return false;
}

static void
freesite(Site *t)
{
	for (int i = 0; i < t->clashes.n; i++)
		free(t->clashes.v[i]);
	vfree(t->clashes);
	free(t->head.v);
	freeedits(&t->body);
	for (int i = 0; i < t->pnames.n; i++)
		free(t->pnames.v[i]);
	vfree(t->pnames);
	free(t->ind);
	freecallee(&t->f);
}

typedef struct {
	In *in;
	CXCursor outer;
	Cursors found;
} Inner;

static int
innerkid(CXCursor c, void *arg)
{
	Inner *x = arg;
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return WALK_OVER;
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		vpush(x->found, c);
	return WALK_IN;
}

/* A call to inline in the arguments of statement s's call outer, which
 * needs none (__hmax(m, warpMax(m)), scan(a) - b through an operator):
 * C++ evaluates a call's arguments in no set order, so the inner call may
 * go first, where nothing could skip it or would see its side effects
 * otherwise than in some order the program allows (alwaysin), and the
 * statement is one onecall takes with the inner call in outer's place.
 * *f is filled for it; a null cursor when there is none. */
static CXCursor
innercall(In *in, CXCursor s, CXCursor outer, Callee *f)
{
	Inner x = {in, outer, {0}};
	descend(outer, innerkid, &x);
	CXCursor got = clang_getNullCursor();
	int want = assigns(s, outer);
	bool stop = want < 0;
	for (int i = 0; i < x.found.n && clang_Cursor_isNull(got) && !stop; i++) {
		CXCursor c = x.found.v[i];
		if (!callee(in, c, f)) {
			if (f->why) {
				Why w = {startof(c), f->why};
				vpush(*in->whys, w);
			}
			freecallee(f);
			continue;
		}
		Ints seps = {0};
		bool ok = !ismacro(c) && alwaysin(outer, c, &seps) && assignsout(s, c, &seps) == want;
		vfree(seps);
		if (ok)
			got = c;
		else {
			Why w = {startof(c), "it is called in another call's arguments where something could skip it or order it "
			                     "otherwise (&&, ||, ?:, a comma, a side effect)"};
			vpush(*in->whys, w);
			freecallee(f);
			stop = true;
		}
	}
	vfree(x.found);
	return got;
}

/* Inlines the call s makes, when it may be: edits of in->src. A branch (an
 * if's, a loop's body) becomes a block holding the inlined text; a
 * declaration there is left alone (its name would leave with the block).
 * Where a call that needs inlining stays, in->whys says why. */
static void
inlinestmt(In *in, CXCursor s, bool branch)
{
	bool isstmt = false;
	CXCursor call = onecall(s, &isstmt);
	if (clang_Cursor_isNull(call))
		return;
	Site t = {.in = in, .call = call};
	int semi = pastsemi(in, s);
	if (branch && (clang_getCursorKind(s) == CXCursor_DeclStmt || semi < 0)) {
		Callee f;
		if (callee(in, call, &f)) {
			freecallee(&f);
			Why w = {startof(call), "a declaration as an if's or a loop's body"};
			vpush(*in->whys, w);
		}
		return;
	}
	if (!callee(in, call, &t.f)) {
		if (t.f.why) {
			Why w = {startof(call), t.f.why};
			vpush(*in->whys, w);
		}
		freecallee(&t.f);
		call = innercall(in, s, call, &t.f);
		if (clang_Cursor_isNull(call))
			return;
		t.call = call;
		isstmt = false;
	}
	bool ok = true;
	for (int i = 0; i < t.f.outside.n && ok; i++)
		ok = !hasname(&in->names, t.f.outside.v[i]) || sitewhy(&t, "a name it uses means a kernel variable there");
	CXType rt = clang_getResultType(clang_getCursorType(t.f.fn));
	bool isvoid = rt.kind == CXType_Void, useret = !isvoid && !isstmt;
	int np = nparams(t.f.fn);
	ok = ok && (!isvoid || isstmt || sitewhy(&t, "a void call inside an expression"));
	/* (a call a template leaves unresolved lists no default arguments: the parameters past its own take them) */
	ok = ok && (np >= clang_Cursor_getNumArguments(call) || sitewhy(&t, "more arguments than parameters"));
	t.dsrc = clang_getFileContents(in->tu, fileof(t.f.fn), &t.dlen);
	t.bb = startof(t.f.body) + 1, t.be = endof(t.f.body) - 1;
	t.ind = indentof(in->src, in->len, startof(s));
	char *fname = spelling(t.f.fn);
	bool plain = true; /* an operator's name is no part of an identifier */
	for (const char *p = fname; *p; p++)
		plain &= isident(*p);
	char *ret = fmt("cuflow_%s_%d", plain ? fname : "call", ++in->n); /* its result */
	for (int i = 0; i < np; i++)
		vpush(t.pnames, spelling(param(t.f.fn, i)));
	if (useret) {
		char *ts = typespelling(rt);
		if (t.f.dep) { /* T: the call's argument */
			char *w = substargs(&t.f, ts);
			free(ts);
			ts = w;
		}
		ok = ok && (!strpbrk(ts, "([") || sitewhy(&t, "it returns an array or function pointer type"));
		bprintf(&t.head, "%s %s;\n%s", ts, ret, t.ind);
		free(ts);
	}
	bprintf(&t.head, "{ /* cuflow: %s inlined */\n", fname);
	ok = ok && bindtemplate(&t);
	for (int i = 0; i < np && ok; i++)
		ok = bindparam(&t, i);
	for (int i = 0; i < t.clashes.n && ok; i++)
		ok = !stays(&t, t.clashes.v[i]) || sitewhy(&t, "an argument names another parameter, whose name stays");
	char *btext = ok ? bodytext(&t, fname, ret, useret) : NULL;
	if (btext) {
		bputs(&t.head, btext);
		bprintf(&t.head, "\n%s}%s%s", t.ind, useret ? "\n" : "", useret ? t.ind : "");
		char *h = bstr(&t.head);
		t.head = (Buf){0};
		if (useret) {
			record(in, startof(call), endof(call) - startof(call), xstrdup(ret), stmtline(call));
			if (branch) {
				char *hb = fmt("{ %s", h);
				free(h);
				record(in, startof(s), 0, hb, stmtline(s));
				record(in, semi, 0, xstrdup(" }"), stmtline(s));
			} else
				record(in, startof(s), 0, h, stmtline(s));
		} else /* the call (or (void) call) and its ';' */
			record(in, startof(s), (semi < 0 ? endof(s) : semi) - startof(s), h, stmtline(s));
	} else if (t.why) {
		Why w = {startof(call), t.why};
		vpush(*in->whys, w);
	}
	free(btext);
	free(ret);
	free(fname);
	freesite(&t);
}

/* Each statement of a block, and each branch or loop body that is a
 * statement of its own (not in a lambda), in order. */
static int
blocks(CXCursor c, void *arg)
{
	In *in = arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_LambdaExpr)
		return WALK_OVER;
	if (in->at)
		inlinestmt(in, c, in->at == AT_BRANCH);
	int at = in->at;
	CXCursor *ks;
	int n = kids(c, &ks);
	bool loop = k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
	CXCursor body = !n ? c : k == CXCursor_DoStmt ? ks[0] : ks[n - 1];
	for (int i = 0; i < n; i++) {
		in->at = k == CXCursor_CompoundStmt                                                    ? AT_BLOCK
		         : (k == CXCursor_IfStmt && i >= 1) || (loop && clang_equalCursors(ks[i], body)) ? AT_BRANCH
		                                                                                       : 0;
		blocks(ks[i], in);
	}
	free(ks);
	in->at = at;
	return WALK_OVER;
}

static int
kernelnames(CXCursor c, void *arg)
{
	In *in = arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) {
		vpush(in->names, spelling(c));
		enum CXTypeKind t = clang_getCursorType(c).kind;
		in->refs |= t == CXType_LValueReference || t == CXType_RValueReference;
	}
	if (k == CXCursor_TypedefDecl || k == CXCursor_TypeAliasDecl) /* (a template's parameter, inlined before) */
		vpush(in->names, spelling(c));
	if (k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_LambdaExpr)
		vpush(in->names, xstrdup("")); /* local types: inline nothing here */
	return WALK_IN;
}

/* ---------------------------------------------------------------- macros written out */

/* A local variable or parameter a macro's body names (not the use's
 * arguments, [v[0], v[1]) of the file): kernel.c could not edit its text. */
static bool
bodylocal(CXCursor x, void *arg)
{
	const int *v = arg;
	CXCursor r = clang_getCursorReferenced(x);
	enum CXCursorKind p = clang_getCursorKind(clang_getCursorSemanticParent(r));
	int b, e;
	return clang_getCursorKind(x) == CXCursor_DeclRefExpr &&
	       (clang_getCursorKind(r) == CXCursor_ParmDecl ||
	        (clang_getCursorKind(r) == CXCursor_VarDecl &&
	         (p == CXCursor_FunctionDecl || p == CXCursor_FunctionTemplate || p == CXCursor_CXXMethod))) &&
	       !(spelledin(x, fileof(x), &b, &e) && b >= v[0] && e <= v[1]);
}

/* A barrier, warp operation or cooperative-groups sync in a macro's use
 * that is more than that call (HeCBench quicksort's `#define PUSH(START,
 * END) if (localid == 0) { ... } __syncthreads();`): every statement and
 * expression of the expansion spans the whole use, so the thread loops,
 * which copy statements by their text, copied the use, its barrier with
 * it, into one thread loop, where the barrier ran outside the split (the
 * runtime stopped: "__syncthreads ran outside the thread loops"). The use
 * is written out instead, each parameter replaced by its argument's tokens
 * as the preprocessor replaces it (macro.c), and the next round parses
 * plain statements. Left as written: a use whose body is the call alone,
 * its operands each a parameter or none, naming no local variable (kernel.c
 * reads a warp operation's operands from the body: the user's text stays),
 * and a macro with #, ## or variable arguments (kernel.c refuses it). */
static int
writeout(CXCursor c, void *arg)
{
	In *in = arg;
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return WALK_OVER;
	if (!issync(c) || !ismacro(c))
		return WALK_IN;
	Macro m;
	unsigned args;
	if (!macroat(in->tu, in->file, startof(c), &m))
		return WALK_OVER;
	int use[2] = {m.ub, m.ue};
	bool kept = macrocall(&m, c, &args) && macroops(&m, args) && !contains(c, false, bodylocal, use);
	char *text = kept ? NULL : macrotext(&m);
	bool again = false; /* a use writing several: once */
	for (int i = 0; i < in->edits.n && !again; i++)
		again = in->edits.v[i].off == m.ub;
	if (text && !again)
		record(in, m.ub, m.ue - m.ub, text, stmtline(c));
	else
		free(text);
	macrofree(&m);
	return WALK_OVER;
}

static int
kernels(CXCursor c, void *arg)
{
	In *in = arg;
	CXFile f = fileof(c);
	if (!f || !clang_File_isEqual(f, in->file))
		return WALK_OVER;
	if (clang_getCursorKind(c) == CXCursor_Namespace)
		return WALK_IN;
	enum CXCursorKind ck = clang_getCursorKind(c); /* a kernel template's pattern, too */
	if ((ck == CXCursor_FunctionDecl || ck == CXCursor_FunctionTemplate) && haskid(c, CXCursor_CUDADeviceAttr) &&
	    clang_isCursorDefinition(c)) { /* a helper's uses, written out before it is inlined */
		descend(c, writeout, in);
		return WALK_OVER;
	}
	if ((ck != CXCursor_FunctionDecl && ck != CXCursor_FunctionTemplate) || !iskernel(c) || !clang_isCursorDefinition(c))
		return WALK_OVER;
	in->kernel = c;
	in->refs = false;
	int written = in->edits.n;
	descend(c, writeout, in);
	if (in->edits.n > written) /* its calls are inlined from the new text, next round */
		return WALK_OVER;
	descend(c, kernelnames, in);
	if (!hasname(&in->names, ""))
		descend(c, blocks, in);
	if (in->hoist.n) {
		CXCursor body = lastkid(c);
		record(in, startof(body) + 1, 0, bstr(&in->hoist), stmtline(body));
		in->hoist = (Buf){0};
	}
	for (int i = 0; i < in->hoisted.n; i++)
		free(in->hoisted.v[i]);
	vfree(in->hoisted);
	for (int i = 0; i < in->names.n; i++)
		free(in->names.v[i]);
	vfree(in->names);
	return WALK_OVER;
}

/* The text of file path (parsed as tu) with the calls inlined, or NULL when
 * there are none; *ins: where the inserted text is in the new text; *whys:
 * why each call that needs inlining was left alone (where there are none,
 * the offsets are tu's). */
char *
inlinecalls(CXTranslationUnit tu, const char *path, size_t *len, Inserts *ins, Whys *whys)
{
	In in = {0};
	in.whys = whys;
	in.tu = tu;
	in.file = clang_getFile(tu, path);
	in.src = in.file ? clang_getFileContents(tu, in.file, &in.len) : NULL;
	if (!in.src)
		return NULL;
	/* names numbered past an earlier round's (its inlined blocks say so) */
	for (const char *p = in.src; (p = strstr(p, " inlined */")); p++)
		in.n++;
	descend(clang_getTranslationUnitCursor(tu), kernels, &in);
	char *out = NULL, *err = NULL;
	if (in.edits.n)
		out = applyedits(in.src, in.len, &in.edits, len, &err);
	free(err);
	if (out) { /* where each edit's text is in the new text */
		int *at = xmalloc(sizeof *at * (size_t)in.edits.n);
		newoffsets(&in.edits, at);
		for (int i = 0; i < in.edits.n; i++) {
			const Edit *e = &in.edits.v[i];
			int len = (int)strlen(e->text);
			Insert s = {at[i], e->len, len, newlines(e->text, len) - newlines(in.src + e->off, e->len),
			            in.lines.v[e->seq]};
			vpush(*ins, s);
		}
		free(at);
	}
	vfree(in.lines);
	vfree(in.incls);
	freeedits(&in.edits);
	return out;
}
