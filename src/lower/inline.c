/* inline.c: calls of __device__ functions that hold a loop, inlined into the
 * kernels making them before the kernels are lowered (MCUDA and COX inline
 * every device function first; cuflow inlines only these), and calls that
 * pass __shared__ memory. Inlined, such a loop can run with the block's
 * threads inside it (kernel.c, interchange): a thread that walks one column
 * of a column-major array, the layout GPU code uses for coalescing
 * (streamcluster's d_dist), misses the cache on every element when it runs
 * alone; and accesses to __shared__ memory can run in step with the other
 * lanes' where the code relies on it (warpsync.c).
 *
 * Only where the text moves without changing its meaning: the call is a
 * declaration's initialiser, an assignment's right side (its left side
 * calls nothing: C++17 evaluates the right first) or a statement of its
 * own, in a block; nothing else in the statement has a side effect or
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

enum { AT_BLOCK = 1, AT_BRANCH };

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
	int at;     /* blocks: visiting a statement of a block (AT_BLOCK), a branch or loop body (AT_BRANCH) */
	int n;
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
	int returns;
	bool bad;
} Callee;

static int
calleekid(CXCursor c, void *arg)
{
	Callee *f = arg;
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
		return WALK_STOP;
	case CXCursor_VarDecl:
		if (clang_Cursor_getStorageClass(c) != CX_SC_None) { /* static or extern locals */
			f->bad = true;
			return WALK_STOP;
		}
		vpush(f->locals, spelling(c));
		break;
	case CXCursor_DeclRefExpr:
	case CXCursor_OverloadedDeclRef: {
		CXCursor r = clang_getCursorReferenced(c);
		if (clang_equalCursors(clang_getCanonicalCursor(r), clang_getCanonicalCursor(f->fn))) {
			f->bad = true; /* recursion */
			return WALK_STOP;
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
} Between;

/* A declaration of the scope that names nothing the body uses, or lies
 * outside the span between them. */
static bool
nothingnew(CXCursor c, void *arg)
{
	Between *b = arg;
	CXFile cf = fileof(c);
	if (!cf || !clang_File_isEqual(cf, b->in->file) || startof(c) < endof(b->f->fn) ||
	    startof(c) >= startof(b->in->kernel))
		return true;
	char *name = spelling(c);
	bool yes = hasname(&b->f->outside, name) || clang_getCursorKind(c) == CXCursor_Namespace ||
	           clang_getCursorKind(c) == CXCursor_UsingDirective || clang_getCursorKind(c) == CXCursor_UsingDeclaration;
	free(name);
	return !yes;
}

static bool
redeclared(In *in, Callee *f)
{
	Between b = {in, f};
	return !allkids(clang_getCursorSemanticParent(in->kernel), nothingnew, &b);
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
	CXCursor body = lastkid(d);
	if (clang_getCursorKind(body) != CXCursor_CompoundStmt || hassync(body) || !(hasloop(body) || passesshared(call)))
		return false;
	CXFile df = fileof(d);
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
	descend(body, calleekid, f);
	CXType rt = clang_getResultType(clang_getCursorType(d));
	bool isvoid = rt.kind == CXType_Void;
	bool lastret = clang_getCursorKind(lastkid(body)) == CXCursor_ReturnStmt;
	if (f->bad || redeclared(in, f) || (isvoid ? f->returns != 0 : f->returns != 1 || !lastret) ||
	    (!isvoid && !clang_isPODType(rt))) {
		freecallee(f);
		return false;
	}
	return true;
}

/* ---------------------------------------------------------------- the call site */

/* Punctuation that makes a call conditional or has a side effect. */
static const char *const sideeffects[] = {"++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                          "<<=", ">>=", "&&", "||", "?", ",", "{", NULL};

/* The statement s's tokens outside the call: how many '=', -1 when one has
 * a side effect or makes the call conditional. The arguments ([lo, hi)
 * inside the call) may hold no side effect either. */
static int
assigns(CXCursor s, CXCursor call)
{
	Tokens t = cursortokens(s);
	int eq = 0, cb = startof(call), ce = endof(call);
	for (unsigned i = 0; i < t.n && eq >= 0; i++) {
		if (clang_getTokenKind(t.v[i]) != CXToken_Punctuation)
			continue;
		int o = tokenoff(&t, i);
		if (o >= endof(s))
			break;
		bool inside = o >= cb && o < ce;
		if (tokenis(&t, i, "=") && !inside)
			eq++;
		else if (tokenis(&t, i, "=") || (tokenin(&t, i, sideeffects) && (!inside || !tokenis(&t, i, ","))))
			eq = -1;
	}
	freetokens(&t);
	return eq;
}

static int
countcalls(CXCursor c, void *arg)
{
	Cursors *calls = arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_CallExpr || k == CXCursor_LambdaExpr || k == CXCursor_CXXNewExpr ||
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

/* The one call s makes, when s is T v = ...f()...; or v = ...f()...; or f(); */
static CXCursor
onecall(CXCursor s, bool *isstmt)
{
	CXCursor none = clang_getNullCursor();
	Cursors calls = {0};
	countcalls(s, &calls);
	descend(s, countcalls, &calls);
	CXCursor c = calls.n == 1 && clang_getCursorKind(calls.v[0]) == CXCursor_CallExpr ? calls.v[0] : none;
	vfree(calls);
	if (clang_Cursor_isNull(c) || ismacro(s) || ismacro(c))
		return none;
	enum CXCursorKind k = clang_getCursorKind(s);
	*isstmt = clang_equalCursors(c, s);
	if (*isstmt)
		return assigns(s, c) == 0 ? c : none;
	if (k == CXCursor_DeclStmt) {
		CXCursor *ks;
		int n = kids(s, &ks);
		bool ok = n == 1 && clang_getCursorKind(ks[0]) == CXCursor_VarDecl &&
		          clang_Cursor_getStorageClass(ks[0]) == CX_SC_None;
		free(ks);
		return ok && assigns(s, c) == 1 ? c : none;
	}
	if (k == CXCursor_BinaryOperator) { /* its right side is evaluated first (C++17): the call may go before */
		CXCursor *ks;
		int n = kids(s, &ks);
		bool ok = n == 2 && clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Assign && !contains(ks[0], true, iscall, NULL);
		free(ks);
		return ok && assigns(s, c) == 1 ? c : none;
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
				yes = true;
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

/* Inlines the call s makes, when it may be: edits of in->src. A branch (an
 * if's, a loop's body) becomes a block holding the inlined text; a
 * declaration there is left alone (its name would leave with the block). */
static void
inlinestmt(In *in, CXCursor s, bool branch)
{
	bool isstmt = false;
	CXCursor call = onecall(s, &isstmt);
	Callee f;
	int semi = pastsemi(in, s);
	if (clang_Cursor_isNull(call) || (branch && (clang_getCursorKind(s) == CXCursor_DeclStmt || semi < 0)) ||
	    !callee(in, call, &f))
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
	size_t dlen;
	const char *dsrc = clang_getFileContents(in->tu, fileof(f.fn), &dlen);
	char *fname = spelling(f.fn);
	bool plain = true; /* an operator's name is no part of an identifier */
	for (const char *p = fname; *p; p++)
		plain &= isident(*p);
	char *ret = fmt("cuflow_%s_%d", plain ? fname : "call", ++in->n); /* its result */
	char *ind = indentof(in->src, in->len, startof(s));
	Buf head = {0};
	Edits body = {0};
	Strs pnames = {0};
	bool ok = true;
	for (int i = 0; i < np; i++)
		vpush(pnames, spelling(clang_Cursor_getArgument(f.fn, i)));
	if (!isvoid) {
		char *ts = typespelling(rt);
		ok = !strpbrk(ts, "([");
		bprintf(&head, "%s %s;\n%s", ts, ret, ind);
		free(ts);
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
		char *ts = typespelling(pt);
		Strs used = {0};
		argnames(arg, &used);
		descend(arg, argnames, &used);
		bool clash = false; /* the argument names a parameter: the local is renamed */
		for (int u = 0; u < used.n; u++) {
			clash |= hasname(&pnames, used.v[u]);
			free(used.v[u]);
		}
		vfree(used);
		char *local = clash ? fmt("%s_%d", pn, in->n) : xstrdup(pn);
		ok = !strpbrk(ts, "([") && !isref(pt) && !ismacro(arg) && !hasname(&f.locals, local) &&
		     !hasname(&in->names, local);
		for (int r = 0; r < f.refs.n && clash; r++)
			if (clang_equalCursors(clang_getCursorReferenced(f.refs.v[r]), parm)) {
				ok &= !ismacro(f.refs.v[r]);
				addedit(&body, startof(f.refs.v[r]) - bb, endof(f.refs.v[r]) - startof(f.refs.v[r]), xstrdup(local));
			}
		char *atext = slice(in->src, startof(arg), endof(arg));
		bprintf(&head, "%s\t%s %s = (%s);\n", ind, ts, local, atext);
		free(atext);
		free(local);
		free(ts);
	}
	if (!isvoid && ok) {
		CXCursor last = lastkid(f.body);
		int r = startof(last);
		ok = !ismacro(last) && !strncmp(dsrc + r, "return", 6);
		addedit(&body, r - bb, 6, fmt("%s =", ret)); /* return e;  ->  ret = e; */
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
			if (branch) {
				char *h = fmt("{ %s", bstr(&head));
				free(head.v);
				record(in, startof(s), 0, h, stmtline(s));
				record(in, semi, 0, xstrdup(" }"), stmtline(s));
			} else
				record(in, startof(s), 0, bstr(&head), stmtline(s));
		} else /* the call and its ';' */
			record(in, startof(call), (semi < 0 ? endof(call) : semi) - startof(call), bstr(&head), stmtline(s));
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
	if (k == CXCursor_TypedefDecl || k == CXCursor_StructDecl || k == CXCursor_ClassDecl ||
	    k == CXCursor_TypeAliasDecl || k == CXCursor_LambdaExpr)
		vpush(in->names, xstrdup("")); /* local types: inline nothing here */
	return WALK_IN;
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
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !iskernel(c) || !clang_isCursorDefinition(c))
		return WALK_OVER;
	in->kernel = c;
	in->refs = false;
	descend(c, kernelnames, in);
	if (!hasname(&in->names, ""))
		descend(c, blocks, in);
	for (int i = 0; i < in->names.n; i++)
		free(in->names.v[i]);
	vfree(in->names);
	return WALK_OVER;
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
	freeedits(&in.edits);
	return out;
}
