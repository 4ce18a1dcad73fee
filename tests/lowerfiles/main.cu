// main.cu + sum.cu: a program of two units for `cuflow --lower=openmp`
// (tests/lowerfiles.test). Expected: RESULT sum=<S> hist=<H> bad=0.
#include <cstdio>
#include <cuda_runtime.h>
#include "support/common.h"
#include "support/verify.h"

int main()
{
	int h[N], sums[NB], hist[BINS];
	for (int i = 0; i < N; i++)
		h[i] = (i * 37 + 5) % 100;
	if (run_sum(h, sums, hist))
		return 1;
	long long s = 0, c = 0;
	for (int b = 0; b < NB; b++)
		s += sums[b];
	for (int k = 0; k < BINS; k++)
		c += (long long)hist[k] * (k + 1);
	printf("RESULT sum=%lld hist=%lld bad=%d\n", s, c, verify(h, sums, hist));
	return 0;
}
