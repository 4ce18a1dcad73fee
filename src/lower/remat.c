/* remat.c: rematerialisation and lane subscripts. A local computed only
 * from values that stay the same is recomputed in each thread loop instead of
 * living in a per-thread array; a subscript p[X + threadIdx.x] whose X is the
 * same for the whole x loop is written in a form GCC vectorises. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"
#include "lower/kernel.h"

static int laneterms(K *k, CXCursor sum, Cursors *add);

/* A local that is never changed after an initialiser computed only from
 * thread and block indices, constants and unchanged parameters (tid =
 * blockIdx.x * blockDim.x + threadIdx.x) is recomputed in every thread loop
 * that uses it instead of being kept in a per-thread array: GCC then sees
 * an index affine in the lane and vectorises (contiguous loads instead of
 * gathers). */
typedef struct {
	K *k;
	int self;
	Edits *e;
	bool ok;
} Remat;

/* Is c's first (last) token one of set? */
static bool
endtoken(CXCursor c, bool last, const char *const *set)
{
	Tokens t = cursortokens(c);
	bool yes = t.n && tokenin(&t, last ? t.n - 1 : 0, set);
	freetokens(&t);
	return yes;
}

static int
rematkid(CXCursor c, void *arg)
{
	Remat *r = arg;
	K *k = r->k;
	static const char *const effects[] = {"*", "&", "++", "--", NULL}, *const post[] = {"++", "--", NULL};
	switch (clang_getCursorKind(c)) {
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_BinaryOperator:
	case CXCursor_ConditionalOperator:
		break;
	case CXCursor_UnaryOperator:
		r->ok = !endtoken(c, false, effects) && !endtoken(c, true, post);
		break;
	case CXCursor_MemberRefExpr: { /* threadIdx.x and such */
		CXCursor *ks;
		int n = kids(c, &ks);
		const char *b;
		r->ok = n == 1 && clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr &&
		        builtinvar(clang_getCursorReferenced(strip(ks[0])), &b);
		free(ks);
		return WALK_OVER;
	}
	case CXCursor_DeclRefExpr: {
		CXCursor ref = clang_getCursorReferenced(c);
		const char *b;
		int v = findvar(k, ref);
		if (v < 0) { /* enumerators and constexpr globals are constants */
			enum CXCursorKind rk = clang_getCursorKind(ref);
			r->ok = rk == CXCursor_EnumConstantDecl || (builtinvar(ref, &b) && strcmp(b, "threadIdx"));
			break;
		}
		KVar *x = &k->vars.v[v];
		if (x->param) {
			r->ok = !x->written;
			break;
		}
		r->ok = v < r->self && x->remat && !ismacro(c);
		if (r->ok) {
			addedit(r->e, startof(c), endof(c) - startof(c), fmt("((%s)(%s))", x->type, x->remat));
		}
		break;
	}
	default:
		r->ok = false;
	}
	return r->ok ? WALK_IN : WALK_STOP;
}

/* The text of c, local self's initialiser or one of its terms, with the
 * remat locals it reads replaced by their texts (NULL: c cannot be
 * recomputed). */
static char *
remtext(K *k, int self, CXCursor c)
{
	Edits e = {0};
	Remat r = {k, self, &e, true};
	rematkid(c, &r); /* c itself, then (even a member access's base) its descendants */
	if (r.ok)
		descend(c, rematkid, &r);
	char *txt = NULL;
	if (r.ok) {
		char *t = xstrndup(k->F->src + startof(c), endof(c) - startof(c)), *err = NULL;
		for (int j = 0; j < e.n; j++)
			e.v[j].off -= startof(c);
		size_t len;
		txt = applyedits(t, strlen(t), &e, &len, &err);
		free(err);
		free(t);
	}
	freeedits(&e);
	return txt;
}

/* int i = X + threadIdx.x (the sum unsigned, as blockIdx.x * blockDim.x +
 * threadIdx.x is): the conversion of a sum that may wrap hides from GCC
 * that i grows by one from thread to thread. Where X + blockDim.x - 1
 * fits the local's type (below 2^31 for an int, 2^32 for a 64-bit one),
 * i = (int)X + lane exactly; the x loop gets a second copy that says so
 * (lane subscripts, below). X must be the same for the whole x loop. */
static void
remlane(K *k, int self, CXCursor init)
{
	KVar *v = &k->vars.v[self];
	enum CXTypeKind t = canontype(v->decl).kind;
	if (t != CXType_Int && t != CXType_Long && t != CXType_LongLong && t != CXType_ULong && t != CXType_ULongLong)
		return;
	Cursors add = {0};
	int tx = laneterms(k, strip(init), &add);
	bool ok = tx >= 0;
	Buf x = {0};
	for (int i = 0; i < add.n && ok; i++)
		if (i != tx) {
			char *txt = remtext(k, self, add.v[i]);
			ok = txt != NULL;
			if (ok)
				bprintf(&x, "%s(unsigned)(%s)", x.n ? " + " : "", txt);
			free(txt);
		}
	if (ok) {
		v->lanex = bstr(&x);
		v->lane32 = t == CXType_Int;
	} else
		free(x.v);
	vfree(add);
}

/* The names of the macros a #define or #undef line inside the kernel's
 * body names: a text naming one means what it means only below that line
 * (debayer's `#define is_gbrg ...` between statements), not at the top of
 * a thread loop or of the block function, which the lowering copies
 * initialisers to (remat, konstlocals). */
void
fillmacros(K *k)
{
	const char *s = k->F->src;
	int e = endof(k->body);
	for (int i = startof(k->body); i < e; i++) {
		if (s[i] != '\n')
			continue;
		int j = i + 1;
		while (j < e && (s[j] == ' ' || s[j] == '\t'))
			j++;
		if (j >= e || s[j] != '#')
			continue;
		for (j++; j < e && (s[j] == ' ' || s[j] == '\t'); j++)
			;
		bool def = !strncmp(s + j, "define", 6), undef = !strncmp(s + j, "undef", 5);
		if (!def && !undef)
			continue;
		for (j += def ? 6 : 5; j < e && (s[j] == ' ' || s[j] == '\t'); j++)
			;
		int n = 0;
		while (j + n < e && isident(s[j + n]))
			n++;
		if (n)
			vpush(k->macros, xstrndup(s + j, (size_t)n));
	}
}

/* Does text name one of those macros? */
bool
namesmacro(K *k, const char *text)
{
	int at = 0, len = (int)strlen(text), b;
	while ((b = nexttoken(text, &at, len)) >= 0)
		for (int i = 0; i < k->macros.n; i++)
			if ((int)strlen(k->macros.v[i]) == at - b && !strncmp(text + b, k->macros.v[i], (size_t)(at - b)))
				return true;
	return false;
}

void
fillremat(K *k)
{
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		CXCursor init = clang_Cursor_getVarDeclInitializer(v->decl);
		CXType t = canontype(v->decl);
		if (v->param || v->shared || v->carray || v->addr || v->writes || !clang_Cursor_isNull(v->inc) ||
		    strstr(v->type, "auto") || strstr(v->type, "decltype") ||
		    clang_Cursor_isNull(init) || !scalartype(t) || startof(init) <= locof(v->decl))
			continue;
		bool clash = false;
		for (int j = 0; j < k->vars.n && !clash; j++)
			clash = j != i && !strcmp(k->vars.v[j].name, v->name);
		if (clash)
			continue;
		v->remat = remtext(k, i, init);
		if (v->remat && namesmacro(k, v->remat)) {
			free(v->remat);
			v->remat = NULL;
		}
		if (v->remat)
			remlane(k, i, init);
	}
}

/* ---------------------------------------------------------------- lane subscripts */

/* p[X + threadIdx.x] with the sum of type unsigned: the 32-bit sum may
 * wrap, so GCC cannot tell that consecutive threads use consecutive
 * elements and keeps the x loop scalar (lud's tile loads and store). Where
 * X stays the same for a whole x loop, the x loop is emitted twice: with
 * (p + X)[cuflow_tx] where X + blockDim.x - 1 < 2^32 (both forms then name
 * the same element, for every thread), and as written otherwise; a test of
 * X before the x loop picks one. */
static bool
isuint(CXCursor e)
{
	return canontype(e).kind == CXType_UInt;
}

/* threadIdx.x, threadIdx.y or threadIdx.z (axis 'x', 'y', 'z')? */
bool
isthreadidx(CXCursor e, char axis)
{
	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return false;
	CXCursor *ks;
	int n = kids(e, &ks);
	const char *b;
	char *m = spelling(e);
	bool yes = n == 1 && m[0] == axis && !m[1] && clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr &&
	           builtinvar(clang_getCursorReferenced(strip(ks[0])), &b) && !strcmp(b, "threadIdx");
	free(m);
	free(ks);
	return yes;
}

static bool
isthreadx(CXCursor e)
{
	return isthreadidx(e, 'x');
}

/* The terms of an unsigned sum a + b + ... */
static void
addends(CXCursor e, Cursors *out)
{
	CXCursor s = strip(e);
	if (clang_getCursorKind(s) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Add && isuint(s)) {
		CXCursor *ks;
		int n = kids(s, &ks);
		if (n == 2) {
			addends(ks[0], out);
			addends(ks[1], out);
			free(ks);
			return;
		}
		free(ks);
	}
	vpush(*out, e);
}

/* Can the terms be copied one by one? Each must begin and end with a
 * token of the file (then the macros inside it expand whole), and no two
 * may overlap: terms of one macro's expansion (a[GID], GID being X +
 * threadIdx.x) all span the whole invocation. */
static bool
plainterms(Cursors *add)
{
	for (int i = 0; i < add->n; i++) {
		CXSourceRange r = clang_getCursorExtent(add->v[i]);
		if (frommacro(clang_getRangeStart(r)) || frommacro(clang_getRangeEnd(r)) ||
		    startof(add->v[i]) >= endof(add->v[i]))
			return false;
		for (int j = 0; j < i; j++)
			if (startof(add->v[i]) < endof(add->v[j]) && startof(add->v[j]) < endof(add->v[i]))
				return false;
	}
	return true;
}

/* The terms of sum, an unsigned X + threadIdx.x with X the same for the
 * whole x loop: which one is threadIdx.x (-1: not such a sum). */
static int
laneterms(K *k, CXCursor sum, Cursors *add)
{
	if (isuint(sum))
		addends(sum, add);
	int tx = -1;
	bool ok = add->n > 1 && plainterms(add);
	for (int i = 0; i < add->n && ok; i++)
		if (isthreadx(add->v[i])) {
			ok = tx < 0;
			tx = i;
		} else
			ok = invariant(k, add->v[i], true);
	return ok ? tx : -1;
}

static void
addlane(Span *sp, CXCursor c)
{
	K *k = sp->k;
	CXCursor *ks;
	int n = kids(c, &ks);
	Cursors add = {0};
	int tx = n == 2 && inspan(sp, c) && canontype(ks[0]).kind == CXType_Pointer
	                 ? laneterms(k, ks[1], &add)
	                 : -1;
	if (tx >= 0) {
		Buf x = {0};
		for (int i = 0; i < add.n; i++)
			if (i != tx) {
				char *t = exprtext(k, add.v[i]);
				bprintf(&x, "%s(unsigned)(%s)", x.n ? " + " : "", t);
				free(t);
			}
		char *base = exprtext(k, ks[0]);
		KLane l = {c, bstr(&x), fmt("((%s) + (%s))[cuflow_tx]", base, bstr(&x)), false};
		vpush(k->tl.lanes, l);
		free(base);
	}
	vfree(add);
	free(ks);
}

/* An array subscript in a thread loop: recorded in the first emission of
 * the x loop, rewritten in the second (true: done). */
bool
lanesub(Span *sp, CXCursor c)
{
	K *k = sp->k;
	if (k->pass.dry || !k->tl.lanesok)
		return false;
	for (int i = 0; i < k->tl.lanes.n; i++)
		if (clang_equalCursors(k->tl.lanes.v[i].sub, c)) {
			if (k->tl.fast)
				spanedit(sp, startof(c), endof(c) - startof(c), xstrdup(k->tl.lanes.v[i].fast));
			return k->tl.fast;
		}
	if (!k->tl.fast)
		addlane(sp, c);
	return false;
}

/* The fast x loop's own declaration of such a local (int i = X +
 * threadIdx.x, remlane): its initialiser in the fast form too. */
bool
lanedecl(Span *sp, CXCursor c)
{
	K *k = sp->k;
	int v = k->pass.dry || !k->tl.lanesok || !k->tl.fast ? -1 : findvar(k, c);
	CXCursor init = clang_Cursor_getVarDeclInitializer(c);
	if (v < 0 || !k->vars.v[v].lanex || clang_Cursor_isNull(init) || !inspan(sp, init))
		return false;
	KVar *x = &k->vars.v[v];
	spanedit(sp, startof(init), endof(init) - startof(init), fmt("(%s)(%s) + (%s)cuflow_tx", x->type, x->lanex, x->type));
	return true;
}

void
freelanes(K *k)
{
	for (int i = 0; i < k->tl.lanes.n; i++) {
		free(k->tl.lanes.v[i].x);
		free(k->tl.lanes.v[i].fast);
	}
	k->tl.lanes.n = 0;
}

/* The test that picks the fast x loop: every X fits. */
char *
lanetest(K *k)
{
	Buf b = {0};
	for (int i = 0; i < k->tl.lanes.n; i++) {
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = !strcmp(k->tl.lanes.v[j].x, k->tl.lanes.v[i].x) && k->tl.lanes.v[j].sint == k->tl.lanes.v[i].sint;
		if (!seen)
			bprintf(&b, "%scuflow_fits%s(%s, blockDim.x)", b.n ? " && " : "", k->tl.lanes.v[i].sint ? "_int" : "",
			        k->tl.lanes.v[i].x);
	}
	return bstr(&b);
}
