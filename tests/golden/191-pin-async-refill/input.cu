// case: an asynchronous upload from a buffer the host refills every round
// expect: a pinned, an event recorded after the upload and waited for at the end of the round, before the refill; the trap: without the wait the host rewrites the buffer while the copy reads it (the deferred CPU run shows it)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void acc(const float *a, float *s, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		s[i] += a[i];
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1 << 20, rounds = argc > 2 ? atoi(argv[2]) : 8;
	size_t bytes = n * sizeof(float);
	float *a = (float *)malloc(bytes);
	float *out = (float *)malloc(bytes);
	float *da, *ds;
	cudaMalloc(&da, bytes);
	cudaMalloc(&ds, bytes);
	cudaMemset(ds, 0, bytes);
	cudaStream_t st;
	cudaStreamCreate(&st);
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++)
			a[i] = (float)((i + r) % 13);
		cudaMemcpyAsync(da, a, bytes, cudaMemcpyHostToDevice, st);
		acc<<<(n + 255) / 256, 256, 0, st>>>(da, ds, n);
	}
	cudaMemcpyAsync(out, ds, bytes, cudaMemcpyDeviceToHost, st);
	cudaStreamSynchronize(st);
	double sum = 0;
	for (int i = 0; i < n; i += 7)
		sum += out[i];
	printf("RESULT %.1f\n", sum);
	cudaStreamDestroy(st);
	cudaFree(da);
	cudaFree(ds);
	free(a);
	free(out);
	return 0;
}
