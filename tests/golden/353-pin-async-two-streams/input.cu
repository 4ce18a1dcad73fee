// case: one malloc'd buffer uploaded with cudaMemcpyAsync on stream st, then on st2, each round; the next round refills it
// expect: the buffer stays pageable: the report names the copy on st2 made while the copy on st is not yet waited for
// trap: pinned, each copy recorded one event (a_copied) and the host waited for it once: a second cudaEventRecord replaces the first, so the wait covered only st2's copy while st's still read the buffer the next round refills
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void acc(const float *a, float *s, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) s[i] += a[i]; }
int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1 << 20, rounds = argc > 2 ? atoi(argv[2]) : 8;
	size_t bytes = n * sizeof(float);
	float *a = (float *)malloc(bytes);
	float *out = (float *)malloc(bytes);
	float *da, *db, *ds, *ds2;
	cudaMalloc(&da, bytes); cudaMalloc(&db, bytes); cudaMalloc(&ds, bytes); cudaMalloc(&ds2, bytes);
	cudaMemset(ds, 0, bytes); cudaMemset(ds2, 0, bytes);
	cudaStream_t st, st2;
	cudaStreamCreate(&st); cudaStreamCreate(&st2);
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++)
			a[i] = (float)((i + r) % 13);
		cudaMemcpyAsync(da, a, bytes, cudaMemcpyHostToDevice, st);
		acc<<<(n + 255) / 256, 256, 0, st>>>(da, ds, n);
		cudaMemcpyAsync(db, a, bytes, cudaMemcpyHostToDevice, st2);
		acc<<<(n + 255) / 256, 256, 0, st2>>>(db, ds2, n);
	}
	cudaDeviceSynchronize();
	double sum = 0;
	cudaMemcpy(out, ds, bytes, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i += 7) sum += out[i];
	cudaMemcpy(out, ds2, bytes, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i += 7) sum += 3 * out[i];
	printf("RESULT %.1f\n", sum);
	cudaFree(da); cudaFree(db); cudaFree(ds); cudaFree(ds2);
	free(a); free(out);
	return 0;
}
