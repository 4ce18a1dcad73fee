/* analysis.h: helpers the analysis files share. */
int unitidx(const Prog *p, const Unit *u);
void reach(const Prog *p, Bits *s);
bool valuefn(const Sym *s);
int calledfn(const Prog *p, int ui, const Call *c);
const Rule *callrule(const Prog *p, const PFunc *pf, const Call *c);
Call candcall(const Unit *u, const Call *c, int i);
void stmteff(const Prog *p, const PFunc *pf, int n, Eff *e);
void stmteffbut(const Prog *p, const PFunc *pf, int n, const bool *skip, Eff *e);
void launcheff(const Prog *p, const PFunc *pf, const Call *c, int kfid, int args, Eff *e);
void pendall(Prog *p);
/* hidden.c */
int hiddenwork(const Rules *rules, const Unit *u, int lo, int hi); /* a left-out #if group in [lo, hi) that calls something, or -1 */
int hiddenname(const Unit *u, const char *name); /* a left-out group of the unit spelling name, or -1 */
const char *cfgmacro(const Unit *u, int a, int b); /* a macro another configuration defines otherwise */
int hiddenjump(const Unit *u, int lo, int hi); /* a left-out group in [lo, hi) with a return, break, ...: or -1 */
void hiddenbefore(const Rules *rules, const Unit *u, const Func *f, bool *before); /* per node: such a group runs right before it */
void ingroup(const Unit *u, const Func *f, bool *in); /* per node: inside an #if group of the body */
int hiddenreach(const Prog *p, const Unit *u, const Eff *e); /* what such work may reach of e's: a location, -2: output, -1: none */
const char *hiddenptr(const Prog *p, int loc, int *line, const Unit **u); /* a pointer to loc such a group names, or NULL */
/* callers.c */
void fillcallers(Prog *p); /* Prog.sites, Prog.open */
char *othernames(const PFunc *from, int first, int last, const PFunc *to);
void stmtsyms(const Func *f, int first, int last, Ints *out);
