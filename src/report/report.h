/* report.h: what every report format reads. The formats print the plan and
 * the run; none of them decides anything. */
typedef struct {
	Unit **units;
	int nunits;
	const bool *changed; /* per unit: its text changed */
	const Plan *plan;
	const char *minimalwhy;
	double twall, tparse, tanalyse; /* seconds: the run; parsing; analysis and passes */
	const double *tanalyse1;        /* per unit: its share of the analysis time */
	char *const *editerr;           /* per unit: why its edits were not applied, or NULL */
	const char *passes;             /* the passes that ran, comma-separated */
} Report;

/* text.c */
void textreport(Buf *b, const Report *r);
void changemsg(Buf *b, const Change *c); /* one change in words, no file:line, no newline */

/* json.c, sarif.c, fixes.c: the machine formats (doc/reports.md) */
void jsonreport(Buf *b, const Report *r);
void sarifreport(Buf *b, const Report *r);
void exportfixes(Buf *b, const Report *r);

/* formats.c: --report=NAME */
typedef void (*ReportFn)(Buf *b, const Report *r);
ReportFn reportformat(const char *name); /* NULL: no such format */

/* common.c: what the machine formats share. A file's move edits in the
 * order they are applied, each with the change it belongs to. */
typedef struct {
	const Edit *e;
	int change; /* index into the plan */
} EditRef;
typedef VEC(EditRef) EditRefs;
void fileedits(const Report *r, const Unit *u, EditRefs *out);
bool editsapplied(const Report *r, const Unit *u); /* cuflow -i would apply u's edits */
bool ranpass(const Report *r, int pass);           /* the run asked for pass PASS_* */
typedef struct {
	int analysed, refused, skipped, hostonly, changed; /* files */
	int moved, synced, kept;                  /* sync */
	int hoisted, sunk, removed, ckept;        /* copies */
	int pinned, split, pkept;                 /* pin */
	int groups, fused, after, fkept;          /* fuse */
	int verified, differs, unverifiable, runs; /* --verify: programs, and runs compared */
} Tally;
void tally(const Report *r, Tally *t); /* the summary's counts, the changes made together included */
int unitcol(const Unit *u, int off);     /* 1-based byte column of off */
int unitcol16(const Unit *u, int off);   /* 1-based column of off in UTF-16 code units */
char *utf8clean(const char *s, size_t n); /* s with each invalid UTF-8 byte as U+FFFD */
struct json_t *jstr(const char *s);        /* json.c: a JSON string, cleaned as above */
