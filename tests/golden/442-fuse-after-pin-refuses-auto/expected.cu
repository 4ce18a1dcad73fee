// case: two auto host buffers pin cannot replace, uploaded together in a loop, with --passes=all
// expect: pin keeps them pageable (auto); fuse fuses the two uploads in the same run instead of waiting for a pin round that never comes
// trap: fuse deferring to pin (its 'next round') for buffers pin refuses
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
	int n = 4096;
	size_t s = n * sizeof(float);
	auto *a = (float *)malloc(2 * ((s + 511) / 256 * 256));
	auto *b = (float *)((char *)a + (s + 511) / 256 * 256);
	float *c = NULL;
	cudaMallocHost((void **)&c, s);
	float *da, *db, *dc;
	cudaMalloc(&da, 2 * ((s + 511) / 256 * 256));
	db = (decltype(db))((char *)da + (s + 511) / 256 * 256);
	cudaMalloc(&dc, s);
	double sum = 0;
	for (int r = 0; r < 3; r++) {
		for (int i = 0; i < n; i++) {
			a[i] = (float)(i % 7 + r);
			b[i] = (float)(i % 5);
		}
		cudaMemcpy(da, a, (size_t)((char *)db - (char *)da) + s, cudaMemcpyHostToDevice);
		add<<<(n + 255) / 256, 256>>>(da, db, dc, n);
		cudaMemcpy(c, dc, s, cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i += 97)
			sum += c[i];
	}
	printf("RESULT %.1f\n", sum);
	cudaFree(da);
	cudaFree(dc);
	free(a);
	cudaFreeHost(c);
	return 0;
}
