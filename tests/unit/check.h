/* check.h: the unit tests' harness. CHECK(cond) counts a check and reports
 * a failed one with its file, line and expression; KNOWN_BUG(cond, why)
 * states the fact as it should be where cuflow has a known bug: it prints
 * while the fact is wrong without failing the suite, and says so once the
 * bug is gone (then make it a CHECK). CHECK_DONE() ends main. */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

static int check_n, check_failed, check_bugs;

#define CHECK(cond) \
	do { \
		check_n++; \
		if (!(cond)) { \
			check_failed++; \
			fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); \
		} \
	} while (0)

#define KNOWN_BUG(cond, why) \
	do { \
		check_n++; \
		if (!(cond)) { \
			check_bugs++; \
			fprintf(stderr, "%s:%d: known bug, not counted as a failure: %s (%s)\n", __FILE__, __LINE__, \
			        why, #cond); \
		} else \
			fprintf(stderr, "%s:%d: known bug no longer seen, make it a CHECK: %s\n", __FILE__, __LINE__, why); \
	} while (0)

#define CHECK_DONE() \
	(fprintf(stderr, "%s: %d checks, %d failed, %d known bugs\n", __FILE__, check_n, check_failed, check_bugs), \
	 check_failed != 0)

#endif
