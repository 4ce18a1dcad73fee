/* edit.c: the one place text changes. Edits are byte ranges of the original
 * file; overlapping ones are refused as a whole, inserts at one offset keep
 * their sequence order, and files are replaced atomically: a temporary in
 * the same directory, the original's permissions, fsync, rename. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuflow.h"

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

/* The new text, or NULL with a reason when the edits overlap or overrun. */
char *
applyedits(const char *src, size_t len, Edits *e, size_t *outlen, char **err)
{
	sortedits(e);
	int reach = 0; /* end of the last deletion */
	for (int i = 0; i < e->n; i++) {
		Edit *x = &e->v[i];
		if (x->off < 0 || (size_t)(x->off + x->len) > len) {
			*err = fmt("an edit at byte %d runs past the end of the file", x->off);
			return NULL;
		}
		if (x->off < reach) {
			*err = fmt("edits overlap at byte %d", x->off);
			return NULL;
		}
		if (x->off + x->len > reach)
			reach = x->off + x->len;
	}
	Buf b = {0};
	size_t at = 0;
	for (int i = 0; i < e->n; i++) {
		Edit *x = &e->v[i];
		bputn(&b, src + at, x->off - at);
		bputs(&b, x->text);
		at = x->off + x->len;
	}
	bputn(&b, src + at, len - at);
	*outlen = b.n;
	return bstr(&b);
}

int
writeatomic(const char *path, const char *data, size_t len, char **err)
{
	struct stat sb;
	if (stat(path, &sb) != 0) {
		*err = fmt("cannot stat: %s", strerror(errno));
		return -1;
	}
	char *tmp = fmt("%s.cuflow-XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		*err = fmt("cannot create a temporary beside it: %s", strerror(errno));
		free(tmp);
		return -1;
	}
	size_t done = 0;
	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		done += (size_t)w;
	}
	bool ok = done == len && fchmod(fd, sb.st_mode & 07777) == 0 && fsync(fd) == 0;
	if (ok && fchown(fd, sb.st_uid, sb.st_gid) != 0 && errno != EPERM)
		ok = false;
	ok &= close(fd) == 0;
	if (!ok || rename(tmp, path) != 0) {
		*err = fmt("cannot replace it: %s", strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

/* The edits and the texts they own. */
void
freeedits(Edits *e)
{
	for (int i = 0; i < e->n; i++)
		free(e->v[i].text);
	vfree(*e);
}
