#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// Kernels defined in a header the main file includes (HeCBench's
// kernels.h): blend's partition-ready copy and launcher go right after the
// #include, where its definition and helper are in scope (not the one
// inside #if 0). fill comes from
// a header kern.h includes: the launcher could not be put beside an
// #include of the main file, so it stays on the GPU.
#include <cstdio>
#include <cstdlib>
#if 0 // a configuration the parse leaves out: the glue must not go here
#include "kern.h"
#endif
#include "kern.h"

/* cuflow --lower=coexec: blend as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_blend(unsigned long long cuflow_lo, unsigned long long cuflow_hi, const float *a, const float *b, float *c, int n, float t)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = mix(a[i], b[i], t);
}

}

extern "C" void cuflow_cpu_blend(void **, const unsigned *, size_t, long long, long long);

/* a launch of blend: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_blend(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, const float *a, const float *b, float *c, int n, float t)
{
	void *cuflow_av[] = {(void *)&a, (void *)&b, (void *)&c, (void *)&n, (void *)&t, nullptr};
	static const unsigned char cuflow_use[] = {1, 1, 2, 0, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"blend", 5, cuflow_use, cuflow_cpu_blend, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*a), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*b), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {2, sizeof(*c), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			blend<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(a, b, c, n, t);
		else
			cuflow_part_blend<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, a, b, c, n, t);
	});
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *a, *b, *c;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&c, n * sizeof(float));
    (cuflowCxPlain(), fill<<<(n + 255) / 256, 256>>>(a, n, 1.0f));
    (cuflowCxPlain(), fill<<<(n + 255) / 256, 256>>>(b, n, 9.0f));
    for (int r = 0; r < 3; r++)
        cuflow_coexec_blend((n + 255) / 256, 256, 0, 0, a, b, // the inputs (a comment in the arguments)
                                        c, n, 0.25f * (float)(r + 1));
    float *h = (float *)malloc(n * sizeof(float));
    cudaMemcpy(h, c, n * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float x = 1.0f + (float)(i % 7), y = 9.0f + (float)(i % 7);
        bad += h[i] != x + 0.75f * (y - x);
    }
    printf("RESULT header n=%d bad=%d\n", n, bad);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    free(h);
    return 0;
}
