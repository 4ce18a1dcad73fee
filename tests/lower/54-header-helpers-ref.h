// 54-header-helpers-ref.h: a header the program includes after the
// helpers' one, declaring nothing they use (its <cstdio> is included
// before: it enters nothing new).
#include <cstdio>

static int refsum(const int *v, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}
