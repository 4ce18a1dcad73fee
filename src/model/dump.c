/* dump.c: the front end's model as text (cuflow --dump=model), for
 * debugging and for the front end's golden unit tests. */
#include <limits.h>
#include <stdlib.h>

#include "cuflow.h"

static const char *stkind[] = {
	[ST_ENTRY] = "entry", [ST_EXIT] = "exit", [ST_PLAIN] = "plain", [ST_COND] = "cond",
	[ST_RETURN] = "return", [ST_BREAK] = "break", [ST_CONTINUE] = "continue", [ST_GOTO] = "goto",
	[ST_LABEL] = "label", [ST_END] = "end", [ST_OPAQUE] = "opaque",
};

static void
node(Buf *b, const Unit *u, const Func *f, int n)
{
	if (n < 0) {
		bputs(b, "-");
		return;
	}
	const Node *x = &f->nodes.v[n];
	switch (x->kind) {
	case N_NULL:
		bputs(b, "0");
		break;
	case N_VAR:
		bputs(b, x->sym >= 0 ? u->syms.v[x->sym].name : "?var");
		break;
	case N_DEREF:
		bputs(b, "*");
		node(b, u, f, x->a);
		break;
	case N_LOAD:
		bputs(b, "[");
		node(b, u, f, x->a);
		bputs(b, "]");
		break;
	case N_ADDR:
		bputs(b, "&");
		node(b, u, f, x->a);
		break;
	case N_ALLOC:
		bprintf(b, "new%d", n);
		break;
	case N_CALLRET:
		bprintf(b, "ret(%s)", f->calls.v[x->a].name);
		break;
	case N_JOIN:
		bputs(b, "(");
		node(b, u, f, x->a);
		bputs(b, "|");
		node(b, u, f, x->b);
		bputs(b, ")");
		break;
	case N_UNKNOWN:
		bputs(b, "?");
		break;
	default:
		bprintf(b, "n%d", n);
	}
}

static void
call(Buf *b, const Unit *u, const Func *f, const Call *c)
{
	static const char *ck[] = {[C_DIRECT] = "", [C_INDIRECT] = "indirect ", [C_LAUNCH] = "launch ",
	                           [C_DEPENDENT] = "dependent ", [C_DEFAULTED] = "defaulted "};
	bprintf(b, "%s%s(", ck[c->kind], c->name);
	for (int i = 0; i < c->nargs; i++) {
		if (i)
			bputs(b, ", ");
		node(b, u, f, c->argv[i]);
		if (c->argk[i] != LLONG_MIN)
			bprintf(b, "=%lld", c->argk[i]);
	}
	bputs(b, ")");
	if (c->self >= 0) {
		bputs(b, " self=");
		node(b, u, f, c->self);
	}
	if (c->stream >= 0) {
		bputs(b, " stream=");
		node(b, u, f, c->stream);
	}
	if (c->kernel >= 0 && c->kind != C_LAUNCH)
		bprintf(b, " kernel=%s", u->syms.v[c->kernel].name);
}

static void
ops(Buf *b, const Unit *u, const Func *f, const Stmt *s)
{
	for (int i = s->op0; i < s->op0 + s->nop; i++) {
		const Op *o = &f->ops.v[i];
		bputs(b, "      ");
		switch (o->kind) {
		case O_READ:
			bputs(b, "R ");
			node(b, u, f, o->a);
			break;
		case O_WRITE:
			bputs(b, "W ");
			node(b, u, f, o->a);
			break;
		case O_ASSIGN:
			bputs(b, "A ");
			node(b, u, f, o->a);
			bputs(b, " <- ");
			node(b, u, f, o->b);
			break;
		case O_CALL:
			bputs(b, "C ");
			call(b, u, f, &f->calls.v[o->call]);
			break;
		default:
			bputs(b, "?");
		}
		bputs(b, "\n");
	}
}

static void
flags(Buf *b, int fl)
{
	static const char *n[] = {"macro", "noreturn", "jump", "throw", "asm", "volatile", "shared",
	                          "hidden", "decl", "main", "directive", "callback", "macroname"};
	for (int i = 0; i < (int)(sizeof n / sizeof *n); i++)
		if (fl & (1 << i) && (1 << i) != SF_INMAIN)
			bprintf(b, " %s", n[i]);
}

static void
alloc(Buf *b, const Unit *u, const Alloc *a)
{
	static const char *k[] = {"malloc", "calloc", "new"};
	bprintf(b, "  alloc %s n%d %s %s%s value '%.*s' count '%.*s'", k[a->kind], a->node, a->decl ? "decl" : "assign",
	        a->sym >= 0 ? u->syms.v[a->sym].name : "?", a->zero ? " zeroed" : "", a->ve - a->vb, u->src + a->vb,
	        a->ne - a->nb, u->src + a->nb);
	if (a->kind != AL_MALLOC)
		bprintf(b, " size '%.*s'", a->se - a->sb, u->src + a->sb);
	bprintf(b, " dest '%.*s'\n", a->de - a->db, u->src + a->db);
}

void
dumpunit(Buf *b, const Unit *u)
{
	bprintf(b, "unit %s mode=%s\n", u->path, u->mode == PM_CUDA ? "cuda" : "minimal");
	if (u->refused) {
		bprintf(b, "refused: %s\n", u->refused);
		return;
	}
	for (int fi = 0; fi < u->fns.n; fi++) {
		const Func *f = &u->fns.v[fi];
		static const char *fk[] = {"host", "kernel", "device", "host device"};
		bprintf(b, "fn %s %s line %d%s%s\n", u->syms.v[f->sym].name, fk[f->kind], f->line,
		        f->inmain ? "" : " (header)", f->flags & FNF_INSTANCE ? " (its one instantiation)" : "");
		for (int i = 0; i < f->st.n; i++) {
			const Stmt *s = &f->st.v[i];
			bprintf(b, "  n%d %s", i, stkind[s->kind]);
			if (s->kind != ST_ENTRY && s->kind != ST_EXIT)
				bprintf(b, " %d-%d", s->line, s->endline);
			if (s->list >= 0)
				bprintf(b, " L%d.%d", s->list, s->pos);
			if (s->spec >= 0)
				bprintf(b, " spec '%.*s'", s->spec - s->begin, u->src + s->begin);
			for (int d = 0; s->spec >= 0 && d < s->dbeg.n; d++)
				bprintf(b, " [%.*s]", s->dend.v[d] - s->dbeg.v[d], u->src + s->dbeg.v[d]);
			flags(b, s->flags);
			if (s->succ.n) {
				bputs(b, " ->");
				for (int j = 0; j < s->succ.n; j++)
					bprintf(b, " n%d", s->succ.v[j]);
			}
			bputs(b, "\n");
			ops(b, u, f, s);
		}
		for (int i = 0; i < f->allocs.n; i++)
			alloc(b, u, &f->allocs.v[i]);
		for (int i = 0; i < f->dels.n; i++) {
			const Delete *d = &f->dels.v[i];
			bprintf(b, "  delete%s n%d %.*s\n", d->array ? "[]" : "", d->node, d->pe - d->pb, u->src + d->pb);
		}
	}
}
