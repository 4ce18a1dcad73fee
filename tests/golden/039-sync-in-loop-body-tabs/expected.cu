// case: positive, tab-indented file: the copy sits inside a for-loop body and moves within that body only
// expect: in the body of "for (int step = 0; step < 4; ++step) {", "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * (step + 1);") to just before the loop "for (int i = 0; i < n; i += 16) acc += (long long)h_out[i];" (it keeps tab indentation and never leaves the loop)
// trap: a copy moved below the acc loop would add -1 sentinels; moving it out of the for loop would lose three of the four copies
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void produce(float *out, int n, int salt)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		int v = (i + salt * 31) % 1000;
		for (int k = 0; k < 64; ++k)
			v = (v * 17 + 11) % 1009;
		out[i] = (float)(v % 100);
	}
}

int main()
{
	const int n = 1 << 20;
	const size_t bytes = n * sizeof(float);
	const int threads = 256;
	const int blocks = (n + threads - 1) / threads;

	float *h_out = (float *)malloc(bytes);
	double *h_w = (double *)malloc(n * sizeof(double));
	for (int i = 0; i < n; ++i) {
		h_out[i] = -1.0f;
		h_w[i] = (i % 179) * 1.0;
	}
	float *d_out;
	cudaMalloc(&d_out, bytes);

	long long acc = 0;
	double hw = 0.0;

	for (int step = 0; step < 4; ++step) {
		produce<<<blocks, threads>>>(d_out, n, 39 + step);
		for (int i = 0; i < n; ++i)
			hw += h_w[i] * (step + 1);
		cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i += 16) acc += (long long)h_out[i];
	}

	printf("RESULT %lld %.1f\n", acc, hw);
	free(h_out);
	free(h_w);
	cudaFree(d_out);
	return 0;
}
