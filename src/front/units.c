/* units.c: the unit cache, the header cache's second tier. Past the shared
 * headers (cache.c's PCH) a parse still reads each file's own headers
 * (thrust, cub, <chrono>...) and builds the model; a Unit is plain data
 * (byte offsets and names, no cursors), so the finished one is kept on disk
 * under $XDG_CACHE_HOME/cuflow/units and the next run of the same file with
 * the same flags loads it instead of parsing. Refused units are kept too,
 * so a file refused for a missing header costs nothing twice.
 *
 * An entry is named by KEY, a hash of the key text: the format, cuflow's
 * version and its binary (device, inode, size, modification time of
 * /proc/self/exe: any rebuild changes the model builder), libclang's
 * version, the rules' texts (expr.c reads them), the working directory
 * when the path or a flag is relative, the path as given, the hash and
 * length of the text parsed, and the parse's flags (the parse mode, the
 * toolkit, the user's flags).
 *   KEY.unit  the format ("cuflow-unit 4\n"), the key text in full (a hash collision
 *             cannot match), every file the translation units read (path,
 *             device, inode, size, modification time), the paths that must
 *             stay absent, the Unit, and a hash of all of it; written whole
 *             by rename, so no reader sees a torn one;
 *   KEY.lock  locked (flock) while a process parses the file, so processes
 *             at once parse it once.
 * A lookup reads KEY.unit, checks its hash, stats every file and checks
 * that no include directory (nor the working directory) now holds a file
 * that would shadow one (cache.c's test). Each load touches KEY.unit;
 * storing an entry removes, once a day, those no run loaded for 30 days.
 *
 * A refusal for a missing header is kept with the paths the header could
 * appear at: the name under each include directory of the flags and each
 * directory a file came from (the implicit system directories supply
 * headers, so they are among them). Not followed: a header appearing in a
 * system directory that supplied none, and __has_include tests of absent
 * files (their result changes without an error). Editors' buffers
 * (Opts.text), other files' texts standing in (Opts.files), kept
 * translation units and --no-cache bypass the cache; any failure only
 * means a parse. */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "cuflow.h"
#include "front/parse.h"

/* Bumped with every change of the Unit's fields (cuflow.h): the binary's
 * identity in the key would miss them too, but a format names what it holds. */
#define FORMAT "cuflow-unit 9"
#define UNUSED_DAYS 30

/* ---------------------------------------------------------------- writing */

/* Numbers are zigzag varints: most are small offsets, lines and indices. */
static void
wnum(Buf *b, long long v)
{
	unsigned long long z = ((unsigned long long)v << 1) ^ (unsigned long long)(v >> 63);
	do {
		unsigned char c = z & 0x7f;
		z >>= 7;
		vpush(*b, (char)(c | (z ? 0x80 : 0)));
	} while (z);
}

/* A string as its length plus one (0: NULL) and its bytes. */
static void
wstr(Buf *b, const char *s)
{
	if (!s) {
		wnum(b, 0);
		return;
	}
	size_t n = strlen(s);
	wnum(b, (long long)n + 1);
	bputn(b, s, n);
}

static void
wints(Buf *b, const int *v, int n)
{
	wnum(b, n);
	for (int i = 0; i < n; i++)
		wnum(b, v[i]);
}

static void
wsym(Buf *b, const Sym *s)
{
	wstr(b, s->usr);
	wstr(b, s->name);
	wstr(b, s->qualname);
	long long f[] = {s->kind, s->flags, s->space, s->line, s->nparams, s->refparams, s->ptrparams, s->fn, s->owner, s->link};
	for (size_t i = 0; i < sizeof f / sizeof *f; i++)
		wnum(b, f[i]);
}

static void
wstmt(Buf *b, const Stmt *s)
{
	long long f[] = {s->kind, s->flags, s->begin, s->end,  s->line, s->endline, s->list,     s->pos,
	                 s->op0,  s->nop,   s->call0, s->ncall, s->loop, s->once,    s->failvar, s->failelse, s->spec};
	for (size_t i = 0; i < sizeof f / sizeof *f; i++)
		wnum(b, f[i]);
	wints(b, s->succ.v, s->succ.n);
	wints(b, s->pred.v, s->pred.n);
	wints(b, s->decls.v, s->decls.n);
	wints(b, s->dbeg.v, s->dbeg.n);
	wints(b, s->dend.v, s->dend.n);
	wstr(b, s->first);
	wstr(b, s->label);
}

static void
wcall(Buf *b, const Call *c)
{
	long long f[] = {c->kind,   c->callee, c->self,   c->ret, c->stream, c->kernel,
	                 c->argcall, c->argpos, c->onfail, c->off, c->end,    c->line, c->conv, c->cond};
	for (size_t i = 0; i < sizeof f / sizeof *f; i++)
		wnum(b, f[i]);
	wstr(b, c->name);
	wints(b, c->argv, c->nargs);
	wints(b, c->argl, c->nargs);
	for (int i = 0; i < c->nargs; i++)
		wnum(b, c->argk[i]);
	wnum(b, c->ncands);
	wints(b, c->cands, c->ncands > 0 ? c->ncands : 0);
}

static void
wfunc(Buf *b, const Func *f)
{
	long long h[] = {f->sym, f->kind, f->begin, f->end, f->line, f->inmain, f->thissym, f->retsym, f->flags};
	for (size_t i = 0; i < sizeof h / sizeof *h; i++)
		wnum(b, h[i]);
	wstr(b, f->file);
	wstr(b, f->why);
	wints(b, f->params.v, f->params.n);
	wnum(b, f->st.n);
	for (int i = 0; i < f->st.n; i++)
		wstmt(b, &f->st.v[i]);
	wnum(b, f->nodes.n);
	for (int i = 0; i < f->nodes.n; i++) {
		const Node *n = &f->nodes.v[i];
		long long x[] = {n->kind, n->a, n->b, n->sym, n->call};
		for (size_t k = 0; k < sizeof x / sizeof *x; k++)
			wnum(b, x[k]);
	}
	wnum(b, f->ops.n);
	for (int i = 0; i < f->ops.n; i++) {
		const Op *o = &f->ops.v[i];
		long long x[] = {o->kind, o->a, o->b, o->call};
		for (size_t k = 0; k < sizeof x / sizeof *x; k++)
			wnum(b, x[k]);
	}
	wnum(b, f->calls.n);
	for (int i = 0; i < f->calls.n; i++)
		wcall(b, &f->calls.v[i]);
	wnum(b, f->lists.n);
	for (int i = 0; i < f->lists.n; i++) {
		const List *l = &f->lists.v[i];
		long long x[] = {l->begin, l->end, l->endnode, l->owner};
		for (size_t k = 0; k < sizeof x / sizeof *x; k++)
			wnum(b, x[k]);
		wints(b, l->first.v, l->first.n);
		wints(b, l->last.v, l->last.n);
	}
	wnum(b, f->allocs.n);
	for (int i = 0; i < f->allocs.n; i++) {
		const Alloc *a = &f->allocs.v[i];
		long long x[] = {a->kind, a->node, a->call, a->obj, a->sym, a->decl, a->zero, a->macro,
		                 a->vb,   a->ve,   a->db,   a->de,  a->nb,  a->ne,   a->sb,   a->se, a->bytes};
		for (size_t k = 0; k < sizeof x / sizeof *x; k++)
			wnum(b, x[k]);
	}
	wnum(b, f->dels.n);
	for (int i = 0; i < f->dels.n; i++) {
		const Delete *d = &f->dels.v[i];
		long long x[] = {d->node, d->val, d->b, d->e, d->pb, d->pe, d->array};
		for (size_t k = 0; k < sizeof x / sizeof *x; k++)
			wnum(b, x[k]);
	}
}

/* What the parse made of u: everything but what the caller reads from the
 * file (path, text, lines) and the timings. */
static void
wunit(Buf *b, const Unit *u)
{
	wnum(b, u->mode);
	wnum(b, u->ndiag);
	wstr(b, u->refused);
	wstr(b, u->legacy);
	wstr(b, u->fixhint);
	wnum(b, u->syms.n);
	for (int i = 0; i < u->syms.n; i++)
		wsym(b, &u->syms.v[i]);
	wnum(b, u->fns.n);
	for (int i = 0; i < u->fns.n; i++)
		wfunc(b, &u->fns.v[i]);
	wnum(b, u->comments.n);
	for (int i = 0; i < u->comments.n; i++) {
		wnum(b, u->comments.v[i].off);
		wnum(b, u->comments.v[i].end);
	}
	wints(b, u->directives.v, u->directives.n);
	wnum(b, u->cfgmacros.n);
	for (int i = 0; i < u->cfgmacros.n; i++)
		wstr(b, u->cfgmacros.v[i]);
	wnum(b, u->macros.n);
	for (int i = 0; i < u->macros.n; i++)
		wstr(b, u->macros.v[i]);
}

/* ---------------------------------------------------------------- reading */

/* A reader over an entry's bytes: any read past the end, or a count larger
 * than the bytes left could hold, sets bad and reads zeros from then on. */
typedef struct {
	const unsigned char *p, *end;
	bool bad;
} R;

static long long
rnum(R *r)
{
	unsigned long long z = 0;
	for (int sh = 0; !r->bad; sh += 7) {
		if (r->p >= r->end || sh > 63) {
			r->bad = true;
			break;
		}
		unsigned char c = *r->p++;
		z |= (unsigned long long)(c & 0x7f) << sh;
		if (!(c & 0x80))
			return (long long)(z >> 1) ^ -(long long)(z & 1);
	}
	return 0;
}

/* An int field: out of int's range is damage too. */
static int
rdint(R *r)
{
	long long v = rnum(r);
	if (v < INT_MIN || v > INT_MAX)
		r->bad = true;
	return r->bad ? 0 : (int)v;
}

/* A count of items of at least one byte each. */
static int
rcount(R *r)
{
	int n = rdint(r);
	if (n < 0 || n > r->end - r->p)
		r->bad = true;
	return r->bad ? 0 : n;
}

static char *
rstr(R *r)
{
	long long n = rnum(r);
	if (r->bad || n == 0)
		return NULL;
	if (n < 0 || n - 1 > r->end - r->p) {
		r->bad = true;
		return NULL;
	}
	char *s = xstrndup((const char *)r->p, (size_t)n - 1);
	r->p += n - 1;
	return s;
}

/* n ints (NULL for none); *n the count. */
static int *
rintv(R *r, int *n)
{
	*n = rcount(r);
	int *v = *n ? xmalloc(*n * sizeof *v) : NULL;
	for (int i = 0; i < *n; i++)
		v[i] = rdint(r);
	return v;
}

static void
rints(R *r, Ints *out)
{
	out->v = rintv(r, &out->n);
	out->cap = out->n;
}

/* Room for n items of vector v, zeroed, so a damaged entry frees cleanly. */
#define RVEC(r, vec) ((vec).n = (vec).cap = rcount(r), (vec).v = xcalloc((vec).n, sizeof *(vec).v))

static void
rsym(R *r, Sym *s)
{
	s->usr = rstr(r);
	s->name = rstr(r);
	s->qualname = rstr(r);
	s->kind = rdint(r);
	s->flags = rdint(r);
	s->space = rdint(r);
	s->line = rdint(r);
	s->nparams = rdint(r);
	s->refparams = (uint32_t)rnum(r);
	s->ptrparams = (uint32_t)rnum(r);
	s->fn = rdint(r);
	s->owner = rdint(r);
	s->link = rdint(r);
}

static void
rstmt(R *r, Stmt *s)
{
	int *f[] = {&s->kind, &s->flags, &s->begin, &s->end,  &s->line,  &s->endline, &s->list,
	            &s->pos,  &s->op0,   &s->nop,   &s->call0, &s->ncall, &s->loop};
	for (size_t i = 0; i < sizeof f / sizeof *f; i++)
		*f[i] = rdint(r);
	s->once = rdint(r) != 0;
	s->failvar = rdint(r);
	s->failelse = rdint(r) != 0;
	s->spec = rdint(r);
	rints(r, &s->succ);
	rints(r, &s->pred);
	rints(r, &s->decls);
	rints(r, &s->dbeg);
	rints(r, &s->dend);
	s->first = rstr(r);
	s->label = rstr(r);
}

static void
rcall(R *r, Call *c)
{
	int *f[] = {&c->kind,   &c->callee, &c->self,   &c->ret, &c->stream, &c->kernel,
	            &c->argcall, &c->argpos, &c->onfail, &c->off, &c->end,    &c->line, &c->conv, &c->cond};
	for (size_t i = 0; i < sizeof f / sizeof *f; i++)
		*f[i] = rdint(r);
	c->name = rstr(r);
	c->argv = rintv(r, &c->nargs);
	int nl;
	c->argl = rintv(r, &nl);
	c->argk = c->nargs ? xmalloc(c->nargs * sizeof *c->argk) : NULL;
	for (int i = 0; i < c->nargs; i++)
		c->argk[i] = rnum(r);
	c->ncands = rdint(r);
	int nc;
	c->cands = rintv(r, &nc);
	if (nl != c->nargs || nc != (c->ncands > 0 ? c->ncands : 0))
		r->bad = true;
}

static void
rfunc(R *r, Func *f)
{
	int inmain;
	int *h[] = {&f->sym, &f->kind, &f->begin, &f->end, &f->line, &inmain, &f->thissym, &f->retsym, &f->flags};
	for (size_t i = 0; i < sizeof h / sizeof *h; i++)
		*h[i] = rdint(r);
	f->inmain = inmain != 0;
	f->file = rstr(r);
	f->why = rstr(r);
	rints(r, &f->params);
	RVEC(r, f->st);
	for (int i = 0; i < f->st.n; i++)
		rstmt(r, &f->st.v[i]);
	RVEC(r, f->nodes);
	for (int i = 0; i < f->nodes.n; i++) {
		Node *n = &f->nodes.v[i];
		n->kind = (uint8_t)rdint(r);
		n->a = rdint(r);
		n->b = rdint(r);
		n->sym = rdint(r);
		n->call = rdint(r);
	}
	RVEC(r, f->ops);
	for (int i = 0; i < f->ops.n; i++) {
		Op *o = &f->ops.v[i];
		o->kind = (uint8_t)rdint(r);
		o->a = rdint(r);
		o->b = rdint(r);
		o->call = rdint(r);
	}
	RVEC(r, f->calls);
	for (int i = 0; i < f->calls.n; i++)
		rcall(r, &f->calls.v[i]);
	RVEC(r, f->lists);
	for (int i = 0; i < f->lists.n; i++) {
		List *l = &f->lists.v[i];
		l->begin = rdint(r);
		l->end = rdint(r);
		l->endnode = rdint(r);
		l->owner = rdint(r);
		rints(r, &l->first);
		rints(r, &l->last);
	}
	RVEC(r, f->allocs);
	for (int i = 0; i < f->allocs.n; i++) {
		Alloc *a = &f->allocs.v[i];
		int decl, zero, macro;
		int *x[] = {&a->kind, &a->node, &a->call, &a->obj, &a->sym, &decl, &zero, &macro,
		            &a->vb,   &a->ve,   &a->db,   &a->de,  &a->nb,  &a->ne, &a->sb, &a->se};
		for (size_t k = 0; k < sizeof x / sizeof *x; k++)
			*x[k] = rdint(r);
		a->bytes = rnum(r);
		a->decl = decl;
		a->zero = zero;
		a->macro = macro;
	}
	RVEC(r, f->dels);
	for (int i = 0; i < f->dels.n; i++) {
		Delete *d = &f->dels.v[i];
		int array;
		int *x[] = {&d->node, &d->val, &d->b, &d->e, &d->pb, &d->pe, &array};
		for (size_t k = 0; k < sizeof x / sizeof *x; k++)
			*x[k] = rdint(r);
		d->array = array;
	}
}

/* wunit's counterpart, into an empty unit. */
static void
runit(R *r, Unit *u)
{
	u->mode = rdint(r);
	u->ndiag = rdint(r);
	u->refused = rstr(r);
	u->legacy = rstr(r);
	u->fixhint = rstr(r);
	RVEC(r, u->syms);
	for (int i = 0; i < u->syms.n; i++)
		rsym(r, &u->syms.v[i]);
	RVEC(r, u->fns);
	for (int i = 0; i < u->fns.n; i++)
		rfunc(r, &u->fns.v[i]);
	RVEC(r, u->comments);
	for (int i = 0; i < u->comments.n; i++) {
		u->comments.v[i].off = rdint(r);
		u->comments.v[i].end = rdint(r);
	}
	rints(r, &u->directives);
	RVEC(r, u->cfgmacros);
	for (int i = 0; i < u->cfgmacros.n; i++)
		u->cfgmacros.v[i] = rstr(r);
	RVEC(r, u->macros);
	for (int i = 0; i < u->macros.n; i++)
		u->macros.v[i] = rstr(r);
}

/* Moves what runit read into u, which holds the file's path and text. */
static void
adopt(Unit *u, Unit *t)
{
	t->path = u->path;
	t->src = u->src;
	t->len = u->len;
	t->lines = u->lines;
	t->nlines = u->nlines;
	*u = *t;
	free(t);
}

/* ---------------------------------------------------------------- entries */

/* The key text of a parse of u with args under rules; NULL when the
 * binary cannot be told (no /proc). */
static char *
keytext(const Unit *u, const Strs *args, const Rules *rules)
{
	struct stat sb;
	if (stat("/proc/self/exe", &sb))
		return NULL;
	Buf b = {0};
	CXString v = clang_getClangVersion();
	bprintf(&b, "%s\ncuflow %s\nexe %llu %llu %llu %llu\n%s\nrules %016llx\n", FORMAT, PACKAGE_VERSION,
	        (unsigned long long)sb.st_dev, (unsigned long long)sb.st_ino, (unsigned long long)sb.st_size,
	        mtimens(&sb), clang_getCString(v), rules_sum(rules));
	clang_disposeString(v);
	bool rel = relative(u->path) || u->path[0] != '/';
	for (int i = 0; i < args->n; i++)
		rel |= relative(args->v[i]);
	char *cwd = rel ? getcwd(NULL, 0) : NULL;
	bprintf(&b, "cwd %s\n", !rel ? "-" : cwd ? cwd : "?");
	free(cwd);
	bprintf(&b, "path %s\ntext %016llx %zu\n", u->path, hash64(HASH64_0, u->src, u->len), u->len);
	for (int i = 0; i < args->n; i++)
		bprintf(&b, "arg %s\n", args->v[i]);
	return bstr(&b);
}

/* A dep line's file name or an absent path cannot hold a newline: the key
 * text and names in an entry are whole lines. */
static bool
oneline(const char *s)
{
	return !strchr(s, '\n');
}

/* Whether every path of absent is still missing. */
static bool
stillabsent(const Strs *absent)
{
	for (int i = 0; i < absent->n; i++)
		if (access(absent->v[i], F_OK) == 0)
			return false;
	return true;
}

static void
strsfree(Strs *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->v[i]);
	vfree(*s);
}

/* Reads entry bytes s[0..len) for key text into a fresh unit: NULL when it
 * is damaged, for another key, or out of date. */
static Unit *
decode(const char *s, size_t len, const UnitEntry *e)
{
	size_t tlen = strlen(e->text), flen = strlen(FORMAT "\n");
	unsigned long long sum;
	if (len < flen + tlen + 8 || memcmp(s, FORMAT "\n", flen) || memcmp(s + flen, e->text, tlen))
		return NULL;
	memcpy(&sum, s + len - 8, 8);
	if (sum != hash64(HASH64_0, s, len - 8))
		return NULL;
	R r = {(const unsigned char *)s + flen + tlen, (const unsigned char *)s + len - 8, false};
	Deps deps = {0};
	Strs absent = {0};
	for (int i = 0, n = rcount(&r); i < n && !r.bad; i++) {
		Dep d = {0};
		d.path = rstr(&r);
		d.name = rstr(&r);
		d.dev = (unsigned long long)rnum(&r);
		d.ino = (unsigned long long)rnum(&r);
		d.size = (unsigned long long)rnum(&r);
		d.mtime = (unsigned long long)rnum(&r);
		vpush(deps, d);
		r.bad |= !d.path;
	}
	for (int i = 0, n = rcount(&r); i < n && !r.bad; i++) {
		char *a = rstr(&r);
		r.bad |= !a;
		if (a)
			vpush(absent, a);
	}
	Unit *u = NULL;
	if (!r.bad && depsfresh(&deps) && stillabsent(&absent) && !shadowed(&e->args, &deps)) {
		u = xcalloc(1, sizeof *u);
		runit(&r, u);
		if (r.bad || r.p != r.end) {
			unit_free(u);
			u = NULL;
		}
	}
	depsfree(&deps);
	strsfree(&absent);
	return u;
}

/* The cached unit of e, or NULL. */
static Unit *
readunit(const UnitEntry *e)
{
	char *path = fmt("%s/%s.unit", e->dir, e->key), *err = NULL;
	size_t len;
	char *s = readfile(path, &len, &err);
	free(path);
	free(err);
	Unit *u = s ? decode(s, len, e) : NULL;
	free(s);
	return u;
}

static void
entryfree(UnitEntry *e)
{
	if (e->lock >= 0)
		close(e->lock); /* releases the lock */
	e->lock = -1;
	free(e->dir);
	free(e->key);
	free(e->text);
	e->dir = e->key = e->text = NULL;
	strsfree(&e->args);
	depsfree(&e->deps);
}

/* Loads u's model (u holds its path and text) from the cache when a current
 * entry is there: true. Otherwise e is ready for the parse (its lock held,
 * or e->dir NULL when there is no cache to use) and units_save ends it. */
bool
units_load(UnitEntry *e, Unit *u, const Opts *o, const Rules *rules)
{
	memset(e, 0, sizeof *e);
	e->lock = -1;
	e->ok = true;
	parseargs(u->path, o, &e->args);
	if (!oneline(u->path) || !(e->text = keytext(u, &e->args, rules)) || !(e->dir = cachedir("units"))) {
		entryfree(e);
		return false;
	}
	e->key = fmt("%016llx", hash64(HASH64_0, e->text, strlen(e->text)));
	Unit *t = readunit(e);
	if (!t) {
		char *lock = fmt("%s/%s.lock", e->dir, e->key);
		e->lock = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
		free(lock);
		if (e->lock >= 0 && flock(e->lock, LOCK_EX)) {
			close(e->lock);
			e->lock = -1;
		}
		t = readunit(e); /* another process may have parsed it while this one waited */
	}
	if (!t)
		return false;
	touchentry(e->dir, e->key, "unit");
	entryfree(e);
	adopt(u, t);
	return true;
}

/* Adds the files tu read to e. */
void
units_deps(UnitEntry *e, CXTranslationUnit tu)
{
	if (!e || !e->dir)
		return;
	e->ntu++;
	e->ok &= tudeps(tu, &e->deps);
}

/* The header a refusal says is missing ("...: 'x/y.h' file not found"), or
 * NULL. */
static char *
missingname(const char *refused)
{
	const char *e = strstr(refused, "' file not found");
	if (!e)
		return NULL;
	const char *q = e;
	while (q > refused && q[-1] != '\'')
		q--;
	return q > refused && q < e ? xstrndup(q, (size_t)(e - q)) : NULL;
}

static void
adddir(Strs *dirs, const char *d, size_t n)
{
	for (int i = 0; i < dirs->n; i++)
		if (strlen(dirs->v[i]) == n && !strncmp(dirs->v[i], d, n))
			return;
	vpush(*dirs, xstrndup(d, n));
}

/* Where the missing header name could appear and change the parse: under
 * every include directory of the flags (-idirafter too) and every
 * directory a file of the parse came from. false when the refusal names no
 * header it can follow. */
static bool
absentpaths(const UnitEntry *e, const Unit *u, Strs *absent)
{
	char *name = missingname(u->refused);
	if (!name)
		return strstr(u->refused, "file not found") == NULL;
	Strs dirs = {0};
	for (int i = 0; i < e->args.n; i++) {
		const char *a = e->args.v[i], *d = incdir(&e->args, &i);
		if (!d && !strncmp(a, "-idirafter", 10))
			d = a[10] ? a + 10 : i + 1 < e->args.n ? e->args.v[++i] : NULL;
		if (d)
			adddir(&dirs, d, strlen(d));
	}
	const char *slash = strrchr(u->path, '/');
	adddir(&dirs, slash ? u->path : ".", slash ? (size_t)(slash - u->path) : 1);
	for (int i = 0; i < e->deps.n; i++)
		adddir(&dirs, e->deps.v[i].path, (size_t)(strrchr(e->deps.v[i].path, '/') - e->deps.v[i].path));
	bool ok = true;
	for (int i = 0; i < dirs.n; i++) {
		char *p = name[0] == '/' ? xstrdup(name) : fmt("%s/%s", dirs.v[i], name);
		ok &= oneline(p);
		vpush(*absent, p);
	}
	strsfree(&dirs);
	free(name);
	return ok && stillabsent(absent); /* not one that appeared while the file was parsed */
}

/* The entry's bytes for u. */
static bool
encode(const UnitEntry *e, const Unit *u, Buf *b)
{
	Strs absent = {0};
	if (u->refused && !absentpaths(e, u, &absent)) {
		strsfree(&absent);
		return false;
	}
	bputs(b, FORMAT "\n");
	bputs(b, e->text);
	wnum(b, e->deps.n);
	for (int i = 0; i < e->deps.n; i++) {
		const Dep *d = &e->deps.v[i];
		wstr(b, d->path);
		wstr(b, d->name);
		long long f[] = {(long long)d->dev, (long long)d->ino, (long long)d->size, (long long)d->mtime};
		for (size_t k = 0; k < sizeof f / sizeof *f; k++)
			wnum(b, f[k]);
	}
	wnum(b, absent.n);
	for (int i = 0; i < absent.n; i++)
		wstr(b, absent.v[i]);
	strsfree(&absent);
	wunit(b, u);
	unsigned long long sum = hash64(HASH64_0, b->v, (size_t)b->n);
	bputn(b, (const char *)&sum, 8);
	return true;
}

/* Removes the entries no run loaded for UNUSED_DAYS, at most once a day:
 * the directory holds one entry per file, too many to list at each store. */
static void
evictdaily(const char *dir)
{
	char *stamp = fmt("%s/evicted", dir);
	struct stat sb;
	if (stat(stamp, &sb) || sb.st_mtime < time(NULL) - 86400) {
		int fd = open(stamp, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
		if (fd >= 0)
			close(fd);
		utimensat(AT_FDCWD, stamp, NULL, 0);
		evict(dir, "unit");
	}
	free(stamp);
}

/* Stores u, the parse's result, when its files could all be recorded and
 * it is no passing failure; then lets go of e. */
void
units_save(UnitEntry *e, const Unit *u)
{
	Buf b = {0};
	if (e->dir && e->ok && e->ntu && encode(e, u, &b)) {
		char *name = fmt("%s.unit", e->key);
		if (writeinto(e->dir, name, b.v, (size_t)b.n))
			evictdaily(e->dir);
		free(name);
	}
	free(b.v);
	entryfree(e);
}
