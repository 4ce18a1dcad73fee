// 16-streams-events-memset.cu: two streams, each with cudaMemcpyAsync from
// pinned memory, a kernel launch on the stream (4th launch argument) and an
// async copy back; an event recorded on stream 1 that stream 2 waits on
// (cudaStreamWaitEvent) before combining both streams' results;
// cudaStreamSynchronize, cudaStreamQuery; events timing the work with
// cudaEventElapsedTime (the time is only checked to be >= 0, never printed);
// cudaMemset with 0 and with 0xff (every int becomes -1), and a partial
// cudaMemset at an offset.
// Expected: RESULT a=<A> b=<B> c=<C> memset=ok evt=ok query=ok bad=0. A wrong
// lowering (stream work run out of order, the wait ignored, async copies not
// performed before the sync, memset writing ints instead of bytes) prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 32768
#define BS 256

__global__ void scale_add(int *d, int n, int mul, int add)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = d[i] * mul + add;
}

__global__ void fill(int *d, int n, int base)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] += base + i % 100; /* d was memset to 0 */
}

__global__ void combine(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] * 2 + b[i] + (c[i] == -1 ? 1 : 1000); /* c memset to 0xff */
}

int main()
{
	const size_t bytes = N * sizeof(int);
	int *hA, *hA2, *hB, *hC, *hD;
	CHECK(cudaMallocHost(&hA, bytes));
	CHECK(cudaMallocHost(&hA2, bytes));
	CHECK(cudaMallocHost(&hB, bytes));
	CHECK(cudaMallocHost(&hC, bytes));
	CHECK(cudaMallocHost(&hD, bytes));
	for (int i = 0; i < N; ++i)
		hA[i] = (i * 11) % 101 - 50;
	int *dA, *dB, *dC, *dD;
	CHECK(cudaMalloc(&dA, bytes));
	CHECK(cudaMalloc(&dB, bytes));
	CHECK(cudaMalloc(&dC, bytes));
	CHECK(cudaMalloc(&dD, bytes));
	CHECK(cudaMemset(dB, 0, bytes));
	CHECK(cudaMemset(dC, 0xff, bytes));
	CHECK(cudaMemset(dD, 0xff, bytes));
	CHECK(cudaMemset(dD + 100, 0, 50 * sizeof(int)));

	cudaStream_t s1, s2;
	cudaEvent_t start, stop, aDone;
	CHECK(cudaStreamCreate(&s1));
	CHECK(cudaStreamCreate(&s2));
	CHECK(cudaEventCreate(&start));
	CHECK(cudaEventCreate(&stop));
	CHECK(cudaEventCreate(&aDone));

	CHECK(cudaEventRecord(start, s1));
	CHECK(cudaMemcpyAsync(dA, hA, bytes, cudaMemcpyHostToDevice, s1));
	scale_add<<<N / BS, BS, 0, s1>>>(dA, N, 3, 7);
	CHECK(cudaGetLastError());
	CHECK(cudaEventRecord(aDone, s1));
	CHECK(cudaMemcpyAsync(hA2, dA, bytes, cudaMemcpyDeviceToHost, s1));

	fill<<<N / BS, BS, 0, s2>>>(dB, N, 5);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpyAsync(hB, dB, bytes, cudaMemcpyDeviceToHost, s2));
	CHECK(cudaStreamWaitEvent(s2, aDone, 0));
	combine<<<N / BS, BS, 0, s2>>>(dA, dB, dC, N);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpyAsync(hC, dC, bytes, cudaMemcpyDeviceToHost, s2));
	CHECK(cudaEventRecord(stop, s2));

	CHECK(cudaStreamSynchronize(s1));
	CHECK(cudaStreamSynchronize(s2));
	CHECK(cudaEventSynchronize(stop));
	float ms = -1.0f;
	CHECK(cudaEventElapsedTime(&ms, start, stop));
	int query = cudaStreamQuery(s1) == cudaSuccess && cudaStreamQuery(s2) == cudaSuccess;
	CHECK(cudaMemcpy(hD, dD, bytes, cudaMemcpyDeviceToHost));

	int bad = 0, mbad = 0;
	long long a = 0, b = 0, c = 0;
	for (int i = 0; i < N; ++i) {
		int ra = hA[i] * 3 + 7, rb = 5 + i % 100;
		bad += hA2[i] != ra;
		bad += hB[i] != rb;
		bad += hC[i] != ra * 2 + rb + 1;
		mbad += hD[i] != ((i >= 100 && i < 150) ? 0 : -1);
		a += hA2[i];
		b += hB[i];
		c += (long long)hC[i] * (i % 3 + 1);
	}
	printf("RESULT a=%lld b=%lld c=%lld memset=%s evt=%s query=%s bad=%d\n", a, b, c, mbad ? "BAD" : "ok",
	       ms >= 0.0f ? "ok" : "BAD", query ? "ok" : "BAD", bad);
	CHECK(cudaEventDestroy(start));
	CHECK(cudaEventDestroy(stop));
	CHECK(cudaEventDestroy(aDone));
	CHECK(cudaStreamDestroy(s1));
	CHECK(cudaStreamDestroy(s2));
	CHECK(cudaFree(dA));
	CHECK(cudaFree(dB));
	CHECK(cudaFree(dC));
	CHECK(cudaFree(dD));
	CHECK(cudaFreeHost(hA));
	CHECK(cudaFreeHost(hA2));
	CHECK(cudaFreeHost(hB));
	CHECK(cudaFreeHost(hC));
	CHECK(cudaFreeHost(hD));
	return 0;
}
