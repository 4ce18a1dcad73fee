// Each thread's own device heap block (malloc and new[] in a kernel: the
// pointer was taken for one value per block, its loop run once per block,
// and free ran 32 times on one pointer), and symbol copies past a symbol's
// end, which CUDA refuses with cudaErrorInvalidValue (the runtime copied
// past the end). A hunt found both.
#include <cstdio>

__constant__ int ci[16];
__device__ float df[8];

__global__ void heap(int *out)
{
	int *p = (int *)malloc(4 * sizeof(int));
	for (int i = 0; i < 4; i++)
		p[i] = threadIdx.x;
	int *q = new int[4];
	for (int i = 0; i < 4; i++)
		q[i] = 3 * threadIdx.x + i;
	out[threadIdx.x] = p[0] + p[3] + q[3];
	free(p);
	delete[] q;
}

int main()
{
	int *o, h[32];
	cudaMalloc(&o, sizeof h);
	heap<<<1, 32>>>(o);
	cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < 32; i++)
		bad += h[i] != 5 * i + 3;
	int src[32];
	for (int i = 0; i < 32; i++)
		src[i] = i;
	float f[16];
	int e1 = cudaMemcpyToSymbol(ci, src, 16 * sizeof(int), 8 * sizeof(int)); /* 8..23 of 16 */
	int e2 = cudaMemcpyFromSymbol(f, df, 9 * sizeof(float));                 /* 9 of 8 */
	int e3 = cudaMemcpyToSymbol(df, src, 4, 8 * sizeof(float));              /* at its end */
	int e4 = cudaMemcpyToSymbol(ci, src, 8 * sizeof(int), 8 * sizeof(int));  /* the last 8: fits */
	printf("RESULT bad=%d errors=%d,%d,%d,%d\n", bad, e1, e2, e3, e4);
	cudaFree(o);
	return 0;
}
