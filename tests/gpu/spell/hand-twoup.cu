// twoup fused and pinned by hand: the spelling matrix's reference (tests/gpu/spell/run).
// a and b share one page-locked block and dA and dB one device block, so one
// upload carries both; c is page-locked. Same RESULT as tests/spell/gen.py's twoup.
#include <cstdio>
#include <cstdlib>
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
	float *a, *c, *da, *dc;
	cudaMallocHost((void **)&a, 2 * s);
	cudaMallocHost((void **)&c, s);
	float *b = a + n;
	cudaMalloc(&da, 2 * s);
	cudaMalloc(&dc, s);
	float *db = da + n;
	double sum = 0;
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++) {
			a[i] = (float)(i % 7 + r);
			b[i] = (float)(i % 5);
		}
		cudaMemcpy(da, a, 2 * s, cudaMemcpyHostToDevice);
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
