/* cuflow.h: the declarations every stage shares.
 *
 *   front/    libclang TU per file -> Unit (statements, CFG, IR ops, symbols);
 *             cursor.c is the one layer every libclang user goes through
 *   model/    Units -> Prog (linked symbols, abstract locations)
 *   analysis/ dominators, loops, points-to, kernel summaries, effects, pending work
 *   pass/     plans: changes with the facts that make them safe; pipeline.c
 *             runs the analyses and passes in order
 *   edit/     byte-range edits, applied atomically
 *   report/   diff and explanations, read from the plans (report/report.h)
 *   driver/   inputs, programs, output; the modes main chooses (end of this file)
 *   lower/    --lower=openmp: CUDA -> C++/OpenMP, on libclang cursors (lower/lower.h)
 *   lsp/      --lsp: the language server over the same stages (lsp/lsp.h)
 *
 * Each declaration section names the file that defines it, QBE's all.h way;
 * util.c, text.c and bits.c serve every stage.
 *
 * The model keeps byte offsets and names, never libclang cursors: a cursor
 * dies with its translation unit, the model outlives it.
 */
#ifndef CUFLOW_H
#define CUFLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* util.c */
typedef struct Arena Arena;
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t sz);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
void vgrow_(void **v, int *cap, int need, size_t sz);
char *readfile(const char *path, size_t *len, char **err);
double now(void);
/* A 64-bit hash of n bytes continuing h (start with HASH64_0); chunks of a
 * multiple of 8 bytes hash as the whole would. Not cryptographic. */
#define HASH64_0 0xcbf29ce484222325ull
unsigned long long hash64(unsigned long long h, const void *p, size_t n);
size_t rssbytes(void);
bool onstack(void *(*fn)(void *), void *arg, size_t stack);

/* text.c: lines of a source text */
int *linestarts(const char *src, size_t len, int *nlines);
int lineof(const int *starts, int nlines, int off);        /* 1-based */
int lineoffset(const int *starts, int nlines, int line);   /* where 1-based line begins, 0 if none */
int linestart(const char *src, int off);                   /* where the line holding off begins */
int lineend(const char *src, size_t len, int off);         /* its '\n', or len */
char *indentof(const char *src, size_t len, int off);      /* the blanks opening that line */
bool isdirective(const char *src, int off, int end);       /* the line at off is a # line */
int newlines(const char *s, int n);
char *replaceall(const char *s, const char *what, const char *with);
bool isident(char c);                                      /* a letter, digit or '_' */
int nexttoken(const char *s, int *at, int end);           /* the next identifier or #, past comments and literals */
bool isword(const char *w, int n, const char *const *ws);  /* the n bytes at w are one of the words of ws */
const char *relpath(const char *path); /* path without leading "./" */

/* A growable array: VEC(int) ints; vpush(ints, 3); ints.v[i], ints.n. */
#define VEC(T) struct { T *v; int n, cap; }
#define vpush(a, x) (vgrow_((void **)&(a).v, &(a).cap, (a).n + 1, sizeof *(a).v), (a).v[(a).n++] = (x))
#define vfree(a) (free((a).v), (a).v = NULL, (a).n = (a).cap = 0)

typedef VEC(int) Ints;
typedef VEC(char *) Strs;
char *pairsubst(const Strs *pairs, const char *text); /* text.c: each identifier NAME of pairs (NAME, TEXT, ...) as its TEXT */
typedef VEC(char) Buf;
void bputs(Buf *b, const char *s);
void bputn(Buf *b, const char *s, size_t n);
void bprintf(Buf *b, const char *f, ...) __attribute__((format(printf, 2, 3)));
char *bstr(Buf *b); /* NUL-terminated view of b */

/* bits.c: sparse sets of small integers (abstract locations, CFG nodes):
 * the nonzero words only. bnew(n) takes members below n (rounded up to a
 * multiple of 64); w is NULL only before bnew and after bfree. */
typedef struct {
	int at; /* members at*64 .. at*64+63 */
	uint64_t bits;
} BWord;
typedef struct {
	BWord *w;
	int n, cap; /* words held, room */
	int nw;     /* the range, in words */
} Bits;
Bits bnew(int n);
void bfree(Bits *b);
void bset(Bits *b, int i);
void bclr(Bits *b, int i);
bool bhas(const Bits *b, int i);
bool bor(Bits *dst, const Bits *src); /* dst |= src; true if dst changed */
bool bmeets(const Bits *a, const Bits *b);
bool bempty(const Bits *b);
int bfirst_common(const Bits *a, const Bits *b); /* -1 when disjoint */
int bnext(const Bits *b, int from);            /* next set bit >= from, or -1 */
void bassign(Bits *dst, const Bits *src);
void bclear(Bits *b);

/* ---------------------------------------------------------------- rules */

/* What an API call does, read from the rules files (see doc/rules.md). */
enum {
	RK_UNKNOWN, /* no rule: conservative */
	RK_PURE,    /* reads its arguments' values only */
	RK_HOST,    /* host memory effects given by the effect list */
	RK_IO,      /* host I/O: ordering of output matters */
	RK_TIMER,   /* reads a clock: observes device progress */
	RK_EXIT,    /* does not return */
	RK_COPY,    /* device copy (blocking or async, see flags) */
	RK_MEMSET,
	RK_ALLOC,
	RK_FREE,
	RK_SYNC,
	RK_LAUNCH,
	RK_EVENT,
	RK_STREAM,
	RK_DEVICE, /* other device-runtime calls: errors, queries, attributes */
	RK_ATOMIC, /* device-side read-modify-write */
	RK_UNSAFE, /* setjmp and friends: the function is not analysed */
	RK_NKINDS
};

enum { /* Effect.what */
	EF_READ,
	EF_WRITE,
	EF_ALLOC,  /* *arg (or the return value) receives a fresh object */
	EF_FREE,
	EF_RETARG, /* the return value points where arg does */
	EF_SYNC,   /* blocks the host until device work is done */
	EF_STREAM, /* runs on the stream named by arg */
	EF_LAUNCH, /* launches the kernel named by arg, args array in arg2 */
	EF_ALIAS,  /* *arg receives arg2's pointer value */
	EF_COPYC,  /* *arg receives the pointers *arg2 holds (memcpy of pointer arrays) */
	EF_RECORD, /* the event in arg completes when the work before it on the call's stream does */
	EF_BYTES,  /* the call moves arg (times arg2 when >= 0) bytes */
};
enum { /* Effect.deref: how the argument designates memory */
	AD_VALUE = 0, /* the argument object itself (an lvalue: a symbol, a reference) */
	AD_PTR = 1,   /* what the argument points to */
	AD_PTR2 = 2,  /* what the pointers it points to point to */
};
enum { SP_NONE, SP_HOST, SP_DEVICE, SP_MANAGED, SP_PINNED, SP_SYMBOL, SP_UNKNOWN, SP_HANDLE };
/* Effect.space for EF_SYNC; SY_COPY: a blocking copy whose kind is argument
 * arg: the host waits only when the copy involves host memory (kinds 0-2),
 * as CUDA documents; device-to-device and unknown kinds do not wait. */
enum { SY_DEVICE = 1, SY_DEFAULT, SY_STREAM, SY_EVENT, SY_COPY };

#define ARG_THIS (-1)
#define ARG_ALL (-2)
#define ARG_RET (-3)

typedef struct {
	uint8_t what, deref;
	int8_t space; /* SP_* for allocs, SY_* for syncs */
	int arg, arg2;
} Effect;

typedef struct Rule {
	char *name; /* qualified, may end in '*' */
	int kind;
	int flags;
	Effect *eff;
	int neff;
	char *file;
	int line;
} Rule;
enum { RF_ASYNC = 1, RF_NORETURN = 2, RF_DEVICE = 4 /* device-side rule */, RF_LEGACY = 8, RF_BODY = 16 /* replaces a seen body */,
       RF_CONTEXT = 32 /* ends the device context, or must come before it exists */,
       RF_ZERO = 64 /* the memory it allocates starts zeroed (calloc) */,
       RF_ONEDEV = 128 /* device side: a kernel calling it runs on one device (--lower=coexec) */,
       RF_ATEXIT = 256 /* registers code that runs when the program ends, not during the call */,
       RF_THROWS = 512 /* may throw (std::vector::at): control may leave by an exception */ };

/* model/rules.c */
typedef struct Rules Rules;
Rules *rules_new(void);
int rules_load(Rules *r, const char *path, char **err); /* 0 ok */
int rules_parse(Rules *r, const char *name, const char *text, char **err);
int rules_loaddir(Rules *r, const char *dir, char **err);
Rules *rules_loadall(const char *const *extra, int n, char **err); /* shipped, then the user's; NULL: *err */
const Rule *rules_find(const Rules *r, const char *qualname);
const Rule *rules_exact(const Rules *r, const char *qualname);
void rules_free(Rules *r);
unsigned long long rules_sum(const Rules *r); /* a hash of every rule text loaded, in order */
const char *rkind_name(int kind);
bool hostwaits(const Effect *e, const long long *argk, int nargs);

/* ---------------------------------------------------------------- model */

/* The model below is stored field by field by the unit cache (front/units.c:
 * wunit, runit): a field added here goes there too, with its FORMAT bumped. */

/* Symbols a unit declares or references, keyed by clang USR. */
enum { SYM_LOCAL, SYM_PARAM, SYM_GLOBAL, SYM_FUNC, SYM_THIS, SYM_RET };
enum { /* Sym.flags */
	SYMF_PTR = 1 << 0,   /* pointer or array of pointers: can hold addresses */
	SYMF_ARRAY = 1 << 1, /* the variable is itself the array object */
	SYMF_REF = 1 << 2,   /* C++ reference: its value is an address */
	SYMF_RECORD = 1 << 3,
	SYMF_VOLATILE = 1 << 4,
	SYMF_EXTERN = 1 << 5, /* external linkage */
	SYMF_STATIC = 1 << 6, /* static storage (globals, static locals) */
	SYMF_DEVFN = 1 << 7,  /* function runs on the device (kernel or __device__) */
	SYMF_KERNEL = 1 << 8,
	SYMF_HOSTFN = 1 << 9,
	SYMF_DEFINED = 1 << 10, /* this unit has the definition */
	SYMF_SYSTEM = 1 << 11,  /* declared in a system header */
	SYMF_DEPENDENT = 1 << 12, /* type depends on a template parameter */
	SYMF_NORETURN = 1 << 13,
	SYMF_ADDRTAKEN = 1 << 14, /* &x appears somewhere */
	SYMF_REFRET = 1 << 15,    /* function returns a reference */
	SYMF_TEMPLATE = 1 << 16,
	SYMF_CONST = 1 << 17,
	SYMF_NOTHROW = 1 << 18,
	SYMF_METHOD = 1 << 19,
	SYMF_ADDRVAL = 1 << 20, /* its address value is compared or made an integer ((uintptr_t)p % 4096) */
};

typedef struct Sym {
	char *usr;
	char *name;     /* spelling for reports */
	char *qualname; /* functions: qualified name for rules (std::vector::data) */
	int kind;
	int flags;
	int space; /* variables: SP_DEVICE for __device__, SP_SYMBOL for __constant__, ... */
	int line;
	int nparams; /* functions */
	uint32_t refparams; /* functions: bit i set if parameter i is a reference */
	uint32_t ptrparams; /* functions: bit i set if parameter i can carry an address */
	int fn;             /* SYM_FUNC with a body in this unit: index into Unit.fns, else -1 */
	int owner;          /* locals, parameters, this, return slot: the function's symbol, else -1 */
	int link;           /* filled by link.c: Prog location or function id */
} Sym;

/* IR nodes: the value or lvalue shapes the analyses need, nothing else. */
enum {
	N_NULL,    /* no pointer value (a number, nullptr) */
	N_VAR,     /* lvalue: the variable sym */
	N_DEREF,   /* lvalue: the objects value a points to */
	N_LOAD,    /* value: the contents of lvalue a */
	N_ADDR,    /* value: the address of lvalue a */
	N_ALLOC,   /* value: a fresh object made at call c */
	N_CALLRET, /* value: the return value of call c */
	N_JOIN,    /* value: a or b */
	N_UNKNOWN, /* value: anything */
	N_PARAMOBJ /* value: device analysis: what kernel parameter sym points to */
};
typedef struct {
	uint8_t kind;
	int a, b;
	int sym;
	int call;
} Node;

enum { O_READ, O_WRITE, O_ASSIGN, O_CALL, O_RETURN };
typedef struct {
	uint8_t kind;
	int a, b; /* O_READ/O_WRITE: lvalue a; O_ASSIGN: lvalue a <- value b; O_RETURN: value a */
	int call; /* O_CALL */
} Op;

/* C_DEFAULTED: an implicit or defaulted constructor or assignment: it
 * writes the object and copies what its arguments designate. */
enum { C_DIRECT, C_INDIRECT, C_LAUNCH, C_DEPENDENT, C_DEFAULTED };
typedef struct {
	int kind;
	int callee;   /* Sym index of the function (kernel for launches), or -1 */
	char *name;   /* qualified name, for rules and reports */
	int *argv;    /* value node per argument */
	int *argl;    /* lvalue node per argument when it is an lvalue, else -1 */
	long long *argk; /* integer constant per argument, or LLONG_MIN */
	int nargs;
	int self;   /* lvalue of the object for member calls, or -1 */
	int ret;    /* N_CALLRET node */
	int stream; /* launches: value node of the stream argument, -1 for the default stream */
	int kernel; /* launches and cudaLaunchKernel: the kernel's symbol, or -1 */
	int argcall, argpos; /* the first argument that is a call's result (check(cudaMemcpy(...))): that
	                        call, and the argument's index; or -1 */
	int onfail; /* a call of a macro-written check that runs only when call onfail failed (the then branch
	               of "if (e != cudaSuccess)" after "cudaError_t e = call;" in one statement), or -1 */
	int *cands; /* C_DEPENDENT: every function the name may resolve to once the */
	int ncands; /* template is instantiated (syms); none: unknown */
	int off, end, line; /* end: past its closing parenthesis */
	int conv;           /* bit i: argument i is converted to another arithmetic type (int to short) */
	int cond;           /* it runs on some evaluations only (an arm of ?:, the right of && or ||) */
} Call;

/* A heap allocation in the spelling the program wrote it (front/expr.c):
 * the value a declarator or an assignment gets is a malloc-like call or
 * new T[n], under casts and parentheses. The passes rewrite it where it is:
 * replace the value, split a declaration (edit/forms.c). */
enum { AL_MALLOC, AL_CALLOC, AL_NEW };
typedef struct {
	int kind;
	int node;   /* its statement */
	int call;   /* the malloc-like call, -1 for new */
	int obj;    /* new: the N_ALLOC node of its object, else -1 */
	int sym;    /* the variable it initialises or is assigned to, -1: another lvalue */
	bool decl;  /* a declarator's initialiser (else an assignment's right side) */
	bool zero;  /* its memory starts zeroed: calloc, new T[n]() */
	bool macro; /* written by a macro: its text cannot be changed */
	int vb, ve; /* the value: the allocation with its casts */
	int db, de; /* decl: the declarator's name to the initialiser's end; assignment: the left side */
	int nb, ne; /* malloc: the size; calloc and new: the count */
	int sb, se; /* calloc: the element size; new: the element type */
	long long bytes; /* new: its constant bytes (count times the type's size), else LLONG_MIN */
} Alloc;

/* delete p, delete[] p: the frees that are no calls. */
typedef struct {
	int node;   /* its statement */
	int val;    /* the pointer's value node */
	int b, e;   /* the expression */
	int pb, pe; /* the pointer's text */
	bool array;
} Delete;

/* A CFG node. Entry is node 0 and exit node 1 in every function. */
enum {
	ST_ENTRY,
	ST_EXIT,
	ST_PLAIN,  /* expression or declaration: one movable unit */
	ST_COND,   /* branch or loop condition */
	ST_RETURN,
	ST_BREAK,
	ST_CONTINUE,
	ST_GOTO,
	ST_LABEL,  /* a goto target or case label */
	ST_END,    /* the closing brace of a compound statement */
	ST_OPAQUE, /* a statement cuflow does not decompose (asm, try, ...) */
};
enum { /* Stmt.flags */
	SF_MACRO = 1 << 0,    /* written through a macro invocation */
	SF_NORETURN = 1 << 1, /* may call a function that does not return */
	SF_JUMP = 1 << 2,     /* may leave by return/break/continue/goto (macro or opaque) */
	SF_THROW = 1 << 3,
	SF_ASM = 1 << 4,
	SF_VOLATILE = 1 << 5,
	SF_SHARED = 1 << 6,  /* shares its source range with another statement */
	SF_HIDDEN = 1 << 7,  /* runs code cuflow cannot see (user destructors of temporaries) */
	SF_DECL = 1 << 8,
	SF_INMAIN = 1 << 9, /* range lies in the unit's main file */
	SF_DIRECTIVE = 1 << 10, /* a preprocessor directive lies inside */
	SF_CALLBACK = 1 << 11, /* hidden: a library call is given code to run (a comparator, a lambda) */
	SF_MACRONAME = 1 << 12, /* names a variable of the program inside a macro's body (BYTES: n * 4) */
	SF_TYPENAME = 1 << 13,  /* names a type of the program (sizeof(real)) */
	SF_LOCALTYPE = 1 << 14, /* names a template parameter or a type a function declares (sizeof(T)) */
	SF_CONDCALL = 1 << 15,  /* a call runs on some evaluations only (an arm of ?:, the right of && or ||) */
	SF_NEW = 1 << 16,       /* a new expression: std::bad_alloc, std::bad_array_new_length */
	SF_SCOPEOBJ = 1 << 17,  /* ST_END: objects of a class that is not plain old data end here, the */
	                        /* library's too (a lock_guard unlocks); a function body's: by-value parameters too */
};
typedef struct {
	int kind;
	int flags;
	int begin, end; /* bytes [begin, end) of the main file; end includes the ';' */
	int line, endline;
	int list, pos; /* the compound statement holding it and its index, or -1 */
	int op0, nop;  /* ops [op0, op0+nop) */
	int call0, ncall;
	Ints succ, pred;
	Ints decls; /* syms declared directly by this statement */
	int spec;   /* a declaration: where its declarators begin ([begin, spec) is the type they share), or -1 when
	               it cannot be split into one declaration per declarator */
	Ints dbeg, dend; /* ... each declarator's text, in the order of decls */
	int loop;   /* analysis: innermost loop header, or -1 */
	bool once;  /* a loop's header: its body runs at least once (a do loop, or a for
	               whose constant start satisfies its condition against a constant bound) */
	char *first; /* a for's header: its first test as an expression without side effects
	                ("0 < steps" for "for (int t = 0; t < steps; ...)"), or NULL */
	char *label; /* ST_GOTO target / ST_LABEL name */
	int failvar; /* an if's condition that tests the CUDA status in this variable (sym), or -1: */
	bool failelse; /* false: it holds on an error ("err != cudaSuccess", "err"), its then branch
	                  (succ[0]) is the failure path; true: on success ("err == cudaSuccess"), succ[1] is */
} Stmt;

/* A compound statement's items. Item i spans CFG nodes [first[i], last[i]]. */
typedef struct {
	int begin, end; /* the braces */
	int endnode;    /* its ST_END node */
	int owner;      /* the statement that owns it (loop or branch condition), -1 for a function body */
	Ints first, last;
} List;

enum { FN_HOST, FN_KERNEL, FN_DEVICE, FN_HOSTDEVICE };
typedef struct {
	int sym;
	int kind;
	char *file; /* where the body is: the main file or a header */
	int begin, end, line;
	bool inmain; /* defined in the unit's main file */
	VEC(Stmt) st;
	VEC(Node) nodes;
	VEC(Op) ops;
	VEC(Call) calls;
	VEC(List) lists;
	VEC(Alloc) allocs;
	VEC(Delete) dels;
	Ints params; /* syms; the implicit this first for methods */
	int thissym, retsym;
	int flags;
	char *why; /* why the function is not analysed (try, setjmp, ...) or NULL */
} Func;
enum { FNF_TRY = 1, FNF_SETJMP = 2, FNF_GOTO = 4, FNF_ASM = 8, FNF_TEMPLATE = 16,
       FNF_LEFTOUT = 32, /* device code whose body holds #if groups the host parse left out */
       FNF_INSTANCE = 64 /* a template built from the one instantiation its unit uses */,
       FNF_LOCALTYPES = 128 /* declares types in its body (typedef double real;): names may mean others there */ };

typedef struct {
	int off, end; /* bytes of the main file */
} Comment;

enum { PM_CUDA, PM_MINIMAL }; /* parsed with the toolkit's headers or cuflow's own */

typedef struct Unit {
	char *path;     /* as given */
	char *src;      /* the main file's bytes */
	size_t len;
	int *lines;     /* start offset of each line */
	int nlines;
	int *origline;  /* per line: its line in the file on disk, when src is a rewrite in progress */
	                /* (driver/fixpoint.c); NULL: src is the file (unitline maps through it) */
	int mode;       /* PM_* */
	char *refused;  /* why the file cannot be analysed, or NULL */
	const char *skipped; /* why it was not analysed, when that is no failure (no CUDA in it, a header) */
	bool nocuda;         /* skipped so: the pre-scan found no CUDA in it */
	bool hostonly;       /* a C/C++ source of the program (-p, a directory): read only for the names
	                      * it spells, with its own headers' (scan: model/link.c) */
	char *scan;          /* unseen files: their text and their user headers', or NULL: src alone */
	size_t scanlen;
	bool opaque;         /* a header of it was not found: it may call anything */
	struct Unit *const *unseen; /* the files of its program not analysed (no CUDA, refused): */
	int nunseen;                /* callers.c reads the names they spell (the driver's, not owned) */
	char *legacy;   /* an API CUDA 13 removed that made it parse with the minimal header */
	char *fixhint;  /* a flag that would fix it */
	VEC(Sym) syms;
	VEC(Func) fns;
	VEC(Comment) comments;
	Ints directives; /* offsets of preprocessor directive lines */
	Strs cfgmacros;  /* macros a user file #defines in an #if chain with another group (another
	                  * configuration defines them otherwise: a statement naming one is not passed) */
	Strs macros;     /* name, body, ...: every #define of the program's own files it includes, its own too */
	double tparse, tbuild; /* seconds */
	const char *cache; /* how the caches served the parse: unit (the model from front/units.c, */
	                   /* no parse), else the header cache's (front/cache.c) hit, new, off, ... */
	int ndiag;
} Unit;
int unitline(const Unit *u, int off); /* text.c: the 1-based line of off, as a line of the file on disk */

/* A file's contents standing in for the disk's. */
typedef struct {
	char *path, *text;
	size_t len;
} FileText;
typedef VEC(FileText) FileTexts;

#define CUDA_ARCH_DEFAULT 750 /* __CUDA_ARCH__ of nvcc 13's default target, sm_75 */

/* Options that change what the analyses may assume. */
typedef struct {
	const char *cudapath; /* NULL: default; "" : none, use the minimal header */
	bool minimal;         /* force the minimal header */
	const char **cargs;   /* extra compiler arguments */
	int ncargs;
	bool timers;          /* allow moving syncs past clock reads */
	const char *compdb;   /* -p DIR */
	bool prescan;         /* skip files the tree-sitter pre-scan finds no CUDA in */
	const char *skip;     /* do not parse the file, for this reason (not in the compile database) */
	const char *text;     /* the main file's contents, instead of reading it (editors) */
	size_t textlen;
	const int *origline;  /* with text: each of its lines' line on disk (Unit.origline) */
	const FileText *files; /* other files' contents instead of the disk's (the lowering's device side) */
	int nfiles;
	int cudaarch;         /* __CUDA_ARCH__ in device code (--cuda-arch=sm_XX); 0: CUDA_ARCH_DEFAULT */
	bool nocache;         /* parse every header, without the header cache (--no-cache) */
	size_t maxmem;        /* resident bytes past which a program's analysis stops and it is refused; 0: no cap */
	size_t pinlimit;      /* page-locked bytes of constant size a program may hold after the pin pass; 0: no cap */
	int mutant;           /* the planted fault that is on (MUTANT below), or 0 */
} Opts;

/* A planted fault of the mutation score (tests/smith/mutants, doc/smith.md):
 * MUTANT(o, n) is true when fault n is on, which a build configured with
 * --enable-mutants reads from $CUFLOW_MUTANT once per run; in any other
 * build it is false and the faults compile to nothing. Each is one line:
 *   1 effects.c   a copy does not read its source
 *   2 effects.c   a stream sync waits for the whole device
 *   3 effects.c   an event sync waits for the whole device (its record's place is ignored)
 *   4 copies.c    a copy hoisted out of a loop that may run zero times loses its guard
 *   5 effects.c   a callee's summary misses its host writes
 *   6 kernel.c    a kernel writes none of its pointer parameters
 *   7 effects.c   a blocking copy waits for the whole device, not only the legacy stream
 *   8 sync.c      a sync moves past host reads of what its work writes
 *   9 redundant.c a host write between two copies of the same bytes goes unseen
 *  10 pin.c       a split copy's wait passes host reads of the downloaded bytes
 *  11 fuse.c      a copy moves to its group past host writes of its source
 *  12 effects.c   work on a stream counts as the legacy stream's */
#ifdef CUFLOW_MUTANTS
#define MUTANT(o, n) ((o)->mutant == (n))
#else
#define MUTANT(o, n) false
#endif

/* front/parse.c + front/build.c; the headers every file starts with come
 * precompiled from the header cache (front/cache.c), and a file parsed
 * before with the same text, headers, flags and rules comes whole from the
 * unit cache (front/units.c) */
Unit *unit_parse(const char *path, const Opts *o, const Rules *rules);
void unit_free(Unit *u);
/* A translation unit kept between parses of one buffer (an editor's): the
 * next parse reuses its precompiled preamble. */
typedef struct Kept Kept;
Unit *unit_parsekept(const char *path, const Opts *o, const Rules *rules, Kept **keep);
void kept_free(Kept *k);
/* front/flags.c: nvcc's flags as clang's, for a parse */
void nvccflags(const char *const *argv, int argc, const char *dir, bool keep, Strs *out);
Opts fileopts(const Opts *run, const Strs *dbflags, Strs *all); /* the run's options with a file's flags */
/* front/cst.c: comments and trivia from the tree-sitter CST */
void cst_scan(Unit *u);
bool cst_hascuda(const char *src, size_t len, int *depth);

/* ---------------------------------------------------------------- program */

enum { L_UNKNOWN, L_VAR, L_HEAP, L_PARAMOBJ };
typedef struct {
	int kind;
	int space;   /* SP_* */
	int flags;   /* SYMF_* of the variable */
	char *name;  /* for reports */
	int unit, line;
	int fn;      /* the function owning a local, a heap site or a parameter object, or -1 */
	int param;   /* parameter objects: the kernel parameter's index */
} Loc;
#define LOC_UNKNOWN 0

/* What a kernel does, following __device__ calls. */
typedef struct {
	uint32_t prd, pwr; /* pointer parameter i: read / written through */
	Bits grd, gwr;     /* globals (device symbols) read / written */
	bool io;           /* prints, asserts or traps: the host sees it at the next sync */
	bool unknown;      /* calls cuflow cannot see into */
	const char *why;   /* the first such call */
	const char *solo;  /* the first call that lets blocks see one another's work or the clock (an atomic on */
	                   /* memory beyond the block, a fence, a grid sync, a texture): --lower=coexec keeps */
	                   /* the kernel on one device */
} KSum;

/* Effects of a statement, or of a whole host function (its mod/ref summary). */
enum {
	EX_DEVOP = 1 << 0,    /* launches or CUDA runtime calls */
	EX_SYNC = 1 << 1,     /* a call that blocks on device work */
	EX_IO = 1 << 2,
	EX_TIMER = 1 << 3,
	EX_UNKNOWN = 1 << 4,  /* calls cuflow cannot see into */
	EX_EXIT = 1 << 5,     /* may end the program */
	EX_THROW = 1 << 6,
	EX_LAUNCH = 1 << 7,
	EX_ASYNC = 1 << 8,    /* leaves device work in flight */
	EX_DEVSYNC = 1 << 9,  /* waits for all device work */
	EX_DEFSYNC = 1 << 10, /* waits for the default stream */
	EX_VOLATILE = 1 << 11,
	EX_OTHERDEV = 1 << 12, /* a device op that is not a sync */
	EX_KIO = 1 << 13,      /* launches a kernel that may print, assert or trap (or one cuflow cannot see) */
	EX_UNSAFE = 1 << 14,   /* setjmp and friends */
	EX_MANAGED = 1 << 15,  /* touches managed memory */
	EX_STREAMOP = 1 << 16, /* its device work goes to a stream other than the default one */
	EX_CONFIG = 1 << 17,   /* calls code with #if/#ifdef in its body: it differs between configurations */
	EX_HIDDEN = 1 << 18,   /* code another configuration compiles may leave device work in flight (hidden.c) */
};

/* Eff.evop: a record of an event on the default stream, a wait for one,
 * or something that may record, create or destroy events cuflow cannot
 * name (a helper with device work, an event handle made or freed). */
enum { EV_NONE, EV_RECORD, EV_WAIT, EV_KILL };

typedef struct {
	Bits rd, wr;   /* what it reads and writes, on the host's side, by return */
	Bits prd, pwr; /* what the device work it leaves in flight reads and writes */
	Bits strm;     /* the streams that work goes to (with LOC_UNKNOWN when unsure) */
	int syncstream; /* a stream sync's one stream object, or -1 */
	int evop, event; /* EV_*: what it does to the event variable event (pending.c) */
	int ex;        /* EX_* */
	const char *what; /* the call that decided the flags, for reports */
	int whatline;
	const char *unk, *unkvia; /* the first code cuflow cannot see into, and the */
	int unkline;              /* call here that reaches it (NULL: this statement) */
	const char *cfg;          /* EX_CONFIG: the call here that reaches the conditional code */
	int cfgline;
} Eff;

typedef struct {
	Bits drd, dwr, srd, swr; /* in flight on the default stream / on other streams */
	Bits strm;               /* the streams with work in flight (LOC_UNKNOWN: some unknown one) */
	bool dany, sany;         /* some work in flight there, even with nothing to read or write */
	bool entry;              /* srd/swr also hold Prog.alldev's, by reference (pendwork reads them): */
	                         /* the work in flight when a function other than main starts */
	bool dentry;             /* the same work, on the default stream: the program uses no other */
	int ex;                  /* EX_KIO when a printing kernel is in flight, EX_HIDDEN when work of code */
	                         /* another configuration compiles may be */
	Bits evdone;             /* variables holding events recorded on the default stream after all its */
	                         /* work in flight, not written since */
	                         /* (on every path: a must-set, its join an intersection) */
	bool evtop;              /* no path seen yet: evdone is every event */
} Pend;

/* A dominator tree (analysis/dom.c): idom[v] (the root: itself; -1: v
 * unreachable), order[v] v's index in reverse postorder (-1: unreachable),
 * and the tree's preorder and postorder numbers, so that a dominates b
 * when pre[a] <= pre[b] and post[b] <= post[a]: a query takes constant
 * time, not a walk up the tree (a straight run of n statements made the
 * passes' queries quadratic). */
typedef struct {
	int *idom, *order, *pre, *post;
} Dom;

typedef struct {
	Unit *u;
	Func *f;
	int id;
	int base;    /* Andersen variable of the function's IR node 0 */
	Eff sum;     /* host functions: mod/ref summary */
	KSum ks;     /* kernels */
	Eff *st;     /* per statement */
	/* CFG analyses */
	Ints *succ, *pred; /* the front end's edges plus exits through calls that end the program */
	Dom dom, pdom;     /* dominators, post-dominators (of the reverse graph rooted at exit) */
	int *rpo, nrpo;    /* reverse postorder of the forward graph */
	int *loop;   /* innermost loop header of each node, or -1 */
	Pend *in;    /* device work possibly in flight before each node */
} PFunc;

typedef struct Prog {
	Unit **units;
	int nunits;
	const Rules *rules;
	const Opts *opts;
	VEC(Loc) locs;
	VEC(PFunc) fns;
	Ints *symlink; /* per unit: sym -> location (variables) or function id */
	Ints *fnlink;  /* per unit: Unit.fns index -> function id */
	int nvars;     /* Andersen variables: one per location, then one per IR node */
	Bits *pts;
	Bits escapable; /* locations unknown code could reach */
	Ints *sites;    /* per function: its call sites, pairs (calling function, statement) (callers.c) */
	bool *open;     /* per function: it may have callers cuflow does not see */
	bool *dead;     /* per function: host code of a program with main that nothing calls: it never runs */
	Pend alldev;    /* every device op's effects: what may be in flight when a function starts */
	bool streams;   /* some statement may work on a stream other than the default one (pendall) */
	Bits blocking;  /* stream objects cudaStreamCreate makes: their work waits for the default stream's */
	bool perthread; /* the program may use per-thread default streams: no stream waits for the default one */
	bool dtors;     /* the program defines a destructor of its own (filleffects) */
	bool setjmps;   /* some function of the program calls setjmp (filleffects) */
	bool catches;   /* some function catches exceptions: allocations may throw to it (filleffects) */
	char *over;     /* the analysis passed Opts.maxmem and stopped: why the program is refused */
	unsigned passes; /* the passes this run asked for (PASS_* bits) */
} Prog;

/* model/link.c */
int prog_groups(Unit **units, int n, int *group);
void prog_unseen(Unit **units, int n, const int *group, Ints *unseen); /* files not analysed, per program */
void unit_scantext(Unit *u, const Strs *args); /* an unseen file's text with its user headers' (scan) */
Prog *prog_link(Unit **units, int n, const Rules *rules, const Opts *o);
void prog_free(Prog *p);
bool overmem(Prog *p); /* past Opts.maxmem: Prog.over says why */
int newloc(Prog *p, int kind, int space, const char *name, int unit, int line, int fn);
int symloc(const Prog *p, int unit, int sym);
int symfn(const Prog *p, int unit, int sym);
const char *locname(const Prog *p, int l);

/* analysis/pts.c */
void solvepts(Prog *p);
int nodevar(const PFunc *pf, int node);
const Bits *addrs(const Prog *p, const PFunc *pf, int node); /* what an lvalue designates */
/* analysis/kernel.c */
void fillkernels(Prog *p);
/* analysis/effects.c */
void filleffects(Prog *p);
void copykinds(Prog *p);
void effnotes(Eff *a, const Eff *b);
void effnew(Eff *e, int nlocs); /* empty sets over nlocs locations */
void efffree(Eff *e);
bool effor(Eff *a, const Eff *b); /* merges b into a; true if a grew */
/* analysis/dom.c */
void filldom(int n, Ints *succ, Ints *pred, int root, Dom *d, int *rpo, int *nrpo);
void domfree(Dom *d);
bool dominates(const Dom *d, int a, int b);
/* analysis/loop.c */
void fillloops(PFunc *pf);
/* analysis/pending.c */
bool pendfns(Prog *p);
void pendwork(const Prog *p, const Pend *in, Bits *rd, Bits *wr);
/* analysis/cfg.c */
void fillcfg(Prog *p, PFunc *pf);
bool conflicts(const Prog *p, const Bits *a, const Bits *b);
int conflictloc(const Prog *p, const Bits *a, const Bits *b);

/* ---------------------------------------------------------------- plans */

/* What the lowering (--lower=coexec) found of a kernel: why the CPU cannot
 * run its share of a launch, or NULL. */
typedef struct {
	char *name, *why;
	char *forms; /* where its blocks touch each pointer parameter: cuflow_cx_form initialisers (lower/ranges.c) */
	unsigned long long formed; /* the parameters (bit i: the ith) that have forms */
} CxFact;
typedef VEC(CxFact) CxFacts;

/* A byte-range replacement in one file; inserts have len 0. seq orders
 * inserts at the same offset. */
typedef struct {
	int off, len;
	char *text;
	int seq;
	bool shared; /* an edit several changes may each make (a line they split, a block they share): made once */
	const struct Unit *u; /* its file when that is not its change's (a sync moved to a caller in another file) */
} Edit;
#define EDIT_SHARED 0x7ffffff0 /* seq of a shared split of a line (edit/forms.c): after the inserts there */
typedef VEC(Edit) Edits;

enum { PASS_SYNC, PASS_COPIES, PASS_PIN, PASS_FUSE, PASS_N, PASS_VERIFY }; /* PASS_VERIFY: --verify's verdicts, no pass */
enum { CH_MOVE, CH_KEEP };
enum { CP_HOIST = 1, CP_SINK, CP_REMOVE, CP_RESYNC }; /* Change.how of the copies pass's changes */
enum { PN_PIN = 1, PN_SPLIT, PN_REGISTER };           /* and of the pin pass's */
enum { VF_SAME = 1, VF_DIFFERS, VF_CANNOT };          /* and of --verify's (driver/verify.c) */
enum { FU_FUSE = 1 };                                 /* and of the fuse pass's */
enum { SY_OUT = 1, SY_INTO };                         /* and of the sync pass's across calls */

/* One decision of a pass about one statement (or group), with its reasons:
 * the report, the machine formats and the edits all come from these. */
typedef struct Change {
	int pass, kind;
	unsigned passes;    /* PASS_* bits of the passes that made it: pass, and those of also */
	const Unit *u;
	const char *fn;     /* the function's name */
	int line, endline;  /* the sync statement (first member of a group) */
	int begin, end;     /* its bytes [begin, end) in the unit's text (editors underline them) */
	char *call;         /* the sync call's name */
	Ints members;       /* lines of every statement moved together (copies: of the loops it leaves) */
	int target;         /* the line it now precedes (a statement or the block's closing brace) */
	bool toend;         /* target is the end of the block */
	bool chain;         /* sync out of a callee: it ends a caller, whose callers a later round may take it to */
	char *targetfn;     /* sync out of a callee: the caller where the first gaining site lies, or NULL */
	const Unit *targetu; /* and its file, when not u */
	int overlap, calls; /* host statements and calls it now overlaps */
	char *inflight;     /* moves: the device work in flight it overlaps ("fill (line 26)"), or NULL */
	char *stop;         /* what stopped it (moves) or why it stayed (keeps) */
	int stopline;       /* where, or 0 */
	const Unit *stopu;  /* and its file, when not u */
	int how;            /* copies: CP_HOIST or CP_SINK */
	char *safe;         /* copies: the facts that make the move safe */
	char *bytes;        /* copies: the size argument's text, per copy saved */
	char *guard;        /* copies: the loop's first test the moved copy runs under, or NULL */
	Edits edits;
	VEC(struct Change) also; /* the changes of other rounds whose text this one rewrote (driver/fixpoint.c): */
	                         /* one change with them, their edits among its own */
} Change;
typedef VEC(Change) Plan;
/* The file an edit of c applies to. */
static inline const Unit *editunit(const Change *c, const Edit *e) { return e->u ? e->u : c->u; }
bool acrossfiles(const Change *c); /* pass/pipeline.c: c edits a file besides its own */

/* model/dump.c: --dump=model */
void dumpunit(Buf *b, const Unit *u);

/* edit/place.c: where a statement's text lies, for the edits that move or rewrite it */
bool blankbefore(const Unit *u, int off);      /* only blanks before off on its line */
int stmtlineend(const Unit *u, int off);       /* past the end's line and its comment; -1: code follows */
int leadcomments(const Unit *u, int off);      /* where the comment lines right above off begin */
void reindent(Buf *out, const Unit *u, int a, int b, const char *from, const char *to);
int directivein(const Unit *u, int a, int b);  /* a directive line's offset in [a, b), or -1 */
bool gapword(const Unit *u, int a, int b);     /* a word between statements in [a, b): a macro, _Pragma */
bool openmpin(const Unit *u, int a, int b); /* an OpenMP construct in [a, b) */
int conddirective(const Unit *u, int a, int b); /* the same, #if/#ifdef/#elif/#else/#endif only */
int directiveend(const Unit *u, int d);        /* the end of the directive line at d, continuation lines included */
const char *directiveword(const Unit *u, int d, int *n); /* the word after its '#' (if, define, ...), its length */
bool redefinedafter(const Unit *u, const char *w, int len, int from); /* a #define or #undef of the name at or after from */
bool neverif(const Unit *u, const char *w, int e); /* the #if condition from w to e is a plain 0 */
int trimblank(const Unit *u, int a, int b);    /* b, or past a blank line the deletion [a, b) would leave doubled */
int callnode(const Func *f, int ci);                 /* the statement holding call ci, or -1 */
int closeparen(const char *src, int at, int end);   /* past the ')' matching src[at] == '(', or -1 (quotes, comments) */
char *calltext(const char *s, int at, int end, int i, int nargs); /* argument i of the call at s + at; "?" */
int callargc(const char *s, int at, int end); /* how many arguments its text shows */

/* pass/sync.c */
void syncmotion(Prog *p, Plan *plan);
/* pass/copies.c */
void copymotion(Prog *p, Plan *plan);
/* pass/pin.c */
void pinhost(Prog *p, Plan *plan);
char *unseenat(const Prog *p, int loc, int *line, const Unit **u); /* code cuflow cannot see that may reach */
                                                                  /* loc: why (and where), or NULL */
char *pinpays(long long size, int nup, int ndown, bool inloop); /* NULL: pinning such a buffer pays; else why not */
/* pass/fuse.c */
void fusecopies(Prog *p, Plan *plan);

/* pass/coexec.c: the GPU's side of --lower=coexec (kernels run on the CPU
 * and the GPU at once): per kernel, whether its launches are split and why
 * not, and the edits of the program's one file */
typedef struct {
	int line;
	const char *why;
} CxSite;
typedef struct {
	const Unit *u;
	const char *name, *file; /* file: where it is defined (the main file or a header) */
	int line;
	char *why;        /* NULL: its launches run on both devices */
	const char *inplace; /* a parameter it reads and writes (the runtime splits where each block's elements are its own), or NULL */
	int nlaunch;      /* launches rewritten */
	VEC(CxSite) left; /* launches left to the GPU alone, and why */
} CxKernel;
typedef struct {
	VEC(CxKernel) k;
	Edits edits;
	const char *eager; /* why the program's copies stay its own (no lazy mode), or NULL */
	int eagerline;
	int flushes;       /* calls the runtime makes every allocation current on the device before */
} CxPlan;
void coexecsplit(Prog *p, const CxFacts *facts, CxPlan *plan);

/* pass/pipeline.c */
unsigned passset(const char *list); /* PASS_* bits of a comma list; 0: a name that is no pass */
char *passlist(unsigned set);       /* and back, every name spelled out */
const char *passname(int pass);
bool analyse(Prog *p); /* every analysis, no pass */
char *runpasses(Unit **u, int n, const Rules *rules, const Opts *o, unsigned passes, bool more, Plan *plan);
char *runcoexec(Unit **u, int n, const Rules *rules, const Opts *o, const CxFacts *facts, CxPlan *plan);
void changefree(Change *c);
Change stmtchange(int pass, int kind, const Unit *u, const char *fn, const Stmt *st, const char *call);
void planfree(Plan *plan);

/* edit/forms.c: statement and declarator edits at any line shape */
void replacestmt(const Unit *u, int begin, int end, const char *text, Edits *e);
void insertbefore(const Unit *u, int begin, const char *text, int seq, Edits *e);
void insertafter(const Unit *u, int begin, int end, const char *text, int seq, Edits *e);
void cutstmt(const Unit *u, int begin, int end, const char *indent, Buf *text, Edits *e); /* text: may be NULL */
void insertlines(const Unit *u, int at, bool before, const char *lines, int seq, Edits *e);
int itemof(const Func *f, int v); /* the block item holding statement v (an if around a braceless body), or -1 */
bool callalone(const Unit *u, const Stmt *st, const Call *c, bool line); /* st is the call and its ';' (alone on its line) */
bool wrapstmt(const Unit *u, int begin, int end, const char *before, const char *after, Edits *e);
int declarator(const Stmt *st, int sym); /* sym's declarator in declaration st, or -1 */
bool splitdecl(const Unit *u, const Stmt *st, int d, const char *text, Edits *e);
bool declhead(const Unit *u, const Stmt *st, int d, int vb, char **type, char **head);
char *allocbytes(const Unit *u, const Alloc *a); /* the bytes it takes, as an expression */
char *allocdest(const Unit *u, const Alloc *a);  /* what it stores into: a name, a left side */
char *allocbar(const Unit *u, const Stmt *st, const Alloc *a); /* why it cannot be replaced, or NULL */
void allocreplace(const Unit *u, const Stmt *st, const Alloc *a, const char *set, Edits *e);

/* edit/edit.c */
void addedit(Edits *e, int off, int len, char *text); /* takes text */
int editorder(const Edit *a, const Edit *b); /* the order applyedits applies edits in */
bool sameedit(const Edit *a, const Edit *b); /* a shared edit made again: applied once */
bool editskip(const Edit *x, const Edit *prev, int delb, int reach); /* not made (see edit.c) */
void freeedits(Edits *e);
void sortedits(Edits *e);                    /* sorts them into that order */
char *applyedits(const char *src, size_t len, Edits *e, size_t *outlen, char **err);
void newoffsets(const Edits *e, int *at); /* after applyedits: each text's offset in the new text */
void crlfedits(Plan *plan);               /* new lines of CRLF files end in CRLF */
void joincuts(Plan *plan);                /* overlapping deletions remove their union */
int writeatomic(const char *path, const char *data, size_t len, const char *was, size_t waslen, char **err);
/* Files replaced together (driver.c, -i): each staged beside its file,
 * then each committed (renamed into place) or dropped; termination signals
 * wait from batchbegin to batchend, which drops what was not committed. */
typedef struct Batch Batch;
Batch *batchbegin(int n);
int batchstage(Batch *b, int i, const char *path, const char *data, size_t len, const char *was, size_t waslen,
               char **err);
int batchcommit(Batch *b, int i, char **err);
void batchend(Batch *b);

/* edit/compose.c: edits made in rounds, as edits of the original text */
typedef struct {
	int ob, oe;    /* original bytes [ob, oe); new text: ob == oe, where it stands in the original */
	char *text;    /* new text (owned), or NULL: the original's */
	int len;       /* its bytes in the current text */
	int owner;     /* new text: the change that wrote it */
	bool replaced; /* new text: the edit that wrote it replaced other text */
} Piece;
typedef struct {
	int ob, oe, owner; /* original bytes an edit of owner removed */
} Cut;
typedef struct {
	const char *src; /* the original */
	int len;
	int *lines, nlines;
	VEC(Piece) p; /* the current text */
	VEC(Cut) cuts;
} Layers;
int ufind(Ints *uf, int x);
void ujoin(Ints *uf, int a, int b);
void layinit(Layers *l, const char *src, size_t len);
void layfree(Layers *l);
char *laycheck(const Layers *l, const Edits *e); /* NULL when e can be applied, or why not */
void layapply(Layers *l, const Edits *e, const int *owner, Ints *uf);
char *laytext(const Layers *l, size_t *len);
int layorig(const Layers *l, int off);           /* where off of the current text stands in the original */
int layowner(const Layers *l, int b, int e, bool *replaced); /* the change that wrote [b, e), or -1 */
int *laylines(const Layers *l, const char *text, size_t len); /* each line's line in the original */
void layedits(Layers *l, Edits *out, Ints *owners);

/* report/diff.c (the rest of report/: report/report.h) */
void unidiff(Buf *out, const char *path, const char *a, size_t alen, const char *b, size_t blen);

/* ---------------------------------------------------------------- modes */

/* main.c: one run of cuflow, from the command line. main chooses one of
 * the three modes below; each depends only on the stages above. */
typedef struct {
	Opts opts;
	VEC(char *) cargs;
	VEC(const char *) inputs;
	VEC(const char *) rulefiles;
	char *passes;     /* --passes, as given (the reports list it) */
	unsigned passset; /* the same as PASS_* bits */
	bool inplace, check, quiet, timing;
	bool lsp; /* serve the Language Server Protocol on stdio instead */
	const char *report, *reportfile, *exportfixes, *dump;
	const char *lower, *output; /* --lower=openmp|coexec -o OUTPUT */
	int jobs;
	VEC(const char *) verify; /* --verify=ARGS, each a run of both sides */
	VEC(const char *) vignore; /* --verify-ignore=REGEX: output lines --verify does not compare (timings) */
} Run;

/* driver/driver.c: the rewrite (diff, -i, --check, reports) and --lower */
int drive(Run *r, const Rules *rules);
int drivelower(Run *r, const Rules *rules);
/* driver/fixpoint.c: runpasses, round after round until the passes change nothing */
typedef Unit *(*Reparse)(void *ctx, const Unit *was, const char *text, size_t len, const int *origline);
char *fixpoint(Unit **u, int n, const Rules *rules, const Opts *o, unsigned passes, Reparse rp, void *ctx,
               Plan *plan);
/* driver/verify.c: --verify, the original and the rewrite run on the CPU */
Change verifyprogram(const Run *r, const Opts *o, Unit **u, char **texts, const size_t *lens, int n);
bool verifyargs(const char *args); /* ARGS split into words */
bool verifyregex(const char *re); /* a POSIX extended regular expression */
/* driver/compdb.c, walk.c: where the inputs and their flags come from */
int compdb(const char *dir, Strs *files, Strs **flags, char **err);
void walktree(const char *dir, Strs *files, Strs *cxx); /* .cu/.cuh files; C/C++ sources into cxx */
int sourcekind(const char *name); /* SK_* by the name's extension */
enum { SK_NONE, SK_CUDA, SK_CXX };
/* lower/lower.c: a whole program to C++/OpenMP: one text (*out), or with
 * units one per unit (its path, then its text). With facts
 * (--lower=coexec), each kernel also gets an entry for the CPU's share of
 * a split launch, cuflow_cpu_NAME, and a fact (CxFact, above). */
int lowerprogram(const char **paths, int n, const Opts *o, CxFacts *facts, char **out, Strs *units, char **err);
/* lsp/lsp.c: the Language Server Protocol on stdio */
int lspserve(Run *r, const Rules *rules);

#endif
