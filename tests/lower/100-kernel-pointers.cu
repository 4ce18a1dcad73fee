// 100-kernel-pointers: launches through pointers to kernels, lowered as
// CUDA's front end does a launch: the configuration pushed, then the
// kernel's host function called through the pointer (cuflowVia). A
// variable set to one of several kernels by a runtime choice (HeCBench
// matrixT's transpose loop), an array of them indexed in a loop, a
// struct's member, a parameter of a host function, and a kernel template's
// instance, each with a dynamic shared-memory size or a stream. Refused
// before ("a launch through a function pointer"); a wrong kernel run, or a
// configuration lost, shows in the sums.
#include <cstdio>

#define CHECK(x) do { if ((x) != cudaSuccess) { printf("CUDA error %d\n", (int)(x)); return 1; } } while (0)

__global__ void add(int *o, int v) { o[blockIdx.x * blockDim.x + threadIdx.x] += v; }
__global__ void mul(int *o, int v) { o[blockIdx.x * blockDim.x + threadIdx.x] *= v; }

__global__ void shift(int *o, int v)
{
	extern __shared__ int s[];
	s[threadIdx.x] = o[blockIdx.x * blockDim.x + threadIdx.x];
	__syncthreads();
	o[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x] + v;
}

template <int K> __global__ void scale(int *o, int v) { o[blockIdx.x * blockDim.x + threadIdx.x] = o[blockIdx.x * blockDim.x + threadIdx.x] * K + v; }

typedef void (*Kernel)(int *, int);

struct Step {
	Kernel k;
	int v;
};

static void run(Kernel k, int *o, int v, cudaStream_t st) { k<<<4, 32, 32 * sizeof(int), st>>>(o, v); }

int main(int argc, char **argv)
{
	(void)argv;
	const int n = 128;
	int h[n], *o;
	CHECK(cudaMalloc(&o, sizeof h));
	for (int i = 0; i < n; i++)
		h[i] = i % 7;
	CHECK(cudaMemcpy(o, h, sizeof h, cudaMemcpyHostToDevice));
	Kernel pick = argc > 5 ? &mul : &add;
	pick<<<4, 32>>>(o, 3);
	Kernel table[3] = {add, mul, shift};
	for (int i = 0; i < 3; i++)
		table[i]<<<n / 32, 32, 32 * sizeof(int)>>>(o, i + 1);
	Step steps[2] = {{mul, 2}, {&scale<3>, 1}};
	for (int i = 0; i < 2; i++)
		steps[i].k<<<dim3(2, 1), dim3(64)>>>(o, steps[i].v);
	cudaStream_t st;
	CHECK(cudaStreamCreate(&st));
	run(shift, o, 5, st);
	CHECK(cudaStreamSynchronize(st));
	int got[n], bad = 0, sum = 0;
	CHECK(cudaMemcpy(got, o, sizeof got, cudaMemcpyDeviceToHost));
	/* the same steps on the host */
	for (int i = 0; i < n; i++)
		h[i] += 3;
	for (int i = 0; i < n; i++)
		h[i] += 1;
	for (int i = 0; i < n; i++)
		h[i] *= 2;
	int t[n];
	for (int i = 0; i < n; i++)
		t[i] = h[i / 32 * 32 + (i % 32 + 1) % 32] + 3;
	for (int i = 0; i < n; i++)
		h[i] = t[i] * 2;
	for (int i = 0; i < n; i++)
		h[i] = h[i] * 3 + 1;
	for (int i = 0; i < n; i++)
		t[i] = h[i / 32 * 32 + (i % 32 + 1) % 32] + 5;
	for (int i = 0; i < n; i++) {
		bad += got[i] != t[i];
		sum += got[i];
	}
	printf("RESULT sum=%d bad=%d\n", sum, bad);
	return 0;
}
