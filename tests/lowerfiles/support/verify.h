// support/verify.h: the host reference.
#include "common.h"
static int verify(const int *h, const int *sums, const int *hist)
{
	int bad = 0, ref[BINS] = {0};
	for (int b = 0; b < NB; b++) {
		int s = 0;
		for (int t = 0; t < BS; t++)
			s += h[b * BS + t] * h[b * BS + t];
		bad += sums[b] != s;
	}
	for (int i = 0; i < N; i++)
		ref[h[i] % BINS]++;
	for (int k = 0; k < BINS; k++)
		bad += hist[k] != ref[k];
	return bad;
}
