// case: float *h = new float[n]{1, 2, 3}; uploaded, doubled and downloaded in a loop
// expect: h stays pageable (its initial values are no zeroed page-locked block)
// trap: the initialiser was taken for value-initialisation: cudaMallocHost then memset zeroed 1, 2, 3
#include <cstdio>
#include <cuda_runtime.h>

__global__ void twice(float *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] *= 2;
}

int main()
{
	int n = 1000;
	float *h = new float[n]{1, 2, 3};
	float *d;
	cudaMalloc(&d, n * sizeof(float));
	for (int t = 0; t < 2; t++) {
		cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
		twice<<<(n + 255) / 256, 256>>>(d, n);
		cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
	}
	printf("RESULT %.1f %.1f %.1f\n", h[0], h[1], h[2]);
	cudaFree(d);
	delete[] h;
	return 0;
}
