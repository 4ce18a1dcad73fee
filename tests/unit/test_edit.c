/* test_edit.c: the edit engine (src/edit/edit.c). applyedits() applies
 * byte-range edits of the original text in offset order, keeps inserts at
 * one offset in sequence order and before a deletion there, and refuses
 * overlapping or overrunning edits as a whole; writeatomic() replaces a
 * file's content and keeps its permissions, leaving no temporary behind. */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuflow.h"
#include "check.h"

static const char text[] = "abcdefghij";

/* applies the edits to text; NULL and the reason in *err when refused */
static char *
apply(Edits *e, char **err)
{
	size_t len = 0;
	*err = NULL;
	char *out = applyedits(text, strlen(text), e, &len, err);
	if (out && len != strlen(out)) {
		free(out);
		return xstrdup("<length mismatch>");
	}
	return out;
}

static void
add(Edits *e, int off, int len, const char *s, int seq)
{
	Edit x = {off, len, (char *)s, seq, seq == EDIT_SHARED, NULL};
	vpush(*e, x);
}

/* the result of applying the edits, or "refused: REASON" */
static bool
gives(Edits *e, const char *want)
{
	char *err, *out = apply(e, &err);
	char *got = out ? out : fmt("refused: %s", err);
	bool ok = !strcmp(got, want) || (!out && !strncmp(want, "refused", 7) && strstr(got, want + 8));
	if (!ok)
		fprintf(stderr, "  got '%s', want '%s'\n", got, want);
	free(got);
	free(err);
	vfree(*e);
	return ok;
}

static void
edits(void)
{
	Edits e = {0};
	CHECK(gives(&e, "abcdefghij")); /* no edits: a copy */
	add(&e, 8, 2, "", 0);           /* delete "ij" */
	add(&e, 2, 2, "XY", 0);         /* "cd" -> "XY" */
	add(&e, 0, 0, "<", 0);          /* insert at the start */
	add(&e, 10, 0, ">", 0);         /* insert at the end */
	CHECK(gives(&e, "<abXYefgh>"));
	add(&e, 5, 0, "B", 2); /* inserts at one offset: by seq, whatever their order here */
	add(&e, 5, 0, "C", 3);
	add(&e, 5, 0, "A", 1);
	CHECK(gives(&e, "abcdeABCfghij"));
	add(&e, 3, 2, "", 0); /* a deletion and an insert at its offset: the insert stays, first */
	add(&e, 3, 0, "I", 9);
	CHECK(gives(&e, "abcIfghij"));
	add(&e, 3, 2, "R", 0); /* a replacement and an insert at its end */
	add(&e, 5, 0, "I", 0);
	CHECK(gives(&e, "abcRIfghij"));
	add(&e, 1, 1, "1", 0); /* adjacent replacements */
	add(&e, 2, 1, "2", 0);
	CHECK(gives(&e, "a12defghij"));
}

static void
refusals(void)
{
	Edits e = {0};
	add(&e, 2, 3, "", 0); /* [2,5) and [4,6) */
	add(&e, 4, 2, "", 0);
	CHECK(gives(&e, "refused edits overlap at byte 4"));
	add(&e, 2, 4, "", 0); /* an insert strictly inside a deletion */
	add(&e, 4, 0, "I", 0);
	CHECK(gives(&e, "refused edits overlap at byte 4"));
	add(&e, 2, 2, "X", 0); /* the same range twice */
	add(&e, 2, 2, "Y", 1);
	CHECK(gives(&e, "refused edits overlap at byte 2"));
	add(&e, 8, 5, "", 0); /* past the end */
	CHECK(gives(&e, "refused runs past the end"));
	add(&e, 11, 0, "x", 0);
	CHECK(gives(&e, "refused runs past the end"));
	add(&e, -1, 0, "x", 0);
	CHECK(gives(&e, "refused runs past the end"));
}

static char *
slurp(const char *path)
{
	size_t len;
	char *err = NULL, *s = readfile(path, &len, &err);
	free(err);
	return s;
}

/* entries of dir other than . and .. */
static int
entries(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (d)
		closedir(d);
	return n;
}

static void
atomic(void)
{
	char dir[] = "/tmp/cuflow-edit-XXXXXX";
	CHECK(mkdtemp(dir) != NULL);
	char *path = fmt("%s/f.cu", dir), *err = NULL;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	CHECK(fd >= 0 && write(fd, "old content\n", 12) == 12 && fchmod(fd, 0640) == 0 && close(fd) == 0);
	static const char repl[] = "new\ncontent, longer than before\n";
	CHECK(writeatomic(path, repl, strlen(repl), "old content\n", 12, &err) == 0);
	char *got = slurp(path);
	CHECK(got && !strcmp(got, repl));
	free(got);
	struct stat sb;
	CHECK(stat(path, &sb) == 0 && (sb.st_mode & 07777) == 0640 && S_ISREG(sb.st_mode));
	CHECK(entries(dir) == 1); /* the temporary was renamed over it */
	/* not what was analysed any more: left alone */
	CHECK(writeatomic(path, "x", 1, "old content\n", 12, &err) == -1 && err && strstr(err, "changed after"));
	free(err);
	got = slurp(path);
	CHECK(got && !strcmp(got, repl) && entries(dir) == 1);
	free(got);
	CHECK(writeatomic(path, "", 0, repl, strlen(repl), &err) == 0); /* empty content */
	CHECK(stat(path, &sb) == 0 && sb.st_size == 0 && (sb.st_mode & 07777) == 0640);
	char *missing = fmt("%s/none.cu", dir);
	CHECK(writeatomic(missing, "x", 1, "", 0, &err) == -1 && err && strstr(err, "cannot stat"));
	CHECK(access(missing, F_OK) != 0 && entries(dir) == 1);
	free(err);
	/* an output file (no text to compare) is created */
	CHECK(writeatomic(missing, "x", 1, NULL, 0, &err) == 0 && entries(dir) == 2);
	unlink(missing);
	unlink(path);
	rmdir(dir);
	free(path);
	free(missing);
}

/* Rounds of edits (edit/compose.c): each on the text the round before
 * left, composed onto the original with the changes that made them. */
static void
rounds(void)
{
	const char *src = "abcdef";
	Layers l;
	layinit(&l, src, 6);
	Ints uf = {0};
	for (int i = 0; i < 4; i++)
		vpush(uf, i);
	Edits e = {0};
	add(&e, 2, 2, "XY", 0); /* change 0: "cd" -> "XY" */
	add(&e, 0, 0, "Q", 1);  /* change 1: "Q" in front */
	int own1[] = {0, 1};
	CHECK(laycheck(&l, &e) == NULL);
	layapply(&l, &e, own1, &uf);
	vfree(e);
	size_t n;
	char *t = laytext(&l, &n);
	CHECK(!strcmp(t, "QabXYef"));
	free(t);
	CHECK(layorig(&l, 0) == 0 && layorig(&l, 1) == 0 && layorig(&l, 4) == 2 && layorig(&l, 5) == 4);
	bool rep = false;
	CHECK(layowner(&l, 3, 5, &rep) == 0 && rep);
	CHECK(layowner(&l, 2, 4, &rep) == -1); /* "bX": original text too */
	add(&e, 3, 2, "Z", 0); /* change 2 rewrites change 0's text: one change */
	add(&e, 6, 1, "", 0);  /* change 3: "f" goes */
	int own2[] = {2, 3};
	add(&e, 6, 0, "R", 0); /* overlapping what change 3 deletes: refused as a whole */
	CHECK(laycheck(&l, &e) == NULL); /* an insert at a deletion's start does not overlap it */
	e.n--;
	layapply(&l, &e, own2, &uf);
	vfree(e);
	t = laytext(&l, &n);
	CHECK(!strcmp(t, "QabZe"));
	free(t);
	CHECK(ufind(&uf, 2) == ufind(&uf, 0) && ufind(&uf, 3) != ufind(&uf, 0) && ufind(&uf, 1) != ufind(&uf, 0));
	Edits out = {0};
	Ints owner = {0};
	layedits(&l, &out, &owner);
	char *err = NULL;
	size_t len;
	Edits copy = {0};
	for (int i = 0; i < out.n; i++)
		vpush(copy, out.v[i]);
	char *o = applyedits(src, 6, &copy, &len, &err);
	CHECK(o && !strcmp(o, "QabZe")); /* the composed edits give the same text from the original */
	free(o);
	vfree(copy);
	bool q = false, z = false, cd = false, f = false;
	for (int i = 0; i < out.n; i++) {
		const Edit *x = &out.v[i];
		int g = ufind(&uf, owner.v[i]);
		q |= x->off == 0 && !strcmp(x->text, "Q") && g == 1;
		z |= x->off == 2 && !strcmp(x->text, "Z") && g == 0;
		cd |= x->off == 2 && x->len == 2 && !*x->text && g == 0;
		f |= x->off == 5 && x->len == 1 && !*x->text && g == 3;
		free(x->text);
	}
	CHECK(q && z && cd && f); /* each edit with the change it belongs to */
	vfree(out);
	vfree(owner);
	vfree(uf);
	layfree(&l);
}

int
main(void)
{
	edits();
	rounds();
	refusals();
	atomic();
	return CHECK_DONE();
}
