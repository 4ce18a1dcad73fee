// refill pinned by hand: the spelling matrix's reference (tests/gpu/spell/run).
// The refilled buffer is page-locked, so its upload runs while the host goes
// on; an event marks the upload's end and the host waits for it before the
// next refill. Same RESULT as tests/spell/gen.py's refill.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void acc(const float *a, float *t, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		t[i] += a[i];
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1 << 16, rounds = argc > 2 ? atoi(argv[2]) : 6;
	size_t s = n * sizeof(float);
	float *a, *out, *da, *dt;
	cudaMallocHost((void **)&a, s);
	cudaMallocHost((void **)&out, s);
	cudaMalloc(&da, s);
	cudaMalloc(&dt, s);
	cudaMemset(dt, 0, s);
	cudaStream_t st;
	cudaStreamCreate(&st);
	cudaEvent_t uploaded;
	cudaEventCreateWithFlags(&uploaded, cudaEventDisableTiming);
	for (int r = 0; r < rounds; r++) {
		cudaEventSynchronize(uploaded);
		for (int i = 0; i < n; i++)
			a[i] = (float)((i + r) % 13);
		cudaMemcpyAsync(da, a, s, cudaMemcpyHostToDevice, st);
		cudaEventRecord(uploaded, st);
		acc<<<(n + 255) / 256, 256, 0, st>>>(da, dt, n);
	}
	cudaMemcpyAsync(out, dt, s, cudaMemcpyDeviceToHost, st);
	cudaStreamSynchronize(st);
	double sum = 0;
	for (int i = 0; i < n; i += 7)
		sum += out[i];
	printf("RESULT %.1f\n", sum);
	cudaEventDestroy(uploaded);
	cudaStreamDestroy(st);
	cudaFree(da);
	cudaFree(dt);
	cudaFreeHost(a);
	cudaFreeHost(out);
	return 0;
}
