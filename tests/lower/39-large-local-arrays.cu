// 39-large-local-arrays.cu: a thread's local array live across a barrier,
// 32 KiB of it per thread, beside a smaller one: the lowering keeps one copy
// of each per thread of the block (256 x 32 KiB = 8 MiB a block), more than
// an OpenMP worker's stack holds (HeCBench's fsm keeps 256 x 32 KiB so).
// Blocks of 256 threads. Expected: RESULT sum=<S> bad=0. A lowering that
// puts the copies on the stack crashes (SIGSEGV).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 256
#define NB 8
#define L 8192

__global__ void keep(const int *in, int *out)
{
	int loc[L];
	short small[64];
	__shared__ int tot[BS];
	int t = threadIdx.x, i = blockIdx.x * BS + t;
	for (int j = 0; j < L; j++)
		loc[j] = in[i] * j + t;
	for (int j = 0; j < 64; j++)
		small[j] = (short)(j ^ t);
	tot[t] = loc[L - 1 - t];
	__syncthreads();
	int acc = tot[(t + 1) % BS];
	for (int j = 0; j < L; j += 97)
		acc += loc[j] % 1000;
	for (int j = 0; j < 64; j++)
		acc += small[j];
	out[i] = acc;
}

int main()
{
	const int n = NB * BS;
	int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int));
	for (int i = 0; i < n; ++i)
		h[i] = i % 13 - 6;
	int *din, *dout;
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&dout, n * sizeof(int)));
	CHECK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
	keep<<<NB, BS>>>(din, dout);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost));
	int bad = 0;
	long long sum = 0;
	for (int i = 0; i < n; ++i) {
		int b = i / BS, t = i % BS, u = (t + 1) % BS;
		int ref = h[b * BS + u] * (L - 1 - u) + u;
		for (int j = 0; j < L; j += 97)
			ref += (h[i] * j + t) % 1000;
		for (int j = 0; j < 64; j++)
			ref += (short)(j ^ t);
		bad += r[i] != ref;
		sum += (long long)r[i] * (i % 7 + 1);
	}
	printf("RESULT sum=%lld bad=%d\n", sum, bad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(dout));
	free(h);
	free(r);
	return 0;
}
