/* edit.c: the one place text changes. Edits are byte ranges of the original
 * file; overlapping ones are refused as a whole, except that the same
 * shared edit made twice (a line two edited statements split at the same
 * place, a block several moved statements share) is made once; inserts at one offset keep their sequence
 * order, and files are replaced atomically (writeatomic). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "cuflow.h"

/* An edit of e, ordered after the ones before it at its offset. */
void
addedit(Edits *e, int off, int len, char *text)
{
	Edit x = {off, len, text, e->n, false, NULL};
	vpush(*e, x);
}

/* Offset order; at one offset, inserts (in sequence order) before a
 * deletion. The machine report formats list edits in this order too. */
int
editorder(const Edit *x, const Edit *y)
{
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	if ((x->len == 0) != (y->len == 0)) /* at one offset, inserts go before a deletion */
		return x->len == 0 ? -1 : 1;
	return x->seq - y->seq;
}

static int
byoff(const void *a, const void *b)
{
	return editorder(a, b);
}

void
sortedits(Edits *e)
{
	if (e->n) /* qsort of a null array is undefined even for no elements */
		qsort(e->v, e->n, sizeof *e->v, byoff);
}

bool
sameedit(const Edit *x, const Edit *y)
{
	return x->shared && y->shared && x->seq == y->seq && x->off == y->off && x->len == y->len &&
	       !strcmp(x->text, y->text);
}

/* Walking edits in editorder, is x not made: a shared edit made again
 * (prev), or a line split (EDIT_SHARED) inside the text a deletion before
 * it removes, [delb, reach), where no code is left to split from? */
bool
editskip(const Edit *x, const Edit *prev, int delb, int reach)
{
	return (prev && sameedit(x, prev)) ||
	       (x->seq == EDIT_SHARED && x->shared && x->off >= delb && x->off + x->len <= reach && x->off < reach);
}

/* The edits of e (sorted) that are made; NULL with a reason when they
 * overlap or overrun. */
static bool *
madeedits(const Edits *e, size_t len, char **err)
{
	bool *made = xcalloc(e->n + 1, sizeof *made);
	int reach = 0, delb = 0; /* the last deletion */
	const Edit *prev = NULL;
	for (int i = 0; i < e->n; i++) {
		const Edit *x = &e->v[i];
		if (editskip(x, prev, delb, reach))
			continue;
		prev = x;
		if (x->off < 0 || (size_t)(x->off + x->len) > len) {
			*err = fmt("an edit at byte %d runs past the end of the file", x->off);
			free(made);
			return NULL;
		}
		if (x->off < reach) {
			*err = fmt("edits overlap at byte %d", x->off);
			free(made);
			return NULL;
		}
		if (x->off + x->len > reach)
			delb = x->off, reach = x->off + x->len;
		made[i] = true;
	}
	return made;
}

/* The new text, or NULL with a reason when the edits overlap or overrun. */
char *
applyedits(const char *src, size_t len, Edits *e, size_t *outlen, char **err)
{
	sortedits(e);
	bool *made = madeedits(e, len, err);
	if (!made)
		return NULL;
	Buf b = {0};
	size_t at = 0;
	for (int i = 0; i < e->n; i++) {
		Edit *x = &e->v[i];
		if (!made[i])
			continue;
		bputn(&b, src + at, x->off - at);
		bputs(&b, x->text);
		at = x->off + x->len;
	}
	bputn(&b, src + at, len - at);
	*outlen = b.n;
	free(made);
	return bstr(&b);
}

/* Does u end its lines with CRLF (its first line does)? */
static bool
crlf(const Unit *u)
{
	const char *nl = memchr(u->src, '\n', u->len);
	return nl && nl > u->src && nl[-1] == '\r';
}

/* The plan's new lines end as their files' lines do: each '\n' of an edit
 * of a CRLF file that no '\r' precedes gets one (a clone's lines, a line
 * split off a statement, pin's declarations). */
void
crlfedits(Plan *plan)
{
	for (int c = 0; c < plan->n; c++)
		for (int k = 0; k < plan->v[c].edits.n; k++) {
			Edit *x = &plan->v[c].edits.v[k];
			const Unit *u = editunit(&plan->v[c], x);
			if (!u || !x->text || !strchr(x->text, '\n') || !crlf(u))
				continue;
			Buf b = {0};
			for (const char *t = x->text; *t; t++) {
				bool cr = t > x->text ? t[-1] == '\r' : x->off > 0 && u->src[x->off - 1] == '\r';
				if (*t == '\n' && !cr)
					bputn(&b, "\r", 1);
				bputn(&b, t, 1);
			}
			free(x->text);
			x->text = bstr(&b);
		}
}

typedef struct {
	Edit *x;
	const Unit *u;
} DelCut;

static int
bydelcut(const void *a, const void *b)
{
	const DelCut *x = a, *y = b;
	if (x->u != y->u)
		return x->u < y->u ? -1 : 1;
	return x->x->off != y->x->off ? (x->x->off < y->x->off ? -1 : 1) : (x->x->len > y->x->len ? -1 : 1);
}

/* Deletions a from and z to that leave their line blank take the line. */
static void
wholeline(const Unit *u, Edit *a, Edit *z)
{
	int b = a->off, e = z->off + z->len;
	while (b > 0 && (u->src[b - 1] == ' ' || u->src[b - 1] == '\t'))
		b--;
	while (e < (int)u->len && (u->src[e] == ' ' || u->src[e] == '\t' || u->src[e] == '\r'))
		e++;
	if ((b > 0 && u->src[b - 1] != '\n') || e >= (int)u->len || u->src[e] != '\n')
		return;
	a->len += a->off - b;
	a->off = b;
	z->len = e + 1 - z->off;
}

/* Deletions that overlap remove the union of their bytes: the later one
 * starts where the earlier ends (`cudaFree(a); cudaFree(b);` both cut:
 * each takes the blank between them). */
void
joincuts(Plan *plan)
{
	VEC(DelCut) cuts = {0};
	for (int c = 0; c < plan->n; c++)
		for (int k = 0; k < plan->v[c].edits.n; k++) {
			Edit *x = &plan->v[c].edits.v[k];
			if (x->len > 0 && x->text && !*x->text && !x->shared)
				vpush(cuts, ((DelCut){x, editunit(&plan->v[c], x)}));
		}
	qsort(cuts.v, cuts.n, sizeof *cuts.v, bydelcut);
	for (int i = 1, first = 0; i <= cuts.n; i++) {
		Edit *p = cuts.v[i - 1].x, *x = i < cuts.n ? cuts.v[i].x : NULL;
		int end = p->off + p->len;
		if (x && cuts.v[i].u == cuts.v[i - 1].u && x->off < end && !(x->off == p->off && x->len == p->len)) {
			int xe = x->off + x->len;
			x->off = end < xe ? end : xe;
			x->len = xe - x->off;
			if (x->len == 0) /* inside the earlier one: keep the earlier as the reach */
				cuts.v[i].x = p;
			continue;
		}
		if (i - first > 1) /* a run joined: the whole line where it leaves only blanks */
			wholeline(cuts.v[first].u, cuts.v[first].x, p);
		first = i;
	}
	vfree(cuts);
}

/* After applyedits: where each edit's text starts in the new text. */
void
newoffsets(const Edits *e, int *at)
{
	int delta = 0, reach = 0, delb = 0;
	const Edit *prev = NULL;
	for (int i = 0; i < e->n; i++) {
		const Edit *x = &e->v[i];
		at[i] = x->off + delta;
		if (editskip(x, prev, delb, reach))
			continue;
		prev = x;
		delta += (int)strlen(x->text) - x->len;
		if (x->off + x->len > reach)
			delb = x->off, reach = x->off + x->len;
	}
}

/* A fresh temporary beside path, opened for writing; its name in *tmp.
 * Created 0666 less the umask, which is right for a new file; an existing
 * file's mode is copied onto it later. */
static int
tempbeside(const char *path, char **tmp)
{
	unsigned seed = (unsigned)getpid() ^ (unsigned)(now() * 1e9);
	for (int try = 0; try < 100; try++) {
		seed = seed * 1103515245u + 12345u;
		*tmp = fmt("%s.cuflow-%06x", path, seed >> 8 & 0xffffff);
		int fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
		free(*tmp);
	}
	*tmp = NULL;
	errno = EEXIST;
	return -1;
}

static bool
writeall(int fd, const char *data, size_t len)
{
	for (size_t done = 0; done < len;) {
		ssize_t w = write(fd, data + done, len - done);
		if (w < 0 && errno != EINTR)
			return false;
		if (w > 0)
			done += (size_t)w;
	}
	return true;
}

/* Extended attributes (ACLs and SELinux labels among them) of the file
 * being replaced, onto its replacement. A file system without them is
 * fine; one that has them and refuses a copy is not. */
static bool
copyxattrs(int from, int to)
{
	ssize_t n = flistxattr(from, NULL, 0);
	if (n <= 0)
		return n == 0 || errno == ENOTSUP;
	char *names = xmalloc(n);
	bool ok = (n = flistxattr(from, names, n)) >= 0;
	for (char *k = names; ok && k < names + n; k += strlen(k) + 1) {
		ssize_t v = fgetxattr(from, k, NULL, 0);
		char *val = xmalloc(v > 0 ? v : 1);
		ok = v >= 0 && (v = fgetxattr(from, k, val, v)) >= 0 && fsetxattr(to, k, val, v, 0) == 0;
		free(val);
	}
	free(names);
	return ok;
}

/* Why an existing file must not be replaced, or NULL. */
static char *
unsafe(const struct stat *sb)
{
	if (!S_ISREG(sb->st_mode))
		return xstrdup("not a regular file");
	if (sb->st_nlink > 1)
		return fmt("it has %ju hard links, which replacing it would break; file left alone",
		           (uintmax_t)sb->st_nlink);
	if (!(sb->st_mode & 0222))
		return xstrdup("it is read-only; file left alone");
	return NULL;
}

/* Whether path still holds exactly was: someone may have edited it since
 * cuflow read it, and those changes must not be lost. */
static bool
unchanged(const char *path, const char *was, size_t waslen)
{
	size_t n = 0;
	char *e = NULL, *cur = readfile(path, &n, &e);
	bool same = cur && n == waslen && !memcmp(cur, was, n);
	free(cur);
	free(e);
	return same;
}

/* The rename is durable only once its directory is on disk. */
static bool
syncdir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	bool ok = fd >= 0 && fsync(fd) == 0;
	if (fd >= 0)
		close(fd);
	free(dir);
	return ok;
}

/* An output that is not a regular file (/dev/null, a pipe): nothing to
 * replace, written straight through. */
static int
writedirect(const char *path, const char *data, size_t len, char **err)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	bool ok = fd >= 0 && writeall(fd, data, len);
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	if (!ok)
		*err = fmt("cannot write it: %s", strerror(errno));
	return ok ? 0 : -1;
}

/* The temporary's contents, owner, mode and attributes, on disk. */
static bool
filltemp(int fd, int orig, const struct stat *sb, const char *data, size_t len)
{
	if (!writeall(fd, data, len))
		return false;
	if (orig >= 0) {
		if (fchown(fd, sb->st_uid, sb->st_gid) != 0 && errno != EPERM)
			return false;
		if (fchmod(fd, sb->st_mode & 07777) != 0 || !copyxattrs(orig, fd))
			return false;
	}
	return fsync(fd) == 0;
}

typedef struct {
	char *tmp, *to; /* the replacement beside the file, and the file */
} Staged;

static void dropwrite(Staged *st);

/* The first half of writeatomic: the replacement written beside the file
 * (its owner, mode and extended attributes, fsync), and the file checked
 * to hold was still; 0, or -1 and *err. Several files that must change
 * together are staged first and committed after (Batch): a failure
 * leaves them all as they were. */
static int
stagewrite(const char *path, const char *data, size_t len, const char *was, size_t waslen, Staged *st, char **err)
{
	*err = NULL;
	st->tmp = NULL;
	st->to = realpath(path, NULL);
	if (!st->to)
		st->to = xstrdup(path);
	struct stat sb;
	bool exists = stat(st->to, &sb) == 0;
	if ((!exists && was) || (exists && (*err = unsafe(&sb)))) {
		if (!exists)
			*err = fmt("cannot stat: %s", strerror(errno));
		dropwrite(st);
		return -1;
	}
	int orig = exists ? open(st->to, O_RDONLY | O_CLOEXEC) : -1;
	int fd = exists && orig < 0 ? -1 : tempbeside(st->to, &st->tmp);
	bool ok = fd >= 0 && filltemp(fd, orig, &sb, data, len);
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	int saved = errno;
	if (orig >= 0)
		close(orig);
	if (ok && was && !unchanged(st->to, was, waslen))
		*err = xstrdup("it changed after cuflow read it; file left alone");
	else if (!ok)
		*err = fmt("cannot replace it: %s", strerror(saved));
	if (*err) {
		dropwrite(st);
		return -1;
	}
	return 0;
}

/* The second half: the staged replacement renamed over the file, and its
 * directory synced; 0, or -1 and *err (the file as it was). */
static int
commitwrite(Staged *st, char **err)
{
	*err = NULL;
	if (rename(st->tmp, st->to) != 0)
		*err = fmt("cannot replace it: %s", strerror(errno));
	else if (!syncdir(st->to))
		*err = fmt("cannot sync its directory: %s", strerror(errno));
	else {
		free(st->tmp);
		st->tmp = NULL;
	}
	dropwrite(st);
	return *err ? -1 : 0;
}

/* A staged replacement not made: its temporary removed. */
static void
dropwrite(Staged *st)
{
	if (st->tmp && access(st->tmp, F_OK) == 0)
		unlink(st->tmp);
	free(st->tmp);
	free(st->to);
	st->tmp = st->to = NULL;
}

/* Termination signals wait while files are being replaced, so a kill
 * leaves either the old files or the new ones and no temporary. */
static void
holdsignals(sigset_t *old)
{
	sigset_t stop;
	sigemptyset(&stop);
	for (int s = 0, sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT}; s < 4; s++)
		sigaddset(&stop, sigs[s]);
	pthread_sigmask(SIG_BLOCK, &stop, old);
}

struct Batch {
	sigset_t old;
	Staged *st;
	int n;
};

Batch *
batchbegin(int n)
{
	Batch *b = xcalloc(1, sizeof *b);
	b->st = xcalloc(n + 1, sizeof *b->st);
	b->n = n;
	holdsignals(&b->old);
	return b;
}

int
batchstage(Batch *b, int i, const char *path, const char *data, size_t len, const char *was, size_t waslen,
           char **err)
{
	return stagewrite(path, data, len, was, waslen, &b->st[i], err);
}

int
batchcommit(Batch *b, int i, char **err)
{
	*err = NULL;
	return b->st[i].tmp ? commitwrite(&b->st[i], err) : 0;
}

void
batchend(Batch *b)
{
	for (int i = 0; i < b->n; i++)
		dropwrite(&b->st[i]);
	pthread_sigmask(SIG_SETMASK, &b->old, NULL);
	free(b->st);
	free(b);
}

/* Replaces the file path names (through symlinks) with data, atomically:
 * a temporary beside it with the original's owner, mode and extended
 * attributes, fsync, rename, fsync of the directory. was: the text cuflow
 * analysed, and the file is replaced only while it still holds it; NULL
 * for an output file, which may not exist yet. */
int
writeatomic(const char *path, const char *data, size_t len, const char *was, size_t waslen, char **err)
{
	*err = NULL;
	char *real = realpath(path, NULL);
	struct stat sb;
	bool direct = stat(real ? real : path, &sb) == 0 && !S_ISREG(sb.st_mode) && !was;
	free(real);
	if (direct)
		return writedirect(path, data, len, err);
	sigset_t old;
	holdsignals(&old);
	Staged st;
	int rc = stagewrite(path, data, len, was, waslen, &st, err);
	if (rc == 0)
		rc = commitwrite(&st, err);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}

/* The edits and the texts they own. */
void
freeedits(Edits *e)
{
	for (int i = 0; i < e->n; i++)
		free(e->v[i].text);
	vfree(*e);
}
