/* kernel.c: a CUDA kernel -> a C++ function that runs one thread block on a
 * CPU core (MCUDA, Stratton et al., LCPC 2008; COX, Han et al., ASPLOS 2022).
 *
 * The body becomes loops over the block's threads ("thread loops"), split at
 * every __syncthreads(): a barrier ends one loop and starts the next. A
 * statement holding a barrier is not put in a loop: its control runs once per
 * block. When that control is provably the same for every thread (uniform:
 * built from constants, blockIdx/blockDim/gridDim, unwritten parameters,
 * shared memory and such variables), it stays scalar C control; otherwise
 * each thread's decision goes into a mask array and the branches or
 * iterations run the threads whose mask is set (SIMT masking, as COX does
 * for warps). Warp operations (__shfl*, __ballot, votes) split loops the same
 * way: the values each lane offers are stored in per-thread arrays, then
 * every lane reads its partner's entry.
 *
 * A local variable used in more than one thread loop lives in a per-thread
 * array (v -> v[cuflow_tid]); __shared__ variables exist once per block; a
 * thread's return clears its bit of an "alive" mask. Everything else of the
 * user's text (names, comments, layout) is copied. Two passes run the same
 * generator: the first only records which loop each variable is used in. */
#include <ctype.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"
#include "lower/kernel.h"

/* used before they are defined (the statement generator recurses) */
static void spanwalk(Span *sp, CXCursor c);
static bool uniformjumps(K *k, CXCursor l);
static void genstmt(K *k, CXCursor s);
static bool hasgoto(CXCursor s);
static bool splits(K *k, CXCursor s);
static void genlist(K *k, CXCursor *ks, int n, bool jumps);
static char *declare(const char *type, const char *name);

void
kfail(K *k, CXCursor at, const char *what)
{
	if (!k->pass.dry)
		refuse(k->L, at, "%s", what);
	k->pass.failed = true;
}

/* A refusal naming what splits the kernel's thread loops: its barriers, or
 * the statements run in step because lanes read each other's __shared__
 * stores with no barrier between (what holds %s). */
static void
kfailat(K *k, CXCursor at, const char *what)
{
	bool steps = k->steps.n && !hassync(k->body);
	char *w = fmt(what, steps ? "a statement run in step (lanes reading each other's __shared__ stores)" : "a barrier");
	kfail(k, at, w);
	free(w);
}

bool
iskernel(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate)
		return false;
	return haskid(c, CXCursor_CUDAGlobalAttr);
}

char *
launchername(CXCursor k)
{
	char *n = spelling(k), *r = fmt("cuflow_launch_%s", n);
	free(n);
	return r;
}

/* ---------------------------------------------------------------- finding things */

static const char *warpnames[] = {
	[W_SHFL] = "shfl", [W_UP] = "shfl_up", [W_DOWN] = "shfl_down", [W_XOR] = "shfl_xor", [W_BALLOT] = "ballot",
	[W_ANY] = "any", [W_ALL] = "all", [W_ACTIVE] = "activemask", [W_REDUCE] = "", [W_WREDUCE] = "",
	[W_MANY] = "match_any", [W_MALL] = "match_all", [W_STEP] = "", [W_SCOUNT] = "syncthreads_count",
	[W_SAND] = "syncthreads_and", [W_SOR] = "syncthreads_or",
};

/* The warp operation or block reduction a function named n performs, 0
 * for none. */
int
warpname(const char *n)
{
	int op = 0;
	const char *s = n;
	if (!strncmp(s, "__", 2))
		s += 2;
	size_t l = strlen(s);
	char *base = xstrdup(s);
	if (l > 5 && !strcmp(s + l - 5, "_sync"))
		base[l - 5] = 0;
	for (int i = W_SHFL; i <= W_SOR && strncmp(n, "__", 2) == 0; i++)
		if (*warpnames[i] && !strcmp(base, warpnames[i]))
			op = i;
	free(base);
	return op;
}


/* Is d declared in namespace ns (at any depth)? */
static bool
innamespace(CXCursor d, const char *ns)
{
	for (int i = 0; i < 16 && !clang_Cursor_isNull(d) && !clang_isTranslationUnit(clang_getCursorKind(d)); i++) {
		if (clang_getCursorKind(d) == CXCursor_Namespace && named(d, ns))
			return true;
		d = clang_getCursorSemanticParent(d);
	}
	return false;
}

bool
incg(CXCursor d)
{
	return innamespace(d, "cooperative_groups");
}

/* cub's: its BlockLoad and BlockStore read the thread's indices. */
bool
incub(CXCursor d)
{
	return innamespace(d, "cub");
}

/* The size of a static tile of at most a warp (thread_block_tile<N>, N a
 * power of two up to 32) that type t is, or refers or points to; 0 for any
 * other type. */
static unsigned
tilesize(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
		t = clang_getCanonicalType(pointee(t));
	CXCursor d = clang_getTypeDeclaration(t);
	if (!named(d, "thread_block_tile") || clang_Cursor_getNumTemplateArguments(d) < 1 ||
	    clang_Cursor_getTemplateArgumentKind(d, 0) != CXTemplateArgumentKind_Integral)
		return 0;
	unsigned long long n = clang_Cursor_getTemplateArgumentUnsignedValue(d, 0);
	return n >= 1 && n <= 32 && !(n & (n - 1)) ? (unsigned)n : 0;
}

/* A thread_block_tile whose size is not known (a template's parameter) or
 * larger than a warp. */
static bool
unsizedtile(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
		t = clang_getCanonicalType(pointee(t));
	return named(clang_getTypeDeclaration(t), "thread_block_tile") && !tilesize(t);
}

/* A cooperative-groups group type: the whole block and static tiles of at
 * most a warp are barriers (a tile's as __syncwarp's, which the lowering
 * makes a block barrier); a grid, a coalesced group, a tile of another or
 * unknown size (thread_group) are not. */
static int
cggroup(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
		t = pointee(t);
	CXCursor d = clang_getTypeDeclaration(t);
	if (named(d, "thread_block"))
		return CG_BARRIER;
	return tilesize(t) ? CG_TILE : CG_OTHER;
}

/* The object a method call is made on (its callee's first child), or null. */
static CXCursor
callobject(CXCursor call)
{
	CXCursor *ks, *os, o = clang_getNullCursor();
	int n = kids(call, &ks);
	if (n > 0 && clang_getCursorKind(ks[0]) == CXCursor_MemberRefExpr) {
		if (kids(ks[0], &os) > 0)
			o = strip(os[0]);
		free(os);
	}
	free(ks);
	return o;
}

/* The tile of a tile collective (tile.shfl_down(v, d), cg::reduce(tile, v,
 * op)): its size, or 0 when call is none. */
unsigned
tileof(CXCursor call)
{
	CXCursor r = calleeof(call);
	if (clang_Cursor_isNull(r) && clang_getCursorKind(call) == CXCursor_CallExpr) {
		/* a kernel template's call on a dependent argument is unresolved:
		 * a method's object, or cg::reduce's candidates, say what it is */
		CXCursor o = callobject(call), ov = overloadref(call);
		if (!clang_Cursor_isNull(o))
			return tilesize(clang_getCursorType(o));
		bool cg = !clang_Cursor_isNull(ov) && clang_getNumOverloadedDecls(ov) > 0 && incg(clang_getOverloadedDecl(ov, 0));
		return cg && clang_Cursor_getNumArguments(call) == 3
		               ? tilesize(clang_getCursorType(clang_Cursor_getArgument(call, 0)))
		               : 0;
	}
	if (!incg(r))
		return 0;
	if (clang_getCursorKind(r) == CXCursor_CXXMethod) {
		CXCursor o = callobject(call);
		return clang_Cursor_isNull(o) ? 0 : tilesize(clang_getCursorType(o));
	}
	return clang_Cursor_getNumArguments(call) == 3 ? tilesize(clang_getCursorType(clang_Cursor_getArgument(call, 0)))
	                                               : 0;
}

/* A method call's name ("" for none). In a template an unresolved member
 * has no spelling: its last token names it. */
static char *
methodname(CXCursor call)
{
	CXCursor *ks;
	int n = kids(call, &ks);
	char *m = NULL;
	if (n > 0 && clang_getCursorKind(ks[0]) == CXCursor_MemberRefExpr) {
		Tokens t = cursortokens(ks[0]);
		if (t.n > 0) {
			CXString sp = clang_getTokenSpelling(t.tu, t.v[t.n - 1]);
			m = xstrdup(clang_getCString(sp));
			clang_disposeString(sp);
		}
		freetokens(&t);
	}
	free(ks);
	return m ? m : xstrdup("");
}

/* cub's collectives the lowering runs over the block's threads: the class
 * each call's object has, and its op. */
static const struct {
	const char *cls;
	int op;
} cubclasses[] = {{"BlockReduce", W_BREDUCE},
                  {"WarpReduce", W_WREDUCE},
                  {"BlockScan", W_BSCAN},
                  {"BlockAdjacentDifference", W_BADJ}};

/* The cub collective a call is, 0 for none; *ts (when asked) gets its
 * class's type spelling (cub::BlockScan<int, 128>). In a kernel template
 * the call is not resolved: its object's type says it. */
static int
cubcollective(CXCursor call, char **ts)
{
	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return 0;
	CXCursor o = callobject(call);
	if (clang_Cursor_isNull(o))
		return 0;
	CXType t = clang_getCanonicalType(clang_getCursorType(o));
	if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
		t = clang_getCanonicalType(pointee(t));
	CXCursor d = clang_getTypeDeclaration(t), ns = clang_getCursorSemanticParent(d);
	if (clang_getCursorKind(ns) != CXCursor_Namespace || !named(ns, "cub"))
		return 0;
	for (size_t i = 0; i < sizeof cubclasses / sizeof *cubclasses; i++)
		if (named(d, cubclasses[i].cls)) {
			if (ts)
				*ts = typespelling(t);
			return cubclasses[i].op;
		}
	return 0;
}

/* Template argument i of a type's spelling (cub::WarpReduce<float, 16>: 1
 * is "16"), or NULL when it has none there. */
static char *
targ(const char *ts, int i)
{
	for (const char *a = strchr(ts, '<'); a; i--) {
		const char *b = a + 1, *e = b;
		for (int depth = 0; *e && !(depth == 0 && (*e == ',' || *e == '>')); e++)
			depth += (*e == '<' || *e == '(') - (*e == '>' || *e == ')');
		if (!*e)
			return NULL;
		if (i == 0) {
			while (*b == ' ')
				b++;
			while (e > b && e[-1] == ' ')
				e--;
			return xstrndup(b, (size_t)(e - b));
		}
		a = *e == ',' ? e : NULL;
	}
	return NULL;
}

/* The name of the function call calls: its callee's, or where a template's
 * dependent argument leaves the call unresolved and every candidate is the
 * toolkit's (__shfl_xor_sync(m, v, d) with v of type T), theirs; "" for
 * neither. */
static char *
toolkitname(CXCursor call)
{
	CXCursor r = calleeof(call);
	if (!clang_Cursor_isNull(r) || clang_getCursorKind(call) != CXCursor_CallExpr)
		return spelling(r);
	CXCursor o = overloadref(call);
	bool sys = !clang_Cursor_isNull(o) && clang_getNumOverloadedDecls(o) > 0;
	for (unsigned i = 0; sys && i < clang_getNumOverloadedDecls(o); i++)
		sys = insystem(clang_getOverloadedDecl(o, i));
	return sys ? spelling(o) : xstrdup("");
}

/* A warp operation of the toolkit's that the lowering does not exchange
 * (the warp's reductions): in a kernel it would run outside any exchange,
 * and the runtime stops it (cuflow_lower.h). Cooperative groups' scans,
 * asynchronous copies and a tile's matches the runtime's header does not
 * have: the lowered program did not build. */
static bool
unlowered(CXCursor call)
{
	static const char *const names[] = {"__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
	                                    "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync", NULL};
	static const char *const cgnames[] = {"inclusive_scan", "exclusive_scan", "memcpy_async", "wait", "wait_prior",
	                                      NULL};
	char *n = toolkitname(call);
	bool yes = false;
	for (int i = 0; names[i] && !yes; i++)
		yes = !strcmp(n, names[i]);
	CXCursor r = calleeof(call), ov = clang_Cursor_isNull(r) ? overloadref(call) : r;
	if (!clang_Cursor_isNull(ov) && clang_getCursorKind(ov) == CXCursor_OverloadedDeclRef)
		ov = clang_getNumOverloadedDecls(ov) ? clang_getOverloadedDecl(ov, 0) : clang_getNullCursor();
	if (!yes && !clang_Cursor_isNull(ov) && incg(ov)) {
		char *m = spelling(ov);
		for (int i = 0; cgnames[i] && !yes; i++)
			yes = !strcmp(m, cgnames[i]);
		CXCursor o = callobject(call);
		yes |= (!strcmp(m, "match_any") || !strcmp(m, "match_all")) && !clang_Cursor_isNull(o) &&
		       tilesize(clang_getCursorType(o));
		free(m);
	}
	/* a collective of a tile whose size a kernel template's parameter gives
	 * (thread_block_tile<TS>): its lanes are not known here */
	CXCursor o = callobject(call);
	if (!yes && clang_Cursor_isNull(o) && !strcmp(n, "reduce") && clang_Cursor_getNumArguments(call) == 3)
		o = clang_Cursor_getArgument(call, 0);
	if (!yes && !clang_Cursor_isNull(o) && unsizedtile(clang_getCursorType(o))) {
		static const char *const coll[] = {"shfl", "shfl_up", "shfl_down", "shfl_xor", "any", "all", "ballot",
		                                   "match_any", "match_all", "sync", "reduce", NULL};
		char *m = *n ? xstrdup(n) : methodname(call);
		for (int i = 0; coll[i] && !yes; i++)
			yes = !strcmp(m, coll[i]);
		free(m);
	}
	free(n);
	return yes;
}

/* nvcuda::wmma's load_matrix_sync and store_matrix_sync (n the callee's
 * name, toolkitname's). Each lane of the runtime's mma.h loads and stores
 * the whole tile, elements other lanes own on the GPU: run in step, every
 * lane's load comes after all lanes' earlier stores and before their later
 * ones, as the warp's collective call orders them (runtime/include/mma.h). */
static bool
wmmastep(CXCursor call, const char *n)
{
	if (strcmp(n, "load_matrix_sync") && strcmp(n, "store_matrix_sync"))
		return false;
	CXCursor r = calleeof(call); /* null: a template's call, every candidate the toolkit's */
	return clang_Cursor_isNull(r) || innamespace(r, "wmma");
}

/* The warp operation or block reduction a call performs, 0 for none: the
 * toolkit's intrinsics, a static tile's collectives, cub's BlockReduce. */
int
warpop(CXCursor call)
{
	int cub = cubcollective(call, NULL);
	if (cub)
		return cub;
	CXCursor r = calleeof(call);
	char *n = toolkitname(call); /* "": no call */
	int op = warpname(n);
	if (!op && wmmastep(call, n))
		op = W_STEP;
	if (!op && tileof(call)) {
		bool method = clang_Cursor_isNull(r) ? !clang_Cursor_isNull(callobject(call))
		                                     : clang_getCursorKind(r) == CXCursor_CXXMethod;
		char *m = method && !*n ? methodname(call) : NULL; /* unresolved in a template */
		const char *name = m ? m : n;
		for (int i = W_SHFL; i <= W_ALL; i++)
			if (!strcmp(name, warpnames[i]) && method)
				op = i;
		if (!strcmp(name, "reduce") && !method)
			op = W_REDUCE;
		free(m);
	}
	free(n);
	return op;
}

/* The group a cooperative-groups sync call synchronises: g.sync(),
 * cg::sync(g), thread_block::barrier_wait(); CG_NONE for other calls. */
int
cgsync(CXCursor call)
{
	CXCursor r = calleeof(call);
	if (!incg(r) || !(named(r, "sync") || named(r, "barrier_wait")))
		return CG_NONE;
	if (clang_getCursorKind(r) != CXCursor_CXXMethod)
		return clang_Cursor_getNumArguments(call) == 1
		           ? cggroup(clang_getCursorType(strip(clang_Cursor_getArgument(call, 0))))
		           : CG_OTHER;
	if (clang_CXXMethod_isStatic(r))
		return cggroup(clang_getCursorType(clang_getCursorSemanticParent(r)));
	CXCursor o = callobject(call); /* its type as declared, not the base class a call of an inherited sync casts to */
	return clang_Cursor_isNull(o) ? CG_OTHER : cggroup(clang_getCursorType(o));
}

/* __syncthreads, __syncwarp, or a cooperative-groups sync of the block or
 * of a tile of at most a warp (CG_TILE). */
bool
isbarrier(CXCursor call)
{
	CXCursor r = calleeof(call);
	int g = cgsync(call);
	return named(r, "__syncthreads") || named(r, "__syncwarp") || g == CG_BARRIER || g == CG_TILE;
}

/* A barrier, warp operation, or a cooperative-groups sync cuflow refuses
 * (not inside a lambda below s, which runs where it is called). */
static int
findsync(CXCursor c, void *arg)
{
	(void)arg;
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return WALK_OVER;
	return isbarrier(c) || warpop(c) || cgsync(c) ? WALK_STOP : WALK_IN;
}

/* A barrier of the block or a cooperative group (not a warp operation). */
static bool
barrierkid(CXCursor c, void *arg)
{
	(void)arg;
	return isbarrier(c) || cgsync(c);
}

/* A sync of a group the lowering refuses outright (collectvars says why). */
static bool
othersync(CXCursor c, void *arg)
{
	(void)arg;
	return cgsync(c) == CG_OTHER;
}

bool
issync(CXCursor c)
{
	return isbarrier(c) || warpop(c) || cgsync(c);
}

bool
hassync(CXCursor s)
{
	return isbarrier(s) || warpop(s) || cgsync(s) || descend(s, findsync, NULL);
}

/* Past the ';' that ends an expression statement (extents stop before it). */
static int
endsemi(K *k, CXCursor s)
{
	int e = endof(s);
	const char *src = k->F->src;
	int i = e;
	if (e > 0 && src[e - 1] == ';') /* a declaration's own (for (int i = 0; ; i++): not the empty condition's) */
		return e;
	while (i < (int)k->F->len && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r'))
		i++;
	return i < (int)k->F->len && src[i] == ';' ? i + 1 : e;
}

/* ---------------------------------------------------------------- text */

void
spanedit(Span *sp, int off, int len, char *text)
{
	addedit(sp->e, off, len, text);
}

/* Where cursor c's text is spelled, when that lies in the span (a macro's
 * body is not: it cannot be edited). It must lie inside the text c expands
 * from too: a macro defined in the kernel's body has its body in the span,
 * and an expression from it runs from there to an argument at its use
 * (HeCBench stencil3d's `#define sigmaX(x,y,z,dir) d_sigmaX[...]`). */
static bool
spelled(Span *sp, CXCursor c, int *b, int *e)
{
	int lo = startof(c), hi = endof(c);
	if (hi == lo) { /* a macro's argument: its cursor's extent is the use's start; the use runs to its ')' */
		Macro m;
		if (!macroat(sp->k->F->tu, sp->k->F->file, lo, &m))
			return false;
		hi = macroplain(&m) ? m.ue : lo; /* (# would print the argument's new name, ## paste it) */
		macrofree(&m);
	}
	return spelledin(c, sp->k->F->file, b, e) && *b >= sp->lo && *e <= sp->hi && *e > *b && *b >= lo && *e <= hi;
}

bool
inspan(Span *sp, CXCursor c)
{
	int b, e;
	return spelled(sp, c, &b, &e) && b == startof(c);
}

/* One edit per spelled range: a macro argument used twice is one token. */
static bool
edited(Span *sp, int off)
{
	for (int i = 0; i < sp->e->n; i++) /* (an insertion there, sharedwrap's "(int)(", replaces nothing) */
		if (sp->e->v[i].off == off && sp->e->v[i].len > 0)
			return true;
	return false;
}

static void
useregion(K *k, int v)
{
	pushonce(&k->vars.v[v].regions, k->pass.region);
}

bool
hasint(Ints *r, int x)
{
	for (int i = 0; i < r->n; i++)
		if (r->v[i] == x)
			return true;
	return false;
}

static char *
varref(K *k, int v)
{
	KVar *x = &k->vars.v[v];
	return x->arrayed && !x->sr ? fmt("%s[cuflow_tid]", x->name) : xstrdup(x->name);
}

static void
spankid(CXCursor c, void *sp)
{
	spanwalk(sp, c);
}

static void
spankids(Span *sp, CXCursor c)
{
	eachkid(c, spankid, sp);
}

static bool
isstore(K *k, CXCursor ref)
{
	for (int i = 0; i < k->stores.n; i++)
		if (clang_equalCursors(k->stores.v[i], ref))
			return true;
	return false;
}

static void
declref(Span *sp, CXCursor c)
{
	K *k = sp->k;
	int v = findvar(k, clang_getCursorReferenced(c));
	if (v < 0)
		return;
	useregion(k, v);
	KVar *x = &k->vars.v[v];
	if (k->pass.dry && !isstore(k, c))
		pushonce(&x->rregions, k->pass.region);
	if (k->pass.dry && x->root >= 0) {
		KRef r = {c, k->pass.region, sp->cont > 0};
		vpush(k->srefs, r);
	}
	char *sp0 = spelling(c);
	bool rename = strcmp(sp0, x->name) != 0;
	free(sp0);
	if (k->pass.dry || (!x->arrayed && !rename))
		return;
	int b, e;
	if (!spelled(sp, c, &b, &e) && x->sr && !rename)
		return; /* each thread loop's copy has the name the macro's body spells */
	if (!spelled(sp, c, &b, &e)) {
		kfail(k, c, "a variable that must be kept per thread is used inside a macro's body");
		return;
	}
	if (!edited(sp, b))
		spanedit(sp, b, e - b, varref(k, v));
}

/* The text of expression e with the edits its cursors need (a nested span). */
char *
exprtext(K *k, CXCursor e)
{
	Edits sub = {0};
	Span in = {k, &sub, startof(e), endof(e), 0, 0};
	spanwalk(&in, e);
	char *txt = xstrndup(k->F->src + startof(e), endof(e) - startof(e));
	for (int j = 0; j < sub.n; j++)
		sub.v[j].off -= startof(e);
	size_t len;
	char *err = NULL, *done = applyedits(txt, strlen(txt), &sub, &len, &err);
	freeedits(&sub);
	free(err);
	if (!done)
		return txt;
	free(txt);
	return done;
}

/* Does T v; (or T v[N];) run a constructor: a class that is not POD (a
 * default member initialiser, a constructor of its own)? */
static bool
constructed(CXType t)
{
	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray ||
	       t.kind == CXType_DependentSizedArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	return t.kind == CXType_Record && !clang_isPODType(t);
}

/* A lifted declaration defining a class or enum: the body's copy would be
 * another type of the same name, and a pointer the lowering keeps above
 * the thread loops would point to the top's (struct S2 {...}; __shared__
 * S2 st; S2 *p = &st). The body's goes. */
static bool
liftedrecord(K *k, CXCursor ds)
{
	bool lifted = false;
	for (int i = 0; i < k->lifted.n && !lifted; i++)
		lifted = clang_equalCursors(k->lifted.v[i], ds);
	CXCursor *ks;
	int n = kids(ds, &ks);
	bool record = false;
	for (int i = 0; i < n && !record; i++) {
		enum CXCursorKind dk = clang_getCursorKind(ks[i]);
		record = (dk == CXCursor_StructDecl || dk == CXCursor_ClassDecl || dk == CXCursor_UnionDecl ||
		          dk == CXCursor_EnumDecl) &&
		         clang_isCursorDefinition(ks[i]);
	}
	free(ks);
	return lifted && record;
}

/* T v = e;  ->  v[cuflow_tid] = e;   (declarations of arrayed or hoisted variables) */
static void
vardecledit(Span *sp, CXCursor ds)
{
	K *k = sp->k;
	CXCursor *ks;
	int n = kids(ds, &ks), moved = 0, vars = 0;
	for (int i = 0; i < n; i++)
		if (clang_getCursorKind(ks[i]) == CXCursor_VarDecl) {
			vars++;
			int v = findvar(k, ks[i]);
			if (v >= 0) {
				useregion(k, v);
				if (k->pass.dry && !k->vars.v[v].once && !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(ks[i])))
					pushonce(&k->vars.v[v].wregions, k->pass.region);
				moved += k->vars.v[v].arrayed || k->vars.v[v].hoist || k->vars.v[v].shared || k->vars.v[v].bindtop;
			}
		}
	(void)vars;
	if (!k->pass.dry && liftedrecord(k, ds)) {
		spanedit(sp, startof(ds), endof(ds) - startof(ds), xstrdup(";"));
		free(ks);
		return;
	}
	if (!moved || k->pass.dry) {
		for (int i = 0; i < n; i++)
			spanwalk(sp, ks[i]);
		free(ks);
		return;
	}
	Buf b = {0};
	int at = startof(ds), stop = endof(ds);
	for (int i = 0; i < n; i++) {
		if (clang_getCursorKind(ks[i]) != CXCursor_VarDecl)
			continue;
		int v = findvar(k, ks[i]);
		KVar *x = &k->vars.v[v];
		if (x->once || x->bindtop) /* assigned before the thread loop, bound at the top */
			continue;
		CXCursor init = clang_Cursor_getVarDeclInitializer(ks[i]);
		bool plain = !x->arrayed && !x->hoist && !x->shared; /* stays a declaration here */
		/* a constructor call starting at the name: V d; (implicit) or V d(1, 2) */
		int name = locof(ks[i]);
		char *spelt = spelling(ks[i]); /* as written: x->name may be a renamed one (a second r in another scope) */
		int namelen = (int)strlen(spelt);
		free(spelt);
		bool direct = !clang_Cursor_isNull(init) && startof(init) <= name;
		if (direct && endof(init) - name == namelen)
			init = clang_getNullCursor(), direct = false; /* default construction: no text */
		if (direct && !plain) { /* T v(args) -> v = T(args): a temporary, assigned */
			char *txt = x->carray ? NULL : exprtext(k, init);
			if (!txt || strncmp(txt, k->F->src + name, (size_t)namelen)) {
				kfail(k, ks[i], "a direct-initialised local (T v(args)) kept per thread");
				free(txt);
				continue;
			}
			char *r = varref(k, v);
			bprintf(&b, "%s%s = %s%s", b.n ? "; " : "", r, x->type, txt + namelen);
			free(r);
			free(txt);
			continue;
		}
		if (!plain && !x->shared && clang_Cursor_isNull(init) && constructed(clang_getCursorType(ks[i]))) {
			if (x->carray) {
				kfail(k, ks[i], "an array of a class with a constructor, kept per thread");
				continue;
			}
			char *r = varref(k, v);
			bprintf(&b, "%s%s = std::remove_cv<std::remove_reference<decltype(%s)>::type>::type()", b.n ? "; " : "", r, r);
			free(r);
			continue;
		}
		if (plain) {
			char *d = declare(x->type, x->name);
			bprintf(&b, "%s%s", b.n ? "; " : "", d);
			free(d);
			if (clang_Cursor_isNull(init))
				continue;
			if (direct) { /* the arguments as written */
				bprintf(&b, "%.*s", endof(init) - name - namelen, k->F->src + name + namelen);
				continue;
			}
			bputs(&b, " = ");
		}
		if (x->shared || clang_Cursor_isNull(init))
			continue;
		CXType et = clang_getCursorType(ks[i]); /* the elements' type (a template's array: its own type is not POD) */
		while (et.kind == CXType_ConstantArray || et.kind == CXType_DependentSizedArray)
			et = clang_getArrayElementType(et);
		/* a kernel template's parameter type (acc_t sum[N]{0.0f}): checked where it is instantiated */
		char *canon = typespelling(clang_getCanonicalType(et));
		bool dep = strstr(canon, "type-parameter") != NULL;
		free(canon);
		if (x->carray && !clang_isPODType(et) && !dep) {
			kfail(k, ks[i], "an initialised local array of a non-trivial type kept per thread");
			continue;
		}
		char *txt = exprtext(k, init);
		if (plain)
			bputs(&b, txt);
		else if (x->carray) { /* arrays do not assign: initialise a copy, then memcpy */
			char *r = varref(k, v), *tmp = fmt("cuflow_init_%s", x->name), *d = declare(x->type, tmp);
			char *ets = dep ? typespelling(et) : NULL;
			bprintf(&b, "%s{ %s = %s; ", b.n ? "; " : "", d, txt);
			if (ets)
				bprintf(&b, "static_assert(std::is_trivially_copyable<%s>::value, \"cuflow: a per-thread array "
				            "copied as bytes\"); ", ets);
			bprintf(&b, "memcpy((void *)%s, %s, sizeof %s); }", r, tmp, tmp);
			free(ets);
			free(r);
			free(tmp);
			free(d);
		} else {
			char *r = varref(k, v);
			bprintf(&b, "%s%s = %s", b.n ? "; " : "", r, txt);
			free(r);
		}
		free(txt);
	}
	free(ks);
	/* keep the ';' that ends the declaration */
	const char *src = k->F->src;
	int semi = stop;
	while (semi > at && src[semi - 1] != ';')
		semi--;
	spanedit(sp, at, (semi > at ? semi - 1 : stop) - at, bstr(&b));
}

static bool
isloop(enum CXCursorKind k)
{
	return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
	       k == CXCursor_CXXForRangeStmt;
}

/* The loop a `#pragma unroll` stands before (libclang: an unexposed
 * statement holding it), which splits at its barriers or statements run
 * in step as any loop does;
 * the hint, a matter of speed, is dropped there. Else s. */
static CXCursor
hinted(K *k, CXCursor s)
{
	if (clang_getCursorKind(s) != CXCursor_UnexposedStmt)
		return s;
	CXCursor *ks;
	int n = kids(s, &ks);
	CXCursor r = n == 1 && isloop(clang_getCursorKind(ks[0])) && (hassync(ks[0]) || hasstep(k, ks[0])) ? ks[0] : s;
	free(ks);
	return r;
}

static void
jumpedit(Span *sp, CXCursor c, const char *what)
{
	K *k = sp->k;
	k->tl.usedlabel = true;
	if (k->pass.dry)
		return;
	if (!inspan(sp, c)) {
		kfailat(k, c, "a return, break or continue inside a macro, in a kernel with %s");
		return;
	}
	spanedit(sp, startof(c), endof(c) - startof(c), fmt("{ %sgoto cuflow_next_%d; }", what, k->tl.label));
}

static void
returnstmt(Span *sp, CXCursor c)
{
	K *k = sp->k;
	CXCursor *ks;
	int n = kids(c, &ks);
	free(ks);
	if (n) {
		kfail(k, c, "a kernel returning a value");
		return;
	}
	if (k->sync) {
		k->alive = true;
		jumpedit(sp, c, "cuflow_alive[cuflow_tid] = 0; ");
	} else
		jumpedit(sp, c, "");
}

static void
loopjump(Span *sp, CXCursor c, bool brk)
{
	K *k = sp->k;
	if ((brk && sp->loops) || (!brk && sp->cont))
		return; /* it stays inside the span: plain C */
	if (!k->pass.loops.n) {
		kfailat(k, c, "a break or continue leaving a region that holds %s");
		return;
	}
	KLoop *l = &k->pass.loops.v[k->pass.loops.n - 1];
	char *what = brk ? fmt("%s[cuflow_tid] = 0; %s[cuflow_tid] = 0; ", l->mask, l->cmask)
	                 : fmt("%s[cuflow_tid] = 0; ", l->cmask);
	jumpedit(sp, c, what);
	free(what);
}

static int
warpindex(K *k, CXCursor c)
{
	for (int i = 0; i < k->pass.warps.n; i++)
		if (clang_equalCursors(k->pass.warps.v[i].call, c))
			return i;
	return -1;
}

/* Does e name a variable of the kernel that pick chooses? */
typedef struct {
	K *k;
	bool (*pick)(const KVar *);
} Names;

static bool
picked(CXCursor c, void *arg)
{
	Names *a = arg;
	int v = refvar(a->k, c);
	return v >= 0 && a->pick(&a->k->vars.v[v]);
}

bool
namesvar(K *k, CXCursor e, bool (*pick)(const KVar *))
{
	Names a = {k, pick};
	return contains(e, true, picked, &a);
}

static bool
isarrayed(const KVar *v)
{
	return v->arrayed;
}

static bool
isshared(const KVar *v)
{
	return v->shared;
}

/* An access to __shared__ memory inside a thread loop, recorded by the
 * block function's race-checked form: CUFLOW_RC(kind, line, pos, access). */
static void
rcaccess(Span *sp, CXCursor c)
{
	K *k = sp->k;
	int b, e;
	if (k->pass.dry || !k->pass.region || !spelled(sp, c, &b, &e) || b != startof(c))
		return;
	for (int i = 0; i < k->accs.n; i++)
		if (clang_equalCursors(c, k->accs.v[i].expr)) {
			KAcc *a = &k->accs.v[i];
			spanedit(sp, b, 0, fmt("CUFLOW_RC('%c', %d, %d, ", a->kind, a->line, a->pos));
			spanedit(sp, e, 0, xstrdup(")"));
			return;
		}
}

/* A call the race-checked form makes at this point (nothing otherwise). */
static void
rcnote(K *k, const char *call)
{
	if (k->accs.n)
		bprintf(k->pass.out, "\tif (cuflow_rc)\n\t\t%s;\n", call);
}

/* A subscript of __shared__ memory (the array, or a pointer that points
 * into it alone) by a 32-bit unsigned index, a signed one: the GPU
 * addresses shared memory with 32 bits, so the offset wraps, and p[~x]
 * (~x being 2^32 - 1 - x) reads p[-1 - x] there (HeCBench merge's
 * BSm1[~Ax]); on the CPU it would be 16 GiB past p. An index below 2^31
 * is unchanged. */
static void
sharedwrap(Span *sp, CXCursor c)
{
	K *k = sp->k;
	CXCursor *ks;
	int n = kids(c, &ks), b, e;
	int v = n == 2 ? refvar(k, strip(ks[0])) : -1;
	bool wrap = v >= 0 && k->vars.v[v].root >= 0 && !k->vars.v[v].maybe && !k->pass.dry &&
	            clang_getCanonicalType(clang_getCursorType(ks[1])).kind == CXType_UInt && spelled(sp, ks[1], &b, &e) &&
	            b == startof(ks[1]);
	free(ks);
	if (wrap) {
		spanedit(sp, b, 0, xstrdup("(int)("));
		spanedit(sp, e, 0, xstrdup(")"));
	}
}

static bool
namesbuiltin(CXCursor c, void *arg)
{
	(void)arg;
	const char *b;
	enum CXCursorKind k = clang_getCursorKind(c);
	return (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) && builtinvar(clang_getCursorReferenced(c), &b);
}

/* threadIdx, blockIdx, blockDim and gridDim are locals of the lowered
 * block function and thread loops: a lambda naming one without a capture
 * default ([] { return threadIdx.x; }) captures them by reference ([&]).
 * Where the text goes (or -1), and what: "&" or "&, ". */
static int
captureat(K *k, CXCursor l, const char **ins)
{
	const char *src = k->F->src;
	int p = startof(l);
	if (ismacro(l) || src[p] != '[' || !contains(l, false, namesbuiltin, NULL))
		return -1;
	p++;
	while (src[p] == ' ' || src[p] == '\t')
		p++;
	int q = p + 1;
	while (src[q] == ' ' || src[q] == '\t')
		q++;
	if (src[p] == '=' || (src[p] == '&' && (src[q] == ',' || src[q] == ']')))
		return -1; /* a capture default already */
	/* explicit captures: by copy only takes "&, ", by reference only "=, " ([&, &x] is no C++) */
	bool byref = false, bycopy = false, start = true;
	for (int i = p, depth = 0; src[i] && !(depth == 0 && src[i] == ']'); i++) {
		char c = src[i];
		if (depth == 0 && start && c != ' ' && c != '\t') { /* a capture's first character */
			byref |= c == '&';
			bycopy |= c != '&';
			start = false;
		}
		depth += c == '(' || c == '[' || c == '{' ? 1 : c == ')' || c == ']' || c == '}' ? -1 : 0;
		start |= depth == 0 && c == ',';
	}
	if (byref && bycopy)
		return -1; /* no default fits: the build says so */
	*ins = src[p] == ']' ? "&" : byref ? "=, " : "&, ";
	return p;
}

static void
capturebuiltins(Span *sp, CXCursor l)
{
	const char *ins;
	int p = captureat(sp->k, l, &ins);
	if (p >= 0)
		spanedit(sp, p, 0, xstrdup(ins));
}

static void
spanwalk(Span *sp, CXCursor c)
{
	K *k = sp->k;
	enum CXCursorKind kind = clang_getCursorKind(c);
	for (int i = 0; i < k->subs.n; i++)
		if (clang_equalCursors(c, k->subs.v[i].at)) {
			if (!k->pass.dry)
				spanedit(sp, startof(c), endof(c) - startof(c), xstrdup(k->subs.v[i].text));
			return;
		}
	rcaccess(sp, c);
	if (k->pass.dry)
		notewrites(k, c);
	switch (kind) {
	case CXCursor_DeclRefExpr:
		declref(sp, c);
		return;
	case CXCursor_ArraySubscriptExpr:
		if (lanesub(sp, c))
			return;
		sharedwrap(sp, c);
		break;
	case CXCursor_VarDecl:
		if (lanedecl(sp, c))
			return;
		break;
	case CXCursor_DeclStmt:
		vardecledit(sp, c);
		return;
	case CXCursor_ReturnStmt:
		returnstmt(sp, c);
		return;
	case CXCursor_BreakStmt:
		loopjump(sp, c, true);
		return;
	case CXCursor_ContinueStmt:
		loopjump(sp, c, false);
		return;
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
		kfail(k, c, "inline assembly in a kernel");
		return;
	case CXCursor_GotoStmt:
	case CXCursor_LabelStmt:
		if (k->sync) {
			kfailat(k, c, "goto in a kernel with %s");
			return;
		}
		break;
	case CXCursor_LambdaExpr: /* copied as written: a name in it meaning a
	                           * per-thread array would silently mean the array */
		if (!k->pass.dry && namesvar(k, c, isarrayed))
			kfail(k, c, "a lambda using a local variable kept per thread (live across a barrier)");
		else if (!k->pass.dry)
			capturebuiltins(sp, c);
		return;
	case CXCursor_CallExpr: {
		int w = warpindex(k, c);
		if (w >= 0 && k->pass.warps.v[w].op != W_STEP) { /* a step's call stays as written */
			if (!k->pass.dry) {
				KWarp *x = &k->pass.warps.v[w];
				bool scalar = x->op >= W_SCOUNT;
				spanedit(sp, startof(c), endof(c) - startof(c), scalar ? xstrdup(x->res) : fmt("%s[cuflow_tid]", x->res));
			}
			return;
		}
		if (!k->pass.dry && unlowered(c)) {
			char *n = toolkitname(c);
			if (!*n) { /* a template's unresolved method */
				free(n);
				n = methodname(c);
			}
			char *w = fmt("a warp operation cuflow does not lower (%s)", n);
			kfail(k, c, w);
			free(w);
			free(n);
			return;
		}
		if (!k->pass.dry && w < 0 && warpop(c)) { /* not exchanged before its statement: left as written, it would
		                                           * not build, or (a step's) run out of step */
			kfail(k, c, "a warp operation where cuflow does not exchange the lanes' values (a loop's condition, or a "
			            "loop whose threads run one after another)");
			return;
		}
		CXCursor *ks;
		int n = kids(c, &ks);
		bool launch = n >= 2 && clang_getCursorKind(strip(ks[1])) == CXCursor_CallExpr &&
		              named(clang_getCursorReferenced(strip(ks[1])), "__cudaPushCallConfiguration");
		free(ks);
		if (launch) {
			kfail(k, c, "a kernel launch from device code (dynamic parallelism)");
			return;
		}
		int u = calleeuses(c);
		if (u & U_BUILTIN)
			k->tls = true;
		if (u & U_SYNC) {
			char *w = notinlined(k->L, c);
			kfail(k, c, w);
			free(w);
		}
		break;
	}
	default:
		break;
	}
	bool loop = isloop(kind) || kind == CXCursor_SwitchStmt;
	sp->loops += loop;
	sp->cont += isloop(kind);
	spankids(sp, c);
	sp->loops -= loop;
	sp->cont -= isloop(kind);
}

/* Copies [lo, hi) of the kernel's text with the edits its cursors need. */
void
copyspan(K *k, CXCursor *cs, int n, int lo, int hi)
{
	Edits e = {0};
	Span sp = {k, &e, lo, hi, 0, 0};
	for (int i = 0; i < n; i++)
		spanwalk(&sp, cs[i]);
	if (k->pass.dry) {
		freeedits(&e);
		return;
	}
	for (int i = 0; i < e.n; i++)
		e.v[i].off -= lo;
	size_t len;
	char *err = NULL, *txt = applyedits(k->F->src + lo, hi - lo, &e, &len, &err);
	if (txt)
		bputn(k->pass.out, txt, len);
	else
		kfail(k, cs[0], "overlapping rewrites (a construct cuflow does not lower)");
	free(txt);
	free(err);
	freeedits(&e);
}

/* ---------------------------------------------------------------- thread loops */

void
newregion(K *k)
{
	k->pass.region++;
	k->tl.label = ++k->pass.nlabel;
	k->tl.usedlabel = false;
	if (k->pass.dry && k->pass.loopdepth)
		pushonce(&k->looped, k->pass.region);
}

/* The x loop's head and bounds: over the block, over a split launch's range. */
const XHead xheads[2] = {
	{"for (int cuflow_tx = 0; cuflow_tx < (int)blockDim.x; ++cuflow_tx)", "0", "(int)blockDim.x"},
	{"for (int cuflow_tx = (int)cuflow_b->tlo; cuflow_tx < (int)cuflow_b->thi; ++cuflow_tx)",
	 "(int)cuflow_b->tlo", "(int)cuflow_b->thi"},
};

/* int counters and a uint3 aggregate: GCC's vectoriser gives up on
 * unsigned counters and on dim3's constructor under omp simd. */
const char outerloops[] = "\tfor (int cuflow_tz = 0; cuflow_tz < (int)blockDim.z; ++cuflow_tz)\n"
                                 "\tfor (int cuflow_ty = 0; cuflow_ty < (int)blockDim.y; ++cuflow_ty)\n";

/* The x loop's head and what each thread reads first. */
static void
xloophead(K *k, const char *mask)
{
	/* Threads between two barriers are unordered (CUDA gives no order, and a
	 * race between them is the program's bug), so the x loop may run as
	 * SIMD lanes, as a warp does. Not where the lowering orders them itself
	 * (once per block), nor where device functions read threadIdx from
	 * the one thread_local copy. */
	if (!k->tl.serial && !k->tls)
		bputs(k->pass.out, "#pragma omp simd\n");
	bprintf(k->pass.out, "\t%s {\n", xheads[k->split].head);
	bputs(k->pass.out, "\t\tconst uint3 threadIdx = {(unsigned)cuflow_tx, (unsigned)cuflow_ty, (unsigned)cuflow_tz};\n"
	              "\t\tconst int cuflow_tid = cuflow_tx + (int)blockDim.x * (cuflow_ty + (int)blockDim.y * cuflow_tz);\n"
	              "\t\t(void)cuflow_tid;\n");
	if (mask)
		bprintf(k->pass.out, "\t\tif (!%s[cuflow_tid])\n\t\t\tcontinue;\n", mask);
	if (k->alive)
		bputs(k->pass.out, "\t\tif (!cuflow_alive[cuflow_tid])\n\t\t\tcontinue;\n");
	if (k->tls)
		bputs(k->pass.out, "\t\t::threadIdx = threadIdx;\n");
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		if (v->remat && !v->uniform && hasint(&v->regions, k->pass.region)) {
			char *d = declare(v->type, v->name);
			if (v->lanex && k->tl.lanesok && k->tl.fast)
				bprintf(k->pass.out, "\t\t%s = (%s)(%s) + (%s)cuflow_tx;\n\t\t(void)%s;\n", d, v->type, v->lanex,
				        v->type, v->name);
			else
				bprintf(k->pass.out, "\t\t%s = %s;\n\t\t(void)%s;\n", d, v->remat, v->name);
			if (v->lanex && k->tl.lanesok && !k->tl.fast) {
				KLane l = {clang_getNullCursor(), xstrdup(v->lanex), NULL, v->lane32};
				vpush(k->tl.lanes, l);
			}
			free(d);
		}
		if (!v->sr || !hasint(&v->regions, k->pass.region))
			continue;
		char *d = declare(v->type, v->name);
		if (v->arr)
			bprintf(k->pass.out, "\t\t%s = %s[cuflow_tid];\n", d, v->arr);
		else
			bprintf(k->pass.out, "\t\t%s = cuflow_a.%s;\n", d, v->name);
		free(d);
	}
}

/* The z and y loops of a new thread loop (which the race check counts). */
void
startloops(K *k)
{
	rcnote(k, "cuflowRcLoop()");
	bputs(k->pass.out, outerloops);
}

void
loophead(K *k, const char *mask)
{
	newregion(k);
	startloops(k);
	xloophead(k, mask);
}

/* A value that member functions or operators cannot change unseen. */
bool
scalartype(CXType t)
{
	t = clang_getCanonicalType(t);
	return (t.kind >= CXType_FirstBuiltin && t.kind <= CXType_LastBuiltin) || t.kind == CXType_Pointer ||
	       t.kind == CXType_Enum;
}

/* May a thread loop other than region r, or r itself run again, read v? */
static bool
readlater(K *k, KVar *v, int r)
{
	for (int i = 0; i < v->rregions.n; i++)
		if (v->rregions.v[i] != r || hasint(&k->looped, r))
			return true;
	return false;
}

/* The local copies the thread loop changed go back to their arrays, where
 * a later thread loop may read them. */
void
looptail(K *k)
{
	if (k->tl.usedlabel)
		bprintf(k->pass.out, "\t\tcuflow_next_%d:;\n", k->tl.label);
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		bool used = v->sr && v->arr && hasint(&v->regions, k->pass.region);
		bool changed = hasint(&v->wregions, k->pass.region) || !scalartype(clang_getCursorType(v->decl));
		if (used && changed && readlater(k, v, k->pass.region))
			bprintf(k->pass.out, "\t\t%s[cuflow_tid] = %s;\n", v->arr, v->name);
	}
	bputs(k->pass.out, "\t}\n");
}

/* A masked thread loop, text masked: when the mask is one run of threads
 * of a 1-D block (cuflow_span), a copy runs over that run alone, with no
 * mask test GCC would have to if-convert (it cannot: the test guards loads
 * and stores), so the loop vectorises. Labels get their own names. */
void
denseloop(K *k, const char *masked)
{
	char *test = fmt("\t\tif (!%s[cuflow_tid])\n\t\t\tcontinue;\n", k->pass.mask);
	char *a = replaceall(masked, test, "");
	char *b = replaceall(a, xheads[0].head,
	                   "for (int cuflow_tx = cuflow_lo; cuflow_tx < cuflow_hi; ++cuflow_tx)");
	char *c = replaceall(b, "cuflow_next_", "cuflow_span_next_");
	bprintf(k->pass.out, "\t{\n\tint cuflow_lo, cuflow_hi;\n\tif (cuflow_span(%s, blockDim, &cuflow_lo, &cuflow_hi)) {\n%s"
	                "\t} else {\n%s\t}\n\t}\n", k->pass.mask, c, masked);
	free(test);
	free(a);
	free(b);
	free(c);
}

/* The x loop over statements ks (fast: lane subscripts in their fast form,
 * its label renamed; the first emission records them). */
char *
xloop(K *k, CXCursor *ks, int n, bool fast)
{
	Buf *out = k->pass.out, b = {0};
	k->pass.out = &b;
	k->tl.fast = fast;
	k->tl.lanesok = true;
	if (!fast)
		freelanes(k);
	xloophead(k, k->pass.mask);
	bputs(k->pass.out, "\t\t{\n\t\t");
	copyspan(k, ks, n, startof(ks[0]), endsemi(k, ks[n - 1]));
	bputs(k->pass.out, "\n\t\t}\n");
	looptail(k);
	k->tl.lanesok = k->tl.fast = false;
	k->pass.out = out;
	if (!fast)
		return bstr(&b);
	char *r = replaceall(bstr(&b), "cuflow_next_", "cuflow_next_f");
	free(b.v);
	return r;
}

static bool
declarestype(CXCursor c, void *arg)
{
	(void)arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	return k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_UnionDecl || k == CXCursor_EnumDecl ||
	       k == CXCursor_TypedefDecl || k == CXCursor_TypeAliasDecl;
}

/* Do the statements hold a label or goto (a user's label cannot be written
 * twice), or declare a type (two copies of a loop would make two types of
 * one name, and a pointer the lowering keeps outside them one of them)? */
bool
haslabel(CXCursor *ks, int n)
{
	for (int i = 0; i < n; i++) {
		enum CXCursorKind kind = clang_getCursorKind(ks[i]);
		if (kind == CXCursor_LabelStmt || kind == CXCursor_GotoStmt || kind == CXCursor_IndirectGotoStmt ||
		    hasgoto(ks[i]) || contains(ks[i], true, declarestype, NULL))
			return true;
	}
	return false;
}

/* ---------------------------------------------------------------- control */

/* Text of block-level (scalar) code: what it uses is used outside every
 * thread loop, which region 0 stands for. */
static void
scalarspan(K *k, CXCursor e, int lo, int hi)
{
	int r = k->pass.region;
	k->pass.region = 0;
	copyspan(k, &e, 1, lo, hi);
	k->pass.region = r;
}

static void exchange(K *k, CXCursor call, bool alone);
static int collectwarps(CXCursor c, void *arg);
static bool armedwarps(K *k, CXCursor s, const Cursors *calls);

/* A masked loop's or if's condition, each running lane's value into
 * pre...post: its warp operations exchanged first among the lanes that run
 * it (HeCBench gc's for (v = t; __any_sync(m, v < n); v += s), the same
 * trip count for the lanes of a warp; vote's if (__all_sync(m, p))). */
static void
condvalues(K *k, CXCursor cond, const char *pre, const char *post)
{
	Cursors calls = {0};
	descend(cond, collectwarps, &calls);
	if (warpop(strip(cond)))
		vpush(calls, strip(cond));
	if (armedwarps(k, cond, &calls)) {
		vfree(calls);
		return;
	}
	int first = k->pass.warps.n;
	for (int i = 0; i < calls.n; i++)
		exchange(k, calls.v[i], false);
	exprloop(k, cond, pre, post);
	k->pass.warps.n = first;
	vfree(calls);
}

/* if (c) A else B with a barrier in a branch. */
static void
genif(K *k, CXCursor s)
{
	CXCursor *ks;
	int n = kids(s, &ks);
	if (n < 2 || n > 3 || clang_getCursorKind(ks[0]) == CXCursor_DeclStmt ||
	    clang_getCursorKind(ks[0]) == CXCursor_VarDecl) {
		kfailat(k, s, "an if with an initialiser or declaration around %s");
		free(ks);
		return;
	}
	if (!k->pass.mask && uniform(k, ks[0])) { /* the same branch for every thread */
		int at = startof(s) + 2; /* past "if": C++17's if constexpr stays one (its other branch is not compiled) */
		while (k->F->src[at] == ' ' || k->F->src[at] == '\t')
			at++;
		bool cexpr = !ismacro(s) && !strncmp(k->F->src + at, "constexpr", 9) && !isident(k->F->src[at + 9]);
		bputs(k->pass.out, cexpr ? "\tif constexpr (" : "\tif (");
		scalarspan(k, ks[0], startof(ks[0]), endof(ks[0]));
		bputs(k->pass.out, ") {\n");
		genstmt(k, ks[1]);
		bputs(k->pass.out, "\t}");
		if (n == 3) {
			bputs(k->pass.out, " else {\n");
			genstmt(k, ks[2]);
			bputs(k->pass.out, "\t}");
		}
		bputs(k->pass.out, "\n");
		free(ks);
		return;
	}
	const char *outer = k->pass.mask;
	char *t = newmask(k), *f = newmask(k);
	bprintf(k->pass.out, "\tmemset(%s, 0, cuflow_nt);\n\tmemset(%s, 0, cuflow_nt);\n", t, f);
	char *pre = fmt("%s[cuflow_tid] = (bool)(", t), *post = fmt(");\n\t\t%s[cuflow_tid] = !%s[cuflow_tid];", f, t);
	condvalues(k, ks[0], pre, post);
	k->pass.mask = t;
	genstmt(k, ks[1]);
	if (n == 3) {
		k->pass.mask = f;
		genstmt(k, ks[2]);
	}
	k->pass.mask = outer;
	free(pre);
	free(post);
	free(t);
	free(f);
	free(ks);
}

/* The parts of a for statement: init, cond, inc (null when absent), body.
 * Returns the ';' found in the header: 2 unless a macro wrote it. */
int
forparts(K *k, CXCursor s, CXCursor *init, CXCursor *cond, CXCursor *inc, CXCursor *body)
{
	CXCursor *ks;
	int n = kids(s, &ks);
	*init = *cond = *inc = clang_getNullCursor();
	*body = ks[n - 1];
	/* told apart by the two ';' in the header */
	const char *src = k->F->src;
	int semi[2] = {-1, -1}, ns = 0, depth = 0;
	for (int i = startof(s); i < endof(*body) && ns < 2; i++) {
		if (src[i] == '(')
			depth++;
		else if (src[i] == ')')
			depth--;
		else if (src[i] == ';' && depth == 1)
			semi[ns++] = i;
	}
	for (int i = 0; i < n - 1; i++) {
		int b = startof(ks[i]);
		if (b < semi[0])
			*init = ks[i];
		else if (b < semi[1])
			*cond = ks[i];
		else
			*inc = ks[i];
	}
	free(ks);
	return ns;
}

/* Every break/continue aimed at loop l is "if (uniform) break;" at its top level. */

/* "if (c) break;" or "if (c) continue;", no else, c uniform and reading no
 * __shared__ variable (which a thread before the jump may have changed):
 * every thread jumps alike, so the jump can run once per block between two
 * thread loops (pathfinder leaves its barrier loop this way). Returns the
 * jump, or NULL. */
static const char *
uniformjump(K *k, CXCursor s)
{
	if (clang_getCursorKind(s) != CXCursor_IfStmt)
		return NULL;
	CXCursor *ks;
	int n = kids(s, &ks);
	bool ok = n == 2 && clang_isExpression(clang_getCursorKind(ks[0])) && uniform(k, ks[0]) &&
	          !namesvar(k, ks[0], isshared);
	CXCursor t = n == 2 ? ks[1] : clang_getNullCursor();
	if (ok && clang_getCursorKind(t) == CXCursor_CompoundStmt) {
		CXCursor *ts;
		int m = kids(t, &ts);
		ok = m == 1;
		if (m) {
			t = ts[0];
			free(ts);
		}
	}
	enum CXCursorKind tk = clang_getCursorKind(t);
	free(ks);
	return !ok ? NULL : tk == CXCursor_BreakStmt ? "break" : tk == CXCursor_ContinueStmt ? "continue" : NULL;
}

/* Does e use no local but the loop's own variables (declared by init)?
 * Then it means the same inside a branch some threads skip. */
typedef struct {
	K *k;
	CXCursor init;
} Alone;

/* A use of a local that init does not declare. */
static bool
notown(CXCursor c, void *arg)
{
	Alone *a = arg;
	int v = refvar(a->k, c);
	if (v < 0 || a->k->vars.v[v].param || a->k->vars.v[v].shared)
		return false;
	bool own = false;
	CXCursor *ds;
	int n = clang_Cursor_isNull(a->init) ? 0 : kids(a->init, &ds);
	for (int i = 0; i < n; i++)
		own |= clang_equalCursors(ds[i], a->k->vars.v[v].decl);
	if (n)
		free(ds);
	return !own;
}

static bool
standsalone(K *k, CXCursor init, CXCursor e)
{
	Alone a = {k, init};
	return clang_Cursor_isNull(e) || !contains(e, true, notown, &a);
}

static bool
uniformloop(K *k, CXCursor init, CXCursor cond, CXCursor inc, CXCursor s)
{
	if (k->pass.mask && !(standsalone(k, init, init) && standsalone(k, init, cond) && standsalone(k, init, inc)))
		return false; /* in a branch, a header must not read what only some threads set */
	if (!clang_Cursor_isNull(cond) && !uniform(k, cond))
		return false;
	if (!clang_Cursor_isNull(inc) && !uniform(k, strip(inc))) {
		/* i++ / i += c on a for-init variable is uniform when the variable is */
		CXCursor e = strip(inc);
		CXCursor *ks;
		int n = kids(e, &ks);
		bool ok = n >= 1 && clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr;
		for (int i = 1; ok && i < n; i++)
			ok = uniform(k, ks[i]);
		if (ok) {
			int v = findvar(k, clang_getCursorReferenced(strip(ks[0])));
			ok = v >= 0 && k->vars.v[v].uniform;
		}
		free(ks);
		if (!ok)
			return false;
	}
	if (!clang_Cursor_isNull(init) && clang_getCursorKind(init) != CXCursor_DeclStmt && !uniform(k, init))
		return false;
	return uniformjumps(k, s);
}

typedef struct {
	K *k;
	bool top; /* visiting the statements of the loop's compound body */
	int depth;
	bool ok;
} Jumps;

static int
jumpkid(CXCursor c, void *arg)
{
	Jumps *j = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (j->depth == 0 && j->top && uniformjump(j->k, c))
		return WALK_OVER; /* genlist runs it once per block */
	if ((kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt) && j->depth == 0) {
		j->ok = false;
		return WALK_STOP;
	}
	bool loop = isloop(kind) || (kind == CXCursor_SwitchStmt), top = j->top;
	j->depth += loop;
	j->top = false;
	descend(c, jumpkid, j);
	j->depth -= loop;
	j->top = top;
	return j->ok ? WALK_OVER : WALK_STOP;
}

static bool
uniformjumps(K *k, CXCursor l)
{
	CXCursor body = lastkid(l);
	Jumps j = {k, clang_getCursorKind(body) == CXCursor_CompoundStmt, 0, true};
	descend(body, jumpkid, &j);
	return j.ok;
}

/* Does e touch only variables kept once per block (no per-thread copy, no
 * threadIdx, no call)? Then every thread computes the same, and running it
 * once per thread would apply it that many times (i++ on a shared i). */
static bool
perthread(CXCursor c, void *arg)
{
	K *k = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind == CXCursor_CallExpr)
		return true;
	if (kind != CXCursor_DeclRefExpr && kind != CXCursor_VarDecl) /* uses, and for (int i = ...) */
		return false;
	CXCursor r = kind == CXCursor_VarDecl ? c : clang_getCursorReferenced(c);
	const char *b;
	if (builtinvar(r, &b)) /* blockIdx, blockDim, gridDim: the block's own (a block-stride loop's */
		return !strcmp(b, "threadIdx"); /* curDist += gridDim.x ran once per thread: HeCBench multinomial) */
	int v = findvar(k, r);
	return (v >= 0 && k->vars.v[v].arrayed) ||
	       (v < 0 && (clang_getCursorKind(r) == CXCursor_VarDecl || clang_getCursorKind(r) == CXCursor_ParmDecl));
}

static bool
onceperblock(K *k, CXCursor e)
{
	return !contains(e, true, perthread, k);
}

/* A loop's init or increment in a masked loop: per thread, or, when it
 * only updates block-wide variables, by the first thread of the mask. */
static void
loopupdate(K *k, CXCursor e, int lo, int hi, const char *post)
{
	bool once = onceperblock(k, e);
	if (once)
		bputs(k->pass.out, "\t{\n\tbool cuflow_done = false;\n");
	k->tl.serial = once;
	loophead(k, k->pass.mask);
	k->tl.serial = false;
	bputs(k->pass.out, once ? "\t\tif (cuflow_done)\n\t\t\tcontinue;\n\t\tcuflow_done = true;\n\t\t" : "\t\t");
	copyspan(k, &e, 1, lo, hi);
	bprintf(k->pass.out, "%s\n", post);
	looptail(k);
	if (once)
		bputs(k->pass.out, "\t}\n");
}

static bool
isret(CXCursor c, void *arg)
{
	(void)arg;
	return clang_getCursorKind(c) == CXCursor_ReturnStmt;
}

/* A loop whose body returns, once every thread has returned: it ends as
 * the kernel does on the GPU (for (;;) { ... return; } would spin; a
 * condition reading memory would run past the threads' last iteration). */
static void
allreturned(K *k, CXCursor body)
{
	if (!k->sync || !contains(body, false, isret, NULL))
		return;
	k->alive = true;
	bputs(k->pass.out, "\tif (!cuflow_anyset(cuflow_alive, cuflow_nt))\n\t\tbreak;\n");
}

static void
maskedloop(K *k, CXCursor s, CXCursor init, CXCursor cond, CXCursor inc, CXCursor body, bool dowhile)
{
	const char *outer = k->pass.mask;
	char *lm = newmask(k), *cm = newmask(k);
	bprintf(k->pass.out, "\tmemset(%s, 0, cuflow_nt);\n", lm);
	if (!clang_Cursor_isNull(init))
		loopupdate(k, init, startof(init), endsemi(k, init), "");
	loophead(k, outer);
	bprintf(k->pass.out, "\t\t%s[cuflow_tid] = 1;\n", lm);
	looptail(k);
	bputs(k->pass.out, "\tfor (;;) {\n");
	allreturned(k, body);
	k->pass.mask = lm;
	char *pre = fmt("%s[cuflow_tid] = (bool)(", lm);
	if (!dowhile && !clang_Cursor_isNull(cond))
		condvalues(k, cond, pre, ");");
	if (!dowhile) /* for (;;) too: the loop ends when every thread broke out */
		bprintf(k->pass.out, "\tif (!cuflow_anyset(%s, cuflow_nt))\n\t\tbreak;\n", lm);
	bprintf(k->pass.out, "\tmemcpy(%s, %s, cuflow_nt);\n", cm, lm);
	KLoop l = {s, lm, cm};
	vpush(k->pass.loops, l);
	k->pass.mask = cm;
	genstmt(k, body);
	k->pass.loops.n--;
	k->pass.mask = lm;
	if (!clang_Cursor_isNull(inc))
		loopupdate(k, inc, startof(inc), endof(inc), ";");
	if (dowhile && !clang_Cursor_isNull(cond)) {
		condvalues(k, cond, pre, ");");
		bprintf(k->pass.out, "\tif (!cuflow_anyset(%s, cuflow_nt))\n\t\tbreak;\n", lm);
	}
	bputs(k->pass.out, "\t}\n");
	k->pass.mask = outer;
	free(pre);
	free(lm);
	free(cm);
}

static void
looptext(K *k, CXCursor s)
{
	enum CXCursorKind kind = clang_getCursorKind(s);
	CXCursor init = clang_getNullCursor(), cond = init, inc = init, body;
	CXCursor *ks;
	int n = kids(s, &ks);
	if (kind == CXCursor_ForStmt)
		forparts(k, s, &init, &cond, &inc, &body);
	else if (kind == CXCursor_WhileStmt) {
		cond = ks[0];
		body = ks[n - 1];
		if (n != 2 || clang_getCursorKind(cond) == CXCursor_VarDecl) {
			kfailat(k, s, "a while with a declaration around %s");
			free(ks);
			return;
		}
	} else if (kind == CXCursor_DoStmt) {
		body = ks[0];
		cond = ks[n - 1];
	} else {
		kfailat(k, s, "a range-based for around %s");
		free(ks);
		return;
	}
	free(ks);
	if (uniformloop(k, init, cond, inc, s) && kind != CXCursor_DoStmt) {
		/* the same trip count for every thread: plain C control */
		bputs(k->pass.out, kind == CXCursor_ForStmt ? "\tfor (" : "\twhile (");
		if (kind == CXCursor_ForStmt) {
			if (!clang_Cursor_isNull(init)) {
				int lo = startof(init), hi = endsemi(k, init);
				scalarspan(k, init, lo, hi);
				if (k->F->src[hi - 1] != ';')
					bputs(k->pass.out, ";");
			} else
				bputs(k->pass.out, ";");
			bputs(k->pass.out, " ");
			if (!clang_Cursor_isNull(cond))
				scalarspan(k, cond, startof(cond), endof(cond));
			bputs(k->pass.out, "; ");
			if (!clang_Cursor_isNull(inc))
				scalarspan(k, inc, startof(inc), endof(inc));
		} else
			scalarspan(k, cond, startof(cond), endof(cond));
		bputs(k->pass.out, ") {\n");
		allreturned(k, body);
		CXCursor outer = k->pass.plainbody;
		k->pass.plainbody = body;
		genstmt(k, body);
		k->pass.plainbody = outer;
		bputs(k->pass.out, "\t}\n");
		return;
	}
	CXCursor outer = k->pass.plainbody;
	k->pass.plainbody = clang_getNullCursor();
	maskedloop(k, s, init, cond, inc, body, kind == CXCursor_DoStmt);
	k->pass.plainbody = outer;
}

/* A loop holding a barrier: its thread loops run once per iteration. */
static void
genloop(K *k, CXCursor s)
{
	k->pass.loopdepth++;
	looptext(k, s);
	k->pass.loopdepth--;
}

/* ---------------------------------------------------------------- warp operations */

/* The warp operations below a statement, inner calls first (not in lambdas). */
static int
collectwarps(CXCursor c, void *arg)
{
	Cursors *calls = arg;
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return WALK_OVER;
	descend(c, collectwarps, calls);
	if (warpop(c))
		vpush(*calls, c);
	return WALK_OVER;
}

/* Type text ts of a kernel template with its canonical parameter names
 * (type-parameter-0-1, value-parameter-0-0) put back as the kernel names
 * them. */
static char *
namedparams(K *k, char *ts)
{
	CXCursor *ks;
	int n = kids(k->fn, &ks), idx = 0;
	for (int i = 0; i < n; i++) {
		enum CXCursorKind pk = clang_getCursorKind(ks[i]);
		if (pk != CXCursor_TemplateTypeParameter && pk != CXCursor_NonTypeTemplateParameter &&
		    pk != CXCursor_TemplateTemplateParameter)
			continue;
		char *name = spelling(ks[i]);
		for (int kind = 0; kind < 2; kind++) {
			char *canon = fmt("%s-parameter-0-%d", kind ? "value" : "type", idx);
			for (char *at; (at = strstr(ts, canon));) {
				char *t = fmt("%.*s%s%s", (int)(at - ts), ts, name, at + strlen(canon));
				free(ts);
				ts = t;
			}
			free(canon);
		}
		free(name);
		idx++;
	}
	free(ks);
	return ts;
}

/* ---------------------------------------------------------------- cub's collectives */

/* Each call becomes a collective over the block's threads as the lowering
 * runs them: every active thread stores its values (one, or its
 * ITEMS_PER_THREAD array), the runtime combines them in thread order
 * (cuflow_lower.h), then each thread takes its results. An operator is a
 * default-constructed object of its argument's type (cub's, or a program's
 * functor); a lambda may capture what each thread keeps, and is refused. */

/* The element type of a cub collective's class (its first template
 * argument), with a kernel template's parameters named. */
char *
cubelem(K *k, CXCursor call)
{
	char *ts = NULL;
	cubcollective(call, &ts);
	char *e = targ(ts, 0);
	free(ts);
	return namedparams(k, e ? e : xstrdup("auto"));
}

/* The type of an argument as cubelem spells types, references dropped. */
static char *
argtype(K *k, CXCursor a)
{
	CXType t = clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(a)));
	return namedparams(k, typespelling(clang_getUnqualifiedType(t)));
}

/* An operator argument f of a collective, as text every thread shares: a
 * function's name (reduce_op), or an object of its class constructed anew
 * ("Op()"), which the lowered program asserts has no state (a program's
 * Op{scale} would otherwise lose its scale). A lambda may capture what each
 * thread keeps, a pointer variable may differ by thread: refused with what. */
static char *
opertext(K *k, CXCursor call, CXCursor f, const char *what)
{
	CXCursor s = strip(f), r = clang_getCursorReferenced(s);
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr && clang_getCursorKind(r) == CXCursor_FunctionDecl)
		return xstrndup(k->F->src + startof(s), endof(s) - startof(s));
	CXType t = clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(f)));
	char *ts = namedparams(k, typespelling(clang_getUnqualifiedType(t)));
	char *text = NULL;
	if (!strstr(ts, "lambda") && (t.kind == CXType_Record || t.kind == CXType_Unexposed)) {
		if (!incg(clang_getTypeDeclaration(t)))
			bprintf(k->pass.out, "\tstatic_assert(std::is_empty<%s>::value, \"cuflow: %s's operator has state; the "
			                     "lowering constructs it anew\");\n", ts, what);
		text = fmt("%s()", ts);
	} else {
		char *m = fmt("%s with an operator that is a lambda or a variable (it may hold what each thread keeps)", what);
		kfail(k, call, m);
		free(m);
	}
	free(ts);
	return text;
}

/* Argument i of a cub call, its operator (opertext); cub::Sum() after a
 * refusal. */
static char *
cubfunctor(K *k, CXCursor call, int i, const char *what)
{
	char *f = opertext(k, call, clang_Cursor_getArgument(call, i), what);
	return f ? f : xstrdup("cub::Sum()");
}

/* A per-thread value of a cub call, argument i, stored: a new temp. */
static char *
cubstore(K *k, CXCursor call, int i, const char *type)
{
	char *v = newtemp(k, type), *pv = fmt("cuflow_copyitems(%s[cuflow_tid], ", v);
	exprloop(k, clang_Cursor_getArgument(call, i), pv, ");");
	free(pv);
	return v;
}

/* Items a cub call's argument holds per thread: the count's text ("1" for
 * one value) and the temps' type (T[N] as cuflow_items<T, N>). */
static char *
cubitems(K *k, CXCursor a, const char *elem, char **type)
{
	CXType t = clang_getNonReferenceType(clang_getCursorType(a));
	if (t.kind == CXType_ConstantArray) {
		*type = fmt("cuflow_items<%s, %lld>", elem, clang_getArraySize(t));
		return fmt("%lld", clang_getArraySize(t));
	}
	if (t.kind == CXType_DependentSizedArray) { /* T items[ITEMS]: the size as the kernel template spells it */
		char *ts = namedparams(k, typespelling(t)), *l = strrchr(ts, '['), *r = l ? strchr(l, ']') : NULL;
		char *n = l && r ? xstrndup(l + 1, (size_t)(r - l - 1)) : NULL;
		free(ts);
		if (n) {
			*type = fmt("cuflow_items<%s, %s>", elem, n);
			return n;
		}
	}
	*type = xstrdup(elem);
	return xstrdup("1");
}

/* cub's output argument i gets a result temp, per thread. */
static void
cubout(K *k, CXCursor call, int i, const char *r)
{
	char *post = fmt(", %s[cuflow_tid]);", r);
	storeloop(k, clang_Cursor_getArgument(call, i), "cuflow_copyitems(", post);
	free(post);
}

/* Sum(v[, valid]) or Reduce(v, op[, valid]) of cub's class cls: its
 * element type, the values' temp, the valid counts' temp (NULL: none) and
 * the operator; false (refused) for another method. */
typedef struct {
	char *ts, *v, *nv, *f;
} CubRed;

static bool
cubreduce(K *k, CXCursor call, const char *m, const char *cls, CubRed *r)
{
	int na = clang_Cursor_getNumArguments(call);
	bool sum = !strcmp(m, "Sum");
	if (!sum && strcmp(m, "Reduce")) {
		char *msg = fmt("a cub::%s method other than Sum and Reduce", cls);
		kfail(k, call, msg);
		free(msg);
		return false;
	}
	r->ts = cubelem(k, call);
	r->v = cubstore(k, call, 0, r->ts);
	r->nv = na == (sum ? 2 : 3) ? cubstore(k, call, na - 1, "long") : NULL;
	char *what = fmt("cub::%s::Reduce", cls);
	r->f = sum ? xstrdup("cub::Sum()") : cubfunctor(k, call, 1, what);
	free(what);
	return true;
}

static void
freecubred(CubRed *r)
{
	free(r->ts);
	free(r->v);
	free(r->nv);
	free(r->f);
}

/* BlockReduce(temp).Sum(v[, valid]) and .Reduce(v, op[, valid]): op folds
 * the first valid threads' values; every thread gets the aggregate (cub
 * promises it to thread 0 only). */
static void
blockreduceop(K *k, CXCursor call, const char *m, const char *act, KWarp *w)
{
	CubRed r;
	if (!cubreduce(k, call, m, "BlockReduce", &r))
		return;
	char *valid = r.nv ? fmt("%s[0]", r.nv) : xstrdup("-1L");
	w->res = fmt("cuflow_r%d", k->pass.ntmp);
	bprintf(k->pass.out, "\t%s %s = cuflow_blockfold(%s, %s, cuflow_nt, %s, %s);\n", r.ts, w->res, r.v, act, r.f,
	        valid);
	free(valid);
	freecubred(&r);
}

/* WarpReduce(temp).Sum(v[, valid]) and .Reduce(v, op[, valid]) over
 * logical warps of the class's LOGICAL_WARP_THREADS (32 unless given). */
static void
warpreduceop(K *k, CXCursor call, const char *m, const char *act, KWarp *w)
{
	CubRed r;
	if (!cubreduce(k, call, m, "WarpReduce", &r))
		return;
	char *cls = NULL;
	cubcollective(call, &cls);
	char *lanes = targ(cls, 1);
	lanes = lanes ? namedparams(k, lanes) : xstrdup("32");
	w->res = newtemp(k, r.ts);
	bprintf(k->pass.out, "\tcuflow_warpfold(%s, %s, %s, cuflow_nt, (unsigned)(%s), %s, %s);\n", r.v, w->res, act, lanes,
	        r.f, r.nv ? r.nv : "nullptr");
	freecubred(&r);
	free(lanes);
	free(cls);
}

/* Which of a BlockScan call's arguments after (in, out) are the initial
 * value, the operator and the aggregate (-1: none); false for a form cuflow
 * does not map (a prefix callback). Types tell ExclusiveScan(in, out,
 * init, op) from (in, out, op, aggregate): the element type is the class's. */
static bool
scanform(K *k, CXCursor call, const char *m, const char *elem, int *init, int *op, int *agg)
{
	int na = clang_Cursor_getNumArguments(call);
	bool sum = strstr(m, "Sum") != NULL;
	bool is[6] = {false};
	for (int i = 2; i < na && i < 6; i++) {
		char *t = argtype(k, clang_Cursor_getArgument(call, i));
		is[i] = !strcmp(t, elem);
		free(t);
	}
	*init = *op = *agg = -1;
	if (sum) {
		*agg = na == 3 ? 2 : -1;
		return na == 2 || (na == 3 && is[2]);
	}
	if (na == 3)
		*op = 2;
	else if (na == 4 && is[2] && !is[3])
		*init = 2, *op = 3;
	else if (na == 4 && is[3] && !is[2])
		*op = 2, *agg = 3;
	else if (na == 5 && is[2] && is[4])
		*init = 2, *op = 3, *agg = 4;
	else
		return false;
	return true;
}

/* BlockScan(temp).ExclusiveSum / InclusiveSum / ExclusiveScan /
 * InclusiveScan(in, out, ...): out and the aggregate are written where the
 * call stands (it is a statement of its own). */
static void
blockscanop(K *k, CXCursor call, const char *m, const char *act)
{
	bool incl = !strncmp(m, "Inclusive", 9);
	if (strcmp(m, "ExclusiveSum") && strcmp(m, "InclusiveSum") && strcmp(m, "ExclusiveScan") &&
	    strcmp(m, "InclusiveScan")) {
		kfail(k, call, "a cub::BlockScan method other than Exclusive/InclusiveSum and Exclusive/InclusiveScan");
		return;
	}
	char *elem = cubelem(k, call), *type = NULL;
	int init, op, agg;
	if (!scanform(k, call, m, elem, &init, &op, &agg)) {
		kfail(k, call, "a cub::BlockScan call with a prefix callback or arguments cuflow cannot tell apart");
		free(elem);
		return;
	}
	char *n = cubitems(k, clang_Cursor_getArgument(call, 0), elem, &type);
	char *v = cubstore(k, call, 0, type), *r = newtemp(k, type);
	char *iv = init >= 0 ? cubstore(k, call, init, elem) : NULL;
	char *it = iv ? fmt("cuflow_firstlive(%s, %s, cuflow_nt)", iv, act)
	              : incl || op >= 0 ? fmt("(const %s *)nullptr", elem) : fmt("cuflow_zero<%s>()", elem);
	char *f = op >= 0 ? cubfunctor(k, call, op, "cub::BlockScan") : xstrdup("cub::Sum()");
	char *a = fmt("cuflow_r%d", ++k->pass.ntmp);
	bprintf(k->pass.out, "\t%s %s = cuflow_blockscan((%s *)%s, (%s *)%s, %s, cuflow_nt, (unsigned)(%s), %s, %s, %s);\n",
	        elem, a, elem, v, elem, r, act, n, f, incl ? "true" : "false", it);
	cubout(k, call, 1, r);
	if (agg >= 0) {
		char *post = fmt(" = %s;", a);
		storeloop(k, clang_Cursor_getArgument(call, agg), "", post);
		free(post);
	}
	free(a);
	free(f);
	free(it);
	free(iv);
	free(r);
	free(v);
	free(n);
	free(type);
	free(elem);
}

/* BlockAdjacentDifference(temp).SubtractLeft / SubtractRight(in, out, op[,
 * edge]): out is written where the call stands. */
static void
blockadjop(K *k, CXCursor call, const char *m, const char *act)
{
	int na = clang_Cursor_getNumArguments(call);
	bool left = !strcmp(m, "SubtractLeft");
	if ((!left && strcmp(m, "SubtractRight")) || na < 3 || na > 4) {
		kfail(k, call, "a cub::BlockAdjacentDifference method other than SubtractLeft and SubtractRight");
		return;
	}
	char *elem = cubelem(k, call), *type = NULL;
	char *n = cubitems(k, clang_Cursor_getArgument(call, 0), elem, &type);
	char *v = cubstore(k, call, 0, type), *r = newtemp(k, type);
	char *e = na == 4 ? cubstore(k, call, 3, elem) : fmt("(const %s *)nullptr", elem);
	char *f = cubfunctor(k, call, 2, "cub::BlockAdjacentDifference");
	bprintf(k->pass.out, "\tcuflow_blockadjacent((%s *)%s, (%s *)%s, %s, cuflow_nt, (unsigned)(%s), %s, %s, %s);\n", elem,
	        v, elem, r, act, n, f, left ? "true" : "false", e);
	cubout(k, call, 1, r);
	free(f);
	free(e);
	free(r);
	free(v);
	free(n);
	free(type);
	free(elem);
}

/* One cub collective; alone: the call is its statement (a scan's or a
 * difference's results are written in its place, so it must be). */
static void
cubop(K *k, CXCursor call, bool alone, const char *act, KWarp *w)
{
	char *m = methodname(call);
	if ((w->op == W_BSCAN || w->op == W_BADJ) && !alone) {
		char *msg = fmt("a call of cub's %s inside an expression (it must be a statement of its own)", m);
		kfail(k, call, msg);
		free(msg);
	} else if (w->op == W_BREDUCE)
		blockreduceop(k, call, m, act, w);
	else if (w->op == W_WREDUCE)
		warpreduceop(k, call, m, act, w);
	else if (w->op == W_BSCAN)
		blockscanop(k, call, m, act);
	else
		blockadjop(k, call, m, act);
	if (!w->res)
		w->res = xstrdup("(void)0");
	free(m);
}

/* Does a type's spelling leave a kernel template's parameters unnamed
 * (a dependent type, or an auto local's not yet deduced)? */
static bool
unnamedtype(const char *ts)
{
	return strstr(ts, "dependent") || strstr(ts, "type-parameter") || !strcmp(ts, "auto");
}

/* The type of a value a kernel template leaves dependent, spelled from
 * the declaration it reads: a variable (T v), an element of an array (float
 * x[N][M]: x[c][i], HeCBench hadamard), a member of a variable of a written
 * type (CmplxType s: s.x, degrid). "dependent" when none says it. */
static char *
writtentype(K *k, CXCursor val)
{
	CXCursor e = strip(val), *ks;
	int subs = 0, n;
	char *member = NULL;
	while (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr && (n = kids(e, &ks)) >= 1) {
		CXCursor b = strip(ks[0]);
		free(ks);
		e = b;
		subs++;
	}
	if (!subs && clang_getCursorKind(e) == CXCursor_MemberRefExpr && (n = kids(e, &ks)) == 1) {
		CXCursor b = strip(ks[0]);
		free(ks);
		if (clang_getCursorKind(b) == CXCursor_DeclRefExpr && !ismacro(e)) {
			/* a dependent member has no spelling: the name after the '.' */
			int at = endof(e);
			while (at > startof(e) && isident(k->F->src[at - 1]))
				at--;
			if (at > startof(e) && k->F->src[at - 1] == '.')
				member = xstrndup(k->F->src + at, (size_t)(endof(e) - at));
			e = b;
		}
	}
	CXCursor v = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(e) : clang_getNullCursor();
	if (clang_getCursorKind(v) != CXCursor_VarDecl && clang_getCursorKind(v) != CXCursor_ParmDecl) {
		free(member);
		return xstrdup("dependent");
	}
	CXType t = clang_getNonReferenceType(clang_getCursorType(v));
	for (int i = 0; i < subs; i++)
		t = t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t);
	char *ts = namedparams(k, typespelling(clang_getUnqualifiedType(t)));
	if (member && *member) {
		char *m = fmt("std::remove_cv_t<std::remove_reference_t<decltype(std::declval<%s &>().%s)>>", ts, member);
		free(ts);
		ts = m;
	}
	free(member);
	return ts;
}

/* The type of a warp operation's value as the call takes it (after its
 * conversion to the parameter's type): what the lanes exchange. */
static char *
valuetype(K *k, CXCursor call, CXCursor val, const char *what)
{
	char *ts = typespelling(clang_getNonReferenceType(clang_getUnqualifiedType(clang_getCursorType(val))));
	int v = refvar(k, strip(val));
	if (unnamedtype(ts) && v >= 0 && !isref(clang_getCursorType(k->vars.v[v].decl)) && !k->vars.v[v].carray) {
		free(ts); /* the kernel's variable (auto value = bins[idx]): its type as the lowering declares it */
		ts = xstrdup(k->vars.v[v].type);
	}
	if (unnamedtype(ts)) {
		free(ts);
		ts = writtentype(k, val);
	}
	if (unnamedtype(ts)) {
		char *msg = fmt("a %s of a value whose type a kernel template's parameters leave unnamed", what);
		kfail(k, call, msg);
		free(msg);
		free(ts);
		ts = xstrdup("int");
	}
	return ts;
}

/* The type a shuffle returns: its value's, which a kernel template's
 * dependent call spells only through the value (T), or through the
 * kernel's variable it names (auto value = bins[idx]: its type as the
 * lowering declares it). */
static char *
shfltype(K *k, CXCursor call, CXCursor val)
{
	char *ts = typespelling(clang_getCursorType(call));
	if (!unnamedtype(ts))
		return ts;
	free(ts);
	return valuetype(k, call, val, "shuffle");
}

/* match_all's pred, stored where the call's third argument points once
 * every lane has its answer: into the variable itself for &x (a local the
 * lowering may keep per thread), through the pointer otherwise. */
static void
matchpred(K *k, CXCursor ptr, const char *pred)
{
	CXCursor e = strip(ptr), *ks;
	int n = kids(e, &ks);
	char *post = fmt(" = %s[cuflow_tid];", pred);
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf && n == 1)
		storeloop(k, ks[0], "", post);
	else {
		char *deref = fmt(")%s", post);
		exprloop(k, ptr, "*(", deref);
		free(deref);
	}
	free(post);
	free(ks);
}

/* __match_any_sync(mask, v) and __match_all_sync(mask, v, &pred): the
 * lanes compared are those of the caller's mask that run the call (PTX's
 * match.sync counts only lanes of membermask, and a lane that does not run
 * it offers no value). */
static void
matchop(K *k, CXCursor call, int op, const char *act, KWarp *w)
{
	CXCursor val = clang_Cursor_getArgument(call, 1);
	char *ts = valuetype(k, call, val, "match");
	char *m = newtemp(k, "unsigned"), *v = newtemp(k, ts);
	char *pred = op == W_MALL ? newtemp(k, "int") : NULL;
	char *pm = fmt("%s[cuflow_tid] = (", m), *pv = fmt("%s[cuflow_tid] = (", v);
	exprloop(k, clang_Cursor_getArgument(call, 0), pm, ");");
	exprloop(k, val, pv, ");");
	w->res = newtemp(k, "unsigned");
	char *lanes = fmt("%s[cuflow_tid] & cuflow_warpmask(%s, cuflow_tid, cuflow_nt)", m, act);
	loophead(k, k->pass.mask);
	if (pred)
		bprintf(k->pass.out, "\t\t%s[cuflow_tid] = cuflow_match_all(%s + (cuflow_tid & ~31u), %s, &%s[cuflow_tid]);\n",
		        w->res, v, lanes, pred);
	else
		bprintf(k->pass.out, "\t\t%s[cuflow_tid] = cuflow_match_any(%s + (cuflow_tid & ~31u), cuflow_tid & 31u, %s);\n",
		        w->res, v, lanes);
	looptail(k);
	if (pred)
		matchpred(k, clang_Cursor_getArgument(call, 2), pred);
	free(lanes);
	free(pm);
	free(pv);
	free(pred);
	free(v);
	free(m);
	free(ts);
}

/* ---------------------------------------------------------------- warp operations macros write */

static void
clearopers(K *k)
{
	for (int i = 0; i < k->opers.n; i++)
		free(k->opers.v[i].text);
	k->opers.n = 0;
	k->badopers = false;
}

static bool
kernelvar(CXCursor c, void *k)
{
	return refvar(k, c) >= 0;
}

static bool
opfail(K *k, CXCursor call, const char *why)
{
	char *w = fmt("a warp operation a macro writes, %s", why);
	kfail(k, call, w);
	free(w);
	k->badopers = true; /* its operands are not refused again */
	return false;
}

/* Operand i of the call, piece [lo, hi) of the body of m: the use's
 * argument where the piece is one of the parameters, else the body's own
 * tokens. */
static bool
macrooperand(K *k, CXCursor call, const Macro *m, unsigned lo, unsigned hi, int i)
{
	CXCursor a = clang_Cursor_getArgument(call, i);
	tokunparen(&m->d, &lo, &hi);
	int p = hi - lo == 1 ? macroparam(m, lo) : -1;
	if (p >= 0) {
		KOper o = {a, 0, 0, NULL};
		if (!macroarg(m, p, &o.lo, &o.hi))
			return opfail(k, call, "with an operand the use leaves empty");
		vpush(k->opers, o);
		return true;
	}
	for (unsigned j = lo; j < hi; j++)
		if (macroparam(m, j) >= 0)
			return opfail(k, call, "with an operand built from the macro's parameters (cuflow copies operands as written)");
	if (contains(a, true, kernelvar, k))
		return opfail(k, call, "with an operand its body writes naming a kernel variable");
	Buf b = {0};
	puttokens(&b, &m->d, lo, hi);
	KOper o = {a, -1, -1, bstr(&b)};
	vpush(k->opers, o);
	return true;
}

/* An argument the callee's declaration gives (a default), not the call. */
static bool
calldefault(CXCursor call, CXCursor a)
{
	return startof(a) != startof(call) && !clang_File_isEqual(fileof(a), fileof(call));
}

/* A warp operation a function-like macro writes (`#define __shfl(v, d)
 * __shfl_sync(0xffffffff, v, d)`: HeCBench shuffle, mpc, nbnxm). The call's
 * extent is the macro's use, but an operand the use's argument writes
 * expands to the use's first token: its text was empty. So the body is
 * read (macro.c). Where it is the call alone (in parentheses or not), an
 * operand the body writes as one of the parameters is that argument of the
 * use, as written in the kernel (edited as any macro argument is), and one
 * the body writes without parameters is the body's tokens, where it names
 * no kernel variable (its text cannot be edited). inline.c writes the
 * other uses out before (writeout); what reaches here otherwise is refused:
 * an operand built from parameters (the body's text around an argument), #
 * or ## (the argument is not expanded), a variadic macro, a body that is
 * more than the call (the exchange's result replaces the use's text: the
 * rest would be lost), an object-like macro that is more than the callee's
 * name, '<' or '>' among the operands (template arguments: the commas
 * between operands cannot be told apart), and the collectives whose
 * operands the exchange reads other than as copies (cub's, cg::reduce,
 * __match_all_sync's predicate). Fills k->opers; false: refused. */
static bool
macrowarp(K *k, CXCursor call)
{
	clearopers(k);
	if (!ismacro(call))
		return true;
	Macro m;
	if (!macroat(clang_Cursor_getTranslationUnit(call), k->F->file, startof(call), &m))
		return opfail(k, call, "through a use cuflow cannot read");
	bool ok = true;
	unsigned args = 0, lo = m.lo, hi = m.hi;
	int op = warpop(call);
	tokunparen(&m.d, &lo, &hi);
	if (!m.fn) {
		if (hi - lo != 1 || clang_getTokenKind(m.d.v[lo]) != CXToken_Identifier) /* #define SHFL __shfl_sync */
			ok = opfail(k, call, "in an object-like macro that is more than the function's name");
	} else if ((op > W_ACTIVE && op != W_MANY && op < W_SCOUNT) || op > W_SOR) /* their operands are read otherwise */
		ok = opfail(k, call, "a collective cuflow reads only where the kernel writes it");
	else if (!macroplain(&m))
		ok = opfail(k, call, "in a variadic macro or one with # or ##");
	else if (!macrocall(&m, call, &args))
		ok = opfail(k, call, "in a macro whose body is not the call alone (the exchange's result replaces the whole use)");
	static const char *const angle[] = {"<", ">", NULL};
	for (unsigned j = args; m.fn && j + 1 < hi && ok; j++)
		ok = !tokenin(&m.d, j, angle) || opfail(k, call, "with '<' or '>' among its operands");
	if (m.fn && ok) {
		Ints pieces = {0};
		tokcommas(&m.d, args, hi - 1, false, &pieces);
		int np = pieces.n ? pieces.n - 1 : 0, na = clang_Cursor_getNumArguments(call);
		if (np > na)
			ok = opfail(k, call, "with operands cuflow cannot tell apart");
		for (int i = 0; i < np && ok; i++)
			ok = macrooperand(k, call, &m, (unsigned)pieces.v[i], (unsigned)pieces.v[i + 1] - 1, i);
		for (int i = np; i < na && ok; i++) /* the callee's defaults */
			if (!calldefault(call, clang_Cursor_getArgument(call, i)))
				ok = opfail(k, call, "with operands cuflow cannot tell apart");
		vfree(pieces);
	}
	macrofree(&m);
	return ok;
}

/* A barrier a macro writes in a use that is more than the barrier: its
 * statements all span the use, and the thread loops, which copy statements
 * by their text, would copy the barrier into one of them. inline.c writes
 * such uses out; one it cannot (#, ##, a variable argument list) is
 * refused. (A warp operation's: macrowarp.) */
static int
macrobarrier(CXCursor c, void *arg)
{
	K *k = arg;
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return WALK_OVER;
	if (!(isbarrier(c) || cgsync(c)) || !ismacro(c))
		return WALK_IN;
	Macro m;
	unsigned args;
	bool read = macroat(clang_Cursor_getTranslationUnit(c), k->F->file, startof(c), &m);
	if (!read || !macrocall(&m, c, &args))
		kfail(k, c, read ? "a barrier a macro writes among other code (its statements cannot be split apart; cuflow "
		                   "writes out only macros without #, ## or variable arguments)"
		                 : "a barrier a macro writes, through a use cuflow cannot read");
	if (read)
		macrofree(&m);
	return WALK_OVER;
}

/* Where operand e of the warp operation being exchanged is written: [*lo,
 * *hi) of the kernel's file, or *text. An expression whose last token a
 * macro's argument writes expands past its extent's end (to the use's
 * start): its text cannot be copied, refused. */
bool
operand(K *k, CXCursor e, int *lo, int *hi, const char **text)
{
	*text = NULL;
	if (k->badopers)
		return false;
	for (int i = 0; i < k->opers.n; i++)
		if (clang_equalCursors(k->opers.v[i].arg, e)) {
			*lo = k->opers.v[i].lo;
			*hi = k->opers.v[i].hi;
			*text = k->opers.v[i].text;
			return true;
		}
	*lo = startof(e);
	*hi = endof(e);
	if (!frommacro(clang_getRangeEnd(clang_getCursorExtent(e))))
		return true;
	kfail(k, e, "an operand whose last token a macro's argument writes (its text cannot be copied)");
	return false;
}

/* The exchange of one warp operation: every active thread stores what it
 * offers, then each reads its partner's entry (or the block's reduction). */
static void
exchange(K *k, CXCursor call, bool alone)
{
	int op = warpop(call), na = clang_Cursor_getNumArguments(call);
	unsigned tile = tileof(call); /* a tile's collective: over tile lanes, no mask argument */
	char *fn = toolkitname(call);
	bool sync = strstr(fn, "_sync") != NULL;
	free(fn);
	int a0 = sync && op != W_ACTIVE && op < W_SCOUNT ? 1 : 0; /* the mask argument is ignored */
	KWarp w = {call, op, NULL};
	const char *act = k->pass.mask ? k->pass.mask : "cuflow_alive";
	if (op != W_STEP) /* (a step's statement stays as written) */
		macrowarp(k, call);
	rcnote(k, op >= W_SCOUNT ? "cuflowRcSync(0)" : "cuflowRcSync(1)"); /* the lanes meet as the lowering runs them */
	k->alive |= !k->pass.mask;
	if (op == W_STEP) {
		/* the statement alone is the step */
	} else if (op == W_ACTIVE) {
		w.res = newtemp(k, "unsigned");
		bprintf(k->pass.out, "\tcuflow_activemask(%s, %s, cuflow_nt);\n", w.res, act);
	} else if (op == W_BREDUCE || op == W_WREDUCE || op == W_BSCAN || op == W_BADJ) {
		cubop(k, call, alone, act, &w);
	} else if (op == W_MANY || op == W_MALL) {
		matchop(k, call, op, act, &w);
	} else if (op >= W_SCOUNT) { /* __syncthreads_count/and/or: one value for the block */
		char *v = newtemp(k, "int"), *pre = fmt("%s[cuflow_tid] = (", v);
		exprloop(k, clang_Cursor_getArgument(call, 0), pre, ") != 0;");
		free(pre);
		w.res = fmt("cuflow_r%d", k->pass.ntmp);
		bprintf(k->pass.out, "\tint %s = cuflow_blockreduce(%s, %s, cuflow_nt, %d);\n", w.res, v, act,
		        op == W_SCOUNT ? 0 : op == W_SAND ? 1 : 2);
		free(v);
	} else if (op == W_REDUCE) { /* cg::reduce(tile, v, op): op over the tile's lanes */
		CXCursor val = clang_Cursor_getArgument(call, 1), f = clang_Cursor_getArgument(call, 2);
		char *ts = typespelling(clang_getCursorType(call));
		char *v = newtemp(k, ts), *pv = fmt("%s[cuflow_tid] = (", v);
		w.res = newtemp(k, ts);
		free(ts);
		exprloop(k, val, pv, ");");
		free(pv);
		char *ftext = opertext(k, call, f, "cg::reduce");
		if (!ftext)
			ftext = xstrdup("0");
		loophead(k, k->pass.mask);
		bprintf(k->pass.out, "\t\t%s[cuflow_tid] = cuflow_tilereduce(%s, cuflow_tid, %uu, %s, cuflow_nt, %s);\n", w.res, v,
		        tile, act, ftext);
		looptail(k);
		free(ftext);
		free(v);
	} else if (op == W_BALLOT || op == W_ANY || op == W_ALL) {
		char *v = newtemp(k, "int"), *pre = fmt("%s[cuflow_tid] = (", v);
		exprloop(k, clang_Cursor_getArgument(call, a0), pre, ") != 0;");
		free(pre);
		/* _sync forms vote over the lanes of their mask (bscan's
		 * __ballot_sync(lanemask_lt, p) counts the lanes below) */
		char *m = a0 ? newtemp(k, "unsigned") : NULL;
		if (m) {
			char *pm = fmt("%s[cuflow_tid] = (", m);
			exprloop(k, clang_Cursor_getArgument(call, 0), pm, ");");
			free(pm);
		}
		char *lanes = m ? fmt("(cuflow_warpmask(%s, cuflow_tid, cuflow_nt) & %s[cuflow_tid])", act, m)
		                : fmt("cuflow_warpmask(%s, cuflow_tid, cuflow_nt)", act);
		w.res = newtemp(k, op == W_BALLOT ? "unsigned" : "int");
		loophead(k, k->pass.mask);
		if (tile)
			bprintf(k->pass.out,
			        "\t\t%s[cuflow_tid] = cuflow_tilevote(%s + (cuflow_tid & ~31u), cuflow_tid & 31u, %uu, %s, %d);\n",
			        w.res, v, tile, lanes, op == W_BALLOT ? 0 : op == W_ANY ? 1 : 2);
		else
			bprintf(k->pass.out, "\t\t%s[cuflow_tid] = cuflow_%s(%s + (cuflow_tid & ~31u), %s);\n", w.res,
			        warpnames[op], v, lanes);
		looptail(k);
		free(lanes);
		free(m);
		free(v);
	} else {
		CXCursor val = clang_Cursor_getArgument(call, a0);
		char *ts = shfltype(k, call, val);
		char *v = newtemp(k, ts), *l = newtemp(k, "int");
		w.res = newtemp(k, ts);
		free(ts);
		char *pv = fmt("%s[cuflow_tid] = (", v), *pl = fmt("%s[cuflow_tid] = (", l);
		exprloop(k, val, pv, ");");
		exprloop(k, clang_Cursor_getArgument(call, a0 + 1), pl, ");");
		free(pv);
		free(pl);
		char *width = tile ? fmt("%u", tile) : xstrdup("32");
		if (!tile && na > a0 + 2) {
			CXCursor wc = clang_Cursor_getArgument(call, a0 + 2);
			int lo, hi;
			const char *text;
			/* the width written, not the declaration's default (a uniform
			 * variable's implicit conversion is an unexposed expression too:
			 * taken for the default, its width was 32) */
			if (!calldefault(call, wc) && operand(k, wc, &lo, &hi, &text)) {
				free(width);
				width = text                                      ? xstrdup(text)
				        : lo == startof(wc) && hi == endof(wc) ? exprtext(k, wc) /* (a constant renamed apart) */
				                                               : xstrndup(k->F->src + lo, hi - lo);
			}
		}
		loophead(k, k->pass.mask);
		bprintf(k->pass.out,
		        "\t\t%s[cuflow_tid] = cuflow_%s(%s + (cuflow_tid & ~31u), cuflow_tid & 31u, %s[cuflow_tid], (int)(%s));\n",
		        w.res, warpnames[op], v, l, width);
		looptail(k);
		free(width);
		free(v);
		free(l);
	}
	clearopers(k);
	vpush(k->pass.warps, w);
}

/* A statement holding warp operations, or run in step: its exchanges,
 * then (a store whose right side other lanes' stores must not reach) that
 * right side evaluated by every thread, then the statement. */
/* Does target lie below c in an arm of ?: or on the right of && or ||
 * (armed: already so)? 1 yes, 0 below c but not so, -1 not below c. */
static int
inarm(CXCursor c, CXCursor target, bool armed)
{
	if (clang_equalCursors(c, target))
		return armed;
	CXCursor *ks;
	int n = kids(c, &ks), r = -1;
	enum CXCursorKind kind = clang_getCursorKind(c);
	bool logic = kind == CXCursor_BinaryOperator && (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd ||
	                                                 clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LOr);
	for (int i = 0; i < n && r < 0; i++)
		r = inarm(ks[i], target, armed || (i > 0 && (kind == CXCursor_ConditionalOperator || logic)));
	free(ks);
	return r;
}

/* Warp operations a condition guards are exchanged before their statement,
 * their operands evaluated by every lane: p ? __shfl_xor_sync(m, *p, 2) : -1
 * dereferenced the null p of the lanes the GPU leaves out. Refused. */
static bool
armedwarps(K *k, CXCursor s, const Cursors *calls)
{
	for (int i = 0; i < calls->n; i++)
		if (inarm(s, calls->v[i], false) == 1) {
			kfail(k, calls->v[i], "a warp operation in an arm of ?: or on the right of && or || (its operands would "
			                      "be evaluated by lanes that do not run it)");
			return true;
		}
	return false;
}

static void
genstep(K *k, CXCursor s)
{
	Cursors calls = {0};
	descend(s, collectwarps, &calls);
	if (warpop(s))
		vpush(calls, s);
	if (armedwarps(k, s, &calls)) {
		vfree(calls);
		return;
	}
	int first = k->pass.warps.n;
	for (int i = 0; i < calls.n; i++)
		exchange(k, calls.v[i], clang_equalCursors(calls.v[i], strip(s)));
	KStep *st = stepof(k, s);
	if (st && !clang_Cursor_isNull(st->rhs)) {
		CXCursor rhs = st->rhs;
		char *ty = typespelling(clang_getUnqualifiedType(clang_getCursorType(rhs)));
		if (strstr(ty, "dependent")) { /* a template's: x = e takes x's type; x op= e could not name e's */
			CXCursor t = strip(st->stmt), *lk;
			int nl = kids(t, &lk);
			free(ty);
			if (nl == 2 && clang_getCursorKind(t) == CXCursor_BinaryOperator &&
			    clang_getCursorBinaryOperatorKind(t) == CXBinaryOperator_Assign)
				ty = typespelling(clang_getNonReferenceType(clang_getUnqualifiedType(clang_getCursorType(lk[0]))));
			else
				ty = xstrdup("<dependent type>");
			free(lk);
			if (strstr(ty, "dependent") || strstr(ty, "type-parameter")) {
				kfail(k, s, "a statement run in step whose value has a type a kernel template's parameters leave "
				            "unnamed");
				free(ty);
				ty = xstrdup("int");
			}
		}
		char *tmp = newtemp(k, ty), *pre = fmt("%s[cuflow_tid] = (", tmp);
		if (clang_getCanonicalType(clang_getCursorType(rhs)).kind == CXType_Unexposed) /* a template's parameter */
			bprintf(k->pass.out, "\tstatic_assert(std::is_trivially_copyable<%s>::value, \"a value held per thread "
			                     "between steps\");\n", ty);
		exprloop(k, rhs, pre, ");");
		KSub sub = {rhs, fmt("%s[cuflow_tid]", tmp)};
		vpush(k->subs, sub);
		threadloop(k, &s, 1);
		k->subs.n--;
		free(sub.text);
		free(pre);
		free(tmp);
		free(ty);
	} else
		threadloop(k, &s, 1);
	k->pass.warps.n = first; /* their results are consumed */
	vfree(calls);
}

/* ---------------------------------------------------------------- statements */

static bool
haswarp(CXCursor s)
{
	Cursors calls = {0};
	descend(s, collectwarps, &calls);
	bool yes = calls.n > 0 || warpop(s);
	vfree(calls);
	return yes;
}

/* c ? A : B whose arms are statements in all but name: each a call, one
 * holding a barrier, and c holding none. */
static bool
barrierarm(CXCursor e)
{
	CXCursor *ks;
	int n = kids(e, &ks);
	bool yes = n == 3 && !contains(ks[0], true, barrierkid, NULL) &&
	           clang_getCursorKind(strip(ks[1])) == CXCursor_CallExpr && clang_getCursorKind(strip(ks[2])) == CXCursor_CallExpr &&
	           (contains(ks[1], true, barrierkid, NULL) || contains(ks[2], true, barrierkid, NULL));
	free(ks);
	return yes;
}

static void
genstmt(K *k, CXCursor s)
{
	if (k->pass.failed && !k->pass.dry)
		return;
	s = hinted(k, s);
	enum CXCursorKind kind = clang_getCursorKind(s);
	if (!splits(k, s)) {
		threadloop(k, &s, 1);
		return;
	}
	CXCursor st = strip(s);
	if (isbarrier(st)) { /* the end of one thread loop */
		int g = cgsync(st);
		rcnote(k, named(calleeof(st), "__syncwarp") || g == CG_TILE ? "cuflowRcSync(1)" : "cuflowRcSync(0)");
		return;
	}
	switch (kind) {
	case CXCursor_CompoundStmt: {
		CXCursor *ks;
		int n = kids(s, &ks);
		bool jumps = clang_equalCursors(s, k->pass.plainbody);
		bputs(k->pass.out, "\t{\n");
		k->pass.plainbody = clang_getNullCursor(); /* not the body of inner compounds */
		genlist(k, ks, n, jumps);
		bputs(k->pass.out, "\t}\n");
		free(ks);
		return;
	}
	case CXCursor_IfStmt:
		genif(k, s);
		return;
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_CXXForRangeStmt:
		genloop(k, s);
		return;
	default: /* a step runs the statement for every thread in turn: never one holding a barrier */
		if (clang_getCursorKind(strip(s)) == CXCursor_ConditionalOperator && barrierarm(strip(s))) {
			genif(k, strip(s)); /* c ? __syncthreads() : __syncwarp(); as if (c) ... else ... (bitpermute) */
			return;
		}
		if (!contains(s, true, barrierkid, NULL) &&
		    (((clang_isExpression(kind) || kind == CXCursor_DeclStmt) && haswarp(s)) || stepof(k, s))) {
			genstep(k, s);
			return;
		}
		if (!contains(s, true, othersync, NULL)) /* else refused with its group already */
			kfailat(k, s, "%s inside a statement cuflow cannot split (a switch, an expression)");
	}
}

/* Loop fission without a barrier (MCUDA's fission at a statement): a run of
 * statements holding an inner loop and more statements after it becomes
 * two thread loops, split after the loop. The loop's thread loop then has
 * no stores behind it that keep GCC from vectorising it across threads
 * (lud: a 16-term dot product per thread, then a store through a 32-bit
 * unsigned index, which is not affine in the lane). A barrier added in
 * block-uniform control flow leaves a race-free kernel's results alone.
 * Only where nothing jumps out of the first part (return, goto, break or
 * continue of an enclosing loop), outside masked loops, and without
 * locals that could not cross a barrier (references, non-POD values,
 * lambdas, one a macro names). */
typedef struct {
	int depth;
	bool ok;
} Fission;

static bool
isgoto(CXCursor c, void *arg)
{
	(void)arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	return kind == CXCursor_GotoStmt || kind == CXCursor_IndirectGotoStmt || kind == CXCursor_LabelStmt;
}

static bool
hasgoto(CXCursor s)
{
	return contains(s, false, isgoto, NULL);
}

static int
fissionkid(CXCursor c, void *arg)
{
	Fission *f = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind == CXCursor_ReturnStmt || kind == CXCursor_GotoStmt || kind == CXCursor_IndirectGotoStmt ||
	    kind == CXCursor_LabelStmt || kind == CXCursor_LambdaExpr || kind == CXCursor_CXXTryStmt ||
	    kind == CXCursor_CXXThrowExpr || (kind == CXCursor_CallExpr && warpop(c)) ||
	    ((kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt) && f->depth == 0) ||
	    (kind == CXCursor_VarDecl &&
	     (isref(clang_getCursorType(c)) || !clang_isPODType(clang_getCursorType(c))))) {
		f->ok = false;
		return WALK_STOP;
	}
	bool nest = isloop(kind) || kind == CXCursor_SwitchStmt;
	f->depth += nest;
	descend(c, fissionkid, f);
	f->depth -= nest;
	return f->ok ? WALK_OVER : WALK_STOP;
}

/* A local variable named in a macro's body (maxFlops's ADD1_OP, s=v-s):
 * split into several thread loops (fission, interchange), the kernel would
 * keep it per thread, and a macro's text cannot be rewritten. */
static bool
macrolocal(CXCursor c, void *arg)
{
	K *k = arg;
	int b, e;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || !ismacro(c) || spelledin(c, k->F->file, &b, &e))
		return false; /* (a macro's argument is spelled in the file: it can be rewritten) */
	CXCursor v = clang_getCursorReferenced(c);
	enum CXCursorKind kind = clang_getCursorKind(v);
	return (kind == CXCursor_VarDecl || kind == CXCursor_ParmDecl) && clang_Cursor_getStorageClass(v) == CX_SC_None &&
	       clang_getCursorKind(clang_getCursorSemanticParent(v)) != CXCursor_TranslationUnit;
}

static bool
fissionable(K *k, CXCursor *ks, int n)
{
	if (k->pass.mask || k->pass.loops.n)
		return false;
	Fission f = {0, true};
	for (int i = 0; i < n && f.ok; i++) {
		fissionkid(ks[i], &f); /* visits ks[i] itself, then its children */
		f.ok &= !contains(ks[i], true, macrolocal, k);
	}
	return f.ok;
}

static void gapdefines(K *k, CXCursor *ks, int i);

static void
threadrun(K *k, CXCursor *ks, int n)
{
	if (!fissionable(k, ks, n)) {
		threadloop(k, ks, n);
		return;
	}
	int run = 0;
	for (int i = 0; i < n - 1; i++)
		if (isloop(clang_getCursorKind(ks[i]))) {
			threadloop(k, ks + run, i + 1 - run);
			run = i + 1;
			gapdefines(k, ks, run); /* the gap between the loops is not copied */
		}
	threadloop(k, ks + run, n - run);
}

/* Loop interchange (Polygeist and COX run a barrier-free loop with uniform
 * bounds around the block's threads the same way): such a loop in the
 * kernel's barrier-level control flow gets the thread loop inside it, as a
 * loop holding a barrier does, so consecutive threads make consecutive
 * accesses in each iteration. A thread walking one column of a column-major
 * array alone (streamcluster, the layout GPU code uses for coalescing)
 * misses the cache on every element; with the threads inside, a cache line
 * serves them all. The barrier this adds at each iteration is in uniform
 * control flow, so a race-free kernel computes the same. Not for loops
 * holding what cannot cross a thread loop (as for fission), atomics or
 * calls that may have effects (their order between threads would change),
 * nor for short loops of a constant trip count, which GCC unrolls, nor
 * where a macro names a local (macrolocal). */
/* A call but to the toolkit's value-only functions (rules/device.rules:
 * those taking no pointer or reference need no rule). */
static bool
impure(CXCursor c, void *arg)
{
	(void)arg;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	CXCursor f = clang_getCursorReferenced(c);
	CXType t = clang_getCursorType(f);
	bool ok = !clang_Cursor_isNull(f) && insystem(f) && t.kind == CXType_FunctionProto &&
	          !clang_isFunctionTypeVariadic(t);
	for (int i = 0; ok && i < clang_getNumArgTypes(t); i++) {
		enum CXTypeKind a = clang_getCanonicalType(clang_getArgType(t, i)).kind;
		ok = a != CXType_Pointer && a != CXType_LValueReference && a != CXType_RValueReference;
	}
	return !ok;
}

/* "i < 4": a trip count GCC unrolls. */
static bool
shortloop(CXCursor cond)
{
	CXCursor *ks;
	int n = clang_Cursor_isNull(cond) ? 0 : kids(strip(cond), &ks);
	bool yes = false;
	if (n == 2 && clang_getCursorKind(strip(ks[1])) == CXCursor_IntegerLiteral) {
		long long v = intconst(strip(ks[1]));
		yes = v != LLONG_MIN && v <= 8;
	}
	if (n)
		free(ks);
	return yes;
}

static bool
interchangeable(K *k, CXCursor s)
{
	enum CXCursorKind kind = clang_getCursorKind(s);
	if (!k->interchange || k->pass.loops.n || (kind != CXCursor_ForStmt && kind != CXCursor_WhileStmt))
		return false;
	CXCursor init = clang_getNullCursor(), cond = init, inc = init, body;
	CXCursor *ks;
	int n = kids(s, &ks);
	body = ks[n - 1];
	if (kind == CXCursor_WhileStmt)
		cond = n == 2 && clang_getCursorKind(ks[0]) != CXCursor_VarDecl ? ks[0] : body;
	free(ks);
	if (clang_equalCursors(cond, body))
		return false;
	if (kind == CXCursor_ForStmt)
		forparts(k, s, &init, &cond, &inc, &body);
	/* the header must mean the same where some threads skip the loop */
	if (clang_Cursor_isNull(cond) || shortloop(cond) || !standsalone(k, init, init) ||
	    !standsalone(k, init, cond) || !standsalone(k, init, inc) || !uniformloop(k, init, cond, inc, s))
		return false;
	Fission f = {0, true};
	fissionkid(body, &f);
	return f.ok && !contains(body, false, impure, NULL) && !contains(body, false, macrolocal, k);
}

/* Does s hold a barrier, or a loop to interchange in its barrier-level
 * control (reached through blocks and ifs only)? */
static bool
splits(K *k, CXCursor s)
{
	s = hinted(k, s);
	if (hassync(s) || hasstep(k, s))
		return true;
	enum CXCursorKind kind = clang_getCursorKind(s);
	if (kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt)
		return interchangeable(k, s);
	if (kind != CXCursor_CompoundStmt && kind != CXCursor_IfStmt)
		return false;
	CXCursor *ks;
	int n = kids(s, &ks);
	bool yes = false;
	if (kind == CXCursor_IfStmt && (n < 2 || clang_getCursorKind(ks[0]) == CXCursor_DeclStmt ||
	                                clang_getCursorKind(ks[0]) == CXCursor_VarDecl))
		n = 0;
	for (int i = kind == CXCursor_IfStmt; i < n && !yes; i++)
		yes = splits(k, ks[i]);
	free(ks);
	return yes;
}

/* The #define, #undef and #include lines that start a line in src[lo,
 * hi), as they were, each on a line of its own, onto out (an #include's
 * text replaces it when the output is written: lower.c's inlineinto). */
static void
definesin(K *k, Buf *out, int lo, int hi)
{
	const char *src = k->F->src;
	for (int j = lo; j < hi; j++) {
		if ((j != lo && src[j - 1] != '\n') || !isdirective(src, j, hi))
			continue;
		const char *p = strchr(src + j, '#') + 1;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, "define", 6) && strncmp(p, "undef", 5) && strncmp(p, "include", 7))
			continue;
		int e = j;
		while (e < hi && (src[e] != '\n' || (e > j && src[e - 1] == '\\')))
			e++;
		bprintf(out, "\n%.*s\n", e - j, src + j);
	}
}

/* The #define, #undef and #include lines between statements ks[i - 1] and ks[i]
 * where the output does not copy that text (a run of statements starts or
 * ends there, or fission splits a run there): they go out as they were,
 * before what follows them (HeCBench match's `#define NRX 2` between two
 * loops of a kernel). */
static void
gapdefines(K *k, CXCursor *ks, int i)
{
	if (i > 0 && !k->pass.dry)
		definesin(k, k->pass.out, endof(ks[i - 1]), startof(ks[i]));
}

/* The #define, #undef and #include lines of the body before its first statement
 * (head) or after its last, which no thread loop copies: those before go
 * out above the block function, whose top may declare what they size
 * (HeCBench match's `#define NUM (NRX*M7R)` then `__shared__ float4
 * b[M7H*NUM]`), those after below it. */
static void
edgedefines(K *k, Buf *out, CXCursor *ks, int n, bool head)
{
	int lo = startof(k->body) + 1, hi = endof(k->body) - 1;
	if (n > 0 && head)
		hi = startof(ks[0]);
	else if (n > 0)
		lo = endof(ks[n - 1]);
	else if (!head)
		return; /* an empty body's are all the head's */
	definesin(k, out, lo, hi);
}

/* Statements ks[run, i) as thread loops, after the #defines before them. */
static void
flushrun(K *k, CXCursor *ks, int run, int i)
{
	if (i > run && run > 0)
		gapdefines(k, ks, run);
	threadrun(k, ks + run, i - run);
}

/* jumps: ks is a plain loop's body, whose uniform jumps run once per block */
void
genlist(K *k, CXCursor *ks, int n, bool jumps)
{
	int run = 0;
	for (int i = 0; i < n; i++)
		if (!clang_File_isEqual(fileof(ks[i]), fileof(k->fn))) { /* its offsets are another file's */
			kfail(k, ks[i], "a statement from a header the kernel's body includes, among statements the lowering "
			                "splits into thread loops");
			return;
		}
	for (int i = 0; i < n; i++) {
		const char *jump = jumps ? uniformjump(k, ks[i]) : NULL;
		if (jump) {
			flushrun(k, ks, run, i);
			gapdefines(k, ks, i);
			CXCursor *js;
			kids(ks[i], &js);
			bputs(k->pass.out, "\tif (");
			scalarspan(k, js[0], startof(js[0]), endof(js[0]));
			bprintf(k->pass.out, ")\n\t\t%s;\n", jump);
			free(js);
			run = i + 1;
			continue;
		}
		if (!splits(k, ks[i]))
			continue;
		flushrun(k, ks, run, i);
		gapdefines(k, ks, i);
		genstmt(k, ks[i]);
		run = i + 1;
	}
	flushrun(k, ks, run, n);
}

/* ---------------------------------------------------------------- spin-waits */

/* The variable a volatile lvalue e reaches memory through (`p` of p[i],
 * *p, p->f), if that memory is not __shared__; null otherwise. */
static CXCursor
volatilebase(CXCursor e)
{
	CXCursor none = clang_getNullCursor();
	if (!clang_isExpression(clang_getCursorKind(e)) || !clang_isVolatileQualifiedType(clang_getCursorType(e)))
		return none;
	for (CXCursor c = e; !clang_Cursor_isNull(c);) {
		switch (clang_getCursorKind(c)) {
		case CXCursor_DeclRefExpr: {
			CXCursor d = clang_getCursorReferenced(c);
			return haskid(d, CXCursor_CUDASharedAttr) ? none : d;
		}
		case CXCursor_ArraySubscriptExpr:
		case CXCursor_UnaryOperator:
		case CXCursor_MemberRefExpr:
		case CXCursor_ParenExpr:
		case CXCursor_UnexposedExpr:
		case CXCursor_CStyleCastExpr: {
			CXCursor *ks;
			int n = kids(c, &ks);
			c = n ? ks[n == 2 && clang_getCursorKind(c) == CXCursor_CStyleCastExpr] : none;
			free(ks);
			break;
		}
		default:
			return none;
		}
	}
	return none;
}

typedef struct {
	Cursors stored;  /* variables the function (or the loop) stores to volatile memory through */
	Cursors targets; /* the targets of plain `=` seen: stores, not reads */
	Cursors reads;   /* variables of stored the loop reads volatile memory through */
	CXCursor loop;   /* the first loop found */
} Spin;

static bool
among(const Cursors *v, CXCursor c)
{
	for (int i = 0; i < v->n; i++)
		if (clang_equalCursors(v->v[i], c))
			return true;
	return false;
}

static bool
plainstore(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_BinaryOperator &&
	       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
}

static bool
storekind(CXCursor c)
{
	if (plainstore(c) || clang_getCursorKind(c) == CXCursor_CompoundAssignOperator)
		return true;
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator)
		return false;
	enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
	return u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreInc ||
	       u == CXUnaryOperator_PreDec;
}

static int
volstore(CXCursor c, void *arg)
{
	Spin *s = arg;
	CXCursor b = storekind(c) ? volatilebase(firstkid(c)) : clang_getNullCursor();
	if (!clang_Cursor_isNull(b))
		vpush(s->stored, b);
	return WALK_IN;
}

static int
volread(CXCursor c, void *arg)
{
	Spin *s = arg;
	if (plainstore(c))
		vpush(s->targets, firstkid(c));
	if (among(&s->targets, c))
		return WALK_IN; /* its subscripts may read */
	CXCursor b = volatilebase(c);
	if (!clang_Cursor_isNull(b) && among(&s->stored, b) && !among(&s->reads, b))
		vpush(s->reads, b);
	return WALK_IN;
}

static int
callkid(CXCursor c, void *arg)
{
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		vpush(*(Cursors *)arg, c);
	return WALK_IN;
}

/* A loop whose end its own text does not count out: while, do, and a for
 * without a condition or a step (a for with both counts, and ends). */
static bool
openloop(CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt)
		return true;
	if (kind != CXCursor_ForStmt)
		return false;
	Tokens t = cursortokens(c);
	int depth = 0, semis = 0;
	bool cond = false, step = false;
	for (unsigned i = 2; i < t.n && depth >= 0; i++) { /* after `for (` */
		if (tokenis(&t, i, "(") || tokenis(&t, i, "[") || tokenis(&t, i, "{"))
			depth++;
		else if (tokenis(&t, i, ")") || tokenis(&t, i, "]") || tokenis(&t, i, "}"))
			depth--;
		else if (depth == 0 && tokenis(&t, i, ";"))
			semis++;
		else if (depth == 0 && semis == 1)
			cond = true;
		else if (depth == 0 && semis == 2)
			step = true;
	}
	freetokens(&t);
	return !cond || !step;
}

static int
spinloop(CXCursor c, void *arg)
{
	Spin *s = arg;
	if (!openloop(c) || hassync(c)) /* a block's threads run a barrier's loop together */
		return WALK_IN;
	s->targets.n = s->reads.n = 0;
	descend(c, volread, s);
	Spin own = {0};
	descend(c, volstore, &own);
	bool waits = false;
	for (int i = 0; i < s->reads.n && !waits; i++)
		waits = !among(&own.stored, s->reads.v[i]);
	vfree(own.stored);
	if (!waits)
		return WALK_IN;
	s->loop = c;
	return WALK_STOP;
}

/* A loop of fn (or of a function it calls, not in seen) in which a thread
 * waits for others: it reads memory through a volatile lvalue (not
 * __shared__) that fn stores to through a volatile lvalue elsewhere, but
 * the loop does not (a loop storing what it reads back retries its own
 * store, as a tagged shared-memory count does: one round here). Null if
 * none. On a GPU the other threads run meanwhile; here a block's threads
 * run one after another and blocks a few at a time, so a wait for a
 * thread that has not started never ends (HeCBench mis and gc spun until
 * killed). */
static CXCursor
spinwait(CXCursor fn, Cursors *seen)
{
	CXCursor body = lastkid(fn), none = clang_getNullCursor();
	for (int i = 0; i < seen->n; i++)
		if (clang_equalCursors(seen->v[i], fn))
			return none;
	vpush(*seen, fn);
	if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return none;
	Spin s = {.loop = none};
	descend(body, volstore, &s);
	if (s.stored.n)
		descend(body, spinloop, &s);
	CXCursor hit = s.loop;
	vfree(s.stored);
	vfree(s.targets);
	vfree(s.reads);
	if (!clang_Cursor_isNull(hit))
		return hit;
	Cursors calls = {0};
	descend(body, callkid, &calls);
	for (int i = 0; i < calls.n && clang_Cursor_isNull(hit); i++) {
		CXCursor d = clang_getCursorDefinition(calleeof(calls.v[i]));
		if (!clang_Cursor_isNull(d) && !insystem(d))
			hit = spinwait(d, seen);
	}
	vfree(calls);
	return hit;
}

/* ---------------------------------------------------------------- the block function */

/* A part of an index that may differ between threads or over time: a
 * call, a store, a load from memory, a variable other than a parameter
 * the kernel never writes. */
static bool
unfixed(CXCursor c, void *arg)
{
	K *k = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind == CXCursor_CallExpr || kind == CXCursor_LambdaExpr || kind == CXCursor_CompoundAssignOperator ||
	    kind == CXCursor_ArraySubscriptExpr || kind == CXCursor_MemberRefExpr ||
	    (kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Minus &&
	     clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Plus) ||
	    (kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign))
		return true;
	if (kind != CXCursor_DeclRefExpr)
		return false;
	CXCursor r = clang_getCursorReferenced(c);
	int v = findvar(k, r);
	if (v < 0)
		return clang_getCursorKind(r) != CXCursor_EnumConstantDecl &&
		       clang_getCursorKind(r) != CXCursor_NonTypeTemplateParameter;
	return !(k->vars.v[v].param && !k->vars.v[v].written);
}

/* Does path e name the same __shared__ object wherever and whenever a
 * thread evaluates it: casts, derefs, address-ofs, members and subscripts
 * by fixed indices of a __shared__ array or struct (not a pointer: its value
 * may change), the dynamic memory, or a reference bound so itself? */
static bool
boundpath(K *k, CXCursor e)
{
	e = strip(e);
	enum CXCursorKind kind = clang_getCursorKind(e);
	if (kind == CXCursor_DeclRefExpr) {
		int v = findvar(k, clang_getCursorReferenced(e));
		if (v < 0)
			return false;
		const KVar *x = &k->vars.v[v];
		enum CXTypeKind t = clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(x->decl))).kind;
		bool object = t == CXType_ConstantArray || t == CXType_IncompleteArray || t == CXType_DependentSizedArray ||
		              t == CXType_Record || t == CXType_Unexposed;
		return x->dynshared || ((x->shared || x->bindtop) && object);
	}
	CXCursor *ks;
	int n = kids(e, &ks);
	bool ok = false;
	if (kind == CXCursor_ArraySubscriptExpr && n == 2)
		ok = boundpath(k, ks[0]) && !contains(ks[1], true, unfixed, k);
	else if ((kind == CXCursor_MemberRefExpr && n == 1) ||
	         (kind == CXCursor_UnaryOperator && n == 1 &&
	          (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref ||
	           clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf)) ||
	         ((kind == CXCursor_CStyleCastExpr || kind == CXCursor_CXXReinterpretCastExpr ||
	           kind == CXCursor_CXXStaticCastExpr) && n >= 1))
		ok = boundpath(k, ks[n - 1]);
	free(ks);
	return ok;
}

/* A reference bound to __shared__ memory the same way in every thread
 * (HeCBench tqs's int &next = l_mem[0], ssm's auto &smem = *reinterpret_cast
 * <T *>(smem_raw)): bound once, at the block function's top, where the
 * __shared__ memory is declared, instead of per thread (a reference cannot
 * live in an array). */
static bool
sharedbinding(K *k, KVar *v)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(v->decl);
	return isref(clang_getCursorType(v->decl)) && !v->param && !v->shared && !clang_Cursor_isNull(init) &&
	       !ismacro(init) && boundpath(k, init);
}

typedef struct {
	K *k;
	CXCursor lam;
} Closure;

/* Does c name one of the kernel's variables declared outside the lambda
 * (a capture, explicit or not)? */
static bool
namesouter(CXCursor c, void *arg)
{
	Closure *cl = arg;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return false;
	CXCursor d = clang_getCursorReferenced(c);
	int at = startof(d);
	return findvar(cl->k, d) >= 0 && (at < startof(cl->lam) || at >= endof(cl->lam));
}

/* Does lambda l keep state of its own: `mutable`, or a capture with an
 * initialiser ([c = 0], [i{threadIdx.x}]), before its body? */
static bool
statefullambda(K *k, CXCursor l)
{
	const char *src = k->F->src;
	int b = startof(l), e = endof(l), depth = 0, init = 0;
	for (int i = b; i < e; i++) {
		char c = src[i];
		if (c == '[' || c == '(')
			depth++;
		else if (c == ']' || c == ')')
			depth--;
		else if (c == '{' && depth == 0)
			return init > 0; /* the body */
		else if (depth == 1 && src[b] == '[' && (c == '=' || c == '{' || c == '(') && i > b + 1 &&
		         (isident(src[i - 1]) || src[i - 1] == ' '))
			init++; /* an init-capture: a name then = ( or { */
		if (isident(c) && (i == b || !isident(src[i - 1])) && !strncmp(src + i, "mutable", 7) && !isident(src[i + 7]))
			return true;
	}
	return true;
}

/* A lambda naming none of the kernel's variables (auto f = [](int x) { ...
 * }): the same closure in every thread, so bound once at the top like a
 * shared binding (a closure type has no spelling to keep per thread). */
static bool
closurebinding(K *k, KVar *v)
{
	Closure cl = {k, strip(clang_Cursor_getVarDeclInitializer(v->decl))};
	return !v->param && !isref(clang_getCursorType(v->decl)) && clang_getCursorKind(cl.lam) == CXCursor_LambdaExpr &&
	       !ismacro(cl.lam) && !contains(cl.lam, false, namesouter, &cl) && !statefullambda(k, cl.lam);
}

/* An anonymous union or struct declared as a statement: its members are
 * the function's names (to *arg). */
static int
anonkid(CXCursor c, void *arg)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if ((k == CXCursor_UnionDecl || k == CXCursor_StructDecl) && clang_Cursor_isAnonymousRecordDecl(c)) {
		*(CXCursor *)arg = c;
		return WALK_STOP;
	}
	return k == CXCursor_LambdaExpr ? WALK_OVER : WALK_IN;
}

/* A struct or union type without a name (struct { int a; } s, arrays of
 * it): no spelling can declare its per-thread copies elsewhere. */
static bool
anonrecord(CXType t)
{
	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	CXCursor d = clang_getTypeDeclaration(t);
	return t.kind == CXType_Record && !clang_Cursor_isNull(d) && clang_Cursor_isAnonymous(d);
}

static const char lifewhy[] = "a local of a class with its own destructor, copy or move, kept per thread or once "
                               "per block (it would run another number of times)";

static bool ownlife(CXType t);

static int
ownlifekid(CXCursor c, void *arg)
{
	bool *yes = arg;
	enum CXCursorKind k = clang_getCursorKind(c);
	if ((k == CXCursor_Destructor || (k == CXCursor_Constructor && (clang_CXXConstructor_isCopyConstructor(c) ||
	                                                                clang_CXXConstructor_isMoveConstructor(c))) ||
	     (k == CXCursor_CXXMethod && (clang_CXXMethod_isCopyAssignmentOperator(c) ||
	                                  clang_CXXMethod_isMoveAssignmentOperator(c)))) &&
	    !clang_CXXMethod_isDefaulted(c))
		*yes = true;
	else if (k == CXCursor_FieldDecl || k == CXCursor_CXXBaseSpecifier)
		*yes |= ownlife(clang_getCursorType(c));
	return *yes ? WALK_STOP : WALK_OVER;
}

/* Does a class (or an array of one) have a destructor, copy or move of its
 * own, in itself, a base or a member: code the lowering's copies and its
 * per-thread arrays would run another number of times? */
static bool
ownlife(CXType t)
{
	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	if (t.kind != CXType_Record)
		return false;
	bool yes = false;
	descend(clang_getTypeDeclaration(t), ownlifekid, &yes);
	return yes;
}

static bool
arrayfield(CXCursor f)
{
	enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(f)).kind;
	return t == CXType_ConstantArray || t == CXType_IncompleteArray || t == CXType_Record;
}

static void
decide(K *k)
{
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		bool multi = v->regions.n > 1;
		if (v->shared)
			continue;
		if (multi && (sharedbinding(k, v) || closurebinding(k, v))) {
			v->bindtop = true;
			continue;
		}
		if (v->uniform && !v->param)
			v->hoist = multi || v->once;
		else if (!v->uniform) /* a local whose address is taken may be reached in another thread loop */
			v->arrayed = (multi && !v->remat) || (v->param && v->written) || (v->addr && !v->lambda && !v->param && k->sync);
		/* a struct holding an array may hold a pointer into itself (b.cur = b.data): not copied per loop */
		v->sr = v->arrayed && !v->carray && !v->addr && !isref(clang_getCursorType(v->decl)) &&
		        !hasfield(clang_getCursorType(v->decl), arrayfield);
	}
	/* names that clash with another declaration get a suffix */
	for (int i = 0; i < k->vars.n; i++)
		for (int j = 0; j < i; j++)
			if (!strcmp(k->vars.v[i].name, k->vars.v[j].name) &&
			    (k->vars.v[i].arrayed || k->vars.v[i].hoist || k->vars.v[i].shared)) {
				char *n = fmt("%s_%d", k->vars.v[i].name, i);
				free(k->vars.v[i].name);
				k->vars.v[i].name = n;
				break;
			}
	/* a parameter changed in the only thread loop needs no array */
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		if (v->sr && !(v->param && k->nregions == 1))
			v->arr = fmt("cuflow_pt_%s", v->name);
	}
}

static bool
sharedvar(CXCursor c, void *arg)
{
	(void)arg;
	return clang_getCursorKind(c) == CXCursor_VarDecl && haskid(c, CXCursor_CUDASharedAttr);
}

static bool holdsshared(CXCursor fn, int depth);

static bool
callsshared(CXCursor c, void *arg)
{
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	CXCursor d = clang_getCursorDefinition(clang_getCursorReferenced(c));
	return !clang_Cursor_isNull(d) && !insystem(d) && holdsshared(d, *(int *)arg + 1);
}

/* Does fn, or a function it calls (down to depth 8), declare a __shared__
 * variable: memory the runtime keeps for the OS thread running the block
 * (cuflowDynShared, cuflowBlockShared), one that one block's threads on
 * several OS threads would not share? */
static bool
holdsshared(CXCursor fn, int depth)
{
	CXCursor body = lastkid(fn);
	if (depth > 8 || clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return false;
	return contains(body, false, sharedvar, NULL) || contains(body, false, callsshared, &depth);
}

/* Threads that never meet: no barrier or warp operation (nor a loop
 * interchanged as if it held one), no __shared__ memory (its own or a
 * callee's), no mask. Such a block may run as ranges of its threads, each
 * on its own OpenMP thread (the runtime does so where a grid has too few
 * blocks to balance). */
static bool
splittable(K *k)
{
	int depth = 0;
	if (k->sync || k->pass.masks.n || k->alive || contains(k->body, false, callsshared, &depth))
		return false;
	for (int i = 0; i < k->vars.n; i++)
		if (k->vars.v[i].shared)
			return false;
	return true;
}

static void
resetpass(KPass *p)
{
	p->region = p->nlabel = p->nmask = p->ntmp = 0;
	p->mask = NULL;
	p->loops.n = 0;
	p->warps.n = 0;
	for (int i = 0; i < p->masks.n; i++)
		free(p->masks.v[i]);
	for (int i = 0; i < p->temps.n; i++)
		free(p->temps.v[i]);
	p->masks.n = p->temps.n = 0;
}

/* The text of a declaration "T name" for a type spelling (arrays and
 * function pointers need the name inside). */
static char *
declare(const char *type, const char *name)
{
	if (!strncmp(type, "std::decay<", 11))
		return fmt("%s %s", type, name);
	const char *br = strchr(type, '[');
	if (br && !strchr(type, '(')) { /* float[16][17] -> float name[16][17] */
		int n = (int)(br - type);
		while (n > 0 && type[n - 1] == ' ')
			n--;
		return fmt("%.*s %s%s", n, type, name, br);
	}
	if (strchr(type, '('))
		return fmt("typename std::remove_reference<%s>::type %s", type, name);
	return fmt("%s %s", type, name);
}

static bool
istparam(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	return k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
	       k == CXCursor_TemplateTemplateParameter;
}

/* Is fn inside an extern "C" { } block (where no template may be)? */
static bool
inlinkage(CXCursor fn)
{
	for (CXCursor p = clang_getCursorLexicalParent(fn); !clang_Cursor_isNull(p) && !clang_isTranslationUnit(clang_getCursorKind(p));
	     p = clang_getCursorLexicalParent(p))
		if (clang_getCursorKind(p) == CXCursor_LinkageSpec)
			return true;
	return false;
}

/* A template parameter's text, an unnamed one given a name
 * (typename std::enable_if<C, int>::type = 0 -> ... cuflow_tpI = 0) */
static char *
tparamtext(K *k, CXCursor c, int i)
{
	char *s = spelling(c);
	int lo = startof(c), hi = endof(c);
	const char *t = k->F->src + lo;
	if (*s) {
		free(s);
		return xstrndup(t, (size_t)(hi - lo));
	}
	free(s);
	int depth = 0, eq = -1;
	for (int j = 0; j < hi - lo && eq < 0; j++) {
		char ch = t[j];
		if (ch == '<' || ch == '(' || ch == '[')
			depth++;
		else if (ch == '>' || ch == ')' || ch == ']')
			depth--;
		else if (ch == '=' && depth == 0)
			eq = j;
	}
	if (eq < 0)
		return fmt("%.*s cuflow_tp%d", hi - lo, t, i);
	return fmt("%.*s cuflow_tp%d %.*s", eq, t, i, hi - lo - eq, t + eq);
}

static char *
tparamname(CXCursor c, int i)
{
	char *s = spelling(c);
	if (*s)
		return s;
	free(s);
	return fmt("cuflow_tp%d", i);
}

static char *
templatehead(K *k)
{
	if (clang_getCursorKind(k->fn) != CXCursor_FunctionTemplate)
		return xstrdup("");
	CXCursor *ks;
	int n = kids(k->fn, &ks);
	Buf b = {0};
	for (int i = 0; i < n; i++)
		if (istparam(ks[i])) {
			char *t = tparamtext(k, ks[i], i);
			bprintf(&b, "%s%s", b.n ? ", " : "", t);
			free(t);
		}
	free(ks);
	if (!b.n)
		return xstrdup("template <> ");
	char *r = fmt("template <%s> ", bstr(&b));
	free(b.v);
	return r;
}

/* Is template parameter c a pack (typename... Ts, int... Ns): "..." in its
 * text outside brackets (a template template parameter's own list has
 * its own)? Its argument is then written Ts... */
static bool
tparampack(K *k, CXCursor c)
{
	int lo = startof(c), hi = endof(c), depth = 0;
	const char *t = k->F->src;
	for (int j = lo; j + 2 < hi; j++) {
		if (t[j] == '<' || t[j] == '(' || t[j] == '[')
			depth++;
		else if (t[j] == '>' || t[j] == ')' || t[j] == ']')
			depth--;
		else if (depth == 0 && !strncmp(t + j, "...", 3))
			return true;
	}
	return false;
}

static char *
templateargs(K *k)
{
	if (clang_getCursorKind(k->fn) != CXCursor_FunctionTemplate)
		return xstrdup("");
	CXCursor *ks;
	int n = kids(k->fn, &ks);
	Buf b = {0};
	for (int i = 0; i < n; i++)
		if (istparam(ks[i])) {
			char *s = tparamname(ks[i], i);
			bprintf(&b, "%s%s%s", b.n ? ", " : "<", s, tparampack(k, ks[i]) ? "..." : "");
			free(s);
		}
	free(ks);
	if (b.n)
		bputs(&b, ">");
	return bstr(&b);
}

/* The typedefs, aliases and local types of the body, first: the
 * __shared__ and per-thread variables hoisted above the thread loops may
 * name them (typedef cub::BlockReduce<float, 256> BR; __shared__
 * BR::TempStorage t; struct U {...}; U u[4]; in a loop, HeCBench ssm's
 * using SE = typename Traits::ScanElement). The body keeps its own: the same
 * name in an inner scope. One in an inner block goes up only where no other
 * declaration of the kernel has its name and it names no variable of the
 * kernel (decltype(x) of a local would mean nothing at the top). */
typedef struct {
	K *k;
	Buf *o;
	CXCursor top; /* the body */
	Strs names;   /* every name the kernel's declarations give */
} Types;

static bool
typedecl(CXCursor ds, int *n, CXCursor **out)
{
	*n = kids(ds, out);
	int types = 0;
	for (int j = 0; j < *n; j++) {
		enum CXCursorKind dk = clang_getCursorKind((*out)[j]);
		types += dk == CXCursor_TypedefDecl || dk == CXCursor_TypeAliasDecl || dk == CXCursor_StructDecl ||
		         dk == CXCursor_ClassDecl || dk == CXCursor_UnionDecl || dk == CXCursor_EnumDecl;
	}
	return *n > 0 && types == *n;
}

static int
namekid(CXCursor c, void *arg)
{
	if (clang_isDeclaration(clang_getCursorKind(c)))
		vpush(*(Strs *)arg, spelling(c));
	return clang_getCursorKind(c) == CXCursor_LambdaExpr ? WALK_OVER : WALK_IN;
}

/* Does inner type declaration ds, once at the top, mean what it did? */
static bool
liftable(Types *t, CXCursor ds, CXCursor *d, int n)
{
	for (int j = 0; j < n; j++) {
		char *name = spelling(d[j]);
		int seen = 0;
		for (int i = 0; i < t->names.n; i++)
			seen += !strcmp(t->names.v[i], name);
		free(name);
		if (seen != 1)
			return false;
	}
	Tokens tk = cursortokens(ds);
	bool ok = true;
	for (unsigned i = 0; i < tk.n && ok; i++)
		for (int v = 0; v < t->k->vars.n && ok && clang_getTokenKind(tk.v[i]) == CXToken_Identifier; v++)
			ok = !tokenis(&tk, i, t->k->vars.v[v].name) || t->k->vars.v[v].param;
	freetokens(&tk);
	return ok;
}

static int
typekid(CXCursor c, void *arg)
{
	Types *t = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if (kind == CXCursor_LambdaExpr)
		return WALK_OVER;
	if (kind != CXCursor_DeclStmt)
		return WALK_IN;
	CXCursor *ds;
	int nd;
	if (typedecl(c, &nd, &ds)) {
		CXCursor *ks;
		int n = kids(t->top, &ks);
		bool top = false;
		for (int i = 0; i < n && !top; i++)
			top = clang_equalCursors(ks[i], c);
		free(ks);
		if (top || liftable(t, c, ds, nd))
			vpush(t->k->lifted, c);
	}
	free(ds);
	return WALK_OVER;
}

static void
filllifted(K *k)
{
	Types t = {k, NULL, k->body, {0}};
	descend(k->body, namekid, &t.names);
	descend(k->body, typekid, &t);
	for (int i = 0; i < t.names.n; i++)
		free(t.names.v[i]);
	vfree(t.names);
}

static void
typedefs(K *k, Buf *o)
{
	for (int i = 0; i < k->lifted.n; i++) {
		char *text = cursortext(k->F, k->lifted.v[i]);
		bprintf(o, "	%s\n", text);
		free(text);
	}
}


/* The name of a kernel's argument struct and block function: its own
 * name, or for the second and later kernels of that name in the program
 * (overloads, an explicit specialisation) NAME_cuflowN: their launchers
 * keep the name, C++ picks among them as among the kernels. */
static char *
ownname(Lower *L, const char *name)
{
	int n = 0;
	for (int i = 0; i < L->kernels.n; i++)
		n += !strcmp(L->kernels.v[i], name);
	vpush(L->kernels, xstrdup(name));
	return n ? fmt("%s_cuflow%d", name, n + 1) : xstrdup(name);
}

/* An explicit specialisation's name with its arguments as written
 * (loss_bwd<__half, __half>): its launcher specialises the launcher
 * template, so a launch naming the arguments reaches it. Otherwise name. */
static char *
specname(K *k, char *name)
{
	if (clang_getCursorKind(k->fn) != CXCursor_FunctionDecl ||
	    clang_Cursor_isNull(clang_getSpecializedCursorTemplate(k->fn)))
		return name;
	const char *s = k->F->src;
	int at = locof(k->fn) + (int)strlen(name), end = endof(k->fn), depth = 0, i = at;
	while (i < end && isspace((unsigned char)s[i]))
		i++;
	if (i >= end || s[i] != '<')
		return name;
	for (int j = i; j < end; j++) {
		depth += (s[j] == '<') - (s[j] == '>');
		if (!depth)
			return fmt("%s%.*s", name, j + 1 - i, s + i);
	}
	return name;
}

/* Does local array v's type, as written (a template's double[R2]), name
 * another local of the kernel? */
static bool
sizedbylocal(K *k, KVar *v)
{
	const char *t = v->type;
	for (const char *p = t; *p; p++) {
		if (!isident(*p) || (p > t && isident(p[-1])))
			continue;
		size_t n = 0;
		while (isident(p[n]))
			n++;
		for (int i = 0; i < k->vars.n; i++) {
			KVar *x = &k->vars.v[i];
			if (x != v && !x->param && !x->konst && strlen(x->name) == n && !strncmp(x->name, p, n))
				return true;
		}
		p += n - 1;
	}
	return false;
}

typedef struct {
	K *k;
	CXCursor decl;
	const char *name;
	bool other;
} Named1;

static int
otherref(CXCursor c, void *arg)
{
	Named1 *n = arg;
	if (clang_isReference(clang_getCursorKind(c)) || clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor r = clang_getCursorReferenced(c);
		if (!clang_equalCursors(r, n->decl) && named(r, n->name) && findvar(n->k, r) < 0)
			n->other = true;
	}
	return n->other ? WALK_STOP : WALK_IN;
}

/* Does every use of local x's name in the body mean x or another of the
 * kernel's variables (not a global the declaration at the block function's
 * top would hide)? Variables sharing the name (a helper's constants, in
 * each copy inlined: HeCBench hadamard's kNThreads) are told apart by
 * their names in the lowered code (konstlocals). */
static bool
onlyone(K *k, KVar *x)
{
	char *n = spelling(x->decl);
	Named1 u = {k, x->decl, n, false};
	descend(k->body, otherref, &u);
	free(n);
	return !u.other;
}

typedef struct {
	K *k;
	char *state; /* per variable: 0 unknown, 1 being checked or constant, 2 not constant */
	bool ok;
	bool cexpr;  /* the variable checked is constexpr: its initialiser is constant however it is spelled */
} Konst;

static bool konstvar(Konst *c, int i);

/* A function a constexpr's initialiser may call as it is written at the
 * block function's top: not a member needing an object, not a local. */
static bool
freefunction(CXCursor f)
{
	enum CXCursorKind k = clang_getCursorKind(f);
	if (k == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(f) > 0)
		return freefunction(clang_getOverloadedDecl(f, 0));
	return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate ||
	       (k == CXCursor_CXXMethod && clang_CXXMethod_isStatic(f));
}

static int
konstkid(CXCursor e, void *arg)
{
	Konst *c = arg;
	enum CXCursorKind kind = clang_getCursorKind(e);
	if (kind == CXCursor_LambdaExpr || (kind == CXCursor_CallExpr && !c->cexpr))
		c->ok = false; /* (a constexpr's calls are constant expressions: cilog2(kWarpSize), HeCBench hadamard) */
	else if (kind == CXCursor_DeclRefExpr || kind == CXCursor_OverloadedDeclRef) {
		CXCursor r = clang_getCursorReferenced(e);
		enum CXCursorKind rk = clang_getCursorKind(r);
		int v = findvar(c->k, r);
		if (v >= 0)
			c->ok &= konstvar(c, v);
		else if (rk == CXCursor_VarDecl) /* a global: const, so no statement before changes it */
			c->ok &= clang_isConstQualifiedType(clang_getCursorType(r)) && !insystem(r);
		else /* a template leaves Traits::kNItems unresolved: a constant where a constexpr reads it */
			c->ok &= rk == CXCursor_NonTypeTemplateParameter || rk == CXCursor_EnumConstantDecl ||
			         (c->cexpr && (clang_Cursor_isNull(r) || freefunction(r)));
	}
	return c->ok ? WALK_IN : WALK_STOP;
}

static bool
isconstexpr(CXCursor decl)
{
	Tokens t = cursortokens(decl);
	bool yes = false;
	for (unsigned i = 0; i < t.n && !yes && tokenoff(&t, i) < locof(decl); i++)
		yes = tokenis(&t, i, "constexpr");
	freetokens(&t);
	return yes;
}

/* Is kernel variable i a constant: a local declared const or constexpr,
 * of an integral type, whose initialiser is built from literals, template
 * parameters, enumerators, const globals and other such locals, whose
 * name no other variable of the kernel has, and whose address no pointer or
 * reference takes (it would point into one thread loop's copy), declared
 * in the kernel's file (not in a header its body includes: its
 * initialiser's text is copied)? */
static bool
konstvar(Konst *c, int i)
{
	if (c->state[i])
		return c->state[i] == 1;
	KVar *x = &c->k->vars.v[i];
	CXCursor init = clang_Cursor_getVarDeclInitializer(x->decl);
	CXType t = clang_getCursorType(x->decl);
	enum CXTypeKind kind = clang_getCanonicalType(t).kind;
	bool ok = !x->param && !x->shared && !x->addr && !clang_Cursor_isNull(init) && clang_isConstQualifiedType(t) &&
	          kind >= CXType_Bool && kind <= CXType_Int128 && !ismacro(x->decl) && onlyone(c->k, x) &&
	          clang_File_isEqual(fileof(x->decl), fileof(c->k->fn));
	c->state[i] = ok ? 1 : 2; /* (a cycle reads as constant: C++ has none) */
	if (ok) {
		Konst sub = {c->k, c->state, true, isconstexpr(x->decl)};
		konstkid(init, &sub);
		descend(init, konstkid, &sub);
		char *text = cursortext(c->k->F, init);
		ok = sub.ok && !namesmacro(c->k, text); /* the block function's top is above such a #define */
		free(text);
		c->state[i] = ok ? 1 : 2;
	}
	return ok;
}

static int
collectrefs(CXCursor c, void *arg)
{
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		vpush(*(Cursors *)arg, c);
	return WALK_IN;
}

/* Does text name identifier n? */
static bool
namesident(const char *text, const char *n)
{
	int at = 0, len = (int)strlen(text), b;
	while ((b = nexttoken(text, &at, len)) >= 0)
		if ((int)strlen(n) == at - b && !strncmp(text + b, n, (size_t)(at - b)))
			return true;
	return false;
}

/* The innermost compound statement of body around cursor c. */
typedef struct {
	int at;
	CXCursor block;
} Inner;

static int
innerkid(CXCursor c, void *arg)
{
	Inner *in = arg;
	if (startof(c) > in->at || endof(c) <= in->at)
		return WALK_OVER;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		in->block = c;
	return WALK_IN;
}

static CXCursor
innerblock(CXCursor body, CXCursor c)
{
	Inner in = {startof(c), body};
	descend(body, innerkid, &in);
	return in.block;
}

/* A constant's initialiser, as written, with the kernel's variables it
 * names under their names in the lowered code (a constant renamed apart:
 * konstlocals). */
static char *
konsttext(K *k, CXCursor init)
{
	Edits e = {0};
	int lo = startof(init), hi = endof(init) > lo ? endof(init) : lo;
	Cursors refs = {0};
	descend(init, collectrefs, &refs);
	if (clang_getCursorKind(init) == CXCursor_DeclRefExpr)
		vpush(refs, init);
	for (int i = 0; i < refs.n; i++) {
		int v = refvar(k, refs.v[i]), b, en;
		char *sp = v >= 0 ? spelling(refs.v[i]) : NULL;
		if (sp && strcmp(sp, k->vars.v[v].name) && spelledin(refs.v[i], k->F->file, &b, &en) && b >= lo && en <= hi &&
		    b == startof(refs.v[i]))
			addedit(&e, b - lo, en - b, xstrdup(k->vars.v[v].name));
		else if (sp && strcmp(sp, k->vars.v[v].name))
			kfail(k, refs.v[i], "a constant local renamed apart named inside a macro");
		free(sp);
	}
	vfree(refs);
	size_t len;
	char *err = NULL, *txt = applyedits(k->F->src + lo, hi - lo, &e, &len, &err);
	free(err);
	freeedits(&e);
	return txt ? txt : xstrndup(k->F->src + lo, hi - lo);
}

/* A local typedef or alias in [from, to) whose text names n: the
 * lowering lifts them to the block function's top as written. */
typedef struct {
	K *k;
	int from, to;
	const char *n;
	CXCursor at;
} Shadow;

static int
shadowtype(CXCursor c, void *arg)
{
	Shadow *s = arg;
	enum CXCursorKind kind = clang_getCursorKind(c);
	if ((kind == CXCursor_TypedefDecl || kind == CXCursor_TypeAliasDecl) && startof(c) >= s->from &&
	    startof(c) < s->to) {
		char *t = cursortext(s->k->F, c);
		if (namesident(t, s->n))
			s->at = c;
		free(t);
	}
	return clang_Cursor_isNull(s->at) ? WALK_IN : WALK_STOP;
}

/* Constant x, renamed apart from another variable of its name: text
 * within its scope (after it, in the block declaring it) that the
 * lowering copies as written to where the name means another (the types
 * of the variables it declares at the block function's top, float v[kN]
 * with kN a helper's constant inlined twice; the local typedefs it lifts
 * there; a reference bound there to __shared__ memory) must not name it:
 * refused. */
static void
konstshadow(K *k, KVar *x)
{
	static const char why[] = "a constant local whose name another of the kernel's shares (a helper's, inlined more "
	                          "than once), named in a type or binding the lowering copies as written";
	char *n = spelling(x->decl);
	int from = endof(x->decl), to = endof(innerblock(k->body, x->decl));
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		int at = startof(v->decl);
		char *init = v->bindtop ? cursortext(k->F, clang_Cursor_getVarDeclInitializer(v->decl)) : NULL;
		if (v != x && at >= from && at < to && (namesident(v->type, n) || (init && namesident(init, n))))
			kfail(k, v->decl, why);
		free(init);
	}
	Shadow sh = {k, from, to, n, clang_getNullCursor()};
	descend(k->body, shadowtype, &sh);
	if (!clang_Cursor_isNull(sh.at))
		kfail(k, sh.at, why);
	free(n);
}

/* What konstlocals decided, refused in the pass that reports: a renamed
 * constant whose name a type or a macro spells. */
static void
konstchecks(K *k)
{
	for (int i = 0; i < k->vars.n; i++) {
		KVar *x = &k->vars.v[i];
		char *n = x->konst ? spelling(x->decl) : NULL;
		if (n && strcmp(n, x->name))
			konstshadow(k, x);
		if (x->konst)
			free(konsttext(k, clang_Cursor_getVarDeclInitializer(x->decl)));
		free(n);
	}
}

/* The kernel's constant locals (constexpr int WARP_BATCH = ...: PyTorch's
 * softmax) are declared again at the block function's top, as const with
 * their initialisers: the per-thread arrays they size are made there, and
 * their uses in every thread loop stay constant expressions (an array's
 * size, a template's argument) where a hoisted copy, assigned in the body,
 * would not be one. The declaration in the body stays, in its own scope,
 * with the same value. */
static void
konstlocals(K *k)
{
	char *state = xcalloc((size_t)k->vars.n + 1, sizeof *state);
	Konst c = {k, state, true, false};
	for (int i = 0; i < k->vars.n; i++) {
		KVar *x = &k->vars.v[i];
		if (!konstvar(&c, i) || k->pass.failed)
			continue;
		x->konst = true;
		x->hoist = x->arrayed = x->sr = x->once = false;
		for (int j = 0; j < i; j++) /* a name another variable has: told apart, as decide does */
			if (!strcmp(k->vars.v[j].name, x->name)) {
				char *n = fmt("%s_%d", x->name, i);
				free(x->name);
				x->name = n;
				break;
			}
	}
	for (int i = 0; i < k->vars.n; i++) {
		KVar *x = &k->vars.v[i];
		if (!x->konst)
			continue;
		char *init = konsttext(k, clang_Cursor_getVarDeclInitializer(x->decl));
		char *d = declare(x->type, x->name);
		bprintf(&k->consts, "\tconst %s = %s;\n", d, init);
		free(d);
		free(init);
	}
	free(state);
}

/* The kernel's parameter pack (Ts... args), or NULL. The argument struct
 * holds it as a std::tuple, and the block function's body runs in a lambda
 * taking it back as a pack (std::apply), where args... expands as the
 * kernel wrote it. One pack only, read as it came: a pack cannot be copied
 * into per-thread arrays. */
static const KVar *
packparam(K *k)
{
	const KVar *p = NULL;
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		if (!v->pack)
			continue;
		if (p)
			kfail(k, v->decl, "a kernel with two parameter packs");
		else if (v->arrayed || v->sr)
			kfail(k, v->decl, "a parameter pack the kernel writes");
		p = v;
	}
	return p;
}

/* cudaLaunchKernel and its kin take the kernel's address and an array of
 * argument addresses: the runtime packs them into the argument struct by
 * the offsets and sizes registered here, once, before main. Templates,
 * packs and definitions qualified from outside their namespace are not
 * registered (cudaLaunchKernel then says cudaErrorInvalidDeviceFunction). */
static char *rcname(K *k, const char *name, const char *targs);

static void
registration(K *k, Buf *o, const char *name, const char *iname, bool qualified)
{
	if (qualified || packparam(k))
		return;
	Buf ty = {0}, off = {0}, sz = {0};
	int n = 0;
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		if (!v->param)
			continue;
		char *d = declare(v->type, v->name);
		bprintf(&ty, "%s%s", n ? ", " : "", d);
		bprintf(&off, "%soffsetof(cuflow_args_%s, %s)", n ? ", " : "", iname, v->name);
		bprintf(&sz, "%ssizeof(cuflow_args_%s::%s)", n ? ", " : "", iname, v->name);
		free(d);
		n++;
	}
	if (n)
		bprintf(o, "\nstatic const size_t cuflow_off_%s[] = {%s}, cuflow_size_%s[] = {%s};", iname, bstr(&off), iname, bstr(&sz));
	char *block = rcname(k, iname, "");
	bprintf(o, "\nstatic const cudaError_t cuflow_reg_%s __attribute__((unused)) = cuflowRegisterKernel((const void *)(void (*)(%s))%s, "
	           "%s, sizeof(cuflow_args_%s), %d, %s%s, %s%s);", iname, n ? bstr(&ty) : "", name, block, iname, n,
	        n ? "cuflow_off_" : "NULL", n ? iname : "", n ? "cuflow_size_" : "NULL", n ? iname : "");
	free(block);
	free(ty.v);
	free(off.v);
	free(sz.v);
}

static void
prologue(K *k, Buf *o, const char *name, const char *targs)
{
	bprintf(o, "\tcuflow_args_%s%s &cuflow_a = *(cuflow_args_%s%s *)cuflow_v;\n", name, targs, name, targs);
	const KVar *pk = packparam(k);
	if (pk) /* the rest of the block function runs where the pack is a pack again */
		bprintf(o, "\tstd::apply([&](%s %s) {\n", pk->type, pk->name);
	bputs(o, "\tconst dim3 blockIdx = cuflow_b->blockIdx, blockDim = cuflow_b->blockDim, gridDim = "
	         "cuflow_b->gridDim;\n"
	         "\tconst unsigned cuflow_nt = blockDim.x * blockDim.y * blockDim.z;\n\t(void)cuflow_nt;\n");
	if (k->tls)
		bputs(o, "\t::blockIdx = blockIdx;\n\t::blockDim = blockDim;\n\t::gridDim = gridDim;\n");
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		if (v->pack)
			continue;
		if (v->param && !v->arrayed) {
			char *d = declare(v->type, v->name);
			bprintf(o, "\t%s = cuflow_a.%s;\n", d, v->name);
			free(d);
		} else if (v->param && (!v->sr || v->arr)) {
			const char *a = v->sr ? v->arr : v->name;
			bprintf(o, "\tauto *%s = (typename std::remove_cv<decltype(cuflow_a.%s)>::type *)alloca(cuflow_nt * sizeof cuflow_a.%s);\n", a,
			        v->name, v->name);
			bprintf(o, "\tfor (unsigned cuflow_i = 0; cuflow_i < cuflow_nt; ++cuflow_i)\n\t\t%s[cuflow_i] = "
			           "cuflow_a.%s;\n",
			        a, v->name);
		}
	}
	typedefs(k, o);
	bputn(o, k->consts.v, k->consts.n);
	int slot = 0; /* cuflowScratch's, one per local array */
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		if (v->dynshared) {
			char *es = elemspelling(v->decl);
			bprintf(o, "\t%s *%s = (%s *)cuflow_b->dynshm; /* extern __shared__ */\n", es, v->name, es);
			free(es);
		} else if (v->shared) {
			char *d = declare(v->type, v->name);
			bprintf(o, "\t%s; /* __shared__: one per block */\n", d);
			free(d);
		} else if (v->bindtop) {
			CXCursor init = clang_Cursor_getVarDeclInitializer(v->decl); /* as written: it names no per-thread variable */
			bool closure = clang_getCursorKind(strip(init)) == CXCursor_LambdaExpr;
			char *d = closure ? fmt("auto %s", v->name) : declare(v->type, v->name), *e = xstrndup(k->F->src + startof(init), endof(init) - startof(init));
			const char *ins;
			int at = closure ? captureat(k, strip(init), &ins) : -1;
			if (at >= 0) { /* blockIdx and its kin are the block function's locals */
				char *w = fmt("%.*s%s%s", at - startof(init), e, ins, e + (at - startof(init)));
				free(e);
				e = w;
			}
			bprintf(o, "\t%s = %s;%s\n", d, e, closure ? "" : " /* bound to __shared__ memory */");
			free(e);
			free(d);
		} else if (v->hoist) {
			if (ownlife(clang_getCursorType(v->decl)))
				kfail(k, v->decl, lifewhy);
			char *d = declare(v->type, v->name);
			bprintf(o, "\t%s;\n", d);
			free(d);
		} else if (v->arrayed && !v->param) {
			char *d = fmt("(*%s)", v->name), *decl = declare(v->type, d);
			if (ownlife(clang_getCursorType(v->decl)))
				kfail(k, v->decl, lifewhy);
			if (strstr(v->type, "(lambda at "))
				kfail(k, v->decl, "a lambda naming the kernel's variables or keeping state (mutable, an init-capture), "
				                  "used across a barrier (its closure type has "
				                  "no spelling to keep one per thread)");
			else if (anonrecord(clang_getCursorType(v->decl))) /* a closure's type is one too */
				kfail(k, v->decl, "a local of an unnamed struct or union type kept per thread (the type has no spelling "
				                  "for its per-thread copies)");
			if (haskid(v->decl, CXCursor_AlignedAttr))
				kfail(k, v->decl, "a local with alignas kept per thread (its per-thread copies would not keep the "
				                  "alignment)");
			if (v->carray && sizedbylocal(k, v))
				kfail(k, v->decl, "a per-thread array whose size names a local of the kernel (constexpr int n = R * R; "
				                  "double a[n]: the buffers are made before the locals are set)");
			if (v->carray) { /* T a[N][M] -> T (*a)[N][M], on the heap: nt copies may not fit a stack */
				char *cast = declare(v->type, "(*)");
				if (slot < 64) /* runtime/launch.c's SCRATCH_SLOTS */
					bprintf(o, "\t%s = (%s)cuflowScratch(%d, cuflow_nt * sizeof(%s));\n", decl, cast, slot++,
					        v->type);
				else
					bprintf(o, "\t%s = (%s)alloca(cuflow_nt * sizeof(%s));\n", decl, cast, v->type);
				free(cast);
			} else
				bprintf(o, "\t%s *%s = (%s *)alloca(cuflow_nt * sizeof(%s));\n", v->type, v->sr ? v->arr : v->name,
				        v->type, v->type);
			free(d);
			free(decl);
		}
	}
	if (k->alive)
		bputs(o, "\tunsigned char *cuflow_alive = (unsigned char *)alloca(cuflow_nt);\n"
		         "\tmemset(cuflow_alive, 1, cuflow_nt);\n");
	for (int i = 0; i < k->pass.masks.n; i++)
		bprintf(o, "\tunsigned char *%s = (unsigned char *)alloca(cuflow_nt);\n", k->pass.masks.v[i]);
	for (int i = 0; i < k->pass.temps.n; i++) {
		char *t = k->pass.temps.v[i], *sp = strrchr(t, ' ');
		bprintf(o, "\t%.*s *%s = (%.*s *)alloca(cuflow_nt * sizeof(%.*s));\n", (int)(sp - t), t, sp + 1,
		        (int)(sp - t), t, (int)(sp - t), t);
	}
}

static void
argstruct(K *k, Buf *o, const char *name, const char *thead)
{
	bprintf(o, "%sstruct cuflow_args_%s {\n", thead, name);
	for (int i = 0; i < k->vars.n; i++)
		if (k->vars.v[i].pack)
			bprintf(o, "\tstd::tuple<%s> %s;\n", k->vars.v[i].type, k->vars.v[i].name);
		else if (k->vars.v[i].param) {
			char *d = declare(k->vars.v[i].type, k->vars.v[i].name);
			bprintf(o, "\t%s;\n", d);
			free(d);
		}
	bputs(o, "};\n");
}

/* A parameter's default argument as written (` = 1.f`), or "": the last
 * expression among its children with an `=` before it (an array bound has
 * none). Each declaration keeps its own, as C++ wants: a launcher or stub
 * declared again does not repeat what its first declaration gave. */
static char *
defaultarg(K *k, CXCursor parm)
{
	CXCursor *ks;
	int n = kids(parm, &ks), at = -1;
	for (int i = 0; i < n; i++)
		if (clang_isExpression(clang_getCursorKind(ks[i])))
			at = i;
	char *r = NULL;
	if (at >= 0) {
		int b = startof(parm), e = startof(ks[at]);
		if (e > b && memchr(k->F->src + b, '=', (size_t)(e - b))) {
			char *t = cursortext(k->F, ks[at]);
			r = fmt(" = %s", t);
			free(t);
		}
	}
	free(ks);
	return r ? r : xstrdup("");
}

/* How params writes the parameters: declared (with their default
 * arguments), as a call's arguments (a pack expanded: args...), or as the
 * argument struct's initialiser (a pack into its tuple). */
enum { P_TYPES, P_ARGS, P_INIT };

static void
params(K *k, Buf *o, int how)
{
	bool first = true;
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		if (!v->param)
			continue;
		if (how == P_TYPES) {
			char *d = declare(v->type, v->name), *def = defaultarg(k, v->decl);
			bprintf(o, ", %s%s", d, def);
			free(d);
			free(def);
		} else if (v->pack && how == P_INIT)
			bprintf(o, "%sstd::tuple<%s>(%s...)", first ? "" : ", ", v->type, v->name);
		else
			bprintf(o, "%s%s%s", first ? "" : ", ", v->name, v->pack ? "..." : "");
		first = false;
	}
}

static char *rchead(K *k, const char *thead);

/* The qualifier a kernel's out-of-line definition names it with
 * (`__global__ void tsne::utils::K(...)` at file scope: "tsne::utils::"),
 * so its launcher and stub define the ones its namespace declares; "" for
 * a definition inside its namespace. */
static char *
qualifier(K *k, CXCursor fn)
{
	CXCursor sem = clang_getCursorSemanticParent(fn), lex = clang_getCursorLexicalParent(fn);
	int at = locoffset(clang_getCursorLocation(fn)), b = at;
	if (clang_equalCursors(sem, lex) || at <= 0 || at > (int)k->F->len)
		return xstrdup("");
	const char *src = k->F->src;
	for (;;) { /* back over "ident ::" pairs */
		int i = b;
		while (i > 0 && strchr(" \t\r\n", src[i - 1]))
			i--;
		if (i < 2 || src[i - 1] != ':' || src[i - 2] != ':')
			break;
		i -= 2;
		while (i > 0 && strchr(" \t\r\n", src[i - 1]))
			i--;
		int w = i;
		while (w > 0 && isident(src[w - 1]))
			w--;
		if (w == i)
			break;
		b = w;
	}
	Buf q = {0};
	for (int i = b; i < at; i++)
		if (!strchr(" \t\r\n", src[i]))
			bputn(&q, src + i, 1);
	return q.n ? bstr(&q) : xstrdup("");
}

static void
launcher(K *k, Buf *o, const char *name, const char *iname, const char *thead, const char *targs, bool isstatic)
{
	char *q = qualifier(k, k->fn);
	bprintf(o, "%s%svoid %scuflow_launch_%s(dim3 cuflow_grid, dim3 cuflow_block, size_t cuflow_shmem, "
	           "cudaStream_t cuflow_stream",
	        thead, isstatic ? "static " : "", q, name);
	free(q);
	params(k, o, P_TYPES);
	bprintf(o, ")\n{\n\tcuflow_args_%s%s cuflow_a = {", iname, targs);
	params(k, o, P_INIT);
	char *fn = rcname(k, iname, targs);
	bprintf(o, "};\n\tcuflowLaunch%s(%s, &cuflow_a, sizeof cuflow_a, cuflow_grid, cuflow_block, "
	           "cuflow_shmem, cuflow_stream);\n}\n",
	        k->split ? "Split" : "", fn);
	free(fn);
}

/* Does a value of type t hold an address: a pointer or reference, or a
 * record (its fields and bases) or array holding one? */
static bool
holdsptr(CXType t, int depth)
{
	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Pointer:
	case CXType_LValueReference:
	case CXType_RValueReference:
	case CXType_MemberPointer:
	case CXType_BlockPointer:
		return true;
	case CXType_ConstantArray:
	case CXType_IncompleteArray:
	case CXType_VariableArray:
	case CXType_DependentSizedArray:
		return holdsptr(clang_getArrayElementType(t), depth);
	case CXType_Record: {
		if (depth > 16)
			return true;
		CXCursor *ks;
		int n = kids(clang_getTypeDeclaration(t), &ks);
		bool any = false;
		for (int i = 0; i < n && !any; i++) {
			enum CXCursorKind k = clang_getCursorKind(ks[i]);
			any = (k == CXCursor_FieldDecl || k == CXCursor_CXXBaseSpecifier) &&
			      holdsptr(clang_getCursorType(ks[i]), depth + 1);
		}
		free(ks);
		return any;
	}
	default:
		return false;
	}
}

/* --lower=coexec: why the CPU cannot run some of k's blocks on copies of
 * the device memory its pointer arguments point to, or NULL. */
static char *
cpuwhy(K *k, const char *thead)
{
	if (*thead)
		return xstrdup("a kernel template");
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		if (!v->param)
			continue;
		CXType t = clang_getCanonicalType(clang_getCursorType(v->decl));
		if (t.kind == CXType_Pointer && holdsptr(clang_getPointeeType(t), 0))
			return fmt("its parameter %s points to memory holding pointers, which the CPU's copy would hold as "
			           "device addresses", v->name);
		if (t.kind != CXType_Pointer && holdsptr(t, 0))
			return fmt("its parameter %s holds pointers other than itself, which the CPU's part could not "
			           "follow into its copies", v->name);
	}
	return NULL;
}

/* --lower=coexec: the CPU's part of a launch, blocks [lo, hi) of the grid,
 * called from the program's CUDA side (cuflow_coexec.h) with a pointer to
 * each argument; dims: the grid's x, y, z, then the block's. */
static void
cpuentry(K *k, Buf *o, const char *name)
{
	bprintf(o, "\nextern \"C\" CUFLOW_EXPORT void cuflow_cpu_%s(void **cuflow_av, const unsigned *cuflow_d, size_t cuflow_s, "
	           "long long cuflow_lo, long long cuflow_hi)\n{\n\tcuflow_args_%s cuflow_a = {",
	        name, name);
	for (int i = 0, n = 0; i < k->vars.n; i++)
		if (k->vars.v[i].param) {
			bprintf(o, "%s*(decltype(cuflow_args_%s::%s) *)cuflow_av[%d]", n ? ", " : "", name, k->vars.v[i].name, n);
			n++;
		}
	char *fn = rcname(k, name, "");
	bprintf(o, "};\n\tcuflowRunBlocks(%s, &cuflow_a, dim3(cuflow_d[0], cuflow_d[1], cuflow_d[2]), "
	           "dim3(cuflow_d[3], cuflow_d[4], cuflow_d[5]), cuflow_s, cuflow_lo, cuflow_hi);\n}\n",
	        fn);
	free(fn);
}

/* The block function's template head: with the race check's flag where
 * the kernel uses __shared__ memory (its two forms). */
static char *
rchead(K *k, const char *thead)
{
	if (!k->accs.n)
		return xstrdup(thead);
	if (!*thead)
		return xstrdup("template <bool cuflow_rc> ");
	return fmt("template <bool cuflow_rc, %s", thead + 10); /* "template <...> ": first, as a pack must be last */
}

/* The block function a launch runs: its race-checked form while the check
 * is on. */
static char *
rcname(K *k, const char *name, const char *targs)
{
	if (!k->accs.n)
		return fmt("cuflow_block_%s%s", name, targs);
	const char *rest = *targs ? targs + 1 : ">"; /* "<T>" without its '<' */
	const char *sep = *targs ? ", " : "";
	return fmt("cuflowRacecheck() ? cuflow_block_%s<true%s%s : cuflow_block_%s<false%s%s", name, sep, rest, name, sep,
	           rest);
}

static void
freek(K *k)
{
	for (int i = 0; i < k->vars.n; i++) {
		free(k->vars.v[i].name);
		free(k->vars.v[i].type);
		free(k->vars.v[i].arr);
		free(k->vars.v[i].remat);
		free(k->vars.v[i].lanex);
		vfree(k->vars.v[i].regions);
		vfree(k->vars.v[i].wregions);
		vfree(k->vars.v[i].rregions);
	}
	vfree(k->vars);
	vfree(k->lifted);
	for (int i = 0; i < k->macros.n; i++)
		free(k->macros.v[i]);
	vfree(k->macros);
	clearopers(k);
	vfree(k->opers);
	resetpass(&k->pass);
	vfree(k->pass.masks);
	vfree(k->pass.temps);
	vfree(k->pass.loops);
	vfree(k->pass.warps);
	vfree(k->stores);
	vfree(k->srefs);
	vfree(k->steps);
	vfree(k->subs);
	vfree(k->looped);
	free(k->consts.v);
	freelanes(k);
	vfree(k->tl.lanes);
}

/* Which statements run in step, for a reader of the lowered code. */
static void
stepnote(K *k, Buf *o)
{
	if (!k->steps.n)
		return;
	Ints lines = {0};
	for (int i = 0; i < k->steps.n; i++) {
		int line;
		locate(k->steps.v[i].stmt, NULL, &line, NULL);
		line = userline(k->F, startof(k->steps.v[i].stmt), line);
		int at = 0;
		while (at < lines.n && lines.v[at] < line)
			at++;
		if (at < lines.n && lines.v[at] == line)
			continue;
		vpush(lines, 0);
		memmove(lines.v + at + 1, lines.v + at, (lines.n - 1 - at) * sizeof *lines.v);
		lines.v[at] = line;
	}
	bputs(o, "\t/* lanes read each other's __shared__ stores with no barrier between: the statements of line");
	for (int i = 0; i < lines.n; i++)
		bprintf(o, "%s %d", i ? (i == lines.n - 1 ? " and" : ",") : lines.n > 1 ? "s" : "", lines.v[i]);
	bputs(o, " run in step, each for every thread before the next, as a warp runs them */\n");
	vfree(lines);
}

/* The first pass: learns the thread loops (and where each variable is
 * used), emitting nothing. */
static void
drypass(K *k, CXCursor *body, int nb)
{
	Buf dry = {0};
	k->pass.dry = true;
	k->pass.out = &dry;
	genlist(k, body, nb, false);
	free(dry.v);
}

/* What a first pass learnt, forgotten before another. */
static void
resetdry(K *k)
{
	for (int i = 0; i < k->vars.n; i++) {
		KVar *v = &k->vars.v[i];
		v->regions.n = v->wregions.n = v->rregions.n = 0;
		v->once = false;
	}
	k->stores.n = k->looped.n = k->srefs.n = 0;
	k->alive = k->tls = false;
	resetpass(&k->pass);
	freelanes(k);
}

static CXCursor
kernelbody(CXCursor fn)
{
	CXCursor *ks;
	int n = kids(fn, &ks);
	CXCursor b = clang_getNullCursor();
	for (int i = 0; i < n; i++)
		if (clang_getCursorKind(ks[i]) == CXCursor_CompoundStmt)
			b = ks[i];
	free(ks);
	return b;
}

static bool
isstaticfn(CXCursor fn)
{
	return clang_Cursor_getStorageClass(fn) == CX_SC_Static;
}

/* The kernel's definition becomes its argument struct, block function and
 * launcher; the name stays as a function for code that takes its address. */
void
lowerkernel(Lower *L, LFile *F, CXCursor fn)
{
	K k = {0};
	k.L = L;
	k.F = F;
	k.fn = fn;
	k.body = kernelbody(fn);
	k.pass.plainbody = clang_getNullCursor();
	CXCursor *ks;
	int n = kids(fn, &ks);
	for (int i = 0; i < n; i++)
		if (clang_getCursorKind(ks[i]) == CXCursor_ParmDecl)
			addvar(&k, ks[i], true);
	free(ks);
	Cursors seen = {0};
	CXCursor spin = spinwait(fn, &seen);
	vfree(seen);
	if (!clang_Cursor_isNull(spin)) {
		kfail(&k, spin, "a loop waiting for other threads' stores to volatile memory (a spin-wait): threads "
		                "run one after another here, so a wait for a later one would never end");
		freek(&k);
		return;
	}
	descend(k.body, collectvars, &k);
	filllifted(&k);
	descend(k.body, collectwrites, &k);
	filluniform(&k);
	fillmacros(&k);
	fillremat(&k);
	k.interchange = !hasgoto(k.body);
	for (int i = 0; i < k.vars.n; i++) /* no per-thread array of an undeduced type */
		if (strstr(k.vars.v[i].type, "auto") || strstr(k.vars.v[i].type, "decltype"))
			k.interchange = false;
	fillroots(&k);
	k.sync = splits(&k, k.body);
	if (k.sync && k.bindings) {
		kfail(&k, k.bindat, "a structured binding (auto [x, y] = e) in a kernel with barriers or warp operations");
		freek(&k);
		return;
	}
	CXCursor anon = clang_getNullCursor();
	if (k.sync && descend(k.body, anonkid, &anon)) {
		kfail(&k, anon, "an anonymous union or struct (union { int a; float f; };) in a kernel with barriers or warp "
		                "operations: its members are no variables cuflow can keep per thread");
		freek(&k);
		return;
	}
	CXCursor *body;
	int nb = kids(k.body, &body);
	drypass(&k, body, nb);
	int steps = fillsteps(&k);
	if (steps < 0) {
		free(body);
		freek(&k);
		return;
	}
	if (steps) { /* the thread loops change: learn them again */
		resetdry(&k);
		k.sync = true;
		drypass(&k, body, nb);
	}
	bool tls = k.tls;
	k.nregions = k.pass.region;
	k.split = splittable(&k);
	resetpass(&k.pass);
	decide(&k);
	konstlocals(&k);
	k.pass.dry = false;
	k.pass.failed = false;
	konstchecks(&k);
	k.tls = tls;
	char *th = templatehead(&k);
	if (!strcmp(th, "template <> ")) /* an explicit specialisation: one form only */
		k.accs.n = 0;
	free(th);
	for (int i = 0; i < k.vars.n; i++)
		if (k.vars.v[i].arrayed && isref(clang_getCursorType(k.vars.v[i].decl)))
			kfail(&k, k.vars.v[i].decl, "a reference variable live across a barrier");
	descend(k.body, macrobarrier, &k);
	Buf gen = {0}, head = {0}, tail = {0};
	k.pass.out = &gen;
	genlist(&k, body, nb, false);
	edgedefines(&k, &head, body, nb, true);
	edgedefines(&k, &tail, body, nb, false);
	free(body);
	if (k.pass.failed) {
		free(gen.v);
		free(head.v);
		free(tail.v);
		freek(&k);
		return;
	}
	char *name = spelling(fn), *iname = ownname(L, name), *thead = templatehead(&k), *targs = templateargs(&k);
	char *sname = specname(&k, name), *lhead = *thead ? thead : sname != name ? "template <> " : "";
	Buf o = head;
	bprintf(&o, "/* kernel %s, lowered by cuflow: one call runs one thread block */\n", sname);
	argstruct(&k, &o, iname, thead);
	char *bhead = rchead(&k, thead);
	bool cxx = *bhead && inlinkage(fn); /* a template inside extern "C" { } */
	bprintf(&o, "%s%sstatic CUFLOW_BLOCKFN void cuflow_block_%s(const cuflow_block *cuflow_b, void *cuflow_v)\n{\n", cxx ? "extern \"C++\" {\n" : "", bhead,
	        iname);
	free(bhead);
	stepnote(&k, &o);
	prologue(&k, &o, iname, targs);
	if (k.accs.n)
		bprintf(&o, "\tif (cuflow_rc)\n\t\tcuflowRcBlock(\"%s\", \"%s\", blockIdx, blockDim);\n", name, basename(F->path));
	bputn(&o, gen.v, gen.n);
	const KVar *pk = packparam(&k);
	if (pk)
		bprintf(&o, "\t}, cuflow_a.%s);\n", pk->name);
	bputs(&o, cxx ? "}\n}\n" : "}\n");
	bputn(&o, tail.v, tail.n);
	free(tail.v);
	launcher(&k, &o, sname, iname, lhead, targs, isstaticfn(fn));
	char *q = qualifier(&k, fn);
	enum CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(fn));
	bool qualified = *q || (parent != CXCursor_Namespace && parent != CXCursor_TranslationUnit);
	bprintf(&o, "%s%svoid %s%s(", lhead, isstaticfn(fn) ? "static " : "", q, sname);
	free(q);
	Buf p = {0};
	params(&k, &p, P_TYPES);
	bputs(&o, p.n > 2 ? bstr(&p) + 2 : "");
	/* called through cuflowVia (a launch in a macro's definition): the
	 * configuration it pushed; without one, a kernel called like a function */
	bprintf(&o, ")\n{\n\tcuflow_config cuflow_c;\n\tif (!cuflowPopConfig(&cuflow_c))\n\t\tcuflowDirectCall(\"%s\");\n"
	            "\tcuflow_launch_%s%s(cuflow_c.grid, cuflow_c.block, cuflow_c.shmem, cuflow_c.stream",
	        name, sname, *thead ? targs : "");
	free(p.v);
	p = (Buf){0};
	params(&k, &p, P_ARGS);
	bprintf(&o, "%s%s);\n}", p.n ? ", " : "", p.n ? bstr(&p) : "");
	free(p.v);
	if (!*thead && sname == name)
		registration(&k, &o, name, iname, qualified);
	if (L->cx) {
		CxFact fact = {xstrdup(name), cpuwhy(&k, thead), NULL, 0};
		fact.forms = *thead ? xstrdup("") : cxranges(&k, &fact.formed);
		vpush(*L->cx, fact);
		if (!*thead)
			cpuentry(&k, &o, iname);
	}
	int lo = startof(fn), hi = endof(fn);
	addedit(&F->edits, lo, hi - lo, bstr(&o));
	free(gen.v);
	if (sname != name)
		free(sname);
	free(name);
	free(iname);
	free(thead);
	free(targs);
	freek(&k);
}

/* A declaration of a kernel: the launcher's declaration takes its place. */
void
lowerkerneldecl(Lower *L, LFile *F, CXCursor fn)
{
	(void)L;
	K k = {0};
	k.F = F;
	k.fn = fn;
	CXCursor *ks;
	int n = kids(fn, &ks);
	for (int i = 0; i < n; i++)
		if (clang_getCursorKind(ks[i]) == CXCursor_ParmDecl)
			addvar(&k, ks[i], true);
	free(ks);
	char *name = spelling(fn), *thead = templatehead(&k), *sname = specname(&k, name);
	const char *lhead = *thead ? thead : sname != name ? "template <> " : "";
	Buf o = {0};
	bprintf(&o, "%s%svoid cuflow_launch_%s(dim3, dim3, size_t, cudaStream_t", lhead, isstaticfn(fn) ? "static " : "",
	        sname);
	params(&k, &o, P_TYPES);
	bprintf(&o, ");\n%s%svoid %s(", lhead, isstaticfn(fn) ? "static " : "", sname);
	Buf p = {0};
	params(&k, &p, P_TYPES);
	bputs(&o, p.n > 2 ? bstr(&p) + 2 : "");
	bputs(&o, ")");
	free(p.v);
	int lo = startof(fn), hi = endof(fn);
	addedit(&F->edits, lo, hi - lo, bstr(&o));
	if (sname != name)
		free(sname);
	free(name);
	free(thead);
	freek(&k);
}
