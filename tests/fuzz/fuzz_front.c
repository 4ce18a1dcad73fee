/* fuzz_front.c: the front end on arbitrary .cu bytes (a buffer, as an
 * editor sends it): libclang with cuflow's minimal CUDA header, the
 * tree-sitter pre-scan and trivia, and the model build. Every input is
 * analysed, skipped or refused with a reason, never a crash. */
#include <stdint.h>
#include <stdlib.h>

#include "cuflow.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);
int LLVMFuzzerInitialize(int *argc, char ***argv);
typedef struct {
	const char *name, *text;
} Embedded;
extern const Embedded cuflow_rules[];

static Rules *rules; /* read-only after the first call: the shipped rules */

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	setenv("LIBCLANG_NOTHREADS", "1", 1); /* as main does: the parse runs on cuflow's thread */
	rules = rules_new();
	char *err = NULL;
	for (const Embedded *e = cuflow_rules; e->name; e++)
		if (rules_parse(rules, e->name, e->text, &err))
			abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	Opts o = {0};
	o.minimal = true; /* fast, and no toolkit needed */
	o.text = (const char *)data;
	o.textlen = n;
	Unit *u = unit_parse("fuzz.cu", &o, rules);
	if (!u->refused && !u->skipped)
		cst_scan(u);
	if (u->refused && !*u->refused)
		abort(); /* a refusal says why */
	unit_free(u);
	return 0;
}
