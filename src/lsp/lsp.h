/* lsp.h: the language server's parts, shared by the files of src/lsp/.
 *
 *   rpc.c        JSON-RPC messages with Content-Length framing on file descriptors
 *   positions.c  a document's text, its line index, LSP positions <-> byte offsets
 *   doc.c        open documents: edits, the tree-sitter tree, diagnostics that follow edits
 *   analyse.c    one buffer through cuflow's analysis into diagnostics
 *   lsp.c        the server: lifecycle, dispatch, publishDiagnostics, codeAction
 */
#ifndef LSP_H
#define LSP_H

#include <jansson.h>
#include <tree_sitter/api.h>

#include "cuflow.h"

/* ---------------------------------------------------------------- rpc.c */

/* Bytes read from the client and not yet parsed into messages. */
typedef struct {
	int fd;
	Buf in;
	size_t used;  /* bytes of in already consumed */
	bool eof;
	int code; /* after RD_BAD: the JSON-RPC error code that answers it */
} Reader;

enum { RD_MSG, RD_NONE, RD_BAD };
enum { ERR_PARSE = -32700, ERR_INVALID_REQUEST = -32600 }; /* JSON-RPC errors (the rest: lsp.c) */
int rpc_fill(Reader *r, int timeout_ms); /* 1 read something, 0 timed out, -1 end of input */
int rpc_next(Reader *r, json_t **msg, char **err);
int rpc_write(int fd, json_t *msg); /* takes msg's reference; -1 when the client is gone */

/* ---------------------------------------------------------------- positions.c */

enum { ENC_UTF16, ENC_UTF8 }; /* what a position's character counts */

typedef struct {
	char *s;
	size_t len;
	int *lines; /* byte offset of each line's start */
	int nlines;
} Text;

typedef struct {
	int line, ch;
} Pos;

void text_set(Text *t, const char *s, size_t n);
void text_splice(Text *t, int a, int b, const char *s, size_t n);
void text_free(Text *t);
int text_offset(const Text *t, Pos p, int enc);
Pos text_pos(const Text *t, int off, int enc);
int text_line(const Text *t, int off); /* 0-based */
json_t *jpos(const Text *t, int off, int enc);
json_t *jrange(const Text *t, int a, int b, int enc);
bool parsepos(json_t *j, Pos *p);

/* ---------------------------------------------------------------- doc.c */

/* A decision of cuflow about one sync, kept in the current buffer's bytes.
 * Every offset lies in [rb, re), the text the decision rests on, except
 * stop; an edit there drops the diagnostic, an edit before it shifts it. */
typedef struct {
	int kind;       /* CH_MOVE, CH_KEEP, or -1: a note that the file was not analysed */
	int pass, how;  /* PASS_*; the copies pass's CP_HOIST or CP_SINK */
	int sb, se;     /* the sync statement */
	int rb, re;     /* the statement, the lines it moves with and its target */
	char *anchor;   /* tree-sitter type of the smallest node holding the statement */
	int ab, ae;     /* how far that node reaches before sb and past se */
	char *parent;   /* the type of the node holding that one (the block) */
	int pb, pe;     /* the parent's bytes, carried through edits like stop */
	int target;     /* where the moved lines go */
	int stop;       /* the line that stopped it or made it stay, or -1 */
	Ints members;   /* each moved statement */
	bool toend;
	int overlap, calls;
	char *call, *why;
	char *safe;     /* copies: why the move is safe */
	Edits edits;    /* what cuflow -i does for this move */
	int id;
} Diag;

typedef struct {
	char *uri, *path;
	int version;
	Text t;
	TSParser *ps;
	TSTree *tree;
	VEC(Diag) diags;
	bool stale;     /* edited since the last analysis */
	bool fresh;     /* the diagnostics come from an analysis of this very text */
	double due;     /* when to analyse the unsaved buffer (0: not planned) */
	int nextid;
	Kept *kept;     /* the last analysis's translation unit, reparsed by the next */
} Doc;

Doc *doc_open(const char *uri, const char *path, const char *text, size_t len, int version);
void doc_free(Doc *d);
void doc_edit(Doc *d, int a, int b, const char *s, size_t n);
void doc_reparse(Doc *d);
void doc_setdiags(Doc *d, Diag *v, int n);
void diag_free(Diag *x);
char *uripath(const char *uri);

/* ---------------------------------------------------------------- analyse.c */

/* What the analysis of a buffer needs from the command line. */
typedef struct {
	const Run *run;
	const Rules *rules;
	Strs dbfiles;  /* -p: the database's files (real paths) and their flags */
	Strs *dbflags;
	bool kept;     /* report syncs that stay, as hints */
} Analyser;

/* 0 analysed (the diagnostics replace d's), 1 nothing to analyse (no CUDA),
 * -1 not analysed: *note says why, d's diagnostics are left as they were. */
int analysedoc(const Analyser *a, Doc *d, Diag *note);

#endif
