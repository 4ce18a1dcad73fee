/* kernel.h: the state the kernel lowering's files share (kernel.c: finding
 * things, the generator, thread loops and the block function; vars.c:
 * variables and uniformity; remat.c: rematerialisation and lane subscripts;
 * invariant.c: invariants and once-per-block code; isplit.c: index-set
 * splitting). K is one kernel's lowering: the facts of the kernel, with
 * the pass (KPass) and the thread loop (KThreads) being emitted. */

typedef struct {
	CXCursor decl;
	char *name;   /* in the generated code */
	char *type;   /* its declared type */
	bool param, shared, dynshared, global;
	bool pack;                    /* a parameter pack (Ts... args): a std::tuple in the argument struct */
	bool written, uniform, hoist; /* hoist: uniform but needed in several loops */
	bool once;                    /* its uniform initialiser runs once per block, before its thread loop */
	bool bindtop;                 /* a reference bound to the block's __shared__ memory, or a lambda naming no variable: bound once, at the top */
	bool konst;                   /* a constant (const, integral, from constants): declared at the block function's top */
	int writes;                   /* assignments, increments, & taken */
	CXCursor inc;                 /* a for loop's own variable: the increment updating it */
	bool arrayed;                 /* lives in a per-thread array */
	bool carray;                  /* a C array local: arrayed as T (*v)[N] */
	bool addr;                    /* its address taken, a reference bound to it, used in a lambda */
	bool lambda;                  /* ... used in a lambda (copied as written: it keeps its name) */
	bool sr;                      /* arrayed, but each thread loop works on a local copy */
	char *arr;                    /* sr: the per-thread array's name (NULL: a parameter's copy suffices) */
	char *remat;                  /* recomputed in each thread loop from this text, not kept */
	char *lanex;                  /* remat is X + threadIdx.x: X's text (lane subscripts below) */
	bool lane32;                  /* ... into an int: X + threadIdx.x must stay below 2^31 */
	Ints regions;                 /* thread loops that use it */
	Ints wregions;                /* thread loops that may change it */
	Ints rregions;                /* thread loops that may read it */
	int root;                     /* __shared__ memory it names: this variable, or the one a pointer points into; -1: none */
	bool whole;                   /* a pointer into its root, not known to be at its start */
	bool maybe;                   /* a pointer that may point into __shared__ memory cuflow cannot name (root: itself) */
} KVar;

/* Where an access is (warpsync.c, affine.c): the loops and ifs around it,
 * and the locals known to hold a value there (var[i] holds val[i]). */
typedef struct {
	Cursors loops;  /* innermost last */
	Cursors guards; /* the ifs' conditions, innermost last */
	Ints sense;     /* ... 1 in the then branch, 0 in the else */
	Ints var;
	Cursors val;
} KCtx;

/* A use of __shared__ memory the first pass saw, and in which thread loop
 * (warpsync.c). */
typedef struct {
	CXCursor ref;
	int region;
	bool looped; /* inside a loop of that thread loop: it may run again after other threads' statements */
} KRef;

/* A statement run in step (warpsync.c): a thread loop of its own; rhs (not
 * null): its store's right side, evaluated by every thread first. */
typedef struct {
	CXCursor stmt, rhs;
} KStep;

/* An access to __shared__ memory the race check records (CUFLOW_RC):
 * 'r', 'w', 'm' (both), 'a' (atomic); its line; its statement's offset. */
typedef struct {
	CXCursor expr;
	int kind, line, pos;
} KAcc;

/* Text that replaces a cursor's in the thread loops being emitted. */
typedef struct {
	CXCursor at;
	char *text;
} KSub;

typedef struct {
	CXCursor loop;
	char *mask, *cmask; /* threads still looping / still in this iteration */
} KLoop;

/* An operand of a warp operation a function-like macro writes (kernel.c,
 * macrowarp): the macro argument it is, [lo, hi) of the kernel's file, or
 * the macro body's tokens (text) where the body writes it. */
typedef struct {
	CXCursor arg;
	int lo, hi;
	char *text;
} KOper;

typedef struct {
	CXCursor call;
	int op;
	char *res; /* per-thread result array, or scalar for block reductions */
} KWarp;

typedef struct {
	CXCursor sub;   /* p[X + threadIdx.x], X of type unsigned and the same for the whole x loop */
	char *x, *fast; /* X's text; the subscript's text where X + threadIdx.x cannot wrap */
	bool sint;      /* a local int = X + threadIdx.x (sub null): X + threadIdx.x < 2^31 */
} KLane;

/* From W_SCOUNT on, the block's threads meet (the others: a warp's). */
enum { W_SHFL = 1, W_UP, W_DOWN, W_XOR, W_BALLOT, W_ANY, W_ALL, W_ACTIVE, W_REDUCE,
       W_WREDUCE, /* cub::WarpReduce's Sum and Reduce */
       W_MANY, W_MALL, /* __match_any_sync, __match_all_sync */
       W_STEP,         /* nvcuda::wmma's loads and stores: run in step, nothing exchanged */
       W_SCOUNT, W_SAND, W_SOR,
       W_BREDUCE, /* cub::BlockReduce's Sum and Reduce: one value for the block */
       W_BSCAN,   /* cub::BlockScan's sums and scans: results written in place */
       W_BADJ     /* cub::BlockAdjacentDifference: the same */ };

/* One generation pass over the body (kernel.c, genlist): the first, dry,
 * pass only learns (thread loops, stores, what needs a thread_local copy);
 * resetpass clears this between the passes. */
typedef struct {
	Buf *out;
	bool dry, failed;
	int region, nlabel, nmask, ntmp;
	const char *mask;   /* the current mask, NULL: every live thread */
	VEC(KLoop) loops;   /* masked loops around, innermost last */
	VEC(KWarp) warps;   /* warp operations already exchanged */
	Strs masks, temps;  /* names to declare (masks: bool; temps: "type name") */
	int loopdepth;
	CXCursor plainbody; /* the body of the innermost loop emitted as plain C */
} KPass;

/* The thread loop being emitted (loophead to looptail). */
typedef struct {
	int label;          /* its label, cuflow_next_<label> */
	bool usedlabel;
	bool serial;        /* it orders its threads */
	bool lanesok, fast; /* record lane subscripts / write their fast form */
	VEC(KLane) lanes;   /* its lane subscripts */
	bool xsplit, ysplit; /* index-set splitting */
	int xlo, xhi, ylo, yhi; /* ... at these runs of threadIdx.x, .y (hi INT_MAX: no end) */
} KThreads;

/* One kernel's lowering: what the kernel is, found before the passes or
 * by the first of them, then the pass and the thread loop in hand. */
typedef struct {
	Lower *L;
	LFile *F;
	CXCursor fn, body;
	VEC(KVar) vars;
	bool sync;          /* a barrier, warp operation or loop to interchange: thread loops are needed */
	int bindings;       /* structured bindings (auto [x, y] = e), whose names are no variables here */
	Cursors lifted;     /* the body's type declarations the block function's top declares again */
	CXCursor bindat;    /* ... the first */
	bool interchange;   /* loops without barriers may be interchanged (no goto) */
	int nregions;       /* thread loops, known after the first pass */
	bool split;         /* threads never meet: blocks may run as ranges of threads (cuflowLaunchSplit) */
	bool alive;         /* first pass: a return or warp operation needs the live threads (cuflow_alive) */
	bool tls;           /* first pass: a callee reads the thread's indices (a thread_local threadIdx) */
	VEC(CXCursor) stores; /* first pass: uses that only assign (v = e) */
	VEC(KRef) srefs;      /* first pass: uses of __shared__ memory */
	VEC(KStep) steps;     /* statements run in step (warp-synchronous __shared__ memory) */
	VEC(KSub) subs;       /* right sides evaluated in a thread loop before their store */
	VEC(KAcc) accs;       /* accesses to __shared__ memory: the block function has a race-checked form */
	Ints looped;        /* thread loops inside a loop holding a barrier: they run repeatedly */
	Buf consts;         /* the constant locals' declarations, for the block function's top (konstlocals) */
	Strs macros;        /* the names a #define or #undef inside the body names (fillmacros) */
	VEC(KOper) opers;   /* the operands of the warp operation being exchanged, where a macro writes it */
	bool badopers;      /* ... in a form refused (kernel.c, macrowarp) */
	KPass pass;
	KThreads tl;
} K;

enum { CG_NONE, CG_BARRIER, CG_TILE, CG_OTHER };

/* What the functions a kernel calls do, through any depth of calls:
 * U_SYNC a barrier or warp operation (refused: it would need inlining),
 * U_BUILTIN read threadIdx, blockIdx, blockDim or gridDim (which must
 * then be set for them). A callee cuflow cannot see counts as U_BUILTIN. */
enum { U_SYNC = 1, U_BUILTIN = 2 };

typedef struct {
	K *k;
	Edits *e;
	int lo, hi; /* the span being copied */
	int loops;  /* loops and switches nested inside the span */
	int cont;   /* loops nested inside the span (continue targets) */
} Span;

/* The x loop's head and bounds: over the block, over a split launch's range. */
typedef struct {
	const char *head, *lo, *hi;
} XHead;
extern const XHead xheads[2];
extern const char outerloops[]; /* the z and y loops around an x loop */

/* kernel.c */
int forparts(K *k, CXCursor s, CXCursor *init, CXCursor *cond, CXCursor *inc, CXCursor *body);
void kfail(K *k, CXCursor at, const char *what);
int warpop(CXCursor call);
unsigned tileof(CXCursor call); /* a static tile's collective: the tile's size, else 0 */
int warpname(const char *n);
bool incg(CXCursor d);
bool incub(CXCursor d);
char *cubelem(K *k, CXCursor call); /* a cub collective's element type */
int cgsync(CXCursor call);
bool isbarrier(CXCursor call);
void spanedit(Span *sp, int off, int len, char *text);
bool inspan(Span *sp, CXCursor c);
bool hasint(Ints *r, int x);
char *exprtext(K *k, CXCursor e);
bool operand(K *k, CXCursor e, int *lo, int *hi, const char **text);

void copyspan(K *k, CXCursor *cs, int n, int lo, int hi);
void newregion(K *k);
void startloops(K *k);
void loophead(K *k, const char *mask);
bool scalartype(CXType t);
void looptail(K *k);
void denseloop(K *k, const char *masked);
char *xloop(K *k, CXCursor *ks, int n, bool fast);
bool haslabel(CXCursor *ks, int n);

/* vars.c */
void markwritten(K *k, CXCursor e, bool addr); /* e is written (addr: its address taken) */
int findvar(K *k, CXCursor decl);
bool hasfield(CXType t, bool (*want)(CXCursor));
bool reffield(CXCursor f);
int refvar(K *k, CXCursor c);
void addvar(K *k, CXCursor d, bool param);
int collectvars(CXCursor c, void *k); /* a Visit (front/cursor.h) */
void pushonce(Ints *r, int x);
void notewrites(K *k, CXCursor c);
int collectwrites(CXCursor c, void *k);
bool builtinvar(CXCursor ref, const char **which);
int calleeuses(CXCursor call);
bool uniform(K *k, CXCursor e);
void filluniform(K *k);

/* remat.c */
void fillmacros(K *k);
bool namesmacro(K *k, const char *text);
void fillremat(K *k);
bool isthreadidx(CXCursor e, char axis);
bool lanesub(Span *sp, CXCursor c);
bool lanedecl(Span *sp, CXCursor c);
void freelanes(K *k);
char *lanetest(K *k);

/* invariant.c */
bool invariant(K *k, CXCursor e, bool lane);
void runonce(K *k, CXCursor *ks, int n);

/* warpsync.c */
void fillroots(K *k);
int fillsteps(K *k);
bool hasstep(K *k, CXCursor s);
KStep *stepof(K *k, CXCursor s);

/* affine.c */
enum { C_NONE, C_CROSS, C_FORWARD };
int meets(K *k, Cursors *xi, KCtx *cx, Cursors *yi, KCtx *cy, bool within);
bool oneleader(K *k, KCtx *cx, KCtx *cy);
bool writesvar(K *k, CXCursor s, int v);

/* isplit.c */
void threadloop(K *k, CXCursor *ks, int n);
void exprloop(K *k, CXCursor e, const char *pre, const char *post);
void storeloop(K *k, CXCursor e, const char *pre, const char *post); /* the text stores into e */
char *newmask(K *k);
char *newtemp(K *k, const char *type);

/* ranges.c */
char *cxranges(K *k, unsigned long long *formed); /* --lower=coexec: each pointer parameter's elements per block, as cuflow_cx_form initialisers */
