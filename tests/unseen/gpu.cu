// tests/unseen.test, both programs: step() launches a kernel and ends with
// the blocking download of its result; run() calls it, then does host work
// that does not touch the result, then reads it.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = d[i] * 2.0f + 1.0f;
}

void step(float *h, float *d, int n)
{
	scale<<<(n + 255) / 256, 256>>>(d, n);
	cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

static double busy(int k)
{
	double s = 0;
	for (int i = 0; i < k; i++)
		s += i % 7;
	return s;
}

double run(float *h, float *d, int n)
{
	step(h, d, n);
	double b = busy(100000);
	return b + h[n - 1];
}
