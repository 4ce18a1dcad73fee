// expect 22: a variable that must be kept per thread is used inside a macro's body
// A variable kept per thread and renamed (two loops declare ai) in the argument
// of a macro that stringizes it: named at the use, the printed text would read
// ai_5 where the GPU prints ai (tests/lower/101 names such arguments where the
// macro has no # or ##). Refused with the use's line.
#include <cstdio>
#define SHOW(x) printf(#x "=%d\n", (x))
__global__ void k(int *o)
{
	__shared__ int s[4];
	for (int d = 1; d < 3; d++) {
		int ai = o[threadIdx.x] + d;
		s[threadIdx.x] = ai;
		__syncthreads();
		if (threadIdx.x == 0) SHOW((ai + s[1]));
		__syncthreads();
	}
	for (int d = 1; d < 3; d++) {
		int ai = o[threadIdx.x] * d;
		s[threadIdx.x] = ai;
		__syncthreads();
		if (threadIdx.x == 0) SHOW((ai + s[2]));
		__syncthreads();
	}
}
int main() { int *o; cudaMalloc(&o, 16); cudaMemset(o, 0, 16); k<<<1, 4>>>(o); cudaDeviceSynchronize(); return 0; }
