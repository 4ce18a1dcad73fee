/* analysis.h: helpers the analysis files share. */
int unitidx(const Prog *p, const Unit *u);
void reach(const Prog *p, Bits *s);
bool valuefn(const Sym *s);
void stmteff(const Prog *p, const PFunc *pf, int n, Eff *e);
void launcheff(const Prog *p, const PFunc *pf, const Call *c, int kfid, int args, Eff *e);
void pendall(Prog *p);
