// the device buffer, in a file of its own
#include <cuda_runtime.h>
float *devbuf(int n)
{
	float *d;
	cudaMalloc(&d, n * sizeof(float));
	cudaMemset(d, 0, n * sizeof(float));
	return d;
}
