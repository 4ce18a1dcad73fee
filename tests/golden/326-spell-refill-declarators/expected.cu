// spelling matrix: refill, spelled declarators (several declarators in one declaration)
// expect: the same RESULT and, with --passes=all, the same transfers as spelled plain (tests/spell.test)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

__global__ void acc(const float *a, float *t, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		t[i] += a[i];
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1 << 16, rounds = argc > 2 ? atoi(argv[2]) : 6;
	size_t s = n * sizeof(float);
	float *a = NULL;
	cudaMallocHost((void **)&a, s);
	cudaEvent_t a_copied;
	cudaEventCreateWithFlags(&a_copied, cudaEventDisableTiming);
	float *out = (float *)malloc(s);
	float *da, *dt;
	cudaMalloc((void **)&da, s);
	cudaMalloc((void **)&dt, s);
	cudaMemset(dt, 0, s);
	cudaStream_t st;
	cudaStreamCreate(&st);
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++)
			a[i] = (float)((i + r) % 13);
		cudaMemcpyAsync(da, a, s, cudaMemcpyHostToDevice, st);
		cudaEventRecord(a_copied, st);
		acc<<<(n + 255) / 256, 256, 0, st>>>(da, dt, n);
		cudaEventSynchronize(a_copied);
	}
	cudaMemcpyAsync(out, dt, s, cudaMemcpyDeviceToHost, st);
	cudaStreamSynchronize(st);
	double sum = 0;
	for (int i = 0; i < n; i += 7)
		sum += out[i];
	printf("RESULT %.1f\n", sum);
	cudaStreamDestroy(st);
	cudaFree(da);
	cudaFree(dt);
	cudaEventDestroy(a_copied);
	cudaFreeHost(a);
	free(out);
	return 0;
}
