// case: a 4 MiB buffer uploaded once, then read back 4 bytes a round in a loop
// expect: kept pageable: the loop's copies move 4 bytes each, and the one large copy does not pay for the pinning
// trap: pinning because a copy of the buffer is in a loop, though each moves sizeof(float)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void step(float *d, int n, int it)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = d[i] * 0.5f + (float)(i % 7) + (float)it;
}

int main()
{
	const int n = 1 << 20;
	float *h = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 13);
	float *d;
	cudaMalloc(&d, n * sizeof(float));
	cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
	double probe = 0;
	for (int it = 0; it < 8; it++) {
		step<<<(n + 255) / 256, 256>>>(d, n, it);
		cudaMemcpy(&h[it], &d[it], sizeof(float), cudaMemcpyDeviceToHost);
		probe += h[it];
	}
	printf("RESULT probe=%.3f\n", probe);
	cudaFree(d);
	free(h);
	return 0;
}
