// 30-split-blocks: kernels whose threads never meet (no barrier, warp
// operation or __shared__ memory) launched with fewer blocks than the CPU
// has threads: the runtime runs such a block as ranges of threads on
// several OpenMP threads. search: a per-thread search whose length grows
// with the thread index (particlefilter's); split: a thread loop split
// after its inner loop, whose per-thread values cross to the second loop
// inside one range; ticket: atomics across ranges; guard: a return. Not
// split: a kernel with a __shared__ scratch it only uses per thread. A
// range run twice or skipped shows in the host reference (bad=).
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s line %d\n", cudaGetErrorString(e_), __LINE__); return 1; } } while (0)

__global__ void search(const int *cdf, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int at = n - 1;
	for (int x = 0; x < n; x++)
		if (cdf[x] >= i) {
			at = x;
			break;
		}
	out[i] = at;
}

__global__ void split(const int *in, int *out, int *tickets, unsigned *count)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int s = 0, big = -1;
	for (int j = 0; j < 8; j++) {
		int v = in[(t + j) % 1000] * (j + 1);
		s += v;
		big = v > big ? v : big;
	}
	out[t] = s * 3 + big;
	tickets[t] = (int)atomicAdd(count, 1u);
}

__global__ void scratch(int *out)
{
	__shared__ int mine[512];
	mine[threadIdx.x] = (int)threadIdx.x * 5 + (int)blockIdx.x;
	out[blockIdx.x * blockDim.x + threadIdx.x] = mine[threadIdx.x] + 1;
}

int main()
{
	const int n = 1500;
	static int hcdf[n], hout[n], hin[1000], ho2[2048], ht[2048];
	for (int i = 0; i < n; i++)
		hcdf[i] = i * 3 / 2;
	for (int i = 0; i < 1000; i++)
		hin[i] = (i * 37) % 101 - 50;
	int *dcdf, *dout, *din, *do2, *dt;
	unsigned *dcount, hcount;
	CHECK(cudaMalloc(&dcdf, sizeof hcdf));
	CHECK(cudaMalloc(&dout, sizeof hout));
	CHECK(cudaMalloc(&din, sizeof hin));
	CHECK(cudaMalloc(&do2, sizeof ho2));
	CHECK(cudaMalloc(&dt, sizeof ht));
	CHECK(cudaMalloc(&dcount, sizeof hcount));
	CHECK(cudaMemcpy(dcdf, hcdf, sizeof hcdf, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dcount, 0, sizeof hcount));

	search<<<(n + 511) / 512, 512>>>(dcdf, dout, n);
	CHECK(cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost));
	int bad = 0;
	long ssum = 0;
	for (int i = 0; i < n; i++) {
		int at = n - 1;
		for (int x = 0; x < n; x++)
			if (hcdf[x] >= i) {
				at = x;
				break;
			}
		bad += hout[i] != at;
		ssum += hout[i];
	}

	split<<<2, 1024>>>(din, do2, dt, dcount);
	CHECK(cudaMemcpy(ho2, do2, sizeof ho2, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(ht, dt, sizeof ht, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(&hcount, dcount, sizeof hcount, cudaMemcpyDeviceToHost));
	long psum = 0;
	static int seen[2048];
	for (int t = 0; t < 2048; t++) {
		int s = 0, big = -1;
		for (int j = 0; j < 8; j++) {
			int v = hin[(t + j) % 1000] * (j + 1);
			s += v;
			big = v > big ? v : big;
		}
		bad += ho2[t] != s * 3 + big;
		psum += ho2[t];
		if (ht[t] < 0 || ht[t] >= 2048 || seen[ht[t]]++)
			bad++;
	}
	bad += hcount != 2048;

	scratch<<<3, 512>>>(do2);
	CHECK(cudaMemcpy(ho2, do2, 3 * 512 * sizeof(int), cudaMemcpyDeviceToHost));
	long csum = 0;
	for (int i = 0; i < 3 * 512; i++) {
		bad += ho2[i] != (i % 512) * 5 + i / 512 + 1;
		csum += ho2[i];
	}
	printf("RESULT search=%ld split=%ld tickets=%u scratch=%ld bad=%d\n", ssum, psum, hcount, csum, bad);
	return 0;
}
