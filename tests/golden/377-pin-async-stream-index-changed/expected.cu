// case: cudaMemcpyAsync(h, d, s, D2H, st[k]); k = 1; cudaStreamSynchronize(st[k]); then h[5] read
// expect: h stays pageable: the synchronised stream st[1] is not the copy's st[0]
// trap: the stream's text was compared, not its value: h was pinned and its download left unwaited
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fill(float *c, int n, int r)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = i + r;
}

int main()
{
	int n = 1000;
	size_t s = n * sizeof(float);
	float *h = NULL;
	cudaMallocHost((void **)&h, s);
	cudaEvent_t h_copied;
	cudaEventCreateWithFlags(&h_copied, cudaEventDisableTiming);
	float *d;
	cudaMalloc(&d, s);
	cudaStream_t st[2];
	cudaStreamCreate(&st[0]);
	cudaStreamCreate(&st[1]);
	double sum = 0;
	for (int r = 0; r < 2; r++) {
		int k = 0;
		fill<<<(n + 255) / 256, 256, 0, st[k]>>>(d, n, r);
		cudaMemcpyAsync(h, d, s, cudaMemcpyDeviceToHost, st[k]);
		cudaEventRecord(h_copied, st[k]);
		k = 1;
		cudaEventSynchronize(h_copied);
		cudaStreamSynchronize(st[k]);
		sum += h[5];
	}
	printf("RESULT %.1f\n", sum);
	cudaFree(d);
	cudaEventDestroy(h_copied);
	cudaFreeHost(h);
	return 0;
}
