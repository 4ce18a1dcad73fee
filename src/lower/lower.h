/* lower.h: the OpenMP lowering's shared state (lower.c: files, includes,
 * launches and output; kernel.c: kernels to per-block functions). */
#include <clang-c/Index.h>

/* Text inline.c put into a given file before lowering it: [off, off+len)
 * of the new text, which replaced oldlen bytes at the user's line `line`
 * and adds `lines` newlines. */
typedef struct {
	int off, oldlen, len, lines, line;
} Insert;
typedef VEC(Insert) Inserts;
/* Why inline.c left a call alone: the call's offset, a static reason. */
typedef struct {
	int off;
	const char *why;
} Why;
typedef VEC(Why) Whys;
typedef struct {
	char *path;
	Inserts ins;
	Whys whys; /* of the last text of the file */
} FileIns;
typedef VEC(FileIns) FileInses;

/* A user source of the program: a file given or a header it includes. */
typedef struct {
	char *path;
	const char *src; /* owned by the TU that first saw it */
	size_t len;
	CXFile file;
	CXTranslationUnit tu;
	Edits edits;
	Inserts ins; /* what inline.c inserted: refusals name the user's lines */
	Whys whys;   /* and the calls it left alone, why */
	Ints incoff, incend, incfile; /* its #include lines of user files, and which file each includes */
	bool given, included, emitted, done;
} LFile;

typedef struct {
	VEC(LFile) files;
	VEC(CXTranslationUnit) tus;
	VEC(CXIndex) idx;
	Strs texts;  /* the given files' texts after inlining */
	Strs thrust; /* the thrust headers user files include, as written (thrust/sort.h) */
	Strs kernels; /* the kernel definitions lowered so far, by name: overloads' own names (kernel.c) */
	char *inlinefail; /* why a round of inlining gave text that did not parse (lower.c), or NULL */
	Buf why;     /* the constructs refused, one line each */
	int units;   /* the files given: the program's units */
	bool rdc;    /* compiled with relocatable device code (-rdc=true) */
	bool puns;   /* a user file reads memory through a pointer to another type (lower.c: punkid) */
	VEC(CXCursor) dead; /* the unit's dead __device__ functions (lower.c) */
	CxFacts *cx; /* --lower=coexec: each kernel also gets its CPU part's entry, and a fact here (kernel.c) */
} Lower;

/* lower.c */
LFile *lfile(Lower *L, CXTranslationUnit tu, CXFile f);
void refuse(Lower *L, CXCursor at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void refuseline(Lower *L, const char *path, int line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
char *cursortext(LFile *F, CXCursor c);
int userline(const LFile *F, int off, int line);
char *notinlined(Lower *L, CXCursor call);

/* kernel.c */
bool iskernel(CXCursor c);
void lowerkernel(Lower *L, LFile *F, CXCursor k);
void lowerkerneldecl(Lower *L, LFile *F, CXCursor k);
char *launchername(CXCursor k);
bool hassync(CXCursor s);
bool issync(CXCursor c); /* c itself a barrier, warp operation or cooperative-groups sync */

/* macro.c: a macro's use, read from its definition's tokens */
typedef struct {
	Tokens d;         /* the definition's: its name, (parameters), body */
	Tokens u;         /* the use's, as written */
	Ints params;      /* d's index of each parameter */
	unsigned lo, hi;  /* d's body */
	Ints args;        /* u's index of each argument, then past the last + 1 (tokcommas) */
	bool fn;          /* function-like */
	int ub, ue;       /* the use's text in its file */
} Macro;
bool macroat(CXTranslationUnit tu, CXFile f, int off, Macro *m); /* the use whose name is at off */
void macrofree(Macro *m);
int macroparam(const Macro *m, unsigned i);            /* d's token i: a parameter's index, or -1 */
bool macroarg(const Macro *m, int p, int *lo, int *hi); /* the text of the use's argument p; false: empty */
bool macroplain(const Macro *m);                       /* no #, ## or variable arguments */
bool macrocall(const Macro *m, CXCursor call, unsigned *args); /* the body (in parentheses or not) is call alone; *args: d's index past its '(' */
bool macroops(const Macro *m, unsigned args);          /* the body's call's operands each one parameter, or none */
char *macrotext(const Macro *m);                       /* the use written out; NULL: not plain */
void puttokens(Buf *b, const Tokens *t, unsigned lo, unsigned hi); /* their spellings, a space between */
unsigned tokclose(const Tokens *t, unsigned i, unsigned end, bool parens); /* past the bracket closing t[i] (parens: only '(' counts, as for a macro's arguments); end: none */
void tokcommas(const Tokens *t, unsigned lo, unsigned hi, bool parens, Ints *at); /* [lo, hi) split at commas outside brackets: each piece's start, then hi + 1 */
void tokunparen(const Tokens *t, unsigned *lo, unsigned *hi); /* [lo, hi) without parentheses around it all */

/* arch.c */
bool devicetexts(Lower *L, CXTranslationUnit tu, const char *path, const Opts *o, FileTexts *out);

/* inline.c */
/* a call of a __device__ function that needs a kernel's lowering, left as
 * it is (notinlined() adds why) */
#define NOTINLINED "a call of a __device__ function holding a barrier or warp operation that cuflow does not inline"
char *inlinecalls(CXTranslationUnit tu, const char *path, size_t *len, Inserts *ins, Whys *whys);
