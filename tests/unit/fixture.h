/* fixture.h: runs the front end and every analysis on a CUDA snippet the
 * test writes into a temporary directory, parsed with cuflow's minimal CUDA
 * header (no toolkit needed) and the built-in rules, as the driver does;
 * and finds functions, statements and variables by name and line, so the
 * tests do not depend on node numbering. */
#include "cuflow.h"

typedef struct {
	Unit *u;
	Prog *p;
	char *path;
} Fx;

Rules *fx_rules(void); /* the built-in rules, loaded once */
bool fx_load(Fx *x, const char *src); /* false (and a message) if the unit is refused */
void fx_free(Fx *x);
PFunc *fx_fn(const Fx *x, const char *name);
int fx_stmt(const PFunc *pf, int line, int kind); /* first node with that line and kind, or -1 */
int fx_var(const Fx *x, const char *fn, const char *name); /* location of a local/param of fn (NULL: a global) */
int fx_heap(const Fx *x, int line); /* the first heap site a main-file function makes on that line, or -1 */
bool fx_edge(const PFunc *pf, int a, int b); /* in the analysed CFG */
bool fx_stedge(const PFunc *pf, int a, int b); /* in the front end's CFG */
int fx_fid(const Fx *x, const char *name);
bool fx_setis(const Fx *x, const Bits *s, ...); /* s is exactly the locations listed, ending in -2 */
bool fx_has(const Bits *s, int l);               /* false for l < 0 (a location not found) */
int fx_line(const Fx *x, const char *marker); /* the one line ending with marker, or -1 */
int fx_last(const PFunc *pf, int line, int kind); /* last node with that line and kind, or -1 */
