// A program of two units whose file-scope names and macros collide: each
// has its own static `tag` and `twice` and its own WIDTH. nvcc builds the
// units apart; lowered into one file they would clash (or, for a macro, one
// unit would silently take the other's value), so the lowering writes one
// output per unit (-o DIR/) and each is compiled on its own.
#include <cstdio>

#define WIDTH 64
static const int tag = 1;

static __host__ __device__ int twice(int x) { return 2 * x; }

void scale(int *d, int n); /* scale.cu */

__global__ void fill(int *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = twice(i) + tag;
}

int main()
{
	const int n = 1000;
	static int h[n];
	int *d;
	cudaMalloc(&d, sizeof h);
	fill<<<(n + WIDTH - 1) / WIDTH, WIDTH>>>(d, n);
	scale(d, n);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	long sum = 0;
	int bad = 0;
	for (int i = 0; i < n; i++) {
		int v = 2 * i + 1;
		bad += h[i] != (v + v + 5) * 5;
		sum += h[i];
	}
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	cudaFree(d);
	return 0;
}
