/* rpc.c: JSON-RPC 2.0 messages framed by LSP's base protocol: header lines
 * ("Content-Length: N", others ignored) ending in an empty line, then N
 * bytes of UTF-8 JSON. Reading works on a raw descriptor, not stdio, so the
 * server can poll() it with a timeout (debounced analyses) and tell
 * "nothing yet" from "end of input". A broken frame is reported (with the
 * JSON-RPC error code the server answers it with) and skipped; the reader
 * then resynchronises on the next Content-Length header. A length over the
 * limit is not trusted as far as skipping that many bytes: a wrong one
 * would swallow every later message. */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "lsp/lsp.h"

enum {
	MAXHEADER = 64 << 10, /* a header block longer than this is garbage */
	MAXBODY = 256 << 20,  /* a body longer than this is refused */
};

int
rpc_fill(Reader *r, int timeout_ms)
{
	if (r->eof)
		return -1;
	struct pollfd p = {r->fd, POLLIN, 0};
	int k = poll(&p, 1, timeout_ms);
	if (k == 0 || (k < 0 && errno == EINTR))
		return 0;
	if (r->used > 0 && r->used == (size_t)r->in.n) /* all consumed: start over */
		r->in.n = 0, r->used = 0;
	if (r->used > (1u << 20)) { /* keep the buffer from growing without bound */
		memmove(r->in.v, r->in.v + r->used, r->in.n - r->used);
		r->in.n -= (int)r->used;
		r->used = 0;
	}
	char chunk[65536];
	ssize_t n = read(r->fd, chunk, sizeof chunk);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n <= 0) {
		r->eof = true;
		return -1;
	}
	bputn(&r->in, chunk, (size_t)n);
	return 1;
}

/* End of the header block in p[0, n): *body is where the body starts.
 * Lines end in "\r\n" (or a bare "\n", tolerated). */
static bool
headerend(const char *p, size_t n, size_t *body)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i] != '\n')
			continue;
		if (i + 1 < n && p[i + 1] == '\n') {
			*body = i + 2;
			return true;
		}
		if (i + 2 < n && p[i + 1] == '\r' && p[i + 2] == '\n') {
			*body = i + 3;
			return true;
		}
	}
	return false;
}

/* The Content-Length the header block p[0, n) gives, or -1. The name is
 * looked for anywhere in a line, so that leftovers of a broken frame in
 * front of the next header do not hide it. */
static long
contentlength(const char *p, size_t n)
{
	static const char name[] = "content-length:";
	long len = -1;
	for (size_t i = 0; i + sizeof name - 1 <= n; i++) {
		if (strncasecmp(p + i, name, sizeof name - 1))
			continue;
		const char *q = p + i + sizeof name - 1, *end = p + n;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		long v = 0;
		const char *d = q;
		while (q < end && *q >= '0' && *q <= '9' && v <= MAXBODY * 16L)
			v = v * 10 + (*q++ - '0');
		len = q > d ? v : -1;
	}
	return len;
}

static void
drop(Reader *r, size_t n)
{
	r->used += n;
}

int
rpc_next(Reader *r, json_t **msg, char **err)
{
	*msg = NULL;
	r->code = ERR_PARSE;
	const char *p = r->in.v + r->used;
	size_t n = r->in.n - r->used;
	size_t body;
	if (!n || !headerend(p, n, &body)) {
		if (n > MAXHEADER) {
			drop(r, n);
			*err = xstrdup("a header block without an end; dropped");
			return RD_BAD;
		}
		return RD_NONE;
	}
	long len = contentlength(p, body);
	if (len < 0) {
		drop(r, body);
		*err = xstrdup("a message without a Content-Length header; dropped");
		return RD_BAD;
	}
	if (len > MAXBODY) {
		drop(r, body);
		r->code = ERR_INVALID_REQUEST;
		*err = fmt("a message of %ld bytes or more is over the limit of %d; its header dropped", len, MAXBODY);
		return RD_BAD;
	}
	if (n - body < (size_t)len)
		return RD_NONE;
	json_error_t je;
	*msg = json_loadb(p + body, (size_t)len, 0, &je);
	drop(r, body + (size_t)len);
	if (!*msg) {
		*err = fmt("malformed JSON (%s at byte %d); message dropped", je.text, je.position);
		return RD_BAD;
	}
	return RD_MSG;
}

static int
writeall(int fd, const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

int
rpc_write(int fd, json_t *msg)
{
	char *body = json_dumps(msg, JSON_COMPACT);
	json_decref(msg);
	if (!body)
		return 0; /* cannot happen with the messages the server builds; nothing sent */
	size_t n = strlen(body);
	char *head = fmt("Content-Length: %zu\r\n\r\n", n);
	int rc = writeall(fd, head, strlen(head)) || writeall(fd, body, n) ? -1 : 0;
	free(head);
	free(body);
	return rc;
}
