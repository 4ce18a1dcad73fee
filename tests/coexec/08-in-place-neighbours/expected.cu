#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// Trap: an in-place smoothing step reads the neighbours of the element it
// writes, in the same array: a block on one device would read what a
// block on the other writes. Each block's range reaches its neighbours',
// so the runtime keeps every launch on the GPU.
#include <cstdio>
#include <cstdlib>

__global__ void smooth(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1 && i % 2 == 1)
        a[i] = 0.5f * (a[i - 1] + a[i + 1]);
}

/* cuflow --lower=coexec: smooth as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_smooth(unsigned long long cuflow_lo, unsigned long long cuflow_hi, float *a, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1 && i % 2 == 1)
        a[i] = 0.5f * (a[i - 1] + a[i + 1]);
}

}

extern "C" void cuflow_cpu_smooth(void **, const unsigned *, size_t, long long, long long);

/* a launch of smooth: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_smooth(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, float *a, int n)
{
	void *cuflow_av[] = {(void *)&a, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {3, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"smooth", 2, cuflow_use, cuflow_cpu_smooth, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*a), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {0, sizeof(*a), (1LL * (long long)cuflow_b.x), 0LL, 0LL, (((0LL * (long long)cuflow_b.x) + 0LL) - 1LL), (((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1)) - 1LL)}, {0, sizeof(*a), (1LL * (long long)cuflow_b.x), 0LL, 0LL, (((0LL * (long long)cuflow_b.x) + 0LL) + 1LL), (((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1)) + 1LL)}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			smooth<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(a, n);
		else
			cuflow_part_smooth<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, a, n);
	});
}

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float)), *d;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 17);
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    cuflow_coexec_smooth(n / 256, 256, 0, 0, d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT smooth %.1f\n", s);
    return 0;
}
