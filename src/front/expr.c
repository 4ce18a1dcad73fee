/* expr.c: expressions -> IR nodes and ops.
 *
 * rvalue() evaluates an expression for its value and returns the node of the
 * addresses that value may carry (N_NULL for plain numbers); lvalue() returns
 * the node of the objects an lvalue designates, or -1 for a prvalue. Both
 * append the reads, writes, assignments and calls the expression performs
 * to the current statement. Anything not understood yields N_UNKNOWN or
 * marks the statement hidden, which the analyses treat as touching all. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/front.h"

#define MAXDEPTH 1000 /* deeper expressions are generated code: give up on them */

static int callexpr(B *b, CXCursor e, int self);
static int untracked(B *b);
static CXCursor lastexpr(CXCursor e);
static void notealloc(B *b, CXCursor e, int sym, bool decl, CXCursor dst, int made, int nodes);
static void notedelete(B *b, CXCursor d, CXCursor e, int v);
static void recordinits(B *b, CXType t, int depth);

int
mknode(B *b, int kind, int a, int bb, int sym)
{
	Node *nv = b->fn->nodes.v;
	if (kind == N_DEREF && a >= 0 && nv[a].kind == N_ADDR)
		return nv[a].a;
	if (kind == N_ADDR && a >= 0 && nv[a].kind == N_DEREF)
		return nv[a].a;
	if (kind == N_ADDR && a >= 0 && nv[a].kind == N_VAR && nv[a].sym >= 0) /* &x, or an array decaying */
		b->u->syms.v[nv[a].sym].flags |= SYMF_ADDRTAKEN;
	if (kind == N_JOIN) {
		if (a < 0 || nv[a].kind == N_NULL)
			return bb >= 0 ? bb : mknode(b, N_NULL, -1, -1, -1);
		if (bb < 0 || nv[bb].kind == N_NULL || a == bb)
			return a;
	}
	Node n = {(uint8_t)kind, a, bb, sym, -1};
	vpush(b->fn->nodes, n);
	return b->fn->nodes.n - 1;
}

static int
null(B *b)
{
	return mknode(b, N_NULL, -1, -1, -1);
}

static int
unknown(B *b)
{
	return mknode(b, N_UNKNOWN, -1, -1, -1);
}

/* A fresh object: a temporary, a new-expression. */
static int
fresh(B *b, int space)
{
	return mknode(b, N_DEREF, mknode(b, N_ALLOC, -1, -1, space), -1, -1);
}

void
addop(B *b, int kind, int a, int bb, int call)
{
	if (b->node < 0 || (kind != O_CALL && a < 0))
		return;
	if (kind == O_WRITE && b->fn->nodes.v[a].kind == N_VAR && b->fn->nodes.v[a].sym == b->initsym)
		b->initsym = -1; /* no longer the call's status */
	Op o = {(uint8_t)kind, a, bb, call};
	vpush(b->fn->ops, o);
}

static void
assign(B *b, int l, int v)
{
	if (l >= 0 && v >= 0 && b->fn->nodes.v[v].kind != N_NULL)
		addop(b, O_ASSIGN, l, v, -1);
}

static CXType
ctype(CXCursor e)
{
	return clang_getCanonicalType(clang_getCursorType(e));
}

static bool
isptr(CXType t)
{
	return t.kind == CXType_Pointer || t.kind == CXType_BlockPointer || t.kind == CXType_ObjCObjectPointer;
}

static bool
isarray(CXType t)
{
	return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
	       t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

static bool
isfunc(CXType t)
{
	return t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto;
}

/* Integer-like: a pointer made from it comes from nowhere cuflow can see. */
static bool
isscalar(CXType t)
{
	return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) || t.kind == CXType_Enum;
}

/* A structured binding (auto [a, b] = f()), which libclang does not expose:
 * memory cuflow cannot see, as decomposition() lets its object's contents
 * escape there. */
static int
untracked(B *b)
{
	return mknode(b, N_DEREF, unknown(b), -1, -1);
}

/* The object a structured binding declaration decomposes: its initialiser's
 * calls run, and what it holds goes where the bindings are read from. */
void
decomposition(B *b, CXCursor d)
{
	CXCursor *ks;
	int n = kids(d, &ks);
	for (int i = 0; i < n; i++)
		if (clang_isExpression(clang_getCursorKind(ks[i])))
			assign(b, untracked(b), rvalue(b, ks[i]));
	free(ks);
}

static bool
isfnref(enum CXCursorKind k)
{
	return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate;
}

static void
markaddr(B *b, int sym)
{
	if (sym >= 0)
		b->u->syms.v[sym].flags |= SYMF_ADDRTAKEN;
}

static void
addrtaken(B *b, int l)
{
	Node *n = &b->fn->nodes.v[l];
	if (n->kind == N_VAR && n->sym >= 0)
		b->u->syms.v[n->sym].flags |= SYMF_ADDRTAKEN;
}

/* Reading an lvalue: arrays decay to their address, other values load. */
static int
readl(B *b, int l, CXType t)
{
	if (l < 0)
		return holdsaddr(t) ? unknown(b) : null(b);
	if (isarray(t) || isfunc(t))
		return mknode(b, N_ADDR, l, -1, -1);
	addop(b, O_READ, l, -1, -1);
	return holdsaddr(t) ? mknode(b, N_LOAD, l, -1, -1) : null(b);
}

/* A variable named by e, a reference to it, that is not written in the
 * statement's text but in a macro's body (#define BYTES (n * 4)): text
 * moved to another function would name another n there. A macro's own
 * locals (CHECK's err) go with it. */
static void
macroname(B *b, CXCursor e, int l)
{
	while (l >= 0 && (b->fn->nodes.v[l].kind == N_DEREF || b->fn->nodes.v[l].kind == N_LOAD)) /* a reference */
		l = b->fn->nodes.v[l].a;
	if (b->node < 0 || !b->fsrc || l < 0 || b->fn->nodes.v[l].kind != N_VAR || b->fn->nodes.v[l].sym < 0)
		return; /* (global initialisers have no source of their own: they never move) */
	const Stmt *st = &b->fn->st.v[b->node];
	const Sym *x = &b->u->syms.v[b->fn->nodes.v[l].sym];
	int eb, ee;
	if (x->kind == SYM_LOCAL && x->line >= st->line && x->line <= st->endline)
		return;
	if (!spelledin(e, b->fsrc->file, &eb, &ee) || eb < st->begin || ee > st->end)
		stmtflag(b, SF_MACRONAME);
}

static int
varlv(B *b, CXCursor ref)
{
	int s = symof(b, ref);
	if (s < 0 && clang_getCursorKind(ref) == CXCursor_VarDecl && !insystem(ref))
		return untracked(b); /* no name to key it by: an anonymous union's variable */
	if (s < 0)
		return -1;
	int v = mknode(b, N_VAR, -1, -1, s);
	if (b->u->syms.v[s].flags & SYMF_REF)
		return mknode(b, N_DEREF, mknode(b, N_LOAD, v, -1, -1), -1, -1);
	return v;
}

static int
thislv(B *b)
{
	if (b->fn->thissym < 0)
		return mknode(b, N_DEREF, unknown(b), -1, -1);
	return mknode(b, N_DEREF, mknode(b, N_LOAD, mknode(b, N_VAR, -1, -1, b->fn->thissym), -1, -1), -1, -1);
}

/* The object a member access works on (fields are not told apart). */
static int
memberbase(B *b, CXCursor e)
{
	CXCursor *ks;
	int n = kids(e, &ks);
	int base = -1;
	for (int i = 0; i < n; i++)
		if (clang_isExpression(clang_getCursorKind(ks[i]))) {
			base = i;
			break;
		}
	int l;
	if (base < 0)
		l = thislv(b);
	else if (isptr(ctype(ks[base])) || parmarray(ks[base]))
		l = mknode(b, N_DEREF, rvalue(b, ks[base]), -1, -1);
	else {
		l = lvalue(b, ks[base]);
		if (l < 0) { /* a member of a prvalue (f().x): a temporary */
			int v = rvalue(b, ks[base]);
			l = fresh(b, SP_HOST);
			assign(b, l, v);
		}
	}
	free(ks);
	return l;
}

static int
memberlv(B *b, CXCursor e)
{
	CXCursor ref = clang_getCursorReferenced(e);
	enum CXCursorKind rk = clang_getCursorKind(ref);
	if (rk == CXCursor_VarDecl) /* a static member */
		return varlv(b, ref);
	int l = memberbase(b, e);
	if (rk == CXCursor_FieldDecl && isref(clang_getCanonicalType(clang_getCursorType(ref)))) {
		addop(b, O_READ, l, -1, -1);
		l = mknode(b, N_DEREF, mknode(b, N_LOAD, l, -1, -1), -1, -1);
	}
	return l;
}

static int
subscriptlv(B *b, CXCursor e)
{
	CXCursor *ks;
	int n = kids(e, &ks);
	int l = -1;
	if (n == 2) {
		int p = isptr(ctype(ks[0])) || isarray(ctype(ks[0])) ? 0 : 1;
		int v = rvalue(b, ks[p]);
		evaluate(b, ks[1 - p]);
		l = mknode(b, N_DEREF, v, -1, -1);
	} else
		for (int i = 0; i < n; i++)
			evaluate(b, ks[i]);
	free(ks);
	return l;
}

static CXCursor
lastexpr(CXCursor e)
{
	CXCursor *ks;
	int n = kids(e, &ks);
	CXCursor r = clang_getNullCursor();
	for (int i = n - 1; i >= 0; i--)
		if (clang_isExpression(clang_getCursorKind(ks[i]))) {
			r = ks[i];
			break;
		}
	free(ks);
	return r;
}

int
lvalue(B *b, CXCursor e)
{
	if (++b->depth > MAXDEPTH) {
		b->depth--;
		stmtflag(b, SF_HIDDEN);
		return -1;
	}
	int l = -1;
	CXCursor *ks = NULL;
	int n;
	switch (clang_getCursorKind(e)) {
	case CXCursor_UnexposedExpr:
	case CXCursor_ParenExpr:
		n = kids(e, &ks);
		if (n == 1)
			l = lvalue(b, ks[0]);
		else
			for (int i = 0; i < n; i++)
				evaluate(b, ks[i]);
		break;
	case CXCursor_DeclRefExpr: {
		CXCursor ref = clang_getCursorReferenced(e);
		enum CXCursorKind rk = clang_getCursorKind(ref);
		if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl) {
			l = varlv(b, ref);
			macroname(b, e, l);
		} else if (isfnref(rk)) /* &f */
			markaddr(b, symof(b, ref));
		else if (rk == CXCursor_UnexposedDecl)
			l = untracked(b);
		break;
	}
	case CXCursor_MemberRefExpr:
		l = memberlv(b, e);
		break;
	case CXCursor_ArraySubscriptExpr:
		l = subscriptlv(b, e);
		break;
	case CXCursor_UnaryOperator:
		n = kids(e, &ks);
		if (n == 1) {
			enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(e);
			if (u == CXUnaryOperator_Deref)
				l = mknode(b, N_DEREF, rvalue(b, ks[0]), -1, -1);
			else if (u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec) {
				l = lvalue(b, ks[0]);
				addop(b, O_READ, l, -1, -1);
				addop(b, O_WRITE, l, -1, -1);
			} else if (u == CXUnaryOperator_Extension)
				l = lvalue(b, ks[0]);
			else
				evaluate(b, e);
		}
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		n = kids(e, &ks);
		if (n == 2) {
			enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(e);
			if (o == CXBinaryOperator_Comma) {
				evaluate(b, ks[0]);
				l = lvalue(b, ks[1]);
			} else if (o == CXBinaryOperator_Assign || clang_getCursorKind(e) == CXCursor_CompoundAssignOperator) {
				evaluate(b, e);
				l = lvalue(b, ks[0]); /* re-designates; the ops are sets, repeats are harmless */
			} else
				evaluate(b, e);
		}
		break;
	case CXCursor_ConditionalOperator:
		n = kids(e, &ks);
		if (n == 3) {
			evaluate(b, ks[0]);
			b->cond++;
			int x = lvalue(b, ks[1]), y = lvalue(b, ks[2]);
			b->cond--;
			if (x >= 0 && y >= 0)
				l = mknode(b, N_DEREF, mknode(b, N_JOIN, mknode(b, N_ADDR, x, -1, -1), mknode(b, N_ADDR, y, -1, -1), -1), -1,
				       -1);
		}
		break;
	case CXCursor_CallExpr: {
		CXCursor ref = clang_getCursorReferenced(e);
		CXType rt = clang_getCanonicalType(clang_getResultType(clang_getCursorType(ref)));
		int r = callexpr(b, e, -1);
		int self = b->fn->calls.v[b->fn->nodes.v[r].call].self;
		if (isref(rt))
			l = mknode(b, N_DEREF, r, -1, -1);
		else if (clang_getCursorKind(ref) == CXCursor_Constructor && self >= 0)
			l = self; /* T(x): the temporary it builds */
		else { /* a prvalue (v.end() in v.end() - 1): the temporary that holds it */
			l = fresh(b, SP_HOST);
			assign(b, l, holdsaddr(ctype(e)) ? r : null(b));
		}
		break;
	}
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXConstCastExpr:
	case CXCursor_CXXReinterpretCastExpr:
	case CXCursor_CXXFunctionalCastExpr: {
		CXCursor sub = lastexpr(e);
		if (!clang_Cursor_isNull(sub))
			l = lvalue(b, sub);
		break;
	}
	default:
		evaluate(b, e);
	}
	free(ks);
	b->depth--;
	return l;
}

/* Is e GNU's a ?: b (libclang does not expose it): a '?' token followed
 * at once by ':'? */
static bool
gnucond(CXCursor e)
{
	Tokens t = cursortokens(e);
	bool yes = false;
	for (unsigned i = 0; i + 1 < t.n && !yes; i++) {
		if (clang_getTokenKind(t.v[i]) != CXToken_Punctuation || clang_getTokenKind(t.v[i + 1]) != CXToken_Punctuation)
			continue;
		CXString a = clang_getTokenSpelling(t.tu, t.v[i]), c = clang_getTokenSpelling(t.tu, t.v[i + 1]);
		yes = !strcmp(clang_getCString(a), "?") && !strcmp(clang_getCString(c), ":");
		clang_disposeString(a);
		clang_disposeString(c);
	}
	freetokens(&t);
	return yes;
}

/* The pointer variables whose values e carries: their addresses are
 * compared or made integers (fuse's blocks change them). */
static int
addrvalof(CXCursor c, void *arg)
{
	B *b = arg;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && (isptr(ctype(c)) || isarray(ctype(c)))) {
		CXCursor r = clang_getCursorReferenced(c);
		enum CXCursorKind k = clang_getCursorKind(r);
		int s = k == CXCursor_VarDecl || k == CXCursor_ParmDecl ? symof(b, r) : -1;
		if (s >= 0)
			b->u->syms.v[s].flags |= SYMF_ADDRVAL;
	}
	return WALK_IN;
}

/* Is sizeof/alignof e's operand a type (sizeof(int[n]), sizeof(T[n])): the
 * token after its '(' a type's keyword, or where a type's name is? */
static bool
typeoperand(CXCursor e)
{
	static const char *const kw[] = {"int",    "float",  "double",   "char",     "short",    "long",    "unsigned",
	                                 "signed", "bool",   "void",     "const",    "volatile", "struct",  "class",
	                                 "union",  "enum",   "typename", "decltype", "wchar_t",  "char16_t", "char32_t",
	                                 NULL};
	Tokens t = cursortokens(e);
	bool yes = false;
	if (t.n > 2) {
		CXString p = clang_getTokenSpelling(t.tu, t.v[1]), w = clang_getTokenSpelling(t.tu, t.v[2]);
		if (!strcmp(clang_getCString(p), "(")) {
			for (int i = 0; kw[i] && !yes; i++)
				yes = !strcmp(clang_getCString(w), kw[i]);
			CXCursor *ks;
			int n = kids(e, &ks);
			unsigned at;
			clang_getSpellingLocation(clang_getTokenLocation(t.tu, t.v[2]), NULL, NULL, NULL, &at);
			for (int i = 0; i < n && !yes; i++) {
				int b, en;
				offsets(ks[i], &b, &en, NULL);
				yes = clang_getCursorKind(ks[i]) == CXCursor_TypeRef && b == (int)at;
			}
			free(ks);
		}
		clang_disposeString(p);
		clang_disposeString(w);
	}
	freetokens(&t);
	return yes;
}

/* Is e sizeof or alignof of a type that holds a variable-length array
 * (sizeof(int[h[2]])): the size is evaluated. libclang shows the size's
 * expression as a child; an expression operand (sizeof *h) is a child too,
 * but then the operand's own type is no such array type. */
static bool
vlatypeoperand(CXCursor e)
{
	CXCursor *ks;
	int n = kids(e, &ks);
	bool yes = false;
	for (int i = 0; i < n && !yes; i++)
		yes = clang_isExpression(clang_getCursorKind(ks[i])) && !hasvla(ctype(ks[i])) &&
		      typeoperand(e);
	free(ks);
	return yes;
}

/* Does dynamic_cast e name a reference type (dynamic_cast<D &>(b)), which
 * throws std::bad_cast where a pointer cast gives null? */
static bool
refcast(CXCursor e)
{
	Tokens t = cursortokens(e);
	bool yes = false;
	int depth = 0;
	for (unsigned i = 1; i < t.n; i++) {
		CXString s = clang_getTokenSpelling(t.tu, t.v[i]);
		const char *p = clang_getCString(s);
		depth += !strcmp(p, "<") - !strcmp(p, ">");
		bool end = depth == 0 && !strcmp(p, ">");
		clang_disposeString(s);
		if (end) {
			CXString q = clang_getTokenSpelling(t.tu, t.v[i - 1]);
			yes = !strcmp(clang_getCString(q), "&") || !strcmp(clang_getCString(q), "&&");
			clang_disposeString(q);
			break;
		}
	}
	freetokens(&t);
	return yes;
}

static int
castrv(B *b, CXCursor e)
{
	if (clang_getCursorKind(e) == CXCursor_CXXDynamicCastExpr && refcast(e))
		stmtflag(b, SF_THROW);
	CXCursor sub = lastexpr(e);
	if (clang_Cursor_isNull(sub))
		return null(b);
	CXType to = ctype(e), from = ctype(sub);
	if ((isptr(from) || isarray(from)) && isscalar(to) && !isptr(to))
		descend(sub, addrvalof, b);
	if (isptr(to) && isscalar(from)) {
		evaluate(b, sub);
		CXCursor s = strip(sub);
		if (clang_getCursorKind(s) == CXCursor_IntegerLiteral)
			return null(b); /* (T *)0 */
		return unknown(b);
	}
	int v = rvalue(b, sub);
	return holdsaddr(to) ? v : null(b);
}

static int
unaryrv(B *b, CXCursor e, CXCursor *ks, int n)
{
	if (n != 1)
		return null(b);
	CXType t = ctype(e);
	switch (clang_getCursorUnaryOperatorKind(e)) {
	case CXUnaryOperator_PostInc:
	case CXUnaryOperator_PostDec:
	case CXUnaryOperator_PreInc:
	case CXUnaryOperator_PreDec: {
		int l = lvalue(b, ks[0]);
		if (l < 0)
			return null(b);
		addop(b, O_READ, l, -1, -1);
		addop(b, O_WRITE, l, -1, -1);
		return holdsaddr(t) ? mknode(b, N_LOAD, l, -1, -1) : null(b);
	}
	case CXUnaryOperator_AddrOf: {
		int l = lvalue(b, ks[0]);
		if (l < 0) /* &function, &temporary */
			return isfunc(ctype(ks[0])) ? null(b) : unknown(b);
		addrtaken(b, l);
		return mknode(b, N_ADDR, l, -1, -1);
	}
	case CXUnaryOperator_Deref:
		return readl(b, mknode(b, N_DEREF, rvalue(b, ks[0]), -1, -1), t);
	case CXUnaryOperator_Extension:
		return rvalue(b, ks[0]);
	default:
		evaluate(b, ks[0]);
		return null(b);
	}
}

/* ---------------------------------------------------------------- allocations */

/* e under parentheses and casts (C-style, static, reinterpret, functional,
 * implicit): the expression whose value they convert. */
static CXCursor
uncast(CXCursor e)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(e);
		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr &&
		    k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXReinterpretCastExpr &&
		    k != CXCursor_CXXFunctionalCastExpr)
			return e;
		CXCursor sub = lastexpr(e);
		if (clang_Cursor_isNull(sub))
			return e;
		e = sub;
	}
}

/* new T[n] of a trivial T: the count and type's text, whether it is
 * zeroed (new T[n]() or {}); false for anything else. */
static bool
arraynew(B *b, CXCursor e, Alloc *al)
{
	CXType t = clang_getPointeeType(ctype(e));
	if (!clang_isPODType(t))
		return false;
	const char *src = b->u->src;
	int eb, ee;
	offsets(e, &eb, &ee, NULL);
	Tokens tk = cursortokens(e);
	int open = -1, close = -1, depth = 0;
	for (unsigned i = 1; i < tk.n && close < 0; i++) {
		if (tokenis(&tk, i, "[") && depth++ == 0 && open < 0)
			open = tokenoff(&tk, i);
		else if (tokenis(&tk, i, "]") && --depth == 0)
			close = tokenoff(&tk, i);
	}
	bool isnew = tk.n > 0 && tokenis(&tk, 0, "new");
	freetokens(&tk);
	if (!isnew || open < 0 || close < 0 || (size_t)ee > b->u->len)
		return false;
	int after = close + 1;
	while (after < ee && (src[after] == ' ' || src[after] == '\t' || src[after] == '\n'))
		after++;
	if (after < ee && src[after] == '[')
		return false; /* new T[n][m]: each element is a T[m], not a T */
	if (after < ee && (src[after] == '(' || src[after] == '{')) {
		/* new T[n]() and new T[n]{} zero it; new T[n]{1, 2, 3} sets values a
		 * page-locked replacement would not (pin zeroed them) */
		int i = after + 1;
		while (i < ee && strchr(" \t\r\n", src[i]))
			i++;
		if (i >= ee || (src[i] != ')' && src[i] != '}'))
			return false;
		al->zero = true;
	}
	al->kind = AL_NEW;
	al->sb = eb + 3;
	al->se = open;
	al->nb = open + 1;
	al->ne = close;
	CXCursor *ks; /* the count is the child between the brackets */
	int nk = kids(e, &ks);
	long long count = LLONG_MIN, size = typesize(t);
	for (int i = 0; i < nk; i++)
		if (clang_isExpression(clang_getCursorKind(ks[i])) && startof(ks[i]) > open && endof(ks[i]) <= close)
			count = intconst(ks[i]);
	free(ks);
	al->bytes = count != LLONG_MIN && size != LLONG_MIN && count >= 0 && (size == 0 || count <= LLONG_MAX / size)
	                    ? count * size
	                    : LLONG_MIN;
	return true;
}

/* The value e of a declarator (decl: of sym) or of an assignment (to the
 * left side dst; sym, when that is a variable) is recorded as an Alloc when
 * it is a heap allocation under casts: a malloc-like call (a rule's
 * alloc(ret,host) of one argument, or two with `zero`, calloc's), new T[n].
 * Calls from index made and nodes from index nodes were made evaluating it. */
static void
notealloc(B *b, CXCursor e, int sym, bool decl, CXCursor dst, int made, int nodes)
{
	if (b->node < 0)
		return;
	CXCursor a = uncast(e);
	Alloc al = {0};
	al.macro = ismacro(e) || ismacro(a) || ismacro(dst);
	al.node = b->node;
	al.sym = sym;
	al.decl = decl;
	al.call = al.obj = -1;
	al.bytes = LLONG_MIN;
	offsets(e, &al.vb, &al.ve, NULL);
	if (decl) {
		al.db = locof(dst);
		al.de = endof(dst);
	} else
		offsets(dst, &al.db, &al.de, NULL);
	enum CXCursorKind k = clang_getCursorKind(a);
	if (k == CXCursor_CallExpr) {
		int at = startof(a);
		for (int i = made; i < b->fn->calls.n; i++)
			if (b->fn->calls.v[i].off == at)
				al.call = i;
		const Call *c = al.call >= 0 ? &b->fn->calls.v[al.call] : NULL;
		const Rule *r = c && c->kind == C_DIRECT ? rules_find(b->rules, c->name) : NULL;
		bool ok = false;
		for (int i = 0; r && i < r->neff; i++)
			ok |= r->eff[i].what == EF_ALLOC && r->eff[i].arg == ARG_RET && r->eff[i].space == SP_HOST;
		for (int i = 0; r && i < r->neff; i++)
			ok &= r->eff[i].what != EF_READ && r->eff[i].what != EF_WRITE; /* realloc reads its block */
		if (!ok || c->nargs != ((r->flags & RF_ZERO) ? 2 : 1))
			return;
		al.kind = (r->flags & RF_ZERO) ? AL_CALLOC : AL_MALLOC;
		al.zero = (r->flags & RF_ZERO) != 0;
		offsets(clang_Cursor_getArgument(a, 0), &al.nb, &al.ne, NULL);
		if (al.kind == AL_CALLOC)
			offsets(clang_Cursor_getArgument(a, 1), &al.sb, &al.se, NULL);
	} else if (k == CXCursor_CXXNewExpr && arraynew(b, a, &al)) {
		for (int i = nodes; i < b->fn->nodes.n; i++)
			if (b->fn->nodes.v[i].kind == N_ALLOC)
				al.obj = al.obj == -1 ? i : -2;
		if (al.obj < 0)
			return;
	} else
		return;
	vpush(b->fn->allocs, al);
}

/* delete p / delete[] p, the pointer's text e and value v. */
static void
notedelete(B *b, CXCursor d, CXCursor e, int v)
{
	if (b->node < 0)
		return;
	Delete x = {b->node, v, 0, 0, 0, 0, false};
	offsets(d, &x.b, &x.e, NULL);
	offsets(e, &x.pb, &x.pe, NULL);
	for (int i = x.b; i < x.pb && (size_t)i < b->u->len; i++)
		x.array |= b->u->src[i] == '[';
	vpush(b->fn->dels, x);
}

static int
binaryrv(B *b, CXCursor e, CXCursor *ks, int n)
{
	if (n != 2) {
		for (int i = 0; i < n; i++)
			evaluate(b, ks[i]);
		return unknown(b);
	}
	CXType t = ctype(e);
	enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(e);
	if (o == CXBinaryOperator_Assign) {
		int l = lvalue(b, ks[0]);
		int made = b->fn->calls.n, nodes = b->fn->nodes.n;
		int v = rvalue(b, ks[1]);
		if (l >= 0 && b->fn->nodes.v[l].kind == N_VAR)
			notealloc(b, ks[1], b->fn->nodes.v[l].sym, false, ks[0], made, nodes);
		else if (l >= 0)
			notealloc(b, ks[1], -1, false, ks[0], made, nodes);
		if (l < 0) { /* assignment to what cuflow cannot designate: a call's result object */
			stmtflag(b, SF_HIDDEN);
			return v;
		}
		addop(b, O_WRITE, l, -1, -1);
		if (holdsaddr(ctype(ks[0])))
			assign(b, l, v);
		return holdsaddr(t) ? v : null(b);
	}
	if (o == CXBinaryOperator_Comma) {
		evaluate(b, ks[0]);
		return rvalue(b, ks[1]);
	}
	if (o == CXBinaryOperator_PtrMemD || o == CXBinaryOperator_PtrMemI) {
		evaluate(b, ks[0]);
		evaluate(b, ks[1]);
		stmtflag(b, SF_HIDDEN);
		return unknown(b);
	}
	if (o >= CXBinaryOperator_LT && o <= CXBinaryOperator_NE &&
	    (isptr(ctype(ks[0])) || isptr(ctype(ks[1])) || isarray(ctype(ks[0])) || isarray(ctype(ks[1])))) {
		descend(ks[0], addrvalof, b);
		descend(ks[1], addrvalof, b);
	}
	int x = rvalue(b, ks[0]);
	bool shortcut = o == CXBinaryOperator_LAnd || o == CXBinaryOperator_LOr;
	b->cond += shortcut;
	int y = rvalue(b, ks[1]);
	b->cond -= shortcut;
	return isptr(t) ? mknode(b, N_JOIN, x, y, -1) : null(b);
}

static int
compoundrv(B *b, CXCursor e, CXCursor *ks, int n)
{
	if (n != 2)
		return null(b);
	int l = lvalue(b, ks[0]);
	evaluate(b, ks[1]);
	if (l < 0) {
		stmtflag(b, SF_HIDDEN);
		return null(b);
	}
	addop(b, O_READ, l, -1, -1);
	addop(b, O_WRITE, l, -1, -1);
	return holdsaddr(ctype(e)) ? mknode(b, N_LOAD, l, -1, -1) : null(b);
}

/* Declarations of user classes with destructors run code at scope ends and
 * at the end of full expressions that cuflow does not see as calls. */
static bool
userdtor(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Record)
		return false;
	CXCursor d = clang_getTypeDeclaration(t);
	if (clang_Cursor_isNull(d) || insystem(d))
		return false;
	return haskid(d, CXCursor_Destructor);
}

/* Is t (or its arrays' element) a class that is not plain old data? Its
 * objects may run a destructor, the library's included, at their scope's end. */
bool
classobj(CXType t)
{
	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	return t.kind == CXType_Record && !clang_isPODType(t);
}

/* The arguments of a placement new (new (buf) T{...}): the children that
 * lie inside the parentheses after "new"; 0 for any other new. */
static int
placementargs(CXCursor e, CXCursor *ks, int n)
{
	Tokens t = cursortokens(e);
	unsigned i = 0;
	while (i < t.n && !tokenis(&t, i, "new"))
		i++;
	int close = -1;
	if (i + 1 < t.n && tokenis(&t, i + 1, "(")) {
		for (unsigned j = i + 1, depth = 0; j < t.n && close < 0; j++) {
			if (tokenis(&t, j, "("))
				depth++;
			else if (tokenis(&t, j, ")") && --depth == 0)
				close = tokenoff(&t, j);
		}
	}
	int open = close >= 0 ? tokenoff(&t, i + 1) : 0;
	freetokens(&t);
	int k = 0;
	while (k < n && clang_isExpression(clang_getCursorKind(ks[k])) && startof(ks[k]) > open && startof(ks[k]) < close)
		k++;
	return k;
}

static int
newrv(B *b, CXCursor e, CXCursor *ks, int n)
{
	int obj = -1, np = placementargs(e, ks, n);
	for (int i = 0; i < np; i++) { /* the object lives where a pointer among them points */
		int v = rvalue(b, ks[i]);
		CXType t = clang_getCanonicalType(ctype(ks[i]));
		if (obj < 0 && (isptr(t) || isarray(t)))
			obj = mknode(b, N_DEREF, v, -1, -1);
	}
	if (obj < 0)
		obj = fresh(b, SP_HOST);
	addop(b, O_WRITE, obj, -1, -1); /* new (&h[t]) int(1000) writes h[t], a constructor or not */
	for (int i = np; i < n; i++) {
		CXCursor k = strip(ks[i]);
		if (clang_getCursorKind(k) == CXCursor_CallExpr &&
		    clang_getCursorKind(clang_getCursorReferenced(k)) == CXCursor_Constructor)
			assign(b, obj, callexpr(b, k, obj));
		else if (clang_isExpression(clang_getCursorKind(ks[i])))
			assign(b, obj, rvalue(b, ks[i]));
	}
	(void)e;
	return mknode(b, N_ADDR, obj, -1, -1);
}

/* A function a lambda's body names: its calls there are not modelled, so
 * it may have callers cuflow does not see (callers.c). A variable it names
 * may be captured by reference ([&] lists none): its address escapes. */
static int
lambdafn(CXCursor c, void *arg)
{
	B *b = arg;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr || clang_getCursorKind(c) == CXCursor_OverloadedDeclRef) {
		CXCursor r = clang_getCursorReferenced(c);
		enum CXCursorKind k = clang_getCursorKind(r);
		if (isfnref(k))
			markaddr(b, symof(b, r));
		else if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) {
			int s = symof(b, r);
			if (s >= 0)
				b->u->syms.v[s].flags |= SYMF_ADDRTAKEN;
		}
	}
	return WALK_IN;
}

static int
isoperatorcall(CXCursor c, void *arg)
{
	(void)arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if ((k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate) && named(c, "operator()"))
		return WALK_STOP;
	return WALK_OVER;
}

static int
firstfn(CXCursor c, void *arg)
{
	CXCursor r = clang_getCursorReferenced(c);
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && isfnref(clang_getCursorKind(r))) {
		*(CXCursor *)arg = r;
		return WALK_STOP;
	}
	return WALK_IN;
}

/* Can a library function call what argument a is (a lambda, a functor, a
 * std::function, a function pointer)? Then the call runs code its rule
 * does not describe (std::sort's comparator reading a downloaded buffer).
 * Not a kernel named by the argument (cudaFuncGetAttributes(&at, k)): the
 * host never calls it; nor a library function (cout << std::endl). */
static bool
callable(CXCursor a)
{
	CXType t = clang_getCanonicalType(ctype(a));
	if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) {
		CXType p = clang_getCanonicalType(clang_getPointeeType(t));
		if (p.kind == CXType_FunctionProto || p.kind == CXType_FunctionNoProto) {
			CXCursor f = clang_getNullCursor(); /* std::endl is the library's own: its rule says what it does */
			return !descend(a, firstfn, &f) || (!insystem(f) && !haskid(f, CXCursor_CUDAGlobalAttr));
		}
		t = p;
	}
	if (t.kind != CXType_Record)
		return false;
	CXCursor d = clang_getTypeDeclaration(t);
	return !clang_Cursor_isNull(d) && descend(d, isoperatorcall, NULL);
}

static int
lambdarv(B *b, CXCursor e, CXCursor *ks, int n)
{
	for (int i = 0; i < n; i++) /* captures escape into the closure */
		if (clang_getCursorKind(ks[i]) == CXCursor_VariableRef) {
			int s = symof(b, clang_getCursorReferenced(ks[i]));
			if (s >= 0)
				b->u->syms.v[s].flags |= SYMF_ADDRTAKEN;
		}
	descend(e, lambdafn, b);
	return unknown(b);
}

/* Might e, a part of an aggregate's initialiser, be bound to a reference
 * member? An lvalue written bare, since libclang shows the initialiser as
 * written, without the conversions that read a value. */
static bool
lvpart(CXCursor e)
{
	while (clang_getCursorKind(e) == CXCursor_ParenExpr) {
		CXCursor k = firstkid(e);
		if (clang_Cursor_isNull(k))
			return false;
		e = k;
	}
	switch (clang_getCursorKind(e)) {
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
		return !isarray(ctype(e)) && !isfunc(ctype(e));
	case CXCursor_UnaryOperator:
		return clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref;
	case CXCursor_CallExpr:
		return isref(clang_getCanonicalType(clang_getResultType(clang_getCursorType(clang_getCursorReferenced(e)))));
	default:
		return false;
	}
}

/* An lvalue for e: e's own, or a temporary holding e's value (a braced
 * list, a container returned by value). */
int
lvalueortemp(B *b, CXCursor e)
{
	if (lvpart(strip(e)))
		return lvalue(b, e);
	int l = fresh(b, SP_HOST);
	assign(b, l, rvalue(b, e));
	return l;
}

/* The address a reference bound to e holds. */
int
bindref(B *b, CXCursor e)
{
	int l = lvalueortemp(b, e);
	if (l < 0)
		return unknown(b);
	addrtaken(b, l);
	return mknode(b, N_ADDR, l, -1, -1);
}

typedef struct {
	int n, refs, at, want;
	bool nested;
} Fields;

static enum CXVisitorResult
fieldvisit(CXCursor c, CXClientData d)
{
	Fields *f = d;
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	f->refs += isref(t);
	f->nested |= t.kind == CXType_Record || isarray(t);
	if (f->n++ == f->want)
		f->at = isref(t);
	return CXVisit_Continue;
}

/* Does part i of n of an initialiser of type t bind a reference member?
 * 1 yes, 0 no, -1 cannot tell (braces elided into an inner aggregate, or
 * base classes first). Fields as instantiated; bases from the template. */
static int
refmember(CXType t, int i, int n)
{
	t = clang_getCanonicalType(t);
	CXCursor d = clang_getTypeDeclaration(t);
	if (t.kind != CXType_Record || clang_Cursor_isNull(d))
		return 0;
	CXCursor pat = clang_getSpecializedCursorTemplate(d);
	if (!clang_Cursor_isNull(pat))
		d = pat;
	int nb = 0;
	CXCursor *ks;
	int nk = kids(d, &ks);
	for (int k = 0; k < nk; k++)
		nb += clang_getCursorKind(ks[k]) == CXCursor_CXXBaseSpecifier;
	free(ks);
	Fields f = {.at = -1, .want = i - nb};
	clang_Type_visitFields(t, fieldvisit, &f);
	if (!f.refs)
		return 0;
	return nb || f.nested || n > f.n || f.at < 0 ? -1 : f.at;
}

/* What part i of n of an aggregate's initialiser list carries: the
 * address of what a reference member is bound to (H h{v} for
 * struct H { T &r; }), else its value; both where cuflow cannot tell. */
static int
aggpart(B *b, CXCursor list, int i, int n, CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(list);
	int m = k == CXCursor_InitListExpr || k == CXCursor_CXXParenListInitExpr ? refmember(ctype(list), i, n) : 0;
	if (m > 0)
		return bindref(b, e);
	if (!m || !lvpart(e))
		return rvalue(b, e);
	int l = lvalue(b, e);
	if (l < 0)
		return null(b);
	addrtaken(b, l);
	return mknode(b, N_JOIN, mknode(b, N_ADDR, l, -1, -1), readl(b, l, ctype(e)), -1);
}

/* The builtins clang shows as an AtomicExpr, not a call */
static const char *const atomics[] = {"__atomic_", "__c11_atomic_", "__opencl_atomic_", "__hip_atomic_",
                                      "__scoped_atomic_", NULL};

static int
rvx(B *b, CXCursor e)
{
	CXType t = ctype(e);
	enum CXCursorKind k = clang_getCursorKind(e);
	CXCursor *ks = NULL;
	int n = 0, v;
	switch (k) {
	case CXCursor_DeclRefExpr: {
		CXCursor ref = clang_getCursorReferenced(e);
		enum CXCursorKind rk = clang_getCursorKind(ref);
		if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl) {
			int l = varlv(b, ref);
			macroname(b, e, l);
			if (l >= 0 && parmarray(ref)) { /* the pointer it holds */
				addop(b, O_READ, l, -1, -1);
				return mknode(b, N_LOAD, l, -1, -1);
			}
			return l < 0 ? null(b) : readl(b, l, t);
		}
		if (isfnref(rk)) /* a function as a value: callers cuflow cannot see */
			markaddr(b, symof(b, ref));
		if (rk == CXCursor_UnexposedDecl)
			return readl(b, untracked(b), t);
		return null(b); /* functions, enumerators, template parameters */
	}
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
		return readl(b, lvalue(b, e), t);
	case CXCursor_CallExpr: {
		CXCursor ref = clang_getCursorReferenced(e);
		CXType rt = clang_getCanonicalType(clang_getResultType(clang_getCursorType(ref)));
		if (userdtor(t))
			stmtflag(b, SF_HIDDEN);
		int r = callexpr(b, e, -1);
		if (isref(rt))
			return readl(b, mknode(b, N_DEREF, r, -1, -1), t);
		int self = b->fn->calls.v[b->fn->nodes.v[r].call].self;
		if (clang_getCursorKind(ref) == CXCursor_Constructor && self >= 0)
			return readl(b, self, t); /* a struct's value is what it holds: first(bb) copies bb */
		return holdsaddr(t) ? r : null(b);
	}
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXConstCastExpr:
	case CXCursor_CXXReinterpretCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
	case CXCursor_CXXDynamicCastExpr:
	case CXCursor_CXXAddrspaceCastExpr:
		return castrv(b, e);
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_ImaginaryLiteral:
	case CXCursor_StringLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
	case CXCursor_CXXNullPtrLiteralExpr:
	case CXCursor_GNUNullExpr:
	case CXCursor_UnaryExpr: /* sizeof and alignof do not evaluate, but a variable-length array type's size */
		if (vlatypeoperand(e))
			vlasize(b, e, clang_getNullCursor());
		return null(b);
	case CXCursor_CXXTypeidExpr:
	case CXCursor_SizeOfPackExpr:
	case CXCursor_FixedPointLiteral:
		return null(b);
	case CXCursor_CXXThisExpr:
		return b->fn->thissym >= 0 ? mknode(b, N_LOAD, mknode(b, N_VAR, -1, -1, b->fn->thissym), -1, -1) : unknown(b);
	default:
		break;
	}
	n = kids(e, &ks);
	switch (k) {
	case CXCursor_UnaryOperator:
		v = unaryrv(b, e, ks, n);
		break;
	case CXCursor_BinaryOperator:
		v = binaryrv(b, e, ks, n);
		break;
	case CXCursor_CompoundAssignOperator:
		v = compoundrv(b, e, ks, n);
		break;
	case CXCursor_ConditionalOperator:
		if (n == 3) {
			evaluate(b, ks[0]);
			b->cond++;
			int x = rvalue(b, ks[1]);
			v = mknode(b, N_JOIN, x, rvalue(b, ks[2]), -1);
			b->cond--;
		} else {
			v = unknown(b);
			for (int i = 0; i < n; i++) {
				b->cond += i > 0;
				evaluate(b, ks[i]);
				b->cond -= i > 0;
			}
		}
		break;
	case CXCursor_CXXNewExpr:
		stmtflag(b, SF_NEW);
		v = newrv(b, e, ks, n);
		break;
	case CXCursor_CXXDeleteExpr:
		v = n ? rvalue(b, ks[n - 1]) : null(b);
		addop(b, O_WRITE, mknode(b, N_DEREF, v, -1, -1), -1, -1);
		if (n)
			notedelete(b, e, ks[n - 1], v);
		if (n && userdtor(clang_getPointeeType(ctype(ks[n - 1]))))
			stmtflag(b, SF_HIDDEN);
		v = null(b);
		break;
	case CXCursor_CXXThrowExpr:
		stmtflag(b, SF_THROW);
		for (int i = 0; i < n; i++)
			evaluate(b, ks[i]);
		v = null(b);
		break;
	case CXCursor_LambdaExpr:
		v = lambdarv(b, e, ks, n);
		break;
	case CXCursor_UnexposedExpr:
		if (n > 1 && startswith(e, atomics)) { /* __atomic_load_n(p, order): memory behind p, unseen */
			for (int i = 0; i < n; i++)
				evaluate(b, ks[i]);
			stmtflag(b, SF_HIDDEN);
			v = unknown(b);
			break;
		}
		if (n >= 3 && gnucond(e)) { /* a ?: b: b runs when a is 0 */
			v = rvalue(b, ks[0]);
			b->cond++;
			for (int i = 1; i < n; i++)
				v = mknode(b, N_JOIN, v, rvalue(b, ks[i]), -1);
			b->cond--;
			break;
		}
		/* fall through */
	case CXCursor_ParenExpr:
	case CXCursor_InitListExpr:
	case CXCursor_CompoundLiteralExpr:
	case CXCursor_PackExpansionExpr:
	case CXCursor_CXXParenListInitExpr:
		/* wrappers and aggregates: the union of what the parts carry */
		if ((k == CXCursor_InitListExpr || k == CXCursor_CompoundLiteralExpr || k == CXCursor_CXXParenListInitExpr) &&
		    userdtor(t) && !clang_equalCursors(e, b->varinit))
			stmtflag(b, SF_HIDDEN); /* use(Peek{h}): the temporary's destructor runs at the statement's end */
		if (k == CXCursor_InitListExpr || k == CXCursor_CXXParenListInitExpr)
			recordinits(b, t, 0); /* A a{}: the fields it leaves out take their in-class initialisers */
		v = null(b);
		for (int i = 0; i < n; i++)
			if (clang_isExpression(clang_getCursorKind(ks[i])))
				v = mknode(b, N_JOIN, v, aggpart(b, e, i, n, ks[i]), -1);
		if (n == 0 && isptr(t)) /* default arguments and value-inits: unseen */
			v = unknown(b);
		break;
	default:
		/* statement expressions, blocks, OpenMP sections, what libclang
		 * does not expose: evaluate the parts, trust nothing */
		for (int i = 0; i < n; i++)
			if (clang_isExpression(clang_getCursorKind(ks[i])))
				evaluate(b, ks[i]);
		stmtflag(b, SF_HIDDEN);
		v = unknown(b);
	}
	free(ks);
	/* an array's value: its address; a designator (Ten{.p = d}) has type void */
	return holdsaddr(t) || isptr(t) || isarray(t) || (k == CXCursor_UnexposedExpr && t.kind == CXType_Void) ? v
	                                                                                                      : null(b);
}

int
rvalue(B *b, CXCursor e)
{
	if (++b->depth > MAXDEPTH) {
		b->depth--;
		stmtflag(b, SF_HIDDEN);
		return unknown(b);
	}
	int v = rvx(b, e);
	b->depth--;
	return v;
}

void
evaluate(B *b, CXCursor e)
{
	rvalue(b, e);
}

/* ---------------------------------------------------------------- calls */

static bool
configcall(CXCursor c, CXCursor *cfg)
{
	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	CXString s = clang_getCursorSpelling(clang_getCursorReferenced(c));
	const char *n = clang_getCString(s);
	bool yes = n && (!strcmp(n, "__cudaPushCallConfiguration") || !strcmp(n, "cudaConfigureCall"));
	clang_disposeString(s);
	*cfg = c;
	return yes;
}

/* A function named by an expression: (void *)kernel, &kernel, kernel<T>. */
static int
fnnamed(B *b, CXCursor e)
{
	for (int guard = 0; guard < 16; guard++) {
		e = strip(e);
		enum CXCursorKind k = clang_getCursorKind(e);
		if (k == CXCursor_DeclRefExpr) {
			CXCursor r = clang_getCursorReferenced(e);
			enum CXCursorKind rk = clang_getCursorKind(r);
			if (rk == CXCursor_FunctionDecl || rk == CXCursor_FunctionTemplate)
				return symof(b, r);
			return -1;
		}
		CXCursor *ks;
		int n = kids(e, &ks);
		CXCursor next = n ? ks[n - 1] : clang_getNullCursor();
		free(ks);
		if (clang_Cursor_isNull(next))
			return -1;
		e = next;
	}
	return -1;
}

/* A default argument: libclang shows it as an expression with no parts. */
static bool
isdefaultarg(CXCursor a)
{
	CXCursor *ks;
	int n = kids(a, &ks);
	free(ks);
	return n == 0 && clang_getCursorKind(a) == CXCursor_UnexposedExpr;
}

static void
launchconfig(B *b, CXCursor cfg, Call *c)
{
	int n = clang_Cursor_getNumArguments(cfg);
	for (int i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(cfg, i);
		if (isdefaultarg(a))
			continue; /* <<<g, b>>>: no shared memory size, the default stream */
		int v = rvalue(b, a);
		if (i == 3 && intconst(a) != 0 && b->fn->nodes.v[v].kind != N_NULL)
			c->stream = v; /* a stream that is not the constant 0 */
	}
}

/* ---------------------------------------------------------------- code no statement shows */

/* Does expression e run code or read state, beyond constants: a call of
 * the program's own functions, a variable that is not a constant? */
static int
runscodekid(CXCursor c, void *arg)
{
	(void)arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor r = clang_getCursorReferenced(c);
	enum CXCursorKind rk = clang_getCursorKind(r);
	if (k == CXCursor_CallExpr && !clang_Cursor_isNull(r) && !insystem(r))
		return WALK_STOP;
	if (k == CXCursor_DeclRefExpr && (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl) &&
	    !clang_isConstQualifiedType(clang_getCursorType(r)))
		return WALK_STOP;
	return k == CXCursor_LambdaExpr || k == CXCursor_CXXThisExpr ? WALK_STOP : WALK_IN;
}

static bool
runscode(CXCursor e)
{
	return runscodekid(e, NULL) == WALK_STOP || descend(e, runscodekid, NULL);
}

/* The expression a declaration is initialised with (a parameter's default
 * argument, a field's in-class initialiser), or a null cursor. */
static CXCursor
declinit(CXCursor d)
{
	CXCursor *ks, r = clang_getNullCursor();
	int n = kids(d, &ks);
	if (n && clang_isExpression(clang_getCursorKind(ks[n - 1])))
		r = ks[n - 1];
	free(ks);
	return r;
}

/* Code that runs though no statement shows it (a default argument's
 * `int ok = step(d)` at the call; a field's `float v = h[5]` when a
 * constructor builds it): the statement runs code cuflow does not model,
 * and a function named there has callers cuflow does not see. */
static void
unshown(B *b, CXCursor e)
{
	if (clang_Cursor_isNull(e) || !runscode(e))
		return;
	descend(e, lambdafn, b);
	stmtflag(b, SF_HIDDEN);
}

/* The in-class initialisers a construction of t runs: its fields', its
 * bases' and those of the records its fields hold. */
typedef struct {
	B *b;
	int depth;
} Inits;

static enum CXChildVisitResult
fieldinit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	Inits *in = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_FieldDecl) {
		unshown(in->b, declinit(c));
		recordinits(in->b, clang_getCursorType(c), in->depth + 1);
	} else if (k == CXCursor_CXXBaseSpecifier)
		recordinits(in->b, clang_getCursorType(c), in->depth + 1);
	return CXChildVisit_Continue;
}

/* Does record d declare a constructor of its own (not defaulted)? */
static bool
userctor(CXCursor d)
{
	CXCursor *ks;
	int n = kids(d, &ks);
	bool yes = false;
	for (int i = 0; i < n && !yes; i++)
		yes = clang_getCursorKind(ks[i]) == CXCursor_Constructor && !clang_CXXMethod_isDefaulted(ks[i]);
	free(ks);
	return yes;
}

static void
recordinits(B *b, CXType t, int depth)
{
	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	CXCursor d = clang_getTypeDeclaration(t);
	if (t.kind != CXType_Record || depth > 4 || clang_Cursor_isNull(d) || insystem(d))
		return;
	if (depth > 0 && userctor(d)) /* a base's or member's constructor runs with no call written */
		stmtflag(b, SF_HIDDEN);
	Inits in = {b, depth};
	clang_visitChildren(d, fieldinit, &in);
}

/* The default arguments call e leaves to f's declaration. */
static void
defaultargs(B *b, CXCursor e, CXCursor f)
{
	int na = clang_Cursor_getNumArguments(e), np = clang_Cursor_getNumArguments(f);
	for (int i = 0; i < na && i < np; i++)
		if (isdefaultarg(clang_Cursor_getArgument(e, i)))
			unshown(b, declinit(clang_Cursor_getArgument(f, i)));
}

/* The object a member call works on. */
static int
callself(B *b, CXCursor callee)
{
	callee = strip(callee);
	if (clang_getCursorKind(callee) != CXCursor_MemberRefExpr)
		return thislv(b);
	return memberbase(b, callee);
}

/* A virtual call may dispatch to any override: cuflow does not resolve it. */
static bool
isvirtualcall(CXCursor ref)
{
	return clang_getCursorKind(ref) == CXCursor_CXXMethod && clang_CXXMethod_isVirtual(ref);
}

/* An arithmetic type's class (0 none, 1 signed, 2 unsigned, 3 floating)
 * and its rank by size (x86-64; libclang's size query traps on the
 * placeholder types of some expressions, threadIdx.x's). */
static int
arith(CXType t, int *rank)
{
	switch (t.kind) {
	case CXType_Char_S: case CXType_SChar: *rank = 1; return 1;
	case CXType_Short: *rank = 2; return 1;
	case CXType_Int: *rank = 4; return 1;
	case CXType_Long: case CXType_LongLong: *rank = 8; return 1;
	case CXType_Int128: *rank = 16; return 1;
	case CXType_Bool: case CXType_Char_U: case CXType_UChar: *rank = 1; return 2;
	case CXType_UShort: *rank = 2; return 2;
	case CXType_UInt: *rank = 4; return 2;
	case CXType_ULong: case CXType_ULongLong: *rank = 8; return 2;
	case CXType_UInt128: *rank = 16; return 2;
	case CXType_Half: case CXType_Float16: *rank = 2; return 3;
	case CXType_Float: *rank = 4; return 3;
	case CXType_Double: *rank = 8; return 3;
	case CXType_LongDouble: *rank = 16; return 3;
	default: return 0;
	}
}

/* Does argument a lose or change its value converted to its parameter's
 * type (int to short, double to int, int to unsigned), or its type as a
 * pointer (an array decays, float * becomes const float *)? Then the
 * parameter is not what the argument's text says (sizeof h; a copy into a
 * const float *). */
static bool
converted(CXCursor a)
{
	CXType to = clang_getCanonicalType(ctype(a)), from = clang_getCanonicalType(ctype(strip(a)));
	if (to.kind == CXType_Pointer)
		return !clang_equalTypes(to, from);
	if (from.kind == CXType_Enum && to.kind != CXType_Enum) /* enum { BIG = 300 } as an unsigned char: 44 */
		from = clang_getCanonicalType(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(from)));
	int rt = 0, rf = 0, t = arith(to, &rt), f = arith(from, &rf);
	if (!t || !f || to.kind == from.kind)
		return false;
	return t != f || rt < rf || (to.kind == CXType_Bool) != (from.kind == CXType_Bool);
}

static int
callexpr(B *b, CXCursor e, int self)
{
	Call c = {0};
	if (b->cond)
		stmtflag(b, SF_CONDCALL);
	c.cond = b->cond != 0;
	c.callee = c.kernel = -1;
	c.self = -1;
	c.stream = -1;
	c.argcall = c.argpos = -1;
	c.onfail = b->failof;
	int bo, eo;
	offsets(e, &bo, &eo, NULL);
	c.off = bo;
	c.end = eo;
	c.line = srcline(b, bo);
	CXCursor *ks;
	int nk = kids(e, &ks);
	CXCursor ref = clang_getCursorReferenced(e), cfg;
	enum CXCursorKind rk = clang_getCursorKind(ref);
	bool isfn = rk == CXCursor_FunctionDecl || rk == CXCursor_CXXMethod || rk == CXCursor_Constructor ||
	            rk == CXCursor_Destructor || rk == CXCursor_ConversionFunction ||
	            rk == CXCursor_FunctionTemplate;
	int shift = 0;
	const Rule *rule = NULL;
	if (nk >= 2 && configcall(ks[1], &cfg)) {
		c.kind = C_LAUNCH;
		c.callee = isfn ? symof(b, ref) : -1;
		c.name = c.callee >= 0 ? xstrdup(b->u->syms.v[c.callee].name) : xstrdup("<kernel>");
		launchconfig(b, cfg, &c);
	} else if (!isfn) {
		CXCursor callee = nk ? strip(ks[0]) : clang_getNullCursor();
		enum CXCursorKind ck = clang_getCursorKind(callee);
		c.kind = ck == CXCursor_DeclRefExpr || ck == CXCursor_MemberRefExpr ? C_INDIRECT : C_DEPENDENT;
		CXCursor names = clang_getCursorReferenced(callee);
		if (ck == CXCursor_DeclRefExpr && clang_getCursorKind(names) == CXCursor_OverloadedDeclRef) {
			c.kind = C_DEPENDENT; /* a name in a template: candidates() resolves it */
			c.ncands = -1;
			callee = names;
		}
		CXString s = clang_getCursorSpelling(callee);
		c.name = xstrdup(*clang_getCString(s) ? clang_getCString(s) : "<call>");
		clang_disposeString(s);
		if (nk)
			evaluate(b, ks[0]);
	} else {
		if (!insystem(ref)) /* a library's defaults: its rules speak for them */
			defaultargs(b, e, ref);
		if (rk == CXCursor_Constructor)
			recordinits(b, clang_getCursorType(clang_getCursorSemanticParent(ref)), 0);
		c.kind = isvirtualcall(ref) ? C_INDIRECT : C_DIRECT;
		if ((rk == CXCursor_Constructor || rk == CXCursor_CXXMethod) && clang_CXXMethod_isDefaulted(ref))
			c.kind = C_DEFAULTED;
		c.callee = symof(b, ref);
		c.name = c.callee >= 0 ? xstrdup(b->u->syms.v[c.callee].qualname) : qualname(ref);
		rule = rules_find(b->rules, c.name);
		Sym *s = c.callee >= 0 ? &b->u->syms.v[c.callee] : NULL;
		int na = clang_Cursor_getNumArguments(e);
		if (rk == CXCursor_Constructor)
			c.self = self >= 0 ? self : fresh(b, SP_HOST);
		else if (s && (s->flags & SYMF_METHOD)) {
			if (na == s->nparams + 1) { /* x[i], x << y: the object is argument 0 */
				shift = 1;
				c.self = lvalue(b, clang_Cursor_getArgument(e, 0));
				if (c.self < 0)
					c.self = fresh(b, SP_HOST);
			} else
				c.self = callself(b, nk ? ks[0] : e);
		}
	}
	int na = c.kind == C_DIRECT || c.kind == C_LAUNCH || c.kind == C_DEFAULTED ? clang_Cursor_getNumArguments(e) : -1;
	if (na < 0) { /* unresolved callee: every child after the callee is an argument */
		na = 0;
		for (int i = 1; i < nk; i++)
			if (clang_isExpression(clang_getCursorKind(ks[i])))
				na++;
		c.nargs = na;
		c.argv = xcalloc(na, sizeof *c.argv);
		c.argl = xcalloc(na, sizeof *c.argl);
		c.argk = xcalloc(na, sizeof *c.argk);
		for (int i = 1, j = 0; i < nk; i++)
			if (clang_isExpression(clang_getCursorKind(ks[i]))) {
				c.argl[j] = -1;
				c.argk[j] = LLONG_MIN;
				c.argv[j++] = rvalue(b, ks[i]);
			}
	} else {
		c.nargs = na - shift;
		c.argv = xcalloc(c.nargs, sizeof *c.argv);
		c.argl = xcalloc(c.nargs, sizeof *c.argl);
		c.argk = xcalloc(c.nargs, sizeof *c.argk);
		/* a template's instantiation says which parameters are references (C &...c) */
		uint32_t refs = c.callee >= 0 ? b->u->syms.v[c.callee].refparams : 0;
		if (c.callee >= 0 && (b->u->syms.v[c.callee].flags & SYMF_TEMPLATE) && c.kind != C_LAUNCH)
			refs = refmask(clang_getCursorType(ref));
		for (int i = 0; i < c.nargs; i++) {
			CXCursor a = clang_Cursor_getArgument(e, i + shift);
			int made = b->fn->calls.n; /* the calls before this argument */
			c.argk[i] = LLONG_MIN;
			c.argl[i] = -1;
			if (isdefaultarg(a)) { /* left out: its declared default, usually 0 (the default stream) */
				c.argv[i] = null(b);
				long long k = intconst(a);
				c.argk[i] = k == LLONG_MIN ? 0 : k;
				continue;
			}
			if (i < 32 && (refs >> i & 1) && c.kind != C_LAUNCH) { /* parameter i: the object of x = y is no parameter */
				int l = lvalue(b, a);
				if (l < 0) { /* a temporary bound to a const reference */
					int v = rvalue(b, a);
					l = fresh(b, SP_HOST);
					assign(b, l, v);
				} else
					addrtaken(b, l);
				c.argl[i] = l;
				c.argv[i] = mknode(b, N_ADDR, l, -1, -1);
			} else
				c.argv[i] = rvalue(b, a);
			if (c.argcall < 0 && clang_getCursorKind(strip(a)) == CXCursor_CallExpr && b->fn->calls.n > made) {
				c.argcall = b->fn->calls.n - 1; /* the argument's own call is the last one it made */
				c.argpos = i;
			}
			if (i < 32 && converted(a))
				c.conv |= 1 << i;
			if (rule || c.kind == C_LAUNCH)
				c.argk[i] = intconst(a);
			if ((rule || (c.callee >= 0 && (b->u->syms.v[c.callee].flags & SYMF_SYSTEM))) &&
			    !(rule && (rule->flags & RF_ATEXIT)) && callable(a))
				stmtflag(b, SF_HIDDEN | SF_CALLBACK);
		}
	}
	if (rule)
		for (int i = 0; i < rule->neff; i++)
			if (rule->eff[i].what == EF_LAUNCH && rule->eff[i].arg < c.nargs && rule->eff[i].arg >= 0)
				c.kernel = fnnamed(b, clang_Cursor_getArgument(e, rule->eff[i].arg + shift));
	if (c.kind == C_LAUNCH)
		c.kernel = c.callee;
	free(ks);
	vpush(b->fn->calls, c);
	int ci = b->fn->calls.n - 1;
	int r = mknode(b, N_CALLRET, ci, -1, -1);
	b->fn->calls.v[ci].ret = r;
	b->fn->nodes.v[r].call = ci;
	addop(b, O_CALL, -1, -1, ci);
	return r;
}

/* ---------------------------------------------------------------- declarations */

static bool
isctorcall(CXCursor init, CXCursor *call)
{
	*call = strip(init);
	return clang_getCursorKind(*call) == CXCursor_CallExpr &&
	       clang_getCursorKind(clang_getCursorReferenced(*call)) == CXCursor_Constructor;
}

/* A constructor call that builds the object self (a constructor's
 * delegating, base or member initialiser: fields are not told apart, so
 * each builds *this): its call's node, or -1 when e is no such call. */
int
construct(B *b, CXCursor e, int self)
{
	CXCursor call;
	return isctorcall(e, &call) ? callexpr(b, call, self) : -1;
}

/* Does type t hold a variable-length array (int[n], int (*)[n], a
 * typedef of one), whose size is evaluated where the type is written? */
bool
hasvla(CXType t)
{
	for (int depth = 0; depth < 16; depth++) {
		t = clang_getCanonicalType(t);
		if (t.kind == CXType_VariableArray)
			return true;
		if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
			t = clang_getPointeeType(t);
		else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
			t = clang_getArrayElementType(t);
		else
			return false;
	}
	return false;
}

/* A variable-length array's size is evaluated where its type is written
 * (int row[h[2]], int (*p)[h[2]], typedef int R[h[2]]): the expressions
 * among the declaration's children but the initialiser. */
void
vlasize(B *b, CXCursor d, CXCursor init)
{
	CXCursor *ks;
	int n = kids(d, &ks);
	for (int i = 0; i < n; i++)
		if (clang_isExpression(clang_getCursorKind(ks[i])) && !clang_equalCursors(ks[i], init))
			evaluate(b, ks[i]);
	free(ks);
}

void
vardecl(B *b, CXCursor d)
{
	int x = symof(b, d);
	if (x < 0)
		return;
	if (b->node >= 0)
		vpush(b->fn->st.v[b->node].decls, x);
	int flags = b->u->syms.v[x].flags; /* copied: evaluating the initialiser may add symbols */
	int var = mknode(b, N_VAR, -1, -1, x);
	if (userdtor(clang_getCursorType(d)))
		b->dtors = true;
	CXType dt = clang_getCursorType(d); /* const T &r = T(...): the temporary ends with r */
	if (dt.kind == CXType_LValueReference || dt.kind == CXType_RValueReference)
		dt = clang_getPointeeType(dt);
	if (classobj(dt) && clang_getCursorKind(d) == CXCursor_VarDecl &&
	    clang_Cursor_getStorageClass(d) != CX_SC_Static)
		b->objs = true;
	CXCursor init = clang_Cursor_getVarDeclInitializer(d), call;
	if (hasvla(clang_getCursorType(d)))
		vlasize(b, d, init);
	if (clang_Cursor_isNull(init))
		return;
	enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));
	if ((clang_Cursor_getStorageClass(d) == CX_SC_Static || clang_getCursorTLSKind(d) != CXTLS_None) &&
	    (isfnref(pk) || pk == CXCursor_Constructor || pk == CXCursor_Destructor || pk == CXCursor_ConversionFunction))
		unshown(b, init); /* a static local's initialiser runs once, not each time its statement does */
	if (flags & SYMF_REF) {
		int l = lvalue(b, init);
		if (l < 0) {
			int v = rvalue(b, init);
			l = fresh(b, SP_HOST);
			assign(b, l, v);
		} else
			addrtaken(b, l);
		addop(b, O_WRITE, var, -1, -1);
		assign(b, var, mknode(b, N_ADDR, l, -1, -1));
		return;
	}
	if (isctorcall(init, &call)) { /* the constructor initialises the variable in place */
		callexpr(b, call, var);
		addop(b, O_WRITE, var, -1, -1);
		return;
	}
	int made = b->fn->calls.n, nodes = b->fn->nodes.n;
	b->varinit = init;
	int v = rvalue(b, init);
	b->varinit = clang_getNullCursor();
	notealloc(b, init, x, true, d, made, nodes);
	addop(b, O_WRITE, var, -1, -1);
	if (flags & SYMF_PTR)
		assign(b, var, v);
	bool fromcall = clang_getCursorKind(strip(init)) == CXCursor_CallExpr && b->fn->calls.n > made;
	b->initsym = fromcall ? x : -1;
	b->initcall = fromcall ? b->fn->calls.n - 1 : -1;
}
