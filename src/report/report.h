/* report.h: what every report format reads. */
typedef struct {
	Unit **units;
	int nunits;
	const bool *changed; /* per unit: its text changed */
	const Plan *plan;
	const char *minimalwhy;
	double twall, tparse, tanalyse; /* seconds: the run; parsing; analysis and passes */
} Report;

void textreport(Buf *b, const Report *r);
