/* rules.c: CUDA and library API semantics read from the rules files.
 *
 * One API per line: NAME KIND EFFECT...  (doc/rules.md has the grammar).
 * A NAME ending in '*' matches every qualified name with that prefix; the
 * longest matching pattern wins, an exact name beats every pattern. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <uthash.h>

#include "cuflow.h"

typedef struct {
	char *key;
	Rule *rule;
	UT_hash_handle hh;
} Entry;

struct Rules {
	Entry *exact;
	VEC(Rule *) wild; /* longest first */
	VEC(Rule *) all;
	unsigned long long sum; /* rules_sum */
};

static const char *kindnames[RK_NKINDS] = {
	[RK_UNKNOWN] = "unknown", [RK_PURE] = "pure", [RK_HOST] = "host", [RK_IO] = "io",
	[RK_TIMER] = "timer", [RK_EXIT] = "exit", [RK_COPY] = "copy", [RK_MEMSET] = "memset",
	[RK_ALLOC] = "alloc", [RK_FREE] = "free", [RK_SYNC] = "sync", [RK_LAUNCH] = "launch",
	[RK_EVENT] = "event", [RK_STREAM] = "stream", [RK_DEVICE] = "device",
	[RK_ATOMIC] = "atomic", [RK_UNSAFE] = "unsafe",
};

const char *
rkind_name(int kind)
{
	return kind >= 0 && kind < RK_NKINDS ? kindnames[kind] : "?";
}

Rules *
rules_new(void)
{
	return xcalloc(1, sizeof(Rules));
}

/* An argument's index: digits only, below a bound no call reaches, so the
 * analyses' "arg < nargs" checks cannot be fooled by an overflow. */
enum { MAXARG = 1024 };
static bool
parseindex(const char *s, int *arg)
{
	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	char *end;
	long v = strtol(s, &end, 10);
	if (*end || errno || v >= MAXARG)
		return false;
	*arg = (int)v;
	return true;
}

/* "3" "*3" "**3" "this" "*this" "all" "*all" "ret" */
static bool
parsearg(const char *s, int *arg, uint8_t *deref)
{
	*deref = AD_VALUE;
	while (*s == '*') {
		(*deref)++;
		s++;
	}
	if (*deref > AD_PTR2)
		return false;
	if (!strcmp(s, "this"))
		*arg = ARG_THIS;
	else if (!strcmp(s, "all"))
		*arg = ARG_ALL;
	else if (!strcmp(s, "ret"))
		*arg = ARG_RET;
	else
		return parseindex(s, arg);
	return true;
}

static int
parsespace(const char *s)
{
	static const char *n[] = {[SP_HOST] = "host", [SP_DEVICE] = "device", [SP_MANAGED] = "managed",
	                          [SP_PINNED] = "pinned", [SP_SYMBOL] = "symbol", [SP_UNKNOWN] = "",
	                          [SP_HANDLE] = "handle"};
	for (int i = SP_HOST; i <= SP_HANDLE; i++)
		if (*n[i] && !strcmp(s, n[i]))
			return i;
	return -1;
}

/* One effect token: word(a,b). Returns false on a malformed token. */
typedef VEC(Effect) Effects;

static bool
parseeffect(char *tok, Rule *r, Effects *out)
{
	char *open = strchr(tok, '('), *a = NULL, *b = NULL;
	if (open) {
		size_t n = strlen(tok);
		if (tok[n - 1] != ')')
			return false;
		tok[n - 1] = 0;
		*open = 0;
		a = open + 1;
		char *comma = strchr(a, ',');
		if (comma) {
			*comma = 0;
			b = comma + 1;
		}
	}
	Effect e = {0};
	if (!strcmp(tok, "async") && !a)
		return r->flags |= RF_ASYNC, true;
	if (!strcmp(tok, "noreturn") && !a)
		return r->flags |= RF_NORETURN, true;
	if (!strcmp(tok, "device") && !a)
		return r->flags |= RF_DEVICE, true;
	if (!strcmp(tok, "body") && !a)
		return r->flags |= RF_BODY, true;
	if (!strcmp(tok, "context") && !a)
		return r->flags |= RF_CONTEXT, true;
	if (!strcmp(tok, "legacy") && !a)
		return r->flags |= RF_LEGACY, true;
	if (!strcmp(tok, "zero") && !a)
		return r->flags |= RF_ZERO, true;
	if (!strcmp(tok, "onedevice") && !a)
		return r->flags |= RF_ONEDEV, true;
	if (!strcmp(tok, "atexit") && !a)
		return r->flags |= RF_ATEXIT, true;
	if (!strcmp(tok, "throws") && !a)
		return r->flags |= RF_THROWS, true;
	if (!a)
		return false;
	if (!strcmp(tok, "read") || !strcmp(tok, "write") || !strcmp(tok, "rw")) {
		if (b || !parsearg(a, &e.arg, &e.deref))
			return false;
		if (tok[0] != 'w') {
			e.what = EF_READ;
			vpush(*out, e);
		}
		if (tok[0] != 'r' || tok[1] == 'w') {
			e.what = EF_WRITE;
			vpush(*out, e);
		}
		return true;
	}
	if (!strcmp(tok, "alloc")) {
		if (!b || !parsearg(a, &e.arg, &e.deref) || (e.space = parsespace(b)) < 0)
			return false;
		e.what = EF_ALLOC;
		vpush(*out, e);
		return true;
	}
	if (!strcmp(tok, "stream") || !strcmp(tok, "record")) { /* a stream or event is a value: an index only */
		if (b || !parseindex(a, &e.arg))
			return false;
		e.what = tok[0] == 's' ? EF_STREAM : EF_RECORD;
		vpush(*out, e);
		return true;
	}
	if (!strcmp(tok, "free") || !strcmp(tok, "ret")) {
		if (b || !parsearg(a, &e.arg, &e.deref))
			return false;
		e.what = tok[0] == 'f' ? EF_FREE : EF_RETARG;
		vpush(*out, e);
		return true;
	}
	if (!strcmp(tok, "alias") || !strcmp(tok, "copy")) {
		/* alias(*0,1): *arg0 receives arg1's value; copy(*0,*1): what *arg1 holds */
		uint8_t d;
		if (!b || !parsearg(a, &e.arg, &e.deref) || !parsearg(b, &e.arg2, &d))
			return false;
		e.what = tok[0] == 'a' ? EF_ALIAS : EF_COPYC;
		vpush(*out, e);
		return true;
	}
	if (!strcmp(tok, "bytes")) { /* bytes(N) or bytes(N,M): argN's value, times argM's */
		e.arg2 = -1;
		if (!parseindex(a, &e.arg) || (b && !parseindex(b, &e.arg2)))
			return false;
		e.what = EF_BYTES;
		vpush(*out, e);
		return true;
	}
	if (!strcmp(tok, "launch")) {
		if (!b || !parseindex(a, &e.arg) || !parseindex(b, &e.arg2))
			return false;
		e.what = EF_LAUNCH;
		vpush(*out, e);
		return true;
	}
	if (!strcmp(tok, "sync")) {
		e.what = EF_SYNC;
		if (!strcmp(a, "device") && !b)
			e.space = SY_DEVICE;
		else if (!strcmp(a, "default") && !b)
			e.space = SY_DEFAULT;
		else if (!strcmp(a, "stream") && b && parseindex(b, &e.arg))
			e.space = SY_STREAM;
		else if (!strcmp(a, "event") && b && parseindex(b, &e.arg))
			e.space = SY_EVENT;
		else if (!strcmp(a, "copy") && b && parseindex(b, &e.arg))
			e.space = SY_COPY;
		else
			return false;
		vpush(*out, e);
		return true;
	}
	return false;
}

static void
addrule(Rules *rs, Rule *r)
{
	vpush(rs->all, r);
	size_t n = strlen(r->name);
	if (n && r->name[n - 1] == '*') {
		for (int i = 0; i < rs->wild.n; i++)
			if (!strcmp(rs->wild.v[i]->name, r->name)) { /* a later file refines the pattern */
				rs->wild.v[i] = r;
				return;
			}
		vpush(rs->wild, r);
		return;
	}
	Entry *e;
	HASH_FIND_STR(rs->exact, r->name, e);
	if (e) { /* a later file overrides: users refine the shipped rules */
		e->rule = r;
		return;
	}
	e = xcalloc(1, sizeof *e);
	e->key = r->name;
	e->rule = r;
	HASH_ADD_KEYPTR(hh, rs->exact, e->key, strlen(e->key), e);
}

static int
bylen(const void *a, const void *b)
{
	size_t la = strlen((*(Rule *const *)a)->name), lb = strlen((*(Rule *const *)b)->name);
	return la < lb ? 1 : la > lb ? -1 : 0;
}

int
rules_load(Rules *rs, const char *path, char **err)
{
	size_t len;
	char *src = readfile(path, &len, err);
	if (!src) {
		*err = fmt("%s: %s", path, *err);
		return -1;
	}
	int rc = rules_parse(rs, path, src, err);
	free(src);
	return rc;
}

/* Parses rule text; name is where it came from, for messages. */
int
rules_parse(Rules *rs, const char *path, const char *text, char **err)
{
	char *src = xstrdup(text);
	int lineno = 0;
	/* what the rules say depends on the texts and their order (a later file
	 * overrides); the unit cache keys on it (front/units.c) */
	rs->sum = hash64(hash64(rs->sum, path, strlen(path) + 1), text, strlen(text) + 1);
	for (char *line = src, *next; line && *line; line = next) {
		lineno++;
		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		char *hash = strchr(line, '#');
		if (hash)
			*hash = 0;
		char *save, *name = strtok_r(line, " \t\r", &save);
		if (!name)
			continue;
		char *kind = strtok_r(NULL, " \t\r", &save);
		Rule *r = xcalloc(1, sizeof *r);
		r->name = xstrdup(name);
		r->file = xstrdup(path);
		r->line = lineno;
		r->kind = -1;
		for (int k = 0; kind && k < RK_NKINDS; k++)
			if (!strcmp(kind, kindnames[k]))
				r->kind = k;
		if (r->kind < 0) {
			*err = fmt("%s:%d: unknown kind '%s'", path, lineno, kind ? kind : "");
			free(r->name);
			free(r->file);
			free(r);
			free(src);
			return -1;
		}
		Effects effs = {0};
		for (char *t; (t = strtok_r(NULL, " \t\r", &save));) {
			char *whole = xstrdup(t); /* parseeffect cuts the token up */
			bool ok = parseeffect(t, r, &effs);
			if (!ok) {
				*err = fmt("%s:%d: bad effect '%s'", path, lineno, whole);
				free(whole);
				free(effs.v);
				free(r->name);
				free(r->file);
				free(r);
				free(src);
				return -1;
			}
			free(whole);
		}
		r->eff = effs.v;
		r->neff = effs.n;
		addrule(rs, r);
	}
	free(src);
	/* sorted now, so lookups never write and threads can share the rules */
	if (rs->wild.n)
		qsort(rs->wild.v, rs->wild.n, sizeof *rs->wild.v, bylen);
	return 0;
}

static int
cmpname(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Loads every *.rules file of dir in name order. */
int
rules_loaddir(Rules *rs, const char *dir, char **err)
{
	DIR *d = opendir(dir);
	if (!d) {
		*err = fmt("%s: cannot open rules directory", dir);
		return -1;
	}
	VEC(char *) names = {0};
	for (struct dirent *e; (e = readdir(d));) {
		size_t n = strlen(e->d_name);
		if (n > 6 && !strcmp(e->d_name + n - 6, ".rules"))
			vpush(names, fmt("%s/%s", dir, e->d_name));
	}
	closedir(d);
	qsort(names.v, names.n, sizeof *names.v, cmpname);
	int rc = 0;
	for (int i = 0; i < names.n; i++) {
		if (!rc && rules_load(rs, names.v[i], err))
			rc = -1;
		free(names.v[i]);
	}
	vfree(names);
	return rc;
}

typedef struct {
	const char *name, *text;
} Embedded;
extern const Embedded cuflow_rules[];
/* The shipped rules, then the user's files or directories; NULL and a
 * reason when one does not load. */
Rules *
rules_loadall(const char *const *extra, int n, char **err)
{
	Rules *rs = rules_new();
	for (const Embedded *e = cuflow_rules; e->name; e++)
		if (rules_parse(rs, e->name, e->text, err)) {
			rules_free(rs);
			return NULL;
		}
	for (int i = 0; i < n; i++) {
		struct stat sb;
		int rc = stat(extra[i], &sb) == 0 && S_ISDIR(sb.st_mode) ? rules_loaddir(rs, extra[i], err)
		                                                         : rules_load(rs, extra[i], err);
		if (rc) {
			rules_free(rs);
			return NULL;
		}
	}
	return rs;
}

/* Does a sync effect block the host for this call? */
bool
hostwaits(const Effect *e, const long long *argk, int nargs)
{
	if (e->what != EF_SYNC)
		return false;
	if (e->space != SY_COPY)
		return true;
	long long k = e->arg < nargs ? argk[e->arg] : 0; /* left out: the default, host-to-device or 0 */
	return k == 0 || k == 1 || k == 2;
}

/* A rule written for exactly this name: it describes the function even
 * where the program has its body (a user's wrapper). */
const Rule *
rules_exact(const Rules *rs, const char *name)
{
	Entry *e;
	HASH_FIND_STR(rs->exact, name, e);
	return e ? e->rule : NULL;
}

const Rule *
rules_find(const Rules *rs, const char *name)
{
	Entry *e;
	HASH_FIND_STR(rs->exact, name, e);
	if (e)
		return e->rule;
	for (int i = 0; i < rs->wild.n; i++) {
		Rule *r = rs->wild.v[i];
		if (!strncmp(name, r->name, strlen(r->name) - 1))
			return r;
	}
	/* <cstdlib> and its kin declare the C library in std: std::free is free
	 * (an exact rule only: std::make_unique is no make_* vector maker) */
	if (!strncmp(name, "std::", 5) && !strchr(name + 5, ':'))
		HASH_FIND_STR(rs->exact, name + 5, e);
	return e ? e->rule : NULL;
}

unsigned long long
rules_sum(const Rules *rs)
{
	return rs ? rs->sum : 0;
}

void
rules_free(Rules *rs)
{
	Entry *e, *tmp;
	HASH_ITER(hh, rs->exact, e, tmp) {
		HASH_DEL(rs->exact, e);
		free(e);
	}
	for (int i = 0; i < rs->all.n; i++) {
		Rule *r = rs->all.v[i];
		free(r->name);
		free(r->file);
		free(r->eff);
		free(r);
	}
	vfree(rs->all);
	vfree(rs->wild);
	free(rs);
}
