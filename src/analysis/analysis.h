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
