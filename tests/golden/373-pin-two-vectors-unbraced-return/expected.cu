// case: two std::vectors copied in a loop whose body holds the unbraced if (sum > 1e12) return -1;
// expect: both vectors stay pageable, the report naming the shared return (braces for one would let a second run pin the other)
// trap: each vector's unregister put its own braces around the one return: the edits overlapped, an internal error, and the file left alone
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
__global__ void add(const float *a, float *c, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] + 1; }
static double step(int n, int rounds)
{
	size_t s = n * sizeof(float);
	std::vector<float> a(n), c(n);
	float *da, *dc;
	cudaMalloc(&da, s);
	cudaMalloc(&dc, s);
	double sum = 0;
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++)
			a[i] = (float)(i % 7 + r);
		cudaMemcpy(da, a.data(), s, cudaMemcpyHostToDevice);
		add<<<(n + 255) / 256, 256>>>(da, dc, n);
		cudaMemcpy(c.data(), dc, s, cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i += 97)
			sum += c[i];
		if (sum > 1e12)
			return -1;
	}
	cudaFree(da);
	cudaFree(dc);
	return sum;
}
int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096, rounds = argc > 2 ? atoi(argv[2]) : 3;
	printf("RESULT %.1f\n", step(n, rounds));
	return 0;
}
