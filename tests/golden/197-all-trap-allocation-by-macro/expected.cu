// case: buffers allocated and freed through the program's own macros
// expect: no buffer that a macro allocates or frees is pinned or fused; the report names the macro as what stopped it
// trap: the macro's text is shared by every use: rewriting it for one buffer would change the others
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define NEWBUF(p, bytes) p = (float *)malloc(bytes)
#define DEVBUF(p, bytes) cudaMalloc((void **)&p, bytes)

__global__ void fma3(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] * b[i] + c[i];
}

int main()
{
	int n = 1 << 18;
	size_t s = n * sizeof(float);
	float *a, *b, *c, *da, *db, *dc;
	NEWBUF(a, s);
	NEWBUF(b, s);
	NEWBUF(c, s);
	DEVBUF(da, s);
	DEVBUF(db, s);
	DEVBUF(dc, s);
	cudaMemset(dc, 0, s);
	double sum = 0;
	for (int r = 0; r < 3; r++) {
		for (int i = 0; i < n; i++) {
			a[i] = (float)(i % 3 + r);
			b[i] = 0.5f;
		}
		cudaMemcpy(da, a, s, cudaMemcpyHostToDevice);
		cudaMemcpy(db, b, s, cudaMemcpyHostToDevice);
		fma3<<<(n + 255) / 256, 256>>>(da, db, dc, n);
		cudaMemcpy(c, dc, s, cudaMemcpyDeviceToHost);
		sum += c[r * 7];
	}
	printf("RESULT %.2f\n", sum);
	free(a);
	free(b);
	free(c);
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	return 0;
}
