// case: statements that share a line: a copy the passes move or rewrite beside one they must not touch (a counter, a host write)
// expect: the moved or rewritten statements leave their line alone; the others stay where they were, in their order
// trap: moving the whole line would move `ticks++` and `h[0] = 0` with the copy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void inc(float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] += 1.0f;
}

int main()
{
	int n = 1 << 18, ticks = 0;
	size_t s = n * sizeof(float);
	float *h = NULL;
	cudaMallocHost((void **)&h, 2 * ((s + 511) / 256 * 256));
	float *g = (float *)((char *)h + (s + 511) / 256 * 256);
	float *d;
	cudaMalloc(&d, 2 * ((s + 511) / 256 * 256));
	float *e = (float *)((char *)d + (s + 511) / 256 * 256);
	for (int i = 0; i < n; i++) { h[i] = (float)(i % 4); g[i] = 1.0f; }
	for (int r = 0; r < 4; r++) {
		cudaMemcpy(d, h, (size_t)((char *)e - (char *)d) + s, cudaMemcpyHostToDevice);
		ticks++;
		inc<<<(n + 255) / 256, 256>>>(d, n);
		inc<<<(n + 255) / 256, 256>>>(e, n);
		cudaMemcpy(h, d, s, cudaMemcpyDeviceToHost); h[0] = 0;
	}
	cudaMemcpy(g, e, s, cudaMemcpyDeviceToHost); cudaDeviceSynchronize(); ticks += 10;
	double sum = 0;
	for (int i = 0; i < n; i += 3)
		sum += h[i] + g[i];
	printf("RESULT %.1f %d\n", sum, ticks);
	cudaFree(d); cudaFreeHost(h);
	return 0;
}
