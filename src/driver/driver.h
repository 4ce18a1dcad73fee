/* driver.h: one run of cuflow: inputs, options, and what to print. */
typedef struct {
	Opts opts;
	VEC(char *) cargs;
	VEC(const char *) inputs;
	VEC(const char *) rulefiles;
	char *passes;
	bool inplace, check, quiet, timing;
	bool lsp; /* serve the Language Server Protocol on stdio instead */
	const char *report, *reportfile, *exportfixes, *dump;
	const char *lower, *output; /* --lower=openmp -o OUTPUT */
	int jobs;
} Run;

int drive(Run *r);
int lspserve(Run *r, const Rules *rules); /* lsp/lsp.c */

int compdb(const char *dir, Strs *files, Strs **flags, char **err);
void walktree(const char *dir, Strs *files); /* walk.c */
Rules *loadrules(const char *const *extra, int n, char **err);
char *rewrite(const Unit *u, const Plan *plan, size_t *len, bool *changed, char **err);
void planfree(Plan *plan);
int lowerprogram(const char **paths, int n, const Opts *o, char **out, char **err);
