// case: an asynchronous download in a loop, read by the host a few statements later with no sync between
// expect: out pinned; the host waits for the download's event right before it reads out, after the host work that does not touch it
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void grow(float *x, int n, int r)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = x[i] * 0.5f + (float)(i % 11 + r);
}

static double work(int r)
{
	double w = 0;
	for (int k = 0; k < 1000; k++)
		w += (k * r) % 7;
	return w;
}

int main(int argc, char **argv)
{
	int n = 1 << 20, rounds = argc > 1 ? atoi(argv[1]) : 6;
	size_t bytes = n * sizeof(float);
	float *out = (float *)malloc(bytes);
	float *dx;
	cudaMalloc(&dx, bytes);
	cudaMemset(dx, 0, bytes);
	cudaStream_t s;
	cudaStreamCreate(&s);
	double sum = 0, w = 0;
	for (int r = 0; r < rounds; r++) {
		grow<<<(n + 255) / 256, 256, 0, s>>>(dx, n, r);
		cudaMemcpyAsync(out, dx, bytes, cudaMemcpyDeviceToHost, s);
		w += work(r);
		for (int i = 0; i < n; i += 101)
			sum += out[i];
	}
	printf("RESULT %.3f %.1f\n", sum, w);
	cudaStreamDestroy(s);
	cudaFree(dx);
	free(out);
	return 0;
}
