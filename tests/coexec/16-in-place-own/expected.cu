#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// In place, each block's elements its own: a decay step reads and writes
// x[i] through one pointer, ten launches; the runtime splits it. A 2-D
// tiled scale in place too, but a block's rows interleave with its
// neighbours' in the range cuflow can bound: the runtime keeps that one on
// the GPU at every launch (a sufficient test, not the exact one).
#include <cstdio>
#include <cstdlib>

__global__ void decay(float *x, int n, float k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * k + 1.0f;
}

/* cuflow --lower=coexec: decay as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_decay(unsigned long long cuflow_lo, unsigned long long cuflow_hi, float *x, int n, float k)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * k + 1.0f;
}

}

extern "C" void cuflow_cpu_decay(void **, const unsigned *, size_t, long long, long long);

/* a launch of decay: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_decay(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, float *x, int n, float k)
{
	void *cuflow_av[] = {(void *)&x, (void *)&n, (void *)&k, nullptr};
	static const unsigned char cuflow_use[] = {3, 0, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"decay", 3, cuflow_use, cuflow_cpu_decay, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*x), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {0, sizeof(*x), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			decay<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(x, n, k);
		else
			cuflow_part_decay<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, x, n, k);
	});
}

__global__ void tile2d(float *a, int w)
{
    int r = blockIdx.y * 16 + threadIdx.y, c = blockIdx.x * 16 + threadIdx.x;
    a[r * w + c] = a[r * w + c] * 2.0f - 1.0f;
}

/* cuflow --lower=coexec: tile2d as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_tile2d(unsigned long long cuflow_lo, unsigned long long cuflow_hi, float *a, int w)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int r = blockIdx.y * 16 + threadIdx.y, c = blockIdx.x * 16 + threadIdx.x;
    a[r * w + c] = a[r * w + c] * 2.0f - 1.0f;
}

}

extern "C" void cuflow_cpu_tile2d(void **, const unsigned *, size_t, long long, long long);

/* a launch of tile2d: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_tile2d(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, float *a, int w)
{
	void *cuflow_av[] = {(void *)&a, (void *)&w, nullptr};
	static const unsigned char cuflow_use[] = {3, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"tile2d", 2, cuflow_use, cuflow_cpu_tile2d, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*a), (1LL * 16LL), ((1LL * 16LL) * (long long)w), 0LL, (cuflowCxMin(((0LL * 16LL) + 0LL) * (long long)w, ((0LL * 16LL) + ((long long)cuflow_b.y - 1)) * (long long)w) + ((0LL * 16LL) + 0LL)), (cuflowCxMax(((0LL * 16LL) + 0LL) * (long long)w, ((0LL * 16LL) + ((long long)cuflow_b.y - 1)) * (long long)w) + ((0LL * 16LL) + ((long long)cuflow_b.x - 1)))}, {0, sizeof(*a), (1LL * 16LL), ((1LL * 16LL) * (long long)w), 0LL, (cuflowCxMin(((0LL * 16LL) + 0LL) * (long long)w, ((0LL * 16LL) + ((long long)cuflow_b.y - 1)) * (long long)w) + ((0LL * 16LL) + 0LL)), (cuflowCxMax(((0LL * 16LL) + 0LL) * (long long)w, ((0LL * 16LL) + ((long long)cuflow_b.y - 1)) * (long long)w) + ((0LL * 16LL) + ((long long)cuflow_b.x - 1)))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			tile2d<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(a, w);
		else
			cuflow_part_tile2d<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, a, w);
	});
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20, w = 512;
    float *h = (float *)malloc(n * sizeof(float)), *g = (float *)malloc(w * w * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 97);
    for (int i = 0; i < w * w; i++)
        g[i] = (float)(i % 13);
    float *dx, *dg;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dg, w * w * sizeof(float));
    cudaMemcpy(dx, h, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dg, g, w * w * sizeof(float), cudaMemcpyHostToDevice);
    for (int step = 0; step < 10; step++)
        cuflow_coexec_decay((n + 255) / 256, 256, 0, 0, dx, n, 0.5f);
    cuflow_coexec_tile2d(dim3(w / 16, w / 16), dim3(16, 16), 0, 0, dg, w);
    float *rx = (float *)malloc(n * sizeof(float)), *rg = (float *)malloc(w * w * sizeof(float));
    cudaMemcpy(rx, dx, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(rg, dg, w * w * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float v = h[i];
        for (int step = 0; step < 10; step++)
            v = v * 0.5f + 1.0f;
        bad += rx[i] != v;
    }
    for (int i = 0; i < w * w; i++)
        bad += rg[i] != g[i] * 2.0f - 1.0f;
    printf("RESULT inplace n=%d bad=%d\n", n, bad);
    cudaFree(dx);
    cudaFree(dg);
    free(h);
    free(g);
    free(rx);
    free(rg);
    return 0;
}
