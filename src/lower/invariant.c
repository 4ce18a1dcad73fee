/* invariant.c: loop invariants of a thread loop and the code that runs
 * once per block: expressions computed without effects from values that stay
 * the same across the loop's threads, hoisted out of it. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"
#include "lower/kernel.h"

/* Is e computed without effects or memory reads from values that stay the
 * same for a whole thread loop? For once-per-block initialisations
 * (lane false) that means the same in every thread: constants, blockIdx,
 * blockDim, gridDim, unchanged parameters, uniform locals and const
 * globals. Lane subscripts (lane true) need it only across one x loop, so
 * threadIdx.y and threadIdx.z are allowed, and a uniform local must not
 * be assigned in the thread loop being emitted. Division needs a constant
 * non-zero divisor: the expression may be evaluated where the user's code
 * would not have (a guarded subscript), so it must not trap. */
typedef struct {
	K *k;
	bool lane;
} Inv;

static bool
invkid(CXCursor c, void *arg)
{
	Inv *in = arg;
	return invariant(in->k, c, in->lane);
}

static bool
constdivisor(CXCursor e)
{
	long long v = intconst(e);
	return v != 0 && v != LLONG_MIN;
}

static bool
invref(K *k, CXCursor r, bool lane)
{
	const char *b;
	if (builtinvar(r, &b))
		return strcmp(b, "threadIdx") != 0;
	switch (clang_getCursorKind(r)) {
	case CXCursor_EnumConstantDecl:
	case CXCursor_NonTypeTemplateParameter:
		return true;
	case CXCursor_VarDecl:
	case CXCursor_ParmDecl: {
		int v = findvar(k, r);
		if (v < 0) /* a global: only constants */
			return clang_Cursor_hasVarDeclGlobalStorage(r) && clang_isConstQualifiedType(clang_getCursorType(r));
		KVar *x = &k->vars.v[v];
		return x->uniform && !x->shared && (!lane || x->once || !hasint(&x->wregions, k->pass.region));
	}
	default:
		return false;
	}
}

bool
invariant(K *k, CXCursor e, bool lane)
{
	CXCursor *ks;
	int n;
	bool ok;
	switch (clang_getCursorKind(e)) {
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
	case CXCursor_UnaryExpr: /* sizeof, alignof */
		return true;
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
	case CXCursor_ConditionalOperator:
		break;
	case CXCursor_UnaryOperator:
		switch (clang_getCursorUnaryOperatorKind(e)) {
		case CXUnaryOperator_Plus:
		case CXUnaryOperator_Minus:
		case CXUnaryOperator_Not:
		case CXUnaryOperator_LNot:
			break;
		default:
			return false;
		}
		break;
	case CXCursor_BinaryOperator:
		switch (clang_getCursorBinaryOperatorKind(e)) {
		case CXBinaryOperator_Assign:
		case CXBinaryOperator_Comma:
		case CXBinaryOperator_PtrMemD:
		case CXBinaryOperator_PtrMemI:
			return false;
		case CXBinaryOperator_Div:
		case CXBinaryOperator_Rem:
			n = kids(e, &ks);
			ok = n == 2 && constdivisor(ks[1]);
			free(ks);
			if (!ok)
				return false;
			break;
		default:
			break;
		}
		break;
	case CXCursor_MemberRefExpr: /* blockIdx.x; threadIdx.y in lane subscripts */
		n = kids(e, &ks);
		const char *b;
		CXCursor base = n == 1 ? strip(ks[0]) : clang_getNullCursor();
		ok = n == 1 && clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
		     builtinvar(clang_getCursorReferenced(base), &b);
		free(ks);
		if (ok && !strcmp(b, "threadIdx")) {
			char *m = spelling(e);
			ok = lane && strcmp(m, "x") != 0;
			free(m);
		}
		return ok;
	case CXCursor_DeclRefExpr:
		return invref(k, clang_getCursorReferenced(e), lane);
	default:
		return false;
	}
	Inv in = {k, lane};
	return allkids(e, invkid, &in);
}

/* ---------------------------------------------------------------- once per block */

/* Uniform initialisations at the start of a thread loop (int row = offset +
 * blockIdx.y * 16;) run once before it, not once per thread: every thread
 * would store the same value, and the loop's threads then read a value the
 * lane subscripts below can test before the loop. Only the declarations
 * that open the thread loop, so nothing before them in the loop changes
 * what they read, and only where every thread runs the loop (no mask). */
static bool
onceinit(K *k, CXCursor d)
{
	int v = findvar(k, d);
	if (v < 0)
		return false;
	KVar *x = &k->vars.v[v];
	CXCursor init = clang_Cursor_getVarDeclInitializer(d);
	return x->uniform && !x->param && !x->shared && !x->carray && !x->addr &&
	       scalartype(clang_getCursorType(d)) && !clang_Cursor_isNull(init) &&
	       startof(init) > locof(d) && invariant(k, init, false);
}

/* A declaration that does nothing in a thread loop: no initialiser, a
 * scalar or a __shared__ variable (declared once per block). */
static bool
noeffect(K *k, CXCursor d, int v)
{
	return clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(d)) &&
	       (k->vars.v[v].shared || scalartype(clang_getCursorType(d)));
}

/* The first pass marks the variables (the second must make the same
 * choice: it reads the marks); both passes assign them. */
void
runonce(K *k, CXCursor *ks, int n)
{
	if (k->pass.mask || k->pass.loops.n)
		return;
	for (int i = 0; i < n; i++) {
		enum CXCursorKind kind = clang_getCursorKind(ks[i]);
		if (kind == CXCursor_NullStmt)
			continue;
		if (kind != CXCursor_DeclStmt)
			return;
		CXCursor *ds;
		int nd = kids(ks[i], &ds);
		bool ok = true;
		for (int j = 0; j < nd && ok; j++) {
			int v = clang_getCursorKind(ds[j]) == CXCursor_VarDecl ? findvar(k, ds[j]) : -1;
			/* (a constant, once in the first pass, is declared at the top since: passed over) */
			ok = v >= 0 && (noeffect(k, ds[j], v) || k->vars.v[v].konst ||
			                (k->pass.dry ? onceinit(k, ds[j]) : k->vars.v[v].once));
		}
		for (int j = 0; j < nd && ok; j++) {
			CXCursor init = clang_Cursor_getVarDeclInitializer(ds[j]);
			KVar *x = &k->vars.v[findvar(k, ds[j])];
			if (clang_Cursor_isNull(init) || x->konst)
				continue;
			x->once = true;
			int r = k->pass.region;
			k->pass.region = 0;
			char *t = exprtext(k, init);
			k->pass.region = r;
			if (!k->pass.dry)
				bprintf(k->pass.out, "\t%s = %s;\n", x->name, t);
			free(t);
		}
		free(ds);
		if (!ok)
			return;
	}
}
