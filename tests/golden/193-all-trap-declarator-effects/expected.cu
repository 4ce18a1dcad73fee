// case: a declaration whose declarators' initialisers have effects: the second allocation's size counts calls, and a third declarator reads the first buffer
// expect: the allocations may be rewritten, but the initialisers still run once each, in their order, and what reads a still reads a's bytes
// trap: fusing b into a's block would drop next()'s call; splitting the declaration must keep first's read after a's allocation
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static int calls = 0;
static size_t next(size_t s)
{
	calls++;
	return s;
}

__global__ void twice(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = 2 * a[i] + b[i];
}

int main()
{
	int n = 1 << 16;
	size_t s = n * sizeof(float);
	float *a = NULL;
	cudaMallocHost((void **)&a, s);
	float *b = (float *)malloc(next(s));
	float *c = NULL;
	cudaMallocHost((void **)&c, s);
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i % 9);
		b[i] = 1.0f;
	}
	float first = a[3], *da, *db, *dc;
	cudaMalloc(&da, s);
	cudaMalloc(&db, s);
	cudaMalloc(&dc, s);
	double sum = 0;
	cudaMemcpy(db, b, s, cudaMemcpyHostToDevice);
	for (int r = 0; r < 4; r++) {
		a[r] += 1.0f;
		cudaMemcpy(da, a, s, cudaMemcpyHostToDevice);
		twice<<<(n + 255) / 256, 256>>>(da, db, dc, n);
		cudaMemcpy(c, dc, s, cudaMemcpyDeviceToHost);
		sum += c[r] + c[n - 1];
	}
	printf("RESULT %.1f %.1f %d\n", sum, first, calls);
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	cudaFreeHost(a);
	free(b);
	cudaFreeHost(c);
	return 0;
}
