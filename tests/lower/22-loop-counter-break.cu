// 22-loop-counter-break: a loop with barriers whose counter is shared by the
// block (the for's own int i), left by `break` under `if (i == n - 1)`
// (Rodinia pathfinder's dynproc_kernel). The break makes the loop masked; a
// wrong lowering runs `i++` once per thread and leaves after one trip, so the
// stencil runs one step instead of `steps`. Host references count mismatches.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s line %d\n", cudaGetErrorString(e_), __LINE__); return 1; } } while (0)

#define B 64

__global__ void relax(const int *wall, const int *src, int *out, int steps, int cols)
{
	__shared__ int prev[B];
	__shared__ int result[B];
	int tx = threadIdx.x;
	int x = blockIdx.x * B + tx;
	prev[tx] = x < cols ? src[x] : 0;
	__syncthreads();
	bool computed;
	for (int i = 0; i < steps; i++) {
		computed = false;
		if (tx > 0 && tx < B - 1) {
			computed = true;
			int m = prev[tx - 1] < prev[tx] ? prev[tx - 1] : prev[tx];
			m = m < prev[tx + 1] ? m : prev[tx + 1];
			result[tx] = m + wall[(i * cols + x) % 997];
		}
		__syncthreads();
		if (i == steps - 1)
			break;
		if (computed)
			prev[tx] = result[tx];
		__syncthreads();
	}
	if (computed && x < cols)
		out[x] = result[tx];
}

int main()
{
	const int cols = 4 * B, steps = 9;
	int hw[997], hs[cols], ho[cols], ref[cols];
	for (int k = 0; k < 997; ++k)
		hw[k] = (k * 7 + 3) % 10;
	for (int k = 0; k < cols; ++k)
		hs[k] = (k * 13) % 17;
	for (int b = 0; b < cols / B; ++b) { /* the host reference, block by block */
		int prev[B], result[B];
		for (int t = 0; t < B; ++t)
			prev[t] = hs[b * B + t];
		int i;
		for (i = 0; i < steps; i++) {
			for (int t = 1; t < B - 1; ++t) {
				int m = prev[t - 1] < prev[t] ? prev[t - 1] : prev[t];
				m = m < prev[t + 1] ? m : prev[t + 1];
				result[t] = m + hw[(i * cols + b * B + t) % 997];
			}
			if (i == steps - 1)
				break;
			for (int t = 1; t < B - 1; ++t)
				prev[t] = result[t];
		}
		for (int t = 0; t < B; ++t)
			ref[b * B + t] = t > 0 && t < B - 1 ? result[t] : -1;
	}
	int *dw, *ds, *dout;
	CHECK(cudaMalloc(&dw, sizeof hw));
	CHECK(cudaMalloc(&ds, sizeof hs));
	CHECK(cudaMalloc(&dout, sizeof ho));
	CHECK(cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(ds, hs, sizeof hs, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dout, 0xff, sizeof ho));
	relax<<<cols / B, B>>>(dw, ds, dout, steps, cols);
	CHECK(cudaMemcpy(ho, dout, sizeof ho, cudaMemcpyDeviceToHost));
	long sum = 0;
	int bad = 0;
	for (int k = 0; k < cols; ++k) {
		bad += ho[k] != ref[k];
		sum += ho[k];
	}
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	return 0;
}
