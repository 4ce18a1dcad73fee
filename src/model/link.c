/* link.c: units -> programs. Files given together are linked by their
 * external symbols where a symbol has exactly one definition among them;
 * files that clash (each defines main) stay separate programs. Within a
 * program every variable becomes an abstract location (one per USR, so a
 * global declared in two files is one location) and every function body a
 * PFunc. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uthash.h>

#include "cuflow.h"

typedef struct {
	const char *usr;
	int id;    /* location, function id, or unit */
	int count; /* definitions seen (for grouping) */
	UT_hash_handle hh;
} Key;

static Key *
keyget(Key **tab, const char *usr)
{
	Key *k;
	HASH_FIND_STR(*tab, usr, k);
	return k;
}

static Key *
keyput(Key **tab, const char *usr, int id)
{
	Key *k = xcalloc(1, sizeof *k);
	k->usr = usr;
	k->id = id;
	HASH_ADD_KEYPTR(hh, *tab, k->usr, strlen(k->usr), k);
	return k;
}

static void
keyfree(Key **tab)
{
	Key *k, *t;
	HASH_ITER(hh, *tab, k, t) {
		HASH_DEL(*tab, k);
		free(k);
	}
}

static int
find(int *up, int x)
{
	while (up[x] != x)
		x = up[x] = up[up[x]];
	return x;
}

/* group[i]: the program file i belongs to; returns the number of programs.
 * Refused files are programs of their own. */
int
prog_groups(Unit **units, int n, int *group)
{
	int *up = xcalloc(n, sizeof *up);
	for (int i = 0; i < n; i++)
		up[i] = i;
	Key *defs = NULL;
	for (int i = 0; i < n; i++)
		for (int s = 0; !units[i]->refused && s < units[i]->syms.n; s++) {
			Sym *y = &units[i]->syms.v[s];
			if (y->kind != SYM_FUNC || !(y->flags & SYMF_DEFINED) || !(y->flags & SYMF_EXTERN))
				continue;
			Key *k = keyget(&defs, y->usr);
			if (!k)
				k = keyput(&defs, y->usr, i);
			else if (k->id != i)
				k->count++;
		}
	for (int i = 0; i < n; i++)
		for (int s = 0; !units[i]->refused && s < units[i]->syms.n; s++) {
			Sym *y = &units[i]->syms.v[s];
			if (y->kind != SYM_FUNC || (y->flags & SYMF_DEFINED))
				continue;
			Key *k = keyget(&defs, y->usr);
			if (k && k->count == 0) /* exactly one definition elsewhere */
				up[find(up, i)] = find(up, k->id);
		}
	keyfree(&defs);
	int ng = 0;
	int *num = xcalloc(n, sizeof *num);
	for (int i = 0; i < n; i++)
		num[i] = -1;
	for (int i = 0; i < n; i++) {
		int r = find(up, i);
		if (num[r] < 0)
			num[r] = ng++;
		group[i] = num[r];
	}
	free(num);
	free(up);
	return ng;
}

/* The directory part of path, with its '/' ("" for none). */
static char *
dirof(const char *path)
{
	const char *sl = strrchr(path, '/');
	return sl ? xstrndup(path, (size_t)(sl - path + 1)) : xstrdup("");
}

/* Where #include "name" (or <name>, angled: the -I directories only) of
 * the file in dir finds its header, or NULL. */
static char *
findheader(const char *dir, const char *name, bool angled, const Strs *args)
{
	if (name[0] == '/')
		return access(name, R_OK) ? NULL : xstrdup(name);
	char *p = angled ? NULL : fmt("%s%s", dir, name);
	if (p && !access(p, R_OK))
		return p;
	free(p);
	for (int i = 0; args && i < args->n; i++) {
		const char *a = args->v[i], *d = NULL;
		if (!strncmp(a, "-I", 2) || !strncmp(a, "-iquote", 7) || !strncmp(a, "-isystem", 8)) {
			int skip = a[1] == 'I' ? 2 : a[2] == 'q' ? 7 : 8;
			d = a[skip] ? a + skip : i + 1 < args->n ? args->v[++i] : NULL;
		}
		if (!d)
			continue;
		p = fmt("%s/%s", d, name);
		if (!access(p, R_OK))
			return p;
		free(p);
	}
	return NULL;
}

/* Appends the text of path and, in turn, of the user headers it includes
 * (a header of the C++ library or the system is no caller); a quoted one
 * not found leaves what it calls unknown: *opaque. */
static void
scanfile(const char *path, const Strs *args, Strs *done, Buf *b, bool *opaque, int depth)
{
	for (int i = 0; i < done->n; i++)
		if (!strcmp(done->v[i], path))
			return;
	vpush(*done, xstrdup(path));
	size_t len = b->n;
	/* the unit's own text is b's start: a copy, as b grows (moves) below */
	char *err = NULL, *src = depth ? readfile(path, &len, &err) : xstrndup(b->v, b->n);
	if (!src) {
		free(err);
		*opaque = true;
		return;
	}
	if (depth) {
		bputn(b, src, len);
		bputs(b, "\n");
	}
	const char *text = src;
	char *dir = dirof(path);
	for (const char *q = text; depth < 32 && (q = strstr(q, "include")); q += 7) {
		const char *h = q - 1;
		while (h >= text && (*h == ' ' || *h == '\t'))
			h--;
		if (h < text || *h != '#')
			continue;
		const char *n = q + 7;
		while (*n == ' ' || *n == '\t')
			n++;
		if (*n != '"' && *n != '<')
			continue;
		const char *e = strchr(n + 1, *n == '"' ? '"' : '>');
		const char *nl = strchr(n, '\n');
		if (!e || (nl && e > nl))
			continue;
		char *name = xstrndup(n + 1, (size_t)(e - n - 1));
		char *hp = findheader(dir, name, *n == '<', args);
		if (hp)
			scanfile(hp, args, done, b, opaque, depth + 1);
		else if (*n == '"')
			*opaque = true;
		free(hp);
		free(name);
	}
	free(dir);
	free(src);
}

void
unit_scantext(Unit *u, const Strs *args)
{
	if (!u->src)
		return;
	Buf b = {0};
	bputn(&b, u->src, u->len);
	bputs(&b, "\n");
	Strs done = {0};
	scanfile(u->path, args, &done, &b, &u->opaque, 0);
	for (int i = 0; i < done.n; i++)
		free(done.v[i]);
	vfree(done);
	u->scan = b.v;
	u->scanlen = b.n;
}

typedef struct {
	const char *name;
	Ints groups; /* the programs defining an external function so named */
	UT_hash_handle hh;
} Named;

static void
addunseen(Ints *unseen, const Named *e, int i)
{
	for (int k = 0; k < e->groups.n; k++) {
		Ints *l = &unseen[e->groups.v[k]];
		if (!l->n || l->v[l->n - 1] != i)
			vpush(*l, i);
	}
}

/* unseen[g]: the files not analysed (no CUDA in them, refused, or C/C++
 * sources read for their calls) that spell, or whose user headers spell,
 * the name of an external function a file of program g defines.
 * Their calls of it are not seen, and one of them may hold main
 * (callers.c); linked by name, since cuflow has no parse of them. */
void
prog_unseen(Unit **units, int n, const int *group, Ints *unseen)
{
	Named *tab = NULL, *e, *t;
	for (int i = 0; i < n; i++)
		for (int s = 0; !units[i]->refused && !units[i]->skipped && s < units[i]->syms.n; s++) {
			const Sym *y = &units[i]->syms.v[s];
			if (y->kind != SYM_FUNC || !(y->flags & SYMF_DEFINED) || !(y->flags & SYMF_EXTERN))
				continue;
			HASH_FIND_STR(tab, y->name, e);
			if (!e) {
				e = xcalloc(1, sizeof *e);
				e->name = y->name;
				HASH_ADD_KEYPTR(hh, tab, e->name, strlen(e->name), e);
			}
			if (!e->groups.n || e->groups.v[e->groups.n - 1] != group[i])
				vpush(e->groups, group[i]);
		}
	for (int i = 0; tab && i < n; i++) {
		const Unit *x = units[i];
		if (!x->src || !(x->nocuda || x->refused || x->hostonly))
			continue;
		if (x->opaque) { /* a header of it was not found: it may call any of them */
			for (e = tab; e; e = e->hh.next)
				addunseen(unseen, e, i);
			continue;
		}
		const char *src = x->scan ? x->scan : x->src;
		int len = x->scan ? (int)x->scanlen : (int)x->len;
		for (int at = 0, tk; (tk = nexttoken(src, &at, len)) >= 0;) {
			HASH_FIND(hh, tab, src + tk, at - tk, e);
			if (e)
				addunseen(unseen, e, i);
		}
	}
	HASH_ITER(hh, tab, e, t) {
		HASH_DEL(tab, e);
		vfree(e->groups);
		free(e);
	}
}

int
newloc(Prog *p, int kind, int space, const char *name, int unit, int line, int fn)
{
	Loc l = {kind, space, 0, xstrdup(name), unit, line, fn, -1};
	vpush(p->locs, l);
	return p->locs.n - 1;
}

int
symloc(const Prog *p, int unit, int sym)
{
	return sym < 0 ? -1 : p->symlink[unit].v[sym];
}

int
symfn(const Prog *p, int unit, int sym)
{
	return sym < 0 ? -1 : p->symlink[unit].v[sym];
}

const char *
locname(const Prog *p, int l)
{
	return l >= 0 && l < p->locs.n ? p->locs.v[l].name : "?";
}

static bool
isvar(int kind)
{
	return kind == SYM_LOCAL || kind == SYM_PARAM || kind == SYM_GLOBAL || kind == SYM_THIS || kind == SYM_RET;
}

/* The function a unit's call reaches: its own unit's definition first,
 * else the only one in the program. */
static int
pickdef(Prog *p, Key *defs, int unit, Sym *y)
{
	if (y->fn >= 0 && p->fnlink[unit].v[y->fn] >= 0)
		return p->fnlink[unit].v[y->fn];
	Key *k = keyget(&defs, y->usr);
	return k && k->count == 1 ? k->id : -1;
}

static void
linkfuncs(Prog *p, Key **defs)
{
	for (int i = 0; i < p->nunits; i++) {
		Unit *u = p->units[i];
		for (int f = 0; f < u->fns.n; f++) {
			Func *fn = &u->fns.v[f];
			const char *usr = u->syms.v[fn->sym].usr;
			Key *k = keyget(defs, usr);
			if (k) {
				Func *old = p->fns.v[k->id].f;
				if (!strcmp(old->file, fn->file) && old->begin == fn->begin) {
					vpush(p->fnlink[i], k->id); /* one inline definition, two includers */
					continue;
				}
				k->count++; /* two different definitions: calls pick their own unit's */
			}
			PFunc pf = {0};
			pf.u = u;
			pf.f = fn;
			pf.id = p->fns.n;
			vpush(p->fns, pf);
			vpush(p->fnlink[i], pf.id);
			if (!k)
				keyput(defs, usr, pf.id)->count = 1;
		}
	}
}

Prog *
prog_link(Unit **units, int n, const Rules *rules, const Opts *o)
{
	Prog *p = xcalloc(1, sizeof *p);
	p->units = units;
	p->nunits = n;
	p->rules = rules;
	p->opts = o;
	newloc(p, L_UNKNOWN, SP_UNKNOWN, "<unknown memory>", -1, 0, -1);
	Key *defs = NULL, *vars = NULL;
	p->symlink = xcalloc(n, sizeof *p->symlink);
	p->fnlink = xcalloc(n, sizeof *p->fnlink);
	linkfuncs(p, &defs);
	for (int i = 0; i < n; i++) {
		Unit *u = units[i];
		for (int s = 0; s < u->syms.n; s++) {
			Sym *y = &u->syms.v[s];
			int id = -1;
			if (y->kind == SYM_FUNC)
				id = pickdef(p, defs, i, y);
			else if (isvar(y->kind)) {
				Key *k = keyget(&vars, y->usr);
				if (k)
					id = k->id;
				else {
					int own = y->owner >= 0 ? u->syms.v[y->owner].fn : -1;
					int fn = own >= 0 ? p->fnlink[i].v[own] : -1;
					id = newloc(p, L_VAR, y->space, y->name, i, y->line, fn);
					p->locs.v[id].flags = y->flags;
					keyput(&vars, y->usr, id);
				}
				p->locs.v[id].flags |= y->flags & SYMF_ADDRTAKEN;
			}
			vpush(p->symlink[i], id);
		}
	}
	keyfree(&defs);
	keyfree(&vars);
	return p;
}

/* Is the process past its memory cap (Opts.maxmem)? Then the program is
 * refused instead of the machine running out of memory. The cap is on the
 * whole process (with -j, what other workers hold counts too): it keeps a
 * run from taking the machine down, it is not a per-file budget. */
bool
overmem(Prog *p)
{
	if (p->over)
		return true;
	size_t cap = p->opts ? p->opts->maxmem : 0;
	if (!cap || rssbytes() <= cap)
		return false;
	p->over = fmt("its analysis needs more than %zu MiB of memory", cap >> 20);
	return true;
}

void
prog_free(Prog *p)
{
	for (int i = 0; i < p->locs.n; i++)
		free(p->locs.v[i].name);
	vfree(p->locs);
	for (int i = 0; i < p->nvars; i++)
		bfree(&p->pts[i]);
	free(p->pts);
	for (int f = 0; p->sites && f < p->fns.n; f++)
		vfree(p->sites[f]);
	free(p->sites);
	free(p->open);
	free(p->dead);
	for (int f = 0; f < p->fns.n; f++) {
		PFunc *pf = &p->fns.v[f];
		int n = pf->f->st.n;
		for (int i = 0; pf->st && i < n; i++)
			efffree(&pf->st[i]);
		free(pf->st);
		for (int i = 0; pf->in && i < n; i++) {
			bfree(&pf->in[i].drd);
			bfree(&pf->in[i].dwr);
			bfree(&pf->in[i].srd);
			bfree(&pf->in[i].swr);
			bfree(&pf->in[i].strm);
		}
		free(pf->in);
		for (int i = 0; pf->succ && i < n; i++) {
			vfree(pf->succ[i]);
			vfree(pf->pred[i]);
		}
		free(pf->succ);
		free(pf->pred);
		domfree(&pf->dom);
		domfree(&pf->pdom);
		free(pf->rpo);
		free(pf->loop);
		efffree(&pf->sum);
		bfree(&pf->ks.grd);
		bfree(&pf->ks.gwr);
	}
	vfree(p->fns);
	for (int i = 0; i < p->nunits; i++) {
		vfree(p->symlink[i]);
		vfree(p->fnlink[i]);
	}
	free(p->symlink);
	free(p->fnlink);
	bfree(&p->escapable);
	bfree(&p->blocking);
	bfree(&p->alldev.drd);
	bfree(&p->alldev.dwr);
	bfree(&p->alldev.srd);
	bfree(&p->alldev.swr);
	bfree(&p->alldev.strm);
	free(p->over);
	free(p);
}
