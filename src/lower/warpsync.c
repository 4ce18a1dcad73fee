/* warpsync.c: warp-synchronous __shared__ memory, run in step.
 *
 * Pre-Volta code lets the lanes of a warp read each other's __shared__
 * stores with no barrier between: a staged reduction stores every lane's
 * partial sum, then lanes < 16 add the element 16 above, < 8 the one 8
 * above, and so on. The warp's 32 lanes run each statement together, all
 * loads before any store. A thread loop that runs each thread to its end
 * reads its partners' slots before they are written: a silently wrong
 * answer, and the lowering is the oracle of every other rewrite.
 *
 * After the first (dry) pass, which says in which thread loop each use of
 * __shared__ memory lies, this file collects the accesses: the variable (or
 * the pointer into __shared__ memory, followed through its assignments),
 * read or write, the index as affine forms in threadIdx (Lin). Two accesses
 * of one thread loop conflict when one writes and another thread may reach
 * the same element: unless both indices are the same injective function of
 * the thread (its own element), or both are atomics. The statements of a
 * conflict become steps: each runs as a thread loop of its own, which is
 * the warps' lockstep order for all warps of the block at once, one of the
 * schedules the GPU may take (COX's warp-level execution, Han et al., ASPLOS
 * 2022). A statement in which lanes read what other lanes store in it
 * (s[t] = v = v + s[t - 1]) also evaluates its right side in a thread loop
 * before the one that stores; reading the element d >= 0 above one's own
 * needs no such split, since the threads run in increasing order. What
 * cannot run in step (the writes inside a __device__ function called with
 * the memory, a store inside an expression that other lanes read in it) is
 * refused with its line: never lowered as if threads were independent. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"
#include "lower/kernel.h"

enum { A_R = 1, A_W = 2, A_ATOMIC = 4 };

typedef struct {
	int root;       /* the KVar named: a __shared__ variable or a pointer of unknown target */
	int kind;       /* A_R, A_W, both; A_ATOMIC */
	bool whole;     /* the element is unknown: any of the variable's */
	Cursors idx;    /* the subscripts, outermost first */
	char *member;   /* ".a.b" after the element, or NULL */
	CXCursor ref;   /* the use of the variable, as the first pass saw it */
	CXCursor expr;  /* the access */
	CXCursor unit;  /* its statement (an if or loop for its header) */
	CXCursor fn;    /* a __device__ function it is passed to (writing in it cannot run in step) */
	KCtx cx;        /* the loops and ifs around it, the locals' known values */
	int region;     /* its thread loop in the first pass; -1: not seen there */
	bool looped;    /* inside a loop of that thread loop */
	bool elem;      /* an element (not memory passed to a call) */
} Acc;

typedef struct {
	K *k;
	VEC(Acc) acc;
	CXCursor unit;
	KCtx cx;
	const char *why; /* a refusal */
	CXCursor at;
} Walk;

/* ---------------------------------------------------------------- where pointers point */

static bool
ispointer(CXCursor d)
{
	return canontype(d).kind == CXType_Pointer;
}

/* Does the function a call reaches (through its own calls) declare
 * __shared__ memory, or is it code cuflow cannot see? Then a pointer it
 * returns may point there. */
typedef struct {
	Cursors seen;
	bool yes;
} Reach;

static int
reachkid(CXCursor c, void *arg)
{
	Reach *r = arg;
	if (clang_getCursorKind(c) == CXCursor_CUDASharedAttr) {
		r->yes = true;
		return WALK_STOP;
	}
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return WALK_IN;
	CXCursor f = clang_getCursorReferenced(c);
	if (!clang_Cursor_isNull(f) && insystem(f))
		return WALK_IN;
	CXCursor d = clang_Cursor_isNull(f) ? f : clang_getCursorDefinition(f);
	if (clang_Cursor_isNull(d)) {
		r->yes = true;
		return WALK_STOP;
	}
	for (int i = 0; i < r->seen.n; i++)
		if (clang_equalCursors(r->seen.v[i], d))
			return WALK_IN;
	vpush(r->seen, d);
	descend(d, reachkid, r);
	return r->yes ? WALK_STOP : WALK_IN;
}

static bool
reachesshared(CXCursor call)
{
	Reach r = {{0}, false};
	reachkid(call, &r);
	vfree(r.seen);
	return r.yes;
}

enum { NONE = -1, MAYBE = -2 };

static int pointsinto(K *k, CXCursor e, bool *whole);

/* Does a call return a value no pointer is (float, an enum)? A template's
 * dependent type may be any. */
static bool
valuecall(CXCursor call)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(call));
	return (t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin) || t.kind == CXType_Enum;
}

/* Is call an operator a template leaves unresolved whose every candidate
 * is the toolkit's or the library's (a * b on a dependent type, with
 * __half's operators in scope)? Then, as the built-in operator, it points
 * where its operands do. */
static bool
sysoperator(CXCursor call)
{
	if (!clang_Cursor_isNull(calleeof(call)))
		return false;
	CXCursor o = overloadref(call);
	if (clang_Cursor_isNull(o) || clang_getNumOverloadedDecls(o) == 0)
		return false;
	char *name = spelling(o);
	bool yes = !strncmp(name, "operator", 8);
	free(name);
	for (unsigned i = 0; yes && i < clang_getNumOverloadedDecls(o); i++)
		yes = insystem(clang_getOverloadedDecl(o, i));
	return yes;
}

/* Where a built-in operator's result points: where one of its operands
 * does (p + i), MAYBE when they differ. */
static int
argspoint(K *k, CXCursor call, bool *whole)
{
	int r = NONE;
	for (int i = 0; i < clang_Cursor_getNumArguments(call); i++) {
		int a = pointsinto(k, clang_Cursor_getArgument(call, i), whole);
		r = r == NONE ? a : a == NONE || a == r ? r : MAYBE;
	}
	*whole |= r != NONE; /* p + i: not at its start */
	return r;
}

/* The object under subscripts and members (sm.red[3] -> sm); *whole set
 * when there are any: the element is not at the object's start. */
static CXCursor
elembase(CXCursor b, bool *whole)
{
	while (clang_getCursorKind(b) == CXCursor_ArraySubscriptExpr || clang_getCursorKind(b) == CXCursor_MemberRefExpr) {
		CXCursor *bs;
		int m = kids(b, &bs);
		CXCursor base = m ? strip(bs[0]) : b;
		free(bs);
		if (clang_equalCursors(base, b))
			break;
		b = base;
		*whole = true;
	}
	return b;
}

/* The __shared__ variable (a KVar) pointer expression e points into; NONE,
 * or MAYBE: somewhere cuflow cannot name. *whole: not at its start. */
static int
pointsinto(K *k, CXCursor e, bool *whole)
{
	e = strip(e);
	enum CXCursorKind kind = clang_getCursorKind(e);
	CXCursor *ks;
	int n = kids(e, &ks), r = NONE;
	switch (kind) {
	case CXCursor_DeclRefExpr: { /* a pointer or an array (decaying); a struct's value points nowhere */
		enum CXTypeKind tk = canontype(e).kind;
		int v = tk == CXType_Pointer || tk == CXType_ConstantArray || tk == CXType_IncompleteArray ||
		                tk == CXType_DependentSizedArray || tk == CXType_LValueReference || tk == CXType_Unexposed ||
		                tk == CXType_Dependent
		            ? refvar(k, e)
		            : -1;
		if (v >= 0 && k->vars.v[v].root >= 0) {
			r = k->vars.v[v].root;
			*whole |= k->vars.v[v].whole;
		}
		break;
	}
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXReinterpretCastExpr:
	case CXCursor_CXXConstCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
		r = n ? pointsinto(k, ks[n - 1], whole) : NONE;
		break;
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr: { /* an array member or row, decaying: sm.red, sd[w] */
		enum CXTypeKind tk = canontype(e).kind;
		if (tk != CXType_ConstantArray && tk != CXType_IncompleteArray && tk != CXType_DependentSizedArray)
			break;
		int v = refvar(k, elembase(e, whole));
		*whole = true;
		if (v >= 0 && k->vars.v[v].shared)
			r = v;
		else if (v >= 0 && k->vars.v[v].root >= 0)
			r = k->vars.v[v].root;
		else if (v >= 0 && k->vars.v[v].maybe)
			r = MAYBE; /* through what cuflow cannot name */
		break;
	}
	case CXCursor_UnaryOperator:
		if (n == 1 && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf) {
			CXCursor b = elembase(strip(ks[0]), whole);
			int v = refvar(k, b);
			if (v >= 0 && k->vars.v[v].shared)
				r = v;
			else if (v >= 0 && k->vars.v[v].root >= 0 && ispointer(k->vars.v[v].decl))
				r = pointsinto(k, b, whole);
		}
		break;
	case CXCursor_BinaryOperator: {
		enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(e);
		if (n == 2 && (o == CXBinaryOperator_Add || o == CXBinaryOperator_Sub)) {
			for (int i = 0; i < 2 && r == NONE; i++) /* a sum is one too: a template's has no type yet */
				if (canontype(ks[i]).kind == CXType_Pointer || canontype(ks[i]).kind == CXType_ConstantArray ||
				    canontype(ks[i]).kind == CXType_IncompleteArray ||
				    clang_getCursorKind(strip(ks[i])) == CXCursor_BinaryOperator)
					r = pointsinto(k, ks[i], whole);
			*whole = true;
		}
		break;
	}
	case CXCursor_ConditionalOperator:
		if (n == 3) {
			int a = pointsinto(k, ks[1], whole), b = pointsinto(k, ks[2], whole);
			r = a == b ? a : MAYBE;
		}
		break;
	case CXCursor_CallExpr:
		if (valuecall(e))
			r = NONE;
		else if (n == 2 && clang_getCursorKind(ks[0]) == CXCursor_TypeRef && clang_Cursor_isNull(calleeof(e)))
			r = pointsinto(k, ks[1], whole); /* T(x), T a template parameter: a cast, as above */
		else
			r = sysoperator(e) ? argspoint(k, e, whole) : reachesshared(e) ? MAYBE : NONE;
		break;
	default:
		break;
	}
	free(ks);
	return r;
}

/* The values assigned to pointer locals (v = e), and the ones changed
 * otherwise (v += n, v++; &v taken: any value). */
typedef struct {
	K *k;
	Ints var;
	Cursors val; /* null: unknown */
} Sources;

static int
sourcekid(CXCursor c, void *arg)
{
	Sources *s = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor *ks;
	int n = kids(c, &ks);
	int v = n ? refvar(s->k, strip(ks[0])) : -1;
	if (v >= 0 && !ispointer(s->k->vars.v[v].decl))
		v = -1;
	if (v >= 0 && kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
	    n == 2) {
		vpush(s->var, v);
		vpush(s->val, ks[1]);
	} else if (v >= 0 && (kind == CXCursor_CompoundAssignOperator ||
	                      (kind == CXCursor_UnaryOperator &&
	                       clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Deref))) {
		bool addr = kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf;
		vpush(s->var, v);
		vpush(s->val, addr ? clang_getNullCursor() : ks[0]); /* p += n: where p pointed, anywhere in it */
	}
	free(ks);
	return WALK_IN;
}

/* Each pointer local's target: the one __shared__ variable every value
 * assigned to it points into (root), or itself (maybe) when a value may
 * point into __shared__ memory cuflow cannot name (a call's result, a
 * pointer whose address is taken): a fixed point over the assignments. */
void
fillroots(K *k)
{
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		v->root = v->shared ? i : NONE;
		v->whole = v->maybe = false;
	}
	Sources s = {k, {0}, {0}};
	descend(k->body, sourcekid, &s);
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		CXCursor init = clang_Cursor_getVarDeclInitializer(v->decl);
		if (!v->param && !v->shared && (ispointer(v->decl) || isref(clang_getCursorType(v->decl))) &&
		    !clang_Cursor_isNull(init)) {
			vpush(s.var, i);
			vpush(s.val, init);
		}
	}
	for (bool ch = true; ch;) {
		ch = false;
		for (int j = 0; j < s.var.n; j++) {
			KVar *v = &k->vars.v[s.var.v[j]];
			if (v->maybe)
				continue;
			bool whole = false;
			int r = clang_Cursor_isNull(s.val.v[j]) ? MAYBE : pointsinto(k, s.val.v[j], &whole);
			if (r == NONE)
				continue;
			if (r == MAYBE || (v->root >= 0 && v->root != r)) {
				v->root = s.var.v[j];
				v->maybe = ch = true;
			} else if (v->root != r || (whole && !v->whole)) {
				v->root = r;
				v->whole |= whole;
				ch = true;
			}
		}
	}
	vfree(s.var);
	vfree(s.val);
}

/* ---------------------------------------------------------------- accesses */

static KCtx
copyctx(const KCtx *c)
{
	KCtx r = {{0}, {0}, {0}, {0}, {0}};
	for (int i = 0; i < c->loops.n; i++)
		vpush(r.loops, c->loops.v[i]);
	for (int i = 0; i < c->guards.n; i++) {
		vpush(r.guards, c->guards.v[i]);
		vpush(r.sense, c->sense.v[i]);
	}
	for (int i = 0; i < c->var.n; i++) {
		vpush(r.var, c->var.v[i]);
		vpush(r.val, c->val.v[i]);
	}
	return r;
}

static void
freectx(KCtx *c)
{
	vfree(c->loops);
	vfree(c->guards);
	vfree(c->sense);
	vfree(c->var);
	vfree(c->val);
}



static void exprwalk(Walk *w, CXCursor c, int mode);

typedef struct {
	K *k;
	CXCursor r;
} Find;

static int
findroot(CXCursor c, void *arg)
{
	Find *f = arg;
	int v = refvar(f->k, c);
	if (v >= 0 && f->k->vars.v[v].root >= 0) {
		f->r = c;
		return WALK_STOP;
	}
	return WALK_IN;
}

/* The first use in e of a variable into __shared__ memory: the first pass
 * recorded its thread loop. */
static CXCursor
rootref(K *k, CXCursor e)
{
	Find f = {k, clang_getNullCursor()};
	if (findroot(e, &f) == WALK_IN)
		descend(e, findroot, &f);
	return f.r;
}

static void
addacc(Walk *w, int root, int mode, CXCursor expr, Cursors *idx, const char *member, bool whole)
{
	Acc a = {0};
	a.root = root;
	a.kind = mode;
	a.whole = whole || w->k->vars.v[root].whole;
	for (int i = 0; idx && !a.whole && i < idx->n; i++)
		vpush(a.idx, idx->v[i]);
	a.member = member ? xstrdup(member) : NULL;
	a.ref = rootref(w->k, expr);
	a.expr = expr;
	a.unit = w->unit;
	a.fn = clang_getNullCursor();
	a.cx = copyctx(&w->cx);
	vpush(w->acc, a);
}

static void
walkkid(CXCursor c, void *arg)
{
	exprwalk(arg, c, A_R);
}

/* base[i][j].m.n: the __shared__ memory at its base (its root variable;
 * NONE: not __shared__ memory; MAYBE: __shared__ memory cuflow cannot
 * name), the subscripts outermost first (*whole: the element is not known
 * from them), the member path. Walks the subscripts (reads). */
static int
element(Walk *w, CXCursor e, Cursors *idx, Buf *member, bool *whole)
{
	e = strip(e);
	enum CXCursorKind kind = clang_getCursorKind(e);
	CXCursor *ks;
	int n = kids(e, &ks), v = NONE;
	if ((kind == CXCursor_ArraySubscriptExpr && n == 2) || (kind == CXCursor_MemberRefExpr && n == 1)) {
		v = element(w, ks[0], idx, member, whole);
		if (v != NONE && kind == CXCursor_ArraySubscriptExpr) {
			if (member->n) /* s[i].a[j]: an element of an array member */
				bputs(member, "[]");
			else
				vpush(*idx, ks[1]);
		} else if (v != NONE) {
			char *m = spelling(e);
			bprintf(member, ".%s", m);
			free(m);
		}
		if (v != NONE && kind == CXCursor_ArraySubscriptExpr)
			exprwalk(w, ks[1], A_R);
	} else if (kind == CXCursor_DeclRefExpr) {
		int r = refvar(w->k, e);
		v = r >= 0 ? w->k->vars.v[r].root : NONE;
	} else if (kind == CXCursor_UnaryOperator && n == 1 &&
	           clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref) {
		v = pointsinto(w->k, ks[0], whole);
		*whole = true;
		if (v != NONE)
			exprwalk(w, ks[0], A_R);
	} else if (kind != CXCursor_MemberRefExpr && kind != CXCursor_ArraySubscriptExpr &&
	           canontype(e).kind == CXType_Pointer) { /* f()[i], (p + 1)[i] */
		v = pointsinto(w->k, e, whole);
		*whole = true;
	}
	free(ks);
	return v;
}

/* A bit-field has no address for the race check to record. */
static bool
bitfield(CXCursor e)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_MemberRefExpr && clang_Cursor_isBitField(clang_getCursorReferenced(e));
}

/* An access of mode (A_R, A_W, both) when e names __shared__ memory. */
static bool
access(Walk *w, CXCursor e, int mode)
{
	Cursors idx = {0};
	Buf member = {0};
	bool whole = false;
	int v = element(w, e, &idx, &member, &whole);
	CXType t = canontype(strip(e));
	bool value = t.kind != CXType_ConstantArray && t.kind != CXType_IncompleteArray &&
	             !(clang_getCursorKind(strip(e)) == CXCursor_DeclRefExpr && t.kind == CXType_Pointer);
	if (v == MAYBE && value) {
		w->why = "an access through a pointer that may point into __shared__ memory cuflow cannot name, in a "
		         "kernel whose lanes may read each other's __shared__ memory";
		w->at = e;
	} else if (v >= 0 && value) {
		addacc(w, v, mode, e, &idx, member.n ? bstr(&member) : NULL, whole);
		w->acc.v[w->acc.n - 1].elem = !bitfield(e);
	}
	vfree(idx);
	free(member.v);
	return v != NONE;
}

static bool
atomicfn(CXCursor f)
{
	char *n = spelling(f);
	bool yes = !strncmp(n, "atomic", 6) && insystem(f);
	free(n);
	return yes;
}

/* A call of the toolkit's atomics; in a template, where the call is not
 * resolved, one whose every candidate is. */
static bool
isatomic(CXCursor call)
{
	CXCursor f = calleeof(call), *ks;
	if (!clang_Cursor_isNull(f) || clang_getCursorKind(call) != CXCursor_CallExpr)
		return atomicfn(f);
	int n = kids(call, &ks);
	CXCursor o = n > 0 ? overloadref(ks[0]) : clang_getNullCursor();
	free(ks);
	unsigned m = clang_Cursor_isNull(o) ? 0 : clang_getNumOverloadedDecls(o);
	bool yes = m > 0;
	for (unsigned i = 0; i < m && yes; i++)
		yes = atomicfn(clang_getOverloadedDecl(o, i));
	return yes;
}

/* What a __device__ function does with pointer parameter i: reads and
 * writes through it, and in more than one statement or in a loop (then its
 * writes cannot run in step inside the call). */
typedef struct {
	CXCursor parm;
	int mode, uses;
	bool loop, escapes;
	int depth;
} Use;

static int
usekid(CXCursor c, void *arg)
{
	Use *u = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	bool loop = kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt;
	if (loop)
		u->depth++;
	if (kind == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), u->parm)) {
		u->uses++;
		u->loop |= u->depth > 0;
		bool konst = clang_isConstQualifiedType(pointee(clang_getCursorType(u->parm)));
		u->mode |= A_R | (konst ? 0 : A_W);
	}
	descend(c, usekid, u);
	if (loop)
		u->depth--;
	return WALK_OVER;
}

/* Is every use of parameter parm the address an atomic updates
 * (`atomicAdd(address, val)`)? */
typedef struct {
	CXCursor parm;
	bool other;
} Atomics;

static int
atomicuse(CXCursor c, void *arg)
{
	Atomics *a = arg;
	if (clang_getCursorKind(c) == CXCursor_CallExpr && isatomic(c) && clang_Cursor_getNumArguments(c) > 0) {
		CXCursor p = strip(clang_Cursor_getArgument(c, 0));
		bool direct = clang_getCursorKind(p) == CXCursor_DeclRefExpr &&
		              clang_equalCursors(clang_getCursorReferenced(p), a->parm);
		for (int i = direct ? 1 : 0; i < clang_Cursor_getNumArguments(c); i++)
			descend(clang_Cursor_getArgument(c, i), atomicuse, a);
		return WALK_OVER;
	}
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), a->parm))
		a->other = true;
	return a->other ? WALK_STOP : WALK_IN;
}

/* A call of the program's own wrapper of an atomic (HeCBench's
 * gpuAtomicAddNoReturn(T *address, T val) { atomicAdd(address, val); })
 * passing argument arg: one atomic access, as the atomic's own call is. In
 * a template the call is not resolved: the overload set's one candidate. */
static bool
atomicwrapper(CXCursor call, int arg)
{
	CXCursor f = calleeof(call);
	if (clang_Cursor_isNull(f) && clang_getCursorKind(call) == CXCursor_CallExpr) {
		CXCursor *ks;
		int n = kids(call, &ks);
		CXCursor o = n > 0 ? overloadref(ks[0]) : clang_getNullCursor();
		free(ks);
		if (!clang_Cursor_isNull(o) && clang_getNumOverloadedDecls(o) == 1)
			f = clang_getOverloadedDecl(o, 0);
	}
	if (clang_getCursorKind(f) == CXCursor_FunctionTemplate)
		f = clang_getCursorDefinition(f);
	CXCursor d = clang_Cursor_isNull(f) ? f : clang_getCursorDefinition(f), body = lastkid(d);
	if (clang_Cursor_isNull(d) || insystem(d) || clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return false;
	CXCursor parm = clang_getNullCursor();
	CXCursor *ks;
	int n = kids(d, &ks), k = 0;
	for (int i = 0; i < n; i++)
		if (clang_getCursorKind(ks[i]) == CXCursor_ParmDecl && k++ == arg)
			parm = ks[i];
	free(ks);
	if (clang_Cursor_isNull(parm))
		return false;
	Atomics a = {parm, false};
	descend(body, atomicuse, &a);
	return !a.other;
}

/* A call passing __shared__ memory to a function of the program: reads
 * (a const pointee) or reads and writes, at elements cuflow does not follow. */
static int
callmode(CXCursor call, int arg, bool *several)
{
	CXCursor f = calleeof(call);
	CXCursor d = clang_Cursor_isNull(f) ? f : clang_getCursorDefinition(f);
	*several = true;
	if (clang_Cursor_isNull(d) || arg >= clang_Cursor_getNumArguments(d) ||
	    clang_getCursorKind(d) != CXCursor_FunctionDecl)
		return A_R | A_W;
	Use u = {clang_Cursor_getArgument(d, arg), 0, 0, false, false, 0};
	descend(d, usekid, &u);
	*several = u.uses > 1 || u.loop;
	return u.mode;
}

static bool structassign(CXCursor s, CXCursor *lhs, CXCursor *rhs);

/* May f's parameter i be written through: T &, or T && (a template's
 * forwarding reference)? Past the last (variadic): by value. */
static bool
paramwrites(CXCursor f, int i)
{
	CXCursor *ks;
	int n = kids(f, &ks), at = 0;
	bool yes = false;
	for (int j = 0; j < n; j++)
		if (clang_getCursorKind(ks[j]) == CXCursor_ParmDecl && at++ == i) {
			CXType t = clang_getCursorType(ks[j]);
			yes = mutref(t) || t.kind == CXType_RValueReference;
		}
	free(ks);
	return yes;
}

/* May a call write through its argument i (s[t] passed to int &a)? A
 * non-const method's object, a reference parameter; a call a template
 * leaves unresolved: an assignment operator's left side, or any candidate
 * of its overload set that may (every one when none is seen). */
static bool
writesarg(CXCursor call, int i)
{
	CXCursor f = calleeof(call);
	int na = clang_Cursor_getNumArguments(call);
	if (!clang_Cursor_isNull(f)) {
		int np = clang_Cursor_getNumArguments(f);
		bool method = clang_getCursorKind(f) == CXCursor_CXXMethod && !clang_CXXMethod_isStatic(f);
		int self = method && np >= 0 && na == np + 1; /* a member operator's object comes first */
		return i < self ? !clang_CXXMethod_isConst(f) : paramwrites(f, i - self);
	}
	CXCursor o = overloadref(call);
	if (clang_Cursor_isNull(o) || clang_getNumOverloadedDecls(o) == 0)
		return true;
	char *name = spelling(o);
	static const char *const asg[] = {"operator=",  "operator+=", "operator-=",  "operator*=",  "operator/=",
	                                  "operator%=", "operator&=", "operator|=",  "operator^=",  "operator<<=",
	                                  "operator>>=", "operator++", "operator--"};
	bool yes = false;
	for (size_t j = 0; j < sizeof asg / sizeof *asg && i == 0; j++)
		yes |= !strcmp(name, asg[j]);
	free(name);
	for (unsigned j = 0; j < clang_getNumOverloadedDecls(o) && !yes; j++) {
		CXCursor d = clang_getOverloadedDecl(o, j);
		bool method = clang_getCursorKind(d) == CXCursor_CXXMethod && !clang_CXXMethod_isStatic(d);
		yes = method && i == 0 ? !clang_CXXMethod_isConst(d) : paramwrites(d, method ? i - 1 : i);
	}
	return yes;
}

/* A call's arguments: __shared__ memory passed as &s[i] to an atomic is
 * one atomic access; passed to any other function, any of its elements,
 * read and written unless the program's own callee reads it through a
 * pointer to const; an element s[i] bound to a reference parameter, that
 * element, written too unless the reference is to const. A callee that
 * writes it in several statements or in a loop cannot run in step inside
 * (fn). */
static void
callwalk(Walk *w, CXCursor c)
{
	int na = clang_Cursor_getNumArguments(c), op = warpop(c);
	if (op == W_BREDUCE || op == W_WREDUCE || op == W_BSCAN || op == W_BADJ) {
		/* BlockScan(temp).ExclusiveSum(in, out[, aggregate]): the lowering's collective, not temp; a scan or a
		 * difference writes its arguments from the second on */
		bool writes = op == W_BSCAN || op == W_BADJ;
		for (int j = 0; j < na; j++)
			exprwalk(w, clang_Cursor_getArgument(c, j), writes && j > 0 ? A_R | A_W : A_R);
		return;
	}
	CXCursor lhs, rhs;
	if (structassign(c, &lhs, &rhs)) { /* s[j] = s[i] on a struct: as the built-in x = e */
		exprwalk(w, lhs, A_W);
		exprwalk(w, rhs, A_R);
		return;
	}
	bool atomic = isatomic(c);
	CXCursor *ks;
	int n = kids(c, &ks);
	for (int i = 0; i < n; i++) { /* the callee's expression, an object's method */
		bool isarg = false;
		for (int j = 0; j < na && !isarg; j++)
			isarg = clang_equalCursors(ks[i], clang_Cursor_getArgument(c, j));
		if (!isarg)
			exprwalk(w, ks[i], A_R);
	}
	free(ks);
	for (int j = 0; j < na; j++) {
		CXCursor a = clang_Cursor_getArgument(c, j), s = strip(a);
		bool whole = false;
		int r = pointsinto(w->k, a, &whole);
		if (r == NONE) { /* s[t] to a reference parameter: that element, written too */
			int before = w->acc.n;
			bool writes = writesarg(c, j);
			exprwalk(w, a, writes ? A_R | A_W : A_R);
			if (writes && w->acc.n > before && !insystem(calleeof(c))) {
				bool several;
				if ((callmode(c, j, &several) & A_W) && several)
					w->acc.v[w->acc.n - 1].fn = c;
			}
			continue;
		}
		if (r == MAYBE) {
			w->why = "a pointer that may point into __shared__ memory cuflow cannot name, passed to a call in a "
			         "kernel whose lanes may read each other's __shared__ memory";
			w->at = a;
			continue;
		}
		bool addr = clang_getCursorKind(s) == CXCursor_UnaryOperator &&
		            clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf;
		int before = w->acc.n;
		if (addr && (atomic || atomicwrapper(c, j))) {
			CXCursor *os;
			kids(s, &os);
			access(w, os[0], A_R | A_W | A_ATOMIC);
			free(os);
		} else {
			exprwalk(w, a, A_R); /* the subscripts in &s[i], p + i */
			addacc(w, r, A_R | A_W, a, NULL, NULL, true);
		}
		if (w->acc.n > before && !atomic && !insystem(calleeof(c)) && !(addr && atomicwrapper(c, j))) {
			bool several;
			Acc *x = &w->acc.v[w->acc.n - 1];
			x->kind = callmode(c, j, &several);
			if (several && (x->kind & A_W))
				x->fn = c;
		}
	}
}

static void
exprwalk(Walk *w, CXCursor c, int mode)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor *ks;
	int n;
	switch (kind) {
	case CXCursor_LambdaExpr:
		return;
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
		n = kids(c, &ks);
		for (int i = 0; i < n; i++)
			exprwalk(w, ks[i], n == 1 ? mode : A_R);
		free(ks);
		return;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator: {
		bool asg = kind == CXCursor_CompoundAssignOperator ||
		           clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
		n = kids(c, &ks);
		if (n == 2 && asg) {
			exprwalk(w, ks[0], kind == CXCursor_CompoundAssignOperator ? A_R | A_W : A_W);
			exprwalk(w, ks[1], A_R);
		} else
			for (int i = 0; i < n; i++)
				exprwalk(w, ks[i], A_R);
		free(ks);
		return;
	}
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
		if (u == CXUnaryOperator_Deref && access(w, c, mode))
			return;
		n = kids(c, &ks);
		bool inc = u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreInc ||
		           u == CXUnaryOperator_PreDec;
		if (u == CXUnaryOperator_AddrOf && n == 1) { /* &s[i] kept or stored: its subscripts are read */
			bool whole = false;
			if (pointsinto(w->k, c, &whole) != NONE) {
				Cursors idx = {0};
				Buf m = {0};
				element(w, ks[0], &idx, &m, &whole);
				vfree(idx);
				free(m.v);
				free(ks);
				return;
			}
		}
		for (int i = 0; i < n; i++)
			exprwalk(w, ks[i], inc ? A_R | A_W : A_R);
		free(ks);
		return;
	}
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_MemberRefExpr:
	case CXCursor_DeclRefExpr:
		if (access(w, c, mode))
			return;
		break;
	case CXCursor_CallExpr:
		callwalk(w, c);
		return;
	case CXCursor_VarDecl:
		if (isref(clang_getCursorType(c))) { /* T &r = s[i]: r reads and writes it anywhere */
			CXCursor init = clang_Cursor_getVarDeclInitializer(c);
			if (!clang_Cursor_isNull(init) && access(w, init, A_R | A_W))
				return;
		}
		break;
	default:
		break;
	}
	eachkid(c, walkkid, w);
}

static bool
iscallkid(CXCursor c, void *arg)
{
	(void)arg;
	return clang_getCursorKind(c) == CXCursor_CallExpr;
}

static bool
isloopkind(enum CXCursorKind k)
{
	return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
}

/* The locals whose known value s may change are forgotten. */
static void
forget(Walk *w, CXCursor s)
{
	KCtx *c = &w->cx;
	int n = 0;
	for (int i = 0; i < c->var.n; i++)
		if (!writesvar(w->k, s, c->var.v[i])) {
			c->var.v[n] = c->var.v[i];
			c->val.v[n++] = c->val.v[i];
		}
	c->var.n = c->val.n = n;
}

static bool
changedkid(CXCursor c, void *k)
{
	int v = refvar(k, c);
	return v >= 0 && (((K *)k)->vars.v[v].written || ((K *)k)->vars.v[v].shared);
}

/* s is v = e; with v a local scalar whose address is never taken and e
 * naming nothing that is ever assigned: v holds e until it is assigned
 * again. */
static void
remember(Walk *w, CXCursor s)
{
	K *k = w->k;
	CXCursor e = strip(s), a, b;
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(e) != CXBinaryOperator_Assign)
		return;
	CXCursor *ks;
	int n = kids(e, &ks);
	a = n == 2 ? ks[0] : e;
	b = n == 2 ? ks[1] : e;
	free(ks);
	int v = refvar(k, strip(a));
	if (n != 2 || v < 0 || k->vars.v[v].param || k->vars.v[v].shared || k->vars.v[v].addr ||
	    !scalartype(clang_getCursorType(k->vars.v[v].decl)) || contains(b, true, changedkid, k) ||
	    contains(b, true, iscallkid, NULL))
		return;
	vpush(w->cx.var, v);
	vpush(w->cx.val, b);
}

/* Statements: an if's or a loop's header belongs to the if or loop, the
 * statements of blocks and branches each to themselves. The context
 * follows: loops and ifs around, and the locals' values known on the way
 * (forgotten where a statement, or any iteration of a loop, may change
 * them). */
static void
stmtwalk(Walk *w, CXCursor s)
{
	enum CXCursorKind kind = clang_getCursorKind(s);
	CXCursor *ks;
	int n = kids(s, &ks);
	int vars = w->cx.var.n;
	if (kind == CXCursor_UnexposedStmt && n == 1 && isloopkind(clang_getCursorKind(ks[0]))) /* #pragma unroll */
		stmtwalk(w, ks[0]);
	else if (kind == CXCursor_CompoundStmt || kind == CXCursor_LabelStmt) {
		for (int i = 0; i < n; i++) {
			stmtwalk(w, ks[i]);
			remember(w, ks[i]);
		}
	} else if (kind == CXCursor_IfStmt || isloopkind(kind)) {
		CXCursor body = kind == CXCursor_DoStmt ? ks[0] : ks[n - 1];
		if (isloopkind(kind)) {
			forget(w, s);
			vpush(w->cx.loops, s);
		}
		for (int i = 0; i < n; i++) {
			bool branch = clang_equalCursors(ks[i], body) || (kind == CXCursor_IfStmt && i >= 1);
			w->unit = s;
			if (!branch) {
				exprwalk(w, ks[i], A_R);
				continue;
			}
			bool guard = kind == CXCursor_IfStmt && clang_isExpression(clang_getCursorKind(ks[0]));
			if (guard) {
				vpush(w->cx.guards, ks[0]);
				vpush(w->cx.sense, i == 1);
			}
			int known = w->cx.var.n;
			stmtwalk(w, ks[i]);
			w->cx.var.n = w->cx.val.n = known < w->cx.var.n ? known : w->cx.var.n;
			if (guard) {
				w->cx.guards.n--;
				w->cx.sense.n--;
			}
		}
		if (isloopkind(kind))
			w->cx.loops.n--;
	} else {
		w->unit = s;
		exprwalk(w, s, A_R);
	}
	free(ks);
	if (w->cx.var.n > vars) /* what this statement's blocks learnt stays inside them */
		w->cx.var.n = w->cx.val.n = vars;
	forget(w, s);
}

static bool
disjointmembers(const char *a, const char *b)
{
	if (!a || !b)
		return false;
	size_t la = strlen(a), lb = strlen(b);
	return strncmp(a, b, la < lb ? la : lb) != 0;
}

/* May a thread make access y to the element another thread's access x
 * makes? C_FORWARD: only to the element of the thread d >= 0 further on
 * (within: one statement, run once; the threads run in increasing order). */
static int
conflict(K *k, Acc *x, Acc *y, bool within)
{
	if (!((x->kind | y->kind) & A_W) || ((x->kind & A_ATOMIC) && (y->kind & A_ATOMIC)) || oneleader(k, &x->cx, &y->cx))
		return C_NONE;
	KVar *rx = &k->vars.v[x->root], *ry = &k->vars.v[y->root];
	if (x->root != y->root) /* distinct static arrays never overlap; extern ones and unknown targets may */
		return rx->maybe || ry->maybe || (rx->dynshared && ry->dynshared) ? C_CROSS : C_NONE;
	if (disjointmembers(x->member, y->member))
		return C_NONE;
	if (x->whole || y->whole || x->idx.n != y->idx.n || x->idx.n == 0)
		return C_CROSS;
	return meets(k, &x->idx, &x->cx, &y->idx, &y->cx, within);
}

/* ---------------------------------------------------------------- steps */

static int
stepindex(K *k, CXCursor s)
{
	for (int i = 0; i < k->steps.n; i++)
		if (clang_equalCursors(k->steps.v[i].stmt, s))
			return i;
	return -1;
}

static void
addstep(K *k, CXCursor s)
{
	if (stepindex(k, s) < 0) {
		KStep st = {s, clang_getNullCursor()};
		vpush(k->steps, st);
	}
}

/* A value the temporaries (alloca'd, never constructed) can hold: a
 * scalar, a POD, or a template's parameter (instantiated with those in
 * every program cuflow has met; the lowered code asserts it). */
static bool
trivialtype(CXType t)
{
	return scalartype(t) || clang_isPODType(t) || clang_getCanonicalType(t).kind == CXType_Unexposed;
}

/* The statement's store x = e or x op= e whose target is access w, and
 * whose right side holds access r: e is evaluated by every thread before
 * any stores. */
/* A struct's own operator= (s[j] = s[i] on float4: the copy the compiler
 * writes, memberwise): a store as x = e is; its sides. */
static bool
structassign(CXCursor s, CXCursor *lhs, CXCursor *rhs)
{
	CXCursor f = calleeof(s);
	if (clang_getCursorKind(s) != CXCursor_CallExpr || clang_Cursor_getNumArguments(s) != 2 ||
	    clang_getCursorKind(f) != CXCursor_CXXMethod || !clang_CXXMethod_isDefaulted(f))
		return false;
	char *n = spelling(f);
	bool yes = !strcmp(n, "operator=");
	free(n);
	*lhs = clang_Cursor_getArgument(s, 0);
	*rhs = clang_Cursor_getArgument(s, 1);
	return yes;
}

static bool
splitstore(K *k, Acc *w, Acc *r)
{
	CXCursor s = strip(w->unit), lhs = s, rhs = clang_getNullCursor();
	enum CXCursorKind kind = clang_getCursorKind(s);
	if (kind == CXCursor_CompoundAssignOperator ||
	    (kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Assign)) {
		CXCursor *ks;
		int n = kids(s, &ks);
		if (n == 2)
			lhs = ks[0], rhs = ks[1];
		free(ks);
	} else if (!structassign(s, &lhs, &rhs))
		return false;
	if (clang_Cursor_isNull(rhs) || !clang_equalCursors(strip(lhs), strip(w->expr)) ||
	    startof(r->expr) < startof(rhs) || endof(r->expr) > endof(rhs) || !trivialtype(clang_getCursorType(rhs)))
		return false;
	int i = stepindex(k, w->unit);
	if (i < 0) {
		KStep st = {w->unit, rhs};
		vpush(k->steps, st);
	} else
		k->steps.v[i].rhs = rhs;
	return true;
}

static int
regionof(K *k, CXCursor ref, bool *looped)
{
	for (int i = 0; i < k->srefs.n; i++)
		if (clang_equalCursors(k->srefs.v[i].ref, ref)) {
			*looped = k->srefs.v[i].looped;
			return k->srefs.v[i].region;
		}
	*looped = true;
	return -1;
}

static void
freewalk(Walk *w)
{
	for (int i = 0; i < w->acc.n; i++) {
		vfree(w->acc.v[i].idx);
		freectx(&w->acc.v[i].cx);
		free(w->acc.v[i].member);
	}
	vfree(w->acc);
	freectx(&w->cx);
}

static bool
hasshared(K *k)
{
	for (int i = 0; i < k->vars.n; i++)
		if (k->vars.v[i].root >= 0)
			return true;
	return false;
}

/* A pair of accesses that must run in step: their statements become
 * steps; within one statement run once, the store is split from its right
 * side. Returns a refusal, or NULL. */
static const char *
pairsteps(K *k, Acc *x, Acc *y, CXCursor *at)
{
	bool within = clang_equalCursors(x->unit, y->unit) && !x->looped && !y->looped;
	if (x == y && !(x->kind & A_R))
		return NULL; /* a store of every thread: where two meet, a race whichever runs last */
	int c = conflict(k, x, y, within);
	if (c == C_NONE || c == C_FORWARD)
		return NULL;
	for (int i = 0; i < 2; i++) {
		Acc *a = i ? y : x;
		if (!clang_Cursor_isNull(a->fn)) {
			*at = a->fn;
			return calleeuses(a->fn) & U_SYNC
			           ? NOTINLINED
			           : "a __device__ function writing __shared__ memory that other lanes of its warp read or write "
			             "with no barrier between (it would have to run in step inside the call: inline it into the "
			             "kernel)";
		}
	}
	if (!within) {
		addstep(k, x->unit);
		addstep(k, y->unit);
		/* each step runs once per thread loop: what it reads in itself is the within case */
		if (!clang_equalCursors(x->unit, y->unit) || x == y)
			return NULL;
		within = true;
		if (conflict(k, x, y, true) != C_CROSS)
			return NULL;
	}
	if (x == y)
		return NULL; /* one store by every thread: a race between them, whichever runs last */
	Acc *w = (x->kind & A_W) ? x : y, *r = w == x ? y : x;
	if ((r->kind & A_W) && !(r->kind & A_R) && (w->kind & A_W) && !(w->kind & A_R))
		return NULL; /* two stores in one statement: the order between threads is a race */
	if (splitstore(k, w, r) || ((r->kind & A_W) && splitstore(k, r, w)))
		return NULL;
	*at = w->expr;
	return "a statement whose lanes read __shared__ memory that other lanes of their warp write in it, other than "
	       "as `x = e` or `x op= e` with the reads in e (the GPU loads before it stores)";
}

/* Does statement s lie inside one macro's use, which may hold other
 * statements (WARP_STAGE(s, t): s[t] += s[t + 16]; s[t] += s[t + 8]; ...)?
 * Its text is the whole use. (NXT(t) = CUR(t) + 1 starts in one use and
 * ends past it: its own text.) */
static bool
inonemacro(K *k, CXCursor s)
{
	if (!ismacro(s))
		return false;
	unsigned at;
	CXFile f;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(s)), &f, NULL, NULL, &at);
	if (!clang_File_isEqual(f, k->F->file))
		return true; /* a header's text: cuflow does not read the use there */
	const char *t = k->F->src;
	int n = (int)k->F->len, e = (int)at;
	while (e < n && (isalnum((unsigned char)t[e]) || t[e] == '_'))
		e++;
	int p = e;
	while (p < n && (t[p] == ' ' || t[p] == '\t'))
		p++;
	if (p < n && t[p] == '(')
		for (int depth = 0; p < n; p++) {
			depth += (t[p] == '(') - (t[p] == ')');
			if (!depth) {
				e = p + 1;
				break;
			}
		}
	return endof(s) <= e;
}

static void checked(K *k, Acc *a);

/* The steps of the kernel (after the first pass, which recorded the thread
 * loop of every use of __shared__ memory): 1 some, 0 none, -1 refused. */
int
fillsteps(K *k)
{
	fillroots(k);
	if (!hasshared(k))
		return 0;
	Walk w = {k, {0}, clang_getNullCursor(), {{0}, {0}, {0}, {0}, {0}}, NULL, clang_getNullCursor()};
	stmtwalk(&w, k->body);
	for (int i = 0; i < w.acc.n; i++)
		w.acc.v[i].region = regionof(k, w.acc.v[i].ref, &w.acc.v[i].looped);
	const char *why = w.why;
	CXCursor at = w.at;
	for (int i = 0; i < w.acc.n && !why; i++)
		for (int j = i; j < w.acc.n && !why; j++) {
			Acc *x = &w.acc.v[i], *y = &w.acc.v[j];
			if (x->region == y->region || x->region < 0 || y->region < 0)
				if (x->region != 0 || y->region != 0) /* block-level code runs once, between thread loops */
					why = pairsteps(k, x, y, &at);
		}
	for (int i = 0; i < k->steps.n && !why; i++)
		if (inonemacro(k, k->steps.v[i].stmt)) { /* each step would copy the macro's whole expansion */
			why = "a statement run in step (lanes reading each other's __shared__ stores) written through a macro";
			at = k->steps.v[i].stmt;
		}
	for (int i = 0; i < w.acc.n && !why; i++)
		if (w.acc.v[i].elem)
			checked(k, &w.acc.v[i]);
	freewalk(&w);
	if (why) {
		char *w = !strcmp(why, NOTINLINED) ? notinlined(k->L, at) : xstrdup(why);
		refuse(k->L, at, "%s", w);
		free(w);
		return -1;
	}
	return k->steps.n > 0;
}

/* An element access the race check records (CUFLOW_RACECHECK). */
static void
checked(K *k, Acc *a)
{
	int line;
	locate(a->expr, NULL, &line, NULL);
	KAcc c = {a->expr, (a->kind & A_ATOMIC) ? 'a' : a->kind == A_R ? 'r' : a->kind == A_W ? 'w' : 'm',
	          userline(k->F, startof(a->expr), line), startof(a->unit)};
	vpush(k->accs, c);
}

/* Is s a step, or does it hold one? */
bool
hasstep(K *k, CXCursor s)
{
	for (int i = 0; i < k->steps.n; i++) {
		CXCursor t = k->steps.v[i].stmt;
		if (clang_equalCursors(t, s) || (startof(t) >= startof(s) && endof(t) <= endof(s) && startof(s) < endof(s)))
			return true;
	}
	return false;
}

KStep *
stepof(K *k, CXCursor s)
{
	int i = stepindex(k, s);
	return i < 0 ? NULL : &k->steps.v[i];
}
