/* fixture.c: see fixture.h. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixture.h"

typedef struct {
	const char *name, *text;
} Embedded;
extern const Embedded cuflow_rules[];

static Rules *rules;
static Opts opts = {.minimal = true};

Rules *
fx_rules(void)
{
	if (rules)
		return rules;
	rules = rules_new();
	char *err = NULL;
	for (const Embedded *e = cuflow_rules; e->name; e++)
		if (rules_parse(rules, e->name, e->text, &err)) {
			fprintf(stderr, "built-in rules: %s\n", err);
			exit(2);
		}
	return rules;
}

bool
fx_load(Fx *x, const char *src)
{
	memset(x, 0, sizeof *x);
	char dir[] = "/tmp/cuflow-unit-XXXXXX";
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(2);
	}
	x->path = fmt("%s/t.cu", dir);
	FILE *f = fopen(x->path, "w");
	if (!f || fputs(src, f) < 0 || fclose(f)) {
		perror(x->path);
		exit(2);
	}
	x->u = unit_parse(x->path, &opts, fx_rules());
	cst_scan(x->u);
	if (x->u->refused) {
		fprintf(stderr, "%s: refused: %s\n", x->path, x->u->refused);
		return false;
	}
	x->p = prog_link(&x->u, 1, fx_rules(), &opts);
	analyse(x->p);
	return true;
}

void
fx_free(Fx *x)
{
	if (x->p)
		prog_free(x->p);
	unit_free(x->u);
	unlink(x->path);
	char *slash = strrchr(x->path, '/');
	*slash = 0;
	rmdir(x->path);
	free(x->path);
	memset(x, 0, sizeof *x);
}

int
fx_fid(const Fx *x, const char *name)
{
	for (int i = 0; x->p && i < x->p->fns.n; i++) {
		const PFunc *pf = &x->p->fns.v[i];
		if (!strcmp(pf->u->syms.v[pf->f->sym].name, name))
			return i;
	}
	return -1;
}

PFunc *
fx_fn(const Fx *x, const char *name)
{
	int i = fx_fid(x, name);
	return i < 0 ? NULL : &x->p->fns.v[i];
}

int
fx_stmt(const PFunc *pf, int line, int kind)
{
	for (int n = 0; pf && n < pf->f->st.n; n++)
		if (pf->f->st.v[n].line == line && pf->f->st.v[n].kind == kind)
			return n;
	return -1;
}

int
fx_var(const Fx *x, const char *fn, const char *name)
{
	const Unit *u = x->u;
	for (int s = 0; s < u->syms.n; s++) {
		const Sym *y = &u->syms.v[s];
		if (y->kind == SYM_FUNC || strcmp(y->name, name))
			continue;
		bool global = y->owner < 0;
		if (fn ? !global && !strcmp(u->syms.v[y->owner].name, fn) : global)
			return symloc(x->p, 0, s);
	}
	return -1;
}

int
fx_heap(const Fx *x, int line)
{
	for (int l = 0; l < x->p->locs.n; l++)
		if (x->p->locs.v[l].kind == L_HEAP && x->p->locs.v[l].line == line && x->p->locs.v[l].fn >= 0 &&
		    x->p->fns.v[x->p->locs.v[l].fn].f->inmain)
			return l;
	return -1;
}

static bool
has(const Ints *s, int b)
{
	for (int i = 0; i < s->n; i++)
		if (s->v[i] == b)
			return true;
	return false;
}

bool
fx_edge(const PFunc *pf, int a, int b)
{
	return pf && pf->succ && a >= 0 && b >= 0 && has(&pf->succ[a], b);
}

bool
fx_stedge(const PFunc *pf, int a, int b)
{
	return pf && a >= 0 && b >= 0 && has(&pf->f->st.v[a].succ, b);
}

int
fx_line(const Fx *x, const char *marker)
{
	size_t n = strlen(marker);
	int found = -1, count = 0;
	for (const char *s = x->u->src; (s = strstr(s, marker)); s++)
		if (s[n] == '\n' || s[n] == 0) {
			found = (int)(s - x->u->src);
			count++;
		}
	if (count != 1) {
		fprintf(stderr, "fixture: marker '%s' ends %d lines, not one\n", marker, count);
		return -1;
	}
	return lineof(x->u->lines, x->u->nlines, found);
}

int
fx_last(const PFunc *pf, int line, int kind)
{
	for (int n = pf ? pf->f->st.n - 1 : -1; n >= 0; n--)
		if (pf->f->st.v[n].line == line && pf->f->st.v[n].kind == kind)
			return n;
	return -1;
}

/* A location not found (-1) in the list never matches. */
bool
fx_setis(const Fx *x, const Bits *s, ...)
{
	if (!s->w)
		return false;
	Bits want = bnew(x->p->locs.n);
	bool found = true;
	va_list ap;
	va_start(ap, s);
	for (int l; (l = va_arg(ap, int)) != -2;)
		if (l >= 0)
			bset(&want, l);
		else
			found = false;
	va_end(ap);
	bool same = found;
	for (int l = 0; same && l < x->p->locs.n; l++)
		same = bhas(s, l) == bhas(&want, l);
	bfree(&want);
	return same;
}

bool
fx_has(const Bits *s, int l)
{
	return l >= 0 && s->w && bhas(s, l);
}
