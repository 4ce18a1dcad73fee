/* driver.c: finds the inputs, parses them, groups them into programs, runs
 * the analyses and passes on each, then prints the diff and the report or
 * rewrites the files. */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <uthash.h>

#include "cuflow.h"
#include "report/report.h"

/* The text of u with the plan's moves applied (NULL and a reason when the
 * edits overlap); *changed says whether it differs. */
static char *
rewrite(const Unit *u, const Plan *plan, size_t *len, bool *changed, char **err)
{
	Edits all = {0};
	for (int c = 0; c < plan->n; c++)
		for (int k = 0; plan->v[c].kind == CH_MOVE && k < plan->v[c].edits.n; k++)
			if (editunit(&plan->v[c], &plan->v[c].edits.v[k]) == u)
				vpush(all, plan->v[c].edits.v[k]);
	char *out = applyedits(u->src, u->len, &all, len, err);
	vfree(all);
	*changed = out && (*len != u->len || memcmp(out, u->src, *len));
	return out;
}

/* Whether a and b name the same file (through links); false when either
 * does not exist. */
static bool
samefile(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Each file once, however often it was named (a.cu a.cu, dir dir/a.cu):
 * printed twice in one diff, patch would apply it and then revert it. Keyed
 * by device and inode (a database's thousands of files: no pairwise stats). */
typedef struct {
	char *key;
	UT_hash_handle hh;
} Seen;

static void
dedupe(Strs *files, Ints *origin)
{
	Seen *tab = NULL, *e, *t;
	int n = 0;
	for (int i = 0; i < files->n; i++) {
		struct stat sb;
		char *key = stat(files->v[i], &sb) ? fmt("n:%s", files->v[i])
		                                   : fmt("i:%llx:%llx", (unsigned long long)sb.st_dev, (unsigned long long)sb.st_ino);
		HASH_FIND_STR(tab, key, e);
		if (e) {
			free(files->v[i]);
			free(key);
		} else {
			e = xcalloc(1, sizeof *e);
			e->key = key;
			HASH_ADD_KEYPTR(hh, tab, e->key, strlen(e->key), e);
			origin->v[n] = origin->v[i];
			files->v[n++] = files->v[i];
		}
	}
	files->n = origin->n = n;
	HASH_ITER(hh, tab, e, t) {
		HASH_DEL(tab, e);
		free(e->key);
		free(e);
	}
}

/* Does path name an existing C, C++ or CUDA source or header (a header the
 * inputs include, which no input list names)? */
static bool
existingsource(const char *path)
{
	static const char *exts[] = {".cu", ".cuh", ".h", ".hh", ".hpp", ".hxx", ".inl", ".c", ".cc", ".cpp", ".cxx"};
	const char *dot = strrchr(path, '.');
	struct stat sb;
	if (!dot || strchr(dot, '/') || stat(path, &sb) || !S_ISREG(sb.st_mode))
		return false;
	for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
		if (!strcmp(dot, exts[i]))
			return true;
	return false;
}

/* An output option naming one of the inputs, which writing it would
 * destroy, or a report or fixes file naming an existing source; NULL when
 * none does. */
static const char *
clobbers(const Run *r, const Strs *files)
{
	const char *outs[] = {r->output, r->reportfile, r->exportfixes};
	const char *names[] = {"-o", "--report-file", "--export-fixes"};
	for (int o = 0; o < 3; o++) {
		for (int i = 0; outs[o] && i < files->n; i++)
			if (samefile(outs[o], files->v[i]))
				return names[o];
		if (o > 0 && outs[o] && existingsource(outs[o]))
			return names[o];
	}
	return NULL;
}

/* The file path names, its directory resolved (it may not exist yet). */
static char *
outpath(const char *path)
{
	char *d = xstrdup(path), *slash = strrchr(d, '/');
	const char *base = slash ? slash + 1 : path;
	if (slash)
		*slash = 0;
	char *rd = realpath(!slash ? "." : *d ? d : "/", NULL);
	char *r = rd ? fmt("%s/%s", rd, base) : xstrdup(path);
	free(rd);
	free(d);
	return r;
}

/* Two output options naming one file, where one would overwrite the
 * other's output: the later option's name in *b, the earlier's returned;
 * NULL when none do. */
static const char *
sameoutputs(const Run *r, const char **b)
{
	const char *outs[] = {r->output, r->reportfile, r->exportfixes};
	const char *names[] = {"-o", "--report-file", "--export-fixes"};
	for (int i = 0; i < 3; i++)
		for (int j = i + 1; j < 3; j++) {
			if (!outs[i] || !outs[j])
				continue;
			char *a = outpath(outs[i]), *c = outpath(outs[j]);
			bool same = !strcmp(a, c) || samefile(outs[i], outs[j]);
			free(a);
			free(c);
			if (same) {
				*b = names[j];
				return names[i];
			}
		}
	return NULL;
}

/* How a file came to be an input: a directory walk finds headers that only
 * parse inside their includers, and sources the build does not compile. */
enum { IN_NAMED, IN_WALKED, IN_NOTBUILT, IN_HOSTONLY };

static bool
isheader(const char *path)
{
	size_t n = strlen(path);
	return n > 4 && !strcmp(path + n - 4, ".cuh");
}

/* The files to analyse, and per file the compile flags -p gave it (or an
 * empty list) and its origin. With -p and no files: every CUDA file of the
 * database; with both: the named ones, with their database flags when they
 * have any. The database's other files, and the C/C++ sources a directory
 * holds, are the program's too: read for the calls they spell (IN_HOSTONLY;
 * a helper a .cpp file calls has a caller cuflow does not see). */

static int
inputs(Run *r, Strs *files, Strs **flags, Ints *origin)
{
	Strs dbfiles = {0}, *dbflags = NULL;
	if (r->opts.compdb) {
		char *err;
		if (compdb(r->opts.compdb, &dbfiles, &dbflags, &err)) {
			fprintf(stderr, "cuflow: %s\n", err);
			free(err);
			return -1;
		}
		if (!r->inputs.n) {
			*files = dbfiles;
			*flags = dbflags;
			for (int i = 0; i < files->n; i++)
				vpush(*origin, sourcekind(files->v[i]) == SK_CUDA ? IN_NAMED : IN_HOSTONLY);
			return 0;
		}
	}
	Strs cxx = {0};
	for (int i = 0; i < r->inputs.n; i++) {
		struct stat sb;
		bool dir = stat(r->inputs.v[i], &sb) == 0 && S_ISDIR(sb.st_mode);
		if (dir)
			walktree(r->inputs.v[i], files, &cxx);
		else
			vpush(*files, xstrdup(r->inputs.v[i]));
		while (origin->n < files->n)
			vpush(*origin, dir ? IN_WALKED : IN_NAMED);
	}
	for (int i = 0; i < cxx.n + dbfiles.n; i++) { /* after the inputs: dedupe keeps their origin */
		vpush(*files, i < cxx.n ? cxx.v[i] : xstrdup(dbfiles.v[i - cxx.n]));
		vpush(*origin, IN_HOSTONLY);
	}
	vfree(cxx);
	dedupe(files, origin);
	*flags = xcalloc(files->n + 1, sizeof **flags);
	for (int i = 0; i < files->n; i++) {
		char *real = realpath(files->v[i], NULL);
		int k = 0;
		while (real && k < dbfiles.n && strcmp(real, dbfiles.v[k]))
			k++;
		if (real && k < dbfiles.n)
			for (int j = 0; j < dbflags[k].n; j++)
				vpush((*flags)[i], xstrdup(dbflags[k].v[j]));
		else if (r->opts.compdb && origin->v[i] == IN_WALKED && !isheader(files->v[i]))
			origin->v[i] = IN_NOTBUILT;
		free(real);
	}
	for (int k = 0; k < dbfiles.n; k++) {
		free(dbfiles.v[k]);
		for (int j = 0; j < dbflags[k].n; j++)
			free(dbflags[k].v[j]);
		vfree(dbflags[k]);
	}
	free(dbflags);
	vfree(dbfiles);
	return 0;
}


static void
freeinputs(Strs *files, Strs *flags)
{
	for (int i = 0; i < files->n; i++) {
		free(files->v[i]);
		for (int k = 0; k < flags[i].n; k++)
			free(flags[i].v[k]);
		vfree(flags[i]);
	}
	free(flags);
	vfree(*files);
}

/* One run's shared state: the workers take files (then programs) by index
 * under the mutex; every result lands in its own slot, so the output does
 * not depend on the number of workers. */
typedef struct {
	Run *r;
	const Rules *rules;
	Strs *files, *flags;
	Unit **units;
	int n;
	pthread_mutex_t mu;
	int next, done, moves;
	int *group, ngroups;
	Ints *unseen; /* per program: files of it not analysed (prog_unseen) */
	Plan *plans;      /* per program */
	double *tanalyse; /* per file */
	bool tty;
	double t0;
	const int *origin; /* IN_* per file */
} Job;

static void
progress(Job *j, bool last)
{
	if (!j->tty || j->r->quiet)
		return;
	fprintf(stderr, "\rcuflow: %d/%d files, %d rewrites, %.1f s%s", j->done, j->n, j->moves, now() - j->t0,
	        last ? "\r\033[K" : "");
	fflush(stderr);
}

static int
take(Job *j)
{
	pthread_mutex_lock(&j->mu);
	int i = j->next++;
	pthread_mutex_unlock(&j->mu);
	return i;
}

static void *
parseworker(void *arg)
{
	Job *j = arg;
	for (int i; (i = take(j)) < j->n;) {
		Strs all = {0};
		Opts o = fileopts(&j->r->opts, &j->flags[i], &all);
		if (j->origin && j->origin[i] == IN_NOTBUILT)
			o.skip = "not in the compile database: the build does not compile it here";
		if (j->origin && j->origin[i] == IN_HOSTONLY)
			o.skip = "a source of the program not named: read for the calls it spells";
		Unit *u = unit_parse(j->files->v[i], &o, j->rules);
		u->hostonly = j->origin && j->origin[i] == IN_HOSTONLY;
		if (u->hostonly || u->nocuda)
			unit_scantext(u, &all);
		if (u->refused && j->origin && j->origin[i] != IN_NAMED && isheader(u->path)) {
			free(u->refused); /* analysed through the files that include it */
			free(u->fixhint);
			u->refused = u->fixhint = NULL;
			u->skipped = "a header found in a directory that does not parse on its own: its includers analyse it";
		}
		if (!u->refused && !u->skipped)
			cst_scan(u);
		vfree(all);
		pthread_mutex_lock(&j->mu);
		j->units[i] = u;
		j->done++;
		progress(j, false);
		pthread_mutex_unlock(&j->mu);
	}
	return NULL;
}

/* A program whose analysis stopped at the memory cap: none of its files is
 * rewritten, each is listed with the reason and the flag that lifts it. */
static void
refuseall(Unit **u, int n, const char *why)
{
	for (int i = 0; i < n; i++) {
		u[i]->refused = xstrdup(why);
		u[i]->fixhint = xstrdup("--max-memory=SIZE (0: no cap)");
	}
}

/* A unit's text as a round of passes left it, parsed with its file's flags
 * (driver/fixpoint.c); NULL when it cannot be: a header, a failed parse. */
static Unit *
reparse(void *ctx, const Unit *was, const char *text, size_t len, const int *origline)
{
	Job *j = ctx;
	int i = 0;
	while (i < j->n && j->units[i] != was)
		i++;
	if (i == j->n || isheader(was->path))
		return NULL;
	Strs all = {0};
	Opts o = fileopts(&j->r->opts, &j->flags[i], &all);
	o.text = text;
	o.textlen = len;
	o.origline = origline;
	Unit *u = unit_parse(was->path, &o, j->rules);
	vfree(all);
	if (u->refused || u->skipped) {
		unit_free(u);
		return NULL;
	}
	cst_scan(u);
	return u;
}

/* Analysis time of a program goes to each of its files, shared equally. */
static void *
analyseworker(void *arg)
{
	Job *j = arg;
	for (int g; (g = take(j)) < j->ngroups;) {
		VEC(Unit *) members = {0}, unseen = {0};
		for (int i = 0; i < j->n; i++)
			if (j->group[i] == g && !j->units[i]->refused && !j->units[i]->skipped)
				vpush(members, j->units[i]);
		for (int k = 0; k < j->unseen[g].n; k++)
			vpush(unseen, j->units[j->unseen[g].v[k]]);
		for (int i = 0; i < members.n; i++) {
			members.v[i]->unseen = unseen.v;
			members.v[i]->nunseen = unseen.n;
		}
		if (members.n) {
			double t0 = now();
			char *why = fixpoint(members.v, members.n, j->rules, &j->r->opts, j->r->passset, reparse, j, &j->plans[g]);
			if (why)
				refuseall(members.v, members.n, why);
			free(why);
			double t = (now() - t0) / members.n;
			for (int i = 0; i < j->n; i++)
				if (j->group[i] == g)
					j->tanalyse[i] = t;
		}
		for (int i = 0; i < members.n; i++)
			members.v[i]->unseen = NULL;
		vfree(members);
		vfree(unseen);
		pthread_mutex_lock(&j->mu);
		for (int c = 0; c < j->plans[g].n; c++)
			j->moves += j->plans[g].v[c].kind == CH_MOVE;
		progress(j, false);
		pthread_mutex_unlock(&j->mu);
	}
	return NULL;
}

static void
parallel(Job *j, void *(*fn)(void *))
{
	int nt = j->r->jobs;
	j->next = 0;
	if (nt <= 1) {
		fn(j);
		return;
	}
	pthread_t *t = xcalloc(nt, sizeof *t);
	for (int i = 0; i < nt; i++)
		if (pthread_create(&t[i], NULL, fn, j)) {
			fprintf(stderr, "cuflow: cannot start a worker thread\n");
			exit(2);
		}
	for (int i = 0; i < nt; i++)
		pthread_join(t[i], NULL);
	free(t);
}

static int
unitindex(Job *j, const Unit *u)
{
	for (int i = 0; i < j->n; i++)
		if (j->units[i] == u)
			return i;
	return -1;
}

/* Every program's changes in input-file order, then line order. */
static void
mergeplans(Job *j, Plan *plan)
{
	for (int g = 0; g < j->ngroups; g++) {
		for (int c = 0; c < j->plans[g].n; c++)
			vpush(*plan, j->plans[g].v[c]);
		vfree(j->plans[g]);
	}
	for (int a = 1; a < plan->n; a++) /* insertion sort: stable, plans are nearly sorted */
		for (int b = a; b > 0; b--) {
			Change *x = &plan->v[b - 1], *y = &plan->v[b];
			int ux = unitindex(j, x->u), uy = unitindex(j, y->u);
			if (ux < uy || (ux == uy && x->line <= y->line))
				break;
			Change t = *x;
			*x = *y;
			*y = t;
		}
}

static void
analyseall(Job *j, Plan *plan)
{
	j->group = xcalloc(j->n + 1, sizeof *j->group);
	j->ngroups = prog_groups(j->units, j->n, j->group);
	j->unseen = xcalloc(j->ngroups + 1, sizeof *j->unseen);
	prog_unseen(j->units, j->n, j->group, j->unseen);
	j->plans = xcalloc(j->ngroups + 1, sizeof *j->plans);
	j->tanalyse = xcalloc(j->n + 1, sizeof *j->tanalyse);
	parallel(j, analyseworker);
	mergeplans(j, plan);
}

/* --verify: every program whose files would change, its original and its
 * rewrite run on the CPU (verify.c), the verdict added to the plan. A
 * rewrite that fails is left out: its files' edits are marked not applied,
 * and the exit status is 4 (unless something else failed first). */
static void
verifyall(Job *j, Plan *plan, char **editerr, int *rc)
{
	for (int g = 0; g < j->ngroups; g++) {
		VEC(Unit *) us = {0};
		Ints at = {0};
		Strs texts = {0};
		VEC(size_t) lens = {0};
		bool changed = false;
		for (int i = 0; i < j->n; i++) {
			if (j->group[i] != g)
				continue;
			Unit *u = j->units[i];
			size_t len = 0;
			bool ch = false;
			char *err = NULL, *text = u->refused || u->skipped ? NULL : rewrite(u, plan, &len, &ch, &err);
			free(err);
			if (!ch) {
				free(text);
				text = NULL;
			}
			changed |= ch;
			vpush(us, u);
			vpush(at, i);
			vpush(texts, text);
			vpush(lens, len);
		}
		if (changed) {
			Strs all = {0};
			Opts o = fileopts(&j->r->opts, &j->flags[at.v[0]], &all);
			Change c = verifyprogram(j->r, &o, us.v, texts.v, lens.v, us.n);
			for (int k = 0; c.how == VF_DIFFERS && k < at.n; k++)
				editerr[at.v[k]] = fmt("--verify: %s", c.stop);
			if (c.how == VF_DIFFERS && *rc == 0)
				*rc = 4;
			vpush(*plan, c);
			vfree(all);
		}
		for (int k = 0; k < texts.n; k++)
			free(texts.v[k]);
		vfree(us);
		vfree(at);
		vfree(texts);
		vfree(lens);
	}
}

/* Prints text and flushes it; false with a message when it did not all
 * get out (a full disk, /dev/full): a lost diff must not look like success. */
static bool
emit(const char *text, FILE *to)
{
	if (fputs(text, to) >= 0 && fflush(to) == 0 && !ferror(to))
		return true;
	if (to != stderr)
		fprintf(stderr, "cuflow: cannot write the output: %s\n", strerror(errno));
	return false;
}

/* Does a change of the plan take something out of file a and put it into
 * file b (a sync that leaves a helper for a caller in another file, or a
 * caller for a callee there)? */
static bool
feeds(const Plan *plan, const Unit *a, const Unit *b)
{
	for (int c = 0; c < plan->n; c++)
		for (int k = 0; plan->v[c].u == a && plan->v[c].kind == CH_MOVE && k < plan->v[c].edits.n; k++)
			if (editunit(&plan->v[c], &plan->v[c].edits.v[k]) == b)
				return true;
	return false;
}

/* A change across files is made in every one of them or in none: when one
 * file's edits cannot be applied, the files it shares such a change with
 * are left alone too. */
static void
leavetogether(Unit **units, int n, const Plan *plan, char **outs, bool *changed, char **editerr, int *rc)
{
	for (bool more = true; more;) {
		more = false;
		for (int i = 0; i < n; i++)
			for (int k = 0; editerr[i] && k < n; k++)
				if (k != i && !editerr[k] && outs[k] &&
				    (feeds(plan, units[i], units[k]) || feeds(plan, units[k], units[i]))) {
					editerr[k] = fmt("a change across files also edits %s, which is left alone", units[i]->path);
					fprintf(stderr, "cuflow: %s: file left alone: %s\n", units[k]->path, editerr[k]);
					free(outs[k]);
					outs[k] = NULL;
					changed[k] = false;
					*rc = 3;
					more = true;
				}
	}
}

/* -i: every changed file's new text staged beside it, then all renamed
 * into place; a file that cannot be staged leaves alone, with it, the
 * files it shares a change across files with (leavetogether), so no sync
 * leaves one file for another that did not take it. */
static void
writeall(Unit **units, int n, const Plan *plan, char **outs, const size_t *lens, bool *changed, char **editerr,
         int *rc)
{
	Batch *b = batchbegin(n);
	for (int i = 0; i < n; i++)
		if (outs[i] && changed[i] &&
		    batchstage(b, i, units[i]->path, outs[i], lens[i], units[i]->src, units[i]->len, &editerr[i])) {
			fprintf(stderr, "cuflow: %s: %s\n", units[i]->path, editerr[i]);
			free(outs[i]);
			outs[i] = NULL;
			changed[i] = false;
			*rc = 3;
		}
	leavetogether(units, n, plan, outs, changed, editerr, rc);
	/* the files that take a sync out of another are renamed first: when one
	 * cannot be, the files it takes from are not renamed (a wait twice,
	 * never none) */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n; i++) {
			bool takes = false;
			for (int k = 0; k < n && !takes; k++)
				takes = k != i && feeds(plan, units[k], units[i]);
			char *err = NULL;
			if (!outs[i] || takes != (pass == 0) || !batchcommit(b, i, &err))
				continue;
			fprintf(stderr, "cuflow: %s: %s\n", units[i]->path, err);
			free(editerr[i]);
			editerr[i] = err;
			*rc = 3;
			for (int k = 0; k < n; k++)
				if (k != i && outs[k] && feeds(plan, units[k], units[i])) {
					editerr[k] = fmt("%s could not take its sync", units[i]->path);
					fprintf(stderr, "cuflow: %s: file left alone: %s\n", units[k]->path, editerr[k]);
					free(outs[k]);
					outs[k] = NULL;
					changed[k] = false;
				}
		}
	batchend(b); /* drops the files left alone */
}

/* Each analysed file's text with the plan applied: written back (-i) or
 * printed as a diff. Returns whether a diff was printed; *rc becomes 3 when
 * a file's edits cannot be applied or written. */
static bool
rewriteall(Run *r, Unit **units, int n, const Plan *plan, bool *changed, char **editerr, int *rc)
{
	bool pending = false;
	char **outs = xcalloc(n + 1, sizeof *outs);
	size_t *lens = xcalloc(n + 1, sizeof *lens);
	for (int i = 0; i < n; i++) {
		Unit *u = units[i];
		if (u->refused || u->skipped || editerr[i]) /* editerr: a rewrite --verify left out */
			continue;
		outs[i] = rewrite(u, plan, &lens[i], &changed[i], &editerr[i]);
		if (!outs[i]) {
			fprintf(stderr, "cuflow: %s: internal error, file left alone: %s\n", u->path, editerr[i]);
			*rc = 3;
		}
	}
	leavetogether(units, n, plan, outs, changed, editerr, rc);
	if (r->inplace)
		writeall(units, n, plan, outs, lens, changed, editerr, rc);
	for (int i = 0; !r->inplace && i < n; i++)
		if (outs[i] && changed[i]) {
			Buf d = {0};
			unidiff(&d, units[i]->path, units[i]->src, units[i]->len, outs[i], lens[i]);
			if (!emit(bstr(&d), stdout))
				*rc = 3;
			free(d.v);
			pending = true;
		}
	for (int i = 0; i < n; i++)
		free(outs[i]);
	free(outs);
	free(lens);
	return pending;
}

/* The report in the format asked for, to stderr or --report-file (when
 * that cannot be written: to stderr, and nonzero). */
static int
report(Run *r, const Report *rep)
{
	Buf b = {0};
	ReportFn print = reportformat(r->report ? r->report : "text");
	print(&b, rep);
	if (print == textreport) {
		for (int i = 0; r->timing && i < rep->nunits; i++) {
			const Unit *u = rep->units[i];
			bprintf(&b, "timing %s parse=%.4f build=%.4f analyse=%.4f mode=%s%s cache=%s\n", u->path, u->tparse,
			        u->tbuild, rep->tanalyse1[i], u->mode == PM_CUDA ? "cuda" : "minimal", u->refused ? " refused" : "",
			        u->cache ? u->cache : "-");
		}
	}
	int rc = 0;
	char *err = NULL;
	if (r->reportfile && writeatomic(r->reportfile, b.v, b.n, NULL, 0, &err)) {
		fprintf(stderr, "cuflow: cannot write the report to %s: %s\n", r->reportfile, err);
		free(err);
		emit(bstr(&b), stderr);
		rc = 3;
	} else if (!r->reportfile)
		emit(bstr(&b), stderr);
	free(b.v);
	return rc;
}

/* --export-fixes: nonzero when the file cannot be written. */
static int
writefixes(Run *r, const Report *rep)
{
	Buf b = {0};
	char *err = NULL;
	exportfixes(&b, rep);
	int rc = writeatomic(r->exportfixes, bstr(&b), b.n, NULL, 0, &err);
	if (rc)
		fprintf(stderr, "cuflow: cannot write the fixes to %s: %s\n", r->exportfixes, err);
	free(err);
	free(b.v);
	return rc != 0;
}

/* -o DIR/ (or an existing directory): one output per unit. */
static bool
isdirout(const char *out)
{
	struct stat st;
	size_t n = strlen(out);
	return (n && out[n - 1] == '/') || (!stat(out, &st) && S_ISDIR(st.st_mode));
}

/* DIR/NAME.cpp for unit path .../NAME.cu */
static char *
unitout(const char *dir, const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path, *dot = strrchr(base, '.');
	size_t n = strlen(dir);
	return fmt("%s%s%.*s.cpp", dir, n && dir[n - 1] == '/' ? "" : "/", dot ? (int)(dot - base) : (int)strlen(base), base);
}

/* Writes each unit's text (units: path, text, ...) to its DIR/NAME.cpp;
 * none when two units share a name. */
static int
writeunits(const char *dir, const Strs *units)
{
	int rc = 0;
	char *err = NULL;
	for (int i = 0; i < units->n && !rc; i += 2)
		for (int j = 0; j < i && !rc; j += 2) {
			char *a = unitout(dir, units->v[i]), *b = unitout(dir, units->v[j]);
			if (!strcmp(a, b)) {
				fprintf(stderr, "cuflow: %s and %s would both be written to %s: give -o a file\n", units->v[j],
				        units->v[i], a);
				rc = 3;
			}
			free(a);
			free(b);
		}
	if (!rc && mkdir(dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "cuflow: %s: %s\n", dir, strerror(errno));
		rc = 3;
	}
	for (int i = 0; i < units->n && !rc; i += 2) {
		char *path = unitout(dir, units->v[i]);
		rc = writeatomic(path, units->v[i + 1], strlen(units->v[i + 1]), NULL, 0, &err);
		if (rc)
			fprintf(stderr, "cuflow: %s: %s\n", path, err);
		free(path);
		free(err);
		err = NULL;
	}
	return rc;
}

/* --lower=openmp: the whole program into one C++ file, or one per unit
 * into a directory, or nothing. */
static int
lowerfiles(Run *r, Strs *files, Strs *flags)
{
	Strs all = {0}, units = {0};
	Opts o = fileopts(&r->opts, files->n ? &flags[0] : NULL, &all); /* one set of flags: the program's */
	char *out = NULL, *err = NULL;
	bool dir = isdirout(r->output);
	int rc = lowerprogram((const char **)files->v, files->n, &o, NULL, &out, dir ? &units : NULL, &err);
	if (!rc && dir)
		rc = writeunits(r->output, &units);
	else if (!rc) {
		rc = writeatomic(r->output, out, strlen(out), NULL, 0, &err);
		if (rc)
			fprintf(stderr, "cuflow: %s: %s\n", r->output, err);
	} else
		fputs(err, stderr);
	for (int i = 0; i < units.n; i++)
		free(units.v[i]);
	vfree(units);
	freeinputs(files, flags);
	vfree(all);
	free(out);
	free(err);
	return rc ? 3 : 0;
}

/* --lower=coexec's CPU side: OUT.cu -> OUT-cpu.cpp */
static char *
cpupath(const char *out)
{
	const char *slash = strrchr(out, '/'), *dot = strrchr(out, '.');
	int n = dot && (!slash || dot > slash) ? (int)(dot - out) : (int)strlen(out);
	return fmt("%.*s-cpu.cpp", n, out);
}

static void
coexecreport(const Run *r, const char *cpu, const CxPlan *plan)
{
	fprintf(stderr, "cuflow --lower=coexec: %s (CUDA, the GPU's side) and %s (C++/OpenMP, the CPU's side)\n",
	        r->output, cpu);
	if (!plan->k.n)
		fprintf(stderr, "  no kernel to share: %s is the program as it was\n", r->output);
	bool split = false;
	for (int i = 0; i < plan->k.n; i++)
		split |= !plan->k.v[i].why;
	if (split && plan->eager)
		fprintf(stderr, "  copies: the program's own (line %d, %s, reaches device memory in a way cuflow cannot "
		                "take over): each split launch copies its part's bytes from the device and back\n",
		        plan->eagerline, plan->eager);
	else if (split)
		fprintf(stderr, "  copies: the runtime takes them over (bytes stay on the host until a part needs them; "
		                "CUFLOW_COEXEC_LAZY=0 keeps the program's own); %d call%s first make%s every allocation "
		                "current on the device\n",
		        plan->flushes, plan->flushes == 1 ? "" : "s", plan->flushes == 1 ? "s" : "");
	for (int i = 0; i < plan->k.n; i++) {
		const CxKernel *k = &plan->k.v[i];
		if (k->why)
			fprintf(stderr, "  %s:%d %s: on the GPU alone: %s\n", k->file, k->line, k->name, k->why);
		else
			fprintf(stderr, "  %s:%d %s: on the CPU and the GPU, %d launch%s split by the runtime%s%s%s\n", k->file,
			        k->line, k->name, k->nlaunch, k->nlaunch == 1 ? "" : "es",
			        k->inplace ? " (it reads and writes through " : "", k->inplace ? k->inplace : "",
			        k->inplace ? ": on both only where each block's elements are its own)" : "");
		for (int j = 0; j < k->left.n && !k->why; j++)
			fprintf(stderr, "    the launch at line %d stays on the GPU: %s\n", k->left.v[j].line, k->left.v[j].why);
	}
}

/* --lower=coexec: the program's one file as a CUDA program whose kernels
 * may run on the CPU and the GPU at once (pass/coexec.c), and its kernels'
 * CPU side (the lowering, with an entry per kernel). */
static int
coexecfile(Run *r, const Rules *rules, Strs *files, Strs *flags)
{
	Strs all = {0};
	Opts o = fileopts(&r->opts, &flags[0], &all);
	CxFacts facts = {0};
	CxPlan plan = {0};
	char *cpu = NULL, *err = NULL, *gpu = NULL, *cpuout = cpupath(r->output);
	Unit *u = NULL;
	int rc = lowerprogram((const char **)files->v, 1, &o, &facts, &cpu, NULL, &err);
	if (rc)
		fputs(err, stderr);
	else {
		u = unit_parse(files->v[0], &o, rules);
		if (u->refused) {
			fprintf(stderr, "cuflow: %s: %s\n", u->path, u->refused);
			rc = 3;
		} else {
			cst_scan(u);
			err = runcoexec(&u, 1, rules, &o, &facts, &plan);
			size_t len = 0;
			if (!err)
				gpu = applyedits(u->src, u->len, &plan.edits, &len, &err);
			if (gpu && !(rc = writeatomic(cpuout, cpu, strlen(cpu), NULL, 0, &err)))
				rc = writeatomic(r->output, gpu, len, NULL, 0, &err);
			if (err || rc) {
				fprintf(stderr, "cuflow: %s: %s\n", gpu ? r->output : u->path, err ? err : "not written");
				rc = 3;
			} else if (!r->quiet)
				coexecreport(r, cpuout, &plan);
		}
	}
	for (int i = 0; i < plan.k.n; i++) {
		free(plan.k.v[i].why);
		vfree(plan.k.v[i].left);
	}
	vfree(plan.k);
	freeedits(&plan.edits);
	for (int i = 0; i < facts.n; i++) {
		free(facts.v[i].name);
		free(facts.v[i].why);
		free(facts.v[i].forms);
	}
	vfree(facts);
	if (u)
		unit_free(u);
	freeinputs(files, flags);
	vfree(all);
	free(cpu);
	free(gpu);
	free(err);
	free(cpuout);
	return rc ? 3 : 0;
}

/* The inputs of a run that writes files: 2 (usage) when they cannot be
 * found or an output would overwrite one of them. */
static int
safeinputs(Run *r, Strs *files, Strs **flags, Ints *origin)
{
	if (inputs(r, files, flags, origin))
		return 2;
	const char *clobber = clobbers(r, files), *other = NULL, *same = clobber ? NULL : sameoutputs(r, &other);
	if (clobber)
		fprintf(stderr, "cuflow: %s names an input or source file; writing it would destroy the source\n", clobber);
	else if (same)
		fprintf(stderr, "cuflow: %s and %s name the same file; one would overwrite the other\n", same, other);
	if (clobber || same) {
		freeinputs(files, *flags);
		vfree(*origin);
		return 2;
	}
	return 0;
}

/* --lower: the inputs as one program, lowered to C++/OpenMP, or (coexec)
 * as a CUDA program with the CPU's side beside it. */
int
drivelower(Run *r, const Rules *rules)
{
	Strs files = {0}, *flags = NULL;
	Ints origin = {0};
	if (safeinputs(r, &files, &flags, &origin))
		return 2;
	vfree(origin);
	if (strcmp(r->lower, "coexec"))
		return lowerfiles(r, &files, flags);
	if (files.n != 1) {
		fprintf(stderr, "cuflow: --lower=coexec takes one file (%d given)\n", files.n);
		freeinputs(&files, flags);
		return 2;
	}
	return coexecfile(r, rules, &files, flags);
}

/* The rewrite: every input parsed, grouped into programs, analysed and
 * rewritten; the diff, the files, the report. */
int
drive(Run *r, const Rules *rules)
{
	Strs files = {0}, *flags = NULL;
	Ints origin = {0};
	if (safeinputs(r, &files, &flags, &origin))
		return 2;
	int n = files.n, rc = 0;
	Unit **units = xcalloc(n + 1, sizeof *units);
	Job j = {r, rules, &files, flags, units, n, PTHREAD_MUTEX_INITIALIZER, 0, 0, 0, NULL, 0, NULL, NULL, NULL,
	         isatty(2) && !r->dump, now(), origin.v};
	parallel(&j, parseworker);
	if (r->dump) {
		for (int i = 0; i < n; i++) {
			if (units[i]->refused)
				rc = 3;
			Buf b = {0};
			dumpunit(&b, units[i]);
			if (!emit(bstr(&b), stdout))
				rc = 3;
			free(b.v);
		}
	} else {
		Plan plan = {0};
		analyseall(&j, &plan);
		progress(&j, true);
		/* a gate is not failed forever by a file it cannot parse (the report
		 * lists it), but it is by one that is not there (a misspelt path) */
		for (int i = 0; i < n; i++)
			if (units[i]->refused && (!r->check || access(units[i]->path, R_OK) != 0))
				rc = 3;
		double *tanalyse = j.tanalyse;
		bool *changed = xcalloc(n + 1, sizeof *changed);
		char **editerr = xcalloc(n + 1, sizeof *editerr);
		if (r->verify.n)
			verifyall(&j, &plan, editerr, &rc);
		bool pending = rewriteall(r, units, n, &plan, changed, editerr, &rc);
		Report rep = {units, n, changed, &plan, NULL, now() - j.t0, 0, 0, tanalyse, editerr, r->passes};
		for (int i = 0; i < n; i++) {
			rep.tparse += units[i]->tparse + units[i]->tbuild;
			rep.tanalyse += tanalyse[i];
		}
		if (r->exportfixes && writefixes(r, &rep))
			rc = 3;
		if (!r->quiet && report(r, &rep))
			rc = 3;
		if (r->check && pending && rc == 0)
			rc = 1;
		free(changed);
		for (int i = 0; i < n; i++)
			free(editerr[i]);
		free(editerr);
		free(tanalyse);
		for (int g = 0; g < j.ngroups; g++)
			vfree(j.unseen[g]);
		free(j.unseen);
		free(j.group);
		free(j.plans);
		planfree(&plan);
	}
	for (int i = 0; i < n; i++)
		unit_free(units[i]);
	free(units);
	freeinputs(&files, flags);
	vfree(origin);
	return rc;
}
