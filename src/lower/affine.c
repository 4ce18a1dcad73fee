/* affine.c: can two threads' subscripts name one element? (warpsync.c)
 *
 * A subscript is read as an affine form in threadIdx (Lin): a coefficient
 * for each axis (times blockDim where a linear index x + blockDim.x * y is
 * built), uniform terms, the same in every thread (Val), and a constant.
 * Two accesses of different threads meet only where every subscript is
 * equal. They cannot when a pair of subscripts is provably apart: the same
 * form but constants that the coefficient does not divide (2 * t and 2 * t
 * + 1); two subscripts whose thread parts cancel in a combination that
 * differs (a wavefront's [m - t + 1][t + 1] and [m - t][t]); ranges that do
 * not overlap (row j < i read while the rows written are threadIdx.x > i).
 * Nor when the subscripts that are the same form tell threads apart (every
 * thread its own row). The ranges come from the accesses' contexts (KCtx):
 * the for loops around an access bound their counters, the ifs around it
 * bound the thread index, and a local assigned on the way (idx =
 * threadIdx.x in a branch) stands for its value there. A variable assigned
 * inside the thread loop (an inner loop's counter) varies between two
 * accesses: terms naming it are equal only within one statement.
 *
 * This is the dependence test of polyhedral compilers cut down to what
 * kernels write; GPUVerify (Betts et al., OOPSLA 2012) asks the same
 * question of barrier intervals with an SMT solver. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"
#include "lower/kernel.h"

/* A sum of uniform terms and a constant. */
typedef struct {
	Cursors plus, minus;
	long long k;
} Val;

typedef struct {
	bool ok, varying; /* varying: a term names what may change between two accesses */
	long long c[3];   /* threadIdx.x, .y, .z */
	bool sym[3];      /* ... times blockDim */
	Val u;
} Lin;

typedef struct {
	bool lo, hi;
	Val l, h;
} Range;

static void linof(K *k, KCtx *cx, CXCursor e, long long f, Lin *l);
static Range counterrange(K *k, KCtx *cx, int v);
static void freerange(Range *r);

static void
freeval(Val *v)
{
	vfree(v->plus);
	vfree(v->minus);
}

static Val
copyval(const Val *v)
{
	Val r = {{0}, {0}, v->k};
	for (int i = 0; i < v->plus.n; i++)
		vpush(r.plus, v->plus.v[i]);
	for (int i = 0; i < v->minus.n; i++)
		vpush(r.minus, v->minus.v[i]);
	return r;
}

static void
linkids(CXCursor e, CXCursor *a, CXCursor *b)
{
	CXCursor *ks;
	int n = kids(e, &ks);
	*a = n == 2 ? ks[0] : clang_getNullCursor();
	*b = n == 2 ? ks[1] : clang_getNullCursor();
	free(ks);
}

/* ---------------------------------------------------------------- what varies */

/* Does s assign v (=, op=, ++, --), take its address, or pass it where a
 * non-const reference binds (or to a call cuflow cannot see)? */
typedef struct {
	K *k;
	int v;
} Writes;

static bool
writeskid(CXCursor c, void *arg)
{
	Writes *w = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor *ks;
	int n = kids(c, &ks);
	bool yes = false;
	if (kind == CXCursor_CompoundAssignOperator ||
	    (kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign))
		yes = n == 2 && refvar(w->k, strip(ks[0])) == w->v;
	else if (kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Deref &&
	         clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Minus &&
	         clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Plus &&
	         clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Not &&
	         clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_LNot)
		yes = n == 1 && refvar(w->k, strip(ks[0])) == w->v;
	else if (kind == CXCursor_CallExpr) {
		CXType ft = canontype(clang_getCursorReferenced(c));
		for (int i = 0; i < clang_Cursor_getNumArguments(c) && !yes; i++)
			yes = refvar(w->k, strip(clang_Cursor_getArgument(c, i))) == w->v &&
			      (ft.kind != CXType_FunctionProto || i >= clang_getNumArgTypes(ft) || mutref(clang_getArgType(ft, i)));
	} else if (kind == CXCursor_VarDecl && isref(clang_getCursorType(c))) {
		CXCursor init = clang_Cursor_getVarDeclInitializer(c);
		yes = !clang_Cursor_isNull(init) && refvar(w->k, strip(init)) == w->v;
	}
	free(ks);
	return yes;
}

bool
writesvar(K *k, CXCursor s, int v)
{
	Writes w = {k, v};
	return contains(s, true, writeskid, &w);
}

/* The innermost for loop around the access that counts v: its increment
 * updates v, its body never does; null when none. */
static CXCursor
counterloop(K *k, KCtx *cx, int v)
{
	for (int i = cx->loops.n - 1; i >= 0; i--) {
		CXCursor l = cx->loops.v[i], init, cond, inc, body;
		if (clang_getCursorKind(l) != CXCursor_ForStmt)
			continue;
		forparts(k, l, &init, &cond, &inc, &body);
		if (!clang_Cursor_isNull(inc) && writesvar(k, inc, v) && !writesvar(k, body, v) &&
		    (clang_Cursor_isNull(cond) || !writesvar(k, cond, v)))
			return l;
	}
	return clang_getNullCursor();
}

/* Is v the same wherever in one thread loop the access may be? Never
 * assigned, or the counter of a loop around it that holds a barrier (the
 * thread loop lies inside one iteration). */
static bool
steady(K *k, KCtx *cx, int v)
{
	KVar *x = &k->vars.v[v];
	if (x->shared)
		return false;
	if (!x->written)
		return true;
	CXCursor l = counterloop(k, cx, v);
	return !clang_Cursor_isNull(l) && hassync(l);
}

typedef struct {
	K *k;
	KCtx *cx;
} Var;

static bool
varieskid(CXCursor c, void *arg)
{
	Var *a = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind == CXCursor_ArraySubscriptExpr ||
	    (kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref))
		return true; /* memory another thread may write */
	int v = refvar(a->k, c);
	return v >= 0 && !steady(a->k, a->cx, v);
}

static bool
varies(K *k, KCtx *cx, CXCursor e)
{
	Var a = {k, cx};
	return contains(e, true, varieskid, &a);
}

/* ---------------------------------------------------------------- affine forms */

static bool
isblockdim(CXCursor e)
{
	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return false;
	CXCursor *ks;
	int n = kids(e, &ks);
	const char *b;
	bool yes = n == 1 && clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr &&
	           builtinvar(clang_getCursorReferenced(strip(ks[0])), &b) && !strcmp(b, "blockDim");
	free(ks);
	return yes;
}

/* Does e depend on the thread (threadIdx, a per-thread variable, a call)? */
static bool
threadkid(CXCursor c, void *arg)
{
	K *k = arg;
	const char *b;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind == CXCursor_CallExpr)
		return !uniform(k, c);
	if (kind != CXCursor_DeclRefExpr)
		return false;
	CXCursor r = clang_getCursorReferenced(c);
	if (builtinvar(r, &b))
		return !strcmp(b, "threadIdx");
	int v = findvar(k, r);
	return v >= 0 && !k->vars.v[v].uniform && !k->vars.v[v].shared;
}

static bool
bythread(K *k, CXCursor e)
{
	return contains(e, true, threadkid, k);
}

static void
uniterm(K *k, KCtx *cx, CXCursor e, long long f, Lin *l)
{
	long long v = intconst(e);
	if (v != LLONG_MIN) {
		l->u.k += f * v;
		return;
	}
	if (f != 1 && f != -1) {
		l->ok = false;
		return;
	}
	l->varying |= varies(k, cx, e);
	if (f > 0)
		vpush(l->u.plus, e);
	else
		vpush(l->u.minus, e);
}

/* The value a local holds at the access, when known: its initialiser if
 * never assigned again, or what the context says. */
static CXCursor
valueof(K *k, KCtx *cx, int v)
{
	for (int i = cx->var.n - 1; i >= 0; i--)
		if (cx->var.v[i] == v)
			return cx->val.v[i];
	KVar *x = &k->vars.v[v];
	if (x->written || x->param || isref(clang_getCursorType(x->decl)))
		return clang_getNullCursor();
	return clang_Cursor_getVarDeclInitializer(x->decl);
}

/* A loop counter the same in every thread: its loop around the access
 * starts it and bounds it with uniform values (threads may be in other
 * iterations: it varies unless the loop holds a barrier). */
static bool
uniformcounter(K *k, KCtx *cx, int v)
{
	Range r = counterrange(k, cx, v);
	bool yes = r.lo && r.hi;
	freerange(&r);
	return yes;
}

static void
linof(K *k, KCtx *cx, CXCursor e, long long f, Lin *l)
{
	e = strip(e);
	if (!l->ok)
		return;
	long long c = intconst(e);
	if (c != LLONG_MIN) {
		l->u.k += f * c;
		return;
	}
	for (int a = 0; a < 3; a++)
		if (isthreadidx(e, "xyz"[a])) {
			l->c[a] += f;
			return;
		}
	enum CXCursorKind kind = clang_getCursorKind(e);
	if (kind == CXCursor_CStyleCastExpr || kind == CXCursor_CXXStaticCastExpr ||
	    kind == CXCursor_CXXFunctionalCastExpr) {
		CXType t = clang_getCanonicalType(clang_getCursorType(e));
		if (t.kind > CXType_Bool && t.kind <= CXType_Int128)
			linof(k, cx, lastkid(e), f, l);
		else if (!bythread(k, e))
			uniterm(k, cx, e, f, l);
		else
			l->ok = false;
		return;
	}
	if (kind == CXCursor_DeclRefExpr) {
		int v = refvar(k, e);
		CXCursor val = v >= 0 ? valueof(k, cx, v) : clang_getNullCursor();
		if (!clang_Cursor_isNull(val))
			linof(k, cx, val, f, l);
		else if (!bythread(k, e) || (v >= 0 && uniformcounter(k, cx, v)))
			uniterm(k, cx, e, f, l);
		else
			l->ok = false;
		return;
	}
	CXCursor a = clang_getNullCursor(), b = a;
	enum CXBinaryOperatorKind o = CXBinaryOperator_Comma;
	if (kind == CXCursor_BinaryOperator) {
		linkids(e, &a, &b);
		o = clang_getCursorBinaryOperatorKind(e);
	}
	long long ca = clang_Cursor_isNull(a) ? LLONG_MIN : intconst(a), cb = clang_Cursor_isNull(b) ? LLONG_MIN : intconst(b);
	if (o == CXBinaryOperator_Add || o == CXBinaryOperator_Sub) {
		linof(k, cx, a, f, l);
		linof(k, cx, b, o == CXBinaryOperator_Add ? f : -f, l);
	} else if (o == CXBinaryOperator_Mul && (ca != LLONG_MIN || cb != LLONG_MIN))
		linof(k, cx, ca != LLONG_MIN ? b : a, f * (ca != LLONG_MIN ? ca : cb), l);
	else if (o == CXBinaryOperator_Shl && cb != LLONG_MIN && cb >= 0 && cb < 31)
		linof(k, cx, a, f * (1LL << cb), l);
	else if (!bythread(k, e))
		uniterm(k, cx, e, f, l);
	else if (o == CXBinaryOperator_Mul && (isblockdim(a) || isblockdim(b)) && (f == 1 || f == -1)) {
		/* blockDim.x * threadIdx.y: the row of a linear thread index */
		Lin in = {true, false, {0, 0, 0}, {false, false, false}, {{0}, {0}, 0}};
		linof(k, cx, isblockdim(a) ? b : a, 1, &in);
		l->ok = in.ok && !in.u.plus.n && !in.u.minus.n && !in.u.k;
		for (int x = 0; x < 3 && l->ok; x++)
			if (in.c[x]) {
				l->c[x] += f * in.c[x];
				l->sym[x] = true;
			}
		freeval(&in.u);
	} else
		l->ok = false;
}

static Lin
lin(K *k, KCtx *cx, CXCursor e)
{
	Lin l = {true, false, {0, 0, 0}, {false, false, false}, {{0}, {0}, 0}};
	linof(k, cx, e, 1, &l);
	return l;
}

/* The same expression, operator for operator, naming the same things. */
static bool
sameexpr(CXCursor a, CXCursor b)
{
	a = strip(a);
	b = strip(b);
	enum CXCursorKind ka = clang_getCursorKind(a);
	if (ka != clang_getCursorKind(b))
		return false;
	long long va = intconst(a), vb = intconst(b);
	if (va != LLONG_MIN || vb != LLONG_MIN)
		return va == vb;
	if ((ka == CXCursor_DeclRefExpr || ka == CXCursor_MemberRefExpr) &&
	    !clang_equalCursors(clang_getCursorReferenced(a), clang_getCursorReferenced(b)))
		return false;
	if ((ka == CXCursor_BinaryOperator || ka == CXCursor_CompoundAssignOperator) &&
	    clang_getCursorBinaryOperatorKind(a) != clang_getCursorBinaryOperatorKind(b))
		return false;
	if (ka == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(a) != clang_getCursorUnaryOperatorKind(b))
		return false;
	if (ka == CXCursor_FloatingLiteral || ka == CXCursor_StringLiteral)
		return false;
	if (ka == CXCursor_CallExpr && !clang_equalCursors(calleeof(a), calleeof(b)))
		return false;
	CXCursor *as, *bs;
	int na = kids(a, &as), nb = kids(b, &bs);
	bool same = na == nb;
	for (int i = 0; i < na && same; i++)
		same = sameexpr(as[i], bs[i]);
	free(as);
	free(bs);
	return same;
}

/* Terms of a not matched by one of b (a multiset difference). */
static void
minus(Cursors *a, Cursors *b, Cursors *out)
{
	bool *used = xcalloc((size_t)b->n + 1, 1);
	for (int i = 0; i < a->n; i++) {
		int j = 0;
		while (j < b->n && (used[j] || !sameexpr(a->v[i], b->v[j])))
			j++;
		if (j < b->n)
			used[j] = true;
		else
			vpush(*out, a->v[i]);
	}
	free(used);
}

/* Do a and b have the same terms (their constants aside)? */
static bool
sameterms(const Val *a, const Val *b)
{
	Cursors d = {0};
	minus((Cursors *)&a->plus, (Cursors *)&b->plus, &d);
	minus((Cursors *)&b->plus, (Cursors *)&a->plus, &d);
	minus((Cursors *)&a->minus, (Cursors *)&b->minus, &d);
	minus((Cursors *)&b->minus, (Cursors *)&a->minus, &d);
	bool same = d.n == 0;
	vfree(d);
	return same;
}

/* a < b, known from the terms alone */
static bool
below(const Val *a, const Val *b)
{
	return sameterms(a, b) && a->k < b->k;
}

static bool
samethread(const Lin *a, const Lin *b)
{
	for (int x = 0; x < 3; x++)
		if (a->c[x] != b->c[x] || a->sym[x] != b->sym[x])
			return false;
	return true;
}

static int
axes(const Lin *l)
{
	return (l->c[0] != 0) + (l->c[1] != 0) + (l->c[2] != 0);
}

static bool
uniformlin(const Lin *l)
{
	return !axes(l);
}

/* ---------------------------------------------------------------- signs and ranges */

/* Inside loop l, which counts v, does its condition keep v >= 0 (v > c,
 * v >= c, c < v with c >= 0)? */
static bool
loopbound(K *k, CXCursor l, int v)
{
	CXCursor init, cond, inc, body;
	forparts(k, l, &init, &cond, &inc, &body);
	cond = strip(cond);
	if (clang_Cursor_isNull(cond) || clang_getCursorKind(cond) != CXCursor_BinaryOperator)
		return false;
	CXCursor a, b;
	linkids(cond, &a, &b);
	enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(cond);
	if (refvar(k, strip(a)) == v && (o == CXBinaryOperator_GT || o == CXBinaryOperator_GE))
		return intconst(b) != LLONG_MIN && intconst(b) >= (o == CXBinaryOperator_GT ? -1 : 0);
	if (refvar(k, strip(b)) == v && (o == CXBinaryOperator_LT || o == CXBinaryOperator_LE))
		return intconst(a) != LLONG_MIN && intconst(a) >= (o == CXBinaryOperator_LT ? -1 : 0);
	return false;
}

/* Is e never negative? (unsigned, a nonnegative constant, a counter its
 * loop keeps so, a local initialised so and never assigned, and sums,
 * products, quotients and shifts of such) */
static bool
nonneg(K *k, KCtx *cx, CXCursor e)
{
	e = strip(e);
	CXType t = clang_getCanonicalType(clang_getCursorType(e));
	if (t.kind == CXType_UInt || t.kind == CXType_ULong || t.kind == CXType_ULongLong || t.kind == CXType_UShort ||
	    t.kind == CXType_UChar)
		return true;
	long long c = intconst(e);
	if (c != LLONG_MIN)
		return c >= 0;
	enum CXCursorKind kind = clang_getCursorKind(e);
	if (kind == CXCursor_DeclRefExpr) {
		int v = refvar(k, e);
		if (v < 0)
			return false;
		CXCursor l = counterloop(k, cx, v);
		if (!clang_Cursor_isNull(l) && loopbound(k, l, v))
			return true;
		CXCursor init = clang_Cursor_getVarDeclInitializer(k->vars.v[v].decl);
		return !k->vars.v[v].written && !k->vars.v[v].param && !clang_Cursor_isNull(init) && nonneg(k, cx, init);
	}
	if (kind == CXCursor_CStyleCastExpr || kind == CXCursor_CXXStaticCastExpr)
		return nonneg(k, cx, lastkid(e));
	if (kind != CXCursor_BinaryOperator)
		return false;
	CXCursor a, b;
	linkids(e, &a, &b);
	switch (clang_getCursorBinaryOperatorKind(e)) {
	case CXBinaryOperator_Add:
	case CXBinaryOperator_Mul:
	case CXBinaryOperator_Div:
	case CXBinaryOperator_Rem:
	case CXBinaryOperator_Shr:
	case CXBinaryOperator_Shl:
		return nonneg(k, cx, a) && nonneg(k, cx, b);
	default:
		return false;
	}
}

/* A uniform expression's value as a Val, when it is one that stays put. */
static bool
valof(K *k, KCtx *cx, CXCursor e, long long shift, Val *out)
{
	Lin l = lin(k, cx, e);
	bool ok = l.ok && uniformlin(&l) && !l.varying;
	if (ok) {
		*out = l.u;
		out->k += shift;
	} else
		freeval(&l.u);
	return ok;
}

/* Which way a loop's increment moves its counter from start: 1 up, -1
 * down, 0 not known (v++, v += c, v *= c and v <<= c from a nonnegative
 * start count up; v--, v -= c, v /= c and v >>= c down). */
static int
direction(K *k, KCtx *cx, CXCursor inc, CXCursor start)
{
	enum CXCursorKind ik = clang_getCursorKind(inc);
	if (ik == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(inc);
		return u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc   ? 1
		       : u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreDec ? -1
		                                                                     : 0;
	}
	if (ik != CXCursor_CompoundAssignOperator)
		return 0;
	CXCursor a, b;
	linkids(inc, &a, &b);
	long long c = intconst(b);
	bool pos = !clang_Cursor_isNull(start) && nonneg(k, cx, start);
	switch (clang_getCursorBinaryOperatorKind(inc)) {
	case CXBinaryOperator_AddAssign:
		return c > 0 && c != LLONG_MIN ? 1 : 0;
	case CXBinaryOperator_SubAssign:
		return c > 0 && c != LLONG_MIN ? -1 : 0;
	case CXBinaryOperator_MulAssign:
	case CXBinaryOperator_ShlAssign:
		return pos && c >= 1 && c != LLONG_MIN ? 1 : 0;
	case CXBinaryOperator_DivAssign:
	case CXBinaryOperator_ShrAssign:
		return pos && c >= 1 && c != LLONG_MIN ? -1 : 0;
	default:
		return 0;
	}
}

/* The range a loop counter v takes in the body of the loop around the
 * access that counts it: from its start up to its condition's bound, or
 * down. */
static Range
counterrange(K *k, KCtx *cx0, int v)
{
	Range r = {false, false, {{0}, {0}, 0}, {{0}, {0}, 0}};
	CXCursor l = counterloop(k, cx0, v), init, cond, inc, body;
	if (clang_Cursor_isNull(l))
		return r;
	/* its start and bound as seen outside it: the loops around it, no
	 * locals' values learnt inside */
	KCtx in = *cx0, *cx = &in;
	while (in.loops.n > 0 && !clang_equalCursors(in.loops.v[in.loops.n - 1], l))
		in.loops.n--;
	in.loops.n--;
	in.var.n = in.val.n = 0;
	forparts(k, l, &init, &cond, &inc, &body);
	inc = strip(inc);
	cond = strip(cond);
	CXCursor start = clang_getNullCursor(), d = k->vars.v[v].decl;
	if (!clang_Cursor_isNull(init) && clang_getCursorKind(init) == CXCursor_DeclStmt && startof(d) >= startof(init) &&
	    endof(d) <= endof(init))
		start = clang_Cursor_getVarDeclInitializer(d);
	else if (!clang_Cursor_isNull(init) && clang_getCursorKind(strip(init)) == CXCursor_BinaryOperator) {
		CXCursor a, b;
		linkids(strip(init), &a, &b);
		if (refvar(k, strip(a)) == v)
			start = b;
	}
	int up = direction(k, cx, inc, start);
	if (up && !clang_Cursor_isNull(start)) {
		if (up > 0)
			r.lo = valof(k, cx, start, 0, &r.l);
		else
			r.hi = valof(k, cx, start, 0, &r.h);
	}
	if (clang_Cursor_isNull(cond) || clang_getCursorKind(cond) != CXCursor_BinaryOperator)
		return r;
	CXCursor a, b;
	linkids(cond, &a, &b);
	enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(cond);
	if (refvar(k, strip(b)) == v) { /* E > v: v < E */
		CXCursor t = a;
		a = b;
		b = t;
		o = o == CXBinaryOperator_LT ? CXBinaryOperator_GT
		    : o == CXBinaryOperator_GT ? CXBinaryOperator_LT
		    : o == CXBinaryOperator_LE ? CXBinaryOperator_GE
		    : o == CXBinaryOperator_GE ? CXBinaryOperator_LE
		                               : o;
	}
	if (refvar(k, strip(a)) != v)
		return r;
	if ((o == CXBinaryOperator_LT || o == CXBinaryOperator_LE) && !r.hi)
		r.hi = valof(k, cx, b, o == CXBinaryOperator_LT ? -1 : 0, &r.h);
	else if ((o == CXBinaryOperator_GT || o == CXBinaryOperator_GE) && !r.lo)
		r.lo = valof(k, cx, b, o == CXBinaryOperator_GT ? 1 : 0, &r.l);
	return r;
}

static void
freerange(Range *r)
{
	if (r->lo)
		freeval(&r->l);
	if (r->hi)
		freeval(&r->h);
}

/* Bound the thread index t (axis a, t + off the form compared) by one
 * comparison: t + off OP e, or its negation (sense 0). */
static void
threadbound(K *k, KCtx *cx, CXCursor c, bool sense, int axis, Range *r)
{
	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return;
	enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(c);
	CXCursor a, b;
	linkids(c, &a, &b);
	if ((o == CXBinaryOperator_LAnd && sense) || (o == CXBinaryOperator_LOr && !sense)) {
		threadbound(k, cx, a, sense, axis, r);
		threadbound(k, cx, b, sense, axis, r);
		return;
	}
	if (!sense) /* !(t < e): t >= e */
		o = o == CXBinaryOperator_LT   ? CXBinaryOperator_GE
		    : o == CXBinaryOperator_GE ? CXBinaryOperator_LT
		    : o == CXBinaryOperator_GT ? CXBinaryOperator_LE
		    : o == CXBinaryOperator_LE ? CXBinaryOperator_GT
		    : o == CXBinaryOperator_NE ? CXBinaryOperator_EQ
		                               : CXBinaryOperator_Comma; /* nothing known */
	Lin la = lin(k, cx, a), lb = lin(k, cx, b);
	bool left = la.ok && axes(&la) == 1 && la.c[axis] == 1 && !la.sym[axis] && !la.u.plus.n && !la.u.minus.n;
	bool right = lb.ok && axes(&lb) == 1 && lb.c[axis] == 1 && !lb.sym[axis] && !lb.u.plus.n && !lb.u.minus.n;
	if (left == right) {
		freeval(&la.u);
		freeval(&lb.u);
		return;
	}
	if (right) { /* e < t: t > e */
		Lin t = la;
		la = lb;
		lb = t;
		o = o == CXBinaryOperator_LT   ? CXBinaryOperator_GT
		    : o == CXBinaryOperator_GT ? CXBinaryOperator_LT
		    : o == CXBinaryOperator_LE ? CXBinaryOperator_GE
		    : o == CXBinaryOperator_GE ? CXBinaryOperator_LE
		                               : o;
	}
	long long off = la.u.k; /* t + off OP e: t OP e - off */
	bool ok = lb.ok && uniformlin(&lb) && !lb.varying;
	if (ok && (o == CXBinaryOperator_GT || o == CXBinaryOperator_GE || o == CXBinaryOperator_EQ) && !r->lo) {
		r->l = copyval(&lb.u);
		r->l.k += -off + (o == CXBinaryOperator_GT);
		r->lo = true;
	}
	if (ok && (o == CXBinaryOperator_LT || o == CXBinaryOperator_LE || o == CXBinaryOperator_EQ) && !r->hi) {
		r->h = copyval(&lb.u);
		r->h.k += -off - (o == CXBinaryOperator_LT);
		r->hi = true;
	}
	freeval(&la.u);
	freeval(&lb.u);
}

/* The range of threadIdx's axis at the access: 0 up, and what the ifs
 * around it say. */
static Range
threadrange(K *k, KCtx *cx, int axis)
{
	Range r = {false, false, {{0}, {0}, 0}, {{0}, {0}, 0}};
	for (int i = cx->guards.n - 1; i >= 0; i--)
		threadbound(k, cx, cx->guards.v[i], cx->sense.v[i], axis, &r);
	if (!r.lo) {
		r.lo = true;
		r.l = (Val){{0}, {0}, 0};
	}
	return r;
}

/* The ranges known of a uniform value: itself where it stays put, and a
 * counter's (plus a constant). Returns how many. */
static int
valranges(K *k, KCtx *cx, const Val *v, bool varying, Range out[2])
{
	int n = 0;
	if (!varying) {
		out[n] = (Range){true, true, copyval(v), copyval(v)};
		n++;
	}
	if (v->plus.n == 1 && !v->minus.n) {
		int var = refvar(k, strip(v->plus.v[0]));
		Range r = var >= 0 ? counterrange(k, cx, var) : (Range){false, false, {{0}, {0}, 0}, {{0}, {0}, 0}};
		if (r.lo)
			r.l.k += v->k;
		if (r.hi)
			r.h.k += v->k;
		if (r.lo || r.hi)
			out[n++] = r;
	}
	return n;
}

/* Is every value of a below every value of b? */
static bool
beforerange(const Range *a, const Range *b)
{
	return a->hi && b->lo && below(&a->h, &b->l);
}

/* ---------------------------------------------------------------- pairs of subscripts */

enum { K_SAME, K_DISJOINT, K_FORWARD, K_OVERLAP };

/* The ranges known of a subscript's values: a uniform one's (valranges),
 * or the thread index t + k's, t bounded by the ifs around the access. */
static int
ranges(K *k, KCtx *cx, Lin *l, Range out[2])
{
	if (uniformlin(l))
		return valranges(k, cx, &l->u, l->varying, out);
	int a = l->c[0] ? 0 : l->c[1] ? 1 : 2;
	if (axes(l) != 1 || l->u.plus.n || l->u.minus.n || l->c[a] != 1 || l->sym[a])
		return 0;
	out[0] = threadrange(k, cx, a);
	if (out[0].lo)
		out[0].l.k += l->u.k;
	if (out[0].hi)
		out[0].h.k += l->u.k;
	return 1;
}

/* Never equal: the values each subscript can take do not overlap (row j
 * < i against rows threadIdx.x > i; thread 0's row 0 against the rows
 * threadIdx.x + 1). */
static bool
apart(K *k, Lin *lx, KCtx *cx, Lin *ly, KCtx *cy)
{
	Range rx[2], ry[2];
	int nx = ranges(k, cx, lx, rx), ny = ranges(k, cy, ly, ry);
	bool yes = false;
	for (int i = 0; i < nx && !yes; i++)
		for (int j = 0; j < ny && !yes; j++)
			yes = beforerange(&rx[i], &ry[j]) || beforerange(&ry[j], &rx[i]);
	for (int i = 0; i < nx; i++)
		freerange(&rx[i]);
	for (int j = 0; j < ny; j++)
		freerange(&ry[j]);
	return yes;
}

/* How subscript ly of one thread's access relates to lx of another's. */
static int
component(K *k, Lin *lx, KCtx *cx, Lin *ly, KCtx *cy, bool within)
{
	if (!lx->ok || !ly->ok)
		return K_OVERLAP;
	if (apart(k, lx, cx, ly, cy))
		return K_DISJOINT;
	if (!samethread(lx, ly) || (!within && (lx->varying || ly->varying)))
		return K_OVERLAP;
	Cursors xp = {0}, yp = {0}, xm = {0}, ym = {0};
	minus(&lx->u.plus, &ly->u.plus, &xp);
	minus(&ly->u.plus, &lx->u.plus, &yp);
	minus(&lx->u.minus, &ly->u.minus, &xm);
	minus(&ly->u.minus, &lx->u.minus, &ym);
	int n = axes(lx), a = lx->c[0] ? 0 : lx->c[1] ? 1 : 2;
	long long d = ly->u.k - lx->u.k;
	int r = K_OVERLAP;
	if (!xp.n && !yp.n && !xm.n && !ym.n) /* c * t + k1 = c * t' + k2 needs c | k2 - k1 */
		r = !d ? K_SAME : n == 1 && !lx->sym[a] && d % lx->c[a] ? K_DISJOINT : K_OVERLAP;
	if (r == K_OVERLAP && within && !xp.n && !ym.n && d >= 0 && n >= 1 && lx->c[a] == 1 && !lx->sym[a]) {
		/* d >= 0 above: the thread d further on, which runs later */
		r = K_FORWARD;
		for (int j = 0; j < yp.n && r == K_FORWARD; j++)
			r = nonneg(k, cy, yp.v[j]) ? K_FORWARD : K_OVERLAP;
		for (int j = 0; j < xm.n && r == K_FORWARD; j++)
			r = nonneg(k, cx, xm.v[j]) ? K_FORWARD : K_OVERLAP;
	}
	vfree(xp);
	vfree(yp);
	vfree(xm);
	vfree(ym);
	return r;
}

/* Two subscripts of one axis whose thread parts cancel in a combination:
 * cj * (ci t + ki) - ci * (cj t + kj) is the same in every thread, so
 * where the combinations of the two accesses differ they never meet
 * (an anti-diagonal wavefront). */
static bool
combined(Lin *lx, Lin *ly, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			Lin *xi = &lx[i], *xj = &lx[j], *yi = &ly[i], *yj = &ly[j];
			if (!xi->ok || !xj->ok || !yi->ok || !yj->ok || axes(xi) != 1 || axes(xj) != 1 ||
			    !samethread(xi, yi) || !samethread(xj, yj) || xi->varying || xj->varying || yi->varying ||
			    yj->varying || !sameterms(&xi->u, &yi->u) || !sameterms(&xj->u, &yj->u))
				continue;
			int a = xi->c[0] ? 0 : xi->c[1] ? 1 : 2;
			if (!xj->c[a] || xi->sym[a] || xj->sym[a])
				continue;
			long long ci = xi->c[a], cj = xj->c[a];
			if (cj * (yi->u.k - xi->u.k) - ci * (yj->u.k - xj->u.k) != 0)
				return true;
		}
	return false;
}

/* Does the kernel tell threads apart by axis a: read threadIdx's or
 * blockDim's axis, directly or in a function it calls (cooperative groups'
 * ranks read them all)? A call that a template leaves unresolved is taken
 * not to: it cannot be followed (the race check, CUFLOW_RACECHECK, watches
 * that corner at run time). */
typedef struct {
	char axis;
	Cursors seen;
	bool yes;
} Axis;

static int
axiskid(CXCursor c, void *arg)
{
	Axis *a = arg;
	const char *b;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind == CXCursor_CallExpr) {
		CXCursor f = clang_getCursorReferenced(c);
		if (!clang_Cursor_isNull(f) && incg(f)) {
			a->yes = true;
			return WALK_STOP;
		}
		CXCursor d = clang_Cursor_isNull(f) || insystem(f) ? clang_getNullCursor() : clang_getCursorDefinition(f);
		bool seen = clang_Cursor_isNull(d);
		for (int i = 0; i < a->seen.n && !seen; i++)
			seen = clang_equalCursors(a->seen.v[i], d);
		if (!seen) {
			vpush(a->seen, d);
			descend(d, axiskid, a);
		}
		return a->yes ? WALK_STOP : WALK_IN;
	}
	if (kind != CXCursor_MemberRefExpr)
		return WALK_IN;
	CXCursor *ks;
	int n = kids(c, &ks);
	char *m = spelling(c);
	a->yes = n == 1 && m[0] == a->axis && !m[1] && clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr &&
	         builtinvar(clang_getCursorReferenced(strip(ks[0])), &b) &&
	         (!strcmp(b, "threadIdx") || !strcmp(b, "blockDim"));
	free(m);
	free(ks);
	return a->yes ? WALK_STOP : WALK_IN;
}

static bool
usesaxis(K *k, char axis)
{
	Axis a = {axis, {0}, false};
	descend(k->body, axiskid, &a);
	vfree(a.seen);
	return a.yes;
}

/* Do the subscripts picked (pick[i]) name a different element for every
 * thread? Each axis the kernel tells threads apart by must be covered: by
 * a subscript of its own, or, for y and z, by a linear thread index (x +
 * blockDim.x * y). */
static bool
injective(K *k, Lin *ls, const bool *pick, int n)
{
	bool cover[3] = {false, false, false};
	for (int i = 0; i < n; i++) {
		if (!pick[i] || !ls[i].ok)
			continue;
		int m = axes(&ls[i]);
		if (m == 1)
			for (int a = 0; a < 3; a++)
				cover[a] |= ls[i].c[a] != 0 && !ls[i].sym[a];
		else if (m > 1 && (ls[i].c[0] == 1 || ls[i].c[0] == -1) && !ls[i].sym[0] &&
		         (ls[i].sym[1] || !ls[i].c[1]) && (ls[i].sym[2] || !ls[i].c[2]))
			cover[0] = cover[1] = cover[2] = true;
	}
	return cover[0] && (cover[1] || !usesaxis(k, 'y')) && (cover[2] || !usesaxis(k, 'z'));
}

/* May another thread's subscripts yi (in context cy) name the element xi
 * names (cx)? C_NONE, C_CROSS, or C_FORWARD: only the element of the
 * thread d >= 0 further on (within: both in one statement, run once). */
int
meets(K *k, Cursors *xi, KCtx *cx, Cursors *yi, KCtx *cy, bool within)
{
	int n = xi->n, count[K_OVERLAP + 1] = {0};
	Lin *lx = xcalloc((size_t)n, sizeof *lx), *ly = xcalloc((size_t)n, sizeof *ly);
	bool *same = xcalloc((size_t)n, 1), *all = xcalloc((size_t)n, 1);
	for (int i = 0; i < n; i++) {
		lx[i] = lin(k, cx, xi->v[i]);
		ly[i] = lin(k, cy, yi->v[i]);
		int c = component(k, &lx[i], cx, &ly[i], cy, within);
		count[c]++;
		same[i] = c == K_SAME;
		all[i] = true;
	}
	int r = count[K_DISJOINT] || combined(lx, ly, n) || injective(k, lx, same, n) ? C_NONE
	        : !count[K_OVERLAP] && count[K_FORWARD] == 1 && injective(k, lx, all, n) ? C_FORWARD
	                                                                                  : C_CROSS;
	for (int i = 0; i < n; i++) {
		freeval(&lx[i].u);
		freeval(&ly[i].u);
	}
	free(lx);
	free(ly);
	free(same);
	free(all);
	return r;
}

/* The one thread an access's context leaves, by its index on each axis
 * the kernel tells threads apart by (the ifs around it pin each to one
 * value: if (threadIdx.x == 0), if (lid == blockDim.x - 1)); false where
 * more than one may reach it. */
static bool
onethread(K *k, KCtx *cx, Range at[3])
{
	bool one = true;
	for (int a = 0; a < 3; a++) {
		at[a] = (Range){true, true, {{0}, {0}, 0}, {{0}, {0}, 0}};
		if (a > 0 && !usesaxis(k, "xyz"[a]))
			continue;
		freerange(&at[a]);
		at[a] = threadrange(k, cx, a);
		one = one && at[a].lo && at[a].hi && sameterms(&at[a].l, &at[a].h) && at[a].l.k == at[a].h.k;
	}
	return one;
}

/* Do both contexts leave one and the same thread (a leader's statements:
 * no other thread reaches what they touch there)? */
bool
oneleader(K *k, KCtx *cx, KCtx *cy)
{
	Range x[3], y[3];
	bool onex = onethread(k, cx, x), oney = onethread(k, cy, y), same = onex && oney;
	for (int a = 0; a < 3 && same; a++)
		same = sameterms(&x[a].l, &y[a].l) && x[a].l.k == y[a].l.k;
	for (int a = 0; a < 3; a++) {
		freerange(&x[a]);
		freerange(&y[a]);
	}
	return same;
}
