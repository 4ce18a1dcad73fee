// 70-leader-shared: statements only one thread of the block runs (if
// (threadIdx.x == 0), if (lid == blockDim.x - 1)) read and write __shared__
// scalars with no barrier between them: HeCBench's filter (the leader adds
// the block's count to a global counter and keeps the old value in the
// same __shared__ int), fpc (the last thread reads the block's sum), sc.
// No other lane reaches them, so the thread loop's order is the GPU's; such
// statements once were refused as lanes reading each other's stores. A
// stream compaction (positions from a shared atomic, the block's base from
// the leader's global atomic) checked against the host: bad counts a
// missing or doubled element; sum is exact whatever the order.
#include <cstdio>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); return 1; } } while (0)

__global__ void compact(const int *src, int *dst, int *nres, int n)
{
	__shared__ int l_n;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (threadIdx.x == 0)
		l_n = 0;
	__syncthreads();
	int d = 0, pos = 0;
	if (i < n) {
		d = src[i];
		if (d > 0)
			pos = atomicAdd(&l_n, 1);
	}
	__syncthreads();
	if (threadIdx.x == 0)
		l_n = atomicAdd(nres, l_n);
	__syncthreads();
	if (i < n && d > 0)
		dst[pos + l_n] = d;
}

__global__ void lastsum(const int *src, int *sums)
{
	__shared__ int total;
	__shared__ int seen;
	int lid = threadIdx.x;
	if (lid == 0)
		total = 0;
	__syncthreads();
	atomicAdd(&total, src[blockIdx.x * blockDim.x + lid]);
	__syncthreads();
	if (lid == blockDim.x - 1) {
		seen = total;
		seen += total;
		sums[blockIdx.x] = seen;
	}
}

int main()
{
	const int n = 100000, nt = 128, nb = (n + nt - 1) / nt;
	static int h[nb * nt], out[n], sums[nb];
	for (int i = 0; i < nb * nt; i++)
		h[i] = i < n ? ((i * 37) % 11) - 4 : 0;
	int *src, *dst, *cnt, *ds;
	CHECK(cudaMalloc(&src, sizeof h));
	CHECK(cudaMalloc(&dst, sizeof out));
	CHECK(cudaMalloc(&cnt, sizeof(int)));
	CHECK(cudaMalloc(&ds, sizeof sums));
	CHECK(cudaMemcpy(src, h, sizeof h, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(cnt, 0, sizeof(int)));
	compact<<<nb, nt>>>(src, dst, cnt, n);
	lastsum<<<nb, nt>>>(src, ds);
	int m;
	CHECK(cudaMemcpy(&m, cnt, sizeof m, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(out, dst, sizeof out, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(sums, ds, sizeof sums, cudaMemcpyDeviceToHost));
	int want = 0, bad = 0;
	long long sum = 0, hsum = 0;
	int hist[8] = {0}, got[8] = {0};
	for (int i = 0; i < n; i++)
		if (h[i] > 0)
			want++, hsum += h[i], hist[h[i]]++;
	for (int i = 0; i < m && i < n; i++)
		if (out[i] > 0 && out[i] < 8)
			sum += out[i], got[out[i]]++;
		else
			bad++;
	for (int v = 0; v < 8; v++)
		bad += hist[v] != got[v];
	for (int b = 0; b < nb; b++) {
		int s = 0;
		for (int t = 0; t < nt; t++)
			s += h[b * nt + t];
		bad += sums[b] != 2 * s;
	}
	printf("RESULT count=%d sum=%lld bad=%d\n", m, sum, bad + (m != want) + (sum != hsum));
	return 0;
}
