// case: float *b = (float *)malloc(s), *a = (float *)malloc(s); the layout puts a first
// expect: the fused block comes from b's malloc (allocated first) and a points into it; the output compiles
// trap: allocations were ranked by their statement, which two declarators share: b was given a + offset before a was declared
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void add(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + 2 * b[i];
}

int main()
{
	int n = 1000;
	size_t s = n * sizeof(float);
	float *b = (float *)((char *)malloc(2 * ((s + 511) / 256 * 256)) + (s + 511) / 256 * 256), *a = (float *)((char *)b - (s + 511) / 256 * 256);
	float *c = (float *)malloc(s);
	float *da, *db, *dc;
	cudaMalloc(&da, 2 * ((s + 511) / 256 * 256));
	db = (decltype(db))((char *)da + (s + 511) / 256 * 256);
	cudaMalloc(&dc, s);
	double sum = 0;
	for (int r = 0; r < 3; r++) {
		for (int i = 0; i < n; i++) {
			a[i] = i % 7 + r;
			b[i] = i % 5;
		}
		cudaMemcpy(da, a, (size_t)((char *)db - (char *)da) + s, cudaMemcpyHostToDevice);
		add<<<(n + 255) / 256, 256>>>(da, db, dc, n);
		cudaMemcpy(c, dc, s, cudaMemcpyDeviceToHost);
		sum += c[n - 1];
	}
	printf("RESULT %.1f\n", sum);
	cudaFree(da); cudaFree(dc);
	free(a); free(c);
	return 0;
}
