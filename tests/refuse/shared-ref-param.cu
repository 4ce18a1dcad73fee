// expect 20: a statement whose lanes read __shared__ memory that other lanes of their warp write in it, other than as `x = e` or `x op= e` with the reads in e (the GPU loads before it stores)
// A lane writes its neighbour's __shared__ element through a reference
// parameter (assign(int &a, int b)) while the lane after it reads it: the
// GPU's lanes load before they store (out[t] = 10 * (t - 1)); threads run
// one after another would pass lane 0's value along (out[t] = 0). cuflow
// once took s[t] bound to int & for a read only and printed sum=0. Here
// assign is defined after the kernel, so it stays a call (inlined, the
// statements run in step and print the GPU's sum: tests/lower/96).
#include <cstdio>

__device__ void assign(int &a, int b);

__global__ void k(int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	s[t] = t * 10;
	__syncwarp();
	if (t > 0)
		assign(s[t], s[t - 1]);
	__syncwarp();
	out[t] = s[t];
}

__device__ void assign(int &a, int b) { a = b; }

int main()
{
	int *d, h[32];
	cudaMalloc(&d, sizeof h);
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	long sum = 0;
	for (int i = 0; i < 32; i++)
		sum += h[i] * (i + 1);
	printf("RESULT sum=%ld\n", sum);
	return 0;
}
