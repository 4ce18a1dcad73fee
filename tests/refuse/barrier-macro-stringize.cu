// expect 14: a barrier a macro writes among other code (its statements cannot be split apart; cuflow writes out only macros without #, ## or variable arguments)
// A macro writing a barrier among other statements: each statement of its
// expansion spans the whole use, so the thread loops cannot copy them apart.
// A plain macro's use is written out before the kernel is lowered
// (tests/lower/102); one that turns its argument into a string is not (its
// text written out would need the preprocessor's # and ##), and the barrier
// would run inside a thread loop: refused.
#include <cstdio>
#define STORE_SYNC(dst, v) dst[threadIdx.x] = (v); __syncthreads(); if (threadIdx.x == 0) printf("%s\n", #v)

__global__ void k(int *d)
{
	__shared__ int s[32];
	STORE_SYNC(s, d[threadIdx.x] + 1);
	d[threadIdx.x] = s[31 - threadIdx.x];
}
int main()
{
	int *d;
	cudaMalloc(&d, 128);
	k<<<1, 32>>>(d);
	return 0;
}
