// 17-multi-kernel-scan.cu: a three-kernel exclusive scan, as real codes chain
// kernels. (1) a work-efficient (Blelloch) block scan: the barrier comes
// FIRST in each loop body, the up-sweep and down-sweep loops share an
// `offset` variable carried from one loop into the other, and thread 0 alone
// writes the block total between them; (2) a <<<1, 1>>> single-thread serial
// scan of the block totals; (3) adding the offsets back. Then a
// cudaMemcpyDeviceToDevice copy of the result.
// Expected: RESULT last=<L> sum=<S> bad=0. A wrong lowering (offset reset per
// split region, barrier-first loop bodies split wrongly, the tid==0 store not
// ordered between the sweeps, kernels run out of order) prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 128
#define NB 256
#define N (NB * 2 * BS)

__global__ void blelloch(const int *in, int *out, int *sums)
{
	__shared__ int t[2 * BS];
	int tid = threadIdx.x, n = 2 * blockDim.x, base = blockIdx.x * n;
	t[2 * tid] = in[base + 2 * tid];
	t[2 * tid + 1] = in[base + 2 * tid + 1];
	int offset = 1;
	for (int d = n >> 1; d > 0; d >>= 1) {
		__syncthreads();
		if (tid < d) {
			int ai = offset * (2 * tid + 1) - 1, bi = offset * (2 * tid + 2) - 1;
			t[bi] += t[ai];
		}
		offset *= 2;
	}
	if (tid == 0) {
		sums[blockIdx.x] = t[n - 1];
		t[n - 1] = 0;
	}
	for (int d = 1; d < n; d *= 2) {
		offset >>= 1;
		__syncthreads();
		if (tid < d) {
			int ai = offset * (2 * tid + 1) - 1, bi = offset * (2 * tid + 2) - 1;
			int x = t[ai];
			t[ai] = t[bi];
			t[bi] += x;
		}
	}
	__syncthreads();
	out[base + 2 * tid] = t[2 * tid];
	out[base + 2 * tid + 1] = t[2 * tid + 1];
}

__global__ void serial_scan(int *sums, int nb)
{
	int run = 0;
	for (int b = 0; b < nb; ++b) {
		int v = sums[b];
		sums[b] = run;
		run += v;
	}
}

__global__ void add_offsets(int *out, const int *offs)
{
	int i = blockIdx.x * (2 * blockDim.x) + threadIdx.x;
	out[i] += offs[blockIdx.x];
	out[i + blockDim.x] += offs[blockIdx.x];
}

int main()
{
	int *h = (int *)malloc(N * sizeof(int));
	int *ho = (int *)malloc(N * sizeof(int));
	for (int i = 0; i < N; ++i)
		h[i] = (i * 29) % 19 - 9 + (i % 1000 == 0 ? 100 : 0);
	int *din, *dout, *dsums, *dcopy;
	CHECK(cudaMalloc(&din, N * sizeof(int)));
	CHECK(cudaMalloc(&dout, N * sizeof(int)));
	CHECK(cudaMalloc(&dcopy, N * sizeof(int)));
	CHECK(cudaMalloc(&dsums, NB * sizeof(int)));
	CHECK(cudaMemcpy(din, h, N * sizeof(int), cudaMemcpyHostToDevice));
	blelloch<<<NB, BS>>>(din, dout, dsums);
	CHECK(cudaGetLastError());
	serial_scan<<<1, 1>>>(dsums, NB);
	CHECK(cudaGetLastError());
	add_offsets<<<NB, BS>>>(dout, dsums);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(dcopy, dout, N * sizeof(int), cudaMemcpyDeviceToDevice));
	CHECK(cudaMemcpy(ho, dcopy, N * sizeof(int), cudaMemcpyDeviceToHost));

	int bad = 0, run = 0;
	long long sum = 0;
	for (int i = 0; i < N; ++i) {
		bad += ho[i] != run;
		run += h[i];
		sum += (long long)ho[i] * (i % 4 + 1);
	}
	printf("RESULT last=%d sum=%lld bad=%d\n", ho[N - 1], sum, bad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(dout));
	CHECK(cudaFree(dcopy));
	CHECK(cudaFree(dsums));
	free(h);
	free(ho);
	return 0;
}
