// Three uploads leave the loop together, and two downloads: the loop may
// run zero times, so they go under its first test, in one block each side.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void step(const float *a, const float *b, const float *c, float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		x[i] += a[i] * b[i];
		y[i] = x[i] - c[i];
	}
}

int main(int argc, char **argv)
{
	int n = 1024, steps = argc > 1 ? atoi(argv[1]) : 4;
	size_t s = n * sizeof(float);
	float *a = (float *)malloc(s), *b = (float *)malloc(s), *c = (float *)malloc(s);
	float *x = (float *)calloc(n, sizeof(float)), *y = (float *)calloc(n, sizeof(float));
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i % 3);
		b[i] = 0.5f;
		c[i] = (float)(i % 5);
	}
	float *da, *db, *dc, *dx, *dy;
	cudaMalloc(&da, s);
	cudaMalloc(&db, s);
	cudaMalloc(&dc, s);
	cudaMalloc(&dx, s);
	cudaMalloc(&dy, s);
	cudaMemset(dx, 0, s);
	if (0 < steps) {
		cudaMemcpy(da, a, s, cudaMemcpyHostToDevice);
		cudaMemcpy(db, b, s, cudaMemcpyHostToDevice);
		cudaMemcpy(dc, c, s, cudaMemcpyHostToDevice);
	}
	for (int t = 0; t < steps; t++) {
		step<<<(n + 255) / 256, 256>>>(da, db, dc, dx, dy, n);
	}
	if (0 < steps) {
		cudaMemcpy(x, dx, s, cudaMemcpyDeviceToHost);
		cudaMemcpy(y, dy, s, cudaMemcpyDeviceToHost);
	}
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += x[i] + 2 * y[i];
	printf("RESULT %.3f\n", sum);
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	cudaFree(dx);
	cudaFree(dy);
	free(a);
	free(b);
	free(c);
	free(x);
	free(y);
	return 0;
}
