/* fuzz_rules.c: the rules reader (src/model/rules.c) on arbitrary text:
 * every input is either loaded or refused with a message, never a crash,
 * and what loads can be looked up. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	char *text = xstrndup((const char *)data, n); /* rules text ends at a NUL */
	Rules *rs = rules_new();
	char *err = NULL;
	if (rules_parse(rs, "fuzz.rules", text, &err) == 0) {
		const Rule *r = rules_find(rs, "cudaMemcpy");
		if (r && r->neff < 0)
			abort();
	} else if (!err || strncmp(err, "fuzz.rules:", 11))
		abort(); /* a refusal names the file and line */
	free(err);
	rules_free(rs);
	free(text);
	return 0;
}
