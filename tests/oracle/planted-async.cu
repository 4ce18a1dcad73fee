// planted-async.cu: the deferred-mode oracle catches a missing wait for an
// asynchronous copy from page-locked memory (what the pin pass inserts).
// The host refills a pinned buffer every round and uploads it with
// cudaMemcpyAsync; an event marks the upload's end and the host waits for
// it before the next refill. Built with -DPLANT the wait is gone: on a GPU
// the refill races the upload; in deferred mode (CUFLOW_DEFER=1) the upload
// runs only at the next sync, after the refill, so the sum is wrong, while
// eager mode hides the bug. tests/oracle.test checks both.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void acc(const float *a, float *s, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		s[i] += a[i];
}

int main()
{
	const int n = 1 << 12, rounds = 4;
	float *a, *out, *da, *ds;
	cudaMallocHost((void **)&a, n * sizeof(float));
	cudaMallocHost((void **)&out, n * sizeof(float));
	cudaMalloc(&da, n * sizeof(float));
	cudaMalloc(&ds, n * sizeof(float));
	cudaMemset(ds, 0, n * sizeof(float));
	cudaStream_t st;
	cudaStreamCreate(&st);
	cudaEvent_t copied;
	cudaEventCreateWithFlags(&copied, cudaEventDisableTiming);
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++)
			a[i] = (float)((i + r) % 13);
		cudaMemcpyAsync(da, a, n * sizeof(float), cudaMemcpyHostToDevice, st);
		cudaEventRecord(copied, st);
		acc<<<(n + 255) / 256, 256, 0, st>>>(da, ds, n);
#ifndef PLANT
		cudaEventSynchronize(copied);
#endif
	}
	cudaMemcpyAsync(out, ds, n * sizeof(float), cudaMemcpyDeviceToHost, st);
	cudaStreamSynchronize(st);
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += out[i];
	printf("RESULT %.1f\n", sum);
	cudaEventDestroy(copied);
	cudaStreamDestroy(st);
	cudaFree(da);
	cudaFree(ds);
	cudaFreeHost(a);
	cudaFreeHost(out);
	return 0;
}
