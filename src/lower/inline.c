/* inline.c: calls of __device__ functions that hold a loop, inlined into the
 * kernels making them before the kernels are lowered (MCUDA and COX inline
 * every device function first; cuflow inlines only these). Inlined, such a
 * loop can run with the block's threads inside it (kernel.c, interchange):
 * a thread that walks one column of a column-major array, the layout GPU
 * code uses for coalescing (streamcluster's d_dist), misses the cache on
 * every element when it runs alone.
 *
 * Only where the text moves without changing its meaning: the call is a
 * declaration's initialiser, an assignment's right side or a statement of
 * its own, in a block; nothing else in the statement has a side effect or
 * another call, and no &&, ||, ?: or comma makes the call conditional. The
 * callee is a plain __device__ function (no template, method, variadic,
 * barrier, static local, goto or preprocessor line) that returns once, at
 * its end. No name the moved text uses may mean something else at its new
 * place. The result is a new text of the file, parsed again; the inserted
 * lines are recorded so refusals still name the user's lines. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"

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
	int n;
} In;

static bool
within(CXCursor c, CXCursor outer)
{
	CXFile a, b;
	clang_getExpansionLocation(clang_getCursorLocation(c), &a, NULL, NULL, NULL);
	clang_getExpansionLocation(clang_getCursorLocation(outer), &b, NULL, NULL, NULL);
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
	int returns;
	bool bad;
} Callee;

static enum CXChildVisitResult
calleekid(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	Callee *f = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	switch (k) {
	case CXCursor_ReturnStmt:
		f->returns++;
		break;
	case CXCursor_LabelStmt:
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
	case CXCursor_LambdaExpr:
	case CXCursor_CXXTryStmt:
	case CXCursor_CXXThrowExpr:
	case CXCursor_AsmStmt:
	case CXCursor_StructDecl:
	case CXCursor_ClassDecl:
	case CXCursor_TypedefDecl:
	case CXCursor_TypeAliasDecl:
		f->bad = true;
		return CXChildVisit_Break;
	case CXCursor_VarDecl:
		if (clang_Cursor_getStorageClass(c) != CX_SC_None) { /* static or extern locals */
			f->bad = true;
			return CXChildVisit_Break;
		}
		vpush(f->locals, spelling(c));
		break;
	case CXCursor_DeclRefExpr:
	case CXCursor_OverloadedDeclRef: {
		CXCursor r = clang_getCursorReferenced(c);
		if (clang_equalCursors(clang_getCanonicalCursor(r), clang_getCanonicalCursor(f->fn))) {
			f->bad = true; /* recursion */
			return CXChildVisit_Break;
		}
		if (clang_getCursorKind(r) == CXCursor_ParmDecl && within(r, f->fn))
			vpush(f->refs, c);
		else if (k == CXCursor_OverloadedDeclRef || !within(r, f->fn))
			vpush(f->outside, spelling(c));
		break;
	}
	default:
		break;
	}
	return CXChildVisit_Recurse;
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

static bool
hasdirective(const char *s, int b, int e)
{
	for (int i = b; i < e; i++)
		if ((i == b || s[i - 1] == '\n') && isdirective(s, i, e))
			return true;
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
}

/* Is a name the callee's body uses declared again between it and the
 * kernel (a later overload, a variable hiding a global)? */
typedef struct {
	In *in;
	Callee *f;
	bool yes;
} Between;

static enum CXChildVisitResult
betweenkid(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	Between *b = d;
	CXFile cf;
	clang_getExpansionLocation(clang_getCursorLocation(c), &cf, NULL, NULL, NULL);
	if (!cf || !clang_File_isEqual(cf, b->in->file) || startof(c) < endof(b->f->fn) ||
	    startof(c) >= startof(b->in->kernel))
		return CXChildVisit_Continue;
	char *name = spelling(c);
	b->yes = hasname(&b->f->outside, name) || clang_getCursorKind(c) == CXCursor_Namespace ||
	         clang_getCursorKind(c) == CXCursor_UsingDirective || clang_getCursorKind(c) == CXCursor_UsingDeclaration;
	free(name);
	return b->yes ? CXChildVisit_Break : CXChildVisit_Continue;
}

static bool
redeclared(In *in, Callee *f)
{
	Between b = {in, f, false};
	clang_visitChildren(clang_getCursorSemanticParent(in->kernel), betweenkid, &b);
	return b.yes;
}

/* The callee of call when it may be inlined: false, or *f filled. */
static bool
callee(In *in, CXCursor call, Callee *f)
{
	memset(f, 0, sizeof *f);
	CXCursor d = clang_getCursorDefinition(clang_getCursorReferenced(call));
	if (clang_getCursorKind(d) != CXCursor_FunctionDecl || insystem(d) || iskernel(d) ||
	    !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(d)) ||
	    !haskid(d, CXCursor_CUDADeviceAttr) || clang_isFunctionTypeVariadic(clang_getCursorType(d)))
		return false;
	CXCursor *ks;
	int n = kids(d, &ks);
	CXCursor body = n ? ks[n - 1] : clang_getNullCursor();
	free(ks);
	if (clang_getCursorKind(body) != CXCursor_CompoundStmt || hassync(body) || !hasloop(body))
		return false;
	CXFile df;
	clang_getExpansionLocation(clang_getCursorLocation(d), &df, NULL, NULL, NULL);
	size_t dlen;
	const char *dsrc = clang_getFileContents(in->tu, df, &dlen);
	if (!dsrc || hasdirective(dsrc, startof(body), endof(body)) || ismacro(body))
		return false;
	/* in the kernel's file and scope, before it, no directive in between:
	 * the names the body uses then mean what they meant there (unless
	 * declared again in between: redeclared below) */
	if (!clang_File_isEqual(df, in->file) || startof(d) > startof(in->kernel) ||
	    !clang_equalCursors(clang_getCursorSemanticParent(d), clang_getCursorSemanticParent(in->kernel)) ||
	    hasdirective(dsrc, endof(d), startof(in->kernel)))
		return false;
	f->fn = d;
	f->body = body;
	clang_visitChildren(body, calleekid, f);
	CXType rt = clang_getResultType(clang_getCursorType(d));
	bool isvoid = rt.kind == CXType_Void;
	n = kids(body, &ks);
	bool lastret = n && clang_getCursorKind(ks[n - 1]) == CXCursor_ReturnStmt;
	free(ks);
	if (f->bad || redeclared(in, f) || (isvoid ? f->returns != 0 : f->returns != 1 || !lastret) ||
	    (!isvoid && !clang_isPODType(rt))) {
		freecallee(f);
		return false;
	}
	return true;
}

/* ---------------------------------------------------------------- the call site */

/* Punctuation that makes a call conditional or has a side effect. */
static bool
sideeffect(const char *p)
{
	static const char *bad[] = {"++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
	                            "<<=", ">>=", "&&", "||", "?", ",", "{", NULL};
	for (int i = 0; bad[i]; i++)
		if (!strcmp(p, bad[i]))
			return true;
	return false;
}

/* The statement s's tokens outside the call: how many '=', -1 when one has
 * a side effect or makes the call conditional. The arguments ([lo, hi)
 * inside the call) may hold no side effect either. */
static int
assigns(In *in, CXCursor s, CXCursor call)
{
	CXToken *t;
	unsigned n;
	clang_tokenize(in->tu, clang_getCursorExtent(s), &t, &n);
	int eq = 0, cb = startof(call), ce = endof(call);
	for (unsigned i = 0; i < n && eq >= 0; i++) {
		if (clang_getTokenKind(t[i]) != CXToken_Punctuation)
			continue;
		int o = locoffset(clang_getTokenLocation(in->tu, t[i]));
		if (o >= endof(s))
			break;
		CXString sp = clang_getTokenSpelling(in->tu, t[i]);
		const char *p = clang_getCString(sp);
		bool inside = o >= cb && o < ce;
		if (!strcmp(p, "=") && !inside)
			eq++;
		else if (!strcmp(p, "=") || (sideeffect(p) && (!inside || strcmp(p, ","))))
			eq = -1;
		clang_disposeString(sp);
	}
	clang_disposeTokens(in->tu, t, n);
	return eq;
}

static enum CXChildVisitResult
countcalls(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	VEC(CXCursor) *calls = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_CallExpr || k == CXCursor_LambdaExpr || k == CXCursor_CXXNewExpr ||
	    k == CXCursor_CXXDeleteExpr || k == CXCursor_StmtExpr)
		vpush(*calls, c);
	return CXChildVisit_Recurse;
}

/* The one call s makes, when s is T v = ...f()...; or v = ...f()...; or f(); */
static CXCursor
onecall(In *in, CXCursor s, bool *isstmt)
{
	CXCursor none = clang_getNullCursor();
	VEC(CXCursor) calls = {0};
	countcalls(s, s, &calls);
	clang_visitChildren(s, countcalls, &calls);
	CXCursor c = calls.n == 1 && clang_getCursorKind(calls.v[0]) == CXCursor_CallExpr ? calls.v[0] : none;
	vfree(calls);
	if (clang_Cursor_isNull(c) || ismacro(s) || ismacro(c))
		return none;
	enum CXCursorKind k = clang_getCursorKind(s);
	*isstmt = clang_equalCursors(c, s);
	if (*isstmt)
		return assigns(in, s, c) == 0 ? c : none;
	if (k == CXCursor_DeclStmt) {
		CXCursor *ks;
		int n = kids(s, &ks);
		bool ok = n == 1 && clang_getCursorKind(ks[0]) == CXCursor_VarDecl &&
		          clang_Cursor_getStorageClass(ks[0]) == CX_SC_None;
		free(ks);
		return ok && assigns(in, s, c) == 1 ? c : none;
	}
	if (k == CXCursor_BinaryOperator) {
		CXCursor *ks;
		int n = kids(s, &ks);
		bool ok = n == 2 && clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr;
		free(ks);
		return ok && assigns(in, s, c) == 1 ? c : none;
	}
	return none;
}

/* Does the callee's body change parameter parm: assign it (=, op=, ++,
 * --), take its address, bind a reference to it, or pass it to a function
 * taking a non-const reference (or to one cuflow cannot see)? */
typedef struct {
	In *in;
	CXCursor parm;
	bool yes;
} Writes;

static bool
isparm(Writes *w, CXCursor e)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), w->parm);
}

/* Is the first token of c at or after offset from one of set? */
static bool
optoken(In *in, CXCursor c, int from, const char *const *set)
{
	CXToken *t;
	unsigned n;
	clang_tokenize(in->tu, clang_getCursorExtent(c), &t, &n);
	bool yes = false;
	for (unsigned i = 0; i < n; i++) {
		if (locoffset(clang_getTokenLocation(in->tu, t[i])) < from)
			continue;
		CXString sp = clang_getTokenSpelling(in->tu, t[i]);
		for (int j = 0; set[j] && !yes; j++)
			yes = !strcmp(clang_getCString(sp), set[j]);
		clang_disposeString(sp);
		break;
	}
	clang_disposeTokens(in->tu, t, n);
	return yes;
}

static enum CXChildVisitResult
writeskid(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	Writes *w = d;
	static const char *const assign[] = {"=", NULL}, *const unary[] = {"++", "--", "&", NULL};
	CXCursor *ks;
	int n = kids(c, &ks);
	switch (clang_getCursorKind(c)) {
	case CXCursor_CompoundAssignOperator:
		w->yes = n >= 1 && isparm(w, ks[0]);
		break;
	case CXCursor_BinaryOperator: /* the operator is the first token after the left side */
		w->yes = n == 2 && isparm(w, ks[0]) && optoken(w->in, c, endof(ks[0]), assign);
		break;
	case CXCursor_UnaryOperator: /* prefix: the first token; postfix: after the operand */
		w->yes = n == 1 && isparm(w, ks[0]) &&
		         (optoken(w->in, c, startof(c), unary) || optoken(w->in, c, endof(ks[0]), unary));
		break;
	case CXCursor_VarDecl: {
		CXType t = clang_getCursorType(c);
		CXCursor init = clang_Cursor_getVarDeclInitializer(c);
		w->yes = (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) &&
		         !clang_Cursor_isNull(init) && isparm(w, init);
		break;
	}
	case CXCursor_CallExpr: {
		CXCursor fn = clang_getCursorReferenced(c);
		CXType ft = clang_getCursorType(fn);
		for (int i = 0; i < clang_Cursor_getNumArguments(c) && !w->yes; i++) {
			if (!isparm(w, clang_Cursor_getArgument(c, i)))
				continue;
			if (clang_Cursor_isNull(fn) || ft.kind != CXType_FunctionProto) {
				w->yes = true;
				break;
			}
			if (i >= clang_getNumArgTypes(ft))
				continue; /* variadic: by value */
			CXType at = clang_getArgType(ft, i);
			w->yes = (at.kind == CXType_LValueReference && !clang_isConstQualifiedType(clang_getPointeeType(at))) ||
			         at.kind == CXType_RValueReference;
		}
		break;
	}
	default:
		break;
	}
	free(ks);
	return w->yes ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool
written(In *in, Callee *f, CXCursor parm)
{
	Writes w = {in, parm, false};
	clang_visitChildren(f->body, writeskid, &w);
	for (int i = 0; i < f->refs.n && !w.yes; i++)
		w.yes = ismacro(f->refs.v[i]) && clang_equalCursors(clang_getCursorReferenced(f->refs.v[i]), parm);
	return w.yes;
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
	CXType vt = clang_getCanonicalType(clang_getCursorType(v)), pt = clang_getCanonicalType(clang_getCursorType(parm));
	bool scalar = (pt.kind >= CXType_FirstBuiltin && pt.kind <= CXType_LastBuiltin) || pt.kind == CXType_Pointer ||
	              pt.kind == CXType_Enum; /* no member function can change it */
	if (!clang_equalTypes(vt, pt) || !scalar || in->refs)
		return NULL;
	char *name = spelling(v);
	if (hasname(&f->locals, name)) {
		free(name);
		return NULL;
	}
	CXToken *t;
	unsigned n;
	bool ok = !written(in, f, parm);
	/* and the kernel never takes the variable's address */
	clang_tokenize(in->tu, clang_getCursorExtent(in->kernel), &t, &n);
	for (unsigned j = 1; j < n && ok; j++) {
		CXString sp = clang_getTokenSpelling(in->tu, t[j]), pp = clang_getTokenSpelling(in->tu, t[j - 1]);
		if (!strcmp(clang_getCString(sp), name) && !strcmp(clang_getCString(pp), "&"))
			ok = false;
		clang_disposeString(sp);
		clang_disposeString(pp);
	}
	clang_disposeTokens(in->tu, t, n);
	if (!ok) {
		free(name);
		return NULL;
	}
	return name;
}

static enum CXChildVisitResult
argnames(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	Strs *s = d;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		vpush(*s, spelling(c));
	return CXChildVisit_Recurse;
}

static char *
slice(const char *s, int b, int e)
{
	return xstrndup(s + b, (size_t)(e > b ? e - b : 0));
}

static int
stmtline(CXCursor c)
{
	unsigned line;
	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, NULL, NULL);
	return (int)line;
}

/* An edit of the file, made at the user's line `line` (for refusals). */
static void
record(In *in, int off, int len, char *text, int line)
{
	addedit(&in->edits, off, len, text);
	vpush(in->lines, line);
}

/* Inlines the call s makes, when it may be: edits of in->src. */
static void
inlinestmt(In *in, CXCursor s)
{
	bool isstmt = false;
	CXCursor call = onecall(in, s, &isstmt);
	Callee f;
	if (clang_Cursor_isNull(call) || !callee(in, call, &f))
		return;
	for (int i = 0; i < f.outside.n; i++)
		if (hasname(&in->names, f.outside.v[i])) {
			freecallee(&f);
			return; /* a name the callee uses means a kernel variable here */
		}
	CXType rt = clang_getResultType(clang_getCursorType(f.fn));
	bool isvoid = rt.kind == CXType_Void;
	if (isvoid != isstmt) {
		freecallee(&f);
		return;
	}
	int np = clang_Cursor_getNumArguments(f.fn);
	if (np != clang_Cursor_getNumArguments(call)) { /* default arguments */
		freecallee(&f);
		return;
	}
	CXFile df;
	clang_getExpansionLocation(clang_getCursorLocation(f.fn), &df, NULL, NULL, NULL);
	size_t dlen;
	const char *dsrc = clang_getFileContents(in->tu, df, &dlen);
	char *fname = spelling(f.fn);
	bool plain = true; /* an operator's name is no part of an identifier */
	for (const char *p = fname; *p; p++)
		plain &= (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_';
	char *ret = fmt("cuflow_%s_%d", plain ? fname : "call", ++in->n); /* its result */
	char *ind = indentof(in->src, in->len, startof(s));
	Buf head = {0};
	Edits body = {0};
	Strs pnames = {0};
	bool ok = true;
	for (int i = 0; i < np; i++)
		vpush(pnames, spelling(clang_Cursor_getArgument(f.fn, i)));
	if (!isvoid) {
		CXString ts = clang_getTypeSpelling(rt);
		ok = !strpbrk(clang_getCString(ts), "([");
		bprintf(&head, "%s %s;\n%s", clang_getCString(ts), ret, ind);
		clang_disposeString(ts);
	}
	bprintf(&head, "{ /* cuflow: %s inlined */\n", fname);
	int bb = startof(f.body) + 1, be = endof(f.body) - 1;
	for (int i = 0; i < np && ok; i++) {
		CXCursor parm = clang_Cursor_getArgument(f.fn, i), arg = clang_Cursor_getArgument(call, i);
		char *pn = pnames.v[i];
		ok = *pn != 0;
		char *name = ok ? passedname(in, arg, parm, &f) : NULL;
		if (name) {
			bool clash = hasname(&pnames, name) && strcmp(name, pn);
			for (int r = 0; r < f.refs.n && !clash; r++)
				if (clang_equalCursors(clang_getCursorReferenced(f.refs.v[r]), parm)) {
					addedit(&body, startof(f.refs.v[r]) - bb, endof(f.refs.v[r]) - startof(f.refs.v[r]),
					        xstrdup(name));
				}
			ok = !clash;
			free(name);
			continue;
		}
		CXType pt = clang_getCursorType(parm);
		CXString ts = clang_getTypeSpelling(pt);
		Strs used = {0};
		argnames(arg, arg, &used);
		clang_visitChildren(arg, argnames, &used);
		for (int u = 0; u < used.n && ok; u++)
			ok = !hasname(&pnames, used.v[u]);
		for (int u = 0; u < used.n; u++)
			free(used.v[u]);
		vfree(used);
		ok = ok && !strpbrk(clang_getCString(ts), "([") && pt.kind != CXType_LValueReference &&
		     pt.kind != CXType_RValueReference && !ismacro(arg);
		char *atext = slice(in->src, startof(arg), endof(arg));
		bprintf(&head, "%s\t%s %s = (%s);\n", ind, clang_getCString(ts), pn, atext);
		free(atext);
		clang_disposeString(ts);
	}
	if (!isvoid && ok) {
		CXCursor *ks;
		int n = kids(f.body, &ks);
		int r = startof(ks[n - 1]);
		ok = !ismacro(ks[n - 1]) && !strncmp(dsrc + r, "return", 6);
		addedit(&body, r - bb, 6, fmt("%s =", ret)); /* return e;  ->  ret = e; */
		free(ks);
	}
	size_t blen;
	char *err = NULL, *btext = NULL;
	if (ok) {
		char *raw = slice(dsrc, bb, be);
		btext = applyedits(raw, strlen(raw), &body, &blen, &err);
		free(raw);
		ok = btext != NULL;
	}
	if (ok) {
		bputs(&head, btext);
		bprintf(&head, "\n%s}", ind);
		if (!isvoid) {
			bprintf(&head, "\n%s", ind);
			record(in, startof(call), endof(call) - startof(call), xstrdup(ret), stmtline(call));
			record(in, startof(s), 0, bstr(&head), stmtline(s));
		} else
			record(in, startof(call), endof(call) - startof(call), bstr(&head), stmtline(s));
	} else
		free(head.v);
	free(btext);
	free(err);
	freeedits(&body);
	for (int i = 0; i < pnames.n; i++)
		free(pnames.v[i]);
	vfree(pnames);
	free(ret);
	free(fname);
	free(ind);
	freecallee(&f);
}

static enum CXChildVisitResult
blocks(CXCursor c, CXCursor parent, CXClientData d)
{
	In *in = d;
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	if (clang_getCursorKind(parent) == CXCursor_CompoundStmt)
		inlinestmt(in, c);
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult
kernelnames(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	In *in = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) {
		vpush(in->names, spelling(c));
		enum CXTypeKind t = clang_getCursorType(c).kind;
		in->refs |= t == CXType_LValueReference || t == CXType_RValueReference;
	}
	if (k == CXCursor_TypedefDecl || k == CXCursor_StructDecl || k == CXCursor_ClassDecl ||
	    k == CXCursor_TypeAliasDecl || k == CXCursor_LambdaExpr)
		vpush(in->names, xstrdup("")); /* local types: inline nothing here */
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult
kernels(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	In *in = d;
	CXFile f;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f || !clang_File_isEqual(f, in->file))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_Namespace)
		return CXChildVisit_Recurse;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !iskernel(c) || !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	in->kernel = c;
	in->refs = false;
	clang_visitChildren(c, kernelnames, in);
	if (!hasname(&in->names, ""))
		clang_visitChildren(c, blocks, in);
	for (int i = 0; i < in->names.n; i++)
		free(in->names.v[i]);
	vfree(in->names);
	return CXChildVisit_Continue;
}

/* The text of file path (parsed as tu) with the calls inlined, or NULL when
 * there are none; *ins: where the inserted text is in the new text. */
char *
inlinecalls(CXTranslationUnit tu, const char *path, size_t *len, Inserts *ins)
{
	In in = {0};
	in.tu = tu;
	in.file = clang_getFile(tu, path);
	in.src = in.file ? clang_getFileContents(tu, in.file, &in.len) : NULL;
	if (!in.src)
		return NULL;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), kernels, &in);
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
	freeedits(&in.edits);
	return out;
}
