// 45-inline-aliased-args.cu: a helper with a barrier called with one
// variable for a value parameter and a reference parameter, f(x, x): the
// value parameter keeps its copy while the body writes the variable through
// the reference (an inlining that put the variable's name in both places
// would read the written value); a const reference bound to an expression;
// and a reference parameter bound to a variable, written in a loop; the
// call in the first of two declarators. Blocks of 64 threads. Expected: RESULT sum=<S> bad=0.
#include <cstdio>
#include <cuda_runtime.h>

#define BS 64

__device__ int bump(int *s, int a, int &b)
{
	s[threadIdx.x] = a;
	__syncthreads();
	for (int i = 0; i < 2; i++)
		b += s[(threadIdx.x + 1) % blockDim.x];
	__syncthreads();
	return a * 100 + b;
}

__device__ int twice(int *s, const int &v)
{
	s[threadIdx.x] = v;
	__syncthreads();
	int r = s[blockDim.x - 1 - threadIdx.x] * 2;
	__syncthreads();
	return r;
}

__global__ void k(int *o)
{
	__shared__ int s[BS];
	int x = threadIdx.x;
	int r = bump(s, x, x), r1 = r + 1;
	int t = twice(s, x + 3);
	o[threadIdx.x] = (r1 - 1) * 1000 + x * 10 + t;
}

int main()
{
	int h[BS], *d;
	cudaMalloc(&d, sizeof h);
	k<<<1, BS>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	long long sum = 0;
	int bad = 0;
	for (int t = 0; t < BS; t++) {
		int j = BS - 1 - t, x = t + 2 * ((t + 1) % BS), xj = j + 2 * ((j + 1) % BS);
		int r = t * 100 + x, tw = 2 * (xj + 3);
		bad += h[t] != r * 1000 + x * 10 + tw;
		sum += h[t];
	}
	printf("RESULT sum=%lld bad=%d\n", sum, bad);
	return 0;
}
