// 05-histogram.cu: integer atomics with many blocks. (a) global atomicAdd on
// int bins; (b) a shared-memory histogram: zero __shared__ bins in a strided
// loop, barrier, atomicAdd on the shared bins, barrier, atomicAdd of each
// non-zero bin into global bins; (c) atomicAdd's return value used as a ticket
// (every element must get a distinct slot).
// Expected: RESULT n=65536 gbad=0 sbad=0 checksum=<C> perm=ok. A wrong lowering
// (non-atomic update under OpenMP threads, shared bins not zeroed before use,
// barrier skipped so partial bins are flushed early, old value not returned)
// prints gbad/sbad>0 or perm=BAD.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define NBINS 100
#define BS 64
#define NBLK 256
#define PER 4

__host__ __device__ static inline int bin_of(int v)
{
	return (int)((((unsigned)v * 2654435761u) >> 16) % NBINS);
}

__global__ void global_hist(const int *in, int *bins, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&bins[bin_of(in[i])], 1);
}

__global__ void shared_hist(const int *in, int *bins, int n)
{
	__shared__ int h[NBINS];
	int tid = threadIdx.x;
	for (int b = tid; b < NBINS; b += blockDim.x)
		h[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&h[bin_of(in[i])], 1);
	__syncthreads();
	for (int b = tid; b < NBINS; b += blockDim.x)
		if (h[b] != 0)
			atomicAdd(&bins[b], h[b]);
}

__global__ void tickets(int *counter, int *slots, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		int t = atomicAdd(counter, 1);
		slots[t] = i;
	}
}

int main()
{
	const int n = NBLK * BS * PER;
	int *h = (int *)malloc(n * sizeof(int));
	int *slots = (int *)malloc(n * sizeof(int));
	char *seen = (char *)calloc(n, 1);
	int ref[NBINS], g[NBINS], s[NBINS];
	memset(ref, 0, sizeof(ref));
	for (int i = 0; i < n; ++i) {
		h[i] = (i * 7) ^ (i >> 3);
		ref[bin_of(h[i])]++;
	}
	int *din, *dg, *ds, *dc, *dslots;
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&dg, NBINS * sizeof(int)));
	CHECK(cudaMalloc(&ds, NBINS * sizeof(int)));
	CHECK(cudaMalloc(&dc, sizeof(int)));
	CHECK(cudaMalloc(&dslots, n * sizeof(int)));
	CHECK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dg, 0, NBINS * sizeof(int)));
	CHECK(cudaMemset(ds, 0, NBINS * sizeof(int)));
	CHECK(cudaMemset(dc, 0, sizeof(int)));

	global_hist<<<NBLK, BS>>>(din, dg, n);
	CHECK(cudaGetLastError());
	shared_hist<<<NBLK, BS>>>(din, ds, n);
	CHECK(cudaGetLastError());
	tickets<<<n / 256, 256>>>(dc, dslots, n);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaMemcpy(g, dg, sizeof(g), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(s, ds, sizeof(s), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(slots, dslots, n * sizeof(int), cudaMemcpyDeviceToHost));
	int count;
	CHECK(cudaMemcpy(&count, dc, sizeof(int), cudaMemcpyDeviceToHost));

	int gbad = 0, sbad = 0, perm = count == n;
	long long checksum = 0;
	for (int b = 0; b < NBINS; ++b) {
		gbad += g[b] != ref[b];
		sbad += s[b] != ref[b];
		checksum += (long long)(b + 1) * g[b] + (long long)(b + 3) * s[b];
	}
	for (int i = 0; i < n && perm; ++i) {
		if (slots[i] < 0 || slots[i] >= n || seen[slots[i]])
			perm = 0;
		else
			seen[slots[i]] = 1;
	}
	printf("RESULT n=%d gbad=%d sbad=%d checksum=%lld perm=%s\n", n, gbad, sbad, checksum,
	       perm ? "ok" : "BAD");
	CHECK(cudaFree(din));
	CHECK(cudaFree(dg));
	CHECK(cudaFree(ds));
	CHECK(cudaFree(dc));
	CHECK(cudaFree(dslots));
	free(h);
	free(slots);
	free(seen);
	return 0;
}
