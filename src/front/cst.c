/* cst.c: the main file's trivia from a tree-sitter CST (the CUDA grammar):
 * where each comment lies, so moved statements carry their own comments.
 * libclang drops comments from its token stream; tree-sitter keeps them and
 * parses even code libclang refuses. */
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "cuflow.h"

const TSLanguage *tree_sitter_cuda(void);

static void
comments(Unit *u, TSNode n)
{
	if (!strcmp(ts_node_type(n), "comment")) {
		Comment c = {(int)ts_node_start_byte(n), (int)ts_node_end_byte(n)};
		vpush(u->comments, c);
		return;
	}
	uint32_t k = ts_node_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		comments(u, ts_node_child(n, i));
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
		comments(u, ts_tree_root_node(t));
		ts_tree_delete(t);
	}
	ts_parser_delete(p);
}

static bool
cudanode(TSNode n, const char *src)
{
	const char *t = ts_node_type(n);
	if (!strcmp(t, "kernel_call_syntax") || !strcmp(t, "__global__"))
		return true;
	if (!strcmp(t, "call_expression") && ts_node_child_count(n)) {
		TSNode f = ts_node_child(n, 0);
		uint32_t a = ts_node_start_byte(f), b = ts_node_end_byte(f);
		if (!strcmp(ts_node_type(f), "identifier") && b - a > 4 && !strncmp(src + a, "cuda", 4))
			return true;
	}
	uint32_t k = ts_node_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		if (cudanode(ts_node_child(n, i), src))
			return true;
	return false;
}

/* The pre-scan: does the file call the CUDA runtime, launch a kernel or
 * define one? Files that do none of these have nothing to rewrite. */
bool
cst_hascuda(const char *src, size_t len)
{
	TSParser *p = ts_parser_new();
	bool yes = true; /* when in doubt, analyse */
	if (ts_parser_set_language(p, tree_sitter_cuda())) {
		TSTree *t = ts_parser_parse_string(p, NULL, src, (uint32_t)len);
		if (t) {
			yes = cudanode(ts_tree_root_node(t), src);
			ts_tree_delete(t);
		}
	}
	ts_parser_delete(p);
	return yes;
}
