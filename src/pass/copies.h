/* copies.h: what the copies pass's files share (pass/copies.c: copies out
 * of loops and the pass's driver; pass/redundant.c: copies whose bytes are
 * already there, downloads nothing reads; pass/promote.c: a callee's copies
 * out to its call; pass/copy.c: one copy, its loops and its wait; pass/config.c:
 * code of other configurations). */

enum { UP = 1, DOWN = 2 }; /* cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost */

/* A callee's leading uploads and trailing downloads, which may leave it for
 * its one call and then that call's loops (CGCM's map promotion). */
typedef struct Promo {
	PFunc *g;
	int caller, site, call; /* the caller's function id, the call's statement and index there */
	Ints nodes;             /* the copies' statements in g */
	char **args;            /* per parameter of g the copies read: the call's argument text; else NULL */
	Bits argl;              /* the variables those arguments name */
	Eff bare;               /* what the call does without the copies, its arguments read */
	bool taken;             /* they leave g */
	char *why;              /* what keeps them in g whatever the caller does, or NULL */
} Promo;
typedef VEC(Promo) Promos;

/* A blocking copy with a literal direction, and where it goes. */
typedef struct {
	int node, call;
	int dir;
	int dst, src;     /* argument indices */
	Bits dset, sset;  /* what they designate */
	Bits args;        /* what the statement reads but the copied bytes: pointers, sizes */
	Ints loops;       /* the loop headers it leaves, innermost first */
	const char *other; /* another call the statement makes, or NULL */
	int check;        /* the call of an error check of the copy's result (checkCuda(cudaMemcpy(...))), or -1 */
	bool onfail;      /* the statement holds calls that run only when the copy fails (a macro's check) */
	int partner;      /* the other copy of a round trip (an upload and the download of the same bytes), or -1 */
	const char *guard; /* the outermost loop's first test, when it may run zero times: the copy runs under it */
	bool block;       /* other copies leave the loop with it under that test: one block holds them */
	bool ok;          /* plain memory, its own lines: it may be moved or removed */
	int fact;         /* the bytes it makes equal on both sides (copies of the same bytes share it), or -1 */
	int removed;      /* 0, or CP_REMOVE: its bytes are already there; CP_RESYNC: and a sync keeps its wait */
	int gen;          /* removed as already there: the copy that put them there, or -1 */
	char *rwhy;       /* a removal's reasons */
	bool moved;
	char *why;        /* keeps: what keeps it */
	int whyline;
	const Promo *via; /* a callee's copy, standing at its call: node and call are the call's */
	int hnode, hcall; /* via: its own statement and call in the callee */
} Copy;

/* A loop statement: its nodes (a for's init too), text and body. */
typedef struct {
	int head;
	int first, last;
	int begin, end;
	int body; /* the List of its body, or -1 */
	int list, pos; /* the block holding the statement and its index there */
} Loop;

typedef struct {
	Prog *p;
	PFunc *pf;
	Func *f;
	const Unit *u;
	const char *fname;
	VEC(Copy) cp;
	bool *gone; /* per node: a copy this pass takes out, whose wait goes too */
	bool *cut;  /* per node: a redundant copy this pass removes: its bytes were there already */
	bool streams; /* the program enqueues work on other streams than the default one (or may) */
	const char *exitruns; /* what may observe the program's state after exit(), or NULL: see exitquiet */
	bool *quiet;  /* per node: a copy whose error check's failure path is left out (see quiet) */
	Promos *pr;   /* every callee's copies that may leave it (see fillpromo) */
	const Eff **bare; /* per node: a call whose callee's copies are considered at it: what it does without them */
	const Bits *held; /* the locations some memory holds the address of */
} C;

/* Where a copy's text lies: a callee's copy considered at its call lives
 * in the callee. */
static inline int
line(const C *c, int off)
{
	return unitline(c->u, off);
}

static inline const Func *
homef(const C *c, const Copy *x)
{
	return x->via ? x->via->g->f : c->f;
}

static inline const Stmt *
homest(const C *c, const Copy *x)
{
	return &homef(c, x)->st.v[x->via ? x->hnode : x->node];
}

static inline const Call *
homecall(const C *c, const Copy *x)
{
	return &homef(c, x)->calls.v[x->via ? x->hcall : x->call];
}

/* The files call one way only, each the ones above it:
 * config.c <- copy.c <- redundant.c, promote.c <- copies.c. */

/* config.c */
bool ownlocal(const C *c, int l);
bool ownheap(const C *c, const Bits *s, Bits *rel);
int otherconfig(const C *c, int lo, int hi, const Bits *rel, bool jumps);
int condmacro(const Unit *u, int lo, int hi);
bool condopen(const Unit *u, int lo, int at, Ints *lines);
void condwrap(const Unit *u, int lo, int at, Buf *text);
char *loopconfig(const C *c, const Loop *lp, const Copy *x, const Copy *y, int *ln);
char *configfacts(const C *c, const Loop *lp, const Copy *x);

/* copy.c */
bool fillcopy(C *c, int v, Copy *x);
bool textok(C *c, Copy *x);
char *argtext(const C *c, const Copy *x, int i);
bool sametext(const C *c, const Copy *x, const Copy *y, bool swap);
bool fillloop(const C *c, int h, Loop *lp);
int outerloop(const C *c, int h);
const char *locdesc(const C *c, int l);
char *overlapbar(const C *c, const Eff *e, const Bits *wr, const Bits *wrw, bool kio);
char *waitafter(C *c, int node, const Pend *pd, const Loop *out, int *ln);
int nextname(const char *s, int end, int *j, int *n);
int paramnamed(const PFunc *g, const char *s, int at, int n);
char *substitute(const Promo *pr, const char *text);

/* redundant.c */
void redundant(C *c);

/* promote.c */
bool fillpromo(Prog *p, PFunc *g, Promo *pr);
void freepromo(Promo *pr);
void addpromoted(C *c, const char *no);
void allornone(C *c);
bool promoted(const Promos *pr, const PFunc *pf, int v);
