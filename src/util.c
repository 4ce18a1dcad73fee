/* util.c: allocation that cannot fail silently, growable arrays and buffers,
 * file reading, clocks and memory use (line tables: text.c). */
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cuflow.h"

static void
oom(void)
{
	fputs("cuflow: out of memory\n", stderr);
	exit(2);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *
xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);
	if (!p)
		oom();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *
fmt(const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	int n = vsnprintf(NULL, 0, f, ap);
	va_end(ap);
	char *s = xmalloc(n + 1);
	va_start(ap, f);
	vsnprintf(s, n + 1, f, ap);
	va_end(ap);
	return s;
}

void
vgrow_(void **v, int *cap, int need, size_t sz)
{
	if (need <= *cap)
		return;
	int c = *cap ? *cap : 8;
	while (c < need)
		c *= 2;
	*v = xrealloc(*v, (size_t)c * sz);
	*cap = c;
}

void
bputn(Buf *b, const char *s, size_t n)
{
	vgrow_((void **)&b->v, &b->cap, b->n + (int)n + 1, 1);
	memcpy(b->v + b->n, s, n);
	b->n += (int)n;
	b->v[b->n] = 0;
}

void
bputs(Buf *b, const char *s)
{
	bputn(b, s, strlen(s));
}

void
bprintf(Buf *b, const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	int n = vsnprintf(NULL, 0, f, ap);
	va_end(ap);
	vgrow_((void **)&b->v, &b->cap, b->n + n + 1, 1);
	va_start(ap, f);
	vsnprintf(b->v + b->n, n + 1, f, ap);
	va_end(ap);
	b->n += n;
}

char *
bstr(Buf *b)
{
	if (!b->v)
		bputn(b, "", 0);
	return b->v;
}

/* Reads a whole file; on failure returns NULL and a one-line reason. */
char *
readfile(const char *path, size_t *len, char **err)
{
	/* O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		*err = fmt("cannot open: %s", strerror(errno));
		return NULL;
	}
	struct stat sb;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		close(fd);
		*err = xstrdup("not a regular file");
		return NULL;
	}
	FILE *f = fdopen(fd, "rb");
	if (!f) {
		close(fd);
		*err = fmt("cannot open: %s", strerror(errno));
		return NULL;
	}
	Buf b = {0};
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		bputn(&b, chunk, n);
	bool bad = ferror(f);
	fclose(f);
	if (bad) {
		free(b.v);
		*err = xstrdup("read error");
		return NULL;
	}
	*len = b.n;
	return bstr(&b);
}

/* Runs fn(arg) to completion on a thread with the given stack size, for
 * work whose recursion depth the input decides; false if there is no such
 * thread to be had. */
bool
onstack(void *(*fn)(void *), void *arg, size_t stack)
{
	pthread_attr_t a;
	pthread_t t;
	if (pthread_attr_init(&a))
		return false;
	bool ok = !pthread_attr_setstacksize(&a, stack) && !pthread_create(&t, &a, fn, arg);
	pthread_attr_destroy(&a);
	if (ok)
		pthread_join(t, NULL);
	return ok;
}

/* The process's resident memory now (0 where /proc cannot tell). */
size_t
rssbytes(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long size, res = 0;
	if (f) {
		if (fscanf(f, "%lu %lu", &size, &res) != 2)
			res = 0;
		fclose(f);
	}
	return (size_t)res * (size_t)sysconf(_SC_PAGESIZE);
}

/* A word at a time: it runs over every PCH a parse loads (front/cache.c). */
unsigned long long
hash64(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *s = p;
	for (; n >= 8; s += 8, n -= 8) {
		unsigned long long w;
		memcpy(&w, s, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 29;
	}
	for (; n; s++, n--)
		h = (h ^ *s) * 0x100000001b3ull;
	return h;
}

double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}
