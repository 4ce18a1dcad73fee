#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// Trap: a kernel template stays on the GPU (co-execution takes kernels of
// one form); the plain kernel beside it is split.
#include <cstdio>

template <typename T> __global__ void scale(T *v, T f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= f;
}

__global__ void square(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * in[i];
}

/* cuflow --lower=coexec: square as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_square(unsigned long long cuflow_lo, unsigned long long cuflow_hi, const int *in, int *out, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * in[i];
}

}

extern "C" void cuflow_cpu_square(void **, const unsigned *, size_t, long long, long long);

/* a launch of square: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_square(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, const int *in, int *out, int n)
{
	void *cuflow_av[] = {(void *)&in, (void *)&out, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {1, 2, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"square", 3, cuflow_use, cuflow_cpu_square, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*in), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {0, sizeof(*in), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*out), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			square<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(in, out, n);
		else
			cuflow_part_square<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, in, out, n);
	});
}

int main()
{
    const int n = 1 << 16;
    static int h[1 << 16];
    for (int i = 0; i < n; i++)
        h[i] = i % 100;
    int *d, *e;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&e, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    (cuflowCxPlain(), scale<int><<<n / 256, 256>>>(d, 3, n));
    cuflow_coexec_square(n / 256, 256, 0, 0, d, e, n);
    cudaMemcpy(h, e, sizeof h, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT template %lld\n", s);
    return 0;
}
