#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// Binomial option pricing, one block per option: the tree's levels in
// __shared__ memory, a barrier per level (SKMD's compute-bound kind).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#define STEPS 255

__global__ void binomial(const float *s, const float *x, const float *t, float *call, float r, float v)
{
    __shared__ float val[STEPS + 1];
    int o = blockIdx.x, i = threadIdx.x;
    float dt = t[o] / STEPS, u = expf(v * sqrtf(dt)), d = 1.0f / u;
    float p = (expf(r * dt) - d) / (u - d), disc = expf(-r * dt);
    float price = s[o] * powf(u, (float)(2 * i - STEPS));
    val[i] = fmaxf(price - x[o], 0.0f);
    __syncthreads();
    for (int level = STEPS; level > 0; level--) {
        float next = i < level ? disc * (p * val[i + 1] + (1 - p) * val[i]) : 0;
        __syncthreads();
        if (i < level)
            val[i] = next;
        __syncthreads();
    }
    if (i == 0)
        call[o] = val[0];
}

/* cuflow --lower=coexec: binomial as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_binomial(unsigned long long cuflow_lo, unsigned long long cuflow_hi, const float *s, const float *x, const float *t, float *call, float r, float v)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    __shared__ float val[STEPS + 1];
    int o = blockIdx.x, i = threadIdx.x;
    float dt = t[o] / STEPS, u = expf(v * sqrtf(dt)), d = 1.0f / u;
    float p = (expf(r * dt) - d) / (u - d), disc = expf(-r * dt);
    float price = s[o] * powf(u, (float)(2 * i - STEPS));
    val[i] = fmaxf(price - x[o], 0.0f);
    __syncthreads();
    for (int level = STEPS; level > 0; level--) {
        float next = i < level ? disc * (p * val[i + 1] + (1 - p) * val[i]) : 0;
        __syncthreads();
        if (i < level)
            val[i] = next;
        __syncthreads();
    }
    if (i == 0)
        call[o] = val[0];
}

}

extern "C" void cuflow_cpu_binomial(void **, const unsigned *, size_t, long long, long long);

/* a launch of binomial: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_binomial(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, const float *s, const float *x, const float *t, float *call, float r, float v)
{
	void *cuflow_av[] = {(void *)&s, (void *)&x, (void *)&t, (void *)&call, (void *)&r, (void *)&v, nullptr};
	static const unsigned char cuflow_use[] = {1, 1, 1, 2, 0, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"binomial", 6, cuflow_use, cuflow_cpu_binomial, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*s), 1LL, 0LL, 0LL, 0LL, 0LL}, {1, sizeof(*x), 1LL, 0LL, 0LL, 0LL, 0LL}, {2, sizeof(*t), 1LL, 0LL, 0LL, 0LL, 0LL}, {3, sizeof(*call), 1LL, 0LL, 0LL, 0LL, 0LL}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			binomial<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(s, x, t, call, r, v);
		else
			cuflow_part_binomial<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, s, x, t, call, r, v);
	});
}

int main(int argc, char **argv)
{
    const int n = argc > 1 && atoi(argv[1]) > 0 ? atoi(argv[1]) : 512;
    size_t bytes = n * sizeof(float);
    float *s = (float *)malloc(bytes), *x = (float *)malloc(bytes), *t = (float *)malloc(bytes), *c = (float *)malloc(bytes);
    for (int i = 0; i < n; i++) {
        s[i] = 10.0f + (i % 31);
        x[i] = 8.0f + (i % 37);
        t[i] = 0.5f + (i % 5) * 0.25f;
    }
    float *ds, *dx, *dt, *dc;
    cudaMalloc(&ds, bytes);
    cudaMalloc(&dx, bytes);
    cudaMalloc(&dt, bytes);
    cudaMalloc(&dc, bytes);
    cudaMemcpy(ds, s, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dt, t, bytes, cudaMemcpyHostToDevice);
    for (int it = 0; it < 3; it++)
        cuflow_coexec_binomial(n, STEPS + 1, 0, 0, ds, dx, dt, dc, 0.03f, 0.25f);
    cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
    // against Black-Scholes: the tree's price is within a few cents
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float sq = sqrtf(t[i]), d1 = (logf(s[i] / x[i]) + (0.03f + 0.5f * 0.25f * 0.25f) * t[i]) / (0.25f * sq);
        float d2 = d1 - 0.25f * sq;
        float bs = s[i] * 0.5f * erfcf(-d1 / sqrtf(2.0f)) - x[i] * expf(-0.03f * t[i]) * 0.5f * erfcf(-d2 / sqrtf(2.0f));
        bad += fabsf(bs - c[i]) > 0.05f;
    }
    printf("RESULT binomial n=%d bad=%d\n", n, bad);
    return 0;
}
