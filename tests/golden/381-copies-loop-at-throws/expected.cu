// case: an upload, a launch and a download in a loop that calls idx.at(t), which throws on the third trip, caught by main
// expect: the copies stay in the loop
// trap: the round trip was hoisted and sunk: the exception skipped the sunk download and h kept the old values
#include <cstdio>
#include <vector>
#include <stdexcept>
#include <cuda_runtime.h>

__global__ void inc(float *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] += 1;
}

static void run(float *h, float *d, int n, const std::vector<int> &idx)
{
	for (int t = 0; t < 4; t++) {
		cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
		inc<<<(n + 255) / 256, 256>>>(d, n);
		cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
		idx.at(t);
	}
}

int main()
{
	int n = 1000;
	float h[1000] = {0};
	float *d;
	cudaMalloc(&d, n * sizeof(float));
	std::vector<int> idx(2);
	try {
		run(h, d, n, idx);
	} catch (const std::out_of_range &) {
	}
	printf("RESULT %.1f\n", h[0]);
	cudaFree(d);
	return 0;
}
