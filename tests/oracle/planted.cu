// planted.cu: the deferred-mode oracle catches a missing sync.
// A kernel fills managed memory; the host sums it after cudaDeviceSynchronize.
// Built with -DPLANT the sync is gone: on a GPU the sum is then a race; under
// cuflow's runtime in deferred mode (CUFLOW_DEFER=1) the kernel has not run
// when the host reads, so the sum is deterministically wrong, while eager mode
// hides the bug. tests/oracle.test checks both.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = i % 7 + 1;
}

int main()
{
	const int n = 1 << 14;
	int *a;
	cudaMallocManaged(&a, n * sizeof(int));
	for (int i = 0; i < n; ++i)
		a[i] = 0;
	fill<<<(n + 255) / 256, 256>>>(a, n);
#ifndef PLANT
	cudaDeviceSynchronize();
#endif
	long long sum = 0;
	for (int i = 0; i < n; ++i)
		sum += a[i];
	printf("RESULT %lld\n", sum);
	cudaDeviceSynchronize();
	cudaFree(a);
	return 0;
}
