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
