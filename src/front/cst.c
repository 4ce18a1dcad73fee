/* cst.c: the main file's trivia from a tree-sitter CST (the CUDA grammar):
 * where each comment lies, so moved statements carry their own comments.
 * libclang drops comments from its token stream; tree-sitter keeps them and
 * parses even code libclang refuses. */
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "cuflow.h"

const TSLanguage *tree_sitter_cuda(void);

/* Visits every node under root, parents first, with a cursor instead of
 * recursion: a 100,000-term expression must not overflow the stack. visit
 * returns false to skip a node's children. Returns the deepest level. */
static int
walk(TSNode root, bool (*visit)(TSNode, void *), void *ctx)
{
	TSTreeCursor c = ts_tree_cursor_new(root);
	int depth = 0, deepest = 0;
	for (;;) {
		if (visit(ts_tree_cursor_current_node(&c), ctx) && ts_tree_cursor_goto_first_child(&c)) {
			if (++depth > deepest)
				deepest = depth;
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&c))
			if (!depth-- || !ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				return deepest;
			}
	}
}

static bool
comment(TSNode n, void *u)
{
	if (strcmp(ts_node_type(n), "comment"))
		return true;
	Comment c = {(int)ts_node_start_byte(n), (int)ts_node_end_byte(n)};
	vpush(((Unit *)u)->comments, c);
	return false;
}

void
cst_scan(Unit *u)
{
	if (!u->src)
		return;
	TSParser *p = ts_parser_new();
	if (!ts_parser_set_language(p, tree_sitter_cuda())) {
		ts_parser_delete(p);
		return;
	}
	TSTree *t = ts_parser_parse_string(p, NULL, u->src, (uint32_t)u->len);
	if (t) {
		walk(ts_tree_root_node(t), comment, u);
		ts_tree_delete(t);
	}
	ts_parser_delete(p);
}

typedef struct {
	const char *src;
	bool found;
} Scan;

static bool
cudanode(TSNode n, void *arg)
{
	Scan *s = arg;
	const char *t = ts_node_type(n);
	if (!strcmp(t, "kernel_call_syntax") || !strcmp(t, "__global__"))
		s->found = true;
	if (!strcmp(t, "call_expression") && ts_node_child_count(n)) {
		TSNode f = ts_node_child(n, 0);
		uint32_t a = ts_node_start_byte(f), b = ts_node_end_byte(f);
		if (!strcmp(ts_node_type(f), "identifier") && b - a > 4 && !strncmp(s->src + a, "cuda", 4))
			s->found = true;
	}
	return true;
}

/* The pre-scan: does the file call the CUDA runtime, launch a kernel or
 * define one? Files that do none of these have nothing to rewrite. *depth:
 * how deep its syntax tree nests (0 when it could not be parsed), which
 * the front end bounds before libclang and its own recursion see it. */
bool
cst_hascuda(const char *src, size_t len, int *depth)
{
	TSParser *p = ts_parser_new();
	Scan s = {src, true}; /* when in doubt, analyse */
	*depth = 0;
	if (ts_parser_set_language(p, tree_sitter_cuda())) {
		TSTree *t = ts_parser_parse_string(p, NULL, src, (uint32_t)len);
		if (t) {
			s.found = false;
			*depth = walk(ts_tree_root_node(t), cudanode, &s);
			ts_tree_delete(t);
		}
	}
	ts_parser_delete(p);
	return s.found;
}
