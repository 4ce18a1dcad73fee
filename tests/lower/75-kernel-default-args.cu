// 75-kernel-default-args: kernels with default arguments, launched with the
// trailing arguments left out and given: a default on the definition
// (HeCBench tgvnn's arraydot: `float alpha = 1.f`), defaults on a forward
// declaration the definition does not repeat, a default naming a constant,
// and a kernel template with a defaulted parameter. The lowered launcher and
// stub must carry each declaration's defaults as written (a launcher without
// them did not compile; one repeating them neither). The sums are exact.
#include <cstdio>
#include <cstdlib>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); exit(1); } } while (0)

const int OFFSET = 7;

__global__ void scale(int *a, int n, int factor = 3)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] *= factor;
}

__global__ void shift(int *a, int n, int by = OFFSET, int step = 1);

__global__ void shift(int *a, int n, int by, int step)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] += by + step * i;
}

template <class T> __global__ void fill(T *a, int n, T v = T(2))
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = v;
}

int main()
{
	const int n = 1000;
	int *a;
	CHECK(cudaMallocManaged(&a, n * sizeof(int)));
	fill<<<(n + 127) / 128, 128>>>(a, n);          /* 2 */
	scale<<<(n + 127) / 128, 128>>>(a, n);         /* 6 */
	scale<<<(n + 127) / 128, 128>>>(a, n, 5);      /* 30 */
	shift<<<(n + 127) / 128, 128>>>(a, n);         /* 37 + i */
	shift<<<(n + 127) / 128, 128>>>(a, n, -30, 2); /* 7 + 3i */
	CHECK(cudaDeviceSynchronize());
	long long sum = 0;
	int bad = 0;
	for (int i = 0; i < n; i++) {
		sum += a[i];
		bad += a[i] != 7 + 3 * i;
	}
	fill<<<(n + 127) / 128, 128>>>(a, n, 9);
	CHECK(cudaDeviceSynchronize());
	for (int i = 0; i < n; i++)
		bad += a[i] != 9;
	printf("RESULT sum=%lld bad=%d\n", sum, bad);
	CHECK(cudaFree(a));
	return 0;
}
