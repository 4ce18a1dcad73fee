/* verify.c: --verify=ARGS, the user's own check of a rewrite. For each
 * program whose files cuflow would change, the original and the rewrite
 * are lowered to C++/OpenMP (--lower's path), built against cuflow's CPU
 * runtime and run with each ARGS, eagerly and with CUFLOW_DEFER=1, where a
 * launch runs only at the next synchronisation: a sync moved past a read of
 * the device's results then reads stale memory in every run. Every run of
 * the rewrite must print what the original prints eagerly and exit as it
 * does (standard output and exit status; standard error may hold times).
 *
 * The verdict is a Change of its own (PASS_VERIFY), which every report
 * format prints; the driver leaves a rewrite that fails unwritten. A program
 * the runtime cannot run (the lowering refuses it, it does not build or
 * link, as with a library the runtime lacks, or the original itself prints
 * otherwise when launches are deferred) is "not verifiable", and the
 * rewrite is handled as without --verify.
 *
 * Both sides are written under the same temporary paths, so that __FILE__
 * reads the same in both, with the program's own directories still searched
 * for its other quoted includes; they run in the current directory, where
 * ARGS may name input files. The runtime is the build tree's when this
 * cuflow runs from one (the uninstalled pkg-config file next to it, as
 * tests/oracle finds it), else the installed one (pkg-config
 * cuflow-runtime). */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <regex.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wordexp.h>

#include "cuflow.h"

#define RUN_TIMEOUT 600 /* seconds a run of either side may take */

/* One program's verification: its scratch directory, its files there, and
 * how to build against the runtime. */
typedef struct {
	char *dir;
	Strs paths;   /* every file of the program under dir/src */
	Strs sources; /* the ones the lowering takes (not headers) */
	Strs quote;   /* -iquote DIR for each of the program's own directories */
	Strs rt;      /* the runtime's compile and link flags */
} V;

/* ---------------------------------------------------------------- processes */

/* Runs argv with standard output and error into the files out and err,
 * CUFLOW_DEFER set to defer when not NULL: its exit status, 128 + the
 * signal that ended it, or -1 when it could not start or ran past
 * RUN_TIMEOUT (then killed with its children). */
static int
spawn(char *const *argv, const char *out, const char *err, const char *defer)
{
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		setpgid(0, 0);
		int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600), e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
			_exit(127);
		if (defer)
			setenv("CUFLOW_DEFER", defer, 1);
		execvp(argv[0], argv);
		_exit(127);
	}
	double end = now() + RUN_TIMEOUT;
	for (;;) {
		int st;
		pid_t w = waitpid(pid, &st, WNOHANG);
		if (w == pid)
			return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
		if (w < 0 && errno != EINTR)
			return -1;
		if (now() > end) {
			kill(-pid, SIGKILL);
			waitpid(pid, &st, 0);
			return -1;
		}
		nanosleep(&(struct timespec){0, 5000000}, NULL);
	}
}

/* The last line of a tool's error output, for a reason. */
static char *
lastline(const char *path)
{
	size_t n;
	char *err = NULL, *text = readfile(path, &n, &err);
	free(err);
	if (!text)
		return xstrdup("?");
	while (n && (text[n - 1] == '\n' || text[n - 1] == ' '))
		text[--n] = 0;
	char *nl = strrchr(text, '\n');
	char *line = xstrdup(nl ? nl + 1 : text);
	free(text);
	return line[0] ? line : (free(line), xstrdup("no message"));
}

/* ---------------------------------------------------------------- the runtime */

/* This cuflow's build tree's runtime directory (holding the uninstalled
 * pkg-config file), or NULL when it runs from elsewhere. */
static char *
buildruntime(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return NULL;
	exe[n] = 0;
	for (int up = 0; up < 2; up++) { /* BUILD/src/cuflow -> BUILD */
		char *slash = strrchr(exe, '/');
		if (!slash)
			return NULL;
		*slash = 0;
	}
	char *d = fmt("%s/runtime", exe);
	char *pc = fmt("%s/cuflow-runtime-uninstalled.pc", d);
	bool ok = access(pc, R_OK) == 0;
	free(pc);
	if (!ok)
		free(d);
	return ok ? d : NULL;
}

/* The runtime's flags from pkg-config into v->rt; NULL, or why not. */
static char *
runtimeflags(V *v)
{
	char *rt = buildruntime(), *out = fmt("%s/pkg-config.out", v->dir), *err = fmt("%s/pkg-config.err", v->dir);
	char *argv[] = {"pkg-config", "--cflags", "--libs", "cuflow-runtime", NULL};
	if (rt)
		setenv("PKG_CONFIG_PATH", rt, 1);
	int st = spawn(argv, out, err, NULL);
	if (rt)
		unsetenv("PKG_CONFIG_PATH");
	free(rt);
	char *why = NULL;
	size_t n;
	char *text = st == 0 ? readfile(out, &n, &why) : NULL;
	if (!text) {
		free(why);
		why = xstrdup("pkg-config finds no cuflow-runtime (install cuflow, or run the cuflow of a build tree)");
	}
	for (char *save = NULL, *w = text ? strtok_r(text, " \t\n", &save) : NULL; w; w = strtok_r(NULL, " \t\n", &save))
		vpush(v->rt, xstrdup(w));
	free(text);
	free(out);
	free(err);
	return why;
}

/* ---------------------------------------------------------------- files */

static bool
isheader(const char *path)
{
	const char *dot = strrchr(path, '.');
	return dot && (!strcmp(dot, ".h") || !strcmp(dot, ".cuh") || !strcmp(dot, ".hpp") || !strcmp(dot, ".hh"));
}

static bool
mkdirs(char *path)
{
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			bool ok = mkdir(path, 0700) == 0 || errno == EEXIST;
			*p = '/';
			if (!ok)
				return false;
		}
	return true;
}

/* The length of the directory part the absolute paths share. */
static size_t
commondir(char **abs, int n)
{
	size_t len = strrchr(abs[0], '/') - abs[0];
	for (int i = 1; i < n; i++) {
		size_t k = 0;
		while (k < len && abs[i][k] == abs[0][k])
			k++;
		while (k > 0 && !(abs[i][k] == '/' && (k == len || abs[0][k] == '/')))
			k--;
		len = k;
	}
	return len;
}

/* The program's files under dir/src, laid out as they lie relative to
 * each other; false when one cannot be placed. */
static bool
layout(V *v, Unit **u, int n)
{
	char **abs = xcalloc(n + 1, sizeof *abs);
	bool ok = true;
	for (int i = 0; i < n && ok; i++)
		ok = (abs[i] = realpath(u[i]->path, NULL)) != NULL;
	size_t common = ok ? commondir(abs, n) : 0;
	for (int i = 0; i < n && ok; i++) {
		char *p = fmt("%s/src%s", v->dir, abs[i] + common);
		ok = mkdirs(p);
		vpush(v->paths, p);
		if (!isheader(p))
			vpush(v->sources, p);
		char *d = xstrndup(abs[i], strrchr(abs[i], '/') - abs[i]);
		bool seen = false;
		for (int k = 1; k < v->quote.n; k += 2)
			seen |= !strcmp(v->quote.v[k], d);
		if (seen)
			free(d);
		else {
			vpush(v->quote, xstrdup("-iquote"));
			vpush(v->quote, d);
		}
	}
	for (int i = 0; i < n; i++)
		free(abs[i]);
	free(abs);
	return ok;
}

static bool
writeall(V *v, Unit **u, char **texts, const size_t *lens, int n)
{
	for (int i = 0; i < n; i++) {
		FILE *f = fopen(v->paths.v[i], "w");
		const char *t = texts && texts[i] ? texts[i] : u[i]->src;
		size_t len = texts && texts[i] ? lens[i] : u[i]->len;
		bool ok = f && fwrite(t, 1, len, f) == len;
		if (!f || fclose(f) || !ok)
			return false;
	}
	return true;
}

/* ---------------------------------------------------------------- one side */

/* Lowers the files now under dir/src and builds dir/SIDE: NULL, or why not
 * (a refusal of the lowering begins "cannot lower"). */
static char *
build(V *v, const Opts *o0, const char *side)
{
	Opts o = *o0;
	const char **cargs = xcalloc((size_t)(o0->ncargs + v->quote.n + 1), sizeof *cargs);
	memcpy(cargs, o0->cargs, (size_t)o0->ncargs * sizeof *cargs);
	memcpy(cargs + o0->ncargs, v->quote.v, (size_t)v->quote.n * sizeof *cargs);
	o.cargs = cargs;
	o.ncargs = o0->ncargs + v->quote.n;
	char *text = NULL, *err = NULL, *why = NULL;
	if (lowerprogram((const char **)v->sources.v, v->sources.n, &o, NULL, &text, NULL, &err)) {
		char *nl = err ? strchr(err, '\n') : NULL;
		if (nl)
			*nl = 0;
		char *at = err ? strstr(err, "cannot lower") : NULL;
		why = at ? xstrdup(at) : fmt("it does not lower: %s", err ? err : "?");
	}
	free(cargs);
	free(err);
	char *cpp = fmt("%s/%s.cpp", v->dir, side), *exe = fmt("%s/%s", v->dir, side);
	FILE *f = why ? NULL : fopen(cpp, "w");
	if (!why && (!f || fputs(text, f) < 0 || fclose(f)))
		why = xstrdup("the lowered program cannot be written");
	free(text);
	if (!why) {
		const char *cxx = getenv("CXX") ? getenv("CXX") : "c++";
		VEC(char *) argv = {0};
		char *fixed[] = {(char *)cxx, "-O1", "-std=c++17", "-w", cpp, "-o", exe};
		for (size_t k = 0; k < sizeof fixed / sizeof *fixed; k++)
			vpush(argv, fixed[k]);
		for (int k = 0; k < o0->ncargs; k++) /* the configuration the program was parsed in (-D, -U) */
			if (!strncmp(o0->cargs[k], "-D", 2) || !strncmp(o0->cargs[k], "-U", 2)) {
				vpush(argv, (char *)o0->cargs[k]);
				if (!o0->cargs[k][2] && k + 1 < o0->ncargs)
					vpush(argv, (char *)o0->cargs[++k]);
			}
		for (int k = 0; k < v->rt.n; k++)
			vpush(argv, v->rt.v[k]);
		vpush(argv, NULL);
		char *out = fmt("%s/%s.build", v->dir, side);
		if (spawn(argv.v, out, out, NULL)) {
			char *last = lastline(out);
			why = fmt("it does not build against the CPU runtime: %s", last);
			free(last);
		}
		free(out);
		vfree(argv);
	}
	free(cpp);
	free(exe);
	return why;
}

/* What a run printed on standard output, and its exit status. */
typedef struct {
	char *text;
	size_t n;
	int st;
} Out;

/* One run of dir/SIDE with the words of args into *o; false when it could
 * not run (or ran past RUN_TIMEOUT). */
static bool
runside(V *v, const char *side, const char *args, bool defer, Out *o)
{
	wordexp_t we;
	o->text = NULL;
	if (wordexp(args, &we, WRDE_NOCMD))
		return false;
	VEC(char *) argv = {0};
	char *exe = fmt("%s/%s", v->dir, side), *out = fmt("%s/%s.out", v->dir, side), *err = fmt("%s/%s.err", v->dir, side);
	vpush(argv, exe);
	for (size_t k = 0; k < we.we_wordc; k++)
		vpush(argv, we.we_wordv[k]);
	vpush(argv, NULL);
	o->st = spawn(argv.v, out, err, defer ? "1" : "0");
	char *e = NULL;
	o->text = o->st >= 0 ? readfile(out, &o->n, &e) : NULL;
	free(e);
	wordfree(&we);
	vfree(argv);
	free(exe);
	free(out);
	free(err);
	return o->text != NULL;
}

/* ---------------------------------------------------------------- comparing */

static char *
lineat(const Out *o, size_t at)
{
	if (at >= o->n)
		return xstrdup("<end of output>");
	const char *nl = memchr(o->text + at, '\n', o->n - at);
	return fmt("'%.*s'", (int)((nl ? (size_t)(nl - o->text) : o->n) - at), o->text + at);
}

bool
verifyregex(const char *re)
{
	regex_t x;
	if (regcomp(&x, re, REG_EXTENDED | REG_NOSUB))
		return false;
	regfree(&x);
	return true;
}

/* The output without the lines a --verify-ignore matches (timings). */
static void
dropignored(const Run *r, Out *o)
{
	if (!r->vignore.n || !o->text)
		return;
	regex_t *re = xcalloc(r->vignore.n, sizeof *re);
	for (int i = 0; i < r->vignore.n; i++)
		regcomp(&re[i], r->vignore.v[i], REG_EXTENDED | REG_NOSUB); /* checked by verifyregex */
	Buf b = {0};
	for (size_t at = 0; at < o->n;) {
		const char *nl = memchr(o->text + at, '\n', o->n - at);
		size_t end = nl ? (size_t)(nl - o->text) + 1 : o->n;
		char *line = fmt("%.*s", (int)(end - at - (nl != NULL)), o->text + at);
		bool drop = false;
		for (int i = 0; i < r->vignore.n && !drop; i++)
			drop = !regexec(&re[i], line, 0, NULL, 0);
		free(line);
		if (!drop)
			bputn(&b, o->text + at, end - at);
		at = end;
	}
	for (int i = 0; i < r->vignore.n; i++)
		regfree(&re[i]);
	free(re);
	free(o->text);
	o->n = b.n;
	o->text = bstr(&b);
}

/* How run b differs from run a, the original's; NULL if it does not. */
static char *
difference(const Out *a, const Out *b)
{
	size_t at = 0, start = 0, line = 1;
	while (at < a->n && at < b->n && a->text[at] == b->text[at]) {
		if (a->text[at] == '\n') {
			line++;
			start = at + 1;
		}
		at++;
	}
	if (at == a->n && at == b->n)
		return b->st == a->st ? NULL : fmt("exits %d where the original exits %d", b->st, a->st);
	char *x = lineat(a, start), *y = lineat(b, start);
	char *d = fmt("prints %s where the original prints %s (line %zu of its output)", y, x, line);
	free(x);
	free(y);
	return d;
}

/* ---------------------------------------------------------------- the verdict */

static Change
verdict(const Run *r, Unit *u, int how, int runs, char *detail)
{
	Change c = {0};
	c.pass = PASS_VERIFY;
	c.passes = r->passset; /* the passes whose rewrite it runs */
	c.kind = CH_KEEP;
	c.u = u;
	c.line = c.endline = 1;
	c.call = xstrdup("--verify");
	c.how = how;
	c.calls = runs;
	c.stop = detail;
	return c;
}

static int
rmentry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb, (void)flag, (void)ftw;
	return remove(path) ? -1 : 0;
}

static void
cleanup(V *v)
{
	if (v->dir)
		nftw(v->dir, rmentry, 16, FTW_DEPTH | FTW_PHYS);
	Strs *all[] = {&v->paths, &v->quote, &v->rt};
	for (int k = 0; k < 3; k++) {
		for (int i = 0; i < all[k]->n; i++)
			free(all[k]->v[i]);
		vfree(*all[k]);
	}
	vfree(v->sources);
	free(v->dir);
}

/* "with ARGS", the way a message names one --verify. */
static char *
withargs(const char *args)
{
	return args[0] ? fmt("with \"%s\"", args) : xstrdup("with no arguments");
}

/* The rewrite's two runs with args against the original's eager run a:
 * NULL, or how one differs (*runs counts them). */
static char *
rewriteruns(const Run *r, V *v, const char *args, const Out *a, int *runs)
{
	for (int defer = 0; defer < 2; defer++) {
		Out b;
		bool ran = runside(v, "new", args, defer, &b);
		dropignored(r, &b);
		char *diff = ran ? difference(a, &b) : fmt("does not run (or runs past %d s)", RUN_TIMEOUT);
		free(b.text);
		(*runs)++;
		if (diff) {
			char *w = withargs(args);
			char *d = fmt("%s%s, the rewrite %s", w, defer ? " and launches deferred" : "", diff);
			free(w);
			free(diff);
			return d;
		}
	}
	return NULL;
}

/* Runs both sides with every ARGS, eagerly and deferred: the verdict. */
static Change
compare(const Run *r, V *v, Unit *u0)
{
	int runs = 0;
	for (int i = 0; i < r->verify.n; i++) {
		const char *args = r->verify.v[i];
		Out e = {0}, d = {0};
		char *why = NULL, *diff = NULL, *w = withargs(args);
		bool ran = runside(v, "orig", args, false, &e) && runside(v, "orig", args, true, &d);
		dropignored(r, &e);
		dropignored(r, &d);
		if (!ran)
			why = fmt("the original does not run %s (or runs past %d s)", w, RUN_TIMEOUT);
		else if ((diff = difference(&e, &d)))
			why = fmt("the original itself, %s and launches deferred, %s", w, diff);
		else {
			runs += 2;
			diff = rewriteruns(r, v, args, &e, &runs);
		}
		free(e.text);
		free(d.text);
		free(w);
		if (why) {
			free(diff);
			return verdict(r, u0, VF_CANNOT, 0, why);
		}
		if (diff)
			return verdict(r, u0, VF_DIFFERS, runs, diff);
	}
	return verdict(r, u0, VF_SAME, runs, NULL);
}

/* The verdict on one program's rewrite: units u[0..n), texts[i] the
 * rewritten text of u[i] (NULL: unchanged, lens[i] its length), o the
 * options its files are parsed with. */
Change
verifyprogram(const Run *r, const Opts *o, Unit **u, char **texts, const size_t *lens, int n)
{
	V v = {0};
	const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char *dir = fmt("%s/cuflow-verify-XXXXXX", tmp);
	char *why = NULL, *bad = NULL;
	if (!mkdtemp(dir)) {
		why = fmt("no temporary directory in %s: %s", tmp, strerror(errno));
		free(dir);
	} else
		v.dir = dir;
	if (!why)
		why = runtimeflags(&v);
	if (!why && (!layout(&v, u, n) || !writeall(&v, u, NULL, lens, n)))
		why = xstrdup("its files cannot be copied to a temporary directory");
	if (!why && (bad = build(&v, o, "orig")))
		why = fmt("the original: %s", bad);
	if (!why && !writeall(&v, u, texts, lens, n))
		why = xstrdup("the rewrite cannot be written to a temporary directory");
	free(bad);
	bad = why ? NULL : build(&v, o, "new");
	Change c = why ? verdict(r, u[0], VF_CANNOT, 0, why)
	           : bad ? verdict(r, u[0], VF_DIFFERS, 0, fmt("the rewrite: %s", bad))
	                 : compare(r, &v, u[0]);
	free(bad);
	cleanup(&v);
	return c;
}

/* Whether ARGS splits into words (as a shell would, without command
 * substitution). */
bool
verifyargs(const char *args)
{
	wordexp_t we;
	if (wordexp(args, &we, WRDE_NOCMD))
		return false;
	wordfree(&we);
	return true;
}
