/* formats.c: the report formats by name (--report=NAME), in one table, as
 * the passes are in pass/pipeline.c. */
#include <string.h>

#include "cuflow.h"
#include "report/report.h"

static const struct {
	const char *name;
	ReportFn print;
} formats[] = {
	{"text", textreport},
	{"json", jsonreport},
	{"sarif", sarifreport},
};

/* The printer of a format, NULL when there is none of that name. */
ReportFn
reportformat(const char *name)
{
	for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
		if (!strcmp(name, formats[i].name))
			return formats[i].print;
	return NULL;
}
