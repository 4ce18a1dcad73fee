/* ranges.c: where a kernel's blocks read and write (--lower=coexec).
 *
 * SKMD's buffer manager (Lee et al., PACT 2013, section III.B) moves only
 * the part of a buffer each device's blocks touch when that part is an
 * affine function of the block index ("contiguous kernels"). Here every
 * subscript through a pointer parameter, p[e] or *(p + e), is read as an
 * interval in the block's indices: e lies in
 *     [lo + cx*blockIdx.x + cy*blockIdx.y + cz*blockIdx.z,
 *      hi + cx*blockIdx.x + cy*blockIdx.y + cz*blockIdx.z]
 * for every thread of the block, where the coefficients are the same in
 * every block (constants, scalar parameters, blockDim, gridDim) and lo/hi
 * bound what varies within the block: threadIdx over [0, blockDim - 1], a
 * loop counter over its loop's bounds, a local through the one value it
 * is ever given. The forms are C++ expressions over the launcher's own
 * names (the parameters, cuflow_g and cuflow_b for the grid and block),
 * which the runtime evaluates at each launch over the blocks of each part
 * (cuflow_coexec.h). A parameter used any other way (passed on, copied,
 * cast, its address taken) gets no form: the runtime moves its whole
 * allocation, as for a discontiguous kernel. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"
#include "lower/kernel.h"

/* e in [lo + c.b, hi + c.b]; c[d] NULL: 0. */
typedef struct {
	bool ok;
	char *c[3], *lo, *hi;
} Aff;

static void
afffree(Aff *a)
{
	for (int d = 0; d < 3; d++)
		free(a->c[d]);
	free(a->lo);
	free(a->hi);
	memset(a, 0, sizeof *a);
}

static Aff
exact(char *v)
{
	Aff a = {true, {NULL, NULL, NULL}, v, xstrdup(v)};
	return a;
}

static Aff
bad(void)
{
	Aff a = {0};
	return a;
}

/* the same value in every thread of every block: a constant or uniform term */
static bool
isexact(const Aff *a)
{
	return a->ok && !a->c[0] && !a->c[1] && !a->c[2] && !strcmp(a->lo, a->hi);
}

static char *
sum(const char *a, const char *op, const char *b)
{
	if (!a && !b)
		return NULL;
	if (!b)
		return xstrdup(a);
	if (!a)
		return !strcmp(op, "+") ? xstrdup(b) : fmt("(-(%s))", b);
	return fmt("(%s %s %s)", a, op, b);
}

static Aff aff(K *k, CXCursor e, int depth);

/* a + b or a - b */
static Aff
addsub(Aff x, Aff y, bool minus)
{
	Aff r = bad();
	if (x.ok && y.ok) {
		r.ok = true;
		for (int d = 0; d < 3; d++)
			r.c[d] = sum(x.c[d], minus ? "-" : "+", y.c[d]);
		r.lo = sum(x.lo, minus ? "-" : "+", minus ? y.hi : y.lo);
		r.hi = sum(x.hi, minus ? "-" : "+", minus ? y.lo : y.hi);
	}
	afffree(&x);
	afffree(&y);
	return r;
}

/* x * u, u the same everywhere */
static Aff
scale(Aff x, Aff u)
{
	Aff r = bad();
	if (x.ok && isexact(&u)) {
		r.ok = true;
		for (int d = 0; d < 3; d++)
			r.c[d] = x.c[d] ? fmt("(%s * %s)", x.c[d], u.lo) : NULL;
		if (!strcmp(x.lo, x.hi)) {
			r.lo = fmt("(%s * %s)", x.lo, u.lo);
			r.hi = xstrdup(r.lo);
		} else {
			r.lo = fmt("cuflowCxMin(%s * %s, %s * %s)", x.lo, u.lo, x.hi, u.lo);
			r.hi = fmt("cuflowCxMax(%s * %s, %s * %s)", x.lo, u.lo, x.hi, u.lo);
		}
	}
	afffree(&x);
	afffree(&u);
	return r;
}

/* threadIdx.x, blockDim.y, ...: the builtin and its axis, or NULL */
static const char *
builtin(CXCursor e, int *axis)
{
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return NULL;
	CXCursor *ks;
	int n = kids(e, &ks);
	char *m = spelling(e);
	const char *b = NULL;
	if (n == 1 && m[0] >= 'x' && m[0] <= 'z' && !m[1] && clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr &&
	    builtinvar(clang_getCursorReferenced(strip(ks[0])), &b))
		*axis = m[0] - 'x';
	else
		b = NULL;
	free(m);
	free(ks);
	return b;
}

typedef struct {
	CXCursor decl, loop;
} Loopof;

static int
findloop(CXCursor c, void *arg)
{
	Loopof *l = arg;
	if (clang_getCursorKind(c) != CXCursor_ForStmt)
		return WALK_IN;
	CXCursor *ks;
	int n = kids(c, &ks);
	bool yes = false;
	for (int i = 0; i < n && !yes; i++)
		if (clang_getCursorKind(ks[i]) == CXCursor_DeclStmt) {
			CXCursor *ds;
			int nd = kids(ks[i], &ds);
			for (int j = 0; j < nd; j++)
				yes |= clang_equalCursors(ds[j], l->decl);
			free(ds);
		}
	free(ks);
	if (yes) {
		l->loop = c;
		return WALK_STOP;
	}
	return WALK_IN;
}

/* v's loop: for (T v = A; v < B or v <= B; ++v, v++ or v += C > 0), v
 * written nowhere else: v in [A, B - 1] (or [A, B]) */
static Aff
counter(K *k, int v, int depth)
{
	KVar *x = &k->vars.v[v];
	Loopof l = {x->decl, clang_getNullCursor()};
	if (x->writes != 1)
		return bad();
	descend(k->body, findloop, &l);
	if (clang_Cursor_isNull(l.loop))
		return bad();
	CXCursor init, cond, inc, body;
	if (forparts(k, l.loop, &init, &cond, &inc, &body) != 2 || clang_Cursor_isNull(cond) || clang_Cursor_isNull(inc))
		return bad();
	/* the increment */
	inc = strip(inc);
	CXCursor *ks;
	int n = kids(inc, &ks);
	bool up = false;
	if (clang_getCursorKind(inc) == CXCursor_UnaryOperator && n == 1 && refvar(k, strip(ks[0])) == v) {
		enum CXUnaryOperatorKind o = clang_getCursorUnaryOperatorKind(inc);
		up = o == CXUnaryOperator_PreInc || o == CXUnaryOperator_PostInc;
	} else if (clang_getCursorKind(inc) == CXCursor_CompoundAssignOperator && n == 2 && refvar(k, strip(ks[0])) == v &&
	           clang_getCursorBinaryOperatorKind(inc) == CXBinaryOperator_AddAssign) {
		long long c = intconst(ks[1]);
		up = c != LLONG_MIN && c > 0;
	}
	free(ks);
	/* the condition: v < B or v <= B */
	cond = strip(cond);
	n = kids(cond, &ks);
	enum CXBinaryOperatorKind o = clang_getCursorKind(cond) == CXCursor_BinaryOperator
	                                  ? clang_getCursorBinaryOperatorKind(cond) : CXBinaryOperator_Comma;
	bool lt = o == CXBinaryOperator_LT, le = o == CXBinaryOperator_LE;
	Aff hi = up && n == 2 && (lt || le) && refvar(k, strip(ks[0])) == v ? aff(k, ks[1], depth + 1) : bad();
	free(ks);
	Aff lo = hi.ok ? aff(k, clang_Cursor_getVarDeclInitializer(x->decl), depth + 1) : bad();
	Aff r = bad();
	if (lo.ok && hi.ok && !lo.c[0] && !lo.c[1] && !lo.c[2] && !hi.c[0] && !hi.c[1] && !hi.c[2]) {
		r.ok = true;
		r.lo = xstrdup(lo.lo);
		r.hi = lt ? fmt("(%s - 1)", hi.hi) : xstrdup(hi.hi);
	}
	afffree(&lo);
	afffree(&hi);
	return r;
}

/* An integer type of 32 bits or more: a char or short index wraps (unsigned
 * short i = (blockIdx.x + 200) * 256 + t) where the affine form would not. */
static bool
wideint(CXType t)
{
	return t.kind > CXType_Bool && t.kind <= CXType_Int128 && clang_Type_getSizeOf(t) >= 4;
}

static Aff
aff(K *k, CXCursor e, int depth)
{
	if (clang_Cursor_isNull(e) || depth > 32)
		return bad();
	e = strip(e);
	long long c = intconst(e);
	if (c != LLONG_MIN)
		return exact(fmt("%lldLL", c));
	int axis = 0;
	const char *b = builtin(e, &axis);
	if (b) {
		Aff a = exact(xstrdup("0LL"));
		if (!strcmp(b, "blockIdx"))
			a.c[axis] = xstrdup("1LL");
		else if (!strcmp(b, "threadIdx")) {
			free(a.hi);
			a.hi = fmt("((long long)cuflow_b.%c - 1)", 'x' + axis);
		} else if (!strcmp(b, "blockDim") || !strcmp(b, "gridDim")) {
			afffree(&a);
			a = exact(fmt("(long long)%s.%c", b[0] == 'b' ? "cuflow_b" : "cuflow_g", 'x' + axis));
		} else
			afffree(&a);
		return a;
	}
	enum CXCursorKind kind = clang_getCursorKind(e);
	if (kind == CXCursor_CStyleCastExpr || kind == CXCursor_CXXStaticCastExpr ||
	    kind == CXCursor_CXXFunctionalCastExpr) {
		CXType t = clang_getCanonicalType(clang_getCursorType(e));
		return wideint(t) ? aff(k, lastkid(e), depth + 1) : bad();
	}
	if (kind == CXCursor_DeclRefExpr) {
		int v = refvar(k, e);
		if (v < 0)
			return bad();
		KVar *x = &k->vars.v[v];
		CXType t = clang_getCanonicalType(clang_getCursorType(x->decl));
		if (!wideint(t))
			return bad();
		if (x->param)
			return x->writes ? bad() : exact(fmt("(long long)%s", x->name));
		if (!x->writes && !x->addr)
			return aff(k, clang_Cursor_getVarDeclInitializer(x->decl), depth + 1);
		return counter(k, v, depth);
	}
	if (kind != CXCursor_BinaryOperator)
		return bad();
	CXCursor *ks;
	int n = kids(e, &ks);
	if (n != 2) {
		free(ks);
		return bad();
	}
	enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(e);
	Aff r = bad();
	if (o == CXBinaryOperator_Add || o == CXBinaryOperator_Sub)
		r = addsub(aff(k, ks[0], depth + 1), aff(k, ks[1], depth + 1), o == CXBinaryOperator_Sub);
	else if (o == CXBinaryOperator_Mul) {
		Aff x = aff(k, ks[0], depth + 1), y = aff(k, ks[1], depth + 1);
		r = isexact(&y) ? scale(x, y) : scale(y, x);
	} else if (o == CXBinaryOperator_Div) { /* n / TILE: the same everywhere */
		Aff x = aff(k, ks[0], depth + 1), y = aff(k, ks[1], depth + 1);
		if (isexact(&x) && isexact(&y))
			r = exact(fmt("(%s / %s)", x.lo, y.lo));
		afffree(&x);
		afffree(&y);
	} else if (o == CXBinaryOperator_Shl && intconst(ks[1]) >= 0 && intconst(ks[1]) < 31)
		r = scale(aff(k, ks[0], depth + 1), exact(fmt("%lldLL", 1LL << intconst(ks[1]))));
	free(ks);
	return r;
}

/* ---------------------------------------------------------------- accesses */

typedef struct {
	K *k;
	int v;      /* the parameter */
	bool whole; /* a use cuflow cannot bound */
	Buf *out;
	int param, nforms;
	char *elem;
} Uses;

static void
addform(Uses *u, Aff a)
{
	if (!a.ok) {
		u->whole = true;
		return;
	}
	bprintf(u->out, "{%d, sizeof(*%s), %s, %s, %s, %s, %s}, ", u->param, u->k->vars.v[u->v].name,
	        a.c[0] ? a.c[0] : "0LL", a.c[1] ? a.c[1] : "0LL", a.c[2] ? a.c[2] : "0LL", a.lo, a.hi);
	u->nforms++;
	afffree(&a);
}

static bool
isparam(Uses *u, CXCursor e)
{
	return refvar(u->k, strip(e)) == u->v;
}

static bool
namesparam(CXCursor c, void *arg)
{
	return isparam(arg, c);
}

static int
usekid(CXCursor c, void *arg)
{
	Uses *u = arg;
	if (u->whole)
		return WALK_STOP;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor *ks;
	int n = kids(c, &ks);
	int at = WALK_IN;
	if (kind == CXCursor_UnaryOperator && n == 1 && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf &&
	    contains(ks[0], true, namesparam, u))
		u->whole = true; /* &p[4 * i], &p->f: a pointer into p, reaching past the element */
	else if (kind == CXCursor_ArraySubscriptExpr && n == 2 && isparam(u, ks[0])) {
		addform(u, aff(u->k, ks[1], 0));
		descend(ks[1], usekid, u);
		at = WALK_OVER;
	} else if (kind == CXCursor_UnaryOperator && n == 1 && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref) {
		CXCursor p = strip(ks[0]);
		CXCursor *ps;
		int np = kids(p, &ps);
		if (isparam(u, p)) {
			addform(u, exact(xstrdup("0LL")));
			at = WALK_OVER;
		} else if (clang_getCursorKind(p) == CXCursor_BinaryOperator && np == 2 &&
		           clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_Add && (isparam(u, ps[0]) || isparam(u, ps[1]))) {
			CXCursor off = isparam(u, ps[0]) ? ps[1] : ps[0];
			addform(u, aff(u->k, off, 0));
			descend(off, usekid, u);
			at = WALK_OVER;
		}
		free(ps);
	} else if (kind == CXCursor_MemberRefExpr && n == 1 && isparam(u, ks[0]) &&
	           clang_getCanonicalType(clang_getCursorType(strip(ks[0]))).kind == CXType_Pointer) {
		addform(u, exact(xstrdup("0LL"))); /* p->field */
		at = WALK_OVER;
	} else if (kind == CXCursor_DeclRefExpr && isparam(u, c))
		u->whole = true; /* any other use: passed on, copied, cast */
	free(ks);
	return u->whole ? WALK_STOP : at;
}

/* The forms of every pointer parameter whose uses are all subscripts cuflow
 * can bound, as the initialisers of cuflow_cx_form (cuflow_coexec.h):
 * {parameter, element size, cx, cy, cz, lo, hi}, ...; "" when none. */
char *
cxranges(K *k, unsigned long long *formed)
{
	Buf out = {0};
	bputs(&out, "");
	for (int i = 0, param = 0; i < k->vars.n; i++) {
		KVar *x = &k->vars.v[i];
		if (!x->param)
			continue;
		CXType t = clang_getCanonicalType(clang_getCursorType(x->decl));
		if (t.kind == CXType_Pointer && !x->writes) {
			Buf one = {0};
			Uses u = {k, i, false, &one, param, 0, NULL};
			descend(k->body, usekid, &u);
			if (!u.whole && u.nforms) {
				bputn(&out, one.v, one.n);
				*formed |= param < 64 ? 1ULL << param : 0;
			}
			free(one.v);
		}
		param++;
	}
	return bstr(&out);
}
