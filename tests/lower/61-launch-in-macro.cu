// 61-launch-in-macro: kernel launches written in macros' definitions, as
// HeCBench writes its benchmark loops (atomicReduction's
// benchmark(kernel_name, grid): the kernel a macro parameter, the launch in
// a loop the macro holds; channelSum's dispatch: a kernel template's
// specialisations with a stream; bincount's: the template arguments and the
// configuration split over lines). The definition is edited once: k<<<g, b>>>(args) becomes
// cuflowVia(k, cuflowConfig(g, b))(args), which pushes the configuration
// and calls the kernel's host function, as CUDA's front end does; that
// function pops it and launches. They were refused.
#include <cstdio>

__global__ void add(int *p, int n, int v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] += v;
}

__global__ void twice(int *p, int n)
{
	__shared__ int s[64];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	s[threadIdx.x] = i < n ? p[i] : 0;
	__syncthreads();
	if (i < n)
		p[i] = 2 * s[threadIdx.x] + s[(threadIdx.x + 1) % blockDim.x] % 7;
}

template <typename T, int S> __global__ void scale(T *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] *= S;
}

#define BENCH(kernel_name, grid_size, ...)                        \
	for (int r = 0; r < 3; r++) {                                     \
		kernel_name<<<dim3(grid_size), dim3(64)>>>(d, n, ##__VA_ARGS__); \
	}

#define SCALE(T, S, st)                      \
	scale<T,                             \
	      S><<<(n + 63) / 64, 64, 0, st>>>(d, n); \
	cudaStreamSynchronize(st)

#define SPLIT(k)      \
	k<<<(n + 63) / 64, \
	    64>>>(d, n)

int main()
{
	const int n = 1000;
	static int h[n];
	int *d;
	cudaStream_t st;
	cudaStreamCreate(&st);
	cudaMalloc(&d, sizeof h);
	for (int i = 0; i < n; i++)
		h[i] = i % 17;
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	BENCH(add, (n + 63) / 64, 5)
	BENCH(twice, (n + 63) / 64)
	SCALE(int, 3, st);
	SCALE(int, 2, 0);
	SPLIT(twice);
	add<<<(n + 63) / 64, 64>>>(d, n, -1); /* a launch outside a macro, as before */
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	/* the same on the host */
	static int r[n], t[n];
	for (int i = 0; i < n; i++)
		r[i] = i % 17 + 15;
	for (int k = 0; k < 4; k++) {
		for (int b = 0; b < n; b += 64)
			for (int i = b; i < b + 64 && i < n; i++) {
				int nb = b + (i - b + 1) % 64;
				t[i] = 2 * r[i] + (nb < n ? r[nb] : 0) % 7;
			}
		for (int i = 0; i < n; i++)
			r[i] = t[i];
		if (k == 2)
			for (int i = 0; i < n; i++)
				r[i] *= 6;
	}
	int bad = 0;
	long sum = 0;
	for (int i = 0; i < n; i++) {
		bad += h[i] != r[i] - 1;
		sum += (long)h[i] * (i + 1);
	}
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	cudaFree(d);
	cudaStreamDestroy(st);
	return 0;
}
