/* fuzz_lsp.c: the language server's message reader (src/lsp/rpc.c) on an
 * arbitrary byte stream, fed in pieces as reads would deliver it: every
 * frame is a message, a refusal with a JSON-RPC error code, or more to
 * wait for; it never crashes or loops. */
#include <stdint.h>
#include <stdlib.h>

#include "lsp/lsp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	Reader r = {0};
	size_t piece = n ? 1 + data[0] % 97 : 1; /* the stream arrives in pieces of this size */
	for (size_t at = 0; at < n; at += piece) {
		bputn(&r.in, (const char *)data + at, n - at < piece ? n - at : piece);
		json_t *m;
		char *err = NULL;
		for (int rc, guard = 0; (rc = rpc_next(&r, &m, &err)) != RD_NONE; guard++) {
			if (guard > 1 << 20 || (rc == RD_BAD && (!err || (r.code != ERR_PARSE && r.code != ERR_INVALID_REQUEST))))
				abort(); /* a loop, or a refusal without its message or code */
			json_decref(m);
			free(err);
			err = NULL;
		}
	}
	free(r.in.v);
	return 0;
}
