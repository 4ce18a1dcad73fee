/* vars.c: the kernel's variables and their uniformity (kernel.c's first
 * pass). Every local and parameter is recorded with where it is written and
 * which thread loops use it; a value is uniform when it is the same for every
 * thread of the block (constants, blockIdx/blockDim/gridDim, unwritten
 * parameters, shared memory and such variables), which lets control holding
 * a barrier stay scalar C. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"
#include "lower/kernel.h"

int
findvar(K *k, CXCursor decl)
{
	for (int i = 0; i < k->vars.n; i++)
		if (clang_equalCursors(k->vars.v[i].decl, decl))
			return i;
	return -1;
}

/* The kernel variable c names, when c is a use of one (a DeclRefExpr); -1 else. */
int
refvar(K *k, CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr ? findvar(k, clang_getCursorReferenced(c)) : -1;
}

/* A variable's type as written for its copies: a local loses its top-level
 * const and volatile, since a kept-per-thread or hoisted one is assigned
 * where it was initialised. */
/* A type spelling s of t with an unnamed struct or union of the kernel's
 * (__shared__ union { ... } temp, as cub's programs share TempStorage)
 * written out as the kernel writes it: clang spells it "union (unnamed at
 * FILE:LINE:COL)", which no compiler reads. */
static char *
anontype(K *k, CXType t, char *s)
{
	CXType e = t;
	while (e.kind == CXType_ConstantArray || e.kind == CXType_IncompleteArray ||
	       e.kind == CXType_DependentSizedArray)
		e = clang_getArrayElementType(e);
	CXCursor r = clang_getTypeDeclaration(e);
	char *at = strstr(s, "(unnamed ");
	if (!at)
		at = strstr(s, "(anonymous ");
	char *close = at ? strchr(at, ')') : NULL;
	if (!close || clang_Cursor_isNull(r) || !clang_File_isEqual(fileof(r), fileof(k->fn)))
		return s;
	while (at > s && at[-1] == ' ')
		at--;
	while (at > s && at[-1] != ' ' && at[-1] != '(') /* the keyword: union, struct */
		at--;
	char *t2 = fmt("%.*s%.*s%s", (int)(at - s), s, endof(r) - startof(r), k->F->src + startof(r), close + 1);
	free(s);
	return t2;
}

/* The kernel's locals an initialiser names: where each use starts and
 * which variable it is. */
typedef struct {
	K *k;
	Ints at, var;
} LocalUses;

static int
localuse(CXCursor c, void *arg)
{
	LocalUses *u = arg;
	int v = refvar(u->k, c);
	if (v >= 0 && !u->k->vars.v[v].param) {
		vpush(u->at, startof(c));
		vpush(u->var, v);
	}
	return clang_getCursorKind(c) == CXCursor_LambdaExpr ? WALK_OVER : WALK_IN;
}

/* An auto local's type in a template, from its initialiser's tokens:
 * decltype of them, decayed as auto deduces. The block function declares
 * the type at its top, before any local of the body (a per-thread array's
 * is named otherwise), so a local the initialiser names (auto value =
 * bins[idx]: HeCBench score) is std::declval of its own type there. */
static char *
inittype(K *k, CXCursor init)
{
	LocalUses u = {k, {0}, {0}};
	descend(init, localuse, &u);
	Tokens tk = cursortokens(init);
	Buf b = {0};
	for (unsigned i = 0; i < tk.n && tokenoff(&tk, i) < endof(init); i++) {
		int j = 0;
		while (j < u.at.n && u.at.v[j] != tokenoff(&tk, i))
			j++;
		bputs(&b, b.n ? " " : "");
		if (j < u.at.n) {
			bprintf(&b, "std::declval<typename std::add_lvalue_reference<%s>::type>()", k->vars.v[u.var.v[j]].type);
			continue;
		}
		CXString ts = clang_getTokenSpelling(tk.tu, tk.v[i]);
		bputs(&b, clang_getCString(ts));
		clang_disposeString(ts);
	}
	freetokens(&tk);
	free(u.at.v);
	free(u.var.v);
	char *s = b.n ? fmt("typename std::decay<decltype(%s)>::type", bstr(&b)) : NULL;
	free(b.v);
	return s;
}

static char *
typetext(K *k, CXCursor decl, bool param)
{
	CXType t = clang_getCursorType(decl);
	if (!param)
		t = clang_getUnqualifiedType(t);
	char *s = typespelling(t);
	if (t.kind == CXType_Auto || incg(clang_getTypeDeclaration(clang_getCanonicalType(t)))) {
		/* auto, or a group of cg (often named through a namespace alias
		 * the kernel's body declares): the type with its namespaces */
		char *c = typespelling(clang_getCanonicalType(t));
		if (!strstr(c, "type-parameter")) {
			free(s);
			s = c;
		} else
			free(c);
	}
	/* auto in a template, of a type its parameters leave unnamed (auto gi =
	 * g_idata + bid * N): the initialiser's type, decayed as auto deduces */
	CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
	int op = clang_Cursor_isNull(init) ? 0 : warpop(strip(init));
	if (!param && t.kind == CXType_Auto && !strcmp(s, "auto") && (op == W_BREDUCE || op == W_WREDUCE)) {
		free(s); /* a cub reduction's: its class's element type (the initialiser names per-thread values) */
		s = cubelem(k, strip(init));
	} else if (!param && t.kind == CXType_Auto && !strcmp(s, "auto") && !clang_Cursor_isNull(init)) {
		char *d = inittype(k, init);
		if (d) {
			free(s);
			s = d;
		}
	}
	s = anontype(k, t, s);
	/* an array's const sits on its elements; copies kept per block or per
	 * thread are assigned, so drop it as for scalars */
	if (!param && t.kind == CXType_ConstantArray && !strncmp(s, "const ", 6))
		memmove(s, s + 6, strlen(s + 6) + 1);
	return s;
}

void
addvar(K *k, CXCursor d, bool param)
{
	KVar v = {0};
	v.decl = d;
	v.name = spelling(d);
	v.type = typetext(k, d, param);
	if (param && parmarray(d)) { /* double c[] is a double *, T c[][N] a T (*)[N] */
		char *t = fmt("std::decay<%s>::type", v.type);
		free(v.type);
		v.type = t;
	}
	v.param = param;
	size_t tn = strlen(v.type);
	v.pack = param && tn > 3 && !strcmp(v.type + tn - 3, "..."); /* a pack expansion's type: "Ts..." */
	CXCursor *ks;
	int n = kids(d, &ks);
	for (int i = 0; i < n; i++)
		if (clang_getCursorKind(ks[i]) == CXCursor_CUDASharedAttr)
			v.shared = true;
	free(ks);
	if (v.shared && clang_Cursor_hasVarDeclExternalStorage(d))
		v.dynshared = true;
	CXType t = canontype(d);
	v.carray = !param && (t.kind == CXType_ConstantArray || t.kind == CXType_DependentSizedArray);
	vpush(k->vars, v);
}

int
collectvars(CXCursor c, void *arg)
{
	K *k = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind == CXCursor_LambdaExpr)
		return WALK_OVER;
	if (kind == CXCursor_CallExpr && cgsync(c) == CG_OTHER)
		kfail(k, c, "a cooperative_groups sync of a grid, a coalesced group or a group of unknown size "
		            "(the block's and static tiles of up to 32 threads are lowered)");
	if (kind == CXCursor_UnexposedDecl && !k->bindings++)
		k->bindat = c; /* libclang shows a structured binding so */
	if (kind == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(c))
		addvar(k, c, false);
	else if (kind == CXCursor_VarDecl) {
		CXCursor *ks;
		int n = kids(c, &ks);
		bool sh = false;
		for (int i = 0; i < n; i++)
			sh |= clang_getCursorKind(ks[i]) == CXCursor_CUDASharedAttr;
		free(ks);
		if (sh) /* __shared__ locals have static storage */
			addvar(k, c, false);
		else
			kfail(k, c, "a static local variable in a kernel");
	}
	return WALK_IN;
}

void
pushonce(Ints *r, int x)
{
	for (int i = 0; i < r->n; i++)
		if (r->v[i] == x)
			return;
	vpush(*r, x);
}

/* e is assigned, incremented, bound to a non-const reference or has its
 * address taken (addr). Before the passes this counts the variable's
 * writes; in the first pass it records the thread loop that writes. */
void
markwritten(K *k, CXCursor e, bool addr)
{
	e = strip(e);
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
		int v = findvar(k, clang_getCursorReferenced(e));
		if (v < 0)
			return;
		KVar *x = &k->vars.v[v];
		if (k->pass.dry)
			pushonce(&x->wregions, k->pass.region);
		else {
			x->written = true;
			x->writes++;
			x->addr |= addr;
		}
	} else if (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr ||
	           clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
		CXCursor *ks;
		int n = kids(e, &ks);
		CXType t = n ? canontype(ks[0]) : (CXType){0};
		if (n && t.kind != CXType_Pointer) /* a[i] = ... writes the array a, p[i] = ... does not write p */
			markwritten(k, ks[0], addr);
		free(ks);
	}
}

/* Variables a lambda names: it is copied as written, so they must keep
 * their names and storage. */
static int
lambdavar(CXCursor c, void *arg)
{
	K *k = arg;
	int v = refvar(k, c);
	if (v >= 0)
		k->vars.v[v].addr = k->vars.v[v].lambda = true;
	return WALK_IN;
}

/* The prototype a call goes through (through a function pointer too);
 * anything else, as for a call a template leaves unresolved, is unknown. */
static CXType
calleetype(CXCursor call)
{
	CXType t = canontype(clang_getCursorReferenced(call));
	if (t.kind == CXType_Pointer)
		t = pointee(t);
	return t;
}

static enum CXVisitorResult
fieldhit(CXCursor c, CXClientData arg)
{
	bool (**want)(CXCursor) = arg;
	if ((*want)(c)) {
		*want = NULL;
		return CXVisit_Break;
	}
	return CXVisit_Continue;
}

/* Has record type t a field that want() says yes to (its own fields)? */
bool
hasfield(CXType t, bool (*want)(CXCursor))
{
	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Record)
		return false;
	clang_Type_visitFields(t, fieldhit, &want);
	return want == NULL;
}

bool
reffield(CXCursor f)
{
	return isref(clang_getCursorType(f));
}

static bool
mutablefield(CXCursor f)
{
	return clang_CXXField_isMutable(f);
}

/* A method's call changes its object unless the method is const (or
 * static): p = q on a struct is its operator=, acc.add(x) a method; one a
 * template leaves unresolved may change it. The object is an operator's
 * first argument (1 returned: the arguments after it are the parameters')
 * or the base of the callee's member expression (a.f(), not p->f()). */
static int
methodcall(K *k, CXCursor call, CXType ft)
{
	CXCursor fn = clang_getCursorReferenced(call);
	bool method = clang_getCursorKind(fn) == CXCursor_CXXMethod && !clang_CXXMethod_isStatic(fn);
	bool known = ft.kind == CXType_FunctionProto;
	int na = clang_Cursor_getNumArguments(call);
	bool op = method && known && na == clang_getNumArgTypes(ft) + 1;
	/* a const method still changes a mutable member */
	bool isconst = method && clang_CXXMethod_isConst(fn) &&
	               !hasfield(clang_getCursorType(clang_getCursorSemanticParent(fn)), mutablefield);
	if (op) {
		if (!isconst)
			markwritten(k, clang_Cursor_getArgument(call, 0), false);
		return 1;
	}
	if (method ? isconst : known)
		return 0;
	CXCursor *ks;
	int n = kids(call, &ks);
	if (n && clang_getCursorKind(ks[0]) == CXCursor_MemberRefExpr)
		markwritten(k, ks[0], false);
	free(ks);
	return 0;
}

/* The writes expression c itself performs. */
void
notewrites(K *k, CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor *ks;
	int n;
	if (kind == CXCursor_BinaryOperator || kind == CXCursor_CompoundAssignOperator) {
		enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(c);
		if (kind == CXCursor_CompoundAssignOperator || o == CXBinaryOperator_Assign) {
			n = kids(c, &ks);
			if (n)
				markwritten(k, ks[0], false);
			if (n && k->pass.dry && kind == CXCursor_BinaryOperator &&
			    clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr)
				vpush(k->stores, strip(ks[0]));
			free(ks);
		}
	} else if (kind == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
		if (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreInc ||
		    u == CXUnaryOperator_PreDec || u == CXUnaryOperator_AddrOf) {
			n = kids(c, &ks);
			if (n)
				markwritten(k, ks[0], u == CXUnaryOperator_AddrOf);
			free(ks);
		}
	} else if (kind == CXCursor_CallExpr) { /* arguments bound to non-const references */
		CXType ft = calleetype(c);
		bool known = ft.kind == CXType_FunctionProto;
		int na = clang_Cursor_getNumArguments(c), self = methodcall(k, c, ft);
		for (int i = self; i < na; i++) {
			CXType pt = clang_getArgType(ft, i - self);
			bool ref = mutref(pt);
			if (ref || !known) /* a call cuflow cannot resolve (a template's) may take any by reference */
				markwritten(k, clang_Cursor_getArgument(c, i), false);
		}
	} else if (kind == CXCursor_InitListExpr && hasfield(canontype(c), reffield)) {
		n = kids(c, &ks); /* Ref rr{u}: a reference member bound to u */
		for (int i = 0; i < n; i++)
			markwritten(k, ks[i], true);
		free(ks);
	} else if (kind == CXCursor_VarDecl && isref(clang_getCursorType(c))) {
		CXCursor init = clang_Cursor_getVarDeclInitializer(c);
		if (!clang_Cursor_isNull(init))
			markwritten(k, init, true); /* T &r = v: v changes through r */
	} else if (kind == CXCursor_LambdaExpr && !k->pass.dry)
		descend(c, lambdavar, k);
}

int
collectwrites(CXCursor c, void *k)
{
	notewrites(k, c);
	return WALK_IN;
}

/* ---------------------------------------------------------------- uniformity */

static bool
uniformkid(CXCursor c, void *k)
{
	return uniform(k, c);
}

bool
builtinvar(CXCursor ref, const char **which)
{
	static const char *names[] = {"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"};
	for (int i = 0; i < 5; i++)
		if (named(ref, names[i])) {
			*which = names[i];
			return insystem(ref);
		}
	return false;
}

typedef struct {
	VEC(CXCursor) seen;
	int uses;
} Uses;

static void calluses(Uses *u, CXCursor call);

static int
useskid(CXCursor c, void *arg)
{
	Uses *u = arg;
	const char *b;
	if (isbarrier(c) || warpop(c))
		u->uses |= U_SYNC;
	else if (clang_getCursorKind(c) == CXCursor_CallExpr)
		calluses(u, c);
	else if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && builtinvar(clang_getCursorReferenced(c), &b))
		u->uses |= U_BUILTIN;
	return WALK_IN;
}

/* Is r a function whose body is the one a call runs (not a pointer, not
 * virtual)? */
static bool
directcallee(CXCursor r)
{
	switch (clang_getCursorKind(r)) {
	case CXCursor_FunctionDecl:
	case CXCursor_FunctionTemplate:
	case CXCursor_Constructor:
	case CXCursor_Destructor:
	case CXCursor_ConversionFunction:
		return true;
	case CXCursor_CXXMethod:
		return !clang_CXXMethod_isVirtual(r);
	default:
		return false;
	}
}

static void
usesof(Uses *u, CXCursor f)
{
	for (int i = 0; i < u->seen.n; i++)
		if (clang_equalCursors(u->seen.v[i], f))
			return;
	vpush(u->seen, f);
	descend(f, useskid, u);
}

/* The program's function definitions named `name` (the candidates of a
 * call a template leaves unresolved: a method of a dependent type, a
 * function template taking dependent arguments), outside system headers. */
typedef struct {
	const char *name;
	Cursors *out;
} Named;

static int
namedkid(CXCursor c, void *arg)
{
	Named *n = arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (insystem(c))
		return WALK_OVER;
	if ((k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate ||
	     k == CXCursor_ConversionFunction) &&
	    clang_isCursorDefinition(c) && named(c, n->name))
		vpush(*n->out, c);
	return k == CXCursor_Namespace || k == CXCursor_StructDecl || k == CXCursor_ClassDecl ||
	               k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization ||
	               k == CXCursor_LinkageSpec
	           ? WALK_IN
	           : WALK_OVER;
}

/* The name an unresolved call uses: its spelling, or the last identifier
 * of its callee's expression (red.sum(v) on a dependent red). */
static char *
calleename(CXCursor call)
{
	char *n = spelling(call);
	if (*n)
		return n;
	free(n);
	CXCursor *ks;
	int nk = kids(call, &ks);
	n = xstrdup("");
	if (!nk)
		return n;
	Tokens t = cursortokens(ks[0]);
	for (unsigned i = 0; i < t.n; i++) {
		if (clang_getTokenKind(t.v[i]) == CXToken_Punctuation) { /* f<T>(x): the name is before the arguments */
			CXString s = clang_getTokenSpelling(t.tu, t.v[i]);
			bool targs = !strcmp(clang_getCString(s), "<");
			clang_disposeString(s);
			if (targs)
				break;
		}
		if (clang_getTokenKind(t.v[i]) == CXToken_Identifier) {
			CXString s = clang_getTokenSpelling(t.tu, t.v[i]);
			free(n);
			n = xstrdup(clang_getCString(s));
			clang_disposeString(s);
		}
	}
	freetokens(&t);
	free(ks);
	return n;
}

/* U_SYNC when the unresolved call is named as the toolkit's warp
 * operations and barriers are (a dependent argument leaves it unresolved). */
static int
syncname(CXCursor call)
{
	char *name = calleename(call);
	bool sync = warpname(name) || !strcmp(name, "__syncthreads") || !strcmp(name, "__syncwarp");
	free(name);
	return sync ? U_SYNC : 0;
}

static void
calluses(Uses *u, CXCursor call)
{
	CXCursor r = clang_getCursorReferenced(call);
	if (!clang_Cursor_isNull(r) && (incg(r) || incub(r))) { /* a group's ranks read the thread's indices */
		u->uses |= U_BUILTIN;
		return;
	}
	if (!clang_Cursor_isNull(r) && insystem(r)) {
		if (clang_getCursorKind(r) == CXCursor_OverloadedDeclRef) /* the toolkit's, on a dependent argument */
			u->uses |= syncname(call);
		return;
	}
	CXCursor f = directcallee(r) ? clang_getCursorDefinition(r) : clang_getNullCursor();
	if (!clang_Cursor_isNull(f)) {
		usesof(u, f);
		return;
	}
	u->uses |= U_BUILTIN;
	if (!clang_Cursor_isNull(r) && clang_getCursorKind(r) != CXCursor_OverloadedDeclRef)
		return; /* through a pointer, a virtual call */
	u->uses |= syncname(call);
	char *name = calleename(call); /* unresolved: what it may call is named so */
	Cursors cands = {0};
	Named n = {name, &cands};
	if (*name)
		descend(clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(call)), namedkid, &n);
	for (int i = 0; i < cands.n; i++)
		usesof(u, cands.v[i]);
	vfree(cands);
	free(name);
}

int
calleeuses(CXCursor call)
{
	Uses u = {{0}, 0};
	calluses(&u, call);
	vfree(u.seen);
	return u.uses;
}

/* Is e the same value in every thread of the block? */
bool
uniform(K *k, CXCursor e)
{
	enum CXCursorKind kind = clang_getCursorKind(e);
	if (kind == CXCursor_DeclRefExpr || kind == CXCursor_MemberRefExpr) {
		CXCursor r = clang_getCursorReferenced(e);
		const char *b;
		if (builtinvar(r, &b))
			return strcmp(b, "threadIdx") != 0;
		enum CXCursorKind rk = clang_getCursorKind(r);
		if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl) {
			int v = findvar(k, r);
			if (v >= 0 && !k->vars.v[v].uniform && !k->vars.v[v].shared)
				return false;
		}
	} else if (kind == CXCursor_CallExpr) {
		CXCursor f = clang_getCursorReferenced(e);
		if (clang_Cursor_isNull(f) || !insystem(f) || warpop(e) || isbarrier(e) || incg(f))
			return false;
		char *n = spelling(f);
		bool bad = !strncmp(n, "atomic", 6) || !strncmp(n, "clock", 5) || !strncmp(n, "curand", 6) ||
		           !strcmp(n, "malloc") || !strcmp(n, "calloc") || !strcmp(n, "realloc"); /* each thread's own block */
		free(n);
		if (bad)
			return false;
	} else if (kind == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(e);
		if (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreInc ||
		    u == CXUnaryOperator_PreDec)
			return false; /* a side effect: each thread has its own */
	} else if (kind == CXCursor_BinaryOperator &&
	           clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Assign)
		return false;
	else if (kind == CXCursor_CompoundAssignOperator || kind == CXCursor_LambdaExpr || kind == CXCursor_CXXNewExpr)
		return false;
	return allkids(e, uniformkid, k);
}

/* Is update (i++, i += e, i >>= e, i = e) uniform for variable v? */
static bool
uniformupdate(K *k, CXCursor e, int v)
{
	e = strip(e);
	enum CXCursorKind kind = clang_getCursorKind(e);
	CXCursor *ks;
	int n = kids(e, &ks);
	bool ok = false;
	if (kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Comma)
		ok = n == 2 && uniformupdate(k, ks[0], v) && uniformupdate(k, ks[1], v);
	else if (n >= 1 && refvar(k, strip(ks[0])) == v) {
		if (kind == CXCursor_UnaryOperator)
			ok = true;
		else if (kind == CXCursor_CompoundAssignOperator ||
		         (kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Assign))
			ok = n == 2 && uniform(k, ks[1]);
	} else
		ok = uniform(k, e); /* updates another variable: must be a plain uniform expression */
	free(ks);
	return ok;
}

/* How many writes to v lie in c (a loop's increment): the write collector
 * run on c alone, the counts of the whole body put back afterwards. */
static int
writesin(K *k, CXCursor c, int v)
{
	Ints saved = {0};
	for (int i = 0; i < k->vars.n; i++) {
		vpush(saved, k->vars.v[i].writes);
		k->vars.v[i].writes = 0;
	}
	descend(c, collectwrites, k);
	notewrites(k, c);
	int n = k->vars.v[v].writes;
	for (int i = 0; i < k->vars.n; i++)
		k->vars.v[i].writes = saved.v[i];
	vfree(saved);
	return n;
}

/* A for loop's own variables: declared by its init, written only by its increment. */
static int
findloopvars(CXCursor c, void *arg)
{
	K *k = arg;
	if (clang_getCursorKind(c) != CXCursor_ForStmt)
		return WALK_IN;
	CXCursor init, cond, inc, body;
	if (forparts(k, c, &init, &cond, &inc, &body) == 2 && !clang_Cursor_isNull(init) && !clang_Cursor_isNull(inc) &&
	    clang_getCursorKind(init) == CXCursor_DeclStmt) {
		CXCursor *ds;
		int nd = kids(init, &ds);
		for (int i = 0; i < nd; i++) {
			int v = findvar(k, ds[i]);
			if (v >= 0 && k->vars.v[v].writes > 0 && writesin(k, inc, v) == k->vars.v[v].writes)
				k->vars.v[v].inc = inc;
		}
		free(ds);
	}
	return WALK_IN;
}

/* Are the elements of array variable d const (so it is never written)? */
static bool
constelems(CXCursor d)
{
	CXType t = canontype(d);
	while (t.kind == CXType_ConstantArray || t.kind == CXType_DependentSizedArray)
		t = clang_getArrayElementType(t);
	return clang_isConstQualifiedType(t);
}

/* Could v be the same in every thread? (greatest fixed point: start from yes) */
static bool
stillinform(K *k, int i)
{
	KVar *v = &k->vars.v[i];
	if (v->shared)
		return false;
	if (v->param)
		return !v->written;
	CXCursor init = clang_Cursor_getVarDeclInitializer(v->decl);
	if (clang_Cursor_isNull(init) || !uniform(k, init))
		return false;
	if (v->carray && !constelems(v->decl))
		return false; /* writes to elements (a[i] = e) are not counted as writes */
	if (!v->written)
		return true;
	return !clang_Cursor_isNull(v->inc) && uniformupdate(k, v->inc, i);
}

/* Parameters never written; locals initialised from uniform values and
 * never written again, or written only by their for loop's uniform
 * increment. */
void
filluniform(K *k)
{
	for (int i = 0; i < k->vars.n; i++) {
		k->vars.v[i].inc = clang_getNullCursor();
		k->vars.v[i].uniform = !k->vars.v[i].shared && (!k->vars.v[i].param || !k->vars.v[i].written);
	}
	descend(k->body, findloopvars, k);
	for (bool ch = true; ch;) {
		ch = false;
		for (int i = 0; i < k->vars.n; i++)
			if (k->vars.v[i].uniform && !stillinform(k, i)) {
				k->vars.v[i].uniform = false;
				ch = true;
			}
	}
}
