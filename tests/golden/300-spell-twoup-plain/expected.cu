// spelling matrix: twoup, spelled plain (one allocation a line, C casts)
// expect: the same RESULT and, with --passes=all, the same transfers as spelled plain (tests/spell.test)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

__global__ void add(const float *a, const float *b, float *c, int n, int r)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + 2 * b[i] + r;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096, rounds = argc > 2 ? atoi(argv[2]) : 3;
	size_t s = n * sizeof(float);
	float *a = NULL;
	cudaMallocHost((void **)&a, 2 * ((s + 511) / 256 * 256));
	float *b = (float *)((char *)a + (s + 511) / 256 * 256);
	float *c = NULL;
	cudaMallocHost((void **)&c, s);
	float *da;
	cudaMalloc(&da, 2 * ((s + 511) / 256 * 256));
	float *db = (float *)((char *)da + (s + 511) / 256 * 256);
	float *dc;
	cudaMalloc(&dc, s);
	double sum = 0;
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++) {
			a[i] = (float)(i % 7 + r);
			b[i] = (float)(i % 5);
		}
		cudaMemcpy(da, a, (size_t)((char *)db - (char *)da) + s, cudaMemcpyHostToDevice);
		add<<<(n + 255) / 256, 256>>>(da, db, dc, n, r);
		cudaMemcpy(c, dc, s, cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i += 97)
			sum += c[i];
	}
	printf("RESULT %.1f\n", sum);
	cudaFree(da);
	cudaFree(dc);
	cudaFreeHost(a);
	cudaFreeHost(c);
	return 0;
}
