// 43-launch-in-macro-arg.cu: launches written inside a lambda passed to a
// dispatch macro (PyTorch's AT_DISPATCH style, as HeCBench's geglu writes
// them): the macro's argument holds the launch's text, which the lowering
// rewrites once for every expansion; a kernel template launched with the
// macro's compile-time value as its template argument. Blocks of 64 threads.
// Expected: RESULT sum=<S> bad=0. The build before refused every launch
// here ("a kernel launch written through a macro").
#include <cstdio>
#include <cuda_runtime.h>

#define DISPATCH_WIDTH(w, NAME, ...)                                                                                    \
	do {                                                                                                             \
		if ((w) == 1) {                                                                                          \
			constexpr int NAME = 1;                                                                          \
			__VA_ARGS__();                                                                                   \
		} else {                                                                                                 \
			constexpr int NAME = 2;                                                                          \
			__VA_ARGS__();                                                                                   \
		}                                                                                                        \
	} while (0)

template <int W>
__global__ void scale(int *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = d[i] * W + i % 3;
}

__global__ void add(int *d, int v)
{
	d[blockIdx.x * blockDim.x + threadIdx.x] += v;
}

int main()
{
	const int n = 256;
	int h[n], *d;
	for (int i = 0; i < n; i++)
		h[i] = i;
	cudaMalloc(&d, sizeof h);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	for (int w = 1; w <= 2; w++)
		DISPATCH_WIDTH(w, WIDTH, [&] { scale<WIDTH><<<n / 64, 64>>>(d, n); });
	DISPATCH_WIDTH(1, UNUSED, [&] { add<<<n / 64, 64>>>(d, 5); });
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	long long sum = 0;
	int bad = 0;
	for (int i = 0; i < n; i++) {
		int want = (i + i % 3) * 2 + i % 3 + 5;
		bad += h[i] != want;
		sum += h[i];
	}
	printf("RESULT sum=%lld bad=%d\n", sum, bad);
	return 0;
}
