// case: calloc'd buffers whose zeroes the program reads: the device adds to an accumulator uploaded from a calloc'd buffer, and the host sums a second one before anything writes it
// expect: pinned and fused, the buffers still start zeroed (a memset after cudaMallocHost, calloc for a fused block)
// trap: cudaMallocHost does not zero memory; dropping calloc's zeroing changes the sums
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void addto(float *acc, const float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		acc[i] += x[i];
}

int main()
{
	int n = 1 << 18;
	size_t s = n * sizeof(float);
	float *acc = (float *)calloc(n, sizeof(float));
	float *x = NULL;
	cudaMallocHost((void **)&x, (size_t)n * sizeof(float));
	memset(x, 0, (size_t)n * sizeof(float));
	float *dacc, *dx;
	cudaMalloc(&dacc, s);
	cudaMalloc(&dx, s);
	double before = 0;
	for (int i = 0; i < n; i += 17)
		before += x[i] + acc[i];
	cudaMemcpy(dacc, acc, s, cudaMemcpyHostToDevice);
	for (int r = 0; r < 3; r++) {
		for (int i = 0; i < n; i += 2)
			x[i] = (float)(i % 5 + r);
		cudaMemcpy(dx, x, s, cudaMemcpyHostToDevice);
		addto<<<(n + 255) / 256, 256>>>(dacc, dx, n);
	}
	cudaMemcpy(acc, dacc, s, cudaMemcpyDeviceToHost);
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += acc[i];
	printf("RESULT %.1f %.1f\n", before, sum);
	cudaFree(dacc);
	cudaFree(dx);
	free(acc);
	cudaFreeHost(x);
	return 0;
}
