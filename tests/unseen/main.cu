// main with CUDA of its own (analysed), calling run() and peek(), which
// lives in a file without CUDA (skipped by the pre-scan) and calls step().
#include <cstdio>
#include <cuda_runtime.h>
double run(float *h, float *d, int n);
float peek(float *h, float *d, int n);

int main()
{
	int n = 1024;
	float *h, *d;
	cudaMallocHost(&h, n * sizeof(float));
	cudaMalloc(&d, n * sizeof(float));
	cudaMemset(d, 0, n * sizeof(float));
	double r = run(h, d, n);
	float p = peek(h, d, n);
	printf("RESULT %.1f %.1f\n", r, p);
	cudaFree(d);
	cudaFreeHost(h);
	return 0;
}
